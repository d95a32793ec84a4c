// A verb group's dictionary form (nlp/relation-lemma.ts): tense, aspect and person reduced, the modal
// taken out as the modality, a passive kept as its participle.
import { describe, expect, it } from 'vitest';
import { participle, prefixedVerb, verbGroupForm } from '../../electron/core/nlp/relation-lemma';
import { VERB_SYNONYMS } from '../../electron/core/nlp/lexicon';
import { wordNet } from '../../electron/core/nlp/wordnet';

const form = (r: string, verbal = true) => verbGroupForm(r, verbal);

describe('verb group form', () => {
  it('an active verb in any person, tense or aspect is its lemma', () => {
    for (const r of ['sends', 'send', 'sending', 'has sent', 'did send', 'will have sent']) expect(form(r).relation, r).toBe('send');
    expect(form('contains').relation).toBe('contain');
    expect(form('using').relation).toBe('use');
    // (forms the lemmatizer keeps as written are read by WordNet's verb morphology)
    for (const [r, l] of [
      ['defining', 'define'],
      ['forwards', 'forward'],
      ['authenticates', 'authenticate'],
    ])
      expect(form(r).relation, r).toBe(l);
    expect(form('process').relation).toBe('process');
  });

  it('a passive keeps its participle (the patient is the subject): "is sent to" is no "send to"', () => {
    expect(form('is sent to')).toMatchObject({ relation: 'sent to', passive: true });
    expect(form('has been derived from')).toMatchObject({ relation: 'derived from', passive: true });
    expect(form('to be carried in').relation).toBe('carried in');
    // (a participle alone, its "be" left out by the reading, is taken as written)
    expect(form('sent to').relation).toBe('sent to');
    // a participle written as its base form ("set", "put") after "be" is one too; after "have" the verb's lemma
    expect(form('should be set to')).toMatchObject({ relation: 'set to', passive: true, modality: 'should' });
    expect(form('can be put in').relation).toBe('put in');
    expect(form('has set')).toMatchObject({ relation: 'set', passive: false });
    // (a group the reading saw with no "be": a past form is the active past)
    expect(verbGroupForm('sent to', true, true).relation).toBe('send to');
    expect(verbGroupForm('led to', true, true).relation).toBe('lead to');
  });

  it('a verb WordNet lacks, written with a hyphenated prefix, is read by its stem: its lemma, its participle, the prefix kept', () => {
    expect(prefixedVerb('re-encrypt')).toEqual({ prefix: 're-', stem: 'encrypt' });
    expect(prefixedVerb('pre-loaded')).toEqual({ prefix: 'pre-', stem: 'loaded' });
    // (a prefixed verb WordNet has is its own word; a stem that is no verb is no prefixed verb)
    expect(prefixedVerb('re-examine')).toBeNull();
    expect(prefixedVerb('co-author')).toBeNull();
    expect(prefixedVerb('pre-xqzt')).toBeNull();
    expect(participle('re-encrypted')).toBe(true);
    expect(participle('re-sent')).toBe(true);
    expect(participle('re-encrypts')).toBe(false);
    for (const r of ['re-encrypts', 're-encrypting', 'has re-encrypted']) expect(form(r).relation, r).toBe('re-encrypt');
    expect(form('re-sends to').relation).toBe('re-send to');
    // a passive keeps the prefixed participle, as it keeps any participle
    expect(form('is re-encrypted with')).toMatchObject({ relation: 're-encrypted with', passive: true });
    expect(form('was pre-loaded into')).toMatchObject({ relation: 'pre-loaded into', passive: true });
    expect(form('re-sent to').relation).toBe('re-sent to');
    expect(verbGroupForm('re-sent to', true, true).relation).toBe('re-send to');
  });

  it('a verb of the synonym list is named by the plainer verb of its first WordNet sense, the one synset of both', () => {
    const first = (w: string) => wordNet()!.senses(w, { pos: ['v'], maxSenses: 1 })[0]?.offset;
    for (const [written, common] of Object.entries(VERB_SYNONYMS)) {
      expect(first(written), `${written} -> ${common}`).toBeDefined();
      expect(first(written), `${written} -> ${common}`).toBe(first(common));
      // (one step: the verb named is no key of the list)
      expect(VERB_SYNONYMS[common], common).toBeUndefined();
    }
    expect(form('selects').relation).toBe('choose');
    expect(form('supplies').relation).toBe('provide');
    expect(form('has started').relation).toBe('begin');
    // a passive keeps its participle: "is selected by" is no "choose by"
    expect(form('is selected by').relation).toBe('selected by');
  });

  it('the modal leaves the relation as its modality, as written; modals in a row are one', () => {
    expect(form('MUST contain')).toMatchObject({ relation: 'contain', modality: 'MUST' });
    expect(form('can be recovered by')).toMatchObject({ relation: 'recovered by', modality: 'can' });
    expect(form('will need to send')).toMatchObject({ relation: 'send', modality: 'will need to' });
    expect(form('sends').modality).toBeUndefined();
  });

  it('a relation that is no verb group keeps its words; a plural noun after the verb is singular', () => {
    expect(form('is a').relation).toBe('is a');
    expect(form('similar to').relation).toBe('similar to');
    expect(form('part of', false).relation).toBe('part of');
    expect(form('sends packets to').relation).toBe('send packet to');
  });
});
