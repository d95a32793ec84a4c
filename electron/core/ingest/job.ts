// The ingest job: one file after another, progress per file, a checkpoint after each stored file
// (a restart continues with the next file), per-file failures collected in the result.
import path from 'node:path';
import { defineJob, type JobKind } from '../jobs/runner';
import type { Store } from '../store';
import type { EventBus } from '../events';
import { NoEmbedderError, type ChunkerName, type EmbedFn } from '../chunk';
import { expandPaths, fileError, prepareFile, storePrepared, type IngestResult } from './pipeline';

export const INGEST_JOB = 'ingest';

export interface IngestParams {
  paths: string[];
  chunker?: ChunkerName;
  chunkSize?: number;
  overlap?: number;
}

interface IngestCheckpoint {
  files: string[];
  next: number;
  result: IngestResult;
}

/** What the job needs from the core. The semantic chunker embeds with the 'embedding' role's engine. */
export interface IngestHost {
  readonly store: Store;
  readonly bus: EventBus;
  readonly engines?: { get(role: 'embedding'): Promise<{ embed(texts: string[]): Promise<number[][]> }> };
}

async function embedderOf(host: IngestHost): Promise<EmbedFn> {
  if (!host.engines) throw new NoEmbedderError();
  try {
    const engine = await host.engines.get('embedding');
    return (texts) => engine.embed(texts);
  } catch (err) {
    throw new NoEmbedderError((err as Error).message);
  }
}

export function ingestJob(host: IngestHost): JobKind<IngestParams, IngestCheckpoint, IngestResult> {
  return defineJob<IngestParams, IngestCheckpoint, IngestResult>({
    kind: INGEST_JOB,
    title: (p) => (p.paths.length === 1 ? `Import ${path.basename(p.paths[0])}` : `Import ${p.paths.length} items`),
    async run(ctx) {
      const params = ctx.params;
      const embed = params.chunker === 'semantic' ? await embedderOf(host) : undefined;
      let cp: IngestCheckpoint;
      if (ctx.checkpoint) cp = ctx.checkpoint;
      else {
        const walk = expandPaths(params.paths);
        cp = { files: walk.files, next: 0, result: { imported: [], skipped: walk.skipped, failed: walk.failed } };
        ctx.save(cp, 0, walk.files.length, walk.files.length ? `found ${walk.files.length} files` : 'no files');
      }
      const total = cp.files.length;
      for (let i = cp.next; i < total; i++) {
        ctx.throwIfCancelled();
        const file = cp.files[i];
        ctx.progress(i, total, `${i + 1}/${total} ${path.basename(file)}`);
        let changed = false;
        try {
          const prepared = await prepareFile(file, {
            chunker: params.chunker,
            chunkSize: params.chunkSize,
            overlap: params.overlap,
            embed,
            signal: ctx.signal,
          });
          ctx.throwIfCancelled();
          const outcome = storePrepared(host.store, prepared, ctx.id);
          if (outcome.status === 'imported') {
            for (const id of outcome.ids) cp.result.imported.push({ id, path: file });
            if (outcome.duplicates) cp.result.skipped.push({ path: file, reason: `${outcome.duplicates} duplicate documents skipped` });
            changed = true;
          } else cp.result.skipped.push({ path: file, reason: outcome.reason });
        } catch (err) {
          if (ctx.signal.aborted) throw err;
          cp.result.failed.push({ path: file, error: fileError(file, err) });
        }
        cp = { ...cp, next: i + 1 };
        ctx.save(cp, i + 1, total, `${i + 1}/${total} ${path.basename(file)}`);
        if (changed) host.bus.emit('documents.changed', { reason: 'ingested' });
      }
      ctx.progress(total, total, `imported ${cp.result.imported.length}, skipped ${cp.result.skipped.length}, failed ${cp.result.failed.length}`);
      return cp.result;
    },
  });
}
