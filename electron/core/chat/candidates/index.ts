// Every candidate source, run over one retrieval. Each source is a small module reading the shared
// context (context.ts); none weighs its candidates: chat/features.ts names the measurements as
// features and chat/ranker.ts weighs them with the fitted table.
import type { RetrievalResult } from '../../retrieve/retriever';
import { answerContext, type AnswerContext } from './context';
import { pathCandidates } from './paths';
import { sentenceSpanCandidates } from './sentence-spans';
import { descriptionCandidates, expansionCandidates, formulaCandidates } from './definitions';
import { fieldCandidates } from './fields';
import { tableCandidates } from './tables';
import { headerCandidates } from './headers';
import { documentCandidates } from './documents';
import { requirementCandidates } from './requirements';
import { tokenize } from '../../retrieve/text';
import { stem } from '../../nlp/morphology';
import type { Candidate } from './types';

export type { Candidate, CandidateSource, Measures } from './types';
export type { AnswerContext } from './context';

const SOURCES: ((ctx: AnswerContext) => Candidate[])[] = [
  pathCandidates,
  sentenceSpanCandidates,
  descriptionCandidates,
  formulaCandidates,
  expansionCandidates,
  fieldCandidates,
  tableCandidates,
  headerCandidates,
  documentCandidates,
  requirementCandidates,
];

/** The context and every source's candidates for one retrieval. */
export function gatherCandidates(retrieval: RetrievalResult): { ctx: AnswerContext; candidates: Candidate[] } {
  const ctx = answerContext(retrieval);
  const candidates = SOURCES.flatMap((source) => source(ctx));
  // "which attribute holds the MAC address": a candidate whose head noun is another noun of the question
  // ("Access Point MAC address") is what the question already names, not the kind it asks for
  if (ctx.asksName && ctx.headStems.size) {
    for (const c of candidates) {
      const last = tokenize(c.text).at(-1);
      const head = last ? stem(last.text) : null;
      c.measures.headIsQuestionNoun = head && ctx.qContent.has(head) && !ctx.headStems.has(head) && !/\d/.test(head) ? 1 : 0;
    }
  }
  return { ctx, candidates };
}

/** The key two candidates share when they give the same answer. */
export const answerKey = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
