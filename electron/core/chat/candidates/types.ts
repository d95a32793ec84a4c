// An answer candidate: a short text read from one place (a path's end, a typed span of a passage
// sentence, a glossary entry, a field, a table cell, a standard's header, a passage's own document,
// a requirement), with the measurements that place gave it. The measurements are named and raw (no
// weights here): chat/features.ts turns them into the feature vector the fitted ranker reads.

import type { Limit, UnitKind } from '../../retrieve/quantities';

/** Where a candidate was read. */
export type CandidateSource =
  | 'path' // the end of a relation path of the graph
  | 'span' // a typed span of a retrieved passage's sentence
  | 'glossary' // the body under a glossary term line
  | 'description' // a description field under a line naming the term
  | 'formula' // a formula line defining the term
  | 'expansion' // an acronym's expansion where the text introduces it
  | 'field' // the asked field of a field list
  | 'table' // the asked cell of a table
  | 'header' // a field of a named standard's own header
  | 'document' // the passage's own document (for "which document" questions)
  | 'requirement' // yes or no read off a requirement's modality and polarity
  | 'clause'; // a clause of purpose, reason or result of a sentence, for a question asking why, what for or what happens

export const CANDIDATE_SOURCES: readonly CandidateSource[] = [
  'path',
  'span',
  'glossary',
  'description',
  'formula',
  'expansion',
  'field',
  'table',
  'header',
  'document',
  'requirement',
  'clause',
];

/** How specific the pattern that read a span is to the asked type. */
export type Specificity = 'specific' | 'typed' | 'loose';

/** Raw measurements of a candidate (absent: does not apply). Booleans are 0 or 1. */
export interface Measures {
  /** IDF-weighted share of the question's words its sentence holds (with its heading, list intro or the sentence before). */
  match?: number;
  /** The same for its whole passage. */
  passageMatch?: number;
  /** Reciprocal rank of its sentence among the retrieved passages' sentences (by match). */
  sentenceRank?: number;
  /** How specific the pattern that read it is to the asked type. */
  specificity?: Specificity;
  /** It was read as the kind of answer the question asks (not as another kind its sentence holds). */
  typeAgrees?: number;
  /** Share of the question's word weight within six tokens of it. */
  near?: number;
  /** Share of the question's word weight in it and the three tokens on either side. */
  local?: number;
  /** Share of its words that are not the question's. */
  novel?: number;
  /** The asked noun stands right next to it ("the retryPeriod constant"). */
  headAdjacent?: number;
  /** A word of the asked phrase within two tokens. */
  phraseAdjacent?: number;
  /** A field labelled with the asked noun holds it ("Category: Informational"), or the sentence says the asked subject is it. */
  labelled?: number;
  /** It stands in a negated clause and the question is not negated, or the other way round. */
  polarityMismatch?: number;
  /** An "except / other than" clause after it names the question's words. */
  excluded?: number;
  /** A question word other than the asked phrase is glued to it ("IEEE 802.1X"). */
  glued?: number;
  /** A bibliographic reference ("[RFC2865]") while the question asks for no document. */
  citedReference?: number;
  /** It is an item of an enumeration; itemShare: how much of the question's other words its item holds against the best item. */
  inList?: number;
  itemShare?: number;
  /** A bracketed span whose owner word the asking sentence names / no question word names. */
  bracketAsked?: number;
  bracketOther?: number;
  /** After a locative preposition, for "where". */
  place?: number;
  /** A requirement whose subject is the one the question asks about. */
  doer?: number;
  /** For definitions: the term stands right before the defining verb; share of the term's words in the sentence. */
  subjectFirst?: number;
  subjectShare?: number;
  /** The name a definition gives is the asked term (1), holds more than it (0.5), or another (0). */
  namingMatch?: number;
  /** For definitions: it is a clause (or a glossary entry) that defines the asked term; its sentence defines another term instead. */
  definesAsked?: number;
  definesOther?: number;
  /** For definitions asking what the term is: it is a defining clause whose verb says what the term is (or a glossary entry). */
  definesWhat?: number;
  /** For a name asked by its description ("what is X called"): the share of the question its definition holds, when it is a term a sentence defines. */
  describedBy?: number;
  /** Share of the question's words (IDF-weighted) that its line writes only abbreviated near it ("acct" for "accounting"). */
  abbreviated?: number;
  /** Graph support: a label of the retrieved triples or linked entities, or the end of a relation path. */
  graphLabel?: number;
  /** Path ends: relation evidence of the path times the link score, in [0, 1]. */
  pathScore?: number;
  /** Its text is written in the question. */
  inQuestion?: number;
  /** A name question's candidate whose head noun is another noun of the question ("Access Point MAC address"). */
  headIsQuestionNoun?: number;
  /** An acronym's expansion while the question asks what it stands for. */
  expansionAsked?: number;
  /** Its passage's document is the one the question names (designation or title words). */
  namedDocument?: number;
  /** Which-document answers: the passage's own document, not one it cites. */
  ownDocument?: number;
  /** Yes/no answers: the requirement's modality is the one asked; it is written with a capitalised keyword. */
  modalityMatch?: number;
  keyword?: number;
  /** Yes/no answers: the share of the read requirements' match that gives the same word. */
  polarityShare?: number;
  /** Yes/no answers: the sentence states a requirement (a modal verb or a negation), not a plain statement or a heading. */
  requirementStated?: number;
  /** Yes/no: share of the question's distinctive words the requirement's own clause holds. */
  requirementMatch?: number;
  /** Yes/no: the party the requirement binds is one the question names (1), another (0), or not written (0.5). */
  requirementActor?: number;
  /** Yes/no: the verb after the requirement's modal is one of the question's words. */
  requirementVerb?: number;
  /** A clause of purpose, reason or result of the kind the question asks (why: a reason or a purpose; what for: a purpose; what happens: a result). */
  clauseAsked?: number;
  /** A clause's host (its sentence less the clause): the share of the question's distinctive words (IDF-weighted) it holds. */
  hostMatch?: number;
  /** Values: the thing it is the value of, as its text binds them ("412  Widget-Record": Widget-Record; retrieve/quantities.ts measuredThing). */
  measured?: string;
  /** Values: the kind of its unit ("16 octets": a size); absent for a number without one. */
  unitKind?: UnitKind;
  /** Values: the limit its own text says it is ("a maximum of 4096": max; "16 or more": min; "defaults to 30": default). */
  limit?: Limit;
}

export interface Candidate {
  text: string;
  source: CandidateSource;
  passageId: number | null;
  /** Rank of its passage among the retrieved ones (0 = first); null for path ends and headers. */
  passageRank: number | null;
  /** The sentence it was read from (passages) or the header line; null for path ends. */
  sentence: string | null;
  /** Offset of the sentence in its passage's text. */
  offset?: number;
  /** Edge ids of the chain reaching it (path ends). */
  triples: number[];
  measures: Measures;
  /** How many places gave the same text (filled when candidates are merged). */
  support?: number;
  /** The sources that gave the same text. */
  sources?: CandidateSource[];
}
