// Read-only SQL of the Review and Graph views: neighbourhoods, node search, evidence, relation labels.
import type { Db } from './db';
import { parseJson } from './db';
import { normalizeLabel } from './normalize';
import { ClauseLookup } from './clauses';
import { DocumentRepository } from './documents';
import { escapeLike, likeOf, tripleConditions } from './triple-filter';
import { qualifiersOf, type NodeRow } from './graph';
import type { EdgeStatus, GraphNode, NodeKind, Stage } from '../../../shared/schemas';
import type { EntityDetail, EvidenceItem, GraphViewEdge, GraphViewNode, Neighbourhood, NeighbourhoodFilters } from '../../../shared/contract/review';

interface EdgeRow {
  id: number;
  subject_id: number;
  object_id: number;
  relation: string;
  status: EdgeStatus;
  stage: Stage;
  confidence: number;
  edited: number;
  meta: string | null;
}

const toNode = (r: NodeRow): GraphNode => ({ id: r.id, kind: r.kind, label: r.label, type: r.type, aliases: parseJson<string[]>(r.aliases, []) });
const toEdge = (r: EdgeRow): GraphViewEdge => {
  // (the words as written and the voice, as a triple's qualifiers read them: an edited relation has neither)
  const q = qualifiersOf(parseJson<Record<string, unknown>>(r.meta, {}), r.edited === 1);
  return {
    id: r.id,
    source: r.subject_id,
    target: r.object_id,
    relation: r.relation,
    ...(q.surface ? { label: q.surface } : {}),
    ...(q.voice ? { voice: q.voice } : {}),
    status: r.status,
    stage: r.stage,
    confidence: r.confidence,
    edited: r.edited === 1,
  };
};

/** Where sentences end: . ! ? (followed by space or end) or a blank line. */
const SENTENCE_END = /[.!?](?=\s|$)|\n\s*\n/g;

export class ReviewRepository {
  constructor(private readonly db: Db) {}

  /** SQL over edges `e` for the edge filters, with its arguments. */
  private edgeFilter(f: NeighbourhoodFilters): { sql: string; args: unknown[] } {
    const { where, args } = tripleConditions({
      statuses: f.statuses,
      relations: f.relations,
      minConfidence: f.minConfidence,
      maxConfidence: f.maxConfidence,
      minPrecision: f.minPrecision,
      belowPrecision: f.belowPrecision,
      document: f.document,
      includeUnsupported: f.includeUnsupported,
    });
    return { sql: where.join(' AND '), args };
  }

  private nodeFilter(f: NeighbourhoodFilters): (n: NodeRow) => boolean {
    const kinds = f.kinds ? new Set<string>(f.kinds) : null;
    const types = f.types?.length ? new Set(f.types) : null;
    return (n) => n.kind !== 'passage' && (!kinds || kinds.has(n.kind)) && (!types || (n.type !== null && types.has(n.type)));
  }

  private nodeRows(ids: number[]): NodeRow[] {
    if (!ids.length) return [];
    return this.db
      .prepare('SELECT id, kind, label, type, aliases FROM nodes WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id')
      .all(JSON.stringify(ids)) as NodeRow[];
  }

  degrees(ids: number[]): Map<number, number> {
    const out = new Map<number, number>();
    if (!ids.length) return out;
    const rows = this.db
      .prepare(
        `SELECT n, COUNT(*) AS c FROM (
           SELECT subject_id AS n FROM edges WHERE subject_id IN (SELECT value FROM json_each(?))
           UNION ALL SELECT object_id FROM edges WHERE object_id IN (SELECT value FROM json_each(?))) GROUP BY n`,
      )
      .all(JSON.stringify(ids), JSON.stringify(ids)) as { n: number; c: number }[];
    for (const r of rows) out.set(r.n, r.c);
    return out;
  }

