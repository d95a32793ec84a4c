import path from 'node:path';
import type { HandlersOf } from '../../../shared/dispatch';
import type { conceptCalls } from '../../../shared/contract';
import { ApiError } from '../../../shared/errors';
import type { Services } from '../services';
import { hasRoleEngine } from '../llm/lease';
import { CONCEPTS_JOB } from '../concepts/induce';
import { ConceptCommands } from '../concepts/commands';
import { exportSchema, importSchema, removeType, saveType } from '../concepts/types';
import { overwriteConflict } from './export';

export function conceptHandlers(core: Pick<Services, 'bus' | 'jobs' | 'store'>): HandlersOf<typeof conceptCalls> {
  const concepts = core.store.concepts;
  const schema = core.store.schemaTypes;
  const commands = new ConceptCommands(core.store, (reason) => core.bus.emit('graph.changed', { reason }));
  const schemaChanged = () => core.bus.emit('graph.changed', { reason: 'schema' });
  return {
    'concepts.start': (input) => {
      if (input.engine === 'openai' && input.endpoint && !input.model)
        throw new ApiError('bad_request', 'concepts.start: the openai engine needs model with endpoint');
      const explicit = input.engine === 'llama' ? Boolean(input.model) : Boolean(input.endpoint && input.model);
      if (input.engine !== 'classic' && !explicit && !hasRoleEngine(core, 'extraction')) {
        throw new ApiError(
          'bad_request',
          input.engine === 'llama'
            ? 'concepts.start: give model (the path of a .gguf file) or choose a model for extraction'
            : 'concepts.start: give endpoint and model, or choose an endpoint for extraction',
        );
      }
      if (!core.jobs.hasKind(CONCEPTS_JOB)) throw new ApiError('unsupported', 'conceptualization jobs are not available in this host');
      return core.jobs.enqueue(CONCEPTS_JOB, input);
    },
    'concepts.list': (q) => concepts.list(q),
    'concepts.instances': ({ conceptId, limit, offset }) => {
      const concept = concepts.concept(conceptId);
      if (!concept) throw new ApiError('not_found', `no concept ${conceptId}`);
      return { concept, ...concepts.conceptInstances(conceptId, limit, offset) };
    },
    'concepts.of': ({ nodeId, relation }) => concepts.conceptsOf({ nodeId: nodeId ?? null, relation: relation ?? null }),
    'concepts.layer': ({ nodeIds, relations }) => concepts.layer(nodeIds, relations),
    'concepts.rename': (input) => commands.rename(input),
    'concepts.merge': (input) => commands.merge(input),
    'concepts.detach': (input) => commands.detach(input),
    'concepts.coverage': () => concepts.coverage(),
    'schema.types.list': ({ kind }) => ({ items: schema.list(kind) }),
    'schema.types.save': (input) => {
      const t = saveType(core.store, input);
      schemaChanged();
      return t;
    },
    'schema.types.remove': ({ id }) => {
      const removed = removeType(core.store, id);
      if (removed) schemaChanged();
      return { removed };
    },
    'schema.types.import': (input) => {
      const r = importSchema(core.store, input);
      schemaChanged();
      return r;
    },
    'schema.types.export': (input) => {
      if (input.path && !input.overwrite) {
        const conflict = overwriteConflict(path.resolve(input.path), false, 'give overwrite: true (the CLI: --force)');
        if (conflict) throw new ApiError('conflict', `schema.types.export: ${conflict}`);
      }
      return exportSchema(core.store, input);
    },
    'schema.mismatches': (q) => schema.mismatches(q),
  };
}
