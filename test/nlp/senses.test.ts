// What WordNet's verb frames say of a phrase after a verb's object: the verb takes it (an argument of
// its commonest senses) or the phrase belongs to the object.
import { describe, expect, it } from 'vitest';
import { frameNamesPreposition, isAdjectiveInWordNet, takesObjectPhrase } from '../../electron/core/nlp/senses';
import { wordNet } from '../../electron/core/nlp/wordnet';

describe('takesObjectPhrase (WordNet verb frames)', () => {
  it('reads the frames of a verb synset', () => {
    const send = wordNet()!.senses('send', { pos: ['v'], maxSenses: 1 })[0];
    expect(send.frames.map((f) => f.frame)).toContain(21);
    expect(wordNet()!.senses('packet', { pos: ['n'], maxSenses: 1 })[0].frames).toEqual([]);
  });

  it('a verb whose common senses take an object and the phrase: in any form, by its preposition', () => {
    expect(takesObjectPhrase('sends', 'to')).toBe(true);
    expect(takesObjectPhrase('assign', 'to')).toBe(true);
    expect(takesObjectPhrase('presented', 'with')).toBe(true);
  });

  it('a verb whose common senses take no such phrase leaves it to the object', () => {
    expect(takesObjectPhrase('includes', 'with')).toBe(false);
    expect(takesObjectPhrase('implement', 'on')).toBe(false);
    expect(takesObjectPhrase('define', 'for')).toBe(false);
  });

  it('a verb WordNet does not list is not held against', () => {
    expect(takesObjectPhrase('frobnicates', 'with')).toBe(true);
  });
});

describe('frameNamesPreposition (rel.adjunct: a preposition the verb names is its argument)', () => {
  it('a frame naming the preposition, in any form of the verb', () => {
    expect(frameNamesPreposition('provided', 'with')).toBe(true);
    expect(frameNamesPreposition('associated', 'with')).toBe(true);
  });

  it('the frames of any phrase (20, 21) name no preposition; a verb WordNet does not list names none', () => {
    expect(frameNamesPreposition('stored', 'in')).toBe(false);
    expect(frameNamesPreposition('sent', 'with')).toBe(false);
    expect(frameNamesPreposition('frobnicates', 'with')).toBe(false);
  });
});

describe('isAdjectiveInWordNet', () => {
  it('the word itself as an adjective', () => {
    expect(isAdjectiveInWordNet('available')).toBe(true);
    expect(isAdjectiveInWordNet('server')).toBe(false);
  });
});
