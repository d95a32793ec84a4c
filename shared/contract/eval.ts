// Evaluation: gold sets (stored apart from the graph, never read by extraction or retrieval), runs of
// an engine over a gold set (a resumable job keeping its settings, every prediction and the scores),
// and live precision from the editor's accept/reject decisions. Matching rules: docs/evaluation.md.
import { z } from 'zod';
import { defineCall, defineJobKind } from './define';
import { Id } from '../schemas';
import { ExtractLimitsInput } from './extract';
import { EngineName } from './engines';

export const GoldFormat = z.enum(['webnlg-json', 'webnlg-xml', 'scierc', 'conll', 'tokens', 'questions']);
export type GoldFormat = z.infer<typeof GoldFormat>;

export const GoldKind = z.enum(['extraction', 'qa']);
export type GoldKind = z.infer<typeof GoldKind>;

/** How two entity mentions are the same: identical span/label, same head word, or overlapping. */
export const MentionMode = z.enum(['exact', 'head', 'overlap']);
export type MentionMode = z.infer<typeof MentionMode>;

/** A mention of a gold or predicted item: a span [start, end) in the item's text when known. */
export const EvalMention = z.object({
  text: z.string(),
  type: z.string().nullable(),
  start: z.number().int().nullable(),
  end: z.number().int().nullable(),
});
export type EvalMention = z.infer<typeof EvalMention>;

export const EvalTriple = z.object({
  subject: EvalMention,
  relation: z.string(),
  object: EvalMention,
  /** Predictions only: the engine's confidence. */
  confidence: z.number().optional(),
});
export type EvalTriple = z.infer<typeof EvalTriple>;

/** One gold text with its annotations (extraction gold). */
export const GoldItem = z.object({
  key: z.string(),
  text: z.string(),
  mentions: z.array(EvalMention),
  triples: z.array(EvalTriple),
});
export type GoldItem = z.infer<typeof GoldItem>;

/** One gold question (QA gold). */
export const GoldQuestion = z.object({
  key: z.string(),
  question: z.string(),
  answers: z.array(z.string()),
  quotes: z.array(z.string()),
  type: z.string().nullable(),
});
export type GoldQuestion = z.infer<typeof GoldQuestion>;

export const GoldSetInfo = z.object({
  id: Id,
  name: z.string(),
  format: GoldFormat,
  kind: GoldKind,
  path: z.string().nullable(),
  items: z.number().int(),
  mentions: z.number().int(),
  triples: z.number().int(),
  createdAt: z.string(),
});
export type GoldSetInfo = z.infer<typeof GoldSetInfo>;

const Interval = z.tuple([z.number(), z.number()]);

/** Precision, recall and F1 with 95% intervals (Wilson for P and R, bootstrap over items for F1). */
export const Prf = z.object({
  tp: z.number().int(),
  predicted: z.number().int(),
  gold: z.number().int(),
  precision: z.number(),
  recall: z.number(),
  f1: z.number(),
  ci: z.object({ precision: Interval, recall: Interval, f1: Interval }),
});
export type Prf = z.infer<typeof Prf>;

export const LabelScore = z.object({
  label: z.string(),
  gold: z.number().int(),
  predicted: z.number().int(),
  matched: z.number().int(),
  /** null when no prediction carries this label. */
  precision: z.number().nullable(),
  recall: z.number().nullable(),
  f1: z.number().nullable(),
});
export type LabelScore = z.infer<typeof LabelScore>;

export const PrPoint = z.object({
  threshold: z.number(),
  predicted: z.number().int(),
  tp: z.number().int(),
  precision: z.number(),
  recall: z.number(),
  f1: z.number(),
});
export type PrPoint = z.infer<typeof PrPoint>;

const ErrorKind = z.enum(['missed', 'spurious', 'wrong_relation', 'passage_missed', 'wrong_answer', 'abstained']);
type ErrorKind = z.infer<typeof ErrorKind>;

/** One error of a run: what it is and where its evidence lies (the gold item and spans in its text). */
export const EvalError = z.object({
  kind: ErrorKind,
  /** What was scored: mention, triple or question. */
  unit: z.enum(['mention', 'triple', 'question']),
  item: z.string(),
  gold: z.string().nullable(),
  predicted: z.string().nullable(),
  spans: z.array(z.object({ start: z.number().int(), end: z.number().int() })),
  confidence: z.number().nullable(),
});
export type EvalError = z.infer<typeof EvalError>;

