// Conceptualization (after AutoSchemaKG): every entity, event and relation gets short concept phrases
// at several levels of abstraction, stored as concept nodes with is-a links (concept_links: level,
// model, batch). A resumable job like extraction: with a model, as many instances in flight as the
// engine has sequences, each stored and checkpointed as it finishes (in job order, since the
// checkpoint is a cursor); classic, in batches, each stored and checkpointed in one transaction.
//
// - LLM path (llama, openai): one answer per instance under a JSON schema (3..N bounded strings;
//   with a user schema, the entity's type as an enum of its types plus "unknown"). Phrases are
//   cleaned and checked (1–2 words, not a repeat of the input); when fewer than three survive, the
//   instance is backfilled from its deterministic abstraction ladder and those links carry the
//   model 'fallback', so what the model said and what was filled in stay apart.
// - Classic path (no model, documented fallback): the head noun of each entity phrase and the verb
//   lemma of each event and relation (wink-nlp, as the classic extractor), above it up to two of its
//   WordNet hypernyms (concepts/hypernyms.ts), then the node's type and the user schema's type, each a
//   level more general. It produces what it can (at least one concept each); the three-concept rule
//   is the LLM path's.
// - Types: with a user schema every entity conceptualised gets one of its types or "unknown"
//   (LLM: from the grammar-constrained answer; classic: a type whose name or example matches the
//   entity's label, head noun or concepts). Without one, an untyped entity takes its most general
//   non-generic concept as its type.
import type { Services } from '../services';
import { defineJob, JobCancelled, type KnownJobKind } from '../jobs/runner';
import { runRolling } from '../jobs/rolling';
import { isAbortError, type LlmEngine } from '../llm/engine';
import { modelName, openEngine, type EngineLease } from '../llm/lease';
import { listOf, parseLenient, rawTextOf } from '../llm/json';
import { ConceptRepository, FALLBACK_MODEL, type Instance } from '../store/concepts';
import { ConceptsJobParams, InstanceKind } from '../../../shared/contract/concepts';
import type { LlmEngineName } from '../../../shared/contract/engines';
import { jobResults, type JobKindName } from '../../../shared/contract/jobs';
import {
  abstractionLadder,
  backfill,
  canonicalConcept,
  classicConcepts,
  GENERIC_CONCEPTS,
  headNoun,
  isAcronymIn,
  MIN_CONCEPTS,
  selectConcepts,
  verbLemma,
} from './phrases';
import { hypernymRungs } from './hypernyms';
import { conceptMaxTokens, conceptMessages, conceptSchema, DEFAULT_CONCEPT_LIMITS, type ConceptLimits } from './prompts';
import { entityTypeHints, isSchemaType, matchSchemaType, resolveType, typeChars, UNKNOWN_TYPE, type EntityTypeHint } from './types';

export const CONCEPTS_JOB = 'concepts' satisfies JobKindName;

/** The model name classic links carry. */
const CLASSIC_MODEL = 'classic';

interface Totals {
  processed: number;
  links: number;
  fallbackLinks: number;
  concepts: number;
  typed: number;
  failures: number;
  tokens: number;
  generationMs: number;
  elapsedMs: number;
  batches: number;
}

interface ConceptCheckpoint {
  engineKey: string;
  /** The last instance finished, in the job's order. */
  cursor: { kind: InstanceKind; key: string } | null;
  totals: Totals;
}

const emptyTotals = (): Totals => ({
  processed: 0,
  links: 0,
  fallbackLinks: 0,
  concepts: 0,
  typed: 0,
  failures: 0,
  tokens: 0,
  generationMs: 0,
  elapsedMs: 0,
  batches: 0,
});

const RANK: Record<InstanceKind, number> = { entity: 0, event: 1, relation: 2 };
const keyOf = (i: Instance) => (i.nodeId !== null ? String(i.nodeId) : (i.relation ?? ''));

