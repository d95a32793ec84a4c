// Boosted trees on top of a calibration's log-odds (learn/boost.ts fitBoostedLogistic, chat/fit-model.ts
// calibrationTrees, chat/ranker.ts confidenceTrees): on a synthetic set with known probabilities that depend on
// an interaction (one input counts only for one kind of row) the trees recover what a linear calibration cannot;
// a base that is already right is left nearly as it is; a model's trees move the ranker's confidence by the
// inputs they name; the fit's nested confidences with trees never depend on the judged fold's answers.
import { describe, expect, it } from 'vitest';
import { fitBoostedLogistic, forestValue, type TreeNode } from '../../electron/core/learn/boost';
import { fitLogisticStandardised, foldsByGroup, linear, sigmoid } from '../../electron/core/learn/logistic';
import { mulberry32 } from '../../electron/core/learn/random';
import { AnswerRanker, type AnswerModel } from '../../electron/core/chat/ranker';
import { fitAnswerModel, type FitExample } from '../../electron/core/chat/fit-model';
import { CANDIDATE_FEATURES } from '../../electron/core/chat/features';
import { CONFIDENCE_TREE_FEATURES, QUESTION_FEATURES } from '../../electron/core/chat/question-features';
import { RETRY_QUESTION, retryExample, retrievalOf } from './retrieval-fixture';
import { answerContext } from '../../electron/core/chat/candidates/context';
import { gatherCandidates } from '../../electron/core/chat/candidates';

/** Rows [share, kind, noise]: the known probability is sigmoid(4·share − 2) for kind 1 and 0.3 for kind 0. */
function interaction(n: number, seed: number) {
  const rnd = mulberry32(seed);
  return Array.from({ length: n }, () => {
    const x = [rnd(), rnd() < 0.5 ? 1 : 0, rnd()];
    const p = x[1] ? sigmoid(4 * x[0] - 2) : 0.3;
    return { x, p, right: rnd() < p };
  });
}

const logLoss = (rows: { right: boolean }[], q: number[]) => rows.reduce((a, r, i) => a - Math.log(r.right ? q[i] : 1 - q[i]), 0) / rows.length;

describe('boosted trees on a log-odds (fitBoostedLogistic)', () => {
  const train = interaction(3000, 1);
  const test = interaction(2000, 2);
  const lin = fitLogisticStandardised(
    train.map((r) => r.x),
    train.map((r) => (r.right ? 1 : 0)),
    { l2: 1 },
  );

  it('learn an interaction a linear calibration cannot: the share counts for one kind of row only', () => {
    const trees = fitBoostedLogistic(
      train.map((r) => ({ x: r.x, right: r.right, base: linear(lin, r.x) })),
      { rounds: 60, depth: 2, rate: 0.1, lambda: 5, minLeaf: 4 },
    );
    const linearP = test.map((r) => sigmoid(linear(lin, r.x)));
    const treeP = test.map((r) => sigmoid(linear(lin, r.x) + forestValue(trees, r.x)));
    expect(logLoss(test, treeP)).toBeLessThan(logLoss(test, linearP) - 0.01);
    const error = (q: number[]) => q.reduce((a, v, i) => a + Math.abs(v - test[i].p), 0) / q.length;
    expect(error(treeP)).toBeLessThan(0.06);
    expect(error(linearP)).toBeGreaterThan(error(treeP) + 0.03);
  });

  it('leave a base that is already the true log-odds nearly as it is', () => {
    const trees = fitBoostedLogistic(
      train.map((r) => ({ x: r.x, right: r.right, base: Math.log(r.p / (1 - r.p)) })),
      { rounds: 20, depth: 2, rate: 0.1, lambda: 5, minLeaf: 4 },
    );
    const moved = test.map((r) => Math.abs(forestValue(trees, r.x)));
    expect(moved.reduce((a, v) => a + v, 0) / moved.length).toBeLessThan(0.15);
  });

  it('fit nothing without rows or rounds', () => {
    expect(fitBoostedLogistic([])).toEqual([]);
    expect(fitBoostedLogistic([{ x: [1], right: true, base: 0 }], { rounds: 0 })).toEqual([]);
  });
});

