// Fixture databases generated from the migrations themselves (no checked-in .db files): a database
// at any schema version, with a row in every table that version has. A row's values come from the
// table's own declaration: a reference to the row of the table it points at, the first value of a
// CHECK (col IN (...)) list, else a value of the declared type. New migrations need no edits here.
import type { Db } from '../../electron/core/store';
import { applyMigration } from '../../electron/core/store/db';
import { migrations } from '../../electron/core/store/migrations';

/** Apply the migrations up to `version`, exactly as store/db.ts migrate() does (same order, same log). */
export function migrateTo(db: Db, version: number): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_version (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')))`);
  const done = new Set((db.prepare('SELECT version FROM schema_version').all() as { version: number }[]).map((r) => r.version));
  for (const m of migrations) {
    if (m.version > version || done.has(m.version)) continue;
    applyMigration(db, m);
  }
}

export const versions = (): number[] => migrations.map((m) => m.version).sort((a, b) => a - b);

interface Column {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}
interface ForeignKey {
  table: string;
  from: string;
  to: string | null;
  on_delete: string;
}

/** Plain tables (not virtual, not FTS shadow tables, not the migration log). */
export function plainTables(db: Db): string[] {
  const rows = db.prepare("SELECT name, type FROM pragma_table_list WHERE schema = 'main'").all() as { name: string; type: string }[];
  return rows
    .filter((r) => r.type === 'table' && !r.name.startsWith('sqlite_') && r.name !== 'schema_version')
    .map((r) => r.name)
    .sort();
}

export const columnsOf = (db: Db, table: string): Column[] => db.prepare('SELECT * FROM pragma_table_info(?)').all(table) as Column[];
export const foreignKeysOf = (db: Db, table: string): ForeignKey[] => db.prepare('SELECT * FROM pragma_foreign_key_list(?)').all(table) as ForeignKey[];
const tableSql = (db: Db, table: string): string =>
  (db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) as { sql: string }).sql;

/** Every `col ... CHECK (col IN ('a','b'))` of a table: column -> the listed values. */
export function checkEnums(db: Db, table: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const sql = tableSql(db, table);
  for (const m of sql.matchAll(/CHECK\s*\(\s*(\w+)\s+IN\s*\(([^)]*)\)\s*\)/gi)) {
    out.set(
      m[1],
      [...m[2].matchAll(/'((?:[^']|'')*)'/g)].map((v) => v[1].replace(/''/g, "'")),
    );
  }
  return out;
}

/** Tables ordered so that every table comes after the tables it references (self-references aside). */
export function byDependency(db: Db, tables: string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (t: string, path: Set<string>) => {
    if (seen.has(t) || path.has(t)) return;
    path.add(t);
    for (const fk of foreignKeysOf(db, t)) if (fk.table !== t && tables.includes(fk.table)) visit(fk.table, path);
    seen.add(t);
    out.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return out;
}

const sample = (type: string, tag: string, n: number): unknown => {
  const t = type.toUpperCase();
  if (t.includes('INT')) return n;
  if (t.includes('REAL') || t.includes('FLOA') || t.includes('DOUB')) return 0.5;
  if (t.includes('BLOB')) return Buffer.from([1]);
  // Valid JSON, since many TEXT columns hold JSON; tagged so rows of different versions differ.
  return JSON.stringify({ fixture: tag });
};

/**
 * Insert one row into `table`, referencing the newest row of each table it points at (which must
 * have one); `fixed` columns take the values given. Integers are `n`, so calls with different `n`
 * do not collide on unique keys.
 */
export function insertFixtureRow(
  db: Db,
  table: string,
  tag: string,
  n = 1,
  fixed: Record<string, unknown> = {},
): { rowid: number; values: Record<string, unknown> } {
  const enums = checkEnums(db, table);
  const fks = foreignKeysOf(db, table);
  const cols = columnsOf(db, table);
  const singleIntegerPk = cols.filter((c) => c.pk > 0).length === 1 && cols.some((c) => c.pk > 0 && c.type.toUpperCase() === 'INTEGER');
  const values: Record<string, unknown> = {};
  const nullableRefs: string[] = [];
  for (const c of cols) {
    if (c.name in fixed) {
      values[c.name] = fixed[c.name];
      continue;
    }
    if (c.pk > 0 && singleIntegerPk) continue;
    const fk = fks.find((f) => f.from === c.name);
    if (fk) {
      const target = db.prepare(`SELECT ${fk.to ?? 'rowid'} AS v FROM ${fk.table} ORDER BY rowid DESC LIMIT 1`).get() as { v: unknown } | undefined;
      if (target) {
        values[c.name] = target.v;
        if (!c.notnull) nullableRefs.push(c.name);
      } else if (c.notnull) throw new Error(`fixture: ${table}.${c.name} references ${fk.table}, which has no row`);
      continue;
    }
    if (enums.has(c.name)) values[c.name] = enums.get(c.name)![0];
    else if (c.notnull && c.dflt_value === null) values[c.name] = sample(c.type, `${table}.${c.name}@${tag}#${n}`, n);
  }
  // A CHECK over several columns (exactly one of two references set) fails with every reference
  // filled: drop nullable references one at a time until the row goes in.
  const attempts: Record<string, unknown>[] = [values, ...nullableRefs.map((n) => Object.fromEntries(Object.entries(values).filter(([k]) => k !== n)))];
  const errors: string[] = [];
  for (const v of attempts) {
    const names = Object.keys(v);
    try {
      const sql = names.length
        ? `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`
        : `INSERT INTO ${table} DEFAULT VALUES`;
      const info = db.prepare(sql).run(...names.map((n) => v[n] as never));
      return { rowid: Number(info.lastInsertRowid), values: v };
    } catch (err) {
      errors.push((err as Error).message);
    }
  }
  throw new Error(`fixture: cannot insert a row into ${table}: ${[...new Set(errors)].join('; ')}`);
}

/**
 * insertFixtureRow after a fresh row in every table it references (and theirs), so that the new row
 * never collides with an older one on a unique key over its references. `next` numbers the rows.
 */
export function insertWithFreshParents(
  db: Db,
  table: string,
  tag: string,
  next: () => number,
  fixed: Record<string, unknown> = {},
  depth = 0,
): { rowid: number; values: Record<string, unknown> } {
  if (depth < 6) {
    for (const fk of foreignKeysOf(db, table)) {
      if (fk.from in fixed || fk.table === table) continue;
      insertWithFreshParents(db, fk.table, tag, next, {}, depth + 1);
    }
  }
  return insertFixtureRow(db, table, tag, next(), fixed);
}

/** A row in every plain table of the database's current schema. Returns what was inserted, by table. */
export function fillEveryTable(db: Db, tag: string, n = 1): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const t of byDependency(db, plainTables(db))) out.set(t, insertFixtureRow(db, t, tag, n).values);
  return out;
}
