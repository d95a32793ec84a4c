// The answer features of a question naming two documents (chat/features.ts bridgeFeatures): a candidate in the
// document the question asks about (retrieve/bridge.ts), valued by how confidently it resolved, how much of the
// asking sentence its sentence holds there, and a candidate in the other document it names. Hand-made retrievals
// of invented documents.
import { describe, expect, it } from 'vitest';
import { answerContext } from '../../electron/core/chat/candidates/context';
import { candidateFeatures, CANDIDATE_FEATURES } from '../../electron/core/chat/features';
import type { Candidate } from '../../electron/core/chat/candidates';
import type { RetrievalResult } from '../../electron/core/retrieve/retriever';
import { retrievalOf } from './retrieval-fixture';

type Ctx = ReturnType<typeof answerContext>;
const feature = (name: (typeof CANDIDATE_FEATURES)[number], c: Candidate, ctx: Ctx) => candidateFeatures(c, ctx)[CANDIDATE_FEATURES.indexOf(name)];

const QUESTION = 'The gadget beacon client MIB complements the server MIB of RFC 9402. Which object of that server MIB counts dropped beacons?';
const CLIENT = 'The object beaconClientSent counts the beacons a client sent and dropped.';
const SERVER = 'The object beaconServerDropped counts the beacons a server dropped.';
const SERVER_OTHER = 'The object beaconServerUptime holds the time since the server started.';
const OTHER = 'The object craneLifts counts the lifts a crane made.';

/** A retrieval of four passages: the client MIB's (document 1), two of the server MIB's (2), another document's (3). */
function retrieval(bridge?: RetrievalResult['bridge']): RetrievalResult {
  const r = retrievalOf(QUESTION, [CLIENT, SERVER, SERVER_OTHER, OTHER]);
  const documents = [
    'RFC 9401: Gadget Beacon Client MIB',
    'RFC 9402: Gadget Beacon Server MIB',
    'RFC 9402: Gadget Beacon Server MIB',
    'Notes on harbour cranes',
  ];
  const ids = [1, 2, 2, 3];
  r.passages.forEach((p, i) => Object.assign(p, { documentId: ids[i], document: documents[i] }));
  return bridge ? { ...r, bridge } : r;
}
const candidate = (text: string, passageId: number, sentence: string): Candidate => ({
  text,
  source: 'span',
  passageId,
  passageRank: passageId - 1,
  sentence,
  triples: [],
  measures: {},
});

describe('where a candidate of a question naming two documents stands', () => {
  const client = candidate('beaconClientSent', 1, CLIENT);
  const server = candidate('beaconServerDropped', 2, SERVER);
  const uptime = candidate('beaconServerUptime', 3, SERVER_OTHER);
  const other = candidate('craneLifts', 4, OTHER);

  it('marks a candidate of the bridge document with its confidence, one of the other named document, none elsewhere', () => {
    const ctx = answerContext(retrieval({ documentId: 2, how: 'designation', confidence: 1, mentioned: [1, 2] }));
    expect(feature('inBridgeDocument', server, ctx)).toBe(1);
    expect(feature('inOtherNamedDocument', server, ctx)).toBe(0);
    expect(feature('inBridgeDocument', client, ctx)).toBe(0);
    expect(feature('inOtherNamedDocument', client, ctx)).toBe(1);
    expect(feature('inBridgeDocument', other, ctx)).toBe(0);
    expect(feature('inOtherNamedDocument', other, ctx)).toBe(0);
  });

  it('reads the asking sentence against the bridge document’s sentences alone', () => {
    const ctx = answerContext(retrieval({ documentId: 2, how: 'designation', confidence: 1, mentioned: [1, 2] }));
    // the sentence that counts dropped beacons answers the asking sentence; the one about uptime holds less of it
    expect(feature('bridgeAskingMatch', server, ctx)).toBeGreaterThan(feature('bridgeAskingMatch', uptime, ctx));
    expect(feature('bridgeAskingMatch', server, ctx)).toBeGreaterThan(0);
    // the client MIB's sentence holds the same words, but it is not in the document asked about
    expect(feature('bridgeAskingMatch', client, ctx)).toBe(0);
    expect(feature('bridgeAskingMatch', other, ctx)).toBe(0);
  });

  it('values a bridge resolved from a description by its confidence', () => {
    const ctx = answerContext(retrieval({ documentId: 2, how: 'description', confidence: 0.4, mentioned: [1, 2] }));
    expect(feature('inBridgeDocument', server, ctx)).toBeCloseTo(0.4);
  });

  it('reads nothing without a bridge', () => {
    const ctx = answerContext(retrieval());
    expect(ctx.bridge).toBeNull();
    for (const c of [client, server, uptime, other])
      for (const f of ['inBridgeDocument', 'inOtherNamedDocument', 'bridgeAskingMatch'] as const) expect(feature(f, c, ctx)).toBe(0);
  });
});
