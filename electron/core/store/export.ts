// Read side of graph export: the selection (status, document, concept layer) as paged, keyset
// queries, so a writer streams a graph of millions of edges without holding it in memory.
import type { Db } from './db';
import { openDb, parseJson } from './db';
import { ClauseLookup } from './clauses';
import { editionLabel } from '../document/editions';
import type { StandardId } from '../document/structure';
import type { EdgeStatus, NodeKind, Stage, TripleQualifiers } from '../../../shared/schemas';
import { qualifiersOf } from './graph';

export interface ExportFilter {
  /** Only accepted triples (default: every status). */
  acceptedOnly: boolean;
  /** Only triples (and node evidence) from this document. */
  documentId: number | null;
  /** Include concept nodes and concept links. */
  concepts: boolean;
  /** Include provenance (evidence spans). */
  provenance: boolean;
}

export interface ExportNodeRow {
  id: number;
  kind: Exclude<NodeKind, 'passage'>;
  label: string;
  type: string | null;
  aliases: string[];
}

export interface ExportEdgeRow {
  id: number;
  subjectId: number;
  relation: string;
  objectId: number;
  stage: Stage;
  status: EdgeStatus;
  confidence: number;
  engine: string;
  model: string | null;
  /** The estimated probability an editor keeps the triple (null when never scored). */
  precision: number | null;
  /** What the triple says beyond its labels, read as `triples --json` reads it ({} when none). */
  qualifiers: TripleQualifiers;
}

export interface ExportLinkRow {
  id: number;
  conceptId: number;
  nodeId: number | null;
  relation: string | null;
  level: number;
  model: string | null;
  batch: string | null;
}

/** One evidence span with its document and chunk, denormalised for self-contained exports. */
export interface ExportProvenanceRow {
  id: number;
  edgeId: number | null;
  nodeId: number | null;
  documentId: number;
  documentTitle: string;
  documentHash: string;
  documentPath: string | null;
  documentFormat: string;
  /** The document's version (1 for the first; a re-ingested edition counts up) and the edition it states ('RFC 3580'), or null. */
  documentVersion: number;
  documentEdition: string | null;
  chunkId: number | null;
  chunkOrdinal: number | null;
  chunkStart: number | null;
  chunkEnd: number | null;
  page: number | null;
  start: number;
  end: number;
  quote: string;
  /** The clause the span lies in ('RFC 3580 §3.1 User-Name'), when the document's sections are known. */
  clause: string | null;
  /** The ids of the rules that read this span (edge evidence; [] for node evidence and older rows). */
  rules: string[];
}

export interface ExportCounts {
  nodes: { entity: number; event: number; concept: number };
  edges: number;
  conceptLinks: number;
  provenance: number;
}

const filtered = (f: ExportFilter) => f.acceptedOnly || f.documentId != null;

/**
 * SQL predicates of the selection. Passage nodes (a retrieval structure rebuilt from chunks) are
 * never exported; concept nodes only with the concept layer.
 */
function edgeWhere(f: ExportFilter, alias = 'e'): { sql: string; args: unknown[] } {
  const kinds = f.concepts ? "('entity','event','concept')" : "('entity','event')";
  const parts = [`(SELECT kind FROM nodes WHERE id = ${alias}.subject_id) IN ${kinds}`, `(SELECT kind FROM nodes WHERE id = ${alias}.object_id) IN ${kinds}`];
  const args: unknown[] = [];
  if (f.acceptedOnly) parts.push(`${alias}.status = 'accepted'`);
  if (f.documentId != null) {
    parts.push(`EXISTS (SELECT 1 FROM provenance p WHERE p.edge_id = ${alias}.id AND p.document_id = ?)`);
    args.push(f.documentId);
  }
  return { sql: parts.join(' AND '), args };
}

