// The named features of an answer candidate, from the candidates' measurements (chat/candidates/); the
// features of a question as a whole (grounding, how the ranking came out, the calibration's inputs) are in
// question-features.ts. The ranker (chat/ranker.ts) weighs them with the table fitted by
// scripts/fit-answers.ts; nothing here is a weight. A feature a candidate's source does not measure is 0.
import type { AnswerContext } from './candidates/context';
import { CANDIDATE_SOURCES, type Candidate } from './candidates/types';
import { candidateParty, conditionOf, statedModalities } from './candidates/requirements';
import { contentStems, escapeRe, posTags, tokenize } from '../retrieve/text';
import { stem } from '../nlp/morphology';
import { coverage } from '../retrieve/sentences';
import { DEFINING_VERB } from './candidates/spans';
import { typeClash } from './candidates/type-fit';
import { termFit } from './candidates/definitions';
import { boundFeatures, labelAsked, limitFeatures, measureFeatures, shapeFeatures, unitWritten, valueFeatures } from './features-values';
import { DOCUMENT_NOUNS } from '../retrieve/analysis';
import { citedDesignation, ownDesignation, titleWords } from './candidates/identity';
import { designationsIn } from '../retrieve/second-hop';
import { HEADER_FIELDS } from '../document/layout';

/** Candidate features, in the order of the fitted weights, each with what it says. */
export const CANDIDATE_FEATURES = [
  // share of the question's words (IDF-weighted) its sentence holds, with its heading, list intro or block name
  'match',
  // share of the question's words its whole passage holds
  'passageMatch',
  // reciprocal rank of its passage (1 for the first)
  'passageRank',
  // reciprocal rank of its sentence among the retrieved passages' sentences
  'sentenceRank',
  // share of the question's words (IDF-weighted) its document's title holds
  'titleMatch',
  // it was read as the kind of answer the question asks, not as another kind its sentence holds
  'typeAgrees',
  // its form cannot answer the asked type (chat/candidates/type-fit.ts): wholly a numeral (a number, a date, a
  // quantity) where a name, a definition, an action or a condition is asked, or no numeral at all where a
  // count, a port or a date is; 0 when it fits or when that is not known (a value, a code, words with numbers)
  'typeClash',
  // the pattern that read it is specific to the asked type ("3799/tcp" for a port, "X is ..." for a definition)
  'specific',
  // the pattern that read it is loose (a bare number, a whole sentence)
  'loose',
  // share of the question's words within six tokens of it
  'near',
  // share of the question's words in it and the three tokens either side
  'local',
  // share of its words that are not the question's
  'novel',
  // the asked noun stands right next to it
  'headAdjacent',
  // a word of the question's asked phrase within two tokens
  'phraseAdjacent',
  // a field labelled with the asked noun holds it, or the sentence says the asked subject is it
  'labelled',
  // it stands in a negated clause and the question is not negated, or the other way round
  'polarityMismatch',
  // an except-clause after it names the question's words
  'excluded',
  // a question word other than the asked phrase is glued to it
  'glued',
  // a bibliographic reference while the question asks for no document
  'citedReference',
  // an item of an enumeration the question picks by its words
  'inList',
  // how much of the question's other words its item holds, against the best item
  'itemShare',
  // bracketed after a word the asking sentence names
  'bracketAsked',
  // bracketed after a word the question never names
  'bracketOther',
  // after a locative preposition, for "where"
  'place',
  // a requirement whose subject is the one the question asks about
  'doer',
  // a definition whose term stands right before its defining verb
  'subjectFirst',
  // share of the asked term's words its sentence holds
  'subjectShare',
  // the name a definition gives is the asked term
  'namingMatch',
  // a label of the graph (a linked entity, a retrieved triple or a path end)
  'graphLabel',
  // the relation path's evidence times the link score
  'pathScore',
  // its text is written in the question
  'inQuestion',
  // its head noun is another noun of the question
  'headIsQuestionNoun',
  // an acronym's expansion, asked what the acronym stands for
  'expansionAsked',
  // its passage is from a document the question names
  'namedDocument',
  // the passage's own document (which-document questions)
  'ownDocument',
  // yes/no: the requirement's modality is the one asked
  'modalityMatch',
  // yes/no: the requirement is written with a capitalised keyword (MUST, SHOULD, MAY)
  'keyword',
  // yes/no: the share of the read requirements (weighted by their match) that give the same word
  'polarityShare',
  // its shape is what the type asks (a digit for numbers, a year for dates, a clause for definitions, a few words for names)
  'shapeFit',
  // log(1 + its number of words)
  'words',
  // share of the question's distinctive words (IDF-weighted) in its own clause of the sentence (between commas, semicolons, brackets), itself left out
  'clauseMatch',
  // a verb the question asks with stands in its own clause (the clause that says what the question's predicate says)
  'clausePredicate',
  // log(1 + the number of other retrieved passages that write the same answer): agreement across passages
  'passageAgreement',
  // it stands where the question's wh-word stands: before its sentence's first verb when the question asks
  // for the doer ("which RFC defines X"), after it when the question asks for what is done ("what does X define")
  'roleAgrees',
  // log(1 + the number of other places that gave the same answer)
  'support',
  // a relation path of the graph ends at the same answer
  'alsoPath',
  // definitions: a glossary candidate whose term line is a numbered section heading (a section about
  // the term, whose first sentence may say anything) rather than an entry of a list of terms
  'termIsHeading',
  // definitions: it opens with a preposition, a subordinating word or a pronoun ("In this scheme, ...",
  // "Where supported, ...", "It ..."): it frames or refers, where a definition names what the term is
  'opensWithFrame',
  // values: the question asks a magnitude ("how long", "how large", "what length / timeout / size") and it is a number with a unit
  'quantityFit',
  // values: it is a number with a unit the question names ("how many octets", "in seconds")
  'unitNamed',
  // share of the question's words that its line writes only abbreviated near it (a listing's short label)
  'abbreviated',
  // yes/no: its sentence states a requirement (a modal verb or a negation); a plain statement or a
  // heading answers "no" to an obligation asked only because it says nothing of one
  'requirementStated',
  // definitions: it is a noun phrase, the form a glossary entry defines with ("The parties to whom ..."):
  // it opens with a noun phrase and its first verb is a participle, an infinitive or a relative clause's,
  // where a clause with a verb of its own says something else about the term
  'definitionPhrase',
  // a question asking what must / should / may be done (not yes or no): its sentence states a requirement
  // of the modality asked ("which transport should be kept" over a sentence saying what SHOULD be used)
  'modalityAsked',
  // a document is asked for ("which RFC ...") and it is a designation ("RFC 9999", "[RFC9999]") or a passage's own document
  'designationAsked',
  // a designation of the document its own passage is from: the passage names the document it is part of
  'ownDesignation',
  // a designation (or the own document) of a document the question names, by its designation or its title words
  'designatesNamed',
  // the passage's own document: share of the question's words (IDF-weighted, less the asked phrase) its title holds
  'documentTitleMatch',
  // a designation: share of the question's distinctive words in the clause that cites it (its brackets read as part of it)
  'citationClauseMatch',
  // a designation in a reference-list entry: share of the question's distinctive words the cited title (quoted before it) holds
  'citedTitleMatch',
  // definitions: the term its sentence defines (before its defining verb or colon) is the asked term, by lemma or
  // as an acronym and its expansion (1), or holds it with a few more words (0.5)
  'definedTerm',
  // definitions: it is the clause that defines the asked term, given whole (the term the clause's subject before its
  // verb, the name a naming verb gives, the head of a relative clause after a comma, a terminology-list entry), or a glossary body
  'definesAsked',
  // definitions: its sentence defines another term (by its subject and a copula, a naming verb or a list entry) and not the asked one
  'definesOther',
  // definitions asked as what the term is ("what is X", "what is meant by X"; not "what does X count"): it is a defining
  // clause whose verb says what the term is (a copula, "means", a naming verb, a list entry) or a glossary body
  'definesWhat',
  // a name asked by its description ("what is X called", "what term is used for X"): it is a term a sentence defines
  // (a clause's subject before a copula, a name a naming verb gives, a list entry, a term line), and the share of the
  // question's distinctive words (IDF-weighted) its definition holds
  'describedBy',
  // two-passage questions (0 for others): its passage was found by the second hop (that passage's secondHop value)
  'hopPassage',
  // two-passage questions: its passage was found by the second hop in another document than the first passage's
  'hopElsewhere',
  // two-passage questions: its passage is one a followed bridge was read from (the chain's first link)
  'bridgeSource',
  // two-passage questions: its sentence writes a thing the second hop reached (a bridge), itself not that thing
  'namesBridge',
  // two-passage questions: it is a thing the second hop reached (the bridge), not an attribute asked of it
  'isBridge',
  // two-passage questions: share of the asking sentence's words (IDF-weighted) its sentence holds (what is asked about the thing reached)
  'askingMatch',
  // two-passage questions: share of the words only the describing sentences write that its sentence holds (where the thing is described)
  'describingMatch',
  // the question asks for a document that the document it names cites, updates or obsoletes ("which RFC does X
  // update", "which RFC is cited by X", "which earlier RFC"), and it is the named document (or a designation of it)
  'citedAskedNamed',
  // the question asks so, and it is a designation its passage cites (not the passage's own document, nor a named one)
  'citedAskedCited',
  // yes/no: share of the question's distinctive words in the clause of the requirement it was read from
  // (a sentence may state several: "MAY cache ..., but MUST NOT forward ...")
  'requirementMatch',
  // yes/no: the party the requirement binds (its subject's head) is one the question names (1), another (0), unwritten (0.5)
  'requirementActor',
  // yes/no: the verb its modal governs is one of the question's words
  'requirementVerb',
  // not yes/no: it stands after the modal of a requirement its sentence states, and the party that requirement
  // binds (its subject's head) is one the question names ("what must the relay do" over "the relay MUST ...")
  'actorAsked',
  // ... and that party is another one, written out ("the gateway MUST ..." for a question about the relay)
  'actorOther',
  // it is one member of a coordination its sentence writes ("A" of "both A and B packets", "send X" of "send X and
  // disconnect Y"): the whole coordination is what is said
  'conjunctCut',
  // the question asks under what condition something holds and it lies in the condition its sentence states ("only if ...", "when ...")
  'conditionAsked',
  // values: share of the question's distinctive words (IDF-weighted, less the asked phrase) in the thing it is the
  // value of, as its text binds them ("412  Widget-Record", "halted(4)", "the Sequence field is 8 octets")
  'measuresNamed',
  // values: share of the words of the thing it is the value of that the question does not write (the value of another thing)
  'measuresOther',
  // values: its unit is of another kind than the question asks (a length where a duration is asked), or it has one where
  // a plain value is asked (a size for a constant's value)
  'unitKindClash',
  // values: how well the name its own text binds it to ("X is N", "X: N", "X (N)", "X = N", a listing line's label, a
  // table row's key) is the thing the question asks: 1 the same name written whole or an acronym and its expansion,
  // else the balance of the name's words the question writes and the question's distinctive words the name holds
  'boundAsked',
  // values: it is bound to a name outside its own text none of whose words the question writes (the value of another
  // named thing; a named constant's or a listing line's own name is what the value is, not what it measures), or to a
  // joined name that a name the question writes is a part of, or the other way round ("Widget-Rate-Low" for "Widget-Rate")
  'boundOther',
  // values: the question names one limit (the largest, the smallest, the default) and its own text says it is that
  // one ("up to N", "N or more", "defaults to N"; retrieve/quantities.ts statedLimit)
  'limitAgrees',
  // values: ... and its own text says it is another limit (a default where the largest is asked)
  'limitOther',
  // values: log(1 + its number of words) where a value is asked (0 otherwise): how long an answer may be is weighed
  // apart for value questions, whose answers are short, and for the rest (a definition, a condition)
  'valueWords',
  // values: a value is asked (not a unit) and it is a clause of four words or more that writes no numeral (no digit, no
  // number word): a statement about the asked thing where the value it has is asked
  'valueClause',
  // a clause of purpose, reason or result (candidates/clauses.ts) of the kind the question asks: a reason or a purpose for
  // "why", a purpose for "what for / what is X used for", a result for "what happens if" (retrieve/question.ts purposeAsked)
  'clauseAsked',
  // a clause's host, the rest of its sentence (the predicate the clause is attached to): the share of the question's
  // distinctive words (IDF-weighted) it holds
  'hostMatch',
  // a candidate of three content words or more: the share of them the question already writes (a restatement of the
  // question answers nothing)
  'restates',
  // it fills the role the question's wh-word asks of the question's verb in its own sentence: the subject ("which macro
  // conveys X" over "A macro, M, is used to convey X": before the verb, an apposition's commas between) or the object
  // ("what does the agent send" over "the agent sends M": after the verb), with no other clause break between
  'fillsRole',
  // values: a unit is asked ("in what units", "which unit") and it writes a unit of measure (a unit word alone, after a
  // number or in a fraction: "octets", "30 seconds", "tenths of a minute"): what the question asks for is a unit, where a
  // number, a name or a keyword of the passage answers something else
  'unitWritten',
  // values and definitions: a short candidate (three words or fewer): log(1 + how many more times its own passage writes
  // it as whole words). A term the passage repeats (a keyword of the notation it is written in, the name it is about) is
  // what the passage is made of, where the value or the definition asked is written once, at its own place
  'passageRepeats',
  // values: it stands in the value of a structured block labelled with the field the question asks for (a field list's
  // label line and its body, a legend's row under its label whose meaning the question names, "Label: value", a formal
  // notation's keyword clause; retrieve/tables.ts askedLabelledValues)
  'labelAsked',
  ...CANDIDATE_SOURCES.map((s) => `source:${s}`),
] as const;

