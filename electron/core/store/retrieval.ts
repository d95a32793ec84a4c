// Read-only queries the retrieval stage needs: bulk graph snapshots (for the in-memory CSR),
// change detection, label search and passage text. Nothing here writes.
import type { Db } from './db';
import { toFtsQuery } from './documents';

/** Cheap summary of the graph tables: equal fingerprints mean nothing retrieval reads has changed. */
export interface GraphFingerprint {
  nodeCount: number;
  nodeMax: number;
  /** Sum of label and alias lengths of nodes up to nodeMax: catches relabels and alias edits. */
  nodeSum: number;
  edgeCount: number;
  edgeMax: number;
  edgeUpdated: string;
  provCount: number;
  provMax: number;
  conceptCount: number;
  conceptMax: number;
  chunkCount: number;
  chunkMax: number;
}

type NodeSnapshotRow = [id: number, kind: string, label: string, aliases: string, chunkId: number | null];
/** wording: the relation's words as written where a reader shows them instead of the relation (a passive written as its lemma, meta.voice); else null. */
type EdgeSnapshotRow = [id: number, subjectId: number, objectId: number, relation: string, status: string, confidence: number, wording: string | null];
type ProvenanceLinkRow = [id: number, edgeId: number | null, nodeId: number | null, chunkId: number];
type ConceptLinkRow = [id: number, conceptId: number, nodeId: number | null, relation: string | null];

interface PassageRow {
  id: number;
  documentId: number;
  document: string;
  text: string;
  /** Offset of the chunk in its document's text. */
  start: number;
}

interface TripleLabelRow {
  id: number;
  subjectId: number;
  subject: string;
  relation: string;
  objectId: number;
  object: string;
  status: string;
  confidence: number;
}

/** Citations of standards as extraction stored them: each edge's evidence to a node of type standard, rejected edges left out. */
const CITATIONS = `FROM provenance p JOIN edges e ON e.id = p.edge_id JOIN nodes o ON o.id = e.object_id
  WHERE o.type = 'standard' AND e.status <> 'rejected'`;

export class RetrievalRepository {
  constructor(private readonly db: Db) {}

  /**
   * A counter that moves whenever this connection or another one commits a change
   * (total_changes for ours, data_version for others'). Two equal readings: nothing changed.
   */
  changeCounter(): string {
    const t = (this.db.prepare('SELECT total_changes() AS t').get() as { t: number }).t;
    const v = this.db.pragma('data_version', { simple: true }) as number;
    return `${t}:${v}`;
  }

  fingerprint(): GraphFingerprint {
    return this.fingerprintUpTo(undefined);
  }

  /**
   * The fingerprint of the rows with ids up to those of `prev`: equal to `prev` when rows were only
   * appended since (so an index can load just the new rows instead of starting over).
   */
  fingerprintUpTo(prev: GraphFingerprint | undefined): GraphFingerprint {
    const lim = (m: number | undefined) => (m === undefined ? Number.MAX_SAFE_INTEGER : m);
    const n = this.db
      .prepare('SELECT COUNT(*) AS c, COALESCE(MAX(id), 0) AS m, COALESCE(SUM(length(label) + length(aliases)), 0) AS s FROM nodes WHERE id <= ?')
      .get(lim(prev?.nodeMax)) as { c: number; m: number; s: number };
    const e = this.db
      .prepare("SELECT COUNT(*) AS c, COALESCE(MAX(id), 0) AS m, COALESCE(MAX(updated_at), '') AS u FROM edges WHERE id <= ?")
      .get(lim(prev?.edgeMax)) as { c: number; m: number; u: string };
    const p = this.db.prepare('SELECT COUNT(*) AS c, COALESCE(MAX(id), 0) AS m FROM provenance WHERE id <= ?').get(lim(prev?.provMax)) as {
      c: number;
      m: number;
    };
    const c = this.db.prepare('SELECT COUNT(*) AS c, COALESCE(MAX(id), 0) AS m FROM concept_links WHERE id <= ?').get(lim(prev?.conceptMax)) as {
      c: number;
      m: number;
    };
    const k = this.db.prepare('SELECT COUNT(*) AS c, COALESCE(MAX(id), 0) AS m FROM chunks WHERE id <= ?').get(lim(prev?.chunkMax)) as { c: number; m: number };
    return {
      nodeCount: n.c,
      nodeMax: prev ? prev.nodeMax : n.m,
      nodeSum: n.s,
      edgeCount: e.c,
      edgeMax: prev ? prev.edgeMax : e.m,
      edgeUpdated: e.u,
      provCount: p.c,
      provMax: prev ? prev.provMax : p.m,
      conceptCount: c.c,
      conceptMax: prev ? prev.conceptMax : c.m,
      chunkCount: k.c,
      chunkMax: prev ? prev.chunkMax : k.m,
    };
  }

