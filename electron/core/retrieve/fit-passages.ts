// Fitting the passage table (passage-ranker.ts) on questions with gold quotes: a logistic regression
// over every pooled passage's features, labelled by whether it holds a gold quote (whitespace and case
// aside), or a softmax over each question's pool; the objective and the L2 penalty chosen on folds by document
// by recall@k, or (criterion 'first') by the share of questions whose first passage holds the gold (recall@1, ties
// to recall@k): the answerer reads the first passage most. Deterministic for the same pools.
import { fitConditionalLogit, fitLogistic, foldsByGroup, linear } from '../learn/logistic';
import { PASSAGE_FEATURES, vectorOf, type PassageModel } from './passage-ranker';
import type { PooledPassage } from './retriever';
import { keepSecondHop } from './second-hop';

export interface PassageExample {
  group: string;
  quotes: string[];
  pool: PooledPassage[];
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
const holdsQuote = (quotes: string[], text: string) => {
  const t = squash(text);
  return quotes.some((q) => squash(q).length > 0 && t.includes(squash(q)));
};

/**
 * Share of examples whose k best passages (by a model) hold every quote; the k kept as the retriever keeps
 * them, with the places held for the second hop's passages (only a two-passage question's pool has any).
 */
export function recallAt(examples: PassageExample[], score: (x: number[]) => number, k: number): number {
  let hits = 0;
  for (const e of examples) {
    const ranked = [...e.pool]
      .map((p) => ({ p, s: score(vectorOf(p.features)) }))
      .sort((a, b) => b.s - a.s || a.p.id - b.p.id)
      .map(({ p }) => ({ p, documentId: p.documentId, secondHop: p.features.secondHop }));
    const top = keepSecondHop(ranked, k, true).map((x) => squash(x.p.text));
    if (e.quotes.every((q) => top.some((t) => t.includes(squash(q))))) hits++;
  }
  return examples.length ? hits / examples.length : 0;
}

const withoutFeatures = (features: PooledPassage['features'], off: boolean[]) =>
  Object.fromEntries(PASSAGE_FEATURES.map((f, i) => [f, off[i] ? 0 : features[f]])) as PooledPassage['features'];

export function fitPassageModel(
  examples: PassageExample[],
  options: { folds?: number; seed?: number; k?: number; l2Grid?: number[]; without?: string[]; criterion?: 'recall' | 'first' } = {},
): {
  model: PassageModel;
  l2: number;
  objective: string;
  heldOutRecall: number;
  heldOutFirst: number;
  l2Recall: { objective: string; l2: number; recall: number; first: number }[];
} {
  // (features read as 0, to measure what they add: their weights come out 0)
  const off = PASSAGE_FEATURES.map((f) => options.without?.includes(f) ?? false);
  const usable = examples
    .filter((e) => e.quotes.length && e.pool.length)
    .map((e) => (off.some(Boolean) ? { ...e, pool: e.pool.map((p) => ({ ...p, features: withoutFeatures(p.features, off) })) } : e));
  const k = options.k ?? 5;
  const nf = Math.max(2, Math.min(options.folds ?? 5, new Set(usable.map((e) => e.group)).size));
  const folds = foldsByGroup(
    usable.map((e) => e.group),
    nf,
    options.seed ?? 1,
  );
  // each passage alone (logistic) or each question's pool against itself (softmax over the pool)
  const fit = (train: PassageExample[], l2: number, objective: 'pointwise' | 'listwise') => {
    const groups = train.map((e) => ({ x: e.pool.map((p) => vectorOf(p.features)), right: e.pool.map((p) => holdsQuote(e.quotes, p.text)) }));
    if (objective === 'listwise') return { weights: fitConditionalLogit(groups, { l2 }), bias: 0 };
    return fitLogistic(
      groups.flatMap((g) => g.x),
      groups.flatMap((g) => g.right.map((r) => (r ? 1 : 0))),
      { l2 },
    );
  };
  const settings = (['pointwise', 'listwise'] as const).flatMap((objective) => (options.l2Grid ?? [0.1, 1, 10]).map((l2) => ({ objective, l2 })));
  const l2Recall = settings.map(({ objective, l2 }) => {
    let hits = 0;
    let firsts = 0;
    for (let f = 0; f < nf; f++) {
      const m = fit(
        usable.filter((_, i) => folds[i] !== f),
        l2,
        objective,
      );
      const test = usable.filter((_, i) => folds[i] === f);
      hits += recallAt(test, (x) => linear(m, x), k) * test.length;
      firsts += recallAt(test, (x) => linear(m, x), 1) * test.length;
    }
    const share = (n: number) => Math.round((n / Math.max(1, usable.length)) * 1000) / 1000;
    return { objective, l2, recall: share(hits), first: share(firsts) };
  });
  const first = options.criterion === 'first';
  const best = l2Recall.map((x, i) => ({ ...x, i })).sort((a, b) => (first ? b.first - a.first || b.recall - a.recall : b.recall - a.recall) || a.i - b.i)[0];
  const m = fit(usable, best.l2, best.objective);
  return {
    model: { version: 1, features: [...PASSAGE_FEATURES], weights: m.weights, bias: m.bias, fitted: {} },
    l2: best.l2,
    objective: best.objective,
    heldOutRecall: best.recall,
    heldOutFirst: best.first,
    l2Recall,
  };
}
