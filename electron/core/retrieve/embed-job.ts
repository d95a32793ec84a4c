// The 'embeddings.index' job: vectors of every chunk and every node label for one embedding model,
// in the store's vector index (store/vectors.ts). Incremental: only chunks and labels without a
// vector, or whose text changed since, are embedded; vectors of deleted ones are removed; another
// model (or dimension) starts a new index. Each batch is committed before the checkpoint is saved,
// so a cancelled or interrupted job resumes where it stopped (what is in the index is not redone).
// Started from the call 'retrieve.index.start', the CLI (`graphwright index`), or after an
// extraction or an import when the setting retrieve.useEmbeddings is on and an embedding model is chosen.
import path from 'node:path';
import { defineJob, JobCancelled, type KnownJobKind } from '../jobs/runner';
import type { Store } from '../store';
import type { EventBus } from '../events';
import type { EngineRegistry } from '../llm/registry';
import type { LlmEngine } from '../llm/engine';
import { type VectorKind } from '../store/vectors';
import { embeddingModelIdentity, MAX_EMBED_CHARS, SETTING_USE_EMBEDDINGS } from './dense';
import { ApiError } from '../../../shared/errors';
import { EmbeddingsJobParams, type EmbeddingsJobResult } from '../../../shared/contract/vectors';
import { isJobOf, jobResults, type JobKindName } from '../../../shared/contract/jobs';
import type { JobRunner } from '../jobs/runner';

export const EMBEDDINGS_JOB = 'embeddings.index' satisfies JobKindName;

interface EmbeddingsCheckpoint {
  indexId: number;
  model: string;
  done: number;
  total: number;
}

/** The job's result: the contract's type (shared/contract/vectors.ts). */
export type { EmbeddingsJobResult };

interface EmbeddingsHost {
  store: Store;
  engines: Pick<EngineRegistry, 'get' | 'open'>;
}

async function embeddingEngine(host: EmbeddingsHost, model: string | undefined): Promise<LlmEngine> {
  if (model) return host.engines.open({ kind: 'llama', path: path.resolve(model) });
  return host.engines.get('embedding');
}

export function embeddingsJob(host: EmbeddingsHost): KnownJobKind<typeof EMBEDDINGS_JOB, EmbeddingsCheckpoint> {
  return defineJob<typeof EMBEDDINGS_JOB, EmbeddingsCheckpoint>({
    kind: EMBEDDINGS_JOB,
    params: EmbeddingsJobParams,
    result: jobResults[EMBEDDINGS_JOB],
    title: (p) => `Embedding index${p.model ? ` (${path.basename(p.model)})` : ''}`,
    async run(ctx) {
      const params = ctx.params;
      const batch = params.batchSize ?? 32;
      const engine = await embeddingEngine(host, params.model);
      const model = embeddingModelIdentity(engine);
      ctx.throwIfCancelled();
      const [probe] = await engine.embed(['dimension']);
      if (!probe?.length) throw new Error(`${model} gave an empty embedding: is it an embedding model?`);
      const vectors = host.store.vectors;
      const { index, created } = vectors.ensure(model, probe.length);
      const resumed = ctx.checkpoint && ctx.checkpoint.indexId === index.id && ctx.checkpoint.model === model ? ctx.checkpoint : undefined;
      const removed = vectors.removeStale(index.id);
      const pending = { chunk: vectors.countPending(index.id, 'chunk'), label: vectors.countPending(index.id, 'label') };
      // progress counts on from an interrupted run of this job
      let done = resumed?.done ?? 0;
      const total = done + pending.chunk + pending.label;
      let added = 0;
      ctx.progress(done, total, `${model}: ${pending.chunk} chunks, ${pending.label} labels to embed`);
      for (const kind of ['chunk', 'label'] as VectorKind[]) {
        // each pass takes the next items still without a vector; a bound keeps a bad row from looping
        for (let guard = 0; guard <= pending[kind] + 1; guard += batch) {
          if (ctx.signal.aborted) throw new JobCancelled();
          const items = vectors.pending(index.id, kind, batch);
          if (!items.length) break;
          const vecs = await engine.embed(items.map((i) => i.text.slice(0, MAX_EMBED_CHARS) || ' '));
          if (vecs.length !== items.length) throw new Error(`${model} returned ${vecs.length} vectors for ${items.length} texts`);
          for (const [k, v] of vecs.entries()) {
            if (v.length !== probe.length || !v.every(Number.isFinite))
              throw new Error(`${model} gave a bad vector for ${kind} ${items[k].id} (${v.length} values, index ${probe.length})`);
          }
          vectors.put(
            index.id,
            kind,
            items.map((it, k) => ({ id: it.id, key: it.key, vector: vecs[k] })),
            probe.length,
          );
          done += items.length;
          added += items.length;
          ctx.save({ indexId: index.id, model, done, total }, done, total, `${kind === 'chunk' ? 'chunks' : 'labels'}: ${done} of ${total}`);
        }
      }
      const now = vectors.current()!;
      ctx.progress(total, total, `${now.chunks} chunks, ${now.labels} labels`);
      return { chunks: now.chunks, labels: now.labels, model, dimension: now.dimension, added, removed, rebuilt: created };
    },
  });
}

interface AutoIndexHost extends EmbeddingsHost {
  bus: EventBus;
  jobs: JobRunner;
  engines: EmbeddingsHost['engines'] & Pick<EngineRegistry, 'statusOf'>;
}

/** Enqueue an index job unless one is waiting or running already; returns it (or the one there). */
export function startEmbeddingsIndex(host: AutoIndexHost, params: EmbeddingsJobParams = {}) {
  const open = host.jobs.list(['queued', 'running'], 200).find((j) => isJobOf(j, EMBEDDINGS_JOB));
  if (open) return open;
  if (!params.model && host.engines.statusOf('embedding').state === 'none') {
    throw new ApiError('conflict', 'no model is chosen for embedding: choose one in the Models view or with "graphwright models choose embedding FILE"');
  }
  return host.jobs.enqueue(EMBEDDINGS_JOB, params);
}

/**
 * After an import or an extraction finishes, bring the index up to date when the user turned
 * embeddings on (retrieve.useEmbeddings) and chose an embedding model. Returns the unsubscribe.
 */
export function autoIndexEmbeddings(host: AutoIndexHost, after: string[]): () => void {
  return host.bus.on('job.progress', (job) => {
    if (job.state !== 'done' || !after.includes(job.kind)) return;
    try {
      if (
        host.store.readonly ||
        host.store.settings.get<boolean>(SETTING_USE_EMBEDDINGS, false) !== true ||
        host.engines.statusOf('embedding').state === 'none'
      )
        return;
      startEmbeddingsIndex(host);
    } catch {
      // a database that cannot take the job now is indexed on the next call or run
    }
  });
}
