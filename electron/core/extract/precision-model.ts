// A triple's precision beyond its rule: a logistic model over the rule's fitted precision, the
// triple's shape (a general end, how many content words each end has, the relation's length, ...) and
// its context in the document (extract/precision-context.ts: section and sentence kind, how salient
// each end is), fitted on the TRAINING editor judgments by scripts/judgments/fit-precision.ts into
// precision-model.json, which names the features it uses (chosen there by cross-validation by document). It replaced per-rule precision because
// it ranked the validation judgments better (docs/extraction.md, "Rules and precision").
import fitted from './precision-model.json' with { type: 'json' };
import {
  BE,
  CHAIN_PREPOSITIONS,
  COORDINATORS,
  DEMONSTRATIVES,
  DO,
  EXEMPLIFYING_OPENERS,
  FUNCTION_WORDS,
  HAVE,
  LIGHT_NOUNS,
  LIGHT_VERBS,
  LINKING_VERBS,
  MODAL_VERBS,
  NEGATION,
  ARTICLES,
  QUANTIFIERS,
  RELATIVE_PRONOUNS,
  UNASSERTED_OPENERS,
} from '../nlp/lexicon';
import { stem } from '../nlp/morphology';
import { wordNet } from '../nlp/wordnet';
import { RULE_PRECISION, ruleFamily, triplePrecision, type PrecisionTable } from './precision';
import { headWord, relationMainStem, sentenceKind, type TripleContext } from './precision-context';

/** What the model reads of a triple besides its rules. */
export interface TripleShape {
  subject: string;
  relation: string;
  object: string;
  /** The evidence sentence. */
  sentence: string;
  /** The rule ids that made and shaped it (its first decides the rule precision). */
  rules?: readonly string[];
  /** It is claimed under a condition (its meta.condition qualifier). */
  conditional?: boolean;
  /** Its other qualifiers (meta.negated, meta.only, meta.quantity, meta.modality) are present. */
  qualifiers?: TripleQualifierFlags;
  /** What the relation form kept apart from the relation (read from its meta by relationQualifierFlags); absent, those features sit at their mean. */
  relationQualifiers?: RelationQualifierFlags;
  /** Its document and sentence (extract/precision-context.ts); absent, those features sit at their mean. */
  context?: TripleContext;
}

/** Which qualifiers a triple carries besides its condition (read from its meta by qualifierFlags). */
export interface TripleQualifierFlags {
  negated?: boolean;
  only?: boolean;
  quantity?: boolean;
  modality?: boolean;
}

/**
 * What the relation form (classic/relation-form.ts) kept apart from a triple's relation: a preposition of
 * place, time, manner or role (meta.preposition: "described" with "in") and a catenative verb before its
 * infinitive (meta.catenative: "used to", "capable of").
 */
export interface RelationQualifierFlags {
  preposition: boolean;
  catenative: boolean;
  /** The relation is a passive written as its verb's lemma (meta.voice "passive"). */
  passive?: boolean;
}

/** The relation qualifier flags of a triple's meta or a stored triple's qualifiers (the keys are the same). */
export function relationQualifierFlags(meta: Record<string, unknown> | undefined): RelationQualifierFlags {
  const said = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  return { preposition: said(meta?.preposition), catenative: said(meta?.catenative), passive: meta?.voice === 'passive' };
}

/** The qualifier flags of a triple's meta (the extractor's) or its qualifiers (a stored triple's): the keys are the same. */
export function qualifierFlags(meta: Record<string, unknown> | undefined): TripleQualifierFlags {
  const said = (v: unknown) => v === true || (typeof v === 'string' && v.trim() !== '');
  return { negated: meta?.negated === true, only: meta?.only === true, quantity: said(meta?.quantity), modality: said(meta?.modality) };
}

const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
const contentWords = (s: string) => words(s).filter((w) => !FUNCTION_WORDS.has(w) && !DEMONSTRATIVES.has(w));
/** The sentence holds a word opening a condition or a supposition ("if", "unless", ...). */
const conditionOpenerIn = (sentence: string) => words(sentence).some((w) => UNASSERTED_OPENERS.has(w));
const logit = (p: number) => Math.log(p / (1 - p));
const flag = (b: boolean | undefined) => (b ? 1 : 0);

/** An end that names nothing precise: no content word (a pronoun), or one lower-case or light noun alone. */
export function generalEnd(end: string): boolean {
  const content = contentWords(end);
  if (content.length === 0) return true;
  return content.length === 1 && (LIGHT_NOUNS.has(content[0]) || end.trim() === end.trim().toLowerCase());
}

/** The share of an end's content words that its evidence sentence holds as words (an end the reading garbled or rebuilt holds fewer). */
function shareInSentence(end: string, sentence: string): number {
  const content = contentWords(end);
  if (!content.length) return 1;
  const said = new Set(words(sentence));
  return content.filter((w) => said.has(w)).length / content.length;
}

