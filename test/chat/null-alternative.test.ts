// The null alternative of the answer model ("none of these", chat/fit-model.ts nullMode): fitted with the
// candidate weights on questions some of whose candidate lists hold no right answer, it gives the first
// answer a share below 1 when it does not beat the null, so the calibration can tell a lone poor
// candidate from a lone right one. Hand-made retrievals with known answers; no engine is involved.
import { describe, expect, it } from 'vitest';
import { fitAnswerModel, type FitExample } from '../../electron/core/chat/fit-model';
import { AnswerRanker, isAnswerModel } from '../../electron/core/chat/ranker';
import { CANDIDATE_FEATURES } from '../../electron/core/chat/features';
import { QUESTION_FEATURES } from '../../electron/core/chat/question-features';
import { retryExample } from './retrieval-fixture';

/** A question whose passage says the answer, or one whose passage holds only another number (no candidate right). */
const example = (i: number, answered: boolean): FitExample => retryExample(i, answered, `doc${i}-${answered}`);

const examples = Array.from({ length: 14 }, (_, i) => [example(i, true), example(i, false)]).flat();
const feature = (name: (typeof QUESTION_FEATURES)[number], ranker: AnswerRanker, e: FitExample) =>
  ranker.rank(e.ctx, e.candidates).features[QUESTION_FEATURES.indexOf(name)];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('the null alternative', () => {
  it('is fitted with the candidate weights and stored in the table by its inputs', () => {
    const { model } = fitAnswerModel(examples, { folds: 2, objectives: ['listwise'], l2Grid: [0.1], nullMode: 'joint' });
    expect(model.null?.features[0]).toBe('null');
    expect(isAnswerModel(model)).toBe(true);
    // without one, the table has none
    expect(fitAnswerModel(examples, { folds: 2, objectives: ['listwise'], l2Grid: [0.1] }).model.null).toBeUndefined();
  });

  for (const nullMode of ['joint', 'after'] as const) {
    it(`takes most of the share where no candidate holds the answer, little where one does (${nullMode})`, () => {
      const { model } = fitAnswerModel(examples, { folds: 2, objectives: ['listwise'], l2Grid: [0.1], nullMode });
      const ranker = new AnswerRanker(model);
      const of = (prefix: string, name: (typeof QUESTION_FEATURES)[number]) =>
        mean(examples.filter((e) => e.id!.startsWith(prefix)).map((e) => feature(name, ranker, e)));
      expect(of('u', 'nullShare')).toBeGreaterThan(0.6);
      expect(of('a', 'nullShare')).toBeLessThan(0.4);
      expect(of('a', 'topShare')).toBeGreaterThan(of('u', 'topShare') + 0.3);
      expect(of('a', 'topOverNull')).toBeGreaterThan(0);
      expect(of('u', 'topOverNull')).toBeLessThan(0);
    });
  }
});

describe('a group of candidate inputs with a stronger L2 (groupL2)', () => {
  const fit = (scale?: number, features: readonly string[] = CANDIDATE_FEATURES) =>
    fitAnswerModel(examples, { folds: 2, objectives: ['listwise'], l2Grid: [0.1], nullMode: 'joint', ...(scale ? { groupL2: { features, scale } } : {}) })
      .model;
  const largest = (ws: number[]) => Math.max(...ws.map(Math.abs));

  it("holds the group's weights near 0 and leaves the null's inputs free", () => {
    const plain = fit();
    const held = fit(1e6);
    expect(largest(plain.candidate.weights)).toBeGreaterThan(0.5);
    expect(largest(held.candidate.weights)).toBeLessThan(1e-3);
    expect(largest(held.null!.weights)).toBeGreaterThan(0.1);
  });

  it('is the plain fit with a scale of 1, or a group no candidate reads', () => {
    const plain = fit().candidate.weights;
    expect(fit(1).candidate.weights).toEqual(plain);
    expect(fit(1e6, ['no such input']).candidate.weights).toEqual(plain);
  });
});
