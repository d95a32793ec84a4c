// Weighting the editor judgments by how they were drawn (scripts/judgments/draws.ts): a draw that
// preferred the triples the default view showed over-represents them, so each judgment counts by the
// inverse of its stratum's inclusion rate in its document. Small hand-made draws with known answers;
// the weighted fit (per-rule table, feature model, fold scores, the threshold's keep rate) reads the
// weights the way a duplicated judgment would count.
import { describe, expect, it } from 'vitest';
import { fitPrecision, tradeOffCurve, weightedKeepLower, wilsonLower, type Verdict } from '../../electron/core/extract/precision';
import { bySentenceExtractor, inclusionWeights, readDrawModels, stratumOf, type Draw } from '../../scripts/judgments/draws';
import { fitFeatureModel, logLoss, rankingAuc } from '../../scripts/judgments/select-features';
import { CANDIDATE_FEATURES } from '../../electron/core/extract/precision-model';
import { allocate, fewestJudged } from '../../scripts/judgments/sample';

const uniform: Draw = { seed: 1, date: '2026-12-05', extractor: 'abc', pool: 'uniform' };
const shown: Draw = { seed: 2, date: '2026-12-05', extractor: 'abc', pool: 'shown', share: 0.8, model: 'abc' };
const band: Draw = { seed: 3, date: '2026-12-05', extractor: 'abc', pool: 'band', share: 0.8, band: [0.25, 0.6], model: 'abc' };

describe('the stratum a judged triple was drawn from', () => {
  it('a uniform draw has one; a shown draw prefers what the default view showed (or did not estimate); a band draw the band', () => {
    expect(stratumOf(uniform, 0.1, 0.4)).toBe('all');
    expect(stratumOf(shown, 0.4, 0.4)).toBe('preferred');
    expect(stratumOf(shown, null, 0.4)).toBe('preferred');
    expect(stratumOf(shown, 0.39, 0.4)).toBe('other');
    expect(stratumOf(band, 0.25, 0.4)).toBe('preferred');
    expect(stratumOf(band, 0.61, 0.4)).toBe('other');
    expect(stratumOf(band, null, 0.4)).toBe('other');
    // a draw of the preferred pool alone (share 1) drew nothing else
    expect(stratumOf({ ...shown, share: 1 }, 0.1, 0.4)).toBe('preferred');
  });

  it("a draw of the sentence extractor's triples alone puts the pattern triples outside its strata", () => {
    const sentence: Draw = { ...uniform, population: 'sentence' };
    expect(bySentenceExtractor(['pattern:xref.cite'])).toBe(false);
    expect(bySentenceExtractor(['prop.object', 'subj.noun-phrase'])).toBe(true);
    expect(stratumOf(sentence, null, 0.4, ['pattern:acronym'])).toBe('outside');
    expect(stratumOf(sentence, null, 0.4, ['prop.object'])).toBe('all');
    // a judged line, read without its rules, is in the population it was drawn from
    expect(stratumOf(sentence, null, 0.4)).toBe('all');
    expect(stratumOf({ ...shown, population: 'sentence' }, 0.39, 0.4, ['prop.object'])).toBe('other');
    expect(stratumOf(uniform, null, 0.4, ['pattern:acronym'])).toBe('all');
  });

  it('the committed draw models name a threshold and the features the model knows today', () => {
    const models = readDrawModels();
    expect(Object.keys(models).length).toBeGreaterThan(0);
    for (const m of Object.values(models)) {
      expect(m.model.defaultThreshold).toBeGreaterThan(0);
      expect(m.model.features.filter((f) => !(f in CANDIDATE_FEATURES))).toEqual([]);
      expect(m.table.prior).toBeGreaterThan(0);
    }
  });
});

describe('a draw from the documents the judgments hold fewest of (sample.ts --fewest)', () => {
  it('takes the files with the fewest standing judgments, ties by file name, a file never judged first', () => {
    const files = ['b.txt', 'a.txt', 'c.txt', 'd.txt'];
    const judged = ['a.txt', 'a.txt', 'b.txt', 'c.txt', 'c.txt', 'c.txt'];
    expect(fewestJudged(files, judged, 2)).toEqual(['d.txt', 'b.txt']);
    expect(fewestJudged(files, judged, 3)).toEqual(['d.txt', 'b.txt', 'a.txt']);
    expect(fewestJudged(files, [], 2)).toEqual(['a.txt', 'b.txt']);
  });
});