/** The end, as written in the sentence, runs on into a coordination ("X and Y" read as X alone). */
function cutBeforeConjunction(end: string, sentence: string): boolean {
  const endWords = words(end);
  const said = words(sentence);
  if (!endWords.length) return false;
  for (let i = 0; i + endWords.length < said.length; i++)
    if (endWords.every((w, k) => said[i + k] === w) && COORDINATORS.has(said[i + endWords.length])) return true;
  return false;
}

/**
 * The word of the sentence right after an end, the end found by its words' stems (a label the
 * extractor singularised or lemmatised still matches): null when the sentence does not hold the end's
 * words in a row, '' when the end closes the sentence.
 */
function wordAfter(end: string, sentence: string): string | null {
  const endStems = words(end).map(stem);
  const said = words(sentence);
  const saidStems = said.map(stem);
  if (!endStems.length) return null;
  for (let i = 0; i + endStems.length <= said.length; i++) if (endStems.every((w, k) => saidStems[i + k] === w)) return said[i + endStems.length] ?? '';
  return null;
}

/** The end runs on in its sentence into a coordination or a prepositional complement ("X and Y", "X of Y" read as X): a cut argument. */
function runsOn(end: string, sentence: string): boolean {
  const next = wordAfter(end, sentence);
  return next !== null && (COORDINATORS.has(next) || CHAIN_PREPOSITIONS.has(next));
}

/** Words that open a subordinate or relative clause, for the sentence's clause depth. */
const CLAUSE_OPENERS = new Set(['which', 'that', 'who', 'whose', 'when', 'where', 'while', 'whereas', 'because', 'although', 'if', 'unless', 'since']);

/** Rules that read a subject out of a relative clause (the clause narrows a noun; its claim is often incidental). */
const RELATIVE_SUBJECT_RULES = ['subj.relative', 'subj.relative-complement', 'subj.reduced-relative'];

/** Rules that reshape a triple after it is read (a phrase or a condition moved onto an end): a sign of a hard sentence. */
const SHAPING_RULES = ['arg.trailing-phrase', 'emit.trailing-condition'];

/**
 * WordNet's lexicographer files of verbs (lexnames(5WN)) that tell an event, something an actor does
 * (29 body, 32 communication, 33 competition, 34 consumption, 35 contact, 36 creation, 38 motion, 41
 * social), and those that tell a state or a having (40 possession, 42 stative): a narrative step
 * against a definitional claim.
 */
const EVENT_VERB_LEXFILES = new Set([29, 32, 33, 34, 35, 36, 38, 41]);
const STATE_VERB_LEXFILES = new Set([40, 42]);
/** WordNet's lexicographer file of nouns naming a person (lexnames(5WN): 18 noun.person): a role or an actor. */
const NOUN_PERSON = 18;

const lexFileCache = new Map<string, number | null>();
/** The lexicographer file of a word's first sense in this part of speech (null: not in WordNet, or no WordNet). */
function firstSenseLexFile(word: string, pos: 'n' | 'v'): number | null {
  const key = `${pos}:${word}`;
  if (lexFileCache.has(key)) return lexFileCache.get(key)!;
  const wn = wordNet();
  const file = wn ? (wn.senses(word, { pos: [pos], maxSenses: 1 })[0]?.lexFile ?? null) : null;
  lexFileCache.set(key, file);
  return file;
}

/**
 * The lexicographer file of a relation's main verb: its first word, past the modals, negation and
 * auxiliaries, that WordNet knows as a verb; a relation of "be" or "have" alone is a state or a
 * having. Null when it has no verb (a pattern's relation, "length") or there is no WordNet.
 */
export function relationVerbLexFile(relation: string): number | null {
  if (!wordNet()) return null;
  const ws = words(relation);
  let auxiliary: number | null = null;
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i];
    if (MODAL_VERBS.has(w) || NEGATION.has(w) || DO.has(w) || w === 'not' || (i + 1 < ws.length && MODAL_VERBS.has(`${w} ${ws[i + 1]}`))) continue;
    if (BE.has(w)) {
      auxiliary ??= 42;
      continue;
    }
    if (HAVE.has(w)) {
      auxiliary ??= 40;
      continue;
    }
    if (FUNCTION_WORDS.has(w)) continue;
    const file = firstSenseLexFile(w, 'v');
    if (file !== null) return file;
  }
  return auxiliary;
}

const verbClass = (relation: string, files: Set<number>): number | null => {
  const file = relationVerbLexFile(relation);
  return file === null ? (wordNet() ? 0 : null) : flag(files.has(file));
};

/** The end's head word names a person by its first noun sense (a role or an actor: "user", "administrator"); null without WordNet. */
function personEnd(end: string): number | null {
  if (!wordNet()) return null;
  const head = headWord(end);
  return flag(head !== null && firstSenseLexFile(head, 'n') === NOUN_PERSON);
}

/** A list item's marker before a sentence ("1.", "(a)", "-", "o", "*", "Step 3:"). */
const STEP_MARKER = /^\s*(?:(?:step\s+)?\d+[.):]|\(?[a-z]\)|[-*•o])\s+/i;

/**
 * The sentence gives an instruction: it opens (past a list marker) with a bare verb that WordNet gives
 * more verb senses than noun senses ("Send", "Set" against "Access"), or it is a numbered step.
 */
