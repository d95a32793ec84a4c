// File → New database… / Open database… in the Electron shell, without Electron (unit-tested):
// which file a dialog's answer stands for, the database opened at start (the last one), and the
// switch itself — stop the core process on the old database (jobs checkpoint), start one on the new,
// fall back to the old when the new will not open. main.ts wires the dialogs and the processes in.
import fs from 'node:fs';
import path from 'node:path';
import type { databaseCalls, FileFilter } from '../../shared/contract';
import type { HandlersOf } from '../../shared/dispatch';
import { ApiError } from '../../shared/errors';
import { DB_EXTENSION, databaseName, listDatabases, noteOpened, switchDatabase } from '../core/databases';

export const DATABASE_FILTERS: FileFilter[] = [
  { name: 'Graphwright databases', extensions: ['db'] },
  { name: 'All files', extensions: ['*'] },
];

/** Where main remembers the database it had open last (in the data folder). */
const LAST_DATABASE_FILE = 'last-database.json';

const SQLITE_HEADER = 'SQLite format 3\0';

/** The file a save dialog's answer names, '.db' added when the user typed no extension. */
export function newDatabasePath(picked: string): string {
  return path.extname(picked) ? picked : `${picked}${DB_EXTENSION}`;
}

/** Why this file cannot be opened as a database, or null: it must be a regular SQLite file (or empty). */
export function databaseFileProblem(file: string): string | null {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    // the probe itself: the answer is the reason
    return `${file} does not exist`;
  }
  if (!st.isFile()) return `${file} is not a file`;
  if (st.size === 0) return null;
  const head = Buffer.alloc(16);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 16, 0);
  } finally {
    fs.closeSync(fd);
  }
  return head.toString('latin1') === SQLITE_HEADER ? null : `${path.basename(file)} is not a SQLite database (a Graphwright database is one)`;
}

export function readLastDatabase(dataDir: string): string | null {
  try {
    const v = JSON.parse(fs.readFileSync(path.join(dataDir, LAST_DATABASE_FILE), 'utf8')) as { path?: unknown };
    return typeof v.path === 'string' && path.isAbsolute(v.path) ? v.path : null;
  } catch {
    // none remembered (first start, or an unreadable file): the default database opens
    return null;
  }
}

function writeLastDatabase(dataDir: string, dbPath: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, LAST_DATABASE_FILE), `${JSON.stringify({ path: dbPath })}\n`, { mode: 0o600 });
  } catch {
    // a read-only data folder: the default database opens next time
  }
}

/** The database main opens at start: the last one opened, while it is still a database; else the default. */
export function startDatabase(dataDir: string, defaultPath: string): string {
  const last = readLastDatabase(dataDir);
  return last && databaseFileProblem(last) === null ? last : defaultPath;
}

/** What main needs of a core process to switch it: its readiness and a clean stop. */
export interface SwitchableCore {
  ready: Promise<unknown>;
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * The core process main talks to now, and the switch to another database: one at a time; the old
 * process stops first (its jobs save their checkpoint, the database closes); a database that will
 * not open brings the old one back and the error names the file.
 */
export class CoreHolder<C extends SwitchableCore> {
  current: C;
  private queue: Promise<unknown> = Promise.resolve();
  /** Processes stopped for a switch, and the one being tried: their exit or failure is reported by the switch, not as a crash. */
  private readonly retired = new Set<C>();
  private trial: C | null = null;

  constructor(
    private readonly start: (dbPath: string) => C,
    public dbPath: string,
    private readonly onSwitched: (dbPath: string) => void = () => undefined,
  ) {
    this.current = start(dbPath);
  }

  /** Whether this core is the one main uses (an old one's exit during a switch is no failure). */
  isCurrent(core: C): boolean {
    return core === this.current && core !== this.trial && !this.retired.has(core);
  }

  switchTo(dbPath: string): Promise<void> {
    const run = this.queue.then(async () => {
      const target = path.resolve(dbPath);
      if (target === path.resolve(this.dbPath)) return this.onSwitched(target);
      if (fs.existsSync(target)) {
        const problem = databaseFileProblem(target);
        if (problem) throw new ApiError('bad_request', problem);
      }
      const old = this.current;
      this.retired.add(old);
      await old.stop(5000);
      const next = this.start(target);
      // calls go to the new process at once (they wait for it to be ready)
      this.trial = next;
      this.current = next;
      try {
        await next.ready;
      } catch (err) {
        this.retired.add(next);
        await next.stop(1000).catch(() => undefined);
        this.current = this.start(this.dbPath);
        throw new ApiError('bad_request', `${path.basename(target)} could not be opened: ${(err as Error).message}`);
      } finally {
        this.trial = null;
      }
      this.dbPath = target;
      this.onSwitched(target);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/** The app.database event of a switch to this file. */
export const databaseEvent = (dbPath: string) => ({ name: databaseName(dbPath), file: path.basename(dbPath) });

/**
 * databases.create / databases.open from the renderer, answered in main (the core process cannot
 * restart itself): a name, found or created in the data folder, then the switch.
 */
export function databaseMainHandlers(deps: { dataDir: string; current(): string; switchTo(dbPath: string): Promise<void> }): HandlersOf<typeof databaseCalls> {
  return {
    'databases.list': () => listDatabases(deps.dataDir, deps.current(), true),
    'databases.create': ({ name }) => switchDatabase(deps.dataDir, name, true, deps.switchTo),
    'databases.open': ({ name }) => switchDatabase(deps.dataDir, name, false, deps.switchTo),
  };
}

/** After a switch: remembered for the next start and for the recent list. */
export function rememberOpened(dataDir: string, dbPath: string): void {
  writeLastDatabase(dataDir, dbPath);
  noteOpened(dataDir, dbPath);
}
