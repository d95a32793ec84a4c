import { z } from 'zod';
import { defineCall } from './define';
import { Chunk, DocumentSummary, Id, JobState } from '../schemas';

const DocumentDetail = DocumentSummary.extend({
  text: z.string(),
  contentHash: z.string(),
  createdAt: z.string(),
});
type DocumentDetail = z.infer<typeof DocumentDetail>;

/** What ingest read of a document's structure (electron/core/ingest/structure.ts). */
const StandardInfo = z.object({
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
  sections: z.array(
    z.object({
      number: z.string().nullable(),
      heading: z.string(),
      level: z.number().int(),
      start: z.number().int(),
      end: z.number().int(),
      headingEnd: z.number().int(),
      /** An annex that says it is normative or informative (requirements in an informative one are none). */
      annex: z.enum(['normative', 'informative']).optional(),
    }),
  ),
  /** Boilerplate regions (front matter, notices, table of contents, addresses, page headers and footers, references): marked, kept in the text, never extracted from. */
  boilerplate: z.array(z.object({ kind: z.string(), start: z.number().int(), end: z.number().int() })),
  /**
   * Tables (rebuilt from a PDF's text positions, read from HTML and DOCX tables): the page a PDF
   * prints it on, its caption, the header row and the other rows' cells, its span in the text, and
   * each row's line in the text (the header's first; a triple read from a row cites that line).
   */
  tables: z.array(
    z.object({
      page: z.number().int().nullable(),
      caption: z.string().optional(),
      header: z.array(z.string()),
      rows: z.array(z.array(z.string())),
      start: z.number().int(),
      end: z.number().int(),
      rowSpans: z.array(z.object({ start: z.number().int(), end: z.number().int() })),
    }),
  ),
  /** Notes, examples and table or figure captions: the label as printed ('NOTE 2', 'Table 3') and the span. */
  blocks: z.array(
    z.object({ kind: z.enum(['note', 'example', 'table-caption', 'figure-caption']), label: z.string(), start: z.number().int(), end: z.number().int() }),
  ),
});
export type DocumentStructureInfo = z.infer<typeof DocumentStructureInfo>;

/**
 * Where a document stands with extraction. status: 'ingested' (no engine read it yet), 'extracting'
 * (a queued or running job covers it), 'extracted' (the engine that read it last read every chunk),
 * 'stale' (that engine left chunks unread: a cancelled run, or chunks changed since), 'failed' (the
 * last job covering it failed, or some chunks got failed answers; `reason` says which).
 */
export const DocumentExtraction = z.object({
  status: z.enum(['ingested', 'extracting', 'extracted', 'stale', 'failed']),
  reason: z.string().nullable(),
  /** The engine that read it last ('classic', 'llama:model.gguf', 'openai:model'); null before any run. */
  engine: z.string().nullable(),
  chunks: z.number().int(),
  /** Chunks that engine read with their current content. */
  chunksRead: z.number().int(),
  /** Triples with evidence in this document (any engine, any status), and how many of them are accepted. */
  triples: z.number().int(),
  accepted: z.number().int(),
  /** The newest extraction job that covered it (named it, or took all documents after its import). */
  lastRun: z.object({ job: Id, state: JobState, at: z.string(), engine: z.string() }).nullable(),
});
export type DocumentExtraction = z.infer<typeof DocumentExtraction>;

/** A row of documents.list (and `documents --json`): the summary with its extraction status. */
export const DocumentListItem = DocumentSummary.extend({ extraction: DocumentExtraction });
export type DocumentListItem = z.infer<typeof DocumentListItem>;

/** A PDF's pages: each page's size (PDF points at scale 1) and its text's boxes, [start, end, x, y, w, h] per line part (top-left origin). */
const DocumentPages = z.object({
  pages: z.array(z.object({ number: z.number().int(), width: z.number(), height: z.number(), boxes: z.array(z.number()) })),
});
type DocumentPages = z.infer<typeof DocumentPages>;

/** A document's original file, for the page view: only the file it was imported from, unchanged since (its hash is checked). */
const DocumentFile = z.object({
  name: z.string(),
  mime: z.string(),
  bytes: z.number().int(),
  /** The file's content, base64. */
  data: z.string(),
});
type DocumentFile = z.infer<typeof DocumentFile>;

export const documentCalls = {
  'documents.list': defineCall({ input: z.object({}), output: z.array(DocumentListItem), summary: 'All documents, each with its extraction status' }),
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
  'chunks.locate': defineCall({
    input: z.object({ id: Id, text: z.string().trim().min(1).max(2000) }),
    output: z.object({ start: z.number().int(), end: z.number().int(), score: z.number() }).nullable(),
    summary: "Where a cited text stands in a chunk: the run of the chunk's sentences most like it, in document offsets (null when none is close)",
  }),
  'documents.layout': defineCall({
    input: z.object({ id: Id }),
    output: DocumentPages,
    summary: "A PDF's pages with the boxes of its text on them (empty for a document without pages)",
  }),
  'documents.file': defineCall({
    input: z.object({ id: Id }),
    output: DocumentFile,
    summary: 'The PDF a document was imported from, unchanged since (for the page view)',
  }),
  'chunks.get': defineCall({
    input: z.object({ id: Id }),
    output: Chunk.extend({ documentId: Id }),
    summary: 'One chunk (passage) with the document it belongs to',
  }),
};
