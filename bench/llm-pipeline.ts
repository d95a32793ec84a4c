// The LLM extraction pipeline as a user runs it (not a test): 50 chunks of the kit's RFCs through the
// three stages (one conversation per chunk, the rolling pool keeping N chunks in flight) at 1, 2, 4,
// 8 and 16 sequences. Per level: prompt tokens per chunk, the share the prompt cache served, the new
// prefill and the decode tokens per chunk, chunks per minute (and as a ratio to 1 sequence, measured
// in the same run), failures.
//   npm run bench -- llm-pipeline
//   GRAPHWRIGHT_BENCH_MODEL=/models/qwen2.5-7b-instruct-q4_k_m.gguf npm run bench -- llm-pipeline   (a real model, the GPU)
// Variables: GRAPHWRIGHT_BENCH_MODEL (a GGUF; default the tiny random-weight model on the CPU),
// GRAPHWRIGHT_BENCH_CHUNKS (50), GRAPHWRIGHT_BENCH_SEQUENCES ("1,2,4,8,16"), GRAPHWRIGHT_BENCH_CONTEXT
// (tokens per sequence; default the engine's), GRAPHWRIGHT_BENCH_TEMPERATURE (default 0 for a real
// model; 0.9, seeded, for the tiny one, whose greedy answers are empty lists), GRAPHWRIGHT_LLM_THREADS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LlamaEngine } from '../electron/core/llm/llama';
import { writeTinyModel } from '../electron/core/llm/gguf/tiny';
import { chunkText } from '../electron/core/chunk';
import { analyzeStructure, isBoilerplate } from '../electron/core/document/structure';
import { extractChunkWithLlm } from '../electron/core/extract/pipeline';
import { runRolling } from '../electron/core/jobs/rolling';
import type { ChunkExtraction } from '../electron/core/extract/types';

const KIT = path.resolve(import.meta.dirname, '../../shared/data/rfc-radius-eap');

export interface PipelineLevel {
  /** Sequences asked for, and what the context got (the ladder may give fewer). */
  sequences: number;
  loadedSequences: number;
  contextSize: number;
  /** Where the context runs: 'cpu', or the GPU backend ('cuda', 'vulkan', 'metal'). */
  backend: string;
  chunks: number;
  promptTokensPerChunk: number;
  cachedPromptTokensPerChunk: number;
  /** Prompt tokens evaluated anew (prompt less cached) per chunk. */
  newPrefillPerChunk: number;
  decodeTokensPerChunk: number;
  cachedShare: number;
  chunksPerMinute: number;
  /** chunks per minute over the 1-sequence level's, same run. */
  speedup: number;
  failures: number;
}

/** Content chunks of the kit's RFCs (boilerplate regions left out), at most `n`, a few from each file in turn. */
async function kitChunks(n: number): Promise<{ text: string; context: string[] }[]> {
  const files = fs
    .readdirSync(KIT)
    .filter((f) => f.endsWith('.txt'))
    .sort();
  const perFile: { text: string; context: string[] }[][] = [];
  for (const f of files) {
    const text = fs.readFileSync(path.join(KIT, f), 'utf8');
    const structure = analyzeStructure(text);
    const chunks = await chunkText(text);
    perFile.push(
      chunks
        .filter((c) => !isBoilerplate(structure, c.start, c.end))
        .map((c) => ({ text: text.slice(c.start, c.end), context: [structure.title ?? f, ...c.headingPath] })),
    );
  }
  const out: { text: string; context: string[] }[] = [];
  for (let i = 0; out.length < n && perFile.some((p) => i < p.length); i++) for (const p of perFile) if (i < p.length && out.length < n) out.push(p[i]);
  return out;
}

