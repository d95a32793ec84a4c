// Re-fitting the answer model on a user's own question set (`graphwright eval fit`): every question of
// a JSONL file ({question, answers, file?, type?}; `type: "off-topic"` with `answers: []` for a question
// the documents do not answer) is retrieved from the database, its candidates gathered and labelled by
// its answers, and chat/fit-model.ts fits the candidate weights, the calibration, the groundedness model
// and both thresholds (the groundedness model only from MIN_OFF_TOPIC off-topic questions on). The model
// is stored in the database's settings (SETTING_ANSWER_MODEL), where chat,
// `ask` and `eval qa` read it instead of the shipped table.
import fs from 'node:fs';
import path from 'node:path';
import type { Retriever } from '../retrieve/retriever';
import { gatherCandidates } from './candidates';
import { fitAnswerModel, type FitExample, type FitReport } from './fit-model';
import { defaultRanker, type AnswerModel } from './ranker';

/** Off-topic questions needed before the refusal (groundedness) model is fitted on the set rather than kept from the shipped one. */
const MIN_OFF_TOPIC = 10;

interface FitQuestion {
  id: string;
  question: string;
  answers: string[];
  /** The document it asks about: a document's questions stay in one fold. */
  file: string | null;
  offTopic: boolean;
}

/** A JSONL question set for fitting; a bad line is an error naming the file and the line. */
export function readFitQuestions(file: string): FitQuestion[] {
  const where = path.resolve(file);
  if (!fs.existsSync(file)) throw new Error(`${where}: file not found`);
  const out: FitQuestion[] = [];
  fs.readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((line, i) => {
      if (!line.trim()) return;
      let o: Record<string, unknown>;
      try {
        o = JSON.parse(line) as Record<string, unknown>;
      } catch (err) {
        throw new Error(`${where}: line ${i + 1} is not valid JSON (${(err as Error).message})`);
      }
      if (typeof o.question !== 'string' || !o.question.trim()) throw new Error(`${where}: line ${i + 1} needs a "question" string`);
      const offTopic = o.type === 'off-topic';
      const answers = Array.isArray(o.answers) ? o.answers.map(String).filter((a) => a.trim()) : [];
      if (!offTopic && !answers.length)
        throw new Error(`${where}: line ${i + 1} needs "answers" (or "type": "off-topic" for a question the documents do not answer)`);
      out.push({
        id: typeof o.id === 'string' || typeof o.id === 'number' ? String(o.id) : `q${i + 1}`,
        question: o.question.trim(),
        answers: offTopic ? [] : answers,
        file: typeof o.file === 'string' ? o.file : null,
        offTopic,
      });
    });
  if (out.length < 10) throw new Error(`${where}: ${out.length} question${out.length === 1 ? '' : 's'}; fitting needs at least 10`);
  return out;
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
    examples.push({ id: q.id, group: q.file ?? `question:${q.id}`, gold: q.answers, ctx, candidates });
    options.onProgress?.(examples.length, questions.length);
  }
  const { model, report } = fitAnswerModel(examples, { folds: options.folds, seed: options.seed });
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
