// Conceptualization and schema-typed extraction through the REAL node-llama-cpp on the tiny
// random-weights model (one thread). Its words are noise: these tests check what the grammar,
// validation and backfill guarantee, and keep what the model said apart from what was filled in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { LlamaEngine } from '../../electron/core/llm/llama';
import { conceptualiseWithLlm, type LlmConceptOptions } from '../../electron/core/concepts/induce';
import { abstractionLadder, backfill, isValidConcept, MIN_CONCEPTS } from '../../electron/core/concepts/phrases';
import { conceptMessages, type ConceptLimits } from '../../electron/core/concepts/prompts';
import { entityTypeHints, typeEnum } from '../../electron/core/concepts/types';
import { ConceptRepository, FALLBACK_MODEL, type Instance } from '../../electron/core/store/concepts';
import { normalizeLabel } from '../../electron/core/store/normalize';
import { entityEntitySchema, DEFAULT_LIMITS } from '../../electron/core/extract/answer-schemas';
import { ConceptsSummary } from '../../shared/contract/concepts';
import { tinyModelPath } from '../helpers/tiny-model';
import { tmpDir } from '../helpers/tmp';
import { nextEvent } from '../helpers/events';
import { insertText } from '../extract/fixtures';
import { seedConceptGraph } from './seed';

const LIMITS: ConceptLimits = { phrase: 16, concepts: 3 };
const SAMPLING = { temperature: 0.9, seed: 11 };
const MODEL = path.basename(tinyModelPath());

const t = tmpDir('gw-concepts-llama-');
let engine: LlamaEngine;

beforeAll(async () => {
  engine = await LlamaEngine.load({ modelPath: tinyModelPath(), maxThreads: 1, sequences: 2, gpu: false });
});
afterAll(async () => {
  await engine?.close();
  t.cleanup();
});

function openCore(file: string, startJobs = true) {
  const core = new Core({ dbPath: path.join(t.dir, file), startJobs, llm: { maxThreads: 1, gpu: false } });
  core.engines.use('extraction', engine);
  return core;
}

interface LinkRow {
  id: number;
  concept: string;
  node_id: number | null;
  relation: string | null;
  level: number;
  model: string | null;
  batch: string;
}
const linksOf = (core: Core) =>
  core.store.db
    .prepare(
      'SELECT l.id, c.label AS concept, l.node_id, l.relation, l.level, l.model, l.batch FROM concept_links l JOIN nodes c ON c.id = l.concept_id ORDER BY l.id',
    )
    .all() as LinkRow[];

/** Every instance of the graph with its links, in level order. */
function byInstance(core: Core, kinds: Instance['kind'][]): { instance: Instance; links: LinkRow[] }[] {
  const all = linksOf(core);
  return new ConceptRepository(core.store.db).instances(kinds).map((instance) => ({
    instance,
    links: all.filter((l) => (instance.nodeId !== null ? l.node_id === instance.nodeId : l.relation === instance.relation)).sort((a, b) => a.level - b.level),
  }));
}

/** What must hold for every instance the LLM path stored. */
function expectLlmLayer(core: Core, kinds: Instance['kind'][] = ['entity', 'event', 'relation']) {
  const rows = byInstance(core, kinds);
  let modelOnly = 0;
  let modelLinks = 0;
  let fallbackLinks = 0;
  for (const { instance, links } of rows) {
    const what = `${instance.kind} "${instance.label}"`;
    expect(links.length, what).toBeGreaterThanOrEqual(MIN_CONCEPTS);
    for (const l of links) expect(normalizeLabel(l.concept), what).not.toBe(normalizeLabel(instance.label));
    expect(links.map((l) => l.level)).toEqual(links.map((_, i) => i + 1));
    const fromModel = links.filter((l) => l.model === MODEL);
    const filled = links.filter((l) => l.model === FALLBACK_MODEL);
    expect(fromModel.length + filled.length, what).toBe(links.length);
    // the model's phrases come first and pass the strict check; the rest is exactly the ladder's backfill
    expect(links.slice(0, fromModel.length)).toEqual(fromModel);
    for (const l of fromModel) expect(isValidConcept(l.concept, instance.label), `${what}: ${l.concept}`).toBe(true);
    const ladder = abstractionLadder(instance.kind, instance.label, core.store.graph.getNode(instance.nodeId ?? 0)?.type ?? instance.type);
    expect(
      filled.map((l) => l.concept),
      what,
    ).toEqual(
      fromModel.length >= MIN_CONCEPTS
        ? []
        : backfill(
            fromModel.map((l) => l.concept),
            ladder,
          ),
    );
    if (!filled.length) modelOnly++;
    modelLinks += fromModel.length;
    fallbackLinks += filled.length;
  }
  return { instances: rows.length, modelOnly, modelLinks, fallbackLinks };
}

