// Fitting the passage table (retrieve/fit-passages.ts) on hand-made pools with known gold passages: the
// setting is chosen on folds by document, by recall@k or by the share of questions whose first passage holds the gold.
import { describe, expect, it } from 'vitest';
import { fitPassageModel, recallAt, type PassageExample } from '../../electron/core/retrieve/fit-passages';
import { PASSAGE_FEATURES, vectorOf, type PassageFeature } from '../../electron/core/retrieve/passage-ranker';

const features = (set: Partial<Record<PassageFeature, number>>) =>
  Object.fromEntries(PASSAGE_FEATURES.map((f) => [f, set[f] ?? 0])) as Record<PassageFeature, number>;

/** Twenty questions over ten documents: the gold passage is the one whose `best` is high; `all` is noise. */
function pools(): PassageExample[] {
  return Array.from({ length: 20 }, (_, q) => ({
    group: `doc${q % 10}`,
    quotes: [`gold answer ${q}`],
    pool: Array.from({ length: 8 }, (_, i) => ({
      id: q * 100 + i,
      documentId: q,
      text: i === q % 8 ? `the gold answer ${q} is here` : `another passage ${i}`,
      features: features({ best: i === q % 8 ? 0.9 : 0.2 + 0.05 * ((i * 7 + q) % 5), all: ((i * 3 + q) % 8) / 8 }),
    })),
  }));
}

describe('fitting the passage table', () => {
  it('reads recall at one and at five on the held-out folds for every setting, and ranks the gold first', () => {
    const examples = pools();
    const fit = fitPassageModel(examples, { folds: 5, seed: 1, criterion: 'first' });
    expect(fit.l2Recall.every((x) => x.first <= x.recall)).toBe(true);
    expect(fit.heldOutFirst).toBe(Math.max(...fit.l2Recall.map((x) => x.first)));
    const weight = (f: PassageFeature) => fit.model.weights[PASSAGE_FEATURES.indexOf(f)];
    expect(weight('best')).toBeGreaterThan(weight('all'));
    const score = (x: number[]) => x.reduce((a, v, i) => a + fit.model.weights[i] * v, fit.model.bias);
    expect(recallAt(examples, score, 1)).toBe(1);
    expect(vectorOf(examples[0].pool[0].features)).toHaveLength(PASSAGE_FEATURES.length);
  });
});
