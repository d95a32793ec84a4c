// CSV (nodes.csv, edges.csv, concept_links.csv, provenance.csv) and neo4j-admin import CSVs. The
// csv export is opened in spreadsheets, so a text cell that would start a formula is neutralised
// (csv.ts toSpreadsheetCell); the neo4j-csv export is read by neo4j-admin, which runs no formula
// and would keep the apostrophe in the label, so it holds the text exactly.
import { csvRow, spreadsheetRow } from './csv';
import {
  edgePages,
  edgesWithEvidence,
  jsonOrNull,
  linkPages,
  nodeKey,
  edgeKey,
  nodeKinds,
  nodePages,
  nodesWithEvidence,
  qualifiersJson,
  type WriteContext,
} from './select';
import type { ExportProvenanceRow } from '../store/export';

const CSV_HEADERS = {
  nodes: ['id', 'kind', 'label', 'type', 'aliases'],
  edges: ['id', 'source', 'relation', 'target', 'status', 'stage', 'confidence', 'engine', 'model', 'precision', 'qualifiers'],
  conceptLinks: ['concept', 'node', 'relation', 'level', 'model', 'batch'],
  provenance: [
    'edge',
    'node',
    'document_title',
    'document_hash',
    'document_path',
    'document_format',
    'chunk_ordinal',
    'chunk_start',
    'chunk_end',
    'page',
    'start',
    'end',
    'quote',
    'clause',
    'rules',
  ],
};

const provFields = (r: ExportProvenanceRow) => [
  r.edgeId != null ? edgeKey(r.edgeId) : null,
  r.nodeId != null ? nodeKey(r.nodeId) : null,
  r.documentTitle,
  r.documentHash,
  r.documentPath,
  r.documentFormat,
  r.chunkOrdinal,
  r.chunkStart,
  r.chunkEnd,
  r.page,
  r.start,
  r.end,
  r.quote,
  r.clause,
  jsonOrNull(r.rules),
];

const aliasesField = (a: string[]) => (a.length ? JSON.stringify(a) : null);

export async function writeCsv(ctx: WriteContext): Promise<void> {
  const { repo, filter } = ctx;
  const nodes = ctx.target.open('nodes.csv', 'text/csv');
  const edges = ctx.target.open('edges.csv', 'text/csv');
  const links = filter.concepts ? ctx.target.open('concept_links.csv', 'text/csv') : null;
  const prov = filter.provenance ? ctx.target.open('provenance.csv', 'text/csv') : null;
  const all = [nodes, edges, links, prov].filter((o) => o !== null);
  const drain = () => Promise.all(all.map((o) => o.drain()));
  nodes.write(spreadsheetRow(CSV_HEADERS.nodes));
  edges.write(spreadsheetRow(CSV_HEADERS.edges));
  links?.write(spreadsheetRow(CSV_HEADERS.conceptLinks));
  prov?.write(spreadsheetRow(CSV_HEADERS.provenance));

  for (const kind of nodeKinds(filter)) {
    for (const page of nodePages(repo, kind)) {
      const p = repo.nodeProvenance(page.map((n) => n.id));
      for (const n of page) {
        nodes.write(spreadsheetRow([nodeKey(n.id), n.kind, n.label, n.type, aliasesField(n.aliases)]));
        for (const r of p.get(n.id) ?? []) prov?.write(spreadsheetRow(provFields(r)));
      }
      ctx.tick(page.length);
      await drain();
    }
  }
  if (links) {
    for (const page of linkPages(repo)) {
      for (const l of page)
        links.write(spreadsheetRow([nodeKey(l.conceptId), l.nodeId != null ? nodeKey(l.nodeId) : null, l.relation, l.level, l.model, l.batch]));
      ctx.tick(page.length);
      await drain();
    }
  }
  for (const page of edgePages(repo)) {
    const p = repo.edgeProvenance(page.map((e) => e.id));
    for (const e of page) {
      edges.write(
        spreadsheetRow([
          edgeKey(e.id),
          nodeKey(e.subjectId),
          e.relation,
          nodeKey(e.objectId),
          e.status,
          e.stage,
          e.confidence,
          e.engine,
          e.model,
          e.precision,
          qualifiersJson(e.qualifiers),
        ]),
      );
      for (const r of p.get(e.id) ?? []) prov?.write(spreadsheetRow(provFields(r)));
    }
    ctx.tick(page.length);
    await drain();
  }
  for (const o of all) await o.close();
}