describe("the ranker's calibration trees", () => {
  const sentence = 'The client makes 9 retries before it gives up on the server.';
  const { ctx, candidates } = gatherCandidates(retrievalOf(RETRY_QUESTION, [sentence]));
  const model = (confidenceTrees?: AnswerModel['confidenceTrees']): AnswerModel => ({
    version: 1,
    candidate: { features: [...CANDIDATE_FEATURES], weights: CANDIDATE_FEATURES.map(() => 0), bias: 0 },
    confidence: { features: [], weights: [], bias: 0 },
    ...(confidenceTrees ? { confidenceTrees } : {}),
    grounded: { features: [], weights: [], bias: 0 },
    groundedThreshold: 0,
    threshold: 0,
    fitted: {},
  });

  it('add their value to the linear log-odds, by the question features they name', () => {
    expect(new AnswerRanker(model()).rank(ctx, candidates).confidence).toBeCloseTo(0.5, 12);
    // a split on the kind asked: a number asked is raised by 2 log-odds
    const raise: TreeNode = { feature: 0, cut: 0.5, left: { value: 0 }, right: { value: 2 } };
    const ranking = new AnswerRanker(model({ features: ['askedNumeric'], trees: [raise] })).rank(ctx, candidates);
    expect(ranking.features[QUESTION_FEATURES.indexOf('askedNumeric')]).toBe(1);
    expect(ranking.confidence).toBeCloseTo(sigmoid(2), 12);
  });

  it('read an input the code no longer has as 0, and give no confidence without a candidate', () => {
    const split: TreeNode = { feature: 0, cut: 0.5, left: { value: 1 }, right: { value: 3 } };
    const ranker = new AnswerRanker(model({ features: ['a feature since removed'], trees: [split] }));
    expect(ranker.rank(ctx, candidates).confidence).toBeCloseTo(sigmoid(1), 12);
    expect(ranker.rank(answerContext(retrievalOf(RETRY_QUESTION, [sentence])), []).confidence).toBe(0);
  });
});

describe('calibration trees in the fit (chat/fit-model.ts)', () => {
  const examples: FitExample[] = Array.from({ length: 20 }, (_, i) => [retryExample(i, true, `doc${i % 10}`), retryExample(i, false, `doc${i % 10}`)]).flat();
  const options = { folds: 5, objectives: ['listwise' as const], l2Grid: [0.1], calibrationTrees: { rounds: 5, depth: 2, rate: 0.1, lambda: 5, minLeaf: 1 } };
  const folds = foldsByGroup(
    examples.map((e) => e.group),
    5,
    1,
  );

  it('are written with the model over CONFIDENCE_TREE_FEATURES', () => {
    const { model } = fitAnswerModel(examples, options);
    expect(model.confidenceTrees?.features).toEqual([...CONFIDENCE_TREE_FEATURES]);
    expect(model.confidenceTrees?.trees.length).toBe(5);
    expect(fitAnswerModel(examples, { ...options, calibrationTrees: undefined }).model.confidenceTrees).toBeUndefined();
  }, 240_000);

  it("are nested as the calibration: a fold's confidences do not depend on the answers of its own documents", () => {
    const nested = { ...options, nested: 'rankers' as const };
    const before = fitAnswerModel(examples, nested).report.heldOut;
    const changed = examples.map((e, i) => (folds[i] === 0 ? { ...e, gold: ['unreachable answer'] } : e));
    const after = fitAnswerModel(changed, nested).report.heldOut;
    const fold0 = examples.map((_, i) => i).filter((i) => folds[i] === 0);
    expect(fold0.length).toBeGreaterThan(0);
    for (const i of fold0) expect(after[i].confidence).toBeCloseTo(before[i].confidence, 12);
  }, 240_000);
});
