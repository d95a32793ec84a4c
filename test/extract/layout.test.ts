// What the layout says is no sentence: a section heading names a section and asserts nothing. The
// document's structure (document/structure.ts) says where the headings are.
import { describe, expect, it } from 'vitest';
import { afterHeading, classicExtract } from '../../electron/core/extract/classic';
import { analyzeStructure } from '../../electron/core/document/structure';
import { rfcText, surfaceOf } from './fixtures';

describe('layout read by the classic extractor', () => {
  it('reads no relation from a section heading (RFC 1157 §3.2.6)', () => {
    const text = rfcText('rfc1157.txt');
    const at = text.indexOf('3.2.6.  Form and Meaning of References to Managed Objects');
    expect(at).toBeGreaterThan(0);
    const end = text.indexOf('\n\n', text.indexOf('protocol address:', at));
    const r = classicExtract(text, { start: at, end }, { structure: analyzeStructure(text) });
    // "Form and Meaning of References to Managed Objects" read as "Form | managed | Objects" before
    expect(r.triples.filter((t) => !t.meta?.pattern && t.evidence!.start < text.indexOf('\n', at))).toEqual([]);
  });

  it('cuts a heading off the sentence it opens, and leaves a sentence after it whole', () => {
    const sections = [{ start: 100, headingEnd: 140 }];
    expect(afterHeading({ start: 100, end: 140 }, sections)).toBeNull();
    expect(afterHeading({ start: 100, end: 200 }, sections)).toEqual({ start: 140, end: 200 });
    expect(afterHeading({ start: 150, end: 200 }, sections)).toEqual({ start: 150, end: 200 });
    expect(afterHeading({ start: 10, end: 90 }, sections)).toEqual({ start: 10, end: 90 });
  });
});

describe('document parts as relation ends', () => {
  const read = (file: string, needle: string) => {
    const text = rfcText(file);
    const at = text.search(new RegExp(needle.split(' ').join('\\s+')));
    expect(at).toBeGreaterThan(0);
    const start = text.lastIndexOf('\n\n', at) + 2;
    const r = classicExtract(text, { start, end: text.indexOf('\n\n', at) }, { structure: analyzeStructure(text) });
    return r.triples.filter((t) => !t.meta?.pattern).map((t) => `${t.head.text} | ${surfaceOf(t)} | ${t.tail.text}`.replace(/\s+/g, ' '));
  };

  it('names "Section N" by the clause of the document, or of the one cited beside it', () => {
    expect(read('rfc3580.txt', 'Details of the EAPOL-Key descriptor are provided in Section 4')).toContain(
      'Details of the EAPOL-Key descriptor | provided in | RFC 3580 §4',
    );
    expect(read('rfc3580.txt', 'The Reply-Message attribute, defined in section 5.18')).toContain('Reply-Message attribute | defined in | RFC 2865 §5.18');
    expect(read('rfc5247.txt', 'Diameter EAP \\[RFC4072\\] Section 4.1.4 defines')).toContain('RFC 4072 §4.1.4 | defines | EAP-Key-Name AVP');
    expect(read('rfc5247.txt', 'which in Section 4.1.3 defines')).toContain('RFC 4072 §4.1.3 | defines | EAP-Master-Session-Key Attribute-Value Pair');
    // the bare numbers of a list of sections
    const list = read('rfc5247.txt', 'Key lifetime issues are discussed in Sections 3.3, 3.4, and 3.5');
    for (const n of ['3.3', '3.4', '3.5']) expect(list).toContain(`Key lifetime issues | discussed in | RFC 5247 §${n}`);
  });

  it('makes no triple whose end is a figure', () => {
    expect(read('rfc1157.txt', 'Figure 1 illustrates the relationship').filter((x) => x.includes('Figure'))).toEqual([]);
  });

  it('reads an SMI object description as prose and a legend as no sentence', () => {
    const text =
      'radiusAccServTotalInvalidRequests OBJECT-TYPE SYNTAX Counter32 MAX-ACCESS read-only STATUS current DESCRIPTION "The server discards packets from unknown clients."';
    const flat = classicExtract(text, { start: 0, end: text.length }).triples.map((t) => `${t.head.text} | ${surfaceOf(t)} | ${t.tail.text}`);
    expect(flat).toContain('server | discards | packets from unknown clients');
    expect(flat.filter((x) => /SYNTAX|STATUS|MAX-ACCESS/.test(x))).toEqual([]);
    const legend = 'X = May be used with IEEE 802.1X authentication L3 = Implemented only by Authenticators with Layer 3 capabilities';
    expect(classicExtract(legend, { start: 0, end: legend.length }).triples).toEqual([]);
  });
});
