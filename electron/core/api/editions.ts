// Editions: the versions of a document, the diff of a version pair, bulk accept/reject, "new edition of…".
import type { HandlersOf } from '../../../shared/dispatch';
import type { editionCalls } from '../../../shared/contract';
import type { Services } from '../services';
import { documentVersions, editionDiff, editionList, resolveDiff } from '../editions/diff';
import { editionsOf } from '../editions/apply';

export function editionHandlers(core: Pick<Services, 'bus' | 'store'>): HandlersOf<typeof editionCalls> {
  return {
    'documents.editions': () => editionList(core.store),
    'documents.versions': ({ id }) => documentVersions(core.store, id),
    'documents.diff': (input) => editionDiff(core.store, input),
    'documents.diff.resolve': (input) => {
      const out = resolveDiff(core.store, input);
      if (out.changes > 0) core.bus.emit('graph.changed', { reason: out.command });
      return out;
    },
    'documents.newEdition': ({ id, of }) => {
      const out = editionsOf(core.store).link(id, of);
      core.bus.emit('documents.changed', { reason: 'new edition' });
      core.bus.emit('graph.changed', { reason: 'editions.apply' });
      return { id: out.id, version: out.version, previousId: out.previousId, changedChunks: out.changedChunks, chunks: out.chunks };
    },
  };
}
