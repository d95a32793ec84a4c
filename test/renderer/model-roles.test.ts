// A model added in the Models view takes the roles still empty.
import { describe, expect, it } from 'vitest';
import { rolesForAdded } from '../../renderer/src/features/models/modelRoles';
import type { ModelEntry } from '../../shared/contract/models';

const info = (isEmbedding: boolean) => ({ isEmbedding }) as unknown as ModelEntry['info'];

describe('roles for an added model', () => {
  it('a generative model takes extraction and chat when nobody has them', () => {
    expect(rolesForAdded({ error: null, info: info(false) }, {})).toEqual(['extraction', 'chat']);
  });
  it('takes only the roles still empty', () => {
    expect(rolesForAdded({ error: null, info: info(false) }, { extraction: { kind: 'llama', path: '/m.gguf' }, chat: null })).toEqual(['chat']);
  });
  it('an embedding model takes the embedding role only', () => {
    expect(rolesForAdded({ error: null, info: info(true) }, {})).toEqual(['embedding']);
  });
  it('an unusable file takes none', () => {
    expect(rolesForAdded({ error: 'not a GGUF file', info: null }, {})).toEqual([]);
  });
});
