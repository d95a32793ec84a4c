// Answer typing from question syntax and typed spans of real RFC sentences from the kit.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import {
  answerTypeOf,
  complementSpans,
  fieldRecords,
  isNoise,
  tableCells,
  titleScope,
  typedNounPhrases,
  typedSpans,
} from '../../electron/core/chat/extractive';
import { LEVEL } from '../../electron/core/chat/candidates/spans';
import { abbreviations, gluedTerm, isTermOnly, questionTerms, splitSentences, termInDocument, termLineIndex } from '../../electron/core/retrieve/sentences';
import { stem } from '../../electron/core/nlp/morphology';
import { expansions } from '../../electron/core/nlp/acronyms';
import { definedTerm, quotedTerm } from '../../electron/core/retrieve/retriever';
import { askedCells } from '../../electron/core/retrieve/tables';
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
    ['When is a client allowed to retransmit a request?', 'condition'],
    ['When must the peer delete its cached keys?', 'condition'],
    ['When did the working group publish the extension?', 'date'],
  ])('%s -> %s', (q, type) => {
    expect(answerTypeOf(q).type).toBe(type);
  });

  it('reads the head noun and the term a definition asks about', () => {
    // a prohibition asked with a passive; the one asked to act is the requirement's subject
    expect(answerTypeOf('What are lower layers prohibited from doing with the keys?')).toMatchObject({ type: 'action', subject: 'lower layers' });
    expect(answerTypeOf('What is a AAA server required to do with the keys?')).toMatchObject({ type: 'action', subject: 'a AAA server' });
    expect(answerTypeOf('What should an implementation do when the packet is too short?')).toMatchObject({ type: 'action', subject: 'an implementation' });
    // "what is <a noun phrase whose head asks for a value>": that value, not a definition
    expect(answerTypeOf('In the RFC that defines it, what is its Length value?')).toMatchObject({ type: 'value', head: 'value' });
    // the name a thing is given, not what it is
    expect(answerTypeOf('What does IEEE 802.1X call the entity that EAP refers to as the peer?')).toMatchObject({ type: 'name', frame: ['called'] });
    expect(answerTypeOf('What is the EAP peer called in IEEE 802.1X?')).toMatchObject({ type: 'name', frame: ['called'] });
    expect(answerTypeOf('What is the EAP peer called?')).toMatchObject({ type: 'name', frame: ['called'] });
    expect(answerTypeOf('What name is given to the pairing of an access mode with a MIB view?')).toMatchObject({ type: 'name', frame: ['called'] });
    expect(answerTypeOf('What term is used for a pairing of an SNMP agent with application entities?')).toMatchObject({ type: 'name', frame: ['called'] });
    expect(answerTypeOf('What name does RFC 1157 give to the pairing of an access mode with a MIB view?')).toMatchObject({ type: 'name', frame: ['called'] });
    // a noun naming information as such adds nothing to "what does X convey"; a value keeps its head
    expect(answerTypeOf('What information does the Acct-Tunnel-Packets-Lost attribute convey?')).toMatchObject({ type: 'definition', frame: ['convey'] });
    expect(answerTypeOf('What details does the Class attribute carry?')).toMatchObject({ type: 'definition', subject: 'the Class attribute' });
    expect(answerTypeOf('What value does the Framed-MTU attribute hold?')).toMatchObject({ type: 'value', head: 'value' });
    // "what must X be": a value said of X
    expect(answerTypeOf('For an EAP method without keys, what must the Peer-Id be?')).toMatchObject({ type: 'value', subject: 'the Peer Id' });
    // an acronym after the words it stands for is the same term; one that is not their initials stays
    expect(answerTypeOf('What is the Network Access Identifier (NAI) in RADIUS proxy chaining?').subject).toBe('the Network Access Identifier');
    expect(answerTypeOf('What is the Master Session Key (MSK)?').subject).toBe('the Master Session Key');
    expect(answerTypeOf('What is the proxy chaining RFC?').subject).toBe('the proxy chaining RFC');
    // "what <property> should X have": a value said of X
    expect(answerTypeOf('What uniqueness should the Acct-Session-Id have for 802.1X?')).toMatchObject({
      type: 'value',
      head: 'uniqueness',
      subject: 'the Acct Session Id',
    });
    expect(answerTypeOf('What port should a RADIUS/TLS client have open?').subject).toBeNull();
    // "called" that is no naming of the asked thing
    expect(answerTypeOf('What does the Called-Station-Id attribute carry?').type).toBe('definition');
    expect(answerTypeOf('What is the default port?')).toMatchObject({ type: 'port' });
    expect(answerTypeOf('What is the default gateway?').type).toBe('definition');
    // a question ends on its noun, not on a verb the tagger reads there; an acronym in capitals is no plural
    expect(answerTypeOf('The column holds the value of which RADIUS attribute?')).toMatchObject({ head: 'attribute', plural: false });
    // an embedded question after an imperative is asked as the direct question it stands for
    expect(answerTypeOf('Explain what the EAP server is in the EAP key management framework.')).toMatchObject({
      type: 'definition',
      subject: 'the EAP server',
    });
    expect(answerTypeOf('Describe what the Class attribute means.')).toMatchObject({ type: 'definition', subject: 'the Class attribute' });
    expect(answerTypeOf('Describe what the architecture calls a MIB view for a given network element.')).toMatchObject({
      type: 'definition',
      subject: 'a MIB view',
    });
    // "as used in / as defined by ...", like "in ...", says where the term is meant; the role is the term's
    expect(answerTypeOf('Define the Authenticator role as used in the IEEE 802.1X guidelines.')).toMatchObject({
      type: 'definition',
      subject: 'the Authenticator',
    });
    expect(answerTypeOf('What is a proxy as defined by RFC 2607?').subject).toBe('a proxy');
    expect(answerTypeOf('Which TCP port is used by default?')).toMatchObject({ type: 'port', head: 'port' });
    // what X is for, in other words: "what job does X perform", "what are X used for while ...", "define the X role"
    expect(answerTypeOf("What job does the 'lower layer' perform?")).toMatchObject({ type: 'definition', subject: 'the lower layer', frame: ['job'] });
    expect(answerTypeOf('What role does the NAS play in roaming?')).toMatchObject({ type: 'definition', subject: 'the NAS', frame: ['role'] });
    expect(answerTypeOf('What function does the Class attribute serve?')).toMatchObject({ type: 'definition', subject: 'the Class attribute' });
    expect(answerTypeOf('What are TEKs used for while an EAP method is running?')).toMatchObject({ type: 'definition', subject: 'TEKs' });
    expect(answerTypeOf('How do the guidelines define the Authenticator role?')).toMatchObject({ type: 'definition', subject: 'the Authenticator' });
    // the question word opening a clause asks; "how" after a verb opens an embedded clause
    expect(answerTypeOf('In the SNMPv1 framework, which RFC lays down how the managed objects are defined?')).toMatchObject({ type: 'name', head: 'rfc' });
    expect(answerTypeOf('In what unit does radiusAccServUpTime express how long the server has been up?')).toMatchObject({ wh: 'what' });
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

describe('answer types of less common question forms', () => {
  it.each([
    ["What does the 'scope' of a key refer to?", 'definition'],
    ['What counts as a Station (STA)?', 'definition'],
    ['How does the memo characterise compulsory tunneling?', 'definition'],
    ['Agents must emit the trap. What else must they be able to do with it?', 'action'],
    ['What is a AAA layer required to do with keys after it has sent them?', 'action'],
    ["How should the two rows' indexes relate?", 'action'],
    ['What Framed-MTU should an authenticator report for 802.11 media?', 'value'],
    ['Name an attribute that must never appear in an Accounting-Request.', 'name'],
    ['Looking at the attribute table, list the attributes that may appear twice.', 'list'],
    ['Define compulsory tunneling.', 'definition'],
    ["Explain the term 'cryptographic binding'.", 'definition'],
    ['What is the purpose of the Class attribute?', 'definition'],
    ['What is the Acct-Tunnel-Packets-Lost attribute used for?', 'definition'],
    // unchanged: a "how should X be <described>" is a description, "what is X" a definition
    ['How should the Session-Id be constructed?', 'definition'],
    ['What is a AAA layer?', 'definition'],
  ])('%s -> %s', (q, type) => {
    expect(answerTypeOf(q).type).toBe(type);
  });

  it('reads a verb-tagged noun right after the question word as the head ("which attribute holds")', () => {
    expect(answerTypeOf('Which attribute holds the MAC address?')).toMatchObject({ type: 'name', head: 'attribute' });
  });

  it('reads the term a "counts as" or "refer to" question asks about', () => {
    expect(answerTypeOf('What counts as a Station (STA)?').subject).toMatch(/^a Station\b/);
    expect(answerTypeOf("What does the 'scope' of a key refer to?")).toMatchObject({ type: 'definition', frame: ['refer'] });
    expect(answerTypeOf('What is the purpose of the Class attribute?')).toMatchObject({ subject: 'the Class attribute', frame: ['purpose'] });
    expect(answerTypeOf('Define compulsory tunneling.')).toMatchObject({ subject: 'compulsory tunneling', frame: ['define'] });
  });

  it('reads a name a definition gives, a count in words and an RFC cited with a hyphen', () => {
    const called = typedSpans(sentenceWith('rfc1157.txt', 'is called a SNMP access policy'), 'name').map((x) => x.text);
    expect(called).toContain('SNMP access policy');
    expect(typedSpans('This MIB module contains thirteen scalars as well as a single table.', 'number').map((x) => x.text)).toContain('thirteen');
    expect(typedSpans('This implies implementation of the Internet MIB (RFC-1156).', 'name').map((x) => x.text)).toContain('RFC-1156');
  });
});

describe('plain-text tables', () => {
  it('reads cells by the columns of the rule under the header (RFC 3580, Framed-MTU by media)', () => {
    const cells = tableCells(rfc('rfc3580.txt'));
    const of = (row: string) => cells.filter((c) => c.row === row).map((c) => `${c.column}=${c.value}`);
    expect(of('802.11')).toEqual(['Framed-MTU=2304', 'Maximum Frame Length=2346']);
    // a row key with words and brackets stays whole
    expect(of('802.5 (16 Mbps)')).toEqual(['Framed-MTU=18173', 'Maximum Frame Length=18200']);
    expect(cells.find((c) => c.row === 'portFailure(2)')?.value).toBe('Lost Carrier (2)');
    // what a citation quotes: the header line and the row as written
    expect(cells.find((c) => c.row === '802.11')?.quote).toBe('Media Framed-MTU Length … 802.11 2304 2346');
  });

  it('reads box tables (+---+ borders, | rows, wrapped cells) and no packet diagram (+-+-+ bit rulers)', () => {
    const text = [
      '   +-------+-------------------+-----------+',
      '   | Value | Description       | Reference |',
      '   +-------+-------------------+-----------+',
      '   | 0     | Reserved          | RFC 9999  |',
      '   | 1     | Hello message     | RFC 9999  |',
      '   | 2     | Goodbye message   | RFC 9999  |',
      '   |       | (deprecated)      |           |',
      '   +-------+-------------------+-----------+',
      '',
      '   +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+',
      '   |     Type      |    Length     |',
      '   +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+',
    ].join('\n');
    const cells = tableCells(text);
    expect(cells.filter((c) => c.column === 'Description').map((c) => `${c.row}=${c.value}`)).toEqual([
      '0=Reserved',
      '1=Hello message',
      '2=Goodbye message (deprecated)',
    ]);
    expect(cells.every((c) => c.key === 'Value')).toBe(true);
    expect(cells.find((c) => c.row === '1')?.quote).toBe('| Value | Description | Reference | … | 1 | Hello message | RFC 9999 |');
    // a cell asked by its row and column, or a row's key asked by another of its cells
    expect(askedCells('What is the description of value 2?', text).map((x) => x.cell.value)).toEqual(['Goodbye message (deprecated)']);
    expect(askedCells('Which value is registered for the Hello message?', text).map((x) => x.cell.value)).toEqual(['1']);
  });

  it('reads no table out of a drawing of boxes and arrows (RFC 5247)', () => {
    expect(tableCells(rfc('rfc5247.txt'))).toEqual([]);
  });
});

describe('spans that answer nothing', () => {
  it('a field label opening its line is no answer; a name opening a sentence is', () => {
    expect(isNoise('UNITS', 0, 'UNITS "packets"')).toBe(true);
    expect(isNoise('SYNTAX', 0, 'SYNTAX Counter32')).toBe(true);
    expect(isNoise('RADIUS', 0, 'RADIUS packets are sent over UDP.')).toBe(false);
    expect(isNoise('NAS', 0, 'NAS: Network Access Server')).toBe(true);
  });
});

describe('a term the question quotes', () => {
  it('is read between single or double quotes, not across possessive apostrophes', () => {
    expect(quotedTerm("RFC 6613 uses the phrase 'RADIUS request packet'. Who originates it?")).toBe('RADIUS request packet');
    expect(quotedTerm('What does "key wrap" mean?')).toBe('key wrap');
    expect(quotedTerm("How should the two rows' indexes relate to the columns' names?")).toBeNull();
  });

  it('so is a term whose definition the question mentions without asking it', () => {
    expect(definedTerm('Which RFC does the RADIUS over TCP specification cite as the definition of RADIUS/TLS?')).toBe('RADIUS/TLS');
    expect(definedTerm('Which RFC gives the meaning of the term key wrap?')).toBe('key wrap');
    expect(definedTerm('Which RFC defines RADIUS/TLS?')).toBeNull();
    // or names by a naming phrase
    expect(definedTerm('What does IEEE 802.1X call the entity that EAP refers to as the peer?')).toBe('peer');
  });
});

describe('noun phrases of the asked kind (WordNet hypernyms)', () => {
  it('reads lower-case noun phrases whose head is a kind of the asked noun', () => {
    const s = sentenceWith('rfc2867.txt', 'sent by the tunnel server');
    expect(typedNounPhrases(s, ['device']).map((x) => x.text)).toContain('tunnel server');
    // an attribute is no device
    expect(typedNounPhrases(s, ['device']).map((x) => x.text)).not.toContain('Accounting-Request');
  });

  it('a noun of the asked kind the tagger reads as a verb closes its phrase ("the destination transport address that")', () => {
    const s = sentenceWith('rfc1157.txt', 'identical to the destination transport address');
    expect(typedNounPhrases(s, ['address']).map((x) => x.text)).toContain('destination transport address');
    // a verb taking an object stays a verb
    expect(typedNounPhrases('The servers address the problem first.', ['address']).map((x) => x.text)).toEqual([]);
  });

  it('reads agents for "who": clients and servers, not packets', () => {
    const got = typedNounPhrases('A packet originated by a RADIUS client to a RADIUS server.', [
      'causal agent',
      'person',
      'organization',
      'device',
      'machine',
    ]).map((x) => x.text);
    expect(got).toEqual(['RADIUS client', 'RADIUS server']);
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

  it('an identifier the question names matches only itself, not words that spell a subsequence of it', () => {
    const terms = questionTerms('What does the radiusAccServTotalNoRecords counter measure?', () => new Map([['radiusaccservtotalnorecords', 3]]), 50, [
      'measure',
    ]);
    expect(terms.find((t) => t.word === 'radiusaccservtotalnorecords')?.name).toBe(true);
    expect(terms.find((t) => t.word === 'counter')?.name).toBeUndefined();
    // "radius" starts like the identifier and is a subsequence of it: before, this sentence matched the name
    const line = 'This document uses the word "malformed" with respect to RADIUS packets';
    expect(abbreviations(tokenize(line), terms)).toEqual([]);
  });

  it('a section number opens its heading instead of ending a sentence', () => {
    const body = rfc('rfc6613.txt');
    const at = body.indexOf('\n2.2.  Assigned Ports');
    expect(at).toBeGreaterThan(0);
    expect(splitSentences(body.slice(at, at + 300))[0].text).toBe('2.2.  Assigned Ports for RADIUS/TCP');
  });
});

describe('typed spans of real RFC sentences', () => {
  it('a condition: the clause a subordinating conjunction opens', () => {
    const s = sentenceWith('rfc6613.txt', 'have been marked DOWN');
    expect(typedSpans(s, 'condition').map((x) => x.text)).toContain('all TCP connections to it have been marked DOWN');
    expect(typedSpans('If the key has expired, the peer MUST delete it.', 'condition').map((x) => x.text)).toEqual(['the key has expired']);
    expect(typedSpans('The peer MUST delete the key.', 'condition')).toEqual([]);
  });

  it('a term as a document writes it: qualifiers its title says dropped, the head kept', () => {
    const stems = (t: string) => tokenize(t).map((x) => stem(x.text));
    expect(termInDocument(stems('EAP peer'), 'Extensible Authentication Protocol (EAP) Key Management Framework')).toEqual(stems('peer'));
    expect(termInDocument(stems('EAP'), 'EAP Key Management Framework')).toEqual(stems('EAP'));
    expect(termInDocument(stems('RADIUS proxy'), 'EAP Key Management Framework')).toEqual(stems('RADIUS proxy'));
  });

  it('a version as protocols write it', () => {
    const spans = (t: string) => typedSpans(t, 'value', 'version').map((x) => x.text);
    expect(spans('Instead, it is RECOMMENDED to deploy SNMPv3 and to enable cryptographic security.')).toContain('SNMPv3');
    expect(spans('Implementations MUST support TLS 1.2 and MAY support HTTP/1.1.')).toEqual(expect.arrayContaining(['TLS 1.2', 'HTTP/1.1']));
    expect(spans('This is version 2 of the protocol.')).toContain('version 2');
  });

  it('a number written twice ("four (4)") is a number, not a named constant like "VLAN (13)" or "zero (0)"', () => {
    const fit = (sentence: string, text: string) => typedSpans(sentence, 'value').find((x) => x.text === text)?.level;
    expect(fit('The header is followed by four (4) fields.', 'four (4)')).toBe('typed');
    // with its unit it is a size, read whole
    expect(fit('The server may send a packet as large as Framed-MTU minus four (4) octets.', 'four (4) octets')).toBe('specific');
    expect(fit('Tunnel-Type is set to VLAN (13).', 'VLAN (13)')).toBe('specific');
    expect(fit('Implementations SHOULD reserve ID zero (0) on each connection.', 'zero (0)')).toBe('specific');
  });

  it('complementSpans: what a sentence says its subject is or must be, the subject matched as written', () => {
    const s = 'In EAP methods that do not support key generation, the Peer-Id MUST be the null string.';
    expect(complementSpans(s, 'the Peer Id').map((x) => x.text)).toEqual(['the null string']);
    expect(complementSpans('The Lost field is 4 octets in length.', 'the Lost field').map((x) => x.text)).toEqual(['4 octets in length']);
    // another subject says nothing of the asked one
    expect(complementSpans(s, 'the Server Id')).toEqual([]);
  });

  it('a definition by naming ("X is called Y") defines Y, not X', () => {
    const spans = typedSpans('A pairing of a SNMP access mode with a SNMP MIB view is called an SNMP community profile.', 'definition');
    expect(spans.map((x) => x.text)).not.toContain('called an SNMP community profile');
    expect(spans.find((x) => x.named)).toMatchObject({ text: 'A pairing of a SNMP access mode with a SNMP MIB view', named: 'an SNMP community profile' });
  });

  it('ports with their transport', () => {
    const s = sentenceWith('rfc6613.txt', '1812/tcp');
    expect(typedSpans(s, 'port').map((x) => x.text)).toContain('1812/tcp');
  });

  it('a named constant of several words in an enumeration, cut at a column gap and an article', () => {
    const spans = typedSpans(sentenceWith('rfc3580.txt', 'Wireless - IEEE 802.11 (19)'), 'value').map((x) => x.text);
    expect(spans).toEqual(expect.arrayContaining(['Ethernet (15)', 'Wireless - IEEE 802.11 (19)', 'Token Ring (20)', 'FDDI (21)']));
    expect(typedSpans('NAS-Port-Type          Token-Ring (20), FDDI (21)', 'value').map((x) => x.text)).not.toContain('NAS-Port-Type          Token-Ring (20)');
    expect(typedSpans('It sends A Reauthentication Failure (20) cause.', 'value').map((x) => x.text)).toContain('Reauthentication Failure (20)');
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

  it('a value with its unit hyphenated to it, a percent sign glued to it, or its count in words', () => {
    expect(typedSpans(sentenceWith('rfc6613.txt', '4096-octet application-layer payload'), 'value').map((x) => x.text)).toContain('4096-octet');
    const percent = typedSpans(sentenceWith('rfc6613.txt', 'we expect that 0.3%'), 'value');
    expect(percent.find((x) => x.text === '0.3%')?.level).toBe('specific');
    expect(typedSpans('The Authenticator field is sixteen octets long.', 'value').map((x) => x.text)).toContain('sixteen octets');
  });

  it('a code is no size: "is 4 octets", "32-bit" and the bound of ">= 3" give no code; "68 for X" does', () => {
    const codes = (name: string, needle: string) => typedSpans(sentenceWith(name, needle), 'code').map((x) => x.text);
    expect(codes('rfc2867.txt', 'The Lost field is 4 octets')).not.toContain('4');
    expect(codes('rfc2867.txt', 'is a 32-bit field')).not.toContain('32');
    const field = 'Type\n\n         68 for Acct-Tunnel-Connection\n\n      Length\n\n         >= 3';
    const spans = typedSpans(field, 'code');
    expect(spans.find((x) => x.text === '68')?.level).toBe('specific');
    expect(spans.find((x) => x.text === '3')?.level ?? 'loose').not.toBe('specific');
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

/** An RFC's text from a line starting with `from` up to (not including) the next line starting with `to`. */
function rfcSection(name: string, from: string, to: string): string {
  const text = rfc(name);
  const a = text.indexOf(`\n${from}`);
  const b = text.indexOf(`\n${to}`, a + 1);
  if (a < 0 || b < 0) throw new Error(`no section ${from} in ${name}`);
  return text.slice(a + 1, b);
}

describe('answer types of requirements, units, documents and acronyms', () => {
  it('a typed noun before a preposition asks for that kind of value, a plain one still for a definition', () => {
    expect(answerTypeOf('What is the default port for RADIUS over TLS?')).toMatchObject({ type: 'port', head: 'port' });
    expect(answerTypeOf('What is the maximum length of an SNMP message?').type).toBe('value');
    expect(answerTypeOf('What is a key wrap in EAP?').type).toBe('definition');
  });

  it('"has to / needs to" asks for a requirement like "must"', () => {
    expect(answerTypeOf('On RADIUS/TCP, what has to happen to a packet with an invalid code field?').type).toBe('action');
    expect(answerTypeOf('What needs to be done with cached responses?').type).toBe('action');
  });

  it('"in what unit" heads a value; "where is X defined" asks for a document', () => {
    expect(answerTypeOf('In what unit does radiusAccServResetTime express the time?')).toMatchObject({ type: 'value', head: 'unit' });
    expect(answerTypeOf('Where are the RADIUS tunnel attributes for accounting defined?')).toMatchObject({ type: 'name', head: 'document' });
    expect(answerTypeOf('Where should a home server put the session identifier?').head).toBeNull();
  });

  it('"the acronym X" frames X; "how is X constructed / formed for Y" asks about X', () => {
    expect(answerTypeOf('What does the acronym TSK stand for?')).toMatchObject({ type: 'definition', subject: 'TSK', frame: ['stand', 'acronym'] });
    expect(answerTypeOf('For non-expanded EAP Types, how is the EAP Session-Id constructed?').subject).toMatch(/^the EAP Session.Id$/);
    expect(answerTypeOf('How is the Session-Id formed for EAP-PSK?').subject).toMatch(/^the Session.Id$/);
    expect(answerTypeOf('How does the specification define a RADIUS proxy?').subject).toBe('a RADIUS proxy');
    // "X in Y": the term, then where it is meant; a capital "In" inside a name stays
    expect(answerTypeOf('What is the Lower Layer in EAP key management?').subject).toBe('the Lower Layer');
    expect(answerTypeOf('What is Remote Authentication Dial In User Service?').subject).toBe('Remote Authentication Dial In User Service');
  });
});

describe('document structure read by the extractive answer (real RFC text)', () => {
  it('an acronym expansion: the words whose initials (or capitals) spell it', () => {
    const keys = sentenceWith('rfc5247.txt', 'such as Transient EAP Keys (TEKs)');
    expect(expansions(keys, 'TEK').map((e) => e.text)).toEqual(['Transient EAP Keys']);
    expect(expansions(keys, 'EMSK').map((e) => e.text)).toEqual(['Extended MSK']);
    expect(expansions(keys, 'IV').map((e) => e.text)).toEqual(['Initialization Vector']);
    expect(expansions(rfcSection('rfc3580.txt', '   Port Access Entity (PAE)', '   Station (STA)'), 'PAE').map((e) => e.text)).toEqual(['Port Access Entity']);
    // the bracket follows words that do not spell it: no expansion
    expect(expansions(sentenceWith('rfc5247.txt', 'with the peer (RAND_P)'), 'RAND_P')).toEqual([]);
    expect(expansions(keys, 'TSK')).toEqual([]);
  });

  it('a field list: label lines with their indented bodies, grouped under the heading above', () => {
    const recs = fieldRecords(rfcSection('rfc2867.txt', '3.4.  Tunnel-Link-Start', '3.5.  Tunnel-Link-Stop'));
    expect(recs[0].heading).toBe('3.4.  Tunnel-Link-Start');
    expect(recs[0].fields.map((f) => f.label)).toEqual(['Value', 'Description']);
    expect(recs[0].fields[0].body).toBe('12');
    expect(recs[0].fields[1].body).toMatch(/^This value MAY be used to mark the creation of a tunnel link\./);
    const attr = fieldRecords(rfcSection('rfc2867.txt', '4.2.  Acct-Tunnel-Packets-Lost', '5.  Table of Attributes'));
    expect(attr.flatMap((r) => r.fields).find((f) => f.label === 'Length')?.body).toBe('6');
  });

  it('a range asked for: "0x01 through 0x1F", before a single number of the sentence', () => {
    const s = sentenceWith('rfc3580.txt', 'Valid values for this field are 0x01 through 0x1F');
    const spans = typedSpans(s, 'value', 'range').sort((a, b) => LEVEL[b.level] - LEVEL[a.level]);
    expect(spans[0].text).toBe('0x01 through 0x1F');
    expect(answerTypeOf('What range of values is valid for the Tag field?')).toMatchObject({ type: 'value', head: 'range' });
    expect(answerTypeOf('What does a coldStart trap signify?')).toMatchObject({ type: 'definition', subject: 'a coldStart trap' });
  });

  it('a unit asked for: "(in hundredths of a second)", not the number next to it', () => {
    const s = sentenceWith('rfc4671.txt', 'time elapsed (in hundredths of a second) since the');
    expect(typedSpans(s, 'value', 'unit').map((x) => x.text)).toContain('hundredths of a second');
    expect(typedSpans(s, 'value').map((x) => x.text)).not.toContain('hundredths of a second');
  });

  it('a glossary term line is the term alone, not a longer term holding it nor a sentence', () => {
    const term = [stem('authenticator')];
    expect(gluedTerm('3.28.  Message-Authenticator', term)).toBe(true);
    expect(gluedTerm('Authenticator', term)).toBe(false);
    expect(gluedTerm('3.2.  User-Password, CHAP-Password, CHAP-Challenge', [stem('user'), stem('password')])).toBe(false);
    const heading = splitSentences('3.28.  Message-Authenticator\n\n   As noted in [RFC3579] Section 3.1., the Message-Authenticator attribute MUST be used.');
    expect(termLineIndex(heading, term)).toBe(-1);
    const text = rfc('rfc3580.txt');
    const at = text.indexOf('   Authenticator\n         An Authenticator is');
    const glossary = splitSentences(text.slice(at, at + 200));
    expect(termLineIndex(glossary, term)).toBe(0);
    // other words than the term make another entry ("Peer and authenticator authorization" is not "Peer"),
    // a bracketed abbreviation or a section number does not; the abbreviation may be the term itself
    expect(isTermOnly('Peer and authenticator authorization', [stem('peer')])).toBe(false);
    expect(isTermOnly('Master Session Key (MSK)', ['master', 'session', 'key'].map(stem))).toBe(true);
    expect(isTermOnly('Network Access Server (NAS)', [stem('nas')])).toBe(true);
    expect(isTermOnly('3.17.  Session-Timeout', ['session', 'timeout'].map(stem))).toBe(true);
    // the body's first sentence ends with a period: it is no term line of its own
    expect(termLineIndex(glossary.slice(1), [stem('supplicant')])).toBe(-1);
  });

  it('a question naming a document by part of its title is scoped to it; two words of a long title are not', () => {
    const docs = [
      { documentId: 4, document: 'RFC 3580: IEEE 802.1X Remote Authentication Dial In User Service (RADIUS) Usage Guidelines' },
      { documentId: 5, document: 'RFC 4671: RADIUS Accounting Server MIB for IPv6' },
      { documentId: 7, document: 'RFC 6613: RADIUS over TCP' },
    ];
    const scoped = titleScope('According to the 802.1X RADIUS usage guidelines, which RFC defines the tunnel attributes used for accounting?', docs);
    expect([...scoped.documents]).toEqual([4]);
    expect(scoped.stems.has(stem('guidelines'))).toBe(true);
    expect(scoped.stems.has(stem('tunnel'))).toBe(false);
    expect([...titleScope('What is the default port for RADIUS accounting over TCP?', docs).documents]).toEqual([]);
    expect([...titleScope('Which identifier is reserved in RADIUS over TCP?', docs).documents]).toEqual([7]);
  });
});
