// Fitting the answer model (chat/ranker.ts) on questions with known answers: the candidate weights by
// logistic regression over every candidate's features (labelled right when a gold answer lies in its
// text), the same answer from several places merged as the ranker merges it; the calibration of the
// first answer's confidence and the groundedness model on held-apart folds (questions of one document in
// one fold), so neither is fitted on scores the candidate weights were fitted on; the L2 penalty chosen
// by the folds' top-1 accuracy; the unsure threshold as the lowest confidence whose answers reach the
// target precision on the folds. With `boost`, small boosted trees (learn/boost.ts) are fitted on top of
// the linear scores in each fold and for the table, so the folds judge the two together. Deterministic
// for the same examples and seed.
import type { AnswerContext } from './candidates/context';
import type { Candidate } from './candidates';
import { CANDIDATE_FEATURES } from './features';
import {
  ASKED_KIND_FEATURES,
  askedKindValues,
  CONFIDENCE_FEATURES,
  CONFIDENCE_TREE_FEATURES,
  evidenceKind,
  GRAPH_CONFIDENCE_FEATURES,
  GROUNDED_FEATURES,
  NULL_FEATURES,
  nullFeatures,
  QUESTION_FEATURES,
  TREE_FEATURES,
  treeFeatures,
  type EvidenceKind,
  type QuestionFeature,
} from './question-features';
import { fitConditionalLogit, fitLogistic, foldsByGroup, linear, sigmoid, thresholdFor, type LinearModel } from '../learn/logistic';
import { fitCalibration } from '../learn/calibrate';
import { fitBoostedLogistic, fitBoostedRanker, forestValue, type BoostOptions } from '../learn/boost';
import { AnswerRanker, featuresOf, originOf, type AnswerModel, type NamedModel } from './ranker';
import { answerCorrect } from '../text/answer-match';

export interface FitExample {
  /** The question's id (for reports). */
  id?: string;
  /** The group a fold keeps together (the question's document). */
  group: string;
  /** Gold answers; empty for a question the documents do not answer (off-topic). */
  gold: string[];
  ctx: AnswerContext;
  candidates: Candidate[];
}

interface FitOptions {
  folds?: number;
  seed?: number;
  /** L2 penalties tried for the candidate weights. */
  l2Grid?: number[];
  /** Objectives tried (the folds choose). */
  objectives?: Objective[];
  /** Target precision of the answers at or above the unsure threshold. */
  precision?: number;
  /** Share of answerable questions the groundedness threshold may refuse (on the folds). */
  refuseAnswerable?: number;
  /**
   * Boosted trees on top of the linear scores (absent: the linear table alone), fitted in each fold on the
   * fold's training documents alone and judged with the table; with the joint null, on its listwise loss.
   */
  boost?: BoostOptions;
  /**
   * Per-kind candidate weights (listwise; absent: the shared weights alone): for each kind of answer asked
   * (ASKED_KIND_FEATURES), deviations from the shared weights fitted on that kind's questions on top of the
   * shared scores, their L2 the chosen L2 times this scale, so that they stay at 0 (the shared weight) unless the
   * kind's own questions pull them away. Fitted in each fold on the fold's training documents alone.
   */
  kindWeights?: number;
  /** The least drop of the folds' mean log loss a feature must bring to enter the calibration (CALIBRATION_GAIN). */
  calibrationGain?: number;
  /**
   * The null alternative ("none of these", NULL_FEATURES): fitted with the candidate weights in one
   * softmax ('joint', listwise), fitted after them on their scores ('after'), or none ('none', the default).
   */
  nullMode?: NullMode;
  /** Nested folds by document for the held-out confidences (default true; false: the calibration's own folds). */
  nested?: Nesting;
  /** L2 penalties the calibration chooses among by its folds' calibration error (CALIBRATION_L2). */
  calibrationL2?: number[];
  /** The most question features the calibration chooses forward (besides the per-kind intercepts); absent: no limit. */
  calibrationMax?: number;
  /**
   * An intercept per kind of answer asked (features.ts ASKED_KIND_FEATURES always in the calibration of answers
   * read from passages, the other features chosen forward after them): how often a first answer is right
   * differs by what was asked, on documents the fit never saw as on those it did.
   */
  calibrationKinds?: boolean;
  /**
   * Bagging of the calibration (learn/calibrate.ts `bags`): its model the mean log-odds model of this many refits on
   * the rows' documents drawn with replacement (absent or 1: one fit).
   */
  calibrationBags?: number;
  /**
   * A log-odds shrink of the calibration fitted across documents (learn/calibrate.ts `shrink`): the scale and offset
   * that calibrate its by-document held-out predictions, applied to its model.
   */
  calibrationShrink?: boolean;
  /**
   * Small boosted trees added to the calibration's log-odds (answers read from passages), over
   * CONFIDENCE_TREE_FEATURES, fitted on the linear calibration's scores of the same rows (absent: the linear
   * calibration alone). Nested as the calibration: the trees that judge a fold never saw it.
   */
  calibrationTrees?: BoostOptions;
  /**
   * A group of candidate inputs held closer to 0 than the rest (listwise): their L2 is the chosen L2 times
   * `scale`. Inputs that mark few candidates of few questions (a document's identity, asked only by "which
   * document" questions) can separate their training questions outright, and an unpenalised weight then
   * grows until a wrong answer they mark is as sure as a right one.
   */
  groupL2?: GroupL2;
}

