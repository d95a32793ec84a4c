// Evaluation runs: import a gold set into its own tables, then run an engine over it as a resumable
// job. Extraction reads each gold text with the product's extractors (classic, or the LLM stages)
// without touching the graph; QA asks each question through the retriever and answerer the app
// uses. Every prediction is stored as it is made, so a killed run resumes where it stopped.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Services } from '../services';
import { defineJob, JobCancelled, type KnownJobKind } from '../jobs/runner';
import { headline, type GoldItemRow } from '../store/eval';
import { ApiError } from '../../../shared/errors';
import type {
  EvalMention,
  EvalRunInfo,
  EvalRunStartInput,
  EvalScores,
  EvalSettings,
  EvalTriple,
  GoldFormat,
  GoldItem,
  GoldQuestion,
  GoldSetInfo,
} from '../../../shared/contract/eval';
import { EvalJobParams, EvalRunStartInput as StartSchema } from '../../../shared/contract/eval';
import { jobResults, type JobInfoOf, type JobKindName } from '../../../shared/contract/jobs';
import type { EngineName } from '../../../shared/contract/engines';
import { readGold } from './gold';
import { goldMentions, scoreExtraction, type Prediction, type TypeHint } from './score';
import { scoreQa, type QaPrediction } from './qa';
import { classicExtract } from '../extract/classic';
import { DocumentResolver } from '../extract/resolve';
import { extractChunkWithLlm, StageAborted } from '../extract/pipeline';
import { openEngine, type EngineLease } from '../llm/lease';
import { PROMPT_VERSIONS, promptsFor } from '../extract/prompts';
import { DEFAULT_LIMITS } from '../extract/answer-schemas';
import { DEFAULT_CONFIDENCE, type ChunkExtraction, type Mention } from '../extract/types';
import { getRetriever } from '../retrieve';
import { answerQuestion, confidenceThreshold, SETTING_CONFIDENCE_THRESHOLD } from '../chat/answer';
import { rankerFromSetting, SETTING_ANSWER_MODEL } from '../chat/ranker';
import type { LlmEngine } from '../llm/engine';
import { version as appVersion } from '../version';
import { log } from '../log';

export const EVAL_JOB = 'eval' satisfies JobKindName;

// ---- gold

export function importGold(core: Pick<Services, 'store'>, input: { path: string; format?: GoldFormat; name?: string }): GoldSetInfo {
  const abs = path.resolve(input.path);
  const parsed = readGold(abs, input.format);
  const hash = crypto.createHash('sha256').update(fs.readFileSync(abs)).update(`\0${parsed.format}`).digest('hex');
  const repo = core.store.evals;
  const name = input.name?.trim() || path.basename(abs);
  const same = repo.findSetByHash(hash);
  if (same && same.name === name) return same;
  const mentions = parsed.items.reduce((n, it) => n + goldMentions(it).length, 0);
  const triples = parsed.items.reduce((n, it) => n + it.triples.length, 0);
  return repo.insertSet({
    name,
    format: parsed.format,
    kind: parsed.kind,
    path: abs,
    hash,
    items: parsed.kind === 'qa' ? parsed.questions : parsed.items,
    mentions,
    triples,
  });
}

// ---- settings

/** sha256 (12 hex) of the LLM extraction prompts, rendered on a fixed probe in both answer shapes: changes whenever a prompt changes. */
export function promptVersion(): string {
  const h = crypto.createHash('sha256').update(JSON.stringify(PROMPT_VERSIONS));
  for (const lang of ['en', 'ko'] as const) {
    const p = promptsFor(lang);
    for (const compact of [true, false]) {
      const setup = { limits: DEFAULT_LIMITS, compact };
      h.update(p.system(setup))
        .update(p.passage({ text: 'PROBE', context: [] }, setup))
        .update(p.ev(setup))
        .update(p.vv(setup, ['PROBE']))
        .update(p.glean('EE', setup));
    }
  }
  return h.digest('hex').slice(0, 12);
}

function fileSha256(file: string): string | null {
  try {
    const h = crypto.createHash('sha256');
    const fd = fs.openSync(file, 'r');
    try {
      const buf = Buffer.allocUnsafe(1 << 20);
      for (let n; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0;) h.update(buf.subarray(0, n));
    } finally {
      fs.closeSync(fd);
    }
    return h.digest('hex');
  } catch (err) {
    log.debug('eval', 'a file could not be hashed; the report records no hash for it', err);
    return null;
  }
}

