// The bridge document of a question naming two documents (retrieve/bridge.ts): the documents it names, by
// designation or by a description its title holds, the one it asks about, and the passages the retriever
// then finds in that document for the asking sentence (a real store: SQLite, FTS5, two ingested standards).
import { describe, expect, it } from 'vitest';
import { standardText, standardsStore } from './standards-store';
import { analyze } from '../../electron/core/retrieve/analysis';
import { documentMentions, resolveBridge, type DocumentIdentity } from '../../electron/core/retrieve/bridge';
import { keepBridge } from '../../electron/core/retrieve/second-hop';

const DOCUMENTS: DocumentIdentity[] = [
  { documentId: 1, title: 'RFC 9301: Gadget Beacon Client MIB', designation: 'RFC 9301', date: 'March 2031' },
  { documentId: 2, title: 'RFC 9302: Gadget Beacon Server MIB', designation: 'RFC 9302', date: 'March 2031' },
  { documentId: 3, title: 'RFC 9303: Gadget Beacon Server MIB for IPv8', designation: 'RFC 9303', date: 'May 2034' },
  { documentId: 4, title: 'RFC 9304: Lantern Relay Usage Guidelines', designation: 'RFC 9304', date: 'June 2034' },
  { documentId: 5, title: 'Notes on harbour cranes', designation: null, date: null },
];
const bridge = (q: string) => resolveBridge(analyze(q), DOCUMENTS);

describe('the documents a question names', () => {
  it('reads designations and descriptions its titles hold, in the order written', () => {
    const q = analyze('The lantern relay usage guidelines cite RFC 9301 for the client side.');
    expect(documentMentions(q, DOCUMENTS).map((m) => [m.documentId, m.how])).toEqual([
      [4, 'description'],
      [1, 'designation'],
    ]);
  });

  it('leaves a description that two documents hold alike unresolved, and gives a lead its confidence', () => {
    // "gadget beacon server MIB" is the title of two documents: neither is named
    expect(documentMentions(analyze('What does the gadget beacon server MIB count?'), DOCUMENTS)).toEqual([]);
    // the year tells them apart
    const dated = documentMentions(analyze('What does the 2034 gadget beacon server MIB count?'), DOCUMENTS);
    expect(dated.map((m) => m.documentId)).toEqual([3]);
    expect(dated[0].confidence).toBeGreaterThan(0);
    expect(dated[0].confidence).toBeLessThan(1);
  });

  it('does not run a description over a sentence end, nor count two words a title merely shares', () => {
    expect(documentMentions(analyze('A crane lifts gadgets. Which beacon does it use?'), DOCUMENTS)).toEqual([]);
  });
});

describe('the bridge document', () => {
  it('is the document the context names by number, other than the one the context is about', () => {
    const b = bridge('The gadget beacon client MIB complements the server MIB of RFC 9302. Which object of that server MIB counts dropped beacons?');
    expect(b).toMatchObject({ documentId: 2, how: 'designation', confidence: 1 });
    expect(b?.mentioned.sort()).toEqual([1, 2]);
  });

  it('is the document the context names by description, pointed back at by the asking sentence', () => {
    const b = bridge('The lantern relay usage guidelines point to the gadget beacon server MIB for IPv8. Which object of that MIB counts dropped beacons?');
    expect(b).toMatchObject({ documentId: 3, how: 'description' });
    // named first and pointed back at: the guidelines are the bridge when the asking sentence points at them
    expect(bridge('The lantern relay usage guidelines cite RFC 9301. What do those guidelines require of a relay?')?.documentId).toBe(4);
  });

  it('is the document the asking sentence names; in one sentence naming two, the last', () => {
    expect(bridge('The gadget beacon client MIB cites RFC 9304. In RFC 9304, what must a relay log?')?.documentId).toBe(4);
    expect(bridge('Which counter does the gadget beacon client MIB keep, according to the lantern relay usage guidelines?')?.documentId).toBe(4);
  });

  it('is none when the question names one document only, or none at all', () => {
    expect(bridge('The gadget beacon client MIB names a companion MIB. Which object of that MIB counts dropped beacons?')).toBeNull();
    expect(bridge('Which object of the gadget beacon client MIB counts dropped beacons?')).toBeNull();
    expect(bridge('A crane lifts gadgets. Which beacon does it use?')).toBeNull();
  });
});

