// The local engine through the REAL node-llama-cpp and the tiny model (never mocked).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { LlamaEngine } from '../../electron/core/llm/llama';
import { isAbortError, LlmError } from '../../electron/core/llm/engine';
import { validateJson } from '../../electron/core/llm/json-schema';
import { TINY, tinyModelPath } from '../helpers/tiny-model';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-llama-');
let engine: LlamaEngine;

beforeAll(async () => {
  engine = await LlamaEngine.load({ modelPath: tinyModelPath(), maxThreads: 1, sequences: 2, gpu: 'auto' });
});
afterAll(async () => {
  await engine?.close();
  t.cleanup();
});

const schema = {
  type: 'object',
  properties: {
    subject: { type: 'string', minLength: 1, maxLength: 24 },
    relation: { enum: ['part_of', 'causes', 'located_in'] },
    objects: { type: 'array', items: { type: 'string', maxLength: 12 }, minItems: 1, maxItems: 3 },
    negated: { type: 'boolean' },
  },
  required: ['subject', 'relation', 'objects', 'negated'],
} as const;

const prompt = (text: string) => [
  { role: 'system' as const, content: 'Extract one relation as JSON.' },
  { role: 'user' as const, content: text },
];

describe('LlamaEngine on the tiny model', () => {
  it('reports what it loaded', () => {
    const info = engine.info();
    expect(info).toMatchObject({
      engine: 'llama',
      backend: 'cpu',
      parallelSequences: 2,
      embeddingDimension: TINY.embeddingLength,
      threads: 1,
      totalLayers: TINY.blockCount,
    });
    expect(info.contextSize).toBeGreaterThanOrEqual(2048);
    expect(engine.chatWrapperName).toBe('ChatML');
  });

  it('generates schema-valid JSON, with a confidence, reproducibly at temperature 0', async () => {
    for (const text of ['The pump is part of the cooling loop.', 'Rain causes floods.', 'Lyon is in France.']) {
      const r = await engine.generate<{ subject: string; relation: string; objects: string[] }>(prompt(text), schema, { maxTokens: 200 });
      expect(validateJson(schema, r.value)).toEqual([]);
      expect(['part_of', 'causes', 'located_in']).toContain(r.value.relation);
      expect(r.tokens).toBeGreaterThan(5);
      expect(r.confidence).toBeGreaterThan(0);
      expect(r.confidence).toBeLessThanOrEqual(1);
      expect(JSON.parse(r.text!)).toEqual(r.value);
    }
    const a = await engine.generate(prompt('Same prompt.'), schema, { maxTokens: 200 });
    const b = await engine.generate(prompt('Same prompt.'), schema, { maxTokens: 200 });
    expect(b.value).toEqual(a.value);
  });

  it('samples valid JSON at a temperature too', async () => {
    for (let seed = 1; seed <= 4; seed++) {
      const r = await engine.generate(prompt(`Sample ${seed}`), schema, { maxTokens: 200, temperature: 0.9, seed });
      expect(validateJson(schema, r.value)).toEqual([]);
    }
  });

  it('runs parallel calls on both sequences, and queues a third', async () => {
    const results = await Promise.all([1, 2, 3].map((i) => engine.generate(prompt(`Parallel ${i}`), schema, { maxTokens: 200 })));
    for (const r of results) expect(validateJson(schema, r.value)).toEqual([]);
  });

  it('reports an answer cut off by maxTokens', async () => {
    const err = await engine.generate(prompt('Too short'), schema, { maxTokens: 3 }).catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).code).toBe('truncated');
  });

  it('rejects an aborted generate with an AbortError and stays usable', async () => {
    const ac = new AbortController();
    ac.abort();
    const err = await engine.generate(prompt('x'), schema, { signal: ac.signal }).catch((e) => e);
    expect(isAbortError(err)).toBe(true);
    const r = await engine.generate(prompt('after abort'), schema, { maxTokens: 200 });
    expect(validateJson(schema, r.value)).toEqual([]);
  });

  it('streams tokens, and the EOS bias ends free text before maxTokens', async () => {
    const tokens: string[] = [];
    for await (const tok of engine.stream(prompt('Say something.'), { maxTokens: 400, temperature: 0 })) tokens.push(tok);
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.join('').length).toBeLessThan(400);
  });

  it('stops a stream when its signal aborts', async () => {
    const endless = await LlamaEngine.load({ modelPath: tinyModelPath({ eosBias: -5 }), maxThreads: 1, sequences: 1 });
    try {
      const full: string[] = [];
      for await (const tok of endless.stream(prompt('Talk.'), { maxTokens: 60, temperature: 0 })) full.push(tok);
      expect(full.length).toBeGreaterThan(20); // never ends on its own: runs to maxTokens

      const ac = new AbortController();
      const got: string[] = [];
      for await (const tok of endless.stream(prompt('Talk.'), { maxTokens: 60, temperature: 0, signal: ac.signal })) {
        got.push(tok);
        if (got.length === 3) ac.abort();
      }
      expect(got.length).toBeGreaterThanOrEqual(3);
      expect(got.length).toBeLessThan(full.length);
      // The sequence went back to the pool: the single-sequence engine still answers.
      const r = await endless.generate(prompt('after'), schema, { maxTokens: 200 });
      expect(validateJson(schema, r.value)).toEqual([]);
      // A consumer that stops early frees the sequence too.
      for await (const tok of endless.stream(prompt('Talk.'), { maxTokens: 60 })) {
        expect(typeof tok).toBe('string');
        break;
      }
      expect(validateJson(schema, (await endless.generate(prompt('again'), schema, { maxTokens: 200 })).value)).toEqual([]);
    } finally {
      await endless.close();
    }
  });

  it("embeds texts with the model's dimension", async () => {
    const v = await engine.embed(['graph', 'knowledge graph curation', '']);
    expect(v).toHaveLength(3);
    for (const vec of v) {
      expect(vec).toHaveLength(TINY.embeddingLength);
      expect(vec.every(Number.isFinite)).toBe(true);
    }
    expect((await engine.embed(['graph']))[0]).toEqual(v[0]);
    expect(v[0]).not.toEqual(v[1]);
  });

  it('refuses files that are not models, with the reason', async () => {
    const bad = path.join(t.dir, 'bad.gguf');
    fs.writeFileSync(bad, 'hello');
    const err = await LlamaEngine.load({ modelPath: bad, maxThreads: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).code).toBe('load_failed');
    expect((err as LlmError).message).toMatch(/not a GGUF model/);
    const cut = path.join(t.dir, 'cut.gguf');
    fs.writeFileSync(cut, fs.readFileSync(tinyModelPath()).subarray(0, 200_000));
    expect(((await LlamaEngine.load({ modelPath: cut, maxThreads: 1 }).catch((e) => e)) as Error).message).toMatch(/truncated/);
  });

  it('falls back to the CPU when the requested GPU backend cannot load, and says why', async () => {
    const cuda = await LlamaEngine.load({ modelPath: tinyModelPath(), gpu: 'cuda', maxThreads: 1, sequences: 1 });
    try {
      const info = cuda.info();
      if (info.backend === 'cpu') expect(info.fallbackReason).toMatch(/cuda GPU backend is not usable.*running on the CPU/);
      else expect(info.backend).toBe('cuda'); // a machine with CUDA
      const r = await cuda.generate(prompt('on the fallback'), schema, { maxTokens: 200 });
      expect(validateJson(schema, r.value)).toEqual([]);
    } finally {
      await cuda.close();
    }
  });

  it('fails cleanly after close', async () => {
    const other = await LlamaEngine.load({ modelPath: tinyModelPath(), maxThreads: 1, sequences: 1 });
    const running = other.generate(prompt('finishing'), schema, { maxTokens: 200 });
    const closing = other.close();
    // A generation already running finishes; new ones are refused.
    expect(validateJson(schema, (await running).value)).toEqual([]);
    await closing;
    const err = await other.generate(prompt('late'), schema).catch((e) => e);
    expect((err as LlmError).code).toBe('closed');
  });
});
