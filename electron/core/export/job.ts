// The export job: writes a file (or a folder) from a snapshot of the database, with progress;
// a cancelled or failed export leaves no partial file behind.
import path from 'node:path';
import { defineJob } from '../jobs/runner';
import { openExportSnapshot } from '../store/export';
import { ExportJobParams, type ExportJobResult } from '../../../shared/contract/export';
import { jobResults, type JobKindName } from '../../../shared/contract/jobs';
import { FileTarget } from './out';
import { runExport } from './index';
import { isFolderFormat } from './formats';

/** The job's result: the contract's type (shared/contract/export.ts). */
export type { ExportJobResult };

const EXPORT_JOB = 'graph.export' satisfies JobKindName;

export const exportJob = (dbPath: string) =>
  defineJob<typeof EXPORT_JOB, null>({
    kind: EXPORT_JOB,
    params: ExportJobParams,
    result: jobResults[EXPORT_JOB],
    title: (p) => `Export ${p.format} to ${path.basename(p.path)}`,
    async run(ctx) {
      const { format, options, path: out } = ctx.params;
      const snap = openExportSnapshot(dbPath);
      const target = new FileTarget(out, isFolderFormat(format));
      try {
        const counts = await runExport(snap.db, format, options, target, { signal: ctx.signal, onProgress: (d, t) => ctx.progress(d, t) });
        return { path: out, files: target.opened.map((o) => o.file), bytes: target.bytes(), counts };
      } catch (err) {
        target.abort();
        throw err;
      } finally {
        snap.close();
      }
    },
  });
