// Two writers on one database: a CLI extraction in a second process while this process runs an
// edit burst through the review command layer. Nothing may fail with "database is locked", no
// edit may be lost, every extracted triple must land.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { openDb } from '../../electron/core/store/db';
import { tmpDir, data } from '../helpers/tmp';
import { seedReviewGraph } from '../review/seed';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function runCli(args: string[]): { done: Promise<{ code: number | null; stdout: string; stderr: string }>; exited: () => boolean } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let exited = false;
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => {
      exited = true;
      resolve({ code, stdout, stderr });
    }),
  );
  cleanups.push(() => {
    if (!exited) child.kill('SIGKILL');
  });
  return { done, exited: () => exited };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('two writers', () => {
  it('a CLI extract in another process and an edit burst here: every edit lands, every triple is stored, no "database is locked"', async () => {
    const t = tmpDir('gw-busy-');
    cleanups.push(t.cleanup);
    const dbPath = path.join(t.dir, 'two.db');
    const core = new Core({ dbPath, progressIntervalMs: 0 });
    cleanups.push(() => core.close());
    const ids = seedReviewGraph(core.store);
    const files = ['rfc2607.txt', 'rfc2867.txt', 'rfc3580.txt', 'rfc4671.txt', 'rfc1157.txt'].map((f) => data('rfc-radius-eap', f));
    const ing = core.jobs.enqueue('ingest', { paths: files });
    const ingested = await core.jobs.wait(ing.id);
    expect(ingested.state).toBe('done');
    const edgesBefore = (core.store.db.prepare('SELECT COUNT(*) AS n FROM edges').get() as { n: number }).n;

    const extract = runCli(['extract', '--db', dbPath, '--json']);
    const seedEdges = Object.values(ids.edges);
    let edits = 0;
    let added = 0;
    let changed = 0;
    let sawRunning = 0;
    const failures: string[] = [];
    const last = new Map<number, 'accepted' | 'rejected'>();
    const extractState = () =>
      (core.store.db.prepare("SELECT state FROM jobs WHERE kind = 'extract' ORDER BY id DESC LIMIT 1").get() as { state: string } | undefined)?.state;
    // The burst runs until the extraction is over (and at least 60 edits), each edit awaited.
    while (!extract.exited() || edits < 60) {
      const i = edits++;
      const edge = seedEdges[i % seedEdges.length];
      const r =
        i % 3 === 2
          ? await core.call('triples.add', { subject: { label: `editor subject ${i}` }, relation: 'relates to', object: { label: `editor object ${i}` } })
          : await core.call(i % 3 === 0 ? 'triples.accept' : 'triples.reject', { ids: [edge] });
      if (!r.ok) failures.push(`${i}: ${r.error.code}: ${r.error.message}`);
      else if ((r.value as { changes: number }).changes > 0) changed++;
      if (!r.ok) continue;
      else if (i % 3 === 2) added++;
      else last.set(edge, i % 3 === 0 ? 'accepted' : 'rejected');
      if (extractState() === 'running') sawRunning++;
      await tick();
      if (edits > 20_000) break;
    }
    const result = await extract.done;
    expect(failures).toEqual([]);
    expect(result.stderr).not.toMatch(/locked|SQLITE_BUSY/i);
    expect(result.code, result.stderr).toBe(0);
    // The edits really ran while the other process was extracting.
    expect(sawRunning).toBeGreaterThan(0);

    // Read back through a fresh connection: what both processes committed.
    const db = openDb(dbPath, { migrate: false });
    cleanups.push(() => {
      db.close();
    });
    const summary = JSON.parse(result.stdout) as { triples: { EE: number; EV: number; VV: number } };
    const extracted = summary.triples.EE + summary.triples.EV + summary.triples.VV;
    expect(extracted).toBeGreaterThan(50);
    const edgesAfter = (db.prepare('SELECT COUNT(*) AS n FROM edges').get() as { n: number }).n;
    expect(edgesAfter).toBe(edgesBefore + extracted + added);
    const manual = (db.prepare("SELECT COUNT(*) AS n FROM edges WHERE engine = 'editor'").get() as { n: number }).n;
    expect(manual).toBe(added);
    for (const [edge, status] of last) {
      expect((db.prepare('SELECT status FROM edges WHERE id = ?').get(edge) as { status: string }).status).toBe(status);
    }
    // Every edit that changed something left its revision group (undo works for each).
    const groups = (db.prepare("SELECT COUNT(DISTINCT group_id) AS n FROM revisions WHERE actor = 'editor'").get() as { n: number }).n;
    expect(changed).toBeGreaterThanOrEqual(added);
    expect(groups).toBeGreaterThanOrEqual(changed);
    expect(groups).toBeLessThanOrEqual(edits);
    expect((db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check).toBe('ok');
  }, 180_000);
});
