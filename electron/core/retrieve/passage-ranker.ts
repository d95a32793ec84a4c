// The passages of an answer, ranked by one fitted table (retrieve/passage-model.json, written by
// scripts/fit-answers.ts on the training questions' gold quotes): a logistic regression over named
// features of each passage of the pool (the graph's fused ranking, plain BM25 over the question as
// written, how much of the question its best sentence and the whole passage hold, whether it is a
// glossary entry of the asked term, a table cell the question asks for, the lead or a section of a
// thing the question names, a dense neighbour, a passage found by a second hop, the question's phrases it holds,
// a sentence of the kind the question's answer type asks for: a value, a requirement). Weights are looked up
// by feature name.
import defaultModel from './passage-model.json' with { type: 'json' };
import type { AnalyzedQuestion } from './analysis';
import type { Sentence } from './sentences';
import { asksMagnitude, MEASURE, STATED_VALUE, YEAR } from './quantities';
import { requirementOf, statedModalities } from './requirement';
import { stem } from '../nlp/morphology';

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
  // a value asked (a number, port, code, value or date): the best sentence's match among those writing a value of
  // the asked kind (a number with its unit, or stated as a value: not a bare number; with its unit when a magnitude is asked)
  'valueSentence',
  // a number, port, code or value asked: the best sentence's match among those writing a number next to (three words
  // at most) a word the question names beside the asked noun (a listing's line: "102  TokenRate", "2 for X")
  'valueNear',
  // a question asking a requirement (a modal, or a passive one: "may X ...", "what must X do", "is X required to"):
  // the best sentence's match among those stating a requirement (a modal, capitalised or not)
  'requirementSentence',
  // the same among the sentences stating the asked modality, or forbidding (a prohibition answers any modality asked)
  'modalityAgrees',
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

/** Answer types that ask for a value. */
const VALUE_TYPES = new Set(['number', 'port', 'code', 'value', 'date']);

/** Answer types whose value a listing writes as a number beside the thing's name. */
const NEAR_TYPES = new Set(['number', 'port', 'code', 'value']);
/** A number as a listing writes one: digits or hexadecimal; not a section number ("3.1.") nor a name's part ("mib-2"). */
const NUMBER_TOKEN = /^(?:\d+|0x[0-9a-f]+)$/i;
/** How many words apart a number and a named word may stand. */
const NEAR_WORDS = 3;

/** The stems of the question's content words other than the asked noun phrase's ("which Vendor-Type number does X use": X's). */
function namedStems(asked: AnalyzedQuestion): Set<string> {
  const phrase = new Set([...asked.type.phrase, ...asked.type.frame].map((w) => stem(w.toLowerCase())));
  return new Set(asked.contentStems.filter((s) => !phrase.has(s)));
}

/** Whether a sentence writes a number within NEAR_WORDS words of a named word. */
export function numberNear(sentence: Sentence, named: Set<string>): boolean {
  const { tokens, stems, text } = sentence;
  const at = (i: number) => tokens[i].start - sentence.start;
  return tokens.some((t, i) => {
    if (!NUMBER_TOKEN.test(t.raw) || named.has(stems[i])) return false;
    const after = text[at(i) + t.raw.length];
    const before = text[at(i) - 1];
    if (after === '.' || before === '-' || before === '.') return false;
    for (let j = Math.max(0, i - NEAR_WORDS); j <= Math.min(tokens.length - 1, i + NEAR_WORDS); j++) if (j !== i && named.has(stems[j])) return true;
    return false;
  });
}

/**
 * Whether a sentence writes a value of the kind the question asks: a number with its unit when a magnitude is
 * asked; a year when a date; else a number with a unit or a value stated as such ("(2)", "= 13", "set to 2").
 */
export function writesAskedValue(asked: AnalyzedQuestion, text: string): boolean {
  const { type } = asked.type;
  if (!VALUE_TYPES.has(type)) return false;
  if (asksMagnitude(asked.type)) return MEASURE.test(text);
  if (type === 'date') return YEAR.test(text);
  return MEASURE.test(text) || STATED_VALUE.test(text);
}

/** Whether a sentence states a requirement, and whether it states the asked modality (or forbids). */
export function statesRequirement(asked: AnalyzedQuestion, text: string): { requirement: boolean; agrees: boolean } {
  const stated = statedModalities(text);
  if (!asked.modality || !stated.size) return { requirement: false, agrees: false };
  const req = requirementOf(text);
  return { requirement: true, agrees: stated.has(asked.modality) || (req.negated && req.modality === 'must') };
}

/**
 * The answer-kind inputs of a passage from its scored sentences: the best match (`score`, the question's
 * words a sentence holds, as `best`) among the sentences of the kind the question asks for.
 */
export function kindFeatures(
  asked: AnalyzedQuestion,
  sentences: { sentence: Sentence; score: number }[],
): Pick<Record<PassageFeature, number>, 'valueSentence' | 'valueNear' | 'requirementSentence' | 'modalityAgrees'> {
  let valueSentence = 0;
  let valueNear = 0;
  const near = NEAR_TYPES.has(asked.type.type) ? namedStems(asked) : null;
  let requirementSentence = 0;
  let modalityAgrees = 0;
  const value = VALUE_TYPES.has(asked.type.type);
  for (const { sentence, score } of sentences) {
    if (score <= 0) continue;
    if (value && score > valueSentence && writesAskedValue(asked, sentence.text)) valueSentence = score;
    if (near?.size && score > valueNear && numberNear(sentence, near)) valueNear = score;
    if (asked.modality && score > modalityAgrees) {
      const r = statesRequirement(asked, sentence.text);
      if (r.requirement) requirementSentence = Math.max(requirementSentence, score);
      if (r.agrees) modalityAgrees = score;
    }
  }
  return { valueSentence, valueNear, requirementSentence, modalityAgrees };
}
