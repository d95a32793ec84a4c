// SQL for knowledge extraction: chunk bookkeeping (what an engine already read), merge candidates, stats.
import type { Db } from './db';
import { parseJson } from './db';
import type { GraphNode, NodeKind, Stage } from '../../../shared/schemas';

export interface ExtractableChunk {
  id: number;
  documentId: number;
  ordinal: number;
  start: number;
  end: number;
  text: string;
  hash: string;
  headingPath: string[];
}

export interface ChunkExtractionRecord {
  chunkId: number;
  engine: string;
  hash: string;
  triples: number;
  failures: number;
  tokens: number;
  jobId: number | null;
}

export interface ResolvableNode {
  id: number;
  kind: NodeKind;
  label: string;
  norm: string;
  type: string | null;
  aliases: string[];
}

export type MergeStatus = 'open' | 'merged' | 'skipped';

export interface MergeCandidateRow {
  id: number;
  a: GraphNode;
  b: GraphNode;
  score: number;
  reason: string;
  status: MergeStatus;
}

export interface ExtractionStats {
  chunks: number;
  extractedChunks: number;
  failedChunks: number;
  triples: Record<'EE' | 'EV' | 'VV', number>;
  byEngine: { engine: string; stage: Stage; count: number }[];
  openMergeCandidates: number;
}

const docFilter = (ids: number[] | undefined, col: string) => (ids?.length ? `${col} IN (SELECT value FROM json_each(?))` : '1');
const docArgs = (ids: number[] | undefined) => (ids?.length ? [JSON.stringify(ids)] : []);

export class ExtractionRepository {
  constructor(private readonly db: Db) {}

  /** Every chunk of these documents (all documents when none given), in reading order. */
  chunksFor(documentIds?: number[]): ExtractableChunk[] {
    return (
      this.db
        .prepare(
          `SELECT id, document_id, ordinal, start, end, text, hash, heading_path FROM chunks WHERE ${docFilter(documentIds, 'document_id')} ORDER BY document_id, ordinal`,
        )
        .all(...docArgs(documentIds)) as { id: number; document_id: number; ordinal: number; start: number; end: number; text: string; hash: string; heading_path: string }[]
    ).map((r) => ({
      id: r.id,
      documentId: r.document_id,
      ordinal: r.ordinal,
      start: r.start,
      end: r.end,
      text: r.text,
      hash: r.hash,
      headingPath: parseJson<string[]>(r.heading_path, []),
    }));
  }

  /** Ids of the documents that exist among these. */
  existingDocuments(ids: number[]): number[] {
    if (!ids.length) return [];
    return (this.db.prepare('SELECT id FROM documents WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id').all(JSON.stringify(ids)) as { id: number }[]).map(
      (r) => r.id,
    );
  }

  /** What this engine recorded for these chunks: hash and failures, keyed by chunk id. */
  extracted(engine: string, chunkIds: number[]): Map<number, { hash: string; failures: number }> {
    const out = new Map<number, { hash: string; failures: number }>();
    if (!chunkIds.length) return out;
    const rows = this.db
      .prepare('SELECT chunk_id, hash, failures FROM chunk_extractions WHERE engine = ? AND chunk_id IN (SELECT value FROM json_each(?))')
      .all(engine, JSON.stringify(chunkIds)) as { chunk_id: number; hash: string; failures: number }[];
    for (const r of rows) out.set(r.chunk_id, { hash: r.hash, failures: r.failures });
    return out;
  }

  markExtracted(r: ChunkExtractionRecord): void {
    this.db
      .prepare(
        `INSERT INTO chunk_extractions (chunk_id, engine, hash, triples, failures, tokens, job_id) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(chunk_id, engine) DO UPDATE SET hash = excluded.hash, triples = excluded.triples, failures = excluded.failures,
           tokens = excluded.tokens, job_id = excluded.job_id, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')`,
      )
      .run(r.chunkId, r.engine, r.hash, r.triples, r.failures, r.tokens, r.jobId);
  }

  /**
   * True when the editor already edited a triple between these two nodes that came from this chunk:
   * a re-run must not bring back the wording the editor replaced.
   */
  editedEdgeFromChunk(subjectId: number, objectId: number, chunkId: number): boolean {
    return Boolean(
      this.db
        .prepare(
          `SELECT 1 FROM edges e WHERE e.subject_id = ? AND e.object_id = ? AND e.edited = 1
           AND EXISTS (SELECT 1 FROM provenance p WHERE p.edge_id = e.id AND p.chunk_id = ?) LIMIT 1`,
        )
        .get(subjectId, objectId, chunkId),
    );
  }

  /** Status and edited flag of one edge (to report what a re-run left alone). */
  edgeState(id: number): { status: string; edited: boolean } | undefined {
    const r = this.db.prepare('SELECT status, edited FROM edges WHERE id = ?').get(id) as { status: string; edited: number } | undefined;
    return r && { status: r.status, edited: r.edited === 1 };
  }

  // ---- resolution

  /** Nodes of these kinds (optionally only these ids) with their normalised keys and aliases. */
  nodesForResolution(kinds: NodeKind[], ids?: number[]): ResolvableNode[] {
    const byId = ids ? 'AND id IN (SELECT value FROM json_each(?))' : '';
    const rows = this.db
      .prepare(`SELECT id, kind, label, norm, type, aliases FROM nodes WHERE kind IN (SELECT value FROM json_each(?)) ${byId} ORDER BY id`)
      .all(JSON.stringify(kinds), ...(ids ? [JSON.stringify(ids)] : [])) as {
      id: number;
      kind: NodeKind;
      label: string;
      norm: string;
      type: string | null;
      aliases: string;
    }[];
    return rows.map((r) => ({ ...r, aliases: parseJson<string[]>(r.aliases, []) }));
  }

