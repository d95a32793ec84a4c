// The import worker thread: one graph import (importGraph, one transaction) on a connection of its
// own, off the core's event loop; progress and the result go back as messages. Started by
// import-thread.ts. Bundled for the packaged app as dist-electron/import-worker.js (vite.electron.config.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { openDb } from '../store/db';
import { ImportError, importGraph } from './index';
import type { ImportFormat } from '../../../shared/contract/export';
import type { FromImportWorker } from './import-thread';

const port = parentPort;
if (!port) throw new Error('import/import-worker.ts runs as a worker thread (see import-thread.ts)');
const post = (m: FromImportWorker) => port.postMessage(m);
const { dbPath, format, file } = workerData as { dbPath: string; format: ImportFormat; file: string };

async function run(): Promise<void> {
  const db = openDb(dbPath, { migrate: false });
  try {
    const result = await importGraph(db, format, file, { onProgress: (p) => post({ type: 'progress', ...p }) });
    post({ type: 'done', result });
  } finally {
    db.close();
  }
}

run().catch((err: unknown) => {
  if (err instanceof ImportError) post({ type: 'error', importError: { reason: err.reason, position: err.position } });
  else post({ type: 'error', name: (err as Error)?.name ?? 'Error', message: String((err as Error)?.message ?? err) });
});
