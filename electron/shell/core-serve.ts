// What the core utility process serves (core-process.ts is its entry; this part is testable without
// Electron): the core over the protocol, with SPARQL passwords from main's keychain push consulted
// before GRAPHWRIGHT_SPARQL_PASSWORD. Main pushes once at start (possibly nothing); the core's jobs
// start after that push, so an interrupted publish that resumes at start has its password (or after
// `secretsWaitMs`, if main never sends).
import type { Core } from '../core/core';
import { setPublishSecretResolver } from '../core/api/publish';
import { serveCore, type Endpoint, type FromCore } from './protocol';
import { CoreSecrets } from './secrets';

const SECRETS_WAIT_MS = 15_000;

/** `createCore` must build the core with `startJobs: false`. */
export function serveAppCore(endpoint: Endpoint<unknown, FromCore>, createCore: () => Core, options: { onClosed?: () => void; secretsWaitMs?: number } = {}) {
  const secrets = new CoreSecrets();
  let core: Core | undefined;
  let jobsStarted = false;
  const startJobs = () => {
    if (jobsStarted || !core) return;
    jobsStarted = true;
    core.jobs.start();
  };
  const served = serveCore(
    endpoint,
    () => {
      core = createCore();
      setPublishSecretResolver(core, secrets.resolve);
      setTimeout(startJobs, options.secretsWaitMs ?? SECRETS_WAIT_MS).unref();
      return core;
    },
    {
      onClosed: options.onClosed,
      onSecrets: (entries) => {
        secrets.apply(entries);
        startJobs();
      },
    },
  );
  return { ...served, secrets };
}
