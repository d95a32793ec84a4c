// Non-linear options of the answer ranking (chat/fit-model.ts boost and kindWeights, chat/ranker.ts): boosted
// trees fitted on the listwise loss with the null alternative in each question's softmax, per-kind candidate
// weights fitted on top of the shared ones, the ranker scoring with hand-written tables of both, and the
// command line's tree specs. Synthetic groups and hand-made retrievals with known answers; no engine is involved.
import { describe, expect, it } from 'vitest';
import { fitBoostedRanker, forestValue, parseBoost } from '../../electron/core/learn/boost';
import { fitConditionalLogit } from '../../electron/core/learn/logistic';
import { mulberry32 } from '../../electron/core/learn/random';
import { fitAnswerModel, type FitExample } from '../../electron/core/chat/fit-model';
import { AnswerRanker, isAnswerModel, type AnswerModel } from '../../electron/core/chat/ranker';
import { CANDIDATE_FEATURES } from '../../electron/core/chat/features';
import { ASKED_KIND_FEATURES, askedKindValues } from '../../electron/core/chat/question-features';
import { answerContext } from '../../electron/core/chat/candidates/context';
import type { Candidate } from '../../electron/core/chat/candidates';
import { retrievalOf, retryExample } from './retrieval-fixture';

/** Groups of four items over [a, b, noise]: in a group of kind 1 the right item has a = 1, in one of kind 0 the one with b = 1. */
function kindGroups(n: number, seed: number) {
  const rnd = mulberry32(seed);
  return Array.from({ length: n }, () => {
    const kind = rnd() < 0.5 ? 1 : 0;
    const x = [
      [1, 0, rnd()],
      [0, 1, rnd()],
      [0, 0, rnd()],
      [0, 0, rnd()],
    ];
    return { kind, x, right: x.map((v) => (kind ? v[0] === 1 : v[1] === 1)) };
  });
}

const top1 = (groups: { x: number[][]; right: boolean[] }[], score: (x: number[], g: number) => number) =>
  groups.filter((g, gi) => {
    const s = g.x.map((x) => score(x, gi));
    return g.right[s.indexOf(Math.max(...s))];
  }).length / groups.length;

const dot = (w: number[], x: number[]) => x.reduce((a, v, j) => a + v * w[j], 0);

describe('per-kind weights on top of shared ones (fitConditionalLogit with a base)', () => {
  it('fit what the shared weights cannot: which input matters depends on the kind of group', () => {
    const train = kindGroups(300, 1);
    const test = kindGroups(200, 2);
    const shared = fitConditionalLogit(train, { l2: 0.1 });
    expect(top1(test, (x) => dot(shared, x))).toBeLessThan(0.8);
    // each kind's deviations, fitted on its own groups on top of the shared scores
    const byKind = [0, 1].map((k) =>
      fitConditionalLogit(
        train.filter((g) => g.kind === k).map((g) => ({ ...g, base: g.x.map((x) => dot(shared, x)) })),
        { l2: 1 },
      ),
    );
    expect(top1(test, (x, gi) => dot(shared, x) + dot(byKind[test[gi].kind], x))).toBe(1);
  });

  it('stay at 0 when the base already ranks right, and add the base to the scores', () => {
    const groups = kindGroups(100, 3).map((g) => ({ ...g, base: g.right.map((r) => (r ? 20 : 0)) }));
    const w = fitConditionalLogit(groups, { l2: 1 });
    expect(Math.max(...w.map(Math.abs))).toBeLessThan(1e-3);
  });
});

describe('boosted trees with the null alternative in the softmax', () => {
  it('lower the items of groups whose right alternative is the null, by the input that marks them', () => {
    // groups whose input 0 is 1 hold no right item (the null, at a fixed score of 0, is right); the others' first item is right
    const groups = Array.from({ length: 60 }, (_, i) => {
      const none = i % 2;
      const x = [
        [none, 1],
        [none, 0],
      ];
      return { x, right: none ? [false, false] : [true, false], base: [0, 0], fixed: [{ score: 0, right: !!none }] };
    });
    const trees = fitBoostedRanker(groups, { rounds: 30, depth: 2, rate: 0.3 });
    expect(forestValue(trees, [1, 1])).toBeLessThan(-1);
    expect(forestValue(trees, [0, 1])).toBeGreaterThan(forestValue(trees, [0, 0]) + 1);
    // without the null a group with no right item carries nothing
    expect(fitBoostedRanker(groups.filter((g) => g.right.some(Boolean) === false).map(({ x, right, base }) => ({ x, right, base })))).toEqual([]);
  });

  it('are fitted in the folds and for the table with the joint null, and stored by their inputs', () => {
    const examples: FitExample[] = Array.from({ length: 12 }, (_, i) => [retryExample(i, true, `d${i}`), retryExample(i, false, `e${i}`)]).flat();
    const { model } = fitAnswerModel(examples, {
      folds: 2,
      objectives: ['listwise'],
      l2Grid: [0.1],
      nullMode: 'joint',
      boost: { rounds: 5, depth: 2, rate: 0.1, lambda: 1, minLeaf: 1 },
    });
    expect(model.trees?.trees.length).toBe(5);
    expect(model.trees?.features).toContain('score');
    expect(isAnswerModel(model)).toBe(true);
  });
});

