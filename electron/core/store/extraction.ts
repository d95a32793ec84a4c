// SQL for knowledge extraction: chunk bookkeeping (what an engine already read), merge candidates, stats.
import type { Db } from './db';
import { parseJson } from './db';
import type { NewEdge, NewNode, NewProvenance } from './graph';
import { normalizeLabel } from './normalize';
import type { Statement } from 'better-sqlite3';
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

interface ChunkExtractionRecord {
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

interface MergeCandidateRow {
  id: number;
  a: GraphNode;
  b: GraphNode;
  score: number;
  reason: string;
  status: MergeStatus;
}

interface ExtractionStats {
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
        .all(...docArgs(documentIds)) as {
        id: number;
        document_id: number;
        ordinal: number;
        start: number;
        end: number;
        text: string;
        hash: string;
        heading_path: string;
      }[]
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
    return (
      this.db.prepare('SELECT id FROM documents WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id').all(JSON.stringify(ids)) as { id: number }[]
    ).map((r) => r.id);
  }

  /** What this engine recorded for these chunks: hash and failures, keyed by chunk id. */
  extracted(engine: string, chunkIds: number[]): Map<number, { hash: string; failures: number; jobId: number | null }> {
    const out = new Map<number, { hash: string; failures: number; jobId: number | null }>();
    if (!chunkIds.length) return out;
    const rows = this.db
      .prepare('SELECT chunk_id, hash, failures, job_id FROM chunk_extractions WHERE engine = ? AND chunk_id IN (SELECT value FROM json_each(?))')
      .all(engine, JSON.stringify(chunkIds)) as { chunk_id: number; hash: string; failures: number; job_id: number | null }[];
    for (const r of rows) out.set(r.chunk_id, { hash: r.hash, failures: r.failures, jobId: r.job_id });
    return out;
  }

  /** Prepared on first use: a job marks every chunk it reads (preparing it per call was a third of the call). */
  private markStmt: Statement | null = null;

  markExtracted(r: ChunkExtractionRecord): void {
    this.markStmt ??= this.db.prepare(
      `INSERT INTO chunk_extractions (chunk_id, engine, hash, triples, failures, tokens, job_id) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(chunk_id, engine) DO UPDATE SET hash = excluded.hash, triples = excluded.triples, failures = excluded.failures,
         tokens = excluded.tokens, job_id = excluded.job_id, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')`,
    );
    this.markStmt.run(r.chunkId, r.engine, r.hash, r.triples, r.failures, r.tokens, r.jobId);
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
    return this.proposeMerges([{ aId, bId, score, reason }]) > 0;
  }

  /** proposeMerge for many pairs in one transaction; returns how many were added or raised. */
  proposeMerges(list: { aId: number; bId: number; score: number; reason: string }[]): number {
    if (!list.length) return 0;
    const stmt = this.db.prepare(
      `INSERT INTO merge_candidates (a_id, b_id, score, reason) VALUES (?, ?, ?, ?)
       ON CONFLICT(a_id, b_id) DO UPDATE SET score = excluded.score, reason = excluded.reason
       WHERE merge_candidates.status = 'open' AND excluded.score > merge_candidates.score`,
    );
    return this.db.transaction(() => {
      let n = 0;
      for (const { aId, bId, score, reason } of list) {
        if (aId === bId) continue;
        n += stmt.run(Math.min(aId, bId), Math.max(aId, bId), score, reason).changes > 0 ? 1 : 0;
      }
      return n;
    })();
  }

