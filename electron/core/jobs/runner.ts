import type { Store } from '../store';
import type { EventBus } from '../events';
import { toJobInfo, type JobRecord, type JobRepository } from '../store/jobs';
import type { JobItem } from '../../../shared/schemas';
import type { JobInfoOf, JobKindName, JobResult, jobResults, TypedJobInfo } from '../../../shared/contract/jobs';
import type { CheckedJobParams, JobParamSchemas, JobParams } from './kinds';
import { ApiError } from '../../../shared/errors';
import { log } from '../log';
import { importHoldsLock, importIdle, isLockError, onImportStart } from '../store/import-gate';
import type { z } from 'zod';

/** What a job's code sees while it runs. */
export interface JobContext<P, C> {
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
export type JobLane = 'work' | 'download';

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
 * Persisted job queue. One job runs at a time (the heavy work — parsing, the LLM — would fight
 * for the same cores). Progress and checkpoints live in the jobs table, so a crash loses nothing
 * already checkpointed and start() picks interrupted jobs up again.
 */
export class JobRunner {
  readonly repo: JobRepository;
  private readonly kinds = new Map<string, AnyJobKind>();
  /** The job running in each lane. */
  private readonly running = new Map<JobLane, Running>();
  private started = false;
  private readonly pumping = new Map<JobLane, Promise<void>>();
  private readonly waiters = new Map<number, ((info: TypedJobInfo) => void)[]>();
  /** Job ends the database could not record (disk full): reported to this process's callers. */
  private readonly unsaved = new Map<number, { state: TypedJobInfo['state']; error?: string }>();

  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly options: { progressIntervalMs?: number } = {},
  ) {
    this.repo = store.jobs;
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

  /**
   * Requeue jobs a dead process left running, then work through the queue. A job already started
   * maxAttempts times without finishing (it may be what kills the process) fails instead, with the
   * reason; `resume` tries it again.
   */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const { id, kind, attempts } of this.repo.interrupted()) {
      const max = this.kinds.get(kind)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
      if (attempts >= max) {
        this.repo.setState(id, 'failed', {
          error: `interrupted ${attempts} times while running (the process stopped each time); not retried again: resume it to try once more`,
        });
        log.warn('jobs', `job ${id} (${kind}) was interrupted ${attempts} times; it is marked failed instead of being requeued`);
      } else this.repo.setState(id, 'queued');
      this.emit(this.repo.get(id)!);
    }
    for (const lane of new Set<JobLane>(['work', ...[...this.kinds.values()].map((k) => k.lane ?? 'work')])) this.pump(lane);
  }

  /** Stop after aborting the running jobs; they stay resumable (queued) for the next start. */
  async stop(): Promise<void> {
    this.started = false;
    for (const r of this.running.values()) {
      r.reason = 'stop';
      r.controller.abort();
    }
    await Promise.all(this.pumping.values());
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
    const record = this.repo.create(name, k.title(checked), checked);
    this.emit(record);
    this.pump(this.laneOf(name));
    return toJobInfo(record);
  }

  get(id: number): TypedJobInfo {
    const r = this.repo.get(id);
    if (!r) throw new ApiError('not_found', `no job ${id}`);
    return toJobInfo(this.withUnsaved(r));
  }

  /** A record with the end this process could not write to the database, if any. */
  private withUnsaved(r: JobRecord): JobRecord {
    const o = this.unsaved.get(r.id);
    return o && r.state === 'running' && !this.isRunning(r.id) ? { ...r, state: o.state, error: o.error ?? r.error } : r;
  }

  list(states?: TypedJobInfo['state'][], limit?: number): TypedJobInfo[] {
    return this.repo.list(states, limit).map(toJobInfo);
  }

  cancel(id: number): TypedJobInfo {
    const r = this.repo.get(id);
    if (!r) throw new ApiError('not_found', `no job ${id}`);
    const running = [...this.running.values()].find((x) => x.record.id === id);
    if (running) {
      running.reason = 'cancel';
      running.controller.abort();
      return toJobInfo(r);
    }
    if (r.state === 'queued') {
      this.repo.setState(id, 'cancelled');
      return this.finish(id);
    }
    return toJobInfo(r);
  }

  /** Put a cancelled or failed job back in the queue; it continues from its checkpoint. */
  resume(id: number): TypedJobInfo {
    const r = this.repo.get(id);
    if (!r) throw new ApiError('not_found', `no job ${id}`);
    const state = this.withUnsaved(r).state;
    if (state !== 'cancelled' && state !== 'failed') throw new ApiError('conflict', `job ${id} is ${state}, not cancelled or failed`);
    if (!this.kinds.has(r.kind)) throw new ApiError('unsupported', `unknown job kind: ${r.kind}`);
    this.repo.setState(id, 'queued');
    this.repo.resetAttempts(id);
    this.unsaved.delete(id);
    const info = this.repo.get(id)!;
    this.emit(info);
    this.pump(this.laneOf(r.kind));
    return toJobInfo(info);
  }

  /** Resolves when the job is done, failed or cancelled. */
  wait(id: number): Promise<TypedJobInfo> {
    const r = this.repo.get(id);
    if (!r) return Promise.reject(new ApiError('not_found', `no job ${id}`));
    const o = this.unsaved.get(id);
    if (o && !this.isRunning(id) && o.state !== 'queued') return Promise.resolve(toJobInfo(this.withUnsaved(r)));
    if (r.state === 'done' || r.state === 'failed' || r.state === 'cancelled') return Promise.resolve(toJobInfo(r));
    return new Promise((resolve) => {
      const list = this.waiters.get(id) ?? [];
      list.push(resolve);
      this.waiters.set(id, list);
    });
  }

  /** Kinds of the other lanes ('work' takes every kind not in another lane, unknown ones too). */
  private laneFilter(lane: JobLane): { only?: string[]; exclude?: string[] } {
    const kinds = [...this.kinds.values()];
    return lane === 'work'
      ? { exclude: kinds.filter((k) => (k.lane ?? 'work') !== 'work').map((k) => k.kind) }
      : { only: kinds.filter((k) => k.lane === lane).map((k) => k.kind) };
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
          const next = this.repo.nextQueued(this.laneFilter(lane));
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
      this.setStateSafely(record.id, 'failed', errorMessage(err));
      this.finish(record.id);
      return;
    }
    const controller = new AbortController();
    let ended!: () => void;
    const running: Running = { record, controller, reason: null, ended: new Promise((resolve) => (ended = resolve)) };
    try {
      this.repo.markStarted(record.id);
    } catch (err) {
      // Not even the start could be written: the job stays queued in the table, resumable.
      this.settle(record.id, { state: 'failed', error: errorMessage(this.store.describeError(err)) });
      throw err;
    }
    this.running.set(lane, running);
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
    } catch (err) {
      // a write of the job's own that met an import's lock: paused too, resumed after the import
      const importing = importHoldsLock(this.store.db);
      if (importing && isLockError(err) && running.reason === null) running.reason = 'import';
      if (importing) await importing;
      if (deferred?.checkpoint) this.saveDeferredCheckpoint(record.id, deferred.checkpoint.value, progress);
      deferred = null;
      if (running.reason === 'stop' || running.reason === 'import') {
        // Leave it queued: the next start resumes it from its checkpoint.
        this.setStateSafely(record.id, 'queued');
      } else if (running.reason === 'cancel' || err instanceof JobCancelled) {
        this.setStateSafely(record.id, 'cancelled');
      } else {
        // A storage error (disk full, I/O) says which file and what to do; the job is resumable from its checkpoint.
        this.setStateSafely(record.id, 'failed', errorMessage(this.store.describeError(err)));
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
  private setStateSafely(id: number, state: TypedJobInfo['state'], error?: string): void {
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
  private settle(id: number, outcome: { state: TypedJobInfo['state']; error?: string }): void {
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
    const r = this.withUnsaved(this.repo.get(id)!);
    this.emit(r);
    const info = toJobInfo(r);
    if (info.state !== 'queued') {
      for (const resolve of this.waiters.get(id) ?? []) resolve(info);
      this.waiters.delete(id);
    }
    return info;
  }

  private emit(r: JobRecord): void {
    this.bus.emit('job.progress', toJobInfo(r));
  }
}
