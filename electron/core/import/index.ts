// Graph import: a file (a folder for csv and neo4j-csv) read in one of the formats export/ writes, in
// one transaction (all or nothing).
import fs from 'node:fs';
import type { Db } from '../store/db';
import { BulkGraphWriter } from '../store/bulk';
import type { ImportFormat } from '../../../shared/contract/export';
import { isFolderFormat } from '../export/formats';
import { ImportSink } from './sink';
import { ImportError } from './errors';
import { readTsv } from './read-tsv';
import { readCsvFolder, readNeo4jCsvFolder } from './read-tables';
import { readGraphml } from './read-graphml';
import { readCyjs } from './read-cyjs';
import { readCypher } from './read-cypher';
import { RdfCollector, parseRdfFile } from './read-rdf';
import { planJsonLd, readJsonLd } from './read-jsonld';

export { ImportError } from './errors';

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
