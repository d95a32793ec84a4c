// WordNet's derivational links as the relation form asks them (nlp/derivations.ts): the verb whose act a
// noun names, and the verb a form of it is.
import { describe, expect, it } from 'vitest';
import { verbLemma, verbOfActNoun } from '../../electron/core/nlp/derivations';

describe('derivations', () => {
  it('a noun naming an act by its commonest sense gives its verb, spelt alike or not', () => {
    expect(verbOfActNoun('validation')).toBe('validate');
    expect(verbOfActNoun('support')).toBe('support');
    expect(verbOfActNoun('protection')).toBe('protect');
    // (of two linked verbs the one written like the noun: "approve", not "approbate")
    expect(verbOfActNoun('approval')).toBe('approve');
    expect(verbOfActNoun('Validations')).toBe('validate');
  });

  it('a noun naming a thing or an attribute gives none', () => {
    for (const n of ['mechanism', 'identity', 'server', 'packet', 'framework']) expect(verbOfActNoun(n), n).toBeNull();
  });

  it('a verb form gives its verb; a word WordNet has as no verb gives none', () => {
    expect(verbLemma('forwarding')).toBe('forward');
    expect(verbLemma('carrying')).toBe('carry');
    expect(verbLemma('sent')).toBe('send');
    expect(verbLemma('octets')).toBeNull();
  });
});
