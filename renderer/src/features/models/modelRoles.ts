import type { ModelEntry, ModelRole } from '../../../../shared/contract/models';

/**
 * A model just added takes the roles nobody has yet: an embedding model the embedding role, another
 * model extraction and chat. Returns the roles it took.
 */
export function rolesForAdded(entry: Pick<ModelEntry, 'error' | 'info'>, choices: Partial<Record<ModelRole, unknown>>): ModelRole[] {
  if (entry.error) return [];
  const can: ModelRole[] = entry.info?.isEmbedding ? ['embedding'] : ['extraction', 'chat'];
  return can.filter((r) => choices[r] == null);
}
