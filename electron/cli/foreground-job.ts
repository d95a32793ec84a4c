import type { Core } from '../core/core';
import type { CliIO } from './command';
import type { JobInfo } from '../../shared/schemas';
import { isJobOf, type JobKindName, type JobResult, type TypedJobInfo } from '../../shared/contract/jobs';
import { describeOwner } from '../core/jobs/runner';

interface ForegroundJobOptions {
  /** Prefix of progress lines on stderr ("ingest", "extract", ...). */
  label: string;
  /** What Ctrl-C tells the user about resuming. */
  stopMessage?: string;
  /** No progress lines. */
  quiet?: boolean;
  /** Least time between two progress lines (default 1000 ms; 0 prints every change). */
  throttleMs?: number;
}

/**
 * Run a job in the CLI process: progress on stderr (throttled), Ctrl-C stops
 * the runner and leaves the job resumable. Returns the finished job, or an exit code: 130 when
 * interrupted, 1 when the job did not finish (its error printed).
 */
export async function runJobInForeground(
  core: Core,
  io: CliIO,
  start: () => Promise<JobInfo>,
  options: ForegroundJobOptions,
): Promise<{ job: TypedJobInfo } | { code: number }> {
  let wake: (v: null) => void = () => undefined;
  const interruption = new Promise<null>((resolve) => (wake = resolve));
  const onSignal = () => {
    io.err(`stopping: ${options.stopMessage ?? 'the job stays queued and resumes from its last checkpoint next time'}`);
    wake(null);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const job = await start();
    let last = '';
    let lastAt = 0;
    const off = core.bus.on('job.progress', (j) => {
      if (j.id !== job.id || options.quiet) return;
      const line = `${options.label}: ${j.state} ${j.progress.message ?? `${j.progress.done}/${j.progress.total}`}`;
      const now = Date.now();
      // a phase that takes a while ("loading model …") always gets its line
      const phase = /^loading /.test(j.progress.message ?? '');
      if (line !== last && (phase || now - lastAt >= (options.throttleMs ?? 1000) || j.state !== 'running' || j.progress.done === j.progress.total)) {
        last = line;
        lastAt = now;
        io.err(line);
      }
    });
    // Jobs an earlier run left unfinished run first (start() requeues them): say what each did,
    // so a rerun after a crash does not look like it did nothing.
    const earlier = new Map(
      core.jobs
        .list(['queued', 'running', 'interrupted'], 50)
        .filter((j) => j.id !== job.id)
        .map((j) => [j.id, j]),
    );
    const offEarlier = core.bus.on('job.progress', (j) => {
      const was = earlier.get(j.id);
      if (!was || j.state === 'queued' || j.state === 'running') return;
      earlier.delete(j.id);
      io.err(`resumed job ${j.id} (${j.title}): ${j.state}${j.progress.message ? `, ${j.progress.message}` : ''}${j.error ? `: ${j.error}` : ''}`);
    });
    core.jobs.start();
    if (!options.quiet) reportOtherProcesses(core, io, job.id, options.label);
    const final = await Promise.race([core.jobs.wait(job.id), interruption]);
    off();
    offEarlier();
    if (!final) return { code: 130 };
    if (final.state !== 'done') {
      io.err(`graphwright ${options.label}: job ${job.id} ${final.state}${final.error ? `: ${final.error}` : ''}`);
      return { code: 1 };
    }
    return { job: final };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/**
 * Jobs another live process runs are left to it (never run twice): say so, and say when this
 * command's job waits for one of its kind there.
 */
function reportOtherProcesses(core: Core, io: CliIO, id: number, label: string): void {
  const elsewhere = core.jobs.list(['running'], 50).filter((j) => j.id !== id && j.owner?.alive && !j.owner.here);
  for (const j of elsewhere) io.err(`${label}: job ${j.id} (${j.title}) is running in ${describeOwner(j.owner!)}; it is left to it`);
  const mine = core.jobs.get(id);
  const blocker = mine.state === 'queued' ? elsewhere.find((j) => j.kind === mine.kind) : undefined;
  if (blocker) io.err(`${label}: job ${id} waits for job ${blocker.id}, a job of its kind that ${describeOwner(blocker.owner!)} runs, and starts after it`);
}

/** A finished job's result, typed by its kind (checked by the kind's schema when it was stored and read). */
export function resultOf<K extends JobKindName>(job: TypedJobInfo, kind: K): JobResult<K> {
  if (!isJobOf(job, kind) || job.result === undefined) throw new Error(`job ${job.id} (${job.kind}) has no ${kind} result`);
  return job.result as JobResult<K>;
}
