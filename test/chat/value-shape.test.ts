// Value features that say how well a candidate's shape and binding answer what is asked (chat/features-values.ts):
// its length and whether it is a clause without a numeral where a value is asked, a name that extends the asked one,
// and a listing's line read whole with its other base.
import { describe, expect, it } from 'vitest';
import { answerContext } from '../../electron/core/chat/candidates/context';
import { sentenceSpanCandidates } from '../../electron/core/chat/candidates/sentence-spans';
import { boundFeatures, shapeFeatures } from '../../electron/core/chat/features-values';
import { measuredThing } from '../../electron/core/retrieve/quantities';
import type { Candidate } from '../../electron/core/chat/candidates/types';
import { retrievalOf } from './retrieval-fixture';

const candidate = (text: string, measured?: string): Candidate => ({
  text,
  source: 'span',
  passageId: null,
  passageRank: null,
  sentence: text,
  offset: 0,
  triples: [],
  measures: measured ? { measured } : {},
});

describe('the shape of a value answer', () => {
  const passage = 'The gadget timer is reset when a frame arrives. The gadget timer defaults to 30 seconds.';
  it('marks a clause with no numeral where a value is asked, not a number, a count in words or a short name', () => {
    const ctx = answerContext(retrievalOf('What is the default gadget timer?', [passage]));
    expect(shapeFeatures(candidate('reset when a frame arrives'), ctx).valueClause).toBe(1);
    expect(shapeFeatures(candidate('30 seconds'), ctx).valueClause).toBe(0);
    expect(shapeFeatures(candidate('a value of zero is returned'), ctx).valueClause).toBe(0);
    expect(shapeFeatures(candidate('badGadget'), ctx).valueClause).toBe(0);
    expect(shapeFeatures(candidate('reset when a frame arrives'), ctx).valueWords).toBeCloseTo(Math.log1p(5));
  });

  it('reads 0 where no value is asked, and no clause where a unit is asked', () => {
    const defining = answerContext(retrievalOf('What does a gadget timer do?', [passage]));
    expect(shapeFeatures(candidate('reset when a frame arrives'), defining)).toEqual({ valueWords: 0, valueClause: 0 });
    const unit = answerContext(retrievalOf('In what unit is the gadget timer expressed?', [passage]));
    expect(shapeFeatures(candidate('hundredths of a second each'), unit).valueClause).toBe(0);
  });
});

describe('a value bound to a name that extends the asked one', () => {
  it('is bound to another thing, the exact name to the asked one', () => {
    const ctx = answerContext(retrievalOf('Which widget type number identifies Minimum-Widget-Rate?', ['131 (0x83) for Minimum-Widget-Rate']));
    expect(boundFeatures(candidate('131', 'Minimum-Widget-Rate'), ctx)).toEqual({ boundAsked: 1, boundOther: 0 });
    expect(boundFeatures(candidate('137', 'Minimum-Widget-Rate-Low-Power'), ctx)).toEqual({ boundAsked: 0, boundOther: 1 });
    expect(boundFeatures(candidate('7', 'Widget-Rate'), ctx)).toEqual({ boundAsked: 0, boundOther: 1 });
  });
});

describe("a listing's line read whole with its other base", () => {
  it('measures the name after the number, its bracketed other base and "for" between', () => {
    const line = '137 (0x89) for Minimum-Widget-Rate-Low-Power';
    expect(measuredThing(line, 0, line.length)).toBe('Minimum-Widget-Rate-Low-Power');
    const upper = '254 (0xFE) for Gadget-Session';
    expect(measuredThing(upper, 0, upper.length)).toBe('Gadget-Session');
  });

  it('gives the whole-line candidate its name', () => {
    const listing = 'The widget types are:\n131 (0x83) for Minimum-Widget-Rate\n137 (0x89) for Minimum-Widget-Rate-Low-Power';
    const ctx = answerContext(retrievalOf('Which widget type number identifies Minimum-Widget-Rate?', [listing]));
    const whole = sentenceSpanCandidates(ctx).filter((c) => /for Minimum/.test(c.text));
    expect(whole.length).toBeGreaterThan(0);
    for (const c of whole) expect(c.measures.measured).toBe(c.text.replace(/^.* for /, ''));
  });
});

describe('the subject a value bounds', () => {
  const at = (sentence: string, value: string) => measuredThing(sentence, sentence.indexOf(value), sentence.indexOf(value) + value.length);
  it('reads the subject of a copula with a limit, or of a verb that bounds it', () => {
    expect(at('The gadget label does not exceed 9 characters in length.', '9 characters')).toBe('gadget label');
    expect(at('The widget secret SHOULD be at least 16 octets long.', '16 octets')).toBe('widget secret');
    expect(at('The widget name MUST NOT exceed 32 octets.', '32 octets')).toBe('widget name');
    expect(at('The frame count is no more than 4.', '4')).toBe('frame count');
  });
});
