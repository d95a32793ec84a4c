import type { Handlers } from '../../../shared/dispatch';
import type { Core } from '../core';

export function graphHandlers(core: Core): Partial<Handlers> {
  return {
    'nodes.list': (q) => core.store.graph.listNodes(q),
    'triples.list': (q) => core.store.graph.listTriples(q),
  };
}