  listMergeCandidates(q: { status?: MergeStatus; node?: number; minScore?: number; limit: number; offset: number }): {
    items: MergeCandidateRow[];
    total: number;
  } {
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

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ','now')";

/**
 * The graph writes extraction makes for every triple, with prepared statements kept (preparing them
 * per call cost more than the writes). Same identity rules as GraphRepository.upsertNode/upsertEdge,
 * and stricter about review work: a triple that is accepted, rejected or edited keeps its status,
 * edits and confidence; only a still-proposed one takes a higher confidence.
 */
export class ExtractionGraphWriter {
  private readonly q: Record<string, Statement>;
  /**
   * What the current batch (see `batch`) knows, only inside its one synchronous transaction, where
   * nothing else can change the rows it holds; dropped when the batch ends.
   */
  private state: BatchState | null = null;
  /** Stale triples this writer met again: their new evidence may bring them back (unstale). */
  private readonly stale = new Set<number>();

  constructor(private readonly db: Db) {
    this.q = {
      findNode: db.prepare('SELECT id, aliases, type FROM nodes WHERE kind = ? AND norm = ?'),
      setAliases: db.prepare('UPDATE nodes SET aliases = ? WHERE id = ?'),
      setType: db.prepare('UPDATE nodes SET type = ? WHERE id = ?'),
      insertNode: db.prepare('INSERT INTO nodes (kind, label, norm, type, aliases, chunk_id, meta) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      findEdge: db.prepare('SELECT id, confidence, edited, status, unsupported FROM edges WHERE subject_id = ? AND relation = ? AND object_id = ?'),
      markSupported: db.prepare(`UPDATE edges SET unsupported = 0, updated_at = ${NOW} WHERE id = ?`),
      raiseConfidence: db.prepare(`UPDATE edges SET confidence = ?, updated_at = ${NOW} WHERE id = ?`),
      // read again by a rule an editor keeps more often: the better estimate stands
      raisePrecision: db.prepare('UPDATE edges SET precision = ? WHERE id = ? AND (precision IS NULL OR precision < ?)'),
      insertEdge: db.prepare(
        'INSERT INTO edges (subject_id, relation, object_id, stage, status, confidence, engine, model, meta, precision, unsupported) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      edgeProvExists: db.prepare('SELECT 1 FROM provenance WHERE edge_id = ? AND document_id = ? AND start = ? AND end = ?'),
      insertEdgeProv: db.prepare('INSERT INTO provenance (edge_id, document_id, chunk_id, start, end, quote, rules) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      edgeProvRules: db.prepare('SELECT id, rules FROM provenance WHERE edge_id = ? AND document_id = ? AND start = ? AND end = ?'),
      setProvRules: db.prepare('UPDATE provenance SET rules = ? WHERE id = ?'),
      nodeProvExists: db.prepare('SELECT 1 FROM provenance WHERE node_id = ? AND document_id = ? AND start = ? AND end = ?'),
      insertNodeProv: db.prepare('INSERT INTO provenance (node_id, document_id, chunk_id, start, end, quote) VALUES (?, ?, ?, ?, ?, ?)'),
      editedFromChunk: db.prepare(
        `SELECT 1 FROM edges e WHERE e.subject_id = ? AND e.object_id = ? AND e.edited = 1
         AND EXISTS (SELECT 1 FROM provenance p WHERE p.edge_id = e.id AND p.chunk_id = ?) LIMIT 1`,
      ),
      // a stale triple found again in a current version: back to what it was before it went stale
      unstale: db.prepare(
        `UPDATE edges SET status = COALESCE((SELECT c.status_before FROM edition_changes c WHERE c.edge_id = edges.id AND c.kind = 'stale'
           AND c.status_before IN ('proposed','accepted') ORDER BY c.id DESC LIMIT 1), 'proposed'), updated_at = ${NOW}
         WHERE id = ? AND status = 'stale' AND NOT EXISTS (SELECT 1 FROM documents n WHERE n.previous_id = ?)`,
      ),
      editedPairsOfChunk: db.prepare(
        'SELECT DISTINCT e.subject_id, e.object_id FROM provenance p JOIN edges e ON e.id = p.edge_id WHERE p.chunk_id = ? AND e.edited = 1',
      ),
    };
  }

  /**
   * Run `fn` (the writes of one batch) inside one transaction, remembering what the batch looked up
   * or wrote: the same rows and values as without, fewer queries (node lookups by label; the edited
   * triples of a chunk read once per chunk; no evidence lookup for a node or triple the batch created,
   * which has only the evidence the batch gave it). Forgotten when `fn` returns or throws.
   */
  batch<T>(fn: () => T): T {
    return this.db.transaction(() => {
      this.state = { nodes: new Map(), newNodes: new Set(), newEdges: new Set(), provenance: new Set(), edges: new Map(), editedPairs: new Map() };
      try {
        return fn();
      } finally {
        this.state = null;
      }
    })();
  }

  /** The node with this kind and normalised label, created if missing; new aliases and a missing type are added. */
  upsertNode(n: NewNode): number {
    const norm = normalizeLabel(n.label);
    if (!norm) throw new Error(`empty node label: ${JSON.stringify(n.label)}`);
    const key = `${n.kind}\u0000${norm}`;
    const b = this.state;
    let existing = b?.nodes.get(key);
    if (!existing) {
      const row = this.q.findNode.get(n.kind, norm) as { id: number; aliases: string; type: string | null } | undefined;
      if (row) {
        existing = { id: row.id, aliases: parseJson(row.aliases, []), type: row.type };
        b?.nodes.set(key, existing);
      }
    }
    if (existing) {
      const aliases = existing.aliases;
      const more = [...new Set((n.aliases ?? []).filter((a) => a && !aliases.includes(a)))];
      if (more.length) {
        existing.aliases = [...aliases, ...more];
        this.q.setAliases.run(JSON.stringify(existing.aliases), existing.id);
      }
      if (n.type && !existing.type) {
        existing.type = n.type;
        this.q.setType.run(n.type, existing.id);
      }
      return existing.id;
    }
    const aliases = [...new Set(n.aliases ?? [])];
    const type = n.type ?? null;
    const info = this.q.insertNode.run(n.kind, n.label.trim(), norm, type, JSON.stringify(aliases), n.chunkId ?? null, JSON.stringify(n.meta ?? {}));
    const id = Number(info.lastInsertRowid);
    if (b) {
      b.nodes.set(key, { id, aliases, type });
      b.newNodes.add(id);
    }
    return id;
  }

  upsertEdge(e: NewEdge): { id: number; created: boolean } {
    const relation = e.relation.replace(/\s+/g, ' ').trim();
    if (!relation) throw new Error('empty relation');
    const b = this.state;
    const existing = this.q.findEdge.get(e.subjectId, relation, e.objectId) as
      { id: number; confidence: number; edited: number; status: string; unsupported: number } | undefined;
    if (existing) {
      if (existing.status === 'stale') this.stale.add(existing.id);
      if (!existing.edited && existing.status === 'proposed' && (e.confidence ?? 0) > existing.confidence)
        this.q.raiseConfidence.run(e.confidence, existing.id);
      if (e.precision != null) this.q.raisePrecision.run(e.precision, existing.id, e.precision);
      // found where a chunk holds its ends: supported from now on
      if (existing.unsupported && !e.unsupported) this.q.markSupported.run(existing.id);
      b?.edges.set(existing.id, existing.edited ? pairKey(e.subjectId, e.objectId) : null);
      return { id: existing.id, created: false };
    }
    const info = this.q.insertEdge.run(
      e.subjectId,
      relation,
      e.objectId,
      e.stage,
      e.status ?? 'proposed',
      e.confidence ?? 0.5,
      e.engine,
      e.model ?? null,
      JSON.stringify(e.meta ?? {}),
      e.precision ?? null,
      e.unsupported ? 1 : 0,
    );
    const id = Number(info.lastInsertRowid);
    if (b) {
      b.newEdges.add(id);
      b.edges.set(id, null);
    }
    return { id, created: true };
  }

  addEdgeProvenance(edgeId: number, p: NewProvenance): void {
    const b = this.state;
    if (!this.newEvidence('e', edgeId, p, b?.newEdges, this.q.edgeProvExists)) {
      if (p.rules?.length) this.addRules(edgeId, p);
      return;
    }
    this.q.insertEdgeProv.run(edgeId, p.documentId, p.chunkId, p.start, p.end, p.quote, JSON.stringify(p.rules ?? []));
    if (this.stale.has(edgeId) && this.q.unstale.run(edgeId, p.documentId).changes > 0) this.stale.delete(edgeId);
    // evidence from a chunk for an edited triple: that chunk's edited pairs grow (or are read again)
    const pairs = b && p.chunkId !== null ? b.editedPairs.get(p.chunkId) : undefined;
    if (pairs) {
      const edited = b!.edges.get(edgeId);
      if (edited === undefined) b!.editedPairs.delete(p.chunkId!);
      else if (edited !== null) pairs.add(edited);
    }
  }

  /** Evidence read again by other rules (another reading of the sentence, a later run) lists them too. */
  private addRules(edgeId: number, p: NewProvenance): void {
    const row = this.q.edgeProvRules.get(edgeId, p.documentId, p.start, p.end) as { id: number; rules: string } | undefined;
    if (!row) return;
    const had: string[] = parseJson(row.rules, []);
    const more = p.rules!.filter((r) => !had.includes(r));
    if (more.length) this.q.setProvRules.run(JSON.stringify([...had, ...more]), row.id);
  }

  /**
   * Whether a span of evidence is not stored yet for a node ('n') or edge ('e'). A row created in this
   * batch has only the evidence the batch gave it (kept in memory); any other row is looked up.
   */
  private newEvidence(kind: 'n' | 'e', id: number, p: NewProvenance, created: Set<number> | undefined, exists: Statement): boolean {
    const b = this.state;
    if (!b || !created?.has(id)) return !exists.get(id, p.documentId, p.start, p.end);
    const key = `${kind}${id}:${p.documentId}:${p.start}:${p.end}`;
    if (b.provenance.has(key)) return false;
    b.provenance.add(key);
    return true;
  }

  addNodeProvenance(nodeId: number, p: NewProvenance): void {
    if (!this.newEvidence('n', nodeId, p, this.state?.newNodes, this.q.nodeProvExists)) return;
    this.q.insertNodeProv.run(nodeId, p.documentId, p.chunkId, p.start, p.end, p.quote);
  }

  /**
   * True when the editor already edited a triple between these two nodes that came from this chunk:
   * a re-run must not bring back the wording the editor replaced.
   */
  editedEdgeFromChunk(subjectId: number, objectId: number, chunkId: number): boolean {
    const b = this.state;
    if (!b) return Boolean(this.q.editedFromChunk.get(subjectId, objectId, chunkId));
    let pairs = b.editedPairs.get(chunkId);
    if (!pairs) {
      const rows = this.q.editedPairsOfChunk.all(chunkId) as { subject_id: number; object_id: number }[];
      pairs = new Set(rows.map((r) => pairKey(r.subject_id, r.object_id)));
      b.editedPairs.set(chunkId, pairs);
    }
    return pairs.has(pairKey(subjectId, objectId));
  }
}

const pairKey = (subjectId: number, objectId: number) => `${subjectId}:${objectId}`;

/** What one batch of the extraction writer remembers (see ExtractionGraphWriter.batch). */
interface BatchState {
  /** Nodes looked up or created, by kind and normalised label: a chunk names one entity in its mentions and triples, a batch's chunks share many. */
  nodes: Map<string, { id: number; aliases: string[]; type: string | null }>;
  /** Nodes and edges this batch created, and the evidence it gave them. */
  newNodes: Set<number>;
  newEdges: Set<number>;
  provenance: Set<string>;
  /** Edges this batch looked up or created: the subject:object pair of an edited one, else null. */
  edges: Map<number, string | null>;
  /** Per chunk, the subject:object pairs of the edited edges with evidence in it. */
  editedPairs: Map<number, Set<string>>;
}
