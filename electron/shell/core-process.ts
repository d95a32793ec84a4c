// Entry of the Electron utility process that runs the core, so database work, ingestion and
// model inference never block the main process's event loop. Started by core-connection.ts.
// It runs in Electron's Node (process.parentPort exists), but imports nothing from 'electron'.
import { Core } from '../core/core';
import type { Endpoint, FromCore } from './protocol';
import { parseCoreArgs } from './core-args';
import { serveAppCore } from './core-serve';

interface ParentPortLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (e: { data: unknown }) => void): unknown;
  off(event: 'message', listener: (e: { data: unknown }) => void): unknown;
}

const parentPort = (process as unknown as { parentPort?: ParentPortLike }).parentPort;
if (!parentPort) {
  process.stderr.write('core-process: no parentPort; this file runs inside an Electron utility process\n');
  process.exit(2);
}

const endpoint: Endpoint<unknown, FromCore> = {
  post: (message) => parentPort.postMessage(message),
  onMessage(listener) {
    const handler = (e: { data: unknown }) => listener(e.data);
    parentPort.on('message', handler);
    return () => parentPort.off('message', handler);
  },
};

const options = parseCoreArgs(process.argv.slice(2));
serveAppCore(endpoint, () => new Core({ dbPath: options.dbPath, dataDir: options.dataDir, host: 'electron', startJobs: false }), {
  onClosed: () => setImmediate(() => process.exit(0)),
});
