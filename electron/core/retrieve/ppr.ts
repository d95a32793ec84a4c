// Personalized PageRank (HippoRAG 2, as the kit's sample paper 001,
// ../shared/samples/seeds/001_*.txt, describes it) over the snapshot's undirected weighted CSR:
// entity, event, concept and passage vertices. Power iteration on typed arrays; mass at dangling
// vertices returns to the seeds, so the result stays a distribution.
import type { PprCsr } from './snapshot';

interface PprOptions {
  /** Probability of following a link at each step (1 - restart). HippoRAG uses 0.5. */
  damping?: number;
  /**
   * 'push' (default): forward push (Andersen, Chung, Lang 2006), local: its cost depends on the
   * seeds' neighbourhood and `epsilon`, not on the graph's size. 'power': power iteration over the
   * whole graph (the reference).
   */
  method?: 'push' | 'power';
  /** Push: residual mass per link a vertex may keep unpushed (the error bound per vertex is epsilon * degree). */
  epsilon?: number;
  maxIterations?: number;
  /** Stop when the L1 change of one iteration falls below this. */
  tolerance?: number;
}

interface PprResult {
  scores: Float64Array;
  /** Power: iterations. Push: vertices pushed. */
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
  if ((options.method ?? 'push') === 'push') return forwardPush(graph, seeds, options);
  return powerIteration(graph, seeds, options);
}

function powerIteration(graph: PprCsr, seeds: Map<number, number>, options: PprOptions): PprResult {
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

/**
 * Forward push: every vertex holds an estimate p and a residual r (mass not yet spread). Pushing u
 * keeps (1 - d) r[u] in p[u] and hands d r[u] to its neighbours by transition probability; a
 * dangling vertex hands it back to the seeds. Vertices are pushed while r[u] > epsilon * deg(u).
 * Returned scores are p; `delta` is the residual mass left (the total error).
 */
function forwardPush(graph: PprCsr, seeds: Map<number, number>, options: PprOptions): PprResult {
  const n = graph.ptr.length - 1;
  const d = options.damping ?? 0.5;
  const eps = options.epsilon ?? 1e-7;
  const { ptr, nbr, prob, dangling } = graph;
  const p = new Float64Array(n);
  const r = new Float64Array(n);
  let total = 0;
  for (const [v, w] of seeds) if (v >= 0 && v < n && w > 0) total += w;
  if (total <= 0) return { scores: p, iterations: 0, delta: 0, converged: true };
  const seedList: [number, number][] = [];
  for (const [v, w] of seeds) if (v >= 0 && v < n && w > 0) seedList.push([v, w / total]);
  const queued = new Uint8Array(n);
  let queue = new Int32Array(Math.max(16, seedList.length * 2));
  let head = 0;
  let tail = 0;
  const threshold = (v: number) => eps * Math.max(1, ptr[v + 1] - ptr[v]);
  const enqueue = (v: number) => {
    if (queued[v] || r[v] <= threshold(v)) return;
    queued[v] = 1;
    if (tail === queue.length) {
      // compact, or grow
      if (head > queue.length / 2) {
        queue.copyWithin(0, head, tail);
        tail -= head;
        head = 0;
      } else {
        const next = new Int32Array(queue.length * 2);
        next.set(queue.subarray(head, tail));
        tail -= head;
        head = 0;
        queue = next;
      }
    }
    queue[tail++] = v;
  };
  for (const [v, w] of seedList) r[v] += w;
  for (const [v] of seedList) enqueue(v);
  let pushes = 0;
  const maxPushes = options.maxIterations ? options.maxIterations * n : 50_000_000;
  while (head < tail && pushes < maxPushes) {
    const u = queue[head++];
    queued[u] = 0;
    const ru = r[u];
    r[u] = 0;
    pushes++;
    p[u] += (1 - d) * ru;
    const m = d * ru;
    if (dangling[u]) {
      for (const [v, w] of seedList) {
        r[v] += m * w;
        enqueue(v);
      }
      continue;
    }
    for (let k = ptr[u]; k < ptr[u + 1]; k++) {
      const v = nbr[k];
      r[v] += m * prob[k];
      enqueue(v);
    }
  }
  // residual mass below the thresholds is spread thin; its total bounds the error
  let residual = 0;
  for (let v = 0; v < n; v++) residual += r[v];
  return { scores: p, iterations: pushes, delta: residual, converged: head >= tail };
}
