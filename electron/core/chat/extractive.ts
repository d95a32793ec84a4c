// Short extractive answers without a model: the candidates of every source (chat/candidates/: path
// ends, typed spans of the retrieved passages' sentences, glossary entries, description fields,
// formulas, acronym expansions, field lists, table cells, a named standard's header, the passages'
// own documents, yes/no from requirements), ranked by the fitted weights over their named features
// (chat/features.ts, chat/ranker.ts), with the calibrated probability that the first is right and the
// probability that the documents hold what the question asks about at all.
import type { RetrievalResult } from '../retrieve/retriever';
import type { QuestionType } from '../retrieve/question';
import { gatherCandidates, type CandidateSource } from './candidates';
import { defaultRanker, type AnswerRanker, type Ranking } from './ranker';

export { answerTypeOf, type AnswerType, type QuestionType } from '../retrieve/question';
export { tableCells, type TableCell } from '../retrieve/tables';
export { fieldRecords } from '../document/layout';
export { titleScope } from './candidates/context';
export { complementSpans, expansions, isNoise, typedNounPhrases, typedSpans, type Span } from './candidates/spans';

interface AnswerCandidate {
  text: string;
  /** The ranking's log-odds. */
  score: number;
  source: CandidateSource;
  /** The sentence it was read from (passages), the header line (headers); null for path ends. */
  sentence: string | null;
  passageId: number | null;
  /** Offset of the sentence in its passage's text. */
  offset?: number;
  triples: number[];
}

interface ExtractiveResult {
  type: QuestionType;
  candidates: AnswerCandidate[];
  /** In [0, 1]: the calibrated probability that the first candidate is right. */
  confidence: number;
  /** In [0, 1]: the probability that the documents hold what the question asks about. */
  grounded: number;
  ranking: Ranking;
}

/** Candidates from every source, ranked by the fitted model, with the confidence of the first. */
export function extractCandidates(retrieval: RetrievalResult, ranker: AnswerRanker = defaultRanker()): ExtractiveResult {
  const { ctx, candidates } = gatherCandidates(retrieval);
  const ranking = ranker.rank(ctx, candidates);
  return {
    type: ctx.type,
    candidates: ranking.candidates.map((c) => ({
      text: c.text,
      score: c.score,
      source: c.source,
      sentence: c.sentence,
      passageId: c.passageId,
      offset: c.offset,
      triples: c.triples,
    })),
    confidence: Math.round(ranking.confidence * 1000) / 1000,
    grounded: ranking.grounded,
    ranking,
  };
}
