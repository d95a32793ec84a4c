// Editions: the versions of a document, the difference between two of them (clauses and triples,
// each with its evidence in both versions), accepting or rejecting that difference in bulk, and
// "new edition of…" for a document imported under another name.
import { z } from 'zod';
import { defineCall } from './define';
import { Id } from '../schemas';
import { EditResult } from './review';

const ChunkMatchCounts = z.object({
  unchanged: z.number().int(),
  moved: z.number().int(),
  edited: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
});
type ChunkMatchCounts = z.infer<typeof ChunkMatchCounts>;

export const DocumentVersion = z.object({
  /** The document id of this version (every version is a document of its own, readable as before). */
  id: Id,
  version: z.number().int(),
  previousId: Id.nullable(),
  title: z.string(),
  path: z.string().nullable(),
  /** The edition the document states ('RFC 3580', 'IEC 61850-7-4 ed. 2'); null when it names no standard. */
  edition: z.string().nullable(),
  createdAt: z.string(),
  chunks: z.number().int(),
  /** The newest version (the others are superseded, kept). */
  current: z.boolean(),
  /** How its chunks matched the version before (null for the first version). */
  matched: ChunkMatchCounts.nullable(),
  /** Chunks extracted again for this version: its added and edited ones (0 for the first). */
  changedChunks: z.number().int(),
  /** Changes of this version still open in its diff (triples to review again, stale triples). */
  open: z.number().int(),
});
export type DocumentVersion = z.infer<typeof DocumentVersion>;

/** Evidence in one version: the document (version) it lies in, the span, the text and its clause. */
export const VersionEvidence = z.object({
  document: Id,
  version: z.number().int(),
  /** The chunk holding the span (opens it in the document viewer), when there is one. */
  chunk: Id.nullable(),
  start: z.number().int(),
  end: z.number().int(),
  quote: z.string(),
  clause: z.string().nullable(),
});
export type VersionEvidence = z.infer<typeof VersionEvidence>;

export const DiffTriple = z.object({
  id: Id,
  subject: z.string(),
  relation: z.string(),
  object: z.string(),
  status: z.string(),
  /**
   * added: evidence only in the newer version; removed: evidence only in the older one (the triple
   * is stale, kept); changed: in both, its evidence text changed (a reviewed triple to review again,
   * or one extraction found again in an edited clause).
   */
  kind: z.enum(['added', 'removed', 'changed']),
  /** 'open' until the difference is accepted or rejected (added triples: their status says). */
  state: z.enum(['open', 'accepted', 'rejected']),
  /** Reviewed (accepted or edited) before the new version: flagged for re-review. */
  review: z.boolean(),
  from: VersionEvidence.nullable(),
  to: VersionEvidence.nullable(),
});
export type DiffTriple = z.infer<typeof DiffTriple>;

export const DiffClause = z.object({
  kind: z.enum(['added', 'removed', 'changed']),
  number: z.string().nullable(),
  heading: z.string(),
  /** 'RFC 3580 §3.2 User-Password' */
  label: z.string(),
  from: z.object({ document: Id, start: z.number().int(), end: z.number().int(), text: z.string() }).nullable(),
  to: z.object({ document: Id, start: z.number().int(), end: z.number().int(), text: z.string() }).nullable(),
});
export type DiffClause = z.infer<typeof DiffClause>;

export const EditionDiff = z.object({
  from: DocumentVersion,
  to: DocumentVersion,
  /** Chunk matches over the versions between (summed when they are not adjacent). */
  chunks: ChunkMatchCounts,
  clauses: z.object({ unchanged: z.number().int(), items: z.array(DiffClause) }),
  triples: z.object({
    unchanged: z.number().int(),
    added: z.array(DiffTriple),
    removed: z.array(DiffTriple),
    changed: z.array(DiffTriple),
  }),
});
export type EditionDiff = z.infer<typeof EditionDiff>;

const VersionPair = {
  /** Any version of the document. */
  id: Id,
  /** Version numbers (documents.version); default: the newest, and the one before it. */
  from: z.number().int().min(1).optional(),
  to: z.number().int().min(1).optional(),
};

/** A document's place among its versions, for the Documents list. */
export const EditionInfo = z.object({
  id: Id,
  version: z.number().int(),
  previousId: Id.nullable(),
  /** False once a newer version replaced it. */
  current: z.boolean(),
  changedChunks: z.number().int(),
  open: z.number().int(),
});
export type EditionInfo = z.infer<typeof EditionInfo>;

export const editionCalls = {
  'documents.editions': defineCall({
    input: z.object({}),
    output: z.array(EditionInfo),
    summary: 'The documents that are versions of others, or were replaced by a newer one (first versions never re-ingested are left out)',
  }),
  'documents.versions': defineCall({
    input: z.object({ id: Id }),
    output: z.array(DocumentVersion),
    summary: 'Every version of the document (oldest first), with its edition, chunk matches and open changes',
  }),
  'documents.diff': defineCall({
    input: z.object(VersionPair),
    output: EditionDiff,
    summary: 'What changed between two versions of a document: clauses and triples added, removed and changed, with their evidence in both',
  }),
  'documents.diff.resolve': defineCall({
    input: z.object({
      ...VersionPair,
      /** accept: added and changed triples accepted, removed (stale) ones rejected; reject: added and changed ones rejected, removed ones kept as they were. */
      action: z.enum(['accept', 'reject']),
      /** Only these triples of the diff (default: every open one). */
      triples: z.array(Id).max(100_000).optional(),
    }),
    output: EditResult,
    summary: "Accept or reject a version pair's triple changes in bulk (one undoable step)",
  }),
  'documents.newEdition': defineCall({
    input: z.object({ id: Id, of: Id }),
    output: z.object({ id: Id, version: z.number().int(), previousId: Id, changedChunks: z.number().int(), chunks: ChunkMatchCounts }),
    summary: 'Make an imported document the next version of another ("new edition of…"), and apply it to the graph',
  }),
};