/** Entity and event nodes in the selection: all of them unfiltered, else the endpoints of selected triples (and nodes with evidence in the document). */
function instanceNodeWhere(f: ExportFilter, alias = 'n'): { sql: string; args: unknown[] } {
  if (!filtered(f)) return { sql: `${alias}.kind IN ('entity','event')`, args: [] };
  const es = edgeWhere(f, 'x');
  const alt = [
    `EXISTS (SELECT 1 FROM edges x WHERE x.subject_id = ${alias}.id AND ${es.sql})`,
    `EXISTS (SELECT 1 FROM edges x WHERE x.object_id = ${alias}.id AND ${es.sql})`,
  ];
  const args = [...es.args, ...es.args];
  if (f.documentId != null) {
    alt.push(`EXISTS (SELECT 1 FROM provenance p WHERE p.node_id = ${alias}.id AND p.document_id = ?)`);
    args.push(f.documentId);
  }
  return { sql: `${alias}.kind IN ('entity','event') AND (${alt.join(' OR ')})`, args };
}

interface NodeRowRaw {
  id: number;
  kind: ExportNodeRow['kind'];
  label: string;
  type: string | null;
  aliases: string;
}
const toNode = (r: NodeRowRaw): ExportNodeRow => ({ id: r.id, kind: r.kind, label: r.label, type: r.type, aliases: parseJson(r.aliases, []) });

interface EdgeRowRaw {
  id: number;
  subject_id: number;
  relation: string;
  object_id: number;
  stage: Stage;
  status: EdgeStatus;
  confidence: number;
  engine: string;
  model: string | null;
  precision: number | null;
  edited: number;
  meta: string | null;
}
const toEdge = (r: EdgeRowRaw): ExportEdgeRow => ({
  id: r.id,
  subjectId: r.subject_id,
  relation: r.relation,
  objectId: r.object_id,
  stage: r.stage,
  status: r.status,
  confidence: r.confidence,
  engine: r.engine,
  model: r.model,
  precision: r.precision,
  qualifiers: qualifiersOf(parseJson<Record<string, unknown>>(r.meta, {}), r.edited === 1),
});

const PROV_SQL = `SELECT p.id, p.edge_id, p.node_id, p.document_id, d.title AS document_title, d.content_hash AS document_hash,
  d.source_path AS document_path, d.format AS document_format, d.meta AS document_meta, d.version AS document_version,
  (SELECT s.standard FROM document_structure s WHERE s.document_id = d.id) AS document_standard, p.chunk_id, c.ordinal AS chunk_ordinal, c.start AS chunk_start,
  c.end AS chunk_end, c.page, p.start, p.end, p.quote, p.rules
  FROM provenance p JOIN documents d ON d.id = p.document_id LEFT JOIN chunks c ON c.id = p.chunk_id`;

interface ProvRowRaw {
  id: number;
  edge_id: number | null;
  node_id: number | null;
  document_id: number;
  document_title: string;
  document_hash: string;
  document_path: string | null;
  document_format: string;
  document_meta: string | null;
  document_version: number;
  document_standard: string | null;
  chunk_id: number | null;
  chunk_ordinal: number | null;
  chunk_start: number | null;
  chunk_end: number | null;
  page: number | null;
  start: number;
  end: number;
  quote: string;
  rules: string;
}
/** A placeholder made by an earlier import exports the format it recorded for the document it stands for. */
function formatOf(r: ProvRowRaw): string {
  if (r.document_format !== 'placeholder') return r.document_format;
  const recorded = parseJson<{ format?: unknown }>(r.document_meta, {}).format;
  return typeof recorded === 'string' && recorded ? recorded : r.document_format;
}
const toProv = (r: ProvRowRaw, clause: string | null = null): ExportProvenanceRow => ({
  id: r.id,
  edgeId: r.edge_id,
  nodeId: r.node_id,
  documentId: r.document_id,
  documentTitle: r.document_title,
  // A placeholder made by an earlier import exports the hash of the document it stands for.
  documentHash: r.document_format === 'placeholder' && r.document_hash.startsWith('placeholder:') ? r.document_hash.slice(12) : r.document_hash,
  documentPath: r.document_path,
  documentFormat: formatOf(r),
  documentVersion: r.document_version,
  documentEdition: editionLabel(parseJson<StandardId | null>(r.document_standard, null)),
  chunkId: r.chunk_id,
  chunkOrdinal: r.chunk_ordinal,
  chunkStart: r.chunk_start,
  chunkEnd: r.chunk_end,
  page: r.page,
  start: r.start,
  end: r.end,
  quote: r.quote,
  clause,
  rules: parseJson<string[]>(r.rules, []),
});

