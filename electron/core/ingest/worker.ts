// The ingest worker thread: reads, parses, repairs and chunks one file at a time (prepareFile),
// off the core's event loop. The core asks for the prepared documents in slices and stores each
// slice in a short transaction (ingest/job.ts); a file that is one large transaction (a 100 MB text)
// the worker stores itself through a connection of its own while the core holds its writes. Started by
// worker-pool.ts; a cancel or SIGTERM terminates the thread, which stops any parse at once.
// Bundled for the packaged app as dist-electron/ingest-worker.js (vite.electron.config.ts).
import { parentPort, threadId } from 'node:worker_threads';
import v8 from 'node:v8';
import vm from 'node:vm';
import { isLargeTransaction, loadStoring, prepareFile, storePrepared, type PreparedFile } from './pipeline';
import type { ToWorker, FromWorker, PrepareRequest, WorkerError } from './worker-protocol';
import type { Store } from '../store';

const port = parentPort;
if (!port) throw new Error('ingest/worker.ts runs as a worker thread (see worker-pool.ts)');

const post = (message: FromWorker) => port.postMessage(message);

/** Prepared files waiting for the core to take their documents (or to have them stored here), by request id. */
const pending = new Map<number, { prepared: PreparedFile; next: number; dbPath?: string }>();
/** Embedding requests sent to the core (the semantic chunker's engine lives there). */
const embeds = new Map<number, { resolve: (v: number[][]) => void; reject: (e: Error) => void }>();
let embedSeq = 0;

function embedThroughCore(id: number) {
  return (texts: string[]) =>
    new Promise<number[][]>((resolve, reject) => {
      const req = ++embedSeq;
      embeds.set(req, { resolve, reject });
      post({ type: 'embed', id, req, texts });
    });
}

const errorOf = (err: unknown): WorkerError => {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const code = (err as { code?: unknown }).code;
  return { name: err.name, message: err.message, ...(typeof code === 'string' ? { code } : {}) };
};

/** V8's collector (null where it cannot be had): see collectGarbage. */
let collector: (() => void) | null | undefined;

/**
 * A full garbage collection now. Repair and chunking leave garbage of a few times the text, which V8
 * collects only when its heap grows much further; SQLite's copies of a large document (its bound
 * text and record, outside V8's heap) come on top, so the file's peak would be both. Collected before
 * the store, the peak is the live documents and SQLite's copies. (The collector is reached as jest
 * does: the flag, then a fresh context that has `gc`.)
 */
function collectGarbage(): void {
  if (collector === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      collector = vm.runInNewContext('gc') as () => void;
    } catch {
      // no collector here: the store goes on without the collection, only with a higher peak
      collector = null;
    }
  }
  collector?.();
}

/**
 * Store a large prepared file through this thread's own connection, in one transaction, as the core
 * would (storePrepared: duplicates, versions, editions): its documents never cross to the core. The
 * core holds its own writes meanwhile (store/import-gate.ts), so its thread never waits for the lock.
 */
async function storeHere(id: number, jobId: number | undefined): Promise<void> {
  const p = pending.get(id);
  if (!p?.dbPath) {
    post({ type: 'failed', id, error: { name: 'Error', message: `no prepared file to store for request ${id}` } });
    return;
  }
  pending.delete(id);
  let store: Store | null = null;
  try {
    // the store's modules are loaded here, when a file is stored, not with the thread: a large file's
    // thread is lighter by them (~20 MB) while it prepares the text (pipeline.ts loadStoring)
    await loadStoring();
    const { Store } = await import('../store');
    // a connection for this file only (opening one costs little next to a large store): none left
    // open in an idle thread, holding the database's files after the core has closed it
    store = Store.open(p.dbPath, { migrate: false });
    collectGarbage();
    post({ type: 'stored', id, outcome: storePrepared(store, p.prepared, jobId) });
  } catch (err) {
    post({ type: 'failed', id, error: errorOf(err) });
  } finally {
    store?.close();
  }
}

async function prepare(req: PrepareRequest): Promise<void> {
  try {
    const prepared = await prepareFile(req.file, {
      ...req.options,
      embed: req.semantic ? embedThroughCore(req.id) : undefined,
      collectGarbage,
      onChunking: () => post({ type: 'chunking', id: req.id }),
    });
    const storesItself = !!req.storeAt && isLargeTransaction(prepared, req.storeAt.large);
    pending.set(req.id, { prepared, next: 0, ...(storesItself ? { dbPath: req.storeAt!.dbPath } : {}) });
    const { docs, ...rest } = prepared;
    post({ type: 'prepared', id: req.id, header: { ...rest, count: docs.length, threadId, ...(storesItself ? { storesItself } : {}) } });
  } catch (err) {
    post({ type: 'failed', id: req.id, error: errorOf(err) });
  }
}

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'prepare':
      void prepare(message);
      break;
    case 'next': {
      const p = pending.get(message.id);
      if (!p) {
        post({ type: 'failed', id: message.id, error: { name: 'Error', message: `no prepared file for request ${message.id}` } });
        break;
      }
      const end = Math.min(p.prepared.docs.length, p.next + Math.max(1, message.count));
      const docs = p.prepared.docs.slice(p.next, end);
      // Handed over: this thread lets go of them, so a big corpus is not held twice.
      p.prepared.docs.fill(undefined as never, p.next, end);
      p.next = end;
      const last = end >= p.prepared.docs.length;
      if (last) pending.delete(message.id);
      post({ type: 'docs', id: message.id, docs, last });
      break;
    }
    case 'release':
      pending.delete(message.id);
      break;
    case 'store':
      void storeHere(message.id, message.jobId);
      break;
    case 'embedded': {
      const e = embeds.get(message.req);
      if (!e) break;
      embeds.delete(message.req);
      if (message.error !== undefined) {
        const err = new Error(message.error.message);
        err.name = message.error.name;
        e.reject(err);
      } else e.resolve(message.vectors ?? []);
      break;
    }
  }
});

post({ type: 'ready', threadId });
