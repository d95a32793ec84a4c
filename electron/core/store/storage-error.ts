// Storage failures (disk full, I/O error, read-only file, lock held too long, damaged file) as
// clear errors that name the database file, instead of SQLite's bare "database or disk is full".
// Also the busy retry every writer goes through when another process holds the write lock.
import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../../../shared/errors';

type StorageErrorKind = 'disk_full' | 'io' | 'readonly' | 'busy' | 'corrupt' | 'cantopen' | 'other';

/** A storage failure: the message names the database file and what to do. `code` is 'failed' for the API. */
export class StorageError extends ApiError {
  readonly kind: StorageErrorKind;
  readonly sqliteCode: string;
  readonly file: string;
  constructor(kind: StorageErrorKind, message: string, sqliteCode: string, file: string) {
    super('failed', message);
    this.name = 'StorageError';
    this.kind = kind;
    this.sqliteCode = sqliteCode;
    this.file = file;
  }
}

/** The SQLite result code of an error thrown by better-sqlite3 ('SQLITE_FULL', 'SQLITE_IOERR_WRITE', ...), if it is one. */
export function sqliteCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined;
}

export function isBusy(err: unknown): boolean {
  const c = sqliteCode(err);
  return c === 'SQLITE_BUSY' || c === 'SQLITE_BUSY_SNAPSHOT' || c === 'SQLITE_BUSY_RECOVERY' || c === 'SQLITE_BUSY_TIMEOUT' || c === 'SQLITE_LOCKED';
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0);

/** Free bytes on the file system holding `file` (undefined where statfs is not available). */
function freeBytes(file: string): number | undefined {
  try {
    const s = fs.statfsSync(path.dirname(path.resolve(file)));
    return s.bavail * s.bsize;
  } catch {
    // free space unknown (no statfs here): the message leaves it out
    return undefined;
  }
}

interface DescribeContext {
  /** The database file (better-sqlite3's db.name). */
  file: string;
  /** About how many bytes the failed write needed, when the caller knows (a document's text, a batch). */
  neededBytes?: number;
  /** The size cap set on the connection (max_page_count), when one is set. */
  limitBytes?: number;
  /** What was being done ("storing report.pdf"). */
  doing?: string;
}

/**
 * Turn a SQLite error into a StorageError with a clear message; anything else is returned as is.
 * Idempotent: a StorageError comes back unchanged.
 */
export function toStorageError(err: unknown, ctx: DescribeContext): unknown {
  if (err instanceof StorageError) return err;
  const code = sqliteCode(err);
  if (!code) return err;
  const file = ctx.file === ':memory:' || !ctx.file ? 'the in-memory database' : path.resolve(ctx.file);
  const raw = (err as Error).message;
  const doing = ctx.doing ? ` while ${ctx.doing}` : '';
  if (code === 'SQLITE_FULL') {
    const free = ctx.file && ctx.file !== ':memory:' ? freeBytes(ctx.file) : undefined;
    const needed = ctx.neededBytes ? `${mb(Math.max(ctx.neededBytes, 1024 * 1024))} MB needed` : 'more space needed';
    const limit =
      ctx.limitBytes !== undefined
        ? `the database reached its size limit of ${mb(ctx.limitBytes)} MB`
        : free !== undefined
          ? `${mb(free)} MB free`
          : 'no space left';
    return new StorageError(
      'disk_full',
      `disk full: ${needed} at ${file} (${limit})${doing}; nothing past the last commit was written — free some space and resume`,
      code,
      file,
    );
  }
  if (code.startsWith('SQLITE_IOERR')) {
    return new StorageError('io', `storage error at ${file}: I/O error (${code})${doing}: ${raw}; nothing past the last commit was written`, code, file);
  }
  if (code.startsWith('SQLITE_READONLY')) {
    return new StorageError(
      'readonly',
      `storage error at ${file}: the database is read-only (${code})${doing}; open it from a writable file to change it`,
      code,
      file,
    );
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new StorageError(
      'busy',
      `storage error at ${file}: the database stayed locked by another process${doing} (${code}); try again when the other writer is done`,
      code,
      file,
    );
  }
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') {
    return new StorageError('corrupt', `storage error at ${file}: the database file is damaged or not a Graphwright database (${code}): ${raw}`, code, file);
  }
  if (code.startsWith('SQLITE_CANTOPEN')) {
    return new StorageError('cantopen', `storage error at ${file}: cannot open the database file (${code}): ${raw}`, code, file);
  }
  if (
    code === 'SQLITE_CONSTRAINT' ||
    code.startsWith('SQLITE_CONSTRAINT_') ||
    code === 'SQLITE_ERROR' ||
    code === 'SQLITE_MISMATCH' ||
    code === 'SQLITE_RANGE'
  ) {
    // Logic errors (a bad query, a constraint): not storage failures; keep them as they are.
    return err;
  }
  return new StorageError('other', `storage error at ${file} (${code})${doing}: ${raw}`, code, file);
}

/** Block the thread for `ms` (the busy handler blocks the same way; there is no async SQLite call to wait on). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

interface RetryOptions {
  /** Attempts after the first (default 8). */
  retries?: number;
  /** First back-off in ms, doubled each time up to maxDelayMs (default 50). */
  delayMs?: number;
  maxDelayMs?: number;
}

let failFast = 0;

/**
 * While an import thread of this process holds a database's write lock (store/import-gate.ts), a
 * busy error is not retried with back-off: the back-off sleeps on the calling thread, and the
 * import may hold the lock for many seconds. The caller defers the work instead.
 */
export function setBusyFailsFast(delta: 1 | -1): void {
  failFast = Math.max(0, failFast + delta);
}

/**
 * Run `fn`, retrying with back-off while SQLite reports the database busy. Only for work that is
 * safe to repeat: a transaction that never began, or one statement in autocommit mode.
 */
export function retryBusy<T>(fn: () => T, options: RetryOptions = {}): T {
  const retries = options.retries ?? 8;
  let delay = options.delayMs ?? 50;
  const max = options.maxDelayMs ?? 2000;
  for (let attempt = 0; ; attempt++) {
    try {
      return fn();
    } catch (err) {
      if (!isBusy(err) || attempt >= retries || failFast > 0) throw err;
      // Jitter, so two processes backing off do not wake in step.
      sleepSync(delay + Math.floor(Math.random() * delay));
      delay = Math.min(delay * 2, max);
    }
  }
}