export function startRun(core: Pick<Services, 'store' | 'jobs'>, raw: EvalRunStartInput): { run: EvalRunInfo; job: JobInfoOf<typeof EVAL_JOB> } {
  const input = StartSchema.parse(raw);
  const repo = core.store.evals;
  const set = repo.getSet(input.goldSet);
  if (!set) throw new ApiError('not_found', `no gold set ${input.goldSet}`);
  if (input.engine === 'llama' && input.model && !fs.existsSync(input.model))
    throw new ApiError('bad_request', `model file not found: ${path.resolve(input.model)}`);
  const settings: EvalSettings = {
    engine: input.engine,
    model: input.engine === 'llama' && input.model ? path.resolve(input.model) : (input.model ?? null),
    modelHash: input.engine === 'llama' && input.model ? fileSha256(path.resolve(input.model)) : null,
    endpoint: input.endpoint ?? null,
    promptVersion: input.engine === 'classic' ? 'classic' : promptVersion(),
    chunker: set.kind === 'qa' ? 'database chunks' : 'item',
    mentionMode: input.mentionMode,
    ...(set.kind === 'qa' ? { k: input.k ?? 5 } : {}),
    appVersion,
    limit: input.limit ?? null,
    temperature: input.engine === 'classic' ? null : (input.temperature ?? null),
    seed: input.engine === 'classic' ? null : (input.seed ?? null),
    limits: input.engine === 'classic' || !input.limits ? null : (input.limits as Record<string, number>),
  };
  const label = input.label?.trim() || `${input.engine}${settings.model ? ` ${path.basename(settings.model)}` : ''}`;
  const id = repo.createRun({ setId: set.id, kind: set.kind, label, settings });
  const job = core.jobs.enqueue(EVAL_JOB, { run: id });
  repo.setRunJob(id, job.id);
  return { run: repo.getRun(id)!, job };
}

// ---- predictions

const toMention = (m: Mention | { text: string; type?: string; span?: { start: number; end: number } | null }, text: string): EvalMention => {
  let start = m.span?.start ?? null;
  let end = m.span?.end ?? null;
  if (start === null || end === null) {
    // an answer without a span: its first occurrence in the text, any case
    const at = m.text ? text.toLowerCase().indexOf(m.text.toLowerCase()) : -1;
    if (at >= 0) {
      start = at;
      end = at + m.text.length;
    }
  }
  return { text: m.text, type: m.type ?? null, start, end };
};

function predictionOf(ex: ChunkExtraction, text: string, engine: EngineName): Prediction {
  const mentions = ex.mentions.map((m) => toMention(m, text));
  const triples: EvalTriple[] = ex.triples.map((t) => ({
    subject: toMention(t.head, text),
    relation: t.relation,
    object: toMention(t.tail, text),
    confidence: t.confidence ?? DEFAULT_CONFIDENCE[engine][t.stage],
  }));
  return { mentions, triples };
}

/** The classic extractor on one gold text (read whole, as one chunk). */
function classicPrediction(text: string): Prediction {
  const resolver = new DocumentResolver(text);
  return predictionOf(classicExtract(text, { start: 0, end: text.length }, { acronyms: resolver.acronyms }), text, 'classic');
}

// ---- scoring a stored run

function hints(core: Pick<Services, 'store'>, kind: 'entity' | 'relation'): TypeHint[] {
  return core.store.schemaTypes.list(kind).map((t) => ({ name: t.name, examples: t.examples }));
}

function scoreRun(core: Pick<Services, 'store'>, runId: number): EvalScores {
  const repo = core.store.evals;
  const run = repo.getRun(runId);
  if (!run) throw new ApiError('not_found', `no evaluation run ${runId}`);
  const items = repo.items(run.goldSet, run.settings.limit);
  const preds = repo.predictions<unknown>(runId);
  if (run.kind === 'qa') {
    return scoreQa(
      items.map((i) => i.gold as GoldQuestion),
      items.map((i) => preds.get(i.id) as QaPrediction | undefined),
      run.settings.k ?? 5,
    );
  }
  return scoreExtraction(
    items.map((i) => i.gold as GoldItem),
    items.map((i) => preds.get(i.id) as Prediction | undefined),
    { mentionMode: run.settings.mentionMode, relationTypes: hints(core, 'relation'), entityTypes: hints(core, 'entity') },
  );
}

// ---- the job

