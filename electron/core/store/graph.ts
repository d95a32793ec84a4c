import type { Db } from './db';
import { parseJson } from './db';
import { normalizeLabel } from './normalize';
import { ClauseLookup } from './clauses';
import { likeOf, tripleConditions } from './triple-filter';
import type { EdgeStatus, GraphNode, NodeKind, Provenance, Stage, TripleQualifiers } from '../../../shared/schemas';
import type { TripleListItem, TripleQuery } from '../../../shared/contract/graph';

export interface NewNode {
  kind: NodeKind;
  label: string;
  type?: string | null;
  aliases?: string[];
  chunkId?: number | null;
  meta?: Record<string, unknown>;
}

export interface NewEdge {
  subjectId: number;
  relation: string;
  objectId: number;
  stage: Stage;
  status?: EdgeStatus;
  confidence?: number;
  engine: string;
  model?: string | null;
  meta?: Record<string, unknown>;
  /** The estimated probability that an editor keeps it (extract/precision.ts); null when unknown. */
  precision?: number | null;
  /** An LLM triple whose end its chunk does not hold (migration 0014): kept, listed only when asked for. */
  unsupported?: boolean;
}

export interface NewProvenance {
  documentId: number;
  chunkId: number | null;
  start: number;
  end: number;
  quote: string;
  /** The ids of the rules that read this span (edge evidence; extract/rules.ts). */
  rules?: string[];
}

/** A nodes row as SQLite returns it (aliases as JSON text). */
export interface NodeRow {
  id: number;
  kind: NodeKind;
  label: string;
  type: string | null;
  aliases: string;
}

const toNode = (r: NodeRow): GraphNode => ({ id: r.id, kind: r.kind, label: r.label, type: r.type, aliases: parseJson(r.aliases, []) });

interface TripleRow {
  id: number;
  subject: string;
  relation: string;
  object: string;
  subject_id: number;
  object_id: number;
  stage: Stage;
  status: EdgeStatus;
  confidence: number;
  engine: string;
}

export class GraphRepository {
  private countCache: { key: string; version: string; total: number } | null = null;

  constructor(private readonly db: Db) {}

  // ---- nodes

  getNode(id: number): GraphNode | undefined {
    const r = this.db.prepare('SELECT id, kind, label, type, aliases FROM nodes WHERE id = ?').get(id) as NodeRow | undefined;
    return r && toNode(r);
  }

  findNode(kind: NodeKind, label: string): GraphNode | undefined {
    const r = this.db.prepare('SELECT id, kind, label, type, aliases FROM nodes WHERE kind = ? AND norm = ?').get(kind, normalizeLabel(label)) as
      NodeRow | undefined;
    return r && toNode(r);
  }

