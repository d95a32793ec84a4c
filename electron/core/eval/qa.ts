// Scores of a question-answering run: passage recall@k (every gold quote, whitespace-normalised,
// inside one of the first k retrieved passages), answer accuracy (a gold answer, case-insensitively,
// inside the answer as whole words; a yes/no gold as its first word) and abstention (the answerer
// said the graph holds nothing). An off-topic question (`"type": "off-topic"`, no answers) is right when
// refused: it counts in offTopicRefused, not in the answer accuracy or abstention of the answerable ones.
import type { GoldQuestion, QaScores } from '../../../shared/contract/eval';
import { answerCorrect, quoteInPassage } from '../text/answer-match';
import { errorList, wilson } from './score';
import { DEFAULT_THRESHOLDS, expectedCalibrationError, precisionAt, precisionCoverage, reliability, type ConfidencePoint } from './calibration';

export interface QaPrediction {
  passages: { id: number; document: string; text: string }[];
  answer: string;
  /** llm | extractive | none (none: nothing found, the answerer abstained). */
  mode: string;
  outcome: string;
  /** The ranked short answers (absent in runs stored before they were kept). */
  answers?: string[];
  /** The calibrated probability that the first short answer is right. */
  confidence?: number;
  /** The answer's outcome: found, unsure or not_in_graph. */
  answerOutcome?: string;
}

/** The one grader (text/answer-match.ts), here for eval's callers. */
export { answerCorrect, quoteInPassage };

export const abstained = (p: QaPrediction) => p.mode === 'none' || p.outcome === 'not_in_graph' || p.answerOutcome === 'not_in_graph';

/** The rank (1-based) at which all quotes have been seen, or null when some quote is in no passage. */
function rankOfAllQuotes(quotes: string[], passages: { text: string }[]): number | null {
  let worst = 0;
  for (const q of quotes) {
    const i = passages.findIndex((p) => quoteInPassage(q, p.text));
    if (i < 0) return null;
    worst = Math.max(worst, i + 1);
  }
  return worst;
}

const round = (x: number) => Math.round(x * 10000) / 10000;
/** hits of total as a rate with its Wilson interval (0 of nothing is 0). */
const rate = (hits: number, total: number) => ({ hits, total, value: total ? round(hits / total) : 0, ci: wilson(hits, total) });

export function scoreQa(questions: GoldQuestion[], predictions: (QaPrediction | null | undefined)[], k = 5, maxErrors = 5000): QaScores {
  const { errors, more: moreErrors, add: error } = errorList(maxErrors);
  let withQuote = 0;
  let recallHits = 0;
  let correct = 0;
  let abstentions = 0;
  let offTopicQuestions = 0;
  let offTopicRefused = 0;
  const ranks: (number | null)[] = [];
  const types = new Map<string, { questions: number; withQuote: number; hits: number; correct: number }>();
  questions.forEach((q, i) => {
    const p: QaPrediction = predictions[i] ?? { passages: [], answer: '', mode: 'none', outcome: 'not_in_graph' };
    const t = types.get(q.type ?? '(none)') ?? { questions: 0, withQuote: 0, hits: 0, correct: 0 };
    t.questions++;
    types.set(q.type ?? '(none)', t);
    const top = p.passages.slice(0, k);
    if (q.quotes.length) {
      withQuote++;
      t.withQuote++;
      const rank = rankOfAllQuotes(q.quotes, top);
      ranks.push(rank);
      if (rank !== null) {
        recallHits++;
        t.hits++;
      } else {
        error({
          kind: 'passage_missed',
          unit: 'question',
          item: q.key,
          gold: q.quotes.join(' … '),
          predicted: top.map((x) => x.document).join(', ') || null,
          spans: [],
          confidence: null,
        });
      }
    }
    // an off-topic question (no answers) is answered right by a refusal
    const offTopic = !q.answers.length;
    const ok = offTopic ? abstained(p) : answerCorrect(q.answers, p.answer);
    if (ok) t.correct++;
    if (offTopic) {
      offTopicQuestions++;
      if (ok) offTopicRefused++;
      else
        error({
          kind: 'wrong_answer',
          unit: 'question',
          item: q.key,
          gold: '(off-topic: not in the documents)',
          predicted: p.answer.slice(0, 500),
          spans: [],
          confidence: null,
        });
      return;
    }
    if (ok) correct++;
    if (abstained(p)) {
      abstentions++;
      error({ kind: 'abstained', unit: 'question', item: q.key, gold: q.answers.join(' | '), predicted: null, spans: [], confidence: null });
    } else if (!ok) {
      error({
        kind: 'wrong_answer',
        unit: 'question',
        item: q.key,
        gold: q.answers.join(' | '),
        predicted: p.answer.slice(0, 500),
        spans: [],
        confidence: null,
      });
    }
  });
  const n = questions.length;
  const answerable = n - offTopicQuestions;
  // calibration: the confidence against the first short answer being right (runs that record both)
  const points: ConfidencePoint[] = [];
  let found = 0;
  questions.forEach((q, i) => {
    const p = predictions[i];
    if (p?.answerOutcome === 'found') found++;
    if (!p || typeof p.confidence !== 'number' || !p.answers) return;
    const refused = abstained(p);
    points.push({
      confidence: refused ? 0 : p.confidence,
      correct: !refused && q.answers.length > 0 && answerCorrect(q.answers, p.answers[0] ?? ''),
      answerable: q.answers.length > 0,
    });
  });
  const calibration = points.length
    ? {
        ece: expectedCalibrationError(points.filter((x) => x.answerable)),
        precisionAt: precisionAt(points, DEFAULT_THRESHOLDS),
        coverage: rate(found, n),
        reliability: reliability(points.filter((x) => x.answerable)),
        precisionCoverage: precisionCoverage(points),
      }
    : {};
  const recallAtK = Array.from({ length: k }, (_, i) => ({
    k: i + 1,
    value: withQuote ? round(ranks.filter((r) => r !== null && r <= i + 1).length / withQuote) : 0,
  }));
  return {
    kind: 'qa',
    questions: n,
    k,
    passageRecall: rate(recallHits, withQuote),
    recallAtK,
    answerAccuracy: rate(correct, answerable),
    abstention: rate(abstentions, answerable),
    ...(offTopicQuestions ? { offTopicRefused: rate(offTopicRefused, offTopicQuestions) } : {}),
    perType: [...types]
      .map(([label, t]) => ({
        label,
        questions: t.questions,
        passageRecall: t.withQuote ? round(t.hits / t.withQuote) : null,
        answerAccuracy: round(t.correct / t.questions),
      }))
      .sort((a, b) => b.questions - a.questions || a.label.localeCompare(b.label)),
    errors,
    moreErrors: moreErrors(),
    ...calibration,
  };
}
