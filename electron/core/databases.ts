// The databases of a data folder: which there are (the recent list), the file a name stands for,
// and the hook through which a host that can switch its database (the HTTP host, the Electron
// shell) does so. A browser or the renderer only ever names a database; the file is always found
// or created here, inside the data folder (docs/SECURITY.md: the host takes no raw paths).
import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../../shared/errors';
import type { DatabaseEntry, DatabaseList, DatabaseSwitched } from '../../shared/contract/app';
import { log } from './log';

export const DB_EXTENSION = '.db';
/** When each database was last opened (file name -> ISO time), kept in the data folder. */
export const RECENT_FILE = 'recent-databases.json';

/** A database's name without its extension. */
export const databaseName = (file: string) => path.basename(file).replace(/\.db$/i, '');

/**
 * The file `name` stands for in the data folder ('notes' and 'notes.db' alike). Refused: anything
 * with a folder in it, a dot file, a name that would resolve outside the folder.
 */
export function databaseFile(dataDir: string, name: string): string {
  const n = name.trim();
  if (!n || /[\\/]/.test(n) || n.startsWith('.') || n.includes('..') || n.includes('\0')) {
    throw new ApiError('bad_request', `a database is named, not given as a path: ${JSON.stringify(name)}`);
  }
  const file = path.resolve(dataDir, /\.db$/i.test(n) ? n : `${n}${DB_EXTENSION}`);
  if (path.dirname(file) !== path.resolve(dataDir)) throw new ApiError('bad_request', `${JSON.stringify(name)} is not a name in the data folder`);
  return file;
}

function readRecent(dataDir: string): Record<string, string> {
  try {
    const v = JSON.parse(fs.readFileSync(path.join(dataDir, RECENT_FILE), 'utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, string>) : {};
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      log.warn('databases', `${RECENT_FILE} could not be read; the databases are listed without their last use`, err);
    return {};
  }
}

/** Remember that `dbPath` was opened now (only databases of the data folder are listed). */
export function noteOpened(dataDir: string, dbPath: string, now = new Date()): void {
  if (path.dirname(path.resolve(dbPath)) !== path.resolve(dataDir)) return;
  const recent = readRecent(dataDir);
  recent[path.basename(dbPath)] = now.toISOString();
  try {
    const tmp = path.join(dataDir, `${RECENT_FILE}.${process.pid}.tmp`);
    fs.writeFileSync(tmp, `${JSON.stringify(recent, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(tmp, path.join(dataDir, RECENT_FILE));
  } catch {
    // a read-only data folder: the list is ordered by modification time alone
  }
}

/** The data folder's databases (regular *.db files), the most recently opened (else modified) first. */
export function listDatabases(dataDir: string, currentPath: string, canSwitch: boolean): DatabaseList {
  const current = path.resolve(currentPath);
  const recent = readRecent(dataDir);
  let names: string[] = [];
  try {
    names = fs.readdirSync(dataDir).filter((f) => /\.db$/i.test(f) && !f.startsWith('.'));
  } catch (err) {
    log.warn('databases', `the data folder ${dataDir} could not be listed; only the current database is shown`, err);
    names = [];
  }
  const items: DatabaseEntry[] = [];
  for (const file of names) {
    const full = path.join(dataDir, file);
    let st: fs.Stats;
    try {
      st = fs.lstatSync(full);
    } catch {
      // removed since the listing: not a database any more
      continue;
    }
    if (!st.isFile()) continue; // no links, no folders
    items.push({
      name: databaseName(file),
      file,
      bytes: st.size,
      modifiedAt: st.mtime.toISOString(),
      openedAt: recent[file] ?? null,
      current: full === current,
    });
  }
  const key = (e: DatabaseEntry) => e.openedAt ?? e.modifiedAt;
  items.sort((a, b) => (a.current !== b.current ? (a.current ? -1 : 1) : key(b).localeCompare(key(a)) || a.name.localeCompare(b.name)));
  const inside = path.dirname(current) === path.resolve(dataDir);
  return { dataDir, current: inside ? path.basename(current) : current, items, canSwitch };
}

/** Switch a host to the database at this path (inside the data folder); resolves once it serves it. */
export type DatabaseSwitcher = (dbPath: string) => Promise<void>;

const switchers = new WeakMap<object, DatabaseSwitcher>();

/** Let databases.create / databases.open on this core switch the host's database (null: no more). */
export function setDatabaseSwitcher(owner: object, switcher: DatabaseSwitcher | null): void {
  if (switcher) switchers.set(owner, switcher);
  else switchers.delete(owner);
}

export const databaseSwitcher = (owner: object) => switchers.get(owner);

/**
 * databases.create (`create`: the file must not exist yet) and databases.open (it must): find the
 * file in the data folder and hand it to the switcher.
 */
export async function switchDatabase(dataDir: string, name: string, create: boolean, switcher: DatabaseSwitcher | undefined): Promise<DatabaseSwitched> {
  if (!switcher) throw new ApiError('unsupported', 'this host serves one database: start it with --db FILE for another');
  const file = databaseFile(dataDir, name);
  const exists = fs.existsSync(file);
  if (create && exists) throw new ApiError('conflict', `a database named ${databaseName(file)} exists already in the data folder: open it instead`);
  if (!create && !exists) throw new ApiError('not_found', `no database named ${databaseName(file)} in the data folder`);
  if (!create && !fs.lstatSync(file).isFile()) throw new ApiError('bad_request', `${path.basename(file)} is not a database file`);
  await switcher(file);
  log.info('databases', `switched to ${file}${create ? ' (created)' : ''}`);
  return { name: databaseName(file), file: path.basename(file), created: create };
}
