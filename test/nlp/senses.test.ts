// What WordNet's verb frames say of a phrase after a verb's object: the verb takes it (an argument of
// its commonest senses) or the phrase belongs to the object.
import { describe, expect, it } from 'vitest';
import { takesObjectPhrase } from '../../electron/core/nlp/senses';
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
