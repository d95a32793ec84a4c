// graph.import runs in a worker thread: the core's event loop turns and answers calls while a large
// file is imported, progress comes as events, and the result and the errors are those of importGraph.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { IMPORT_PROGRESS_EVERY } from '../../electron/core/import/sink';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-import-thread-');
let core: Core;
const LINES = 3 * IMPORT_PROGRESS_EVERY + 5;
const kb = path.join(t.dir, 'kb.txt');

beforeAll(() => {
  core = new Core({ dbPath: path.join(t.dir, 'g.db'), startJobs: false });
  const lines: string[] = [];
  for (let i = 0; i < LINES; i++) lines.push(`Entity ${i}|relation ${i % 7}|Entity ${(i * 13 + 1) % (LINES / 5)}`);
  fs.writeFileSync(kb, lines.join('\n'));
});
afterAll(async () => {
  await core.close();
  t.cleanup();
});

describe('graph.import off the event loop', () => {
  it('keeps the event loop turning and answering, sends progress, and returns the tallies', async () => {
    const progress: number[] = [];
    const off = core.bus.on('graph.import.progress', (p) => progress.push(p.triples));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    let answered = false;
    const importing = core.call('graph.import', { format: 'tsv', path: kb });
    // a call made while the import runs is answered before the import ends
    const status = core.call('app.status', {}).then((r) => ((answered = true), r));
    const r = await importing;
    const ticksAtEnd = ticks;
    clearInterval(timer);
    off();
    expect(r.ok).toBe(true);
    expect(r.ok && (r.value as { edges: unknown }).edges).toEqual({ created: LINES, existing: 0 });
    expect(answered).toBe(true);
    expect((await status).ok).toBe(true);
    expect(ticksAtEnd).toBeGreaterThan(0);
    expect(progress).toEqual([IMPORT_PROGRESS_EVERY, 2 * IMPORT_PROGRESS_EVERY, 3 * IMPORT_PROGRESS_EVERY]);
    // the core's own connection sees the committed import
    expect(core.store.status().triples.accepted).toBe(LINES);
  });

  it('a bad line fails the whole import with the message naming the file and the line', async () => {
    const bad = path.join(t.dir, 'bad.txt');
    fs.writeFileSync(bad, 'a|b|c\nd|e\n');
    const before = core.store.status().triples.accepted;
    const r = await core.call('graph.import', { format: 'tsv', path: bad });
    expect(r).toMatchObject({ ok: false, error: { code: 'failed', message: 'bad.txt, line 2: expected head|relation|tail, found 2 fields' } });
    expect(core.store.status().triples.accepted).toBe(before);
  });
});