/** A group of candidate inputs with a stronger L2 (FitOptions.groupL2). */
export interface GroupL2 {
  features: readonly string[];
  scale: number;
}

/**
 * How the folds' confidences are estimated (FitOptions.nested): 'calibration' (the default) fits the
 * calibration, its features and its L2 chosen, on every fold but the one it judges (the scores those folds
 * hold are the ordinary held-out ones); 'rankers' also ranks those folds again by weights that never saw
 * the judged fold (k − 1 more rankings per fold: slow); 'none' reads the calibration's own held-out
 * predictions, whose features were chosen on the fold they judge (optimistic).
 */
export type Nesting = 'none' | 'calibration' | 'rankers';

/** How the null alternative is fitted (FitOptions.nullMode). */
export type NullMode = 'none' | 'joint' | 'after';

/**
 * The least drop of the folds' mean log loss (per question) that lets a question feature into the
 * calibration. Forward selection tries every listed feature at each step, so the best of them lowers the
 * held-out loss a little by chance alone; a feature must pay for itself by more than that.
 */
export const CALIBRATION_GAIN = 0.001;

/** L2 penalties of the calibration (on standardised inputs), chosen among by the folds' calibration error. */
export const CALIBRATION_L2 = [1, 3, 10, 30];

/**
 * The calibration options of the shipped answer table (docs/RETRIEVAL.md, "Re-fitting the shipped tables": the
 * command's `--calibration-max 4 --calibration-kinds`), which `graphwright eval fit` uses too, so that a table
 * re-fitted on one's own questions is calibrated the same way: at most four question features chosen forward,
 * and an intercept per kind of answer asked.
 */
export const SHIPPED_CALIBRATION: Pick<FitOptions, 'calibrationMax' | 'calibrationKinds'> = { calibrationMax: 4, calibrationKinds: true };

interface HeldOutPoint {
  group: string;
  /** Passages of text, or the graph's triples alone (each kind has its own calibration). */
  kind: EvidenceKind;
  answerable: boolean;
  correct: boolean;
  /**
   * Calibrated confidence: by nested folds (FitOptions.nested), the calibration fitted on the other folds'
   * questions alone, its features chosen on them.
   */
  confidence: number;
  /**
   * The calibration's held-out prediction on the folds its features were chosen on (the estimate before
   * nested folds: optimistic, the choice of features has seen the fold it is judged on).
   */
  selectedConfidence: number;
  grounded: number;
  /** Whether a right answer was among the candidates at all. */
  reachable: boolean;
  /** Where the first right answer was ranked (0 = first), -1 when none was a candidate. */
  rightRank: number;
  /** The question features of its held-out ranking. */
  features: number[];
  /** Where its first answer was read (chat/candidates/types.ts), null without one. */
  topSource: string | null;
}

