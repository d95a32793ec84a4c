import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { migrations, type Migration } from './migrations';
import { StorageError, isBusy, retryBusy, toStorageError } from './storage-error';
import { log } from '../log';

export type Db = Database.Database;

// A database on read-only media is opened by a URI filename (`file:…?immutable=1`); better-sqlite3
// reads URI filenames only when SQLITE_USE_URI=1 is set before its addon loads (on the first
// connection of the process). A plain path is read as before.
process.env.SQLITE_USE_URI ??= '1';

/** How long one statement waits in SQLite's busy handler for another process's write lock. */
export const BUSY_TIMEOUT_MS = 10_000;

export interface OpenOptions {
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  readonly?: boolean;
  /**
   * Largest size the database may grow to, in MB (SQLite max_page_count); writes past it fail as
   * "disk full". Default: GRAPHWRIGHT_DB_MAX_MB when set, else no limit.
   */
  maxSizeMb?: number;
}

const sizeLimits = new WeakMap<Db, number>();
/** The file of a connection opened by a URI filename (db.name is then the URI). */
const files = new WeakMap<Db, string>();

/** The database file of a connection (its path, also when it was opened by a URI filename). */
export function dbFile(db: Db): string {
  return files.get(db) ?? db.name;
}

/** What a storage error message needs to know about a connection: its file and its size limit. */
function storageContext(db: Db): { file: string; limitBytes?: number } {
  return { file: dbFile(db), limitBytes: sizeLimits.get(db) };
}

/** A SQLite error thrown by this connection as a clear StorageError naming the file (other errors unchanged). */
export function describeStorageError(db: Db, err: unknown, extra: { neededBytes?: number; doing?: string } = {}): unknown {
  return toStorageError(err, { ...storageContext(db), ...extra });
}

function maxSizeFromEnv(): number | undefined {
  const v = process.env.GRAPHWRIGHT_DB_MAX_MB;
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`GRAPHWRIGHT_DB_MAX_MB must be a positive number of MB, got ${JSON.stringify(v)}`);
  return n;
}

/**
 * Every transaction of a writable connection begins IMMEDIATE (takes the write lock up front, so
 * a second writer waits in the busy handler instead of failing with SQLITE_BUSY_SNAPSHOT when it
 * upgrades a read), and BEGIN is retried with back-off while another process holds the lock.
 * Only BEGIN is retried: once the function has run, a busy error is reported, never repeated.
 */
function installWriteTransactions(db: Db): void {
  const original = db.transaction.bind(db);
  const patched = ((fn: (...args: unknown[]) => unknown) => {
    let began = false;
    const inner = original(function (this: unknown, ...args: unknown[]) {
      began = true;
      return fn.apply(this, args);
    });
    const run = function (this: unknown, ...args: unknown[]) {
      if (db.inTransaction) return inner.apply(this, args); // nested: a savepoint of the outer one
      return retryBusy(() => {
        began = false;
        try {
          return inner.immediate.apply(this, args);
        } catch (err) {
          if (began && isBusy(err)) throw describeStorageError(db, err); // not retried: the work ran
          throw err;
        }
      });
    };
    Object.defineProperties(run, {
      default: { value: run },
      immediate: { value: run },
      deferred: { value: inner.deferred },
      exclusive: { value: inner.exclusive },
      database: { value: db, enumerable: true },
    });
    return run;
  }) as unknown as Db['transaction'];
  db.transaction = patched;
}

