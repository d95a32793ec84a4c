// Write side of graph import: prepared statements reused for every row, meant to run inside one
// transaction (the caller's), so a bad file leaves nothing behind.
//
// A large load (`{ load: true }`, then finish() in the same transaction) goes faster the way SQLite
// likes it (`npm run bench -- store` measures it; profiled with node --cpu-prof: ~90 % of the time was inside SQLite, a third
// of it the nodes_fts trigger, most of the rest keeping the secondary indexes of edges, nodes and
// provenance in order row by row): labels are looked up in memory, the node FTS index is filled in
// one INSERT ... SELECT at finish(), and once the load outgrows the tables it writes to, their
// secondary (non-unique) indexes are dropped and built again at finish() in one sort each. The
// unique indexes that identity and deduplication read stay. Everything happens inside the caller's
// transaction: a failed load rolls the schema back with the rows.
import type { Db } from './db';
import { parseJson } from './db';
import { normalizeLabel } from './normalize';
import { EdgeStatus, type NodeKind, Stage } from '../../../shared/schemas';

interface BulkNode {
  kind: Exclude<NodeKind, 'passage'>;
  label: string;
  type?: string | null;
  aliases?: string[];
}

interface BulkEdge {
  subjectId: number;
  relation: string;
  objectId: number;
  stage: Stage;
  status: EdgeStatus;
  confidence: number;
  engine: string;
  model?: string | null;
  /** The estimated probability an editor keeps it, as exported (null: never scored). */
  precision?: number | null;
  /** edges.meta as exported (the triple's qualifiers), or null. */
  meta?: Record<string, unknown> | null;
}

interface BulkDocumentRef {
  title: string;
  contentHash: string | null;
  sourcePath?: string | null;
  format?: string | null;
}

interface BulkChunkRef {
  ordinal: number;
  start: number;
  end: number;
  page: number | null;
}

interface BulkProvenance {
  edgeId?: number;
  nodeId?: number;
  documentId: number;
  chunkId: number | null;
  start: number;
  end: number;
  quote: string;
  /** The rules that read the span (edge evidence). */
  rules?: string[];
}

/** Normalised relation text, as GraphRepository.upsertEdge stores it. */
const normalizeRelation = (r: string) => r.replace(/\s+/g, ' ').trim();

const PLACEHOLDER_FORMAT = 'placeholder';

/** Options of a BulkGraphWriter. */
interface BulkOptions {
  /**
   * A large load: FTS filled and secondary indexes rebuilt at finish() (which must then run in the
   * same transaction before it commits). Use BulkGraphWriter.load(), which does both. Default
   * false: every row is indexed as it is written.
   */
  load?: boolean;
  /** Load mode: rows written before the secondary indexes may be dropped (default 10,000; tests lower it). */
  reindexAt?: number;
}

const STAGES = new Set<string>(Stage.options);
const STATUSES = new Set<string>(EdgeStatus.options);
const KINDS = new Set<string>(['entity', 'event', 'concept']);

/** Rows this load must have written (and the table must not already hold more) before its secondary indexes are dropped. */
const REINDEX_AT = 10_000;
/** Indexes a load never drops: the writer's own duplicate checks read them. */
const KEEP_INDEXES = new Set(['provenance_edge_span', 'provenance_node_span']);
const LOAD_TABLES = ['nodes', 'edges', 'provenance', 'concept_links'];
/** SQLite's page cache during a load (KiB): the unique indexes of a million rows stay in memory. */
const LOAD_CACHE_KIB = 131_072;

interface CachedNode {
  id: number;
  type: string | null;
  aliases: string[];
}

