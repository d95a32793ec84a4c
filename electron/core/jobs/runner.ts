import type { Store } from '../store';
import type { EventBus } from '../events';
import { toJobInfo, type JobOwner, type JobRecord, type JobRepository, type OwnerFields } from '../store/jobs';
import type { JobItem, StoredJobState } from '../../../shared/schemas';
import type { JobInfoOf, JobKindName, JobResult, jobResults, TypedJobInfo } from '../../../shared/contract/jobs';
import type { CheckedJobParams, JobParamSchemas, JobParams } from './kinds';
import { ApiError } from '../../../shared/errors';
import { log } from '../log';
import { importHoldsLock, importIdle, isLockError, onImportStart } from '../store/import-gate';
import type { z } from 'zod';
import { STALE_BEATS, heartbeatInterval, newRunnerId, ownerStatus, runnerStarted, runnerStopped, thisProcess, type OwnerStatus } from './owner';

/** What a job's code sees while it runs. */
interface JobContext<P, C> {
  readonly id: number;
  readonly params: P;
  /** The last checkpoint saved by an earlier run of this job, if it was interrupted. */
  readonly checkpoint: C | undefined;
  /** Aborted when the job is cancelled or the runner stops. */
  readonly signal: AbortSignal;
  /** Report progress (persisted and broadcast, at most every few hundred ms unless forced); `items`: per-item rows. */
  progress(done: number, total: number, message?: string, items?: JobItem[]): void;
  /** Persist a checkpoint: after a crash the job restarts from here. Call it after the work it records is committed. */
  save(checkpoint: C, done?: number, total?: number, message?: string, items?: JobItem[]): void;
  /** Throws JobCancelled if the job was cancelled. */
  throwIfCancelled(): void;
}

/**
 * Lanes run side by side, one job at a time in each: the heavy work (ingest, extraction, concepts,
 * evaluation, embeddings, export) fights for the same cores, a model download only waits on the
 * network, so it does not queue behind an extraction.
 */
type JobLane = 'work' | 'download';

/** How many times a job may be started and left unfinished by a dying process before it is no longer requeued. */
export const DEFAULT_MAX_ATTEMPTS = 3;

export interface JobKind<P = unknown, C = unknown, R = unknown> {
  kind: string;
  title(params: P): string;
  run(ctx: JobContext<P, C>): Promise<R>;
  /** Validates (and defaults) the params on enqueue: a bad payload is a bad_request naming the kind, never a job row. */
  params?: z.ZodType<unknown, P>;
  /** Checks the result before it is stored. */
  result?: z.ZodType<R>;
  /** Default 'work'. */
  lane?: JobLane;
  /** Starts a crash may interrupt before the job fails instead of being requeued (default DEFAULT_MAX_ATTEMPTS). */
  maxAttempts?: number;
}

/** Any job kind, whatever its params, checkpoint and result (methods are bivariant, so every kind fits). */
export type AnyJobKind = JobKind<unknown, unknown, unknown>;

/**
 * The definition of one of the contract's job kinds: its `params` is the kind's schema (./kinds.ts)
 * and its `result` the kind's result schema (shared/contract/jobs.ts `jobResults`), both required;
 * `run` and `title` see the parsed params.
 */
export type KnownJobKind<K extends JobKindName, C> = Omit<JobKind<CheckedJobParams<K>, C, JobResult<K>>, 'kind' | 'params' | 'result'> & {
  kind: K;
  params: JobParamSchemas[K];
  result: (typeof jobResults)[K];
};

export class JobCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'JobCancelled';
  }
}

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

const isEnded = (state: TypedJobInfo['state']) => state === 'done' || state === 'failed' || state === 'cancelled';

/** "1.2 s" since `start` (for the log). */
const elapsed = (start: number) => `${((Date.now() - start) / 1000).toFixed(1)} s`;