export async function benchLlmPipeline(log: (line: string) => void = (l) => console.log(l)): Promise<PipelineLevel[]> {
  const real = process.env.GRAPHWRIGHT_BENCH_MODEL;
  let tmp: string | undefined;
  let modelPath = real;
  if (!modelPath) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-pipeline-'));
    // its byte-level tokenizer needs four times a real model's tokens: the declared context follows
    modelPath = writeTinyModel(path.join(tmp, 'tiny.gguf'), { contextLength: 16384 });
  }
  const count = Number(process.env.GRAPHWRIGHT_BENCH_CHUNKS) || 50;
  const levels = (process.env.GRAPHWRIGHT_BENCH_SEQUENCES ?? '1,2,4,8,16')
    .split(',')
    .map(Number)
    .filter((x) => Number.isInteger(x) && x > 0);
  const contextSize = Number(process.env.GRAPHWRIGHT_BENCH_CONTEXT) || (real ? undefined : 8192);
  const envThreads = Number(process.env.GRAPHWRIGHT_LLM_THREADS);
  const threads = Number.isInteger(envThreads) && envThreads > 0 ? envThreads : real ? undefined : 1;
  const temperature = process.env.GRAPHWRIGHT_BENCH_TEMPERATURE !== undefined ? Number(process.env.GRAPHWRIGHT_BENCH_TEMPERATURE) : real ? 0 : 0.9;
  const chunks = await kitChunks(count);
  log(
    `llm-pipeline bench: ${path.basename(modelPath)}${real ? '' : ' (tiny, random weights, CPU)'}, ${chunks.length} kit RFC chunks, temperature ${temperature}`,
  );

  const results: PipelineLevel[] = [];
  try {
    for (const sequences of levels) {
      const engine = await LlamaEngine.load({ modelPath, gpu: real ? 'auto' : false, maxThreads: threads, sequences, ...(contextSize ? { contextSize } : {}) });
      try {
        const info = engine.info();
        const done: ChunkExtraction[] = [];
        const t0 = performance.now();
        await runRolling(
          chunks,
          { concurrency: info.parallelSequences },
          (c, i) => extractChunkWithLlm(c, { engine, engineName: 'llama', temperature, ...(temperature > 0 ? { seed: 1000 + i } : {}) }),
          (finished) => done.push(...finished.map((f) => f.result)),
        );
        const minutes = (performance.now() - t0) / 60_000;
        const sum = (f: (x: ChunkExtraction) => number | undefined) => done.reduce((n, x) => n + (f(x) ?? 0), 0);
        const per = (f: (x: ChunkExtraction) => number | undefined) => Math.round(sum(f) / done.length);
        const level: PipelineLevel = {
          sequences,
          loadedSequences: info.parallelSequences,
          contextSize: info.contextSize,
          backend: info.backend,
          chunks: done.length,
          promptTokensPerChunk: per((x) => x.promptTokens),
          cachedPromptTokensPerChunk: per((x) => x.cachedPromptTokens),
          newPrefillPerChunk: per((x) => (x.promptTokens ?? 0) - (x.cachedPromptTokens ?? 0)),
          decodeTokensPerChunk: per((x) => x.tokens),
          cachedShare:
            Math.round(
              (sum((x) => x.cachedPromptTokens) /
                Math.max(
                  1,
                  sum((x) => x.promptTokens),
                )) *
                1000,
            ) / 1000,
          chunksPerMinute: Math.round((done.length / minutes) * 10) / 10,
          speedup: 1,
          failures: sum((x) => x.failures),
        };
        level.speedup = results.length ? Math.round((level.chunksPerMinute / results[0].chunksPerMinute) * 100) / 100 : 1;
        results.push(level);
        log(
          `  ${String(sequences).padStart(2)} seq (${info.parallelSequences} × ${info.contextSize} on ${info.backend}): prompt ${level.promptTokensPerChunk}/chunk, cached ${(level.cachedShare * 100).toFixed(0)} %, new prefill ${level.newPrefillPerChunk}, decode ${level.decodeTokensPerChunk}, ${level.chunksPerMinute} chunks/min (x${level.speedup}), ${level.failures} failures`,
        );
      } finally {
        await engine.close();
      }
    }
  } finally {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
  log('');
  log('| sequences | prompt/chunk | cached | new prefill/chunk | decode/chunk | chunks/min | × 1 seq | failures |');
  log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results)
    log(
      `| ${r.sequences}${r.loadedSequences !== r.sequences ? ` (${r.loadedSequences})` : ''} | ${r.promptTokensPerChunk} | ${(r.cachedShare * 100).toFixed(0)} % | ${r.newPrefillPerChunk} | ${r.decodeTokensPerChunk} | ${r.chunksPerMinute} | ${r.speedup} | ${r.failures} |`,
    );
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const results = await benchLlmPipeline();
  if (process.env.GRAPHWRIGHT_BENCH_JSON) fs.writeFileSync(process.env.GRAPHWRIGHT_BENCH_JSON, JSON.stringify(results, null, 2));
}
