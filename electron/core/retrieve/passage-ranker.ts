// The passages of an answer, ranked by one fitted table (retrieve/passage-model.json, written by
// scripts/fit-answers.ts on the training questions' gold quotes): a logistic regression over named
// features of each passage of the pool (the graph's fused ranking, plain BM25 over the question as
// written, how much of the question its best sentence and the whole passage hold, whether it is a
// glossary entry of the asked term, a table cell the question asks for, the lead or a section of a
// thing the question names, a dense neighbour, a passage found by a second hop, the question's phrases it holds). Weights are looked up
// by feature name.
import defaultModel from './passage-model.json' with { type: 'json' };

export const PASSAGE_FEATURES = [
  // share of the question's words (IDF-weighted) its best sentence, or two adjacent ones, or one with its section heading, holds
  'best',
  // share of the question's words the whole passage holds
  'all',
  // reciprocal rank in the graph's ranking (personalized PageRank, the sampled triples' evidence and BM25 fused)
  'fused',
  // reciprocal rank in plain BM25 (FTS5) over the question as written
  'bm25',
  // the same graph rank when the question names a document by its title (the walk from that page leads)
  'titledFused',
  // the lead passage of a document whose title the question names, or a passage of a section headed by a thing it names
  'lead',
  // it holds the glossary entry (term line, then body) of the term the question asks about
  'glossary',
  // it holds a table cell the question asks for (its column and its row named)
  'tableCell',
  // reciprocal rank among the nearest chunks by embedding (with a vector index)
  'dense',
  // reciprocal of 1 + the number of better-ranked pool passages of its document, by the graph ranking
  'sameDocument',
  // share of the question's words (IDF-weighted) its document's title holds
  'titleMatch',
  // BM25 score over the question's content words, relative to the best chunk's (0 when not among the ten best)
  'bm25Words',
  // reciprocal rank among the passages found again with a bridge read off the first ranking, over 1 + the rank of
  // the passage the bridge was read from (second-hop.ts; only when the question's shape asks for two passages)
  'secondHop',
  // a second-hop passage's best sentence's share of the asking sentence's words with the bridge in place
  'secondHopMatch',
  // a top passage a bridge was read from that led to a second-hop passage
  'bridgeSource',
  // share of the question's adjacent content-word pairs that stand next to each other in the passage (its phrases, not only its words)
  'wordPairs',
] as const;
export type PassageFeature = (typeof PASSAGE_FEATURES)[number];

export interface PassageModel {
  version: 1;
  features: string[];
  weights: number[];
  bias: number;
  fitted: Record<string, unknown>;
}

export class PassageRanker {
  private readonly weights: number[];
  private readonly bias: number;

  constructor(readonly model: PassageModel = defaultModel as PassageModel) {
    const byName = new Map(model.features.map((f, i) => [f, model.weights[i]]));
    this.weights = PASSAGE_FEATURES.map((f) => byName.get(f) ?? 0);
    this.bias = model.bias;
  }

  /** The log-odds that a passage holds the answer. */
  score(features: Record<PassageFeature, number>): number {
    return this.scoreVector(vectorOf(features));
  }

  /** The same over a vector in PASSAGE_FEATURES order. */
  scoreVector(x: number[]): number {
    return x.reduce((a, v, i) => a + this.weights[i] * v, this.bias);
  }
}

export const vectorOf = (features: Record<PassageFeature, number>) => PASSAGE_FEATURES.map((f) => features[f]);