const bool = (x: boolean) => (x ? 1 : 0);

/**
 * The candidate inputs that read a document's identity (chat/candidates/identity.ts): they mark few
 * candidates, of the few questions asking for a document, and a fit may hold them closer to 0 than the
 * rest (chat/fit-model.ts groupL2).
 */
export const IDENTITY_FEATURES = [
  'citedReference',
  'designationAsked',
  'ownDesignation',
  'designatesNamed',
  'documentTitleMatch',
  'citationClauseMatch',
  'citedTitleMatch',
] as const satisfies readonly (typeof CANDIDATE_FEATURES)[number][];

/** Words that open a relative clause inside a noun phrase ("the parties to whom ...", "an entity that ..."). */
const RELATIVE = /^(?:that|which|who|whom|whose)$/;
const phrases = new Map<string, boolean>();
/**
 * Whether a text is a noun phrase rather than a clause: it opens with a determiner, a noun, an adjective
 * or a number, and its first verb is a participle ("-ed", "-ing"), an infinitive after "to", or stands
 * after a relative pronoun (or there is none). Cached by text.
 */
export function isNounPhrase(text: string): boolean {
  let got = phrases.get(text);
  if (got === undefined) {
    const tags = posTags(text);
    got = !!tags.length && ['DET', 'NOUN', 'PROPN', 'ADJ', 'NUM'].includes(tags[0].pos);
    if (got) {
      for (const [i, t] of tags.entries()) {
        if (RELATIVE.test(t.lower) && t.pos !== 'DET') break;
        if (t.pos !== 'VERB' && t.pos !== 'AUX') continue;
        got = t.pos === 'VERB' && (/(?:ed|ing)$/.test(t.lower) || tags[i - 1]?.lower === 'to');
        break;
      }
    }
    if (phrases.size > 50_000) phrases.clear();
    phrases.set(text, got);
  }
  return got;
}

