// Fitting a table of weights: L2-regularised logistic regression by Newton's method (iteratively
// reweighted least squares: deterministic, no learning rate), Platt scaling (a logistic regression on
// held-apart scores), folds by group (questions of one document stay in one fold) and the choice of a
// confidence threshold for a target precision. Below every stage that fits a table (the passage ranker,
// the answer model); used by scripts/fit-answers.ts.

export const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));
/** The log-odds of a probability, held inside (1e-6, 1 - 1e-6) so that 0 and 1 stay finite. */
export const logit = (p: number) => {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
};

export interface LinearModel {
  weights: number[];
  bias: number;
}

export const linear = (m: LinearModel, x: number[]) => x.reduce((a, v, i) => a + v * (m.weights[i] ?? 0), m.bias);

/** Solve A x = b (A symmetric positive definite, small) by Gaussian elimination with partial pivoting. */
export function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    [M[c], M[p]] = [M[p], M[c]];
    const d = M[c][c] || 1e-12;
    for (let r = c + 1; r < n; r++) {
      const f = M[r][c] / d;
      if (!f) continue;
      for (let k = c; k <= n; k++) M[r][k] -= f * M[c][k];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = M[r][n];
    for (let k = r + 1; k < n; k++) s -= M[r][k] * x[k];
    x[r] = s / (M[r][r] || 1e-12);
  }
  return x;
}

interface LogisticOptions {
  /** L2 penalty on the weights (not the bias). */
  l2?: number;
  /** Newton steps at most. */
  iterations?: number;
  /** Per-example weights (e.g. to balance classes). */
  sampleWeights?: number[];
  /** Per-example offsets added to the linear score, not fitted (a known part of the log-odds). */
  offsets?: number[];
}

/**
 * Logistic regression p(y = 1 | x) = sigmoid(w·x + b (+ a fixed offset per example)), minimising the weighted log loss plus
 * l2/2 · |w|², by Newton's method. Deterministic for the same input.
 */