describe('the places held for the bridge document', () => {
  const p = (id: string) => ({ id });
  const ids = (xs: { id: string }[]) => xs.map((x) => x.id);

  it("keeps the restricted search's two best passages among the five, in place of the lowest-ranked others (never the best)", () => {
    const kept = [p('a'), p('b'), p('c'), p('d'), p('e')];
    expect(ids(keepBridge(kept, [p('x'), p('y'), p('z')], 5))).toEqual(['a', 'b', 'c', 'x', 'y']);
    expect(ids(keepBridge(kept, [p('c'), p('x')], 5))).toEqual(['a', 'b', 'c', 'd', 'x']);
    expect(ids(keepBridge([p('a'), p('b')], [p('x')], 5))).toEqual(['a', 'b', 'x']);
    expect(ids(keepBridge([p('a'), p('b')], [p('x'), p('y')], 2))).toEqual(['a', 'x']);
    expect(ids(keepBridge(kept, [], 5))).toEqual(ids(kept));
    // the describing passage (the chain's first link) keeps its place too
    expect(ids(keepBridge(kept, [p('x'), p('y')], 5, 'e'))).toEqual(['a', 'b', 'e', 'x', 'y']);
  });
});

// Two standards (ingested as files: header, numbered sections): only the server MIB says how dropped beacons are counted.
const filler = (who: string) =>
  `The ${who} keeps a table of the beacons it has seen, with the time each one was last heard, the channel it used and the number of frames it sent, so that an operator can audit the service.`;
const CLIENT = standardText(9401, 'Gadget Beacon Client MIB', [
  ['Introduction', ['This memo defines objects for the client of the gadget beacon service.  A client counts the beacons it sends.', filler('client')]],
  ['Client Objects', ['The object beaconClientSent counts the beacons a client sent.  It complements the server MIB of RFC 9402.', filler('client')]],
  ['Security Considerations', ['Beacons carry no secrets; an operator may encrypt them with any transport protection it trusts.', filler('client')]],
]);
const SERVER = standardText(9402, 'Gadget Beacon Server MIB', [
  ['Introduction', ['This memo defines objects for the server of the gadget beacon service.', filler('server')]],
  ['Server Objects', ['The object beaconServerDropped counts the beacons a server dropped because their checksum was wrong.', filler('server')]],
  ['Security Considerations', ['A server may refuse a beacon from a client it does not know.', filler('server')]],
]);

describe('retrieval for a question naming two documents', () => {
  const store = standardsStore('gw-bridge-', [
    ['rfc9401.txt', CLIENT],
    ['rfc9402.txt', SERVER],
  ]);

  it('resolves the bridge by number or by description and finds its passage for the asking sentence', async () => {
    for (const question of [
      'The gadget beacon client MIB complements the server MIB of RFC 9402. Which object of that server MIB counts the beacons a server dropped?',
      'The gadget beacon client MIB complements the gadget beacon server MIB. Which object of that server MIB counts dropped beacons?',
    ]) {
      const r = await store.retriever.retrieve(question, { noRetry: true });
      const server = r.passages.find((p) => p.text.includes('beaconServerDropped'));
      expect(r.bridge?.documentId).toBeDefined();
      expect(server?.documentId).toBe(r.bridge!.documentId);
      expect(r.secondHop?.passages.some((p) => p.id === server!.id)).toBe(true);
    }
  });

  it('takes no bridge for a question naming one document', async () => {
    const r = await store.retriever.retrieve('Which object of the gadget beacon server MIB counts dropped beacons?', { noRetry: true });
    expect(r.bridge).toBeUndefined();
  });
});

describe('a description two editions hold alike', () => {
  const citing = (cites: string[]): DocumentIdentity[] => DOCUMENTS.map((d) => (d.documentId === 4 ? { ...d, cites } : d));
  const question = 'The lantern relay usage guidelines point to the gadget beacon server MIB. Which object of that MIB counts dropped beacons?';

  it('names the edition another document the question names cites', () => {
    const b = resolveBridge(analyze(question), citing(['RFC 9301', 'RFC 9303']));
    expect(b).toMatchObject({ documentId: 3, how: 'description', confidence: 0 });
    expect(b?.mentioned.sort()).toEqual([3, 4]);
  });

  it('names neither when both editions are cited, or neither, or only by themselves', () => {
    expect(resolveBridge(analyze(question), citing(['RFC 9302', 'RFC 9303']))).toBeNull();
    expect(resolveBridge(analyze(question), citing([]))).toBeNull();
    const self = DOCUMENTS.map((d) => (d.documentId === 3 ? { ...d, cites: ['RFC 9302'] } : d));
    expect(documentMentions(analyze('What does the gadget beacon server MIB count?'), self)).toEqual([]);
  });
});
