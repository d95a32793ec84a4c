// The second hop of a two-passage question: its shape, the bridges read off a passage, and the passage
// found again with a bridge over a real store (SQLite, FTS5), weighed by a passage table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { tmpDir } from '../helpers/tmp';
import { standardText, standardsStore } from './standards-store';
import { Core } from '../../electron/core/core';
import { Retriever, type PooledPassage } from '../../electron/core/retrieve/retriever';
import { analyze } from '../../electron/core/retrieve/analysis';
import {
  backReferenceWords,
  bridgesOf,
  citedIn,
  citingPassage,
  describingText,
  designationKey,
  designationsIn,
  keepDescribing,
  keepSecondHop,
  namesIn,
  twoHopShape,
} from '../../electron/core/retrieve/second-hop';
import { PASSAGE_FEATURES, PassageRanker } from '../../electron/core/retrieve/passage-ranker';
import { insertParagraphs } from './fixture';

describe('the shape of a two-passage question', () => {
  it('asks for two passages after a scenario sentence or with a determiner pointing back', () => {
    expect(twoHopShape(analyze('The gateway names a handshake message for its peers. Which port does that message use?'))).toBe(true);
    expect(twoHopShape(analyze('What does that document call a relay that forwards frames?'))).toBe(true);
    expect(twoHopShape(analyze('Which port does the handshake message use?'))).toBe(false);
    expect(twoHopShape(analyze('What is a relay agent?'))).toBe(false);
  });
});

describe('the describing sentences of a two-passage question', () => {
  it('are the sentences before the one that asks; none for a question of one sentence', () => {
    expect(describingText(analyze('The gateway names a handshake message for its peers. Which port does that message use?'))).toBe(
      'The gateway names a handshake message for its peers.',
    );
    expect(describingText(analyze('A relay forwards frames. It keeps no state. What header does it add?'))).toBe('A relay forwards frames. It keeps no state.');
    expect(describingText(analyze('What does that document call a relay that forwards frames?'))).toBe('');
  });
});

describe('the words of the asking sentence pointing back at what is described', () => {
  it('are the nouns after a pointing determiner, not the attribute asked; none without one', () => {
    expect(backReferenceWords(analyze('A beacon broadcasts a message to listeners. How often is that message repeated?'))).toEqual(['message']);
    expect(backReferenceWords(analyze('The framework names a method as unsuitable. Which number does the registry assign to that method?'))).toEqual([
      'method',
    ]);
    expect(backReferenceWords(analyze('How often is the beacon message repeated?'))).toEqual([]);
  });
});

describe('the place held for the describing passage', () => {
  const p = (id: string, documentId: number, secondHop = 0) => ({ id, documentId, secondHop });
  const ids = (xs: { id: string }[]) => xs.map((x) => x.id);

  it('takes the place of the lowest-ranked passage that is neither the best nor a second-hop passage of another document', () => {
    const kept = [p('a', 1), p('b', 1), p('c', 3), p('f', 2, 1), p('h', 2, 0.25)];
    expect(ids(keepDescribing(kept, p('x', 4), 5))).toEqual(['a', 'b', 'f', 'h', 'x']);
    expect(ids(keepDescribing([p('a', 1), p('b', 1), p('f', 2, 1)], p('x', 4), 3))).toEqual(['a', 'f', 'x']);
  });

  it('leaves the five alone when it is among them, or when no place can be given; fills a free place', () => {
    const kept = [p('a', 1), p('b', 1), p('x', 4)];
    expect(ids(keepDescribing(kept, p('x', 4), 3))).toEqual(['a', 'b', 'x']);
    expect(ids(keepDescribing(kept, undefined, 3))).toEqual(['a', 'b', 'x']);
    expect(ids(keepDescribing([p('a', 1), p('f', 2, 1)], p('x', 4), 2))).toEqual(['a', 'f']);
    expect(ids(keepDescribing([p('a', 1)], p('x', 4), 3))).toEqual(['a', 'x']);
  });
});

