// What a reader shows for a triple's relation (shared/relation-label.ts): a passive written as its verb's
// lemma (rel.voice) is shown in its words as written, since the relation alone would state the patient as
// the doer; every other relation is shown as it is, its words as written in the tooltip.
import { describe, expect, it } from 'vitest';
import { edgeWording, relationTitle, shownRelation } from '../../shared/relation-label';

describe('the relation a reader shows', () => {
  it('shows the words as written for a passive written as its lemma, the relation otherwise', () => {
    expect(shownRelation('send to', { surface: 'is sent to', voice: 'passive' })).toBe('is sent to');
    expect(shownRelation('send to', { surface: 'sends to' })).toBe('send to');
    expect(shownRelation('send to', {})).toBe('send to');
    expect(shownRelation('send to', undefined)).toBe('send to');
    // (no words kept: the relation, never an empty label)
    expect(shownRelation('send to', { voice: 'passive' })).toBe('send to');
  });

  it('titles the relation with its voice and its words as written', () => {
    expect(relationTitle('send to', { surface: 'is sent to', voice: 'passive' })).toBe('send to (passive; as written: is sent to)');
    expect(relationTitle('send', { surface: 'must send' })).toBe('send (as written: must send)');
    expect(relationTitle('send', { surface: 'send' })).toBe('send');
    expect(relationTitle('send', undefined)).toBe('send');
  });

  it("a Graph edge's drawn label and tooltip", () => {
    expect(edgeWording({ relation: 'define', label: 'is defined by', voice: 'passive' })).toEqual({
      relation: 'define',
      shown: 'is defined by',
      title: 'define (passive; as written: is defined by)',
    });
    expect(edgeWording({ relation: 'is-a' })).toEqual({ relation: 'is-a', shown: 'is-a', title: 'is-a' });
  });
});
