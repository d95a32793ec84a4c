// Vectors of chunks (passages) and of node labels for one embedding model, in SQLite through the
// sqlite-vec extension (vec0 virtual tables, cosine distance, KNN by MATCH ... AND k = ?).
//
//   vector_indexes  the index: the model's identity and the vectors' dimension (one index at a time:
//                   building for another model drops the old one)
//   vector_items    what each vector was made from: the chunk's hash or the node's label, so new and
//                   changed chunks and labels are found by a join, and stale vectors are never returned
//   vec_chunks_<id>, vec_labels_<id>   the vec0 tables of index <id>; rowid = chunk id / node id
//
// Nothing here exists until the first index is built: the tables are created lazily, after the
// extension is loaded (a connection without sqlite-vec cannot even open a vec0 table), so a
// database without an index needs neither the extension nor a migration. vec0 rowids must be BigInt.
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Db } from './db';

export type VectorKind = 'chunk' | 'label';

export interface VectorIndexInfo {
  id: number;
  /** Identity of the embedding model (retrieve/dense.ts: engine, file name and size, or endpoint model). */
  model: string;
  dimension: number;
  /** Vectors held, of chunks and of node labels. */
  chunks: number;
  labels: number;
  createdAt: string;
  updatedAt: string;
}

interface PendingItem {
  id: number;
  /** What the vector is made from (chunk text, node label). */
  text: string;
  /** Recorded with the vector: the chunk's hash, or the label itself. */
  key: string;
}

const loaded = new WeakMap<Db, true | Error>();

/**
 * The path of sqlite-vec's loadable extension. Inside a packaged app it lies in app.asar.unpacked
 * (electron-builder.yml's asarUnpack): the dynamic loader cannot read files inside an asar archive.
 */
function vecExtensionPath(): string {
  const require = createRequire(import.meta.url);
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  const ext = process.platform === 'win32' ? 'dll' : process.platform === 'darwin' ? 'dylib' : 'so';
  const file = require.resolve(`sqlite-vec-${os}-${process.arch}/vec0.${ext}`);
  return file.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}

/** Load sqlite-vec into this connection once; false (and the reason in vecError) when it cannot load here. */
function loadVec(db: Db): boolean {
  const state = loaded.get(db);
  if (state) return state === true;
  try {
    // loadExtension wants the path without its suffix on some platforms; the full path works on all
    db.loadExtension(vecExtensionPath());
    loaded.set(db, true);
    return true;
  } catch (err) {
    loaded.set(db, err instanceof Error ? err : new Error(String(err)));
    return false;
  }
}

/** Why sqlite-vec could not be loaded into this connection (undefined: it loaded, or was not tried). */
function vecError(db: Db): string | undefined {
  const state = loaded.get(db);
  return state instanceof Error ? `sqlite-vec could not be loaded (${path.basename(vecExtensionPathSafe())}): ${state.message}` : undefined;
}

function vecExtensionPathSafe(): string {
  try {
    return vecExtensionPath();
  } catch {
    // only names the extension in a message: its usual file name will do
    return `sqlite-vec-${process.platform}-${process.arch}`;
  }
}

const chunkTable = (id: number) => `vec_chunks_${id}`;
const labelTable = (id: number) => `vec_labels_${id}`;
const tableOf = (id: number, kind: VectorKind) => (kind === 'chunk' ? chunkTable(id) : labelTable(id));

const META = /* sql */ `
CREATE TABLE IF NOT EXISTS vector_indexes (
  id INTEGER PRIMARY KEY,
  model TEXT NOT NULL,
  dimension INTEGER NOT NULL CHECK (dimension > 0),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE TABLE IF NOT EXISTS vector_items (
  index_id INTEGER NOT NULL REFERENCES vector_indexes(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('chunk','label')),
  item_id INTEGER NOT NULL,
  key TEXT NOT NULL,
  PRIMARY KEY (index_id, kind, item_id)
) WITHOUT ROWID;
`;

/** Non-passage nodes: the labels entity linking looks for. */
const LABEL_NODES = "SELECT id, label FROM nodes WHERE kind <> 'passage'";

export class VectorRepository {
  constructor(private readonly db: Db) {}

  /** Whether sqlite-vec is loaded (loading it on first use). */
  available(): boolean {
    return loadVec(this.db);
  }

  private hasMeta(): boolean {
    return !!this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'vector_indexes'").get();
  }