describe('bridges read off a passage', () => {
  const asked = analyze('The gateway specification names a keep-alive message. Which port does that message use?');

  it('finds the names a sentence writes that the question does not, the more name-like first', () => {
    const names = namesIn('The Ping-Probe packet MUST be used, as the Gateway Protocol says for Relay nodes (see probeTimerV2).', asked).map((n) => n.term);
    expect(names[0]).toBe('Ping-Probe');
    expect(names).toContain('probeTimerV2');
    // requirement keywords and capitalised words at a sentence start are not names
    expect(names).not.toContain('MUST');
    expect(names).not.toContain('The');
    // a word the question writes is not a bridge
    expect(names.map((n) => n.toLowerCase())).not.toContain('gateway');
  });

  it('reads designations and names from the top passages, rarer names first, and leaves out what the question cites', () => {
    const q = analyze('Per RFC 9999, the gateway names a keep-alive message. Which port does that message use?');
    const bridges = bridgesOf(
      q,
      [{ chunk: 7, sentences: ['As RFC 9999 and [RFC 8888] say, a Ping-Probe or a Link-Check is sent every minute.'] }],
      (terms) => new Map(terms.map((t) => [t, t === 'Link-Check' ? 1 : 50])),
    );
    expect(bridges.filter((b) => b.reference).map((b) => designationKey(b.term))).toEqual(['RFC8888']);
    expect(bridges.filter((b) => !b.reference).map((b) => b.term)).toEqual(['Link-Check', 'Ping-Probe']);
    expect(bridges.every((b) => b.source === 0 && b.chunk === 7)).toBe(true);
  });

  it('spells a designation one way whatever its spacing', () => {
    expect(designationsIn('see [RFC5997] and RFC 2865')).toEqual(['RFC5997', 'RFC 2865']);
    expect(designationKey('rfc-5997')).toBe(designationKey('RFC 5997'));
  });
});

describe('the citing passage of a chain through a citation', () => {
  // documents 1 (the client specification, RFC 9001) and 2 (the server specification, RFC 9002)
  const designationOf = new Map([
    [1, 'RFC 9001'],
    [2, 'RFC 9002'],
  ]);
  const documentOf = new Map([...designationOf].map(([doc, d]) => [designationKey(d), doc]));
  const citations = (p: { documentId: number; text: string }) =>
    designationsIn(p.text)
      .map((d) => documentOf.get(designationKey(d)))
      .filter((doc): doc is number => doc !== undefined && doc !== p.documentId);
  const header = { id: 20, documentId: 2, text: 'RFC 9002: the server specification. Abstract: this memo defines the server.' };
  const serverBody = { id: 21, documentId: 2, text: 'The server keeps a table of its clients.' };
  const clientLead = { id: 10, documentId: 1, text: 'This memo defines the client of the service.' };
  const citingSentence = { id: 11, documentId: 1, text: 'The server side is described in [RFC9002].' };
  const none = () => [];

  it("holds the passage of the other document that cites the best passage's document, the cited one supplying the second", () => {
    const ranked = [header, clientLead, serverBody, citingSentence];
    expect(citingPassage(ranked, 'The client specification names a companion for the server side.', designationOf, documentOf, citations, none)).toEqual({
      chunk: 11,
      cited: 2,
    });
  });

  it('looks for the citing passage in the other document when the ranking holds none; in any document for a designated one', () => {
    const searched: string[] = [];
    const hits = [
      { id: 30, documentId: 3 },
      { id: 22, documentId: 2 },
      { id: 12, documentId: 1 },
    ];
    const search = (designation: string) => (searched.push(designation), hits);
    expect(
      citingPassage([header, clientLead, serverBody], 'The client specification names a companion.', designationOf, documentOf, citations, search),
    ).toEqual({
      chunk: 12,
      cited: 2,
    });
    expect(searched).toEqual(['RFC 9002']);
    // a third document cites it: not where the describing sentences point, unless they designate the cited document
    expect(
      citingPassage([header, clientLead], 'The client specification names a companion.', designationOf, documentOf, citations, () => hits.slice(0, 2)),
    ).toBeUndefined();
    expect(citingPassage([header], 'A memo cites RFC 9002.', designationOf, documentOf, citations, () => hits.slice(0, 2))).toEqual({ chunk: 30, cited: 2 });
  });

  it('takes the document the describing sentences designate as the cited one, wherever the ranking puts it', () => {
    const ranked = [clientLead, serverBody, citingSentence];
    expect(citingPassage(ranked, 'The client specification refers to RFC 9002 for the server side.', designationOf, documentOf, citations, none)).toEqual({
      chunk: 11,
      cited: 2,
    });
  });

  it('keeps a best passage that cites already, with the designated document as the one it cites', () => {
    const ranked = [citingSentence, header];
    // the designated document's own passage citing another is not the citing passage
    const citingServer = { id: 23, documentId: 2, text: 'Clients follow [RFC9101].' };
    expect(citingPassage([citingServer, citingSentence], 'The client specification refers to RFC 9002.', designationOf, documentOf, citations, none)).toEqual({
      chunk: 11,
      cited: 2,
    });
    expect(citingPassage(ranked, 'The client specification refers to RFC 9002.', designationOf, documentOf, citations, none)).toEqual({ chunk: 11, cited: 2 });
    expect(citingPassage(ranked, 'The client specification names a companion.', designationOf, documentOf, citations, none)).toBeUndefined();
  });

  it('leaves describing sentences about one document alone, and a chain nothing cites', () => {
    expect(citingPassage([header, serverBody], 'The server specification keeps a table.', designationOf, documentOf, citations, none)).toBeUndefined();
    expect(
      citingPassage([header, clientLead, serverBody], 'The client specification names a companion.', designationOf, documentOf, citations, none),
    ).toBeUndefined();
    expect(citingPassage([], 'Anything.', designationOf, documentOf, citations, none)).toBeUndefined();
  });
});

