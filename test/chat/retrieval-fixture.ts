// A retrieval built by hand for the answerer's tests: the given passages of one document, best first,
// and the question's terms with the document frequencies a test names.
import { questionTerms } from '../../electron/core/retrieve/sentences';
import type { RetrievalResult } from '../../electron/core/retrieve/retriever';
import { gatherCandidates } from '../../electron/core/chat/candidates';
import { answerContext } from '../../electron/core/chat/candidates/context';
import type { FitExample } from '../../electron/core/chat/fit-model';

/** A retrieval of `passages` (one document); each question word held by `df[word]` chunks of 100 (no `df`: every word by 1). */
export function retrievalOf(question: string, passages: string[], df?: Record<string, number>): RetrievalResult {
  const terms = questionTerms(question, (words) => new Map(words.map((w) => [w, df ? (df[w] ?? 0) : 1])), 100);
  return {
    question,
    terms,
    passages: passages.map((text, i) => ({ id: i + 1, documentId: 1, document: 'Notes', text, score: 1 - i / 10 })),
    triples: [],
    entities: [],
    paths: [],
    answers: [],
    hops: 0,
    attempts: [],
    timings: {},
  } as unknown as RetrievalResult;
}

/** The answer context of a retrieval whose passages come from the given documents (one document per title). */
export function contextOfDocuments(question: string, passages: { text: string; document: string }[]): ReturnType<typeof answerContext> {
  const r = retrievalOf(
    question,
    passages.map((p) => p.text),
  );
  const ids = new Map<string, number>();
  r.passages.forEach((p, i) => {
    const title = passages[i].document;
    if (!ids.has(title)) ids.set(title, ids.size + 1);
    Object.assign(p, { document: title, documentId: ids.get(title)! });
  });
  return answerContext(r);
}

export const RETRY_QUESTION = 'How many retries does the client make before it gives up?';
const RETRY_DF = { retry: 10, client: 20, give: 30 };

/**
 * A fitting example for the null alternative and the calibration: a question whose passage says the
 * answer, or one whose passage holds only another number (no candidate right), in fold group `group`.
 */
export function retryExample(i: number, answered: boolean, group: string): FitExample {
  const n = 3 + i;
  const text = answered
    ? `The client makes ${n} retries before it gives up on the server.`
    : `The client waits ${n + 40} seconds before it gives up on the server.`;
  const { ctx, candidates } = gatherCandidates(retrievalOf(RETRY_QUESTION, [text], RETRY_DF));
  return { id: `${answered ? 'a' : 'u'}${i}`, group, gold: [String(n)], ctx, candidates };
}
