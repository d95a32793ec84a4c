import type { Db } from './db';
import { parseJson } from './db';
import { retryBusy } from './storage-error';
import type { JobInfo, JobState } from '../../../shared/schemas';
import { isJobKindName, jobResults, type TypedJobInfo } from '../../../shared/contract/jobs';
import { log } from '../log';

interface JobRow {
  id: number;
  kind: string;
  title: string;
  state: JobState;
  params: string;
  progress: string;
  checkpoint: string | null;
  result: string | null;
  error: string | null;
  attempts: number;
  created_at: string;
  updated_at: string;
}

export interface JobRecord extends JobInfo {
  params: unknown;
  checkpoint: unknown;
  attempts: number;
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
});

/**
 * The job as the API gives it. The runner checks a result by its kind's schema before storing it;
 * a stored result that no longer matches (written by an older version) is left out, so it cannot
 * make `jobs.list` or the `job.progress` event fail their checks.
 */
export function toJobInfo(r: JobRecord): TypedJobInfo {
  const { params: _p, checkpoint: _c, attempts: _a, ...info } = r;
  if (info.result !== undefined && isJobKindName(info.kind) && !jobResults[info.kind].safeParse(info.result).success) {
    log.debug('jobs', `job ${info.id} (${info.kind}): its stored result does not match the ${info.kind} result schema; it is left out`);
    delete info.result;
  }
  // Checked above for a known kind; any other kind's result is `unknown` (OtherJobInfo).
  return info as TypedJobInfo;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ','now')";

export class JobRepository {
  constructor(private readonly db: Db) {}

  create(kind: string, title: string, params: unknown): JobRecord {
    const info = retryBusy(() =>
      this.db.prepare("INSERT INTO jobs (kind, title, state, params) VALUES (?, ?, 'queued', ?)").run(kind, title, JSON.stringify(params ?? {})),
    );
    return this.get(Number(info.lastInsertRowid))!;
  }

  get(id: number): JobRecord | undefined {
    const r = this.db.prepare('SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
    return r && toRecord(r);
  }

  list(states?: JobState[], limit = 50): JobRecord[] {
    const rows = states?.length
      ? (this.db
          .prepare(`SELECT * FROM jobs WHERE state IN (SELECT value FROM json_each(?)) ORDER BY id DESC LIMIT ?`)
          .all(JSON.stringify(states), limit) as JobRow[])
      : (this.db.prepare('SELECT * FROM jobs ORDER BY id DESC LIMIT ?').all(limit) as JobRow[]);
    return rows.map(toRecord);
  }

  /** The oldest queued job whose kind is (or, with `exclude`, is not) one of `kinds`. */
  nextQueued(kinds?: { only?: string[]; exclude?: string[] }): JobRecord | undefined {
    const r = kinds?.only
      ? (this.db
          .prepare("SELECT * FROM jobs WHERE state = 'queued' AND kind IN (SELECT value FROM json_each(?)) ORDER BY id LIMIT 1")
          .get(JSON.stringify(kinds.only)) as JobRow | undefined)
      : kinds?.exclude?.length
        ? (this.db
            .prepare("SELECT * FROM jobs WHERE state = 'queued' AND kind NOT IN (SELECT value FROM json_each(?)) ORDER BY id LIMIT 1")
            .get(JSON.stringify(kinds.exclude)) as JobRow | undefined)
        : (this.db.prepare("SELECT * FROM jobs WHERE state = 'queued' ORDER BY id LIMIT 1").get() as JobRow | undefined);
    return r && toRecord(r);
  }

  /** Jobs left 'running' (by a process that died, when no runner holds them), with their start count. */
  interrupted(): { id: number; kind: string; attempts: number }[] {
    return this.db.prepare("SELECT id, kind, attempts FROM jobs WHERE state = 'running' ORDER BY id").all() as { id: number; kind: string; attempts: number }[];
  }

  /** A job the user resumes starts its count of interrupted runs again. */
  resetAttempts(id: number): void {
    retryBusy(() => this.db.prepare(`UPDATE jobs SET attempts = 0, updated_at = ${NOW} WHERE id = ?`).run(id));
  }

  setState(id: number, state: JobState, fields: { error?: string | null; result?: unknown } = {}): void {
    retryBusy(() =>
      this.db
        .prepare(`UPDATE jobs SET state = ?, error = ?, result = COALESCE(?, result), updated_at = ${NOW} WHERE id = ?`)
        .run(state, fields.error ?? null, fields.result === undefined ? null : JSON.stringify(fields.result), id),
    );
  }

  markStarted(id: number): void {
    retryBusy(() => this.db.prepare(`UPDATE jobs SET state = 'running', attempts = attempts + 1, error = NULL, updated_at = ${NOW} WHERE id = ?`).run(id));
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
