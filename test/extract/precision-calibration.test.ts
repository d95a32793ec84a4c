// prec23's measurements of the sentence extractor's overrating on new documents (issue 32): a calibration layer per
// extractor over the model's held-out estimates (scripts/judgments/select-features.ts fitExtractorCalibration,
// applyExtractorCalibration; tried by calibrate-extractor.ts), a cap on how much one document weighs within a rule of
// the per-rule table (extract/precision.ts fitPrecision's documentCap), and the folds' seed. Small cases with known answers.
import { describe, expect, it } from 'vitest';
import { fitPrecision } from '../../electron/core/extract/precision';
import { applyExtractorCalibration, fitExtractorCalibration, foldFits, type Example } from '../../scripts/judgments/select-features';

const logit = (p: number) => Math.log(p / (1 - p));

describe('a calibration layer per extractor', () => {
  // The sentence extractor's estimates say 0.6 where editors keep 0.4; the patterns' say 0.8 and editors keep 0.8.
  const scored = [
    ...Array.from({ length: 10 }, (_, i) => ({ p: 0.6, keep: i < 4, sentence: true })),
    ...Array.from({ length: 10 }, (_, i) => ({ p: 0.8, keep: i < 8, sentence: false })),
  ];

  it('shift only: moves each extractor to its own keep rate and leaves a calibrated one alone', () => {
    const layer = fitExtractorCalibration(scored, { slope: false });
    expect(layer.sentence.a).toBe(1);
    expect(layer.sentence.b).toBeCloseTo(logit(0.4) - logit(0.6), 4);
    expect(layer.pattern.b).toBeCloseTo(0, 4);
    expect(applyExtractorCalibration(layer, 0.6, ['prop.object'])).toBeCloseTo(0.4, 4);
    expect(applyExtractorCalibration(layer, 0.8, ['pattern:requirement.must'])).toBeCloseTo(0.8, 4);
  });

  it('weights each estimate by its w, and an extractor with no estimate keeps the identity', () => {
    const weighted = fitExtractorCalibration(
      scored.filter((s) => s.sentence).map((s) => ({ ...s, w: s.keep ? 1.5 : 1 })),
      { slope: false },
    );
    // weighted keep share: 4 * 1.5 / (4 * 1.5 + 6) = 0.5
    expect(applyExtractorCalibration(weighted, 0.6, ['prop.object'])).toBeCloseTo(0.5, 4);
    expect(weighted.pattern).toEqual({ a: 1, b: 0 });
  });

  it('shift and slope: a flat estimate gets a flat layer; without a layer the estimate is unchanged', () => {
    const spread = [0.3, 0.5, 0.7].flatMap((p) => [true, false].map((keep) => ({ p, keep, sentence: true })));
    const layer = fitExtractorCalibration(spread);
    expect(Math.abs(layer.sentence.a)).toBeLessThan(1e-3);
    expect(applyExtractorCalibration(layer, 0.9, ['prop.object'])).toBeCloseTo(0.5, 3);
    expect(applyExtractorCalibration(null, 0.9, ['prop.object'])).toBe(0.9);
  });
});

describe("a cap on one document's weight within a rule", () => {
  // One rule judged 20 times on one document (all kept) and twice on another (neither kept); its family's other rule
  // judged 10 times on each of two documents, half kept.
  const judged = [
    ...Array.from({ length: 20 }, () => ({ rules: ['prop.a'], verdict: 'keep' as const, group: 'd1' })),
    ...Array.from({ length: 2 }, () => ({ rules: ['prop.a'], verdict: 'wrong' as const, group: 'd2' })),
    ...Array.from({ length: 20 }, (_, i) => ({ rules: ['prop.b'], verdict: i % 2 ? ('keep' as const) : ('edit' as const), group: i < 10 ? 'd3' : 'd4' })),
  ];

  it('leans a rule judged mostly on one document toward its family, and leaves the tallies and the family as they are', () => {
    const plain = fitPrecision(judged, 4);
    const capped = fitPrecision(judged, 4, 4);
    const family = plain.families.prop.precision;
    expect(capped.families.prop.precision).toBe(family);
    expect(capped.rules['prop.a'].n).toBe(22);
    // plain: (20 + 4f) / (22 + 4); capped: d1 weighs 4 of its 20, d2 its 2: (4 + 4f) / (6 + 4)
    expect(plain.rules['prop.a'].precision).toBeCloseTo((20 + 4 * family) / 26, 3);
    expect(capped.rules['prop.a'].precision).toBeCloseTo((4 + 4 * family) / 10, 3);
    expect(Math.abs(capped.rules['prop.a'].precision - family)).toBeLessThan(Math.abs(plain.rules['prop.a'].precision - family));
    // a rule whose documents each weigh under the cap is not moved
    expect(fitPrecision(judged, 4, 10).rules['prop.b'].precision).toBe(plain.rules['prop.b'].precision);
  });
});

describe("the folds' seed", () => {
  it('deals the families into other folds, each family still whole', () => {
    const examples: Example[] = Array.from({ length: 40 }, (_, i) => ({
      group: `doc${i % 10}`,
      family: `fam${i % 10 < 2 ? 0 : i % 10}`,
      verdict: i % 3 ? 'keep' : 'wrong',
      rules: ['prop.a'],
      shape: { subject: 'the server', relation: 'sends', object: 'a reply message', sentence: 'The server sends a reply message.' },
    }));
    const a = foldFits(examples, ['rule precision (logit)'], 1, { seed: 1 }).foldOf;
    const b = foldFits(examples, ['rule precision (logit)'], 1, { seed: 2 }).foldOf;
    expect(a.get('doc0')).toBe(a.get('doc1'));
    expect(b.get('doc0')).toBe(b.get('doc1'));
    expect([...a].some(([doc, fold]) => b.get(doc) !== fold)).toBe(true);
  });
});
