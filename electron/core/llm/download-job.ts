// The model download job (kind 'models.download'): its own module, so the model manager
// (./models.ts) does not pull in the job runner; core.ts registers it with the manager it reports to.
import path from 'node:path';
import { defineJob, type KnownJobKind } from '../jobs/runner';
import { jobResults, type JobKindName } from '../../../shared/contract/jobs';
import { DownloadJobParams } from '../../../shared/contract/models';
import { downloadModel, DownloadError } from './download';
import type { ModelManager } from './models';

interface ModelDownloadCheckpoint {
  bytes: number;
  total: number;
}

export const MODEL_DOWNLOAD_JOB = 'models.download' satisfies JobKindName;

/**
 * The download job. Cancel it to pause (the .part file stays); jobs.resume continues with an HTTP
 * Range request from the .part's size. After a crash the runner requeues it and it resumes the same way.
 */
export function modelDownloadJob(manager: ModelManager): KnownJobKind<typeof MODEL_DOWNLOAD_JOB, ModelDownloadCheckpoint> {
  return defineJob<typeof MODEL_DOWNLOAD_JOB, ModelDownloadCheckpoint>({
    kind: MODEL_DOWNLOAD_JOB,
    params: DownloadJobParams,
    result: jobResults[MODEL_DOWNLOAD_JOB],
    // waits on the network, not the cores: it runs beside an extraction, not after it
    lane: 'download',
    title: (p) => `Download ${path.basename(p.dest)}`,
    async run(ctx) {
      const mb = (n: number) => (n / 2 ** 20).toFixed(1);
      let last = 0;
      try {
        const result = await downloadModel({
          url: ctx.params.url,
          dest: ctx.params.dest,
          sha256: ctx.params.sha256,
          signal: ctx.signal,
          onProgress: (done, total) => {
            // The runner writes progress to the database: a few times a second is plenty.
            const now = Date.now();
            if (now - last < 200) return;
            last = now;
            ctx.progress(done, Math.max(total, done), total ? `${mb(done)} of ${mb(total)} MB` : `${mb(done)} MB`);
          },
          onCheckpoint: (done, total) => ctx.save({ bytes: done, total }, done, Math.max(total, done)),
        });
        manager.registerDownloaded(result.path);
        ctx.progress(result.sizeBytes, result.sizeBytes, `done: ${mb(result.sizeBytes)} MB`);
        return result;
      } catch (err) {
        if (err instanceof DownloadError) throw new Error(err.message);
        throw err;
      }
    },
  });
}
