import type { HandlersOf } from '../../../shared/dispatch';
import type { graphCalls } from '../../../shared/contract';
import type { Services } from '../services';

export function graphHandlers(core: Pick<Services, 'store'>): HandlersOf<typeof graphCalls> {
  return {
    'nodes.list': (q) => core.store.graph.listNodes(q),
    'triples.list': (q) => core.store.graph.listTriples(q),
  };
}
