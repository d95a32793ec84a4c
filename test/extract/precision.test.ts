// Per-rule precision (extract/precision.ts): the fitting shrinks a rule's keep share toward its
// family's and the family's toward all judged triples'; a triple's precision is that of the rule
// that made it; the committed table names only rules of the rule table. The default view's filter
// (store/triple-filter.ts) shows triples at or above a threshold and those not estimated, and the
// suggestions are exactly the rest.
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import {
  chooseBalancedThreshold,
  chooseThreshold,
  FACTS_KEPT_Z,
  tradeOffCurve,
  type TradeOffPoint,
  fitPrecision,
  ruleFamily,
  RULE_PRECISION,
  triplePrecision,
  wilsonLower,
  type Verdict,
} from '../../electron/core/extract/precision';
import { DEFAULT_PRECISION_THRESHOLD } from '../../shared/contract';
import {
  BASE_FEATURES,
  CANDIDATE_FEATURES,
  estimatePrecision,
  generalEnd,
  predictLogistic,
  PRECISION_MODEL,
  qualifierFlags,
  relationQualifierFlags,
  tripleFeatures,
} from '../../electron/core/extract/precision-model';
import { ruleInfo } from '../../electron/core/extract/rules';
import { fitFeatureModel } from '../../scripts/judgments/select-features';
import { Store } from '../../electron/core/store';
import { tmpDir } from '../helpers/tmp';

const judged = (rule: string, keep: number, edit: number, wrong: number) => [
  ...Array.from({ length: keep }, () => ({ rules: [rule, 'subj.noun-phrase'], verdict: 'keep' as Verdict })),
  ...Array.from({ length: edit }, () => ({ rules: [rule], verdict: 'edit' as Verdict })),
  ...Array.from({ length: wrong }, () => ({ rules: [rule], verdict: 'wrong' as Verdict })),
];

describe('fitting per-rule precision', () => {
  const table = fitPrecision([...judged('pattern:xref.cite', 18, 1, 1), ...judged('prop.object', 4, 6, 10), ...judged('prop.verb-preposition', 0, 0, 1)]);

  it('a rule judged often stands near its own keep share; edit counts as not kept', () => {
    expect(table.rules['pattern:xref.cite']).toMatchObject({ n: 20, keep: 18, edit: 1, wrong: 1 });
    expect(table.rules['pattern:xref.cite'].precision).toBeGreaterThan(0.8);
    expect(table.rules['prop.object'].precision).toBeGreaterThan(0.2);
    expect(table.rules['prop.object'].precision).toBeLessThan(0.3);
  });

  it('a rule judged once leans on its family, a family on all judged triples', () => {
    const once = table.rules['prop.verb-preposition'].precision;
    expect(once).toBeGreaterThan(0.1); // one wrong is no proof the rule is never kept
    expect(once).toBeLessThan(table.families.prop.precision);
    expect(table.families.prop.n).toBe(21);
    expect(table.prior).toBeCloseTo(23 / 43, 3);
  });

  it("a triple's precision is its first rule's; an unjudged rule takes its family's; a model's or a bare triple has none", () => {
    expect(triplePrecision(['prop.object', 'pattern:xref.cite'], table)).toBe(table.rules['prop.object'].precision);
    expect(triplePrecision(['prop.apposition'], table)).toBe(table.families.prop.precision);
    expect(triplePrecision(['llm:EE@1'], table)).toBeNull();
    expect(triplePrecision([], table)).toBeNull();
    expect(ruleFamily('pattern:xref.cite')).toBe('pattern');
    expect(ruleFamily('llm:EE@1')).toBe('llm');
  });

  it('the committed table (scripts/judgments/fit-precision.ts) holds rules of the rule table, each tally adding up', () => {
    const rules = Object.entries(RULE_PRECISION.rules);
    expect(rules.length).toBeGreaterThan(10);
    for (const [id, t] of rules) {
      expect(ruleInfo(id), id).toBeTruthy();
      expect(t.keep + t.edit + t.wrong, id).toBe(t.n);
      expect(t.precision, id).toBeGreaterThan(0);
      expect(t.precision, id).toBeLessThan(1);
    }
  });
});

