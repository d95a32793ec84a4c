import type { Db } from './db';
import { parseJson } from './db';
import { retryBusy } from './storage-error';
import type { JobInfo, StoredJobState } from '../../../shared/schemas';
import { isJobKindName, jobResults, type TypedJobInfo } from '../../../shared/contract/jobs';
import { BUSY_TIMEOUT_MS } from './db';
import { isBusy } from './storage-error';
import { log } from '../log';

interface JobRow {
  id: number;
  kind: string;
  title: string;
  state: StoredJobState;
  params: string;
  progress: string;
  checkpoint: string | null;
  result: string | null;
  error: string | null;
  attempts: number;
  created_at: string;
  updated_at: string;
  owner_pid: number | null;
  owner_host: string | null;
  owner_boot: string | null;
  owner_start: string | null;
  owner_runner: string | null;
  heartbeat_at: string | null;
  cancel_requested: number;
}

export interface JobRecord extends Omit<JobInfo, 'state' | 'owner'> {
  /** As stored: a job whose owner died is still 'running' here (the runner shows it as 'interrupted'). */
  state: StoredJobState;
  params: unknown;
  checkpoint: unknown;
  attempts: number;
  /** The process that queued or runs it (null: none recorded, or released by a runner that stopped). */
  owner: JobOwner | null;
  /** Another process asked the owner to cancel it. */
  cancelRequested: boolean;
}

/** A process, as a job row records it (electron/core/jobs/owner.ts reads and checks it). */
export interface ProcessIdentity {
  pid: number;
  /** The machine's name. */
  host: string;
  /** The kernel's boot id (Linux): the same host name after a reboot is another machine for pids. */
  boot: string | null;
  /** When the process started, in the kernel's clock ticks since boot (Linux): a pid reused by a later process differs here. */
  start: string | null;
}

/** The process fields of a job's owner, as the runner writes them: the process and the runner in it (one process may hold several cores). */
export interface OwnerFields extends ProcessIdentity {
  runner: string;
}

/** A job's owner as stored, with its last heartbeat (ISO time, or null). */
export interface JobOwner extends OwnerFields {
  heartbeatAt: string | null;
}

const toRecord = (r: JobRow): JobRecord => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  state: r.state,
  progress: parseJson(r.progress, { done: 0, total: 0 }),
  error: r.error,
  result: parseJson(r.result, undefined),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  params: parseJson(r.params, {}),
  checkpoint: parseJson(r.checkpoint, undefined),
  attempts: r.attempts,
  owner:
    r.owner_runner === null
      ? null
      : {
          pid: r.owner_pid ?? 0,
          host: r.owner_host ?? '',
          boot: r.owner_boot,
          start: r.owner_start,
          runner: r.owner_runner,
          heartbeatAt: r.heartbeat_at,
        },
  cancelRequested: r.cancel_requested === 1,
});

/**
 * The job as the API gives it. The runner checks a result by its kind's schema before storing it;
 * a stored result that no longer matches (written by an older version) is left out, so it cannot
 * make `jobs.list` or the `job.progress` event fail their checks.
 */
