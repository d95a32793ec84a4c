// The features of a two-passage question's candidates (chat/features.ts secondHopFeatures), on a small
// hand-made retrieval whose second hop is given: the passage the hop found, the share of the asking
// sentence and of the describing clause a candidate's sentence holds, the bridge itself, the passage a
// bridge was read from; all 0 for a question the second hop was not taken for.
import { describe, expect, it } from 'vitest';
import { answerContext, bridgeKey } from '../../electron/core/chat/candidates/context';
import type { Candidate } from '../../electron/core/chat/candidates';
import { candidateFeatures, CANDIDATE_FEATURES } from '../../electron/core/chat/features';
import { retrievalOf } from './retrieval-fixture';

const span = (text: string, sentence: string, passageId: number): Candidate => ({
  text,
  source: 'span',
  passageId,
  passageRank: passageId - 1,
  sentence,
  triples: [],
  measures: {},
});

const question = 'The gateway sends a message to keep its peers alive. Which port carries that message?';
const FIRST = 'For this purpose the gateway sends the Ping-Probe message to every peer it keeps alive.';
const SECOND = 'A Ping-Probe is carried over UDP port 7431.';
const df = { gateway: 5, sends: 20, message: 30, keep: 10, peers: 8, alive: 3, port: 12, carries: 6 };

function context(withHop: boolean) {
  const retrieval = retrievalOf(question, [FIRST, SECOND], df);
  if (withHop) retrieval.secondHop = { bridges: [{ term: 'Ping-Probe', reference: false, chunk: 1 }], passages: [{ id: 2, secondHop: 1, match: 0.8 }] };
  return answerContext(retrieval);
}
const feature = (name: (typeof CANDIDATE_FEATURES)[number], c: Candidate, ctx: ReturnType<typeof answerContext>) =>
  candidateFeatures(c, ctx)[CANDIDATE_FEATURES.indexOf(name)];

describe("a two-passage question's candidates", () => {
  const ctx = context(true);
  const answer = span('7431', SECOND, 2);
  const bridge = span('Ping-Probe', FIRST, 1);

  it('marks a candidate of the passage the second hop found, with that passage share of the asking sentence', () => {
    expect(feature('secondHop', answer, ctx)).toBe(1);
    expect(feature('secondHopMatch', answer, ctx)).toBeCloseTo(0.8, 5);
    expect(feature('secondHop', bridge, ctx)).toBe(0);
    expect(feature('bridgeSource', bridge, ctx)).toBe(1);
    expect(feature('bridgeSource', answer, ctx)).toBe(0);
  });

  it("weighs a sentence by the asking sentence's words apart from the describing clause's", () => {
    // the second passage holds what is asked ("port", "carried"), the first what describes the bridge
    expect(feature('askingMatch', answer, ctx)).toBeGreaterThan(feature('askingMatch', bridge, ctx));
    expect(feature('describingMatch', bridge, ctx)).toBeGreaterThan(feature('describingMatch', answer, ctx));
    expect(feature('describingMatch', answer, ctx)).toBe(0);
  });

  it('tells the bridge itself (the thing described) from what is asked of it, in any spelling of a designation', () => {
    expect(feature('isBridge', bridge, ctx)).toBe(1);
    expect(feature('isBridge', span('ping-probe', FIRST, 1), ctx)).toBe(1);
    expect(feature('isBridge', answer, ctx)).toBe(0);
    expect(bridgeKey('RFC 2620')).toBe(bridgeKey('rfc-2620'));
    expect(bridgeKey('RFC 2620')).toBe('RFC2620');
  });

  it('reads 0 for every such feature when no second hop was taken', () => {
    const plain = context(false);
    for (const name of ['secondHop', 'secondHopMatch', 'askingMatch', 'describingMatch', 'isBridge', 'bridgeSource'] as const) {
      expect(feature(name, answer, plain)).toBe(0);
      expect(feature(name, bridge, plain)).toBe(0);
    }
  });
});
