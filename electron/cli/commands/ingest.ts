// graphwright ingest: import files and folders through the ingest job, run in this process.
// Progress goes to stderr; with --json stdout holds only {imported, skipped, failed}.
import path from 'node:path';
import type { Command } from '../command';
import { UsageError, dbOption, jsonOption } from '../command';
import { callCore, openCore } from '../open';
import { runJobInForeground } from '../foreground-job';
import { Chunker, IngestResult } from '../../../shared/contract/ingest';

function intOption(values: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  const n = Number(v);
  if (typeof v !== 'string' || !/^\d+$/.test(v.trim()) || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(v)}`);
  }
  return n;
}

export const ingestCommand: Command = {
  name: 'ingest',
  usage: 'ingest PATH... --db FILE [--chunk-size N] [--chunker recursive|fixed|semantic] [--overlap N] [--quiet] [--json]',
  summary: 'Import files and folders as documents (PDF, DOCX, HTML, Markdown, text, token tables, CoNLL, passage corpora)',
  options: {
    ...dbOption,
    ...jsonOption,
    'chunk-size': { type: 'string' },
    chunker: { type: 'string' },
    overlap: { type: 'string' },
    quiet: { type: 'boolean', short: 'q' },
  },
  positionals: true,
  async run({ values, positionals }, io) {
    if (!positionals.length) throw new UsageError('give at least one file or folder to import');
    const chunkSize = intOption(values, 'chunk-size', 100, 100_000);
    const overlap = intOption(values, 'overlap', 0, 50_000);
    let chunker: Chunker | undefined;
    if (values.chunker !== undefined) {
      const c = Chunker.safeParse(values.chunker);
      if (!c.success) throw new UsageError(`--chunker must be one of ${Chunker.options.join(', ')}, got ${JSON.stringify(values.chunker)}`);
      chunker = c.data;
    }
    // Creates the database when it does not exist; every per-file progress step is reported.
    const core = openCore(values, { progressIntervalMs: 0 });
    try {
      const paths = positionals.map((p) => path.resolve(p));
      const run = await runJobInForeground(core, io, () => callCore(core, 'documents.ingest', { paths, chunker, chunkSize, overlap }), { label: 'ingest', stopMessage: 'the job stays queued and resumes with the next file next time', quiet: Boolean(values.quiet), throttleMs: 0 });
      if ('code' in run) return run.code;
      const { job } = run;
      const result = IngestResult.parse(job.result);
      if (values.json) io.json({ imported: result.imported, skipped: result.skipped, failed: result.failed });
      else {
        const files = new Set(result.imported.map((r) => r.path)).size;
        io.out(`imported ${result.imported.length} documents from ${files} files; skipped ${result.skipped.length}; failed ${result.failed.length}`);
        for (const s of result.skipped) io.out(`skipped  ${s.path}: ${s.reason}`);
      }
      for (const f of result.failed) io.err(`failed   ${f.error} (${f.path})`);
      return result.failed.length ? 1 : 0;
    } finally {
      await core.close();
    }
  },
};
