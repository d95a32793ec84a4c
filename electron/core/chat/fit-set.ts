// Re-fitting the answer model on a user's own question set (`graphwright eval fit`): every question of
// a JSONL file ({question, answers, file?, type?}; `type: "off-topic"` with `answers: []` for a question
// the documents do not answer; read by eval's one question reader, eval/gold.ts) is retrieved from the
// database, its candidates gathered and labelled by its answers, and chat/fit-model.ts fits the
// candidate weights, the calibration, the groundedness model and both thresholds (the groundedness
// model only from MIN_OFF_TOPIC off-topic questions on). The model is stored in the database's settings
// (SETTING_ANSWER_MODEL), where chat, `ask` and `eval qa` read it instead of the shipped table.
import type { Retriever } from '../retrieve/retriever';
import { gatherCandidates } from './candidates';
import { fitAnswerModel, SHIPPED_CALIBRATION, type FitExample, type FitReport } from './fit-model';
import { defaultRanker, type AnswerModel } from './ranker';

/** Off-topic questions needed before the refusal (groundedness) model is fitted on the set rather than kept from the shipped one. */
const MIN_OFF_TOPIC = 10;

/** Questions needed to fit at all. */
export const MIN_FIT_QUESTIONS = 10;

/** A question to fit on, as eval's one question reader (eval/gold.ts readQuestionFile) reads it. */
interface FitQuestion {
  key: string;
  question: string;
  /** Empty for an off-topic question. */
  answers: string[];
  /** The document it asks about: a document's questions stay in one fold. */
  file: string | null;
  offTopic: boolean;
}

/** Fit the answer model on a question set over the retriever's database (deterministic for the same set and seed). */
export async function fitOnQuestions(
  retriever: Retriever,
  questions: FitQuestion[],
  options: { folds?: number; seed?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<{ model: AnswerModel; report: FitReport }> {
  const examples: FitExample[] = [];
  for (const q of questions) {
    const { ctx, candidates } = gatherCandidates(await retriever.retrieve(q.question));
    examples.push({ id: q.key, group: q.file ?? `question:${q.key}`, gold: q.answers, ctx, candidates });
    options.onProgress?.(examples.length, questions.length);
  }
  // the "none of these" alternative is fitted with the candidates and the confidence calibrated, as the shipped table's
  // are (docs/RETRIEVAL.md)
  const { model, report } = fitAnswerModel(examples, { folds: options.folds, seed: options.seed, nullMode: 'joint', ...SHIPPED_CALIBRATION });
  const offTopic = questions.filter((q) => q.offTopic).length;
  // with few off-topic questions the refusal threshold says nothing: the shipped groundedness model is kept
  const keptGrounded = offTopic < MIN_OFF_TOPIC;
  if (keptGrounded) {
    model.grounded = defaultRanker().model.grounded;
    model.groundedThreshold = defaultRanker().model.groundedThreshold;
  }
  model.fitted = { by: 'graphwright eval fit', questions: report.examples, offTopic, keptGrounded, objective: report.objective, l2: report.l2 };
  return { model, report };
}