  /** Nodes with id > after, in id order, as compact rows. */
  *nodesAfter(after = 0): IterableIterator<NodeSnapshotRow> {
    yield* this.db
      .prepare('SELECT id, kind, label, aliases, chunk_id FROM nodes WHERE id > ? ORDER BY id')
      .raw()
      .iterate(after) as IterableIterator<NodeSnapshotRow>;
  }

  /** Edges with id > after (rejected ones included: the caller decides), in id order. */
  *edgesAfter(after = 0): IterableIterator<EdgeSnapshotRow> {
    yield* this.db
      .prepare(
        `SELECT id, subject_id, object_id, relation, status, confidence,
           CASE WHEN edited = 0 AND json_valid(meta) THEN CASE WHEN json_extract(meta, '$.voice') = 'passive' THEN json_extract(meta, '$.surface') END END
         FROM edges WHERE id > ? ORDER BY id`,
      )
      .raw()
      .iterate(after) as IterableIterator<EdgeSnapshotRow>;
  }

  /** Provenance rows that tie an edge or node to a chunk (passage), id > after. */
  *provenanceLinksAfter(after = 0): IterableIterator<ProvenanceLinkRow> {
    yield* this.db
      .prepare('SELECT id, edge_id, node_id, chunk_id FROM provenance WHERE id > ? AND chunk_id IS NOT NULL ORDER BY id')
      .raw()
      .iterate(after) as IterableIterator<ProvenanceLinkRow>;
  }

  /** Chunks with id > after and the title of their document: every chunk is a passage vertex. */
  *chunksAfter(after = 0): IterableIterator<[id: number, title: string]> {
    yield* this.db
      .prepare('SELECT c.id, d.title FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.id > ? ORDER BY c.id')
      .raw()
      .iterate(after) as IterableIterator<[number, string]>;
  }

  *conceptLinksAfter(after = 0): IterableIterator<ConceptLinkRow> {
    yield* this.db
      .prepare('SELECT id, concept_id, node_id, relation FROM concept_links WHERE id > ? ORDER BY id')
      .raw()
      .iterate(after) as IterableIterator<ConceptLinkRow>;
  }

  /** Node ids whose label or aliases match some of the words (FTS5 bm25, best first). */
  searchNodes(text: string, limit = 50): { id: number; score: number }[] {
    const q = toFtsQuery(text);
    if (!q) return [];
    return this.db.prepare('SELECT rowid AS id, bm25(nodes_fts) AS score FROM nodes_fts WHERE nodes_fts MATCH ? ORDER BY score LIMIT ?').all(q, limit) as {
      id: number;
      score: number;
    }[];
  }

  /** Chunks (passages) with their document title, in the order of ids given. */
  passages(chunkIds: number[]): PassageRow[] {
    if (!chunkIds.length) return [];
    const rows = this.db
      .prepare(
        `SELECT c.id, c.document_id AS documentId, d.title AS document, c.text, c.start FROM chunks c JOIN documents d ON d.id = c.document_id
         WHERE c.id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(chunkIds)) as PassageRow[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return chunkIds.map((id) => byId.get(id)).filter((r): r is PassageRow => !!r);
  }

  /** BM25 over chunks (FTS5): lower scores are better, as SQLite reports them. */
  searchPassages(text: string, limit = 20): { id: number; score: number }[] {
    const q = toFtsQuery(text);
    if (!q) return [];
    return this.db.prepare('SELECT rowid AS id, bm25(chunks_fts) AS score FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY score LIMIT ?').all(q, limit) as {
      id: number;
      score: number;
    }[];
  }

  /** BM25 over the chunks that hold a phrase (its words in order), ranked by the other words given. */
  searchPassagesHolding(phrase: string, text: string, limit = 5): { id: number; score: number }[] {
    const words = phrase.match(/[\p{L}\p{N}]+/gu) ?? [];
    if (!words.length) return [];
    const rest = toFtsQuery(text);
    const q = `"${words.join(' ').toLowerCase()}"${rest ? ` AND (${rest})` : ''}`;
    return this.db.prepare('SELECT rowid AS id, bm25(chunks_fts) AS score FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY score LIMIT ?').all(q, limit) as {
      id: number;
      score: number;
    }[];
  }

  /** BM25 over the chunks of one document (a cross-reference's target): lower scores are better. */
  searchPassagesIn(documentId: number, text: string, limit = 5): { id: number; score: number }[] {
    const q = toFtsQuery(text);
    if (!q) return [];
    return this.db
      .prepare(
        'SELECT f.rowid AS id, bm25(chunks_fts) AS score FROM chunks_fts f JOIN chunks c ON c.id = f.rowid WHERE chunks_fts MATCH ? AND c.document_id = ? ORDER BY score LIMIT ?',
      )
      .all(q, documentId, limit) as { id: number; score: number }[];
  }

  /**
   * The standards each chunk cites as extraction read them (edges to a node of type standard, a citation by a
   * reference-list tag resolved to its designation), with the sentence each was read from; rejected edges left out.
   */
  citedStandards(chunkIds: number[]): { chunk: number; designation: string; sentence: string }[] {
    if (!chunkIds.length) return [];
    return this.db
      .prepare(
        `SELECT DISTINCT p.chunk_id AS chunk, o.label AS designation, p.quote AS sentence ${CITATIONS} AND p.chunk_id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(chunkIds)) as { chunk: number; designation: string; sentence: string }[];
  }

