// The fitting math under the answer model (learn/logistic.ts) and the calibration measures
// (eval/calibration.ts), on synthetic sets whose true probabilities are known: a fitted logistic
// regression or Platt scaling must recover them, and a calibrated confidence must have a small ECE
// where a miscalibrated one has a large one.
import { describe, expect, it } from 'vitest';
import {
  fitConditionalLogit,
  fitLogistic,
  fitLogisticStandardised,
  fitPlatt,
  foldsByGroup,
  linear,
  selectLogistic,
  sigmoid,
  thresholdFor,
} from '../../electron/core/learn/logistic';
import { expectedCalibrationError, precisionAt, precisionCoverage, reliability } from '../../electron/core/eval/calibration';
import { mulberry32 } from '../../electron/core/learn/random';

/** n scores in [-3, 3], each right with the known probability sigmoid(a · score + b). */
function syntheticScores(n: number, a: number, b: number, seed = 7) {
  const rnd = mulberry32(seed);
  return Array.from({ length: n }, () => {
    const score = rnd() * 6 - 3;
    const p = sigmoid(a * score + b);
    return { score, p, correct: rnd() < p };
  });
}

describe('calibration on a synthetic set with known probabilities', () => {
  const data = syntheticScores(4000, 2, -1);

  it('Platt scaling recovers the slope and offset the outcomes were drawn with', () => {
    const { a, b } = fitPlatt(
      data.map((d) => d.score),
      data.map((d) => d.correct),
    );
    expect(a).toBeGreaterThan(1.8);
    expect(a).toBeLessThan(2.2);
    expect(b).toBeGreaterThan(-1.2);
    expect(b).toBeLessThan(-0.8);
  });

  it('the true probabilities have a small ECE; a confidence that ignores the offset and slope has a large one', () => {
    const calibrated = data.map((d) => ({ confidence: d.p, correct: d.correct }));
    const overconfident = data.map((d) => ({ confidence: sigmoid(4 * d.score + 1), correct: d.correct }));
    expect(expectedCalibrationError(calibrated)).toBeLessThan(0.03);
    expect(expectedCalibrationError(overconfident)).toBeGreaterThan(0.1);
    // Platt-scaled on held-apart data (fitted on one half, measured on the other), the overconfident
    // score becomes calibrated again
    const half = data.length / 2;
    const raw = data.map((d) => 4 * d.score + 1);
    const platt = fitPlatt(
      raw.slice(0, half),
      data.slice(0, half).map((d) => d.correct),
    );
    const rescaled = data.slice(half).map((d, i) => ({ confidence: sigmoid(platt.a * raw[half + i] + platt.b), correct: d.correct }));
    expect(expectedCalibrationError(rescaled)).toBeLessThan(0.04);
  });

  it('reliability bins hold the mean confidence and share right of their answers', () => {
    const bins = reliability(
      [
        { confidence: 0.05, correct: false },
        { confidence: 0.15, correct: false },
        { confidence: 0.95, correct: true },
        { confidence: 1, correct: false },
      ],
      10,
    );
    expect(bins).toHaveLength(10);
    expect(bins[0]).toMatchObject({ count: 1, confidence: 0.05, accuracy: 0 });
    expect(bins[9]).toMatchObject({ count: 2, confidence: 0.975, accuracy: 0.5 });
    expect(bins[5]).toMatchObject({ count: 0, confidence: null, accuracy: null });
  });

  it('precision and coverage at a threshold count off-topic questions as answered but not as answerable', () => {
    const points = [
      { confidence: 0.9, correct: true },
      { confidence: 0.85, correct: false },
      { confidence: 0.82, correct: false, answerable: false },
      { confidence: 0.5, correct: true },
    ];
    const [at8] = precisionAt(points, [0.8]);
    expect(at8).toMatchObject({ answered: 3, correct: 1, precision: 0.3333, coverage: 0.3333 });
    const curve = precisionCoverage(points);
    expect(curve[0]).toMatchObject({ threshold: 0.9, precision: 1, coverage: 0.3333 });
    expect(curve.at(-1)).toMatchObject({ threshold: 0.5, precision: 0.5, coverage: 0.6667 });
  });
});

