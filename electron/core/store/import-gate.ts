// While a graph import runs in its worker thread (import/import-thread.ts), that thread holds the
// database's write lock in one long transaction. The core's own connection must not wait for that
// lock in SQLite's busy handler: the handler sleeps on the core's thread, so the event loop would
// stop for as long as the import runs (and a write waiting past BUSY_TIMEOUT_MS would fail). So, per
// connection:
//
// - one import at a time: a second one waits for the first to end (off the event loop);
// - before the import's thread starts, whoever registered `onImportStart` (the job runner) pauses
//   what would write meanwhile: running jobs stop at their next cancellation check and go back to
//   the queue, resumed from their checkpoint after the import; no job starts during an import;
// - while the import runs, the connection's busy timeout is 0 and `retryBusy` does not back off:
//   a write the core tries fails at once with SQLITE_BUSY (nothing written: the lock is taken before
//   the first row), and `deferWhileImporting` runs the call again once the import has committed or
//   rolled back, awaiting it off the event loop.
import type { Db } from './db';
import { BUSY_TIMEOUT_MS } from './db';
import { StorageError, isBusy, setBusyFailsFast } from './storage-error';
import { ApiError } from '../../../shared/errors';

interface GateState {
  /** Settles when the running import (and its pause and clean-up) is over; null when none runs. */
  running: Promise<void> | null;
  /** True once the pause is over and the import's thread may hold the write lock. */
  locked: boolean;
  pausers: Set<() => Promise<void>>;
}

const gates = new WeakMap<Db, GateState>();

function gateOf(db: Db): GateState {
  let g = gates.get(db);
  if (!g) {
    g = { running: null, locked: false, pausers: new Set() };
    gates.set(db, g);
  }
  return g;
}

/** The end of the import running on this connection's database (it never rejects), or null when none runs. */
function importInProgress(db: Db): Promise<void> | null {
  return gates.get(db)?.running ?? null;
}

/**
 * The end of the import whose thread may hold this database's write lock now (past the pause before
 * it), or null: while an import's pause runs, the core's writes still go through.
 */
export function importHoldsLock(db: Db): Promise<void> | null {
  const g = gates.get(db);
  return g?.locked ? g.running : null;
}

/** Wait until no import runs on this connection's database (at once when none does). */
export async function importIdle(db: Db): Promise<void> {
  for (let r = importInProgress(db); r; r = importInProgress(db)) await r;
}

/**
 * Called before an import's thread starts, to pause what would write during it; the import starts
 * when the returned promise settles. Returns the function that unregisters it.
 */
export function onImportStart(db: Db, pause: () => Promise<void>): () => void {
  const g = gateOf(db);
  g.pausers.add(pause);
  return () => g.pausers.delete(pause);
}

/**
 * Run `fn` (an import in its thread) as the only import of this database, with the core's writes deferred meanwhile.
 * `pauseJobs: false` leaves the running jobs alone: for a job whose own thread holds the lock (the
 * ingest job storing a large document from its worker, ingest/worker-pool.ts), which must not be paused by it.
 */
export async function holdForImport<T>(db: Db, fn: () => Promise<T>, options: { pauseJobs?: boolean } = {}): Promise<T> {
  const g = gateOf(db);
  await importIdle(db);
  let release!: () => void;
  g.running = new Promise<void>((resolve) => (release = resolve));
  try {
    // each pauser is awaited; one that fails does not keep the import from running
    if (options.pauseJobs !== false) await Promise.allSettled([...g.pausers].map((p) => p()));
    db.pragma('busy_timeout = 0');
    setBusyFailsFast(+1);
    g.locked = true;
    try {
      return await fn();
    } finally {
      g.locked = false;
      setBusyFailsFast(-1);
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
  } finally {
    g.running = null;
    release();
  }
}

/** True for a lock error (raw from SQLite, or already described as a StorageError). */
export function isLockError(err: unknown): boolean {
  return isBusy(err) || (err instanceof StorageError && err.kind === 'busy');
}

const changeQueries = new WeakMap<Db, () => number>();
/** Rows this connection has changed since it opened (SQLite's total_changes()). */
function totalChanges(db: Db): number {
  let q = changeQueries.get(db);
  if (!q) {
    const stmt = db.prepare('SELECT total_changes()').pluck();
    q = () => stmt.get() as number;
    changeQueries.set(db, q);
  }
  return q();
}

/**
 * Run a call; when it fails on the lock an import holds, wait for the import to end (off the event
 * loop) and run it again. Only when nothing was written through this connection meanwhile: a call
 * that wrote part of its work before the import took the lock is not repeated, it fails saying so.
 */
export async function deferWhileImporting<T>(db: Db, call: () => Promise<T> | T): Promise<T> {
  for (;;) {
    const before = totalChanges(db);
    try {
      return await call();
    } catch (err) {
      const running = importInProgress(db);
      if (!running || !isLockError(err)) throw err;
      if (totalChanges(db) !== before)
        throw new ApiError('conflict', 'the graph is being imported and this change was only partly written before it; try it again');
      await running;
    }
  }
}

/** The same handlers, each run through deferWhileImporting: a call that meets an import's lock runs again after it. */
export function deferringWrites<H extends object>(db: Db, handlers: H): H {
  const out: Record<string, unknown> = {};
  for (const [name, handler] of Object.entries(handlers) as [string, (input: unknown) => unknown][]) {
    out[name] = (input: unknown) => deferWhileImporting(db, () => handler(input));
  }
  return out as H;
}
