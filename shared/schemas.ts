// Domain shapes shared by the core, the CLI's --json output, the host and the renderer.
import { z } from 'zod';

export const Id = z.number().int().positive();

/** A file-system path as a call's input: no operating system takes a NUL byte in one (a clear 400, never a failed system call). */
export const PathText = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => !p.includes('\0'), 'a path cannot hold a NUL byte');

export const NodeKind = z.enum(['entity', 'event', 'concept', 'passage']);
export type NodeKind = z.infer<typeof NodeKind>;

/** 'stale': a newer edition of its document no longer holds its evidence (docs/editions.md). */
export const EdgeStatus = z.enum(['proposed', 'accepted', 'rejected', 'stale']);
export type EdgeStatus = z.infer<typeof EdgeStatus>;

/** EE = entity–entity, EV = entity–event, VV = event–event; the rest say where a fact came from. */
export const Stage = z.enum(['EE', 'EV', 'VV', 'import', 'manual']);
export type Stage = z.infer<typeof Stage>;

/**
 * A job's state. `interrupted` is never stored: it is a job marked running whose process is gone
 * (killed, crashed), shown so until a process takes it over (electron/core/jobs/owner.ts).
 */
export const JobState = z.enum(['queued', 'running', 'done', 'failed', 'cancelled', 'interrupted']);
export type JobState = z.infer<typeof JobState>;
/** The states the jobs table stores (its CHECK constraint). */
export const StoredJobState = JobState.exclude(['interrupted']);
export type StoredJobState = z.infer<typeof StoredJobState>;

/** The process that queued or runs a job. */
const JobOwnerInfo = z.object({
  pid: z.number().int(),
  host: z.string(),
  /** Its last heartbeat (ISO time). */
  heartbeatAt: z.string().nullable(),
  /** Still there (a job of an owner that is gone is taken over by the next process that runs jobs). */
  alive: z.boolean(),
  /** The process that answers this call. */
  here: z.boolean(),
});
type JobOwnerInfo = z.infer<typeof JobOwnerInfo>;

export const DocumentSummary = z.object({
  id: Id,
  title: z.string(),
  path: z.string().nullable(),
  format: z.string(),
  language: z.string().nullable(),
  pages: z.number().int().nullable(),
  chunks: z.number().int(),
  status: z.string(),
});
export type DocumentSummary = z.infer<typeof DocumentSummary>;

export const Chunk = z.object({
  id: Id,
  ordinal: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
  page: z.number().int().nullable(),
  headingPath: z.array(z.string()),
  text: z.string(),
});
export type Chunk = z.infer<typeof Chunk>;

export const GraphNode = z.object({
  id: Id,
  kind: NodeKind,
  label: z.string(),
  type: z.string().nullable(),
  aliases: z.array(z.string()),
});
export type GraphNode = z.infer<typeof GraphNode>;

export const Provenance = z.object({
  document: Id,
  chunk: Id.nullable(),
  start: z.number().int(),
  end: z.number().int(),
  quote: z.string(),
  /** The clause the span lies in, when it lies in a section: its number ('3.1'; null when unnumbered), */
  section: z.string().nullable().optional(),
  /** its heading ('User-Name'), */
  heading: z.string().optional(),
  /** and its label ('RFC 3580 §3.1 User-Name'). */
  clause: z.string().optional(),
  /** The version of the document the span lies in, when the document has versions (docs/editions.md). */
  version: z.number().int().optional(),
  /** The ids of the rules that read this span (docs/extraction.md, the rule table); [] for node evidence and older rows. */
  rules: z.array(z.string()).optional(),
});
export type Provenance = z.infer<typeof Provenance>;

/**
 * What a triple says beyond its three labels, read off its evidence by the extractor: the relation as
 * written when it was brought to its lemma form ("must be used in" for "used in"), the requirement's
 * modality and polarity, a condition it holds under ("if …", "unless …"), and whether an end is
 * limited by "only". Each is absent when the extractor saw none (docs/extraction.md, pass 7).
 */