/** Open (and create) a Graphwright database: WAL, foreign keys, migrated to the current schema. */
export function openDb(file: string, options: OpenOptions = {}): Db {
  const readonly = options.readonly ?? false;
  if (file !== ':memory:' && !readonly) {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    checkSharedMemoryWritable(file);
  }
  let db: Db;
  try {
    db = readonly ? openReadOnly(file) : new Database(file, { timeout: BUSY_TIMEOUT_MS });
  } catch (err) {
    if (err instanceof ReadOnlyOpenError) throw err;
    const mapped = toStorageError(err, { file });
    throw new Error(`cannot open database ${file}: ${mapped instanceof StorageError ? mapped.message : (err as Error).message}`);
  }
  try {
    if (!readonly) retryBusy(() => db.pragma('journal_mode = WAL'));
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    if (!readonly) db.pragma('synchronous = NORMAL');
    const maxMb = options.maxSizeMb ?? maxSizeFromEnv();
    if (maxMb !== undefined && !readonly) {
      const pageSize = db.pragma('page_size', { simple: true }) as number;
      const pages = Math.max(1, Math.floor((maxMb * 1024 * 1024) / pageSize));
      db.pragma(`max_page_count = ${pages}`);
      sizeLimits.set(db, pages * pageSize);
    }
    if (!readonly) installWriteTransactions(db);
    if (options.migrate !== false && !readonly) migrate(db);
  } catch (err) {
    db.close();
    const mapped = toStorageError(err, { file });
    throw new Error(`cannot use database ${file}: ${(mapped as Error).message}`);
  }
  return db;
}

/** A read-only database that cannot be read as it lies (its message says why and what to do). */
class ReadOnlyOpenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReadOnlyOpenError';
  }
}

const canAccess = (p: string, mode: number): boolean => {
  try {
    fs.accessSync(p, mode);
    return true;
  } catch {
    // the probe itself: no such access
    return false;
  }
};

const sizeOf = (p: string): number | undefined => {
  try {
    return fs.statSync(p).size;
  } catch {
    // the probe itself: no such file
    return undefined;
  }
};

/**
 * How a read-only connection opens, so that it never writes next to the database:
 *
 * - `immutable`: the file is not writable, or its folder is not (a read-only folder or mount, a
 *   file of another user), and no write-ahead log holds changes. SQLite then reads the file as it
 *   lies, without locks and without creating the `-shm` index, which it otherwise creates with the
 *   database file's own permissions: a read-only `-shm` left behind keeps the database read-only
 *   for its owner once the file is writable again.
 * - `wal`: a write-ahead log holds changes (a writer has the database open, or stopped before its
 *   checkpoint). SQLite must read it through the `-shm` index, which is there (it is used read-only
 *   when it cannot be written) or can be made without harm (file and folder writable).
 * - `plain`: file and folder writable (`--read-only` by choice, an export's snapshot): an ordinary
 *   read-only connection, which sees other connections' commits.
 */
function readOnlyMode(file: string): 'immutable' | 'wal' | 'plain' | { refuse: string } {
  const abs = path.resolve(file);
  const walBytes = sizeOf(`${abs}-wal`) ?? 0;
  const shm = fs.existsSync(`${abs}-shm`);
  const writable = canAccess(abs, fs.constants.W_OK) && canAccess(path.dirname(abs), fs.constants.W_OK);
  if (walBytes > 0) {
    if (shm || writable) return 'wal';
    return {
      refuse:
        `cannot read database ${abs}: its write-ahead log ${abs}-wal holds changes not yet in the database file, and SQLite needs an index (${abs}-shm) ` +
        `to read them, which it cannot create here (the file or its folder is read-only). Open it once where it can be written (a writing command ` +
        `finishes the log), or copy ${path.basename(abs)} together with ${path.basename(abs)}-wal to a writable folder`,
    };
  }
  return writable ? 'plain' : 'immutable';
}

