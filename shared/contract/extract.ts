import { z } from 'zod';
import { defineCall, defineJobKind } from './define';
import { GraphNode, Id, Stage } from '../schemas';
import { EngineName } from './engines';

/** Tighter LLM answer bounds (tests, benchmarks, small models): for extraction jobs and eval runs. */
export const ExtractLimitsInput = z
  .object({
    entity: z.number().int().min(4).max(512),
    relation: z.number().int().min(4).max(128),
    event: z.number().int().min(8).max(512),
    triples: z.number().int().min(1).max(64),
    events: z.number().int().min(1).max(32),
    participants: z.number().int().min(1).max(16),
    eventRelations: z.number().int().min(1).max(32),
  })
  .partial();

/**
 * The params of an 'extract' job: what extract.start takes (ExtractStartInput, picked from these),
 * and the knobs tests, benchmarks and eval runs set when they enqueue one.
 */
export const ExtractJobParams = z.object({
  /** Documents to read; all documents when absent. */
  documents: z.array(Id).max(100_000).optional(),
  engine: EngineName.default('classic'),
  /** llama: path of a .gguf file; openai: the model name. */
  model: z.string().min(1).max(4096).optional(),
  /** openai: the OpenAI-compatible endpoint's base URL. */
  endpoint: z.string().url().max(2048).optional(),
  /** Read every chunk again, even those this engine already read unchanged. */
  force: z.boolean().optional(),
  /** Parallel sequences when the job loads a local model itself (default 2). */
  sequences: z.number().int().min(1).max(64).optional(),
  /** Tighter answer bounds (tests, benchmarks, small models). */
  limits: ExtractLimitsInput.optional(),
  /** Sampling temperature of the LLM stages (default 0: greedy) and its seed. */
  temperature: z.number().min(0).max(2).optional(),
  seed: z.number().int().optional(),
  /** One gleaning turn when a stage returns its cap (default true). */
  glean: z.boolean().optional(),
  /** Chunks per transaction for the classic engine (default: batches of about 40 ms of the job thread's CPU, extract/batches.ts). */
  batchSize: z.number().int().min(1).max(512).optional(),
  /** Propose merge candidates at the end (default true). */
  mergeCandidates: z.boolean().optional(),
});
export type ExtractJobParams = z.input<typeof ExtractJobParams>;

export const ExtractStartInput = ExtractJobParams.pick({ documents: true, engine: true, model: true, endpoint: true, force: true });
export type ExtractStartInput = z.infer<typeof ExtractStartInput>;

const PerStage = z.object({ EE: z.number().int(), EV: z.number().int(), VV: z.number().int() });

/**
 * Why a stage's answer was not used: 'grammar' (not valid for the answer's schema), 'truncated'
 * (cut off at the token limit), 'timeout' (the engine took too long), 'parse' (unreadable, or not
 * the list the stage asks for), 'engine' (the engine failed: unreachable, an HTTP error, closed),
 * 'refused' (the model declined to answer: a refusal, a content filter).
 */
export const FailureReason = z.enum(['grammar', 'truncated', 'timeout', 'parse', 'engine', 'refused']);
export type FailureReason = z.infer<typeof FailureReason>;

/** One failed stage answer of an extraction job: which chunk, which stage, why. */
export const FailedAnswer = z.object({
  chunk: Id,
  document: Id,
  /** The chunk's place in its document (0-based) and its span there, to open it. */
  ordinal: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
  stage: Stage,
  reason: FailureReason,
  message: z.string(),
});
export type FailedAnswer = z.infer<typeof FailedAnswer>;

/** The result of a finished extraction job (JobInfo.result). */
export const ExtractSummary = z.object({
  engine: EngineName,
  model: z.string().nullable(),
  documents: z.number().int(),
  chunks: z.number().int(),
  processed: z.number().int(),
  skipped: z.number().int(),
  triples: PerStage,
  existing: z.number().int(),
  failures: z.number().int(),
  failedChunks: z.number().int(),
  tokens: z.number().int(),
  tokensPerSecond: z.number(),
  seconds: z.number(),
  sentences: z.number().int(),
  sentencesPerSecond: z.number(),
  mentions: z.number().int(),
  mergeCandidates: z.number().int(),
  /** Documents that got nothing, and why ("no classic extractor for this language: load a model"). */
  notes: z.array(z.object({ document: Id, language: z.string(), message: z.string() })).optional(),
  /** The failed answers (the first 100), each with its chunk and reason; `failures` counts them all. */
  failedAnswers: z.array(FailedAnswer).optional(),
  /** Failures per reason. */
  failureReasons: z.partialRecord(FailureReason, z.number().int()).optional(),
  /** Seconds spent loading the model before the first chunk (0 when it was loaded already). */
  loadSeconds: z.number().optional(),
  /** LLM engines: prompt tokens over every stage call, those the engine served from its prompt cache, and generated tokens (= tokens). */
  promptTokens: z.number().int().optional(),
  cachedPromptTokens: z.number().int().optional(),
  outputTokens: z.number().int().optional(),
});
export type ExtractSummary = z.infer<typeof ExtractSummary>;

/** The 'extract' job kind; its JobInfo is what extract.start answers and the jobs calls give. */
export const extractJob = defineJobKind('extract', { params: ExtractJobParams, result: ExtractSummary });
const ExtractJobInfo = extractJob.info;