describe('the feature model of precision', () => {
  const shape = {
    subject: 'Access-Request packet',
    relation: 'carries',
    object: 'User-Name attribute',
    sentence: 'The Access-Request packet carries the User-Name attribute.',
  };

  it('a general end: a pronoun, a light noun or one lower-case word alone; a named or longer end is not', () => {
    expect(generalEnd('it')).toBe(true);
    expect(generalEnd('the server')).toBe(true);
    expect(generalEnd('number')).toBe(true);
    expect(generalEnd('RADIUS')).toBe(false);
    expect(generalEnd('shared secret')).toBe(false);
  });

  it('reads the shape of a triple: general ends, content words, relation length, a condition opener', () => {
    const x = tripleFeatures(shape, 0.5, BASE_FEATURES);
    expect(x).toHaveLength(BASE_FEATURES.length);
    expect(x.slice(0, 3)).toEqual([0, 0, 0]);
    const y = tripleFeatures({ ...shape, subject: 'it', sentence: 'If it is sent, it carries the attribute.' }, 0.5, BASE_FEATURES);
    expect([y[1], y[6]]).toEqual([1, 1]); // a general subject; a condition opener in the sentence
    expect(() => tripleFeatures(shape, 0.5, ['no such feature'])).toThrow(/unknown feature "no such feature"/);
  });

  it('the relation qualifier features read what the relation form kept apart: a preposition, a catenative verb (absent: null, the mean)', () => {
    expect(relationQualifierFlags({ preposition: 'in', surface: 'described in' })).toEqual({ preposition: true, catenative: false, passive: false });
    expect(relationQualifierFlags({ catenative: 'capable of', preposition: ' ' })).toEqual({ preposition: false, catenative: true, passive: false });
    expect(relationQualifierFlags(undefined)).toEqual({ preposition: false, catenative: false, passive: false });
    const names = ['preposition kept apart (meta.preposition)', 'catenative kept apart (meta.catenative)'];
    expect(tripleFeatures({ ...shape, relationQualifiers: relationQualifierFlags({ preposition: 'by' }) }, 0.5, names)).toEqual([1, 0]);
    expect(tripleFeatures(shape, 0.5, names)).toEqual([null, null]);
  });

  it("the qualifier features read a triple's meta (or a stored triple's qualifiers): negated, only, a bounded count, a modality", () => {
    expect(qualifierFlags({ negated: true, only: true, quantity: 'at most one', modality: 'MUST', surface: 'sends' })).toEqual({
      negated: true,
      only: true,
      quantity: true,
      modality: true,
    });
    expect(qualifierFlags({ quantity: ' ', negated: 'yes' })).toEqual({ negated: false, only: false, quantity: false, modality: false });
    expect(qualifierFlags(undefined)).toEqual({ negated: false, only: false, quantity: false, modality: false });
    const names = ['negated (meta.negated)', 'limited by only (meta.only)', 'bounded count (meta.quantity)', 'any qualifier'];
    expect(tripleFeatures(shape, 0.5, names)).toEqual([0, 0, 0, 0]);
    expect(tripleFeatures({ ...shape, qualifiers: qualifierFlags({ only: true }) }, 0.5, names)).toEqual([0, 1, 0, 1]);
    expect(tripleFeatures({ ...shape, conditional: true }, 0.5, names)).toEqual([0, 0, 0, 1]);
    // a light noun as the head, whatever comes before it
    expect(tripleFeatures({ ...shape, object: 'the RADIUS type' }, 0.5, ['object head a light noun'])).toEqual([1]);
    expect(tripleFeatures({ ...shape, object: 'the RADIUS server' }, 0.5, ['object head a light noun'])).toEqual([0]);
  });

  it('a feature of the document is unknown (null) without its context, and an unknown value counts as the mean', () => {
    const names = ['rule precision (logit)', 'subject named (acronym or capitalised)'];
    expect(tripleFeatures(shape, 0.5, names)[1]).toBeNull();
    // the second feature is 1 for kept triples, 0 for the others, and unknown for one
    const rows = [...Array.from({ length: 20 }, (_, i) => [0, i % 2]), [0, null]];
    const ys = [...Array.from({ length: 20 }, (_, i) => i % 2), 1];
    const m = fitFeatureModel(rows, ys, names);
    expect(m.mean[1]).toBeCloseTo(0.5, 6); // the unknown row left out of the mean
    expect(predictLogistic(m, [0, null])).toBeCloseTo(predictLogistic(m, [0, m.mean[1]]), 10);
    expect(predictLogistic(m, [0, 1])).toBeGreaterThan(predictLogistic(m, [0, null]));
    // a constant column (the same rule for every triple) is no division by zero
    const constant = fitFeatureModel([[0.3], [0.3], [0.3]], [0, 1, 1], ['rule precision (logit)']);
    expect(constant.scale).toEqual([1]);
    expect(predictLogistic(constant, [0.3])).toBeCloseTo(2 / 3, 2);
  });

  it('logistic regression learns the direction of a feature from labelled points', () => {
    // kept when the first feature is high, whatever the second
    const xs = Array.from({ length: 40 }, (_, i) => [i % 10, (i * 7) % 3]);
    const ys = xs.map(([a]) => (a >= 5 ? 1 : 0));
    const m = fitFeatureModel(xs, ys, ['a', 'b']);
    expect(m.weights[0]).toBeGreaterThan(1);
    expect(Math.abs(m.weights[1])).toBeLessThan(0.5);
    expect(predictLogistic(m, [9, 0])).toBeGreaterThan(0.8);
    expect(predictLogistic(m, [0, 0])).toBeLessThan(0.2);
  });

  it('the committed model: a general end lowers the estimate; a model triple has none', () => {
    expect(PRECISION_MODEL.features.filter((f) => !(f in CANDIDATE_FEATURES))).toEqual([]);
    expect(PRECISION_MODEL.features[0]).toBe('rule precision (logit)');
    const named = estimatePrecision(['prop.object'], shape)!;
    // (one content word each: a lower-case word alone is general, a name is not)
    expect(estimatePrecision(['prop.object'], { ...shape, subject: 'server' })!).toBeLessThan(
      estimatePrecision(['prop.object'], { ...shape, subject: 'RADIUS' })!,
    );
    expect(estimatePrecision(['pattern:xref.cite'], shape)!).toBeGreaterThan(named);
    expect(estimatePrecision(['llm:EE@1'], shape)).toBeNull();
  });
});

