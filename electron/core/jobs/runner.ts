import type { Db } from '../store/db';
import { describeStorageError } from '../store/db';
import type { EventBus } from '../events';
import { JobRepository, toJobInfo, type JobRecord } from './repository';
import type { JobInfo, JobItem } from '../../../shared/schemas';
import { ApiError } from '../../../shared/errors';
import { log } from '../log';

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

export interface JobKind<P = unknown, C = unknown, R = unknown> {
  kind: string;
  title(params: P): string;
  run(ctx: JobContext<P, C>): Promise<R>;
}

/** Any job kind, whatever its params, checkpoint and result (methods are bivariant, so every kind fits). */
export type AnyJobKind = JobKind<unknown, unknown, unknown>;

export class JobCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'JobCancelled';
  }
}

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function defineJob<P, C, R>(kind: JobKind<P, C, R>): JobKind<P, C, R> {
  return kind;
}

interface Running {
  record: JobRecord;
  controller: AbortController;
  reason: 'cancel' | 'stop' | null;
}

/**
 * Persisted job queue. One job runs at a time (the heavy work — parsing, the LLM — would fight
 * for the same cores). Progress and checkpoints live in the jobs table, so a crash loses nothing
 * already checkpointed and start() picks interrupted jobs up again.
 */
export class JobRunner {
  readonly repo: JobRepository;
  private readonly kinds = new Map<string, AnyJobKind>();
  private running: Running | null = null;
  private started = false;
  private pumping: Promise<void> | null = null;
  private readonly waiters = new Map<number, ((info: JobInfo) => void)[]>();
  /** Job ends the database could not record (disk full): reported to this process's callers. */
  private readonly unsaved = new Map<number, { state: JobInfo['state']; error?: string }>();

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly options: { progressIntervalMs?: number } = {},
  ) {
    this.repo = new JobRepository(db);
  }

  register(kind: AnyJobKind): void {
    this.kinds.set(kind.kind, kind);
  }

  hasKind(kind: string): boolean {
    return this.kinds.has(kind);
  }

  /** Requeue jobs a dead process left running, then work through the queue. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const id of this.repo.requeueInterrupted()) this.emit(this.repo.get(id)!);
    this.pump();
  }

  /** Stop after aborting the running job; it stays resumable (queued) for the next start. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.running) {
      this.running.reason = 'stop';
      this.running.controller.abort();
    }
    await this.pumping;
  }

  enqueue<P>(kind: string, params: P): JobInfo {
    const k = this.kinds.get(kind);
    if (!k) throw new ApiError('unsupported', `unknown job kind: ${kind}`);
    const record = this.repo.create(kind, k.title(params), params);
    this.emit(record);
    this.pump();
    return toJobInfo(record);
  }

  get(id: number): JobInfo {
    const r = this.repo.get(id);
    if (!r) throw new ApiError('not_found', `no job ${id}`);
    return toJobInfo(this.withUnsaved(r));
  }

  /** A record with the end this process could not write to the database, if any. */
  private withUnsaved(r: JobRecord): JobRecord {
    const o = this.unsaved.get(r.id);
    return o && r.state === 'running' && this.running?.record.id !== r.id ? { ...r, state: o.state, error: o.error ?? r.error } : r;
  }

  list(states?: JobInfo['state'][], limit?: number): JobInfo[] {
    return this.repo.list(states, limit).map(toJobInfo);
  }

  cancel(id: number): JobInfo {
    const r = this.repo.get(id);
    if (!r) throw new ApiError('not_found', `no job ${id}`);
    if (this.running?.record.id === id) {
      this.running.reason = 'cancel';
      this.running.controller.abort();
      return toJobInfo(r);
    }
    if (r.state === 'queued') {
      this.repo.setState(id, 'cancelled');
      return this.finish(id);
    }
    return toJobInfo(r);
  }

  /** Put a cancelled or failed job back in the queue; it continues from its checkpoint. */
  resume(id: number): JobInfo {
    const r = this.repo.get(id);
    if (!r) throw new ApiError('not_found', `no job ${id}`);
    const state = this.withUnsaved(r).state;
    if (state !== 'cancelled' && state !== 'failed') throw new ApiError('conflict', `job ${id} is ${state}, not cancelled or failed`);
    if (!this.kinds.has(r.kind)) throw new ApiError('unsupported', `unknown job kind: ${r.kind}`);
    this.repo.setState(id, 'queued');
    this.unsaved.delete(id);
    const info = this.repo.get(id)!;
    this.emit(info);
    this.pump();
    return toJobInfo(info);
  }

  /** Resolves when the job is done, failed or cancelled. */
  wait(id: number): Promise<JobInfo> {
    const r = this.repo.get(id);
    if (!r) return Promise.reject(new ApiError('not_found', `no job ${id}`));
    const o = this.unsaved.get(id);
    if (o && this.running?.record.id !== id && o.state !== 'queued') return Promise.resolve(toJobInfo(this.withUnsaved(r)));
    if (r.state === 'done' || r.state === 'failed' || r.state === 'cancelled') return Promise.resolve(toJobInfo(r));
    return new Promise((resolve) => {
      const list = this.waiters.get(id) ?? [];
      list.push(resolve);
      this.waiters.set(id, list);
    });
  }

  private pump(): void {
    if (!this.started || this.pumping) return;
    const loop = async () => {
      // Yield first, so a job enqueued in the same tick as start() is seen, and `pumping` is set before the loop ends.
      await Promise.resolve();
      try {
        for (;;) {
          if (!this.started) break;
          const next = this.repo.nextQueued();
          if (!next) break;
          await this.runOne(next);
        }
      } catch (err) {
        // The queue itself could not be read or written (disk full, I/O error): stop pumping and
        // answer whoever waits with the reason. Jobs stay in the table; the next start() resumes them.
        const message = errorMessage(describeStorageError(this.db, err));
        for (const id of [...this.waiters.keys()]) this.settle(id, { state: 'failed', error: message });
      } finally {
        this.pumping = null;
      }
    };
    this.pumping = loop();
  }

  private async runOne(record: JobRecord): Promise<void> {
    const kind = this.kinds.get(record.kind);
    if (!kind) {
      this.repo.setState(record.id, 'failed', { error: `unknown job kind: ${record.kind}` });
      this.finish(record.id);
      return;
    }
    const controller = new AbortController();
    const running: Running = { record, controller, reason: null };
    try {
      this.repo.markStarted(record.id);
    } catch (err) {
      // Not even the start could be written: the job stays queued in the table, resumable.
      this.settle(record.id, { state: 'failed', error: errorMessage(describeStorageError(this.db, err)) });
      throw err;
    }
    this.running = running;
    this.emit(this.repo.get(record.id)!);
    const interval = this.options.progressIntervalMs ?? 250;
    let lastEmit = 0;
    let progress = record.progress;
    const ctx: JobContext<unknown, unknown> = {
      id: record.id,
      params: record.params,
      checkpoint: record.checkpoint ?? undefined,
      signal: controller.signal,
      progress: (done, total, message, items) => {
        progress = { done, total, ...(message !== undefined ? { message } : {}), ...(items ? { items } : {}) };
        const now = Date.now();
        if (now - lastEmit >= interval || done >= total) {
          lastEmit = now;
          this.repo.setProgress(record.id, progress);
          this.emit(this.repo.get(record.id)!);
        }
      },
      save: (checkpoint, done, total, message, items) => {
        if (done !== undefined && total !== undefined) progress = { done, total, ...(message !== undefined ? { message } : {}), ...(items ? { items } : {}) };
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
      const result = await kind.run(ctx);
      if (controller.signal.aborted) throw new JobCancelled();
      this.repo.setProgress(record.id, progress);
      this.repo.setState(record.id, 'done', { result: result ?? null });
    } catch (err) {
      if (running.reason === 'stop') {
        // Leave it queued: the next start resumes it from its checkpoint.
        this.setStateSafely(record.id, 'queued');
      } else if (running.reason === 'cancel' || err instanceof JobCancelled) {
        this.setStateSafely(record.id, 'cancelled');
      } else {
        // A storage error (disk full, I/O) says which file and what to do; the job is resumable from its checkpoint.
        this.setStateSafely(record.id, 'failed', errorMessage(describeStorageError(this.db, err)));
      }
    } finally {
      this.running = null;
    }
    this.finish(record.id);
  }

  /**
   * Record a job's end. When the database refuses even that (disk full), the state is kept in
   * memory for this process's callers; the row stays 'running', so the next start() requeues it.
   */
  private setStateSafely(id: number, state: JobInfo['state'], error?: string): void {
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
  private settle(id: number, outcome: { state: JobInfo['state']; error?: string }): void {
    this.unsaved.set(id, outcome);
    let info: JobInfo | undefined;
    try {
      const r = this.repo.get(id);
      if (r) info = { ...toJobInfo(r), state: outcome.state, error: outcome.error ?? null };
    } catch (err) {
      log.debug('jobs', `job ${id}: its row could not be read; the event carries what is known`, err);
      info = undefined;
    }
    info ??= { id, kind: 'unknown', title: `job ${id}`, state: outcome.state, progress: { done: 0, total: 0 }, error: outcome.error ?? null, createdAt: '', updatedAt: '' };
    for (const resolve of this.waiters.get(id) ?? []) resolve(info);
    this.waiters.delete(id);
  }

  private finish(id: number): JobInfo {
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
