// prec19's candidate features of the precision model (extract/precision-model.ts, precision-context.ts), meant to
// rank the sentence extractor's triples: a generic head (one the document narrows with many different
// modifiers), an end cut at its edge, a negation, an "only" or a modal the sentence states that the triple does
// not carry, a light or copular relation, how many triples a sentence was broken into for its length, and how
// much the document uses the relation's main word. Invented triples, sentences and documents with known values.
import { describe, expect, it } from 'vitest';
import { documentSalience, endSalience, relationMainStem, relationUses, tripleContext } from '../../electron/core/extract/precision-context';
import {
  cutAtEdge,
  endsShareContent,
  lightRelation,
  modalNotCarried,
  negationNotCarried,
  onlyNotCarried,
  relationQualifierFlags,
  tripleFeatures,
  type TripleShape,
} from '../../electron/core/extract/precision-model';

const shape = (over: Partial<TripleShape>): TripleShape => ({
  subject: 'the pump',
  relation: 'fills',
  object: 'the tank',
  sentence: 'The pump fills the tank.',
  ...over,
});

describe("prec19's candidates: what a sentence says that its triple does not carry", () => {
  it('a negation in the sentence, not in the triple nor in its meta', () => {
    expect(negationNotCarried(shape({ sentence: 'The pump does not fill the tank.' }))).toBe(true);
    expect(negationNotCarried(shape({ sentence: "The pump doesn't fill the tank." }))).toBe(true);
    expect(negationNotCarried(shape({ sentence: 'The pump does not fill the tank.', qualifiers: { negated: true } }))).toBe(false);
    expect(negationNotCarried(shape({ relation: 'never fills', sentence: 'The pump never fills the tank.' }))).toBe(false);
    expect(negationNotCarried(shape({}))).toBe(false);
  });

  it('an "only" in the sentence, not in the triple nor in its meta', () => {
    expect(onlyNotCarried(shape({ sentence: 'Only the pump fills the tank.' }))).toBe(true);
    expect(onlyNotCarried(shape({ sentence: 'Only the pump fills the tank.', qualifiers: { only: true } }))).toBe(false);
    expect(onlyNotCarried(shape({ object: 'only the tank', sentence: 'The pump fills only the tank.' }))).toBe(false);
    expect(onlyNotCarried(shape({}))).toBe(false);
  });

  it('a modal verb in the sentence (in any case), not in the triple nor in its meta', () => {
    expect(modalNotCarried(shape({ sentence: 'The pump may fill the tank.' }))).toBe(true);
    expect(modalNotCarried(shape({ sentence: 'The pump MUST fill the tank.' }))).toBe(true);
    expect(modalNotCarried(shape({ sentence: 'The pump may fill the tank.', qualifiers: { modality: true } }))).toBe(false);
    expect(modalNotCarried(shape({ relation: 'may fill', sentence: 'The pump may fill the tank.' }))).toBe(false);
    expect(modalNotCarried(shape({}))).toBe(false);
  });
});

