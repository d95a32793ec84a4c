// LLM engine benchmark (not a test):
//  - tokens/s of raw completion vs the engine's schema-constrained generate() producing the same
//    number of tokens (the grammar's overhead ratio);
//  - aggregate tokens/s of generate() on 1 sequence vs 2 parallel sequences.
// With the tiny random-weight model on the CPU by default; GRAPHWRIGHT_BENCH_MODEL=/path/model.gguf
// runs the same on a real model and this machine's GPU (gpu 'auto').
//   npm run bench -- llm         (through bench/run.ts)
//   npx tsx bench/llm.ts         (alone)
// Threads: GRAPHWRIGHT_LLM_THREADS (default: 1 for the tiny model, the machine's math cores otherwise).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LlamaEngine } from '../electron/core/llm/llama';
import type { ChatMessage } from '../electron/core/llm/engine';
import { writeTinyModel } from '../electron/core/llm/gguf/tiny';

export interface LlmBenchResult {
  model: string;
  backend: string;
  threads: number;
  /** Tokens of the constrained answer, and the raw completion run to the same length. */
  tokens: number;
  rawTokensPerSec: number;
  constrainedTokensPerSec: number;
  /** raw tokens/s divided by constrained tokens/s: the cost of the grammar (1 = free). */
  grammarOverhead: number;
  oneSequenceTokensPerSec: number;
  twoSequencesTokensPerSec: number;
  /** two sequences' aggregate tokens/s divided by one sequence's. */
  parallelSpeedup: number;
}

const schema = {
  type: 'object',
  properties: {
    entities: {
      type: 'array',
      minItems: 4,
      maxItems: 6,
      items: {
        type: 'object',
        properties: { name: { type: 'string', minLength: 3, maxLength: 24 }, type: { enum: ['protocol', 'message', 'attribute', 'key', 'party'] } },
        required: ['name', 'type'],
      },
    },
  },
  required: ['entities'],
};

const prompt = (i: number): ChatMessage[] => [
  { role: 'system', content: 'List the entities of the text as JSON.' },
  { role: 'user', content: `(${i}) The authenticator forwards the EAP-Response message to the RADIUS server, which derives the master session key.` },
];

const now = () => performance.now() / 1000;

export async function benchLlm(options: { modelPath?: string; log?: (line: string) => void } = {}): Promise<LlmBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const real = options.modelPath ?? process.env.GRAPHWRIGHT_BENCH_MODEL;
  let modelPath = real;
  let tmp: string | undefined;
  if (!modelPath) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-llm-'));
    // EOS pushed down so that raw completion runs to the length we ask for.
    modelPath = writeTinyModel(path.join(tmp, 'tiny-noeos.gguf'), { eosBias: -5 });
  }
  const envThreads = Number(process.env.GRAPHWRIGHT_LLM_THREADS);
  const engine = await LlamaEngine.load({
    modelPath,
    gpu: real ? 'auto' : false,
    maxThreads: Number.isInteger(envThreads) && envThreads > 0 ? envThreads : real ? undefined : 1,
    sequences: 2,
  });
  try {
    const info = engine.info();
    log(
      `llm bench: ${path.basename(modelPath)}${real ? '' : ' (tiny, random weights)'} on ${info.backend}${info.fallbackReason ? ` (${info.fallbackReason})` : ''}, ${info.threads} thread(s), ${info.gpuLayers ?? 0}/${info.totalLayers ?? '?'} layers on the GPU`,
    );

    // Warm up (grammar compilation, first batch).
    await engine.generate(prompt(0), schema, { maxTokens: 400 });
    await engine.complete(prompt(0), { maxTokens: 8 });

    const rounds = real ? 3 : 10;
    let constrainedTokens = 0;
    let t0 = now();
    const counts: number[] = [];
    for (let i = 1; i <= rounds; i++) {
      const r = await engine.generate(prompt(i), schema, { maxTokens: 400 });
      counts.push(r.tokens);
      constrainedTokens += r.tokens;
    }
    const constrainedSecs = now() - t0;
    let rawTokens = 0;
    t0 = now();
    for (let i = 1; i <= rounds; i++) rawTokens += (await engine.complete(prompt(i), { maxTokens: counts[i - 1] })).tokens;
    const rawSecs = now() - t0;
    const rawTps = rawTokens / rawSecs;
    const conTps = constrainedTokens / constrainedSecs;
    log(`  raw completion      ${rawTps.toFixed(0).padStart(7)} tokens/s  (${rawTokens} tokens)`);
    log(`  schema-constrained  ${conTps.toFixed(0).padStart(7)} tokens/s  (${constrainedTokens} tokens)  overhead x${(rawTps / conTps).toFixed(2)}`);

    const jobs = real ? 4 : 12;
    let tokens1 = 0;
    t0 = now();
    for (let i = 0; i < jobs; i++) tokens1 += (await engine.generate(prompt(100 + i), schema, { maxTokens: 400 })).tokens;
    const one = tokens1 / (now() - t0);
    let tokens2 = 0;
    t0 = now();
    const lanes = [0, 1].map(async (lane) => {
      for (let i = lane; i < jobs; i += 2) tokens2 += (await engine.generate(prompt(200 + i), schema, { maxTokens: 400 })).tokens;
    });
    await Promise.all(lanes);
    const two = tokens2 / (now() - t0);
    log(`  1 sequence          ${one.toFixed(0).padStart(7)} tokens/s`);
    log(`  2 sequences         ${two.toFixed(0).padStart(7)} tokens/s  speedup x${(two / one).toFixed(2)}`);

    return {
      model: modelPath,
      backend: info.backend,
      threads: info.threads ?? 0,
      tokens: constrainedTokens,
      rawTokensPerSec: rawTps,
      constrainedTokensPerSec: conTps,
      grammarOverhead: rawTps / conTps,
      oneSequenceTokensPerSec: one,
      twoSequencesTokensPerSec: two,
      parallelSpeedup: two / one,
    };
  } finally {
    await engine.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchLlm().then(
    (r) => {
      if (process.argv.includes('--json')) console.log(JSON.stringify(r, null, 2));
    },
    (err) => {
      console.error(`llm bench failed: ${(err as Error).message}`);
      process.exitCode = 1;
    },
  );
}
