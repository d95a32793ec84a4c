// graphwright ingest: import files and folders through the ingest job, run in this process.
// Progress goes to stderr; with --json stdout holds only {imported, skipped, failed}.
import path from 'node:path';
import type { Command } from '../command';
import { UsageError, dbOption, jsonOption } from '../command';
import { callCore, openCore } from '../open';
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
    const core = openCore(values); // creates the database when it does not exist
    let interrupted = false;
    let wake: (v: null) => void = () => undefined;
    const interruption = new Promise<null>((resolve) => (wake = resolve));
    const onSignal = () => {
      interrupted = true;
      io.err('stopping: the job stays queued and resumes with the next file next time');
      wake(null);
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      const paths = positionals.map((p) => path.resolve(p));
      const job = await callCore(core, 'documents.ingest', { paths, chunker, chunkSize, overlap });
      let last = '';
      const off = core.bus.on('job.progress', (j) => {
        if (j.id !== job.id || values.quiet || !j.progress.message) return;
        const line = `ingest: ${j.progress.message}`;
        if (line !== last) {
          last = line;
          io.err(line);
        }
      });
      core.jobs.start();
      const final = await Promise.race([core.jobs.wait(job.id), interruption]);
      off();
      if (!final || interrupted) return 130;
      if (final.state !== 'done') {
        io.err(`graphwright ingest: job ${job.id} ${final.state}${final.error ? `: ${final.error}` : ''}`);
        return 1;
      }
      const result = IngestResult.parse(final.result);
      if (values.json) io.json({ imported: result.imported, skipped: result.skipped, failed: result.failed });
      else {
        const files = new Set(result.imported.map((r) => r.path)).size;
        io.out(`imported ${result.imported.length} documents from ${files} files; skipped ${result.skipped.length}; failed ${result.failed.length}`);
        for (const s of result.skipped) io.out(`skipped  ${s.path}: ${s.reason}`);
      }
      for (const f of result.failed) io.err(`failed   ${f.error} (${f.path})`);
      return result.failed.length ? 1 : 0;
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      await core.close();
    }
  },
};
