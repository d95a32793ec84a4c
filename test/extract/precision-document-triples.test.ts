// prec22's candidates for the precision model: how a document's other triples use a triple's relation string and
// its ends (extract/precision-context.ts documentTriples, documentTripleUses; precision-model.ts DOCUMENT_PASS_FEATURES,
// read once the document's extraction is done, tried by fit-precision.ts --document-triples only) and the share of its sentence's content words a triple says (extract/precision-model.ts sentenceCoverage).
// Invented cases only.
import { describe, expect, it } from 'vitest';
import { documentTriples, documentTripleUses } from '../../electron/core/extract/precision-context';
import { sentenceCoverage, tripleFeatures } from '../../electron/core/extract/precision-model';

const triples = [
  { subject: 'The kettle', relation: 'heats', object: 'water' },
  { subject: 'the  kettle', relation: 'Heats', object: 'milk' },
  { subject: 'The stove', relation: 'heats', object: 'the kettle' },
  { subject: 'A lid', relation: 'rattles above', object: 'the pot' },
];

describe("how the document's other triples use a triple's parts", () => {
  const doc = documentTriples(triples);

  it('counts relation strings and ends case- and space-blind, an end held twice by one triple once', () => {
    expect(doc.total).toBe(4);
    expect(doc.relations.get('heats')).toBe(3);
    expect(doc.ends.get('the kettle')).toBe(3);
    expect(documentTriples([{ subject: 'loop', relation: 'feeds', object: 'Loop' }]).ends.get('loop')).toBe(1);
  });

  it("takes the triple's own use off: a relation or an end no other triple has reads 0", () => {
    const lid = documentTripleUses(doc, triples[3]);
    expect(lid).toEqual({ relation: 0, subject: 0, object: 0 });
    const kettle = documentTripleUses(doc, triples[0]);
    expect(kettle.relation).toBeCloseTo(Math.log1p(2));
    expect(kettle.subject).toBeCloseTo(Math.log1p(2));
    expect(kettle.object).toBe(0);
  });

  it('reads nothing below 0 for a triple the counts do not hold', () => {
    expect(documentTripleUses(doc, { subject: 'a cup', relation: 'holds', object: 'tea' })).toEqual({ relation: 0, subject: 0, object: 0 });
  });

  it('feeds the candidate features, which sit at their mean (null) without the document pass', () => {
    const names = [
      'relation string of other triples in the document (log)',
      'relation string no other triple of the document carries',
      'subject an end of other triples in the document (log)',
      'object an end of other triples in the document (log)',
    ];
    const shape = { ...triples[3], sentence: 'A lid rattles above the pot.' };
    expect(tripleFeatures(shape, 0.5, names)).toEqual([null, null, null, null]);
    const context = { section: 'body' as const, sentenceTriples: 1, sameEnds: 0, subject: endFor(), object: endFor() };
    expect(tripleFeatures({ ...shape, context: { ...context, tripleUses: documentTripleUses(doc, triples[3]) } }, 0.5, names)).toEqual([0, 1, 0, 0]);
  });
});

const endFor = () => ({ frequency: 0, spread: 0, defined: false, named: false });

describe("the share of its sentence's content words a triple says", () => {
  it('is 1 for a triple that says its whole clause and lower for a fragment of a long sentence', () => {
    const sentence = 'The kettle heats water.';
    expect(sentenceCoverage({ subject: 'the kettle', relation: 'heats', object: 'water', sentence })).toBe(1);
    const long = 'The kettle heats water quickly before the guests arrive for breakfast.';
    const part = sentenceCoverage({ subject: 'the kettle', relation: 'heats', object: 'water', sentence: long });
    expect(part).toBeGreaterThan(0);
    expect(part).toBeLessThan(0.6);
  });

  it('matches words by their stems and skips function words, auxiliaries and modals', () => {
    expect(sentenceCoverage({ subject: 'kettle', relation: 'heat', object: 'waters', sentence: 'Kettles can heat the water.' })).toBe(1);
  });

  it('reads 1 for a sentence without content words', () => {
    expect(sentenceCoverage({ subject: 'it', relation: 'is', object: 'this', sentence: 'It is this.' })).toBe(1);
  });
});

describe('the features the product cannot read when it stores a precision', () => {
  it('are not candidates of the selection the product fits on', async () => {
    const { CANDIDATE_FEATURES, DOCUMENT_PASS_FEATURES } = await import('../../electron/core/extract/precision-model');
    expect(Object.keys(DOCUMENT_PASS_FEATURES).filter((f) => f in CANDIDATE_FEATURES)).toEqual([]);
    expect('sentence content words the triple says (share)' in CANDIDATE_FEATURES).toBe(true);
  });
});

describe("a feature's own separation of judgments (scripts/judgments/draws-gap.ts featureAuc)", () => {
  const judged = (subject: string, verdict: 'keep' | 'wrong') => ({
    group: 'doc',
    verdict,
    rules: ['svo.test'],
    shape: { subject, relation: 'heats', object: 'water', sentence: `${subject} heats water.` },
  });
  it("ranks the kept above the rest by the feature's value, and leaves out judgments without one", async () => {
    const { featureAuc } = await import('../../scripts/judgments/draws-gap');
    const examples = [judged('The copper kettle', 'keep'), judged('A small copper kettle', 'keep'), judged('It', 'wrong'), judged('kettle', 'wrong')];
    expect(featureAuc(examples, 'subject content words (log)')).toEqual({ auc: 1, n: 4 });
    expect(featureAuc(examples, 'subject general').auc).toBe(0);
    expect(featureAuc(examples, 'object an end of other triples in the document (log)').n).toBe(0);
  });
});
