import type { HandlersOf } from '../../../shared/dispatch';
import type { databaseCalls } from '../../../shared/contract';
import type { Services } from '../services';
import { databaseSwitcher, listDatabases, switchDatabase } from '../databases';

/** The data folder's databases; create and open switch the host to another one (when the host can). */
export function databaseHandlers(core: Pick<Services, 'dataDir' | 'dbPath'>): HandlersOf<typeof databaseCalls> {
  return {
    'databases.list': () => listDatabases(core.dataDir, core.dbPath, Boolean(databaseSwitcher(core))),
    'databases.create': ({ name }) => switchDatabase(core.dataDir, name, true, databaseSwitcher(core)),
    'databases.open': ({ name }) => switchDatabase(core.dataDir, name, false, databaseSwitcher(core)),
  };
}
