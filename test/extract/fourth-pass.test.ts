// The fourth pass on the classic sentence extractor (docs/extraction.md, "Fourth pass"): what an editor
// of standards read wrong in a sample of its triples on the dev RFCs, fixed by general grammar. Each test
// is a small sentence written for the purpose (or an RFC's sentence, cut short) and fails without its rule.
import { describe, expect, it } from 'vitest';
import { singularPhrase } from '../../electron/core/extract/resolve';

describe('labels: the head of "X of Y" is X', () => {
  it('singularises the word before "of", not the complement', () => {
    expect(singularPhrase('number of seconds')).toBe('number of seconds');
    expect(singularPhrase('retransmissions of RADIUS packets')).toBe('retransmission of RADIUS packets');
    expect(singularPhrase('access points')).toBe('access point');
  });
});
