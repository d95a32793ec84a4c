// Personalized PageRank (HippoRAG 2, seed 001) over the snapshot's undirected weighted CSR:
// entity, event, concept and passage vertices. Power iteration on typed arrays; mass at dangling
// vertices returns to the seeds, so the result stays a distribution.
import type { PprCsr } from './snapshot';

export interface PprOptions {
  /** Probability of following a link at each step (1 - restart). HippoRAG uses 0.5. */
  damping?: number;
  maxIterations?: number;
  /** Stop when the L1 change of one iteration falls below this. */
  tolerance?: number;
}

export interface PprResult {
  scores: Float64Array;
  iterations: number;
  /** L1 change of the last iteration. */
  delta: number;
  converged: boolean;
}

/**
 * Personalized PageRank with restart distribution `seeds` (vertex -> weight, normalised here).
 * r = (1 - d) s + d (P^T r + dangling mass redistributed to s).
 */
export function personalizedPageRank(graph: PprCsr, seeds: Map<number, number>, options: PprOptions = {}): PprResult {
  const n = graph.ptr.length - 1;
  const d = options.damping ?? 0.5;
  const maxIt = options.maxIterations ?? 50;
  const tol = options.tolerance ?? 1e-6;
  const s = new Float64Array(n);
  let total = 0;
  for (const [v, w] of seeds) if (v >= 0 && v < n && w > 0) total += w;
  if (total <= 0) return { scores: new Float64Array(n), iterations: 0, delta: 0, converged: true };
  const seedList: number[] = [];
  for (const [v, w] of seeds) {
    if (v >= 0 && v < n && w > 0) {
      s[v] += w / total;
      seedList.push(v);
    }
  }
  let r = Float64Array.from(s);
  let next = new Float64Array(n);
  const { ptr, nbr, prob, dangling } = graph;
  // Only vertices with mass need pushing: track the active set while it is small (local PPR).
  let active: Int32Array | null = Int32Array.from(new Set(seedList));
  let iterations = 0;
  let delta = Infinity;
  for (; iterations < maxIt; iterations++) {
    next.fill(0);
    let danglingMass = 0;
    const touched: Set<number> | null = active && active.length < n / 8 ? new Set<number>() : null;
    const visit = (v: number) => {
      const rv = r[v];
      if (rv === 0) return;
      if (dangling[v]) {
        danglingMass += rv;
        return;
      }
      const m = d * rv;
      for (let k = ptr[v]; k < ptr[v + 1]; k++) {
        const u = nbr[k];
        next[u] += m * prob[k];
        if (touched) touched.add(u);
      }
    };
    if (active) for (const v of active) visit(v);
    else for (let v = 0; v < n; v++) visit(v);
    // restart and dangling mass go back to the seeds
    const restart = 1 - d;
    for (const v of seedList) next[v] += (restart + d * danglingMass) * s[v];
    if (active && touched) {
      for (const v of seedList) touched.add(v);
      for (const v of active) touched.add(v);
      delta = 0;
      for (const v of touched) delta += Math.abs(next[v] - r[v]);
      active = Int32Array.from(touched);
    } else {
      active = null;
      delta = 0;
      for (let v = 0; v < n; v++) delta += Math.abs(next[v] - r[v]);
    }
    [r, next] = [next, r];
    if (delta < tol) {
      iterations++;
      break;
    }
  }
  return { scores: r, iterations, delta, converged: delta < tol };
}