export const ExtractionScores = z.object({
  kind: z.literal('extraction'),
  items: z.number().int(),
  mentionMode: MentionMode,
  /** Untyped mentions under each matching rule. */
  mentions: z.object({ exact: Prf, head: Prf, overlap: Prf }),
  /** Mentions whose type matches too (under mentionMode); null when the gold has no types. */
  typedMentions: Prf.nullable(),
  triples: Prf,
  /** Head and tail found together, relation and direction ignored. */
  pairs: Prf,
  perType: z.array(LabelScore),
  perRelation: z.array(LabelScore),
  /** Triples over the confidence threshold: one point per distinct confidence, highest first. */
  pr: z.array(PrPoint),
  bestThreshold: z.object({ threshold: z.number(), f1: z.number() }).nullable(),
  errors: z.array(EvalError),
  /** Errors left out of `errors` (it keeps the first few thousand). */
  moreErrors: z.number().int(),
});
export type ExtractionScores = z.infer<typeof ExtractionScores>;

export const Rate = z.object({ hits: z.number().int(), total: z.number().int(), value: z.number(), ci: Interval });
export type Rate = z.infer<typeof Rate>;

export const QaScores = z.object({
  kind: z.literal('qa'),
  questions: z.number().int(),
  k: z.number().int(),
  /** Questions with every gold quote inside one of the first k passages (questions without a quote are left out). */
  passageRecall: Rate,
  recallAtK: z.array(z.object({ k: z.number().int(), value: z.number() })),
  /** Over the answerable questions (off-topic ones, without answers, are counted in offTopicRefused). */
  answerAccuracy: Rate,
  abstention: Rate,
  /** Off-topic questions (no answers) refused as not in the graph; absent when the set has none. */
  offTopicRefused: Rate.optional(),
  perType: z.array(z.object({ label: z.string(), questions: z.number().int(), passageRecall: z.number().nullable(), answerAccuracy: z.number() })),
  errors: z.array(EvalError),
  moreErrors: z.number().int(),
  /**
   * Calibration of the confidence (runs whose predictions carry one): a question counts as right when a gold
   * answer is in its first short answer. Expected calibration error over ten equal-width bins.
   */
  ece: z.number().optional(),
  /** Per confidence threshold: answers at or above it, how many right, precision and coverage (right ones over the questions). */
  precisionAt: z
    .array(z.object({ threshold: z.number(), answered: z.number().int(), correct: z.number().int(), precision: z.number().nullable(), coverage: z.number() }))
    .optional(),
  /** Questions answered as found (not unsure, not refused) over all questions. */
  coverage: Rate.optional(),
  /** Reliability diagram: per confidence bin, its answers' mean confidence and share right. */
  reliability: z
    .array(z.object({ from: z.number(), to: z.number(), count: z.number().int(), confidence: z.number().nullable(), accuracy: z.number().nullable() }))
    .optional(),
  /** Precision–coverage curve: one point per distinct confidence, highest first. */
  precisionCoverage: z.array(z.object({ threshold: z.number(), precision: z.number(), coverage: z.number() })).optional(),
});
export type QaScores = z.infer<typeof QaScores>;

export const EvalScores = z.discriminatedUnion('kind', [ExtractionScores, QaScores]);
export type EvalScores = z.infer<typeof EvalScores>;

export const EvalSettings = z.object({
  engine: EngineName,
  model: z.string().nullable(),
  /** sha256 of the model file (llama), null otherwise. */
  modelHash: z.string().nullable(),
  endpoint: z.string().nullable(),
  /** sha256 (first 12 hex) of the extraction prompts the LLM stages use; "classic" for the classic engine. */
  promptVersion: z.string(),
  /** How texts were cut: "item" (each gold text whole) for extraction; the database's chunks for QA. */
  chunker: z.string(),
  mentionMode: MentionMode,
  /** QA: passages retrieved per question. */
  k: z.number().int().optional(),
  appVersion: z.string(),
  /** Only the first N gold items (quick runs). */
  limit: z.number().int().nullable(),
  /** LLM sampling (null: greedy, the default) and answer bounds (null: the defaults). */
  temperature: z.number().nullable().optional(),
  seed: z.number().int().nullable().optional(),
  limits: z.record(z.string(), z.number().int()).nullable().optional(),
});
export type EvalSettings = z.infer<typeof EvalSettings>;

const EvalRunState = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);