export const TripleQualifiers = z.object({
  surface: z.string().optional(),
  modality: z.string().optional(),
  negated: z.boolean().optional(),
  condition: z.string().optional(),
  only: z.boolean().optional(),
  /** A bounded count on the object as written ("at most one", "one or more"). */
  quantity: z.string().optional(),
  /**
   * A prepositional phrase after the object, as written, that the object's label does not hold: one of
   * place or time that may say where the object is or where the act happens ("in a standby mode"), or one
   * too long for the label (rule attach.phrase-qualifier). It narrows the claim; readers show it beside the object.
   */
  phrase: z.string().optional(),
  /**
   * The preposition that ties the object to the verb, taken out of the relation: of place, time or manner
   * ("stored" with "in": stored in the object; rule rel.adjunct), of a role the verb does not select
   * ("used" with "for"; rel.role-preposition), or a passive's agent ("generated" with "by"; rel.passive-agent).
   */
  preposition: z.string().optional(),
  /**
   * A catenative verb taken out of the relation before its to-infinitive, as written in its lemma form
   * ("attempt to" for "attempts to obtain": the relation "obtain"; rule rel.catenative): like a modality, it says
   * the act is sought, required, intended or seems so, not that it was done.
   */
  catenative: z.string().optional(),
  /**
   * The voice of a relation written as its verb's lemma from a participle ("send to" for "is sent to"; rule
   * rel.voice): "passive" says the subject is acted on, not the doer; the words as written are `surface`.
   */
  voice: z.enum(['passive']).optional(),
});
export type TripleQualifiers = z.infer<typeof TripleQualifiers>;

export const Triple = z.object({
  id: Id,
  subject: z.string(),
  relation: z.string(),
  object: z.string(),
  subjectId: Id,
  objectId: Id,
  stage: Stage,
  status: EdgeStatus,
  confidence: z.number(),
  engine: z.string(),
  provenance: z.array(Provenance),
  /**
   * The ids of the rules that made it, over all its evidence (the first span's first): a classic
   * reading's proposition, `pattern:<name>`, or `llm:<stage>@<prompt version>` (docs/extraction.md).
   */
  rules: z.array(z.string()).default([]),
  /**
   * The estimated probability that an editor keeps it as it stands (its rule's precision, fitted on
   * editor judgments: extract/precision.ts); null when nothing judged speaks for it.
   */
  precision: z.number().min(0).max(1).nullable().default(null),
  /** The relation as written, modality, polarity, condition and "only" (TripleQualifiers); {} when none. */
  qualifiers: TripleQualifiers.default({}),
});
export type Triple = z.infer<typeof Triple>;

/** One item of a job's work (a file of an ingest) and where it stands. */
export const JobItemState = z.enum(['queued', 'parsing', 'chunking', 'done', 'skipped', 'failed']);
export type JobItemState = z.infer<typeof JobItemState>;
export const JobItem = z.object({
  name: z.string(),
  state: JobItemState,
  /** Why it was skipped or failed; for a done item, what it gave ('3 documents'). */
  detail: z.string().optional(),
});
export type JobItem = z.infer<typeof JobItem>;

/**
 * A job of any kind, as it is stored and queued: its result unchecked. The jobs calls and the
 * `job.progress` event give `TypedJobInfo` (shared/contract/jobs.ts): the result typed by the kind.
 */
export const JobInfo = z.object({
  id: Id,
  kind: z.string(),
  state: JobState,
  title: z.string(),
  progress: z.object({
    done: z.number(),
    total: z.number(),
    message: z.string().optional(),
    /** Per-item rows (an ingest's files, when there are at most a few hundred). */
    items: z.array(JobItem).optional(),
  }),
  error: z.string().nullable(),
  result: z.unknown().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The process that queued or runs it; null when none is recorded (a job from before owners, or handed back by a process that stopped). */
  owner: JobOwnerInfo.nullable().optional(),
});
export type JobInfo = z.infer<typeof JobInfo>;

export const StoreStatus = z.object({
  documents: z.number().int(),
  chunks: z.number().int(),
  nodes: z.object({
    entity: z.number().int(),
    event: z.number().int(),
    concept: z.number().int(),
    passage: z.number().int(),
  }),
  triples: z.object({
    proposed: z.number().int(),
    accepted: z.number().int(),
    rejected: z.number().int(),
    /** Evidence gone in a newer edition (an addition: older readers ignore it). */
    stale: z.number().int(),
  }),
  jobs: z.object({
    queued: z.number().int(),
    running: z.number().int(),
    done: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
  }),
});
export type StoreStatus = z.infer<typeof StoreStatus>;