  /** Nodes that have evidence in these documents. */
  nodeIdsInDocuments(documentIds: number[]): number[] {
    if (!documentIds.length) return [];
    return (
      this.db
        .prepare(
          `SELECT DISTINCT n FROM (
             SELECT node_id AS n FROM provenance WHERE node_id IS NOT NULL AND document_id IN (SELECT value FROM json_each(@docs))
             UNION SELECT e.subject_id FROM edges e JOIN provenance p ON p.edge_id = e.id WHERE p.document_id IN (SELECT value FROM json_each(@docs))
             UNION SELECT e.object_id FROM edges e JOIN provenance p ON p.edge_id = e.id WHERE p.document_id IN (SELECT value FROM json_each(@docs)))`,
        )
        .all({ docs: JSON.stringify(documentIds) }) as { n: number }[]
    ).map((r) => r.n);
  }

  /**
   * Propose that two nodes are the same. The pair is stored once (smaller id first); a better score
   * replaces a worse one while the candidate is open; merged or skipped decisions are never reopened.
   */
  proposeMerge(aId: number, bId: number, score: number, reason: string): boolean {
    if (aId === bId) return false;
    const [a, b] = aId < bId ? [aId, bId] : [bId, aId];
    const info = this.db
      .prepare(
        `INSERT INTO merge_candidates (a_id, b_id, score, reason) VALUES (?, ?, ?, ?)
         ON CONFLICT(a_id, b_id) DO UPDATE SET score = excluded.score, reason = excluded.reason
         WHERE merge_candidates.status = 'open' AND excluded.score > merge_candidates.score`,
      )
      .run(a, b, score, reason);
    return info.changes > 0;
  }

  listMergeCandidates(q: { status?: MergeStatus; node?: number; minScore?: number; limit: number; offset: number }): { items: MergeCandidateRow[]; total: number } {
    const where: string[] = [];
    const args: unknown[] = [];
    if (q.status) {
      where.push('m.status = ?');
      args.push(q.status);
    }
    if (q.node) {
      where.push('(m.a_id = ? OR m.b_id = ?)');
      args.push(q.node, q.node);
    }
    if (q.minScore !== undefined) {
      where.push('m.score >= ?');
      args.push(q.minScore);
    }
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM merge_candidates m ${w}`).get(...args) as { n: number }).n;
    const rows = this.db
      .prepare(
        `SELECT m.id, m.score, m.reason, m.status,
           a.id AS a_id, a.kind AS a_kind, a.label AS a_label, a.type AS a_type, a.aliases AS a_aliases,
           b.id AS b_id, b.kind AS b_kind, b.label AS b_label, b.type AS b_type, b.aliases AS b_aliases
         FROM merge_candidates m JOIN nodes a ON a.id = m.a_id JOIN nodes b ON b.id = m.b_id ${w}
         ORDER BY m.score DESC, m.id LIMIT ? OFFSET ?`,
      )
      .all(...args, q.limit, q.offset) as Record<string, unknown>[];
    const node = (r: Record<string, unknown>, p: 'a' | 'b'): GraphNode => ({
      id: r[`${p}_id`] as number,
      kind: r[`${p}_kind`] as NodeKind,
      label: r[`${p}_label`] as string,
      type: (r[`${p}_type`] as string | null) ?? null,
      aliases: parseJson<string[]>(r[`${p}_aliases`] as string, []),
    });
    return {
      total,
      items: rows.map((r) => ({
        id: r.id as number,
        a: node(r, 'a'),
        b: node(r, 'b'),
        score: r.score as number,
        reason: r.reason as string,
        status: r.status as MergeStatus,
      })),
    };
  }

  // ---- stats

  stats(documentIds?: number[]): ExtractionStats {
    const f = docFilter(documentIds, 'c.document_id');
    const a = docArgs(documentIds);
    const chunks = (this.db.prepare(`SELECT COUNT(*) AS n FROM chunks c WHERE ${f}`).get(...a) as { n: number }).n;
    const ext = this.db
      .prepare(
        `SELECT COUNT(DISTINCT x.chunk_id) AS n, COUNT(DISTINCT CASE WHEN x.failures > 0 THEN x.chunk_id END) AS failed
         FROM chunk_extractions x JOIN chunks c ON c.id = x.chunk_id WHERE ${f}`,
      )
      .get(...a) as { n: number; failed: number };
    const pf = docFilter(documentIds, 'p.document_id');
    const byEngine = this.db
      .prepare(
        `SELECT e.engine, e.stage, COUNT(*) AS count FROM edges e
         WHERE e.stage IN ('EE','EV','VV') AND EXISTS (SELECT 1 FROM provenance p WHERE p.edge_id = e.id AND ${pf})
         GROUP BY e.engine, e.stage ORDER BY e.engine, e.stage`,
      )
      .all(...docArgs(documentIds)) as { engine: string; stage: Stage; count: number }[];
    const triples = { EE: 0, EV: 0, VV: 0 };
    for (const r of byEngine) if (r.stage in triples) triples[r.stage as 'EE' | 'EV' | 'VV'] += r.count;
    const open = (this.db.prepare("SELECT COUNT(*) AS n FROM merge_candidates WHERE status = 'open'").get() as { n: number }).n;
    return { chunks, extractedChunks: ext.n, failedChunks: ext.failed, triples, byEngine, openMergeCandidates: open };
  }
}