  /**
   * Start nodes expanded breadth-first along the filtered edges, up to `depth` hops and `limit`
   * nodes; then every filtered edge between the nodes kept. Without start nodes: the nodes with the
   * most filtered edges.
   */
  neighbourhood(q: { nodeIds: number[]; depth: number; filters: NeighbourhoodFilters; limit: number }): Neighbourhood {
    const ef = this.edgeFilter(q.filters);
    const nodeOk = this.nodeFilter(q.filters);
    const kept = new Set<number>();
    let truncated = false;
    if (!q.nodeIds.length) {
      const top = this.db
        .prepare(
          `SELECT n, COUNT(*) AS c FROM (
             SELECT e.subject_id AS n FROM edges e WHERE ${ef.sql}
             UNION ALL SELECT e.object_id FROM edges e WHERE ${ef.sql})
           GROUP BY n ORDER BY c DESC, n LIMIT ?`,
        )
        .all(...ef.args, ...ef.args, q.limit * 2 + 10) as { n: number }[];
      for (const r of this.nodeRows(top.map((t) => t.n))
        .filter(nodeOk)
        .slice(0, q.limit))
        kept.add(r.id);
      const total = (
        this.db
          .prepare(
            `SELECT COUNT(DISTINCT n) AS c FROM (SELECT e.subject_id AS n FROM edges e WHERE ${ef.sql} UNION SELECT e.object_id FROM edges e WHERE ${ef.sql})`,
          )
          .get(...ef.args, ...ef.args) as { c: number }
      ).c;
      truncated = total > kept.size;
    } else {
      for (const r of this.nodeRows(q.nodeIds)) {
        if (kept.size >= q.limit) {
          truncated = true;
          break;
        }
        kept.add(r.id);
      }
      let frontier = [...kept];
      const around = this.db.prepare(
        `SELECT e.subject_id, e.object_id FROM edges e
         WHERE (e.subject_id IN (SELECT value FROM json_each(?)) OR e.object_id IN (SELECT value FROM json_each(?))) AND ${ef.sql}
         ORDER BY e.confidence DESC, e.id`,
      );
      for (let d = 0; d < q.depth && frontier.length && !truncated; d++) {
        const next = new Set<number>();
        for (const r of around.all(JSON.stringify(frontier), JSON.stringify(frontier), ...ef.args) as { subject_id: number; object_id: number }[]) {
          if (!kept.has(r.subject_id)) next.add(r.subject_id);
          if (!kept.has(r.object_id)) next.add(r.object_id);
        }
        const added: number[] = [];
        for (const n of this.nodeRows([...next]).filter(nodeOk)) {
          if (kept.size >= q.limit) {
            truncated = true;
            break;
          }
          kept.add(n.id);
          added.push(n.id);
        }
        frontier = added;
      }
    }
    const ids = [...kept];
    const nodes = this.nodeRows(ids);
    const degree = this.degrees(ids);
    const edges = ids.length
      ? (this.db
          .prepare(
            `SELECT e.id, e.subject_id, e.object_id, e.relation, e.status, e.stage, e.confidence, e.edited, e.meta FROM edges e
             WHERE e.subject_id IN (SELECT value FROM json_each(?)) AND e.object_id IN (SELECT value FROM json_each(?)) AND ${ef.sql} ORDER BY e.id`,
          )
          .all(JSON.stringify(ids), JSON.stringify(ids), ...ef.args) as EdgeRow[])
      : [];
    return {
      nodes: nodes.map((n): GraphViewNode => ({ ...toNode(n), degree: degree.get(n.id) ?? 0 })),
      edges: edges.map(toEdge),
      truncated,
    };
  }

  /**
   * Every filtered triple as a (subject, object) pair, and the nodes at their ends the node filters
   * keep (edges with an end left out are dropped): the whole graph the filters leave, for its communities.
   */
  filteredGraph(filters: NeighbourhoodFilters): {
    nodes: { id: number; kind: NodeKind; label: string; type: string | null }[];
    edges: { source: number; target: number }[];
  } {
    const ef = this.edgeFilter(filters);
    const nodeOk = this.nodeFilter(filters);
    const pairs = this.db.prepare(`SELECT e.subject_id AS source, e.object_id AS target FROM edges e WHERE ${ef.sql} ORDER BY e.id`).all(...ef.args) as {
      source: number;
      target: number;
    }[];
    const ends = new Set<number>();
    for (const p of pairs) {
      ends.add(p.source);
      ends.add(p.target);
    }
    const nodes = this.nodeRows([...ends]).filter(nodeOk);
    const kept = new Set(nodes.map((n) => n.id));
    return {
      nodes: nodes.map((n) => ({ id: n.id, kind: n.kind, label: n.label, type: n.type })),
      edges: pairs.filter((p) => kept.has(p.source) && kept.has(p.target)),
    };
  }

  /** Autocomplete: exact normalised match, then label prefix, then substring of label or aliases. */
  searchNodes(q: { query: string; kind?: NodeKind; limit: number }): GraphViewNode[] {
    const text = q.query.trim();
    if (!text) return [];
    const norm = normalizeLabel(text);
    const like = likeOf(text);
    const prefix = `${escapeLike(text)}%`;
    const kind = q.kind ? 'n.kind = ?' : "n.kind <> 'passage'";
    const rows = this.db
      .prepare(
        `SELECT n.id, n.kind, n.label, n.type, n.aliases FROM nodes n
         WHERE ${kind} AND (n.label LIKE ? ESCAPE '\\' OR n.aliases LIKE ? ESCAPE '\\')
         ORDER BY (n.norm = ?) DESC, (n.label LIKE ? ESCAPE '\\') DESC, length(n.label), n.id LIMIT ?`,
      )
      .all(...(q.kind ? [q.kind] : []), like, like, norm, prefix, q.limit) as NodeRow[];
    const degree = this.degrees(rows.map((r) => r.id));
    return rows.map((r) => ({ ...toNode(r), degree: degree.get(r.id) ?? 0 }));
  }

