// Calibrating a probability on held-apart data: a logistic regression over a few inputs chosen forward by
// held-out log loss (learn/logistic.ts selectLogistic), its L2 penalty chosen among a grid by the held-out
// expected calibration error over the same folds (a penalty that lowers the log loss may still leave the
// middle of the scale off the diagonal, and the calibration error is what a confidence is read for).
import { selectLogistic, type LinearModel } from './logistic';
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
  const { columns, model, heldOut, l2 } = best!;
  return { columns, model, heldOut, l2 };
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
