// Sequences sized from free VRAM and the model's KV cache, the context-failure ladder, and the
// sequence pool's order (chat first, the cached prompt's sequence first). The ladder runs on the
// REAL node-llama-cpp with the tiny model.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LlamaEngine } from '../../electron/core/llm/llama';
import { readGgufInfo } from '../../electron/core/llm/gguf/reader';
import { contextCost, contextLadder, MAX_AUTO_SEQUENCES, planSequences, type ContextCost } from '../../electron/core/llm/sizing';
import { SequencePool } from '../../electron/core/llm/llama-pool';
import { tinyModelPath } from '../helpers/tiny-model';

/** A full garbage collection, as V8 may run one at any moment under load (the --expose-gc flag set at run time). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

const GiB = 2 ** 30;
const MiB = 2 ** 20;
/** An 8 B model at Q4 with 4,096-token sequences: about 4.9 GB of weights, 512 MiB of KV cache per sequence (128 KiB a token). */
const eightB = { weightsBytes: 4.9 * GiB, cost: { perSequenceBytes: 512 * MiB, baseBytes: 0.5 * GiB } satisfies ContextCost };

describe('planSequences', () => {
  it('fills free VRAM after the weights with sequences, at most MAX_AUTO_SEQUENCES', () => {
    const card24 = planSequences({ backend: 'cuda', vramFreeBytes: 23.5 * GiB, vramTotalBytes: 24 * GiB, ...eightB });
    expect(card24.sequences).toBe(MAX_AUTO_SEQUENCES);
    // 12 GiB free: (12 - 4.9 - 0.96 headroom - 0.5 base) / 0.5 = 11.3
    expect(planSequences({ backend: 'cuda', vramFreeBytes: 12 * GiB, vramTotalBytes: 12 * GiB, ...eightB }).sequences).toBe(11);
    // the same card with a desktop taking 4 GiB
    expect(planSequences({ backend: 'vulkan', vramFreeBytes: 8 * GiB, vramTotalBytes: 12 * GiB, ...eightB }).sequences).toBe(3);
  });

  it('keeps one sequence when the weights leave no room for more', () => {
    const p = planSequences({ backend: 'cuda', vramFreeBytes: 6 * GiB, vramTotalBytes: 8 * GiB, ...eightB });
    expect(p.sequences).toBe(1);
    expect(p.reason).toMatch(/less than one/);
  });

  it('uses 1–2 on the CPU and whatever the setting says', () => {
    expect(planSequences({ backend: 'cpu', vramFreeBytes: 0, vramTotalBytes: 0, ...eightB, threads: 8 }).sequences).toBe(2);
    expect(planSequences({ backend: 'cpu', vramFreeBytes: 0, vramTotalBytes: 0, ...eightB, threads: 1 }).sequences).toBe(1);
    expect(planSequences({ backend: 'cuda', vramFreeBytes: 23 * GiB, vramTotalBytes: 24 * GiB, ...eightB, override: 24 })).toMatchObject({ sequences: 24 });
  });

  it("takes a sequence's cost from the model's KV cache: twice the tokens, about twice the bytes", async () => {
    const { insights } = await readGgufInfo(tinyModelPath());
    const short = contextCost(insights, { contextSize: 1024, gpuLayers: 0 });
    const long = contextCost(insights, { contextSize: 2048, gpuLayers: 0 });
    expect(long.perSequenceBytes / short.perSequenceBytes).toBeGreaterThan(1.8);
    expect(long.perSequenceBytes / short.perSequenceBytes).toBeLessThan(2.2);
  });
});