export class ExportRepository {
  private conceptIdCache: number[] | null = null;

  constructor(
    readonly db: Db,
    readonly filter: ExportFilter,
  ) {}

  /**
   * Concept nodes in the selection. Unfiltered: all of them (null = no restriction). Filtered: the
   * concepts linked to selected nodes or relations, closed upward over concept-to-concept links.
   */
  conceptIds(): number[] | null {
    const f = this.filter;
    if (!f.concepts) return [];
    if (!filtered(f)) return null;
    if (this.conceptIdCache) return this.conceptIdCache;
    const nw = instanceNodeWhere(f, 'n');
    const ew = edgeWhere(f, 'e');
    const rows = this.db
      .prepare(
        `WITH RECURSIVE sel(id) AS (
           SELECT cl.concept_id FROM concept_links cl JOIN nodes n ON n.id = cl.node_id WHERE ${nw.sql}
           UNION SELECT cl.concept_id FROM concept_links cl WHERE cl.relation IN (SELECT DISTINCT e.relation FROM edges e WHERE ${ew.sql})
           UNION SELECT e.subject_id FROM edges e WHERE ${ew.sql}
           UNION SELECT e.object_id FROM edges e WHERE ${ew.sql}
           UNION SELECT cl.concept_id FROM concept_links cl JOIN sel ON cl.node_id = sel.id
         ) SELECT DISTINCT sel.id FROM sel JOIN nodes c ON c.id = sel.id AND c.kind = 'concept' ORDER BY sel.id`,
      )
      .all(...nw.args, ...ew.args, ...ew.args, ...ew.args) as { id: number }[];
    this.conceptIdCache = rows.map((r) => r.id);
    return this.conceptIdCache;
  }

  /** Selected nodes of one kind with id > after, in id order. */
  nodesPage(kind: ExportNodeRow['kind'], after: number, limit: number): ExportNodeRow[] {
    if (kind === 'concept') {
      const ids = this.conceptIds();
      if (ids === null) {
        return (
          this.db
            .prepare(`SELECT id, kind, label, type, aliases FROM nodes WHERE kind = 'concept' AND id > ? ORDER BY id LIMIT ?`)
            .all(after, limit) as NodeRowRaw[]
        ).map(toNode);
      }
      const page = ids.filter((id) => id > after).slice(0, limit);
      if (!page.length) return [];
      return (
        this.db
          .prepare(`SELECT id, kind, label, type, aliases FROM nodes WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`)
          .all(JSON.stringify(page)) as NodeRowRaw[]
      ).map(toNode);
    }
    const w = instanceNodeWhere(this.filter, 'n');
    return (
      this.db
        .prepare(`SELECT n.id, n.kind, n.label, n.type, n.aliases FROM nodes n WHERE n.kind = ? AND n.id > ? AND ${w.sql} ORDER BY n.id LIMIT ?`)
        .all(kind, after, ...w.args, limit) as NodeRowRaw[]
    ).map(toNode);
  }

  /** Selected triples with id > after, in id order. */
  edgesPage(after: number, limit: number): ExportEdgeRow[] {
    const w = edgeWhere(this.filter, 'e');
    return (
      this.db
        .prepare(
          `SELECT e.id, e.subject_id, e.relation, e.object_id, e.stage, e.status, e.confidence, e.engine, e.model, e.precision, e.edited, e.meta FROM edges e
                WHERE e.id > ? AND ${w.sql} ORDER BY e.id LIMIT ?`,
        )
        .all(after, ...w.args, limit) as EdgeRowRaw[]
    ).map(toEdge);
  }

  /** Selected triples ordered by (relation, id), after the given key: writers that group by relation type (Cypher). */
  edgesByRelationPage(after: { relation: string; id: number } | null, limit: number): ExportEdgeRow[] {
    const w = edgeWhere(this.filter, 'e');
    const cursor = after ? '(e.relation > ? OR (e.relation = ? AND e.id > ?)) AND' : '';
    const cargs = after ? [after.relation, after.relation, after.id] : [];
    return (
      this.db
        .prepare(
          `SELECT e.id, e.subject_id, e.relation, e.object_id, e.stage, e.status, e.confidence, e.engine, e.model, e.precision, e.edited, e.meta FROM edges e
                WHERE ${cursor} ${w.sql} ORDER BY e.relation, e.id LIMIT ?`,
        )
        .all(...cargs, ...w.args, limit) as EdgeRowRaw[]
    ).map(toEdge);
  }

