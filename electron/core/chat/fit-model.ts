// Fitting the answer model (chat/ranker.ts) on questions with known answers: the candidate weights by
// logistic regression over every candidate's features (labelled right when a gold answer lies in its
// text), the same answer from several places merged as the ranker merges it; the calibration of the
// first answer's confidence and the groundedness model on held-apart folds (questions of one document in
// one fold), so neither is fitted on scores the candidate weights were fitted on; the L2 penalty chosen
// by the folds' top-1 accuracy; the unsure threshold as the lowest confidence whose answers reach the
// target precision on the folds. Deterministic for the same examples and seed.
import type { AnswerContext } from './candidates/context';
import { answerKey, type Candidate } from './candidates';
import { candidateFeatures, CANDIDATE_FEATURES, questionFeatures, QUESTION_FEATURES } from './features';
import { fitLogistic, foldsByGroup, linear, sigmoid, thresholdFor, type LinearModel } from '../learn/logistic';
import { AnswerRanker, type AnswerModel } from './ranker';

export interface FitExample {
  /** The group a fold keeps together (the question's document). */
  group: string;
  /** Gold answers; empty for a question the documents do not answer (off-topic). */
  gold: string[];
  ctx: AnswerContext;
  candidates: Candidate[];
}

export interface FitOptions {
  folds?: number;
  seed?: number;
  /** L2 penalties tried for the candidate weights. */
  l2Grid?: number[];
  /** Target precision of the answers at or above the unsure threshold. */
  precision?: number;
  /** Share of off-topic questions the groundedness threshold should refuse (on the folds). */
  refuse?: number;
}

export interface HeldOutPoint {
  group: string;
  answerable: boolean;
  correct: boolean;
  /** Calibrated confidence (fitted on the other folds). */
  confidence: number;
  grounded: number;
  /** Whether a right answer was among the candidates at all. */
  reachable: boolean;
}

