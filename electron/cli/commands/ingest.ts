// graphwright ingest: import files and folders through the ingest job, run in this process.
// Progress goes to stderr; with --json stdout holds only {imported, updated, skipped, failed, decoded?}
// (updated: the imported documents that are new versions of stored ones; decoded: text files read in
// another encoding than UTF-8, or with invalid bytes kept as U+FFFD).
import path from 'node:path';
import type { Command } from '../command';
import { UsageError, dbOption, jsonOption } from '../command';
import { callCore, openCore } from '../open';
import { resultOf, runJobInForeground } from '../foreground-job';
import { Chunker } from '../../../shared/contract/ingest';
import type { Core } from '../../core/core';
import { INGEST_JOB } from '../../core/ingest/job';
import type { IngestJobParams as IngestParams } from '../../../shared/contract/ingest';
import { updatedEntry } from '../../core/editions/apply';
import { describeDecoding } from '../../core/ingest/encoding';
import { describeOwner } from '../../core/jobs/runner';

/** Params compared as stored: undefined fields dropped, keys in order. */
function canonical(params: unknown): string {
  const plain = JSON.parse(JSON.stringify(params ?? {})) as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(Object.entries(plain).sort(([a], [b]) => (a < b ? -1 : 1))));
}

/**
 * The same import, left unfinished by an earlier run (killed, or stopped by a full disk): running
 * the command again continues that job from its checkpoint instead of starting over and reporting
 * every file as a duplicate.
 */
function unfinishedImport(core: Core, params: IngestParams): { id: number; state: string } | undefined {
  const want = canonical(params);
  return core.jobs.repo
    .list(['queued', 'running', 'failed'], 20)
    .find((j) => j.kind === INGEST_JOB && j.checkpoint !== undefined && j.checkpoint !== null && canonical(j.params) === want);
}

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
  usage: 'ingest PATH... --db FILE [--chunk-size N] [--chunker recursive|fixed|semantic] [--overlap N] [--skip-bad-records] [--quiet] [--json]',
  summary: 'Import files and folders as documents (PDF, DOCX, HTML, Markdown, text, token tables, CoNLL, passage corpora)',
  options: {
    ...dbOption,
    ...jsonOption,
    'chunk-size': { type: 'string' },
    chunker: { type: 'string' },
    overlap: { type: 'string' },
    'skip-bad-records': { type: 'boolean' },
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
      const skipBadRecords = values['skip-bad-records'] === true ? true : undefined;
      const params: IngestParams = { paths, chunker, chunkSize, overlap, ...(skipBadRecords ? { skipBadRecords } : {}) };
      const previous = unfinishedImport(core, params);
      const start = async () => {
        if (!previous) return callCore(core, 'documents.ingest', { paths, chunker, chunkSize, overlap, skipBadRecords });
        const job = core.jobs.get(previous.id);
        if (job.state === 'running' || (job.state === 'queued' && job.owner?.alive && !job.owner.here)) {
          // another live process runs (or is about to run) the same import: wait for it, never run it twice
          io.err(`ingest: the same import is job ${job.id}, which ${describeOwner(job.owner!)} runs; waiting for it`);
          return job;
        }
        io.err(`ingest: resuming job ${job.id} (${job.state === 'failed' ? 'it failed' : 'interrupted'} before it finished), from its last checkpoint`);
        return job.state === 'failed' ? core.jobs.resume(job.id) : job;
      };
      const run = await runJobInForeground(core, io, start, {
        label: 'ingest',
        stopMessage: 'the job stays queued and resumes with the next file next time',
        quiet: Boolean(values.quiet),
        throttleMs: 0,
      });
      if ('code' in run) return run.code;
      const { job } = run;
      const result = resultOf(job, INGEST_JOB);
      const resumed = result.resumed;
      // New versions of documents already imported (the same path, or the same standard): editions.
      const updated = result.imported.map((d) => updatedEntry(core.store, d.id)).filter((u) => u !== null);
      const decoded = result.decoded?.length ? { decoded: result.decoded } : {};
      if (values.json)
        io.json({ imported: result.imported, updated, skipped: result.skipped, failed: result.failed, ...decoded, ...(resumed ? { resumed } : {}) });
      else {
        const files = new Set(result.imported.map((r) => r.path)).size;
        if (resumed) io.out(`resumed job ${resumed.job}: imported ${resumed.imported} more documents from ${resumed.files} files`);
        io.out(`imported ${result.imported.length} documents from ${files} files; skipped ${result.skipped.length}; failed ${result.failed.length}`);
        for (const u of updated)
          io.out(`updated  document ${u.id}: version ${u.version}, ${u.changedChunks} changed chunks to extract again (graphwright diff ${u.id})`);
        for (const s of result.skipped) io.out(`skipped  ${s.path}: ${s.reason}`);
        for (const d of result.decoded ?? []) io.out(`decoded  ${d.path}: ${describeDecoding(d)}`);
      }
      for (const f of result.failed) io.err(`failed   ${f.error} (${f.path})`);
      return result.failed.length ? 1 : 0;
    } finally {
      await core.close();
    }
  },
};
