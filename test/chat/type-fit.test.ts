// Whether a candidate's form can answer the asked type (chat/candidates/type-fit.ts), and the typeClash
// feature every candidate source gets from it (chat/features.ts): a clash apart from "not known".
import { describe, expect, it } from 'vitest';
import { answerContext } from '../../electron/core/chat/candidates/context';
import type { Candidate, CandidateSource } from '../../electron/core/chat/candidates';
import { answerForm, typeClash } from '../../electron/core/chat/candidates/type-fit';
import { candidateFeatures, CANDIDATE_FEATURES } from '../../electron/core/chat/features';
import { retrievalOf } from './retrieval-fixture';

describe('the form of an answer', () => {
  it.each([
    ['1983', 'numeral'],
    ['3,000', 'numeral'],
    ['-1', 'numeral'],
    ['0x1A', 'numeral'],
    ['1.3.6.1.4.1', 'numeral'],
    ['128 bits', 'numeral'],
    ['at least 128 bits', 'numeral'],
    ['between 1 and 5', 'numeral'],
    ['June 2000', 'numeral'],
    ['March 3, 2009', 'numeral'],
    ['sixteen octets', 'numeral'],
    ['twice', 'numeral'],
    ['(1812)', 'numeral'],
    ['Mike Nichols', 'words'],
    ['the tunnel server', 'words'],
    ['seconds', 'words'],
    ['June', 'words'],
    ['RFC 2865', 'mixed'],
    ['802.1X', 'mixed'],
    ['IPv6', 'mixed'],
    ['reset(2)', 'mixed'],
    ['3799/tcp', 'mixed'],
    ['a 1983 film directed by Mike Nichols', 'mixed'],
  ])('%s is %s', (text, form) => {
    expect(answerForm(text)).toBe(form);
  });
});

describe('a clash with the asked type', () => {
  it('a numeral cannot answer a question asking a name, a list, a definition, an action or a condition', () => {
    for (const type of ['name', 'list', 'definition', 'action', 'condition'] as const) {
      expect(typeClash('1983', type)).toBe(true);
      expect(typeClash('128 bits', type)).toBe(true);
      expect(typeClash('Mike Nichols', type)).toBe(false);
      // (words and numbers together may name: not known to clash)
      expect(typeClash('RFC 2865', type)).toBe(false);
    }
  });

  it('words without a numeral cannot answer a count, a port or a date', () => {
    for (const type of ['number', 'port', 'date'] as const) {
      expect(typeClash('the length field', type)).toBe(true);
      expect(typeClash('1812', type)).toBe(false);
      expect(typeClash('port 1812', type)).toBe(false);
    }
    expect(typeClash('sixteen', 'number')).toBe(false);
    expect(typeClash('none', 'number')).toBe(false);
    expect(typeClash('June', 'date')).toBe(false);
  });

  it('is not known for a value, a code, a yes/no or an unread form: either form may answer them', () => {
    for (const type of ['value', 'code', 'yesno', 'other'] as const) {
      expect(typeClash('1983', type)).toBe(false);
      expect(typeClash('Mike Nichols', type)).toBe(false);
      expect(typeClash('NULL', type)).toBe(false);
    }
  });
});

describe('the typeClash feature', () => {
  const sentence = 'Silkwood is a 1983 film directed by Mike Nichols.';
  const candidate = (text: string, source: CandidateSource): Candidate => ({
    text,
    source,
    passageId: source === 'path' ? null : 1,
    passageRank: source === 'path' ? null : 0,
    sentence: source === 'path' ? null : sentence,
    triples: [],
    measures: {},
  });
  const clash = (question: string, c: Candidate) =>
    candidateFeatures(c, answerContext(retrievalOf(question, [sentence], { silkwood: 20, directed: 5, film: 8 })))[CANDIDATE_FEATURES.indexOf('typeClash')];

  it('is 1 for a year offered to "who", from any source, and 0 for the name', () => {
    for (const source of ['span', 'path', 'table', 'field'] as const) {
      expect(clash('Who directed Silkwood?', candidate('1983', source))).toBe(1);
      expect(clash('Who directed Silkwood?', candidate('Mike Nichols', source))).toBe(0);
    }
  });

  it('is 1 for a name offered to "when was it released" and 0 for the year', () => {
    expect(clash('In which year was Silkwood released?', candidate('Mike Nichols', 'span'))).toBe(1);
    expect(clash('In which year was Silkwood released?', candidate('1983', 'span'))).toBe(0);
  });

  it('is 0 where the asked type admits either form', () => {
    expect(clash('What value does Silkwood have?', candidate('1983', 'span'))).toBe(0);
    expect(clash('What value does Silkwood have?', candidate('Mike Nichols', 'span'))).toBe(0);
  });
});