/** The error as the log writes it: the message the job records, the stack frames of the error thrown (a non-Error has none). */
function withMessage(err: unknown, message: string): Error {
  const e = new Error(message);
  e.stack = err instanceof Error ? err.stack : '';
  return e;
}

/** "process 1234 on host" */
export const describeOwner = (o: { pid: number; host: string }) => `process ${o.pid} on ${o.host}`;

/** A job of one of the contract's kinds (`defineJob<'extract', Checkpoint>`): its params and result schemas are checked to be the kind's. */
export function defineJob<K extends JobKindName, C = null>(kind: KnownJobKind<K, C>): KnownJobKind<K, C>;
/** A job of any other kind (a test's): params and result schemas are optional. */
export function defineJob<P, C, R>(kind: JobKind<P, C, R>): JobKind<P, C, R>;
export function defineJob(kind: AnyJobKind): AnyJobKind {
  return kind;
}

/** The params parsed by the kind's schema (defaults filled in); a bad payload is a bad_request naming the kind and the field. */
function checkParams(kind: AnyJobKind, params: unknown): unknown {
  if (!kind.params) return params;
  const parsed = kind.params.safeParse(params);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues.map((i) => `${i.path.join('.') || '(params)'}: ${i.message}`).join('; ');
  throw new ApiError('bad_request', `job ${kind.kind}: bad params: ${detail}`);
}

interface Running {
  record: JobRecord;
  controller: AbortController;
  /** 'import': paused for a graph import (store/import-gate.ts), queued again to resume from its checkpoint after it. */
  reason: 'cancel' | 'stop' | 'import' | null;
  /** Settles once the job's end (or its return to the queue) is recorded. */
  ended: Promise<void>;
}

/**
 * Persisted job queue. One job runs at a time in each lane (the heavy work — parsing, the LLM —
 * would fight for the same cores). Progress and checkpoints live in the jobs table, so a crash
 * loses nothing already checkpointed.
 *
 * Several processes may share the database (the CLI, `serve`, the desktop app). Each job has an
 * owner, the runner that queued or runs it (./owner.ts), which refreshes a heartbeat on it: a
 * runner runs the jobs it queued and those nobody owns any more, never a job another live process
 * queued or runs; start() takes over the running jobs whose process is gone; a job waits while
 * another process runs a job of its kind (two extractions of the same chunks at once would do the
 * work twice). A cancel asked for a job another process runs reaches it at its next heartbeat.
 */
