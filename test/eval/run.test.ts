// Evaluation runs through the real core: gold import into its own tables, a classic run as a job that
// resumes after cancellation without redoing an item, stored settings and predictions, the calls'
// shapes, live precision from accept/reject decisions.
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { data, tmpDir } from '../helpers/tmp';
import { EvalRepository } from '../../electron/core/store/eval';
import { unwrap } from '../../shared/dispatch';
import type { CallInput, CallName, CallOutput } from '../../shared/contract';

const t = tmpDir();
afterAll(() => t.cleanup());

async function call<N extends CallName>(core: Core, name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  return unwrap(name, await core.call(name, input));
}

describe('evaluation runs', () => {
  it('a classic run over WebNLG is a resumable job with its settings, predictions and scores', async () => {
    const core = new Core({ dbPath: path.join(t.dir, 'run.db'), progressIntervalMs: 0 });
    try {
      const gold = await call(core, 'eval.gold.import', { path: data('webnlg', 'webnlg_v1.6_en_dev_every4th.jsonl') });
      expect(gold).toMatchObject({ format: 'webnlg-json', kind: 'extraction' });
      expect(gold.items).toBeGreaterThan(500);
      // importing the same file again gives the same set
      expect((await call(core, 'eval.gold.import', { path: data('webnlg', 'webnlg_v1.6_en_dev_every4th.jsonl') })).id).toBe(gold.id);
      // the gold is apart from the graph
      expect(core.store.status()).toMatchObject({ documents: 0 });

      const started = await call(core, 'eval.run.start', { goldSet: gold.id, engine: 'classic', limit: 64 });
      const jobId = started.job.id;
      let cancelled = false;
      const off = core.bus.on('job.progress', (j) => {
        if (j.id === jobId && !cancelled && j.progress.done >= 16 && j.progress.done < 64) {
          cancelled = true;
          core.jobs.cancel(jobId);
        }
      });
      const first = await core.jobs.wait(jobId);
      off();
      expect(first.state).toBe('cancelled');
      const repo = new EvalRepository(core.store.db);
      const partial = repo.predictions(started.run.id).size;
      expect(partial).toBeGreaterThanOrEqual(16);
      expect(partial).toBeLessThan(64);
      expect((await call(core, 'eval.run.get', { id: started.run.id })).state).toBe('cancelled');

      core.jobs.resume(jobId);
      const done = await core.jobs.wait(jobId);
      expect(done.state).toBe('done');
      const run = await call(core, 'eval.run.get', { id: started.run.id });
      expect(run).toMatchObject({
        state: 'done',
        items: 64,
        predictions: 64,
        settings: { engine: 'classic', promptVersion: 'classic', chunker: 'item', mentionMode: 'head', limit: 64 },
      });
      expect(run.scores?.kind).toBe('extraction');

      // an uninterrupted run gives the same scores: the resumed one neither skipped nor redid an item
      const again = await call(core, 'eval.run.start', { goldSet: gold.id, engine: 'classic', limit: 64, label: 'again' });
      await core.jobs.wait(again.job.id);
      const run2 = await call(core, 'eval.run.get', { id: again.run.id });
      expect(run2.scores).toEqual(run.scores);
      expect((await call(core, 'eval.run.list', {})).map((r) => r.label)).toEqual(['again', 'classic']);

      // the HTML report, alone and beside the second run
      const report = await call(core, 'eval.run.report', { id: run.id, compare: run2.id });
      expect(report.name).toBe(`evaluation-run-${run.id}-vs-${run2.id}.html`);
      expect(report.html).toContain('<svg');
      expect(report.html).toContain('Precision–recall over the confidence threshold');
      expect(await core.call('eval.run.report', { id: 9999 })).toMatchObject({ ok: false, error: { code: 'not_found' } });

      // an error's evidence: the gold item with the run's prediction
      const err = run.scores!.errors.find((e) => e.unit === 'triple')!;
      const item = await call(core, 'eval.item', { goldSet: gold.id, key: err.item, run: run.id });
      expect(item.text.length).toBeGreaterThan(0);
      expect(item.prediction).toMatchObject({ triples: expect.any(Array) });
      const missing = await core.call('eval.item', { goldSet: gold.id, key: 'no such item' });
      expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
    } finally {
      await core.close();
    }
  }, 120_000);

  it('a bad gold file is refused with its name; no set is stored', async () => {
    const core = new Core({ dbPath: path.join(t.dir, 'bad.db') });
    try {
      const r = await core.call('eval.gold.import', { path: path.join(t.dir, 'missing.jsonl') });
      expect(r).toMatchObject({ ok: false, error: { code: 'not_found', message: expect.stringContaining('missing.jsonl') } });
      expect(await call(core, 'eval.gold.list', {})).toEqual([]);
    } finally {
      await core.close();
    }
  });

  it('live precision from the accept/reject decisions in the revision log', async () => {
    const core = new Core({ dbPath: path.join(t.dir, 'live.db') });
    try {
      const s = core.store;
      const a = s.graph.upsertNode({ kind: 'entity', label: 'EAP', type: 'protocol' });
      const b = s.graph.upsertNode({ kind: 'entity', label: 'RADIUS', type: 'protocol' });
      const c = s.graph.upsertNode({ kind: 'entity', label: 'UDP' });
      const e1 = s.graph.upsertEdge({ subjectId: a, relation: 'runs over', objectId: b, stage: 'EE', engine: 'classic', confidence: 0.5 }).id;
      const e2 = s.graph.upsertEdge({ subjectId: b, relation: 'uses', objectId: c, stage: 'EE', engine: 'classic', confidence: 0.5 }).id;
      const e3 = s.graph.upsertEdge({ subjectId: a, relation: 'uses', objectId: c, stage: 'EE', engine: 'llama', confidence: 0.5 }).id;
      const none = await call(core, 'eval.precision', {});
      expect(none).toMatchObject({ decisions: 0, overall: { precision: null } });
      await call(core, 'triples.accept', { ids: [e1, e3] });
      await call(core, 'triples.reject', { ids: [e2] });
      const p = await call(core, 'eval.precision', {});
      expect(p.decisions).toBe(3);
      expect(p.overall).toMatchObject({ accepted: 2, rejected: 1, precision: 0.6667 });
      expect(p.byEngine).toEqual([
        expect.objectContaining({ label: 'classic', accepted: 1, rejected: 1, precision: 0.5 }),
        expect.objectContaining({ label: 'llama', accepted: 1, rejected: 0, precision: 1 }),
      ]);
      expect(p.byRelation.find((r) => r.label === 'uses')).toMatchObject({ accepted: 1, rejected: 1 });
      expect(p.byType.find((r) => r.label === 'protocol')).toMatchObject({ accepted: 2, rejected: 1 });
      expect(p.overTime.at(-1)).toMatchObject({ accepted: 2, rejected: 1 });
      // an undone decision no longer counts
      await call(core, 'history.undo', {});
      const after = await call(core, 'eval.precision', {});
      expect(after.decisions).toBe(2);
    } finally {
      await core.close();
    }
  });
});