const ExtractStats = z.object({
  chunks: z.number().int(),
  /** Chunks some engine has read. */
  extractedChunks: z.number().int(),
  /** Chunks where at least one stage answer failed. */
  failedChunks: z.number().int(),
  /** Extracted triples per stage (any status). */
  triples: PerStage,
  byEngine: z.array(z.object({ engine: z.string(), stage: Stage, count: z.number().int() })),
  openMergeCandidates: z.number().int(),
});
type ExtractStats = z.infer<typeof ExtractStats>;

export const MergeStatus = z.enum(['open', 'merged', 'skipped']);

const MergeCandidate = z.object({
  id: Id,
  a: GraphNode,
  b: GraphNode,
  /** 0..1, higher is more likely the same thing. */
  score: z.number(),
  reason: z.string(),
  status: MergeStatus,
});
type MergeCandidate = z.infer<typeof MergeCandidate>;

const Span = { start: z.number().int(), end: z.number().int() };

/** Each pass of the classic sentence extractor for one sentence (docs/extraction.md, "explain"). */
export const ExplainPasses = z.object({
  /** Pass 1: the tokens and tags as read. */
  tokens: z.array(z.object({ text: z.string(), pos: z.string(), ...Span })),
  /** Pass 2: the tags repaired, with the ids of the repairs that changed each. */
  repaired: z.array(z.object({ text: z.string(), pos: z.string(), ...Span, repairs: z.array(z.string()) })),
  /** Pass 3: the noun phrases, with the rules that shaped each. */
  phrases: z.array(z.object({ text: z.string(), ...Span, rules: z.array(z.string()) })),
  /** Pass 4: the clauses (verb groups) and their polarity, with the rule that gave it. */
  clauses: z.array(
    z.object({ verb: z.string(), ...Span, polarity: z.enum(['asserted', 'negated', 'unasserted']), rule: z.string().optional(), rules: z.array(z.string()) }),
  ),
  /**
   * Passes 5-7: the triples read, each with its rules (before the document's labels and clauses); the relation in its
   * lemma form, `surface` the words as written where they differ, `modality` a modal taken out of it.
   */
  triples: z.array(
    z.object({
      head: z.string(),
      relation: z.string(),
      tail: z.string(),
      kind: z.string(),
      rules: z.array(z.string()),
      surface: z.string().optional(),
      modality: z.string().optional(),
    }),
  ),
  /** A question asserts nothing: no triple is read from it. */
  question: z.boolean(),
});
export type ExplainPasses = z.infer<typeof ExplainPasses>;

export const ExplainedSentence = z.object({
  ...Span,
  text: z.string(),
  /** The document rule that leaves the sentence unread (a heading, a listing, another script). */
  skipped: z.string().optional(),
  passes: ExplainPasses.optional(),
});

/** One rule of the table: its id, the rule in a sentence and its pass. */
export const RuleEntry = z.object({ id: z.string(), statement: z.string(), pass: z.string() });
export type RuleEntry = z.infer<typeof RuleEntry>;

const ExplainInput = z
  .object({
    /** A stored triple: the sentence of its first evidence span, read in its chunk. */
    triple: Id.optional(),
    /** Or a text of one or more sentences, read on its own. */
    text: z.string().min(1).max(20_000).optional(),
  })
  .refine((x) => (x.triple === undefined) !== (x.text === undefined), { message: 'give exactly one of triple and text' });

export const ExplainResult = z.object({
  /** The triple asked about, with its rules and the span explained. */
  triple: z
    .object({
      id: Id,
      subject: z.string(),
      relation: z.string(),
      object: z.string(),
      stage: Stage,
      engine: z.string(),
      rules: z.array(z.string()),
      document: Id,
      ...Span,
    })
    .optional(),
  sentences: z.array(ExplainedSentence),
  /** The rule table's entries for the triple's rules (for a text: for every rule its triples name), in order. */
  rules: z.array(RuleEntry),
});
export type ExplainResult = z.infer<typeof ExplainResult>;

export const extractCalls = {
  'extract.start': defineCall({
    input: ExtractStartInput,
    output: ExtractJobInfo,
    summary: 'Start a knowledge-extraction job (classic, llama or openai engine) over documents; progress arrives as job.progress',
  }),
  'extract.stats': defineCall({
    input: z.object({ documents: z.array(Id).max(100_000).optional() }),
    output: ExtractStats,
    summary: 'Chunks read, triples per stage and engine, open merge candidates',
  }),
  'extract.explain': defineCall({
    input: ExplainInput,
    output: ExplainResult,
    summary: "Why a triple was read: each pass of the classic extractor for its sentence (or for a text), and its rules' statements",
  }),
  'merge.candidates': defineCall({
    input: z.object({
      status: MergeStatus.default('open'),
      node: Id.optional(),
      minScore: z.number().min(0).max(1).optional(),
      limit: z.number().int().min(1).max(5000).default(100),
      offset: z.number().int().min(0).default(0),
    }),
    output: z.object({ items: z.array(MergeCandidate), total: z.number().int() }),
    summary: 'Proposed node merges, best first (never applied without review)',
  }),
  'merge.propose': defineCall({
    input: z.object({ documents: z.array(Id).max(100_000).optional() }),
    output: z.object({ added: z.number().int() }),
    summary: 'Look for likely duplicate entities again (string similarity) and add them as merge candidates',
  }),
};
