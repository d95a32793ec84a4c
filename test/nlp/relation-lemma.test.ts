// A verb group's dictionary form (nlp/relation-lemma.ts): tense, aspect and person reduced, the modal
// taken out as the modality, a passive kept as its participle.
import { describe, expect, it } from 'vitest';
import { verbGroupForm } from '../../electron/core/nlp/relation-lemma';

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
