// The ingest worker thread: reads, parses, repairs and chunks one file at a time (prepareFile),
// off the core's event loop. The core stays the only SQLite writer: it asks for the prepared
// documents in slices and stores each slice in a short transaction (ingest/job.ts). Started by
// worker-pool.ts; a cancel or SIGTERM terminates the thread, which stops any parse at once.
// Bundled for the packaged app as dist-electron/ingest-worker.js (vite.electron.config.ts).
import { parentPort, threadId } from 'node:worker_threads';
import { prepareFile, type PreparedFile } from './pipeline';
import type { ToWorker, FromWorker, PrepareRequest } from './worker-protocol';

const port = parentPort;
if (!port) throw new Error('ingest/worker.ts runs as a worker thread (see worker-pool.ts)');

const post = (message: FromWorker) => port.postMessage(message);

/** Prepared files waiting for the core to take their documents, by request id. */
const pending = new Map<number, { prepared: PreparedFile; next: number }>();
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

const errorOf = (err: unknown) => (err instanceof Error ? { name: err.name, message: err.message } : { name: 'Error', message: String(err) });

async function prepare(req: PrepareRequest): Promise<void> {
  try {
    const prepared = await prepareFile(req.file, {
      ...req.options,
      embed: req.semantic ? embedThroughCore(req.id) : undefined,
      onChunking: () => post({ type: 'chunking', id: req.id }),
    });
    pending.set(req.id, { prepared, next: 0 });
    const { docs, ...rest } = prepared;
    post({ type: 'prepared', id: req.id, header: { ...rest, count: docs.length, threadId } });
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
