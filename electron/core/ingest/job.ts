// The ingest job: one file after another, progress per file, a checkpoint after each stored file
// (a restart continues with the next file), per-file failures collected in the result.
import path from 'node:path';
import { JobCancelled, defineJob, type KnownJobKind } from '../jobs/runner';
import type { Store } from '../store';
import type { EventBus } from '../events';
import { NoEmbedderError, type EmbedFn } from '../chunk';
import { STORE_SLICE, expandPaths, fileError, storePrepared, type IngestResult, type StoreOutcome } from './pipeline';
import { prepareSource, type PreparedSource } from './worker-pool';
import { describeDecoding } from './encoding';
import type { NewDocument } from '../store/documents';
import { StorageError, sqliteCode } from '../store/storage-error';
import type { JobItem } from '../../../shared/schemas';
import { log } from '../log';
import { IngestJobParams, type ResumedIngest } from '../../../shared/contract/ingest';
import { jobResults, type JobKindName } from '../../../shared/contract/jobs';

export const INGEST_JOB = 'ingest' satisfies JobKindName;

/** "document 4" or "3 documents (4-6)" for the log. */
const describeIds = (ids: number[]) => (ids.length === 1 ? `document ${ids[0]}` : `${ids.length} documents (${ids[0]}-${ids[ids.length - 1]})`);

interface IngestCheckpoint {
  files: string[];
  next: number;
  result: IngestResult;
}

/**
 * The checkpoint as saved: the imported documents as runs of consecutive ids per path
 * ([path, first id, count]), not one {id, path} each, so saving it after a 100,000-passage corpus
 * (and reading it back, which the runner does on every progress event) stays cheap. A checkpoint
 * saved by an older version (imported listed one by one) loads the same.
 */
interface StoredCheckpoint extends IngestCheckpoint {
  importedRuns?: [string, number, number][];
}

function packCheckpoint(cp: IngestCheckpoint): StoredCheckpoint {
  const runs: [string, number, number][] = [];
  for (const { id, path: p } of cp.result.imported) {
    const last = runs[runs.length - 1];
    if (last && last[0] === p && last[1] + last[2] === id) last[2]++;
    else runs.push([p, id, 1]);
  }
  return { files: cp.files, next: cp.next, result: { ...cp.result, imported: [] }, importedRuns: runs };
}

function unpackCheckpoint(stored: StoredCheckpoint): IngestCheckpoint {
  const imported = [...stored.result.imported];
  for (const [p, first, count] of stored.importedRuns ?? []) for (let k = 0; k < count; k++) imported.push({ id: first + k, path: p });
  return { files: stored.files, next: stored.next, result: { ...stored.result, imported } };
}

/** The result of a run that continued an interrupted one: what this run added. */
/** What a resumed job did in its last run: the contract's type (shared/contract/ingest.ts). */
type ResumedInfo = ResumedIngest;

export { STORE_SLICE } from './pipeline';

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Bytes a transaction of these documents may need on disk (for a "disk full: N MB needed" message). */
const neededBytes = (docs: NewDocument[]) => docs.reduce((n, d) => n + d.text.length * 2 + (d.originalText?.length ?? 0), 0);

/**
 * Store a prepared file, taking its documents from the worker (worker-pool.ts). A large one
 * (pipeline.ts isLargeTransaction) the worker stores itself, in one transaction, while the core's
 * writes wait off its event loop. One document (or a corpus of at most STORE_SLICE): one transaction. A bigger corpus: slices of STORE_SLICE
 * documents, each its own transaction, with a turn of the event loop between them, so the host
 * keeps answering and another writer gets the lock. A crash between slices is safe: the resumed
 * job stores the file again, and documents this job already stored (meta.jobId) count as its own,
 * not as duplicates.
 */
