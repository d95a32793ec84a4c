// The SPARQL that finds a cited triple in a published named graph: its reified statement (status,
// confidence), the asserted triple when accepted, and its evidence (document, span, quote), so other
// tools can follow a citation. IRIs are the export's own (stable: from labels, never database ids).
import type { Store } from '../store';
import { DEFAULT_BASE, GW, Iris, PROV, RDF } from '../export/vocab';

export interface CitationQuery {
  triple: number;
  edge: string;
  sparql: string;
}

export function citationSparql(store: Store, tripleId: number, graph: string, base: string = DEFAULT_BASE): CitationQuery | null {
  const t = store.graph.listTriples({ ids: [tripleId], limit: 1, offset: 0 }).items[0];
  if (!t) return null;
  const s = store.graph.getNode(t.subjectId);
  const o = store.graph.getNode(t.objectId);
  if (!s || !o) return null;
  const iris = new Iris(base);
  const si = iris.node(s.kind, s.label);
  const oi = iris.node(o.kind, o.label);
  const ri = iris.relation(t.relation);
  const edge = iris.edge(si, ri, oi);
  const sparql = [
    `PREFIX rdf: <${RDF}>`,
    `PREFIX gw: <${GW}>`,
    `PREFIX prov: <${PROV}>`,
    `# ${t.subject} | ${t.relation} | ${t.object}`.replace(/[\r\n]+/g, ' '),
    'SELECT ?status ?confidence ?asserted ?document ?start ?end ?quote WHERE {',
    `  GRAPH <${graph}> {`,
    `    <${edge}> a rdf:Statement ; rdf:subject <${si}> ; rdf:predicate <${ri}> ; rdf:object <${oi}> ; gw:status ?status ; gw:confidence ?confidence .`,
    `    BIND (EXISTS { <${si}> <${ri}> <${oi}> } AS ?asserted)`,
    `    OPTIONAL { <${edge}> prov:qualifiedDerivation ?d . ?d gw:document ?document ; gw:start ?start ; gw:end ?end ; gw:quote ?quote . }`,
    '  }',
    '}',
  ].join('\n');
  return { triple: tripleId, edge, sparql };
}
