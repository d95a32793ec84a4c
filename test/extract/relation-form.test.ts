// Pass 7, relation form (extract/classic/relation-form.ts), rule by rule on triples built for the
// purpose: each names the rule id it checks.
import { describe, expect, it } from 'vitest';
import { relationForm } from '../../electron/core/extract/classic/relation-form';
import type { CandidateTriple } from '../../electron/core/extract/types';

const triple = (head: string, relation: string, tail: string, meta?: Record<string, unknown>): CandidateTriple => ({
  stage: 'EE',
  head: { text: head, kind: 'entity' },
  relation,
  tail: { text: tail, kind: 'entity' },
  rules: ['prop.object'],
  ...(meta ? { meta } : {}),
});

describe('relation form', () => {
  it('rel.lemma and rel.modality: the verb group in lemma form, the modal and the words as written kept in meta', () => {
    const t = relationForm(triple('NAS', 'MUST send', 'request'), true);
    expect(t).toMatchObject({ relation: 'send', meta: { modality: 'MUST', surface: 'MUST send' } });
    expect(t.rules).toEqual(['prop.object', 'rel.modality', 'rel.lemma']);
    // a relation already in its form is left as it is, with no label
    const same = triple('NAS', 'send', 'request');
    expect(relationForm(same, true)).toBe(same);
  });

  it('rel.modality: a requirement keyword that is the whole relation stays the relation ("MUST NOT" never leaves "NOT")', () => {
    for (const relation of ['MUST NOT', 'SHOULD NOT', 'MUST'])
      for (const verbal of [false, true]) expect(relationForm(triple('Digest-HA1', relation, 'be sent'), verbal).relation).toBe(relation);
  });

  it('rel.embedded-object: the noun between verb and preposition leaves the relation', () => {
    const t = relationForm(triple('NAS', 'sends Access-Request packets to', 'server', { object: 'Access-Request packets' }), true);
    expect(t).toMatchObject({ relation: 'send to', meta: { object: 'Access-Request packets', surface: 'sends Access-Request packets to' } });
    expect(t.rules).toContain('rel.embedded-object');
  });

  it('rel.measure: a measurement noun or a unit is no relation, a unit named by its dimension', () => {
    expect(relationForm(triple('Key field', 'length', '16 octets'), false)).toMatchObject({ relation: 'has length', rules: ['prop.object', 'rel.measure'] });
    expect(relationForm(triple('frame', 'maximum frame length', '1500 octets'), false).relation).toBe('has length');
    expect(relationForm(triple('timer', 'seconds', '30'), false).relation).toBe('has duration');
    // a verb relation that mentions a measure is a verb relation
    expect(relationForm(triple('server', 'limits number of', 'clients'), true).relation).toBe('limit number of');
  });

  it('rel.measure-subject: a quantity read as the relation of a measurement noun is the value', () => {
    const t = relationForm(triple('length', '4 octets', 'Lost field'), false);
    expect(t).toMatchObject({ head: { text: 'Lost field' }, relation: 'has length', tail: { text: '4 octets', literal: true, type: 'quantity' } });
    expect(t.rules).toContain('rel.measure-subject');
  });

  it('rel.code: every notion of a numeric type code is "has code"', () => {
    for (const r of ['has type', 'has code', 'type value', 'has value', 'attribute type code', 'value'])
      expect(relationForm({ ...triple('Foo-Bar', r, '26'), rules: ['pattern:value.field'] }, false).relation, r).toBe('has code');
    // a value that is no bare number is no code
    expect(relationForm(triple('Foo-Bar', 'has value', 'VLAN (13)'), false).relation).toBe('has value');
    // a pattern's own relation is its vocabulary
    expect(relationForm(triple('RFC 1', 'stands for', 'Foo'), false).relation).toBe('stands for');
  });
});
