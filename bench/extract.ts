// Knowledge-extraction benchmark (not a test):
//  - classic extractor: sentences/s on the RFC dev set (../shared/data/rfc-radius-eap/), the
//    extractor alone and the whole job (storage, resolution, merge candidates included);
//  - LLM pipeline: chunks/s with 1, 2 and 4 parallel sequences, and the pipeline's time against raw
//    decoding of the same tokens on the same engine (every generate() call of the run replayed bare,
//    with the same concurrency): the overhead of prompts, parsing, evidence, storage and checkpoints.
// With the tiny random-weight model on the CPU by default; GRAPHWRIGHT_BENCH_MODEL=/path/model.gguf
// runs a real model (gpu 'auto'). Its answers are noise, so answer bounds are small for it.
//   npm run bench -- extract
//   GRAPHWRIGHT_BENCH_CHUNKS=16 GRAPHWRIGHT_BENCH_SEQUENCES=1,2,4 npx tsx bench/extract.ts
// Threads: GRAPHWRIGHT_LLM_THREADS (default 1 for the tiny model). GRAPHWRIGHT_BENCH_JSON=FILE writes the results.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Core } from '../electron/core/core';
import { prepareFile, storePrepared } from '../electron/core/ingest/pipeline';
import { LlamaEngine } from '../electron/core/llm/llama';
import { writeTinyModel } from '../electron/core/llm/gguf/tiny';
import type { ChatMessage, EngineInfo, GenerateOptions, GenerateResult, JsonSchema, LlmEngine } from '../electron/core/llm/engine';
import { classicExtract } from '../electron/core/extract/classic';
import { DocumentResolver } from '../electron/core/extract/resolve';
import { extractChunkWithLlm } from '../electron/core/extract/pipeline';
import { ExtractionRepository } from '../electron/core/store/extraction';
import { ExtractSummary } from '../shared/contract/extract';

const RFC_DIR = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data', 'rfc-radius-eap');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-extract-'));
const now = () => performance.now() / 1000;
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

async function ingestRfcs(core: Core): Promise<number[]> {
  const ids: number[] = [];
  for (const f of fs
    .readdirSync(RFC_DIR)
    .filter((x) => x.endsWith('.txt'))
    .sort()) {
    const out = storePrepared(core.store, await prepareFile(path.join(RFC_DIR, f)));
    if (out.status === 'imported') ids.push(...out.ids);
  }
  return ids;
}

async function benchClassic() {
  const core = new Core({ dbPath: path.join(tmp, 'classic.db'), startJobs: false });
  try {
    const docs = await ingestRfcs(core);
    const repo = new ExtractionRepository(core.store.db);
    const chunks = repo.chunksFor(docs);
    // the extractor alone
    const texts = new Map(docs.map((id) => [id, core.store.documents.text(id)!]));
    const resolvers = new Map(docs.map((id) => [id, new DocumentResolver(texts.get(id)!)]));
    // the document structure too, as the job gives it (sections for clauses, regions for its own rules)
    const structures = new Map(docs.map((id) => [id, core.store.documents.structure(id) ?? undefined]));
    let t0 = now();
    let sentences = 0;
    let triples = 0;
    for (const c of chunks) {
      const r = classicExtract(texts.get(c.documentId)!, c, { acronyms: resolvers.get(c.documentId)!.acronyms, structure: structures.get(c.documentId) });
      sentences += r.sentences;
      triples += r.triples.length;
    }
    const extractorSeconds = now() - t0;
    // the whole job
    t0 = now();
    const job = core.jobs.enqueue('extract', { documents: docs, engine: 'classic' });
    core.jobs.start();
    const done = await core.jobs.wait(job.id);
    if (done.state !== 'done') throw new Error(`classic job ${done.state}: ${done.error}`);
    const s = ExtractSummary.parse(done.result);
    const jobSeconds = now() - t0;
    const st = core.store.status();
    return {
      documents: docs.length,
      chunks: chunks.length,
      sentences,
      extractorSentencesPerSecond: Math.round(sentences / extractorSeconds),
      extractorTriples: triples,
      jobSeconds: round(jobSeconds, 2),
      jobSentencesPerSecond: Math.round(s.sentences / jobSeconds),
      extractorSeconds: round(extractorSeconds, 2),
      /** whole job seconds / extractor-alone seconds, same run (storage, resolution, merge candidates, checkpoints) */
      jobRatio: round(jobSeconds / extractorSeconds, 2),
      storedTriples: s.triples.EE,
      entities: st.nodes.entity,
      mergeCandidates: s.mergeCandidates,
    };
  } finally {
    await core.close();
  }
}