  /** Selected concept links with id > after: both ends in the selection (only node links with `nodeLinksOnly`). */
  linksPage(after: number, limit: number, nodeLinksOnly = false): ExportLinkRow[] {
    if (!this.filter.concepts) return [];
    const ids = this.conceptIds();
    const parts = ['cl.id > ?'];
    const args: unknown[] = [after];
    if (nodeLinksOnly) parts.push('cl.node_id IS NOT NULL');
    if (ids !== null) {
      parts.push('cl.concept_id IN (SELECT value FROM json_each(?))');
      args.push(JSON.stringify(ids));
      const nw = instanceNodeWhere(this.filter, 'n');
      const ew = edgeWhere(this.filter, 'e');
      parts.push(`(cl.node_id IN (SELECT value FROM json_each(?))
        OR EXISTS (SELECT 1 FROM nodes n WHERE n.id = cl.node_id AND ${nw.sql})
        OR cl.relation IN (SELECT DISTINCT e.relation FROM edges e WHERE ${ew.sql}))`);
      args.push(JSON.stringify(ids), ...nw.args, ...ew.args);
    } else {
      parts.push("(cl.relation IS NOT NULL OR (SELECT kind FROM nodes WHERE id = cl.node_id) IN ('entity','event','concept'))");
    }
    const rows = this.db
      .prepare(
        `SELECT cl.id, cl.concept_id, cl.node_id, cl.relation, cl.level, cl.model, cl.batch FROM concept_links cl
                WHERE ${parts.join(' AND ')} ORDER BY cl.id LIMIT ?`,
      )
      .all(...args, limit) as {
      id: number;
      concept_id: number;
      node_id: number | null;
      relation: string | null;
      level: number;
      model: string | null;
      batch: string | null;
    }[];
    return rows.map((r) => ({ id: r.id, conceptId: r.concept_id, nodeId: r.node_id, relation: r.relation, level: r.level, model: r.model, batch: r.batch }));
  }

  /** Selected relation-to-concept links of these concepts, grouped by concept. */
  relationLinks(conceptIds: number[]): Map<number, ExportLinkRow[]> {
    const out = new Map<number, ExportLinkRow[]>();
    if (!this.filter.concepts || !conceptIds.length) return out;
    const parts = ['cl.relation IS NOT NULL', 'cl.concept_id IN (SELECT value FROM json_each(?))'];
    const args: unknown[] = [JSON.stringify(conceptIds)];
    if (filtered(this.filter)) {
      const ew = edgeWhere(this.filter, 'e');
      parts.push(`cl.relation IN (SELECT DISTINCT e.relation FROM edges e WHERE ${ew.sql})`);
      args.push(...ew.args);
    }
    const rows = this.db
      .prepare(`SELECT cl.id, cl.concept_id, cl.relation, cl.level, cl.model, cl.batch FROM concept_links cl WHERE ${parts.join(' AND ')} ORDER BY cl.id`)
      .all(...args) as { id: number; concept_id: number; relation: string; level: number; model: string | null; batch: string | null }[];
    for (const r of rows) {
      const list = out.get(r.concept_id) ?? [];
      list.push({ id: r.id, conceptId: r.concept_id, nodeId: null, relation: r.relation, level: r.level, model: r.model, batch: r.batch });
      out.set(r.concept_id, list);
    }
    return out;
  }

  /** Evidence of these triples (of the filter's document only, when one is set), grouped by triple. */
  edgeProvenance(edgeIds: number[]): Map<number, ExportProvenanceRow[]> {
    return this.provenanceFor('edge_id', edgeIds);
  }

  nodeProvenance(nodeIds: number[]): Map<number, ExportProvenanceRow[]> {
    return this.provenanceFor('node_id', nodeIds);
  }