export function fitLogistic(X: number[][], y: number[], options: LogisticOptions = {}): LinearModel {
  const l2 = options.l2 ?? 1;
  const d = X[0]?.length ?? 0;
  const n = X.length;
  const sw = options.sampleWeights ?? new Array<number>(n).fill(1);
  const offsets = options.offsets;
  // theta = [w..., b]
  let theta = new Array<number>(d + 1).fill(0);
  for (let it = 0; it < (options.iterations ?? 50); it++) {
    const g = new Array<number>(d + 1).fill(0);
    const H = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    for (let i = 0; i < n; i++) {
      const x = X[i];
      let z = theta[d] + (offsets?.[i] ?? 0);
      for (let j = 0; j < d; j++) z += theta[j] * x[j];
      const p = sigmoid(z);
      const r = sw[i] * (p - y[i]);
      const h = sw[i] * Math.max(p * (1 - p), 1e-9);
      for (let j = 0; j <= d; j++) {
        const xj = j === d ? 1 : x[j];
        if (!xj) continue;
        g[j] += r * xj;
        const row = H[j];
        for (let k = j; k <= d; k++) {
          const xk = k === d ? 1 : x[k];
          if (xk) row[k] += h * xj * xk;
        }
      }
    }
    for (let j = 0; j <= d; j++) for (let k = 0; k < j; k++) H[j][k] = H[k][j];
    for (let j = 0; j < d; j++) {
      g[j] += l2 * theta[j];
      H[j][j] += l2;
    }
    H[d][d] += 1e-6;
    const step = solve(H, g);
    theta = theta.map((t, j) => t - step[j]);
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return { weights: theta.slice(0, d), bias: theta[d] };
}

/** Platt scaling: p = sigmoid(a · score + b), fitted on held-apart scores and outcomes. */
export function fitPlatt(scores: number[], outcomes: boolean[], l2 = 1e-3): { a: number; b: number } {
  const m = fitLogistic(
    scores.map((s) => [s]),
    outcomes.map((o) => (o ? 1 : 0)),
    { l2 },
  );
  return { a: m.weights[0], b: m.bias };
}

/** A seeded 32-bit hash (FNV-1a), for deterministic fold assignment. */
function hash(text: string, seed: number): number {
  let h = (2166136261 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h;
}

/**
 * Folds by group: every item of one group (a document) falls in the same fold, so a fold's model never
 * saw the document it is measured on. Groups are ordered by a seeded hash and dealt round-robin.
 */
export function foldsByGroup(groups: string[], k: number, seed = 1): number[] {
  const distinct = [...new Set(groups)].sort((a, b) => hash(a, seed) - hash(b, seed) || a.localeCompare(b));
  const fold = new Map(distinct.map((g, i) => [g, i % k]));
  return groups.map((g) => fold.get(g)!);
}

/**
 * The lowest confidence threshold at which the answers at or above it are right at least `precision`
 * of the time (over held-apart predictions), or 1 when none reaches it.
 */
export function thresholdFor(points: { confidence: number; correct: boolean }[], precision: number, minAnswers = 5): number {
  const sorted = [...points].sort((a, b) => b.confidence - a.confidence);
  let right = 0;
  let best = 1;
  sorted.forEach((p, i) => {
    if (p.correct) right++;
    const next = sorted[i + 1];
    if (next && next.confidence === p.confidence) return;
    if (i + 1 >= minAnswers && right / (i + 1) >= precision) best = p.confidence;
  });
  return Math.round(best * 1000) / 1000;
}

/**
 * Conditional logit (a softmax over each group's items): p(i | group) = exp(w·x_i) / Σ_j exp(w·x_j),
 * fitted to maximise the log of the probability given to the group's right items (any of them), plus
 * Σ l2_j/2 · w_j², by damped Newton steps (the Hessian of the softmax's log-normaliser). `l2` is one
 * penalty for every weight or one per weight (a group of inputs held closer to 0 than the rest). Groups
 * without a right item carry no information and are left out. No bias: a softmax ignores a constant.
 * With a group's `base`, each item's score is its base plus w·x: weights fitted on top of fixed scores.
 */
export function fitConditionalLogit(
  groups: { x: number[][]; right: boolean[]; base?: number[] }[],
  options: { l2?: number | number[]; iterations?: number } = {},
): number[] {
  const used = groups.filter((g) => g.right.some(Boolean) && g.x.length > 1);
  const d = used[0]?.x[0]?.length ?? groups[0]?.x[0]?.length ?? 0;
  const l2s = Array.isArray(options.l2) ? options.l2 : new Array<number>(d).fill(options.l2 ?? 1);
  let w = new Array<number>(d).fill(0);
  const loss = (v: number[]) => {
    let total = v.reduce((a, t, j) => a + (l2s[j] / 2) * t * t, 0);
    for (const g of used) {
      const s = g.x.map((x, i) => (g.base?.[i] ?? 0) + x.reduce((a, xi, j) => a + xi * v[j], 0));
      const max = Math.max(...s);
      const z = s.reduce((a, si) => a + Math.exp(si - max), 0);
      const zr = s.reduce((a, si, i) => a + (g.right[i] ? Math.exp(si - max) : 0), 0);
      total -= Math.log(zr / z);
    }
    return total;
  };
  let current = loss(w);
  for (let it = 0; it < (options.iterations ?? 50); it++) {
    const grad = w.map((t, j) => l2s[j] * t);
    const H = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j ? l2s[i] : 0)));
    for (const g of used) {
      const s = g.x.map((x, i) => (g.base?.[i] ?? 0) + x.reduce((a, xi, j) => a + xi * w[j], 0));
      const max = Math.max(...s);
      const e = s.map((si) => Math.exp(si - max));
      const z = e.reduce((a, b) => a + b, 0);
      const zr = e.reduce((a, ei, i) => a + (g.right[i] ? ei : 0), 0);
      const p = e.map((ei) => ei / z);
      const r = e.map((ei, i) => (g.right[i] ? ei / zr : 0));
      const mean = new Array<number>(d).fill(0);
      g.x.forEach((x, i) => x.forEach((xj, j) => (mean[j] += p[i] * xj)));
      g.x.forEach((x, i) => {
        const c = p[i] - r[i];
        for (let j = 0; j < d; j++) grad[j] += c * x[j];
        if (p[i] < 1e-12) return;
        for (let j = 0; j < d; j++) {
          const a = x[j] - mean[j];
          if (!a) continue;
          for (let k = 0; k < d; k++) H[j][k] += p[i] * a * (x[k] - mean[k]);
        }
      });
    }
    const taken = dampedStep(w, solve(H, grad), loss, current);
    if (!taken) break;
    w = taken.w;
    current = taken.value;
    if (taken.moved < 1e-7) break;
  }
  return w;
}

