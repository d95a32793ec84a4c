// graphwright index: build or update the vector index of an embedding model (chunks and node labels,
// in the database through sqlite-vec) in this process, as an 'embeddings.index' job: resumable after
// Ctrl-C, incremental (only new and changed chunks and labels), rebuilt for another model.
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from '../command';
import { UsageError, dbOption, jsonOption } from '../command';
import { openCore } from '../open';
import { resultOf, runJobInForeground } from '../foreground-job';
import { startEmbeddingsIndex } from '../../core/retrieve/embed-job';

/** --embedding-model PATH: an existing local .gguf, resolved; undefined when not given. */
export function embeddingModelOf(values: Record<string, unknown>): string | undefined {
  const v = values['embedding-model'];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !v.trim()) throw new UsageError('--embedding-model needs the path of a .gguf file');
  const file = path.resolve(v);
  if (!fs.existsSync(file)) throw new UsageError(`--embedding-model: file not found: ${file}`);
  return file;
}

export const indexCommand: Command = {
  name: 'index',
  usage: 'index --db FILE [--embedding-model PATH] [--batch N] [--json]',
  summary:
    'Build or update the vector index (chunks and node labels) for hybrid retrieval and embedding linking; uses --embedding-model, else the model chosen for embedding. --json: {chunks, labels, model, dimension, added, removed, rebuilt, job}',
  options: { ...dbOption, ...jsonOption, 'embedding-model': { type: 'string', short: 'e' }, batch: { type: 'string' } },
  async run({ values }, io) {
    const model = embeddingModelOf(values);
    let batchSize: number | undefined;
    if (values.batch !== undefined) {
      batchSize = Number(values.batch);
      if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 1024)
        throw new UsageError(`--batch must be an integer from 1 to 1024, got ${JSON.stringify(values.batch)}`);
    }
    const core = openCore(values, { mustExist: true });
    try {
      if (core.store.readonly) throw new UsageError(`database ${path.resolve(core.dbPath)} is read-only: the vector index cannot be written`);
      if (!model && !core.engines.choice('embedding'))
        throw new UsageError('give --embedding-model PATH, or choose a model for embedding first (graphwright models choose embedding FILE)');
      const params = { ...(model ? { model } : {}), ...(batchSize ? { batchSize } : {}) };
      const run = await runJobInForeground(core, io, async () => startEmbeddingsIndex(core, params), { label: 'index' });
      if ('code' in run) return run.code;
      const r = resultOf(run.job, 'embeddings.index');
      const out = {
        chunks: r.chunks,
        labels: r.labels,
        model: r.model,
        dimension: r.dimension,
        added: r.added,
        removed: r.removed,
        rebuilt: r.rebuilt,
        job: run.job.id,
      };
      if (values.json) return io.json(out);
      io.out(`model      ${out.model} (${out.dimension} dimensions)${out.rebuilt ? ', new index' : ''}`);
      io.out(`vectors    ${out.chunks} chunks, ${out.labels} labels (${out.added} embedded now, ${out.removed} stale removed)`);
    } finally {
      await core.close();
    }
  },
};