/** A line opening with a section number ("3.2.  Key Scope", "A.1 Terms"). */
const SECTION_NUMBERED = /^\s*(?:\d+(?:\.\d+)*\.?|[A-Z]\.\d+(?:\.\d+)*\.?)\s+\S/;

const openings = new Map<string, boolean>();
/** Whether a text opens with a preposition, a subordinating word, a wh-adverb or a pronoun (by its first word's part of speech), cached by first words. */
function opensWithFrame(text: string): boolean {
  const head = text.trim().split(/\s+/).slice(0, 4).join(' ');
  let got = openings.get(head);
  if (got === undefined) {
    const first = posTags(head)[0];
    got = !!first && (['ADP', 'SCONJ', 'PRON'].includes(first.pos) || (first.pos === 'ADV' && /^wh/.test(first.lower)));
    if (openings.size > 50_000) openings.clear();
    openings.set(head, got);
  }
  return got;
}

const titleMatches = new WeakMap<AnswerContext, Map<number, number>>();
/** The share of the question's words (IDF-weighted) a passage's document title holds, once per document. */
function titleMatch(ctx: AnswerContext, passageId: number): number {
  let byDocument = titleMatches.get(ctx);
  if (!byDocument) titleMatches.set(ctx, (byDocument = new Map()));
  const passage = ctx.passageById.get(passageId);
  if (!passage) return 0;
  let got = byDocument.get(passage.documentId);
  if (got === undefined) {
    got = coverage(ctx.allTerms, contentStems(passage.document));
    byDocument.set(passage.documentId, got);
  }
  return got;
}

/** Whether a candidate's text has the shape its answer type asks for. */
export function shapeFits(text: string, type: string): boolean {
  const words = text.trim().split(/\s+/).length;
  switch (type) {
    case 'number':
    case 'code':
    case 'port':
    case 'value':
      return /\d/.test(text) || /\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/i.test(text);
    case 'date':
      return /\b\d{4}\b/.test(text);
    case 'definition':
    case 'action':
    case 'condition':
      return words >= 3;
    case 'yesno':
      return /^(?:yes|no)\b/i.test(text);
    default:
      return words <= 6;
  }
}

/** Where a candidate (two characters or more) is written in its sentence, case aside; -1 when it is not. */
const placeInSentence = (c: Candidate): number => (c.text.length > 1 && c.sentence ? c.sentence.toLowerCase().indexOf(c.text.toLowerCase()) : -1);

/** The punctuation that closes a clause of a sentence. */
const CLAUSE_END = /[,;:()[\]]|\s[-–]\s/g;

const predicates = new WeakMap<AnswerContext, Set<string>>();
/** Stems of the question's content verbs (what its predicate says), once per question. */
function predicateStems(ctx: AnswerContext): Set<string> {
  let got = predicates.get(ctx);
  if (!got) {
    const clause = askedClause(ctx);
    // (with the word the wh-phrase's clause reads as its verb, however it is tagged: "which macro conveys the ...")
    const verbs = ctx.q.tags.filter((t, i) => t.pos === 'VERB' || i === clause.verb).flatMap((t) => contentStems(t.text));
    predicates.set(ctx, (got = new Set(verbs.filter((v) => ctx.qContent.has(v) && !ctx.phraseStems.has(v)))));
  }
  return got;
}

