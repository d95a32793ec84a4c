import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openDb, migrate, schemaVersion, currentSchemaVersion } from '../../electron/core/store';
import { migrations } from '../../electron/core/store/migrations';
import { tmpDir } from '../helpers/tmp';

describe('migrations', () => {
  const t = tmpDir('gw-migrations-');
  afterAll(() => t.cleanup());

  it('migrates an empty file to the current schema, and a second run is a no-op', () => {
    const file = path.join(t.dir, 'a.db');
    const db = openDb(file, { migrate: false });
    expect(schemaVersion(db)).toBe(0);
    expect(migrate(db)).toEqual(migrations.map((m) => m.version));
    expect(schemaVersion(db)).toBe(currentSchemaVersion);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type='table'").all() as { name: string }[]).map((r) => r.name);
    for (const name of [
      'documents',
      'chunks',
      'chunks_fts',
      'nodes',
      'edges',
      'provenance',
      'concept_links',
      'revisions',
      'jobs',
      'chat_sessions',
      'chat_messages',
      'settings',
    ]) {
      expect(tables).toContain(name);
    }
    const before = db.prepare('SELECT sql FROM sqlite_master ORDER BY name').all();
    expect(migrate(db)).toEqual([]);
    expect(db.prepare('SELECT sql FROM sqlite_master ORDER BY name').all()).toEqual(before);
    expect((db.prepare('SELECT COUNT(*) AS n FROM schema_version').get() as { n: number }).n).toBe(migrations.length);
    db.close();
  });

  it('keeps an index for every evidence and node-kind lookup after dropping the ones another index already serves', () => {
    const db = openDb(path.join(t.dir, 'plans.db'));
    const indexes = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all() as { name: string }[]).map((r) => r.name);
    for (const gone of ['provenance_edge', 'provenance_node', 'nodes_kind']) expect(indexes).not.toContain(gone);
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');
    expect(plan('SELECT * FROM provenance WHERE edge_id = 1')).toMatch(/USING (COVERING )?INDEX provenance_edge_span/);
    expect(plan('SELECT * FROM provenance WHERE node_id = 1')).toMatch(/USING (COVERING )?INDEX provenance_node_span/);
    expect(plan("SELECT id FROM nodes WHERE kind = 'entity'")).toMatch(/USING (COVERING )?INDEX nodes_kind_norm/);
    // deleting a triple or a node finds its evidence (the foreign keys' cascade) through an index, never a scan
    expect(plan('DELETE FROM edges WHERE id = 1')).toMatch(/SEARCH provenance USING (COVERING )?INDEX provenance_edge_span/);
    expect(plan('DELETE FROM nodes WHERE id = 1')).toMatch(/SEARCH provenance USING (COVERING )?INDEX provenance_node_span/);
    db.close();
  });

  it('opens with WAL and foreign keys on', () => {
    const db = openDb(path.join(t.dir, 'b.db'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(() => db.prepare("INSERT INTO chunks (document_id, ordinal, start, end, text, hash) VALUES (999, 0, 0, 1, 'x', 'h')").run()).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it('refuses a database written by a newer version, and leaves it untouched', () => {
    const file = path.join(t.dir, 'c.db');
    openDb(file).close();
    const raw = new Database(file);
    raw.prepare("INSERT INTO schema_version (version, name) VALUES (999, 'future')").run();
    raw.close();
    expect(() => openDb(file)).toThrow(/newer than this app/);
    const check = new Database(file);
    expect((check.prepare('SELECT MAX(version) AS v FROM schema_version').get() as { v: number }).v).toBe(999);
    check.close();
  });
});
