// Boosted trees over the linear ranking (learn/boost.ts, chat/ranker.ts): on a synthetic ranking whose
// right item depends on an interaction (which feature matters depends on the kind of group) the trees
// learn what a linear table cannot; a model's trees change the ranker's order through its named inputs.
import { describe, expect, it } from 'vitest';
import { fitBoostedRanker, forestValue, treeValue, type TreeNode } from '../../electron/core/learn/boost';
import { fitConditionalLogit } from '../../electron/core/learn/logistic';
import { AnswerRanker, type AnswerModel } from '../../electron/core/chat/ranker';
import { answerContext } from '../../electron/core/chat/candidates/context';
import type { Candidate } from '../../electron/core/chat/candidates';
import { CANDIDATE_FEATURES } from '../../electron/core/chat/features';
import { TREE_FEATURES } from '../../electron/core/chat/question-features';
import { mulberry32 } from '../../electron/core/learn/random';
import { retrievalOf } from './retrieval-fixture';

/**
 * Groups of four items over [a, b, noise, kind]: in a group of kind 1 the right item is the one with
 * a = 1, in a group of kind 0 the one with b = 1 (each group has one item of each).
 */
function interactionGroups(n: number, seed: number) {
  const rnd = mulberry32(seed);
  return Array.from({ length: n }, () => {
    const kind = rnd() < 0.5 ? 1 : 0;
    const x = [
      [1, 0, rnd(), kind],
      [0, 1, rnd(), kind],
      [0, 0, rnd(), kind],
      [0, 0, rnd(), kind],
    ];
    return { x, right: x.map((v) => (kind ? v[0] === 1 : v[1] === 1)), base: x.map(() => 0) };
  });
}

const top1 = (groups: ReturnType<typeof interactionGroups>, score: (x: number[]) => number) =>
  groups.filter((g) => {
    const s = g.x.map(score);
    return g.right[s.indexOf(Math.max(...s))];
  }).length / groups.length;

describe('boosted trees for ranking', () => {
  it('learn an interaction a linear softmax cannot: which feature matters depends on the kind of group', () => {
    const train = interactionGroups(300, 1);
    const test = interactionGroups(200, 2);
    const w = fitConditionalLogit(train, { l2: 0.1 });
    const linearTop1 = top1(test, (x) => x.reduce((a, v, j) => a + v * w[j], 0));
    const trees = fitBoostedRanker(train, { rounds: 30, depth: 2, rate: 0.3 });
    const treeTop1 = top1(test, (x) => forestValue(trees, x));
    expect(treeTop1).toBe(1);
    expect(linearTop1).toBeLessThan(0.8);
  });

  it('add to the base score: a base that already ranks right is kept right', () => {
    const groups = interactionGroups(100, 3).map((g) => ({ ...g, base: g.right.map((r) => (r ? 5 : 0)) }));
    const trees = fitBoostedRanker(groups, { rounds: 10, depth: 2 });
    const kept = groups.filter((g) => {
      const s = g.x.map((x, i) => g.base[i] + forestValue(trees, x));
      return g.right[s.indexOf(Math.max(...s))];
    }).length;
    expect(kept).toBe(groups.length);
  });

  it('fit nothing where no group has a right item, and follow their cuts', () => {
    expect(fitBoostedRanker([{ x: [[1], [0]], right: [false, false], base: [0, 0] }])).toEqual([]);
    const tree: TreeNode = { feature: 1, cut: 0.5, left: { value: -1 }, right: { feature: 0, cut: 2, left: { value: 2 }, right: { value: 3 } } };
    expect(treeValue(tree, [0, 0])).toBe(-1);
    expect(treeValue(tree, [1, 1])).toBe(2);
    expect(treeValue(tree, [3, 1])).toBe(3);
  });
});

const span = (text: string, sentence: string): Candidate => ({ text, source: 'span', passageId: 1, passageRank: 0, sentence, triples: [], measures: {} });

describe("the ranker's trees", () => {
  const sentence = 'The client retries 9 times, several seconds apart.';
  const ctx = answerContext(retrievalOf('How many retries does the client make?', [sentence]));
  const candidates = [span('several', sentence), span('9', sentence)];
  const model = (trees?: AnswerModel['trees']): AnswerModel => ({
    version: 1,
    candidate: { features: [...CANDIDATE_FEATURES], weights: CANDIDATE_FEATURES.map(() => 0), bias: 0 },
    ...(trees ? { trees } : {}),
    confidence: { features: [], weights: [], bias: 0 },
    grounded: { features: [], weights: [], bias: 0 },
    groundedThreshold: 0,
    threshold: 0,
    fitted: {},
  });

  it('move a candidate by the inputs they name (here: an answer without the shape a number asks, raised)', () => {
    // without trees the two tie and keep their text order
    expect(new AnswerRanker(model()).rank(ctx, candidates).candidates[0].text).toBe('9');
    const raise: TreeNode = { feature: 0, cut: 0.5, left: { value: 4 }, right: { value: 0 } };
    const ranked = new AnswerRanker(model({ features: ['shapeFit'], trees: [raise] })).rank(ctx, candidates).candidates;
    expect(ranked[0].text).toBe('several');
    expect(ranked[0].score).toBe(4);
  });

  it('read an input the code no longer has as 0', () => {
    const split: TreeNode = { feature: 0, cut: 0.5, left: { value: 1 }, right: { value: 0 } };
    const ranked = new AnswerRanker(model({ features: ['a feature since removed'], trees: [split] })).rank(ctx, candidates).candidates;
    expect(ranked.map((c) => c.score)).toEqual([1, 1]);
    expect(TREE_FEATURES).toContain('score');
  });
});
