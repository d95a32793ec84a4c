// The format registry: each graph format, its file or folder, and whether it is exported, imported or both.
import type { FormatInfo } from '../../../shared/contract/export';

export const FORMATS: FormatInfo[] = [
  { id: 'ttl', label: 'RDF Turtle', extension: '.ttl', mediaType: 'text/turtle', folder: false, export: true, import: true },
  { id: 'nt', label: 'RDF N-Triples', extension: '.nt', mediaType: 'application/n-triples', folder: false, export: true, import: true },
  { id: 'jsonld', label: 'JSON-LD', extension: '.jsonld', mediaType: 'application/ld+json', folder: false, export: true, import: true },
  {
    id: 'graphml',
    label: 'GraphML (Gephi, yEd, igraph)',
    extension: '.graphml',
    mediaType: 'application/graphml+xml',
    folder: false,
    export: true,
    import: true,
  },
  {
    id: 'csv',
    label: 'CSV (nodes.csv, edges.csv, concept_links.csv, provenance.csv)',
    extension: '',
    mediaType: 'text/csv',
    folder: true,
    export: true,
    import: true,
  },
  { id: 'cypher', label: 'Neo4j Cypher script', extension: '.cypher', mediaType: 'application/x-cypher-query', folder: false, export: true, import: true },
  { id: 'neo4j-csv', label: 'Neo4j admin import CSVs', extension: '', mediaType: 'text/csv', folder: true, export: true, import: true },
  { id: 'cyjs', label: 'Cytoscape JSON', extension: '.cyjs', mediaType: 'application/json', folder: false, export: true, import: true },
  {
    id: 'tsv',
    label: 'Triples, one head|relation|tail per line (MetaQA kb)',
    extension: '.txt',
    mediaType: 'text/plain',
    folder: false,
    export: false,
    import: true,
  },
];

export const isFolderFormat = (f: string) => FORMATS.find((x) => x.id === f)?.folder ?? false;