describe('the fitting math', () => {
  it('logistic regression recovers weights of two features from their outcomes', () => {
    const rnd = mulberry32(3);
    const X: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 5000; i++) {
      const x = [rnd() * 2 - 1, rnd() * 2 - 1];
      X.push(x);
      y.push(rnd() < sigmoid(3 * x[0] - 2 * x[1] + 0.5) ? 1 : 0);
    }
    const m = fitLogistic(X, y, { l2: 1e-3 });
    expect(m.weights[0]).toBeGreaterThan(2.6);
    expect(m.weights[0]).toBeLessThan(3.4);
    expect(m.weights[1]).toBeGreaterThan(-2.4);
    expect(m.weights[1]).toBeLessThan(-1.6);
    expect(m.bias).toBeGreaterThan(0.3);
    expect(m.bias).toBeLessThan(0.7);
    // a strong penalty shrinks the weights towards 0
    const shrunk = fitLogistic(X, y, { l2: 1000 });
    expect(Math.abs(shrunk.weights[0])).toBeLessThan(Math.abs(m.weights[0]) / 2);
  });

  it('logistic regression with a known offset per example fits only what the offset leaves', () => {
    // the null alternative's share is sigmoid(u·v − log Σ exp(candidate scores)): the offset is known
    const rnd = mulberry32(5);
    const X: number[][] = [];
    const y: number[] = [];
    const offsets: number[] = [];
    for (let i = 0; i < 5000; i++) {
      const x = [rnd() * 2 - 1];
      const offset = rnd() * 4 - 2;
      X.push(x);
      offsets.push(offset);
      y.push(rnd() < sigmoid(2 * x[0] - 1 + offset) ? 1 : 0);
    }
    const m = fitLogistic(X, y, { l2: 1e-3, offsets });
    expect(m.weights[0]).toBeGreaterThan(1.7);
    expect(m.weights[0]).toBeLessThan(2.3);
    expect(m.bias).toBeGreaterThan(-1.2);
    expect(m.bias).toBeLessThan(-0.8);
  });

  it('a softmax over each group learns the feature that marks its right item, whatever the group adds to all', () => {
    const rnd = mulberry32(11);
    const groups = Array.from({ length: 200 }, () => {
      const offset = rnd() * 10; // shared by the group's items: a softmax must ignore it
      const x = Array.from({ length: 4 }, () => [offset + rnd(), rnd()]);
      const best = x.reduce((bi, v, i) => (v[1] > x[bi][1] ? i : bi), 0);
      return { x, right: x.map((_, i) => i === best) };
    });
    const w = fitConditionalLogit(groups, { l2: 0.01 });
    expect(w[1]).toBeGreaterThan(5);
    expect(Math.abs(w[0])).toBeLessThan(w[1] / 5);
    const top1 = groups.filter((g) => {
      const s = g.x.map((x) => linear({ weights: w, bias: 0 }, x));
      return g.right[s.indexOf(Math.max(...s))];
    }).length;
    expect(top1 / groups.length).toBeGreaterThan(0.9);
  });

  it('a softmax with one penalty per weight holds the heavily penalised weight near 0 and leaves the others', () => {
    const rnd = mulberry32(12);
    // both inputs mark the right item; the second is held back by its own penalty
    const groups = Array.from({ length: 200 }, () => {
      const x = Array.from({ length: 4 }, () => [rnd(), rnd()]);
      const best = x.reduce((bi, v, i) => (v[0] + v[1] > x[bi][0] + x[bi][1] ? i : bi), 0);
      return { x, right: x.map((_, i) => i === best) };
    });
    const even = fitConditionalLogit(groups, { l2: 0.01 });
    const held = fitConditionalLogit(groups, { l2: [0.01, 1000] });
    expect(even[1]).toBeGreaterThan(3);
    expect(Math.abs(held[1])).toBeLessThan(0.2);
    expect(held[0]).toBeGreaterThan(3);
    // a penalty per weight equal to the single penalty is the same fit
    expect(fitConditionalLogit(groups, { l2: [0.01, 0.01] })).toEqual(even);
  });

  it('folds keep every item of a group together and use every fold', () => {
    const groups = Array.from({ length: 60 }, (_, i) => `doc${i % 12}`);
    const folds = foldsByGroup(groups, 5, 1);
    const byGroup = new Map<string, Set<number>>();
    groups.forEach((g, i) => byGroup.set(g, (byGroup.get(g) ?? new Set()).add(folds[i])));
    for (const s of byGroup.values()) expect(s.size).toBe(1);
    expect(new Set(folds).size).toBe(5);
    expect(foldsByGroup(groups, 5, 1)).toEqual(folds);
  });

  it('the threshold is the lowest confidence whose answers reach the precision, or 1 when none does', () => {
    const points = [0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.6, 0.5].map((confidence, i) => ({ confidence, correct: i !== 4 && i < 6 }));
    // at 0.8: 4 of 4 right; at 0.75: 4 of 5; at 0.7: 5 of 6; at 0.6: 5 of 7
    expect(thresholdFor(points, 0.8, 3)).toBe(0.7);
    expect(thresholdFor(points, 0.85, 3)).toBe(0.8);
    expect(thresholdFor(points, 0.85, 5)).toBe(1);
    expect(thresholdFor([], 0.85)).toBe(1);
  });

  it('a fit on standardised columns gives the same probabilities over raw columns of any scale', () => {
    const rnd = mulberry32(5);
    const X: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 4000; i++) {
      const x = [rnd() * 2 - 1, 1000 + rnd() * 2000];
      X.push(x);
      y.push(rnd() < sigmoid(2 * x[0] + 0.002 * (x[1] - 2000)) ? 1 : 0);
    }
    const m = fitLogisticStandardised(X, y, { l2: 1e-3 });
    expect(m.weights[0]).toBeGreaterThan(1.6);
    expect(m.weights[0]).toBeLessThan(2.4);
    expect(m.weights[1]).toBeGreaterThan(0.0015);
    expect(m.weights[1]).toBeLessThan(0.0025);
    expect(sigmoid(linear(m, [0, 2000]))).toBeGreaterThan(0.4);
    expect(sigmoid(linear(m, [0, 2000]))).toBeLessThan(0.6);
  });

  it('forward selection takes the columns the outcome depends on and leaves out noise', () => {
    const rnd = mulberry32(9);
    const X: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 1500; i++) {
      // column 1 decides, column 3 a little; columns 0, 2 and 4 are noise
      const x = [rnd(), rnd() * 2 - 1, rnd() * 5, rnd() * 2 - 1, rnd()];
      X.push(x);
      y.push(rnd() < sigmoid(3 * x[1] + 1 * x[3]) ? 1 : 0);
    }
    const folds = X.map((_, i) => i % 5);
    const sel = selectLogistic(X, y, folds, { l2: 1 });
    expect(sel.columns[0]).toBe(1);
    expect(sel.columns).toContain(3);
    expect(sel.columns).not.toContain(2);
    expect(sel.model.weights[2]).toBe(0);
    // its held-out predictions are calibrated
    expect(expectedCalibrationError(sel.heldOut.map((p, i) => ({ confidence: p, correct: y[i] === 1 })))).toBeLessThan(0.06);
    // a higher least gain per feature (fit-model's calibrationGain) keeps the column that decides and drops the weak one
    const strict = selectLogistic(X, y, folds, { l2: 1, minGain: 0.05 });
    expect(strict.columns).toEqual([1]);
    // at most one column chosen: the one that decides
    expect(selectLogistic(X, y, folds, { l2: 1, maxFeatures: 1 }).columns).toEqual([1]);
    // a fixed column is in first, whatever it brings, and does not count against the most chosen
    const fixed = selectLogistic(X, y, folds, { l2: 1, fixed: [4], maxFeatures: 1 });
    expect(fixed.columns).toEqual([4, 1]);
    expect(fixed.model.weights[4]).not.toBe(0);
  });

  it('an intercept per kind of row (fixed indicator columns) recovers rates that differ by kind', () => {
    const rnd = mulberry32(11);
    const X: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 3000; i++) {
      // column 0: the row is of the second kind (right at sigmoid(2x - 1) instead of sigmoid(2x + 1)); column 1: the score
      const kind = rnd() < 0.5 ? 1 : 0;
      const x = [kind, rnd() * 2 - 1];
      X.push(x);
      y.push(rnd() < sigmoid(2 * x[1] + (kind ? -1 : 1)) ? 1 : 0);
    }
    const folds = X.map((_, i) => i % 5);
    const sel = selectLogistic(X, y, folds, { l2: 0.01, fixed: [0] });
    expect(sel.columns).toEqual([0, 1]);
    expect(sigmoid(linear(sel.model, [0, 0]))).toBeCloseTo(sigmoid(1), 1);
    expect(sigmoid(linear(sel.model, [1, 0]))).toBeCloseTo(sigmoid(-1), 1);
  });
});
