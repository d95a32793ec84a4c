// The rules the default view's threshold can be chosen by (extract/precision.ts THRESHOLD_RULES), and the
// judgments the fit reads: an appended re-judgment replaces the line it names (scripts/judgments/kit.ts
// currentJudgments), and a judged span's triple is found again by its relation and its most alike ends
// (mostAlike). Small hand-made curves with known answers.
import { describe, expect, it } from 'vitest';
import {
  chooseBalancedThreshold,
  chooseThresholdBy,
  KEEP_RATE_TARGET,
  newFamilyKeep,
  THRESHOLD_RULE,
  THRESHOLD_RULES,
  tradeOffCurve,
  type ThresholdJudged,
} from '../../electron/core/extract/precision';
import { currentJudgments, mostAlike } from '../../scripts/judgments/kit';
import { preferredRule } from '../../scripts/judgments/select-features';

/** `n` judged triples at precision `p`, `kept` of them kept, in the given family. */
const judged = (p: number, n: number, kept: number, family: string): ThresholdJudged[] =>
  Array.from({ length: n }, (_, i) => ({ p, keep: i < kept, w: 1, group: `${family}-doc${i % 2}`, family }));

// Two families: A keeps most of what scores high, B keeps less; the facts are held by triples of middling precision.
const triples = [
  ...judged(0.8, 40, 36, 'A'),
  ...judged(0.6, 40, 30, 'A'),
  ...judged(0.4, 40, 20, 'A'),
  ...judged(0.8, 40, 30, 'B'),
  ...judged(0.6, 40, 22, 'B'),
  ...judged(0.4, 40, 12, 'B'),
];
const facts = [...Array.from({ length: 30 }, () => [0.65]), ...Array.from({ length: 10 }, () => [0.45]), ...Array.from({ length: 10 }, () => [0.2])];

describe('the threshold rules', () => {
  it('the fit uses one of them, and "balanced" is chooseBalancedThreshold', () => {
    expect(Object.keys(THRESHOLD_RULES)).toContain(THRESHOLD_RULE);
    expect(chooseThresholdBy(triples, facts, 'balanced')).toEqual(chooseBalancedThreshold(triples, facts));
    expect(chooseThresholdBy(triples, facts)).toEqual(THRESHOLD_RULES[THRESHOLD_RULE](triples, facts));
  });

  it('each gives a point of the curve', () => {
    const curve = tradeOffCurve(triples, facts);
    for (const rule of Object.keys(THRESHOLD_RULES) as (keyof typeof THRESHOLD_RULES)[]) {
      const t = chooseThresholdBy(triples, facts, rule).threshold;
      expect(
        curve.some((x) => x.threshold === t),
        rule,
      ).toBe(true);
    }
  });

  it('"facts bound first" is the highest threshold whose facts bound reaches the target; "keep bound first" the lowest whose keep bound does', () => {
    const curve = tradeOffCurve(triples, facts);
    const factsFirst = chooseThresholdBy(triples, facts, 'facts bound first');
    expect(factsFirst.factsLower).toBeGreaterThanOrEqual(0.7);
    expect(curve.filter((x) => x.threshold > factsFirst.threshold).every((x) => x.factsLower < 0.7)).toBe(true);
    const keepFirst = chooseThresholdBy(triples, facts, 'keep bound first');
    expect(keepFirst.keepLower).toBeGreaterThanOrEqual(KEEP_RATE_TARGET);
    expect(curve.filter((x) => x.threshold < keepFirst.threshold).every((x) => x.keepLower < KEEP_RATE_TARGET)).toBe(true);
    // the facts held at 0.45 and above are 40 of 50: the bound reaches 70 % there, not above 0.45
    expect(factsFirst.threshold).toBe(0.45);
  });

  it('reading the keep rate at a wider bound, by family, or as a new family would see it never lowers the threshold here', () => {
    const balanced = chooseThresholdBy(triples, facts, 'balanced').threshold;
    for (const rule of ['balanced, keep z 1.96', 'balanced, by family', 'new family'] as const)
      expect(chooseThresholdBy(triples, facts, rule).threshold, rule).toBeGreaterThanOrEqual(balanced);
  });

  it('a new family sees the share less z spreads of the families’ shares', () => {
    // A keeps 30 of 40, B 10 of 40: share 0.5, the families' shares 0.75 and 0.25
    const two = [...judged(0.5, 40, 30, 'A'), ...judged(0.5, 40, 10, 'B')];
    // weighted variance 0.0625, times G / (G - 1) = 2: 0.125
    expect(newFamilyKeep(two, 1)).toBeCloseTo(0.5 - Math.sqrt(0.125), 10);
    expect(newFamilyKeep(two, 0)).toBeCloseTo(0.5, 10);
    // families that agree: no spread
    expect(newFamilyKeep([...judged(0.5, 10, 7, 'A'), ...judged(0.5, 20, 14, 'B')], 1.28)).toBeCloseTo(0.7, 10);
    // one family alone says nothing about a new one
    expect(newFamilyKeep(judged(0.5, 10, 10, 'A'), 1)).toBe(0);
  });
});

