// The passages of an answer, ranked by one fitted table (retrieve/passage-model.json, written by
// scripts/fit-answers.ts on the training questions' gold quotes): a logistic regression over named
// features of each passage of the pool (the graph's fused ranking, plain BM25 over the question as
// written, how much of the question its best sentence and the whole passage hold, whether it is a
// glossary entry of the asked term, a table cell the question asks for, the lead or a section of a
// thing the question names, a dense neighbour). Weights are looked up by feature name.
import defaultModel from './passage-model.json' with { type: 'json' };

export const PASSAGE_FEATURES = [
  'best',
  'all',
  'fused',
  'bm25',
  'titledFused',
  'lead',
  'glossary',
  'tableCell',
  'dense',
  'sameDocument',
  'titleMatch',
  'bm25Words',
] as const;
export type PassageFeature = (typeof PASSAGE_FEATURES)[number];

export const PASSAGE_FEATURE_DOCS: Record<PassageFeature, string> = {
  best: "share of the question's words (IDF-weighted) its best sentence, or two adjacent ones, or one with its section heading, holds",
  all: "share of the question's words the whole passage holds",
  fused: "reciprocal rank in the graph's ranking (personalized PageRank, the sampled triples' evidence and BM25 fused)",
  bm25: 'reciprocal rank in plain BM25 (FTS5) over the question as written',
  titledFused: 'the same graph rank when the question names a document by its title (the walk from that page leads)',
  lead: 'the lead passage of a document whose title the question names, or a passage of a section headed by a thing it names',
  glossary: 'it holds the glossary entry (term line, then body) of the term the question asks about',
  tableCell: 'it holds a table cell the question asks for (its column and its row named)',
  dense: 'reciprocal rank among the nearest chunks by embedding (with a vector index)',
  sameDocument: 'reciprocal of 1 + the number of better-ranked pool passages of its document, by the graph ranking',
  titleMatch: "share of the question's words (IDF-weighted) its document's title holds",
  bm25Words: "BM25 score over the question's content words, relative to the best chunk's (0 when not among the ten best)",
};

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