/** The content stems of the clause around sentence[at, end) (from the clause end before it to the one after it), less that span. */
function clauseWordsAround(sentence: string, at: number, end: number): string[] {
  let from = 0;
  let to = sentence.length;
  for (const m of sentence.matchAll(CLAUSE_END)) {
    if (m.index! + m[0].length <= at) from = m.index! + m[0].length;
    else if (m.index! >= end) {
      to = m.index!;
      break;
    }
  }
  return contentStems(`${sentence.slice(from, at)} ${sentence.slice(end, to)}`);
}

/**
 * The clause of its sentence a candidate stands in (from the clause end before it to the one after
 * it), less the candidate's own words: how much of the question it holds, and whether it holds one of
 * the question's verbs. 0 when the candidate is not written in its sentence as read.
 */
export function clauseFeatures(c: Candidate, ctx: AnswerContext): { clauseMatch: number; clausePredicate: number } {
  const sentence = c.sentence ?? '';
  const at = placeInSentence(c);
  if (at < 0) return { clauseMatch: 0, clausePredicate: 0 };
  const end = at + c.text.length;
  const stems = clauseWordsAround(sentence, at, end);
  const verbs = predicateStems(ctx);
  return { clauseMatch: coverage(ctx.distinctive, stems), clausePredicate: bool(stems.some((x) => verbs.has(x))) };
}

/** What the question's wh-phrase is in its clause (askedClause). */
interface AskedClause {
  /** The subject when the wh-phrase is the verb's subject ("which RFC defines ...", "which port is used ..."), the object when another subject follows it ("what does X define", "which port should X use"); null otherwise (a copula, no verb). */
  role: 'subject' | 'object' | null;
  /** The object is asked with do-support ("what does X define"). */
  doSupport: boolean;
  /** The question's verb whose argument is asked (an index into its tags; -1 when none). */
  verb: number;
  /** Where the wh-phrase ends (the index of the first tag after it). */
  phraseEnd: number;
  /** The verb is in the passive ("which port is used by X"): its grammatical subject is what an active sentence writes after its verb. */
  passive: boolean;
}

/** Words that make a name of several tokens when they join two without spaces ("Widget-Rate-Kind", "G.7", "X/Y"). */
const NAME_JOINERS = new Set(['-', '.', '/', '_', ':']);
/** The parts of speech a wh-phrase is made of ("which new table", "what G.7 macro"). */
const PHRASE_POS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM']);
/** Forms of "be": after one, a participle is a passive, a noun phrase a copula's complement. */
const BE_FORMS = /^(?:is|are|was|were|be|been|being|'s|'re)$/;
/** Auxiliaries that, inverted before a subject, ask the object ("which port should the server use", "what has X added"). */
const INVERTING_AUX = /^(?:can|could|should|must|may|might|will|would|shall|has|have|had|do|does|did)$/;
const NO_CLAUSE: AskedClause = { role: null, doSupport: false, verb: -1, phraseEnd: -1, passive: false };

const clauses = new WeakMap<AnswerContext, AskedClause>();
/**
 * What the question's wh-word stands for in its clause, and which of its words is the verb it is an
 * argument of. The wh-phrase runs over determiners, adjectives, nouns and numbers, and over a name written
 * with inner punctuation ("which Widget-Rate-Kind value", "which G.7 macro": one word however its parts are
 * tagged); a noun right before a determiner ends it and is its verb (a verb's "-s" read as a plural: "which macro
 * conveys the ..."). Then: a verb, or an auxiliary and a verb, makes the wh-phrase the subject (passive after a
 * form of "be": "which port is used by X"); an inverted auxiliary and a noun phrase make it the object ("what
 * does X define", "which port should X use"); anything else (a copula's complement, no verb) places it nowhere.
 */
function askedClause(ctx: AnswerContext): AskedClause {
  let got = clauses.get(ctx);
  if (got) return got;
  got = NO_CLAUSE;
  const tags = ctx.q.tags;
  const wh = tags.findIndex((t) => /^(?:what|which|who|whom)$/.test(t.lower));
  if (wh >= 0) {
    let j = wh + 1;
    let nounVerb = false;
    while (j < tags.length) {
      const t = tags[j];
      if (t.pos === 'PUNCT' && NAME_JOINERS.has(t.text) && j > wh + 1 && j + 1 < tags.length && tags[j + 1].pos !== 'PUNCT') {
        j += 2;
        continue;
      }
      if (!PHRASE_POS.has(t.pos)) break;
      if (t.pos === 'NOUN' && j > wh + 1 && tags[j + 1]?.pos === 'DET' && PHRASE_POS.has(tags[j - 1].pos)) {
        nounVerb = true;
        break;
      }
      j++;
    }
    const next = tags[j];
    // the verb after an inverted auxiliary's subject: the first verb, or the noun phrase's last noun where a preposition,
    // a determiner or the end follows it ("which channel should the relay use for ...": a bare verb read as a noun)
    const firstVerbAfter = (k: number) => {
      for (let i = k; i < tags.length; i++) {
        if (tags[i].pos === 'VERB') return i;
        if (!PHRASE_POS.has(tags[i].pos) && tags[i].pos !== 'PRON') break;
        const after = tags[i + 1];
        if (
          tags[i].pos === 'NOUN' &&
          i > k &&
          ['NOUN', 'PROPN'].includes(tags[i - 1].pos) &&
          (!after || ['ADP', 'SCONJ', 'PUNCT', 'DET', 'PART', 'ADV'].includes(after.pos))
        )
          return i;
      }
      while (k < tags.length && tags[k].pos !== 'VERB') k++;
      return k < tags.length ? k : -1;
    };
    if (nounVerb || next?.pos === 'VERB') got = { role: 'subject', doSupport: false, verb: j, phraseEnd: j, passive: false };
    else if (next?.pos === 'AUX') {
      let k = j;
      let be = false;
      for (; k < tags.length && (tags[k].pos === 'AUX' || tags[k].pos === 'PART' || tags[k].pos === 'ADV'); k++) if (BE_FORMS.test(tags[k].lower)) be = true;
      const after = tags[k];
      if (after && (after.pos === 'VERB' || (be && after.pos === 'ADJ' && /(?:ed|en)$/.test(after.lower))))
        got = { role: 'subject', doSupport: false, verb: k, phraseEnd: j, passive: be };
      else if (after && INVERTING_AUX.test(next.lower) && ['DET', 'NOUN', 'PROPN', 'PRON', 'NUM', 'ADJ'].includes(after.pos))
        got = { role: 'object', doSupport: /^(?:do|does|did)$/.test(next.lower), verb: firstVerbAfter(k), phraseEnd: j, passive: false };
    }
  }
  clauses.set(ctx, got);
  return got;
}

