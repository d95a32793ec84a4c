import type { HandlersOf } from '../../../shared/dispatch';
import type { appCalls, databaseCalls } from '../../../shared/contract';
import type { Services } from '../services';
import { ApiError } from '../../../shared/errors';
import { version } from '../version';

export function appHandlers(
  core: Pick<Services, 'dataDir' | 'dbPath' | 'host' | 'jobs' | 'store'>,
): HandlersOf<Omit<typeof appCalls, keyof typeof databaseCalls>> {
  return {
    'app.info': () => ({ version, dbPath: core.dbPath, dataDir: core.dataDir, host: core.host }),
    'app.status': () => core.store.status(),
    'jobs.list': ({ states, limit }) => core.jobs.list(states, limit),
    'jobs.get': ({ id }) => core.jobs.get(id),
    'jobs.cancel': ({ id }) => core.jobs.cancel(id),
    'jobs.resume': ({ id }) => core.jobs.resume(id),
    'settings.get': ({ key }) => ({ key, value: core.store.settings.get(key) ?? null }),
    'settings.set': ({ key, value }) => {
      if (value === undefined) throw new ApiError('bad_request', `settings.set: value for ${key} is missing`);
      core.store.settings.set(key, value);
      return { key, value };
    },
  };
}
