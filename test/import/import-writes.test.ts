// While graph.import writes in its thread (one transaction holding SQLite's write lock), the core's
// own writes neither hold its event loop in SQLite's busy handler nor fail as busy: a review edit
// made meanwhile is answered after the import's commit, while calls that only read are answered at
// once; the running job is paused before the import takes the lock and resumes from its checkpoint
// after it, and a job queued during the import starts only after it (store/import-gate.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { defineJob } from '../../electron/core/jobs/runner';
import { IMPORT_PROGRESS_EVERY } from '../../electron/core/import/sink';
import { deferWhileImporting } from '../../electron/core/store/import-gate';
import { tmpDir } from '../helpers/tmp';
import type { JobInfo } from '../../shared/schemas';

const t = tmpDir('gw-import-writes-');
const LINES = 10 * IMPORT_PROGRESS_EVERY;
const kb = path.join(t.dir, 'kb.txt');

/** What each step of a writing job saw: its job, the step, whether the import had begun (its first progress event) and the triples it could see. */
interface StepSeen {
  job: number;
  step: number;
  importBegun: boolean;
  triples: number;
}
const seen: StepSeen[] = [];
let importBegun = false;

let core: Core;
/** A job that writes one setting per step in its own transaction, with a checkpoint after each. */
const writerJob = defineJob<{ steps: number; delayMs: number }, { next: number }, { wrote: number }>({
  kind: 'test.writer',
  title: (p) => `Write ${p.steps} rows`,
  async run(ctx) {
    const db = core.store.db;
    for (let i = ctx.checkpoint?.next ?? 0; i < ctx.params.steps; i++) {
      ctx.throwIfCancelled();
      await new Promise((r) => setTimeout(r, ctx.params.delayMs));
      const triples = (db.prepare('SELECT COUNT(*) FROM edges').pluck().get() as number) ?? 0;
      seen.push({ job: ctx.id, step: i, importBegun, triples });
      db.transaction(() => core.store.settings.set(`test.writer.${ctx.id}.${i}`, i))();
      ctx.save({ next: i + 1 }, i + 1, ctx.params.steps);
    }
    return { wrote: ctx.params.steps };
  },
});

beforeAll(() => {
  core = new Core({ dbPath: path.join(t.dir, 'g.db'), jobKinds: [writerJob], progressIntervalMs: 0 });
  const lines: string[] = [];
  for (let i = 0; i < LINES; i++) lines.push(`Entity ${i}|relation ${i % 7}|Entity ${(i * 13 + 1) % (LINES / 5)}`);
  fs.writeFileSync(kb, lines.join('\n'));
});
afterAll(async () => {
  await core.close();
  t.cleanup();
});

describe('writes during graph.import', () => {
  it('wait for the import off the event loop; jobs pause before it and resume from their checkpoint after it', async () => {
    const states: { id: number; state: JobInfo['state'] }[] = [];
    core.bus.on('job.progress', (j) => states.push({ id: j.id, state: j.state }));
    const running = core.jobs.enqueue(writerJob, { steps: 40, delayMs: 20 });
    // the job is under way before the import
    await new Promise<void>((resolve) => {
      const off = core.bus.on('job.progress', (j) => {
        if (j.id === running.id && j.progress.done >= 3) {
          off();
          resolve();
        }
      });
    });

    const order: string[] = [];
    let importDone = false;
    let triplesAtEdit = -1;
    let edit: Promise<unknown> | null = null;
    let status: Promise<unknown> | null = null;
    let queued: JobInfo | null = null;
    const begun = new Promise<void>((resolve) => {
      const off = core.bus.on('graph.import.progress', () => {
        if (importBegun) return;
        // the import's thread holds the write lock now (its transaction is 20,000 triples in)
        importBegun = true;
        off();
        edit = core.call('triples.add', { subject: { label: 'Review edit' }, relation: 'made_during', object: { label: 'the import' } }).then((r) => {
          order.push('edit');
          triplesAtEdit = core.store.db.prepare('SELECT COUNT(*) FROM edges').pluck().get() as number;
          return r;
        });
        status = core.call('app.status', {}).then((r) => (order.push(importDone ? 'status after the import' : 'status'), r));
        // a job queued meanwhile (its row is a write: queued as a call's handler queues one)
        void deferWhileImporting(core.store.db, () => core.jobs.enqueue(writerJob, { steps: 3, delayMs: 1 })).then((j) => (queued = j));
        resolve();
      });
    });
    const imported = await core.call('graph.import', { format: 'tsv', path: kb }).then((r) => ((importDone = true), r));
    await begun;
    const [e, s] = await Promise.all([edit!, status!]);
    await new Promise((r) => setImmediate(r));
    expect(imported.ok).toBe(true);
    expect(imported.ok && (imported.value as { edges: unknown }).edges).toEqual({ created: LINES, existing: 0 });

    // the reading call was answered during the import while the edit waited for the import's commit; the edit then went through
    expect(order).toEqual(['status', 'edit']);
    expect(triplesAtEdit).toBe(LINES + 1);
    expect(s).toMatchObject({ ok: true });
    expect(e).toMatchObject({ ok: true, value: { command: expect.any(String) } });
    const added = core.store.db
      .prepare(
        "SELECT e.status FROM edges e JOIN nodes s ON s.id = e.subject_id JOIN nodes o ON o.id = e.object_id WHERE s.label = 'Review edit' AND e.relation = 'made_during' AND o.label = 'the import'",
      )
      .all();
    expect(added).toEqual([{ status: 'accepted' }]);
    // the edit is in the undo log: undoing it removes the triple, the import's triples stay
    const undone = await core.call('history.undo', {});
    expect(undone.ok).toBe(true);
    expect(core.store.db.prepare("SELECT COUNT(*) FROM edges WHERE relation = 'made_during'").pluck().get()).toBe(0);
    expect(core.store.status().triples.accepted).toBe(LINES);

    const first = await core.jobs.wait(running.id);
    const second = await core.jobs.wait(queued!.id);
    expect(first.state).toBe('done');
    expect(second.state).toBe('done');
    // no step of any job ran while the import held the lock: each saw the graph before the import, or after its commit
    expect(seen.filter((x) => x.importBegun && x.triples === 0)).toEqual([]);
    // the running job was paused (queued again) and resumed from its checkpoint: every step exactly once, in order
    expect(seen.filter((x) => x.job === running.id).map((x) => x.step)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(states.filter((x) => x.id === running.id).map((x) => x.state)).toContain('queued');
    // the job queued during the import started after its commit
    expect(seen.filter((x) => x.job === queued!.id).every((x) => x.triples >= LINES)).toBe(true);
    const rows = core.store.db.prepare("SELECT COUNT(*) FROM settings WHERE key LIKE 'test.writer.%'").pluck().get();
    expect(rows).toBe(43);
  });
});
