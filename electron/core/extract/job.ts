// The extraction job: chunks of the selected documents through the classic extractor or the three
// LLM stages, in batches over the engine's parallel sequences. Each batch is stored, recorded in
// chunk_extractions and checkpointed in one transaction, so a killed job resumes without redoing a
// chunk or duplicating a triple, and a re-run skips the chunks this engine already read unchanged.
import type { Services } from '../services';
import { defineJob, JobCancelled, type KnownJobKind } from '../jobs/runner';
import type { LlmEngine } from '../llm/engine';
import type { ExtractableChunk } from '../store/extraction';
import { classicExtract } from './classic';
import { chineseExtract, loadChineseSegmenter } from './standards';
import { loadedEmbedder, modelName, openEngine, willLoad, type EngineLease } from '../llm/lease';
import { persistChunk } from './persist';
import { documentSalience, type DocumentSalience } from './precision-context';
import { BatchPlanner, threadCpuMs } from './batches';
import { runRolling } from '../jobs/rolling';
import { extractChunkWithLlm, StageAborted } from './pipeline';
import { DocumentResolver, proposeMergeCandidates } from './resolve';
import type { ChunkExtraction, ExtractStage } from './types';
import { entityTypeHints, relationTypeHints } from '../concepts/types';
import { modelIdentity } from '../llm/identity';
import type { StageCache } from './stages/common';
import { isBoilerplate, type DocumentStructure } from '../document/structure';
import { ExtractJobParams, type ExtractSummary, type FailedAnswer, type FailureReason } from '../../../shared/contract/extract';
import type { LlmEngineName } from '../../../shared/contract/engines';
import { jobResults, type JobKindName } from '../../../shared/contract/jobs';

export const EXTRACT_JOB = 'extract' satisfies JobKindName;

/** Languages the classic extractor has no patterns for (Chinese has its own when jieba loads): their documents need a model. */
const NO_CLASSIC_LANGUAGES = new Set(['ko', 'zh', 'ja']);
export const NO_CLASSIC_MESSAGE = 'no classic extractor for this language: load a model';
/** Whether the classic extractor has patterns for a document's language (unknown: tried). */
export const classicReads = (language: string | null) => !language || !NO_CLASSIC_LANGUAGES.has(language);
/** Boilerplate kinds a classic chunk is still read in (only the cross-reference pattern takes triples there). */
const CLASSIC_READABLE = ['references', 'front-matter'] as const;
/** The extraction of a chunk not read (a language without patterns, all boilerplate). */
const nothing = (): ChunkExtraction => ({ triples: [], mentions: [], failures: 0, tokens: 0, stages: {} });

interface ExtractTotals {
  processed: number;
  triples: Record<ExtractStage, number>;
  existing: number;
  protected: number;
  dropped: number;
  failures: number;
  failedChunks: number;
  tokens: number;
  promptTokens?: number;
  cachedPromptTokens?: number;
  generationMs: number;
  elapsedMs: number;
  sentences: number;
  mentions: number;
  /** Documents (id -> language) the classic extractor has no patterns for. */
  unsupported?: Record<string, string>;
  /** The first MAX_FAILED_ANSWERS failed stage answers, and the count per reason of all of them. */
  failedAnswers?: FailedAnswer[];
  failureReasons?: Partial<Record<FailureReason, number>>;
  loadMs?: number;
}

/** Failed answers kept with their chunk and reason (the count covers every one). */
const MAX_FAILED_ANSWERS = 100;

interface ExtractCheckpoint {
  engineKey: string;
  /**
   * Chunks finished so far (constant size: which ones is in chunk_extractions, whose rows carry this
   * job's id and are written in the same transaction as the checkpoint).
   */
  cursor?: number;
  /** Chunk id -> content hash of every chunk finished: checkpoints written before the cursor (read, never written). */
  done?: Record<string, string>;
  totals: ExtractTotals;
}

/** The job's result: the contract's type (shared/contract/extract.ts), written once. */
export type { ExtractSummary };

const emptyTotals = (): ExtractTotals => ({
  processed: 0,
  triples: { EE: 0, EV: 0, VV: 0 },
  existing: 0,
  protected: 0,
  dropped: 0,
  failures: 0,
  failedChunks: 0,
  tokens: 0,
  generationMs: 0,
  elapsedMs: 0,
  sentences: 0,
  mentions: 0,
});

