// merge.acceptMany: the merge candidates of a score band accepted as one edit, undone in one step.
import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import type { CallInput, CallName, CallOutput } from '../../shared/contract';
import { tmpDir } from '../helpers/tmp';
import { seedReviewGraph, snapshotGraph } from './seed';

const open: { core: Core; cleanup: () => void }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.core.close();
    o.cleanup();
  }
});

function setup() {
  const t = tmpDir('gw-bulk-merge-');
  const core = new Core({ dbPath: path.join(t.dir, 'review.db'), startJobs: false });
  open.push({ core, cleanup: t.cleanup });
  return { core, ids: seedReviewGraph(core.store) };
}

async function call<N extends CallName>(core: Core, name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const r = await core.call(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.code}: ${r.error.message}`);
  return r.value as CallOutput<N>;
}

describe('merge.acceptMany', () => {
  it('merges a score band in one edit (a chain of pairs becomes one node); one undo restores every row', async () => {
    const { core, ids } = setup();
    const { nodes } = ids;
    const before = snapshotGraph(core.store);
    const all = await call(core, 'merge.candidates', { status: 'open', limit: 100, offset: 0 });
    const band = all.items.filter((c) => c.score >= 0.8 && c.score <= 1);
    expect(band.map((c) => c.score)).toEqual([0.91, 0.85]);

    const r = await call(core, 'merge.acceptMany', { ids: band.map((c) => c.id) });
    expect(r.command).toBe('merge.acceptMany');
    // RADIUS, 'Remote Authentication Dial In User Service' and 'RADIUS server' are one node now
    expect(r.nodeIds).toEqual([nodes.radius]);
    for (const gone of [nodes.rauth, nodes.server]) expect(core.store.graph.getNode(gone)).toBeUndefined();
    expect(core.store.graph.getNode(nodes.radius)!.aliases).toEqual(expect.arrayContaining(['RADIUS server', 'Remote Authentication Dial In User Service']));
    // the candidate outside the band stays open, re-pointed at the survivor
    const left = await call(core, 'merge.candidates', { status: 'open', limit: 100, offset: 0 });
    expect(left.items.map((c) => [c.a.id, c.b.id].sort((a, b) => a - b))).toEqual([[nodes.radius, nodes.eap].sort((a, b) => a - b)]);
    // one undo step for the whole band
    const history = await call(core, 'history.list', { limit: 5 });
    expect(history.items.map((h) => h.command)).toEqual(['merge.acceptMany']);
    expect(history.items[0].summary).toBe('Merge 2 candidates');
    await call(core, 'history.undo', {});
    expect(snapshotGraph(core.store)).toEqual(before);
  });

  it('an unknown candidate or a band with nothing open changes nothing', async () => {
    const { core } = setup();
    const before = snapshotGraph(core.store);
    const all = await call(core, 'merge.candidates', { status: 'open', limit: 100, offset: 0 });
    const missing = await core.call('merge.acceptMany', { ids: [all.items[0].id, 99_999] });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error).toMatchObject({ code: 'not_found', message: 'no merge candidate 99999' });
    expect(snapshotGraph(core.store)).toEqual(before);
    await call(core, 'merge.skip', { ids: [all.items[2].id] });
    const none = await core.call('merge.acceptMany', { ids: [all.items[2].id] });
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.error.code).toBe('conflict');
  });
});
