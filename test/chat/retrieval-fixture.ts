// A retrieval built by hand for the answerer's tests: the given passages of one document, best first,
// and the question's terms with the document frequencies a test names.
import { questionTerms } from '../../electron/core/retrieve/sentences';
import type { RetrievalResult } from '../../electron/core/retrieve/retriever';

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
