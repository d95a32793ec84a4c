// Triple sampling into a context budget (the kit's sample paper ../shared/samples/seeds/000_*.txt):
// the top relation paths are walked again with their edges, and reasoning chains (seed -> ... ->
// end vertex) are taken greedily, cheapest new chain first (chains share prefixes), ties broken by
// personalized PageRank, so the budget covers as many distinct candidate answers as it can.
// Leftover budget goes to the seeds' neighbourhood by PPR.
import type { GraphSnapshot } from './snapshot';
import { KIND_CODES } from './snapshot';
import type { RelationPath } from './paths';

interface SampledTriple {
  /** Edge index in the snapshot. */
  edge: number;
  score: number;
  /** Index of the path it came from, or -1 for neighbourhood context. */
  path: number;
  hop: number;
}

interface SampleOptions {
  maxTriples: number;
  maxFrontier?: number;
}

interface Layer {
  vertices: number[];
  /** vertex -> up to 3 edges reaching it from the previous layer */
  parents: Map<number, number[]>;
}

/** Walk a path keeping the edges: one layer per step. */
function layers(snapshot: GraphSnapshot, path: RelationPath, cap: number): Layer[] {
  const out: Layer[] = [];
  let frontier = [path.seed];
  for (const step of path.steps) {
    const rel = snapshot.relationIndex.get(step.relation);
    if (rel === undefined) return [];
    const csr = step.inverse ? snapshot.in() : snapshot.out();
    const ends = step.inverse ? snapshot.src.data : snapshot.dst.data;
    const rels = snapshot.rel.data;
    const parents = new Map<number, number[]>();
    const vertices: number[] = [];
    outer: for (const v of frontier) {
      for (let k = csr.ptr[v]; k < csr.ptr[v + 1]; k++) {
        const e = csr.idx[k];
        if (rels[e] !== rel) continue;
        const u = ends[e];
        const list = parents.get(u);
        if (list) {
          if (list.length < 3) list.push(e);
          continue;
        }
        parents.set(u, [e]);
        vertices.push(u);
        if (vertices.length >= cap) break outer;
      }
    }
    out.push({ vertices, parents });
    frontier = vertices;
  }
  return out;
}

/** The other end of edge e seen from vertex u (which it reached). */
function previous(snapshot: GraphSnapshot, e: number, u: number): number {
  const s = snapshot.src.data[e];
  return s === u ? snapshot.dst.data[e] : s;
}