describe('inclusion weights', () => {
  it("a uniform draw: each document's triples over the judgments drawn from it, a draw's weights averaging 1", () => {
    // document x: 100 triples, 2 drawn; y: 50 triples, 2 drawn (its minimum): y's are drawn twice as often
    const items = [
      { draw: '1', group: 'x', stratum: 'all' },
      { draw: '1', group: 'x', stratum: 'all' },
      { draw: '1', group: 'y', stratum: 'all' },
      { draw: '1', group: 'y', stratum: 'all' },
    ];
    const w = inclusionWeights(items, (_, group) => (group === 'x' ? 100 : 50));
    expect(w.map((x) => x.toFixed(4))).toEqual(['1.3333', '1.3333', '0.6667', '0.6667']);
  });

  it('a shown draw: the preferred pool counts for its share of the triples, not of the draw', () => {
    // 20 preferred triples (4 drawn, all kept), 80 others (1 drawn, not kept): 20 % of the triples are kept
    const items = [...Array.from({ length: 4 }, () => ({ draw: '2', group: 'x', stratum: 'preferred' })), { draw: '2', group: 'x', stratum: 'other' }];
    const w = inclusionWeights(items, (_, __, stratum) => (stratum === 'preferred' ? 20 : 80));
    expect(w.map((x) => x.toFixed(4))).toEqual(['0.2500', '0.2500', '0.2500', '0.2500', '4.0000']);
    const keep = [true, true, true, true, false];
    const judged = keep.map((k, i) => ({ keep: k, w: w[i] }));
    expect(weightedKeepLower(judged, 0).share).toBeCloseTo(0.2, 10); // the draw as it is says 80 %
    // the effective size of five judgments so unequal is below five
    expect(weightedKeepLower(judged, 0).effective).toBeLessThan(5);
  });

  it('with the triples a draw covers, a draw of every stratum still averages 1; one of the preferred pool alone counts for its share', () => {
    const full = [
      { draw: '1', group: 'x', stratum: 'all' },
      { draw: '1', group: 'x', stratum: 'all' },
    ];
    expect(
      inclusionWeights(
        full,
        () => 100,
        () => 100,
      ),
    ).toEqual([1, 1]);
    // 20 of 100 triples preferred, all 4 judged from them: the draw stands for a fifth of the triples
    const only = Array.from({ length: 4 }, () => ({ draw: '3', group: 'x', stratum: 'preferred' }));
    inclusionWeights(
      only,
      () => 20,
      () => 100,
    ).forEach((w) => expect(w).toBeCloseTo(0.2, 10));
  });

  it('draws are scaled apart: each averages 1 whatever its pools; a stratum holds at least what was drawn from it', () => {
    const items = [
      { draw: '1', group: 'x', stratum: 'all' },
      { draw: '2', group: 'x', stratum: 'preferred' },
      { draw: '2', group: 'x', stratum: 'other' },
    ];
    const w = inclusionWeights(items, (draw, _, stratum) => (draw === '1' ? 1000 : stratum === 'other' ? 0 : 3));
    expect(w[0]).toBeCloseTo(1, 10);
    // (other: a pool of 0 read today still held the one drawn: 1 / 1 against 3 / 1)
    expect(w[1]).toBeCloseTo(1.5, 10);
    expect(w[2]).toBeCloseTo(0.5, 10);
  });
});

