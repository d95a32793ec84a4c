// Answer typing from question syntax and typed spans of real RFC sentences from the kit.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { answerTypeOf, typedSpans } from '../../electron/core/chat/extractive';
import { splitSentences } from '../../electron/core/retrieve/sentences';

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

  it('the action a requirement asks (after MUST / SHOULD)', () => {
    const spans = typedSpans(sentenceWith('rfc6613.txt', 'MUST NOT be used without TLS'), 'action').map((x) => x.text);
    expect(spans[0]).toContain('be used without TLS, IPsec, or another secure upper layer');
  });

  it('names: hyphenated terms and acronyms, not RFC 2119 keywords', () => {
    const spans = typedSpans(sentenceWith('rfc6613.txt', 'The Status-Server packet [RFC5997] MUST be used'), 'name').map((x) => x.text);
    expect(spans).toContain('Status-Server');
    expect(spans).not.toContain('MUST');
  });
});
