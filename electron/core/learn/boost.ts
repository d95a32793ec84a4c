// Gradient-boosted regression trees for ranking the items of a group against each other (a softmax
// over each group's items, the group's right items together its target), fitted on top of a base score
// (a linear table's): each round fits one small tree to the gradient of the softmax's log loss by
// Newton's leaf values, shrunk. Small trees (depth 2 or 3) let the ranking weigh one feature by another
// (a feature that matters for one kind of question and not for another), which a linear table cannot.
// Deterministic: the split searched is the best over every feature and a fixed set of cut points.

/** A node of a regression tree: a split (go left when x[feature] <= cut) or a leaf's value. */
export type TreeNode = { feature: number; cut: number; left: TreeNode; right: TreeNode } | { value: number };

/** The value a tree adds to one item's score. */
export function treeValue(node: TreeNode, x: number[]): number {
  let n = node;
  while (!('value' in n)) n = (x[n.feature] ?? 0) <= n.cut ? n.left : n.right;
  return n.value;
}

/** The sum of a forest's values for one item. */
export const forestValue = (trees: TreeNode[], x: number[]): number => trees.reduce((a, t) => a + treeValue(t, x), 0);

export interface BoostOptions {
  /** Number of trees. */
  rounds?: number;
  /** Depth of each tree (2 or 3: interactions of two or three features). */
  depth?: number;
  /** Shrinkage of each tree's values. */
  rate?: number;
  /** L2 penalty on a leaf's value (in units of the Hessian). */
  lambda?: number;
  /** Least Hessian weight a leaf holds (a split leaving less on one side is not made). */
  minLeaf?: number;
  /** Most cut points tried per feature (quantiles of its distinct values). */
  cuts?: number;
}

/**
 * A command line's trees, ROUNDS:DEPTH[:RATE[:LAMBDA[:MINLEAF]]] (scripts/fit-answers.ts --boost and
 * --calibration-trees): the parts left out take `defaults`' values. Throws on a spec that is not numbers.
 */
export function parseBoost(spec: string, defaults: { rate: number; lambda: number; minLeaf: number }): BoostOptions {
  const parts = spec.split(':').map(Number);
  if (parts.length < 2 || parts.length > 5 || parts.some((x) => !Number.isFinite(x) || x < 0) || !Number.isInteger(parts[0]) || !Number.isInteger(parts[1]))
    throw new Error(`trees: expected ROUNDS:DEPTH[:RATE[:LAMBDA[:MINLEAF]]], got "${spec}"`);
  const [rounds, depth, rate, lambda, minLeaf] = parts;
  return { rounds, depth, rate: rate || defaults.rate, lambda: lambda ?? defaults.lambda, minLeaf: minLeaf ?? defaults.minLeaf };
}

export interface BoostGroup {
  x: number[][];
  right: boolean[];
  /** The base score of each item (the linear table's log-odds). */
  base: number[];
  /**
   * Alternatives in the group's softmax that the trees do not score (the null alternative: no item is right):
   * their fixed scores and whether each is right. They share the softmax's mass with the items, so a group
   * whose right alternative is one of them teaches the trees to lower its items.
   */
  fixed?: { score: number; right: boolean }[];
}

/** Cut points of one column: midpoints between its distinct values, thinned to quantiles when many. */
function cutPoints(values: number[], most: number): number[] {
  const distinct = [...new Set(values)].sort((a, b) => a - b);
  if (distinct.length < 2) return [];
  const mids = distinct.slice(1).map((v, i) => (v + distinct[i]) / 2);
  if (mids.length <= most) return mids;
  return Array.from({ length: most }, (_, i) => mids[Math.floor(((i + 0.5) * mids.length) / most)]);
}

/**
 * Fit a forest to rank each group's items: the score of an item is its base plus the forest's value;
 * the loss is the log of the softmax probability its group gives to its right items (the softmax taken
 * over the items and the group's fixed alternatives). Groups without a right item or alternative, or
 * with one alternative in all, carry no information and are left out.
 */
export function fitBoostedRanker(groups: BoostGroup[], options: BoostOptions = {}): TreeNode[] {
  const rounds = options.rounds ?? 50;
  const depth = options.depth ?? 2;
  const rate = options.rate ?? 0.1;
  const lambda = options.lambda ?? 1;
  const minLeaf = options.minLeaf ?? 1;
  const used = groups.filter((g) => g.x.length && (g.right.some(Boolean) || g.fixed?.some((f) => f.right)) && g.x.length + (g.fixed?.length ?? 0) > 1);
  const rows = used.flatMap((g) => g.x);
  if (!rows.length) return [];
  const score = used.flatMap((g) => g.base.slice());
  return boost(
    rows,
    score,
    rounds,
    (grad, hess) => {
      // gradient and (diagonal) Hessian of each group's softmax log loss, by the items' scores
      let at = 0;
      for (const g of used) {
        const fixed = g.fixed ?? [];
        const s = score.slice(at, at + g.x.length);
        const max = Math.max(...s, ...fixed.map((f) => f.score));
        const e = s.map((v) => Math.exp(v - max));
        const ef = fixed.map((f) => Math.exp(f.score - max));
        const z = e.reduce((a, b) => a + b, 0) + ef.reduce((a, b) => a + b, 0);
        const zr = e.reduce((a, v, i) => a + (g.right[i] ? v : 0), 0) + ef.reduce((a, v, i) => a + (fixed[i].right ? v : 0), 0);
        e.forEach((v, i) => {
          const p = v / z;
          grad[at + i] = p - (g.right[i] ? v / zr : 0);
          hess[at + i] = Math.max(p * (1 - p), 1e-6);
        });
        at += g.x.length;
      }
    },
    { depth, rate, lambda, minLeaf, cuts: options.cuts },
  );
}