export interface FitReport {
  l2: number;
  objective: Objective;
  /** Top-1 accuracy over answerable questions on the folds, per setting tried. */
  l2Accuracy: { l2: number; objective: Objective; accuracy: number }[];
  heldOut: HeldOutPoint[];
  examples: number;
  candidates: number;
}

/** A candidate is right when the grader of eval qa would grade it right (text/answer-match.ts). */
const isRight = (gold: string[], text: string) => answerCorrect(gold, text);

/** A question model as the table stores it: its own features by name. */
const named = (m: LinearModel, names: readonly QuestionFeature[]) => ({
  features: [...names],
  weights: names.map((n) => m.weights[QUESTION_FEATURES.indexOf(n)]),
  bias: m.bias,
});

const EMPTY = { features: [] as string[], weights: [] as number[], bias: 0 };

function modelOf(candidate: LinearModel, rest: Partial<AnswerModel> = {}): AnswerModel {
  return {
    version: 1,
    candidate: { features: [...CANDIDATE_FEATURES], weights: candidate.weights, bias: candidate.bias },
    ...(rest.null ? { null: rest.null } : {}),
    ...(rest.kindWeights?.length ? { kindWeights: rest.kindWeights } : {}),
    ...(rest.trees ? { trees: rest.trees } : {}),
    confidence: rest.confidence ?? EMPTY,
    ...(rest.confidenceTrees ? { confidenceTrees: rest.confidenceTrees } : {}),
    ...(rest.graphConfidence ? { graphConfidence: rest.graphConfidence } : {}),
    grounded: rest.grounded ?? EMPTY,
    groundedThreshold: rest.groundedThreshold ?? 0,
    threshold: rest.threshold ?? 0,
    fitted: rest.fitted ?? {},
  };
}

/** How candidate weights are fitted: each candidate alone (logistic) or each question's candidates against each other (softmax). */
type Objective = 'pointwise' | 'listwise';

/** The listwise penalty of each weight: `l2`, times the group's scale for the group's candidate inputs (the null's inputs after them keep `l2`). */
function penalties(l2: number, width: number, group?: GroupL2): number | number[] {
  if (!group || group.scale === 1) return l2;
  const held = new Set(group.features);
  return Array.from({ length: width }, (_, j) => (j < CANDIDATE_FEATURES.length && held.has(CANDIDATE_FEATURES[j]) ? l2 * group.scale : l2));
}

function fitOn(groups: { x: number[][]; right: boolean[] }[], l2: number, objective: Objective, group?: GroupL2): LinearModel {
  if (objective === 'listwise') return { weights: fitConditionalLogit(groups, { l2: penalties(l2, groups[0]?.x[0]?.length ?? 0, group) }), bias: 0 };
  return fitLogistic(
    groups.flatMap((g) => g.x),
    groups.flatMap((g) => g.right.map((r) => (r ? 1 : 0))),
    { l2 },
  );
}

/**
 * The candidate weights, the null alternative's weights over NULL_FEATURES (null: none fitted), and the per-kind
 * deviations of the candidate weights (FitOptions.kindWeights; absent: none), one per ASKED_KIND_FEATURES.
 */
interface CandidateFit {
  candidate: LinearModel;
  null: LinearModel | null;
  kinds?: LinearModel[];
}

/** The per-kind deviations as the table stores them: each kind's weights by name (a kind with none left out). */
const namedKinds = (kinds: LinearModel[] | undefined): AnswerModel['kindWeights'] =>
  (kinds ?? [])
    .map((m, k) => ({ kind: ASKED_KIND_FEATURES[k] as string, features: [...CANDIDATE_FEATURES] as string[], weights: m.weights, bias: 0 }))
    .filter((m) => m.weights.some((w) => w !== 0));

