// The calibration's guards for documents it never saw (learn/calibrate.ts `bags` and `shrink`), on synthetic sets
// whose true probabilities are known: bagging over documents drawn with replacement keeps the known model and returns
// one linear model; the log-odds shrink fitted on the by-document held-out predictions scales down a calibration
// that is surer than its evidence (many inputs on few rows) and leaves a well-specified one as it was.
import { describe, expect, it } from 'vitest';
import { calibrationError, fitCalibration } from '../../electron/core/learn/calibrate';
import { linear, sigmoid } from '../../electron/core/learn/logistic';
import { fitAnswerModel } from '../../electron/core/chat/fit-model';
import { retryExample } from './retrieval-fixture';
import { knownProbabilityRows } from './synthetic-calibration';

/** Known probability sigmoid(2x − 1), `docs` documents. */
const synthetic = (n: number, noise: number, seed: number, docs = 30) => knownProbabilityRows(n, noise, seed, { docs, offset: 1 });

const logLoss = (q: number[], y: number[]) => -q.reduce((a, qi, i) => a + Math.log(Math.max(1e-9, y[i] ? qi : 1 - qi)), 0) / q.length;

describe('bagging the calibration over documents', () => {
  const { X, y, p, groups, folds } = synthetic(1200, 2, 5);

  it('keeps the known model and returns one linear model over the columns its bags chose', () => {
    const c = fitCalibration(X, y, folds, { l2Grid: [1], bags: 8, groups });
    expect(c.model.weights[0]).toBeGreaterThan(1.6);
    expect(c.model.weights[0]).toBeLessThan(2.4);
    expect(c.model.bias).toBeGreaterThan(-1.35);
    expect(c.model.bias).toBeLessThan(-0.65);
    expect(c.columns).toContain(0);
    const fitted = X.map((x) => sigmoid(linear(c.model, x)));
    expect(Math.max(...fitted.map((q, i) => Math.abs(q - p[i])))).toBeLessThan(0.1);
  });

  it('differs from the single fit (its refits saw other rows) and is the same for the same seed', () => {
    const one = fitCalibration(X, y, folds, { l2Grid: [1] });
    const a = fitCalibration(X, y, folds, { l2Grid: [1], bags: 8, groups, seed: 3 });
    const b = fitCalibration(X, y, folds, { l2Grid: [1], bags: 8, groups, seed: 3 });
    expect(a.model).toEqual(b.model);
    expect(a.model.weights[0]).not.toBe(one.model.weights[0]);
    // the held-out predictions the L2 was chosen on are the single fit's
    expect(a.heldOut).toEqual(one.heldOut);
  });
});

describe('the log-odds shrink fitted across documents', () => {
  it('leaves a well-specified calibration close to its plain fit', () => {
    const { X, y, folds } = synthetic(1500, 0, 7);
    const plain = fitCalibration(X, y, folds, { l2Grid: [1] });
    const shrunk = fitCalibration(X, y, folds, { l2Grid: [1], shrink: true });
    const grid = [-2, -1, 0, 1, 2].map((x) => [x]);
    for (const x of grid) expect(Math.abs(sigmoid(linear(shrunk.model, x)) - sigmoid(linear(plain.model, x)))).toBeLessThan(0.03);
  });

  it('scales down a calibration that reads noise inputs on few rows, and new documents read it better', () => {
    // twelve noise columns kept in with a weak penalty on 160 rows: the fit is surer than its evidence
    const train = synthetic(160, 12, 11, 16);
    const fresh = synthetic(4000, 12, 12, 40);
    const fixed = Array.from({ length: 13 }, (_, j) => j);
    const plain = fitCalibration(train.X, train.y, train.folds, { l2Grid: [0.01], fixed });
    const shrunk = fitCalibration(train.X, train.y, train.folds, { l2Grid: [0.01], fixed, shrink: true });
    const norm = (w: number[]) => Math.hypot(...w);
    expect(norm(shrunk.model.weights)).toBeLessThan(norm(plain.model.weights));
    const predict = (c: typeof plain) => fresh.X.map((x) => sigmoid(linear(c.model, x)));
    expect(logLoss(predict(shrunk), fresh.y)).toBeLessThan(logLoss(predict(plain), fresh.y));
    expect(calibrationError(predict(shrunk), fresh.y)).toBeLessThan(calibrationError(predict(plain), fresh.y));
  });
});

describe('the options in the answer fit (chat/fit-model.ts calibrationBags, calibrationShrink)', () => {
  // questions whose passage says the answer, or holds only another number (no candidate right), over ten documents
  const examples = Array.from({ length: 20 }, (_, i) => [retryExample(i, true, `doc${i % 10}`), retryExample(i, false, `doc${i % 10}`)]).flat();
  const options = { folds: 5, objectives: ['listwise' as const], l2Grid: [0.1], calibrationL2: [1] };

  it('bagging or the shrink changes the shipped calibration, and its confidences stay probabilities', () => {
    const plain = fitAnswerModel(examples, options);
    for (const extra of [{ calibrationBags: 4 }, { calibrationShrink: true }]) {
      const fitted = fitAnswerModel(examples, { ...options, ...extra });
      expect(fitted.model.confidence.bias).not.toBe(plain.model.confidence.bias);
      for (const p of fitted.report.heldOut) {
        expect(p.confidence).toBeGreaterThanOrEqual(0);
        expect(p.confidence).toBeLessThanOrEqual(1);
      }
      // the ranking is not the calibration's: the same answers come first
      expect(fitted.report.heldOut.map((p) => p.correct)).toEqual(plain.report.heldOut.map((p) => p.correct));
    }
  }, 180_000);
});