/** A row of a binary outcome for boosted trees on top of a base log-odds (fitBoostedLogistic). */
export interface BoostRow {
  x: number[];
  right: boolean;
  /** The base log-odds of the row (a linear model's). */
  base: number;
}

/**
 * Fit a forest to the log-odds of a binary outcome on top of each row's base log-odds (a logistic model's):
 * the probability of a row is sigmoid(base + the forest's value); the loss is the log loss. What the base's
 * linear log-odds cannot express (one input weighed by another), the trees fit; the rounds, depth, shrinkage
 * and leaf penalty keep them small.
 */
export function fitBoostedLogistic(rows: BoostRow[], options: BoostOptions = {}): TreeNode[] {
  if (!rows.length) return [];
  const score = rows.map((r) => r.base);
  return boost(
    rows.map((r) => r.x),
    score,
    options.rounds ?? 50,
    (grad, hess) =>
      rows.forEach((r, i) => {
        const p = 1 / (1 + Math.exp(-score[i]));
        grad[i] = p - (r.right ? 1 : 0);
        hess[i] = Math.max(p * (1 - p), 1e-6);
      }),
    { depth: options.depth ?? 2, rate: options.rate ?? 0.1, lambda: options.lambda ?? 1, minLeaf: options.minLeaf ?? 1, cuts: options.cuts },
  );
}

/**
 * The boosting loop: each round `gradients` fills every row's gradient and Hessian of the loss at the
 * current scores, one tree is grown to them (Newton's leaf values, shrunk by `rate`) and added to the scores.
 */
function boost(
  rows: number[][],
  score: number[],
  rounds: number,
  gradients: (grad: Float64Array, hess: Float64Array) => void,
  o: { depth: number; rate: number; lambda: number; minLeaf: number; cuts?: number },
): TreeNode[] {
  const { depth, rate, lambda, minLeaf } = o;
  const d = rows[0]?.length ?? 0;
  const cuts = Array.from({ length: d }, (_, j) =>
    cutPoints(
      rows.map((x) => x[j]),
      o.cuts ?? 16,
    ),
  );
  const trees: TreeNode[] = [];
  const grad = new Float64Array(rows.length);
  const hess = new Float64Array(rows.length);
  for (let round = 0; round < rounds; round++) {
    gradients(grad, hess);
    const tree = grow(
      rows.map((_, i) => i),
      depth,
    );
    trees.push(tree);
    rows.forEach((x, i) => (score[i] += treeValue(tree, x)));
  }
  return trees;

  function grow(items: number[], left: number): TreeNode {
    let G = 0;
    let H = 0;
    for (const i of items) {
      G += grad[i];
      H += hess[i];
    }
    const leaf = { value: (-rate * G) / (H + lambda) };
    if (left === 0 || items.length < 2) return leaf;
    const parent = (G * G) / (H + lambda);
    let best = { gain: 1e-9, feature: -1, cut: 0 };
    for (let j = 0; j < d; j++) {
      const cs = cuts[j];
      if (!cs.length) continue;
      // sums below each cut point, one pass over the items
      const gb = new Float64Array(cs.length + 1);
      const hb = new Float64Array(cs.length + 1);
      for (const i of items) {
        const v = rows[i][j];
        let lo = 0;
        let hi = cs.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (v <= cs[mid]) hi = mid;
          else lo = mid + 1;
        }
        gb[lo] += grad[i];
        hb[lo] += hess[i];
      }
      let gl = 0;
      let hl = 0;
      for (let c = 0; c < cs.length; c++) {
        gl += gb[c];
        hl += hb[c];
        const hr = H - hl;
        if (hl < minLeaf || hr < minLeaf) continue;
        const gr = G - gl;
        const gain = (gl * gl) / (hl + lambda) + (gr * gr) / (hr + lambda) - parent;
        if (gain > best.gain) best = { gain, feature: j, cut: cs[c] };
      }
    }
    if (best.feature < 0) return leaf;
    const l = items.filter((i) => rows[i][best.feature] <= best.cut);
    const r = items.filter((i) => rows[i][best.feature] > best.cut);
    return { feature: best.feature, cut: best.cut, left: grow(l, left - 1), right: grow(r, left - 1) };
  }
}
