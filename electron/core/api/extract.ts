import type { Handlers } from '../../../shared/dispatch';
import { ApiError } from '../../../shared/errors';
import type { Core } from '../core';
import { EXTRACT_JOB } from '../extract/job';
import { proposeMergeCandidates } from '../extract/resolve';
import { ExtractionRepository } from '../store/extraction';

export function extractHandlers(core: Core): Partial<Handlers> {
  const repo = new ExtractionRepository(core.store.db);
  const checkDocuments = (ids: number[] | undefined) => {
    if (!ids?.length) return;
    const found = new Set(repo.existingDocuments(ids));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw new ApiError('not_found', `no document ${missing.join(', ')}`);
  };
  return {
    'extract.start': (input) => {
      checkDocuments(input.documents);
      if (input.engine === 'llama' && !input.model) throw new ApiError('bad_request', 'extract.start: the llama engine needs model (the path of a .gguf file)');
      if (input.engine === 'openai' && !input.endpoint) throw new ApiError('bad_request', 'extract.start: the openai engine needs endpoint (the base URL)');
      if (!core.jobs.hasKind(EXTRACT_JOB)) throw new ApiError('unsupported', 'extraction jobs are not available in this host');
      return core.jobs.enqueue(EXTRACT_JOB, input);
    },
    'extract.stats': ({ documents }) => {
      checkDocuments(documents);
      return repo.stats(documents);
    },
    'merge.candidates': (q) => repo.listMergeCandidates(q),
    'merge.propose': async ({ documents }) => {
      checkDocuments(documents);
      const nodeIds = documents?.length ? repo.nodeIdsInDocuments(documents) : undefined;
      const added = await proposeMergeCandidates(repo, { nodeIds });
      if (added) core.bus.emit('graph.changed', { reason: 'merge.propose', documentIds: documents });
      return { added };
    },
  };
}