describe('the places kept for the second hop', () => {
  // best first: passages of document 1 (the best passage's), then two second-hop passages of document 2
  const ranked = [
    { id: 'a', documentId: 1, secondHop: 0 },
    { id: 'b', documentId: 1, secondHop: 0 },
    { id: 'c', documentId: 3, secondHop: 0 },
    { id: 'd', documentId: 1, secondHop: 0.5 },
    { id: 'e', documentId: 1, secondHop: 0 },
    { id: 'f', documentId: 2, secondHop: 1 },
    { id: 'g', documentId: 4, secondHop: 0 },
    { id: 'h', documentId: 2, secondHop: 0.25 },
  ];
  const ids = (xs: { id: string }[]) => xs.map((x) => x.id);

  it('gives the last places to the best second-hop passages of another document than the best passage', () => {
    // d was found by the second hop but in the best passage's own document: it holds no place
    expect(ids(keepSecondHop(ranked, 5, true))).toEqual(['a', 'b', 'c', 'f', 'h']);
  });

  it('leaves the ranking alone for a question of one passage, or when the places are taken already', () => {
    expect(ids(keepSecondHop(ranked, 5, false))).toEqual(['a', 'b', 'c', 'd', 'e']);
    const found = [ranked[0], ranked[5], ranked[7], ...ranked.slice(1, 5)];
    expect(ids(keepSecondHop(found, 5, true))).toEqual(['a', 'f', 'h', 'b', 'c']);
  });

  it('takes only the places left: one when one is found already, none of the best two, none when few are asked', () => {
    const one = [ranked[0], ranked[1], ranked[5], ranked[2], ranked[3], ranked[7]];
    expect(ids(keepSecondHop(one, 5, true))).toEqual(['a', 'b', 'f', 'c', 'h']);
    expect(ids(keepSecondHop(ranked, 3, true))).toEqual(['a', 'b', 'f']);
    expect(ids(keepSecondHop(ranked, 2, true))).toEqual(['a', 'b']);
    expect(keepSecondHop([], 5, true)).toEqual([]);
  });
});

// Two documents: the first passage says which message the gateway uses (by name); only a passage of the
// other document says which port that message uses, and it shares few of the question's words.
const GATEWAY = [
  'The gateway keeps its peers alive. For this purpose the Ping-Probe message MUST be sent by the gateway to every peer once a minute.',
  'The gateway logs every peer it serves, with the time it was last seen and the address it used.',
];
const PROBE = [
  'A Ping-Probe is carried over UDP port 7431. Its payload is empty.',
  'Link-Check frames are carried over TCP. Replies travel back on the same connection.',
  'Relays forward frames unchanged and add no header of their own.',
];
const FILLER = Array.from({ length: 12 }, (_, i) => `Note ${i}: a relay may keep a table of routes, refreshed when a peer announces a route.`);