/**
 * One damped Newton step: halve the step until the loss does not grow. Returns the new weights, their loss and the
 * largest move, or null when no step down the loss was found (the fit has converged or cannot go further).
 */
export function dampedStep(w: number[], step: number[], loss: (v: number[]) => number, current: number): { w: number[]; value: number; moved: number } | null {
  let t = 1;
  let next = w.map((v, j) => v - t * step[j]);
  let value = loss(next);
  while (value > current && t > 1e-4) {
    t /= 2;
    next = w.map((v, j) => v - t * step[j]);
    value = loss(next);
  }
  if (value > current) return null;
  return { w: next, value, moved: Math.max(...step.map((x) => Math.abs(x * t))) };
}

/**
 * Logistic regression on standardised columns (so one L2 penalty treats features of any scale alike),
 * returned as weights over the raw columns.
 */
export function fitLogisticStandardised(X: number[][], y: number[], options: LogisticOptions = {}): LinearModel {
  const d = X[0]?.length ?? 0;
  const n = Math.max(1, X.length);
  const mean = Array.from({ length: d }, (_, j) => X.reduce((a, x) => a + x[j], 0) / n);
  const sd = Array.from({ length: d }, (_, j) => Math.sqrt(X.reduce((a, x) => a + (x[j] - mean[j]) ** 2, 0) / n) || 1);
  const m = fitLogistic(
    X.map((x) => x.map((v, j) => (v - mean[j]) / sd[j])),
    y,
    options,
  );
  const weights = m.weights.map((w, j) => w / sd[j]);
  return { weights, bias: m.bias - weights.reduce((a, w, j) => a + w * mean[j], 0) };
}

const logLoss = (p: number, y: number) => -Math.log(Math.max(1e-9, y ? p : 1 - p));

/**
 * Forward selection of a logistic model's columns by held-out log loss: starting from the bias alone
 * (and the `fixed` columns, always in), the column whose addition lowers the mean log loss over the folds (each fold predicted by a model
 * fitted on the others) the most is added, until none lowers it by `minGain` or `maxFeatures` are in.
 * Returns the chosen columns, their held-out predictions and the model refitted on every row.
 */
export function selectLogistic(
  X: number[][],
  y: number[],
  folds: number[],
  options: { l2?: number; maxFeatures?: number; minGain?: number; fixed?: number[] } = {},
): { columns: number[]; model: LinearModel; heldOut: number[]; loss: number } {
  const d = X[0]?.length ?? 0;
  const k = Math.max(...folds, 0) + 1;
  const l2 = options.l2 ?? 1;
  const heldOutWith = (cols: number[]) => {
    const p = new Array<number>(X.length).fill(0.5);
    for (let f = 0; f < k; f++) {
      const train = X.map((_, i) => i).filter((i) => folds[i] !== f);
      if (!train.length) continue;
      const m = fitLogisticStandardised(
        train.map((i) => cols.map((c) => X[i][c])),
        train.map((i) => y[i]),
        { l2 },
      );
      X.forEach((x, i) => {
        if (folds[i] === f)
          p[i] = sigmoid(
            linear(
              m,
              cols.map((c) => x[c]),
            ),
          );
      });
    }
    return { p, loss: p.reduce((a, pi, i) => a + logLoss(pi, y[i]), 0) / Math.max(1, X.length) };
  };
  // (the fixed columns are in from the start and do not count against maxFeatures)
  let columns: number[] = [...new Set(options.fixed ?? [])];
  const fixed = columns.length;
  let best = heldOutWith(columns);
  while (columns.length - fixed < (options.maxFeatures ?? d)) {
    let pick: { c: number; r: ReturnType<typeof heldOutWith> } | null = null;
    for (let c = 0; c < d; c++) {
      if (columns.includes(c)) continue;
      const r = heldOutWith([...columns, c]);
      if (!pick || r.loss < pick.r.loss) pick = { c, r };
    }
    if (!pick || best.loss - pick.r.loss < (options.minGain ?? 1e-3)) break;
    columns = [...columns, pick.c];
    best = pick.r;
  }
  const fitted = fitLogisticStandardised(
    X.map((x) => columns.map((c) => x[c])),
    y,
    { l2 },
  );
  const weights = new Array<number>(d).fill(0);
  columns.forEach((c, j) => (weights[c] = fitted.weights[j]));
  return { columns, model: { weights, bias: fitted.bias }, heldOut: best.p, loss: best.loss };
}
