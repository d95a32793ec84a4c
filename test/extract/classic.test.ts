import { describe, expect, it } from 'vitest';
import { classicExtract, findQuantities, findStandards } from '../../electron/core/extract/classic';
import { findAcronymDefinitions } from '../../electron/core/extract/acronyms';
import { findMention, locateEvidence, splitSentences } from '../../electron/core/extract/sentences';
import { rfcPassage, rfcText } from './fixtures';

const fold = (s: string) => s.replace(/\s+/g, ' ').toLowerCase();

describe('classic extractor', () => {
  it('yields triples from a real RFC paragraph whose subject and object occur in the evidence sentence', () => {
    const text = rfcText('rfc3580.txt');
    const intro = rfcPassage('rfc3580.txt', '1.  Introduction\n\n   IEEE 802.1X enables', '1.1.  Terminology');
    const start = text.indexOf(intro);
    const r = classicExtract(text, { start, end: start + intro.length }, { acronyms: findAcronymDefinitions(text) });
    expect(r.triples.length).toBeGreaterThanOrEqual(5);
    // the sentence extractor's triples (pattern triples may name the document itself: RFC 3580 cites ...)
    for (const t of r.triples.filter((x) => !x.meta?.pattern)) {
      const ev = t.evidence!;
      expect(ev.start).toBeGreaterThanOrEqual(start);
      expect(ev.end).toBeLessThanOrEqual(start + intro.length);
      const sentence = text.slice(ev.start, ev.end);
      expect(fold(sentence)).toContain(fold(t.head.text));
      expect(fold(sentence)).toContain(fold(t.tail.text));
      // the mention spans are exact and inside the sentence
      expect(text.slice(t.head.span!.start, t.head.span!.end)).toBe(t.head.text);
      expect(text.slice(t.tail.span!.start, t.tail.span!.end)).toBe(t.tail.text);
      expect(t.head.span!.start).toBeGreaterThanOrEqual(ev.start);
      expect(t.tail.span!.end).toBeLessThanOrEqual(ev.end);
    }
    const flat = r.triples.map((t) => `${fold(t.head.text)} | ${t.relation} | ${fold(t.tail.text)}`);
    expect(flat).toContain('ieee 802.1x | enables | authenticated access');
    expect(flat).toContain('ieee 802.1x | does not require | use');
  });

  it('reads subject–verb–object, verb + preposition and noun-phrase relations', () => {
    const text = 'The NAS sends an Access-Request to the RADIUS server. The attribute is defined in RFC 2865. EAP methods such as EAP-TLS and EAP-TTLS derive keys.';
    const r = classicExtract(text, { start: 0, end: text.length });
    const flat = r.triples.map((t) => `${t.head.text} | ${t.relation} | ${t.tail.text}`);
    expect(flat).toContain('NAS | sends | Access-Request');
    expect(flat).toContain('NAS | sends Access-Request to | RADIUS server');
    expect(flat).toContain('attribute | is defined in | RFC 2865');
    expect(flat).toContain('EAP-TLS | is a | EAP methods');
    expect(flat).toContain('EAP-TTLS | is a | EAP methods');
  });

  it('finds typed mentions: standard identifiers, numbers with units and acronym definitions', () => {
    const text =
      'Substations follow IEC 61850-7-4 and IEC 61850; access control follows ISO/IEC 27001:2013, IEEE 802.1X and RFC 2865 (see also RFC2866). ' +
      'The link runs at 10 Mbps with a timeout of 30 seconds, packets of 4096 octets and a 110 kV feeder. ' +
      'Remote Authentication Dial In User Service (RADIUS) carries authentication, authorization and accounting (AAA) data.';
    expect(findStandards(text).map((m) => m.label)).toEqual(['IEC 61850-7-4', 'IEC 61850', 'ISO/IEC 27001:2013', 'IEEE 802.1X', 'RFC 2865', 'RFC 2866']);
    expect(findQuantities(text).map((m) => m.label)).toEqual(['10 Mbps', '30 seconds', '4096 octets', '110 kV']);
    for (const m of [...findStandards(text), ...findQuantities(text)]) expect(text.slice(m.start, m.end)).toBe(m.text);
    const acr = findAcronymDefinitions(text);
    expect(acr.map((a) => [a.short, a.long])).toEqual([
      ['RADIUS', 'Remote Authentication Dial In User Service'],
      ['AAA', 'authentication, authorization and accounting'],
    ]);
    expect(text.slice(acr[0].longSpan.start, acr[0].longSpan.end)).toBe('Remote Authentication Dial In User Service');
    const r = classicExtract(text, { start: 0, end: text.length }, { acronyms: acr });
    expect(r.mentions.map((m) => `${m.type}:${m.text}`)).toEqual(
      expect.arrayContaining(['standard:IEC 61850-7-4', 'standard:RFC 2866', 'quantity:110 kV', 'term:RADIUS', 'term:AAA']),
    );
  });

  it('reads relations from English sentences only, typed mentions from every language', () => {
    const text = '본 논문은 IEC 61850 기반의 knowledge graph 구축 프레임워크를 제시한다. The race was revived by the Verizon IndyCar Series in 2016.';
    const r = classicExtract(text, { start: 0, end: text.length });
    expect(r.triples.map((t) => `${t.head.text} | ${t.relation} | ${t.tail.text}`)).toEqual(['race | was revived by | Verizon IndyCar Series']);
    expect(r.mentions.map((m) => m.text)).toEqual(['IEC 61850']);
  });

  it('reads the RFC dev set quickly', () => {
    const text = rfcText('rfc5247.txt');
    const t0 = performance.now();
    let sentences = 0;
    for (let i = 0; i < text.length; i += 2000) sentences += classicExtract(text, { start: i, end: Math.min(text.length, i + 2000) }).sentences;
    const perSecond = sentences / ((performance.now() - t0) / 1000);
    expect(sentences).toBeGreaterThan(1000);
    expect(perSecond).toBeGreaterThan(100); // thousands per second on an idle core; the bench reports the real figure
  });
});

describe('sentences and evidence', () => {
  it('splits English and Korean sentences, keeping abbreviations and version numbers whole', () => {
    const text = 'See e.g. RFC 2865 and IEEE 802.1X. The server answers.\n\nA heading\n\n본 논문은 AutoSchemaKG를 제시한다. 이 시스템은 schema를 만든다.';
    const s = splitSentences(text).map((x) => text.slice(x.start, x.end));
    expect(s).toEqual(['See e.g. RFC 2865 and IEEE 802.1X.', 'The server answers.', 'A heading', '본 논문은 AutoSchemaKG를 제시한다.', '이 시스템은 schema를 만든다.']);
  });

  it('locates the sentence holding both mentions, else falls back to the chunk span; the quote is always the text there', () => {
    const text = 'Intro text. The NAS sends an\n   Access-Request to the server. The server replies.';
    const chunk = { start: 12, end: text.length };
    const e = locateEvidence(text, chunk, ['the nas', 'Access-Request']);
    expect(e.basis).toBe('sentence');
    expect(e.quote).toBe('The NAS sends an\n   Access-Request to the server.');
    expect(text.slice(e.start, e.end)).toBe(e.quote);
    expect(text.slice(e.mentions[0]!.start, e.mentions[0]!.end)).toBe('The NAS');
    const f = locateEvidence(text, chunk, ['NAS', 'something else']);
    expect(f.basis).toBe('chunk');
    expect(f.quote).toBe(text.slice(12));
    expect(findMention(text, 'access-requests')).toEqual({ start: text.indexOf('Access-Request'), end: text.indexOf('Access-Request') + 14 });
  });
});