  private provenanceFor(column: 'edge_id' | 'node_id', ids: number[]): Map<number, ExportProvenanceRow[]> {
    const out = new Map<number, ExportProvenanceRow[]>();
    if (!this.filter.provenance || !ids.length) return out;
    const doc = this.filter.documentId != null ? 'AND p.document_id = ?' : '';
    const rows = this.db
      .prepare(`${PROV_SQL} WHERE p.${column} IN (SELECT value FROM json_each(?)) ${doc} ORDER BY p.id`)
      .all(JSON.stringify(ids), ...(this.filter.documentId != null ? [this.filter.documentId] : [])) as ProvRowRaw[];
    const clauses = new ClauseLookup(this.db);
    for (const r of rows) {
      const key = (column === 'edge_id' ? r.edge_id : r.node_id)!;
      const list = out.get(key) ?? [];
      list.push(toProv(r, clauses.at(r.document_id, r.start)?.clause ?? null));
      out.set(key, list);
    }
    return out;
  }

  /** Sizes of the selection (for progress, and for refusing inline exports that are too large). */
  counts(): ExportCounts {
    const f = this.filter;
    const nw = instanceNodeWhere(f, 'n');
    const ew = edgeWhere(f, 'e');
    const kindCount = (kind: string) =>
      (this.db.prepare(`SELECT COUNT(*) AS c FROM nodes n WHERE n.kind = ? AND ${nw.sql}`).get(kind, ...nw.args) as { c: number }).c;
    const ids = this.conceptIds();
    const concept = ids === null ? (this.db.prepare("SELECT COUNT(*) AS c FROM nodes WHERE kind = 'concept'").get() as { c: number }).c : ids.length;
    const edges = (this.db.prepare(`SELECT COUNT(*) AS c FROM edges e WHERE ${ew.sql}`).get(...ew.args) as { c: number }).c;
    let conceptLinks = 0;
    if (f.concepts) {
      for (let after = 0; ;) {
        const page = this.linksPage(after, 50_000);
        if (!page.length) break;
        conceptLinks += page.length;
        after = page[page.length - 1].id;
      }
    }
    let provenance = 0;
    if (f.provenance) {
      const doc = f.documentId != null ? 'AND p.document_id = ?' : '';
      const dargs = f.documentId != null ? [f.documentId] : [];
      provenance += (
        this.db.prepare(`SELECT COUNT(*) AS c FROM provenance p JOIN edges e ON e.id = p.edge_id WHERE ${ew.sql} ${doc}`).get(...ew.args, ...dargs) as {
          c: number;
        }
      ).c;
      provenance += (
        this.db.prepare(`SELECT COUNT(*) AS c FROM provenance p JOIN nodes n ON n.id = p.node_id WHERE ${nw.sql} ${doc}`).get(...nw.args, ...dargs) as {
          c: number;
        }
      ).c;
      if (f.concepts) {
        const cw = ids === null ? '' : 'AND p.node_id IN (SELECT value FROM json_each(?))';
        provenance += (
          this.db
            .prepare(`SELECT COUNT(*) AS c FROM provenance p JOIN nodes n ON n.id = p.node_id WHERE n.kind = 'concept' ${cw} ${doc}`)
            .get(...(ids === null ? [] : [JSON.stringify(ids)]), ...dargs) as { c: number }
        ).c;
      }
    }
    return { nodes: { entity: kindCount('entity'), event: kindCount('event'), concept }, edges, conceptLinks, provenance };
  }

  /** Distinct relations of the selected triples with their counts, in relation order. */
  relationCounts(): { relation: string; count: number }[] {
    const w = edgeWhere(this.filter, 'e');
    return this.db
      .prepare(`SELECT e.relation AS relation, COUNT(*) AS count FROM edges e WHERE ${w.sql} GROUP BY e.relation ORDER BY e.relation`)
      .all(...w.args) as {
      relation: string;
      count: number;
    }[];
  }
}

/**
 * A read-only connection holding one read transaction: every page of an export sees the same
 * snapshot (WAL), even while the app keeps writing through its own connection.
 */
export function openExportSnapshot(dbFile: string): { db: Db; close(): void } {
  const db = openDb(dbFile, { readonly: true });
  db.exec('BEGIN');
  db.prepare('SELECT COUNT(*) FROM nodes').get(); // the first read fixes the snapshot
  return {
    db,
    close() {
      if (!db.open) return;
      try {
        db.exec('COMMIT');
      } finally {
        db.close();
      }
    },
  };
}
