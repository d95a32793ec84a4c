// The token-pattern matcher (nlp/matcher.ts): spaCy Matcher semantics on tagged tokens.
import { describe, expect, it } from 'vitest';
import { contextMatches, Matcher, matchesAt, tokenMatches, type MatchToken } from '../../electron/core/nlp/matcher';

const tagged = (s: string): MatchToken[] =>
  s.split(' ').map((w) => {
    const [text, pos] = w.split('/');
    return { text, pos };
  });

describe('token predicates', () => {
  it('literals, IN, NOT_IN, REGEX, comparisons and the shape flags', () => {
    const t = { text: 'Access-Request', pos: 'PROPN' };
    expect(tokenMatches(t, { TEXT: 'Access-Request' })).toBe(true);
    expect(tokenMatches(t, { LOWER: 'access-request', POS: 'PROPN' })).toBe(true);
    expect(tokenMatches(t, { POS: { IN: ['NOUN', 'PROPN'] } })).toBe(true);
    expect(tokenMatches(t, { POS: { NOT_IN: ['NOUN', 'PROPN'] } })).toBe(false);
    expect(tokenMatches(t, { TEXT: { REGEX: '^\\p{Lu}[\\p{L}\\d]*(?:-[\\p{L}\\d]+)+$' } })).toBe(true);
    expect(tokenMatches(t, { LENGTH: { '>=': 15 } })).toBe(false);
    expect(tokenMatches({ text: 'EAP' }, { IS_UPPER: true, IS_TITLE: false })).toBe(true);
    expect(tokenMatches({ text: 'Server' }, { IS_TITLE: true })).toBe(true);
    expect(tokenMatches({ text: '2865' }, { IS_DIGIT: true })).toBe(true);
    expect(tokenMatches({ text: ',' }, { IS_PUNCT: true })).toBe(true);
  });

  it('registered predicates by name; an unknown name is an error', () => {
    const long = (t: MatchToken) => t.text.length > 4;
    expect(tokenMatches({ text: 'server' }, { _: { long: true } }, { long })).toBe(true);
    expect(tokenMatches({ text: 'key' }, { _: { long: true } }, { long })).toBe(false);
    expect(() => tokenMatches({ text: 'key' }, { _: { nope: true } })).toThrow(/nope/);
    expect(() => new Matcher().add('x', [[{ _: { nope: true } }]])).toThrow(/nope/);
  });
});

describe('operators', () => {
  const toks = tagged('the/DET new/ADJ shared/ADJ key/NOUN expires/VERB');
  it('? + * try every length; a plain spec is exactly one token', () => {
    expect(matchesAt(toks, 0, [{ POS: 'DET' }, { POS: 'ADJ', OP: '*' }, { POS: 'NOUN' }])).toEqual([4]);
    expect(matchesAt(toks, 0, [{ POS: 'DET' }, { POS: 'ADJ', OP: '+' }])).toEqual([2, 3]);
    expect(matchesAt(toks, 0, [{ POS: 'DET' }, { POS: 'NOUN', OP: '?' }])).toEqual([1]);
    expect(matchesAt(toks, 0, [{ POS: 'DET' }, { POS: 'NOUN' }])).toEqual([]);
  });
  it('! is a zero-width check that the next token (if any) does not match', () => {
    expect(matchesAt(toks, 3, [{ POS: 'NOUN' }, { POS: 'ADP', OP: '!' }])).toEqual([4]);
    expect(matchesAt(toks, 3, [{ POS: 'NOUN' }, { POS: 'VERB', OP: '!' }])).toEqual([]);
    expect(matchesAt(toks, 4, [{ POS: 'VERB' }, { POS: 'ADP', OP: '!' }])).toEqual([5]);
  });
  it('a matcher finds every match of every key, ordered by start and end', () => {
    const m = new Matcher();
    m.add('np', [[{ POS: 'DET', OP: '?' }, { POS: 'ADJ', OP: '*' }, { POS: 'NOUN' }]]);
    m.add('verb', [[{ POS: 'VERB' }]]);
    expect(m.match(toks)).toEqual([
      { key: 'np', start: 0, end: 4 },
      { key: 'np', start: 1, end: 4 },
      { key: 'np', start: 2, end: 4 },
      { key: 'np', start: 3, end: 4 },
      { key: 'verb', start: 4, end: 5 },
    ]);
  });
});

describe('a pattern read around one token', () => {
  it('matches before (nearest last), the focus, and after', () => {
    const [may, reply, directly] = tagged('MAY/AUX reply/NOUN directly/ADV');
    const afterModal = { before: [{ LOWER: { IN: ['may', 'must'] }, POS: 'AUX' }], focus: { POS: 'NOUN' }, after: [{ POS: 'ADV' }] };
    expect(contextMatches([may], reply, [directly], afterModal)).toBe(true);
    expect(contextMatches([], reply, [directly], afterModal)).toBe(false);
    expect(contextMatches([may], reply, [], afterModal)).toBe(false);
    // (a `before` with a quantifier reads back over as many tokens as it needs)
    const [the, big, red] = tagged('the/DET big/ADJ red/ADJ');
    expect(contextMatches([the, big, red], reply, [], { before: [{ LOWER: 'the' }, { POS: 'ADJ', OP: '*' }], focus: { POS: 'NOUN' } })).toBe(true);
  });
});
