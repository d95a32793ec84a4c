// Answer typing from question syntax and typed spans of real RFC sentences from the kit.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { answerTypeOf, typedSpans } from '../../electron/core/chat/extractive';
import { abbreviations, questionTerms, splitSentences } from '../../electron/core/retrieve/sentences';
import { tokenize } from '../../electron/core/retrieve/text';

const RFC_DIR = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'data', 'rfc-radius-eap');
const rfc = (name: string) => fs.readFileSync(path.join(RFC_DIR, name), 'utf8');
/** The sentence (whitespace-normalised, as retrieval reads repaired text) of an RFC holding `needle`. */
function sentenceWith(name: string, needle: string): string {
  const text = rfc(name).replace(/[ \t]*\n[ \t]*(?=\S)/g, (m) => (/\n\s*\n/.test(m) ? m : ' '));
  const s = splitSentences(text).find((x) => x.text.includes(needle));
  if (!s) throw new Error(`no sentence with ${needle} in ${name}`);
  return s.text.replace(/\s+/g, ' ');
}

describe('answer type from question syntax', () => {
  it.each([
    ['Which UDP port do SNMP agents listen on?', 'port'],
    ['How many octets long is the Authenticator field?', 'number'],
    ['What value does the Service-Type attribute take for framed users?', 'value'],
    ['Which attribute type number is assigned to User-Name?', 'code'],
    ['When was the accounting extension published?', 'date'],
    ['Who maintains the registry of RADIUS attribute types?', 'name'],
    ['What is a network access server?', 'definition'],
    ['What does the Class attribute carry?', 'definition'],
    ['How is the session key derived?', 'definition'],
    ['What must a proxy do with an unknown attribute?', 'action'],
    ['What should the Tag field be set to?', 'value'],
    ['Is the shared secret sent in clear text?', 'yesno'],
    ['Which entities may hold the master key?', 'list'],
    ['When the server rejects a request, which packet does it send?', 'name'],
  ])('%s -> %s', (q, type) => {
    expect(answerTypeOf(q).type).toBe(type);
  });

  it('reads the head noun and the term a definition asks about', () => {
    expect(answerTypeOf('Which TCP port is used by default?')).toMatchObject({ type: 'port', head: 'port' });
    expect(answerTypeOf('In 802.1X, what is the Authenticator?').subject).toBe('the Authenticator');
    expect(answerTypeOf('How does the specification define a RADIUS proxy?').subject).toBe('a RADIUS proxy');
  });

  it('tells the words that only frame the question from its content', () => {
    expect(answerTypeOf('What is meant by a roaming proxy?')).toMatchObject({ type: 'definition', subject: 'a roaming proxy', frame: ['meant'] });
    expect(answerTypeOf('What does the Framed-MTU attribute indicate for 802.1X?')).toMatchObject({ type: 'definition', frame: ['indicate'] });
    expect(answerTypeOf('What does the Framed-MTU attribute indicate for 802.1X?').subject).toMatch(/Framed.MTU attribute$/);
    expect(answerTypeOf('What does the Class attribute carry?').frame).toEqual(['carry']);
  });

  it('finds the head noun past tagger slips (comparatives, adjective-tagged heads, verbs that look like nouns)', () => {
    expect(answerTypeOf('Which earlier RFC did the MIB document obsolete?').head).toBe('rfc');
    expect(answerTypeOf('Which 802.1X state machine constant does it load?').head).toBe('constant');
    expect(answerTypeOf('Which numeric Service-Type value causes an Access-Reject?')).toMatchObject({ head: 'value', type: 'value' });
  });
});

