// The calibration judged as a new document would see it (chat/fit-model.ts nested folds, learn/calibrate.ts):
// on synthetic sets with known probabilities the calibration's L2 is chosen by held-out calibration error,
// and a fold's nested confidences never depend on the answers of that fold's documents. Hand-made
// retrievals with known answers; no engine is involved.
import { describe, expect, it } from 'vitest';
import { calibrationError, calibrationErrorFloor, fitCalibration } from '../../electron/core/learn/calibrate';
import { foldsByGroup, linear, sigmoid } from '../../electron/core/learn/logistic';
import { expectedCalibrationError } from '../../electron/core/eval/calibration';
import { fitAnswerModel, type FitExample } from '../../electron/core/chat/fit-model';
import { retryExample } from './retrieval-fixture';
import { knownProbabilityRows } from './synthetic-calibration';

const synthetic = (n: number, noise: number, seed: number) => knownProbabilityRows(n, noise, seed);

describe('the calibration (learn/calibrate.ts)', () => {
  it('recovers known probabilities and keeps the column they depend on', () => {
    const { X, y, p, folds } = synthetic(1500, 3, 3);
    const c = fitCalibration(X, y, folds, { l2Grid: [1, 30] });
    expect(c.columns[0]).toBe(0);
    const fitted = X.map((x) => sigmoid(linear(c.model, x)));
    expect(Math.max(...fitted.map((q, i) => Math.abs(q - p[i])))).toBeLessThan(0.1);
    expect(expectedCalibrationError(c.heldOut.map((q, i) => ({ confidence: q, correct: y[i] === 1 })))).toBeLessThan(0.06);
  });

  it("measures the calibration error as eval's reliability bins do", () => {
    const { y, p } = synthetic(500, 0, 8);
    const skewed = p.map((q) => q * q);
    expect(calibrationError(skewed, y)).toBeCloseTo(expectedCalibrationError(skewed.map((q, i) => ({ confidence: q, correct: y[i] === 1 }))), 4);
  });

  it('an ECE over few answers reads high by chance: the floor a calibrated confidence shows falls with their number', () => {
    const { p } = synthetic(720, 0, 11);
    const few = calibrationErrorFloor(p.slice(0, 120));
    const many = calibrationErrorFloor(p);
    expect(few).toBeGreaterThan(1.8 * many);
    expect(few).toBeGreaterThan(0.05);
    // outcomes drawn with the known probabilities read near the floor; a skewed confidence far above it
    const { y } = synthetic(720, 0, 11);
    expect(calibrationError(p, y)).toBeLessThan(2 * many);
    expect(
      calibrationError(
        p.map((q) => q * q),
        y,
      ),
    ).toBeGreaterThan(3 * many);
  });

  it('chooses among L2 penalties by held-out calibration error: a penalty that flattens the scale loses', () => {
    const { X, y, folds } = synthetic(1000, 0, 5);
    // a penalty of 3000 on standardised inputs pulls every prediction toward the mean rate
    const c = fitCalibration(X, y, folds, { l2Grid: [3000, 1] });
    expect(c.l2).toBe(1);
    const flat = fitCalibration(X, y, folds, { l2Grid: [3000] });
    const ece = (h: number[]) => expectedCalibrationError(h.map((q, i) => ({ confidence: q, correct: y[i] === 1 })));
    expect(ece(flat.heldOut)).toBeGreaterThan(ece(c.heldOut));
  });
});

/** A question whose passage says the answer, or one whose passage holds only another number (no candidate right). */
const example = (i: number, answered: boolean): FitExample => retryExample(i, answered, `doc${i % 10}`);

describe('nested folds by document (chat/fit-model.ts)', () => {
  const examples = Array.from({ length: 20 }, (_, i) => [example(i, true), example(i, false)]).flat();
  const options = { folds: 5, objectives: ['listwise' as const], l2Grid: [0.1] };
  const folds = foldsByGroup(
    examples.map((e) => e.group),
    5,
    1,
  );

  it("with rankers nested too, a fold's confidences do not depend on the answers of its own documents", () => {
    const nested = { ...options, nested: 'rankers' as const };
    const before = fitAnswerModel(examples, nested).report.heldOut;
    // every question of fold 0 now has an answer no candidate gives
    const changed = examples.map((e, i) => (folds[i] === 0 ? { ...e, gold: ['unreachable answer'] } : e));
    const after = fitAnswerModel(changed, nested).report.heldOut;
    const fold0 = examples.map((_, i) => i).filter((i) => folds[i] === 0);
    expect(fold0.length).toBeGreaterThan(0);
    for (const i of fold0) expect(after[i].confidence).toBeCloseTo(before[i].confidence, 12);
    // the other folds' calibration saw fold 0's answers and moves
    const rest = examples.map((_, i) => i).filter((i) => folds[i] !== 0);
    expect(rest.some((i) => Math.abs(after[i].confidence - before[i].confidence) > 1e-6)).toBe(true);
  });

  it('without nesting, the confidences are the calibration on its own folds', () => {
    const { heldOut } = fitAnswerModel(examples, { ...options, nested: 'none' }).report;
    for (const p of heldOut) expect(p.confidence).toBe(p.selectedConfidence);
  });
});
