// Document ingestion: start an import job, upload dropped files (browser host), remove a document.
import { z } from 'zod';
import { defineCall, defineJobKind } from './define';
import { Id, PathText } from '../schemas';

export const Chunker = z.enum(['recursive', 'fixed', 'semantic']);
export type Chunker = z.infer<typeof Chunker>;

/** What an ingest imported, skipped and failed (the ingest job's result, below); also the CLI's --json. */
export const IngestResult = z.object({
  imported: z.array(z.object({ id: Id, path: z.string() })),
  skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
  failed: z.array(z.object({ path: z.string(), error: z.string() })),
  /**
   * Text files read in an encoding other than UTF-8 (UTF-16, Windows-1252, ISO 8859-1), or with bytes
   * that are no character in their encoding, each run of them kept in the text as U+FFFD and counted.
   * Clean UTF-8 files are not listed.
   */
  decoded: z.array(z.object({ path: z.string(), encoding: z.string(), invalidBytes: z.number().int().nonnegative() })).optional(),
});
export type IngestResult = z.infer<typeof IngestResult>;

/** What a resumed ingest did in its last run (JobInfo.result.resumed). */
export const ResumedIngest = z.object({
  job: Id,
  /** Documents this run imported (the result's `imported` holds both runs' documents). */
  imported: z.number().int(),
  /** Files this run went through. */
  files: z.number().int(),
});
export type ResumedIngest = z.infer<typeof ResumedIngest>;

/** The ingest job's result: the files' outcome, and what the last run did when the job was resumed. */
const IngestJobResult = IngestResult.extend({ resumed: ResumedIngest.optional() });
type IngestJobResult = z.infer<typeof IngestJobResult>;

/** The params of an 'ingest' job: what documents.ingest takes (the handler resolves the paths). */
export const IngestJobParams = z.object({
  paths: z.array(z.string().min(1)).min(1),
  chunker: Chunker.optional(),
  chunkSize: z.number().int().min(100).max(100_000).optional(),
  overlap: z.number().int().min(0).max(50_000).optional(),
  /** A corpus or token file with bad records imports the good ones and lists each bad one in `skipped` (path FILE#record N), instead of failing the file. */
  skipBadRecords: z.boolean().optional(),
});
export type IngestJobParams = z.infer<typeof IngestJobParams>;

/** The 'ingest' job kind; its JobInfo is what documents.ingest answers and the jobs calls give. */
export const ingestJob = defineJobKind('ingest', { params: IngestJobParams, result: IngestJobResult });
const IngestJobInfo = ingestJob.info;

export const PageSpan = z.object({ number: z.number().int(), start: z.number().int(), end: z.number().int() });
export type PageSpan = z.infer<typeof PageSpan>;

export const Annotation = z.object({ start: z.number().int(), end: z.number().int(), label: z.string(), text: z.string() });
export type Annotation = z.infer<typeof Annotation>;

/** Largest upload accepted through documents.upload (base64 characters, about 192 MB of data). */
const MAX_UPLOAD_BASE64 = 256 * 1024 * 1024;

export const ingestCalls = {
  'documents.ingest': defineCall({
    input: IngestJobParams,
    output: IngestJobInfo,
    summary: 'Import files and folders as documents (a job: progress, cancel, result {imported, skipped, failed})',
  }),
  'documents.upload': defineCall({
    input: z.object({
      name: z.string().min(1).max(255),
      dataBase64: z.string().max(MAX_UPLOAD_BASE64),
    }),
    output: z.object({ path: z.string(), bytes: z.number().int() }),
    summary: 'Save an uploaded file under the data folder and return its path, for documents.ingest',
  }),
  'documents.folders': defineCall({
    input: z.object({}),
    output: z.array(z.object({ path: z.string(), modes: z.array(z.enum(['read', 'create', 'write'])) })),
    summary: 'Folders the user added for good (a folder dialog with remember), readable across restarts',
  }),
  'documents.folders.forget': defineCall({
    input: z.object({ path: PathText }),
    output: z.object({ forgotten: z.boolean() }),
    summary: 'Stop granting a remembered folder (the files stay on disk)',
  }),
  'documents.remove': defineCall({
    input: z.object({ id: Id }),
    output: z.object({ id: Id, removed: z.boolean() }),
    summary: 'Delete a document with its chunks, pages and annotations',
  }),
  'documents.pages': defineCall({
    input: z.object({ id: Id }),
    output: z.array(PageSpan),
    summary: "A document's page spans in its text (empty when it has no pages)",
  }),
  'documents.annotations': defineCall({
    input: z.object({ id: Id }),
    output: z.array(Annotation),
    summary: 'Gold annotations that came with a document (CoNLL / BIO tags)',
  }),
};