export class JobRunner {
  readonly repo: JobRepository;
  /** This runner as a job's owner. */
  readonly owner: OwnerFields;
  private readonly kinds = new Map<string, AnyJobKind>();
  /** The job running in each lane. */
  private readonly running = new Map<JobLane, Running>();
  private started = false;
  private readonly pumping = new Map<JobLane, Promise<void>>();
  private readonly waiters = new Map<number, ((info: TypedJobInfo) => void)[]>();
  /** Job ends the database could not record (disk full): reported to this process's callers. */
  private readonly unsaved = new Map<number, { state: StoredJobState; error?: string }>();
  private readonly heartbeatMs: number;
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastBeat = 0;
  /** A job of this runner's waits for another process's job of its kind: the next tick tries again. */
  private waitingOnOthers = false;
  /** The last update seen of each job waited on here that another process runs. */
  private readonly seen = new Map<number, string>();

  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly options: { progressIntervalMs?: number; heartbeatMs?: number } = {},
  ) {
    this.repo = store.jobs;
    this.owner = { ...thisProcess(), runner: newRunnerId() };
    this.heartbeatMs = options.heartbeatMs ?? heartbeatInterval();
    runnerStarted(this.owner.runner);
    // a graph import in its thread holds the write lock: the work lane's job stops first, and is
    // resumed from its checkpoint after the import (no job starts during one: see pump)
    onImportStart(store.db, () => this.pauseForImport());
  }

  /** Stop the running jobs of the work lane at their next cancellation check, back in the queue; resolves once they are. */
  private async pauseForImport(): Promise<void> {
    const paused: Promise<void>[] = [];
    for (const [lane, r] of this.running) {
      if (lane === 'download') continue; // writes only its own job row, deferred during the import
      if (r.reason === null) r.reason = 'import';
      r.controller.abort();
      paused.push(r.ended);
    }
    await Promise.all(paused);
  }

  register(kind: AnyJobKind): void {
    this.kinds.set(kind.kind, kind);
  }

  hasKind(kind: string): boolean {
    return this.kinds.has(kind);
  }

  /** The registered definition of a kind (its params and result schemas, lane, attempts cap). */
  definition(kind: string): AnyJobKind | undefined {
    return this.kinds.get(kind);
  }

  /** The kinds registered, by name. */
  kindNames(): string[] {
    return [...this.kinds.keys()];
  }

  private laneOf(kind: string): JobLane {
    return this.kinds.get(kind)?.lane ?? 'work';
  }

  private isRunning(id: number): boolean {
    for (const r of this.running.values()) if (r.record.id === id) return true;
    return false;
  }

  /** Whether a job's owner is this runner, another that is still there, or gone (./owner.ts). */
  private statusOf(owner: JobOwner | null): OwnerStatus {
    return ownerStatus(owner, { runner: this.owner.runner, staleMs: this.heartbeatMs * STALE_BEATS });
  }

  /**
   * The job as the API gives it: with its owner, and `interrupted` for a job marked running whose
   * process is gone (until a process takes it over).
   */
  private info(r: JobRecord): TypedJobInfo {
    const info = toJobInfo(this.withUnsaved(r));
    if (!r.owner) return { ...info, ...(info.state === 'running' ? { state: 'interrupted' } : {}), owner: null };
    const status = this.statusOf(r.owner);
    const me = thisProcess();
    const here = r.owner.pid === me.pid && r.owner.host === me.host && r.owner.start === me.start;
    const owner = { pid: r.owner.pid, host: r.owner.host, heartbeatAt: r.owner.heartbeatAt, alive: status !== 'gone', here };
    const interrupted = info.state === 'running' && status === 'gone' && !this.isRunning(r.id);
    return { ...info, ...(interrupted ? { state: 'interrupted' } : {}), owner };
  }

  /**
   * Take over the jobs other processes left running and are gone, then work through the queue. A
   * job already started maxAttempts times without finishing (it may be what kills the process)
   * fails instead, with the reason; `resume` tries it again. Jobs another live process runs are
   * left to it.
   */
  start(): void {
    if (this.started) return;
    this.started = true;
    runnerStarted(this.owner.runner);
    for (const r of this.repo.running()) {
      const status = this.statusOf(r.owner);
      if (status === 'gone') this.adopt(r);
      else if (status === 'alive') log.info('jobs', `job ${r.id} (${r.kind}) runs in ${describeOwner(r.owner!)}; it is left to it`);
    }
    this.ensureTimer();
    for (const lane of new Set<JobLane>(['work', ...[...this.kinds.values()].map((k) => k.lane ?? 'work')])) this.pump(lane);
  }

  /**
   * Queue again for this runner a running job whose process is gone (or fail it past its attempts
   * cap). False when another process took it over first.
   */
  private adopt(r: JobRecord): boolean {
    const max = this.kinds.get(r.kind)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const fail =
      r.attempts >= max
        ? `interrupted ${r.attempts} times while running (the process stopped each time); not retried again: resume it to try once more`
        : undefined;
    const seen = { state: r.state, runner: r.owner?.runner ?? null, heartbeatAt: r.owner?.heartbeatAt ?? null };
    if (!this.repo.adopt(r.id, seen, this.owner, fail)) return false;
    if (fail) log.warn('jobs', `job ${r.id} (${r.kind}) was interrupted ${r.attempts} times; it is marked failed instead of being requeued`);
    else
      log.info(
        'jobs',
        `job ${r.id} (${r.kind}): ${r.owner ? `${describeOwner(r.owner)} is gone` : 'its process is gone'}; it resumes here from its last checkpoint`,
      );
    this.emit(this.repo.get(r.id)!);
    return true;
  }

  /** Stop after aborting the running jobs; they stay resumable (queued, owned by nobody) for the next start. */
  async stop(): Promise<void> {
    this.started = false;
    for (const r of this.running.values()) {
      r.reason = 'stop';
      r.controller.abort();
    }
    await Promise.all(this.pumping.values());
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    runnerStopped(this.owner.runner);
    if (this.store.readonly || !this.store.db.open) return;
    try {
      this.repo.release(this.owner.runner);
    } catch (err) {
      log.warn('jobs', 'the queued jobs of this process could not be handed back; other processes take them over once it has exited', err);
    }
  }

  /** The heartbeat and the polls run while the runner is started, or while someone here waits on a job another process runs. */
  private ensureTimer(): void {
    if (!this.timer) this.timer = setInterval(() => this.tick(), Math.min(1000, this.heartbeatMs));
    this.holdProcess();
  }

  /**
   * The timer keeps the process alive only while someone here waits for a job (a CLI waiting for
   * its job, which waits for another process's job of its kind, has nothing else to keep it up);
   * otherwise it never holds a process that is done.
   */
  private holdProcess(): void {
    if (!this.timer) return;
    if (this.waiters.size > 0) this.timer.ref();
    else this.timer.unref();
  }

  /**
   * Once a second: the heartbeat (every heartbeatMs), cancels asked by other processes, the jobs
   * waited on here that another process runs, and a job of this runner that waited for another
   * process's job of its kind.
   */
  private tick(): void {
    try {
      if (!this.store.db.open) return;
      const now = Date.now();
      if (this.started && !this.store.readonly && now - this.lastBeat >= this.heartbeatMs && !importHoldsLock(this.store.db)) {
        if (this.repo.heartbeat(this.owner.runner)) this.lastBeat = now;
      }
      if (this.started) {
        for (const id of this.repo.cancelRequests(this.owner.runner)) {
          const r = [...this.running.values()].find((x) => x.record.id === id);
          if (r && r.reason === null) {
            r.reason = 'cancel';
            r.controller.abort();
          }
        }
      }
      for (const id of [...this.waiters.keys()]) if (!this.isRunning(id)) this.pollWaited(id);
      this.holdProcess();
      if (this.started && this.waitingOnOthers) {
        this.waitingOnOthers = false;
        for (const lane of new Set<JobLane>(['work', ...[...this.kinds.values()].map((k) => k.lane ?? 'work')])) this.pump(lane);
      }
    } catch (err) {
      log.debug('jobs', 'a heartbeat could not be written or the queue read; the next tick tries again', err);
    }
  }

  /** A job waited on here that this runner does not run: answer its waiters once it ended; pass on its progress. */
  private pollWaited(id: number): void {
    const r = this.repo.get(id);
    if (!r) return;
    const info = this.info(r);
    if (isEnded(info.state)) {
      this.seen.delete(id);
      for (const resolve of this.waiters.get(id) ?? []) resolve(info);
      this.waiters.delete(id);
      return;
    }
    // its process died while we waited: this one takes it over
    if (info.state === 'interrupted' && this.started && this.adopt(r)) return this.pump(this.laneOf(r.kind));
    if (this.seen.get(id) !== r.updatedAt && r.owner && this.statusOf(r.owner) !== 'self') {
      this.seen.set(id, r.updatedAt);
      this.bus.emit('job.progress', info);
    }
  }

  /**
   * Queue a job of a registered kind; its params are checked by the kind's schema first (at run
   * time too: a caller's JSON is not typed). By name, for the contract's kinds: the params are
   * typed by the kind's schema and the answer by its result (`enqueue('extract', {...})` gives
   * `JobInfoOf<'extract'>`); an unknown name or wrong params do not compile.
   */
  enqueue<K extends JobKindName>(kind: K, params: JobParams<K>): JobInfoOf<K>;
  /** By definition (any kind, a test's too): the params typed by the definition. */
  enqueue<P>(kind: JobKind<P, unknown, unknown>, params: NoInfer<P>): TypedJobInfo;
  enqueue(kind: string | AnyJobKind, params: unknown): TypedJobInfo {
    const name = typeof kind === 'string' ? kind : kind.kind;
    const k = this.kinds.get(name);
    if (!k) throw new ApiError('unsupported', `unknown job kind: ${name}`);
    const checked = checkParams(k, params);
    const record = this.repo.create(name, k.title(checked), checked, this.owner);
    log.info('jobs', `job ${record.id} (${name}) queued: ${record.title}`);
    this.emit(record);
    this.pump(this.laneOf(name));
    return this.info(record);
  }

  get(id: number): TypedJobInfo {
    const r = this.repo.get(id);
    if (!r) throw new ApiError('not_found', `no job ${id}`);
    return this.info(r);
  }

  /** A record with the end this process could not write to the database, if any. */
  private withUnsaved(r: JobRecord): JobRecord {
    const o = this.unsaved.get(r.id);
    return o && r.state === 'running' && !this.isRunning(r.id) ? { ...r, state: o.state, error: o.error ?? r.error } : r;
  }

  /** The newest jobs (of these states: 'interrupted' is a running job whose process is gone). */
  list(states?: TypedJobInfo['state'][], limit?: number): TypedJobInfo[] {
    if (!states?.length) return this.repo.list(undefined, limit).map((r) => this.info(r));
    const stored = [...new Set(states.map((s) => (s === 'interrupted' ? 'running' : s)))];
    // a running row may show as interrupted: read a few more, then keep the states asked for
    const limitOf = limit ?? 50;
    const rows = this.repo.list(stored, states.includes('running') !== states.includes('interrupted') ? limitOf * 2 + 50 : limitOf);
    return rows
      .map((r) => this.info(r))
      .filter((j) => states.includes(j.state))
      .slice(0, limitOf);
  }

  /**
   * Cancel a job: here at once when this runner runs it or it is queued; a job another live
   * process runs is cancelled by it at its next heartbeat; a job whose process is gone at once.
   */
  cancel(id: number): TypedJobInfo {
    let r = this.repo.get(id);
    if (!r) throw new ApiError('not_found', `no job ${id}`);
    const running = [...this.running.values()].find((x) => x.record.id === id);
    if (running) {
      running.reason = 'cancel';
      running.controller.abort();
      return this.info(r);
    }
    if (r.state === 'queued') {
      if (this.repo.setStateIf(id, 'queued', 'cancelled')) return this.finish(id);
      r = this.repo.get(id)!; // started by another process meanwhile
    }
    if (r.state === 'running') {
      if (this.statusOf(r.owner) === 'gone') {
        if (this.repo.setStateIf(id, 'running', 'cancelled')) return this.finish(id);
      } else this.repo.requestCancel(id);
      return this.info(this.repo.get(id)!);
    }
    return this.info(r);
  }

  /**
   * Put a cancelled, failed or interrupted job back in the queue, owned by this runner; it
   * continues from its checkpoint. A job another live process runs cannot run twice: conflict.
   */
  resume(id: number): TypedJobInfo {
    const r = this.repo.get(id);
    if (!r) throw new ApiError('not_found', `no job ${id}`);
    const state = this.info(r).state;
    if (state === 'running' && r.owner && !this.isRunning(id) && this.statusOf(r.owner) === 'alive') {
      throw new ApiError('conflict', `job ${id} is running in ${describeOwner(r.owner)}; it is not run twice (cancel it there, or wait for it)`);
    }
    if (state !== 'cancelled' && state !== 'failed' && state !== 'interrupted')
      throw new ApiError('conflict', `job ${id} is ${state}, not cancelled, failed or interrupted`);
    if (!this.kinds.has(r.kind)) throw new ApiError('unsupported', `unknown job kind: ${r.kind}`);
    if (!this.repo.adopt(id, { state: r.state, runner: r.owner?.runner ?? null, heartbeatAt: r.owner?.heartbeatAt ?? null }, this.owner)) {
      throw new ApiError('conflict', `job ${id} was taken over by another process meanwhile`);
    }
    this.repo.resetAttempts(id);
    this.unsaved.delete(id);
    const info = this.repo.get(id)!;
    this.emit(info);
    this.pump(this.laneOf(r.kind));
    return this.info(info);
  }

  /** Resolves when the job is done, failed or cancelled (here, or in the process that runs it). */
  wait(id: number): Promise<TypedJobInfo> {
    const r = this.repo.get(id);
    if (!r) return Promise.reject(new ApiError('not_found', `no job ${id}`));
    const o = this.unsaved.get(id);
    if (o && !this.isRunning(id) && o.state !== 'queued') return Promise.resolve(this.info(r));
    if (isEnded(r.state)) return Promise.resolve(this.info(r));
    return new Promise((resolve) => {
      const list = this.waiters.get(id) ?? [];
      list.push(resolve);
      this.waiters.set(id, list);
      this.ensureTimer();
    });
  }

  /** Kinds of the other lanes ('work' takes every kind not in another lane, unknown ones too). */
  private laneFilter(lane: JobLane): { only?: string[]; exclude?: string[] } {
    const kinds = [...this.kinds.values()];
    return lane === 'work'
      ? { exclude: kinds.filter((k) => (k.lane ?? 'work') !== 'work').map((k) => k.kind) }
      : { only: kinds.filter((k) => k.lane === lane).map((k) => k.kind) };
  }

  /**
   * Start the oldest queued job of the lane this runner may run: its own, or one nobody owns any
   * more; never one another live process queued. A job waits while another process runs a job of
   * its kind. The claim is atomic: two processes cannot start the same job.
   */
  private claimNext(lane: JobLane): JobRecord | undefined {
    let busyElsewhere: Set<string> | undefined;
    for (const r of this.repo.queued(this.laneFilter(lane))) {
      const status = this.statusOf(r.owner);
      if (status === 'alive') continue;
      busyElsewhere ??= new Set(
        this.repo
          .running()
          .filter((x) => !this.isRunning(x.id) && this.statusOf(x.owner) === 'alive')
          .map((x) => x.kind),
      );
      if (busyElsewhere.has(r.kind)) {
        this.waitingOnOthers = true;
        continue;
      }
      if (this.repo.claim(r.id, this.owner, r.owner?.runner ?? null)) return this.repo.get(r.id)!;
    }
    return undefined;
  }

  private pump(lane: JobLane): void {
    if (!this.started || this.pumping.has(lane)) return;
    const loop = async () => {
      // Yield first, so a job enqueued in the same tick as start() is seen, and `pumping` is set before the loop ends.
      await Promise.resolve();
      try {
        for (;;) {
          // no job starts while a graph import holds the write lock; it starts (or resumes) after it
          await importIdle(this.store.db);
          if (!this.started) break;
          const next = this.claimNext(lane);
          if (!next) break;
          await this.runOne(next, lane);
        }
      } catch (err) {
        // The queue itself could not be read or written (disk full, I/O error): stop pumping and
        // answer whoever waits with the reason. Jobs stay in the table; the next start() resumes them.
        const message = errorMessage(this.store.describeError(err));
        for (const id of [...this.waiters.keys()]) this.settle(id, { state: 'failed', error: message });
      } finally {
        this.pumping.delete(lane);
      }
    };
    this.pumping.set(lane, loop());
  }

  private async runOne(record: JobRecord, lane: JobLane): Promise<void> {
    const kind = this.kinds.get(record.kind);
    if (!kind) {
      this.repo.setState(record.id, 'failed', { error: `unknown job kind: ${record.kind}` });
      this.finish(record.id);
      return;
    }
    // Parsed again: a row an older version wrote may lack a default the job reads; one that no longer fits fails with the reason.
    let params: unknown;
    try {
      params = checkParams(kind, record.params);
    } catch (err) {
      log.error('jobs', `job ${record.id} (${record.kind}) failed before it started: its stored params no longer fit`, err);
      this.setStateSafely(record.id, 'failed', errorMessage(err));
      this.finish(record.id);
      return;
    }
    const controller = new AbortController();
    let ended!: () => void;
    const running: Running = { record, controller, reason: null, ended: new Promise((resolve) => (ended = resolve)) };
    this.running.set(lane, running);
    const startedAt = Date.now();
    log.info('jobs', `job ${record.id} (${record.kind}) started${record.checkpoint != null ? ' from its checkpoint' : ''} in ${lane} lane`);
    this.emit(this.repo.get(record.id)!);
    const interval = this.options.progressIntervalMs ?? 250;
    let lastEmit = 0;
    let progress = record.progress;
    // While a graph import holds the write lock, progress and checkpoints (of a job that runs on:
    // a download) are kept here and written once it is over; the event carries them at once.
    let deferred = null as { checkpoint?: { value: unknown } } | null;
    const writeLater = (checkpoint?: { value: unknown }) => {
      const importing = importHoldsLock(this.store.db);
      if (!importing) return false;
      if (deferred) {
        if (checkpoint) deferred.checkpoint = checkpoint;
        return true;
      }
      deferred = { checkpoint };
      void importing.then(() => {
        const d = deferred;
        deferred = null;
        if (!d || !this.isRunning(record.id)) return;
        try {
          if (d.checkpoint) this.repo.setCheckpoint(record.id, d.checkpoint.value, progress);
          else this.repo.setProgress(record.id, progress);
        } catch (err) {
          log.warn('jobs', `job ${record.id}: progress kept during an import could not be saved`, err);
        }
      });
      return true;
    };
    const emitNow = () => this.emit({ ...this.repo.get(record.id)!, state: 'running', progress });
    const ctx: JobContext<unknown, unknown> = {
      id: record.id,
      params,
      checkpoint: record.checkpoint ?? undefined,
      signal: controller.signal,
      progress: (done, total, message, items) => {
        progress = { done, total, ...(message !== undefined ? { message } : {}), ...(items ? { items } : {}) };
        const now = Date.now();
        if (now - lastEmit >= interval || done >= total) {
          lastEmit = now;
          if (writeLater()) return emitNow();
          this.repo.setProgress(record.id, progress);
          this.emit(this.repo.get(record.id)!);
        }
      },
      save: (checkpoint, done, total, message, items) => {
        if (done !== undefined && total !== undefined) progress = { done, total, ...(message !== undefined ? { message } : {}), ...(items ? { items } : {}) };
        if (writeLater({ value: checkpoint })) return emitNow();
        this.repo.setCheckpoint(record.id, checkpoint, progress);
        const now = Date.now();
        if (now - lastEmit >= interval) {
          lastEmit = now;
          this.emit(this.repo.get(record.id)!);
        }
      },
      throwIfCancelled: () => {
        if (controller.signal.aborted) throw new JobCancelled();
      },
    };
    try {
      let result = await kind.run(ctx);
      if (controller.signal.aborted) throw new JobCancelled();
      if (kind.result) result = kind.result.parse(result);
      // a job that ends while an import holds the lock (a download) records it after
      const importing = importHoldsLock(this.store.db);
      if (importing) await importing;
      if (deferred?.checkpoint) this.repo.setCheckpoint(record.id, deferred.checkpoint.value, progress);
      deferred = null;
      this.repo.setProgress(record.id, progress);
      this.repo.setState(record.id, 'done', { result: result ?? null });
      log.info('jobs', `job ${record.id} (${record.kind}) finished in ${elapsed(startedAt)}`);
    } catch (err) {
      // a write of the job's own that met an import's lock: paused too, resumed after the import
      const importing = importHoldsLock(this.store.db);
      if (importing && isLockError(err) && running.reason === null) running.reason = 'import';
      if (importing) await importing;
      if (deferred?.checkpoint) this.saveDeferredCheckpoint(record.id, deferred.checkpoint.value, progress);
      deferred = null;
      if (running.reason === 'stop' || running.reason === 'import') {
        // Leave it queued: the next start resumes it from its checkpoint.
        log.info(
          'jobs',
          `job ${record.id} (${record.kind}) paused after ${elapsed(startedAt)} (${running.reason === 'stop' ? 'the runner stops' : 'a graph import'}); queued again`,
        );
        this.setStateSafely(record.id, 'queued');
      } else if (running.reason === 'cancel' || err instanceof JobCancelled) {
        log.info('jobs', `job ${record.id} (${record.kind}) cancelled after ${elapsed(startedAt)}`);
        this.setStateSafely(record.id, 'cancelled');
      } else {
        // A storage error (disk full, I/O) says which file and what to do; the job is resumable from its checkpoint.
        const described = this.store.describeError(err);
        // the thrown error keeps its stack (the described one is made here); the log gets both words and frames
        log.error('jobs', `job ${record.id} (${record.kind}) failed after ${elapsed(startedAt)}`, withMessage(err, errorMessage(described)));
        this.setStateSafely(record.id, 'failed', errorMessage(described));
      }
    } finally {
      this.running.delete(lane);
    }
    try {
      this.finish(record.id);
    } finally {
      ended();
    }
  }

  private saveDeferredCheckpoint(id: number, checkpoint: unknown, progress: JobRecord['progress']): void {
    try {
      this.repo.setCheckpoint(id, checkpoint, progress);
    } catch (err) {
      log.warn('jobs', `job ${id}: a checkpoint kept during an import could not be saved`, err);
    }
  }

  /**
   * Record a job's end. When the database refuses even that (disk full), the state is kept in
   * memory for this process's callers; the row stays 'running', so the next start() requeues it.
   */
  private setStateSafely(id: number, state: StoredJobState, error?: string): void {
    try {
      this.repo.setState(id, state, error !== undefined ? { error } : {});
      this.unsaved.delete(id);
      return;
    } catch {
      /* try once more with a short message, below */
    }
    try {
      this.repo.setState(id, state, error !== undefined ? { error: error.slice(0, 300) } : {});
      this.unsaved.delete(id);
    } catch (err) {
      log.warn('jobs', `job ${id}: its state ${state} could not be saved; it is kept in memory and saved again later`, err);
      this.unsaved.set(id, { state, ...(error !== undefined ? { error } : {}) });
    }
  }

  /** Resolve the waiters of a job that could not be recorded in the database. */
  private settle(id: number, outcome: { state: StoredJobState; error?: string }): void {
    this.unsaved.set(id, outcome);
    let info: TypedJobInfo | undefined;
    try {
      const r = this.repo.get(id);
      if (r) info = { ...toJobInfo(r), state: outcome.state, error: outcome.error ?? null };
    } catch (err) {
      log.debug('jobs', `job ${id}: its row could not be read; the event carries what is known`, err);
      info = undefined;
    }
    info ??= {
      id,
      kind: 'unknown',
      title: `job ${id}`,
      state: outcome.state,
      progress: { done: 0, total: 0 },
      error: outcome.error ?? null,
      createdAt: '',
      updatedAt: '',
    };
    for (const resolve of this.waiters.get(id) ?? []) resolve(info);
    this.waiters.delete(id);
  }

  private finish(id: number): TypedJobInfo {
    const r = this.repo.get(id)!;
    this.emit(r);
    const info = this.info(r);
    if (info.state !== 'queued') {
      for (const resolve of this.waiters.get(id) ?? []) resolve(info);
      this.waiters.delete(id);
    }
    return info;
  }

  private emit(r: JobRecord): void {
    this.bus.emit('job.progress', this.info(r));
  }
}