describe('the second hop over a store', () => {
  const t = tmpDir('gw-second-hop-');
  let core: Core;
  let retriever: Retriever;
  const question = 'The gateway sends a message to keep its peers alive. Which port carries that message?';

  beforeAll(() => {
    core = new Core({ dbPath: path.join(t.dir, 'g.db'), startJobs: false });
    insertParagraphs(core.store, 'Gateway operation', GATEWAY);
    insertParagraphs(core.store, 'Probe transport', PROBE);
    insertParagraphs(core.store, 'Relay notes', FILLER);
    retriever = new Retriever(core.store);
  });
  afterAll(async () => {
    await core.close();
    t.cleanup();
  });

  const pooled = async (): Promise<PooledPassage[]> => (await retriever.retrieve(question, { passagePool: true, noRetry: true })).passagePool ?? [];

  it('finds the passage about the bridge and marks the passage the bridge was read from', async () => {
    const pool = await pooled();
    const second = pool.find((p) => p.text.includes('port 7431'));
    const first = pool.find((p) => p.text.includes('Ping-Probe message MUST'));
    expect(second?.features.secondHop).toBeGreaterThan(0);
    expect(second?.features.secondHopMatch).toBeGreaterThan(0);
    expect(first?.features.bridgeSource).toBe(1);
    // a passage that does not name the bridge is not found by the second hop
    expect(pool.filter((p) => p.features.secondHop > 0).every((p) => p.text.includes('Ping-Probe'))).toBe(true);
  });

  it('tells the answer side which bridges it followed and which kept passages it found; nothing for a question of one passage', async () => {
    const r = await retriever.retrieve(question, { noRetry: true });
    expect(r.secondHop?.bridges.map((b) => b.term)).toContain('Ping-Probe');
    const source = r.secondHop!.bridges.find((b) => b.term === 'Ping-Probe')!.chunk;
    expect((await pooled()).find((p) => p.id === source)?.text).toContain('Ping-Probe message MUST');
    // every passage it reports is one of the kept passages, found by the hop
    const kept = new Set(r.passages.map((p) => p.id));
    expect(r.secondHop!.passages.length).toBeGreaterThan(0);
    expect(r.secondHop!.passages.every((p) => kept.has(p.id) && p.secondHop > 0)).toBe(true);
    // the passage about the bridge holds one of the places kept for the second hop
    const port = r.passages.find((p) => p.text.includes('port 7431'));
    expect(r.secondHop!.passages.map((p) => p.id)).toContain(port?.id);
    const plain = await retriever.retrieve('Which port does the gateway use to keep its peers alive?', { noRetry: true });
    expect(plain.secondHop).toBeUndefined();
  });

  it('ranks the second passage by the table: first with weight on the second hop, not found by a question of one passage', async () => {
    const weights = PASSAGE_FEATURES.map((f) => (f === 'secondHopMatch' ? 20 : f === 'best' ? 1 : 0));
    retriever.passageRanker = new PassageRanker({ version: 1, features: [...PASSAGE_FEATURES], weights, bias: 0, fitted: {} });
    const r = await retriever.retrieve(question, { noRetry: true });
    expect(r.passages[0].text).toContain('port 7431');
    // asked in one sentence without pointing back, the question takes no second hop
    const plain = await retriever.retrieve('Which port does the gateway use to keep its peers alive?', { passagePool: true, noRetry: true });
    expect((plain.passagePool ?? []).every((p) => p.features.secondHop === 0 && p.features.bridgeSource === 0)).toBe(true);
    retriever.passageRanker = new PassageRanker();
  });
});

// The gateway's document says much about keeping peers alive (passages sharing most of the question's
// words); only the other document's passage, found through the bridge, says which port the message uses.
const BUSY_GATEWAY = [
  ...GATEWAY,
  'The gateway sends each message it carries to its peers in turn.',
  'Each message the gateway carries is sent to all of its peers.',
];

