// What handlers and jobs may use of the core: each area's handler factory takes only the services it
// needs (`Pick<Services, 'store' | 'jobs'>`), so what an area depends on is written in its signature
// and a test can build it from parts. Core (core.ts) is the one implementation.
import type { Store } from './store';
import type { EventBus } from './events';
import type { JobRunner } from './jobs/runner';
import type { ModelManager } from './llm/models';
import type { EngineRegistry } from './llm/registry';
import type { Grants } from './grants';
import type { EndpointGrants } from './endpoints';

export interface Services {
  readonly store: Store;
  readonly bus: EventBus;
  readonly jobs: JobRunner;
  /** GGUF files, their metadata and fit, the choice per role, downloads. */
  readonly models: ModelManager;
  /** The LLM engine of each role, loaded on first use. */
  readonly engines: EngineRegistry;
  /** What an untrusted caller may touch on disk. */
  readonly grants: Grants;
  /** Where an untrusted caller may have data sent (extraction and model endpoints, SPARQL stores, downloads). */
  readonly endpoints: EndpointGrants;
  readonly dbPath: string;
  readonly dataDir: string;
  readonly host: 'electron' | 'http';
}