describe('choosing the default threshold', () => {
  it('is the highest threshold at which the default view still holds the target share of the facts', () => {
    // 10 facts: one not estimated, one held by two triples (the better counts), the rest by one each
    const facts = [[null], [0.1, 0.9], [0.05], [0.1], [0.2], [0.25], [0.3], [0.4], [0.6], [0.8]];
    expect(chooseThreshold(facts, 0.7)).toBe(0.25); // 0.25 keeps 7 of 10; 0.26 keeps 6
    expect(chooseThreshold(facts, 0.5)).toBe(0.4);
    expect(chooseThreshold(facts, 1)).toBe(0.05);
    expect(chooseThreshold([[0.1]], 1)).toBe(0.1);
    expect(chooseThreshold([], 0.7)).toBe(0);
  });

  it('with a confidence bound, asks more of a small sample: the lower Wilson bound must reach the target', () => {
    expect(wilsonLower(7, 10, 0)).toBeCloseTo(0.7, 10);
    expect(wilsonLower(7, 10, 1.2816)).toBeLessThan(0.7);
    expect(wilsonLower(700, 1000, 1.2816)).toBeGreaterThan(0.68);
    const facts = [[null], [0.1, 0.9], [0.05], [0.1], [0.2], [0.25], [0.3], [0.4], [0.6], [0.8]];
    // 7 of 10 is not enough at 90 %: a lower threshold, keeping more, is chosen
    expect(chooseThreshold(facts, 0.7, FACTS_KEPT_Z)).toBeLessThan(chooseThreshold(facts, 0.7));
    // 9 of 10 has a lower bound of 0.74, 8 of 10 one of 0.62: 0.1 is the highest threshold keeping 9
    expect(wilsonLower(9, 10, FACTS_KEPT_Z)).toBeGreaterThan(0.7);
    expect(wilsonLower(8, 10, FACTS_KEPT_Z)).toBeLessThan(0.7);
    expect(chooseThreshold(facts, 0.7, FACTS_KEPT_Z)).toBe(0.1);
  });

  it('the trade-off curve: at each threshold, the judged triples shown and kept and the facts still held', () => {
    const judged = [
      { p: 0.9, keep: true },
      { p: 0.8, keep: true },
      { p: 0.6, keep: false },
      { p: 0.4, keep: true },
      { p: 0.2, keep: false },
    ];
    const facts = [[0.9], [0.5], [0.3, null], [0.1]];
    const curve = tradeOffCurve(judged, facts, 0);
    expect(curve).toHaveLength(101);
    expect(curve[0]).toMatchObject({ threshold: 0, shown: 5, kept: 3, factsHeld: 4, facts: 4 });
    expect(curve[50]).toMatchObject({ threshold: 0.5, shown: 3, kept: 2, factsHeld: 3 }); // the fact with an unestimated triple stays
    expect(curve[50].keepLower).toBeCloseTo(2 / 3, 10); // z 0: the share seen
    expect(curve[95]).toMatchObject({ shown: 0, kept: 0, keepLower: 0, factsHeld: 1 });
  });

  it('the balanced threshold: the smaller of the two lower bounds (keep rate shown, facts held) is highest there', () => {
    // 100 judged triples: the higher the estimate, the likelier kept; 20 facts held by triples spread over 0..1
    const judged = Array.from({ length: 100 }, (_, i) => ({ p: i / 100, keep: i % 10 < i / 10 }));
    const facts = Array.from({ length: 20 }, (_, i) => [i / 20]);
    const best = chooseBalancedThreshold(judged, facts, FACTS_KEPT_Z);
    const curve = tradeOffCurve(judged, facts, FACTS_KEPT_Z);
    const worse = (x: TradeOffPoint) => Math.min(x.keepLower, x.factsLower);
    for (const x of curve) expect(worse(x)).toBeLessThanOrEqual(worse(best) + 1e-12);
    // neither share can gain by moving the threshold without the other falling below the bound chosen
    expect(worse(curve[Math.round(best.threshold * 100) + 1])).toBeLessThan(worse(best));
    expect(worse(curve[Math.round(best.threshold * 100) - 1])).toBeLessThan(worse(best));
    // raising it buys keep rate with facts
    expect(best.keepLower).toBeGreaterThan(curve[0].keepLower);
    expect(best.factsHeld).toBeLessThan(20);
    // with facts everywhere held (unestimated triples), only the keep rate counts: the highest bound of it
    const held = chooseBalancedThreshold(
      judged,
      facts.map(() => [null]),
      FACTS_KEPT_Z,
    );
    expect(held.keepLower).toBe(Math.max(...tradeOffCurve(judged, [[null]], FACTS_KEPT_Z).map((x) => x.keepLower)));
    // ties go to the lower threshold: nothing judged, nothing to gain, 0
    expect(chooseBalancedThreshold([], [], FACTS_KEPT_Z).threshold).toBe(0);
  });

  it("the contract's default is the one chosen with the committed precision model", () => {
    expect(PRECISION_MODEL.defaultThreshold).toBe(DEFAULT_PRECISION_THRESHOLD);
  });
});