export const EvalRunInfo = z.object({
  id: Id,
  goldSet: Id,
  goldName: z.string(),
  kind: GoldKind,
  label: z.string(),
  settings: EvalSettings,
  state: EvalRunState,
  job: Id.nullable(),
  predictions: z.number().int(),
  items: z.number().int(),
  /** Headline numbers (extraction: triple F1, mention F1; QA: recall, accuracy). */
  headline: z.record(z.string(), z.number()),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type EvalRunInfo = z.infer<typeof EvalRunInfo>;

export const EvalRunDetail = EvalRunInfo.extend({ scores: EvalScores.nullable() });
export type EvalRunDetail = z.infer<typeof EvalRunDetail>;

/** The result of an 'eval' job: the run and its headline numbers (EvalRunInfo.headline). */
const EvalJobResult = z.object({ run: Id, headline: z.record(z.string(), z.number()) });
type EvalJobResult = z.infer<typeof EvalJobResult>;

/** The params of an 'eval' job: the run eval.run.start created (its settings are stored with the run). */
export const EvalJobParams = z.object({ run: Id });
export type EvalJobParams = z.infer<typeof EvalJobParams>;

/** The 'eval' job kind; its JobInfo is what eval.run.start answers and the jobs calls give. */
export const evalJob = defineJobKind('eval', { params: EvalJobParams, result: EvalJobResult });
const EvalJobInfo = evalJob.info;

export const EvalRunStartInput = z.object({
  goldSet: Id,
  engine: EngineName.default('classic'),
  /** llama: path of a .gguf file; openai: the model name. */
  model: z.string().min(1).max(4096).optional(),
  endpoint: z.string().url().max(2048).optional(),
  mentionMode: MentionMode.default('head'),
  /** QA: passages per question (default 5). */
  k: z.number().int().min(1).max(50).optional(),
  limit: z.number().int().min(1).max(1_000_000).optional(),
  label: z.string().max(200).optional(),
  /** LLM engines: sampling temperature (default 0, greedy) and seed. */
  temperature: z.number().min(0).max(2).optional(),
  seed: z.number().int().optional(),
  /** LLM engines: tighter answer bounds (small models, quick runs), as for extraction jobs. */
  limits: ExtractLimitsInput.optional(),
});
export type EvalRunStartInput = z.input<typeof EvalRunStartInput>;

/** Precision of the editor's decisions (accepted / (accepted + rejected)) per group. */
export const PrecisionRow = z.object({
  label: z.string(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  precision: z.number().nullable(),
  ci: Interval.nullable(),
});
export type PrecisionRow = z.infer<typeof PrecisionRow>;

export const LivePrecision = z.object({
  decisions: z.number().int(),
  overall: PrecisionRow,
  byEngine: z.array(PrecisionRow),
  byRelation: z.array(PrecisionRow),
  byType: z.array(PrecisionRow),
  byDocument: z.array(PrecisionRow),
  /** Cumulative precision after each day with decisions. */
  overTime: z.array(z.object({ day: z.string(), accepted: z.number().int(), rejected: z.number().int(), precision: z.number() })),
});
export type LivePrecision = z.infer<typeof LivePrecision>;

export const evalCalls = {
  'eval.gold.import': defineCall({
    input: z.object({
      path: z.string().min(1).max(4096),
      format: GoldFormat.optional(),
      name: z.string().max(200).optional(),
    }),
    output: GoldSetInfo,
    summary: 'Import a gold set (WebNLG JSON/XML, SciERC, BIO/CoNLL, token tables, question JSONL) into its own tables',
  }),
  'eval.gold.list': defineCall({
    input: z.object({}).default({}),
    output: z.array(GoldSetInfo),
    summary: 'Gold sets, newest first',
  }),
  'eval.gold.delete': defineCall({
    input: z.object({ id: Id }),
    output: z.object({ deleted: z.boolean() }),
    summary: 'Delete a gold set with its runs',
  }),
  'eval.run.start': defineCall({
    input: EvalRunStartInput,
    output: z.object({ run: EvalRunInfo, job: EvalJobInfo }),
    summary: 'Start an evaluation run of an engine on a gold set (a resumable job)',
  }),
  'eval.run.list': defineCall({
    input: z.object({ goldSet: Id.optional() }).default({}),
    output: z.array(EvalRunInfo),
    summary: 'Evaluation runs, newest first',
  }),
  'eval.run.get': defineCall({
    input: z.object({ id: Id }),
    output: EvalRunDetail,
    summary: 'One run with its settings and scores',
  }),
  'eval.run.report': defineCall({
    input: z.object({ id: Id, compare: Id.optional() }),
    output: z.object({ name: z.string(), html: z.string() }),
    summary: 'A self-contained HTML report of a finished run (with a second run beside it), plots included',
  }),
  'eval.run.delete': defineCall({
    input: z.object({ id: Id }),
    output: z.object({ deleted: z.boolean() }),
    summary: 'Delete a run and its predictions',
  }),
  'eval.item': defineCall({
    input: z.object({ goldSet: Id, key: z.string().max(1000), run: Id.optional() }),
    output: z.object({
      key: z.string(),
      text: z.string(),
      gold: z.union([GoldItem, GoldQuestion]),
      prediction: z.unknown().nullable(),
    }),
    summary: "A gold item's text and annotations, with a run's prediction for it: an error's evidence",
  }),
  'eval.precision': defineCall({
    input: z.object({}).default({}),
    output: LivePrecision,
    summary: 'Precision from the accept/reject decisions in the revision log, per engine, relation, type and document, over time',
  }),
};
