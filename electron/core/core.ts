import path from 'node:path';
import { Store } from './store';
import type { Services } from './services';
import { EventBus } from './events';
import { JobRunner, type AnyJobKind } from './jobs/runner';
import type { Handlers } from '../../shared/dispatch';
import type { shellCalls } from '../../shared/contract';
import { dispatch, type CallResult } from '../../shared/dispatch';
import { appHandlers } from './api/app';
import { documentHandlers } from './api/documents';
import { graphHandlers } from './api/graph';
import { extractHandlers } from './api/extract';
import { EXTRACT_JOB, extractionJob } from './extract/job';
import { defaultDataDir, defaultDbPath } from './paths';
import { modelHandlers } from './api/models';
import { ModelManager, RECOMMENDED_MODELS } from './llm/models';
import { modelDownloadJob } from './llm/download-job';
import { EngineRegistry, type EngineRegistryOptions } from './llm/registry';
import { ingestHandlers } from './api/ingest';
import { INGEST_JOB, ingestJob } from './ingest/job';
import { exportHandlers } from './api/export';
import { reviewHandlers } from './api/review';
import { chatHandlers } from './api/chat';
import { conceptHandlers } from './api/concepts';
import { conceptsJob } from './concepts/induce';
import { evalHandlers } from './api/eval';
import { publishHandlers, publishSecretFor } from './api/publish';
import { exportJob } from './export/job';
import { publishJob } from './publish/job';
import { editionHandlers } from './api/editions';
import { evalJob } from './eval/run';
import { GRANTS_SETTING, Grants, guardHandlers, type Caller } from './grants';
import { vectorHandlers } from './api/vectors';
import { databaseHandlers } from './api/databases';
import { endpointHandlers } from './api/endpoints';
import { ENDPOINT_GRANTS_SETTING, EndpointGrants } from './endpoints';
import { readChoices } from './llm/registry';
import { autoIndexEmbeddings, embeddingsJob } from './retrieve/embed-job';
import { log, setLogDir } from './log';
import { deferringWrites } from './store/import-gate';

export interface CoreOptions {
  dbPath?: string;
  dataDir?: string;
  host?: 'electron' | 'http';
  /** Extra job kinds (tests register synthetic ones). */
  jobKinds?: AnyJobKind[];
  /** Least time between two progress events of a job (default 250 ms; tests use 0 to see every step). */
  progressIntervalMs?: number;
  /** Start the job runner at once (default true). */
  startJobs?: boolean;
  /** Open the database read-only (reading commands on a file this process may not write). */
  readOnly?: boolean;
  /** How engines for local models load (tests: { maxThreads: 1 }); see llm/registry.ts. */
  llm?: EngineRegistryOptions;
  /** Endpoints granted for this session (`serve --grant-endpoint URL`): an untrusted caller may name them. */
  endpoints?: string[];
}

/**
 * The application core: one store, one event bus, one job runner and the handlers of every
 * contract call. The Electron main process, the HTTP host, the CLI and the tests all build this.
 */
export class Core implements Services {
  readonly store: Store;
  readonly bus = new EventBus();
  readonly jobs: JobRunner;
  readonly dbPath: string;
  readonly dataDir: string;
  readonly host: 'electron' | 'http';
  /** A handler for every call but the native dialogs (a factory left out of the constructor fails to compile). */
  readonly handlers: Omit<Handlers, keyof typeof shellCalls>;
  /** GGUF files, their metadata and fit, the choice per role, downloads (llm/models.ts). */
  readonly models: ModelManager;
  /** The LLM engine of each role, loaded on first use: `await core.engines.get('extraction')` (llm/registry.ts). */
  readonly engines: EngineRegistry;
  /** What an untrusted caller (the Electron renderer, a browser on the host) may touch on disk (grants.ts). */
  readonly grants: Grants;
  /** Where such a caller may have data sent: endpoints the trusted side granted (endpoints.ts). */
  readonly endpoints: EndpointGrants;
  /** The handlers such a caller gets: every path checked against the grants, every endpoint against the endpoint grants, first. */
  readonly guardedHandlers: Partial<Handlers>;

