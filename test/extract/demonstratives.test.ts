// Demonstrative ends ("this value", "this memo", "these attributes", "the following table"): the classic
// extractor names them by what they point at -- the document, its clause, the named subject of the
// section, an antecedent, what the authors just presented -- or makes no triple. Real kit sentences
// (with the RFC's own structure) and sentences written for the purpose.
import { describe, expect, it } from 'vitest';
import { classicExtract } from '../../electron/core/extract/classic';
import { DocumentResolver } from '../../electron/core/extract/resolve';
import { analyzeStructure } from '../../electron/core/document/structure';
import { rfcText, surfaceOf } from './fixtures';

/** Sentence triples of text[start, end) as "head | relation | tail" labels, with the document's structure. */
function read(text: string, start = 0, end = text.length, structured = false): string[] {
  const resolver = new DocumentResolver(text);
  const r = classicExtract(text, { start, end }, { acronyms: resolver.acronyms, structure: structured ? analyzeStructure(text) : null });
  return r.triples
    .filter((t) => !t.meta?.pattern)
    .map((t) => [resolver.canonical(t.head.text, 'entity')?.label, surfaceOf(t), resolver.canonical(t.tail.text, 'entity')?.label].join(' | '));
}

/** The paragraph of an RFC holding `needle`, read with the RFC's structure. */
function readRfc(file: string, needle: string): string[] {
  const text = rfcText(file);
  const at = text.search(new RegExp(needle.split(' ').join('\\s+')));
  expect(at).toBeGreaterThan(0);
  const start = text.lastIndexOf('\n\n', at) + 2;
  const next = text.indexOf('\n\n', at);
  return read(text, start, next < 0 ? text.length : next, true);
}

describe('demonstrative ends', () => {
  it('names "this value" by the section it stands in (RFC 2867 §3.1 Tunnel-Start, under "New Acct-Status-Type Values")', () => {
    const flat = readRfc('rfc2867.txt', 'This value MAY be used to mark the establishment of a tunnel');
    expect(flat).toContain('Tunnel-Start | may be used to mark | establishment of a tunnel');
    expect(flat.filter((x) => x.startsWith('value |'))).toEqual([]);
  });

  it('reads "This attribute indicates" as a determiner and its noun, named by the section (RFC 3580 §3.9 Filter-ID)', () => {
    // the tagger reads "This/PRON attribute/VERB indicates/VERB"; the siblings' headings are what the
    // document calls attributes ("the Session-Timeout attribute"), so §3.9's heading is the attribute
    expect(readRfc('rfc3580.txt', 'This attribute indicates the name of the filter list')).toContain('Filter-ID | indicates | name of the filter list');
  });

  it('names "this memo" / "this document" by the document\'s designation', () => {
    expect(readRfc('rfc1157.txt', 'allocated for use by the protocol described in this memo')).toContain('protocol | described in | RFC 1157');
    // a subject: the document, not the authors' voice
    expect(readRfc('rfc3580.txt', 'This document provides suggestions on RADIUS usage by')).toContain('RFC 3580 | provides | suggestions on RADIUS usage');
  });

  it('makes no triple from "this memo" in a text that names no document', () => {
    expect(read('The protocol described in this memo uses UDP port 161.')).toEqual(['protocol | uses | UDP port 161']);
  });

  it('names "this field" by the nearest earlier noun phrase with the same head and more to say', () => {
    const text = 'The String field carries the tunnel identifier. The L2TP Call ID might be encoded in this field.';
    const flat = read(text);
    expect(flat).toContain('L2TP Call ID | might be encoded in | String field');
    expect(flat.filter((x) => x.endsWith('| field'))).toEqual([]);
  });

  it("keeps the demonstrative's span for a resolved end: the sentence mentions it there", () => {
    const text = 'The String field carries the tunnel identifier. The L2TP Call ID might be encoded in this field.';
    const t = classicExtract(text, { start: 0, end: text.length }).triples.find(
      (x) => x.tail.text === 'String field' && surfaceOf(x) === 'might be encoded in',
    );
    expect(t).toBeDefined();
    expect(text.slice(t!.tail.span!.start, t!.tail.span!.end)).toBe('field');
    expect(t!.tail.span!.start).toBeGreaterThanOrEqual(t!.evidence!.start);
  });

  it('needs number agreement: "these attributes" is no one attribute named before', () => {
    const flat = read('The server sends the Framed-Route attribute. These attributes are relevant for routers.');
    expect(flat.filter((x) => x.includes('relevant'))).toEqual([]);
  });

  it('makes no triple from a demonstrative that points at nothing found', () => {
    expect(read('This restriction applies to all aspects of ASN.1 encoding.')).toEqual([]);
    expect(read('Such editing may include addition, deletion, or modification of attributes.')).toEqual([]);
    // (the kit's sentence: "guide | may be found in | ..." is another matter, a relative pronoun's antecedent)
    expect(
      read('The following table provides a guide to which attributes may be found in Accounting-Request packets.').filter((x) => x.startsWith('table |')),
    ).toEqual([]);
  });

  it('reads "this method" after the authors present one as what they presented', () => {
    const flat = read('We propose a novel approach to statistical machine translation. This method requires a dependency parser.');
    expect(flat).toContain('novel approach | requires | dependency parser');
    expect(flat.filter((x) => x.startsWith('method |'))).toEqual([]);
  });

  it('leaves a demonstrative an "of" complement pins down, and one before a name', () => {
    expect(read('This lack of feedback can result in congestive collapse of the network.')).toContain(
      'lack of feedback | can result in | congestive collapse of the network',
    );
  });
});