export function toJobInfo(r: JobRecord): TypedJobInfo {
  const { params: _p, checkpoint: _c, attempts: _a, owner: _o, cancelRequested: _r, ...info } = r;
  if (info.result !== undefined && isJobKindName(info.kind) && !jobResults[info.kind].safeParse(info.result).success) {
    log.debug('jobs', `job ${info.id} (${info.kind}): its stored result does not match the ${info.kind} result schema; it is left out`);
    delete info.result;
  }
  // Checked above for a known kind; any other kind's result is `unknown` (OtherJobInfo).
  return info as TypedJobInfo;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ','now')";
const SET_OWNER = `owner_pid = @pid, owner_host = @host, owner_boot = @boot, owner_start = @start, owner_runner = @runner, heartbeat_at = ${NOW}`;
const ownerArgs = (o: OwnerFields) => ({ pid: o.pid, host: o.host, boot: o.boot, start: o.start, runner: o.runner });

export class JobRepository {
  constructor(private readonly db: Db) {}

  /** A queued job, owned by `owner` (the runner that will run it) when given. */
  create(kind: string, title: string, params: unknown, owner?: OwnerFields): JobRecord {
    const info = retryBusy(() =>
      owner
        ? this.db
            .prepare(
              `INSERT INTO jobs (kind, title, state, params, owner_pid, owner_host, owner_boot, owner_start, owner_runner, heartbeat_at)
               VALUES (@kind, @title, 'queued', @params, @pid, @host, @boot, @start, @runner, ${NOW})`,
            )
            .run({ kind, title, params: JSON.stringify(params ?? {}), ...ownerArgs(owner) })
        : this.db.prepare("INSERT INTO jobs (kind, title, state, params) VALUES (?, ?, 'queued', ?)").run(kind, title, JSON.stringify(params ?? {})),
    );
    return this.get(Number(info.lastInsertRowid))!;
  }

  get(id: number): JobRecord | undefined {
    const r = this.db.prepare('SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
    return r && toRecord(r);
  }

  list(states?: StoredJobState[], limit = 50): JobRecord[] {
    const rows = states?.length
      ? (this.db
          .prepare(`SELECT * FROM jobs WHERE state IN (SELECT value FROM json_each(?)) ORDER BY id DESC LIMIT ?`)
          .all(JSON.stringify(states), limit) as JobRow[])
      : (this.db.prepare('SELECT * FROM jobs ORDER BY id DESC LIMIT ?').all(limit) as JobRow[]);
    return rows.map(toRecord);
  }

  /** The queued jobs whose kind is (or, with `exclude`, is not) one of `kinds`, oldest first. */
  queued(kinds?: { only?: string[]; exclude?: string[] }, limit = 200): JobRecord[] {
    const rows = kinds?.only
      ? (this.db
          .prepare("SELECT * FROM jobs WHERE state = 'queued' AND kind IN (SELECT value FROM json_each(?)) ORDER BY id LIMIT ?")
          .all(JSON.stringify(kinds.only), limit) as JobRow[])
      : kinds?.exclude?.length
        ? (this.db
            .prepare("SELECT * FROM jobs WHERE state = 'queued' AND kind NOT IN (SELECT value FROM json_each(?)) ORDER BY id LIMIT ?")
            .all(JSON.stringify(kinds.exclude), limit) as JobRow[])
        : (this.db.prepare("SELECT * FROM jobs WHERE state = 'queued' ORDER BY id LIMIT ?").all(limit) as JobRow[]);
    return rows.map(toRecord);
  }

  /** Jobs marked running, by this process or another (one that died, or one that still runs them). */
  running(): JobRecord[] {
    return (this.db.prepare("SELECT * FROM jobs WHERE state = 'running' ORDER BY id").all() as JobRow[]).map(toRecord);
  }

  /**
   * Start a queued job for `owner`, if it is still queued and still owned by `expectedRunner` (the
   * owner the caller saw: itself, a gone one, or none): two processes cannot both start it.
   */
  claim(id: number, owner: OwnerFields, expectedRunner: string | null): boolean {
    const r = retryBusy(() =>
      this.db
        .prepare(
          `UPDATE jobs SET state = 'running', attempts = attempts + 1, error = NULL, cancel_requested = 0, ${SET_OWNER}, updated_at = ${NOW}
           WHERE id = @id AND state = 'queued' AND owner_runner IS @expected`,
        )
        .run({ id, expected: expectedRunner, ...ownerArgs(owner) }),
    );
    return r.changes === 1;
  }

  /**
   * Take over a job whose owner is gone: queued again for `owner` (or failed with `fail` as its
   * error), if it is still in the state, with the owner and heartbeat, the caller saw.
   */
  adopt(id: number, seen: { state: StoredJobState; runner: string | null; heartbeatAt: string | null }, owner: OwnerFields, fail?: string): boolean {
    const r = retryBusy(() =>
      this.db
        .prepare(
          `UPDATE jobs SET state = @state, error = @error, cancel_requested = 0, ${SET_OWNER}, updated_at = ${NOW}
           WHERE id = @id AND state = @seenState AND owner_runner IS @seenRunner AND heartbeat_at IS @seenBeat`,
        )
        .run({
          id,
          state: fail === undefined ? 'queued' : 'failed',
          error: fail ?? null,
          seenState: seen.state,
          seenRunner: seen.runner,
          seenBeat: seen.heartbeatAt,
          ...ownerArgs(owner),
        }),
    );
    return r.changes === 1;
  }

  /**
   * Refresh the heartbeat of the jobs a runner owns. Never waits for another process's write lock
   * (a missed beat is made up at the next one): false when the lock was busy.
   */
  heartbeat(runner: string): boolean {
    this.db.pragma('busy_timeout = 0');
    try {
      this.db.prepare(`UPDATE jobs SET heartbeat_at = ${NOW} WHERE owner_runner = ? AND state IN ('queued', 'running')`).run(runner);
      return true;
    } catch (err) {
      if (isBusy(err)) return false;
      throw err;
    } finally {
      this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
  }

  /** Hand back the queued jobs of a runner that stops: whoever starts next may run them. */
  release(runner: string): void {
    retryBusy(() =>
      this.db
        .prepare(
          `UPDATE jobs SET owner_pid = NULL, owner_host = NULL, owner_boot = NULL, owner_start = NULL, owner_runner = NULL, heartbeat_at = NULL
           WHERE owner_runner = ? AND state = 'queued'`,
        )
        .run(runner),
    );
  }

  /** Ask the owner of a running job (another process) to cancel it; it sees this at its next heartbeat. */
  requestCancel(id: number): void {
    retryBusy(() => this.db.prepare(`UPDATE jobs SET cancel_requested = 1, updated_at = ${NOW} WHERE id = ? AND state = 'running'`).run(id));
  }

  /** The running jobs of a runner that another process asked to cancel. */
  cancelRequests(runner: string): number[] {
    return (this.db.prepare("SELECT id FROM jobs WHERE owner_runner = ? AND state = 'running' AND cancel_requested = 1").all(runner) as { id: number }[]).map(
      (r) => r.id,
    );
  }

  /** Set a state only when the job is still in the state the caller saw (a queued job cancelled while another process starts it). */
  setStateIf(id: number, seen: StoredJobState, state: StoredJobState): boolean {
    return retryBusy(() => this.db.prepare(`UPDATE jobs SET state = ?, updated_at = ${NOW} WHERE id = ? AND state = ?`).run(state, id, seen)).changes === 1;
  }

  /** A job the user resumes starts its count of interrupted runs again. */
  resetAttempts(id: number): void {
    retryBusy(() => this.db.prepare(`UPDATE jobs SET attempts = 0, updated_at = ${NOW} WHERE id = ?`).run(id));
  }

  setState(id: number, state: StoredJobState, fields: { error?: string | null; result?: unknown } = {}): void {
    retryBusy(() =>
      this.db
        .prepare(`UPDATE jobs SET state = ?, error = ?, result = COALESCE(?, result), updated_at = ${NOW} WHERE id = ?`)
        .run(state, fields.error ?? null, fields.result === undefined ? null : JSON.stringify(fields.result), id),
    );
  }

  setProgress(id: number, progress: JobInfo['progress']): void {
    retryBusy(() => this.db.prepare(`UPDATE jobs SET progress = ?, updated_at = ${NOW} WHERE id = ?`).run(JSON.stringify(progress), id));
  }

  setCheckpoint(id: number, checkpoint: unknown, progress?: JobInfo['progress']): void {
    if (progress) {
      retryBusy(() =>
        this.db
          .prepare(`UPDATE jobs SET checkpoint = ?, progress = ?, updated_at = ${NOW} WHERE id = ?`)
          .run(JSON.stringify(checkpoint), JSON.stringify(progress), id),
      );
    } else {
      retryBusy(() => this.db.prepare(`UPDATE jobs SET checkpoint = ?, updated_at = ${NOW} WHERE id = ?`).run(JSON.stringify(checkpoint), id));
    }
  }
}