  constructor(options: CoreOptions = {}) {
    this.dataDir = options.dataDir ?? (options.dbPath ? path.dirname(path.resolve(options.dbPath)) : defaultDataDir());
    this.dbPath = path.resolve(options.dbPath ?? defaultDbPath(this.dataDir));
    // core/log.ts: graphwright.log in the data folder from now on; a database opened read-only (asked,
    // or on read-only media) gets nothing written beside it, the log included
    setLogDir(options.readOnly ? null : this.dataDir);
    this.host = options.host ?? 'http';
    this.store = Store.open(this.dbPath, { readonly: options.readOnly });
    if (this.store.readonly) setLogDir(null);
    // every process and every database switch (the host's, the desktop app's) opens a Core
    log.info('core', `opened ${this.dbPath}${this.store.readonly ? ' read-only' : ''}`);
    this.jobs = new JobRunner(this.store, this.bus, { progressIntervalMs: options.progressIntervalMs });
    // endpoints granted for good are read from a protected setting on every check, so a grant the
    // CLI adds (graphwright endpoints grant) reaches a running host at once
    this.endpoints = new EndpointGrants(
      { load: () => this.store.settings.get(ENDPOINT_GRANTS_SETTING), save: (urls) => this.store.settings.set(ENDPOINT_GRANTS_SETTING, urls) },
      () => Object.values(readChoices(this.store.settings)).flatMap((c) => (c?.kind === 'openai' ? [{ url: c.baseUrl, source: 'models' as const }] : [])),
    );
    for (const url of options.endpoints ?? []) this.endpoints.grant(url, { remember: false });
    this.jobs.register(extractionJob(this));
    this.models = new ModelManager(this.store.settings, this.dataDir);
    this.engines = new EngineRegistry(this.store.settings, options.llm);
    this.jobs.register(modelDownloadJob(this.models));
    this.jobs.register(ingestJob(this));
    this.jobs.register(conceptsJob(this));
    this.jobs.register(evalJob(this));
    this.jobs.register(embeddingsJob(this));
    this.jobs.register(exportJob(this.dbPath));
    this.jobs.register(publishJob(this.store, this.dbPath, publishSecretFor(this)));
    for (const k of options.jobKinds ?? []) this.jobs.register(k);
    // a call that writes while a graph import's thread holds the write lock runs again after it (store/import-gate.ts)
    this.handlers = deferringWrites(this.store.db, {
      ...appHandlers(this),
      ...ingestHandlers(this),
      ...documentHandlers(this),
      ...graphHandlers(this),
      ...extractHandlers(this),
      ...modelHandlers(this),
      ...exportHandlers(this),
      ...reviewHandlers(this),
      ...chatHandlers(this),
      ...conceptHandlers(this),
      ...evalHandlers(this),
      ...publishHandlers(this),
      ...editionHandlers(this),
      ...vectorHandlers(this),
      ...databaseHandlers(this),
      ...endpointHandlers(this),
    });
    // in a running app: with retrieve.useEmbeddings on and an embedding model chosen, new chunks and labels get their vectors
    if (options.startJobs !== false) autoIndexEmbeddings(this, [INGEST_JOB, EXTRACT_JOB]);
    // Folders the user added for good (Settings) come back from a setting no renderer may touch;
    // then the core's own folders: what it wrote itself (uploads), where models go, where exports may go.
    this.grants = new Grants({ load: () => this.store.settings.get(GRANTS_SETTING), save: (v) => this.store.settings.set(GRANTS_SETTING, v) });
    this.grants.add({ path: path.join(this.dataDir, 'uploads'), modes: ['read'], source: 'data', folder: true });
    this.grants.add({ path: path.join(this.dataDir, 'models'), modes: ['read'], source: 'data', folder: true });
    this.grants.add({ path: path.join(this.dataDir, 'exports'), modes: ['create', 'write'], source: 'data', folder: true });
    this.guardedHandlers = guardHandlers(this.handlers, {
      grants: this.grants,
      endpoints: this.endpoints,
      // the app's own list of recommended models: offered by the app, downloadable without a grant
      recommendedDownloads: () => RECOMMENDED_MODELS.map((m) => m.url),
      modelLocations: () => [
        ...this.models
          .folders()
          .filter((f) => f.exists)
          .map((f) => f.path),
        ...this.models.userPaths(),
      ],
    });
    if (options.startJobs !== false) this.jobs.start();
  }

  /**
   * Run one contract call from untrusted input: validated in and out, never throws. `caller`
   * 'renderer' (the HTTP host, the Electron renderer) gets paths checked against the grants;
   * 'user' (the CLI, the Electron main process, tests) keeps full paths.
   */
  call(name: unknown, input: unknown, caller: Caller = 'user'): Promise<CallResult> {
    return dispatch(caller === 'renderer' ? this.guardedHandlers : this.handlers, name, input, (err) => this.store.describeError(err));
  }

  async close(): Promise<void> {
    await this.jobs.stop();
    await this.engines.close();
    this.store.close();
  }
}
