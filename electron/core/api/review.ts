import type { HandlersOf } from '../../../shared/dispatch';
import type { reviewCalls } from '../../../shared/contract';
import { ApiError } from '../../../shared/errors';
import type { Services } from '../services';
import { ReviewCommands } from '../review/commands';
import { withVersions } from '../editions/diff';
import { graphCommunities } from '../graph/communities';

export function reviewHandlers(core: Pick<Services, 'bus' | 'store'>): HandlersOf<typeof reviewCalls> {
  const commands = new ReviewCommands(core.store, (reason) => core.bus.emit('graph.changed', { reason }));
  const reads = core.store.review;
  return {
    'triples.accept': ({ ids }) => commands.setStatus(ids, 'accepted'),
    'triples.reject': ({ ids }) => commands.setStatus(ids, 'rejected'),
    'triples.edit': (input) => commands.edit(input),
    'triples.add': (input) => commands.add(input),
    'triples.evidence': ({ tripleId }) => {
      const triple = core.store.graph.listTriples({ ids: [tripleId], sort: 'id', desc: false, limit: 1, offset: 0 }).items[0];
      if (!triple) throw new ApiError('not_found', `no triple ${tripleId}`);
      return { triple, items: withVersions(core.store, reads.evidence(tripleId)) };
    },
    'entities.get': ({ id }) => {
      const e = reads.entity(id);
      if (!e) throw new ApiError('not_found', `no node ${id}`);
      return e;
    },
    'entities.merge': (input) => commands.merge(input),
    'entities.split': (input) => commands.split(input),
    'entities.setType': ({ ids, type }) => commands.setType(ids, type),
    'relations.rename': (input) => commands.renameRelation(input),
    'relations.list': (q) => reads.relations(q),
    'merge.accept': (input) => commands.acceptCandidate(input),
    'merge.acceptMany': ({ ids }) => commands.acceptCandidates(ids),
    'merge.skip': ({ ids }) => commands.skipCandidates(ids),
    'history.undo': () => commands.undo(),
    'history.redo': () => commands.redo(),
    'history.list': ({ limit }) => commands.history(limit),
    'history.forTriple': ({ id }) => commands.tripleHistory(id),
    'graph.neighbourhood': (q) => reads.neighbourhood(q),
    'graph.communities': ({ filters, limit, top }) => graphCommunities(reads.filteredGraph(filters), { limit, top }),
    'nodes.search': (q) => reads.searchNodes(q),
  };
}
