// One Retriever per open database, kept fresh by 'graph.changed' events (and by change counters for
// writes that come without an event, e.g. another process or a direct store call).
import type { Store } from '../store';
import type { EventBus } from '../events';
import { Retriever } from './retriever';

const retrievers = new WeakMap<Store, Retriever>();

export function getRetriever(owner: { store: Store; bus?: EventBus }): Retriever {
  let r = retrievers.get(owner.store);
  if (!r) {
    const created = new Retriever(owner.store);
    owner.bus?.on('graph.changed', () => created.markStale());
    retrievers.set(owner.store, created);
    r = created;
  }
  return r;
}

export { Retriever, DEFAULT_MAX_PASSAGES, DEFAULT_MAX_TRIPLES } from './retriever';
export type { RetrievalResult, RetrievedTriple, RetrievedPassage, RetrievedEntity, RetrievedPath, RetrieveOptions } from './retriever';
