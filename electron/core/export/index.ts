// Graph export: one export run (streamed, from a snapshot) in one of the formats (formats.ts).
import type { Db } from '../store/db';
import { ExportRepository, type ExportFilter, type ExportProvenanceRow } from '../store/export';
import type { ExportCounts, ExportFormat, ExportOptions } from '../../../shared/contract/export';
import type { Target } from './out';
import type { WriteContext } from './select';
import { DEFAULT_BASE, normalizeBase } from './vocab';
import { writeJsonLd, writeTurtle } from './write-rdf';
import { writeGraphml } from './write-graphml';
import { writeCsv, writeNeo4jCsv } from './write-tables';
import { writeCyjs } from './write-cyjs';
import { writeCypher } from './write-cypher';
import { version } from '../version';

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
