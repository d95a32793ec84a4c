// Sentence-level relations from wink-nlp's part-of-speech tags: a shallow OpenIE-style reader.
// Noun phrases are runs of ADJ/NOUN/PROPN/NUM (names joined across "of": "Battle of France"; dates
// one token); a relation end is a noun phrase with its "of" complements; verb groups are runs of
// AUX/VERB/PART. Read, by general English grammar:
//  - subject–verb–object and verb + preposition, auxiliaries dropped ("was completed in" -> "completed in");
//  - passive voice: (patient, "<verb> by", agent) -- "X was founded by Y" -> (X, founded by, Y); the
//    subject stays the head, as the relation names it from that end (the inverse of (Y, founded, X));
//  - attributes: "the leader of X is Y", "X's leader is Y", "X whose leader is Y", "Y is the leader of X"
//    -> (X, leader, Y); "X has a periapsis of 1.7e11" -> (X, periapsis, 1.7e11); numbers and dates are ends;
//  - relative clauses attach to their antecedent, participles after a predicate nominal to the subject;
//  - coordinations expand ("A and B use C" -> two triples);
//  - nothing from questions or negated verbs; no bare "of"/"is" relation; pronoun and light-noun ends dropped
//    (a subject "it"/"they" before a full verb stands for the previous subject agreeing in number);
//  - tagger errors repaired by agreement, WordNet (is the word a noun / a verb) and the
//    closed classes of English grammar (complex prepositions, demonstratives, modals).
import { englishNlp } from '../../nlp/english';
import { wordNet } from '../../nlp/wordnet';
import type { Span } from '../sentences';
import {
  ARTICLES,
  BARE_INFINITIVE_OBJECT_VERBS as BARE_INFINITIVE_OBJECT,
  BCP14_KEYWORDS as BCP14,
  BE,
  CATAPHORIC,
  CATENATIVES as CATENATIVE,
  CHAIN_PREPOSITIONS as CHAIN_PREP,
  COMPLEMENT_NOUNS,
  COMPLEX_PREPOSITIONS as COMPLEX_PREPOSITION_WORDS,
  COMPOUND_ADJECTIVE_HEADS,
  COORDINATORS as COORD,
  DEGREE_WORDS as DEGREE,
  DEMONSTRATIVES,
  DO,
  DOCUMENT_NOUNS,
  EXPLETIVE_VERBS,
  FIRST_PERSON,
  GERUND_OBJECT_DETERMINERS as GERUND_OBJECT_DET,
  HAVE,
  LIGHT_NOUNS as LIGHT,
  NAME_PARTICLES as NAME_LINKS,
  NEGATION,
  NEGATIVE_ADVERBIAL_NOUNS as NEGATIVE_ADVERBIAL,
  OBJECT_CONTROL_VERBS as OBJECT_CONTROL,
  PLURAL_WITHOUT_S,
  POSSESSIVES as POSSESSIVE,
  PURPOSE_NOUNS,
  QUANTIFIERS,
  QUANTITY_NOUNS,
  RELATIVE_PRONOUNS as REL_PRONOUN,
  SECTION_NOUNS,
  SELF_DETERMINERS as SELF_DET,
  SELF_NOUNS,
  UNASSERTED_OPENERS,
  WH_WORDS as WH,
} from '../../nlp/lexicon';
import { isMonthWord } from '../../nlp/months';
import { pluralByEnding, singular } from '../../nlp/morphology';

export interface Token extends Span {
  text: string;
  pos: string;
}

export interface Phrase extends Span {
  text: string;
  /** Token index range [from, to] in the sentence's token list. */
  from: number;
  to: number;
}

export interface SvoTriple {
  head: Phrase;
  relation: string;
  tail: Phrase;
  kind: 'svo' | 'prep' | 'of' | 'isa';
}

const NP_POS = new Set(['NOUN', 'PROPN', 'NUM', 'ADJ', 'X']);
const NP_HEAD = new Set(['NOUN', 'PROPN', 'NUM', 'X']);
const VERB_POS = new Set(['VERB', 'AUX']);
const GLUE = new Set(['-', '/', '_']);
const SKIP_BEFORE_OBJECT = new Set(['DET', 'PRON']);

/**
 * Tokens of text[from, to) with absolute char spans. Words joined by a hyphen or slash without
 * spaces ("Access-Request", "ISO/IEC", "802.1X") become one token.
 */
export function tokenize(text: string, from: number, to: number): Token[] {
  const slice = text.slice(from, to);
  const doc = englishNlp().readDoc(slice);
  const its = englishNlp().its;
  const values = doc.tokens().out() as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const raw: Token[] = [];
  let cursor = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (pos[i] === 'SPACE' || !v.trim()) continue;
    const at = slice.indexOf(v, cursor);
    if (at < 0) continue; // wink normalised this token: leave it out rather than guess its span
    // RFC 2119 keywords are modal verbs, not names ("the server MAY send")
    raw.push({ text: v, pos: BCP14.has(v) ? 'AUX' : pos[i], start: from + at, end: from + at + v.length });
    cursor = at + v.length;
  }
  const out: Token[] = [];
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i];
    const prev = out[out.length - 1];
    const wordy = (x: Token) => /[\p{L}\p{N}]/u.test(x.text) && !/^['’]/.test(x.text); // "Aarhus" + "'s" stay apart
    // glue "A - B" written without spaces, and adjacent alphanumeric pieces ("802.1" + "X")
    // ("ASN.1": a dot between a word and a digit with no space is inside the name)
    const dotted = t.text === '.' && /\p{L}$/u.test(prev?.text ?? '') && /^\d/.test(raw[i + 1]?.text ?? '');
    if (prev && prev.end === t.start && wordy(prev) && (wordy(t) || ((GLUE.has(t.text) || dotted) && raw[i + 1]?.start === t.end && wordy(raw[i + 1])))) {
      if (GLUE.has(t.text) || dotted) {
        const next = raw[++i];
        out[out.length - 1] = merge(prev, next, text);
      } else {
        out[out.length - 1] = merge(prev, t, text);
      }
      continue;
    }
    out.push({ ...t });
  }
  return out;
}

/**
 * Make every token run inside one of these spans a single PROPN token: names the document defines
 * ("Remote Authentication Dial In User Service") and identifiers ("ISO/IEC 27001:2013") are one
 * noun phrase, whatever their parts' tags.
 */
export function mergeSpans(tokens: Token[], spans: Span[], text: string): Token[] {
  if (!spans.length) return tokens;
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Token[] = [];
  let k = 0;
  for (let i = 0; i < tokens.length;) {
    const t = tokens[i];
    while (k < sorted.length && sorted[k].end <= t.start) k++;
    const sp = sorted[k];
    if (sp && sp.start <= t.start && t.end <= sp.end) {
      let j = i;
      while (j + 1 < tokens.length && tokens[j + 1].end <= sp.end) j++;
      if (j > i) {
        out.push({ text: text.slice(t.start, tokens[j].end), pos: 'PROPN', start: t.start, end: tokens[j].end });
        i = j + 1;
        continue;
      }
    }
    out.push(t);
    i++;
  }
  return out;
}

function merge(a: Token, b: Token, text: string): Token {
  const parts = [a.pos, b.pos];
  const nominal = parts.some((p) => p === 'NOUN' || p === 'PROPN' || p === 'NUM' || p === 'X');
  const t = text.slice(a.start, b.end);
  const pos = nominal ? (/\p{Lu}|\d/u.test(t) ? 'PROPN' : 'NOUN') : b.pos;
  return { text: t, pos, start: a.start, end: b.end };
}

// ---- noun phrases and arguments

const DAY = /^(?:[12]?\d|3[01])(?:st|nd|rd|th)?$/i;
const YEAR = /^\d{4}$/;

/** The base form of an object-control verb ("enables", "allowed", "caused"), or null. */
function objectControl(word: string): boolean {
  const w = word.toLowerCase();
  const candidates = [w, w.replace(/s$/, ''), w.replace(/es$/, ''), w.replace(/ed$/, ''), w.replace(/d$/, ''), w.replace(/ied$|ies$/, 'y')];
  return candidates.some((c) => OBJECT_CONTROL.has(c)) || w === 'led' || w === 'told' || w === 'got' || w === 'forbade';
}

/** An adjective, or a hyphenated compound adjective the tagger read as a noun ("rule-based", "hand-crafted"). */
function modifierLike(t: Token | undefined): boolean {
  return Boolean(
    t &&
    (t.pos === 'ADJ' ||
      (/^\p{Ll}[\p{L}\d]*-\p{Ll}+$/u.test(t.text) && /-(?:\p{L}+ed|\p{L}+en|based|driven|oriented|specific|aware|free|like|level|scale)$/u.test(t.text))),
  );
}

const wordNetCache = new Map<string, boolean>();
/**
 * WordNet lists the word: as a noun, the word itself ("set", "rewrite"; not "found", "made"); as a verb, the
 * word or its base form ("show", "exploits"; not "corpora"). True without WordNet.
 */
function inWordNet(word: string, pos: 'n' | 'v'): boolean {
  const w = word.toLowerCase();
  const key = `${pos}:${w}`;
  let hit = wordNetCache.get(key);
  if (hit === undefined) {
    const wn = wordNet();
    hit = !wn || (pos === 'n' ? wn.entry(w, 'n') !== null : wn.baseForms(w, 'v').length > 0);
    wordNetCache.set(key, hit);
  }
  return hit;
}
const nounInWordNet = (word: string) => inWordNet(word, 'n');
const verbInWordNet = (word: string) => inWordNet(word, 'v');
/**
 * A word the tagger read as an adjective that English has only as a noun ("port" in "the port number",
 * "sequence" in "the sequence number"): a noun modifying a noun, a compound's first part. (Without
 * WordNet, none.)
 */

/** A unit of measure by WordNet's first noun sense ("seconds", "octets", "bytes": a kind of measure). */
function unitOfMeasure(t: Token): boolean {
  if (t.pos !== 'NOUN') return false;
  const w = t.text.toLowerCase();
  const key = `u:${w}`;
  let hit = wordNetCache.get(key);
  if (hit === undefined) {
    const wn = wordNet();
    const base = wn ? (wn.baseForms(w, 'n')[0] ?? w) : w;
    hit = Boolean(wn && wn.hypernyms(base, { pos: ['n'], maxSenses: 1, depth: 8 }).includes('measure'));
    wordNetCache.set(key, hit);
  }
  return hit;
}

/**
 * WordNet's lexicographer files of nouns that name no thing but an act, attribute, event, group, process,
 * state or time (lexnames(5WN): 4, 7, 11, 14, 22, 26, 28): "confidentiality", "lifetime", "possession",
 * "a subset". By the first sense.
 */
const ABSTRACT_LEXFILES = new Set([4, 7, 11, 14, 22, 26, 28]);
function abstractHead(t: Token): boolean {
  const w = t.text.toLowerCase();
  const key = `x:${w}`;
  let hit = wordNetCache.get(key);
  if (hit === undefined) {
    const first = wordNet()?.senses(w, { pos: ['n'], maxSenses: 1 })[0];
    hit = Boolean(first && ABSTRACT_LEXFILES.has(first.lexFile));
    wordNetCache.set(key, hit);
  }
  return hit;
}

/** A word WordNet knows more as an adjective than as a noun ("Implicit", "Essential"), cached. */
function mostlyAdjective(t: Token): boolean {
  const w = t.text.toLowerCase();
  const key = `j:${w}`;
  let hit = wordNetCache.get(key);
  if (hit === undefined) {
    const wn = wordNet();
    hit = Boolean(wn && wn.senses(w, { pos: ['a'] }).length > wn.senses(w, { pos: ['n'] }).length);
    wordNetCache.set(key, hit);
  }
  return hit;
}

function nounModifier(t: Token): boolean {
  if (t.pos !== 'ADJ') return false;
  const w = t.text.toLowerCase();
  const key = `m:${w}`;
  let hit = wordNetCache.get(key);
  if (hit === undefined) {
    const wn = wordNet();
    // more senses in use as a noun than as an adjective ("port": a harbour / the left side of a ship)
    hit = Boolean(wn && (wn.entry(w, 'n')?.tagged ?? -1) > (wn.entry(w, 'a')?.tagged ?? -1));
    wordNetCache.set(key, hit);
  }
  return hit;
}

const pluralNoun = (t: Token): boolean => pluralByEnding(t.text);
const lower = (t: Token | undefined) => (t ? t.text.toLowerCase() : '');
const capitalised = (t: Token | undefined) => Boolean(t && /^\p{Lu}/u.test(t.text) && !BCP14.has(t.text));

/**
 * Complex prepositions of English grammar (Quirk et al. §9.10-9.13): a preposition, a noun and a second
 * preposition that act as one ("by means of", "in terms of", "with respect to"), and two-word ones
 * ("because of", "due to"). Their noun is no end of a relation; the whole is the relation's preposition.
 * By first word (prepare asks for every token).
 */
const COMPLEX_PREPOSITIONS_BY_FIRST = COMPLEX_PREPOSITION_WORDS.reduce(
  (byFirst, words) => byFirst.set(words[0], [...(byFirst.get(words[0]) ?? []), words]),
  new Map<string, string[][]>(),
);

/** A token that is a complex preposition (prepare joined its words). */
const COMPLEX_PREPOSITION_TOKEN = /\s/;

/** The complex preposition whose words start at token i (their count), or 0. */
function complexPreposition(tokens: Token[], i: number): number {
  for (const words of COMPLEX_PREPOSITIONS_BY_FIRST.get(tokens[i].text.toLowerCase()) ?? []) {
    if (words.every((w, k) => tokens[i + k] && tokens[i + k].text.toLowerCase() === w)) return words.length;
  }
  return 0;
}

/**
 * Complex prepositions become one ADP token;
 * dates ("November 18th, 1923", "December 2008") become one NUM token; names keep a capitalised word
 * the tagger read as a verb or adjective; a participle before a noun is an adjective.
 */