export function sampleTriples(snapshot: GraphSnapshot, paths: RelationPath[], ppr: Float64Array | null, options: SampleOptions): SampledTriple[] {
  const budget = options.maxTriples;
  const cap = options.maxFrontier ?? 5000;
  const chosen = new Map<number, SampledTriple>();
  const pr = (v: number) => (ppr ? ppr[v] : 0);
  const topScore = paths.length ? paths[0].score : 1;

  const walked = paths.map((p) => layers(snapshot, p, cap));
  // Allowance per path: the best path may take most of the budget, the rest share what is left.
  const allowance = (i: number, remaining: number) => (i === paths.length - 1 ? remaining : Math.max(Math.ceil(remaining * (i === 0 ? 0.7 : 0.5)), 1));
  const pending = new Map<number, number[]>(); // path -> end vertices not yet covered

  const takeChains = (i: number, limit: number) => {
    const L = walked[i];
    if (!L.length) return;
    const path = paths[i];
    const last = L[L.length - 1];
    let ends = pending.get(i);
    if (!ends) {
      ends = [...last.vertices];
      ends.sort((a, b) => pr(b) - pr(a));
      pending.set(i, ends);
    }
    const score = Math.max(1e-6, path.score / topScore);
    let used = 0;
    while (ends.length && used < limit && chosen.size < budget) {
      // the end vertex whose chain needs the fewest new triples (first = best PPR among equals)
      let bestK = -1;
      let bestChain: number[] = [];
      let bestCost = Infinity;
      for (let k = 0; k < ends.length && k < 2000; k++) {
        const chain = chainFor(L, ends[k]);
        if (!chain.length) {
          ends.splice(k--, 1);
          continue;
        }
        const cost = chain.filter((e) => !chosen.has(e)).length;
        if (cost < bestCost) {
          bestCost = cost;
          bestK = k;
          bestChain = chain;
          if (cost <= 1) break;
        }
      }
      if (bestK < 0) break;
      ends.splice(bestK, 1);
      if (bestCost > budget - chosen.size) continue;
      bestChain.forEach((e, hop) => {
        if (!chosen.has(e)) {
          chosen.set(e, { edge: e, score: score * (1 - 0.001 * chosen.size), path: i, hop: hop + 1 });
          used++;
        }
      });
    }
  };

  /**
   * Edges of one chain from the seed to end vertex u, reusing chosen edges where it can. A chain
   * that walks an edge twice (there and straight back) reaches nothing new: none is returned.
   */
  const chainFor = (L: Layer[], u: number): number[] => {
    const chain: number[] = [];
    let v = u;
    for (let t = L.length - 1; t >= 0; t--) {
      const ps = L[t].parents.get(v)?.filter((x) => !chain.includes(x));
      if (!ps?.length) return [];
      const e = ps.find((x) => chosen.has(x)) ?? ps[0];
      chain.push(e);
      v = previous(snapshot, e, v);
    }
    return v === path0(L) ? chain.reverse() : [];
  };
  const path0 = (L: Layer[]) => seedOf.get(L) ?? -1;
  const seedOf = new Map<Layer[], number>(walked.map((L, i) => [L, paths[i].seed]));

  for (let i = 0; i < paths.length && chosen.size < budget; i++) takeChains(i, allowance(i, budget - chosen.size));
  // a second round: paths that hit their allowance may use what others left
  for (let i = 0; i < paths.length && chosen.size < budget; i++) takeChains(i, budget - chosen.size);

  // Context: edges around the seeds and the best PageRank vertices.
  if (chosen.size < budget) {
    const seeds = [...new Set(paths.map((p) => p.seed))];
    fillNeighbourhood(snapshot, seeds, ppr, budget, chosen);
  }
  return [...chosen.values()].sort((a, b) => b.score - a.score);
}

/** Add edges incident to the given vertices (best PPR neighbour first), then around top-PPR vertices. */
function fillNeighbourhood(snapshot: GraphSnapshot, seeds: number[], ppr: Float64Array | null, budget: number, chosen: Map<number, SampledTriple>): void {
  const pr = (v: number) => (ppr ? ppr[v] : 0);
  const maxPr = ppr ? Math.max(1e-12, ...seeds.map((s) => ppr[s])) : 1;
  const around = (v: number, limit: number) => {
    const cands: { e: number; w: number }[] = [];
    const o = snapshot.out();
    const i = snapshot.in();
    for (let k = o.ptr[v]; k < o.ptr[v + 1] && cands.length < 5000; k++) cands.push({ e: o.idx[k], w: pr(snapshot.dst.data[o.idx[k]]) });
    for (let k = i.ptr[v]; k < i.ptr[v + 1] && cands.length < 5000; k++) cands.push({ e: i.idx[k], w: pr(snapshot.src.data[i.idx[k]]) });
    cands.sort((a, b) => b.w - a.w);
    let added = 0;
    for (const { e, w } of cands) {
      if (chosen.size >= budget || added >= limit) break;
      if (chosen.has(e)) continue;
      chosen.set(e, { edge: e, score: Math.min(1e-3, 1e-3 * (w / maxPr)) + 1e-7, path: -1, hop: 1 });
      added++;
    }
  };
  for (const s of seeds) around(s, Math.ceil((budget - chosen.size) / Math.max(1, seeds.length)));
  if (chosen.size >= budget || !ppr) return;
  const top = topVertices(ppr, 50, (v) => snapshot.kind.data[v] !== KIND_CODES.passage && !seeds.includes(v));
  for (const v of top) {
    if (chosen.size >= budget) break;
    around(v, 3);
  }
}

