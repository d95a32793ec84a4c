import type { HandlersOf } from '../../../shared/dispatch';
import type { modelCalls } from '../../../shared/contract';
import type { Services } from '../services';
import { ApiError } from '../../../shared/errors';
import type { EngineChoice } from '../../../shared/contract/models';
import { RECOMMENDED_MODELS } from '../llm/models';
import { MODEL_DOWNLOAD_JOB } from '../llm/download-job';

export function modelHandlers(core: Pick<Services, 'engines' | 'jobs' | 'models'>): HandlersOf<typeof modelCalls> {
  return {
    'models.list': () => core.models.list(),
    'models.info': ({ path }) => core.models.info(path),
    'models.add': ({ path }) => core.models.add(path),
    'models.remove': ({ path }) => core.models.remove(path),
    'models.download': (input) => core.jobs.enqueue(MODEL_DOWNLOAD_JOB, core.models.planDownload(input)),
    'models.choose': async ({ role, path, endpoint }) => {
      if (path && endpoint) throw new ApiError('bad_request', 'models.choose: give a path or an endpoint, not both');
      if (path === undefined && !endpoint) throw new ApiError('bad_request', 'models.choose: give a path (null clears the role) or an endpoint');
      const choice: EngineChoice | null = endpoint ? { kind: 'openai', ...endpoint } : path ? { kind: 'llama', path } : null;
      const choices = await core.models.choose(role, choice);
      await core.engines.refresh();
      return choices;
    },
    'models.recommended': () => RECOMMENDED_MODELS,
    'models.engine.status': () => core.engines.status(),
    'models.engine.load': ({ role }) => core.engines.load(role),
    'models.engine.unload': async ({ role }) => {
      await core.engines.unload(role);
      return core.engines.status();
    },
  };
}