describe('the places kept for the second hop over a store', () => {
  const t = tmpDir('gw-second-hop-places-');
  let core: Core;
  let retriever: Retriever;
  const question = 'The gateway sends a message to keep its peers alive. Which port carries that message?';

  beforeAll(() => {
    core = new Core({ dbPath: path.join(t.dir, 'g.db'), startJobs: false });
    insertParagraphs(core.store, 'Gateway operation', BUSY_GATEWAY);
    insertParagraphs(core.store, 'Probe transport', PROBE);
    insertParagraphs(core.store, 'Relay notes', FILLER);
    retriever = new Retriever(core.store);
    // a table that ranks the passages found by the second hop below every other
    const weights = PASSAGE_FEATURES.map((f) => (f === 'secondHop' ? -20 : f === 'best' ? 1 : 0));
    retriever.passageRanker = new PassageRanker({ version: 1, features: [...PASSAGE_FEATURES], weights, bias: 0, fitted: {} });
  });
  afterAll(async () => {
    await core.close();
    t.cleanup();
  });

  it('keeps the second passage among the few asked for even when the table ranks it below them', async () => {
    const r = await retriever.retrieve(question, { passagePool: true, noRetry: true, maxPassages: 3 });
    const pool = r.passagePool ?? [];
    expect(pool.findIndex((p) => p.text.includes('port 7431'))).toBeGreaterThanOrEqual(3);
    expect(r.passages).toHaveLength(3);
    expect(r.passages[2].text).toContain('port 7431');
    // asked in one sentence, the question has no second hop and keeps the table's ranking
    const plain = await retriever.retrieve('Which port carries the message the gateway sends to keep its peers alive?', { noRetry: true, maxPassages: 3 });
    expect(plain.passages.some((p) => p.text.includes('port 7431') && p.text.includes('Ping-Probe'))).toBe(false);
  });
});

// Two standards (ingested as files: header, numbered sections, references): the client specification
// cites the server specification; only the server's passage says which port it listens on.
const log = (who: string) =>
  `The ${who} keeps a log of each session it handles, with the time the session began, the peer it served and the number of octets it moved in either direction, so that an operator can audit the service later.`;
const CLIENT_SPEC = standardText(9101, 'Widget Relay Client Protocol', [
  [
    'Introduction',
    ['This memo defines the client of the widget relay service.  A client opens a session with a relay and sends widgets through it.', log('client')],
  ],
  ['Client Operation', ['A client retries a session three times before it gives up.  Each retry doubles the wait before the next one.', log('client')]],
  ['Related Documents', ['The server side of the widget relay is described in [RFC9102].']],
  ['Security Considerations', ['Sessions carry no secrets; an operator may encrypt them with any transport protection it trusts.', log('client')]],
  ['References', ['[RFC9102]  Doe, J., "Widget Relay Server Protocol", RFC 9102, May 2030.']],
]);
const SERVER_SPEC = standardText(9102, 'Widget Relay Server Protocol', [
  ['Introduction', ['This memo defines the server of the widget relay service, the companion of the widget relay client protocol.', log('server')]],
  ['Server Operation', ['A widget relay server listens on TCP port 4711 for sessions.', log('server')]],
  ['Security Considerations', ['A server may refuse a session from a client it does not know.', log('server')]],
]);

describe('a chain through a citation over a store', () => {
  const store = standardsStore('gw-second-hop-cited-', [
    ['rfc9101.txt', CLIENT_SPEC],
    ['rfc9102.txt', SERVER_SPEC],
  ]);

  it('holds the citing passage and follows the cited document, even where the question designates it', async () => {
    const r = await store.retriever.retrieve(
      'The widget relay client protocol refers to RFC 9102 for the server side. On which port does that server listen?',
      {
        noRetry: true,
      },
    );
    const cited = r.secondHop?.bridges.find((b) => b.reference && designationKey(b.term) === 'RFC9102');
    expect(cited).toBeDefined();
    const citing = r.passages.find((p) => p.id === cited!.chunk);
    // the citing passage is the client specification's, among the five, and cites the server's
    expect(citing?.text).toContain('RFC 9102');
    expect(citing?.documentId).not.toBe(r.passages.find((p) => p.text.includes('port 4711'))?.documentId);
    expect(r.passages.some((p) => p.text.includes('port 4711'))).toBe(true);
  });
});