/**
 * What the question's wh-word stands for in its clause (askedClause): the subject or the object of its verb,
 * null when the question places it nowhere or asks the subject of a passive (whose place in an active sentence
 * is after the verb: roleAgrees says nothing of it).
 */
function askedRole(ctx: AnswerContext): 'subject' | 'object' | null {
  const clause = askedClause(ctx);
  return clause.passive ? null : clause.role;
}

const verbBefore = new Map<string, boolean>();
/** Whether a verb stands in a text (the part of a sentence before a candidate), cached by text. */
function holdsVerb(text: string): boolean {
  let got = verbBefore.get(text);
  if (got === undefined) {
    got = posTags(text).some((t) => t.pos === 'VERB');
    if (verbBefore.size > 50_000) verbBefore.clear();
    verbBefore.set(text, got);
  }
  return got;
}

/** 1 when the candidate stands in its sentence where the question's wh-word stands in the question (subject or object). */
function roleAgrees(c: Candidate, ctx: AnswerContext): number {
  const role = askedRole(ctx);
  if (!role) return 0;
  const at = placeInSentence(c);
  if (at < 0) return 0;
  const candidateRole = holdsVerb(c.sentence!.slice(0, at)) ? 'object' : 'subject';
  return bool(candidateRole === role);
}

/** log(1 + how many other retrieved passages write a short candidate's text as whole words). */
export function passageAgreement(c: Candidate, ctx: AnswerContext): number {
  const text = c.text.trim();
  if (text.length < 2 || text.split(/\s+/).length > 8) return 0;
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(text)}(?![\\p{L}\\p{N}])`, 'iu');
  return Math.log1p(ctx.passages.filter((p) => p.id !== c.passageId && re.test(p.text)).length);
}

/** At most this many words a candidate has for passageRepeats to count it (a term, not a phrase). */
const REPEAT_WORDS = 3;

/**
 * log(1 + how many more times a short candidate's own passage writes it as whole words, case aside), for value and
 * definition questions (0 for the rest, for a longer candidate, and for one its passage does not write).
 */
export function passageRepeats(c: Candidate, ctx: AnswerContext): number {
  if (!ctx.numeric && ctx.type.type !== 'definition') return 0;
  const text = c.text.trim();
  const passage = c.passageId === null ? undefined : ctx.passageById.get(c.passageId);
  if (!passage || text.length < 2 || text.split(/\s+/).length > REPEAT_WORDS) return 0;
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(text)}(?![\\p{L}\\p{N}])`, 'giu');
  const times = passage.text.match(re)?.length ?? 0;
  return Math.log1p(Math.max(0, times - 1));
}

/** At most this many words stand between a candidate and the verb whose role it fills. */
const ROLE_GAP = 8;

/** A form of "be" (and adverbs) right before a verb: the verb is a passive participle ("is sent", "are not always used"). */
const PASSIVE_BEFORE = /\b(?:is|are|was|were|be|been|being)\s+(?:(?:not|also|only|then|\w+ly)\s+)*$/i;
/** Whether the verb at sentence[at] is in the passive. */
const passiveAt = (sentence: string, at: number): boolean => PASSIVE_BEFORE.test(sentence.slice(Math.max(0, at - 60), at));

/** The occurrences of the question's verbs (by stem) in a sentence, each with whether the sentence writes it in the passive. */
function verbsInSentence(sentence: string, ctx: AnswerContext): { start: number; end: number; passive: boolean }[] {
  const verbs = predicateStems(ctx);
  if (!verbs.size) return [];
  return tokenize(sentence)
    .filter((t) => verbs.has(stem(t.text)))
    .map((t) => ({ start: t.start, end: t.end, passive: passiveAt(sentence, t.start) }));
}

/** The side of a sentence's verb that the asked role falls on: the question's, or the other one where one of the two is passive and the other not ("what does X send" over "M is sent by X"). */
const sideIn = (role: 'subject' | 'object', questionPassive: boolean, sentencePassive: boolean): 'subject' | 'object' =>
  questionPassive === sentencePassive ? role : role === 'subject' ? 'object' : 'subject';

/**
 * 1 when the candidate stands on the side of one of the question's verbs (by stem) in its sentence that the
 * question's wh-word asks (askedClause: before it for a subject, after it for an object; the other side when the
 * question or the sentence, not both, writes the verb in the passive), within ROLE_GAP words and with no clause
 * break between (a subject's apposition may close with a comma: "A macro, M, is used to ...").
 */
function fillsRole(c: Candidate, ctx: AnswerContext): number {
  const clause = askedClause(ctx);
  const at = placeInSentence(c);
  if (!clause.role || at < 0) return 0;
  const sentence = c.sentence!;
  const end = at + c.text.length;
  for (const t of verbsInSentence(sentence, ctx)) {
    const role = sideIn(clause.role, clause.passive, t.passive);
    if (role === 'subject' && t.start >= end) {
      const between = sentence.slice(end, t.start);
      if (tokenize(between).length <= ROLE_GAP && !/[;:.()]/.test(between) && !/,/.test(between.replace(/^\s*,/, ''))) return 1;
    } else if (role === 'object' && t.end <= at) {
      const between = sentence.slice(t.end, at);
      if (tokenize(between).length <= ROLE_GAP && !/[,;:.()]/.test(between)) return 1;
    }
  }
  return 0;
}

/** The share of a candidate's content words (three or more) the question already writes; 0 for a shorter candidate. */
function restates(c: Candidate, ctx: AnswerContext): number {
  const stems = new Set(contentStems(c.text));
  if (stems.size < 3) return 0;
  let held = 0;
  for (const x of stems) if (ctx.qContent.has(x)) held++;
  return held / stems.size;
}

/** Whether the question asks for a document ("which RFC", "which document", "which specification"). */
const asksDocument = (ctx: AnswerContext): boolean => ctx.q.whichDocument || (!!ctx.type.head && DOCUMENT_NOUNS.has(ctx.type.head));

const namedKeys = new WeakMap<AnswerContext, Set<string>>();
/** Designation keys of the documents a question names: written in it, or named by title words (once per question). */
function namedDesignations(ctx: AnswerContext): Set<string> {
  let got = namedKeys.get(ctx);
  if (!got) {
    got = new Set(ctx.q.designations.map((d) => citedDesignation(d)).filter((d): d is string => !!d));
    for (const p of ctx.passages) {
      const own = ctx.namedDocuments.has(p.documentId) ? ownDesignation(p.document) : null;
      if (own) got.add(own);
    }
    namedKeys.set(ctx, got);
  }
  return got;
}

