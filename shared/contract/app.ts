import { z } from 'zod';
import { defineCall } from './define';
import { Id, JobState, StoreStatus } from '../schemas';
import { TypedJobInfo } from './jobs';

const AppInfo = z.object({
  version: z.string(),
  dbPath: z.string(),
  dataDir: z.string(),
  /** Who serves the API: the Electron main process or the headless HTTP host. */
  host: z.enum(['electron', 'http']),
});
type AppInfo = z.infer<typeof AppInfo>;

/**
 * A database's name in the data folder: its file name with or without '.db'. Never a path: a browser
 * (or the renderer) names a database the host then finds or creates inside its own data folder.
 */
/** The database of the data folder that holds the sample documents (made on the first run), apart from the user's. */
export const SAMPLES_DATABASE = 'Samples';

export const DatabaseName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _.-]*$/u, 'a name of letters, digits, spaces, _ . and - (no folders)')
  .refine((n) => !n.includes('..'), 'a name, not a path');

/** One database file in the data folder. */
export const DatabaseEntry = z.object({
  /** Its name without '.db' (what databases.open takes). */
  name: z.string(),
  /** Its file name in the data folder. */
  file: z.string(),
  bytes: z.number().int(),
  modifiedAt: z.string(),
  /** When this app last opened it (the recent list's order), if it remembers. */
  openedAt: z.string().nullable(),
  current: z.boolean(),
});
export type DatabaseEntry = z.infer<typeof DatabaseEntry>;

export const DatabaseList = z.object({
  dataDir: z.string(),
  /** The open database's file name (its full path when it lies outside the data folder). */
  current: z.string(),
  /** The data folder's databases, the most recently opened first. */
  items: z.array(DatabaseEntry),
  /** Whether this host can switch to another database (create and open); the CLI cannot. */
  canSwitch: z.boolean(),
});
export type DatabaseList = z.infer<typeof DatabaseList>;

export const DatabaseSwitched = z.object({ name: z.string(), file: z.string(), created: z.boolean() });
export type DatabaseSwitched = z.infer<typeof DatabaseSwitched>;

/**
 * The data folder's databases: a sub-area of app (api/databases.ts answers them in the core; the
 * Electron main process answers them in its place, since only it can restart the core on another file).
 */
export const databaseCalls = {
  'databases.list': defineCall({ input: z.object({}), output: DatabaseList, summary: 'The databases in the data folder, the most recently opened first' }),
  'databases.create': defineCall({
    input: z.object({ name: DatabaseName }),
    output: DatabaseSwitched,
    summary: 'Create a database of this name in the data folder and switch to it (the app.database event follows)',
  }),
  'databases.open': defineCall({
    input: z.object({ name: DatabaseName }),
    output: DatabaseSwitched,
    summary: 'Switch to a database of the data folder, by name, without restarting the host (the app.database event follows)',
  }),
};

export const appCalls = {
  'app.info': defineCall({ input: z.object({}), output: AppInfo, summary: 'Version, database path and host kind' }),
  'app.status': defineCall({ input: z.object({}), output: StoreStatus, summary: 'Counts of documents, chunks, nodes, triples and jobs' }),
  'jobs.list': defineCall({
    input: z.object({ states: z.array(JobState).optional(), limit: z.number().int().min(1).max(500).default(50) }),
    output: z.array(TypedJobInfo),
    summary: 'Recent jobs, newest first',
  }),
  'jobs.get': defineCall({ input: z.object({ id: Id }), output: TypedJobInfo, summary: 'One job' }),
  'jobs.cancel': defineCall({ input: z.object({ id: Id }), output: TypedJobInfo, summary: 'Cancel a queued or running job' }),
  'jobs.resume': defineCall({ input: z.object({ id: Id }), output: TypedJobInfo, summary: 'Resume a cancelled or failed job from its last checkpoint' }),
  ...databaseCalls,
  'settings.get': defineCall({
    input: z.object({ key: z.string().min(1).max(200) }),
    output: z.object({ key: z.string(), value: z.unknown() }),
    summary: 'Read one setting',
  }),
  'settings.set': defineCall({
    input: z.object({ key: z.string().min(1).max(200), value: z.unknown() }),
    output: z.object({ key: z.string(), value: z.unknown() }),
    summary: 'Write one setting',
  }),
};
