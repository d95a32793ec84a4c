// What a user sees while a model runs an extraction, on the REAL tiny GGUF (node-llama-cpp, one
// thread): a "loading model" phase before the first chunk, tokens/s that are not 0, and every failed
// answer with its chunk, stage and reason in the job's result.
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { ExtractSummary } from '../../shared/contract/extract';
import type { JobInfo } from '../../shared/schemas';
import { tinyModelPath } from '../helpers/tiny-model';
import { tmpDir } from '../helpers/tmp';
import { insertText } from './fixtures';

const LIMITS = { entity: 16, relation: 12, event: 24, triples: 2, events: 1, participants: 2, eventRelations: 1 };
const t = tmpDir();
afterAll(() => t.cleanup());

describe('an extraction job on a local model', () => {
  it('shows the model loading, reports tokens/s, and explains each failed answer', async () => {
    // a context too small for the long chunk's prompt: its stages fail (stage 3, with no events, is not
    // asked), the short chunks do not
    // the app's own progress interval: the loading phase must not be throttled away
    const core = new Core({ dbPath: path.join(t.dir, 'run.db'), llm: { maxThreads: 1, gpu: false, contextSize: 4096, sequences: 1 } });
    try {
      const short = insertText(core, 'short', 'The NAS sends an Access-Request to the RADIUS server.\n\nThe server checks the password and answers.', {
        size: 60,
      });
      const long = insertText(core, 'long', 'The authenticator relays EAP packets to the authentication server and back. '.repeat(40).trim(), { size: 10_000 });
      const seen: JobInfo[] = [];
      const off = core.bus.on('job.progress', (j) => seen.push(j));
      const job = core.jobs.enqueue('extract', {
        documents: [short, long],
        engine: 'llama',
        model: tinyModelPath(),
        limits: LIMITS,
        temperature: 0.9,
        seed: 11,
      });
      const done = await core.jobs.wait(job.id);
      off();
      expect(done.state, done.error ?? '').toBe('done');
      const mine = seen.filter((j) => j.id === job.id);
      const messages = mine.map((j) => j.progress.message ?? '');
      // the load is a phase of its own, before any chunk is read
      const loading = messages.findIndex((m) => /^loading model /.test(m));
      expect(loading, messages.join('\n')).toBeGreaterThanOrEqual(0);
      expect(mine.slice(0, loading + 1).every((j) => j.progress.done === 0)).toBe(true);
      expect(messages[loading]).toContain(path.basename(tinyModelPath()));

      const s = ExtractSummary.parse(done.result);
      expect(s.loadSeconds).toBeGreaterThan(0);
      expect(s.tokens).toBeGreaterThan(0);
      expect(s.tokensPerSecond).toBeGreaterThan(0);
      expect(messages.some((m) => /[1-9]\d* tok\/s/.test(m))).toBe(true);

      const longChunk = core.store.db.prepare('SELECT id, ordinal, start, end FROM chunks WHERE document_id = ?').all(long) as {
        id: number;
        ordinal: number;
        start: number;
        end: number;
      }[];
      expect(longChunk).toHaveLength(1);
      expect(s.failures).toBeGreaterThanOrEqual(2);
      expect(s.failedAnswers!.length).toBe(s.failures);
      const onLong = s.failedAnswers!.filter((f) => f.chunk === longChunk[0].id);
      expect(onLong.map((f) => f.stage).sort()).toEqual(['EE', 'EV']);
      for (const f of onLong) {
        expect(f).toMatchObject({ document: long, ordinal: 0, start: longChunk[0].start, end: longChunk[0].end, reason: 'truncated' });
        expect(f.message).toMatch(/prompt has \d+ tokens/);
      }
      const sum = Object.values(s.failureReasons ?? {}).reduce((a, b) => a + b, 0);
      expect(sum).toBe(s.failures);
      expect(done.progress.message).toMatch(/failed answers \(.*truncated \d+/);
    } finally {
      await core.close();
    }
  });
});