export class BulkGraphWriter {
  private readonly nodeIds = new Map<string, CachedNode>();
  private readonly docIds = new Map<string, { id: number; placeholder: boolean }>();
  private readonly chunkIds = new Map<string, number | null>();
  private readonly placeholders = new Set<number>();
  private readonly s;
  private readonly load: boolean;
  /** Load mode: the node FTS triggers dropped (their SQL, to create them again) and the highest node id before the load. */
  private ftsDeferred: { triggers: string[]; maxNodeId: number } | null = null;
  /** Load mode: secondary indexes dropped (their SQL). */
  private droppedIndexes: string[] | null = null;
  private cacheBefore: number | null = null;
  private written = 0;
  private finished = false;
  /** Load mode: whether finish() built secondary indexes again. */
  private reindexed = false;
  private nextCheck: number;
  /** The highest node and edge ids when the writer started: a higher id is a row this writer created. */
  readonly before: { node: number; edge: number };
  /** One timestamp for the rows of this writer, in SQLite's strftime('%Y-%m-%dT%H:%M:%fZ') form. */
  private readonly now = new Date().toISOString();

  constructor(
    private readonly db: Db,
    options: BulkOptions = {},
  ) {
    this.load = options.load ?? false;
    this.nextCheck = options.reindexAt ?? REINDEX_AT;
    this.before = db.prepare('SELECT (SELECT COALESCE(MAX(id), 0) FROM nodes) AS node, (SELECT COALESCE(MAX(id), 0) FROM edges) AS edge').get() as {
      node: number;
      edge: number;
    };
    if (this.load) this.beginLoad();
    this.s = {
      findNode: db.prepare("SELECT id, type, aliases FROM nodes WHERE kind = ? AND norm = ? AND kind <> 'passage'"),
      insertNode: db.prepare(
        `INSERT INTO nodes (kind, label, norm, type, aliases, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (kind, norm) WHERE kind <> 'passage' DO NOTHING`,
      ),
      updateNode: db.prepare('UPDATE nodes SET type = ?, aliases = ? WHERE id = ?'),
      nodeText: db.prepare('SELECT label, aliases FROM nodes WHERE id = ?'),
      ftsDelete: db.prepare("INSERT INTO nodes_fts(nodes_fts, rowid, label, aliases) VALUES ('delete', ?, ?, ?)"),
      ftsInsert: db.prepare('INSERT INTO nodes_fts(rowid, label, aliases) VALUES (?, ?, ?)'),
      insertEdge: db.prepare(
        `INSERT INTO edges (subject_id, relation, object_id, stage, status, confidence, engine, model, precision, meta, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (subject_id, relation, object_id) DO NOTHING`,
      ),
      findEdge: db.prepare('SELECT id FROM edges WHERE subject_id = ? AND relation = ? AND object_id = ?'),
      insertNodeLink: db.prepare(
        `INSERT INTO concept_links (concept_id, node_id, level, model, batch, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (concept_id, node_id) WHERE node_id IS NOT NULL DO NOTHING`,
      ),
      insertRelationLink: db.prepare(
        `INSERT INTO concept_links (concept_id, relation, level, model, batch, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (concept_id, relation) WHERE relation IS NOT NULL DO NOTHING`,
      ),
      docByHash: db.prepare(`SELECT id, format FROM documents WHERE content_hash = ? ORDER BY (format = '${PLACEHOLDER_FORMAT}'), id LIMIT 1`),
      insertDoc: db.prepare(
        `INSERT INTO documents (title, source_path, format, content_hash, text, status, meta) VALUES (?, ?, '${PLACEHOLDER_FORMAT}', ?, '', 'placeholder', ?)`,
      ),
      chunkByOrdinal: db.prepare('SELECT id, start, end FROM chunks WHERE document_id = ? AND ordinal = ?'),
      insertChunk: db.prepare("INSERT INTO chunks (document_id, ordinal, start, end, page, text, hash) VALUES (?, ?, ?, ?, ?, '', 'placeholder')"),
      dupEdgeProv: db.prepare('SELECT 1 FROM provenance WHERE edge_id = ? AND document_id = ? AND start = ? AND end = ?'),
      dupNodeProv: db.prepare('SELECT 1 FROM provenance WHERE node_id = ? AND document_id = ? AND start = ? AND end = ?'),
      insertProv: db.prepare('INSERT INTO provenance (edge_id, node_id, document_id, chunk_id, start, end, quote, rules) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
      docQuotes: db.prepare('SELECT start, quote FROM provenance WHERE document_id = ? ORDER BY start, id'),
      docChunks: db.prepare('SELECT id, start, end FROM chunks WHERE document_id = ?'),
      setDocText: db.prepare('UPDATE documents SET text = ? WHERE id = ?'),
      setChunkText: db.prepare('UPDATE chunks SET text = ? WHERE id = ?'),
    };
  }

  /**
   * Run a large load in one transaction: `fn` writes through the writer, finish() runs before the
   * commit. SQLite's CHECK constraints are off for the load (an `x IN (...)` CHECK builds a small
   * table on every INSERT: half the time of an edge row); the writer checks kinds, stages and
   * statuses itself instead, and the connection gets its checks back whatever happens.
   */
  static load<T>(db: Db, fn: (w: BulkGraphWriter) => T, options: Omit<BulkOptions, 'load'> = {}): T {
    const checksOff = db.pragma('ignore_check_constraints', { simple: true }) as number;
    db.pragma('ignore_check_constraints = ON');
    try {
      return db.transaction(() => {
        const w = new BulkGraphWriter(db, { ...options, load: true });
        const out = fn(w);
        w.finish();
        return out;
      })();
    } finally {
      db.pragma(`ignore_check_constraints = ${checksOff ? 'ON' : 'OFF'}`);
    }
  }

  private beginLoad(): void {
    if (!this.db.inTransaction) throw new Error('a bulk load runs inside a transaction (its finish() restores the indexes before the commit)');
    const triggers = this.db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'nodes' AND name IN ('nodes_ai', 'nodes_au')")
      .all() as { name: string; sql: string }[];
    for (const t of triggers) this.db.exec(`DROP TRIGGER ${t.name}`);
    const maxNodeId = (this.db.prepare('SELECT COALESCE(MAX(id), 0) AS m FROM nodes').get() as { m: number }).m;
    this.ftsDeferred = { triggers: triggers.map((t) => t.sql), maxNodeId };
    this.cacheBefore = this.db.pragma('cache_size', { simple: true }) as number;
    this.db.pragma(`cache_size = -${LOAD_CACHE_KIB}`);
  }

  /** Load mode: once this load has written more rows than its tables held before, drop their secondary indexes (rebuilt at finish()). */
  private wrote(n = 1): void {
    this.written += n;
    if (!this.load || this.droppedIndexes || this.written < this.nextCheck) return;
    const rows = (this.db.prepare('SELECT (SELECT COUNT(*) FROM edges) + (SELECT COUNT(*) FROM nodes) AS n').get() as { n: number }).n;
    if (rows > 2 * this.written) {
      this.nextCheck = this.written * 2;
      return;
    }
    const list = LOAD_TABLES.map((t) => `'${t}'`).join(', ');
    const indexes = (
      this.db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN (${list}) AND sql IS NOT NULL`).all() as {
        name: string;
        sql: string;
      }[]
    ).filter((i) => !/^\s*CREATE\s+UNIQUE\b/i.test(i.sql) && !KEEP_INDEXES.has(i.name));
    for (const i of indexes) this.db.exec(`DROP INDEX ${i.name}`);
    this.droppedIndexes = indexes.map((i) => i.sql);
  }

  /** The node with this kind and normalised label, created if missing; new aliases and a missing type are added. */
  node(n: BulkNode): { id: number; created: boolean } {
    if (!KINDS.has(n.kind)) throw new Error(`unknown node kind: ${JSON.stringify(n.kind)}`);
    const label = n.label.trim();
    const norm = normalizeLabel(label);
    if (!norm) throw new Error(`empty node label: ${JSON.stringify(n.label)}`);
    const key = `${n.kind}\u0000${norm}`;
    let cached = this.nodeIds.get(key);
    if (cached === undefined) {
      const info = this.s.insertNode.run(n.kind, label, norm, n.type ?? null, JSON.stringify(n.aliases ?? []), this.now);
      if (info.changes) {
        const id = Number(info.lastInsertRowid);
        this.nodeIds.set(key, { id, type: n.type ?? null, aliases: [...(n.aliases ?? [])] });
        this.wrote();
        return { id, created: true };
      }
      const existing = this.s.findNode.get(n.kind, norm) as { id: number; type: string | null; aliases: string };
      cached = { id: existing.id, type: existing.type, aliases: parseJson<string[]>(existing.aliases, []) };
      this.nodeIds.set(key, cached);
    }
    const more = (n.aliases ?? []).filter((a) => a && !cached.aliases.includes(a));
    const type = cached.type ?? n.type ?? null;
    if (more.length || type !== cached.type) {
      const aliases = [...cached.aliases, ...more];
      const json = JSON.stringify(aliases);
      // load mode, a node older than the load: its FTS row changes here (the update trigger is off)
      const oldFts =
        this.ftsDeferred && cached.id <= this.ftsDeferred.maxNodeId ? (this.s.nodeText.get(cached.id) as { label: string; aliases: string }) : null;
      this.s.updateNode.run(type, json, cached.id);
      if (oldFts) {
        this.s.ftsDelete.run(cached.id, oldFts.label, oldFts.aliases);
        this.s.ftsInsert.run(cached.id, oldFts.label, json);
      }
      cached.aliases = aliases;
      cached.type = type;
    }
    return { id: cached.id, created: false };
  }

  /** Add a triple; an existing one (same subject, relation, object) is kept as it is. */
  edge(e: BulkEdge): { id: number; created: boolean } {
    const relation = normalizeRelation(e.relation);
    if (!relation) throw new Error('empty relation');
    if (!STAGES.has(e.stage)) throw new Error(`unknown stage: ${JSON.stringify(e.stage)}`);
    if (!STATUSES.has(e.status)) throw new Error(`unknown status: ${JSON.stringify(e.status)}`);
    const info = this.s.insertEdge.run(
      e.subjectId,
      relation,
      e.objectId,
      e.stage,
      e.status,
      e.confidence,
      e.engine,
      e.model ?? null,
      e.precision ?? null,
      JSON.stringify(e.meta ?? {}),
      this.now,
      this.now,
    );
    if (info.changes) {
      this.wrote();
      return { id: Number(info.lastInsertRowid), created: true };
    }
    const row = this.s.findEdge.get(e.subjectId, relation, e.objectId) as { id: number };
    return { id: row.id, created: false };
  }

  conceptLink(l: {
    conceptId: number;
    nodeId?: number | null;
    relation?: string | null;
    level?: number;
    model?: string | null;
    batch?: string | null;
  }): boolean {
    const args = [l.level ?? 0, l.model ?? null, l.batch ?? null, this.now];
    if (l.nodeId != null) return this.s.insertNodeLink.run(l.conceptId, l.nodeId, ...args).changes > 0;
    if (l.relation) return this.s.insertRelationLink.run(l.conceptId, normalizeRelation(l.relation), ...args).changes > 0;
    throw new Error('concept link without a node or a relation');
  }

  /**
   * The document evidence points into: the real one when this database holds a document with the
   * same content hash, else a placeholder record (format 'placeholder') created once and reused.
   */
  document(ref: BulkDocumentRef): { id: number; placeholder: boolean; created: boolean } {
    const hash = ref.contentHash || `title:${ref.title}`;
    const cached = this.docIds.get(hash);
    if (cached) return { ...cached, created: false };
    const real = ref.contentHash ? (this.s.docByHash.get(ref.contentHash) as { id: number; format: string } | undefined) : undefined;
    if (real && real.format !== PLACEHOLDER_FORMAT) {
      const v = { id: real.id, placeholder: false };
      this.docIds.set(hash, v);
      return { ...v, created: false };
    }
    const phHash = `placeholder:${hash}`;
    const prior = this.s.docByHash.get(phHash) as { id: number } | undefined;
    let id: number;
    let created = false;
    if (prior) id = prior.id;
    else {
      const meta = { placeholder: true, contentHash: ref.contentHash ?? null, format: ref.format ?? null };
      id = Number(this.s.insertDoc.run(ref.title || 'Imported document', ref.sourcePath ?? null, phHash, JSON.stringify(meta)).lastInsertRowid);
      created = true;
    }
    this.placeholders.add(id);
    const v = { id, placeholder: true };
    this.docIds.set(hash, v);
    return { ...v, created };
  }

  /** The chunk of a document with this ordinal: created in placeholders, looked up (or null) in real documents. */
  chunk(doc: { id: number; placeholder: boolean }, c: BulkChunkRef): number | null {
    const key = `${doc.id}:${c.ordinal}`;
    const cached = this.chunkIds.get(key);
    if (cached !== undefined) return cached;
    const row = this.s.chunkByOrdinal.get(doc.id, c.ordinal) as { id: number; start: number; end: number } | undefined;
    let id: number | null = null;
    if (row) id = row.id;
    else if (doc.placeholder) id = Number(this.s.insertChunk.run(doc.id, c.ordinal, c.start, c.end, c.page).lastInsertRowid);
    this.chunkIds.set(key, id);
    return id;
  }

  provenance(p: BulkProvenance): boolean {
    if ((p.edgeId == null) === (p.nodeId == null)) throw new Error('provenance needs exactly one of edge and node');
    const dup =
      p.edgeId != null ? this.s.dupEdgeProv.get(p.edgeId, p.documentId, p.start, p.end) : this.s.dupNodeProv.get(p.nodeId, p.documentId, p.start, p.end);
    if (dup) return false;
    this.s.insertProv.run(
      p.edgeId ?? null,
      p.nodeId ?? null,
      p.documentId,
      p.chunkId,
      p.start,
      Math.max(p.end, p.start),
      p.quote,
      JSON.stringify(p.rules ?? []),
    );
    this.wrote();
    return true;
  }

  /**
   * Give each placeholder document a text in which every quote sits at its own span (spaces in
   * between), and each placeholder chunk the slice of it: char spans stay valid.
   */
  finish(): { placeholders: number; reindexed: boolean } {
    if (this.finished) return { placeholders: this.placeholders.size, reindexed: this.reindexed };
    this.finished = true;
    this.endLoad();
    for (const docId of this.placeholders) {
      let text = '';
      for (const q of this.s.docQuotes.all(docId) as { start: number; quote: string }[]) {
        if (q.start > text.length) text += ' '.repeat(q.start - text.length);
        if (q.start + q.quote.length > text.length) text += q.quote.slice(text.length - q.start);
      }
      const chunks = this.s.docChunks.all(docId) as { id: number; start: number; end: number }[];
      const end = chunks.reduce((m, c) => Math.max(m, c.end), text.length);
      if (end > text.length) text += ' '.repeat(end - text.length);
      this.s.setDocText.run(text, docId);
      for (const c of chunks) this.s.setChunkText.run(text.slice(c.start, c.end), c.id);
    }
    return { placeholders: this.placeholders.size, reindexed: this.reindexed };
  }

  /** Load mode: build the dropped indexes, fill the node FTS index with the load's nodes, put the triggers back. */
  private endLoad(): void {
    if (this.droppedIndexes) for (const sql of this.droppedIndexes) this.db.exec(sql);
    this.reindexed = this.droppedIndexes !== null;
    this.droppedIndexes = null;
    if (this.ftsDeferred) {
      this.db.prepare('INSERT INTO nodes_fts(rowid, label, aliases) SELECT id, label, aliases FROM nodes WHERE id > ?').run(this.ftsDeferred.maxNodeId);
      for (const sql of this.ftsDeferred.triggers) this.db.exec(sql);
      this.ftsDeferred = null;
    }
    if (this.cacheBefore !== null) this.db.pragma(`cache_size = ${this.cacheBefore}`);
    this.cacheBefore = null;
  }
}
