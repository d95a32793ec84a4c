import type { HandlersOf } from '../../../shared/dispatch';
import type { extractCalls } from '../../../shared/contract';
import { ApiError } from '../../../shared/errors';
import type { Services } from '../services';
import { hasRoleEngine } from '../llm/lease';
import { EXTRACT_JOB } from '../extract/job';
import { proposeMergeCandidates } from '../extract/resolve';
import { explainText, explainTriple } from '../extract/explain';

export function extractHandlers(core: Pick<Services, 'bus' | 'jobs' | 'store'>): HandlersOf<typeof extractCalls> {
  const repo = core.store.extraction;
  const checkDocuments = (ids: number[] | undefined) => {
    if (!ids?.length) return;
    const found = new Set(repo.existingDocuments(ids));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw new ApiError('not_found', `no document ${missing.join(', ')}`);
  };
  return {
    'extract.start': (input) => {
      checkDocuments(input.documents);
      if (input.engine === 'openai' && input.endpoint && !input.model)
        throw new ApiError('bad_request', 'extract.start: the openai engine needs model with endpoint');
      const explicit = input.engine === 'llama' ? Boolean(input.model) : Boolean(input.endpoint && input.model);
      if (input.engine !== 'classic' && !explicit && !hasRoleEngine(core, 'extraction')) {
        throw new ApiError(
          'bad_request',
          input.engine === 'llama'
            ? 'extract.start: give model (the path of a .gguf file) or choose a model for extraction'
            : 'extract.start: give endpoint and model, or choose an endpoint for extraction',
        );
      }
      if (!core.jobs.hasKind(EXTRACT_JOB)) throw new ApiError('unsupported', 'extraction jobs are not available in this host');
      return core.jobs.enqueue(EXTRACT_JOB, input);
    },
    'extract.stats': ({ documents }) => {
      checkDocuments(documents);
      return repo.stats(documents);
    },
    'extract.explain': (input) => (input.triple !== undefined ? explainTriple(core.store, input.triple) : explainText(input.text!)),
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
