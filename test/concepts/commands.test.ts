// Editing the concept layer: rename, merge two, detach an instance — each one undo step through the
// review command layer (history.undo / history.redo), restoring rows exactly.
import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import type { CallInput, CallName, CallOutput } from '../../shared/contract';
import { tmpDir } from '../helpers/tmp';
import { seedConceptGraph } from './seed';

const open: { core: Core; cleanup: () => void }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.core.close();
    o.cleanup();
  }
});

async function call<N extends CallName>(core: Core, name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const r = await core.call(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.code}: ${r.error.message}`);
  return r.value as CallOutput<N>;
}

async function failure(core: Core, name: CallName, input: unknown): Promise<string> {
  const r = await core.call(name, input);
  expect(r.ok, `${name} should fail`).toBe(false);
  return r.ok ? '' : `${r.error.code}: ${r.error.message}`;
}

/** Every row of the concept layer (concept nodes and links), to compare before and after undo. */
const snapshot = (core: Core) => ({
  concepts: core.store.db.prepare("SELECT * FROM nodes WHERE kind = 'concept' ORDER BY id").all(),
  links: core.store.db.prepare('SELECT * FROM concept_links ORDER BY id').all(),
});

async function setup() {
  const t = tmpDir('gw-concept-edit-');
  const dbPath = path.join(t.dir, 'c.db');
  const core = new Core({ dbPath });
  open.push({ core, cleanup: t.cleanup });
  const seed = seedConceptGraph(core.store);
  const job = await call(core, 'concepts.start', { engine: 'classic' });
  expect((await core.jobs.wait(job.id)).state).toBe('done');
  const concept = async (label: string) => (await call(core, 'concepts.list', { search: label })).items.find((c) => c.label === label)!;
  return { core, seed, concept, dbPath };
}

describe('concept edits', () => {
  it('rename keeps the old label as an alias, is one undo step, and a later run maps the old phrase to it', async () => {
    const { core, seed, concept } = await setup();
    const server = await concept('server');
    const before = snapshot(core);
    const events: string[] = [];
    core.bus.on('graph.changed', (p) => events.push(p.reason));

    const r = await call(core, 'concepts.rename', { conceptId: server.id, label: 'network server' });
    expect(r).toMatchObject({ command: 'concepts.rename', nodeIds: [server.id] });
    expect(r.changes).toBe(1);
    expect(events).toEqual(['concepts.rename']);
    expect(await concept('network server')).toMatchObject({ id: server.id, aliases: ['server'], instances: 1 });

    // a forced re-run proposes "server" again: it lands on the renamed concept, no new node
    const job = await call(core, 'concepts.start', { engine: 'classic', force: true, kinds: ['entity'] });
    expect((await core.jobs.wait(job.id)).state).toBe('done');
    // its most specific level; WordNet's hypernyms of it are the levels above
    expect((await call(core, 'concepts.of', { nodeId: seed.nodes.servers })).map((c) => c.id)[0]).toBe(server.id);
    expect(core.store.db.prepare("SELECT COUNT(*) AS n FROM nodes WHERE kind = 'concept' AND norm = 'server'").get()).toEqual({ n: 0 });

    // undo the rename (the job is no editor edit): label back, exactly
    const u = await call(core, 'history.undo', {});
    expect(u.group).toMatchObject({ command: 'concepts.rename', state: 'undone' });
    expect(snapshot(core).concepts).toEqual(before.concepts);
    const re = await call(core, 'history.redo', {});
    expect(re.group?.command).toBe('concepts.rename');
    expect((await concept('network server')).id).toBe(server.id);

    expect(await failure(core, 'concepts.rename', { conceptId: server.id, label: 'Department' })).toMatch(/^conflict: .*merge/);
    expect(await failure(core, 'concepts.rename', { conceptId: seed.nodes.eap, label: 'x' })).toMatch(/^bad_request: .*not a concept/);
    expect(await failure(core, 'concepts.rename', { conceptId: 999_999, label: 'x' })).toMatch(/^not_found/);
  });

  it('merge two: instances and aliases move to the survivor (the one with more instances); undo restores both exactly', async () => {
    const { core, seed, concept } = await setup();
    const send = await concept('send'); // 2 instances
    const perform = await concept('perform'); // 1 instance
    const before = snapshot(core);

    const r = await call(core, 'concepts.merge', { ids: [perform.id, send.id] });
    expect(r.command).toBe('concepts.merge');
    expect(r.nodeIds).toEqual([send.id]);
    const merged = await concept('send');
    expect(merged).toMatchObject({ id: send.id, instances: 3, aliases: ['perform'] });
    expect(core.store.graph.getNode(perform.id)).toBeUndefined();
    expect((await call(core, 'concepts.of', { relation: 'is performed by' })).map((c) => c.id)).toEqual([send.id]);

    const u = await call(core, 'history.undo', {});
    expect(u.group).toMatchObject({ command: 'concepts.merge', state: 'undone' });
    expect(snapshot(core)).toEqual(before);

    // with a label, and an explicit survivor
    const r2 = await call(core, 'concepts.merge', { ids: [send.id, perform.id], survivor: perform.id, label: 'carry out' });
    expect(r2.nodeIds).toEqual([perform.id]);
    expect(await concept('carry out')).toMatchObject({ id: perform.id, instances: 3 });
    expect(await failure(core, 'concepts.merge', { ids: [perform.id, seed.nodes.eap] })).toMatch(/^bad_request: .*not a concept/);
  });

  it('detach a wrong instance (node or relation); undo brings the same link back', async () => {
    const { core, seed, concept } = await setup();
    const send = await concept('send');
    const before = snapshot(core);

    const r = await call(core, 'concepts.detach', { conceptId: send.id, nodeId: seed.nodes.send });
    expect(r).toMatchObject({ command: 'concepts.detach', changes: 1, nodeIds: [send.id, seed.nodes.send] });
    expect((await call(core, 'concepts.instances', { conceptId: send.id })).items.map((i) => i.label)).toEqual(['sends']);
    await call(core, 'concepts.detach', { conceptId: send.id, relation: 'sends' });
    expect((await concept('send')).instances).toBe(0);

    expect((await call(core, 'history.undo', {})).group?.command).toBe('concepts.detach');
    expect((await call(core, 'history.undo', {})).group?.command).toBe('concepts.detach');
    expect(snapshot(core)).toEqual(before);

    expect(await failure(core, 'concepts.detach', { conceptId: send.id, nodeId: seed.nodes.college })).toMatch(
      /^not_found: "Black Mountain College" is not an instance of concept "send"/,
    );
    expect(await failure(core, 'concepts.detach', { conceptId: send.id })).toMatch(/^bad_request/);
    expect(await failure(core, 'concepts.detach', { conceptId: send.id, nodeId: seed.nodes.send, relation: 'sends' })).toMatch(/^bad_request/);
  });

  it('undo works across a restart', async () => {
    const { core, concept, dbPath } = await setup();
    const college = await concept('college');
    await call(core, 'concepts.rename', { conceptId: college.id, label: 'school' });
    await core.close();
    open.pop();
    const again = new Core({ dbPath, startJobs: false });
    try {
      expect((await call(again, 'history.undo', {})).group?.command).toBe('concepts.rename');
      expect(again.store.graph.getNode(college.id)!.label).toBe('college');
    } finally {
      await again.close();
    }
  });
});