/** A fit as a table to rank with (no calibration): its candidate weights, per-kind weights and null. */
const rankerOf = (fit: CandidateFit, trees?: AnswerModel['trees']) =>
  new AnswerRanker(modelOf(fit.candidate, { trees, null: namedNull(fit.null), kindWeights: namedKinds(fit.kinds) }));

const NULL_WIDTH = NULL_FEATURES.length;
/** A candidate's row of the joint softmax: its features, then zeros where the null's inputs stand. */
const candidateRow = (x: number[]) => [...x, ...new Array<number>(NULL_WIDTH).fill(0)];
/** The null's row of the joint softmax: zeros where the candidate features stand, then its inputs. */
const nullRow = (ctx: AnswerContext) => [...new Array<number>(CANDIDATE_FEATURES.length).fill(0), ...nullFeatures(ctx)];

/**
 * Candidate weights: a first fit over every candidate, then a second over the merged answers the first
 * ranks; on questions answered from passages (a graph without text has path ends only, ordered by the walk).
 * With the null alternative fitted jointly ('joint'), every question answered from passages is one
 * softmax over its candidates and the null, the null right when no candidate is (an off-topic question,
 * or one whose answer no candidate holds); with 'after', the null is fitted on the merged answers' scores.
 */
function fitCandidates(
  examples: FitExample[],
  l2: number,
  objective: Objective = 'pointwise',
  nullMode: NullMode = 'none',
  group?: GroupL2,
  kindScale?: number,
): CandidateFit {
  const joint = nullMode === 'joint' && objective === 'listwise';
  const answerable = joint ? fromText(examples) : answeredFromText(examples);
  const groupsOf = (rows: { e: FitExample; x: number[][]; right: boolean[] }[]) =>
    rows.map(({ e, x, right }) => (joint ? { x: [...x.map(candidateRow), nullRow(e.ctx)], right: [...right, !right.some(Boolean)] } : { x, right }));
  const split = (w: LinearModel): CandidateFit =>
    joint
      ? {
          candidate: { weights: w.weights.slice(0, CANDIDATE_FEATURES.length), bias: 0 },
          null: { weights: w.weights.slice(CANDIDATE_FEATURES.length), bias: 0 },
        }
      : { candidate: w, null: null };
  const first = split(
    fitOn(
      groupsOf(answerable.map((e) => ({ e, x: e.candidates.map((c) => featuresOf(c, e.ctx)), right: e.candidates.map((c) => isRight(e.gold, c.text)) }))),
      l2,
      objective,
      group,
    ),
  );
  const merged = mergedAnswers(answerable, rankerOf(first));
  const shared = merged.some((g) => g.x.length) ? split(fitOn(groupsOf(merged), l2, objective, group)) : first;
  const fit = kindScale && objective === 'listwise' ? { ...shared, kinds: fitKindWeights(answerable, shared, l2 * kindScale, joint) } : shared;
  if (nullMode !== 'after') return fit;
  return { ...fit, null: fitNullAfter(fromText(examples), fit, l2) };
}

/**
 * The per-kind deviations of the candidate weights (FitOptions.kindWeights): for each kind asked in turn, a
 * softmax over its questions' merged answers (and the null, at its fitted score, when fitted jointly) whose
 * scores are those of the weights fitted so far (the shared ones, and the kinds fitted before it: a question
 * may ask more than one) plus the kind's deviations, penalised by `l2`.
 */
