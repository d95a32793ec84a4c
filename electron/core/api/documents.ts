import type { HandlersOf } from '../../../shared/dispatch';
import type { documentCalls } from '../../../shared/contract';
import type { Services } from '../services';
import { ApiError } from '../../../shared/errors';
import { originalPdf } from '../document/original';

export function documentHandlers(core: Pick<Services, 'store'>): HandlersOf<typeof documentCalls> {
  const mustGet = (id: number) => {
    const doc = core.store.documents.get(id);
    if (!doc) throw new ApiError('not_found', `no document ${id}`);
    return doc;
  };
  return {
    'documents.list': () => {
      const docs = core.store.documents.list();
      const extraction = core.store.documentExtractions(docs);
      return docs.map(({ id, title, path, format, language, pages, chunks, status }) => ({
        id,
        title,
        path,
        format,
        language,
        pages,
        chunks,
        status,
        extraction: extraction.get(id)!,
      }));
    },
    'documents.get': ({ id, original }) => {
      const doc = mustGet(id);
      return { ...doc, text: core.store.documents.text(id, original) ?? '' };
    },
    'chunks.get': ({ id }) => {
      const chunk = core.store.documents.chunk(id);
      if (!chunk) throw new ApiError('not_found', `no chunk ${id}`);
      const { hash: _hash, ...rest } = chunk;
      return rest;
    },
    'documents.structure': ({ id }) => {
      mustGet(id);
      const st = core.store.documents.structure(id)!;
      return { ...st, tables: st.tables ?? [], blocks: st.blocks ?? [] };
    },
    'documents.layout': ({ id }) => {
      mustGet(id);
      return { pages: core.store.documents.pageBoxes(id) };
    },
    'documents.file': async ({ id }) => originalPdf(mustGet(id)),
    'documents.chunks': ({ id }) => {
      mustGet(id);
      return core.store.documents.chunks(id);
    },
  };
}
