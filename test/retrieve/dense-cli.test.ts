// graphwright index and --embedding-model on retrieve / ask, through the real CLI and the tiny GGUF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { cli } from '../helpers/cli';
import { tmpDir } from '../helpers/tmp';
import { tinyModelPath } from '../helpers/tiny-model';
import { fixtureCore } from './fixture';

const t = tmpDir('gw-dense-cli-');
const db = path.join(t.dir, 'g.db');
const env = { GRAPHWRIGHT_LLM_THREADS: '1' };

beforeAll(async () => {
  const { core } = fixtureCore(t.dir);
  await core.close();
});
afterAll(() => t.cleanup());

describe('graphwright index', () => {
  it('builds the index with --embedding-model and prints {chunks, labels, model, dimension}; a second run embeds nothing', () => {
    const model = tinyModelPath();
    const r = cli(['index', '--db', db, '--embedding-model', model, '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const out = r.json();
    expect(out).toMatchObject({ chunks: 3, dimension: 64, model: expect.stringContaining(path.basename(model)), rebuilt: true });
    expect(out.labels).toBeGreaterThan(10);
    expect(out.added).toBe(out.chunks + out.labels);
    const again = cli(['index', '--db', db, '--embedding-model', model, '--json'], { env }).json();
    expect(again).toMatchObject({ chunks: 3, labels: out.labels, added: 0, removed: 0, rebuilt: false });
  }, 120_000);

  it('retrieve and ask take --embedding-model; the JSON shapes stay the same', () => {
    const model = tinyModelPath();
    const r = cli(['retrieve', '--db', db, '--question', 'who directed Silkwood', '--embedding-model', model, '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(Object.keys(r.json())).toEqual(['question', 'entities', 'paths', 'triples', 'passages']);
    expect(r.json().entities.map((e: { label: string }) => e.label)).toContain('Silkwood');
    const a = cli(['ask', '--db', db, '--question', 'who directed Silkwood', '--embedding-model', model, '--json'], { env });
    expect(a.code, a.stderr).toBe(0);
    // an answer offered (stated or, below the calibrated threshold, unsure), naming the right one first
    expect(a.json()).toMatchObject({ question: 'who directed Silkwood', outcome: expect.stringMatching(/^(found|unsure)$/) });
    expect(a.json().answers[0]).toMatch(/Mike Nichols/);
  }, 120_000);

  it('names the problem: a missing model file, no model at all', () => {
    const missing = cli(['index', '--db', db, '--embedding-model', path.join(t.dir, 'nope.gguf'), '--json'], { env });
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain(`--embedding-model: file not found: ${path.join(t.dir, 'nope.gguf')}`);
    const none = cli(['index', '--db', db, '--json'], { env });
    expect(none.code).not.toBe(0);
    expect(none.stderr).toMatch(/--embedding-model PATH, or choose a model for embedding/);
  }, 60_000);
});