async function storeFromSource(
  host: IngestHost,
  source: PreparedSource,
  jobId: number,
  signal: AbortSignal,
  onSlice: (stored: number, total: number) => void,
): Promise<StoreOutcome> {
  const { header } = source;
  const file = path.basename(header.path);
  const store = (docs: NewDocument[]): StoreOutcome => {
    try {
      return storePrepared(host.store, { ...header, docs }, jobId);
    } catch (err) {
      if (signal.aborted) throw err;
      throw host.store.describeError(err, { neededBytes: neededBytes(docs), doing: `storing ${file}` });
    }
  };
  if (source.storeInWorker) {
    // a large transaction (a 100 MB text): the worker stores it through its own connection
    try {
      return await source.storeInWorker(jobId);
    } catch (err) {
      if (signal.aborted) throw err;
      throw host.store.describeError(err, { neededBytes: header.bytes * 3, doing: `storing ${file}` });
    }
  }
  if (!header.multi || header.count <= STORE_SLICE) return store(await source.take(header.count));
  const ids: number[] = [];
  let duplicates = 0;
  let seen = 0;
  for (;;) {
    if (signal.aborted) throw new JobCancelled();
    const docs = await source.take(STORE_SLICE);
    if (!docs.length) break;
    if (signal.aborted) throw new JobCancelled();
    const out = store(docs);
    seen += docs.length;
    if (out.status === 'imported') {
      ids.push(...out.ids);
      duplicates += out.duplicates;
    } else duplicates += docs.length;
    onSlice(seen, header.count);
    await yieldToLoop();
  }
  if (!ids.length) return { status: 'skipped', reason: `duplicate: all ${header.count} documents are already imported` };
  return { status: 'imported', ids, duplicates };
}

/** Per-file rows go with the progress up to this many files (a larger folder shows the overall bar only). */
const MAX_FILE_ROWS = 500;

/**
 * Each file's row, from the checkpoint: files before `cp.next` by their outcome in the result,
 * the current one in its phase, the rest queued; paths the walk skipped or failed come first.
 */