  relations(q: { search?: string; limit: number }): { relation: string; count: number }[] {
    const s = q.search?.trim();
    return this.db
      .prepare(
        `SELECT relation, COUNT(*) AS count FROM edges ${s ? "WHERE relation LIKE ? ESCAPE '\\'" : ''} GROUP BY relation ORDER BY count DESC, relation LIMIT ?`,
      )
      .all(...(s ? [likeOf(s)] : []), q.limit) as { relation: string; count: number }[];
  }

  entity(id: number): EntityDetail | null {
    const r = this.db.prepare('SELECT id, kind, label, type, aliases FROM nodes WHERE id = ?').get(id) as NodeRow | undefined;
    if (!r) return null;
    const mentions = (this.db.prepare('SELECT COUNT(*) AS n FROM provenance WHERE node_id = ?').get(id) as { n: number }).n;
    const documents = this.db
      .prepare(
        `SELECT d.id, d.title FROM documents d WHERE d.id IN (
           SELECT document_id FROM provenance WHERE node_id = ?
           UNION SELECT p.document_id FROM provenance p JOIN edges e ON e.id = p.edge_id WHERE e.subject_id = ? OR e.object_id = ?)
         ORDER BY d.title LIMIT 50`,
      )
      .all(id, id, id) as { id: number; title: string }[];
    return { ...toNode(r), degree: this.degrees([id]).get(id) ?? 0, mentions, documents };
  }

  /** The evidence of one edge, each span with its chunk, page, sentence and the other triples there. */
  evidence(edgeId: number): EvidenceItem[] {
    const prov = this.db
      .prepare(
        `SELECT p.id, p.document_id, p.chunk_id, p.start, p.end, p.quote, d.title,
           c.start AS c_start, c.end AS c_end, c.text AS c_text, c.page AS c_page
         FROM provenance p JOIN documents d ON d.id = p.document_id LEFT JOIN chunks c ON c.id = p.chunk_id
         WHERE p.edge_id = ? ORDER BY p.id`,
      )
      .all(edgeId) as {
      id: number;
      document_id: number;
      chunk_id: number | null;
      start: number;
      end: number;
      quote: string;
      title: string;
      c_start: number | null;
      c_end: number | null;
      c_text: string | null;
      c_page: number | null;
    }[];
    const others = this.db.prepare(
      `SELECT DISTINCT e.id, s.label AS subject, e.relation, o.label AS object, e.status
       FROM provenance p JOIN edges e ON e.id = p.edge_id JOIN nodes s ON s.id = e.subject_id JOIN nodes o ON o.id = e.object_id
       WHERE p.document_id = ? AND p.start < ? AND p.end > ? AND e.id <> ? ORDER BY e.id LIMIT 50`,
    );
    const pageAt = this.db.prepare('SELECT number FROM pages WHERE document_id = ? AND start <= ? AND end > ? LIMIT 1');
    const clauses = new ClauseLookup(this.db);
    return prov.map((p) => {
      const clause = clauses.at(p.document_id, p.start);
      let context: EvidenceItem['context'];
      if (p.c_text !== null && p.c_start !== null && p.c_end !== null && p.c_start <= p.start && p.end <= p.c_end) {
        context = { chunkId: p.chunk_id, start: p.c_start, end: p.c_end, text: p.c_text };
      } else {
        // (a large document's text is stored in pieces: read through the repository)
        const text = new DocumentRepository(this.db).text(p.document_id) ?? '';
        const start = Math.max(0, p.start - 400);
        const end = Math.min(text.length, p.end + 400);
        context = { chunkId: p.chunk_id, start, end, text: text.slice(start, end) };
      }
      const sentence = sentenceAround(context.text, p.start - context.start, p.end - context.start);
      const sStart = context.start + sentence.start;
      const sEnd = context.start + sentence.end;
      // the page the span itself lies on (a chunk may run over a page break; its page is where it starts)
      const page = (pageAt.get(p.document_id, p.start, p.start) as { number: number } | undefined)?.number ?? p.c_page ?? null;
      return {
        provenanceId: p.id,
        document: { id: p.document_id, title: p.title },
        page,
        context,
        start: p.start,
        end: p.end,
        quote: p.quote,
        sentence: { start: sStart, end: sEnd },
        others: others.all(p.document_id, sEnd, sStart, edgeId) as EvidenceItem['others'],
        ...(clause ? { clause: { section: clause.section, heading: clause.heading, label: clause.clause } } : {}),
      };
    });
  }
}

/** The sentence of `text` holding [start, end): from after the previous sentence end to the next one. */
function sentenceAround(text: string, start: number, end: number): { start: number; end: number } {
  let from = 0;
  let to = text.length;
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(text); m; m = SENTENCE_END.exec(text)) {
    const stop = m.index + m[0].length;
    if (stop <= start) from = stop;
    else if (m.index >= Math.max(end - 1, start)) {
      to = m[0].trim() ? stop : m.index;
      break;
    }
  }
  while (from < to && /\s/.test(text[from])) from++;
  return { start: Math.min(from, start), end: Math.max(to, end) };
}