describe('the default view hides triples below the precision threshold', () => {
  const t = tmpDir();
  afterAll(() => t.cleanup());

  it('shown: precision at or above the threshold, or not estimated; suggestions: the rest; everything without a filter', () => {
    const store = Store.open(path.join(t.dir, 'filter.db'));
    try {
      const a = store.graph.upsertNode({ kind: 'entity', label: 'A' });
      const b = store.graph.upsertNode({ kind: 'entity', label: 'B' });
      const add = (relation: string, precision: number | null) =>
        store.graph.upsertEdge({ subjectId: a, relation, objectId: b, stage: 'EE', engine: 'classic', confidence: 0.5, precision }).id;
      const high = add('cites', 0.9);
      const low = add('sends', 0.1);
      const edge = add('is at', 0.3);
      const unknown = add('uses', null);
      const ids = (q: { minPrecision?: number; belowPrecision?: number }) =>
        store.graph
          .listTriples({ ...q, limit: 100, offset: 0 })
          .items.map((x) => x.id)
          .sort((x, y) => x - y);
      expect(ids({ minPrecision: 0.3 })).toEqual([high, edge, unknown]);
      expect(ids({ belowPrecision: 0.3 })).toEqual([low]);
      expect(ids({})).toEqual([high, low, edge, unknown]);
      expect(store.graph.listTriples({ ids: [low], limit: 1, offset: 0 }).items[0].precision).toBe(0.1);
    } finally {
      store.close();
    }
  });
});