interface DocContext {
  text: string;
  title: string;
  language: string | null;
  resolver: DocumentResolver;
  /** Sections and boilerplate regions (stored at ingest, else computed from the text). */
  structure: DocumentStructure;
  /** What the precision model reads of the document (word counts, defined terms, section kinds). */
  salience: DocumentSalience;
}

/** The chunk lies wholly in boilerplate (front matter, notices, table of contents, addresses, reference lists). */
function allBoilerplate(structure: DocumentStructure, chunk: { start: number; end: number }, readable: readonly string[] = []): boolean {
  let pos = chunk.start;
  // Walk the regions covering the chunk from its start; any gap is content.
  for (const r of structure.boilerplate) {
    if (readable.includes(r.kind)) continue;
    if (r.start > pos) break;
    if (r.end > pos) pos = r.end;
    if (pos >= chunk.end) return true;
  }
  return false;
}

/**
 * Nothing from boilerplate: the sentence extractor's triples whose evidence lies in a boilerplate
 * region are dropped, with the mentions found there. Pattern triples (meta.pattern: the standards
 * patterns) keep their own rule: they read the reference list and the header's Updates/Obsoletes.
 */
function dropBoilerplate(ex: ChunkExtraction, structure: DocumentStructure): ChunkExtraction {
  if (!structure.boilerplate.length) return ex;
  const inBoilerplate = (span: { start: number; end: number } | null | undefined) => !!span && isBoilerplate(structure, span.start, span.end) !== null;
  const triples = ex.triples.filter((t) => t.meta?.pattern !== undefined || !inBoilerplate(t.evidence));
  const ends = new Set<string>();
  for (const t of triples) for (const m of [t.head, t.tail]) if (m.span) ends.add(`${m.span.start}:${m.span.end}`);
  const mentions = ex.mentions.filter((m) => !m.span || ends.has(`${m.span.start}:${m.span.end}`) || !inBoilerplate(m.span));
  if (triples.length === ex.triples.length && mentions.length === ex.mentions.length) return ex;
  return { ...ex, triples, mentions };
}

const sumTriples = (t: Record<ExtractStage, number>) => t.EE + t.EV + t.VV;

/** Record a chunk's failed stage answers: which chunk, which stage, why (the job's details list them). */
function noteFailures(totals: ExtractTotals, chunk: ExtractableChunk, ex: ChunkExtraction & { error?: string }): void {
  const failed = (Object.entries(ex.stages) as [ExtractStage, NonNullable<ChunkExtraction['stages'][ExtractStage]>][]).filter(([, o]) => o.failed);
  // the whole chunk failed before its stages ran (the engine threw): one entry per stage not answered
  const rows = failed.length
    ? failed.map(([stage, o]) => ({ stage, reason: o.reason ?? ('engine' as const), message: o.error ?? 'no usable answer' }))
    : (['EE', 'EV', 'VV'] as const).slice(0, ex.failures).map((stage) => ({ stage, reason: 'engine' as const, message: ex.error ?? 'the engine failed' }));
  const reasons = { ...(totals.failureReasons ?? {}) };
  const list = [...(totals.failedAnswers ?? [])];
  for (const r of rows) {
    reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
    if (list.length < MAX_FAILED_ANSWERS)
      list.push({
        chunk: chunk.id,
        document: chunk.documentId,
        ordinal: chunk.ordinal,
        start: chunk.start,
        end: chunk.end,
        ...r,
        message: r.message.slice(0, 300),
      });
  }
  totals.failureReasons = reasons;
  totals.failedAnswers = list;
}

/** A seed per chunk derived from the job's seed and the chunk's content: reproducible, yet not one sampling stream for all. */
function chunkSeed(seed: number | undefined, hash: string): number | undefined {
  if (seed === undefined) return undefined;
  const h = Number.parseInt(hash.replace(/[^0-9a-f]/gi, '').slice(0, 7) || '0', 16);
  return (seed + h) % 2_147_483_647;
}

