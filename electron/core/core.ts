import path from 'node:path';
import { Store } from './store';
import { EventBus } from './events';
import { JobRunner, type AnyJobKind } from './jobs/runner';
import type { Handlers } from '../../shared/dispatch';
import { dispatch, type CallResult } from '../../shared/dispatch';
import { appHandlers } from './api/app';
import { documentHandlers } from './api/documents';
import { graphHandlers } from './api/graph';
import { extractHandlers } from './api/extract';
import { extractionJob } from './extract/job';
import { defaultDataDir, defaultDbPath } from './paths';

export interface CoreOptions {
  dbPath?: string;
  dataDir?: string;
  host?: 'electron' | 'http';
  /** Extra job kinds (tests register synthetic ones). */
  jobKinds?: AnyJobKind[];
  /** Start the job runner at once (default true). */
  startJobs?: boolean;
}

/**
 * The application core: one store, one event bus, one job runner and the handlers of every
 * contract call. The Electron main process, the HTTP host, the CLI and the tests all build this.
 */
export class Core {
  readonly store: Store;
  readonly bus = new EventBus();
  readonly jobs: JobRunner;
  readonly dbPath: string;
  readonly dataDir: string;
  readonly host: 'electron' | 'http';
  readonly handlers: Partial<Handlers>;

  constructor(options: CoreOptions = {}) {
    this.dataDir = options.dataDir ?? (options.dbPath ? path.dirname(path.resolve(options.dbPath)) : defaultDataDir());
    this.dbPath = path.resolve(options.dbPath ?? defaultDbPath(this.dataDir));
    this.host = options.host ?? 'http';
    this.store = Store.open(this.dbPath);
    this.jobs = new JobRunner(this.store.db, this.bus);
    this.jobs.register(extractionJob(this));
    for (const k of options.jobKinds ?? []) this.jobs.register(k);
    this.handlers = {
      ...appHandlers(this),
      ...documentHandlers(this),
      ...graphHandlers(this),
      ...extractHandlers(this),
    };
    if (options.startJobs !== false) this.jobs.start();
  }

  /** Run one contract call from untrusted input: validated in and out, never throws. */
  call(name: unknown, input: unknown): Promise<CallResult> {
    return dispatch(this.handlers, name, input);
  }

  async close(): Promise<void> {
    await this.jobs.stop();
    this.store.close();
  }
}