function fitKindWeights(examples: FitExample[], shared: CandidateFit, l2: number, joint: boolean): LinearModel[] {
  const kinds: LinearModel[] = [];
  const asked = new Map(examples.map((e) => [e, askedKindValues(e.ctx)]));
  const zero = new Array<number>(CANDIDATE_FEATURES.length).fill(0);
  for (let k = 0; k < ASKED_KIND_FEATURES.length; k++) {
    const mine = examples.filter((e) => asked.get(e)![k]);
    const ranker = rankerOf({ ...shared, kinds });
    const groups = mergedAnswers(mine, ranker).map(({ e, x, right }) => {
      const w = ranker.weightsFor(e.ctx);
      const base = x.map((f) => linear(w, f));
      const nullScore = joint ? ranker.nullScore(e.ctx) : null;
      return nullScore === null ? { x, right, base } : { x: [...x, zero], right: [...right, !right.some(Boolean)], base: [...base, nullScore] };
    });
    kinds.push({ weights: groups.length ? fitConditionalLogit(groups, { l2 }) : zero, bias: 0 });
  }
  return kinds;
}

/**
 * The null alternative fitted on fixed candidate scores: with the merged answers' scores s, the null's
 * share exp(n) / (exp(n) + Σ exp(s)) is a logistic regression of "no candidate is right" on its inputs,
 * offset by −log Σ exp(s). Questions without a candidate carry nothing and are left out.
 */
function fitNullAfter(examples: FitExample[], fit: CandidateFit, l2: number): LinearModel {
  const ranker = rankerOf({ ...fit, null: null });
  const rows: { u: number[]; y: number; offset: number }[] = [];
  for (const e of examples) {
    const ranked = ranker.rank(e.ctx, e.candidates).candidates;
    if (!ranked.length) continue;
    const max = ranked[0].score;
    const lse = max + Math.log(ranked.reduce((a, c) => a + Math.exp(c.score - max), 0));
    rows.push({ u: nullFeatures(e.ctx), y: ranked.some((c) => isRight(e.gold, c.text)) ? 0 : 1, offset: -lse });
  }
  // (the constant input 'null' is the bias: fitted without one of its own)
  const m = fitLogistic(
    rows.map((r) => r.u.slice(1)),
    rows.map((r) => r.y),
    { l2, offsets: rows.map((r) => r.offset) },
  );
  return { weights: [m.bias, ...m.weights], bias: 0 };
}

/** The answerable questions answered from passages (a graph without text has path ends only, ordered by the walk). */
const answeredFromText = (examples: FitExample[]) => examples.filter((e) => e.gold.length && evidenceKind(e.ctx) === 'text');

/** Each question's merged answers as `ranker` ranks them: their features (with support) and whether each is right. */
function mergedAnswers(examples: FitExample[], ranker: AnswerRanker): { e: FitExample; x: number[][]; right: boolean[] }[] {
  return examples.map((e) => {
    const ranked = ranker.rank(e.ctx, e.candidates).candidates;
    return {
      e,
      x: ranked.map((c) => featuresOf(originOf(c), e.ctx, c.support ?? 0, (c.sources ?? []).includes('path'))),
      right: ranked.map((c) => isRight(e.gold, c.text)),
    };
  });
}

/** The questions answered from passages, off-topic ones included. */
const fromText = (examples: FitExample[]) => examples.filter((e) => evidenceKind(e.ctx) === 'text');

/** A fitted null as the table stores it: its inputs by name. */
const namedNull = (m: LinearModel | null) => (m ? { features: [...NULL_FEATURES], weights: m.weights, bias: m.bias } : undefined);

/**
 * Boosted trees over the merged answers the linear table ranks (questions answered from passages), each
 * answer's linear score the base the trees add to: what the table cannot express, the trees fit. With the
 * null alternative fitted jointly, each question's softmax holds the null too, at its fitted score (the trees
 * do not score it), right when no answer is: the trees are fitted on the listwise loss the table was, off-topic
 * questions and those no candidate answers included.
 */