export interface FitReport {
  l2: number;
  /** Top-1 accuracy over answerable questions on the folds, per L2 tried. */
  l2Accuracy: { l2: number; accuracy: number }[];
  heldOut: HeldOutPoint[];
  examples: number;
  candidates: number;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
/** A candidate is right when a gold answer lies in its text (case and spacing aside), as answers are graded. */
export const isRight = (gold: string[], text: string) => {
  const t = squash(text);
  return gold.some((g) => squash(g).length > 0 && t.includes(squash(g)));
};

const EMPTY = { features: [] as string[], weights: [] as number[], bias: 0 };

function modelOf(candidate: LinearModel, rest: Partial<AnswerModel> = {}): AnswerModel {
  return {
    version: 1,
    candidate: { features: [...CANDIDATE_FEATURES], weights: candidate.weights, bias: candidate.bias },
    confidence: rest.confidence ?? EMPTY,
    grounded: rest.grounded ?? EMPTY,
    groundedThreshold: rest.groundedThreshold ?? 0,
    threshold: rest.threshold ?? 0,
    fitted: rest.fitted ?? {},
  };
}

/** Candidate weights: a first fit over every candidate, then a second over the merged answers the first ranks. */
function fitCandidates(examples: FitExample[], l2: number): LinearModel {
  const answerable = examples.filter((e) => e.gold.length);
  const X: number[][] = [];
  const y: number[] = [];
  for (const e of answerable)
    for (const c of e.candidates) {
      X.push(candidateFeatures(c, e.ctx));
      y.push(isRight(e.gold, c.text) ? 1 : 0);
    }
  const first = fitLogistic(X, y, { l2 });
  const ranker = new AnswerRanker(modelOf(first));
  const X2: number[][] = [];
  const y2: number[] = [];
  for (const e of answerable) {
    for (const c of ranker.rank(e.ctx, e.candidates).candidates) {
      X2.push(candidateFeatures(c, e.ctx, c.support ?? 0, (c.sources ?? []).includes('path')));
      y2.push(isRight(e.gold, c.text) ? 1 : 0);
    }
  }
  return X2.length ? fitLogistic(X2, y2, { l2 }) : first;
}

interface Ranked {
  e: FitExample;
  q: number[];
  correct: boolean;
  reachable: boolean;
}

function rankAll(candidate: LinearModel, examples: FitExample[]): Ranked[] {
  const ranker = new AnswerRanker(modelOf(candidate));
  return examples.map((e) => {
    const r = ranker.rank(e.ctx, e.candidates).candidates;
    return {
      e,
      q: questionFeatures(e.ctx, r[0]?.score ?? null, r[1]?.score ?? null),
      correct: !!r[0] && e.gold.length > 0 && isRight(e.gold, r[0].text),
      reachable: e.gold.length > 0 && r.some((c) => isRight(e.gold, c.text)),
    };
  });
}

/** Fit the whole answer model; the report holds the held-out (fold) predictions it was judged on. */
export function fitAnswerModel(examples: FitExample[], options: FitOptions = {}): { model: AnswerModel; report: FitReport } {
  const k = Math.max(2, Math.min(options.folds ?? 5, new Set(examples.map((e) => e.group)).size));
  const folds = foldsByGroup(
    examples.map((e) => e.group),
    k,
    options.seed ?? 1,
  );
  const grid = options.l2Grid ?? [0.3, 1, 3, 10];
  // held-out rankings per L2: each fold ranked by weights fitted on the others
  const heldOutBy = new Map<number, Ranked[]>();
  for (const l2 of grid) {
    const out: Ranked[] = new Array(examples.length);
    for (let f = 0; f < k; f++) {
      const train = examples.filter((_, i) => folds[i] !== f);
      const test = examples.map((e, i) => ({ e, i })).filter((x) => folds[x.i] === f);
      const w = fitCandidates(train, l2);
      const ranked = rankAll(
        w,
        test.map((x) => x.e),
      );
      test.forEach((x, j) => (out[x.i] = ranked[j]));
    }
    heldOutBy.set(l2, out);
  }
  const accuracy = (rs: Ranked[]) => {
    const a = rs.filter((r) => r.e.gold.length);
    return a.length ? a.filter((r) => r.correct).length / a.length : 0;
  };
  const l2Accuracy = grid.map((l2) => ({ l2, accuracy: Math.round(accuracy(heldOutBy.get(l2)!) * 1000) / 1000 }));
  const l2 = [...l2Accuracy].sort((a, b) => b.accuracy - a.accuracy || a.l2 - b.l2)[0].l2;
  const heldOut = heldOutBy.get(l2)!;

  // calibration and groundedness: logistic regressions over the question features of held-out rankings;
  // their own held-out predictions (fitted on the other folds) choose the thresholds
  const fitQuestionModel = (rows: Ranked[], label: (r: Ranked) => boolean) =>
    fitLogistic(
      rows.map((r) => r.q),
      rows.map((r) => (label(r) ? 1 : 0)),
      { l2: 0.1 },
    );
  const calibrated = new Array<number>(examples.length);
  const grounded = new Array<number>(examples.length);
  for (let f = 0; f < k; f++) {
    const rows = heldOut.filter((_, i) => folds[i] !== f);
    const conf = fitQuestionModel(rows, (r) => r.correct);
    const grd = fitQuestionModel(rows, (r) => r.e.gold.length > 0);
    heldOut.forEach((r, i) => {
      if (folds[i] !== f) return;
      calibrated[i] = sigmoid(linear(conf, r.q));
      grounded[i] = sigmoid(linear(grd, r.q));
    });
  }
  const points: HeldOutPoint[] = heldOut.map((r, i) => ({
    group: r.e.group,
    answerable: r.e.gold.length > 0,
    correct: r.correct,
    confidence: calibrated[i],
    grounded: grounded[i],
    reachable: r.reachable,
  }));
  // groundedness: refuse the target share of the off-topic questions on the folds
  const off = points
    .filter((p) => !p.answerable)
    .map((p) => p.grounded)
    .sort((a, b) => a - b);
  const refuse = options.refuse ?? 0.95;
  const groundedThreshold = off.length ? Math.round(Math.min(0.9, off[Math.min(off.length - 1, Math.ceil(refuse * off.length) - 1)] + 1e-3) * 1000) / 1000 : 0;
  const threshold = thresholdFor(
    points.filter((p) => p.grounded >= groundedThreshold),
    options.precision ?? 0.85,
  );

  const candidate = fitCandidates(examples, l2);
  const confidence = fitQuestionModel(heldOut, (r) => r.correct);
  const groundedModel = fitQuestionModel(heldOut, (r) => r.e.gold.length > 0);
  const model = modelOf(candidate, {
    confidence: { features: [...QUESTION_FEATURES], weights: confidence.weights, bias: confidence.bias },
    grounded: { features: [...QUESTION_FEATURES], weights: groundedModel.weights, bias: groundedModel.bias },
    groundedThreshold,
    threshold,
  });
  return {
    model,
    report: { l2, l2Accuracy, heldOut: points, examples: examples.length, candidates: examples.reduce((a, e) => a + e.candidates.length, 0) },
  };
}
