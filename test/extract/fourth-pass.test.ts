// The fourth pass on the classic sentence extractor (docs/extraction.md, "Fourth pass"): what an editor
// of standards read wrong in a sample of its triples on the dev RFCs, fixed by general grammar. Each test
// is a small sentence written for the purpose (or an RFC's sentence, cut short) and fails without its rule.
import { describe, expect, it } from 'vitest';
import { classicExtract } from '../../electron/core/extract/classic';
import { DocumentResolver, singularPhrase } from '../../electron/core/extract/resolve';

/** Sentence triples of a text as "head | relation | tail" labels, as they land in the graph. */
function read(text: string): string[] {
  const resolver = new DocumentResolver(text);
  const r = classicExtract(text, { start: 0, end: text.length }, { acronyms: resolver.acronyms });
  return r.triples
    .filter((t) => !t.meta?.pattern)
    .map((t) => [resolver.canonical(t.head.text, 'entity')?.label, t.relation, resolver.canonical(t.tail.text, 'entity')?.label].join(' | '));
}

describe('light nouns with a compound or a measure', () => {
  it('keeps a light noun a noun modifies: "the port number of the bridge" is no "bridge"', () => {
    // the tagger reads "port" as an adjective; WordNet has it more as a noun
    const flat = read('The NAS-Port will contain the port number of the bridge.');
    expect(flat).toContain('NAS-Port | will contain | port number of the bridge');
    expect(flat).not.toContain('NAS-Port | will contain | bridge');
  });

  it('keeps "the number of seconds": a count of a unit of measure is a quantity', () => {
    expect(read('The attribute indicates the number of seconds of service.')).toContain('attribute | indicates | number of seconds of service');
    // a count of things is still read through to the things
    expect(read('The server limits the number of clients.')).toContain('server | limits | client');
    // an adjective before the light noun changes nothing
    expect(read('The servers support a large number of clients.')).toContain('server | support | client');
  });
});

describe('labels: the head of "X of Y" is X', () => {
  it('singularises the word before "of", not the complement', () => {
    expect(singularPhrase('number of seconds')).toBe('number of seconds');
    expect(singularPhrase('retransmissions of RADIUS packets')).toBe('retransmission of RADIUS packets');
    expect(singularPhrase('access points')).toBe('access point');
  });
});
