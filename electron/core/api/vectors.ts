import type { HandlersOf } from '../../../shared/dispatch';
import type { vectorCalls } from '../../../shared/contract';
import type { Services } from '../services';
import { ApiError } from '../../../shared/errors';
import { EMBEDDINGS_JOB, startEmbeddingsIndex } from '../retrieve/embed-job';

export function vectorHandlers(core: Pick<Services, 'bus' | 'engines' | 'jobs' | 'store'>): HandlersOf<typeof vectorCalls> {
  const vectors = core.store.vectors;
  return {
    'retrieve.index.start': ({ batchSize }) => {
      if (!core.jobs.hasKind(EMBEDDINGS_JOB)) throw new ApiError('unsupported', 'embedding index jobs are not available in this host');
      if (core.store.readonly) throw new ApiError('conflict', 'the database is read-only: the vector index cannot be built');
      return startEmbeddingsIndex(core, batchSize ? { batchSize } : {});
    },
    'retrieve.index.status': () => {
      const index = vectors.current();
      const counts = vectors.sources();
      return {
        available: vectors.available(),
        index: index && { model: index.model, dimension: index.dimension, chunks: index.chunks, labels: index.labels, updatedAt: index.updatedAt },
        ...counts,
      };
    },
  };
}
