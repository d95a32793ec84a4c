// Synthetic calibration sets with known probabilities, shared by the calibration tests: one informative column x
// (uniform on [-2, 2], true probability sigmoid(2x - offset)), `noise` uninformative columns, rows spread over
// `docs` documents and folded by document as the fits fold real questions.
import { foldsByGroup, sigmoid } from '../../electron/core/learn/logistic';
import { mulberry32 } from '../../electron/core/learn/random';

export function knownProbabilityRows(n: number, noise: number, seed: number, { docs = 40, offset = 0 } = {}) {
  const rnd = mulberry32(seed);
  const X: number[][] = [];
  const y: number[] = [];
  const p: number[] = [];
  const groups: string[] = [];
  for (let i = 0; i < n; i++) {
    const x = [rnd() * 4 - 2, ...Array.from({ length: noise }, () => rnd() * 2 - 1)];
    X.push(x);
    p.push(sigmoid(2 * x[0] - offset));
    y.push(rnd() < p[i] ? 1 : 0);
    groups.push(`doc${i % docs}`);
  }
  return { X, y, p, groups, folds: foldsByGroup(groups, 5, 1) };
}