const NEO4J_HEADERS = {
  nodes: ['key:ID', 'label', 'kind', 'type', 'aliases', 'provenance', 'concept_relations', ':LABEL'],
  relationships: [':START_ID', ':END_ID', ':TYPE', 'status', 'stage', 'confidence:double', 'engine', 'model', 'provenance', 'precision:double', 'qualifiers'],
  conceptLinks: [':START_ID', ':END_ID', ':TYPE', 'level:int', 'model', 'batch'],
};

export const NEO4J_LABEL = { entity: 'Entity', event: 'Event', concept: 'Concept' } as const;
export const NODE_LABEL = 'GraphwrightNode';
export const CONCEPT_LINK_TYPE = 'INSTANCE_OF';

export async function writeNeo4jCsv(ctx: WriteContext): Promise<void> {
  const { repo, filter } = ctx;
  const nodes = ctx.target.open('nodes.csv', 'text/csv');
  const rels = ctx.target.open('relationships.csv', 'text/csv');
  const links = filter.concepts ? ctx.target.open('concept_links.csv', 'text/csv') : null;
  const all = [nodes, rels, links].filter((o) => o !== null);
  const drain = () => Promise.all(all.map((o) => o.drain()));
  nodes.write(csvRow(NEO4J_HEADERS.nodes));
  rels.write(csvRow(NEO4J_HEADERS.relationships));
  links?.write(csvRow(NEO4J_HEADERS.conceptLinks));
  for (const page of nodesWithEvidence(repo, filter)) {
    for (const { node: n, provenance, relationLinks } of page) {
      nodes.write(
        csvRow([
          nodeKey(n.id),
          n.label,
          n.kind,
          n.type,
          aliasesField(n.aliases),
          jsonOrNull(provenance),
          jsonOrNull(relationLinks),
          `${NODE_LABEL};${NEO4J_LABEL[n.kind]}`,
        ]),
      );
    }
    ctx.tick(page.length);
    await drain();
  }
  if (links) {
    for (const page of linkPages(repo, true)) {
      for (const l of page) links.write(csvRow([nodeKey(l.nodeId!), nodeKey(l.conceptId), CONCEPT_LINK_TYPE, l.level, l.model, l.batch]));
      ctx.tick(page.length);
      await drain();
    }
  }
  for (const page of edgesWithEvidence(repo, edgePages(repo))) {
    for (const { edge: e, provenance } of page) {
      rels.write(
        csvRow([
          nodeKey(e.subjectId),
          nodeKey(e.objectId),
          e.relation,
          e.status,
          e.stage,
          e.confidence,
          e.engine,
          e.model,
          jsonOrNull(provenance),
          e.precision,
          qualifiersJson(e.qualifiers),
        ]),
      );
    }
    ctx.tick(page.length);
    await drain();
  }
  const readme = ctx.target.open('import.txt', 'text/plain');
  readme.write(
    [
      `Graphwright ${ctx.version} export for neo4j-admin (Neo4j 5):`,
      '',
      `  neo4j-admin database import full --multiline-fields=true --nodes=nodes.csv --relationships=relationships.csv${links ? ' --relationships=concept_links.csv' : ''} neo4j`,
      '',
      `Every node has the label ${NODE_LABEL} plus Entity, Event or Concept, and a unique property "key" (n<id>).`,
      'Relationship types are the relation texts. aliases, provenance, concept_relations and qualifiers are JSON texts.',
      '',
    ].join('\n'),
  );
  for (const o of [...all, readme]) await o.close();
}