/** The k vertices with the highest scores that pass the filter. */
function topVertices(scores: Float64Array, k: number, keep: (v: number) => boolean = () => true): number[] {
  const out: number[] = [];
  let min = 0;
  for (let v = 0; v < scores.length; v++) {
    const s = scores[v];
    if (s <= 0 || (out.length >= k && s <= min) || !keep(v)) continue;
    out.push(v);
    if (out.length > k) {
      out.sort((a, b) => scores[b] - scores[a]);
      out.length = k;
      min = scores[out[k - 1]];
    } else if (out.length === k) {
      out.sort((a, b) => scores[b] - scores[a]);
      min = scores[out[k - 1]];
    }
  }
  return out.sort((a, b) => scores[b] - scores[a]);
}

export interface PassageWeights {
  /** Weight of the evidence of the sampled triples. */
  evidence: number;
  /** Weight of the BM25 match of the question (normalised to the best hit). */
  bm25: number;
  /** Each further chunk of a document already listed is multiplied by this (diversity). */
  sameDocument: number;
  /** Weight of the PPR ranking. */
  ppr: number;
  /** Reciprocal-rank constant: each list gives weight / (k + rank). */
  rrfK: number;
}

export const DEFAULT_PASSAGE_WEIGHTS: PassageWeights = { evidence: 0.5, bm25: 0.5, sameDocument: 0.5, ppr: 1, rrfK: 5 };

/** Passage vertices ranked by PPR, with those holding the chosen triples' evidence and matching the words lifted. */
export function rankPassages(
  snapshot: GraphSnapshot,
  ppr: Float64Array | null,
  triples: SampledTriple[],
  bm25: Map<number, number>,
  limit: number,
  weights: PassageWeights = DEFAULT_PASSAGE_WEIGHTS,
  documentOf?: (chunk: number) => number | undefined,
): { chunk: number; score: number }[] {
  // Three rankings fused by reciprocal rank (scale-free): personalized PageRank over passage
  // vertices, the evidence of the sampled triples in their order, and BM25 on the question's words.
  const score = new Map<number, number>();
  const add = (chunk: number, rank: number, w: number) => score.set(chunk, (score.get(chunk) ?? 0) + w / (weights.rrfK + rank));
  if (ppr) {
    topVertices(ppr, limit * 4 + 20, (v) => snapshot.kind.data[v] === KIND_CODES.passage && snapshot.chunkId.data[v] > 0).forEach((v, rank) =>
      add(snapshot.chunkId.data[v], rank, weights.ppr),
    );
  }
  const evidence: number[] = [];
  for (const t of triples)
    for (const p of snapshot.edgePassages.get(t.edge) ?? [])
      if (snapshot.chunkId.data[p] > 0 && !evidence.includes(snapshot.chunkId.data[p])) evidence.push(snapshot.chunkId.data[p]);
  evidence.forEach((c, rank) => add(c, rank, weights.evidence));
  [...bm25].sort((a, b) => b[1] - a[1]).forEach(([c], rank) => add(c, rank, weights.bm25));
  const ranked = [...score].map(([chunk, s]) => ({ chunk, score: s })).sort((a, b) => b.score - a.score);
  if (documentOf && weights.sameDocument < 1) {
    const seen = new Map<number, number>();
    for (const r of ranked) {
      const d = documentOf(r.chunk);
      if (d === undefined) continue;
      const n = seen.get(d) ?? 0;
      r.score *= weights.sameDocument ** n;
      seen.set(d, n + 1);
    }
    ranked.sort((a, b) => b.score - a.score);
  }
  return ranked.slice(0, limit);
}
