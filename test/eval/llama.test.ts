// An extraction run with the LLM stages through the REAL node-llama-cpp on the tiny random-weights
// model: its words are noise, so this asserts the run's settings, predictions and score shapes only.
import { afterAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { unwrap } from '../../shared/dispatch';
import { tinyModelPath } from '../helpers/tiny-model';
import { tmpDir } from '../helpers/tmp';
import { EvalRepository } from '../../electron/core/store/eval';
import { promptVersion } from '../../electron/core/eval/run';

const t = tmpDir();
afterAll(() => t.cleanup());

const LIMITS = { entity: 16, relation: 12, event: 24, triples: 2, events: 1, participants: 2, eventRelations: 1 };

describe('an evaluation run with a local GGUF model', () => {
  it('stores the model, its sha256 and the prompt version with every prediction', async () => {
    const gold = path.join(t.dir, 'gold.jsonl');
    fs.writeFileSync(
      gold,
      [
        { eid: 'e1', triples: ['EAP | carriedBy | RADIUS'], lexicalizations: [{ text: 'EAP is carried by RADIUS.' }] },
        { eid: 'e2', triples: ['RADIUS | uses | UDP'], lexicalizations: [{ text: 'RADIUS uses UDP.' }] },
      ]
        .map((o) => JSON.stringify(o))
        .join('\n'),
    );
    const model = tinyModelPath();
    const core = new Core({ dbPath: path.join(t.dir, 'llm.db'), llm: { maxThreads: 1, gpu: false } });
    try {
      const set = unwrap('eval.gold.import', await core.call('eval.gold.import', { path: gold }));
      const started = unwrap(
        'eval.run.start',
        await core.call('eval.run.start', { goldSet: set.id, engine: 'llama', model, limits: LIMITS, temperature: 0.9, seed: 11 }),
      );
      const job = await core.jobs.wait(started.job.id);
      expect(job.error).toBeNull();
      expect(job.state).toBe('done');
      const run = unwrap('eval.run.get', await core.call('eval.run.get', { id: started.run.id }));
      expect(run.settings).toMatchObject({
        engine: 'llama',
        model: path.resolve(model),
        modelHash: crypto.createHash('sha256').update(fs.readFileSync(model)).digest('hex'),
        promptVersion: promptVersion(),
        temperature: 0.9,
        seed: 11,
        limits: LIMITS,
      });
      expect(run.settings.promptVersion).toMatch(/^[0-9a-f]{12}$/);
      expect(run.predictions).toBe(2);
      const preds = [...new EvalRepository(core.store.db).predictions<{ mentions: unknown[]; triples: { confidence: number }[] }>(run.id).values()];
      for (const p of preds) {
        expect(Array.isArray(p.triples)).toBe(true);
        for (const tr of p.triples) expect(tr.confidence).toBeGreaterThanOrEqual(0);
      }
      expect(run.scores).toMatchObject({ kind: 'extraction', items: 2, triples: { gold: 2 } });
    } finally {
      await core.close();
    }
  }, 180_000);
});