  /** The node with this kind and normalised label, created if missing; new aliases are added to it. */
  upsertNode(n: NewNode): number {
    const norm = n.kind === 'passage' ? `passage:${n.chunkId ?? n.label}` : normalizeLabel(n.label);
    if (!norm) throw new Error(`empty node label: ${JSON.stringify(n.label)}`);
    const existing = this.db.prepare('SELECT id, aliases, type FROM nodes WHERE kind = ? AND norm = ?').get(n.kind, norm) as
      { id: number; aliases: string; type: string | null } | undefined;
    if (existing) {
      const aliases: string[] = parseJson(existing.aliases, []);
      const more = (n.aliases ?? []).filter((a) => a && !aliases.includes(a));
      if (more.length) this.db.prepare('UPDATE nodes SET aliases = ? WHERE id = ?').run(JSON.stringify([...aliases, ...more]), existing.id);
      if (n.type && !existing.type) this.db.prepare('UPDATE nodes SET type = ? WHERE id = ?').run(n.type, existing.id);
      return existing.id;
    }
    const info = this.db
      .prepare('INSERT INTO nodes (kind, label, norm, type, aliases, chunk_id, meta) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(n.kind, n.label.trim(), norm, n.type ?? null, JSON.stringify(n.aliases ?? []), n.chunkId ?? null, JSON.stringify(n.meta ?? {}));
    return Number(info.lastInsertRowid);
  }

  listNodes(q: { kind?: NodeKind; search?: string; limit: number; offset: number }): { items: GraphNode[]; total: number } {
    const where: string[] = [];
    const args: unknown[] = [];
    if (q.kind) {
      where.push('n.kind = ?');
      args.push(q.kind);
    }
    if (q.search?.trim()) {
      where.push("(n.label LIKE ? ESCAPE '\\' OR n.aliases LIKE ? ESCAPE '\\')");
      const like = likeOf(q.search.trim());
      args.push(like, like);
    }
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM nodes n ${w}`).get(...args) as { n: number }).n;
    const rows = this.db
      .prepare(`SELECT n.id, n.kind, n.label, n.type, n.aliases FROM nodes n ${w} ORDER BY n.id LIMIT ? OFFSET ?`)
      .all(...args, q.limit, q.offset) as NodeRow[];
    return { items: rows.map(toNode), total };
  }

  addNodeProvenance(nodeId: number, p: NewProvenance): void {
    const dup = this.db
      .prepare('SELECT 1 FROM provenance WHERE node_id = ? AND document_id = ? AND start = ? AND end = ?')
      .get(nodeId, p.documentId, p.start, p.end);
    if (dup) return;
    this.db
      .prepare('INSERT INTO provenance (node_id, document_id, chunk_id, start, end, quote) VALUES (?, ?, ?, ?, ?, ?)')
      .run(nodeId, p.documentId, p.chunkId, p.start, p.end, p.quote);
  }

  // ---- edges

  /**
   * Add a triple, or return the existing one with the same subject, relation and object.
   * An existing triple keeps its status and edits: re-running extraction never overwrites review work.
   */
  upsertEdge(e: NewEdge): { id: number; created: boolean } {
    const relation = e.relation.replace(/\s+/g, ' ').trim();
    if (!relation) throw new Error('empty relation');
    const existing = this.db
      .prepare('SELECT id, confidence, edited FROM edges WHERE subject_id = ? AND relation = ? AND object_id = ?')
      .get(e.subjectId, relation, e.objectId) as { id: number; confidence: number; edited: number } | undefined;
    if (existing) {
      if (!existing.edited && (e.confidence ?? 0) > existing.confidence) {
        this.db.prepare("UPDATE edges SET confidence = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?").run(e.confidence, existing.id);
      }
      return { id: existing.id, created: false };
    }
    const info = this.db
      .prepare(
        'INSERT INTO edges (subject_id, relation, object_id, stage, status, confidence, engine, model, meta, precision) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
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
      );
    return { id: Number(info.lastInsertRowid), created: true };
  }

  addEdgeProvenance(edgeId: number, p: NewProvenance): void {
    const dup = this.db
      .prepare('SELECT 1 FROM provenance WHERE edge_id = ? AND document_id = ? AND start = ? AND end = ?')
      .get(edgeId, p.documentId, p.start, p.end);
    if (dup) return;
    this.db
      .prepare('INSERT INTO provenance (edge_id, document_id, chunk_id, start, end, quote, rules) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(edgeId, p.documentId, p.chunkId, p.start, p.end, p.quote, JSON.stringify(p.rules ?? []));
  }

  edgeProvenance(edgeIds: number[]): Map<number, Provenance[]> {
    const out = new Map<number, Provenance[]>();
    if (!edgeIds.length) return out;
    const stmt = this.db.prepare(
      `SELECT p.edge_id, p.document_id, p.chunk_id, p.start, p.end, p.quote, p.rules, d.version,
         (d.version > 1 OR EXISTS (SELECT 1 FROM documents n WHERE n.previous_id = d.id)) AS versioned
       FROM provenance p JOIN documents d ON d.id = p.document_id WHERE p.edge_id IN (SELECT value FROM json_each(?)) ORDER BY p.id`,
    );
    const clauses = new ClauseLookup(this.db);
    for (const r of stmt.all(JSON.stringify(edgeIds)) as {
      edge_id: number;
      document_id: number;
      chunk_id: number | null;
      start: number;
      end: number;
      quote: string;
      rules: string;
      version: number;
      versioned: number;
    }[]) {
      const list = out.get(r.edge_id) ?? [];
      const clause = clauses.at(r.document_id, r.start);
      // the version of the document, when it has versions (editions)
      list.push({
        document: r.document_id,
        chunk: r.chunk_id,
        start: r.start,
        end: r.end,
        quote: r.quote,
        ...(clause ?? {}),
        ...(r.versioned ? { version: r.version } : {}),
        rules: parseJson<string[]>(r.rules, []),
      });
      out.set(r.edge_id, list);
    }
    return out;
  }

  listTriples(q: Omit<TripleQuery, 'sort' | 'desc'> & Partial<Pick<TripleQuery, 'sort' | 'desc'>>): { items: TripleListItem[]; total: number } {
    const { where, args } = tripleConditions(q);
    // Every word must occur in the subject, relation or object (labels or aliases).
    for (const word of (q.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8)) {
      const like = likeOf(word);
      where.push(
        "(s.label LIKE ? ESCAPE '\\' OR o.label LIKE ? ESCAPE '\\' OR e.relation LIKE ? ESCAPE '\\' OR s.aliases LIKE ? ESCAPE '\\' OR o.aliases LIKE ? ESCAPE '\\')",
      );
      args.push(like, like, like, like, like);
    }
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const from = 'FROM edges e JOIN nodes s ON s.id = e.subject_id JOIN nodes o ON o.id = e.object_id';
    // Counting needs the node joins only to match labels; a table paging through one filter counts once
    // until the database changes.
    const countSql = `SELECT COUNT(*) AS n ${q.search?.trim() ? from : 'FROM edges e'} ${w}`;
    const countKey = JSON.stringify([countSql, args]);
    const version = `${(this.db.prepare('SELECT total_changes() AS t').get() as { t: number }).t}:${this.db.pragma('data_version', { simple: true })}`;
    let total: number;
    if (this.countCache?.key === countKey && this.countCache.version === version) total = this.countCache.total;
    else {
      total = (this.db.prepare(countSql).get(...args) as { n: number }).n;
      this.countCache = { key: countKey, version, total };
    }
    const dir = q.desc ? 'DESC' : 'ASC';
    const order = {
      id: `e.id ${dir}`,
      subject: `s.label COLLATE NOCASE ${dir}, e.id ${dir}`,
      relation: `e.relation COLLATE NOCASE ${dir}, e.id ${dir}`,
      object: `o.label COLLATE NOCASE ${dir}, e.id ${dir}`,
      stage: `e.stage ${dir}, e.id ${dir}`,
      status: `e.status ${dir}, e.id ${dir}`,
      confidence: `e.confidence ${dir}, e.id ${dir}`,
      engine: `e.engine ${dir}, e.id ${dir}`,
      document: `(SELECT d.title FROM provenance p JOIN documents d ON d.id = p.document_id WHERE p.edge_id = e.id ORDER BY p.id LIMIT 1) COLLATE NOCASE ${dir}, e.id ${dir}`,
    }[q.sort ?? 'id'];
    const rows = this.db
      .prepare(
        `SELECT e.id, s.label AS subject, e.relation, o.label AS object, e.subject_id, e.object_id, e.stage, e.status, e.confidence, e.precision, e.engine, e.edited, e.meta
         ${from} ${w} ORDER BY ${order} LIMIT ? OFFSET ?`,
      )
      .all(...args, q.limit, q.offset) as (TripleRow & { edited: number; precision: number | null; meta: string | null })[];
    const ids = rows.map((r) => r.id);
    const prov = this.edgeProvenance(ids);
    const titles = this.documentTitles(ids);
    return {
      total,
      items: rows.map((r) => ({
        id: r.id,
        subject: r.subject,
        relation: r.relation,
        object: r.object,
        subjectId: r.subject_id,
        objectId: r.object_id,
        stage: r.stage,
        status: r.status,
        confidence: r.confidence,
        precision: r.precision,
        engine: r.engine,
        provenance: prov.get(r.id) ?? [],
        rules: [...new Set((prov.get(r.id) ?? []).flatMap((p) => p.rules ?? []))],
        qualifiers: qualifiersOf(parseJson<Record<string, unknown>>(r.meta, {}), r.edited === 1),
        documentTitle: titles.get(r.id) ?? null,
        edited: r.edited === 1,
      })),
    };
  }

  /** The title of the document of each edge's first evidence span. */
  private documentTitles(edgeIds: number[]): Map<number, string> {
    const out = new Map<number, string>();
    if (!edgeIds.length) return out;
    const rows = this.db
      .prepare(
        `SELECT p.edge_id, d.title FROM provenance p JOIN documents d ON d.id = p.document_id
         WHERE p.id IN (SELECT MIN(id) FROM provenance WHERE edge_id IN (SELECT value FROM json_each(?)) GROUP BY edge_id)`,
      )
      .all(JSON.stringify(edgeIds)) as { edge_id: number; title: string }[];
    for (const r of rows) out.set(r.edge_id, r.title);
    return out;
  }
}

/**
 * A triple's qualifiers from its edge's meta: only the known keys, each of its type (an edge written
 * before they existed has none). An edited triple has no "as written": the editor's words are its relation.
 */
export function qualifiersOf(meta: Record<string, unknown>, edited: boolean): TripleQualifiers {
  const out: TripleQualifiers = {};
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const surface = text(meta.surface);
  const modality = text(meta.modality);
  const condition = text(meta.condition);
  if (surface && !edited) out.surface = surface;
  if (modality) out.modality = modality;
  if (meta.negated === true) out.negated = true;
  if (condition) out.condition = condition;
  if (meta.only === true) out.only = true;
  const quantity = text(meta.quantity);
  if (quantity) out.quantity = quantity;
  const phrase = text(meta.phrase);
  if (phrase) out.phrase = phrase;
  const preposition = text(meta.preposition);
  if (preposition && !edited) out.preposition = preposition;
  const catenative = text(meta.catenative);
  if (catenative && !edited) out.catenative = catenative;
  if (meta.voice === 'passive' && !edited) out.voice = 'passive';
  return out;
}