function fileRows(cp: IngestCheckpoint, current?: { index: number; state: 'parsing' | 'chunking' }): JobItem[] | undefined {
  if (cp.files.length > MAX_FILE_ROWS) return undefined;
  const files = new Set(cp.files);
  const imported = new Map<string, number>();
  for (const d of cp.result.imported) imported.set(d.path, (imported.get(d.path) ?? 0) + 1);
  const skipped = new Map(cp.result.skipped.map((s) => [s.path, s.reason]));
  const failed = new Map(cp.result.failed.map((f) => [f.path, f.error]));
  const decoded = new Map((cp.result.decoded ?? []).map((d) => [d.path, describeDecoding(d)]));
  const rows: JobItem[] = [];
  for (const s of cp.result.skipped)
    if (!files.has(s.path) && !files.has(s.path.replace(/#[^#]*$/, ''))) rows.push({ name: s.path, state: 'skipped', detail: s.reason });
  for (const f of cp.result.failed) if (!files.has(f.path)) rows.push({ name: f.path, state: 'failed', detail: f.error });
  cp.files.forEach((file, i) => {
    if (i === current?.index) rows.push({ name: file, state: current.state });
    else if (i >= cp.next) rows.push({ name: file, state: 'queued' });
    else if (failed.has(file)) rows.push({ name: file, state: 'failed', detail: failed.get(file) });
    else if (imported.has(file)) {
      const n = imported.get(file)!;
      const detail = [n > 1 || skipped.has(file) ? `${n} documents` : null, skipped.get(file), decoded.get(file)].filter(Boolean).join(', ');
      rows.push({ name: file, state: 'done', detail: detail || undefined });
    } else rows.push({ name: file, state: 'skipped', ...(skipped.has(file) ? { detail: skipped.get(file) } : {}) });
  });
  return rows;
}

/** A storage failure (disk full, I/O, read-only): the whole job stops, resumable at this file; never a per-file failure. */
const isStorageFailure = (err: unknown) => err instanceof StorageError || sqliteCode(err) !== undefined;

/** What the job needs from the core. The semantic chunker embeds with the 'embedding' role's engine. */
interface IngestHost {
  readonly store: Store;
  readonly bus: EventBus;
  readonly engines?: { get(role: 'embedding'): Promise<{ embed(texts: string[]): Promise<number[][]> }> };
}

async function embedderOf(host: IngestHost): Promise<EmbedFn> {
  if (!host.engines) throw new NoEmbedderError();
  try {
    const engine = await host.engines.get('embedding');
    return (texts) => engine.embed(texts);
  } catch (err) {
    throw new NoEmbedderError((err as Error).message);
  }
}

export function ingestJob(host: IngestHost): KnownJobKind<typeof INGEST_JOB, StoredCheckpoint> {
  return defineJob<typeof INGEST_JOB, StoredCheckpoint>({
    kind: INGEST_JOB,
    params: IngestJobParams,
    result: jobResults[INGEST_JOB],
    title: (p) => (p.paths.length === 1 ? `Import ${path.basename(p.paths[0])}` : `Import ${p.paths.length} items`),
    async run(ctx) {
      const params = ctx.params;
      const embed = params.chunker === 'semantic' ? await embedderOf(host) : undefined;
      let cp: IngestCheckpoint;
      const resumed = ctx.checkpoint !== undefined;
      if (ctx.checkpoint) cp = unpackCheckpoint(ctx.checkpoint);
      else {
        const walk = expandPaths(params.paths);
        cp = { files: walk.files, next: 0, result: { imported: [], skipped: walk.skipped, failed: walk.failed } };
        ctx.save(packCheckpoint(cp), 0, walk.files.length, walk.files.length ? `found ${walk.files.length} files` : 'no files', fileRows(cp));
      }
      const total = cp.files.length;
      const importedBefore = cp.result.imported.length;
      const firstFile = cp.next;
      if (resumed)
        ctx.progress(
          cp.next,
          total,
          `resuming job ${ctx.id} at file ${Math.min(cp.next + 1, total)}/${total} (${importedBefore} documents imported before)`,
          fileRows(cp),
        );
      for (let i = cp.next; i < total; i++) {
        ctx.throwIfCancelled();
        const file = cp.files[i];
        const message = `${i + 1}/${total} ${path.basename(file)}`;
        ctx.progress(i, total, message, fileRows(cp, { index: i, state: 'parsing' }));
        let changed = false;
        try {
          // Read, parse, repair and chunk in the worker thread; only the storing happens here.
          const source = await prepareSource(file, {
            storeIn: { db: host.store.db },
            onChunking: () => ctx.progress(i, total, message, fileRows(cp, { index: i, state: 'chunking' })),
            chunker: params.chunker,
            chunkSize: params.chunkSize,
            overlap: params.overlap,
            embed,
            signal: ctx.signal,
            skipBadRecords: params.skipBadRecords,
          });
          let outcome: StoreOutcome;
          try {
            ctx.throwIfCancelled();
            outcome = await storeFromSource(host, source, ctx.id, ctx.signal, (stored, count) =>
              ctx.progress(
                i,
                total,
                `${message}: stored ${stored.toLocaleString('en')}/${count.toLocaleString('en')} documents`,
                fileRows(cp, { index: i, state: 'chunking' }),
              ),
            );
          } finally {
            source.release();
          }
          const prepared = source.header;
          for (const bad of prepared.skippedRecords ?? []) cp.result.skipped.push({ path: `${file}#${bad.index}`, reason: bad.error });
          if (outcome.status === 'imported' && prepared.decoding && describeDecoding(prepared.decoding))
            (cp.result.decoded ??= []).push({ path: file, ...prepared.decoding });
          if (outcome.status === 'imported') {
            for (const id of outcome.ids) cp.result.imported.push({ id, path: file });
            if (outcome.duplicates) cp.result.skipped.push({ path: file, reason: `${outcome.duplicates} duplicate documents skipped` });
            changed = true;
            log.info(
              'ingest',
              `job ${ctx.id}: ${file}: imported ${describeIds(outcome.ids)}${outcome.duplicates ? `, ${outcome.duplicates} duplicates skipped` : ''}`,
            );
          } else {
            cp.result.skipped.push({ path: file, reason: outcome.reason });
            log.info('ingest', `job ${ctx.id}: ${file}: skipped (${outcome.reason})`);
          }
        } catch (err) {
          if (ctx.signal.aborted || isStorageFailure(err)) throw err;
          const error = fileError(file, err);
          cp.result.failed.push({ path: file, error });
          // info, not warn: the job's result reports it to the caller; stderr stays the caller's
          log.info('ingest', `job ${ctx.id}: ${file} failed: ${error}`);
        }
        cp = { ...cp, next: i + 1 };
        ctx.save(packCheckpoint(cp), i + 1, total, message, fileRows(cp));
        if (changed) host.bus.emit('documents.changed', { reason: 'ingested' });
      }
      const summary = `imported ${cp.result.imported.length}, skipped ${cp.result.skipped.length}, failed ${cp.result.failed.length}`;
      if (!resumed) {
        ctx.progress(total, total, summary, fileRows(cp));
        return cp.result;
      }
      // A rerun after a crash (or a resume after a full disk) says what it did itself.
      const more = cp.result.imported.length - importedBefore;
      const info: ResumedInfo = { job: ctx.id, imported: more, files: total - firstFile };
      ctx.progress(total, total, `resumed job ${ctx.id}: imported ${more} more from ${total - firstFile} files (${summary} in all)`, fileRows(cp));
      return { ...cp.result, resumed: info };
    },
  });
}
