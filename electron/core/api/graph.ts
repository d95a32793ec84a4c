import type { HandlersOf } from '../../../shared/dispatch';
import type { graphCalls } from '../../../shared/contract';
import type { Core } from '../core';

export function graphHandlers(core: Core): HandlersOf<typeof graphCalls> {
  return {
    'nodes.list': (q) => core.store.graph.listNodes(q),
    'triples.list': (q) => core.store.graph.listTriples(q),
  };
}