export function instructionSentence(sentence: string): boolean | null {
  const wn = wordNet();
  if (!wn) return null;
  const stepped = STEP_MARKER.test(sentence) && /^\s*(?:step\s+)?\d/i.test(sentence);
  const first = words(sentence.replace(STEP_MARKER, ''))[0];
  if (!first) return stepped;
  const bare = wn.entry(first, 'v') !== null && wn.senses(first, { pos: ['v'] }).length > wn.senses(first, { pos: ['n'] }).length;
  return stepped || (bare && !FUNCTION_WORDS.has(first));
}

/**
 * How many words of the sentence run on after an end before a punctuation mark closes its phrase (the
 * end found by its words' stems, as wordAfter): a cut argument leaves its modifiers (a "with ..." phrase
 * or a "whose ..." clause after it) unread. Null when the sentence does not hold the end's words in a row.
 */
export function trailingWords(end: string, sentence: string): number | null {
  const endStems = words(end).map(stem);
  const tokens = sentence.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*|[,;:.()!?[\]"]/gu) ?? [];
  const stems = tokens.map((t) => (/^[\p{L}\p{N}]/u.test(t) ? stem(t) : t));
  if (!endStems.length) return null;
  for (let i = 0; i + endStems.length <= tokens.length; i++) {
    if (!endStems.every((w, k) => stems[i + k] === w)) continue;
    let n = 0;
    for (let j = i + endStems.length; j < tokens.length && /^[\p{L}\p{N}]/u.test(tokens[j]); j++) n++;
    return n;
  }
  return null;
}

/** The sentence, past a list marker, opens with a word that puts its claim under a condition ("if", "when", "unless"). */
function opensWithCondition(sentence: string): boolean {
  const first = words(sentence.replace(STEP_MARKER, ''))[0];
  return first !== undefined && UNASSERTED_OPENERS.has(first);
}

/** The adverbials of exemplification as this file reads words ("e.g." is "e", "g"). */
const EXAMPLE_MARKERS = EXEMPLIFYING_OPENERS.map((p) => words(p.join(' ')));

/** The sentence gives an example: it holds an adverbial of exemplification ("for example", "for instance") anywhere. */
function exemplifies(sentence: string): boolean {
  const ws = words(sentence);
  return ws.some((_, i) => EXAMPLE_MARKERS.some((p) => p.length > 0 && p.every((w, k) => ws[i + k] === w)));
}

/** The share of the sentence's characters an end spells (a long end read whole, a short one cut from a long sentence). */
const endShare = (end: string, sentence: string) => Math.min(1, end.length / Math.max(1, sentence.trim().length));

/** Where a triple's parts sit in its evidence sentence (indices of `tokens`; null: not found there). */
export interface SentenceLayout {
  /** The sentence's words and brackets and punctuation marks, lower-cased. */
  tokens: string[];
  /** The subject's run of tokens [start, end) (its words' stems in a row). */
  subject: [number, number] | null;
  /** The relation's first content word (past modals, auxiliaries and function words), found after the subject when it is found. */
  verb: number | null;
  /** The object's run [start, end), the first after the verb when the verb is found. */
  object: [number, number] | null;
}

const tokenise = (sentence: string) => sentence.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*|[,;:.()!?[\]"]/gu) ?? [];
const isWord = (t: string) => /^[\p{L}\p{N}]/u.test(t);

/** The first run of `needle`'s stems in `stems` at or after `from` (words only: a mark between them breaks the run). */
function findRun(needle: readonly string[], stems: readonly string[], from: number): [number, number] | null {
  if (!needle.length) return null;
  for (let i = Math.max(0, from); i + needle.length <= stems.length; i++) if (needle.every((w, k) => stems[i + k] === w)) return [i, i + needle.length];
  return null;
}

/** The words of a relation that carry its meaning: past modals, negation, auxiliaries and function words (all its words when none is left). */
function relationContent(relation: string): string[] {
  const ws = words(relation);
  const content = ws.filter((w) => !MODAL_VERBS.has(w) && !NEGATION.has(w) && !BE.has(w) && !HAVE.has(w) && !DO.has(w) && !FUNCTION_WORDS.has(w));
  return content.length ? content : ws;
}

/**
 * Where the subject, the relation's first content word and the object sit in the sentence, each found by
 * its words' stems (a label the extractor singularised or lemmatised still matches), in reading order
 * where the sentence allows it: the verb after the subject, the object after the verb.
 */
export function sentenceLayout(shape: Pick<TripleShape, 'subject' | 'relation' | 'object' | 'sentence'>): SentenceLayout {
  const tokens = tokenise(shape.sentence);
  const stems = tokens.map((t) => (isWord(t) ? stem(t) : t));
  const runOf = (end: string) => words(end).map(stem);
  const subject = findRun(runOf(shape.subject), stems, 0);
  const head = relationContent(shape.relation).map(stem)[0];
  const verbFrom = (from: number) => {
    const i = head === undefined ? -1 : stems.indexOf(head, from);
    return i >= 0 ? i : null;
  };
  const verb = (subject && verbFrom(subject[1])) ?? verbFrom(0);
  const object = (verb !== null ? findRun(runOf(shape.object), stems, verb + 1) : null) ?? findRun(runOf(shape.object), stems, 0);
  return { tokens, subject, verb, object };
}

/**
 * The subject, as the sentence writes it, opens the sentence: only function words (a clause opener among
 * them), demonstratives or quantifiers ("the", "each", "all") stand before it, past a list marker. The triple
 * reads the sentence's first noun phrase as its subject, where a sentence states what it is about, not a noun
 * phrase after an opening adverbial or clause, nor one from the sentence's tail. Null when the sentence does
 * not hold the subject's words in a row (a resolved pronoun, a rebuilt end).
 */
export function subjectOpensSentence(shape: Pick<TripleShape, 'subject' | 'relation' | 'object' | 'sentence'>): boolean | null {
  const layout = sentenceLayout({ ...shape, sentence: shape.sentence.replace(STEP_MARKER, '') });
  if (!layout.subject) return null;
  return layout.tokens
    .slice(0, layout.subject[0])
    .filter(isWord)
    .every((w) => FUNCTION_WORDS.has(w) || DEMONSTRATIVES.has(w) || QUANTIFIERS.has(w));
}

/** The triple's words (its three parts together) by their stems, as sentenceLayout matches them. */
const saidStems = (shape: Pick<TripleShape, 'subject' | 'relation' | 'object'>) =>
  new Set(words(`${shape.subject} ${shape.relation} ${shape.object}`).map(stem));

/** A content word of the sentence (not a function word, a demonstrative, an auxiliary, a modal or a negation). */
const contentToken = (t: string) =>
  isWord(t) && !FUNCTION_WORDS.has(t) && !DEMONSTRATIVES.has(t) && !BE.has(t) && !HAVE.has(t) && !DO.has(t) && !SINGLE_MODALS.has(t) && !NEGATION.has(t);

/**
 * The subject, as the sentence writes it, runs on into a content word the triple does not say: a post-modifier the
 * reading left out (a participle or a reduced relative clause: "the key used to ...", a noun the phrase goes on
 * into) or an adverbial between the subject and its verb, or the verb told of the subject is not the relation's.
 * The claim is made of a narrower or another subject than the triple's. Null when the sentence does not hold the
 * subject's words in a row.
 */
export function subjectRunsOnUnsaid(shape: Pick<TripleShape, 'subject' | 'relation' | 'object' | 'sentence'>): boolean | null {
  const layout = sentenceLayout(shape);
  if (!layout.subject) return null;
  const next = layout.tokens[layout.subject[1]];
  return next !== undefined && contentToken(next) && !saidStems(shape).has(stem(next));
}

/**
 * The share of the sentence's content words (by their stems) that the triple says: a triple that reads most of its
 * clause states what the sentence states; one that says a small part of a long sentence is a fragment of it.
 */
export function sentenceCoverage(shape: Pick<TripleShape, 'subject' | 'relation' | 'object' | 'sentence'>): number {
  const content = tokenise(shape.sentence).filter(contentToken);
  if (!content.length) return 1;
  const said = saidStems(shape);
  return content.filter((t) => said.has(stem(t))).length / content.length;
}

/** How many words the sentence holds after the object (null: the object not found): the sentence goes on past the claim (a second clause, an adjunct, a list). */
export function wordsAfterObject(layout: SentenceLayout): number | null {
  if (!layout.object) return null;
  return layout.tokens.slice(layout.object[1]).filter(isWord).length;
}

/** Words between two token positions (marks not counted). */
const wordsBetween = (tokens: readonly string[], from: number, to: number) => tokens.slice(from, to).filter(isWord).length;

/**
 * How many words stand between the relation's content word and the object in the sentence (0: the object
 * follows the verb, or its preposition, at once): a reading that joins a verb to a phrase far from it
 * skipped what stood between (another object, a clause). Null when either is not found in order.
 */
export function objectGap(layout: SentenceLayout): number | null {
  if (layout.verb === null || !layout.object || layout.object[0] <= layout.verb) return null;
  return wordsBetween(layout.tokens, layout.verb + 1, layout.object[0]);
}

/** How many words stand between the subject's end and the relation's content word (null: not found in order). */
export function subjectGap(layout: SentenceLayout): number | null {
  if (layout.verb === null || !layout.subject || layout.subject[1] > layout.verb) return null;
  return wordsBetween(layout.tokens, layout.subject[1], layout.verb);
}

/** Words that open a clause the relation's verb may sit in: a relative pronoun or a subordinator. */
const EMBEDDING_OPENERS = new Set([...RELATIVE_PRONOUNS, ...CLAUSE_OPENERS]);

/** A clause opener ("that", "which", "where", "if", ...) stands before the relation's content word: its claim is told inside another clause. */
export function verbAfterClauseOpener(layout: SentenceLayout): boolean | null {
  if (layout.verb === null) return null;
  return layout.tokens.slice(0, layout.verb).some((t) => EMBEDDING_OPENERS.has(t));
}

/** Words that cannot close a noun phrase: an article, a preposition, a coordinator, a relative pronoun. */
const OPEN_EDGE_WORDS = new Set([...ARTICLES, ...CHAIN_PREPOSITIONS, ...COORDINATORS, ...RELATIVE_PRONOUNS, 'than']);

/**
 * The end is cut at one of its edges: it opens with a coordinator or a preposition, or closes with a word that
 * cannot close a noun phrase (an article, a preposition, a coordinator, a relative pronoun): its reading
 * stopped or started inside a phrase.
 */
export function cutAtEdge(end: string): boolean {
  const ws: string[] = words(end);
  const first = ws[0];
  const last = ws[ws.length - 1];
  if (first === undefined || last === undefined) return false;
  return COORDINATORS.has(first) || CHAIN_PREPOSITIONS.has(first) || (ws.length > 1 && OPEN_EDGE_WORDS.has(last));
}

/** The one-word modal verbs ("may", "must", "can", ...). */
const SINGLE_MODALS = new Set([...MODAL_VERBS].filter((m) => !m.includes(' ')));

/** The triple's words (its three parts together), for a word the sentence holds that the triple does not say. */
const tripleWords = (shape: Pick<TripleShape, 'subject' | 'relation' | 'object'>) => new Set(words(`${shape.subject} ${shape.relation} ${shape.object}`));

/** The sentence negates (a negation word) and the triple neither carries meta.negated nor says a negation word. */
export function negationNotCarried(shape: TripleShape): boolean {
  if (shape.qualifiers?.negated) return false;
  const said = tripleWords(shape);
  return words(shape.sentence).some((w) => NEGATION.has(w) || w.endsWith("n't")) && ![...said].some((w) => NEGATION.has(w) || w.endsWith("n't"));
}

/** The sentence limits its claim with "only" and the triple neither carries meta.only nor says it. */
export function onlyNotCarried(shape: TripleShape): boolean {
  if (shape.qualifiers?.only) return false;
  const said: string[] = words(shape.sentence);
  return said.includes('only') && !tripleWords(shape).has('only');
}

/** The sentence holds a one-word modal verb ("may", "must", "can", in any case). */
const sentenceModal = (sentence: string) => words(sentence).some((w) => SINGLE_MODALS.has(w));

/** The sentence holds a modal verb and the triple neither carries meta.modality nor says one: a possibility or duty read as a fact. */
export function modalNotCarried(shape: TripleShape): boolean {
  if (shape.qualifiers?.modality) return false;
  return sentenceModal(shape.sentence) && ![...tripleWords(shape)].some((w) => SINGLE_MODALS.has(w));
}

// Built on first use: stemming reads the English pipeline, which a text ingest that never scores a triple must not load.
let lightOrLinkingStems: Set<string> | undefined;
const lightOrLinkingStemSet = (): Set<string> => (lightOrLinkingStems ??= new Set([...Object.keys(LIGHT_VERBS), ...LINKING_VERBS].map((w) => stem(w))));

/**
 * The relation says little by itself: "be" or "have" alone, a light verb ("make", "provide", ...) or a copula
 * other than "be" ("remain", "seem"): the claim's content sits in its object.
 */
export function lightRelation(relation: string): boolean {
  const main = relationMainStem(relation);
  if (main === null) return words(relation).some((w) => BE.has(w) || HAVE.has(w));
  return lightOrLinkingStemSet().has(main);
}

/** The two ends share a content word (by its stem). */
export function endsShareContent(subject: string, object: string): boolean {
  const ofSubject = new Set(contentWords(subject).map(stem));
  return contentWords(object).some((w) => ofSubject.has(stem(w)));
}

type Feature = (shape: TripleShape, rulePrecision: number) => number | null;
/** Read from the triple's context, or null without one. */
const inContext =
  (read: (c: TripleContext) => number): Feature =>
  (shape) =>
    shape.context ? read(shape.context) : null;

/**
 * Every feature the model may use, by name; the fitted model names those it uses (precision-model.json
 * `features`, chosen by cross-validation over the training documents in fit-precision.ts).
 */
export const CANDIDATE_FEATURES: Record<string, Feature> = {
  'rule precision (logit)': (_, p) => logit(Math.min(0.99, Math.max(0.01, p))),
  'subject general': (s) => flag(generalEnd(s.subject)),
  'object general': (s) => flag(generalEnd(s.object)),
  'subject content words (log)': (s) => Math.log1p(contentWords(s.subject).length),
  'object content words (log)': (s) => Math.log1p(contentWords(s.object).length),
  'relation words (log)': (s) => Math.log1p(words(s.relation).length),
  'sentence has a condition opener': (s) => flag(conditionOpenerIn(s.sentence)),
  'claim under a condition (meta.condition)': (s) => flag(s.conditional),
  'reduced relative (emit.reduced-relative)': (s) => flag(s.rules?.includes('emit.reduced-relative')),
  'pattern rule (first rule family)': (s) => flag(s.rules?.[0] !== undefined && ruleFamily(s.rules[0]) === 'pattern'),
  'shaping rule among its rules': (s) => flag(s.rules?.some((r) => SHAPING_RULES.includes(r))),
  'sentence words (log)': (s) => Math.log1p(words(s.sentence).length),
  'sentence is a requirement': (s) => flag(sentenceKind(s.sentence) === 'requirement'),
  'sentence is a definition': (s) => flag(sentenceKind(s.sentence) === 'definition'),
  'triples from the same sentence (log)': inContext((c) => Math.log1p(c.sentenceTriples)),
  'section is boilerplate': inContext((c) => flag(c.section === 'boilerplate')),
  'section is definitions': inContext((c) => flag(c.section === 'definitions')),
  'subject head frequency in document (log)': inContext((c) => c.subject.frequency),
  'object head frequency in document (log)': inContext((c) => c.object.frequency),
  'subject defined in document': inContext((c) => flag(c.subject.defined)),
  'object defined in document': inContext((c) => flag(c.object.defined)),
  'subject named (acronym or capitalised)': inContext((c) => flag(c.subject.named)),
  'object named (acronym or capitalised)': inContext((c) => flag(c.object.named)),
  // precision8's candidates
  'negated (meta.negated)': (s) => flag(s.qualifiers?.negated),
  'limited by only (meta.only)': (s) => flag(s.qualifiers?.only),
  'bounded count (meta.quantity)': (s) => flag(s.qualifiers?.quantity),
  'modality (meta.modality)': (s) => flag(s.qualifiers?.modality),
  'any qualifier': (s) => flag(s.conditional || Object.values(s.qualifiers ?? {}).some(Boolean)),
  'subject characters (log)': (s) => Math.log1p(s.subject.length),
  'object characters (log)': (s) => Math.log1p(s.object.length),
  'subject head a light noun': (s) => flag(LIGHT_NOUNS.has(headWord(s.subject) ?? '')),
  'object head a light noun': (s) => flag(LIGHT_NOUNS.has(headWord(s.object) ?? '')),
  'subject head paragraph share': inContext((c) => c.subject.spread),
  'object head paragraph share': inContext((c) => c.object.spread),
  'same ends read by another triple of the sentence': inContext((c) => flag(c.sameEnds > 0)),
  'subject words in the sentence (share)': (s) => shareInSentence(s.subject, s.sentence),
  'object words in the sentence (share)': (s) => shareInSentence(s.object, s.sentence),
  'object cut before a coordination': (s) => flag(cutBeforeConjunction(s.object, s.sentence)),
  'subject cut before a coordination': (s) => flag(cutBeforeConjunction(s.subject, s.sentence)),
  'generic end marked (ref.generic-end)': (s) => flag(s.rules?.includes('ref.generic-end')),
  // precision10's candidates (an argument's syntactic completeness, the sentence's clause depth, a
  // list, table or figure fragment as evidence)
  'subject runs on in the sentence': (s) => flag(runsOn(s.subject, s.sentence)),
  'object runs on in the sentence': (s) => flag(runsOn(s.object, s.sentence)),
  'sentence clause marks (log)': (s) => Math.log1p((s.sentence.match(/[,;]/g)?.length ?? 0) + words(s.sentence).filter((w) => CLAUSE_OPENERS.has(w)).length),
  'sentence a fragment (no closing punctuation)': (s) => flag(!/[.!?:;]["')\]]?$/.test(s.sentence.trim())),
  'sentence words with digits (share)': (s) => {
    const all = words(s.sentence);
    return all.length ? all.filter((w) => /\d/.test(w)).length / all.length : 0;
  },
  // precision11's candidates: shaping rules the sentence extractor records when it narrows a reading
  // (a quantifier left out of an end: "all X" or "some X" read as X, the claim generalised; a subject
  // taken as the first noun phrase of its prepositional chain, the rest of the chain left behind), a
  // subject read out of a relative clause, and an "allows X to" possibility read as a fact
  'quantifier left out of an end (np.quantifier)': (s) => flag(s.rules?.includes('np.quantifier')),
  'subject from a prepositional chain (arg.chain-start)': (s) => flag(s.rules?.includes('arg.chain-start')),
  'subject from a relative clause (subj.relative)': (s) => flag(s.rules?.some((r) => RELATIVE_SUBJECT_RULES.includes(r))),
  'infinitive agent (prop.infinitive-agent)': (s) => flag(s.rules?.[0] === 'prop.infinitive-agent'),
  // precision12's candidates (item 2 of issue 32, what carries across documents for the sentence
  // extractor's triples): the relation verb's WordNet class (an event an actor performs against a state or
  // a having), an end naming a person (a role or an actor), a sentence that instructs (a procedure step), an
  // end the document's headings name, an introductory section, the evidence's place in the document and the
  // ends' shares of the sentence
  'relation verb an event (WordNet class)': (s) => verbClass(s.relation, EVENT_VERB_LEXFILES),
  'relation verb a state or having (WordNet class)': (s) => verbClass(s.relation, STATE_VERB_LEXFILES),
  'subject a person (WordNet noun.person)': (s) => personEnd(s.subject),
  'object a person (WordNet noun.person)': (s) => personEnd(s.object),
  'sentence an instruction or a step': (s) => {
    const said = instructionSentence(s.sentence);
    return said === null ? null : flag(said);
  },
  'subject named in a heading': inContext((c) => flag(c.subject.inHeading)),
  'object named in a heading': inContext((c) => flag(c.object.inHeading)),
  'section is introductory': inContext((c) => flag(c.introductory)),
  'evidence position in document (share)': (s) => s.context?.position ?? null,
  'subject share of the sentence': (s) => endShare(s.subject, s.sentence),
  'object share of the sentence': (s) => endShare(s.object, s.sentence),
  'subject trailing words before punctuation (log)': (s) => {
    const n = trailingWords(s.subject, s.sentence);
    return n === null ? null : Math.log1p(n);
  },
  'object trailing words before punctuation (log)': (s) => {
    const n = trailingWords(s.object, s.sentence);
    return n === null ? null : Math.log1p(n);
  },
  // precision14's candidates (item 2 of issue 32, what carries across documents): how much the document
  // itself uses an end, relative to its length (its head word, its whole phrase), an end that is a bare
  // lower-case head spread over the document, a sentence that gives an example or opens with a condition,
  // an example section, and the two ends' share of the sentence together
  'subject head share of document words (log)': inContext((c) => c.subject.headShare ?? 0),
  'object head share of document words (log)': inContext((c) => c.object.headShare ?? 0),
  'subject phrase uses in document (log)': inContext((c) => c.subject.phraseShare ?? 0),
  'object phrase uses in document (log)': inContext((c) => c.object.phraseShare ?? 0),
  'subject a bare head, by its paragraph share': inContext((c) => (c.subject.bare ? c.subject.spread : 0)),
  'object a bare head, by its paragraph share': inContext((c) => (c.object.bare ? c.object.spread : 0)),
  'sentence gives an example': (s) => flag(exemplifies(s.sentence)),
  'sentence opens with a condition': (s) => flag(opensWithCondition(s.sentence)),
  'section is an example': inContext((c) => flag(c.exampleSection)),
  'ends share of the sentence': (s) => Math.min(1, endShare(s.subject, s.sentence) + endShare(s.object, s.sentence)),
  // facts16's candidates (the facts an editor lists from a section that the view hides): an end that names
  // what its section is about (a word of the innermost section's heading)
  'subject names its section (heading word)': inContext((c) => flag(c.subjectNamesSection)),
  'object names its section (heading word)': inContext((c) => flag(c.objectNamesSection)),
  // and what the relation form kept apart from the relation: its preposition, a catenative verb
  'preposition kept apart (meta.preposition)': (s) => (s.relationQualifiers ? flag(s.relationQualifiers.preposition) : null),
  'catenative kept apart (meta.catenative)': (s) => (s.relationQualifiers ? flag(s.relationQualifiers.catenative) : null),
  // precision17's candidates (ranking the sentence extractor's triples): where the triple's parts sit in
  // its sentence (the words a reading skipped between the relation's verb and the object, and between the
  // subject and the verb; the verb inside another clause) and a condition the sentence states that the
  // triple does not carry
  'object gap after the relation verb (log)': (s) => {
    const n = objectGap(sentenceLayout(s));
    return n === null ? null : Math.log1p(n);
  },
  'subject gap before the relation verb (log)': (s) => {
    const n = subjectGap(sentenceLayout(s));
    return n === null ? null : Math.log1p(n);
  },
  'relation verb after a clause opener': (s) => {
    const said = verbAfterClauseOpener(sentenceLayout(s));
    return said === null ? null : flag(said);
  },
  'condition in the sentence not carried': (s) => flag(!s.conditional && conditionOpenerIn(s.sentence)),
  // prec19's candidates (ranking the sentence extractor's triples on new documents): a generic head (one the
  // document narrows with many different modifiers), an end cut at its edge, a negation, an "only" or a modal
  // the sentence states that the triple does not carry, a light or copular relation whose claim sits in a long
  // object, how many triples a sentence was broken into for its length (either way: a sentence broken into
  // fragments, or a dense sentence listing parallel facts; the fit reads the sign, round 19 positive), and how
  // much the document uses the relation's main word
  'subject head modifier variety (log)': inContext((c) => c.subject.headModifiers ?? 0),
  'object head modifier variety (log)': inContext((c) => c.object.headModifiers ?? 0),
  'subject a bare head, by its modifier variety': inContext((c) => (c.subject.bare ? (c.subject.headModifiers ?? 0) : 0)),
  'object a bare head, by its modifier variety': inContext((c) => (c.object.bare ? (c.object.headModifiers ?? 0) : 0)),
  'subject cut at its edge': (s) => flag(cutAtEdge(s.subject)),
  'object cut at its edge': (s) => flag(cutAtEdge(s.object)),
  'negation in the sentence not carried': (s) => flag(negationNotCarried(s)),
  'only in the sentence not carried': (s) => flag(onlyNotCarried(s)),
  'sentence has a modal verb': (s) => flag(sentenceModal(s.sentence)),
  'modal in the sentence not carried': (s) => flag(modalNotCarried(s)),
  'light or copular relation, by the object content words (log)': (s) => (lightRelation(s.relation) ? Math.log1p(contentWords(s.object).length) : 0),
  'triples per ten sentence words': (s) => (s.context ? (10 * s.context.sentenceTriples) / Math.max(1, words(s.sentence).length) : null),
  'relation main word uses in document (log)': (s) => s.context?.relationUses ?? null,
  // and the reading's signs of a split or reordered phrase: the two ends share a content word (one phrase read
  // as two ends, or a term tied to a kind or part of itself; the fit reads the sign, round 19 positive), the
  // object holds a clause opener (a clause read into an end), a passive read back to its verb (the ends
  // reordered, the agent found in a "by" phrase)
  'ends share a content word': (s) => flag(endsShareContent(s.subject, s.object)),
  'object holds a clause opener': (s) => flag(words(s.object).some((w) => EMBEDDING_OPENERS.has(w))),
  'passive voice (meta.voice)': (s) => (s.relationQualifiers ? flag(s.relationQualifiers.passive) : null),
  // prec20's candidate (the facts an editor lists from a section sit in triples the model rated low): the
  // subject opens its sentence as written, the sentence's first noun phrase (a triple whose subject the sentence
  // does not hold as written, a resolved pronoun or a rebuilt end, counts as not)
  'subject opens the sentence': (s) => flag(subjectOpensSentence(s) === true),
  // prec21's candidates (ranking the sentence extractor's triples; each measured on the reading documents of the
  // training split, checked on the others): the subject runs on in its sentence into a content word the triple
  // drops (a post-modifier or an adverbial left out: a narrower subject) and how much of the sentence goes on after
  // the object (the content words of the clause the triple does not say were tried too: the selection took them,
  // and the folds' log loss and the sentence triples' AUC were better without them)
  'subject runs on into a word the triple drops': (s) => {
    const said = subjectRunsOnUnsaid(s);
    return said === null ? null : flag(said);
  },
  'sentence words after the object (log)': (s) => {
    const n = wordsAfterObject(sentenceLayout(s));
    return n === null ? null : Math.log1p(n);
  },
  // prec22's candidate (ranking the sentence extractor's triples on random draws of new documents): how much of its
  // sentence's content the triple says
  'sentence content words the triple says (share)': (s) => sentenceCoverage(s),
};

/**
 * Features read over all of a document's triples (precision-context.ts documentTripleUses): how the document's other
 * triples use the relation string and each end. The extraction stores a triple's precision as each chunk is read,
 * before the document's other triples exist, so the product cannot read them: fit-precision.ts tries them only with
 * --document-triples, as a comparison, and then writes no model (prec22 measured them: no gain on the folds, none on
 * the random draws).
 */
export const DOCUMENT_PASS_FEATURES: Record<string, Feature> = {
  'relation string of other triples in the document (log)': (s) => s.context?.tripleUses?.relation ?? null,
  'relation string no other triple of the document carries': (s) => (s.context?.tripleUses ? flag(s.context.tripleUses.relation === 0) : null),
  'subject an end of other triples in the document (log)': (s) => s.context?.tripleUses?.subject ?? null,
  'object an end of other triples in the document (log)': (s) => s.context?.tripleUses?.object ?? null,
};

/** The features of the model before precision7's candidates (the base every candidate is tried against). */
export const BASE_FEATURES = Object.keys(CANDIDATE_FEATURES).slice(0, 9);

/** The model's inputs for these feature names (null: not known for this triple). */
export function tripleFeatures(shape: TripleShape, rulePrecision: number, features: readonly string[]): (number | null)[] {
  return features.map((name) => {
    const read = CANDIDATE_FEATURES[name] ?? DOCUMENT_PASS_FEATURES[name];
    if (!read) throw new Error(`precision model: unknown feature "${name}"`);
    return read(shape, rulePrecision);
  });
}

/** Fitted by scripts/judgments/select-features.ts fitFeatureModel. */
export interface LogisticModel {
  features: string[];
  /** Each feature is standardised by the training mean and standard deviation. */
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
}

export function predictLogistic(m: LogisticModel, x: readonly (number | null)[]): number {
  const s = x.reduce<number>((acc, v, j) => acc + (((v ?? m.mean[j]) - m.mean[j]) / m.scale[j]) * m.weights[j], m.bias);
  return 1 / (1 + Math.exp(-s));
}

/** The committed model, with the default view's threshold chosen for it (chooseThreshold on the training section facts). */
export const PRECISION_MODEL = fitted as LogisticModel & { defaultThreshold: number };

/**
 * The estimated probability that an editor keeps this triple as it stands: the model over its rule's
 * precision and its shape; null when nothing judged speaks for its rule (a model's triple).
 */
export function estimatePrecision(
  rules: readonly string[],
  shape: TripleShape,
  table: PrecisionTable = RULE_PRECISION,
  model: LogisticModel = PRECISION_MODEL,
): number | null {
  const base = triplePrecision(rules, table);
  if (base === null) return null;
  return Math.round(predictLogistic(model, tripleFeatures({ ...shape, rules }, base, model.features)) * 1000) / 1000;
}
