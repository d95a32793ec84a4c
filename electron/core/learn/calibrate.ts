// Calibrating a probability on held-apart data: a logistic regression over a few inputs chosen forward by
// held-out log loss (learn/logistic.ts selectLogistic), its L2 penalty chosen among a grid by the held-out
// expected calibration error over the same folds (a penalty that lowers the log loss may still leave the
// middle of the scale off the diagonal, and the calibration error is what a confidence is read for).
import { fitPlatt, logit, selectLogistic, sigmoid, type LinearModel } from './logistic';
import { mulberry32 } from './random';

/**
 * Expected calibration error of predictions `p` of outcomes `y` (0 / 1): over equal-width bins of [0, 1],
 * |mean prediction − share of ones| weighted by the bin's share of the rows (eval/calibration.ts measures
 * answers the same way).
 */
export function calibrationError(p: number[], y: number[], bins = 10): number {
  const sum = new Array<number>(bins).fill(0);
  const ones = new Array<number>(bins).fill(0);
  p.forEach((q, i) => {
    const b = Math.min(bins - 1, Math.floor(Math.min(1, Math.max(0, q)) * bins));
    sum[b] += q;
    ones[b] += y[i];
  });
  return sum.reduce((a, s, b) => a + Math.abs(s - ones[b]), 0) / Math.max(1, p.length);
}

export interface CalibrationOptions {
  /** L2 penalties tried (on standardised inputs); the one with the least held-out calibration error is kept. */
  l2Grid?: number[];
  /** The least drop of the folds' mean log loss a column must bring to be selected. */
  minGain?: number;
  /** The most columns chosen forward (besides the fixed ones). */
  maxFeatures?: number;
  /** Columns always in (e.g. indicators of a kind of row, each its own intercept), the others chosen forward after them. */
  fixed?: number[];
  /**
   * Bagging: the calibration (its columns and weights, at the L2 chosen) refitted on this many resamples of the
   * rows' documents (`groups`; absent: of the folds) drawn with replacement, seeded, and the model returned the mean
   * of their log-odds models (one linear model over the union of their columns).
   */
  bags?: number;
  /** The document of each row, for bagging (rows of one document are drawn together). */
  groups?: string[];
  /** The bags' seed (1). */
  seed?: number;
  /**
   * A log-odds shrink fitted across documents: the scale and offset of the held-out predictions' log-odds
   * (each row predicted by the calibration fitted without its fold) that best predict the outcomes (Platt),
   * applied to the model. A calibration surer on the documents it was fitted on than on others is scaled down.
   */
  shrink?: boolean;
}

export interface Calibration {
  /** The columns chosen. */
  columns: number[];
  /** Weights over every column (0 for those not chosen) and the bias, fitted on every row. */
  model: LinearModel;
  /** Each row's prediction by the calibration fitted on the other folds. */
  heldOut: number[];
  l2: number;
}

/** The calibration of `y` on the columns of `X`, with `folds` (by document) holding rows apart. */
export function fitCalibration(X: number[][], y: number[], folds: number[], options: CalibrationOptions = {}): Calibration {
  let best: (Calibration & { error: number }) | null = null;
  for (const l2 of options.l2Grid ?? [1]) {
    const s = selectLogistic(X, y, folds, { l2, minGain: options.minGain, maxFeatures: options.maxFeatures, fixed: options.fixed });
    const error = calibrationError(s.heldOut, y);
    if (!best || error < best.error) best = { columns: s.columns, model: s.model, heldOut: s.heldOut, l2, error };
  }
  let { columns, model, heldOut } = best!;
  const { l2 } = best!;
  if (options.bags && options.bags > 1) {
    const bagged = bagModels(X, y, folds, l2, options);
    model = bagged.model;
    columns = [...new Set([...columns, ...bagged.columns])].sort((a, b) => a - b);
  }
  if (options.shrink) {
    const { a, b } = fitPlatt(
      heldOut.map(logit),
      y.map((v) => v === 1),
    );
    model = { weights: model.weights.map((w) => a * w), bias: a * model.bias + b };
    heldOut = heldOut.map((p) => sigmoid(a * logit(p) + b));
  }
  return { columns, model, heldOut, l2 };
}

/** The mean log-odds model of the calibration refitted on `options.bags` resamples of the documents (or folds). */
function bagModels(X: number[][], y: number[], folds: number[], l2: number, options: CalibrationOptions): { model: LinearModel; columns: number[] } {
  const units = options.groups ?? folds.map(String);
  const distinct = [...new Set(units)].sort();
  const rowsOf = new Map<string, number[]>(distinct.map((u) => [u, []]));
  units.forEach((u, i) => rowsOf.get(u)!.push(i));
  const rnd = mulberry32(options.seed ?? 1);
  const d = X[0]?.length ?? 0;
  const weights = new Array<number>(d).fill(0);
  let bias = 0;
  const columns = new Set<number>();
  const bags = options.bags!;
  for (let b = 0; b < bags; b++) {
    const rows = distinct.flatMap(() => rowsOf.get(distinct[Math.floor(rnd() * distinct.length)])!);
    const s = selectLogistic(
      rows.map((i) => X[i]),
      rows.map((i) => y[i]),
      rows.map((i) => folds[i]),
      { l2, minGain: options.minGain, maxFeatures: options.maxFeatures, fixed: options.fixed },
    );
    s.model.weights.forEach((w, j) => (weights[j] += w / bags));
    bias += s.model.bias / bags;
    for (const c of s.columns) columns.add(c);
  }
  return { model: { weights, bias }, columns: [...columns] };
}

/**
 * The calibration error a perfectly calibrated confidence would show on these confidences: each answer
 * drawn right with its own confidence, the error averaged over `draws` (seeded). An ECE over few answers
 * is biased upward (each bin's share right scatters around its mean confidence), so an ECE is read against
 * this floor at the same size: the same confidences on 120 answers read about twice their error on 700.
 */
export function calibrationErrorFloor(confidences: number[], draws = 500, seed = 1): number {
  if (!confidences.length) return 0;
  const rnd = mulberry32(seed);
  let sum = 0;
  for (let t = 0; t < draws; t++)
    sum += calibrationError(
      confidences,
      confidences.map((c) => (rnd() < c ? 1 : 0)),
    );
  return sum / draws;
}
