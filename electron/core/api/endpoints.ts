import type { HandlersOf } from '../../../shared/dispatch';
import type { endpointCalls } from '../../../shared/contract';
import type { Services } from '../services';

/** The endpoint grants (endpoints.ts); an untrusted caller's endpoints.grant is refused by the guard (grants.ts). */
export function endpointHandlers(core: Pick<Services, 'endpoints'>): HandlersOf<typeof endpointCalls> {
  return {
    'endpoints.list': () => core.endpoints.list(),
    'endpoints.grant': ({ url, remember }) => core.endpoints.grant(url, { remember }),
    'endpoints.revoke': ({ url }) => ({ revoked: core.endpoints.revoke(url) }),
  };
}
