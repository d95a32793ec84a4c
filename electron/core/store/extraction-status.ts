// Where each document stands with extraction, from what the store already records: the chunks each
// engine read (chunk_extractions, with their content hash), the triples with evidence in the document
// (provenance) and the extraction jobs that covered it (jobs). Nothing is stored twice.
import type { Db } from './db';
import type { DocumentExtraction } from '../../../shared/contract/documents';
import type { JobState } from '../../../shared/schemas';

interface EngineRow {
  document_id: number;
  engine: string;
  current: number;
  failed: number;
  at: string;
  job_id: number | null;
}

interface JobRow {
  id: number;
  state: JobState;
  params: string;
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** Extraction jobs looked at for the "extracting" and "failed" states (the newest first). */
const RECENT_JOBS = 200;

const engineOfParams = (p: { engine?: string; model?: string }): string => {
  const engine = p.engine ?? 'classic';
  if (engine === 'classic' || !p.model) return engine;
  return `${engine}:${p.model.split(/[\\/]/).pop()}`;
};

/** The engine key as the user reads it: a model's file name rather than its full path. */
const shortEngine = (key: string): string => {
  const i = key.indexOf(':');
  return i < 0
    ? key
    : `${key.slice(0, i)}:${key
        .slice(i + 1)
        .split(/[\\/]/)
        .pop()}`;
};

/**
 * One entry per document id: its extraction status (ingested, extracting, extracted, stale, failed),
 * the engine that last read it, how many of its chunks that engine read unchanged, the triples with
 * evidence in it, and the last extraction job that covered it.
 */
export function documentExtractions(db: Db, docs: { id: number; chunks: number; createdAt: string }[]): Map<number, DocumentExtraction> {
  const out = new Map<number, DocumentExtraction>();
  if (!docs.length) return out;
  // Per document and engine: chunks read with their current content, chunks with failed answers, when.
  const engines = db
    .prepare(
      `SELECT c.document_id, ce.engine, SUM(ce.hash = c.hash) AS current, SUM(ce.failures > 0 AND ce.hash = c.hash) AS failed,
              MAX(ce.updated_at) AS at, MAX(ce.job_id) AS job_id
         FROM chunk_extractions ce JOIN chunks c ON c.id = ce.chunk_id
        GROUP BY c.document_id, ce.engine`,
    )
    .all() as EngineRow[];
  const latest = new Map<number, EngineRow>();
  for (const r of engines) {
    const had = latest.get(r.document_id);
    if (!had || r.at > had.at) latest.set(r.document_id, r);
  }
  const triples = new Map<number, { total: number; accepted: number }>();
  for (const r of db
    .prepare(
      `SELECT p.document_id, COUNT(DISTINCT p.edge_id) AS total, COUNT(DISTINCT CASE WHEN e.status = 'accepted' THEN p.edge_id END) AS accepted
         FROM provenance p JOIN edges e ON e.id = p.edge_id
        WHERE p.edge_id IS NOT NULL GROUP BY p.document_id`,
    )
    .all() as { document_id: number; total: number; accepted: number }[]) {
    triples.set(r.document_id, { total: r.total, accepted: r.accepted });
  }
  const jobs = (
    db.prepare("SELECT id, state, params, error, created_at, updated_at FROM jobs WHERE kind = 'extract' ORDER BY id DESC LIMIT ?").all(RECENT_JOBS) as JobRow[]
  ).map((j) => {
    let params: { documents?: number[]; engine?: string; model?: string } = {};
    try {
      params = JSON.parse(j.params) as typeof params;
    } catch {
      /* a job row without readable params covers nothing */
    }
    return { ...j, documents: params.documents?.length ? new Set(params.documents) : null, engine: engineOfParams(params) };
  });
  for (const d of docs) {
    // The newest job that covered this document: named it, or took all documents after it was imported.
    const job = jobs.find((j) => (j.documents ? j.documents.has(d.id) : j.created_at >= d.createdAt));
    const read = latest.get(d.id);
    const t = triples.get(d.id) ?? { total: 0, accepted: 0 };
    const lastRun = job ? { job: job.id, state: job.state, at: job.updated_at, engine: job.engine } : null;
    const base = {
      engine: read ? shortEngine(read.engine) : (job?.engine ?? null),
      chunks: d.chunks,
      chunksRead: read?.current ?? 0,
      triples: t.total,
      accepted: t.accepted,
      lastRun,
    };
    let status: DocumentExtraction['status'];
    let reason: string | null = null;
    const jobAfterRead = job && (!read || read.job_id == null || job.id > read.job_id);
    if (job && (job.state === 'queued' || job.state === 'running')) status = 'extracting';
    else if (job && jobAfterRead && job.state === 'failed') {
      status = 'failed';
      reason = job.error ?? 'the extraction job failed';
    } else if (!read) {
      status = 'ingested';
      if (job?.state === 'cancelled') reason = 'the last extraction was cancelled before it read this document';
    } else if (read.failed > 0) {
      status = 'failed';
      reason = `${read.failed} of ${d.chunks} chunks got failed answers from ${shortEngine(read.engine)}: extract again to retry them`;
    } else if (read.current < d.chunks) {
      status = 'stale';
      reason = `${d.chunks - read.current} of ${d.chunks} chunks not extracted${job?.state === 'cancelled' ? ' (the last run was cancelled)' : ''}: extract again to read them`;
    } else status = 'extracted';
    out.set(d.id, { status, reason, ...base });
  }
  return out;
}