function openReadOnly(file: string): Db {
  const abs = path.resolve(file);
  if (!fs.existsSync(abs)) throw new ReadOnlyOpenError(`cannot open database ${abs}: no such file`);
  const mode = readOnlyMode(abs);
  if (typeof mode === 'object') throw new ReadOnlyOpenError(mode.refuse);
  if (mode !== 'immutable') return new Database(abs, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  const db = new Database(`${pathToFileURL(abs).href}?immutable=1`, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  files.set(db, abs);
  return db;
}

/**
 * A writable open next to a `-shm` index this process may not write (left by a read-only open of
 * an older version, or made by another user) would open read-only and fail its first write with a
 * misleading "read-only database". Without a `-wal` file no connection has the database open (the
 * log lives as long as one does), so the stale index is removed; otherwise the message says what
 * to do.
 */
function checkSharedMemoryWritable(file: string): void {
  if (file === ':memory:') return;
  const abs = path.resolve(file);
  const shm = `${abs}-shm`;
  if (!fs.existsSync(shm) || canAccess(shm, fs.constants.W_OK) || !canAccess(abs, fs.constants.W_OK)) return;
  if (!fs.existsSync(`${abs}-wal`) && canAccess(path.dirname(abs), fs.constants.W_OK)) {
    try {
      fs.rmSync(shm);
      log.info('store', `removed ${shm}: a read-only index left by an earlier read-only open, which no connection uses`);
      return;
    } catch (err) {
      log.debug('store', `could not remove ${shm}`, err);
    }
  }
  throw new ReadOnlyOpenError(
    `cannot open database ${abs} for writing: its index ${shm} is read-only (left by a read-only open, or made by another user). ` +
      `Close every program that has the database open, then delete ${path.basename(shm)}${fs.existsSync(`${abs}-wal`) ? ` and ${path.basename(abs)}-wal if it is empty` : ''}, and try again`,
  );
}

/** True when this process may write the database (the file and its folder, where SQLite puts -wal and -shm). */
export function isWritable(file: string): boolean {
  return canAccess(file, fs.constants.W_OK) && canAccess(path.dirname(path.resolve(file)), fs.constants.W_OK);
}

export function schemaVersion(db: Db): number {
  const has = db.prepare("SELECT 1 FROM sqlite_master WHERE type='table' AND name='schema_version'").get();
  if (!has) return 0;
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_version').get() as { v: number | null };
  return row.v ?? 0;
}

export const currentSchemaVersion = Math.max(...migrations.map((m) => m.version));

/** Apply every migration newer than the database's version, each in its own transaction. Returns the versions applied. */
export function migrate(db: Db): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_version (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')))`);
  const current = schemaVersion(db);
  if (current > currentSchemaVersion) {
    throw new Error(`database schema version ${current} is newer than this app (${currentSchemaVersion}); update Graphwright`);
  }
  const applied: number[] = [];
  // by the versions recorded, not the highest: a migration numbered below one already applied (two
  // written at the same time, landing in either order) still runs once
  const done = new Set((db.prepare('SELECT version FROM schema_version').all() as { version: number }[]).map((r) => r.version));
  for (const m of migrations) {
    if (done.has(m.version)) continue;
    applyMigration(db, m);
    applied.push(m.version);
    log.info('store', `migration ${m.version} (${m.name}) applied to ${db.name}`);
  }
  return applied;
}

/**
 * One migration in its own transaction, logged in schema_version. One that rebuilds a table runs with
 * foreign keys off (a DROP TABLE with them on would delete the rows that point at it, and the pragma
 * cannot change inside a transaction); every reference must still hold before it commits.
 */
export function applyMigration(db: Db, m: Migration): void {
  const fkOff = m.foreignKeysOff === true && Boolean(db.pragma('foreign_keys', { simple: true }));
  if (fkOff) db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      db.exec(m.sql);
      if (m.foreignKeysOff) {
        const broken = db.pragma('foreign_key_check') as unknown[];
        if (broken.length) throw new Error(`migration ${m.version} (${m.name}) would break ${broken.length} references; nothing was changed`);
      }
      db.prepare('INSERT INTO schema_version (version, name) VALUES (?, ?)').run(m.version, m.name);
    })();
  } finally {
    if (fkOff) db.pragma('foreign_keys = ON');
  }
}

/** JSON column helpers: columns holding JSON are TEXT in SQLite. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text == null || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    log.debug('store', 'a JSON column did not parse; its default is used', err);
    return fallback;
  }
}