/**
 * A candidate's passage and the designation it stands for: its own passage's document for a document
 * candidate, else the designation its text writes (null for neither).
 */
function designationOf(c: Candidate, ctx: AnswerContext) {
  const passage = c.passageId === null ? undefined : ctx.passageById.get(c.passageId);
  const isDocument = c.source === 'document';
  const key = isDocument && passage ? ownDesignation(passage.document) : citedDesignation(c.text);
  return { passage, isDocument, key };
}

/**
 * What a candidate says of a document's identity: whether it is a designation while a document is
 * asked for, whether it designates its own passage's document or one the question names, how much of
 * the question the own document's title holds, and how much of it the clause citing a designation holds.
 */
function identityFeatures(
  c: Candidate,
  ctx: AnswerContext,
): {
  designationAsked: number;
  ownDesignation: number;
  designatesNamed: number;
  documentTitleMatch: number;
  citationClauseMatch: number;
  citedTitleMatch: number;
} {
  const { passage, isDocument, key } = designationOf(c, ctx);
  const own = passage && !isDocument && key ? ownDesignation(passage.document) : null;
  const asked = ctx.allTerms.filter((t) => !ctx.phraseStems.has(t.stem));
  return {
    designationAsked: bool(asksDocument(ctx) && (isDocument || !!key)),
    ownDesignation: bool(!!own && own === key),
    designatesNamed: bool(!!key && namedDesignations(ctx).has(key)),
    documentTitleMatch: isDocument && passage ? coverage(asked, contentStems(titleWords(passage.document))) : 0,
    citationClauseMatch: key && !isDocument ? citationClause(c, ctx) : 0,
    citedTitleMatch: key && !isDocument ? citedTitle(c, ctx) : 0,
  };
}

/** How provably a candidate is the asked document: 0 unless a document is asked and it is a designation or the own document. */
export function documentEvidence(c: Candidate, ctx: AnswerContext): number {
  const f = identityFeatures(c, ctx);
  return f.designationAsked ? Math.max(f.documentTitleMatch, f.citationClauseMatch, f.citedTitleMatch) : 0;
}

/** A quoted title ("...", “...”) of eight characters or more. */
const QUOTED_TITLE = /"([^"]{8,})"|\u201c([^\u201d]{8,})\u201d/g;

/**
 * A designation in a reference-list entry (authors, then the cited title in quotes, then its designations):
 * the share of the question's distinctive words that the title quoted before it holds.
 */
function citedTitle(c: Candidate, ctx: AnswerContext): number {
  const at = placeInSentence(c);
  if (at < 0) return 0;
  let title: string | null = null;
  for (const m of c.sentence!.slice(0, at).matchAll(QUOTED_TITLE)) title = m[1] ?? m[2];
  return title ? coverage(ctx.distinctive, contentStems(title)) : 0;
}

/** The share of the question's distinctive words in the clause of its sentence that a designation stands in, its brackets read as part of it. */
function citationClause(c: Candidate, ctx: AnswerContext): number {
  const sentence = c.sentence ?? '';
  let at = placeInSentence(c);
  if (at < 0) return 0;
  let end = at + c.text.length;
  while (at > 0 && /[[(]/.test(sentence[at - 1])) at--;
  while (end < sentence.length && /[\])]/.test(sentence[end])) end++;
  return coverage(ctx.distinctive, clauseWordsAround(sentence, at, end));
}

/**
 * Definitions: how the term a candidate's sentence defines (its words before the defining verb or the
 * colon of a term line, a determiner aside) fits the asked term (definitions.ts termFit): 1 the same term by
 * lemma, or an acronym and its expansion ("WTP" and "Widget Transport Protocol (WTP)"); 0.5 the asked term
 * with at most two more words; 0 another term, or none the sentence opens with.
 */
export function definedTerm(c: Candidate, ctx: AnswerContext): number {
  const subject = ctx.subjectStems;
  if (ctx.type.type !== 'definition' || !subject.length || !ctx.type.subject || !c.sentence) return 0;
  const sentence = c.sentence;
  const verb = DEFINING_VERB.exec(sentence);
  const colon = sentence.indexOf(':');
  const cut = Math.min(verb ? verb.index : Infinity, colon >= 0 ? colon : Infinity);
  if (!Number.isFinite(cut)) return 0;
  const term = sentence
    .slice(0, cut)
    .trim()
    .replace(/^(?:the|a|an|this|these)\s+/i, '');
  if (!term || term.split(/\s+/).length > 8) return 0;
  return termFit(term, subject, ctx.type.subject);
}

const sentenceStems = new WeakMap<AnswerContext, Map<string, Set<string>>>();
/** The content stems of a candidate's sentence, once per sentence and question. */
function stemsOfSentence(ctx: AnswerContext, sentence: string): Set<string> {
  let byText = sentenceStems.get(ctx);
  if (!byText) sentenceStems.set(ctx, (byText = new Map()));
  let got = byText.get(sentence);
  if (!got) byText.set(sentence, (got = new Set(contentStems(sentence))));
  return got;
}

/** An answer's words, lower case (letters and digits). */
export const answerWords = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
/** Whether the words `a` stand in `b` in a row. */
export function within(a: string[], b: string[]): boolean {
  if (!a.length || a.length > b.length) return false;
  for (let i = 0; i + a.length <= b.length; i++) if (a.every((w, j) => b[i + j] === w)) return true;
  return false;
}
/** Whether two answers are one answer in two forms: the words of one stand in a row in the other. */
export const consistentAnswers = (a: string, b: string): boolean => {
  const x = answerWords(a);
  const y = answerWords(b);
  return within(x, y) || within(y, x);
};

/** Whether a candidate's text is a bridge (the same words, or the bridge's words with at most two more), or a designation of it. */
function isBridgeText(text: string, bridge: { term: string; reference: boolean }): boolean {
  if (bridge.reference) {
    const key = citedDesignation(text);
    return !!key && key === citedDesignation(bridge.term);
  }
  const own = answerWords(text);
  const term = answerWords(bridge.term);
  return within(own, term) || (within(term, own) && own.length <= term.length + 2);
}

