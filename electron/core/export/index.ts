// Graph export and import: the format registry, one export run (streamed, from a snapshot) and one
// import (all or nothing, in one transaction).
import fs from 'node:fs';
import type { Db } from '../store/db';
import { ExportRepository, type ExportFilter, type ExportProvenanceRow } from '../store/export';
import { BulkGraphWriter } from '../store/bulk';
import type { ExportCounts, ExportFormat, ExportOptions, FormatInfo, ImportFormat } from '../../../shared/contract/export';
import type { Target } from './out';
import type { WriteContext } from './select';
import { DEFAULT_BASE, normalizeBase } from './vocab';
import { writeJsonLd, writeTurtle } from './write-rdf';
import { writeGraphml } from './write-graphml';
import { writeCsv, writeNeo4jCsv } from './write-tables';
import { writeCyjs } from './write-cyjs';
import { writeCypher } from './write-cypher';
import { ImportSink } from './sink';
import { ImportError } from './errors';
import { readTsv } from './read-tsv';
import { readCsvFolder, readNeo4jCsvFolder } from './read-tables';
import { readGraphml } from './read-graphml';
import { readCyjs } from './read-cyjs';
import { readCypher } from './read-cypher';
import { RdfCollector, parseRdfFile } from './read-rdf';
import { planJsonLd, readJsonLd } from './read-jsonld';
import { version } from '../version';

export { ImportError } from './errors';

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

export function toFilter(o: Partial<ExportOptions>): ExportFilter {
  return { acceptedOnly: o.acceptedOnly ?? false, documentId: o.documentId ?? null, concepts: o.concepts ?? true, provenance: o.provenance ?? true };
}

const WRITERS: Record<ExportFormat, (ctx: WriteContext) => Promise<void>> = {
  ttl: (ctx) => writeTurtle(ctx, false),
  nt: (ctx) => writeTurtle(ctx, true),
  jsonld: writeJsonLd,
  graphml: writeGraphml,
  csv: writeCsv,
  cypher: writeCypher,
  'neo4j-csv': writeNeo4jCsv,
  cyjs: writeCyjs,
};

interface ExportRunOptions {
  /** Progress: items written so far, of the total. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * A document's name in evidence that leaves the machine: the file's own name (a relative path), never
 * the folders above it; a URL stays as it is (it names no local folder).
 */
function documentName(sourcePath: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(sourcePath) && !/^file:/i.test(sourcePath)) return sourcePath;
  return sourcePath.split(/[\\/]/).filter(Boolean).pop() ?? sourcePath;
}

/**
 * The repository as the writers see it without `paths`: every evidence row's document path cut to
 * the file's name, so an export carries document identities (title, hash, name), not local paths.
 */
export function withDocumentIdentities(repo: ExportRepository): ExportRepository {
  const cut = (m: Map<number, ExportProvenanceRow[]>) => {
    for (const rows of m.values()) for (const r of rows) if (r.documentPath) r.documentPath = documentName(r.documentPath);
    return m;
  };
  const edgeProvenance = repo.edgeProvenance.bind(repo);
  const nodeProvenance = repo.nodeProvenance.bind(repo);
  repo.edgeProvenance = (ids) => cut(edgeProvenance(ids));
  repo.nodeProvenance = (ids) => cut(nodeProvenance(ids));
  return repo;
}

/** Write the selection in one format to the target. Read from `db` (give it a snapshot connection for consistency). */
export async function runExport(
  db: Db,
  format: ExportFormat,
  options: Partial<ExportOptions>,
  target: Target,
  run: ExportRunOptions = {},
): Promise<ExportCounts> {
  const filter = toFilter(options);
  const repo = new ExportRepository(db, filter);
  if (!options.paths) withDocumentIdentities(repo);
  const counts = repo.counts();
  const total = counts.nodes.entity + counts.nodes.event + counts.nodes.concept + counts.edges + counts.conceptLinks;
  let done = 0;
  const ctx: WriteContext = {
    repo,
    filter,
    base: normalizeBase(options.base ?? DEFAULT_BASE),
    target,
    version,
    tick(n) {
      if (run.signal?.aborted) throw new Error('export cancelled');
      done += n;
      run.onProgress?.(Math.min(done, total), total);
    },
  };
  await WRITERS[format](ctx);
  return counts;
}

/** How far an import is: triples read so far (every IMPORT_PROGRESS_EVERY). */
export interface ImportProgress {
  triples: number;
}

export interface ImportTallies {
  nodes: { created: number; existing: number };
  edges: { created: number; existing: number };
  conceptLinks: { created: number; existing: number };
  provenance: { created: number; existing: number };
  documents: { matched: number; placeholders: number };
}

/**
 * Import a file (a folder for csv and neo4j-csv) in one transaction: a malformed file raises an
 * ImportError naming the line (and column) and leaves the database as it was.
 */
export async function importGraph(
  db: Db,
  format: ImportFormat,
  file: string,
  options: { onProgress?: (p: ImportProgress) => void } = {},
): Promise<ImportTallies & { seconds: number }> {
  const t0 = performance.now();
  if (!fs.existsSync(file)) throw new ImportError(`no such file: ${file}`);
  if (!isFolderFormat(format) && fs.statSync(file).isDirectory()) throw new ImportError(`${file} is a folder; ${format} reads one file`);
  let collector: RdfCollector | null = null;
  if (format === 'ttl' || format === 'nt') {
    collector = new RdfCollector();
    parseRdfFile(file, format, collector);
  } else if (format === 'jsonld') {
    collector = new RdfCollector();
    readJsonLd(file, await planJsonLd(file), collector);
  }
  const tallies = BulkGraphWriter.load(db, (bulk) => {
    const sink = new ImportSink(bulk);
    sink.onTriples = options.onProgress ? (triples) => options.onProgress!({ triples }) : undefined;
    switch (format) {
      case 'tsv':
        readTsv(file, sink);
        break;
      case 'csv':
        readCsvFolder(file, sink);
        break;
      case 'neo4j-csv':
        readNeo4jCsvFolder(file, sink);
        break;
      case 'graphml':
        readGraphml(file, sink);
        break;
      case 'cyjs':
        readCyjs(file, sink);
        break;
      case 'cypher':
        readCypher(file, sink);
        break;
      default:
        collector!.emit(sink, file);
    }
    return sink.result();
  });
  return { ...tallies, seconds: (performance.now() - t0) / 1000 };
}