  /** The standards each document cites as extraction read them (citedStandards over all chunks, by document), rejected edges left out. */
  documentCitations(): { documentId: number; designation: string }[] {
    return this.db.prepare(`SELECT DISTINCT p.document_id AS documentId, o.label AS designation ${CITATIONS}`).all() as {
      documentId: number;
      designation: string;
    }[];
  }

  /** In how many chunks each word occurs (FTS5, porter): the document frequency for IDF weights. */
  chunkFrequencies(words: string[]): Map<string, number> {
    const out = new Map<string, number>();
    const stmt = this.db.prepare('SELECT COUNT(*) AS n FROM chunks_fts WHERE chunks_fts MATCH ?');
    for (const w of new Set(words)) {
      const term = w.replace(/"/g, '').trim();
      if (!term) continue;
      try {
        out.set(w, (stmt.get(`"${term}"`) as { n: number }).n);
      } catch {
        // a term FTS5 cannot parse as a phrase matches nothing
        out.set(w, 0);
      }
    }
    return out;
  }

  documentOfChunk(chunkId: number): number | undefined {
    return (this.db.prepare('SELECT document_id AS d FROM chunks WHERE id = ?').get(chunkId) as { d: number } | undefined)?.d;
  }

  /** The first chunks of a document overlapping [start, end) (a section's passages), in order. */
  chunksIn(documentId: number, start: number, end: number, limit = 3): { id: number; text: string }[] {
    return this.db
      .prepare('SELECT id, text FROM chunks WHERE document_id = ? AND start < ? AND end > ? ORDER BY start LIMIT ?')
      .all(documentId, end, start, limit) as { id: number; text: string }[];
  }

  /** The first chunks of a document, in order (where its lead passage is looked for). */
  firstChunks(documentId: number, limit = 8): { id: number; text: string }[] {
    return this.db.prepare('SELECT id, text FROM chunks WHERE document_id = ? ORDER BY ordinal LIMIT ?').all(documentId, limit) as {
      id: number;
      text: string;
    }[];
  }

  /** The documents holding passages, with their titles. */
  documentTitles(): { documentId: number; title: string }[] {
    return this.db
      .prepare(`SELECT d.id AS documentId, d.title AS title FROM documents d WHERE EXISTS (SELECT 1 FROM chunks c WHERE c.document_id = d.id) ORDER BY d.id`)
      .all() as { documentId: number; title: string }[];
  }

  chunkCount(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM chunks').get() as { n: number }).n;
  }

  /** Triples with their endpoint labels, in the order of ids given. */
  triples(edgeIds: number[]): TripleLabelRow[] {
    if (!edgeIds.length) return [];
    const rows = this.db
      .prepare(
        `SELECT e.id, e.subject_id AS subjectId, s.label AS subject, e.relation, e.object_id AS objectId, o.label AS object, e.status, e.confidence
         FROM edges e JOIN nodes s ON s.id = e.subject_id JOIN nodes o ON o.id = e.object_id
         WHERE e.id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(edgeIds)) as TripleLabelRow[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return edgeIds.map((id) => byId.get(id)).filter((r): r is TripleLabelRow => !!r);
  }
}
