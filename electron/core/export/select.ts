// What every writer shares: the selection walked page by page, and the self-contained evidence
// entry used by the JSON-carrying formats (GraphML, cyjs, Cypher, neo4j CSV).
import type { ExportEdgeRow, ExportFilter, ExportLinkRow, ExportNodeRow, ExportProvenanceRow, ExportRepository } from '../store/export';
import type { Target } from './out';

export const PAGE = 2000;

export interface WriteContext {
  repo: ExportRepository;
  filter: ExportFilter;
  /** IRI base for RDF formats. */
  base: string;
  target: Target;
  /** Report n more items (nodes, links, triples) written; throws when the export was cancelled. */
  tick(n: number): void;
  /** The app version, written into headers. */
  version: string;
}

type NodeKindOut = ExportNodeRow['kind'];
/** Node kinds in writing order: concepts first (so links and typed instances find them), then entities and events. */
export function nodeKinds(filter: ExportFilter): NodeKindOut[] {
  return filter.concepts ? ['concept', 'entity', 'event'] : ['entity', 'event'];
}

export function* nodePages(repo: ExportRepository, kind: NodeKindOut): Generator<ExportNodeRow[]> {
  for (let after = 0; ;) {
    const page = repo.nodesPage(kind, after, PAGE);
    if (!page.length) return;
    yield page;
    after = page[page.length - 1].id;
  }
}

/** A node with what the JSON-carrying writers write beside it: its evidence and, on a concept, its relation links. */
interface NodeOut {
  node: ExportNodeRow;
  provenance: ProvEntry[] | undefined;
  relationLinks: RelationLinkEntry[] | undefined;
}

/** The selection's nodes in writing order (nodeKinds), a page at a time, each with its evidence and relation links. */
export function* nodesWithEvidence(repo: ExportRepository, filter: ExportFilter): Generator<NodeOut[]> {
  for (const kind of nodeKinds(filter)) {
    for (const page of nodePages(repo, kind)) {
      const ids = page.map((n) => n.id);
      const prov = repo.nodeProvenance(ids);
      const links = kind === 'concept' ? repo.relationLinks(ids) : null;
      yield page.map((node) => ({ node, provenance: prov.get(node.id)?.map(provEntry), relationLinks: links?.get(node.id)?.map(relationLinkEntry) }));
    }
  }
}

/** Pages of triples (edgePages or edgePagesByRelation), each triple with its evidence. */
export function* edgesWithEvidence(
  repo: ExportRepository,
  pages: Iterable<ExportEdgeRow[]>,
): Generator<{ edge: ExportEdgeRow; provenance: ProvEntry[] | undefined }[]> {
  for (const page of pages) {
    const prov = repo.edgeProvenance(page.map((e) => e.id));
    yield page.map((edge) => ({ edge, provenance: prov.get(edge.id)?.map(provEntry) }));
  }
}

/** A list as a JSON text, or null when there is none. */
export const jsonOrNull = (v: unknown[] | undefined): string | null => (v && v.length ? JSON.stringify(v) : null);
/** A triple's qualifiers as JSON text, or null when it has none (nothing written: older readers are unaffected). */
export const qualifiersJson = (q: Record<string, unknown>): string | null => (Object.keys(q).length ? JSON.stringify(q) : null);

export function* edgePages(repo: ExportRepository): Generator<ExportEdgeRow[]> {
  for (let after = 0; ;) {
    const page = repo.edgesPage(after, PAGE);
    if (!page.length) return;
    yield page;
    after = page[page.length - 1].id;
  }
}

export function* edgePagesByRelation(repo: ExportRepository): Generator<ExportEdgeRow[]> {
  for (let after: { relation: string; id: number } | null = null; ;) {
    const page = repo.edgesByRelationPage(after, PAGE);
    if (!page.length) return;
    yield page;
    const last = page[page.length - 1];
    after = { relation: last.relation, id: last.id };
  }
}

export function* linkPages(repo: ExportRepository, nodeLinksOnly = false): Generator<ExportLinkRow[]> {
  for (let after = 0; ;) {
    const page = repo.linksPage(after, PAGE, nodeLinksOnly);
    if (!page.length) return;
    yield page;
    after = page[page.length - 1].id;
  }
}

/** One evidence span, self-contained: enough to find the document again or to create a placeholder for it. */
export interface ProvEntry {
  /** version and edition: which version of the document the span lies in (editions), when known. */
  document: { title: string; hash: string; path: string | null; format: string; version?: number; edition?: string | null };
  chunk: { ordinal: number; start: number; end: number; page: number | null } | null;
  start: number;
  end: number;
  quote: string;
  /** The rules that read the span (docs/extraction.md), when any are recorded. */
  rules?: string[];
}

function provEntry(r: ExportProvenanceRow): ProvEntry {
  return {
    document: {
      title: r.documentTitle,
      hash: r.documentHash,
      path: r.documentPath,
      format: r.documentFormat,
      version: r.documentVersion,
      edition: r.documentEdition,
    },
    chunk: r.chunkOrdinal != null ? { ordinal: r.chunkOrdinal, start: r.chunkStart!, end: r.chunkEnd!, page: r.page } : null,
    start: r.start,
    end: r.end,
    quote: r.quote,
    ...(r.rules.length ? { rules: r.rules } : {}),
  };
}

/** A relation-to-concept link as carried on its concept node. */
export interface RelationLinkEntry {
  relation: string;
  level: number;
  model: string | null;
  batch: string | null;
}

const relationLinkEntry = (l: ExportLinkRow): RelationLinkEntry => ({ relation: l.relation!, level: l.level, model: l.model, batch: l.batch });

export const nodeKey = (id: number) => `n${id}`;
export const edgeKey = (id: number) => `e${id}`;