describe('bridges a passage cites by a tag of its reference list', () => {
  const asked = analyze('The lamp tender guidelines cite a specification for the flare signal. Which colour does that specification give it?');
  const sentence = 'The flare signal is described in [4].';

  it('takes a standard the graph says a best sentence cites, after the designations it writes', () => {
    const cited = [{ designation: 'RFC 9604', sentence }];
    const bridges = bridgesOf(asked, [{ chunk: 3, sentences: [sentence, 'See also RFC 9605.'], cited }]);
    expect(bridges.filter((b) => b.reference).map((b) => designationKey(b.term))).toEqual(['RFC9605', 'RFC9604']);
    // without the graph's citations the tag names nothing
    expect(bridgesOf(asked, [{ chunk: 3, sentences: [sentence] }]).filter((b) => b.reference)).toEqual([]);
  });

  it('leaves a citation read from another sentence of the passage, and one the question designates', () => {
    const elsewhere = [{ designation: 'RFC 9604', sentence: 'Lamps are tended nightly, as [4] requires of every tender.' }];
    expect(bridgesOf(asked, [{ chunk: 3, sentences: [sentence], cited: elsewhere }]).filter((b) => b.reference)).toEqual([]);
    const designated = analyze('The lamp tender guidelines cite RFC 9604 for the flare signal. Which colour does that specification give it?');
    expect(bridgesOf(designated, [{ chunk: 3, sentences: [sentence], cited: [{ designation: 'RFC 9604', sentence }] }]).filter((b) => b.reference)).toEqual([]);
  });

  it('matches a citation to its sentence whatever the spacing or case, or by their common opening', () => {
    expect(citedIn({ designation: 'RFC 9604', sentence: 'the  flare signal is\n described in [4].' }, [sentence])).toBe(true);
    expect(citedIn({ designation: 'RFC 9604', sentence: `${sentence} It burns red.` }, [sentence])).toBe(true);
    expect(
      citedIn({ designation: 'RFC 9604', sentence: 'The flare signal is described in [4] for lamps at sea' }, [
        'The flare signal is described in [4] for lamps at sea and on land.',
      ]),
    ).toBe(true);
    expect(citedIn({ designation: 'RFC 9604', sentence: '' }, [sentence])).toBe(false);
  });
});

// Two standards whose citation is a numbered tag ("[2]") resolved through the citing document's reference list.
const TENDER = standardText(9601, 'Lamp Tender Guidelines', [
  ['Introduction', ['This memo gives guidelines to the tenders of harbour lamps.  A tender visits every lamp of a harbour once a night.', log('tender')]],
  ['Signals', ['A tender raises the flare signal when a lamp fails.  The flare signal is described in [2].', log('tender')]],
  ['Security Considerations', ['A tender carries no secrets; the signal may be seen by anyone in the harbour.', log('tender')]],
  ['References', ['[2]  Doe, J., "Harbour Flare Signalling", RFC 9602, May 2030.']],
]);
const FLARE = standardText(9602, 'Harbour Flare Signalling', [
  ['Introduction', ['This memo defines how harbour flares are signalled between lamps and boats.', log('signaller')]],
  ['Colours', ['The flare signal burns amber for a failed lamp and violet for a closed quay.', log('signaller')]],
  ['Security Considerations', ['A flare may be raised by anyone; boats trust it only within sight of a lamp.', log('signaller')]],
]);

describe('a chain through a numbered citation over a store', () => {
  const store = standardsStore(
    'gw-second-hop-tag-',
    [
      ['rfc9601.txt', TENDER],
      ['rfc9602.txt', FLARE],
    ],
    { extract: true },
  );

  it('follows the standard a tag of the reference list designates to the passage that answers', async () => {
    const r = await store.retriever.retrieve('A tender raises a signal when a lamp fails. Which colour does that signal burn for a failed lamp?', {
      noRetry: true,
    });
    const followed = r.secondHop?.bridges.find((b) => b.reference && designationKey(b.term) === 'RFC9602');
    expect(followed).toBeDefined();
    expect(r.passages.find((p) => p.id === followed!.chunk)?.text).toContain('described in [2]');
    const answer = r.passages.find((p) => p.text.includes('burns amber'));
    expect(answer).toBeDefined();
    expect(r.secondHop?.passages.some((p) => p.id === answer!.id)).toBe(true);
  });
});
