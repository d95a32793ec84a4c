// The bulk writer's load mode (FTS filled and secondary indexes rebuilt at the end, CHECKs done by
// the writer) leaves exactly the database that writing row by row leaves.
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Store } from '../../electron/core/store';
import { BulkGraphWriter } from '../../electron/core/store/bulk';
import type { Db } from '../../electron/core/store/db';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-bulk-');
afterAll(() => t.cleanup());

/** A database holding a little graph before the load: the load must merge into it. */
function seeded(name: string): Store {
  const store = Store.open(path.join(t.dir, `${name}.db`));
  store.transaction(() => {
    const w = new BulkGraphWriter(store.db);
    const a = w.node({ kind: 'entity', label: 'Old Alpha', aliases: ['OA'] }).id;
    const b = w.node({ kind: 'concept', label: 'old concept' }).id;
    w.edge({ subjectId: a, relation: 'is', objectId: b, stage: 'EE', status: 'proposed', confidence: 0.4, engine: 'classic' });
    w.finish();
  });
  return store;
}

/** What the load writes: new and existing nodes (new aliases, a type), triples (some repeated), links, evidence in a placeholder document. */
function write(w: BulkGraphWriter): void {
  const old = w.node({ kind: 'entity', label: 'old alpha', aliases: ['Alpha the elder'], type: 'Thing' }).id;
  const concept = w.node({ kind: 'concept', label: 'old concept' }).id;
  const ids: number[] = [];
  for (let i = 0; i < 300; i++) ids.push(w.node({ kind: i % 7 ? 'entity' : 'event', label: `Node ${i}`, type: i % 5 ? null : 'T' }).id);
  w.node({ kind: 'entity', label: 'node 3', aliases: ['third'] });
  const doc = w.document({ title: 'Evidence', contentHash: 'h1' });
  const chunk = w.chunk(doc, { ordinal: 0, start: 0, end: 40, page: 1 });
  for (let k = 1; k <= 4; k++)
    for (let i = 0; i < ids.length; i++) {
      const e = w.edge({
        subjectId: ids[i],
        relation: `rel  ${k}`,
        objectId: ids[(i * 7 + k) % ids.length],
        stage: k % 2 ? 'EE' : 'import',
        status: k === 3 ? 'rejected' : 'accepted',
        confidence: k / 4,
        engine: 'import',
      });
      if (i % 50 === 0) w.provenance({ edgeId: e.id, documentId: doc.id, chunkId: chunk, start: i % 30, end: (i % 30) + 5, quote: `q${i}`.padEnd(5, '.') });
    }
  w.edge({ subjectId: old, relation: 'is', objectId: concept, stage: 'EE', status: 'accepted', confidence: 1, engine: 'import' });
  w.edge({ subjectId: ids[0], relation: 'rel 1', objectId: ids[7], stage: 'EE', status: 'accepted', confidence: 1, engine: 'import' });
  for (let i = 0; i < 40; i++) w.conceptLink({ conceptId: concept, nodeId: ids[i] });
  w.conceptLink({ conceptId: concept, relation: 'rel 2', level: 1 });
  w.provenance({ nodeId: old, documentId: doc.id, chunkId: chunk, start: 2, end: 6, quote: 'alph' });
}

const TIMES = /^(created_at|updated_at)$/;
function rows(db: Db, table: string): unknown[] {
  return (db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all() as Record<string, unknown>[]).map((r) =>
    Object.fromEntries(Object.entries(r).filter(([k]) => !TIMES.test(k))),
  );
}
const schema = (db: Db) => db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all();
const fts = (db: Db, q: string) =>
  (db.prepare('SELECT rowid FROM nodes_fts WHERE nodes_fts MATCH ? ORDER BY rowid').all(q) as { rowid: number }[]).map((r) => r.rowid);

describe('bulk load', () => {
  it('leaves the same rows, FTS and schema as writing row by row', () => {
    const byRow = seeded('rows');
    byRow.transaction(() => {
      const w = new BulkGraphWriter(byRow.db);
      write(w);
      w.finish();
    });
    const loaded = seeded('load');
    const before = schema(loaded.db);
    // reindexAt 100: the secondary indexes are dropped and built again during this small load
    const done = BulkGraphWriter.load(loaded.db, (w) => (write(w), w.finish()), { reindexAt: 100 });
    expect(done.reindexed).toBe(true);

    for (const table of ['nodes', 'edges', 'provenance', 'concept_links', 'documents', 'chunks'])
      expect(rows(loaded.db, table), table).toEqual(rows(byRow.db, table));
    expect(schema(loaded.db)).toEqual(before);
    for (const q of ['alpha', 'elder', 'third', 'OA', 'node', '"node 299"', 'concept']) expect(fts(loaded.db, q), q).toEqual(fts(byRow.db, q));
    expect(fts(loaded.db, 'elder')).toHaveLength(1);
    expect(() => loaded.db.prepare("INSERT INTO nodes_fts(nodes_fts, rank) VALUES ('integrity-check', 1)").run()).not.toThrow();
    expect(loaded.db.pragma('ignore_check_constraints', { simple: true })).toBe(0);
    expect(loaded.db.pragma('foreign_key_check')).toEqual([]);
    // triggers are back: a later ordinary write is indexed as before
    loaded.graph.upsertNode({ kind: 'entity', label: 'Late Node' });
    expect(fts(loaded.db, 'late')).toHaveLength(1);
    byRow.close();
    loaded.close();
  });

  it('a failed load leaves nothing: rows, indexes, triggers and CHECKs as they were', () => {
    const store = seeded('fail');
    const before = { schema: schema(store.db), nodes: rows(store.db, 'nodes'), edges: rows(store.db, 'edges') };
    expect(() =>
      BulkGraphWriter.load(
        store.db,
        (w) => {
          write(w);
          w.edge({ subjectId: 1, relation: 'x', objectId: 2, stage: 'nope' as never, status: 'accepted', confidence: 1, engine: 'import' });
        },
        { reindexAt: 100 },
      ),
    ).toThrow(/unknown stage/);
    expect(schema(store.db)).toEqual(before.schema);
    expect(rows(store.db, 'nodes')).toEqual(before.nodes);
    expect(rows(store.db, 'edges')).toEqual(before.edges);
    expect(store.db.pragma('ignore_check_constraints', { simple: true })).toBe(0);
    expect(() => store.db.prepare("INSERT INTO edges (subject_id, relation, object_id, stage, engine) VALUES (1, 'y', 2, 'bad', 'x')").run()).toThrow(/CHECK/);
    store.close();
  });

  it('needs a transaction of its own making: a load mode writer outside one is refused', () => {
    const store = seeded('outside');
    expect(() => new BulkGraphWriter(store.db, { load: true })).toThrow(/inside a transaction/);
    store.close();
  });
});