describe('conceptualization on the tiny model (real node-llama-cpp)', () => {
  it('stores at least three concepts for every entity, event and relation, none equal to the input; model phrases and backfill kept apart', async () => {
    const core = openCore('a.db');
    try {
      const seed = seedConceptGraph(core.store);
      // entities are asked with their neighbours and relations as context
      const repo = new ConceptRepository(core.store.db);
      const eap: Instance = { kind: 'entity', nodeId: seed.nodes.eap, relation: null, label: 'EAP', type: 'protocol' };
      const prompt = conceptMessages(eap, { neighbours: repo.neighbours(seed.nodes.eap, 4), limits: LIMITS, types: [] })[1].content;
      expect(prompt).toContain('- EAP is defined in RFC 2865');
      expect(prompt).toContain('- RADIUS servers sends EAP');

      const job = core.jobs.enqueue('concepts', { engine: 'llama', limits: LIMITS, ...SAMPLING });
      const done = await core.jobs.wait(job.id);
      expect(done.state, done.error ?? '').toBe('done');
      const s = ConceptsSummary.parse(done.result);
      expect(s).toMatchObject({ engine: 'llama', model: MODEL, instances: { entity: 5, event: 2, relation: 4 }, processed: 11, failures: 0 });
      expect(s.tokens).toBeGreaterThan(0);
      const layer = expectLlmLayer(core);
      expect(layer.instances).toBe(11);
      expect(layer.modelLinks).toBeGreaterThan(0);
      expect(layer.modelOnly).toBeGreaterThan(0); // some instances got three valid phrases from the model alone
      expect(s.fallbackLinks).toBe(layer.fallbackLinks);
      expect(s.links).toBe(linksOf(core).length);
      // no schema: untyped entities took a type from their concepts
      expect(core.store.graph.getNode(seed.nodes.servers)!.type).not.toBeNull();
      const cov = (await core.call('concepts.coverage', {})) as { ok: true; value: { instances: Record<string, { total: number; covered: number }> } };
      expect(cov.value.instances).toEqual({ entity: { total: 5, covered: 5 }, event: { total: 2, covered: 2 }, relation: { total: 4, covered: 4 } });
    } finally {
      await core.close();
    }
  });

  it('greedy decoding repeats one string: it is kept once and the instance is backfilled from its ladder, marked fallback', async () => {
    const core = openCore('greedy.db');
    try {
      seedConceptGraph(core.store);
      const repo = new ConceptRepository(core.store.db);
      const options: LlmConceptOptions = { engine, limits: LIMITS, types: [], neighbours: 2, repo, temperature: 0 };
      const relation: Instance = { kind: 'relation', nodeId: null, relation: 'is defined in', label: 'is defined in', type: null };
      const r = await conceptualiseWithLlm(relation, options);
      expect(r.failed).toBeUndefined();
      expect(r.phrases.length).toBeGreaterThanOrEqual(1);
      expect(r.phrases.length).toBeLessThan(MIN_CONCEPTS); // the tiny model's greedy answer is one string three times
      expect(r.fallback).toEqual(backfill(r.phrases, abstractionLadder('relation', 'is defined in', null)));
      expect(r.fallback[0]).toBe('define'); // the ladder starts from the verb lemma

      const job = core.jobs.enqueue('concepts', { engine: 'llama', kinds: ['relation'], limits: LIMITS, temperature: 0 });
      const done = await core.jobs.wait(job.id);
      expect(done.state, done.error ?? '').toBe('done');
      const s = ConceptsSummary.parse(done.result);
      expect(s.fallbackLinks).toBeGreaterThan(0);
      const stored = linksOf(core);
      expect(stored.filter((l) => l.model === FALLBACK_MODEL).length).toBe(s.fallbackLinks);
      expect(stored.filter((l) => l.relation === 'is defined in').map((l) => [l.concept, l.model])).toEqual([
        ...r.phrases.map((p) => [p, MODEL]),
        ...r.fallback.map((p) => [p, FALLBACK_MODEL]),
      ]);
      expectLlmLayer(core, ['relation']);
      // a re-run skips what this model did
      const again = core.jobs.enqueue('concepts', { engine: 'llama', kinds: ['relation'], limits: LIMITS, temperature: 0 });
      expect(ConceptsSummary.parse((await core.jobs.wait(again.id)).result)).toMatchObject({ processed: 0, skipped: 4, links: 0 });
    } finally {
      await core.close();
    }
  });

  it('resumes an interrupted job from its checkpoint without redoing an instance', async () => {
    const a = openCore('kill.db');
    seedConceptGraph(a.store, 12);
    const checkpointed = nextEvent(a.bus, 'job.progress', (j) => Boolean(a.jobs.repo.get(j.id)?.checkpoint));
    const job = a.jobs.enqueue('concepts', { engine: 'llama', limits: LIMITS, ...SAMPLING });
    await checkpointed; // its first checkpoint
    expect(a.jobs.repo.get(job.id)!.checkpoint).toBeTruthy();
    await a.close();

    const b = openCore('kill.db', false);
    try {
      const row = b.jobs.repo.get(job.id)!;
      expect(row.state).toBe('queued');
      const cp = row.checkpoint as { cursor: { kind: string; key: string }; totals: { processed: number } };
      expect(cp.cursor).not.toBeNull();
      const total = new ConceptRepository(b.store.db).instances(['entity', 'event', 'relation']).length;
      expect(cp.totals.processed).toBeGreaterThan(0);
      expect(cp.totals.processed).toBeLessThan(total);
      const before = linksOf(b);
      b.jobs.start();
      const done = await b.jobs.wait(job.id);
      expect(done.state, done.error ?? '').toBe('done');
      const s = ConceptsSummary.parse(done.result);
      expect(s.processed).toBe(total); // each instance once across the two runs
      const after = linksOf(b);
      // the links written before the interruption are untouched, and no instance got a second batch
      expect(after.slice(0, before.length)).toEqual(before);
      const batches = new Map<string, Set<string>>();
      for (const l of after) {
        const key = l.node_id !== null ? `n${l.node_id}` : `r${l.relation}`;
        batches.set(key, (batches.get(key) ?? new Set()).add(l.batch));
      }
      expect([...batches.values()].every((set) => set.size === 1)).toBe(true);
      expect(batches.size).toBe(total);
      expectLlmLayer(b);
    } finally {
      await b.close();
    }
  });

  it('with a schema of two types, every extracted entity is typed one of them or unknown (grammar-enforced, checked in the store)', async () => {
    const core = openCore('schema.db');
    try {
      const imported = await core.call('schema.types.import', {
        text: 'entityTypes:\n  - name: Protocol\n    examples: [EAP, RADIUS]\n  - name: Standard\n    examples: [RFC 2865]\n',
      });
      expect(imported.ok).toBe(true);
      const types = entityTypeHints(core.store);
      const allowed = ['Protocol', 'Standard', 'unknown'];

      // the grammar itself: an EE answer under the typed schema only ever holds allowed type names
      const l = { ...DEFAULT_LIMITS, entity: 12, relation: 10, triples: 3 };
      const typed = entityEntitySchema(l, { compact: false, types: typeEnum(types) }) as { properties: { triples: Record<string, unknown> } };
      typed.properties.triples.minItems = 2; // so that random weights cannot answer with an empty list
      const raw = await engine.generate<{ triples: { head_type: string; tail_type: string }[] }>(
        [{ role: 'user', content: 'EAP runs over RADIUS. RADIUS is defined in RFC 2865.' }],
        typed,
        { maxTokens: 400, temperature: 1, seed: 7 },
      );
      expect(raw.value.triples.length).toBeGreaterThan(0);
      for (const x of raw.value.triples) {
        expect(allowed).toContain(x.head_type);
        expect(allowed).toContain(x.tail_type);
      }

      const doc = insertText(core, 's', 'The NAS sends an Access-Request to the RADIUS server.\n\nEAP carries the authentication exchange.', { size: 60 });
      const ex = core.jobs.enqueue('extract', {
        documents: [doc],
        engine: 'llama',
        limits: { entity: 16, relation: 12, event: 24, triples: 2, events: 1, participants: 2, eventRelations: 1 },
        ...SAMPLING,
        mergeCandidates: false,
      });
      const exDone = await core.jobs.wait(ex.id);
      expect(exDone.state, exDone.error ?? '').toBe('done');
      const entityTypes = () => core.store.db.prepare("SELECT label, type FROM nodes WHERE kind = 'entity'").all() as { label: string; type: string | null }[];
      const extracted = entityTypes();
      expect(extracted.length).toBeGreaterThan(0);
      for (const e of extracted) expect(allowed, e.label).toContain(e.type);

      // conceptualization with the schema keeps every entity in the schema's types
      const job = core.jobs.enqueue('concepts', { engine: 'llama', kinds: ['entity'], limits: LIMITS, ...SAMPLING });
      const done = await core.jobs.wait(job.id);
      expect(done.state, done.error ?? '').toBe('done');
      for (const e of entityTypes()) expect(allowed, e.label).toContain(e.type);
      expectLlmLayer(core, ['entity']);
    } finally {
      await core.close();
    }
  });
});