describe('the rule the nested estimate prefers', () => {
  it('meets both targets on more outer folds, then has the higher smaller pooled share; the rule in use keeps a tie', () => {
    const inUse = { rule: THRESHOLD_RULE, meets: 2, keepRate: 0.78, factsShare: 0.77 };
    const other = THRESHOLD_RULE === 'keep bound first' ? 'balanced' : 'keep bound first';
    expect(preferredRule([inUse, { rule: other, meets: 3, keepRate: 0.7, factsShare: 0.7 }])).toBe(other);
    expect(preferredRule([inUse, { rule: other, meets: 2, keepRate: 0.74, factsShare: 0.84 }])).toBe(THRESHOLD_RULE);
    expect(preferredRule([inUse, { rule: other, meets: 2, keepRate: 0.8, factsShare: 0.78 }])).toBe(other);
    expect(preferredRule([{ rule: other, meets: 2, keepRate: 0.77, factsShare: 0.78 }, inUse])).toBe(THRESHOLD_RULE);
  });
});

describe('the judgments that stand', () => {
  const line = (id: string, start: number, rejudges?: string) => ({ id, file: 'a.txt', start, end: start + 10, ...(rejudges ? { rejudges } : {}) });

  it('a re-judgment replaces the line it names; the newest verdict for a span wins', () => {
    const lines = [line('x', 0), line('y', 20), line('xr', 0, 'x'), line('xrr', 0, 'xr')];
    expect(currentJudgments(lines).map((l) => l.id)).toEqual(['y', 'xrr']);
  });

  it('a re-judgment must follow the line it names, of the same span, and a line is replaced once', () => {
    expect(() => currentJudgments([line('xr', 0, 'x'), line('x', 0)])).toThrow(/not an earlier line/);
    expect(() => currentJudgments([line('x', 0), line('xr', 20, 'x')])).toThrow(/another evidence span/);
    expect(() => currentJudgments([line('x', 0), line('xr', 0, 'x'), line('xr2', 0, 'x')])).toThrow(/twice/);
  });

  it("a span's triple with the judged relation is found again by its most alike ends", () => {
    const judgedTriple = { subject: 'status of the old tables', object: 'be changed to "deprecated' };
    const candidates = [
      { subject: 'status of the new tables', object: 'be "current"' },
      { subject: 'status of the old tables', object: 'be changed to "deprecated"' },
    ];
    expect(mostAlike(judgedTriple, candidates)).toBe(candidates[1]);
    expect(mostAlike(judgedTriple, [])).toBeUndefined();
    // a tie goes to the first
    expect(mostAlike({ subject: 'a', object: 'b' }, [candidates[0], candidates[1]])).toBe(candidates[0]);
  });
});