/** Passes every call through and records what it asked for, so the run can be replayed bare. */
class RecordingEngine implements LlmEngine {
  calls: { messages: ChatMessage[]; schema: JsonSchema; options: GenerateOptions; tokens: number }[] = [];
  constructor(private readonly inner: LlmEngine) {}
  info(): EngineInfo {
    return this.inner.info();
  }
  async generate<T>(messages: ChatMessage[], schema: JsonSchema, options: GenerateOptions = {}): Promise<GenerateResult<T>> {
    const { signal: _s, ...rest } = options;
    try {
      const r = await this.inner.generate<T>(messages, schema, options);
      this.calls.push({ messages, schema, options: rest, tokens: r.tokens });
      return r;
    } catch (err) {
      this.calls.push({ messages, schema, options: rest, tokens: 0 });
      throw err;
    }
  }
  stream(messages: ChatMessage[], options?: GenerateOptions): AsyncIterable<string> {
    return this.inner.stream(messages, options);
  }
  embed(texts: string[]): Promise<number[][]> {
    return this.inner.embed(texts);
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Replay the calls with `concurrency` workers, bare: no prompts built, nothing parsed or stored. */
async function replay(engine: LlmEngine, calls: RecordingEngine['calls'], concurrency: number): Promise<{ seconds: number; tokens: number }> {
  let next = 0;
  let tokens = 0;
  const t0 = now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls.length) {
        const c = calls[next++];
        try {
          const r = await engine.generate(c.messages, c.schema, c.options);
          tokens += r.tokens;
        } catch {
          // a truncated answer cost its tokens all the same
        }
      }
    }),
  );
  return { seconds: now() - t0, tokens };
}