/** Whether a sentence writes a bridge: its term as whole words (case aside), or a designation of the same document. */
function writesBridge(sentence: string, bridge: { term: string; reference: boolean }): boolean {
  if (bridge.reference) {
    const key = citedDesignation(bridge.term);
    return !!key && designationsIn(sentence).some((d) => citedDesignation(d) === key);
  }
  return within(answerWords(bridge.term), answerWords(sentence));
}

/**
 * What a two-passage question's candidate owes to the second hop (all 0 for a question of one passage):
 * whether its passage was found by the hop (and in another document than the first passage's), whether a
 * followed bridge was read from it, whether its sentence names a bridge or it is one, and how much of the
 * asking sentence's words and of the describing sentences' own words its sentence holds. The answer is an
 * attribute of the thing reached, asked by the asking sentence; the describing sentences' words mark the
 * passage that only leads to it.
 */
function hopFeatures(
  c: Candidate,
  ctx: AnswerContext,
): { hopPassage: number; hopElsewhere: number; bridgeSource: number; namesBridge: number; isBridge: number; askingMatch: number; describingMatch: number } {
  const hop = ctx.hop;
  if (!hop) return { hopPassage: 0, hopElsewhere: 0, bridgeSource: 0, namesBridge: 0, isBridge: 0, askingMatch: 0, describingMatch: 0 };
  const passage = c.passageId === null ? undefined : ctx.passageById.get(c.passageId);
  const found = passage ? (hop.found.get(passage.id) ?? 0) : 0;
  const first = ctx.passages[0];
  const isBridge = hop.bridges.some((b) => isBridgeText(c.text, b));
  const stems = c.sentence ? stemsOfSentence(ctx, c.sentence) : new Set<string>();
  return {
    hopPassage: found,
    hopElsewhere: bool(found > 0 && !!first && passage!.documentId !== first.documentId),
    bridgeSource: bool(!!passage && hop.sources.has(passage.id)),
    namesBridge: bool(!isBridge && !!c.sentence && hop.bridges.some((b) => writesBridge(c.sentence!, b))),
    isBridge: bool(isBridge),
    askingMatch: coverage(hop.askingTerms, stems),
    describingMatch: coverage(hop.describingTerms, stems),
  };
}

/** Words that, before the asked document noun, ask for one that came before the document named ("which earlier RFC"). */
const EARLIER = new Set(['earlier', 'previous', 'prior', 'older', 'original', 'preceding', 'former']);
const citedAsks = new WeakMap<AnswerContext, boolean>();
/**
 * Whether a which-document question asks for a document that the document it names cites, updates or
 * obsoletes: the asked phrase is its verb's object ("which RFC does X update"), its subject in the passive
 * ("which RFC is obsoleted by X"), a participle with "by" qualifies what is asked ("which RFC, cited by
 * X, defines ..."), or a word before the asked noun says it came earlier ("which earlier RFC").
 */
export function asksCitedDocument(ctx: AnswerContext): boolean {
  let got = citedAsks.get(ctx);
  if (got === undefined) {
    got = false;
    if (asksDocument(ctx)) {
      const tags = ctx.q.tags;
      const wh = tags.findIndex((t) => /^(?:what|which)$/.test(t.lower));
      let j = wh + 1;
      while (wh >= 0 && j < tags.length && ['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM'].includes(tags[j].pos)) j++;
      // (a comparative before the asked noun may be tagged an adverb, which ends the phrase above)
      const phrase = wh >= 0 ? tags.slice(wh + 1, Math.max(j, wh + 3)) : [];
      const passive = tags[j]?.pos === 'AUX' && !/^(?:do|does|did)$/.test(tags[j].lower) && tags[j + 1]?.pos === 'VERB' && /ed$/.test(tags[j + 1].lower);
      const byAgent = tags.some((t, i) => i > j && t.pos === 'VERB' && /ed$/.test(t.lower) && tags[i + 1]?.lower === 'by');
      const clause = askedClause(ctx);
      got = (clause.role === 'object' && clause.doSupport) || passive || byAgent || phrase.some((t) => EARLIER.has(t.lower));
    }
    citedAsks.set(ctx, got);
  }
  return got;
}

/** citedAskedNamed and citedAskedCited of a candidate (0 unless the question asks for a document the named one cites). */
function citedFeatures(c: Candidate, ctx: AnswerContext): { citedAskedNamed: number; citedAskedCited: number } {
  if (!asksCitedDocument(ctx)) return { citedAskedNamed: 0, citedAskedCited: 0 };
  const { passage, isDocument, key } = designationOf(c, ctx);
  const named = (isDocument && !!passage && ctx.namedDocuments.has(passage.documentId)) || (!!key && namedDesignations(ctx).has(key));
  const own = !!passage && (isDocument || (!!key && key === ownDesignation(passage.document)));
  return { citedAskedNamed: bool(named), citedAskedCited: bool(((!!key && !own) || relationListed(c)) && !named) };
}

/** The header fields that list the documents a document updates or obsoletes ("Updates: 2866"). */
const RELATION_FIELDS = new RegExp(
  `\\b(?:${HEADER_FIELDS.filter((f) => f.key === 'updates' || f.key === 'obsoletes')
    .map((f) => f.label)
    .join('|')}):`,
  'i',
);
/** A number its sentence lists in a header field naming the documents its document updates or obsoletes ("Updates: 2866, 2869"). */
function relationListed(c: Candidate): boolean {
  const text = c.text.trim();
  if (!/^\d{1,5}$/.test(text) || !c.sentence) return false;
  for (const line of c.sentence.split('\n')) {
    const m = RELATION_FIELDS.exec(line);
    if (m && new RegExp(`(?<![\\d.])${text}(?![\\d.])`).test(line.slice(m.index + m[0].length).split(/\s{2,}/)[0])) return true;
  }
  return false;
}

/** A modal verb or a capitalised requirement keyword: a coordination followed by one joins clauses, not the members of a phrase. */
const MODAL_WORD = /\b(?:MUST|SHALL|SHOULD|MAY|REQUIRED|must|shall|should|may|can|cannot|will)\b/;

