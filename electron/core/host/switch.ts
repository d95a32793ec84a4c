// Switching the headless host to another database without restarting it: databases.create and
// databases.open (answered by each core, electron/core/api/databases.ts) call the switcher set here,
// which opens the other database in a new core, moves the host's calls and events to it (same port,
// same token: open tabs stay connected), tells the renderer (the app.database event) and closes the old core.
import path from 'node:path';
import type { Core } from '../core';
import { ApiError } from '../../../shared/errors';
import { databaseName, noteOpened, setDatabaseSwitcher } from '../databases';
import type { RunningHost } from './server';

export interface DatabaseSwitching {
  /** The core the host serves now. */
  current(): Core;
}

export function enableDatabaseSwitching(
  host: Pick<RunningHost, 'swap'>,
  first: Core,
  makeCore: (dbPath: string) => Core,
  onSwitched?: (core: Core) => void,
): DatabaseSwitching {
  let current = first;
  // one switch at a time: a second waits for the first
  let queue: Promise<unknown> = Promise.resolve();
  const attach = (core: Core) =>
    setDatabaseSwitcher(core, (dbPath) => {
      const run = queue.then(async () => {
        const event = { name: databaseName(dbPath), file: path.basename(dbPath) };
        if (path.resolve(dbPath) === current.dbPath) {
          current.bus.emit('app.database', event);
          return;
        }
        let next: Core;
        try {
          next = makeCore(dbPath);
        } catch (err) {
          throw new ApiError('bad_request', `${path.basename(dbPath)} could not be opened as a Graphwright database: ${(err as Error).message}`);
        }
        attach(next);
        const old = current;
        current = next;
        host.swap(next);
        noteOpened(next.dataDir, next.dbPath);
        setDatabaseSwitcher(old, null);
        next.bus.emit('app.database', event);
        onSwitched?.(next);
        // its running jobs save their checkpoint first; they resume when this database is opened again
        void old.close().catch(() => undefined);
      });
      queue = run.catch(() => undefined);
      return run;
    });
  attach(first);
  noteOpened(first.dataDir, first.dbPath);
  return { current: () => current };
}