export function evalJob(core: Pick<Services, 'store' | 'bus' | 'engines'>): KnownJobKind<typeof EVAL_JOB, { done: number }> {
  return defineJob<typeof EVAL_JOB, { done: number }>({
    kind: EVAL_JOB,
    params: EvalJobParams,
    result: jobResults[EVAL_JOB],
    title: (p) => {
      const run = core.store.evals.getRun(p.run);
      return run ? `Evaluate ${run.label} on ${run.goldName}` : 'Evaluate';
    },
    async run(ctx) {
      const { run: runId } = ctx.params;
      const repo = core.store.evals;
      const run = repo.getRun(runId);
      if (!run) throw new ApiError('not_found', `no evaluation run ${runId}`);
      repo.setRunState(runId, 'running');
      const items = repo.items(run.goldSet, run.settings.limit);
      const done = repo.predictions<unknown>(runId);
      const pending = items.filter((i) => !done.has(i.id));
      const total = items.length;
      let count = total - pending.length;
      const unit = run.kind === 'qa' ? 'questions' : 'texts';
      ctx.progress(count, total, `${count}/${total} ${unit}`);
      const s = run.settings;
      let lease: EngineLease | null = null;
      try {
        if (run.kind === 'extraction') {
          let engine: LlmEngine | null = null;
          if (s.engine !== 'classic' && pending.length) {
            lease = await openEngine(core, { engine: s.engine, model: s.model ?? undefined, endpoint: s.endpoint ?? undefined });
            engine = lease.engine;
          }
          const batch = s.engine === 'classic' ? 16 : Math.max(1, engine?.info().parallelSequences || 1);
          for (let i = 0; i < pending.length; i += batch) {
            ctx.throwIfCancelled();
            const slice = pending.slice(i, i + batch);
            let results: { item: GoldItemRow; p: Prediction }[];
            if (!engine) {
              results = slice.map((item) => ({ item, p: classicPrediction((item.gold as GoldItem).text) }));
            } else {
              const settled = await Promise.allSettled(
                slice.map((item) =>
                  extractChunkWithLlm(
                    { text: (item.gold as GoldItem).text },
                    {
                      engine: engine!,
                      engineName: s.engine,
                      signal: ctx.signal,
                      temperature: s.temperature ?? undefined,
                      seed: s.seed ?? undefined,
                      limits: s.limits ?? undefined,
                    },
                  ),
                ),
              );
              if (ctx.signal.aborted || settled.some((x) => x.status === 'rejected' && x.reason instanceof StageAborted)) throw new JobCancelled();
              results = settled.map((x, k) => {
                const text = (slice[k].gold as GoldItem).text;
                const ex: ChunkExtraction = x.status === 'fulfilled' ? x.value : { triples: [], mentions: [], failures: 3, tokens: 0, stages: {} };
                return { item: slice[k], p: predictionOf(ex, text, s.engine) };
              });
            }
            repo.transaction(() => {
              for (const r of results) repo.savePrediction(runId, r.item.id, r.p);
              count += results.length;
              ctx.save({ done: count }, count, total, `${count}/${total} ${unit}`);
            });
            await new Promise((resolve) => setImmediate(resolve));
          }
        } else {
          let engine: LlmEngine | null = null;
          if (s.engine !== 'classic' && pending.length) {
            lease = await openEngine(core, { engine: s.engine, model: s.model ?? undefined, endpoint: s.endpoint ?? undefined });
            engine = lease.engine;
          }
          const retriever = getRetriever(core);
          const threshold = confidenceThreshold(core.store.settings.get(SETTING_CONFIDENCE_THRESHOLD));
          const ranker = rankerFromSetting(core.store.settings.get(SETTING_ANSWER_MODEL));
          for (const item of pending) {
            ctx.throwIfCancelled();
            const q = item.gold as GoldQuestion;
            const retrieval = await retriever.retrieve(q.question, { maxPassages: s.k ?? 5, engine, signal: ctx.signal });
            const answer = await answerQuestion(q.question, retrieval, {
              engine,
              signal: ctx.signal,
              temperature: s.temperature ?? undefined,
              threshold,
              ranker,
            });
            const p: QaPrediction = {
              passages: retrieval.passages.map((x) => ({ id: x.id, document: x.document, text: x.text })),
              answer: answer.content,
              mode: answer.mode,
              outcome: retrieval.outcome,
              answers: answer.answers,
              confidence: answer.confidence,
              answerOutcome: answer.outcome,
            };
            repo.transaction(() => {
              repo.savePrediction(runId, item.id, p);
              count++;
              ctx.save({ done: count }, count, total, `${count}/${total} ${unit}`);
            });
          }
        }
      } catch (err) {
        repo.setRunState(runId, err instanceof JobCancelled || ctx.signal.aborted ? 'cancelled' : 'failed');
        throw err;
      } finally {
        if (lease) await (lease as EngineLease).release();
      }
      const scores = scoreRun(core, runId);
      repo.finishRun(runId, scores);
      ctx.progress(total, total, `${total}/${total} ${unit} scored`);
      return { run: runId, headline: headline(scores) };
    },
  });
}