/** Where a candidate stands in the requirement, the coordination and the condition of its sentence (actorAsked, actorOther, conjunctCut, conditionAsked). */
function requirementPlace(c: Candidate, ctx: AnswerContext): { actorAsked: number; actorOther: number; conjunctCut: number; conditionAsked: number } {
  const sentence = c.sentence ?? '';
  const at = c.source === 'requirement' ? -1 : placeInSentence(c);
  if (at < 0) return { actorAsked: 0, actorOther: 0, conjunctCut: 0, conditionAsked: 0 };
  const end = at + c.text.length;
  const party = ctx.q.yesNo ? { actorAsked: 0, actorOther: 0 } : candidateParty(ctx, sentence, at);
  // the rest of its clause after a coordinating word that follows it, or a coordinating word right before it
  const after = /^,?\s+(?:and|or|nor)\s+(.*)$/s.exec(sentence.slice(end));
  const joinedAfter = !!after && !MODAL_WORD.test(after[1].split(/[;:]|\.\s|,\s/)[0]);
  const joinedBefore = /(?:\w\s+(?:and|or|nor)|\b(?:both|either|neither))\s+$/i.test(sentence.slice(0, at));
  let conditionAsked = 0;
  if (ctx.q.asksCondition) {
    const cond = conditionOf(sentence);
    const from = cond ? sentence.indexOf(cond.body) : -1;
    if (cond && from >= 0) {
      const overlap = Math.min(end, from + cond.body.length) - Math.max(at, from);
      conditionAsked = bool(overlap >= Math.min(c.text.length, cond.body.length) / 2);
    }
  }
  return { ...party, conjunctCut: bool(joinedAfter || joinedBefore), conditionAsked };
}

let ablated: ReadonlySet<string> = new Set();
/**
 * Features that read 0 from now on (none: all read), for measuring what a feature adds on the training
 * folds (scripts/fit-answers.ts --without); the product never sets it.
 */
export function ablateFeatures(names: readonly string[]): void {
  ablated = new Set(names);
  generation++;
}

/** Whether a feature is read as 0 (ablateFeatures). */
export const isAblated = (name: string): boolean => ablated.has(name);

let generation = 0;
/** Changes whenever the features read change (ablateFeatures): a cache of feature vectors keys on it. */
export const featureGeneration = () => generation;

/** The feature vector of one candidate (support: how many other places gave the same text; alsoPath: a path end did). */
export function candidateFeatures(c: Candidate, ctx: AnswerContext, support = 0, alsoPath = false): number[] {
  const m = c.measures;
  const values: Record<string, number> = {
    match: m.match ?? 0,
    passageMatch: m.passageMatch ?? 0,
    passageRank: c.passageRank === null ? 0 : 1 / (1 + c.passageRank),
    sentenceRank: m.sentenceRank ?? 0,
    titleMatch: c.passageId === null ? 0 : titleMatch(ctx, c.passageId),
    typeAgrees: m.typeAgrees ?? 1,
    typeClash: bool(typeClash(c.text, ctx.type.type)),
    specific: bool(m.specificity === 'specific'),
    loose: bool(m.specificity === 'loose'),
    near: m.near ?? 0,
    local: m.local ?? 0,
    novel: m.novel ?? 0,
    headAdjacent: m.headAdjacent ?? 0,
    phraseAdjacent: m.phraseAdjacent ?? 0,
    labelled: m.labelled ?? 0,
    polarityMismatch: m.polarityMismatch ?? 0,
    excluded: m.excluded ?? 0,
    glued: m.glued ?? 0,
    citedReference: m.citedReference ?? 0,
    inList: m.inList ?? 0,
    itemShare: m.itemShare ?? 0,
    bracketAsked: m.bracketAsked ?? 0,
    bracketOther: m.bracketOther ?? 0,
    place: m.place ?? 0,
    doer: m.doer ?? 0,
    subjectFirst: m.subjectFirst ?? 0,
    subjectShare: m.subjectShare ?? 0,
    namingMatch: m.namingMatch ?? 0,
    graphLabel: m.graphLabel ?? 0,
    pathScore: m.pathScore ?? 0,
    inQuestion: m.inQuestion ?? 0,
    headIsQuestionNoun: m.headIsQuestionNoun ?? 0,
    expansionAsked: m.expansionAsked ?? 0,
    namedDocument: m.namedDocument ?? 0,
    ownDocument: m.ownDocument ?? 0,
    modalityMatch: m.modalityMatch ?? 0,
    keyword: m.keyword ?? 0,
    polarityShare: m.polarityShare ?? 0,
    shapeFit: bool(shapeFits(c.text, ctx.type.type)),
    words: Math.log1p(c.text.trim().split(/\s+/).length),
    ...clauseFeatures(c, ctx),
    passageAgreement: passageAgreement(c, ctx),
    roleAgrees: roleAgrees(c, ctx),
    support: Math.log1p(support),
    alsoPath: bool(alsoPath && c.source !== 'path'),
    termIsHeading: bool(c.source === 'glossary' && SECTION_NUMBERED.test(c.sentence ?? '')),
    opensWithFrame: bool(ctx.type.type === 'definition' && opensWithFrame(c.text)),
    ...measureFeatures(c, ctx),
    abbreviated: m.abbreviated ?? 0,
    requirementStated: m.requirementStated ?? 0,
    definitionPhrase: bool(ctx.type.type === 'definition' && isNounPhrase(c.text)),
    modalityAsked: bool(!ctx.q.yesNo && !!ctx.q.modality && !!c.sentence && statedModalities(c.sentence).has(ctx.q.modality)),
    ...identityFeatures(c, ctx),
    definedTerm: definedTerm(c, ctx),
    definesAsked: m.definesAsked ?? 0,
    definesOther: m.definesOther ?? 0,
    definesWhat: m.definesWhat ?? 0,
    describedBy: m.describedBy ?? 0,
    ...hopFeatures(c, ctx),
    ...citedFeatures(c, ctx),
    requirementMatch: m.requirementMatch ?? 0,
    requirementActor: m.requirementActor ?? 0,
    requirementVerb: m.requirementVerb ?? 0,
    ...requirementPlace(c, ctx),
    ...valueFeatures(c, ctx),
    ...boundFeatures(c, ctx),
    ...limitFeatures(c, ctx),
    ...shapeFeatures(c, ctx),
    clauseAsked: m.clauseAsked ?? 0,
    hostMatch: m.hostMatch ?? 0,
    restates: restates(c, ctx),
    fillsRole: fillsRole(c, ctx),
    unitWritten: unitWritten(c, ctx),
    passageRepeats: passageRepeats(c, ctx),
    labelAsked: labelAsked(c, ctx),
  };
  for (const s of CANDIDATE_SOURCES) values[`source:${s}`] = bool(c.source === s);
  return CANDIDATE_FEATURES.map((f) => (ablated.has(f) ? 0 : values[f]));
}