describe('question words against the text', () => {
  it('a version glued to a name is looked for by the name ("SNMPv1" -> "snmp")', () => {
    const df = (words: string[]) => new Map(words.map((w) => [w, w === 'snmp' ? 10 : w === 'community' ? 5 : 0]));
    expect(
      questionTerms('In SNMPv1, what is a community?', df, 100)
        .map((t) => t.word)
        .sort(),
    ).toEqual(['community', 'snmp']);
  });

  it('abbreviations in the text stand for question words ("radius-acct", "dynauth", "Counter32")', () => {
    const terms = questionTerms(
      'Which port carries dynamic authorization and accounting counters?',
      () =>
        new Map([
          ['port', 5],
          ['dynamic', 3],
          ['authorization', 4],
          ['accounting', 9],
          ['counters', 2],
        ]),
      50,
    );
    const stemsOf = (line: string) => abbreviations(tokenize(line), terms);
    const acct = terms.find((t) => t.word === 'accounting')!.stem;
    expect(stemsOf('* radius-acct 1813/tcp')).toContain(acct);
    expect(stemsOf('* radius-dynauth 3799/tcp')).toEqual(
      expect.arrayContaining(terms.filter((t) => t.word === 'dynamic' || t.word === 'authorization').map((t) => t.stem)),
    );
    expect(stemsOf('SYNTAX Counter32')).toContain(terms.find((t) => t.word === 'counters')!.stem);
    expect(stemsOf('the quick brown fox')).toEqual([]);
  });

  it('a section number opens its heading instead of ending a sentence', () => {
    const body = rfc('rfc6613.txt');
    const at = body.indexOf('\n2.2.  Assigned Ports');
    expect(at).toBeGreaterThan(0);
    expect(splitSentences(body.slice(at, at + 300))[0].text).toBe('2.2.  Assigned Ports for RADIUS/TCP');
  });
});

describe('typed spans of real RFC sentences', () => {
  it('ports with their transport', () => {
    const s = sentenceWith('rfc6613.txt', '1812/tcp');
    expect(typedSpans(s, 'port').map((x) => x.text)).toContain('1812/tcp');
  });

  it('a named constant with its number, a bare code, a reserved value', () => {
    expect(typedSpans(sentenceWith('rfc3580.txt', 'Tunnel-Type=VLAN (13)'), 'value').map((x) => x.text)).toContain('VLAN (13)');
    expect(typedSpans(sentenceWith('rfc6613.txt', 'reserve ID zero (0)'), 'code').map((x) => x.text)).toContain('zero (0)');
    expect(typedSpans(sentenceWith('rfc1157.txt', 'UDP port 161'), 'port').map((x) => x.text)).toContain('161');
  });

  it('a value with its unit and a range of octets', () => {
    expect(typedSpans(sentenceWith('rfc1157.txt', '484 octets'), 'value').map((x) => x.text)).toContain('484 octets');
    expect(typedSpans(sentenceWith('rfc5247.txt', 'Octets 0-31 of the MSK'), 'code').map((x) => x.text)).toContain('Octets 0-31');
  });

  it('a code is no size: "is 4 octets", "32-bit" and the bound of ">= 3" give no code; "68 for X" does', () => {
    const codes = (name: string, needle: string) => typedSpans(sentenceWith(name, needle), 'code').map((x) => x.text);
    expect(codes('rfc2867.txt', 'The Lost field is 4 octets')).not.toContain('4');
    expect(codes('rfc2867.txt', 'is a 32-bit field')).not.toContain('32');
    const field = 'Type\n\n         68 for Acct-Tunnel-Connection\n\n      Length\n\n         >= 3';
    const spans = typedSpans(field, 'code');
    expect(spans.find((x) => x.text === '68')?.fit).toBe(0.9);
    expect(spans.find((x) => x.text === '3')?.fit ?? 0).toBeLessThan(0.9);
    // as a value, a size keeps its number
    expect(typedSpans(sentenceWith('rfc2867.txt', 'The Lost field is 4 octets'), 'value').map((x) => x.text)).toContain('4 octets');
  });

  it('the action a requirement asks (after MUST / SHOULD)', () => {
    const spans = typedSpans(sentenceWith('rfc6613.txt', 'MUST NOT be used without TLS'), 'action').map((x) => x.text);
    expect(spans[0]).toContain('be used without TLS, IPsec, or another secure upper layer');
  });

  it('a definition read before "is called <term>"', () => {
    const spans = typedSpans(sentenceWith('rfc1157.txt', 'is called an SNMP community profile'), 'definition');
    expect(spans.find((x) => x.named)).toMatchObject({ text: 'A pairing of a SNMP access mode with a SNMP MIB view', named: 'an SNMP community profile' });
  });

  it('names: hyphenated terms and acronyms, not RFC 2119 keywords, never across a column gap', () => {
    expect(typedSpans('Category: Informational                                    J. Vollbrecht', 'name').map((x) => x.text)).toContain('Informational');
    expect(typedSpans('Category: Informational                                    J. Vollbrecht', 'name').map((x) => x.text)).not.toContain('Informational J');
    const spans = typedSpans(sentenceWith('rfc6613.txt', 'The Status-Server packet [RFC5997] MUST be used'), 'name').map((x) => x.text);
    expect(spans).toContain('Status-Server');
    expect(spans).not.toContain('MUST');
  });
});