/** Job order: entities by id, events by id, relation labels by code unit. */
function compare(a: { kind: InstanceKind; key: string }, b: { kind: InstanceKind; key: string }): number {
  if (RANK[a.kind] !== RANK[b.kind]) return RANK[a.kind] - RANK[b.kind];
  if (a.kind !== 'relation') return Number(a.key) - Number(b.key);
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

function instanceSeed(seed: number | undefined, text: string): number | undefined {
  if (seed === undefined) return undefined;
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return (seed + Math.abs(h)) % 2_147_483_647;
}

/** What one instance yielded before storage. */
interface InstanceConcepts {
  /** Phrases from the engine (model or classic), specific to general. */
  phrases: string[];
  /** Phrases backfilled from the ladder (LLM path only). */
  fallback: string[];
  /** The entity's schema type (with a user schema). */
  type?: string;
  /** Phrases that are WordNet hypernyms (classic path): levels, never an induced type. */
  hypernyms?: string[];
  tokens: number;
  failed?: string;
}

export interface LlmConceptOptions {
  engine: LlmEngine;
  limits: ConceptLimits;
  types: EntityTypeHint[];
  neighbours: number;
  repo: ConceptRepository;
  signal?: AbortSignal;
  temperature?: number;
  seed?: number;
}

/** Ask the engine for one instance's concepts; validated, filtered and backfilled to MIN_CONCEPTS. Rejects only when cancelled. */
export async function conceptualiseWithLlm(instance: Instance, o: LlmConceptOptions): Promise<InstanceConcepts> {
  const neighbours = instance.kind === 'entity' && instance.nodeId !== null ? o.repo.neighbours(instance.nodeId, o.neighbours) : [];
  const messages = conceptMessages(instance, { neighbours, limits: o.limits, types: o.types });
  const schema = conceptSchema(instance, o.limits, o.types, MIN_CONCEPTS);
  const typed = instance.kind === 'entity' && o.types.length > 0;
  let value: unknown;
  let tokens = 0;
  try {
    const r = await o.engine.generate(messages, schema, {
      maxTokens: conceptMaxTokens(o.limits, MIN_CONCEPTS, typed ? typeChars(o.types) : 0),
      temperature: o.temperature ?? 0,
      ...(o.seed !== undefined ? { seed: instanceSeed(o.seed, `${instance.kind}:${instance.label}`) } : {}),
      signal: o.signal,
    });
    value = r.value;
    tokens = r.tokens ?? 0;
  } catch (err) {
    if (o.signal?.aborted || isAbortError(err)) throw new JobCancelled();
    const raw = rawTextOf(err);
    value = raw === undefined ? undefined : parseLenient(raw);
    if (value === undefined) return { phrases: [], fallback: [], tokens, failed: (err as Error)?.message ?? String(err) };
  }
  const list = listOf(value, ['concepts', 'concept', 'categories']);
  if (!list) return { phrases: [], fallback: [], tokens, failed: 'the answer has no concepts list' };
  const type = typed ? resolveType((value as Record<string, unknown>)?.type, o.types) : undefined;
  const phrases = selectConcepts(list, instance.label, Math.max(MIN_CONCEPTS, o.limits.concepts));
  const ladderType = type && type !== UNKNOWN_TYPE ? type : instance.type;
  const fallback = phrases.length < MIN_CONCEPTS ? backfill(phrases, abstractionLadder(instance.kind, instance.label, ladderType)) : [];
  return { phrases, fallback, type, tokens };
}

/**
 * The classic engine's concepts of one instance, specific to general: head noun / verb lemma, its
 * WordNet hypernyms (the sense picked by `context`: neighbours' labels and relations), the node's
 * type, and last the user schema's type (matched by name or example against any of them).
 */
function conceptualiseClassic(instance: Instance, types: EntityTypeHint[], context: string[] = []): InstanceConcepts {
  const entity = instance.kind === 'entity';
  const specific = entity ? headNoun(instance.label) : verbLemma(instance.label);
  const above = specific && !isAcronymIn(instance.label, specific) ? hypernymRungs(specific, entity ? 'n' : 'v', [instance.label, ...context]) : [];
  let phrases = classicConcepts(instance.kind, instance.label, instance.type, above);
  const type = entity && types.length ? matchSchemaType([instance.label, instance.type, specific, ...phrases], types) : undefined;
  if (type && type !== UNKNOWN_TYPE) phrases = selectConcepts([...phrases, canonicalConcept(type)], instance.label, phrases.length + 1, false);
  return { phrases, fallback: [], type, hypernyms: above.map(canonicalConcept), tokens: 0 };
}

/** What surrounds an entity, for picking a word's sense: its neighbours' relations and labels. */
function classicContext(repo: ConceptRepository, instance: Instance): string[] {
  return instance.kind === 'entity' && instance.nodeId !== null ? repo.neighbours(instance.nodeId, 8).map((n) => `${n.relation} ${n.label}`) : [];
}

/** Without a user schema: the most general concept that is neither a generic ladder rung nor a WordNet hypernym. */
function inducedType(r: InstanceConcepts): string | null {
  for (const list of [r.phrases, r.fallback]) {
    const t = [...list].reverse().find((p) => !GENERIC_CONCEPTS.has(p) && !r.hypernyms?.includes(p));
    if (t) return t;
  }
  return null;
}

export function conceptsJob(core: Pick<Services, 'store' | 'bus' | 'engines'>): KnownJobKind<typeof CONCEPTS_JOB, ConceptCheckpoint> {
  return defineJob<typeof CONCEPTS_JOB, ConceptCheckpoint>({
    kind: CONCEPTS_JOB,
    params: ConceptsJobParams,
    result: jobResults[CONCEPTS_JOB],
    title: (p) => `Conceptualise ${p.kinds ? p.kinds.join(', ') : 'entities, events and relations'} (${p.engine})`,
    async run(ctx) {
      const started = Date.now();
      const p = ctx.params;
      const repo = core.store.concepts;
      const kinds: InstanceKind[] = p.kinds ?? ['entity', 'event', 'relation'];
      const types = entityTypeHints(core.store);
      const limits: ConceptLimits = { ...DEFAULT_CONCEPT_LIMITS, ...p.limits };
      const isClassic = p.engine === 'classic';
      const request = { engine: p.engine as LlmEngineName, model: p.model, endpoint: p.endpoint, sequences: p.sequences };

      let lease: EngineLease | null = null;
      const acquire = async () => (lease ??= await openEngine(core, request));
      try {
        const model = isClassic ? null : p.model ? modelName(request) : (await acquire()).model;
        const engineKey = isClassic ? CLASSIC_MODEL : `${p.engine}:${model}`;
        const batchPrefix = `${engineKey}#`;
        const cp = ctx.checkpoint?.engineKey === engineKey ? ctx.checkpoint : undefined;
        const totals: Totals = { ...emptyTotals(), ...(cp?.totals ?? {}) };

        const counts = repo.instanceCounts();
        const selected = kinds.reduce((n, k) => n + counts[k], 0);
        const all = repo
          .instances(kinds, p.force ? undefined : batchPrefix)
          .sort((a, b) => compare({ kind: a.kind, key: keyOf(a) }, { kind: b.kind, key: keyOf(b) }));
        // instances this engine already did; those finished by this job before a restart count as processed
        const skipped = p.force ? 0 : Math.max(0, selected - all.length - totals.processed);
        const cursor = cp?.cursor ?? null;
        const pending = cursor ? all.filter((i) => compare({ kind: i.kind, key: keyOf(i) }, cursor) > 0) : all;
        const total = totals.processed + totals.failures + pending.length;
        let done = totals.processed + totals.failures;
        const message = () => {
          const parts = [`${done}/${total} instances`, `${totals.links} links`];
          if (totals.fallbackLinks) parts.push(`${totals.fallbackLinks} backfilled`);
          if (!isClassic && totals.generationMs > 0) parts.push(`${Math.round(totals.tokens / (totals.generationMs / 1000))} tok/s`);
          if (totals.failures) parts.push(`${totals.failures} failed answers`);
          return parts.join(' · ');
        };
        ctx.progress(done, total, message());

        let engine: LlmEngine | null = null;
        if (pending.length && !isClassic) engine = (await acquire()).engine;
        const batchSize = isClassic ? (p.batchSize ?? 64) : Math.max(1, engine?.info().parallelSequences || 1);
        let lastChanged = 0;
        const changed = (force = false) => {
          const now = Date.now();
          if (force || now - lastChanged >= 1000) {
            lastChanged = now;
            core.bus.emit('graph.changed', { reason: 'concepts' });
          }
        };
        const linkModel = isClassic ? CLASSIC_MODEL : model;

        /** Store finished instances and the cursor after the last of them in one transaction. */
        const commit = (batch: Instance[], results: InstanceConcepts[]) => {
          const batchId = `${batchPrefix}${ctx.id}.${totals.batches + 1}`;
          core.store.transaction(() => {
            batch.forEach((inst, k) => {
              const r = results[k];
              totals.tokens += r.tokens;
              done++;
              if (r.failed) {
                totals.failures++;
                return;
              }
              if (p.force) repo.removeLinks(inst, batchPrefix);
              let level = 1;
              const link = (phrase: string, from: string | null) => {
                const c = repo.upsertConcept(phrase);
                if (c.created) totals.concepts++;
                if (repo.addLink({ conceptId: c.id, nodeId: inst.nodeId, relation: inst.relation, level: level++, model: from, batch: batchId })) {
                  totals.links++;
                  if (from === FALLBACK_MODEL) totals.fallbackLinks++;
                }
              };
              for (const ph of r.phrases) link(ph, linkModel);
              for (const ph of r.fallback) link(ph, FALLBACK_MODEL);
              if (inst.kind === 'entity' && inst.nodeId !== null) {
                const current = repo.nodeType(inst.nodeId);
                let next: string | null = null;
                if (types.length) {
                  // a type the schema has stays (in the schema's spelling); any other becomes the answer's type or unknown
                  const own = isSchemaType(current, types) ? resolveType(current, types) : (r.type ?? UNKNOWN_TYPE);
                  if (own !== current) next = own;
                } else if (!current) {
                  next = inducedType(r);
                }
                if (next) {
                  repo.setNodeType(inst.nodeId, next);
                  totals.typed++;
                }
              }
              totals.processed++;
            });
            totals.batches++;
            const last = batch[batch.length - 1];
            ctx.save(
              { engineKey, cursor: { kind: last.kind, key: keyOf(last) }, totals: { ...totals, elapsedMs: totals.elapsedMs + (Date.now() - started) } },
              done,
              total,
              message(),
            );
          });
          changed();
        };

        if (isClassic) {
          for (let i = 0; i < pending.length; i += batchSize) {
            ctx.throwIfCancelled();
            const batch = pending.slice(i, i + batchSize);
            commit(
              batch,
              batch.map((inst) => conceptualiseClassic(inst, types, classicContext(repo, inst))),
            );
            await new Promise((resolve) => setImmediate(resolve));
          }
        } else {
          const options: LlmConceptOptions = {
            engine: engine!,
            limits,
            types,
            neighbours: p.neighbours ?? 4,
            repo,
            signal: ctx.signal,
            temperature: p.temperature,
            seed: p.seed,
          };
          // N instances in flight; finished ones committed in job order, so the cursor checkpoint stays exact
          let generationStart = performance.now();
          await runRolling(
            pending,
            { concurrency: batchSize, ordered: true, signal: ctx.signal },
            (inst) =>
              conceptualiseWithLlm(inst, options).catch((err: unknown) => {
                if (err instanceof JobCancelled || ctx.signal.aborted) throw err;
                return { phrases: [], fallback: [], tokens: 0, failed: String((err as Error)?.message ?? err) } satisfies InstanceConcepts;
              }),
            (finished) => {
              const now = performance.now();
              totals.generationMs += now - generationStart;
              generationStart = now;
              commit(
                finished.map((f) => f.item),
                finished.map((f) => f.result),
              );
            },
          ).catch((err: unknown) => {
            if (err instanceof JobCancelled || ctx.signal.aborted) throw new JobCancelled();
            throw err;
          });
        }
        ctx.throwIfCancelled();
        changed(true);
        ctx.progress(total, total, message());

        const seconds = (totals.elapsedMs + (Date.now() - started)) / 1000;
        const genSeconds = totals.generationMs / 1000;
        return {
          engine: p.engine,
          model,
          instances: {
            entity: kinds.includes('entity') ? counts.entity : 0,
            event: kinds.includes('event') ? counts.event : 0,
            relation: kinds.includes('relation') ? counts.relation : 0,
          },
          processed: totals.processed,
          skipped,
          links: totals.links,
          fallbackLinks: totals.fallbackLinks,
          concepts: totals.concepts,
          typed: totals.typed,
          failures: totals.failures,
          tokens: totals.tokens,
          tokensPerSecond: genSeconds > 0 ? Math.round((totals.tokens / genSeconds) * 10) / 10 : 0,
          seconds: Math.round(seconds * 1000) / 1000,
        };
      } finally {
        if (lease) await (lease as EngineLease).release();
      }
    },
  });
}
