// The facts' side of the default view's threshold (extract/precision.ts factsShareLower, tradeOffCurve): the
// share of listed facts the view holds is read at a lower bound, and when each fact names the document it
// was listed in, at an effective size the spread between documents allows: facts of one document stand or
// fall together, so forty facts from four documents are known less well than forty apart.
import { describe, expect, it } from 'vitest';
import {
  chooseBalancedThreshold,
  FACTS_KEPT_Z,
  factsHeld,
  factsShareLower,
  tradeOffCurve,
  wilsonLower,
  type ListedFact,
} from '../../electron/core/extract/precision';

/** `n` facts of document `group`, the first `high` held by a triple of precision 0.8, the rest by one of 0.3. */
const doc = (group: string, n: number, high: number): ListedFact[] => Array.from({ length: n }, (_, i) => ({ precisions: [i < high ? 0.8 : 0.3], group }));

describe('factsShareLower', () => {
  it('is the plain Wilson bound of the count when no fact names a group', () => {
    const facts: ListedFact[] = [[0.8], [0.3], [null], [0.5, 0.2]];
    expect(factsShareLower(facts, 0.45, FACTS_KEPT_Z)).toBeCloseTo(wilsonLower(3, 4, FACTS_KEPT_Z), 12);
    expect(factsHeld(facts, 0.45)).toBe(3);
  });

  it('is lower when the held facts sit in some documents and the hidden ones in others', () => {
    const apart = [...doc('a', 10, 10), ...doc('b', 10, 10), ...doc('c', 10, 0), ...doc('d', 10, 10)];
    const alike = [...doc('a', 10, 8), ...doc('b', 10, 7), ...doc('c', 10, 7), ...doc('d', 10, 8)];
    // both hold 30 of 40 at 0.5
    expect(factsHeld(apart, 0.5)).toBe(30);
    expect(factsHeld(alike, 0.5)).toBe(30);
    const plain = wilsonLower(30, 40, FACTS_KEPT_Z);
    expect(factsShareLower(alike, 0.5, FACTS_KEPT_Z)).toBeCloseTo(plain, 12);
    expect(factsShareLower(apart, 0.5, FACTS_KEPT_Z)).toBeLessThan(plain - 0.1);
  });

  it('is what the trade-off curve reads, so the balanced threshold leaves more facts when they are clustered', () => {
    // judged triples: a keep rate that rises with the threshold
    const judged = Array.from({ length: 200 }, (_, i) => ({ p: i / 200, keep: i % 10 < 3 + Math.floor((7 * i) / 200) }));
    // the facts' precisions spread from 0.2 to 0.9; one document's all sit low
    const spread = (group: string, lo: number): ListedFact[] => Array.from({ length: 10 }, (_, i) => ({ precisions: [lo + (0.5 * i) / 10], group }));
    const clustered = [...spread('a', 0.4), ...spread('b', 0.4), ...spread('c', 0.1), ...spread('d', 0.4)];
    const independent = clustered.map((f) => (f as { precisions: readonly (number | null)[] }).precisions);
    const curve = tradeOffCurve(judged, clustered);
    for (const x of curve) expect(x.factsLower).toBeCloseTo(factsShareLower(clustered, x.threshold, FACTS_KEPT_Z), 12);
    expect(chooseBalancedThreshold(judged, clustered).threshold).toBeLessThan(chooseBalancedThreshold(judged, independent).threshold);
    expect(tradeOffCurve(judged, independent).every((x, i) => x.factsLower >= curve[i].factsLower - 1e-12)).toBe(true);
  });
});
