// Runs a graph import in a worker thread with its own SQLite connection, so the core's event loop
// keeps answering calls (reads see the graph as it was until the import commits) while a million
// triples are written; progress comes back as it goes. The import is still one transaction: all or
// nothing. One import at a time per database; running jobs are paused first and no job starts until
// it ends; writes the core tries meanwhile fail at once on the lock and are run again after the
// commit (store/import-gate.ts), so the core's thread never sleeps in SQLite's busy handler.
//
// Where the worker code is: under tsx, vitest or the CLI, ./import-worker.ts through tsx's ESM hooks;
// in the packaged app, dist-electron/import-worker.js (__GRAPHWRIGHT_IMPORT_WORKER__, defined by
// vite.electron.config.ts). An in-memory database, GRAPHWRIGHT_IMPORT_INLINE=1, or a thread that
// cannot start: the import runs on the calling thread, as before.
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Db } from '../store/db';
import type { ImportFormat } from '../../../shared/contract/export';
import { ImportError, type Position } from './errors';
import { importGraph, type ImportProgress, type ImportTallies } from './index';
import { log } from '../log';
import { holdForImport } from '../store/import-gate';

declare const __GRAPHWRIGHT_IMPORT_WORKER__: string | undefined;

export type FromImportWorker =
  | ({ type: 'progress' } & ImportProgress)
  | { type: 'done'; result: ImportTallies & { seconds: number } }
  | { type: 'error'; importError?: { reason: string; position: Position }; name?: string; message?: string };

function workerUrl(): URL {
  if (typeof __GRAPHWRIGHT_IMPORT_WORKER__ === 'string') return new URL(`../../../dist-electron/${__GRAPHWRIGHT_IMPORT_WORKER__}`, import.meta.url);
  return new URL('./import-worker.ts', import.meta.url);
}

function spawn(data: unknown): Worker {
  const url = workerUrl();
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData: data, execArgv: [] });
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const boot = `import { register } from ${JSON.stringify(tsxApi)};\nregister();\nawait import(${JSON.stringify(url.href)});\n`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), { workerData: data, execArgv: [] });
}

let warned = false;

/** importGraph, in a worker thread when the database is a file. */
export async function importGraphOffThread(
  db: Db,
  format: ImportFormat,
  file: string,
  options: { onProgress?: (p: ImportProgress) => void } = {},
): Promise<ImportTallies & { seconds: number }> {
  const dbPath = db.name;
  if (db.memory || !dbPath || dbPath === ':memory:' || process.env.GRAPHWRIGHT_IMPORT_INLINE === '1') return importGraph(db, format, file, options);
  return holdForImport(db, () => inThread(db, dbPath, format, file, options));
}

async function inThread(
  db: Db,
  dbPath: string,
  format: ImportFormat,
  file: string,
  options: { onProgress?: (p: ImportProgress) => void },
): Promise<ImportTallies & { seconds: number }> {
  let worker: Worker;
  try {
    worker = spawn({ dbPath, format, file });
  } catch (err) {
    if (!warned) log.warn('export', `graph import: no worker thread (${(err as Error).message}); importing on the core's thread`);
    warned = true;
    return importGraph(db, format, file, options);
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.on('message', (m: FromImportWorker) => {
      if (m.type === 'progress') options.onProgress?.({ triples: m.triples });
      else if (m.type === 'done') settle(() => resolve(m.result));
      else
        settle(() => {
          if (m.importError) reject(new ImportError(m.importError.reason, m.importError.position));
          else reject(Object.assign(new Error(m.message ?? 'import failed'), { name: m.name ?? 'Error' }));
        });
    });
    worker.on('error', (err) => settle(() => reject(err)));
    worker.on('exit', (code) => settle(() => reject(new Error(`the import worker stopped (exit code ${code})`))));
  });
}
