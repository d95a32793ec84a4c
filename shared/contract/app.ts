import { z } from 'zod';
import { defineCall } from './define';
import { Id, JobInfo, StoreStatus } from '../schemas';

export const AppInfo = z.object({
  version: z.string(),
  dbPath: z.string(),
  dataDir: z.string(),
  /** Who serves the API: the Electron main process or the headless HTTP host. */
  host: z.enum(['electron', 'http']),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const appCalls = {
  'app.info': defineCall({ input: z.object({}), output: AppInfo, summary: 'Version, database path and host kind' }),
  'app.status': defineCall({ input: z.object({}), output: StoreStatus, summary: 'Counts of documents, chunks, nodes, triples and jobs' }),
  'jobs.list': defineCall({
    input: z.object({ states: z.array(JobInfo.shape.state).optional(), limit: z.number().int().min(1).max(500).default(50) }),
    output: z.array(JobInfo),
    summary: 'Recent jobs, newest first',
  }),
  'jobs.get': defineCall({ input: z.object({ id: Id }), output: JobInfo, summary: 'One job' }),
  'jobs.cancel': defineCall({ input: z.object({ id: Id }), output: JobInfo, summary: 'Cancel a queued or running job' }),
  'jobs.resume': defineCall({ input: z.object({ id: Id }), output: JobInfo, summary: 'Resume a cancelled or failed job from its last checkpoint' }),
  'settings.get': defineCall({ input: z.object({ key: z.string().min(1).max(200) }), output: z.object({ key: z.string(), value: z.unknown() }), summary: 'Read one setting' }),
  'settings.set': defineCall({
    input: z.object({ key: z.string().min(1).max(200), value: z.unknown() }),
    output: z.object({ key: z.string(), value: z.unknown() }),
    summary: 'Write one setting',
  }),
};