describe("prec19's candidates: the triple's own shape", () => {
  it('an end cut at its edge: opening with a coordinator or a preposition, closing with a word that cannot close a noun phrase', () => {
    expect(cutAtEdge('the tank of')).toBe(true);
    expect(cutAtEdge('and the valve')).toBe(true);
    expect(cutAtEdge('valve that')).toBe(true);
    expect(cutAtEdge('a valve and the')).toBe(true);
    expect(cutAtEdge('the tank')).toBe(false);
    expect(cutAtEdge('tank of the plant')).toBe(false);
    expect(cutAtEdge('')).toBe(false);
  });

  it('a light or copular relation: "be" or "have" alone, a light verb, a copula other than "be"; a full verb is not', () => {
    expect(lightRelation('is')).toBe(true);
    expect(lightRelation('has')).toBe(true);
    expect(lightRelation('provides')).toBe(true);
    expect(lightRelation('may make')).toBe(true);
    expect(lightRelation('remains')).toBe(true);
    expect(lightRelation('fills')).toBe(false);
    expect(lightRelation('is filled by')).toBe(false);
  });

  it('the features: flags and the light relation weighted by its object content words', () => {
    const names = [
      'negation in the sentence not carried',
      'only in the sentence not carried',
      'sentence has a modal verb',
      'modal in the sentence not carried',
      'subject cut at its edge',
      'object cut at its edge',
      'light or copular relation, by the object content words (log)',
    ];
    expect(tripleFeatures(shape({}), 0.5, names)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    const hedged = shape({ relation: 'has', object: 'a large steel tank of', sentence: 'The pump may not have only a large steel tank of water.' });
    expect(tripleFeatures(hedged, 0.5, names)).toEqual([1, 1, 1, 1, 0, 1, Math.log1p(3)]); // "large steel tank"
  });
});

describe("prec19's candidates: signs of a split or reordered phrase", () => {
  it('the two ends share a content word (by its stem); a function word shared does not count', () => {
    expect(endsShareContent('the inlet valve', 'valves of the plant')).toBe(true);
    expect(endsShareContent('the pump', 'the tank')).toBe(false);
    const names = ['ends share a content word', 'object holds a clause opener', 'passive voice (meta.voice)'];
    expect(tripleFeatures(shape({ object: 'the pump that the tank feeds' }), 0.5, names)).toEqual([1, 1, null]);
    expect(tripleFeatures(shape({ relationQualifiers: relationQualifierFlags({ voice: 'passive' }) }), 0.5, names)).toEqual([0, 0, 1]);
    expect(tripleFeatures(shape({ relationQualifiers: relationQualifierFlags({}) }), 0.5, names)).toEqual([0, 0, 0]);
  });
});

describe("prec19's candidates: the triple in its document", () => {
  const text = [
    'The red car stops. The old car starts, and a blue car waits.',
    '',
    'A fast car passes the gate. The gate closes. The car park opens.',
    '',
    'The gate closes again and the gate opens.',
  ].join('\n');
  const doc = documentSalience(text);

  it("a head's modifier variety: the distinct content words the document writes right before it inside a phrase", () => {
    // "car": red, old, blue, fast (the article and a sentence's end break the run); "gate": none
    expect(doc.modifiers?.get('car')?.size).toBe(4);
    expect(doc.modifiers?.get('gate')?.size ?? 0).toBe(0);
    expect(endSalience(doc, 'car').headModifiers).toBeCloseTo(Math.log1p(4));
    expect(endSalience(doc, 'the gate').headModifiers).toBe(0);
  });

  it("the relation's main word: past modals, negation and auxiliaries; its uses per 1,000 words of the document, in any form", () => {
    expect(relationMainStem('may not be closed by')).toBe(relationMainStem('close'));
    expect(relationMainStem('is')).toBeNull();
    const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu)!.length;
    // "closes" twice: the stem of "close"
    expect(relationUses(doc, 'close')).toBeCloseTo(Math.log1p((1000 * 2) / words));
    expect(relationUses(doc, 'is')).toBeNull();
  });

  it('the document features: a bare generic head, the relation uses, triples per ten sentence words', () => {
    const sentence = 'A fast car passes the gate.';
    const span = { start: text.indexOf(sentence), end: text.indexOf(sentence) + sentence.length };
    const context = tripleContext(doc, span, { subject: 'car', object: 'gate', relation: 'pass' }, 3);
    const names = [
      'subject head modifier variety (log)',
      'subject a bare head, by its modifier variety',
      'object a bare head, by its modifier variety',
      'triples per ten sentence words',
      'relation main word uses in document (log)',
    ];
    const values = tripleFeatures(shape({ subject: 'car', relation: 'pass', object: 'gate', sentence, context }), 0.5, names);
    expect(values[0]).toBeCloseTo(Math.log1p(4));
    expect(values[1]).toBeCloseTo(Math.log1p(4));
    expect(values[2]).toBe(0);
    expect(values[3]).toBeCloseTo((10 * 3) / 6);
    expect(values[4]).toBeGreaterThan(0);
    // without a context they are unknown (the model reads the mean)
    expect(tripleFeatures(shape({}), 0.5, names)).toEqual([null, null, null, null, null]);
  });
});
