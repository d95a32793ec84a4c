import { z } from 'zod';
import { defineCall } from './define';
import { Chunk, DocumentSummary, Id } from '../schemas';

export const DocumentDetail = DocumentSummary.extend({
  text: z.string(),
  contentHash: z.string(),
  createdAt: z.string(),
});
export type DocumentDetail = z.infer<typeof DocumentDetail>;

export const documentCalls = {
  'documents.list': defineCall({ input: z.object({}), output: z.array(DocumentSummary), summary: 'All documents' }),
  'documents.get': defineCall({
    input: z.object({ id: Id, original: z.boolean().default(false) }),
    output: DocumentDetail,
    summary: 'One document with its repaired (or original) text',
  }),
  'documents.chunks': defineCall({ input: z.object({ id: Id }), output: z.array(Chunk), summary: "A document's chunks in order" }),
  'chunks.get': defineCall({
    input: z.object({ id: Id }),
    output: Chunk.extend({ documentId: Id }),
    summary: 'One chunk (passage) with the document it belongs to',
  }),
};
