import { describe, expect, it } from 'vitest';
import { personalizedPageRank } from '../../electron/core/retrieve/ppr';
import type { PprCsr } from '../../electron/core/retrieve/snapshot';

/** An undirected graph as the row-normalised CSR the snapshot builds. */
function csr(n: number, edges: [number, number, number?][]): PprCsr {
  const adj: [number, number][][] = Array.from({ length: n }, () => []);
  for (const [a, b, w = 1] of edges) {
    adj[a].push([b, w]);
    adj[b].push([a, w]);
  }
  const ptr = new Int32Array(n + 1);
  adj.forEach((l, v) => (ptr[v + 1] = ptr[v] + l.length));
  const nbr = new Int32Array(ptr[n]);
  const prob = new Float32Array(ptr[n]);
  const dangling = new Uint8Array(n);
  adj.forEach((l, v) => {
    const sum = l.reduce((s, [, w]) => s + w, 0);
    if (!sum) dangling[v] = 1;
    l.forEach(([u, w], k) => {
      nbr[ptr[v] + k] = u;
      prob[ptr[v] + k] = w / sum;
    });
  });
  return { ptr, nbr, prob, dangling };
}

/** Dense reference: solve r = (1-d) s + d P^T r by plain iteration. */
function reference(g: PprCsr, s: number[], d: number): number[] {
  const n = s.length;
  let r = [...s];
  for (let it = 0; it < 500; it++) {
    const next = s.map((x) => (1 - d) * x);
    let dang = 0;
    for (let v = 0; v < n; v++) {
      if (g.dangling[v]) dang += r[v];
      for (let k = g.ptr[v]; k < g.ptr[v + 1]; k++) next[g.nbr[k]] += d * r[v] * g.prob[k];
    }
    for (let v = 0; v < n; v++) next[v] += d * dang * s[v];
    r = next;
  }
  return r;
}

describe('personalized PageRank', () => {
  const g = csr(7, [
    [0, 1],
    [1, 2],
    [2, 3],
    [3, 0],
    [1, 3, 2],
    [4, 5],
  ]); // 6 is isolated (dangling)

  it('is a distribution that keeps at least the restart mass on the seed and converges', () => {
    const r = personalizedPageRank(g, new Map([[0, 1]]), { method: 'power', damping: 0.5, tolerance: 1e-10, maxIterations: 200 });
    expect(r.converged).toBe(true);
    expect(r.iterations).toBeLessThan(200);
    const total = r.scores.reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(1, 9);
    expect(r.scores[0]).toBeGreaterThanOrEqual(0.5);
    // nothing leaks into the other component or to the isolated vertex
    expect(r.scores[4] + r.scores[5] + r.scores[6]).toBe(0);
    // closer and better connected vertices rank higher
    expect(r.scores[1]).toBeGreaterThan(r.scores[2]);
  });

  it('matches a dense reference, with weighted seeds and a dangling seed', () => {
    const seeds = new Map([
      [0, 3],
      [2, 1],
      [6, 1],
    ]);
    const r = personalizedPageRank(g, seeds, { method: 'power', damping: 0.85, tolerance: 1e-12, maxIterations: 1000 });
    const ref = reference(g, [0.6, 0, 0.2, 0, 0, 0, 0.2], 0.85);
    for (let v = 0; v < 7; v++) expect(r.scores[v]).toBeCloseTo(ref[v], 6);
    expect(r.scores.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });

  it('returns zeros without seeds and stops at maxIterations', () => {
    expect(personalizedPageRank(g, new Map()).scores.every((x) => x === 0)).toBe(true);
    const r = personalizedPageRank(g, new Map([[0, 1]]), { method: 'power', maxIterations: 2, tolerance: 0 });
    expect(r.iterations).toBe(2);
    expect(r.converged).toBe(false);
  });

  it('forward push (the default) agrees with power iteration within its error bound', () => {
    // a bigger random graph: 2,000 vertices, 8,000 links, a few dangling vertices
    let x = 7;
    const rand = () => (x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
    const edges: [number, number, number][] = [];
    for (let i = 0; i < 8000; i++) {
      const a = Math.floor(rand() * 1990);
      const b = Math.floor(rand() * 1990);
      if (a !== b) edges.push([a, b, 0.5 + rand()]);
    }
    const big = csr(2000, edges);
    const seeds = new Map([
      [3, 1],
      [42, 0.5],
      [1995, 0.2],
    ]);
    const power = personalizedPageRank(big, seeds, { method: 'power', damping: 0.5, tolerance: 1e-13, maxIterations: 500 });
    const push = personalizedPageRank(big, seeds, { damping: 0.5, epsilon: 1e-9 });
    expect(push.converged).toBe(true);
    expect(push.delta).toBeLessThan(1e-4);
    let l1 = 0;
    for (let v = 0; v < 2000; v++) l1 += Math.abs(push.scores[v] - power.scores[v]);
    expect(l1).toBeLessThanOrEqual(push.delta + 1e-9);
    const top = (s: Float64Array) => [...s.keys()].sort((a, b) => s[b] - s[a]).slice(0, 20);
    expect(top(push.scores)).toEqual(top(power.scores));
    expect(push.scores[3]).toBeGreaterThanOrEqual((1 - 0.5) * (1 / 1.7) - 1e-9);
  });
});
