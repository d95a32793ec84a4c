import { z } from 'zod';
import { defineCall, defineJobKind } from './define';
import { Id } from '../schemas';

/** Formats the graph can be written to. csv and neo4j-csv write a folder of files. */
export const ExportFormat = z.enum(['ttl', 'nt', 'jsonld', 'graphml', 'csv', 'cypher', 'neo4j-csv', 'cyjs']);
export type ExportFormat = z.infer<typeof ExportFormat>;

/** Formats the graph can be read from: every export format (the Cypher script: our own only), plus MetaQA-style `head|relation|tail` lines (tsv). */
export const ImportFormat = z.enum(['tsv', 'ttl', 'nt', 'jsonld', 'graphml', 'csv', 'cypher', 'neo4j-csv', 'cyjs']);
export type ImportFormat = z.infer<typeof ImportFormat>;

export const ExportOptions = z.object({
  /** Only accepted triples (default: every status; RDF asserts only accepted ones, the rest are reified statements). */
  acceptedOnly: z.boolean().default(false),
  /** Only the triples (and node evidence) of this document. */
  documentId: Id.nullable().default(null),
  /** Concept nodes and concept links. */
  concepts: z.boolean().default(true),
  /** Evidence spans (document, chunk, page, quote). */
  provenance: z.boolean().default(true),
  /**
   * Where each document lies on this machine (its absolute path) in the evidence. Off by default:
   * a document is named by its identity only (title, content hash, and its file's name as a relative path).
   */
  paths: z.boolean().default(false),
  /** IRI base of nodes, relations and documents in RDF formats (ttl, nt, jsonld). */
  base: z
    .string()
    .regex(/^[a-z][a-z0-9+.-]*:[^\s<>"{}|^`\\]*$/i, 'an absolute IRI')
    .optional(),
});
export type ExportOptions = z.infer<typeof ExportOptions>;

export const ExportCounts = z.object({
  nodes: z.object({ entity: z.number().int(), event: z.number().int(), concept: z.number().int() }),
  edges: z.number().int(),
  conceptLinks: z.number().int(),
  provenance: z.number().int(),
});
export type ExportCounts = z.infer<typeof ExportCounts>;

/** The result of a 'graph.export' job: where it wrote (a file, or a folder and its files), bytes and counts. */
export const ExportJobResult = z.object({ path: z.string(), files: z.array(z.string()), bytes: z.number().int(), counts: ExportCounts });
export type ExportJobResult = z.infer<typeof ExportJobResult>;

/** The params of a 'graph.export' job: what graph.export with a path hands it. */
export const ExportJobParams = z.object({ format: ExportFormat, options: ExportOptions.partial(), path: z.string().min(1) });
export type ExportJobParams = z.input<typeof ExportJobParams>;

/** The 'graph.export' job kind; its JobInfo is what graph.export with a path answers and the jobs calls give. */
export const exportJob = defineJobKind('graph.export', { params: ExportJobParams, result: ExportJobResult });
const ExportJobInfo = exportJob.info;

/** One written file, returned inline (for a download in the browser host). */
export const ExportFile = z.object({ name: z.string(), mediaType: z.string(), text: z.string() });
export type ExportFile = z.infer<typeof ExportFile>;

const ExportResult = z.object({
  format: ExportFormat,
  counts: ExportCounts,
  /** Without `path`: the content, one entry per file (csv and neo4j-csv give several). */
  files: z.array(ExportFile).optional(),
  /** With `path`: the export job writing there; its result is {path, files, bytes, counts}. */
  job: ExportJobInfo.optional(),
});
type ExportResult = z.infer<typeof ExportResult>;

const Tally = z.object({ created: z.number().int(), existing: z.number().int() });

export const ImportResult = z.object({
  format: ImportFormat,
  nodes: Tally,
  edges: Tally,
  conceptLinks: Tally,
  provenance: Tally,
  /** Documents evidence points to: matched by content hash, or placeholders created to hold the quotes. */
  documents: z.object({ matched: z.number().int(), placeholders: z.number().int() }),
  seconds: z.number(),
});
export type ImportResult = z.infer<typeof ImportResult>;

export const FormatInfo = z.object({
  id: z.string(),
  label: z.string(),
  /** File name extension (with the dot), or '' for a folder. */
  extension: z.string(),
  mediaType: z.string(),
  /** Writes (or reads) a folder of files rather than one file. */
  folder: z.boolean(),
  export: z.boolean(),
  import: z.boolean(),
});
export type FormatInfo = z.infer<typeof FormatInfo>;

/** Inline content larger than this (in selected triples) must be exported to a path, as a job. */
export const INLINE_EXPORT_MAX_EDGES = 200_000;

export const exportCalls = {
  'graph.formats': defineCall({ input: z.object({}), output: z.array(FormatInfo), summary: 'Export and import formats' }),
  'graph.export': defineCall({
    input: z.object({
      format: ExportFormat,
      options: ExportOptions.prefault({}),
      /** Write here (a file, or a folder for csv and neo4j-csv) as a job; without it the content comes back inline. */
      path: z.string().min(1).optional(),
      /** Replace what is at `path` (a file, or a folder with files in it) when the core did not create it: set only after the user confirmed. Else such a path is a 'conflict'. */
      overwrite: z.boolean().optional(),
    }),
    output: ExportResult,
    summary: 'Export the graph: inline content (moderate sizes) or a job writing a file or folder',
  }),
  'graph.import': defineCall({
    input: z
      .object({
        format: ImportFormat,
        /** A file (a folder, or its nodes.csv, for csv and neo4j-csv) on the machine running the core. */
        path: z.string().min(1).optional(),
        /** Or the file's text (an upload from the browser host). */
        content: z.string().optional(),
        /** Or several named files (csv, neo4j-csv uploads): nodes.csv, edges.csv, ... */
        files: z.array(z.object({ name: z.string().min(1).max(200), text: z.string() })).optional(),
      })
      .refine((v) => [v.path, v.content, v.files].filter((x) => x !== undefined).length === 1, { message: 'give exactly one of path, content, files' }),
    output: ImportResult,
    summary: 'Import a graph or knowledge base in one transaction (all or nothing); emits graph.changed',
  }),
};
