import { z } from 'zod';
import { defineCall } from './define';
import { Chunk, DocumentSummary, Id } from '../schemas';

export const DocumentDetail = DocumentSummary.extend({
  text: z.string(),
  contentHash: z.string(),
  createdAt: z.string(),
});
export type DocumentDetail = z.infer<typeof DocumentDetail>;

/** What ingest read of a document's structure (electron/core/ingest/structure.ts). */
export const StandardInfo = z.object({
  body: z.string(),
  id: z.string(),
  number: z.string().optional(),
  edition: z.string().optional(),
  title: z.string().optional(),
  category: z.string().optional(),
  date: z.string().optional(),
  updates: z.array(z.string()).optional(),
  obsoletes: z.array(z.string()).optional(),
});
export const DocumentStructureInfo = z.object({
  /** The standard the document is, when it names one ('RFC 3580', 'IEC 61850-7-4'). */
  standard: StandardInfo.nullable(),
  title: z.string().nullable(),
  /** Sections in text order: number ('3.1', 'A.2', null when unnumbered), heading, level, span. */
  sections: z.array(z.object({ number: z.string().nullable(), heading: z.string(), level: z.number().int(), start: z.number().int(), end: z.number().int(), headingEnd: z.number().int() })),
  /** Boilerplate regions (front matter, notices, table of contents, addresses, page headers and footers, references): marked, kept in the text, never extracted from. */
  boilerplate: z.array(z.object({ kind: z.string(), start: z.number().int(), end: z.number().int() })),
});
export type DocumentStructureInfo = z.infer<typeof DocumentStructureInfo>;

export const documentCalls = {
  'documents.list': defineCall({ input: z.object({}), output: z.array(DocumentSummary), summary: 'All documents' }),
  'documents.get': defineCall({
    input: z.object({ id: Id, original: z.boolean().default(false) }),
    output: DocumentDetail,
    summary: 'One document with its repaired (or original) text',
  }),
  'documents.chunks': defineCall({ input: z.object({ id: Id }), output: z.array(Chunk), summary: "A document's chunks in order" }),
  'documents.structure': defineCall({
    input: z.object({ id: Id }),
    output: DocumentStructureInfo,
    summary: "A document's standard, sections and boilerplate regions",
  }),
  'chunks.get': defineCall({
    input: z.object({ id: Id }),
    output: Chunk.extend({ documentId: Id }),
    summary: 'One chunk (passage) with the document it belongs to',
  }),
};