function fitTrees(examples: FitExample[], fit: CandidateFit, boost: BoostOptions, nullMode: NullMode = 'none'): AnswerModel['trees'] {
  const joint = nullMode === 'joint' && fit.null !== null;
  const ranker = rankerOf(fit);
  const groups = mergedAnswers(joint ? fromText(examples) : answeredFromText(examples), ranker).map(({ e, x, right }) => {
    const w = ranker.weightsFor(e.ctx);
    const base = x.map((f) => linear(w, f));
    const fixed = joint && fit.null ? [{ score: linear(fit.null, nullFeatures(e.ctx)), right: !right.some(Boolean) }] : undefined;
    return { x: x.map((f, i) => treeFeatures(f, e.ctx, base[i])), right, base, ...(fixed ? { fixed } : {}) };
  });
  return { features: [...TREE_FEATURES], trees: fitBoostedRanker(groups, boost) };
}

interface Ranked {
  e: FitExample;
  q: number[];
  topSource: string | null;
  correct: boolean;
  reachable: boolean;
  rightRank: number;
}

function rankAll(fit: CandidateFit, trees: AnswerModel['trees'], examples: FitExample[]): Ranked[] {
  const ranker = rankerOf(fit, trees);
  return examples.map((e) => {
    const ranking = ranker.rank(e.ctx, e.candidates);
    const r = ranking.candidates;
    const rightRank = e.gold.length ? r.findIndex((c) => isRight(e.gold, c.text)) : -1;
    return {
      e,
      q: ranking.features,
      topSource: r[0]?.source ?? null,
      correct: rightRank === 0,
      reachable: rightRank >= 0,
      rightRank,
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
  const grid = (options.objectives ?? ['pointwise', 'listwise']).flatMap((objective) =>
    (options.l2Grid ?? [0.03, 0.1, 0.3, 1, 3, 10]).map((l2) => ({ objective, l2 })),
  );
  // the questions of the folds `test` ranked by weights fitted on every fold but those of `apart`
  const rankApart = (out: Ranked[], test: number, apart: number[], objective: Objective, l2: number) => {
    const train = examples.filter((_, i) => !apart.includes(folds[i]));
    const held = examples.map((e, i) => ({ e, i })).filter((x) => folds[x.i] === test);
    const w = fitCandidates(train, l2, objective, options.nullMode, options.groupL2, options.kindWeights);
    const ranked = rankAll(
      w,
      options.boost ? fitTrees(train, w, options.boost, options.nullMode) : undefined,
      held.map((x) => x.e),
    );
    held.forEach((x, j) => (out[x.i] = ranked[j]));
  };
  // held-out rankings per setting: each fold ranked by weights fitted on the others
  const heldOutBy: Ranked[][] = [];
  for (const { objective, l2 } of grid) {
    const out: Ranked[] = new Array(examples.length);
    for (let f = 0; f < k; f++) rankApart(out, f, [f], objective, l2);
    heldOutBy.push(out);
  }
  const kinds = examples.map((e) => evidenceKind(e.ctx));
  const accuracy = (rs: Ranked[]) => {
    const a = rs.filter((r, i) => r.e.gold.length && kinds[i] === 'text');
    return a.length ? a.filter((r) => r.correct).length / a.length : 0;
  };
  const l2Accuracy = grid.map((g, i) => ({ ...g, accuracy: Math.round(accuracy(heldOutBy[i]) * 1000) / 1000 }));
  const chosen = l2Accuracy.map((x, i) => ({ ...x, i })).sort((a, b) => b.accuracy - a.accuracy || a.i - b.i)[0];
  const { l2, objective } = chosen;
  const heldOut = heldOutBy[chosen.i];

  // nested folds by document (FitOptions.nested): the calibration that judges a fold is fitted on the
  // other folds alone, so the folds' figures say what a new document sees; with 'rankers', the other
  // folds' questions are ranked again by weights that saw neither them nor the judged fold
  const nesting = options.nested ?? 'calibration';
  const innerBy: Ranked[][] = [];
  for (let f = 0; f < k; f++) {
    if (nesting !== 'rankers') {
      innerBy.push(heldOut);
      continue;
    }
    const out: Ranked[] = new Array(examples.length);
    for (let g = 0; g < k; g++) if (g !== f) rankApart(out, g, [f, g], objective, l2);
    innerBy.push(out);
  }

  // calibration, per evidence kind, over question features of the held-out rankings (so its own
  // held-out predictions are the calibrated confidences the thresholds are chosen on): a logistic
  // regression whose features are chosen forward by the folds' log loss among the kind's own list
  const calibrated = new Array<number>(examples.length).fill(0);
  const selected = new Array<number>(examples.length).fill(0);
  const none = QUESTION_FEATURES.indexOf('noCandidate');
  const calibrate = (kind: EvidenceKind, names: readonly QuestionFeature[], fixedNames: readonly QuestionFeature[] = []): NamedModel | undefined => {
    const rows = heldOut.map((_, i) => i).filter((i) => kinds[i] === kind);
    if (rows.length < 10) return undefined;
    const cols = names.map((n) => QUESTION_FEATURES.indexOf(n));
    const calibrationOptions = {
      l2Grid: options.calibrationL2 ?? CALIBRATION_L2,
      minGain: options.calibrationGain ?? CALIBRATION_GAIN,
      maxFeatures: options.calibrationMax,
      fixed: fixedNames.map((n) => names.indexOf(n)).filter((j) => j >= 0),
      ...(options.calibrationBags ? { bags: options.calibrationBags } : {}),
      ...(options.calibrationShrink ? { shrink: true } : {}),
    };
    const groups = (at: number[]) => ({ ...calibrationOptions, groups: at.map((i) => examples[i].group) });
    const X = (rankings: Ranked[], at: number[]) => at.map((i) => cols.map((c) => rankings[i].q[c]));
    const y = (at: number[]) => at.map((i) => (heldOut[i].correct ? 1 : 0));
    // (calibrationTrees: trees over the tree inputs on top of a linear calibration's log-odds of the same rows)
    const treeOptions = kind === 'text' ? options.calibrationTrees : undefined;
    const treeCols = CONFIDENCE_TREE_FEATURES.map((n) => QUESTION_FEATURES.indexOf(n));
    const treeX = (rankings: Ranked[], i: number) => treeCols.map((c) => rankings[i].q[c]);
    const fitTreesOn = (rankings: Ranked[], at: number[], base: LinearModel) => {
      if (!treeOptions) return [];
      const xs = X(rankings, at);
      return fitBoostedLogistic(
        at.map((i, j) => ({ x: treeX(rankings, i), right: heldOut[i].correct, base: linear(base, xs[j]) })),
        treeOptions,
      );
    };
    const fit = fitCalibration(
      X(heldOut, rows),
      y(rows),
      rows.map((i) => folds[i]),
      groups(rows),
    );
    // (no candidate: the ranker gives confidence 0, as here)
    rows.forEach((i, j) => (selected[i] = heldOut[i].q[none] ? 0 : fit.heldOut[j]));
    for (let f = 0; f < k; f++) {
      const test = rows.filter((i) => folds[i] === f);
      if (nesting === 'none') {
        test.forEach((i) => (calibrated[i] = selected[i]));
        continue;
      }
      const train = rows.filter((i) => folds[i] !== f);
      const outer = fitCalibration(
        X(innerBy[f], train),
        y(train),
        train.map((i) => folds[i]),
        groups(train),
      );
      const trees = fitTreesOn(innerBy[f], train, outer.model);
      const p = X(heldOut, test).map((x, j) => sigmoid(linear(outer.model, x) + forestValue(trees, treeX(heldOut, test[j]))));
      test.forEach((i, j) => (calibrated[i] = heldOut[i].q[none] ? 0 : p[j]));
    }
    if (treeOptions) confidenceTrees = { features: [...CONFIDENCE_TREE_FEATURES], trees: fitTreesOn(heldOut, rows, fit.model) };
    return { features: fit.columns.map((j) => names[j]), weights: fit.columns.map((j) => fit.model.weights[j]), bias: fit.model.bias };
  };
  let confidenceTrees: AnswerModel['confidenceTrees'];
  const confidence = calibrate('text', CONFIDENCE_FEATURES, options.calibrationKinds ? ASKED_KIND_FEATURES : []) ?? EMPTY;
  const graphConfidence = calibrate('graph', GRAPH_CONFIDENCE_FEATURES);

  // groundedness (questions answered from passages; a graph without text is judged by its retrieval):
  // a logistic regression over its own few question features
  const fitQuestionModel = (rows: Ranked[], label: (r: Ranked) => boolean, names: readonly QuestionFeature[]): LinearModel => {
    const idx = names.map((n) => QUESTION_FEATURES.indexOf(n));
    const m = fitLogistic(
      rows.map((r) => idx.map((k) => r.q[k])),
      rows.map((r) => (label(r) ? 1 : 0)),
      { l2: 1 },
    );
    const weights = QUESTION_FEATURES.map(() => 0);
    idx.forEach((k, j) => (weights[k] = m.weights[j]));
    return { weights, bias: m.bias };
  };
  const grounded = new Array<number>(examples.length).fill(1);
  const textRows = heldOut.filter((_, i) => kinds[i] === 'text');
  for (let f = 0; f < k; f++) {
    const grd = fitQuestionModel(
      textRows.filter((r) => folds[examples.indexOf(r.e)] !== f),
      (r) => r.e.gold.length > 0,
      GROUNDED_FEATURES,
    );
    heldOut.forEach((r, i) => {
      if (folds[i] === f && kinds[i] === 'text') grounded[i] = sigmoid(linear(grd, r.q));
    });
  }
  const points: HeldOutPoint[] = heldOut.map((r, i) => ({
    group: r.e.group,
    kind: kinds[i],
    answerable: r.e.gold.length > 0,
    correct: r.correct,
    confidence: calibrated[i],
    selectedConfidence: selected[i],
    grounded: grounded[i],
    reachable: r.reachable,
    rightRank: r.rightRank,
    features: r.q,
    topSource: r.topSource,
  }));
  // groundedness: the highest threshold that refuses at most `refuseAnswerable` of the answerable questions on
  // the folds (refusing an answerable question costs its answer; every off-topic one below it is refused)
  const answerableGrounded = points
    .filter((p) => p.answerable && p.kind === 'text')
    .map((p) => p.grounded)
    .sort((a, b) => a - b);
  const allowed = Math.floor((options.refuseAnswerable ?? 0.03) * answerableGrounded.length);
  const groundedThreshold = answerableGrounded.length ? Math.round(answerableGrounded[Math.min(allowed, answerableGrounded.length - 1)] * 1000) / 1000 : 0;
  const threshold = thresholdFor(
    points.filter((p) => p.kind === 'text' && p.grounded >= groundedThreshold),
    options.precision ?? 0.85,
  );

  const final = fitCandidates(examples, l2, objective, options.nullMode, options.groupL2, options.kindWeights);
  const { candidate, null: nullModel } = final;
  const trees = options.boost ? fitTrees(examples, final, options.boost, options.nullMode) : undefined;
  const groundedModel = fitQuestionModel(textRows, (r) => r.e.gold.length > 0, GROUNDED_FEATURES);
  const model = modelOf(candidate, {
    trees,
    null: namedNull(nullModel),
    kindWeights: namedKinds(final.kinds),
    confidence,
    ...(confidenceTrees ? { confidenceTrees } : {}),
    ...(graphConfidence ? { graphConfidence } : {}),
    grounded: named(groundedModel, GROUNDED_FEATURES),
    groundedThreshold,
    threshold,
  });
  return {
    model,
    report: { l2, objective, l2Accuracy, heldOut: points, examples: examples.length, candidates: examples.reduce((a, e) => a + e.candidates.length, 0) },
  };
}
