import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { migrations } from './migrations';

export type Db = Database.Database;

export interface OpenOptions {
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  readonly?: boolean;
}

/** Open (and create) a Graphwright database: WAL, foreign keys, migrated to the current schema. */
export function openDb(file: string, options: OpenOptions = {}): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  let db: Db;
  try {
    db = new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  } catch (err) {
    throw new Error(`cannot open database ${file}: ${(err as Error).message}`);
  }
  try {
    if (!options.readonly) db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = NORMAL');
    if (options.migrate !== false && !options.readonly) migrate(db);
  } catch (err) {
    db.close();
    throw new Error(`cannot use database ${file}: ${(err as Error).message}`);
  }
  return db;
}

export function schemaVersion(db: Db): number {
  const has = db.prepare("SELECT 1 FROM sqlite_master WHERE type='table' AND name='schema_version'").get();
  if (!has) return 0;
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_version').get() as { v: number | null };
  return row.v ?? 0;
}

export const currentSchemaVersion = migrations[migrations.length - 1].version;

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
  for (const m of migrations) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_version (version, name) VALUES (?, ?)').run(m.version, m.name);
    })();
    applied.push(m.version);
  }
  return applied;
}

/** JSON column helpers: columns holding JSON are TEXT in SQLite. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text == null || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