export function extractionJob(core: Pick<Services, 'store' | 'bus' | 'engines'>): KnownJobKind<typeof EXTRACT_JOB, ExtractCheckpoint> {
  return defineJob<typeof EXTRACT_JOB, ExtractCheckpoint>({
    kind: EXTRACT_JOB,
    params: ExtractJobParams,
    result: jobResults[EXTRACT_JOB],
    title: (p) => {
      const n = p.documents?.length;
      return `Extract knowledge (${p.engine}) from ${n ? `${n} document${n === 1 ? '' : 's'}` : 'all documents'}`;
    },
    async run(ctx) {
      const started = Date.now();
      const p = ctx.params;
      const repo = core.store.extraction;
      const graph = core.store.extractionGraphWriter();
      const docIds = p.documents?.length ? repo.existingDocuments(p.documents) : core.store.documents.list().map((d) => d.id);
      const chunks = repo.chunksFor(docIds);
      const isClassic = p.engine === 'classic';
      const request = { engine: p.engine as LlmEngineName, model: p.model, endpoint: p.endpoint, sequences: p.sequences };

      let lease: EngineLease | null = null;
      let engine: LlmEngine | null = null;
      let loadMs = 0;
      const acquire = async (done = 0) => {
        if (!lease) {
          // a phase of its own in the progress: a model's load takes seconds before the first chunk
          const loading = willLoad(core, request);
          if (loading) ctx.progress(done, chunks.length, `loading model${p.model ? ` ${modelName(request)}` : ''}…`);
          const t0 = performance.now();
          lease = await openEngine(core, request);
          engine = lease.engine;
          if (loading) loadMs = performance.now() - t0;
        }
        return lease;
      };
      try {
        let model: string | null = null;
        if (!isClassic) model = p.model ? modelName(request) : (await acquire()).model;
        const engineKey = isClassic ? 'classic' : `${p.engine}:${model}`;

        const cp = ctx.checkpoint?.engineKey === engineKey ? ctx.checkpoint : undefined;
        const legacyDone = cp?.done ?? {};
        const totals: ExtractTotals = { ...emptyTotals(), ...(cp?.totals ?? {}) };
        const recorded = repo.extracted(
          engineKey,
          chunks.map((c) => c.id),
        );
        const pending: ExtractableChunk[] = [];
        let skipped = 0;
        for (const c of chunks) {
          const r = recorded.get(c.id);
          // finished earlier in this job (before a cancel or a kill), failed answers included
          if (cp && r?.hash === c.hash && r.jobId === ctx.id) continue;
          if (legacyDone[c.id] === c.hash) continue;
          if (!p.force && r && r.hash === c.hash && r.failures === 0) {
            skipped++;
            continue;
          }
          pending.push(c);
        }
        const total = chunks.length;
        let doneCount = total - pending.length;
        const message = () => {
          const parts = [`${doneCount}/${total} chunks`, `${sumTriples(totals.triples)} new triples`];
          if (!isClassic && totals.generationMs > 0) parts.push(`${Math.round(totals.tokens / (totals.generationMs / 1000))} tok/s`);
          if (totals.failures) {
            const why = Object.entries(totals.failureReasons ?? {})
              .map(([r, n]) => `${r} ${n}`)
              .join(', ');
            parts.push(`${totals.failures} failed answers${why ? ` (${why})` : ''}`);
          }
          return parts.join(' · ');
        };
        // the load first: its "loading model" is the first progress (a later one would be throttled away)
        if (pending.length && !isClassic) await acquire(doneCount);
        ctx.progress(doneCount, total, message());

        const docs = new Map<number, DocContext>();
        let keepDocs = 4;
        const docContext = (id: number): DocContext => {
          let d = docs.get(id);
          if (!d) {
            const rec = core.store.documents.get(id);
            const text = core.store.documents.text(id) ?? '';
            const structure = core.store.documents.structure(id) ?? { standard: null, title: null, sections: [], boilerplate: [] };
            const resolver = new DocumentResolver(text);
            // (the acronyms the resolver read are the ones the precision model's context reads: one pass over the text)
            const salience = documentSalience(text, structure, resolver.acronyms);
            d = { text, title: rec?.title ?? '', language: rec?.language ?? null, resolver, structure, salience };
            if (docs.size >= keepDocs) docs.delete(docs.keys().next().value!);
            docs.set(id, d);
          }
          return d;
        };

        if (pending.length && !isClassic) await acquire();
        // the user's entity types (none: no constraint; types are induced from concepts later)
        const entityTypes = isClassic ? [] : entityTypeHints(core.store);
        const relationTypes = isClassic ? [] : relationTypeHints(core.store);
        // the stages' answers by everything they depended on: a re-run asks only what is not answered yet
        const cache: StageCache | undefined = isClassic
          ? undefined
          : { model: modelIdentity(engine!), read: !p.force, get: (key) => core.store.stageCache.get(key), put: (row) => core.store.stageCache.put(row) };
        // Classic without a batch size: batches of about CLASSIC_BATCH_MS of this thread's CPU, by the
        // characters they hold, so a commit, with its WAL and FTS writes, comes every few dozen ms of
        // work, however loaded the machine is (extract/batches.ts).
        const planner = isClassic && p.batchSize === undefined ? new BatchPlanner() : null;
        const batchSize = p.batchSize ?? 8;
        const inFlight = isClassic ? 1 : Math.max(1, engine!.info().parallelSequences || 1);
        keepDocs = Math.max(keepDocs, inFlight);
        /** The classic extractor on one chunk (its language's patterns, nothing from boilerplate). */
        const classicChunk = (c: ExtractableChunk): ChunkExtraction => {
          const d = docContext(c.documentId);
          if (d.language === 'zh' && chinese) {
            // Chinese: its own patterns on jieba's segmentation, never the English ones
            return dropBoilerplate({ triples: chineseExtract(chinese, d.text, c), mentions: [], failures: 0, tokens: 0, stages: {} }, d.structure);
          }
          if (!classicReads(d.language)) {
            // no English patterns on Korean or Chinese text: nothing rather than noise
            totals.unsupported = { ...(totals.unsupported ?? {}), [c.documentId]: d.language! };
            return nothing();
          }
          // the cross-reference pattern reads the reference list and the header's Updates:/Obsoletes: lines
          if (allBoilerplate(d.structure, c, CLASSIC_READABLE)) return nothing();
          // The structure goes to the extractor too (sections for clauses, regions for its own rules).
          const ex = classicExtract(d.text, c, { acronyms: d.resolver.acronyms, structure: d.structure });
          totals.sentences += ex.sentences;
          return dropBoilerplate(ex, d.structure);
        };
        const chinese = isClassic && docIds.some((id) => core.store.documents.get(id)?.language === 'zh') ? await loadChineseSegmenter() : null;
        let lastChanged = 0;
        const changed = (force = false) => {
          const now = Date.now();
          if (force || now - lastChanged >= 1000) {
            lastChanged = now;
            core.bus.emit('graph.changed', { reason: 'extract', documentIds: docIds });
          }
        };

        /** Store finished chunks, their bookkeeping rows and the checkpoint in one transaction. */
        const commit = (results: { chunk: ExtractableChunk; ex: ChunkExtraction & { error?: string } }[]) => {
          graph.batch(() => {
            for (const { chunk, ex } of results) {
              const d = docContext(chunk.documentId);
              const r = persistChunk({ graph, resolver: d.resolver, docText: d.text, salience: d.salience, chunk, engine: p.engine, model }, ex);
              totals.processed++;
              for (const s of ['EE', 'EV', 'VV'] as const) totals.triples[s] += r.created[s];
              totals.existing += r.existing;
              totals.protected += r.protected;
              totals.dropped += r.dropped;
              totals.failures += ex.failures;
              if (ex.failures) {
                totals.failedChunks++;
                noteFailures(totals, chunk, ex);
              }
              totals.tokens += ex.tokens;
              totals.promptTokens = (totals.promptTokens ?? 0) + (ex.promptTokens ?? 0);
              totals.cachedPromptTokens = (totals.cachedPromptTokens ?? 0) + (ex.cachedPromptTokens ?? 0);
              totals.mentions += ex.mentions.length;
              repo.markExtracted({
                chunkId: chunk.id,
                engine: engineKey,
                hash: chunk.hash,
                triples: sumTriples(r.created) + r.existing,
                failures: ex.failures,
                tokens: ex.tokens,
                jobId: ctx.id,
              });
              doneCount++;
            }
            ctx.save(
              { engineKey, cursor: doneCount, totals: { ...totals, elapsedMs: totals.elapsedMs + (Date.now() - started) } },
              doneCount,
              total,
              message(),
            );
          });
          changed();
        };

        if (isClassic) {
          for (let i = 0; i < pending.length;) {
            ctx.throwIfCancelled();
            const batch = pending.slice(i, i + (planner ? planner.next(pending, i) : batchSize));
            i += batch.length;
            const batchCpu = planner ? threadCpuMs() : 0;
            commit(batch.map((c) => ({ chunk: c, ex: classicChunk(c) })));
            if (planner) {
              let chars = 0;
              for (const c of batch) chars += c.text.length;
              planner.record(threadCpuMs() - batchCpu, chars);
            }
            await new Promise((resolve) => setImmediate(resolve));
          }
        } else {
          // N chunks in flight, N the engine's sequences: each committed as it finishes, none waiting for a batch's slowest
          const t0 = performance.now();
          let generationStart = t0;
          await runRolling(
            pending,
            { concurrency: inFlight, signal: ctx.signal },
            async (c) => {
              const d = docContext(c.documentId);
              // A chunk wholly in boilerplate is not sent to the model.
              if (allBoilerplate(d.structure, c)) return nothing();
              try {
                return await extractChunkWithLlm(
                  { text: c.text, context: [d.title, ...c.headingPath].filter(Boolean), documentLanguage: d.language },
                  {
                    engine: engine!,
                    engineName: p.engine,
                    limits: p.limits,
                    signal: ctx.signal,
                    temperature: p.temperature,
                    seed: chunkSeed(p.seed, c.hash),
                    entityTypes,
                    relationTypes,
                    glean: p.glean,
                    cache,
                  },
                );
              } catch (err) {
                if (err instanceof StageAborted || ctx.signal.aborted) throw err;
                return { ...nothing(), failures: 3, error: String((err as Error)?.message ?? err) };
              }
            },
            (finished) => {
              const now = performance.now();
              totals.generationMs += now - generationStart;
              generationStart = now;
              commit(finished.map((f) => ({ chunk: f.item, ex: f.result })));
            },
          ).catch((err: unknown) => {
            if (err instanceof StageAborted || ctx.signal.aborted) throw new JobCancelled();
            throw err;
          });
        }
        ctx.throwIfCancelled();

        let mergeCandidates = 0;
        if (p.mergeCandidates !== false) {
          // label embeddings too, when an embedding model is already loaded
          const embedder = await loadedEmbedder(core);
          mergeCandidates = await proposeMergeCandidates(repo, { nodeIds: repo.nodeIdsInDocuments(docIds), embedder, signal: ctx.signal });
        }
        ctx.throwIfCancelled();
        changed(true);
        ctx.progress(total, total, message());

        totals.loadMs = (totals.loadMs ?? 0) + loadMs;
        const seconds = (totals.elapsedMs + (Date.now() - started)) / 1000;
        const genSeconds = totals.generationMs / 1000;
        return {
          engine: p.engine,
          model,
          documents: docIds.length,
          chunks: total,
          processed: totals.processed,
          skipped,
          triples: totals.triples,
          existing: totals.existing,
          failures: totals.failures,
          failedChunks: totals.failedChunks,
          tokens: totals.tokens,
          tokensPerSecond: genSeconds > 0 ? Math.round((totals.tokens / genSeconds) * 10) / 10 : 0,
          seconds: Math.round(seconds * 1000) / 1000,
          sentences: totals.sentences,
          sentencesPerSecond: isClassic && seconds > 0 ? Math.round(totals.sentences / seconds) : 0,
          mentions: totals.mentions,
          mergeCandidates,
          ...(totals.failures ? { failedAnswers: totals.failedAnswers ?? [], failureReasons: totals.failureReasons ?? {} } : {}),
          ...(!isClassic
            ? {
                loadSeconds: Math.round((totals.loadMs ?? 0) / 10) / 100,
                promptTokens: totals.promptTokens ?? 0,
                cachedPromptTokens: totals.cachedPromptTokens ?? 0,
                outputTokens: totals.tokens,
              }
            : {}),
          ...(totals.unsupported && Object.keys(totals.unsupported).length
            ? { notes: Object.entries(totals.unsupported).map(([id, language]) => ({ document: Number(id), language, message: NO_CLASSIC_MESSAGE })) }
            : {}),
        };
      } finally {
        if (lease) await (lease as EngineLease).release();
      }
    },
  });
}
