// The question's missing end read off the sentence's relations (chat/slots.ts): the whole end of the
// relation the question's verb makes stands as a candidate, a coordination of such ends too, and a
// relation of another verb gives none.
import { describe, expect, it } from 'vitest';
import { gatherCandidates } from '../../electron/core/chat/candidates';
import { answerContext } from '../../electron/core/chat/candidates/context';
import { slotSpans } from '../../electron/core/chat/slots';
import { retrievalOf } from './retrieval-fixture';

const texts = (question: string, sentence: string) => slotSpans(answerContext(retrievalOf(question, [sentence])), sentence).map((s) => s.text);

describe('the ends of the relation a question asks about', () => {
  const sentence = 'When the link comes up, the authenticator sends an Identity request and a Notification message to the peer.';

  it('reads a coordination of objects whole, and each object alone', () => {
    const got = texts('What does the authenticator send to the peer?', sentence);
    expect(got).toContain('Identity request and a Notification message');
    expect(got).toContain('Identity request');
    expect(got).toContain('Notification message');
  });

  it('makes the whole coordination a candidate of the answerer', () => {
    const { candidates } = gatherCandidates(retrievalOf('What does the authenticator send to the peer?', [sentence]));
    expect(candidates.map((c) => c.text)).toContain('Identity request and a Notification message');
  });

  it('reads the subject when the wh-word asks for the doer', () => {
    const got = texts('Which server forwards the request to the home server?', 'The proxy server forwards the request to the home server.');
    expect(got).toContain('proxy server');
    expect(got).not.toContain('request');
  });

  it('gives nothing for a relation of a verb the question does not ask with', () => {
    expect(texts('What does the authenticator receive from the peer?', sentence)).toEqual([]);
  });
});