describe('the context-failure ladder', () => {
  it('goes to fewer sequences first, then shorter contexts', () => {
    expect(contextLadder({ sequences: 8, contextSize: 8192 }, 2048)).toEqual([
      { sequences: 8, contextSize: 8192 },
      { sequences: 4, contextSize: 8192 },
      { sequences: 2, contextSize: 8192 },
      { sequences: 1, contextSize: 8192 },
      { sequences: 1, contextSize: 4096 },
      { sequences: 1, contextSize: 2048 },
    ]);
  });

  it('a context llama.cpp refuses is tried again with fewer sequences (real node-llama-cpp)', async () => {
    // llama.cpp refuses more than 256 sequences in a context
    const engine = await LlamaEngine.load({ modelPath: tinyModelPath(), maxThreads: 1, gpu: false, sequences: 512, contextSize: 128 });
    try {
      expect(engine.info().parallelSequences).toBe(256);
      expect(engine.info().sizing).toMatch(/tried first: 512×128/);
    } finally {
      await engine.close();
    }
  });

  it('the model still closes after the refused context is garbage collected (real node-llama-cpp)', async () => {
    // node-llama-cpp 3.21.1 left a context whose creation failed holding its model's dispose guard:
    // once collected, closing the model waited for ever (patches/node-llama-cpp+3.21.1.patch)
    const engine = await LlamaEngine.load({ modelPath: tinyModelPath(), maxThreads: 1, gpu: false, sequences: 512, contextSize: 128 });
    expect(engine.info().parallelSequences).toBe(256);
    for (let i = 0; i < 3; i++) {
      collectGarbage();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      engine.close().then(() => 'closed'),
      new Promise<string>((resolve) => (timer = setTimeout(() => resolve('still closing after 20 s'), 20_000))),
    ]);
    clearTimeout(timer);
    expect(outcome).toBe('closed');
  }, 40_000);

  it('within a memory budget it shrinks the sequences, then the context, and the model still runs', async () => {
    const { insights } = await readGgufInfo(tinyModelPath());
    const cost = (tokens: number) => contextCost(insights, { contextSize: tokens, gpuLayers: 0 });
    // room for one sequence of 1,024 tokens, not for one of 2,048
    const budget = Math.floor((cost(1024).baseBytes + cost(1024).perSequenceBytes + cost(2048).baseBytes + cost(2048).perSequenceBytes) / 2);
    const engine = await LlamaEngine.load({
      modelPath: tinyModelPath(),
      maxThreads: 1,
      gpu: false,
      sequences: 4,
      contextSize: 4096,
      minContextSize: 1024,
      memoryBudgetBytes: budget,
    });
    try {
      expect(engine.info()).toMatchObject({ parallelSequences: 1, contextSize: 1024 });
      expect(engine.info().sizing).toMatch(/4×4096.*2×4096.*1×4096.*1×2048/);
      const r = await engine.generate(
        [{ role: 'user', content: 'hi' }],
        { type: 'object', properties: { a: { type: 'string', maxLength: 4 } }, required: ['a'] },
        { maxTokens: 20 },
      );
      expect(typeof (r.value as { a: string }).a).toBe('string');
    } finally {
      await engine.close();
    }
  });
});

describe('the sequence pool', () => {
  const seq = (...tokens: number[]) => ({ contextTokens: tokens });

  it("gives a prompt the free sequence that holds the longest part of it (a chunk's next stage finds its passage)", async () => {
    const a = seq(1, 2, 3, 9, 9);
    const b = seq(1, 2, 3, 4, 5, 6);
    const c = seq(7);
    const pool = new SequencePool([a, b, c]);
    expect(await pool.acquire(undefined, { tokens: [1, 2, 3, 4, 5, 6, 7, 8] })).toBe(b);
    expect(await pool.acquire(undefined, { tokens: [7, 7] })).toBe(c);
  });

  it('serves a waiting chat call before the job calls queued earlier', async () => {
    const pool = new SequencePool([seq()]);
    const held = await pool.acquire();
    const order: string[] = [];
    const wait = (name: string, priority: 'interactive' | 'background') =>
      pool.acquire(undefined, { priority }).then((s) => {
        order.push(name);
        pool.release(s);
      });
    const all = [wait('job 1', 'background'), wait('job 2', 'background'), wait('chat', 'interactive')];
    pool.release(held);
    await Promise.all(all);
    expect(order).toEqual(['chat', 'job 1', 'job 2']);
  });
});