  private vecTableExists(name: string): boolean {
    return !!this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name);
  }

  /** The current index with its vector counts, or null when none was built. */
  current(): VectorIndexInfo | null {
    if (!this.hasMeta()) return null;
    const r = this.db.prepare('SELECT id, model, dimension, created_at, updated_at FROM vector_indexes ORDER BY id DESC LIMIT 1').get() as
      { id: number; model: string; dimension: number; created_at: string; updated_at: string } | undefined;
    if (!r) return null;
    const counts = this.db.prepare('SELECT kind, COUNT(*) AS n FROM vector_items WHERE index_id = ? GROUP BY kind').all(r.id) as {
      kind: VectorKind;
      n: number;
    }[];
    const n = (k: VectorKind) => counts.find((c) => c.kind === k)?.n ?? 0;
    return { id: r.id, model: r.model, dimension: r.dimension, chunks: n('chunk'), labels: n('label'), createdAt: r.created_at, updatedAt: r.updated_at };
  }

  /**
   * The index for this model and dimension: the current one when it matches, else a new, empty one
   * (any other is dropped: a model change rebuilds). Needs sqlite-vec; throws naming the reason.
   */
  ensure(model: string, dimension: number): { index: VectorIndexInfo; created: boolean } {
    if (!Number.isInteger(dimension) || dimension < 1) throw new Error(`vector index: bad embedding dimension ${dimension}`);
    if (!this.available()) throw new Error(vecError(this.db) ?? 'sqlite-vec could not be loaded');
    const existing = this.current();
    if (
      existing &&
      existing.model === model &&
      existing.dimension === dimension &&
      this.vecTableExists(chunkTable(existing.id)) &&
      this.vecTableExists(labelTable(existing.id))
    ) {
      return { index: existing, created: false };
    }
    this.db.transaction(() => {
      this.db.exec(META);
      this.dropAllInTransaction();
      const id = Number(this.db.prepare('INSERT INTO vector_indexes (model, dimension) VALUES (?, ?)').run(model, dimension).lastInsertRowid);
      this.db.exec(`CREATE VIRTUAL TABLE ${chunkTable(id)} USING vec0(embedding float[${dimension}] distance_metric=cosine)`);
      this.db.exec(`CREATE VIRTUAL TABLE ${labelTable(id)} USING vec0(embedding float[${dimension}] distance_metric=cosine)`);
    })();
    return { index: this.current()!, created: true };
  }

  /** Drop every index (its vectors and its bookkeeping). */
  drop(): void {
    if (!this.hasMeta()) return;
    if (!this.available()) throw new Error(vecError(this.db) ?? 'sqlite-vec could not be loaded');
    this.db.transaction(() => this.dropAllInTransaction())();
  }

  private dropAllInTransaction(): void {
    const ids = (this.db.prepare('SELECT id FROM vector_indexes').all() as { id: number }[]).map((r) => r.id);
    for (const id of ids) {
      this.db.exec(`DROP TABLE IF EXISTS ${chunkTable(id)}`);
      this.db.exec(`DROP TABLE IF EXISTS ${labelTable(id)}`);
    }
    this.db.prepare('DELETE FROM vector_items').run();
    this.db.prepare('DELETE FROM vector_indexes').run();
  }

  private pendingSql(kind: VectorKind): string {
    return kind === 'chunk'
      ? `SELECT c.id AS id, c.text AS text, c.hash AS key FROM chunks c
         LEFT JOIN vector_items i ON i.index_id = ? AND i.kind = 'chunk' AND i.item_id = c.id
         WHERE i.item_id IS NULL OR i.key <> c.hash`
      : `SELECT n.id AS id, n.label AS text, n.label AS key FROM (${LABEL_NODES}) n
         LEFT JOIN vector_items i ON i.index_id = ? AND i.kind = 'label' AND i.item_id = n.id
         WHERE i.item_id IS NULL OR i.key <> n.label`;
  }

  /** What the store holds to embed: chunks, and nodes with labels to link. */
  sources(): { chunks: number; labels: number } {
    return this.db.prepare(`SELECT (SELECT COUNT(*) FROM chunks) AS chunks, (SELECT COUNT(*) FROM (${LABEL_NODES})) AS labels`).get() as {
      chunks: number;
      labels: number;
    };
  }

  /** How many chunks or labels have no vector yet, or one made from an older text. */
  countPending(indexId: number, kind: VectorKind): number {
    return (this.db.prepare(`SELECT COUNT(*) AS n FROM (${this.pendingSql(kind)})`).get(indexId) as { n: number }).n;
  }

  /** The next chunks or labels to embed, in id order. */
  pending(indexId: number, kind: VectorKind, limit: number): PendingItem[] {
    return this.db.prepare(`SELECT * FROM (${this.pendingSql(kind)}) ORDER BY id LIMIT ?`).all(indexId, limit) as PendingItem[];
  }

  /** Remove the vectors of chunks and nodes that are gone or whose text changed; returns how many. */
  removeStale(indexId: number): number {
    const stale = this.db
      .prepare(
        `SELECT i.kind, i.item_id AS id FROM vector_items i
         LEFT JOIN chunks c ON i.kind = 'chunk' AND c.id = i.item_id
         LEFT JOIN nodes n ON i.kind = 'label' AND n.id = i.item_id AND n.kind <> 'passage'
         WHERE i.index_id = ? AND ((i.kind = 'chunk' AND (c.id IS NULL OR c.hash <> i.key)) OR (i.kind = 'label' AND (n.id IS NULL OR n.label <> i.key)))`,
      )
      .all(indexId) as { kind: VectorKind; id: number }[];
    if (!stale.length) return 0;
    this.db.transaction(() => {
      for (const s of stale) this.removeOne(indexId, s.kind, s.id);
    })();
    return stale.length;
  }

  private removeOne(indexId: number, kind: VectorKind, id: number): void {
    this.db.prepare(`DELETE FROM ${tableOf(indexId, kind)} WHERE rowid = ?`).run(BigInt(id));
    this.db.prepare('DELETE FROM vector_items WHERE index_id = ? AND kind = ? AND item_id = ?').run(indexId, kind, id);
  }

  /** Store vectors (replacing any of the same items), all in one transaction. */
  put(indexId: number, kind: VectorKind, rows: { id: number; key: string; vector: ArrayLike<number> }[], dimension: number): void {
    if (!this.available()) throw new Error(vecError(this.db) ?? 'sqlite-vec could not be loaded');
    for (const r of rows) {
      if (r.vector.length !== dimension) throw new Error(`vector index: a ${kind} vector has ${r.vector.length} dimensions, the index ${dimension}`);
    }
    const table = tableOf(indexId, kind);
    const del = this.db.prepare(`DELETE FROM ${table} WHERE rowid = ?`);
    const ins = this.db.prepare(`INSERT INTO ${table} (rowid, embedding) VALUES (?, ?)`);
    const item = this.db.prepare(
      'INSERT INTO vector_items (index_id, kind, item_id, key) VALUES (?, ?, ?, ?) ON CONFLICT (index_id, kind, item_id) DO UPDATE SET key = excluded.key',
    );
    this.db.transaction(() => {
      for (const r of rows) {
        const rowid = BigInt(r.id);
        del.run(rowid);
        ins.run(rowid, Float32Array.from(r.vector));
        item.run(indexId, kind, r.id, r.key);
      }
      this.db.prepare("UPDATE vector_indexes SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?").run(indexId);
    })();
  }

  /**
   * The k nearest chunks or labels to a vector, nearest first, with cosine similarity (1 - distance).
   * Only vectors of items that still exist with the text they were made from.
   */
  nearest(indexId: number, kind: VectorKind, vector: ArrayLike<number>, k: number): { id: number; similarity: number }[] {
    if (k < 1 || !this.available() || !this.vecTableExists(tableOf(indexId, kind))) return [];
    const live =
      kind === 'chunk'
        ? 'JOIN chunks x ON x.id = i.item_id AND x.hash = i.key'
        : "JOIN nodes x ON x.id = i.item_id AND x.label = i.key AND x.kind <> 'passage'";
    // ask for a few more than k: vectors of deleted or changed items are skipped
    const rows = this.db
      .prepare(
        `WITH knn AS (SELECT rowid AS id, distance FROM ${tableOf(indexId, kind)} WHERE embedding MATCH ? AND k = ?)
         SELECT knn.id AS id, knn.distance AS distance FROM knn
         JOIN vector_items i ON i.index_id = ? AND i.kind = ? AND i.item_id = knn.id ${live}
         ORDER BY knn.distance LIMIT ?`,
      )
      .all(Float32Array.from(vector), Math.min(4096, k + 16 + Math.ceil(k / 4)), indexId, kind, k) as { id: number | bigint; distance: number }[];
    return rows.map((r) => ({ id: Number(r.id), similarity: 1 - r.distance }));
  }
}
