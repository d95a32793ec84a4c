// The vector index (sqlite-vec) and what retrieval does with it, on the real tiny GGUF (random
// weights: its vectors carry no meaning, but identical text embeds identically, so a text's own
// vector is its nearest neighbour). Where a test needs "a model that knows two texts mean the same",
// it stores the question's real vector for a chunk or a label: the index content, not the engine, is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { LlamaEngine } from '../../electron/core/llm/llama';
import type { LlmEngine } from '../../electron/core/llm/engine';
import { Retriever } from '../../electron/core/retrieve/retriever';
import { DenseIndex, embeddingModelIdentity, nearestLabelVertices, reciprocalRankFusion } from '../../electron/core/retrieve/dense';
import { linkEntities } from '../../electron/core/retrieve/link';
import { EMBEDDINGS_JOB, type EmbeddingsJobResult } from '../../electron/core/retrieve/embed-job';
import { VectorRepository } from '../../electron/core/store/vectors';
import { tinyModelPath } from '../helpers/tiny-model';
import { buildFixture } from './fixture';

let engine: LlamaEngine;
let other: LlamaEngine;
let dir: string;

beforeAll(async () => {
  engine = await LlamaEngine.load({ modelPath: tinyModelPath(), maxThreads: 1, gpu: false, sequences: 1, contextSize: 512 });
  other = await LlamaEngine.load({ modelPath: tinyModelPath({ seed: 7 }), maxThreads: 1, gpu: false, sequences: 1, contextSize: 512 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-dense-'));
}, 120_000);

afterAll(async () => {
  await engine?.close();
  await other?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The engine, counting the texts it embeds (it still embeds them: nothing is faked). */
function counting(e: LlmEngine): LlmEngine & { texts: string[] } {
  const texts: string[] = [];
  return Object.assign(Object.create(e) as LlmEngine, {
    texts,
    info: () => e.info(),
    embed: (t: string[]) => {
      texts.push(...t);
      return e.embed(t);
    },
  });
}

let n = 0;
function newCore(): Core {
  const core = new Core({ dbPath: path.join(dir, `g${++n}.db`), startJobs: false, progressIntervalMs: 0 });
  buildFixture(core.store);
  return core;
}

async function runIndex(core: Core, embedder: LlmEngine, params: Record<string, unknown> = {}) {
  core.engines.use('embedding', embedder);
  core.jobs.start();
  const job = core.jobs.enqueue(EMBEDDINGS_JOB, params);
  return core.jobs.wait(job.id);
}

const labelCount = (core: Core) => core.store.db.prepare("SELECT COUNT(*) AS n FROM nodes WHERE kind <> 'passage'").get() as { n: number };

describe('embeddings.index job', () => {
  it('builds vectors of every chunk and label, recording the model and the dimension', async () => {
    const core = newCore();
    try {
      const res = await core.call('retrieve.index.status', {});
      expect(res).toMatchObject({ ok: true, value: { available: true, index: null, chunks: 3 } });
      core.engines.use('embedding', engine);
      core.jobs.start();
      const started = await core.call('retrieve.index.start', {});
      expect(started.ok).toBe(true);
      const job = await core.jobs.wait((started as { value: { id: number } }).value.id);
      expect(job.state).toBe('done');
      const r = job.result as EmbeddingsJobResult;
      expect(r).toMatchObject({ chunks: 3, labels: labelCount(core).n, dimension: 64, model: embeddingModelIdentity(engine), rebuilt: true, removed: 0 });
      expect(r.model).toMatch(/^llama:[0-9a-f]+\.gguf:\d+$/);
      const status = await core.call('retrieve.index.status', {});
      expect(status).toMatchObject({ ok: true, value: { index: { model: r.model, dimension: 64, chunks: 3, labels: r.labels } } });
    } finally {
      await core.close();
    }
  }, 60_000);

  it('resumes after a cancel without embedding again what it stored', async () => {
    const core = newCore();
    try {
      const e = counting(engine);
      core.engines.use('embedding', e);
      const total = 3 + labelCount(core).n;
      let cancelledAt = 0;
      core.bus.on('job.progress', (j) => {
        if (j.kind === EMBEDDINGS_JOB && j.state === 'running' && j.progress.done >= 4 && !cancelledAt) {
          cancelledAt = j.progress.done;
          core.jobs.cancel(j.id);
        }
      });
      core.jobs.start();
      const job = core.jobs.enqueue(EMBEDDINGS_JOB, { batchSize: 2 });
      const stopped = await core.jobs.wait(job.id);
      expect(stopped.state).toBe('cancelled');
      const vectors = new VectorRepository(core.store.db);
      const partial = vectors.current()!;
      expect(cancelledAt).toBeLessThan(total);
      expect(partial.chunks + partial.labels).toBe(cancelledAt);
      expect(e.texts.filter((t) => t !== 'dimension').length).toBe(cancelledAt);

      core.jobs.resume(job.id);
      const done = await core.jobs.wait(job.id);
      expect(done.state).toBe('done');
      expect(done.progress).toMatchObject({ done: total, total });
      const r = done.result as EmbeddingsJobResult;
      expect(r.chunks + r.labels).toBe(total);
      expect(r.rebuilt).toBe(false);
      // every chunk and label embedded exactly once over both runs
      const embedded = e.texts.filter((t) => t !== 'dimension');
      expect(embedded.length).toBe(total);
      const sources = core.store.db.prepare("SELECT text FROM chunks UNION ALL SELECT label FROM nodes WHERE kind <> 'passage'").pluck().all() as string[];
      expect(embedded.sort()).toEqual(sources.sort());
    } finally {
      await core.close();
    }
  }, 60_000);

  it('adds only new and changed items, removes the vectors of deleted ones, and rebuilds for another model', async () => {
    const core = newCore();
    try {
      expect((await runIndex(core, engine)).state).toBe('done');
      const e = counting(engine);
      const doc = core.store.documents.insert({
        title: 'Extra',
        sourcePath: null,
        format: 'text',
        language: 'en',
        pages: [],
        contentHash: 'extra',
        text: 'One more passage about gardens.',
        originalText: null,
        chunks: [{ ordinal: 0, start: 0, end: 31, page: null, headingPath: [], text: 'One more passage about gardens.', hash: 'x0' }],
      });
      core.store.graph.upsertNode({ kind: 'entity', label: 'Gardens' });
      const again = await runIndex(core, e);
      expect(again.result).toMatchObject({ added: 2, removed: 0, rebuilt: false, chunks: 4 });
      expect(e.texts.filter((t) => t !== 'dimension').sort()).toEqual(['Gardens', 'One more passage about gardens.']);

      core.store.documents.remove(doc);
      const after = await runIndex(core, e);
      expect(after.result).toMatchObject({ added: 0, removed: 1, chunks: 3 });

      const changed = await runIndex(core, other);
      const r = changed.result as EmbeddingsJobResult;
      expect(r).toMatchObject({ rebuilt: true, chunks: 3, labels: labelCount(core).n, added: 3 + labelCount(core).n });
      expect(r.model).toBe(embeddingModelIdentity(other));
      expect(r.model).not.toBe(embeddingModelIdentity(engine));
      // the index answers only for the model that built it
      const vectors = new VectorRepository(core.store.db);
      expect(DenseIndex.open(vectors, engine)).toBeNull();
      expect(DenseIndex.open(vectors, other)).not.toBeNull();
      // the old model's vec0 tables are gone
      const vec0 = core.store.db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%vec0%' ORDER BY name")
        .pluck()
        .all();
      expect(vec0).toEqual([`vec_chunks_${vectors.current()!.id}`, `vec_labels_${vectors.current()!.id}`]);
    } finally {
      await core.close();
    }
  }, 90_000);

  it('follows an extraction by itself when retrieve.useEmbeddings is on and an embedding model is there', async () => {
    const core = new Core({ dbPath: path.join(dir, `g${++n}.db`), progressIntervalMs: 0 });
    try {
      buildFixture(core.store);
      core.engines.use('embedding', engine);
      core.store.settings.set('retrieve.useEmbeddings', true);
      const extract = await core.call('extract.start', { engine: 'classic' });
      expect(extract.ok).toBe(true);
      await core.jobs.wait((extract as { value: { id: number } }).value.id);
      const job = await new Promise<number>((resolve) => {
        const find = () => core.jobs.list(undefined, 20).find((j) => j.kind === EMBEDDINGS_JOB);
        const poll = setInterval(() => {
          const j = find();
          if (j) {
            clearInterval(poll);
            resolve(j.id);
          }
        }, 20);
      });
      const done = await core.jobs.wait(job);
      expect(done.state).toBe('done');
      expect(done.result).toMatchObject({ chunks: 3, labels: labelCount(core).n });
    } finally {
      await core.close();
    }
  }, 60_000);

  it('refuses to start without an embedding model, naming what to do', async () => {
    const core = newCore();
    try {
      const res = await core.call('retrieve.index.start', {});
      expect(res).toMatchObject({ ok: false, error: { message: expect.stringMatching(/no model is chosen for embedding/) } });
    } finally {
      await core.close();
    }
  });
});

describe('dense retrieval', () => {
  it('KNN over chunk vectors returns the chunk whose own text is the query', async () => {
    const core = newCore();
    try {
      await runIndex(core, engine);
      const dense = DenseIndex.open(new VectorRepository(core.store.db), engine)!;
      expect(dense).not.toBeNull();
      const chunks = core.store.db.prepare('SELECT id, text FROM chunks ORDER BY id').all() as { id: number; text: string }[];
      for (const c of chunks) {
        const hits = await dense.passages(c.text, 3);
        expect(hits[0].chunk).toBe(c.id);
        expect(hits[0].similarity).toBeGreaterThan(0.9999);
      }
    } finally {
      await core.close();
    }
  }, 60_000);

  it('hybrid retrieval offers a passage only dense search finds; without an embedder nothing changes', async () => {
    const core = newCore();
    try {
      // a passage no triple cites and no question word reaches
      const roses = 'Roses need six hours of sun each day.';
      core.store.documents.insert({
        title: 'Garden notes',
        sourcePath: null,
        format: 'text',
        language: 'en',
        pages: [],
        contentHash: 'garden',
        text: roses,
        originalText: null,
        chunks: [{ ordinal: 0, start: 0, end: roses.length, page: null, headingPath: [], text: roses, hash: 'g0' }],
      });
      const retriever = new Retriever(core.store);
      const question = 'How much daylight do these flowers want?';
      const plainBefore = await retriever.retrieve(question);
      const target = core.store.db.prepare('SELECT id, hash FROM chunks WHERE text = ?').get(roses) as { id: number; hash: string };
      expect(plainBefore.passages.map((p) => p.id)).not.toContain(target.id);
      const linkedBefore = await retriever.retrieve('Who directed Silkwood?');
      // the embedder without an index (today's path: it links labels it embeds itself) does not find it either
      const embedderOnly = await retriever.retrieve(question, { embedder: engine });
      expect(embedderOnly.passages.map((p) => p.id)).not.toContain(target.id);

      await runIndex(core, engine);
      // a model that knows the question is about that passage would put them side by side: store the
      // question's own vector for the chunk
      const vectors = new VectorRepository(core.store.db);
      const index = vectors.current()!;
      const [qv] = await engine.embed([question]);
      vectors.put(index.id, 'chunk', [{ id: target.id, key: target.hash, vector: qv }], index.dimension);

      const hybrid = await retriever.retrieve(question, { embedder: engine });
      expect(hybrid.outcome).toBe('found');
      expect(hybrid.passages.map((p) => p.id)).toContain(target.id);

      // no embedder: exactly as before the index existed
      const plainAfter = await retriever.retrieve(question);
      const strip = (r: Awaited<ReturnType<Retriever['retrieve']>>) => ({ ...r, timings: null });
      expect(strip(plainAfter)).toEqual(strip(plainBefore));
      expect(strip(await retriever.retrieve('Who directed Silkwood?'))).toEqual(strip(linkedBefore));
    } finally {
      await core.close();
    }
  }, 60_000);

  it('links through the label index beyond 5,000 labels, and falls back to the in-memory path without one', async () => {
    const core = newCore();
    try {
      // 5,200 labels of random letters (varied, so their vectors differ)
      let seed = 12345;
      const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      const word = () => Array.from({ length: 4 + Math.floor(rnd() * 8) }, () => String.fromCharCode(97 + Math.floor(rnd() * 26))).join('');
      const labels = Array.from({ length: 5200 }, (_, i) => `${word()} ${word()} ${i}`);
      core.store.transaction(() => {
        for (const label of labels) core.store.graph.upsertNode({ kind: 'entity', label });
      });
      const retriever = new Retriever(core.store);
      retriever.refresh();
      const embed = (t: string[]) => engine.embed(t);
      // today's path embeds labels itself, and not past 5,000
      expect(await retriever.linkIndex.labelEmbeddings(embed, 5000)).toBeNull();
      const question = 'Tell me about the thing that glows at night';
      const target = core.store.db.prepare('SELECT id FROM nodes WHERE label = ?').get(labels[4321]) as { id: number };
      const link = (dense: DenseIndex | null) => linkEntities(question, retriever.snapshot, retriever.linkIndex, retriever.repo, { embed, dense });
      expect((await link(null)).filter((e) => e.method === 'embedding')).toEqual([]);

      const job = await runIndex(core, engine, { batchSize: 256 });
      expect(job.result).toMatchObject({ labels: labelCount(core).n });
      const vectors = new VectorRepository(core.store.db);
      const dense = DenseIndex.open(vectors, engine)!;
      // a label's own text finds it among all of them
      const own = await nearestLabelVertices(dense, labels[4321], retriever.snapshot, 3);
      expect(own?.[0]?.v).toBe(retriever.snapshot.vertexOfNode.get(target.id));
      expect(own![0].sim).toBeGreaterThan(0.9999);

      // a label stored with the question's vector (a model that knows they match) is linked by embedding
      const index = vectors.current()!;
      const [qv] = await engine.embed([question]);
      vectors.put(index.id, 'label', [{ id: target.id, key: labels[4321], vector: qv }], index.dimension);
      const linked = await link(DenseIndex.open(vectors, engine));
      expect(linked.find((e) => e.id === target.id)).toMatchObject({ method: 'embedding', label: labels[4321] });
      const result = await retriever.retrieve(question, { embedder: engine });
      expect(result.entities.map((e) => e.id)).toContain(target.id);
    } finally {
      await core.close();
    }
  }, 180_000);

  it('fuses rankings by reciprocal rank', () => {
    expect(reciprocalRankFusion([{ ids: [1, 2, 3] }, { ids: [3, 1] }], 60).map((r) => r.id)).toEqual([1, 3, 2]);
    expect(reciprocalRankFusion([{ ids: [1] }, { ids: [2], weight: 2 }]).map((r) => r.id)).toEqual([2, 1]);
  });
});
