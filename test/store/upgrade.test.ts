// Every schema version upgraded with rows in it (Signal-Desktop's habit): for each migration, a
// database is built up to that version from the migrations themselves, a row goes into every table
// it has, and the app's own migrate() takes it to the latest version. Every row must survive with
// its values, every reference must still hold. A new migration is covered without editing this file.
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { currentSchemaVersion, migrate, openDb, schemaVersion, type Db } from '../../electron/core/store';
import { migrations } from '../../electron/core/store/migrations';
import { tmpDir } from '../helpers/tmp';
import { columnsOf, fillEveryTable, migrateTo, plainTables, versions } from './fixture-db';

const t = tmpDir('gw-upgrade-');
afterAll(() => t.cleanup());

/** The rows of `table` whose columns (those still there) hold exactly `values`. */
function matching(db: Db, table: string, values: Record<string, unknown>): number {
  const present = new Set(columnsOf(db, table).map((c) => c.name));
  const cols = Object.keys(values).filter((c) => present.has(c));
  const where = cols.length ? `WHERE ${cols.map((c) => `${c} IS ?`).join(' AND ')}` : '';
  return (db.prepare(`SELECT COUNT(*) AS n FROM ${table} ${where}`).get(...cols.map((c) => values[c] as never)) as { n: number }).n;
}

describe('upgrading a database with rows in it', () => {
  // Numbers may have gaps while branches that each took a number land one by one (0011-0015 are other
  // branches' when 0016 lands first); the list is in order, each number once.
  it('the migrations are listed in increasing order, each number once, and the latest is the current schema version', () => {
    const listed = migrations.map((m) => m.version);
    expect(listed).toEqual(versions());
    expect(new Set(listed).size).toBe(listed.length);
    expect(Math.max(...versions())).toBe(currentSchemaVersion);
  });

  it.each(versions())('from version %i: every row survives the upgrade to the latest version', (version) => {
    const file = path.join(t.dir, `v${version}.db`);
    const db = openDb(file, { migrate: false });
    try {
      migrateTo(db, version);
      expect(schemaVersion(db)).toBe(version);
      const inserted = fillEveryTable(db, `v${version}`);
      expect(inserted.size).toBeGreaterThan(0);
      const columnsBefore = new Map([...inserted.keys()].map((table) => [table, columnsOf(db, table).map((c) => c.name)]));

      const applied = migrate(db);
      expect(applied).toEqual(versions().filter((v) => v > version));
      expect(schemaVersion(db)).toBe(currentSchemaVersion);

      const tables = new Set(plainTables(db));
      for (const [table, values] of inserted) {
        expect(tables.has(table), `table ${table} (with a row at version ${version}) is gone after the upgrade`).toBe(true);
        expect(matching(db, table, values), `the version-${version} row of ${table} after the upgrade`).toBe(1);
        // a migration that rebuilds a table keeps every column an earlier one added
        const after = new Set(columnsOf(db, table).map((c) => c.name));
        expect(
          columnsBefore.get(table)!.filter((c) => !after.has(c)),
          `columns of ${table} lost by the upgrade`,
        ).toEqual([]);
      }
      expect(db.pragma('foreign_key_check'), 'references still hold').toEqual([]);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      // The upgraded database takes new rows in every table as a fresh one does.
      fillEveryTable(db, `v${version}-after`, 2);
    } finally {
      db.close();
    }
  });
});