async function benchLlm() {
  const real = process.env.GRAPHWRIGHT_BENCH_MODEL;
  const modelPath = real ?? writeTinyModel(path.join(tmp, 'tiny.gguf'));
  const threads = Number(process.env.GRAPHWRIGHT_LLM_THREADS) || (real ? undefined : 1);
  const chunkCount = Number(process.env.GRAPHWRIGHT_BENCH_CHUNKS) || 8;
  const seqs = (process.env.GRAPHWRIGHT_BENCH_SEQUENCES ?? '1,2,4')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const limits = real ? undefined : { entity: 16, relation: 12, event: 24, triples: 2, events: 1, participants: 2, eventRelations: 1 };
  const sampling = real ? {} : { temperature: 0.9, seed: 7 };

  // the chunks: the first ones of RFC 3580 as ingestion cuts them
  const source = new Core({ dbPath: path.join(tmp, 'source.db'), startJobs: false });
  const [doc] = await ingestRfcs(source).then((ids) => ids.filter((id) => /3580/.test(source.store.documents.get(id)!.path ?? '')));
  const text = source.store.documents.text(doc)!;
  const chunks = source.store.documents.chunks(doc).slice(2, 2 + chunkCount);
  await source.close();

  const rows = [];
  for (const sequences of seqs) {
    const engine = await LlamaEngine.load({ modelPath, maxThreads: threads, sequences, gpu: real ? 'auto' : false });
    const recorder = new RecordingEngine(engine);
    const core = new Core({ dbPath: path.join(tmp, `llm-${sequences}.db`), startJobs: false });
    try {
      const id = core.store.documents.insert({
        title: 'RFC 3580',
        sourcePath: null,
        format: 'text',
        language: 'en',
        pages: [],
        contentHash: `bench-${sequences}`,
        text,
        originalText: null,
        chunks: chunks.map((c, i) => ({ ordinal: i, start: c.start, end: c.end, page: c.page, headingPath: c.headingPath, text: c.text, hash: `h${c.id}` })),
      });
      // warm up outside the clock: first generations compile the stage grammars and fill caches
      await extractChunkWithLlm({ text: 'The NAS sends an Access-Request to the server.' }, { engine, engineName: 'llama', limits, ...sampling });
      core.engines.use('extraction', recorder);
      const t0 = now();
      const job = core.jobs.enqueue('extract', { documents: [id], engine: 'llama', limits, ...sampling, mergeCandidates: false });
      core.jobs.start();
      const done = await core.jobs.wait(job.id);
      if (done.state !== 'done') throw new Error(`llm job ${done.state}: ${done.error}`);
      const pipelineSeconds = now() - t0;
      const s = ExtractSummary.parse(done.result);
      const raw = await replay(engine, recorder.calls, sequences);
      // compare per token: the replay decodes the same calls, so the same tokens up to sampling noise
      const pipelinePerToken = pipelineSeconds / Math.max(1, s.tokens);
      const rawPerToken = raw.seconds / Math.max(1, raw.tokens);
      rows.push({
        sequences,
        chunks: s.processed,
        chunksPerSecond: round(s.processed / pipelineSeconds, 2),
        pipelineSeconds: round(pipelineSeconds, 2),
        pipelineTokens: s.tokens,
        rawSeconds: round(raw.seconds, 2),
        rawTokens: raw.tokens,
        overheadPercent: round((pipelinePerToken / rawPerToken - 1) * 100, 1),
        triples: s.triples,
        failures: s.failures,
        backend: engine.info().backend,
      });
    } finally {
      await core.close();
      await engine.close();
    }
  }
  return { model: path.basename(modelPath), threads: threads ?? 'auto', rows };
}

async function main() {
  console.log('classic extractor on the RFC dev set ...');
  const classic = await benchClassic();
  console.log(
    `  ${classic.documents} documents, ${classic.chunks} chunks, ${classic.sentences} sentences\n` +
      `  extractor alone: ${classic.extractorSentencesPerSecond} sentences/s (${classic.extractorTriples} triples)\n` +
      `  whole job:       ${classic.jobSentencesPerSecond} sentences/s, ${classic.jobSeconds} s (x${classic.jobRatio} the extractor alone, ${classic.extractorSeconds} s); ${classic.storedTriples} triples stored, ` +
      `${classic.entities} entities, ${classic.mergeCandidates} merge candidates`,
  );
  console.log('LLM pipeline ...');
  const llm = await benchLlm();
  console.log(`  model ${llm.model}, threads ${llm.threads}`);
  console.log('  seq  chunks/s  pipeline s  tokens  raw s  raw tokens  overhead  EE/EV/VV  failures  backend');
  for (const r of llm.rows) {
    console.log(
      `  ${String(r.sequences).padStart(3)}  ${String(r.chunksPerSecond).padStart(8)}  ${String(r.pipelineSeconds).padStart(10)}  ${String(r.pipelineTokens).padStart(6)}  ` +
        `${String(r.rawSeconds).padStart(5)}  ${String(r.rawTokens).padStart(10)}  ${`${r.overheadPercent}%`.padStart(8)}  ` +
        `${`${r.triples.EE}/${r.triples.EV}/${r.triples.VV}`.padStart(8)}  ${String(r.failures).padStart(8)}  ${r.backend}`,
    );
  }
  const out = process.env.GRAPHWRIGHT_BENCH_JSON;
  if (out) fs.writeFileSync(out, JSON.stringify({ classic, llm }, null, 2));
}

try {
  await main();
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