describe('the weighted fit', () => {
  const weighted = (rule: string, verdict: Verdict, weight: number) => ({ rules: [rule], verdict, weight });

  it('per-rule precision: a weight counts as that many judgments; the tallies count judgments as drawn', () => {
    const heavy = fitPrecision([weighted('prop.object', 'keep', 3), weighted('prop.object', 'wrong', 1)]);
    const copies = fitPrecision([
      { rules: ['prop.object'], verdict: 'keep' },
      { rules: ['prop.object'], verdict: 'keep' },
      { rules: ['prop.object'], verdict: 'keep' },
      { rules: ['prop.object'], verdict: 'wrong' },
    ]);
    expect(heavy.rules['prop.object'].precision).toBe(copies.rules['prop.object'].precision);
    expect(heavy.prior).toBe(copies.prior);
    expect(heavy.rules['prop.object']).toMatchObject({ n: 2, keep: 1, wrong: 1 });
  });

  it('the feature model: a row of weight 2 fits as the same row twice', () => {
    const rows = [
      [0, 1],
      [1, 0],
      [2, 1],
      [3, 0],
      [4, 1],
    ];
    const ys = [0, 0, 1, 0, 1];
    const twice = fitFeatureModel([...rows, rows[3]], [...ys, ys[3]], ['a', 'b'], 1);
    const heavy = fitFeatureModel(rows, ys, ['a', 'b'], 1, [1, 1, 1, 2, 1]);
    heavy.weights.forEach((w, i) => expect(w).toBeCloseTo(twice.weights[i], 4));
    expect(heavy.bias).toBeCloseTo(twice.bias, 4);
    heavy.mean.forEach((m, i) => expect(m).toBeCloseTo(twice.mean[i], 5));
    heavy.scale.forEach((s, i) => expect(s).toBeCloseTo(twice.scale[i], 5));
  });

  it('fold scores: the AUC weights each pair, the log loss each item', () => {
    const scored = [
      { p: 0.9, keep: true, w: 1 },
      { p: 0.2, keep: true, w: 3 },
      { p: 0.5, keep: false, w: 1 },
    ];
    // pairs: (0.9 > 0.5) weight 1 won, (0.2 < 0.5) weight 3 lost
    expect(rankingAuc(scored)).toBeCloseTo(1 / 4, 10);
    expect(rankingAuc(scored.map(({ p, keep }) => ({ p, keep })))).toBeCloseTo(1 / 2, 10);
    expect(logLoss(scored)).toBeCloseTo(-(Math.log(0.9) + 3 * Math.log(0.2) + Math.log(0.5)) / 5, 10);
  });

  it('the keep bound reads the spread between documents: documents that disagree count as few, documents that agree as their judgments', () => {
    const doc = (group: string, kept: number, not: number) => [
      ...Array.from({ length: kept }, () => ({ keep: true, group })),
      ...Array.from({ length: not }, () => ({ keep: false, group })),
    ];
    // one document keeps all 10, the other none: half kept, but two documents say little more than one judgment
    const apart = weightedKeepLower([...doc('a', 10, 0), ...doc('b', 0, 10)], 1.2816);
    expect(apart.share).toBeCloseTo(0.5, 10);
    expect(apart.effective).toBeCloseTo(1, 10);
    expect(apart.lower).toBeCloseTo(wilsonLower(0.5, 1, 1.2816), 10);
    // each keeps 5 of 10: no spread between them, the 20 judgments count
    const alike = weightedKeepLower([...doc('a', 5, 5), ...doc('b', 5, 5)], 1.2816);
    expect(alike.effective).toBeCloseTo(20, 10);
    expect(alike.lower).toBeCloseTo(wilsonLower(10, 20, 1.2816), 10);
    // without documents named, the judgments count as they are
    expect(
      weightedKeepLower(
        [...doc('a', 10, 0), ...doc('b', 0, 10)].map(({ keep }) => ({ keep })),
        0,
      ).effective,
    ).toBeCloseTo(20, 10);
  });

  it("the trade-off curve's keep rate is the weighted share, its bound read at the effective size", () => {
    const judged = [
      { p: 0.9, keep: true, w: 0.5 },
      { p: 0.8, keep: false, w: 1.5 },
      { p: 0.2, keep: true, w: 1 },
    ];
    const curve = tradeOffCurve(judged, [], 1.2816);
    expect(curve[50]).toMatchObject({ shown: 2, kept: 1 });
    expect(curve[50].keepRate).toBeCloseTo(0.25, 10);
    const effective = 4 / (0.25 + 2.25);
    expect(curve[50].keepLower).toBeCloseTo(wilsonLower(0.25 * effective, effective, 1.2816), 10);
    // without weights, the plain share and its bound
    const plain = tradeOffCurve(
      judged.map(({ p, keep }) => ({ p, keep })),
      [],
      1.2816,
    );
    expect(plain[50].keepRate).toBeCloseTo(0.5, 10);
    expect(plain[50].keepLower).toBeCloseTo(wilsonLower(1, 2, 1.2816), 10);
  });
});

describe("each document's share of a draw (sample.ts allocate, --min)", () => {
  const counts = new Map([
    ['a.txt', 100],
    ['b.txt', 10],
    ['c.txt', 5],
  ]);
  it('gives each document at least the minimum, the rest in proportion, adding up to the total', () => {
    expect(Object.fromEntries(allocate(counts, 12))).toEqual({ 'b.txt': 4, 'c.txt': 4, 'a.txt': 4 });
    const one = allocate(counts, 12, 1);
    expect(Object.fromEntries(one)).toEqual({ 'c.txt': 1, 'a.txt': 10, 'b.txt': 1 });
    expect([...one.values()].reduce((a, b) => a + b, 0)).toBe(12);
  });
});
