// Candidate answers read off the best relation paths: the path is walked again over the whole
// snapshot (not only the sampled triples), so an end node that also lies earlier on the chain
// ("who reviewed the papers that share authors with X": an author reviewed them too) is still an
// answer. The seed itself comes last among the ends. Each answer keeps one chain of edges reaching it
// (for citations) and its support: how many chains reach it.
import type { GraphSnapshot } from './snapshot';
import type { RelationPath, QuestionAnalysis } from './paths';

interface PathAnswer {
  vertex: number;
  nodeId: number;
  label: string;
  /** Index of the path (in the paths given) it ends. */
  path: number;
  /** Number of chains reaching it (capped). */
  support: number;
  /** Edge indexes of one chain from the seed to it, in order. */
  chain: number[];
  /** In (0, 1]: the path's relation evidence squared (a weak match of the relations counts little) times the seed's link score. */
  score: number;
}

/**
 * How well the question names the path's relations, in [0, 1]: per step the strongest match of a
 * question word to the step's relation (a walk straight back over the relation just taken counts
 * as named when the question has a bridge cue or names that relation twice), averaged.
 */
function pathEvidence(snapshot: GraphSnapshot, path: RelationPath, analysis: QuestionAnalysis): number {
  if (!path.steps.length) return 0;
  let sum = 0;
  path.steps.forEach((step, i) => {
    const rel = snapshot.relationIndex.get(step.relation);
    let best = 0;
    if (rel !== undefined) for (const m of analysis.mentions) best = Math.max(best, (m.relations.get(rel) ?? 0) * (m.weak ? 0.75 : 1));
    // a first step the graph's structure chose (the question named none of the seed's relations)
    if (i === 0) best = Math.max(best, path.assumed ?? 0);
    const prev = path.steps[i - 1];
    if (prev && prev.relation === step.relation && prev.inverse !== step.inverse) best = Math.max(best, analysis.bridgeCue ? 0.9 : best);
    sum += best;
  });
  return sum / path.steps.length;
}

/** End nodes of the top paths with one chain each, best first (support, then path order). */
export function pathAnswers(
  snapshot: GraphSnapshot,
  paths: RelationPath[],
  analysis: QuestionAnalysis,
  linkScore: (seed: number) => number,
  options: { maxPaths?: number; cap?: number; limit?: number } = {},
): PathAnswer[] {
  const cap = options.cap ?? 5000;
  const out: PathAnswer[] = [];
  const seen = new Set<number>();
  const top = paths[0]?.score ?? 0;
  paths.slice(0, options.maxPaths ?? 3).forEach((path, pi) => {
    // only paths nearly as good as the best one propose answers
    if (pi > 0 && path.score < top * 0.5) return;
    const evidence = pathEvidence(snapshot, path, analysis);
    // per layer: vertex -> [one chain reaching it, support]
    let layer = new Map<number, { chain: number[]; support: number }>([[path.seed, { chain: [], support: 1 }]]);
    for (const step of path.steps) {
      const rel = snapshot.relationIndex.get(step.relation);
      if (rel === undefined) return;
      const csr = step.inverse ? snapshot.in() : snapshot.out();
      const ends = step.inverse ? snapshot.src.data : snapshot.dst.data;
      const next = new Map<number, { chain: number[]; support: number }>();
      outer: for (const [v, at] of layer) {
        for (let k = csr.ptr[v]; k < csr.ptr[v + 1]; k++) {
          const e = csr.idx[k];
          if (snapshot.rel.data[e] !== rel) continue;
          const u = ends[e];
          const got = next.get(u);
          if (got) got.support = Math.min(1e6, got.support + at.support);
          else {
            next.set(u, { chain: [...at.chain, e], support: at.support });
            if (next.size >= cap) break outer;
          }
        }
      }
      layer = next;
      if (!layer.size) return;
    }
    // the question's own entity comes last: it is an answer only in its own right ("papers written by X, reviewed by X")
    const ranked = [...layer].sort((a, b) => Number(a[0] === path.seed) - Number(b[0] === path.seed) || b[1].support - a[1].support);
    for (const [v, at] of ranked) {
      if (seen.has(v)) continue;
      seen.add(v);
      out.push({
        vertex: v,
        nodeId: snapshot.nodeId.data[v],
        label: snapshot.labels[v],
        path: pi,
        support: at.support,
        chain: at.chain,
        score: Math.round(evidence ** 2 * linkScore(path.seed) * (pi === 0 ? 1 : 0.8) * 1000) / 1000,
      });
      if (out.length >= (options.limit ?? 50)) return;
    }
  });
  return out;
}