export function prepare(tokens: Token[], text: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    // a bracketed year or reference number is an aside: "the model of Collins (1999) as", "EAP [RFC3748]"
    if (
      (t.text === '(' || t.text === '[') &&
      i > 0 &&
      tokens[i + 2]?.text === (t.text === '(' ? ')' : ']') &&
      /^(?:1[5-9]|20)\d\d[a-z]?$|^\d{1,3}$/.test(tokens[i + 1].text)
    ) {
      i += 2;
      continue;
    }
    const cp = complexPreposition(tokens, i);
    if (cp) {
      const e = tokens[i + cp - 1];
      out.push({ text: text.slice(t.start, e.end), pos: 'ADP', start: t.start, end: e.end });
      i += cp - 1;
      continue;
    }
    if (isMonthWord(t.text) && capitalised(t)) {
      let j = i;
      if (DAY.test(tokens[j + 1]?.text ?? '')) j++;
      if (tokens[j + 1]?.text === ',' && YEAR.test(tokens[j + 2]?.text ?? '') && j > i) j += 2;
      else if (YEAR.test(tokens[j + 1]?.text ?? '')) j++;
      if (j > i) {
        out.push({ text: text.slice(t.start, tokens[j].end), pos: 'NUM', start: t.start, end: tokens[j].end });
        i = j;
        continue;
      }
    }
    let pos = t.pos;
    // "Live Nation Entertainment owns": a capitalised first word before a name is part of it
    if (i === 0 && capitalised(t) && (pos === 'VERB' || pos === 'ADJ') && !/(?:ing|ed)$/.test(t.text) && tokens[1]?.pos === 'PROPN' && capitalised(tokens[1]))
      pos = 'PROPN';
    if (i > 0 && capitalised(t) && (pos === 'VERB' || pos === 'ADJ' || pos === 'ADV' || pos === 'NOUN')) {
      const near = (x: Token | undefined) => Boolean(x && capitalised(x) && (x.pos === 'PROPN' || x.pos === 'NOUN'));
      if (near(tokens[i - 1]) && (near(tokens[i + 1]) || tokens[i - 1].pos === 'PROPN')) pos = 'PROPN';
    }
    // "This attribute indicates the name", "These attributes provide": a demonstrative before a word the
    // tagger read as a verb, itself followed by a finite verb that agrees with that word as a noun, is a
    // determiner and the word its noun ("This guarantees freshness", "This means that" have no second verb)
    // (a term the document capitalises too: "This Attribute indicates")
    if (/^(?:this|that|these|those)$/i.test(t.text) && t.pos === 'PRON' && tokens[i + 1]?.pos === 'VERB' && tokens[i + 2]) {
      const noun = tokens[i + 1];
      const verb = tokens[i + 2];
      const plural = /^th[eo]se$/i.test(t.text);
      const finite = (s: boolean) => verb.pos === 'AUX' || (verb.pos === 'VERB' && !/(?:ing|ed)$/.test(verb.text) && /[^s]s$/.test(verb.text) === s);
      const agrees = plural ? pluralNoun(noun) && finite(false) : !/s$|ing$|ed$/.test(noun.text) && finite(true);
      if (agrees && nounInWordNet(singular(noun.text.toLowerCase()))) {
        out.push({ ...t, pos: 'DET' }, { ...noun, pos: 'NOUN' });
        i++;
        continue;
      }
    }
    // "strategies that use the control structure": "that" before a noun and a determiner opens a relative clause
    if (
      lower(t) === 'that' &&
      t.pos === 'DET' &&
      ['NOUN', 'PROPN'].includes(out[out.length - 1]?.pos ?? '') &&
      tokens[i + 1]?.pos === 'NOUN' &&
      !capitalised(tokens[i + 1]) &&
      ['DET'].includes(tokens[i + 2]?.pos ?? '')
    ) {
      out.push({ ...t, pos: 'PRON' });
      out.push({ ...tokens[i + 1], pos: 'VERB' });
      i++;
      continue;
    }
    // "question answering systems that supplement Web search engines", "an approach that combines syntactic
    // information": after a noun, "that" and a word the tagger read as a noun that agrees with that noun as
    // its verb would ("systems ... supplement", "approach ... combines"), before the start of a noun phrase,
    // open a relative clause ("the fact that server keys ..." does not agree: no verb)
    if (
      /^(?:that|which|who)$/i.test(t.text) &&
      (t.pos !== 'PRON' || lower(t) !== 'that') &&
      ['NOUN', 'PROPN'].includes(out[out.length - 1]?.pos ?? '') &&
      tokens[i + 1]?.pos === 'NOUN' &&
      !capitalised(tokens[i + 1]) &&
      !/(?:ing|ed)$/.test(tokens[i + 1].text) &&
      // (an "-s" word before a noun may be the plural subject of an object relative: "the device that
      // clients contact")
      (['DET', 'ADJ', 'PROPN'].includes(tokens[i + 2]?.pos ?? '') || (tokens[i + 2]?.pos === 'NOUN' && !/[^s]s$/.test(tokens[i + 1].text))) &&
      pluralNoun(out[out.length - 1]) === !/[^s]s$/.test(tokens[i + 1].text)
    ) {
      out.push({ ...t, pos: 'PRON' });
      out.push({ ...tokens[i + 1], pos: 'VERB' });
      i++;
      continue;
    }
    // "Precision, recall and F-measure": a base-form "verb" between a noun's comma and a conjunction is
    // an item of the list
    if (
      pos === 'VERB' &&
      !/(?:[^s]s|ed|ing)$/.test(t.text) &&
      out[out.length - 1]?.text === ',' &&
      ['NOUN', 'PROPN'].includes(out[out.length - 2]?.pos ?? '') &&
      COORD.has(lower(tokens[i + 1]))
    )
      pos = 'NOUN';
    // "large annotated corpora": a word the tagger read as an adverb (no "-ly") before a participle and a
    // noun is their adjective
    if (pos === 'ADV' && !/ly$/.test(t.text) && tokens[i + 1]?.pos === 'VERB' && /\p{L}{2}ed$/u.test(tokens[i + 1].text) && tokens[i + 2]?.pos === 'NOUN')
      pos = 'ADJ';
    // "derived from the master session key using a pseudo-random function": an "-ing" noun before an
    // article is a participle taking its object (no noun phrase runs on into an article), and the
    // "adjective" before it closes the noun phrase as its head
    if (pos === 'NOUN' && /\p{L}{2}ing$/u.test(t.text) && ARTICLES.has(lower(tokens[i + 1])) && !capitalised(t)) {
      pos = 'VERB';
      const b = out[out.length - 1];
      if (b?.pos === 'ADJ' && !capitalised(b) && ['NOUN', 'PROPN'].includes(out[out.length - 2]?.pos ?? '')) out[out.length - 1] = { ...b, pos: 'NOUN' };
    }
    // "include the NAS-IP-Address attribute in the Access-Request": a base form after a determiner and a
    // singular name is the noun that name modifies (a singular subject takes an "-s" verb)
    if (
      pos === 'VERB' &&
      !/(?:[^s]s|ed|en|ing)$/.test(t.text) &&
      !capitalised(t) &&
      ['PROPN', 'NOUN'].includes(out[out.length - 1]?.pos ?? '') &&
      /^\p{Lu}[\p{L}\d]*(?:-[\p{L}\d]+)+$/u.test(out[out.length - 1].text) &&
      ['DET'].includes(out[out.length - 2]?.pos ?? '') &&
      (['ADP', 'PUNCT', 'AUX', 'CCONJ'].includes(tokens[i + 1]?.pos ?? 'PUNCT') || (tokens[i + 1].pos === 'VERB' && /[^s]s$/.test(tokens[i + 1].text))) &&
      nounInWordNet(t.text)
    )
      pos = 'NOUN';
    // "enables an EAP peer to re-attach to an authenticator": a prefixed word after "to" whose stem is a
    // verb and no noun ("re-attach", "pre-compute") is an infinitive, and "to" its particle
    if (
      pos === 'NOUN' &&
      lower(out[out.length - 1]) === 'to' &&
      /^(?:re|pre|co|de|un)-\p{Ll}+$/u.test(t.text) &&
      !['NOUN', 'PROPN', 'ADJ'].includes(tokens[i + 1]?.pos ?? '') &&
      verbInWordNet(t.text.replace(/^\p{Ll}+-/u, '')) &&
      !nounInWordNet(t.text.replace(/^\p{Ll}+-/u, ''))
    ) {
      pos = 'VERB';
      out[out.length - 1] = { ...out[out.length - 1], pos: 'PART' };
    }
    // "implementation-specific", "rule-based": a hyphenated compound adjective is an adjective
    if (
      (pos === 'NOUN' || pos === 'VERB') &&
      /^\p{Ll}[\p{L}\d]*-(?:based|driven|oriented|related|dependent|independent|specific|aware|enabled|centric|free|like|wide)$/u.test(t.text)
    )
      pos = 'ADJ';
    // "The Framed-Routing attribute": a capitalised hyphenated word after an article is a name
    if (pos === 'VERB' && i > 0 && /^\p{Lu}[\p{L}\d]*(?:-[\p{L}\d]+)+$/u.test(t.text) && ARTICLES.has(lower(out[out.length - 1]))) pos = 'PROPN';
    // "EAP attributes might be removed": an "-s" verb right before a modal is the subject's plural noun
    if (
      pos === 'VERB' &&
      /[^s]s$/.test(t.text) &&
      !capitalised(t) &&
      ['NOUN', 'PROPN', 'ADJ'].includes(out[out.length - 1]?.pos ?? '') &&
      /^(?:may|might|must|shall|should|can|could|will|would|cannot|MAY|MUST|SHALL|SHOULD)$/.test(tokens[i + 1]?.text ?? '')
    )
      pos = 'NOUN';
    // "cannot" is a modal with its negation (the tokenizer joins "can" and "not")
    if (/^cannot$/i.test(t.text)) pos = 'AUX';
    // "a set of rewrite rules": after a preposition no finite verb comes; a base form before a noun
    // modifies it
    if (
      pos === 'VERB' &&
      !/(?:[^s]s|ed|en|ing)$/.test(t.text) &&
      !capitalised(t) &&
      out[out.length - 1]?.pos === 'ADP' &&
      lower(out[out.length - 1]) !== 'to' &&
      tokens[i + 1]?.pos === 'NOUN' &&
      nounInWordNet(t.text)
    )
      pos = 'NOUN';
    // "on the test set.": a base form after a determiner and a singular noun, at the clause's end, is the
    // compound's head (a singular subject takes no base form)
    if (
      pos === 'VERB' &&
      !/(?:[^s]s|ed|en|ing)$/.test(t.text) &&
      !capitalised(t) &&
      out[out.length - 1]?.pos === 'NOUN' &&
      !pluralNoun(out[out.length - 1]) &&
      !/[^aeiou]a$/.test(out[out.length - 1].text) &&
      out[out.length - 2]?.pos === 'DET' &&
      (!tokens[i + 1] || (tokens[i + 1].pos === 'PUNCT' && tokens[i + 1].text !== '(')) && // (before a preposition it may be a participle: "a dish found in")
      nounInWordNet(t.text)
    )
      pos = 'NOUN';
    // "... is available then untrusted proxies are": "then" is an adverb, no adjective of the noun phrase after
    // it ("the then chair" aside, after a determiner)
    if (lower(t) === 'then' && pos === 'ADJ' && out[out.length - 1]?.pos !== 'DET') pos = 'ADV';
    // "then untrusted proxies are capable of": a participle opening a noun phrase that is the subject of the next
    // verb (at a clause's start: the sentence's, or after "then", a comma, a subordinator or a determiner) modifies
    // the noun, it is no verb
    if (
      pos === 'VERB' &&
      /\p{L}{3}(?:ed|en)$/u.test(t.text) &&
      (i === 0 || ['then', ',', ';', 'the', 'a', 'an', 'these', 'those', 'all', 'some'].includes(lower(tokens[i - 1])) || tokens[i - 1].pos === 'SCONJ') &&
      tokens[i + 1]?.pos === 'NOUN' &&
      (tokens[i + 2]?.pos === 'AUX' || (tokens[i + 2]?.pos === 'VERB' && !/ing$/.test(tokens[i + 2].text)))
    )
      pos = 'ADJ';
    // "useful for semantic role labeling.": a gerund after a bare singular noun with no object is the
    // head of their compound ("question answering", "machine learning")
    if (
      pos === 'VERB' &&
      /\p{L}{3}ing$/u.test(t.text) &&
      out[out.length - 1]?.pos === 'NOUN' &&
      !capitalised(out[out.length - 1]) &&
      !pluralNoun(out[out.length - 1]) &&
      ['ADJ', 'NOUN', 'ADP', 'DET'].includes(out[out.length - 2]?.pos ?? '') &&
      (!tokens[i + 1] || (tokens[i + 1].pos === 'PUNCT' && tokens[i + 1].text !== '(') || tokens[i + 1].pos === 'CCONJ')
    )
      pos = 'NOUN';
    // "for the purpose of channel binding (see ...)", "channel binding enables": an "-ing" adjective after
    // a bare singular noun, at the end of the phrase, is the head of their compound ("question answering")
    if (
      pos === 'ADJ' &&
      /\p{L}{3}ing$/u.test(t.text) &&
      out[out.length - 1]?.pos === 'NOUN' &&
      !capitalised(out[out.length - 1]) &&
      !pluralNoun(out[out.length - 1]) &&
      // (before a preposition it is a participle: "an ASN.1 object corresponding to")
      (!tokens[i + 1] || ['PUNCT', 'CCONJ', 'AUX', 'VERB'].includes(tokens[i + 1].pos))
    )
      pos = 'NOUN';
    // "the underlying network stack permits the use": a base form the tagger read as a verb between a noun
    // and an agreeing "-s" verb is the noun that verb agrees with (a noun in WordNet)
    if (
      pos === 'VERB' &&
      !capitalised(t) &&
      !/(?:s|ing|ed)$/.test(t.text) &&
      ['NOUN', 'ADJ'].includes(out[out.length - 1]?.pos ?? '') &&
      tokens[i + 1]?.pos === 'VERB' &&
      /[^s]s$/.test(tokens[i + 1].text) &&
      !/(?:ing|ed)$/.test(tokens[i + 1].text) &&
      nounInWordNet(t.text)
    )
      pos = 'NOUN';
    // "a method using CRFs for named entity recognition": "for" before a noun phrase is a preposition
    // ("for he knew" is archaic; "for" before "a" or a participle modifying a noun is not)
    if (pos === 'SCONJ' && lower(t) === 'for' && tokens[i + 1] && !['PRON', 'PUNCT'].includes(tokens[i + 1].pos)) pos = 'ADP';
    // "to detect faces in images": an "-s" verb right after a full verb is its object, a plural noun
    if (
      pos === 'VERB' &&
      /[^s]s$/.test(t.text) &&
      !capitalised(t) &&
      out[out.length - 1]?.pos === 'VERB' &&
      !/(?:[^s]s|ed|en|ing)$/.test(out[out.length - 1].text) &&
      lower(out[out.length - 2]) === 'to' &&
      ['ADP', 'PUNCT', 'CCONJ'].includes(tokens[i + 1]?.pos ?? 'PUNCT')
    )
      pos = 'NOUN';
    // "a method for finding expressions": a preposition before a gerund
    if (
      pos === 'SCONJ' &&
      ['for', 'by', 'with', 'without', 'after', 'before', 'in', 'on', 'of'].includes(lower(t)) &&
      tokens[i + 1]?.pos === 'VERB' &&
      /\p{L}{2}ing$/u.test(tokens[i + 1].text)
    )
      pos = 'ADP';
    // "sends the key to the peer": an "adjective" between an article and a preposition or a clause's end is a noun
    // (also after the article's adjectives: "converges to a local optimum after")
    let art = out.length - 1;
    while (art > 0 && out[art].pos === 'ADJ' && !capitalised(out[art])) art--;
    if (
      pos === 'ADJ' &&
      (ARTICLES.has(lower(out[art])) || POSSESSIVE.has(lower(out[art]))) &&
      (['ADP', 'PUNCT', 'CCONJ', 'AUX'].includes(tokens[i + 1]?.pos ?? 'PUNCT') || REL_PRONOUN.has(lower(tokens[i + 1]))) && // ("share a secret that is used")
      lower(tokens[i + 1]) !== 'of' &&
      !/(?:est|most|er)$/.test(t.text) &&
      !capitalised(t) &&
      // (but "a flexible, planning-based architecture": coordinate adjectives before their noun)
      !(tokens[i + 1]?.text === ',' && ['ADJ', 'NOUN'].includes(tokens[i + 2]?.pos ?? '') && ['ADJ', 'NOUN'].includes(tokens[i + 3]?.pos ?? ''))
    )
      pos = 'NOUN';
    // "The NAS forwards the request": an "-s" adverb after the subject and before an article is the verb
    if (
      pos === 'ADV' &&
      /[^s]s$/.test(t.text) &&
      !/^(?:towards|afterwards|backwards|upwards|downwards|onwards|always|sometimes|unless|thus|perhaps|besides|nevertheless|nonetheless|regardless)$/i.test(
        t.text,
      ) &&
      ['NOUN', 'PROPN'].includes(out[out.length - 1]?.pos ?? '') &&
      ARTICLES.has(lower(tokens[i + 1]))
    )
      pos = 'VERB';
    // "the master key negotiated by": no adjective follows a noun before a participle or an auxiliary
    if (
      pos === 'ADJ' &&
      out[out.length - 1]?.pos === 'NOUN' &&
      !capitalised(t) &&
      (tokens[i + 1]?.pos === 'AUX' || (tokens[i + 1]?.pos === 'VERB' && /\p{L}{2}ed$/u.test(tokens[i + 1].text)))
    )
      pos = 'NOUN';
    // "the MS-MPPE-Send-Key and MS-MPPE-Recv-Key attributes from": an "-s" verb after a coordination of
    // two nouns would not agree with them -- it is the plural noun they modify
    if (
      pos === 'VERB' &&
      /[^s]s$/.test(t.text) &&
      !capitalised(t) &&
      ['NOUN', 'PROPN'].includes(out[out.length - 1]?.pos ?? '') &&
      lower(out[out.length - 2]) === 'and' &&
      ['NOUN', 'PROPN'].includes(out[out.length - 3]?.pos ?? '') &&
      ['ADP', 'PUNCT', 'AUX', 'VERB'].includes(tokens[i + 1]?.pos ?? 'PUNCT')
    )
      pos = 'NOUN';
    // "the IP address formats", "a MAC address.": a base form after a singular acronym would not agree
    // with it (and no modal stands between): a noun of the compound
    if (
      pos === 'VERB' &&
      !/(?:[^s]s|ed|ing)$/.test(t.text) &&
      !capitalised(t) &&
      /^\p{Lu}{2,}\d*$/u.test(out[out.length - 1]?.text ?? '') &&
      ['NOUN', 'PUNCT', 'ADP', 'AUX', 'CCONJ'].includes(tokens[i + 1]?.pos ?? 'PUNCT')
    )
      pos = 'NOUN';
    // "It facilitates fragmentary recognition": after a subject pronoun comes a verb, not a noun
    if (
      pos === 'NOUN' &&
      !capitalised(t) &&
      /^(?:it|he|she|they|we|i|you)$/i.test(out[out.length - 1]?.text ?? '') &&
      out[out.length - 1].pos === 'PRON' &&
      ['DET', 'ADJ', 'NOUN', 'PROPN', 'ADP', 'NUM', 'PRON'].includes(tokens[i + 1]?.pos ?? 'PUNCT')
    )
      pos = 'VERB';
    // "according to", "owing to": complex prepositions
    if (/^(?:according|owing)$/i.test(t.text) && lower(tokens[i + 1]) === 'to') pos = 'ADP';
    // "Serie A", "Appendix B": a capital letter after a name, before no noun, ends the name
    if (
      pos === 'DET' &&
      /^\p{Lu}$/u.test(t.text) &&
      out[out.length - 1]?.pos === 'PROPN' &&
      !['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(tokens[i + 1]?.pos ?? '')
    )
      pos = 'PROPN';
    // after a modal comes a verb: "MAY reply directly", "can route"
    if (
      (pos === 'NOUN' || pos === 'ADJ') &&
      !capitalised(t) &&
      /^(?:may|might|must|shall|should|can|could|will|would)$/i.test(out[out.length - 1]?.text ?? '') &&
      out[out.length - 1].pos === 'AUX' &&
      ['ADV', 'DET', 'ADP', 'PRON', 'NOUN', 'PROPN', 'PART'].includes(tokens[i + 1]?.pos ?? 'PUNCT')
    )
      pos = 'VERB';
    // a base-form "verb" inside a noun phrase: after a determiner and a noun, before "of" or a form of
    // "be" ("the MAC address of", "the AP MAC Address is"): a noun
    if (
      pos === 'VERB' &&
      !/(?:[^s]s|ed|ing)$/.test(t.text) &&
      ['NOUN', 'PROPN'].includes(out[out.length - 1]?.pos ?? '') &&
      (lower(tokens[i + 1]) === 'of' ? out.slice(-3).some((x) => x.pos === 'DET') : ['is', 'are', 'was', 'were'].includes(lower(tokens[i + 1])))
    )
      pos = 'NOUN';
    // "are parts of": after a form of "be" and before "of", a word read as a verb is a noun (but "made of")
    if (pos === 'VERB' && BE.has(lower(out[out.length - 1])) && lower(tokens[i + 1]) === 'of' && !/(?:ed|en)$/i.test(t.text)) pos = 'NOUN';
    // "without forwarding the request": a gerund after a preposition takes its object like a verb
    if (pos === 'NOUN' && /\p{L}{3}ing$/u.test(t.text) && out[out.length - 1]?.pos === 'ADP' && tokens[i + 1]?.pos === 'DET') pos = 'VERB';
    // "the chief of X": what an article opens and "of" follows is a noun
    if (pos === 'ADJ' && ARTICLES.has(lower(out[out.length - 1])) && lower(tokens[i + 1]) === 'of' && !/(?:est|most)$/.test(t.text)) pos = 'NOUN';
    // "the amount of blurring.": a gerund with no object after a preposition is a noun
    if (
      pos === 'VERB' &&
      /\p{L}{3}ing$/u.test(t.text) &&
      out[out.length - 1]?.pos === 'ADP' &&
      (!tokens[i + 1] || ['PUNCT', 'CCONJ'].includes(tokens[i + 1].pos))
    )
      pos = 'NOUN';
    // "a decision tree based approach": a noun and "based" (or another head of a compound adjective,
    // written without its hyphen) modify the noun after them, unless a preposition follows ("based on")
    if (
      COMPOUND_ADJECTIVE_HEADS.has(lower(t)) &&
      ['NOUN', 'PROPN'].includes(out[out.length - 1]?.pos ?? '') &&
      ['NOUN', 'PROPN'].includes(tokens[i + 1]?.pos ?? '') &&
      !capitalised(t)
    )
      pos = 'ADJ';
    // "in spoken dialogue", "a written request": an irregular participle before a noun modifies it
    if (pos === 'VERB' && /\p{L}{3}en$/u.test(t.text) && tokens[i + 1]?.pos === 'NOUN' && ['DET', 'ADJ', 'ADP'].includes(out[out.length - 1]?.pos ?? ''))
      pos = 'ADJ';
    // "the caching of keys": a gerund before "of" is a noun
    if (pos === 'VERB' && /\p{L}{3}ing$/u.test(t.text) && lower(tokens[i + 1]) === 'of') pos = 'NOUN';
    // a participle before a noun modifies it: "the parsing strategies", "uses shared keys", "referring expressions"
    // (also before a gerund compound: "the transported keying material")
    const gerundCompound =
      tokens[i + 1]?.pos === 'VERB' && /\p{L}{3}ing$/u.test(tokens[i + 1].text) && tokens[i + 2]?.pos === 'NOUN' && ARTICLES.has(lower(out[out.length - 1]));
    if (pos === 'VERB' && /\p{L}{3}(?:ing|ed)$/u.test(t.text) && (tokens[i + 1]?.pos === 'NOUN' || gerundCompound)) {
      const before = out[out.length - 1];
      const adverbOpening = before?.pos === 'ADV' && (out.length === 1 || out[out.length - 2].pos === 'DET'); // "Locally inferred", "a widely used"
      if (
        !before ||
        adverbOpening ||
        ['DET', 'ADJ', 'ADP', 'CCONJ', 'SCONJ', 'VERB', 'PUNCT', 'NUM'].includes(before.pos) ||
        (lower(before) === 'to' && /ed$/.test(t.text))
      )
        pos = 'ADJ'; // (also "to selected objects")
      // a noun compound with a gerund inside: "the EAP keying framework", "depth ordering constraints",
      // "question answering systems" -- the gerund's "object" is a bare singular count noun (no verb takes
      // one: "sending packet"), or its "subject" is a bare singular noun ("of depth ordering"), neither of
      // which a clause allows; "the server sending packets" stays a verb
      else if (/ing$/.test(t.text) && (before.pos === 'NOUN' || before.pos === 'PROPN')) {
        let h = i + 1;
        while (tokens[h + 1]?.pos === 'NOUN') h++;
        const singularToken = (x: Token) => !/[^s]s$|ss?es$/i.test(x.text) || /(?:ss|us|is)$/i.test(x.text);
        const objectSingular = singularToken(tokens[h]) && !capitalised(tokens[h]) && (tokens[h + 1]?.pos !== 'ADP' || /^\p{Lu}{2,}$/u.test(before.text)); // "a device combining knowledge about", but "EAP keying material during"
        const b2 = out[out.length - 2];
        const b3 = out[out.length - 3];
        // ("In large scale roaming systems": an adjective may open the bare phrase)
        const bareSubject =
          before.pos === 'NOUN' &&
          !capitalised(before) &&
          singularToken(before) &&
          (!b2 || ['ADP', 'PUNCT', 'VERB'].includes(b2.pos) || (b2.pos === 'ADJ' && (!b3 || ['ADP', 'PUNCT'].includes(b3.pos))));
        // (a compound's modifier is singular: "Proxies implementing policy MAY" is a clause)
        // (and an acronym opening a noun phrase modifies: "the EAP keying parameters negotiated")
        const acronymModifier = /^\p{Lu}{2,}\d*$/u.test(before.text) && (!b2 || ['DET', 'ADP', 'PUNCT', 'CCONJ'].includes(b2.pos));
        if ((objectSingular && singularToken(before)) || bareSubject || acronymModifier) pos = 'ADJ';
      }
    }
    // after an article (and its adjectives) comes no finite verb and no adverb: "a challenging set of",
    // "the fast computation"
    const prev = out[out.length - 1];
    const afterArticle = prev && (ARTICLES.has(lower(prev)) || (prev.pos === 'ADJ' && out.length > 1 && ARTICLES.has(lower(out[out.length - 2]))));
    // ("a poorly tested code path": an adverb before a participle stays one)
    const adverbBeforeParticiple = pos === 'ADV' && /ly$/.test(t.text) && tokens[i + 1]?.pos === 'VERB' && /\p{L}{2}(?:ed|ing)$/u.test(tokens[i + 1].text);
    if (afterArticle && (pos === 'VERB' || pos === 'ADV') && !capitalised(t) && !adverbBeforeParticiple) {
      const next = tokens[i + 1];
      pos =
        next && (next.pos === 'NOUN' || next.pos === 'PROPN' || (next.pos === 'VERB' && lower(tokens[i + 2]) === 'of') || next.pos === 'ADJ') ? 'ADJ' : 'NOUN';
    }
    // "are then validated by": a participle after "be" before "by" is the passive verb
    if (pos === 'ADJ' && /ed$/.test(t.text) && lower(tokens[i + 1]) === 'by' && out.slice(-2).some((x) => BE.has(lower(x)))) pos = 'VERB';
    out.push(pos === t.pos ? t : { ...t, pos });
  }
  // a sentence without a verb: a plural noun right after the subject and before an article or a
  // preposition is its verb ("The estimator yields an initial set", "Our system deals with pronouns")
  // (before any verb, an article after it says so even when the sentence has a later verb); and a plural
  // noun read as a verb before the real verb is the subject's head ("the Framed-Route attributes provide")
  let verbless = !out.some((x) => x.pos === 'VERB' || x.pos === 'AUX');
  // a verbless sentence with a base-form "noun" after a plural one and before its object: the verb of a
  // plural subject ("Experiments on X and lattice corpora show word error rates")
  for (let i = 2; verbless && i + 1 < out.length; i++) {
    const x = out[i];
    if (
      x.pos === 'NOUN' &&
      !capitalised(x) &&
      !/s$/.test(x.text) &&
      out[i - 1].pos === 'NOUN' &&
      /(?:[^s]s|[^aeiou]a)$/.test(out[i - 1].text) &&
      ['DET', 'NOUN', 'ADJ', 'NUM'].includes(out[i + 1].pos) &&
      out.slice(0, i - 1).some((y) => y.pos === 'NOUN' || y.pos === 'PROPN')
    ) {
      out[i] = { ...x, pos: 'VERB' };
      verbless = false;
    }
  }
  // a verbless sentence whose "-ed" adjective follows the subject's noun (or an adverb after it) and
  // precedes its object: that is the verb ("Past work mainly utilized attributes of objects")
  for (let i = 1; verbless && i + 1 < out.length; i++) {
    const x = out[i];
    const b = out[i - 1].pos === 'ADV' && i > 1 ? out[i - 2] : out[i - 1];
    if (x.pos === 'ADJ' && /\p{L}{3}ed$/u.test(x.text) && ['NOUN', 'PROPN'].includes(b.pos) && ['NOUN', 'DET', 'ADJ', 'PROPN'].includes(out[i + 1].pos)) {
      out[i] = { ...x, pos: 'VERB' };
      verbless = false;
    }
  }
  // no finite verb outside relative and subordinate clauses: the main clause's verb is a word the tagger
  // read as a noun right after the subject's head that agrees with it as a verb would, before its object
  // ("The method exploits on-line encyclopedias ... to generate examples, which are then used",
  // "Experiments on X and lattice corpora show word error rates ... while extracting")
  {
    let sub = false;
    let main = false;
    const candidates: number[] = [];
    for (let i = 0; i < out.length && !main; i++) {
      const x = out[i];
      if (REL_PRONOUN.has(lower(x)) && (x.pos === 'PRON' || lower(x) !== 'that')) sub = true;
      else if (x.pos === 'SCONJ') sub = true;
      else if ([',', ';', ':'].includes(x.text)) sub = false;
      else if (!sub && lower(out[i - 1]) !== 'to' && (x.pos === 'AUX' || (x.pos === 'VERB' && !/\p{L}{2}(?:ing|ed|en)$/u.test(x.text)))) main = true;
      else if (!sub && i >= 1 && x.pos === 'NOUN' && !capitalised(x)) candidates.push(i);
    }
    for (const i of main ? [] : candidates) {
      const x = out[i];
      const subj = out[i - 1];
      // ("The model combines a network": a sentence's first noun the tagger read as an adjective, before
      // a word and an article, is the subject's head)
      const adjectiveHead = subj.pos === 'ADJ' && i === 2 && ARTICLES.has(lower(out[0])) && ARTICLES.has(lower(out[i + 1]));
      if ((!['NOUN', 'PROPN'].includes(subj.pos) && !adjectiveHead) || !out[i + 1]) continue;
      // (coordinated nouns are a plural subject: "Both the encoder and the decoder use self-attention")
      const plural = pluralNoun(subj) || /[^aeiou]a$/.test(subj.text) || out.slice(0, i - 1).some((y) => lower(y) === 'and');
      const agrees = /[^s]s$/.test(x.text) ? !plural : plural;
      const next = out[i + 1];
      if (agrees && verbInWordNet(x.text) && (['DET', 'ADJ', 'NOUN', 'NUM', 'PROPN'].includes(next.pos) || (next.pos === 'ADP' && lower(next) !== 'of'))) {
        out[i] = { ...x, pos: 'VERB' };
        if (adjectiveHead) out[i - 1] = { ...subj, pos: 'NOUN' };
        break;
      }
    }
  }
  // no finite verb at all, only participles: a plural noun after a noun and before a preposition or an
  // article is the verb ("an EAP method exchange supporting key derivation results in the derivation of")
  if (!out.some((x) => x.pos === 'AUX' || (x.pos === 'VERB' && !/(?:ing|ed|en)$/.test(x.text)))) {
    for (let i = 2; i + 1 < out.length; i++) {
      const x = out[i];
      if (
        x.pos === 'NOUN' &&
        /[^s]s$/.test(x.text) &&
        !capitalised(x) &&
        out[i - 1].pos === 'NOUN' &&
        ((out[i + 1].pos === 'ADP' && lower(out[i + 1]) !== 'of') || ARTICLES.has(lower(out[i + 1]))) &&
        out.slice(0, i - 1).some((y) => y.pos === 'VERB')
      ) {
        out[i] = { ...x, pos: 'VERB' };
        break;
      }
    }
  }
  // a plural noun read as a verb inside the object of an earlier verb, before a preposition or the
  // sentence's end: "We provide frequentist and Bayesian analyses for", "reconstruction of both textured
  // and texture-less surfaces." (a new clause would open with its own determiner or pronoun: "and the
  // client connects to")
  for (let i = 0, verb = -1; i < out.length; i++) {
    const x = out[i];
    if (x.pos === 'VERB' || x.pos === 'AUX') {
      const inObject =
        verb >= 0 &&
        out.some((y, z) => z !== i && (y.pos === 'AUX' || (y.pos === 'VERB' && !/(?:ing|en)$/.test(y.text)))) && // another finite verb
        x.pos === 'VERB' &&
        /[^s]s$/.test(x.text) &&
        !capitalised(x) &&
        ['ADJ', 'NOUN', 'PROPN'].includes(out[i - 1].pos) &&
        (!out[i + 1] || out[i + 1].pos === 'ADP' || (out[i + 1].pos === 'PUNCT' && out[i + 1].text !== '(')) &&
        out
          .slice(verb + 1, i)
          .every(
            (y, z, a) =>
              ['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'CCONJ', 'ADP'].includes(y.pos) && !(y.pos === 'CCONJ' && ['DET', 'PRON'].includes(a[z + 1]?.pos ?? '')),
          );
      if (inObject) out[i] = { ...x, pos: 'NOUN' };
      else verb = i;
    } else if (x.pos === 'PUNCT' && x.text !== ',') verb = -1;
  }
  for (let i = 1; i + 1 < out.length; i++) {
    const x = out[i];
    if (x.pos === 'VERB' || x.pos === 'AUX') {
      if (
        x.pos === 'VERB' &&
        /[^s]s$/.test(x.text) &&
        ['NOUN', 'PROPN'].includes(out[i - 1].pos) &&
        out[i + 1].pos === 'VERB' &&
        !/(?:ing|ed)$/.test(out[i + 1].text)
      )
        out[i] = { ...x, pos: 'NOUN' };
      break;
    }
    if (
      x.pos === 'NOUN' &&
      /[^s]s$/.test(x.text) &&
      (out[i - 1].pos === 'NOUN' || out[i - 1].pos === 'PROPN') &&
      (ARTICLES.has(lower(out[i + 1])) || (verbless && out[i + 1].pos === 'ADP'))
    ) {
      out[i] = { ...x, pos: 'VERB' };
      break;
    }
  }
  return out;
}

/** Noun phrases of a sentence: token index ranges, trimmed to end on a nominal head. */
export function nounPhrases(tokens: Token[], text: string): Phrase[] {
  const base: Phrase[] = [];
  for (let i = 0; i < tokens.length;) {
    if (!NP_POS.has(tokens[i].pos)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < tokens.length && NP_POS.has(tokens[j + 1].pos)) j++;
    let from = i;
    let to = j;
    while (to >= from && !NP_HEAD.has(tokens[to].pos)) to--;
    // a section number opening a heading ("3.11 Framed-Compression", "1.  Introduction") is not part of
    // the name; a plain number is ("10 Hygiea", "200 Public Square")
    if (from === 0 && from < to && tokens[0].pos === 'NUM') {
      const gap = text.slice(tokens[0].end, tokens[1].start);
      if (/\./.test(tokens[0].text) || /\s{2,}|\n/.test(gap)) from++;
    }
    if (to < from) {
      i = j + 1;
      continue;
    }
    // "the architect John Madin": a title before a name is not part of it
    let name = to;
    while (name > from && tokens[name - 1].pos === 'PROPN' && capitalised(tokens[name - 1])) name--;
    if (tokens[to].pos === 'PROPN' && capitalised(tokens[to]) && name > from && tokens.slice(from, name).every((t) => t.pos === 'NOUN' && !capitalised(t)))
      from = name;
    // "several servers", but "New Hampshire": a capitalised word inside a name is part of it
    while (from < to && QUANTIFIERS.has(lower(tokens[from])) && (!capitalised(tokens[from]) || (from === 0 && !capitalised(tokens[from + 1])))) from++;
    // coordinated adjectives share the noun: "structural and lexical dependencies"
    // (also before a compound: "spatial and temporal intensity variation")
    // (and with a comma after a determiner: "a flexible, planning-based architecture")
    if (
      (tokens[from].pos === 'ADJ' || (from < to && !capitalised(tokens[from]))) &&
      from >= 2 &&
      (COORD.has(lower(tokens[from - 1])) || (tokens[from - 1].text === ',' && from >= 3 && tokens[from - 3].pos === 'DET')) &&
      (modifierLike(tokens[from - 2]) || (COORD.has(lower(tokens[from - 1])) && tokens[from - 2].text === ',' && modifierLike(tokens[from - 3])))
    ) {
      from -= tokens[from - 2].text === ',' ? 3 : 2;
      while (from > 0 && tokens[from - 1].pos === 'ADJ') from--;
      // ("lexical, syntactic, and semantic features": the list of adjectives, Oxford comma included)
      if (tokens[from]?.text === ',') from++;
      while (from >= 2 && tokens[from - 1].text === ',' && modifierLike(tokens[from - 2])) {
        from -= 2;
        while (from > 0 && tokens[from - 1].pos === 'ADJ') from--;
      }
    }
    // coordinated noun modifiers share the plural head: "the get or trap operations", "the session and
    // user keys" (a bare singular noun after a determiner, then "and"/"or" and a compound with a plural head)
    if (
      from >= 3 &&
      from < to &&
      COORD.has(lower(tokens[from - 1])) &&
      tokens[from - 2].pos === 'NOUN' &&
      !capitalised(tokens[from - 2]) &&
      !pluralNoun(tokens[from - 2]) &&
      tokens[from - 3].pos === 'DET' &&
      pluralNoun(tokens[to]) &&
      tokens.slice(from, to).every((t) => !capitalised(t))
    ) {
      if (base.at(-1)?.from === from - 2) base.pop();
      from -= 2;
    }
    if (to >= from) base.push(phrase(tokens, text, from, to));
    i = j + 1;
  }
  // proper names joined by a lower-case particle: "Battle of France", "American Journal of Mathematics";
  // an acronym in brackets inside a phrase: "Markov random field (MRF) models"
  const out: Phrase[] = [];
  for (let k = 0; k < base.length; k++) {
    let p = base[k];
    while (k + 1 < base.length) {
      // (the acronym is a noun phrase of its own: step over it)
      const skip = base[k + 1].from === p.to + 2 && base[k + 1].to === p.to + 2 && k + 2 < base.length ? 1 : 0;
      const q0 = base[k + 1 + skip];
      if (
        tokens[p.to + 1]?.text === '(' &&
        tokens[p.to + 3]?.text === ')' &&
        q0.from === p.to + 4 &&
        /^[\p{Lu}\p{N}][\p{L}\p{N}-]*$/u.test(tokens[p.to + 2].text) &&
        !capitalised(tokens[q0.from])
      ) {
        p = phrase(tokens, text, p.from, q0.to);
        k += 1 + skip;
        continue;
      }
      const link = tokens[p.to + 1];
      let next = p.to + 2;
      if (lower(tokens[next]) === 'the' && !capitalised(tokens[next])) next++;
      const q = base[k + 1];
      const nameBefore = capitalised(tokens[p.to]) && (tokens[p.to].pos === 'PROPN' || tokens[p.to].pos === 'NOUN');
      if (!link || !NAME_LINKS.has(link.text) || q.from !== next || !nameBefore || !capitalised(tokens[q.from]) || tokens[q.from].pos === 'NUM') break;
      p = phrase(tokens, text, p.from, q.to);
      k++;
    }
    out.push(p);
  }
  return out;
}

function phrase(tokens: Token[], text: string, from: number, to: number): Phrase {
  return { from, to, start: tokens[from].start, end: tokens[to].end, text: text.slice(tokens[from].start, tokens[to].end) };
}

/** A relation end: a noun phrase with its "of" complements ("community of Madrid"). */
interface Arg extends Phrase {
  /** The noun phrase the argument starts with. */
  np: Phrase;
  /** Its "of" complement, when it has one. */
  of?: Arg;
  /** First token index including determiners and possessives before it. */
  lead: number;
  /** Only a number or a date. */
  numeric: boolean;
  /** A light noun without complement: ends no relation. */
  light: boolean;
  /** The head noun is a capitalised name. */
  name: boolean;
  /** The light noun this argument stands behind ("part" in "part of the community of Madrid"). */
  via?: Phrase;
}

/** What a demonstrative end stands for, by the document's structure: the label of its node. */
export interface Referent {
  text: string;
}

/** The document's own structure, for the demonstratives that point at it or at a section's subject. */
export interface DocumentReferents {
  /** "this memo", "this document", "this specification": the document's designation. */
  self(): Referent | null;
  /** "this section": the clause holding offset. */
  section(offset: number): Referent | null;
  /**
   * "this value" in "§3.1 Tunnel-Start" under "3. New Acct-Status-Type Values", "this attribute" in
   * "§5.44 Acct-Tunnel-Connection Attribute": the named thing the section at offset is about, when
   * the heading says it is a `noun` (singular, lower case).
   */
  subject(offset: number, noun: string, plural: boolean): Referent | null;
  /** Where the section holding offset starts (a demonstrative's antecedent lies after it). */
  sectionStart(offset: number): number;
}

/** A noun phrase a later demonstrative may point back at ("the String field" ... "this field"). */
export interface Antecedent extends Span {
  text: string;
  /** Its head noun, singular, lower case. */
  head: string;
  /** Its words, lower case (modifiers a demonstrative repeats must be among them). */
  words: string[];
  /** Says more than its head alone: modifiers, a name, an "of" complement. */
  specific: boolean;
  /** Its head is plural ("these packets" points back at a plural, "this field" at a singular). */
  plural: boolean;
  sentence: number;
}

/** What one sentence leaves the next: the subject a pronoun "it"/"they" opening it points back at. */
export interface SentenceContext {
  antecedent?: { start: number; end: number; text: string; plural: boolean; name: boolean } | null;
  /** The noun phrases of the sentences read before, for demonstratives ("this field"). */
  recent?: Antecedent[];
  /** Sentences read so far. */
  sentence?: number;
  /** The document's structure (its designation, sections); without it only antecedents resolve demonstratives. */
  document?: DocumentReferents | null;
  /** What the authors last said they present ("we propose a two-step approach"): "this method" after it. */
  topic?: Antecedent | null;
}

/**
 * SVO, verb + preposition, attribute ("the leader of X is Y") and "X such as Y" relations in one sentence.
 * With a context, a subject "it"/"they" before a full verb stands for the previous subject of this
 * sentence or, when it has none yet, the first subject of the sentence before, when the two agree in
 * number ("The method exploits ... It outperforms the alternative"); the context is updated.
 */
export function sentenceRelations(input: Token[], text: string, context?: SentenceContext): SvoTriple[] {
  const tokens = prepare(input, text);
  const n = tokens.length;
  if (!n) return [];
  // questions assert nothing: "Does the server send it?", "What is X?"
  const last = tokens[n - 1].text;
  if (
    last === '?' ||
    (tokens[0].pos === 'AUX' && !BCP14.has(tokens[0].text) && n > 1 && tokens[1].pos !== 'VERB') ||
    (WH.has(lower(tokens[0])) && VERB_POS.has(tokens[1]?.pos ?? ''))
  )
    return [];

  const nps = nounPhrases(tokens, text);
  const npStart = new Map(nps.map((p) => [p.from, p]));
  const argCache = new Map<number, Arg | null>();

  /** The argument whose noun phrase starts at token i (no determiner skipping). */
  const argStartingAt = (i: number, depth = 0): Arg | null => {
    if (argCache.has(i) && depth === 0) return argCache.get(i)!;
    // "the same dish", "several servers": the phrase starts after the quantifier
    let q = i;
    while (!npStart.has(q) && q < i + 2 && QUANTIFIERS.has(lower(tokens[q]))) q++;
    const np = npStart.get(q);
    let out: Arg | null = null;
    if (np) {
      let to = np.to;
      let of: Arg | undefined;
      if (lower(tokens[np.to + 1]) === 'of' && depth < 2) {
        let k = np.to + 2;
        while (k < n && (tokens[k].pos === 'DET' || POSSESSIVE.has(lower(tokens[k])))) k++;
        const c = argStartingAt(k, depth + 1);
        if (c) {
          of = c;
          to = c.to;
        }
      }
      const head = tokens[np.to];
      const numeric = np.from === np.to && head.pos === 'NUM';
      // (a sentence's first word is capitalised by position only: "Use of the key naming mechanism ...")
      const lowerHead = !capitalised(head) || (np.to === 0 && /^\p{Lu}\p{Ll}+$/u.test(head.text));
      const bare = np.from === np.to && lowerHead;
      out = {
        ...phrase(tokens, text, np.from, to),
        np,
        of,
        lead: i,
        numeric,
        light: bare && LIGHT.has(lower(head)) && !of,
        name: !numeric && (capitalised(head) || (capitalised(tokens[np.from]) && tokens[np.from].pos === 'PROPN')),
      };
      // "Wheeler, Texas", "Bangalore, India": a place and the larger place it lies in are one name
      if (!of && out.name && tokens[to + 1]?.text === ',' && tokens[np.from - 1]?.text !== ',' && depth === 0) {
        const q2 = npStart.get(to + 2);
        const after = tokens[(q2?.to ?? n) + 1];
        if (q2 && capitalised(tokens[q2.from]) && tokens[q2.to].pos === 'PROPN' && !(after && (after.text === ',' || COORD.has(lower(after))))) {
          out = { ...out, ...phrase(tokens, text, np.from, q2.to) };
        }
      }
      // "the use of EAP", "a number of servers": the complement is the end
      // ("a wide range of", "an initial set of": adjectives before a light noun change nothing)
      // ("the port number of the bridge" is no light noun: a noun before it makes a compound, even one
      // the tagger read as an adjective)
      const onlyAdjectives = tokens.slice(np.from, np.to).every((t) => t.pos === 'ADJ' && !capitalised(t) && !nounModifier(t));
      // ("the number of seconds", "the amount of octets": a count of a unit of measure is a quantity, not
      // the unit, and stays whole)
      if (
        of &&
        onlyAdjectives &&
        lowerHead &&
        (LIGHT.has(lower(head)) || (head.pos === 'NUM' && np.from === np.to)) &&
        !(QUANTITY_NOUNS.has(lower(head)) && unitOfMeasure(tokens[of.np.to]))
      )
        out = { ...of, lead: i, via: np };
    }
    if (depth === 0) argCache.set(i, out);
    return out;
  };
  const PRONOUN = { pronoun: true } as const;
  /** The argument at token i after determiners and possessives; a pronoun there is marked. */
  const argAt = (i: number): Arg | typeof PRONOUN | null => {
    let k = i;
    while (k < n && (tokens[k].pos === 'DET' || (tokens[k].pos === 'PRON' && POSSESSIVE.has(lower(tokens[k]))))) {
      if (NEGATION.has(lower(tokens[k]))) return null; // "no packets"
      k++;
    }
    if (k < n && tokens[k].pos === 'PRON' && !REL_PRONOUN.has(lower(tokens[k]))) return PRONOUN;
    // a gerund and its object are one end after a preposition: "for modelling rotated image textures"
    // (an adverb may come between: "works by iteratively estimating camera parameters")
    const gerundAt = k > 0 && k + 1 < n && tokens[k].pos === 'ADV' && /ly$/.test(tokens[k].text) && tokens[k - 1].pos === 'ADP' ? k + 1 : k;
    if (
      k > 0 &&
      gerundAt < n &&
      tokens[gerundAt].pos === 'VERB' &&
      /\p{L}{2}ing$/u.test(tokens[gerundAt].text) &&
      (gerundAt > k || tokens[k - 1].pos === 'ADP')
    ) {
      let o = gerundAt + 1;
      while (o < n && (tokens[o].pos === 'DET' || POSSESSIVE.has(lower(tokens[o]))) && !NEGATION.has(lower(tokens[o]))) o++; // "by measuring the amount"
      const g = argStartingAt(o);
      if (g && !g.numeric) return { ...g, ...phrase(tokens, text, gerundAt, g.to), lead: i };
    }
    const a = argStartingAt(k);
    if (!a) return null;
    // "the architect, John Madin, ...": a common noun in apposition to a name stands for the name
    if (!a.name && !a.of && tokens[a.to + 1]?.text === ',') {
      const b = argStartingAt(a.to + 2);
      const after = tokens[(b?.to ?? n) + 1];
      if (b?.name && (!after || after.text === ',' || after.text === '.')) return { ...b, lead: i };
    }
    // "another authenticator's Called-Station-Id": the possessed thing is the end, with its owner when it
    // is a common noun ("the peer's identity")
    if (!a.of && ["'s", '’s'].includes(lower(tokens[a.to + 1])) && tokens[a.to + 1].pos !== 'AUX' && tokens[a.to + 1].pos !== 'VERB') {
      const b = argStartingAt(a.to + 2);
      if (b && !b.numeric) return b.name ? { ...b, lead: i } : { ...b, ...phrase(tokens, text, a.from, b.to), lead: i };
    }
    return { ...a, lead: i };
  };
  const isArg = (a: Arg | typeof PRONOUN | null): a is Arg => Boolean(a && !('pronoun' in a));
  /** ", a/an N" after a name (at the comma x): an apposition, not a list item. */
  const apposition = (x: number): boolean => {
    if (tokens[x]?.text !== ',' || !['a', 'an'].includes(lower(tokens[x + 1])) || !argEndingAt(x - 1)?.name) return false;
    const cls = argAt(x + 1);
    return isArg(cls) && !capitalised(tokens[cls.np.to]) && !VERB_POS.has(tokens[cls.to + 1]?.pos ?? '');
  };
  /** The token after an apposition at x (itself when there is none): "KAZE features, a novel algorithm in ..." */
  const afterApposition = (x: number): number => {
    if (!apposition(x)) return x;
    const cls = argsFrom(x + 1);
    const end = cls.length ? cls[cls.length - 1].to + 1 : x;
    return tokens[end]?.text === ',' && tokens[end + 1]?.pos === 'ADP' ? end + 1 : end;
  };
  /** Ends of a coordination starting at i: "A, B and C" gives A, B and C; a list needs its conjunction. */
  const argsFrom = (i: number, clauses = true): Arg[] => {
    const first = argAt(i);
    if (!isArg(first)) return [];
    const items = [first];
    const pending: Arg[] = [];
    let j = first.to + 1;
    for (let guard = 0; guard < 12 && j < n; guard++) {
      let k = j;
      if (tokens[k].text === ',') k++;
      let conj = false;
      if (COORD.has(lower(tokens[k]))) {
        conj = true;
        k++;
      } else if (lower(tokens[k]) === 'but' && lower(tokens[k + 1]) === 'also') {
        // "not only X but also Y"
        conj = true;
        k += 2;
      } else if (lower(tokens[k]) === 'as' && lower(tokens[k + 1]) === 'well' && lower(tokens[k + 2]) === 'as') {
        conj = true;
        k += 3;
      }
      if (k === j || (!conj && apposition(j))) break;
      const next = argAt(k);
      // "..., and B sends": a new clause -- unless the verb cannot be B's: a singular verb after a plural
      // noun ("A parser incorporating the control structure and the parsing strategies is") or a participle
      const v = tokens[(isArg(next) ? next.to : k) + 1];
      const singularVerb = v && (/^(?:is|was|has|does)$/i.test(v.text) || (v.pos === 'VERB' && /[^s]s$/.test(v.text)));
      const notItsVerb = isArg(next) && v && ((singularVerb && pluralNoun(tokens[next.np.to])) || (v.pos === 'VERB' && /\p{L}{3}ing$/u.test(v.text)));
      if (!isArg(next) || (clauses && VERB_POS.has(v?.pos ?? '') && !notItsVerb)) break;
      // "evaluate the system on X and show that ...": a bare word before a complement clause is its verb
      if (next.from === k && next.np.from === next.np.to && !next.of && ['that', 'how', 'whether'].includes(lower(tokens[next.to + 1]))) break;
      pending.push(next);
      j = next.to + 1;
      if (conj) items.push(...pending.splice(0));
    }
    return items;
  };
  /** The largest argument ending at token k. */
  const argEndingAt = (k: number): Arg | null => {
    let best: Arg | null = null;
    for (let s = k; s >= 0 && k - s < 14; s--) {
      const a = argStartingAt(s);
      if (a && a.to === k && (!best || a.from <= best.from)) best = a; // (the earliest start: "the use of X" over "X")
    }
    return best;
  };
  /** Subjects coordinated before this one: "A and B use C". */
  const withCoordinatedBefore = (a: Arg): Arg[] => {
    const out = [a];
    let j = a.lead - 1;
    // ("the encoder and the decoder": over the conjunct's own determiner)
    while (j > 0 && tokens[j].pos === 'DET' && !NEGATION.has(lower(tokens[j]))) j--;
    const pending: Arg[] = [];
    let conj = false;
    for (let guard = 0; guard < 8 && j > 0; guard++) {
      let k = j;
      const c = COORD.has(lower(tokens[k]));
      if (c) k--;
      if (tokens[k]?.text === ',') k--;
      if (k === j) break;
      const prev = argEndingAt(k);
      if (!prev) break;
      let lead = prev.from;
      while (lead > 0 && tokens[lead - 1].pos === 'DET') lead--;
      if (
        lead > 0 &&
        !COORD.has(lower(tokens[lead - 1])) &&
        tokens[lead - 1].text !== ',' &&
        !(lead - 1 === 0 || ['ADP', 'SCONJ', 'PUNCT'].includes(tokens[lead - 1].pos))
      )
        break;
      // "In proactive key distribution, keying material and authorizations are": an opening
      // prepositional phrase before the comma is no conjunct
      // ("is from the Lazio region and tomato is": the object of a preposition neither)
      if (lead > 0 && tokens[lead - 1].pos === 'ADP' && (!c || lower(tokens[lead - 1]) !== 'of')) break;
      pending.push({ ...prev, lead });
      conj ||= c;
      j = lead - 1;
      if (conj) out.unshift(...pending.splice(0).reverse());
      if (j < 0 || (!COORD.has(lower(tokens[j])) && tokens[j].text !== ',')) break;
    }
    return out;
  };

  // ---- demonstrative ends: "this value", "these attributes", "such an attack", "the following steps"
  const sentenceIndex = context?.sentence ?? 0;
  const documentRefs = context?.document ?? null;
  /** The demonstrative an end opens with: its noun (singular), number, kind and the noun's modifiers; null when none. */
  const deixisOf = (p: Phrase): { noun: string; plural: boolean; kind: 'anaphor' | 'such' | 'cataphor'; words: string[]; np: Phrase } | null => {
    const a = p as Arg;
    // (only an end that is the noun phrase itself: not a gerund's object, not a resolved pronoun; and
    // one an "of" complement does not pin down: "this lack of feedback" says what it is)
    if (!a.np || a.start !== a.np.start || a.of) return null;
    const head = tokens[a.np.to];
    if (!head || head.pos === 'PRON' || head.pos === 'NUM') return null;
    let j = a.np.from - 1;
    if (j >= 1 && ARTICLES.has(lower(tokens[j])) && lower(tokens[j - 1]) === 'such') j--; // "such an attack"
    const d = lower(tokens[j]);
    const plural = pluralNoun(head);
    let kind: 'anaphor' | 'such' | 'cataphor' | null = null;
    if (DEMONSTRATIVES.has(d) && tokens[j].pos !== 'SCONJ') {
      // (a determiner agrees with its noun: "that keys are kept" opens a clause)
      if ((d === 'this' || d === 'that') === plural) return null;
      kind = 'anaphor';
    } else if (d === 'such') kind = 'such';
    else if (CATAPHORIC.has(d) && lower(tokens[j - 1]) === 'the') kind = 'cataphor';
    if (!kind) return null;
    const words = tokens
      .slice(a.np.from, a.np.to)
      .filter((t) => t.pos !== 'NUM')
      .map(lower);
    return { noun: singular(head.text.toLowerCase()), plural, kind, words, np: a.np };
  };
  /** A noun phrase as a later demonstrative's antecedent (not a number, a light noun or a demonstrative itself). */
  const asAntecedent = (a: Arg): Antecedent | null => {
    const head = tokens[a.np.to];
    if (a.numeric || a.light || !head || head.pos === 'PRON' || head.pos === 'NUM' || deixisOf(a)) return null;
    const words = tokens.slice(a.from, a.to + 1).map(lower);
    return {
      start: a.start,
      end: a.end,
      text: a.text,
      head: singular(head.text.toLowerCase()),
      words,
      specific: words.length > 1,
      plural: pluralNoun(head),
      sentence: sentenceIndex,
    };
  };
  let here: Antecedent[] | null = null;
  let topicSet = false;
  /** The nearest noun phrase before `p` (this sentence, or the three before it in the same section) with the demonstrative's noun and more to say. */
  const antecedentOf = (p: Phrase, d: NonNullable<ReturnType<typeof deixisOf>>): Antecedent | null => {
    here ??= nps
      .map((np) => argStartingAt(np.from))
      .flatMap((a) => (a ? [asAntecedent(a)] : []))
      .filter((a): a is Antecedent => a !== null);
    const from = documentRefs ? documentRefs.sectionStart(p.start) : 0;
    const candidates = [...(context?.recent ?? []), ...here].filter(
      (a) =>
        a.end <= p.start &&
        a.start >= from &&
        a.sentence >= sentenceIndex - 3 &&
        a.head === d.noun &&
        a.plural === d.plural &&
        a.specific &&
        a.words.length > d.words.length + 1 &&
        d.words.every((w) => a.words.includes(w)),
    );
    return candidates.length ? candidates.reduce((x, y) => (y.start > x.start ? y : x)) : null;
  };
  const resolved = new Map<string, Phrase | null>();
  /**
   * The end itself, or what its demonstrative points at: the document ("this memo"), its clause ("this
   * section"), the named subject of the section ("this value" in §3.1 Tunnel-Start), else the nearest
   * antecedent ("the String field ... this field") or what the authors just presented ("we propose an
   * approach ... This method"); null when it points at nothing found (the triple is
   * not made: "value | may be used to mark | ..." says nothing). A demonstrative before a name keeps it.
   */
  const resolve = (p: Phrase): Phrase | null => {
    const d = deixisOf(p);
    if (!d) return p;
    const key = `${p.start}:${p.end}`;
    if (resolved.has(key)) return resolved.get(key)!;
    const bare = d.kind === 'anaphor' && !d.plural && !d.words.length;
    let r: Referent | null = null;
    if (bare && DOCUMENT_NOUNS.has(d.noun)) r = documentRefs?.self() ?? null;
    else if (bare && SECTION_NOUNS.has(d.noun)) r = documentRefs?.section(p.start) ?? null;
    else {
      r = documentRefs?.subject(p.start, d.noun, d.plural) ?? null;
      if (!r && d.kind !== 'cataphor') r = antecedentOf(p, d);
      // ("We propose a simple two-step approach ... This method requires": what the authors just presented)
      const topic = context?.topic;
      if (!r && d.kind === 'anaphor' && topic && topic.sentence >= sentenceIndex - 2 && topic.sentence < sentenceIndex && topic.plural === d.plural) r = topic;
    }
    // (the end keeps the demonstrative's span, where the sentence mentions it; its text is what it names)
    const out: Phrase | null = r
      ? { from: p.from, to: p.to, start: p.start, end: p.end, text: r.text }
      : capitalised(tokens[d.np.to]) && !nounInWordNet(d.noun) // a name ("this MIB"), not a capitalised common noun ("this Attribute")
        ? p
        : null;
    resolved.set(key, out);
    return out;
  };

  const out: SvoTriple[] = [];
  /** While reading a clause that asserts nothing (see `unasserted`): its triples are not emitted. */
  let quiet = false;
  const emit = (head: Arg | Phrase, relation: string, tail: Arg | Phrase, kind: SvoTriple['kind']) => {
    if (quiet) return;
    const h = head as Arg;
    const t = tail as Arg;
    if (h.light || t.light || h.numeric || !relation.trim()) return;
    if ([head, tail].some((p) => /^\p{L}$/u.test(p.text))) return; // "s", "x": a variable, not a thing
    const rh = resolve(head);
    const rt = resolve(tail);
    if (!rh || !rt) return;
    out.push({ head: plain(rh), relation: relation.replace(/\s+/g, ' ').trim(), tail: plain(rt), kind });
  };
  // a relation named by a noun keeps acronyms ("OCLC number") and lower-cases title case ("Leader")
  const nounText = (p: Phrase) =>
    text
      .slice(p.start, p.end)
      .replace(/\s+/g, ' ')
      .replace(/\b\p{Lu}\p{Ll}+\b/gu, (w) => w.toLowerCase());
  // (an attribute noun has no title-case word in it: "the United States invasion of Panama" is a name's phrase; "OCLC number" is one)
  const common = (p: Phrase) =>
    !capitalised(tokens[p.to]) &&
    tokens[p.to].pos !== 'NUM' &&
    p.to - p.from < 3 &&
    !tokens.slice(p.from, p.to).some((t) => /^\p{Lu}\p{Ll}/u.test(t.text) && t !== tokens[0]);
  /** Copula subjects of a predicate nominal ("X is a dish found in Y": "found in Y" is said of X). */
  const predicateOf = new Map<number, Arg[]>();
  let previousSubjects: Arg[] | null = null;
  let previousNegated = false;
  /** The first subjects of the sentence ("its" points back at them). */
  let sentenceSubjects: Arg[] | null = null;
  let firstSubject: SentenceContext['antecedent'] = null;
  /** The first relative clause: its pronoun's index and antecedent. */
  let relative: { at: number; ante: Arg } | null = null;
  let author = false;

  // clauses that assert nothing: a condition ("... if the negotiated EAP method supports PFS"), an open
  // question ("whether the discrepancy is due to X"), a supposition ("suppose that this table has three
  // entries"), up to the clause's end (a comma, semicolon, colon, "then" or the sentence's end)
  const unasserted = new Array<boolean>(n).fill(false);
  for (let j = 0; j < n; j++) {
    const x = lower(tokens[j]);
    // (and "Where" opening a sentence: "Where EAP keying material is determined solely from X, ..." is a condition;
    // a "where" inside a sentence is mostly a relative one that asserts: "the country where X is leader")
    // (and "there is no possibility that X", "no guarantee that X": a clause said not to hold)
    if (!(
      UNASSERTED_OPENERS.has(x) ||
      (x === 'assuming' && lower(tokens[j + 1]) === 'that') ||
      (x === 'where' && j === 0) ||
      (x === 'that' && j >= 2 && lower(tokens[j - 2]) === 'no' && tokens[j - 1].pos === 'NOUN')
    ))
      continue;
    // (a parenthetical inside it is an aside the sentence asserts: "if the proxy handles X (which may hide Y)")
    for (let e = j + 1, depth = 0; e < n && ![',', ';', ':'].includes(tokens[e].text) && lower(tokens[e]) !== 'then'; e++) {
      if (tokens[e].text === '(') depth++;
      else if (tokens[e].text === ')') depth = Math.max(0, depth - 1);
      else if (!depth) unasserted[e] = true;
    }
  }

  for (let i = 0; i < n; i++) {
    if (!VERB_POS.has(tokens[i].pos)) continue;
    const vs = i;
    let ve = i;
    while (
      ve + 1 < n &&
      (VERB_POS.has(tokens[ve + 1].pos) ||
        (tokens[ve + 1].pos === 'PART' && !(lower(tokens[ve + 1]) === 'not' && lower(tokens[ve + 2]) === 'only')) ||
        (tokens[ve + 1].pos === 'ADV' && VERB_POS.has(tokens[ve + 2]?.pos ?? '')))
    )
      ve++;
    while (ve + 2 < n && lower(tokens[ve + 1]) === 'to' && tokens[ve + 2].pos === 'VERB') ve += 2;
    // "should be developed in order to account for X": the purpose infinitive joins the verb group
    // (its "in order"/"so as" dropped from the relation below)
    let purpose: [number, number] | null = null;
    if (
      ve + 3 < n &&
      ((lower(tokens[ve + 1]) === 'in' && lower(tokens[ve + 2]) === 'order') || (lower(tokens[ve + 1]) === 'so' && lower(tokens[ve + 2]) === 'as')) &&
      lower(tokens[ve + 3]) === 'to' &&
      tokens[ve + 4]?.pos === 'VERB' &&
      // (not "so as to cause a client to authenticate": the infinitive's object is the subject of another)
      !tokens.slice(ve + 5, ve + 10).some((t, x, a) => lower(t) === 'to' && a[x + 1]?.pos === 'VERB')
    ) {
      purpose = [ve + 1, ve + 2];
      ve += 4;
    }
    i = ve;
    // (a counterfactual "were to complete" asserts nothing either; such a clause is still read, for the
    // subjects a pronoun after it points back at, but says nothing)
    quiet = unasserted[vs] || (lower(tokens[vs]) === 'were' && lower(tokens[vs + 1]) === 'to');
    let group = tokens.slice(vs, ve + 1).filter((_, x) => !purpose || vs + x < purpose[0] || vs + x > purpose[1]);
    // "The sections that follow analyze X": two finite verbs after a relative pronoun are the relative
    // clause's own (intransitive) verb and the main one; only a catenative verb takes a bare verb after it
    // ("keys that help protect X", Quirk §16.52)
    if (
      vs > 0 &&
      REL_PRONOUN.has(lower(tokens[vs - 1])) &&
      group.length >= 2 &&
      group[0].pos === 'VERB' &&
      group[1].pos === 'VERB' &&
      !/(?:ing|ed)$/.test(lower(group[0])) &&
      !CATENATIVE.has(lower(group[0]))
    )
      group = group.slice(1);
    const words = group.filter((t) => t.pos !== 'ADV' || NEGATION.has(lower(t)));
    if (!words.some((t) => VERB_POS.has(t.pos)) || words.some((t) => t.pos === 'PART' && lower(t) === "'s")) continue;
    // ("does not provide X or enable Y": a verb coordinated with a negated one shares its negation)
    const sharesNegation: boolean =
      previousNegated && vs > 0 && (COORD.has(lower(tokens[vs - 1])) || (tokens[vs - 1].text === ',' && COORD.has(lower(tokens[vs - 2]))));
    // ("provides not only X but also Y" negates nothing: a correlative coordination)
    const notOnly = lower(tokens[ve + 1]) === 'not' && lower(tokens[ve + 2]) === 'only';
    // ("nor does it provide X", "nor is it involved in Y", "Neither clients nor servers receive Z": a clause
    // opened by "nor" or "neither", up to its subject and an inverted auxiliary, is negated)
    let norClause = false;
    for (let j = vs - 1, guard = 0; j >= 0 && guard < 10; j--, guard++) {
      if (['nor', 'neither'].includes(lower(tokens[j]))) {
        norClause = true;
        break;
      }
      if ([',', ';', ':'].includes(tokens[j].text) || tokens[j].pos === 'VERB' || tokens[j].pos === 'SCONJ') break;
    }
    const negated: boolean = group.some((t) => NEGATION.has(lower(t))) || (NEGATION.has(lower(tokens[ve + 1])) && !notOnly) || sharesNegation || norClause;
    const governingNegated = previousNegated;
    previousNegated = negated;

    // ---- subject
    let subjects: Arg[] | null = null;
    let attribute: { owner: Arg[]; noun: string } | null = null;
    let k = vs - 1;
    while (k > 0 && tokens[k].pos === 'ADV' && !NEGATION.has(lower(tokens[k]))) k--; // "ROD-TV simultaneously delivers"
    // "a method to produce answers", "uses keys to encrypt packets": the noun before "to" is the agent
    if (k >= 1 && lower(tokens[k]) === 'to' && tokens[k].pos === 'PART') {
      const agent = argEndingAt(k - 1);
      // ("cannot use the Session-Id to guarantee freshness": the purpose of a negated verb is not done)
      if (agent && !agent.numeric && !negated && !governingNegated && !COMPLEMENT_NOUNS.has(lower(tokens[agent.np.to]))) {
        // ("We use a parser and a tagger to build the corpus": both are agents)
        const agents = [agent];
        for (let guard = 0, cur = agent; guard < 6; guard++) {
          let j = cur.from - 1;
          while (j > 0 && tokens[j].pos === 'DET') j--;
          const c = COORD.has(lower(tokens[j]));
          // (the last conjunct comes after "and"/"or"; the ones before it after commas)
          if (guard === 0 ? !c : tokens[j]?.text !== ',') break;
          const prev = argEndingAt(j - 1 - (c && tokens[j - 1]?.text === ',' ? 1 : 0));
          if (!prev || prev.numeric) break;
          agents.unshift(prev);
          cur = prev;
        }
        const verb = words
          .filter((t) => t.pos === 'VERB')
          .map(lower)
          .join(' ');
        let objs = argsFrom(ve + 1);
        let rel = verb;
        let kind: SvoTriple['kind'] = 'svo';
        // ("enables the peer to re-attach to an authenticator", "allows usage data to be collected at a
        // central location": an intransitive or passive infinitive and its preposition)
        // (only where the noun is the infinitive's subject: the object of a verb of causing or letting,
        // after "for", or a passive's patient -- not a purpose: "utilizes keying material to demonstrate to")
        let b = agents[0].lead - 1;
        while (b > 0 && tokens[b].pos === 'DET') b--;
        const subjectOf = lower(tokens[b]) === 'for' || (tokens[b]?.pos === 'VERB' && objectControl(tokens[b].text)) || words.some((t) => BE.has(lower(t)));
        if (!objs.length && subjectOf && tokens[ve + 1]?.pos === 'ADP' && !['of', 'by', 'whether', 'if', 'that'].includes(lower(tokens[ve + 1])) && verb) {
          objs = argsFrom(ve + 2);
          rel = `${verb} ${lower(tokens[ve + 1])}`;
          kind = 'prep';
        }
        for (const a of agents) for (const v of objs) emit(a, rel, v, kind);
      }
      previousSubjects = null;
      continue;
    }
    if (k >= 0 && tokens[k].text === ')') {
      // "Remote Authentication Dial In User Service (RADIUS) is": skip the parenthetical
      let o = k - 1;
      while (o >= 0 && k - o < 14 && tokens[o].text !== '(') o--;
      if (o >= 0 && tokens[o].text === '(') k = o - 1;
    }
    if (k >= 0 && REL_PRONOUN.has(lower(tokens[k]))) {
      const who = lower(tokens[k]) === 'who';
      const relAt = k;
      k--;
      if (k >= 0 && (tokens[k].text === ',' || tokens[k].text === '(')) k--;
      const ante = argEndingAt(k);
      // "the leader of X, who ...": a person; "the capital of X, which ...": the complement
      // (or when the verb agrees with the complement only: "the top-level actions of a protocol entity which receives")
      const agreesWithOf =
        Boolean(ante?.of) &&
        /[^s]s$/.test(tokens[vs].text) &&
        tokens[vs].pos === 'VERB' &&
        /[^s]s$/.test(tokens[ante!.np.to].text) &&
        !/[^s]s$/.test(tokens[ante!.of!.to].text);
      if (ante) subjects = ante.of && !who && !ante.of.numeric && (ante.of.name || agreesWithOf) ? [ante.of] : (predicateSubject(ante, predicateOf) ?? [ante]);
      if (ante && !relative) relative = { at: relAt, ante };
    } else if (k >= 0 && (COORD.has(lower(tokens[k])) || (tokens[k].text === ',' && COORD.has(lower(tokens[k - 1] ?? tokens[k]))))) {
      subjects = previousSubjects; // "was written by A and was preceded by B"
      if (argEndingAt(k - 1) && !previousSubjects) subjects = null;
    } else if (k >= 0 && tokens[k].text === ',') {
      // "Alan Shepard, who was born in ..., graduated": the sentence's subject, after the interruption
      const first = argAt(0);
      if (isArg(first) && tokens[first.to + 1]?.text === ',' && first.to < k) subjects = withCoordinatedBefore(first);
    } else if (k >= 0) {
      const a = argEndingAt(k);
      if (a && !a.numeric) {
        // "whose architect was X", "X's leader is Y": attributes of the owner
        const before = tokens[a.lead - 1];
        if (before && (lower(before) === "'s" || lower(before) === '’s') && common(a.np)) {
          const owner = argEndingAt(a.lead - 2);
          if (owner) attribute = { owner: [owner], noun: nounText(a.np) };
        } else if (before && lower(before) === 'the' && lower(tokens[a.lead - 2]) === 'where' && common(a.np)) {
          // "Italy, where the capital city is Rome": an attribute of the place
          const owner = argEndingAt(a.lead - 3 - (tokens[a.lead - 3]?.text === ',' ? 1 : 0));
          if (owner?.name) attribute = { owner: [owner], noun: nounText(a.np) };
        } else if (before && ['its', 'their'].includes(lower(before)) && common(a.np) && sentenceSubjects?.[0].name) {
          // "X is in Madrid; its runway name is 14L/32R": the possessive points at the sentence's subject
          attribute = { owner: sentenceSubjects, noun: nounText(a.np) };
        } else if (before && lower(before) === 'whose' && common(a.np)) {
          let o = a.lead - 2;
          if (tokens[o]?.text === ',') o--;
          const owner = argEndingAt(o);
          if (owner) attribute = { owner: [owner], noun: nounText(a.np) };
        }
        // a bare participle right after a noun phrase is a reduced relative on that phrase ("the master key
        // negotiated by an EAP method"): no walk back along its prepositional chain
        const bareParticiple = vs === ve && tokens[vs].pos === 'VERB' && /\p{L}{2}ed$/u.test(tokens[vs].text) && k === vs - 1;
        const afterPreposition = tokens[a.lead - 1]?.pos === 'ADP' || (tokens[a.lead - 1]?.pos === 'DET' && tokens[a.lead - 2]?.pos === 'ADP');
        const reduced = bareParticiple && afterPreposition;
        subjects = withCoordinatedBefore(reduced ? a : chainStart(a, tokens, argEndingAt));
        // "the confidentiality of any secret values used in the process", "the life of the keying material
        // used to encrypt": a reduced relative after an "of" phrase is said of its complement, the nearest
        // noun, when the head names an act, an attribute, a state, a time or a group -- what nothing is
        // "used in" or "transported by" itself ("the repository of data objects created by the system" is
        // said of the repository); a bare participle, no auxiliary, with a finite verb elsewhere in the
        // sentence (not "the authentication of the peer failed")
        const participle =
          k === vs - 1 &&
          tokens[vs].pos === 'VERB' &&
          !group.some((t) => t.pos === 'AUX') &&
          (/\p{L}{2}ing$/u.test(tokens[vs].text) ||
            (/\p{L}{2}(?:ed|en)$/u.test(tokens[vs].text) && (tokens[vs + 1]?.pos === 'ADP' || lower(tokens[vs + 1]) === 'to')));
        if (participle && subjects.length === 1 && subjects[0].of && subjects[0].to === k) {
          const finiteElsewhere = tokens.slice(0, subjects[0].lead).some((t) => VERB_POS.has(t.pos)) || tokens.slice(ve + 1).some((t) => VERB_POS.has(t.pos));
          let inner = subjects[0].of;
          while (inner.of) inner = inner.of;
          if (finiteElsewhere && !inner.numeric && abstractHead(tokens[subjects[0].np.to])) subjects = [inner];
        }
        // "Antwerp Airport which has an elevation of 12 metres above sea level is owned by X": the relative
        // clause had its verb, so this verb is the main clause's and its subject is the antecedent
        if (
          relative &&
          a.from > relative.at &&
          !tokens
            .slice(relative.at + 1, vs)
            .some((t) => t.text === ',' || t.text === ';' || COORD.has(lower(t)) || REL_PRONOUN.has(lower(t)) || t.pos === 'SCONJ')
        ) {
          subjects = withCoordinatedBefore(chainStart(relative.ante, tokens, argEndingAt));
          attribute = null;
        }
        // "EAP methods such as EAP-TLS and EAP-TTLS derive keys": the class is the subject
        const lead = subjects[0].lead;
        if (lead >= 3 && lower(tokens[lead - 2]) === 'such' && lower(tokens[lead - 1]) === 'as') {
          const cls = argEndingAt(lead - 3 - (tokens[lead - 3]?.text === ',' ? 1 : 0));
          if (cls) subjects = [cls];
        }
        const pred = predicateSubject(subjects[0], predicateOf);
        if (pred && subjects.length === 1) subjects = pred;
      } else if (tokens[k].pos === 'PRON') {
        subjects = null;
        // "It outperforms the alternative": the subject the pronoun points back at
        const pronoun = lower(tokens[k]);
        const full = words.some((t) => t.pos === 'VERB') && !EXPLETIVE_VERBS.has(lower(words.find((t) => t.pos === 'VERB')));
        if ((pronoun === 'it' || pronoun === 'they') && full && tokens[k - 1]?.pos !== 'PRON') {
          const plural = pronoun === 'they';
          const ante: SentenceContext['antecedent'] = sentenceSubjects ? firstSubject : (context?.antecedent ?? null);
          if (ante && ante.plural === plural) {
            const np: Phrase = { from: k, to: k, start: ante.start, end: ante.end, text: ante.text };
            subjects = [{ ...np, np, lead: k, numeric: false, light: false, name: ante.name }];
          }
        }
      }
    }
    // "we present a technique for robust estimation": the authors' voice says nothing of its own, the
    // object and its complement are the relation's ends -> (technique, present for, robust estimation)
    // "this paper presents", "this document describes": the text pointing at itself is the authors' voice too
    // (in a document that names itself, "this memo" is that document: RFC 3580 provides ...)
    const deixis =
      subjects?.length === 1 &&
      subjects[0].np.from === subjects[0].np.to &&
      SELF_NOUNS.has(lower(tokens[subjects[0].np.from])) &&
      SELF_DET.has(lower(tokens[subjects[0].np.from - 1])) &&
      !(lower(tokens[subjects[0].np.from - 1]) === 'this' && DOCUMENT_NOUNS.has(lower(tokens[subjects[0].np.from])) && documentRefs?.self());
    if (deixis) subjects = null;
    const coordinated = k >= 0 && (COORD.has(lower(tokens[k])) || tokens[k].text === ',');
    author = deixis || (k >= 0 && FIRST_PERSON.has(lower(tokens[k]))) ? true : coordinated && !subjects ? author : false;
    previousSubjects = subjects;
    if (subjects?.length && !sentenceSubjects) {
      sentenceSubjects = subjects;
      const a: Arg = subjects[0];
      const pron: boolean = tokens[a.np.to].pos === 'PRON';
      // (a demonstrative subject hands on what it points at: "This attribute ... It" is the attribute named)
      const r = resolve(a);
      firstSubject =
        subjects.length > 1 || !r
          ? null
          : pron
            ? { start: a.start, end: a.end, text: a.text, plural: lower(tokens[a.np.to]) === 'they', name: a.name }
            : { start: r.start, end: r.end, text: r.text, plural: pluralNoun(tokens[a.np.to]), name: r === a ? a.name : true };
    }
    if (author && !negated && !subjects) {
      const objects = argsFrom(ve + 1);
      if (context && objects.length === 1 && !topicSet) {
        const t = asAntecedent(objects[0]);
        if (t) {
          context.topic = t;
          topicSet = true;
        }
      }
      const j = objects.length ? afterApposition(objects[objects.length - 1].to + 1) : -1;
      // ("describes the use of RADIUS for purposes of accounting": a light noun's complement is no topic of its own)
      if (j > 0 && !objects.some((x) => x.via) && tokens[j]?.pos === 'ADP' && !['of', 'by'].includes(lower(tokens[j]))) {
        const verb = words
          .filter((t) => t.pos === 'VERB')
          .map(lower)
          .join(' ');
        // the first phrase and later ones the verb takes: "we describe 2D features in a nonlinear scale space
        // by means of nonlinear diffusion filtering" (a later simple preposition between common nouns
        // modifies the noun before it, as in the main clause's reading below)
        let p = j;
        for (let guard = 0; guard < 3 && p < n && tokens[p].pos === 'ADP' && !['of', 'by'].includes(lower(tokens[p])); guard++) {
          const ys = argsFrom(p + 1);
          if (!ys.length) break;
          const before = guard ? argEndingAt(p - 1) : null;
          const named = (a: Arg) => a.numeric || capitalised(tokens[a.to]);
          if (before && !named(before) && !ys.some(named) && !COMPLEX_PREPOSITION_TOKEN.test(tokens[p].text)) break;
          for (const x of objects) for (const y of ys) emit(x, `${verb} ${lower(tokens[p])}`, y, 'prep');
          p = ys[ys.length - 1].to + 1;
        }
      }
      // "we evaluate the quality of the mosaic by measuring the amount of blurring": the means does what
      // the authors say they do -> (measuring the amount of blurring, evaluate, quality of the mosaic)
      if (j > 0 && lower(tokens[j]) === 'by' && tokens[j + 1]?.pos === 'VERB' && /ing$/.test(tokens[j + 1].text)) {
        const verb = lower(words.filter((t) => t.pos === 'VERB').at(-1)); // the main verb: "propose to evaluate" -> "evaluate"
        for (const y of argsFrom(j + 1)) for (const x of objects) emit(y, verb, x, 'svo');
      }
      continue;
    }
    if (!subjects?.length || negated) continue;
    let w = subjects[0].lead - 1;
    while (w > 0 && tokens[w].pos === 'DET') w--;
    if (lower(tokens[w]) === 'without') continue; // "Without the proxy sending X": it does not
    // "Requiring each EAP method to include code would increase complexity": the subject is the opening
    // gerund clause (an event), not a noun inside it; so after a fronted adverbial ("In this situation,
    // bypassing the AAA exchange could enable ...")
    if (
      subjects[0].lead > 0 &&
      tokens[0].pos === 'VERB' &&
      /^\p{Lu}\p{Ll}+ing$/u.test(tokens[0].text) &&
      !tokens.slice(0, vs).some((t) => t.text === ',') &&
      !REL_PRONOUN.has(lower(tokens[k]))
    )
      continue;
    if (
      w > 1 &&
      tokens[w].pos === 'VERB' &&
      /^\p{Ll}+ing$/u.test(tokens[w].text) &&
      tokens[w - 1].text === ',' &&
      !tokens.slice(w, vs).some((t) => t.text === ',') &&
      !REL_PRONOUN.has(lower(tokens[k]))
    )
      continue;
    // (likewise an "-ing" word opening the clause with a determiner after it: 'decoding the "next" packet on a
    // connection depends on ...', 'Decoding the next packet depends on ...')
    {
      let c = subjects[0].lead - 1;
      while (c > 0 && tokens[c - 1].text !== ',' && tokens[c - 1].text !== ';') c--;
      if (
        c < subjects[0].lead - 1 &&
        /^\p{L}{3,}ing$/u.test(tokens[c].text) &&
        GERUND_OBJECT_DET.has(lower(tokens[c + 1])) &&
        inWordNet(tokens[c].text, 'v') &&
        !tokens.slice(c + 1, vs).some((t) => t.pos === 'VERB' || t.pos === 'AUX' || REL_PRONOUN.has(lower(t)))
      )
        continue;
    }
    const subject = subjects[0];
    // "No proxy may modify the packet", "Not all EAP methods provide X", "None of the servers send Y": a subject
    // negated or limited by its determiner says the clause of no one, or not of every one (the same as "not")
    {
      const before = tokens
        .slice(Math.max(0, subject.np.from - 4), subject.np.from)
        .map(lower)
        .join(' ');
      if (/(?:^|\s)(?:no|neither|none of(?: the| these| those| its| their)?|not (?:all|every|any|each)(?: of)?(?: the| these| those)?)$/.test(before)) continue;
      // "In no case may a proxy modify X", "Proxies in no way modify X": a negative adverbial in the clause
      let c0 = subject.lead;
      while (c0 > 0 && ![',', ';', ':'].includes(tokens[c0 - 1].text)) c0--;
      if (tokens.slice(c0, ve).some((t, x, a) => t.pos === 'ADP' && lower(a[x + 1]) === 'no' && NEGATIVE_ADVERBIAL.has(lower(a[x + 2] ?? a[x])))) continue;
    }
    // "Implicit in the SNMP model is a collection of stations": a fronted adjective predicate (the subject
    // comes after the verb), not a name the tagger made of a capitalised adjective
    if (subject.np.from === 0 && subject.np.to === 0 && (tokens[1]?.pos === 'ADP' || lower(tokens[1]) === 'to') && mostlyAdjective(tokens[0])) continue;
    // "The managed entity only supports IPv4 address formats": a verb in its base form right after one
    // singular noun, with no auxiliary, "to" or second subject, does not agree with it; a word that is also
    // a noun there is the tagger's misreading of a compound ("IPv4 address formats")
    if (
      subjects.length === 1 &&
      words.length === 1 &&
      words[0].pos === 'VERB' &&
      subject.np.to === vs - 1 &&
      !/(?:[^s]s|ed|ing)$/i.test(words[0].text) &&
      !/\p{Ll}s$/u.test(tokens[subject.np.to].text) &&
      !PLURAL_WITHOUT_S.has(lower(tokens[subject.np.to])) &&
      // (only a noun that comes right after a verb or a preposition, inside its object: "supports IPv4
      // address formats"; a sentence's subject keeps a plural verb a name may take, "A.S. Roma play in";
      // after "with", a participle may look like a base form: "with the Key Signature field set to zero")
      (tokens[w]?.pos === 'VERB' || tokens[w]?.pos === 'ADP') &&
      !['with', 'without'].includes(lower(tokens[w])) &&
      // (nor after a verb taking an object and a bare infinitive: "helps the object detector handle objects")
      !BARE_INFINITIVE_OBJECT.has(lower(tokens[w])) &&
      inWordNet(words[0].text, 'n') &&
      inWordNet(words[0].text, 'v')
    )
      continue;

    // ---- the verb
    const verbs = words.filter((t) => t.pos === 'VERB');
    const auxes = words.filter((t) => t.pos === 'AUX');
    const copula = !verbs.length && auxes.length > 0 && BE.has(lower(auxes[auxes.length - 1]));
    const have = !verbs.length && auxes.length > 0 && HAVE.has(lower(auxes[auxes.length - 1]));
    const main = verbs[verbs.length - 1];
    const passive = Boolean(main) && !/ing$/i.test(main.text) && words.some((t, x) => BE.has(lower(t)) && words.slice(x + 1).includes(main));
    // the relation is the verb group without leading be/have/do auxiliaries ("was founded" -> "founded",
    // but "can be recovered" keeps its modal and what follows)
    const firstVerb = words.findIndex((t) => t.pos === 'VERB');
    let lead = 0;
    while (lead < firstVerb && words[lead].pos === 'AUX' && (BE.has(lower(words[lead])) || HAVE.has(lower(words[lead])) || DO.has(lower(words[lead])))) lead++;
    const relation = words
      .filter((_, x) => x >= lead)
      .map(lower)
      .join(' ');
    let o = ve + 1;
    if (notOnly) o += 2;
    while (o < n - 1 && tokens[o].pos === 'ADV' && !NEGATION.has(lower(tokens[o])) && !WH.has(lower(tokens[o]))) o++; // "are usually sensitive to"
    const ofOwner = subject.of && common(subject.np) && !subject.of.numeric ? subject.of : null;
    // "The intent of this document is to address X": a purpose noun's owner is what does it, (document,
    // address, X); with no owner named, nothing is said of anyone
    if (
      words.length >= 3 &&
      BE.has(lower(words[0])) &&
      lower(words[1]) === 'to' &&
      words[2].pos === 'VERB' &&
      PURPOSE_NOUNS.has(lower(tokens[subject.np.to]))
    ) {
      if (ofOwner) {
        const rel = words.slice(2).map(lower).join(' ');
        for (const w of withCoordinatedAfter(ofOwner, argsFrom)) for (const y of argsFrom(o)) emit(w, rel, y, 'svo');
      }
      continue;
    }

    if (copula || have) {
      // "the leader of Aarhus is Jacob Bundsgaard", "X's leader is Y" -> (Aarhus, leader, Jacob Bundsgaard)
      if (copula && (attribute || (ofOwner && subjects.length === 1))) {
        const owner = attribute?.owner ?? withCoordinatedAfter(ofOwner!, argsFrom);
        const noun = attribute?.noun ?? nounText(subject.np);
        for (const w of owner) for (const v of argsFrom(o)) emit(w, noun, v, 'of');
        continue;
      }
      // "the country where Jacob Zuma is leader": (country, leader, Jacob Zuma)
      if (copula && lower(tokens[subject.lead - 1]) === 'where' && subject.name) {
        const place = argEndingAt(subject.lead - 2 - (tokens[subject.lead - 2]?.text === ',' ? 1 : 0));
        const noun = argAt(o);
        if (place && isArg(noun) && noun.lead === noun.from && !noun.of && common(noun.np)) {
          emit(place, nounText(noun.np), subject, 'of');
          continue;
        }
      }
      // "There are 45 floors at X" -> (X, floors, 45)
      if (copula && lower(tokens[vs - 1]) === 'there') continue;
      const obj = argAt(o);
      // "X is one of the creators of Y" says what "X is a creator of Y" says: (Y, creators, X);
      // "X is one of the ingredients": (X, is a, ingredients)
      if (copula && isArg(obj) && obj.via && lower(tokens[obj.via.to]) === 'one' && obj.via.from === obj.via.to) {
        if (obj.of && common(obj.np) && !obj.of.numeric) {
          for (const y of withCoordinatedAfter(obj.of, argsFrom)) for (const s of subjects) emit(y, nounText(obj.np), s, 'of');
        } else if (!obj.of && common(obj.np)) {
          for (const s of subjects) emit(s, 'is a', obj, 'isa');
        }
        continue;
      }
      // "X is part of Y": (X, part of, Y)
      if (copula && isArg(obj) && obj.via && LIGHT.has(lower(tokens[obj.via.to]))) {
        for (const s of subjects) for (const y of withCoordinatedAfter(obj, argsFrom)) emit(s, `${nounText(obj.via)} of`, y, 'prep');
        continue;
      }
      if (isArg(obj)) {
        const n0 = obj.np;
        // "X is the president of Y", "X is an ingredient in Y" -> (Y, president, X); "X is part of Y" -> (X, part of, Y)
        // (and "Y is the nickname for X" between names)
        const forNames =
          lower(tokens[obj.to + 1]) === 'for' &&
          subjects.every((x) => x.name || x.numeric) &&
          argAt(obj.to + 2) !== null &&
          isArg(argAt(obj.to + 2)) &&
          (argAt(obj.to + 2) as Arg).name;
        // (not a measure: "The Lost field is 4 octets in length")
        const inY =
          !obj.of && tokens[n0.from].pos !== 'NUM' && tokens[obj.to + 1]?.pos === 'ADP' && (['in', 'at'].includes(lower(tokens[obj.to + 1])) || forNames)
            ? argsFrom(obj.to + 2)
            : [];
        const ofY = obj.of ? withCoordinatedAfter(obj.of, argsFrom) : [];
        const owners = ofY.length ? ofY : inY;
        if (copula && owners.length && common(n0)) {
          const noun = nounText(n0);
          if (n0.from === n0.to && LIGHT.has(lower(tokens[n0.to]))) {
            for (const s of subjects) for (const y of owners) emit(s, `${noun} ${ofY.length ? 'of' : lower(tokens[obj.to + 1])}`, y, 'prep');
          } else {
            for (const y of owners) for (const s of subjects) emit(y, noun, s, 'of');
          }
          predicateOf.set(n0.from, subjects);
          continue;
        }
        // "Felicita has a periapsis of 1.7e11" -> (Felicita, periapsis, 1.7e11); "has 3500 members" -> (X, members, 3500)
        if (have && ofY.length && common(n0) && !(n0.from === n0.to && LIGHT.has(lower(tokens[n0.to])))) {
          for (const s of subjects) for (const v of ofY) emit(s, nounText(n0), v, 'of');
          continue;
        }
        if (have && tokens[n0.from].pos === 'NUM' && n0.to > n0.from && !obj.of) {
          const value = phrase(tokens, text, n0.from, n0.from);
          const noun = phrase(tokens, text, n0.from + 1, n0.to);
          for (const s of subjects) emit(s, nounText(noun), { ...value, numeric: false } as Phrase, 'of');
          continue;
        }
        if (copula) {
          // "EAP-TLS is an EAP method" -> isa; "X is Y" between two names says nothing we keep
          const det = lower(tokens[obj.lead]);
          // "messages are best sent within X": a comparative or superlative with no article before a participle
          // the tagger read as a noun is a passive, read with its preposition
          const prep0 = tokens[obj.to + 1];
          if (obj.lead === obj.from && DEGREE.has(lower(tokens[obj.from])) && !obj.of && prep0?.pos === 'ADP' && !['of', 'that'].includes(lower(prep0))) {
            const rel = `${tokens
              .slice(obj.from, obj.to + 1)
              .map(lower)
              .join(' ')} ${lower(prep0)}`;
            for (const s of subjects) for (const y of argsFrom(obj.to + 2)) emit(s, rel, y, 'prep');
            continue;
          }
          // (a bare plural with a capitalised modifier is a class too: "CCRs are Boolean conditions"; not a
          // comparative or superlative without its article: "messages are best sent within X" is no class)
          if (
            (det === 'a' ||
              det === 'an' ||
              (/^\p{Ll}/u.test(tokens[obj.np.to].text) && !obj.numeric && obj.lead === obj.from && !DEGREE.has(lower(tokens[obj.from])))) &&
            tokens[obj.from].pos !== 'NUM'
          ) {
            for (const s of subjects) emit(s, 'is a', obj, 'isa');
            predicateOf.set(obj.from, subjects);
            // "RADIUS is a protocol for carrying authentication": (RADIUS, is protocol for, carrying authentication)
            const prep = tokens[obj.to + 1];
            if (!obj.of && common(obj.np) && prep?.pos === 'ADP' && !['of', 'by', 'in', 'at'].includes(lower(prep))) {
              for (const s of subjects) for (const y of argsFrom(obj.to + 2)) emit(s, `is ${nounText(obj.np)} ${lower(prep)}`, y, 'prep');
            }
          }
          continue;
        }
        for (const s of subjects) for (const v of argsFrom(o)) emit(s, relation, v, 'svo');
        continue;
      }
      // "X is similar to Y", "X is in Y"
      let p = o;
      let rel = '';
      if (copula && (tokens[p]?.pos === 'ADJ' || tokens[p]?.pos === 'ADV') && tokens[p + 1]?.pos === 'ADP') {
        rel = `${lower(tokens[p])} ${lower(tokens[p + 1])}`;
        p += 2;
      } else if (copula && tokens[p]?.pos === 'ADP' && lower(tokens[p]) !== 'of') {
        rel = `is ${lower(tokens[p])}`;
        p += 1;
      }
      const ys = rel ? argsFrom(p) : [];
      // "A RECOMMENDED method is for the peer and authenticator to each provide a nonce": the noun
      // phrase is the subject of an infinitive clause, not the copula's complement
      const end = ys.length ? ys[ys.length - 1].to : -1;
      const infinitive = lower(tokens[end + 1]) === 'to' || (tokens[end + 1]?.pos === 'ADV' && lower(tokens[end + 2]) === 'to');
      if (!infinitive) for (const s of subjects) for (const v of ys) emit(s, rel, v, 'prep');
      continue;
    }

    // ---- a full verb: objects, "by" agents, prepositional objects
    // "is owned and operated by X": coordinated participles share what follows the last one
    if (passive && COORD.has(lower(tokens[o])) && tokens[o + 1]?.pos === 'VERB' && /ed$|en$/.test(tokens[o + 1].text) && !/ing$/.test(tokens[o + 1].text)) {
      let p = o + 1;
      while (p + 1 < n && (tokens[p + 1].pos === 'VERB' || COORD.has(lower(tokens[p + 1])) || tokens[p + 1].text === ',')) p++;
      if (tokens[p].pos === 'VERB') o = p + 1;
    }
    let rel = passive && lower(tokens[o]) === 'by' ? `${relation} by` : relation;
    let at = passive && lower(tokens[o]) === 'by' ? o + 1 : o;
    let objects = argsFrom(at);
    let kind: SvoTriple['kind'] = 'svo';
    if (!objects.length && (tokens[at]?.pos === 'ADP' || lower(tokens[at]) === 'to')) {
      rel = `${relation} ${lower(tokens[at])}`;
      at += 1;
      objects = argsFrom(at);
      kind = 'prep';
    }
    if (!objects.length) continue;
    // "X enables the peer to verify Y", "allows usage data to be collected": the object is the subject of
    // the infinitive (read there as its agent), not what X enables
    const last = objects[objects.length - 1];
    if (
      kind === 'svo' &&
      !passive &&
      main &&
      objectControl(main.text) &&
      lower(tokens[last.to + 1]) === 'to' &&
      (tokens[last.to + 2]?.pos === 'VERB' || tokens[last.to + 2]?.pos === 'AUX' || verbInWordNet(tokens[last.to + 2]?.text ?? ''))
    )
      continue;
    for (const s of subjects) for (const v of objects) emit(s, rel, v, kind);
    let j = afterApposition(objects[objects.length - 1].to + 1);
    // "sends an Access-Request to the server": (NAS, sends Access-Request to, server), ReVerb-style
    const only = objects.length === 1 ? objects[0] : null;
    let reverb = false; // the phrase after the object was read as "verb + object + preposition"
    // (and the means of an active verb: "generates summaries by selecting the most important sentences")
    const byMeans = lower(tokens[j]) === 'by' && tokens[j + 1]?.pos === 'VERB' && /\p{L}{2}ing$/u.test(tokens[j + 1].text);
    // (a preposition before "which" / "whom" opens a relative clause, no phrase of the verb's: "determine the
    // EAP server to which requests will be sent")
    const relativeAt = (x: number) => ['which', 'whom', 'whose'].includes(lower(tokens[x + 1]));
    if (
      kind === 'svo' &&
      !passive &&
      only &&
      only.to - only.from < 3 &&
      tokens[j]?.pos === 'ADP' &&
      !relativeAt(j) &&
      (byMeans || !['of', 'by'].includes(lower(tokens[j])))
    ) {
      const pobj = argsFrom(j + 1);
      for (const s of subjects) for (const v of pobj) emit(s, `${rel} ${only.text} ${lower(tokens[j])}`, v, 'prep');
      if (pobj.length) {
        j = pobj[pobj.length - 1].to + 1;
        reverb = true;
      }
    }
    // later prepositional phrases: "born in X on November 18th, 1923"
    for (let guard = 0; guard < 3 && j < n; guard++) {
      if (tokens[j].pos !== 'ADP' || lower(tokens[j]) === 'of' || lower(tokens[j]) === 'by' || relativeAt(j)) break;
      const more = argsFrom(j + 1);
      if (!more.length) break;
      // "lead to a Denial of Service attack on the server": after a common noun a phrase between common
      // nouns modifies the noun; the verb takes it when a name or a number stands on either side
      const before = argEndingAt(j - 1);
      const named = (a: Arg) => a.numeric || capitalised(tokens[a.to]) || tokens[a.to].pos === 'NUM';
      if (before && !named(before) && !more.some(named) && lower(tokens[j]) !== 'as' && !COMPLEX_PREPOSITION_TOKEN.test(tokens[j].text)) {
        // the phrase goes with the noun: ReVerb's "verb + noun + preposition" names it when that noun is
        // short ("may lead to a Denial of Service attack on the server" -> (abuse, may lead to attack on, server))
        if (guard === 0 && !reverb && objects.length === 1 && before.np.to - before.np.from < 2 && !before.of) {
          const via = `${rel} ${nounText(before.np)} ${lower(tokens[j])}`;
          for (const s of subjects) for (const v of more) emit(s, via, v, 'prep');
        }
        break;
      }
      for (const s of subjects) for (const v of more) emit(s, `${relation} ${lower(tokens[j])}`, v, 'prep');
      j = more[more.length - 1].to + 1;
    }
  }
  quiet = false;

  // "EAP methods such as EAP-TLS, EAP-TTLS and PEAP"
  // "IEEE 802 media, including Ethernet, Token Ring and 802.11 wireless LANs"
  for (let x = 0; x + 2 < n; x++) {
    const such = lower(tokens[x]) === 'such' && lower(tokens[x + 1]) === 'as';
    const including = lower(tokens[x]) === 'including' && tokens[x - 1]?.text === ',';
    if (!such && !including) continue;
    let cls = argEndingAt(x - 1 - (tokens[x - 1]?.text === ',' ? 1 : 0));
    while (cls?.of) cls = cls.of; // "a protected exchange of channel properties such as X": X is a channel property
    if (!cls) continue;
    for (const member of argsFrom(x + (such ? 2 : 1), false)) emit(member, 'is a', cls, 'isa');
  }
  // a list after a colon names the members of the plural noun before it: "three components: a parser,
  // a generator and a dialogue manager" -> (parser, is a, component)...
  for (let x = 1; x + 3 < n; x++) {
    if (tokens[x].text !== ':') continue;
    const cls = argEndingAt(x - 1);
    if (!cls || cls.name || cls.numeric || cls.of || !pluralNoun(tokens[cls.np.to])) continue;
    const members = argsFrom(x + 1, false);
    const last = members.at(-1);
    // (the whole list up to the clause's end: a list, not the start of a sentence after the colon)
    if (members.length < 2 || !last || !(tokens[last.to + 1] === undefined || ['.', ';'].includes(tokens[last.to + 1].text))) continue;
    // (the class without its count: "three components" -> "components")
    const c = tokens[cls.from].pos === 'NUM' && cls.from < cls.to ? { ...cls, ...phrase(tokens, text, cls.from + 1, cls.to) } : cls;
    for (const m of members) emit(m, 'is a', c, 'isa');
  }
  // an apposition: "we introduce KAZE features, a novel feature detection algorithm, ..." -> (KAZE features, is a, algorithm)
  for (let x = 1; x + 2 < n; x++) {
    if (!apposition(x)) continue;
    const name = argEndingAt(x - 1);
    if (name) for (const cls of argsFrom(x + 1)) emit(name, 'is a', cls, 'isa');
  }
  if (context) {
    context.antecedent = firstSubject;
    // the noun phrases of this sentence, for the demonstratives of the next ones
    here ??= nps
      .map((np) => argStartingAt(np.from))
      .flatMap((a) => (a ? [asAntecedent(a)] : []))
      .filter((a): a is Antecedent => a !== null);
    context.recent = [...(context.recent ?? []).filter((a) => a.sentence >= sentenceIndex - 3), ...here];
    context.sentence = sentenceIndex + 1;
  }
  const seen = new Set<string>();
  return out.filter((t) => {
    const key = `${t.head.start}:${t.head.end}|${t.relation}|${t.tail.start}:${t.tail.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return t.head.text.toLowerCase() !== t.tail.text.toLowerCase() && t.head.to - t.head.from < 10 && t.tail.to - t.tail.from < 10;
  });
}

function plain(p: Phrase): Phrase {
  return { from: p.from, to: p.to, start: p.start, end: p.end, text: p.text };
}

/** The copula subjects when this argument is a predicate nominal ("a dish" in "X is a dish"). */
function predicateSubject(a: Arg, predicateOf: Map<number, Arg[]>): Arg[] | null {
  return predicateOf.get(a.np.from) ?? null;
}

/** "the community of A and B": the coordination inside an "of" complement. */
function withCoordinatedAfter(a: Arg, argsFrom: (i: number) => Arg[]): Arg[] {
  const list = argsFrom(a.lead);
  return list.length && list[0].from === a.from ? list : [a];
}

/** Walk "the algorithm in the paper uses" back to "algorithm": the subject is the first noun phrase of its prepositional chain. */
function chainStart(a: Arg, tokens: Token[], argEndingAt: (k: number) => Arg | null): Arg {
  let cur = a;
  let settled = a; // the last position a chain step confirmed (conjuncts alone move nothing)
  for (let guard = 0; guard < 6; guard++) {
    let k = cur.lead - 1;
    while (k >= 0 && SKIP_BEFORE_OBJECT.has(tokens[k].pos)) k--;
    if (k < 1) break;
    // "A parser incorporating the control structure and the parsing strategies is": walk over a
    // conjunct, and keep the walk only when a chain step follows it
    if (COORD.has(lower(tokens[k]))) {
      const prev = argEndingAt(k - 1);
      if (!prev) break;
      let lead = prev.from;
      while (lead > 0 && tokens[lead - 1].pos === 'DET') lead--;
      cur = { ...prev, lead };
      continue;
    }
    // a reduced relative or an infinitive stands between the subject and its verb: "EAP methods based on
    // TLS derive", "Proxies implementing policy MAY reply", "The ability to negotiate the use of X provides"
    const participle = tokens[k].pos === 'VERB' && /\p{L}{2}(?:ing|ed)$/u.test(tokens[k].text);
    const infinitive = tokens[k].pos === 'VERB' && lower(tokens[k - 1]) === 'to' && k >= 2;
    if (participle || infinitive) {
      let e = k - (infinitive ? 2 : 1);
      // ("an EAP method exchange (phase 1a) supporting": over a parenthesis)
      if (tokens[e]?.text === ')') {
        let o = e - 1;
        while (o > 0 && e - o < 14 && tokens[o].text !== '(') o--;
        if (tokens[o]?.text === '(') e = o - 1;
      }
      const prev = argEndingAt(e);
      if (!prev) break;
      let lead = prev.from;
      while (lead > 0 && tokens[lead - 1].pos === 'DET') lead--;
      cur = settled = { ...prev, lead };
      continue;
    }
    // "EAP methods based on TLS": the participle before the preposition
    if (tokens[k].pos === 'ADP' && tokens[k - 1]?.pos === 'VERB' && /\p{L}{2}(?:ing|ed)$/u.test(tokens[k - 1].text) && k >= 2) {
      const prev = argEndingAt(k - 2);
      if (!prev) break;
      let lead = prev.from;
      while (lead > 0 && tokens[lead - 1].pos === 'DET') lead--;
      cur = settled = { ...prev, lead };
      continue;
    }
    if (tokens[k].pos !== 'ADP' || !CHAIN_PREP.has(lower(tokens[k])) || lower(tokens[k]) === 'of') break;
    const prev = argEndingAt(k - 1);
    if (!prev) break;
    let lead = prev.from;
    while (lead > 0 && tokens[lead - 1].pos === 'DET') lead--;
    cur = settled = { ...prev, lead };
  }
  return settled;
}
