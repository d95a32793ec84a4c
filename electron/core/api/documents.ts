import type { HandlersOf } from '../../../shared/dispatch';
import type { documentCalls } from '../../../shared/contract';
import type { Services } from '../services';
import { ApiError } from '../../../shared/errors';
import { originalPdf } from '../document/original';
import { locateCited } from '../chunk/locate';
import type { DocumentExtraction } from '../../../shared/contract/documents';
import { classicReads, NO_CLASSIC_MESSAGE } from '../extract/job';

/**
 * A document the classic extractor read without patterns for its language got nothing: its status
 * says why (the line `extract` prints), rather than a plain "extracted · 0 triples".
 */
function withLanguageNote(e: DocumentExtraction, language: string | null): DocumentExtraction {
  if (e.status !== 'extracted' || e.engine !== 'classic' || e.triples > 0 || classicReads(language)) return e;
  return { ...e, reason: NO_CLASSIC_MESSAGE };
}

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
        extraction: withLanguageNote(extraction.get(id)!, language),
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
    'chunks.locate': ({ id, text }) => {
      const chunk = core.store.documents.chunk(id);
      if (!chunk) throw new ApiError('not_found', `no chunk ${id}`);
      const at = locateCited(chunk.text, text);
      return at && { start: chunk.start + at.start, end: chunk.start + at.end, score: Math.round(at.score * 1000) / 1000 };
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