const span = (text: string, sentence: string): Candidate => ({ text, source: 'span', passageId: 1, passageRank: 0, sentence, triples: [], measures: {} });

describe("the ranker's per-kind weights", () => {
  const sentence = 'The client retries 9 times, several seconds apart.';
  const numeric = answerContext(retrievalOf('How many retries does the client make?', [sentence]));
  const other = answerContext(retrievalOf('What does the client do?', [sentence]));
  const candidates = [span('several', sentence), span('9', sentence)];
  const zero = CANDIDATE_FEATURES.map(() => 0);
  const model = (kindWeights?: AnswerModel['kindWeights']): AnswerModel => ({
    version: 1,
    candidate: { features: [...CANDIDATE_FEATURES], weights: zero, bias: 0 },
    ...(kindWeights ? { kindWeights } : {}),
    confidence: { features: [], weights: [], bias: 0 },
    grounded: { features: [], weights: [], bias: 0 },
    groundedThreshold: 0,
    threshold: 0,
    fitted: {},
  });
  const numericAt = ASKED_KIND_FEATURES.indexOf('askedNumeric');

  it("add a kind's weights only to the questions that ask that kind", () => {
    expect(askedKindValues(numeric)[numericAt]).toBe(1);
    expect(askedKindValues(other)[numericAt]).toBe(0);
    // a raise of answers without the shape a number asks, for numeric questions only
    const ranker = new AnswerRanker(model([{ kind: 'askedNumeric', features: ['shapeFit'], weights: [-3], bias: 0 }]));
    const ranked = ranker.rank(numeric, candidates).candidates;
    expect(ranked.map((c) => c.text)).toEqual(['several', '9']);
    expect(ranked[0].score).toBe(0);
    expect(ranked[1].score).toBeLessThan(0);
    expect(ranker.weightsFor(other)).toBe(ranker.candidate);
    expect(ranker.rank(other, candidates).candidates.every((c) => c.score === 0)).toBe(true);
  });

  it('ignore a kind or an input the code no longer has, and are checked as part of the table', () => {
    const ranker = new AnswerRanker(model([{ kind: 'a kind since removed', features: ['shapeFit'], weights: [5], bias: 0 }]));
    expect(ranker.weightsFor(numeric)).toBe(ranker.candidate);
    expect(isAnswerModel(model([{ kind: 'askedNumeric', features: ['x'], weights: [1, 2], bias: 0 }]))).toBe(false);
    expect(isAnswerModel(model([{ kind: 'askedNumeric', features: ['x'], weights: [1], bias: 0 }]))).toBe(true);
  });

  it('are fitted for the kinds the questions ask, held at the shared weights by a heavy L2', () => {
    const examples: FitExample[] = Array.from({ length: 12 }, (_, i) => [retryExample(i, true, `d${i}`), retryExample(i, false, `e${i}`)]).flat();
    const fit = (kindWeights?: number) =>
      fitAnswerModel(examples, { folds: 2, objectives: ['listwise'], l2Grid: [0.1], nullMode: 'joint', ...(kindWeights ? { kindWeights } : {}) }).model;
    const plain = fit();
    expect(plain.kindWeights).toBeUndefined();
    const kinds = fit(1);
    expect(kinds.kindWeights?.map((k) => k.kind)).toEqual(['askedNumeric']);
    expect(isAnswerModel(kinds)).toBe(true);
    const held = fit(1e9);
    expect(Math.max(0, ...(held.kindWeights ?? []).flatMap((k) => k.weights.map(Math.abs)))).toBeLessThan(1e-6);
    expect(held.candidate.weights).toEqual(plain.candidate.weights);
  });
});

describe('tree specs on the command line (parseBoost)', () => {
  const defaults = { rate: 0.1, lambda: 5, minLeaf: 10 };
  it('read rounds and depth, the rest from the defaults unless given', () => {
    expect(parseBoost('50:2', defaults)).toEqual({ rounds: 50, depth: 2, rate: 0.1, lambda: 5, minLeaf: 10 });
    expect(parseBoost('100:3:0.05:1:2', defaults)).toEqual({ rounds: 100, depth: 3, rate: 0.05, lambda: 1, minLeaf: 2 });
  });
  it('refuse what is not a spec', () => {
    expect(() => parseBoost('50', defaults)).toThrow(/ROUNDS:DEPTH/);
    expect(() => parseBoost('a:2', defaults)).toThrow();
    expect(() => parseBoost('50:2.5', defaults)).toThrow();
  });
});
