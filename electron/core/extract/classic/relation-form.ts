// Pass 7, relation form: one relation string per notion. What a reading or a pattern wrote as its
// relation is brought to a lemma form (nlp/relation-lemma.ts): the modal goes to the triple's
// modality (meta.modality, as requirements keep theirs), tense and aspect go, the words as written
// stay as the triple's label (meta.surface). A measurement word is never the relation ("X | has length
// | 16 octets"), and every notion of a numeric type code is one relation, "has code". A light verb with
// a noun naming an act says the noun's verb ("provides support for" -> "support"); a catenative verb
// (but a negative implicative, "fail to"), or an adjective whose gerund is the subject's act, leaves the verb after it as the
// relation ("appears to act as" -> "act as"; "responsible for forwarding" -> "forward"); a participle before an agent's "by" is a passive.
import {
  ACT_ADJECTIVES,
  ADJUNCT_PREPOSITIONS,
  ARTICLES,
  BE,
  CATENATIVE_QUALIFIERS,
  CHAIN_PREPOSITIONS,
  CODE_NOUNS,
  COMPLEX_PREPOSITIONS,
  COUNT_WORDS,
  DO,
  FUNCTION_WORDS,
  HAVE,
  LIGHT_VERBS,
  MEASUREMENT_NOUNS,
  NAMING_VERBS,
  NEGATIVE_IMPLICATIVES,
  PARTICIPLE_PREPOSITIONS,
  PREPOSITION_VARIANTS,
  ROLE_PREPOSITIONS,
  UNIT_DIMENSIONS,
  VERB_SYNONYMS,
} from '../../nlp/lexicon';
import { singular } from '../../nlp/morphology';
import { verbLemma, verbOfActNoun } from '../../nlp/derivations';
import { frameNamesPreposition, isAdjectiveInWordNet, isVerbInWordNet, phrasalVerb } from '../../nlp/senses';
import { participle, prefixedVerb, selectsPreposition, verbGroupForm } from '../../nlp/relation-lemma';
import { wordNet } from '../../nlp/wordnet';
import type { CandidateTriple, Mention } from '../types';
import type { SvoTriple } from './reading';

export const RELATION_RULES = [
  { id: 'rel.modality', statement: 'A modal before the verb ("can", "MUST", "need to") leaves the relation and is kept as the triple\'s modality.' },
  {
    id: 'rel.lemma',
    statement:
      'A verb relation is written in its lemma form: tense and aspect auxiliaries dropped, an active verb as its lemma, a passive as its participle; the words as written kept as its label.',
  },
  {
    id: 'rel.embedded-object',
    statement:
      'A noun the relation holds between its verb and preposition ("sends Access-Request to") leaves it as the triple\'s object qualifier: (X, send to, Y).',
  },
  { id: 'rel.code', statement: 'A numeric code of a thing (its "type", "code", "value", "type value" ... as a number) is one relation: "has code".' },
  { id: 'rel.measure', statement: 'A measurement noun or unit is no relation: (X, <length>, V) is (X, has length, V), a unit named by its dimension.' },
  {
    id: 'rel.skipped-preposition',
    statement:
      'Two prepositions ending a relation (its noun between them gone to meta.object: "provided by [server] via") relate the tail by the last: (X, provided via, Y).',
  },
  {
    id: 'rel.synonym',
    statement: 'An active verb written for the notion of a commoner verb of the same first sense ("utilize", "employ") is named by that verb ("use").',
  },
  {
    id: 'rel.instrument',
    statement: 'A thing "used to" do something does it: (X, used to identify, Y) is (X, identify, Y), the words as written kept as its label.',
  },
  {
    id: 'rel.preposition-variant',
    statement:
      'A verb relation ending in a preposition with a commoner one of the same role ("within" -> "in", "through" -> "via") takes that one, unless WordNet has the verb and preposition as one verb ("go through").',
  },
  {
    id: 'rel.measure-subject',
    statement: 'A quantity read as the relation of a measurement noun ((length, 4 octets, X)) is the value: (X, has length, 4 octets).',
  },
  {
    id: 'rel.light-verb',
    statement:
      'A light verb with a noun naming an act says the noun\'s verb: "provides support for X" is (support, X), "performs validation of X" is (validate, X); "of" and "for" mark the act\'s object, a recipient\'s "to" after "provide" or "give" and an "of" after "have" ("has the support of X") stay unread.',
  },
  {
    id: 'rel.catenative',
    statement:
      'A catenative verb before a to-infinitive ("appears to act as", "is configured to send", "attempts to obtain") leaves the infinitive as the relation and is kept as its qualifier (meta.catenative), as a modal is; not a negative implicative ("fails to send": not done), an object before the infinitive ("allows [the peer] to send"; one after it is the infinitive\'s own, "desires to provide [X] with" is "provide with"), a participle adjective whose "to" is its preposition ("related to"), nor an infinitive "be".',
  },
  {
    id: 'rel.aspect-gerund',
    statement:
      'A catenative verb of aspect before a gerund ("has begun leveraging X", "continues forwarding X") relates by the gerund\'s verb: (leverage, X), the catenative kept as its qualifier (meta.catenative) as before a to-infinitive; not a gerund WordNet has as an adjective ("continues existing practice") or commoner as a noun ("begins accounting"), nor one after an object ("starts [the timer] running").',
  },
  {
    id: 'rel.gerund-tail',
    statement:
      'A gerund ending a verb relation ("involves signing", "relies on signing") opens the tail, which is its object: (X, involve, signing Y), the words as written kept as its label; so does an adjective in "-ing" that is no noun ("replaces existing"); the verb, a catenative\'s included ("avoid", "cease"), stays the relation; not after a catenative of aspect read by rel.aspect-gerund, "be", "have" or "do", nor a passive, nor with the verb\'s own object in meta.object.',
  },
  {
    id: 'rel.act-adjective',
    statement:
      'An adjective whose gerund complement is the subject\'s own act ("is responsible for forwarding X") relates by the gerund\'s verb: (forward, X); an ability ("capable of") is kept as the qualifier.',
  },
  {
    id: 'rel.adjunct',
    statement:
      'A preposition of place, time or manner ("in", "during", "with"), a complex preposition ("prior to", "in terms of") or a participle one ("based on", "owing to") ending a verb relation says where, when or how, not what the verb relates: (X, stored, Y) with the preposition kept as its qualifier (meta.preposition), the words as written as its label; not where WordNet has the verb and preposition as one verb or a frame of the verb names that preposition ("provide X with Y"), nor after "be" or "have", nor when the verb\'s own object is held in meta.object; an adjective left by a dropped copula ("available in") leaves a preposition of place or time the same way.',
  },
  {
    id: 'rel.role-preposition',
    statement:
      'A preposition of a role ("to", "from", "for", "as", "about", "against") ending a verb relation stays in it only where the verb selects it: WordNet has the two as one verb, or a frame of one of its three commonest senses names it or takes a prepositional complement ("refer to", "act as", "send X to Y", "derive X from Y"); after another verb it is a role marker kept as the qualifier (meta.preposition): (X, used, Y) with "for"; not after "be", "have" or "do", nor when the verb\'s own object is held in meta.object.',
  },
  {
    id: 'rel.object-end',
    statement:
      'A verb\'s own object held in meta.object before a preposition the verb does not select (one rel.adjunct or rel.role-preposition would take out: "keeps a record about X", "inserts an identifier in X") is the start of the tail, not part of the relation: (Y, keep, record about X), the words as written kept as its label; not "as", "by" or "of" (the verb\'s whatever its frames), a passive, a tail kept as written, nor a tail of ten words or more.',
  },
  {
    id: 'rel.passive-agent',
    statement:
      'A passive participle with the agent\'s "by" ("is defined by", "generated by", a reduced relative\'s "sent by") relates by the participle, the agent\'s "by" kept as its qualifier (meta.preposition): (X, defined, Y) with "by", the patient first as written; not when the tail is a number or quantity ("incremented by 1": an amount, no agent), nor when the verb\'s own object is held in meta.object.',
  },
  {
    id: 'rel.prefixed-verb',
    statement:
      'A verb WordNet lacks, written with a hyphenated prefix (re-, pre-, co-, de-, un-), is read by its stem for the preposition rules ("is pre-loaded before" relates as "pre-loaded" with "before", as "loaded" would); the prefix stays in the relation.',
  },
  {
    id: 'rel.naming',
    statement:
      'A passive verb of naming with the name as its tail ("is termed", "is named", "is designated") is one relation, "called": (X, called, N), the words as written kept as its label; not with a preposition left in the relation or as its qualifier ("named using", "designated for").',
  },
  {
    id: 'rel.voice',
    statement:
      'A participle left heading a verb relation ("is sent to", "defined" with the agent\'s "by", "based on") is written as its verb\'s lemma, one relation in either voice: (X, send to, Y) with the voice kept apart as the triple\'s qualifier (meta.voice "passive"), the words as written its label ("is sent to"), the patient first as written; readers show the label or the voice beside the relation.',
  },
];

/** rel.naming: the one relation of a passive verb of naming (the commonest of nlp/lexicon/naming-verbs.json). */
const NAMING = 'called';

/**
 * rel.voice: the lemma of a participle heading a verb relation ("sent" -> "send", "re-encrypted" ->
 * "re-encrypt"); null for a word that is no participle, a capitalised word, or a verb WordNet lacks.
 */
export function voiceLemma(word: string | undefined): string | null {
  if (!word || !/^\p{Ll}[\p{Ll}-]*$/u.test(word) || !participle(word)) return null;
  const prefixed = prefixedVerb(word);
  const base = prefixed ? verbLemma(prefixed.stem) : verbLemma(word);
  const lemma = base && prefixed ? `${prefixed.prefix}${base}` : base;
  return lemma && lemma !== word ? lemma : null;
}

/** A number written alone: a code, not a quantity ("26", "0x1F"). */
const BARE_CODE = /^(?:\d{1,10}|0x[0-9a-f]{1,8})$/i;
/** A quantity: a number and its unit ("4 octets", "1.5 seconds"). */
const QUANTITY = /^(\d[\d.,]*)\s*(\p{L}+)$/u;

/** The measured dimension a word names: itself for a measurement noun, its dimension for a unit; null otherwise. */
function dimensionOf(word: string): string | null {
  const w = singular(word.toLowerCase());
  if (!MEASUREMENT_NOUNS.has(w)) return null;
  return UNIT_DIMENSIONS[w] ?? w;
}

/** A relation written as a noun phrase (or "has" + one): its words, lower-cased; null for a verb relation. */
function nounWords(relation: string): string[] | null {
  const words = relation
    .toLowerCase()
    .replace(/^has\s+/, '')
    .split(/\s+/);
  return words.length <= 4 && words.every((w) => /^[\p{Ll}\d][\p{Ll}\d-]*$/u.test(w)) ? words : null;
}

/**
 * rel.light-verb: the relation of a light verb whose object, a noun naming an act, the relation held
 * ("provide [support] for" -> "support"), or null. "of" and "for" mark the act's object and go; a
 * "to" after a verb of giving names a recipient, not the act's object ("provide access to"), and
 * leaves the relation as it is; another preposition stays ("provide protection against" -> "protect against").
 */
function lightVerbAct(words: string[], object: string): string[] | null {
  const kind = LIGHT_VERBS[words[0]];
  const noun = object
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => !ARTICLES.has(w));
  const verb = kind && words.length <= 2 && noun.length === 1 && /^\p{Ll}+$/u.test(noun[0]) ? verbOfActNoun(noun[0]) : null;
  if (!verb) return null;
  const preposition = words[1];
  if (!preposition || preposition === 'of' || preposition === 'for') return [verb];
  return preposition === 'to' && kind === 'transfer' ? null : [verb, preposition];
}

/** A tail that opens with a word of its own ("validation of X", "forwarding X"): that word and the tail after it (its span moved past the word), or null. */
function splitTail(tail: Mention, pattern: RegExp): { first: string; taken: string; rest: Mention } | null {
  const m = pattern.exec(tail.text);
  if (!m || m.index !== 0) return null;
  const offset = tail.text.length - m[2].length;
  // (the span moves with the text only where it is the text as written)
  const exact = !tail.span || tail.span.end - tail.span.start === tail.text.length;
  if (!exact) return null;
  const span = tail.span ? { start: tail.span.start + offset, end: tail.span.end } : tail.span;
  return {
    first: m[1],
    taken: tail.text
      .slice(0, offset)
      .trim()
      .replace(/\s+(?:a|an|the)$/i, ''),
    rest: { ...tail, text: m[2], ...(span !== undefined ? { span } : {}) },
  };
}

/**
 * rel.adjunct: a verb relation's words without the preposition of place, time or manner (or the complex
 * preposition) that ends them, and that preposition; null when the last words are none, or are the verb's
 * own ("provide with": a frame of WordNet; "go through": one verb), or no verb is left before them.
 */
function adjunctTail(words: string[]): { words: string[]; preposition: string } | null {
  const lower = words.map((w) => singular(w.toLowerCase()));
  // (a participle preposition, "based on", "owing to", after a verb phrase says how, as a complex one does)
  const complex = [...COMPLEX_PREPOSITIONS, ...PARTICIPLE_PREPOSITIONS].find(
    (p) => lower.length > p.length && p.every((w, i) => singular(w) === lower[lower.length - p.length + i]),
  );
  const simple = !complex && lower.length >= 2 && ADJUNCT_PREPOSITIONS[lower.at(-1)!] ? lower.at(-1)! : null;
  if (!complex && !simple) return null;
  const rest = words.slice(0, words.length - (complex?.length ?? 1));
  const verb = rest[0].toLowerCase();
  if (BE.has(verb) || HAVE.has(verb) || DO.has(verb) || CHAIN_PREPOSITIONS.has(rest.at(-1)!.toLowerCase())) return null;
  // (an adjective after a copula the reading dropped, "available in": of place or time only; a "with"
  // after an adjective is its complement, "consistent with")
  const adjective = !verbLemma(verb) && rest.length === 1 && isAdjectiveInWordNet(verb);
  if (!verbLemma(verb) && !(adjective && (complex || ADJUNCT_PREPOSITIONS[simple!] !== 'manner'))) return null;
  if (simple && (phrasalVerb(verb, simple) || frameNamesPreposition(verb, simple))) return null;
  return { words: rest, preposition: complex ? complex.join(' ') : simple! };
}

/**
 * rel.catenative: how a word can open a to-infinitive chain whose infinitive is the relation: 'listed', a
 * catenative qualifier ("appear", "designed"); 'verb', any other verb, its participle or its past ("attempt",
 * "chosen"); 'prepositional', a participle that is also an adjective taking "to" as its preposition ("trusted
 * to", "related to"), whose "to" opens an infinitive only before a word commoner as a verb. Null for "be",
 * "have" and "do" (auxiliaries and "have to"), "used" (rel.instrument), a negative implicative, whose
 * infinitive's act was not done ("fail to", "refuse to"), and a word that is no verb.
 */
function catenativeKind(word: string): 'listed' | 'verb' | 'prepositional' | null {
  const w = word.toLowerCase();
  if (CATENATIVE_QUALIFIERS.has(w)) return 'listed';
  if (NEGATIVE_IMPLICATIVES.has(w) || BE.has(w) || HAVE.has(w) || DO.has(w) || w === 'used') return null;
  const verb = /^\p{Ll}[\p{Ll}-]*$/u.test(w) ? verbLemma(w) : null;
  if (verb === null) return null;
  return w !== verb && isAdjectiveInWordNet(w) && selectsPreposition(verb, 'to') ? 'prepositional' : 'verb';
}

/** The part of speech of a word's commonest sense among those asked for ('v', 'n', 'a'), by WordNet's tag counts. */
function commonestPos(word: string, pos: ('v' | 'n' | 'a')[]): string | undefined {
  const weights = wordNet()?.senseWeights(word, pos);
  return weights ? [...weights].sort((a, b) => b[1] - a[1])[0]?.[0]?.[0] : undefined;
}

/**
 * rel.catenative: the word after a catenative's "to" is an infinitive: after a listed catenative, any verb of
 * WordNet; after another verb, a verb in its base form ("to send", not "to existing") not commoner as an
 * adjective ("left to separate documents"); after a participle adjective whose "to" may be its preposition, one
 * commoner as a verb than as a noun or an adjective ("trusted to distribute", not "related to power").
 */
function infinitive(word: string, kind: 'listed' | 'verb' | 'prepositional'): boolean {
  const w = word.toLowerCase();
  if (!isVerbInWordNet(w)) return false;
  if (kind === 'listed') return true;
  if (verbLemma(w) !== w) return false;
  return commonestPos(w, kind === 'verb' ? ['v', 'a'] : ['v', 'n', 'a']) === 'v';
}

/** A gerund: a word in "-ing". */
const GERUND = /^\p{Ll}{2,}ing$/u;

/**
 * rel.aspect-gerund: a gerund read as its verb: WordNet lists it as no adjective ("leveraging", not "existing")
 * and its commonest sense is the verb's, not a noun's of its own ("begin accounting" names no act of "account").
 */
function verbGerund(word: string): boolean {
  const w = word.toLowerCase();
  const verb = GERUND.test(w) ? verbLemma(w) : null;
  return verb !== null && verb !== w && !isAdjectiveInWordNet(w) && commonestPos(w, ['v', 'n', 'a']) === 'v';
}

/** A preposition after a verb's object that belongs to the verb whatever its frames: a role ("treat X as Y"), a means or agent, a theme. */
const VERB_OWN_PREPOSITIONS = new Set(['as', 'by', 'of']);

/**
 * rel.object-end: the tail that opens with the verb's own object and the preposition after it, when the verb
 * does not select that preposition (a preposition of place, time or manner rel.adjunct would take out, or a
 * role preposition WordNet does not give the verb); its span from the object as written in the sentence to
 * the tail's end (none when the object is not found there). Null otherwise, or for a tail of ten words or more.
 */
function objectEnd(words: string[], object: string, tail: Mention, sentenceStart: number | undefined, text: string | undefined): Mention | null {
  if (words.length < 2 || tail.literal) return null;
  const verb = words[0].toLowerCase();
  const adjunct = adjunctTail(words);
  const role = words.length === 2 && ROLE_PREPOSITIONS.has(words[1]) ? words[1] : null;
  const preposition =
    adjunct && adjunct.words.length === 1
      ? adjunct.preposition
      : role && !BE.has(verb) && !HAVE.has(verb) && !DO.has(verb) && verbLemma(verb) && !selectsPreposition(verb, role)
        ? role
        : null;
  if (!preposition || VERB_OWN_PREPOSITIONS.has(preposition)) return null;
  const joined = `${object} ${preposition} ${tail.text}`;
  if (joined.split(/\s+/).length >= 10) return null;
  // (the object as written, last before the tail in its sentence: the span runs from it to the tail's end)
  const start = sentenceStart ?? 0;
  const from = tail.span && text !== undefined ? text.slice(start, tail.span.start).toLowerCase().lastIndexOf(object.toLowerCase()) : -1;
  const span = from >= 0 && tail.span ? { start: start + from, end: tail.span.end } : null;
  return { ...tail, text: joined, span };
}

/**
 * rel.gerund-tail: the last word of a verb relation when it opens the tail: a gerund read as its verb
 * (verbGerund) or an adjective in "-ing" WordNet has as no noun ("existing"), after the verb or the verb and
 * a preposition; not a preposition or function word in "-ing" ("using", "during", "having"), nor after "be",
 * "have" or "do". Null otherwise.
 */
function gerundOpening(words: string[]): string | null {
  const last = words.at(-1)!;
  const verb = words[0].toLowerCase();
  if (words.length < 2 || words.length > 3 || !GERUND.test(last)) return null;
  if (words.length === 3 && !CHAIN_PREPOSITIONS.has(words[1]) && !ROLE_PREPOSITIONS.has(words[1])) return null;
  if (BE.has(verb) || HAVE.has(verb) || DO.has(verb) || !verbLemma(verb) || GERUND.test(verb)) return null;
  if (FUNCTION_WORDS.has(last) || ADJUNCT_PREPOSITIONS[last] || CHAIN_PREPOSITIONS.has(last)) return null;
  const adjective = isAdjectiveInWordNet(last) && !wordNet()?.senseWeights(last, ['n'])?.size;
  return verbGerund(last) || (adjective && verbLemma(last) !== null) ? last : null;
}

/** The tail with a word of the relation before it ("signing" + "message"), its span from the word as written in its sentence (none when not found there). */
function withOpening(tail: Mention, word: string, sentenceStart: number | undefined, text: string | undefined): Mention {
  const start = sentenceStart ?? 0;
  const before = tail.span && text !== undefined ? text.slice(start, tail.span.start) : null;
  const m = before !== null ? new RegExp(`\\b${word}\\s+(?:(?:a|an|the)\\s+)?$`, 'i').exec(before) : null;
  const span = m && tail.span ? { start: start + m.index, end: tail.span.end } : null;
  return { ...tail, text: `${word} ${tail.text}`, span };
}

/** "validation of X", "a validation of X": the noun and X. */
const ACT_OF = /^(?:(?:a|an|the)\s+)?(\p{Ll}+)\s+of\s+(?:(?:a|an|the)\s+)?(\S.*)$/u;
/** "forwarding X": the gerund and X. */
const GERUND_FIRST = /^(\p{Ll}{3,}ing)\s+(?:(?:a|an|the)\s+)?(\S.*)$/u;

/**
 * The triple with its relation in lemma form. `verbal`: the relation was read off a verb group (a
 * sentence reading's verb or preposition relation); pattern relations and noun relations keep their
 * words, only measurement and code nouns are rewritten. `active`: the reading saw the verb group with no
 * "be" (SvoTriple.active), so a past form in it is the active past ("sent" -> "send"). `text`: the document's
 * text the ends' spans point into (rel.object-end finds the verb's object there).
 */
export function relationForm(t: CandidateTriple, verbal: boolean, active = false, text?: string): CandidateTriple {
  const surface = t.relation;
  const rules: string[] = [];
  const meta: Record<string, unknown> = {};
  let relation = t.relation;
  let head = t.head;
  let tail = t.tail;
  // (the verb's own object became the relation's verb: rel.light-verb)
  let dropObject = false;
  // (the words as written, with those a rule took from the tail: "performs validation of")
  let label = surface;
  // (a noun relation written by a pattern or an attribute reading: "has type", "maximum frame length")
  const noun = !verbal ? nounWords(relation) : null;
  const q = QUANTITY.exec(relation.trim());
  const measured = q && dimensionOf(q[2]) && head.text.trim().split(/\s+/).length === 1 ? dimensionOf(head.text.trim()) : null;
  if (measured) {
    // rel.measure-subject: the measured thing is the tail, the quantity the value
    head = tail;
    tail = { text: relation.trim(), kind: 'entity', literal: true, type: 'quantity', span: null };
    relation = `has ${measured}`;
    rules.push('rel.measure-subject');
  } else if (
    noun &&
    BARE_CODE.test(tail.text.trim()) &&
    (CODE_NOUNS.has(noun.join(' ')) || CODE_NOUNS.has(noun.slice(-2).join(' ')) || CODE_NOUNS.has(noun.at(-1)!))
  ) {
    relation = 'has code'; // rel.code
    rules.push('rel.code');
  } else if (noun && dimensionOf(noun.at(-1)!)) {
    relation = `has ${dimensionOf(noun.at(-1)!)}`; // rel.measure
    rules.push('rel.measure');
  } else {
    // rel.embedded-object: "sends Access-Request to" relates as "sends to", the noun kept in meta.object
    const embedded = typeof t.meta?.object === 'string' ? t.meta.object : null;
    const at = embedded ? relation.lastIndexOf(` ${embedded} `) : -1;
    // (the object stood before an infinitive's "to" of the relation: "allows [the peer] to send", not "desires to provide [X] with")
    const beforeTo = embedded !== null && at > 0 && / to /i.test(relation.slice(at + embedded.length + 1));
    if (embedded && at > 0) {
      relation = `${relation.slice(0, at)} ${relation.slice(at + embedded.length + 2)}`;
      rules.push('rel.embedded-object');
    }
    const form = verbGroupForm(relation, verbal, active);
    if (form.modality) {
      meta.modality = form.modality;
      rules.push('rel.modality');
    }
    if (form.synonym) rules.push('rel.synonym');
    if (form.relation && form.relation !== relation) {
      if (verbal) rules.push('rel.lemma');
      relation = form.relation;
    }
    // rel.skipped-preposition: "provided by via" (the tail is the object of "via"; "by" had its own object)
    let words = relation.split(' ');
    if (verbal && words.length >= 3 && CHAIN_PREPOSITIONS.has(words.at(-1)!) && CHAIN_PREPOSITIONS.has(words.at(-2)!)) {
      words = [...words.slice(0, -2), words.at(-1)!];
      rules.push('rel.skipped-preposition');
    }
    // rel.instrument: "used to identify" names what the thing does, "identify" (the infinitive in its lemma form)
    // (the verb the relation now names is the infinitive's, active: its own object and prepositions are read as its)
    let groupPassive = form.passive;
    if (verbal && words.length >= 3 && words[0] === 'used' && words[1] === 'to' && isVerbInWordNet(words[2])) {
      const inner = verbGroupForm(words.slice(2).join(' '));
      words = inner.relation.split(' ');
      groupPassive = inner.passive;
      rules.push('rel.instrument');
    }
    // rel.light-verb: "provide [support] for" says "support"; the object that was the act leaves meta
    if (verbal && embedded && at > 0 && !groupPassive) {
      const verb = lightVerbAct(words, embedded);
      if (verb) {
        words = verb;
        dropObject = true;
        rules.push('rel.light-verb');
      }
    }
    // (and a light verb whose tail is the act: "perform [validation of] X" is "validate X")
    // ("has the support of X": the act of "have" may be X's, so its "of" is not read)
    const eventive = words.length === 1 && [undefined, 'possession'].every((k) => LIGHT_VERBS[words[0]] !== k);
    const actTail = verbal && !groupPassive && eventive ? splitTail(tail, ACT_OF) : null;
    const actVerb = actTail ? verbOfActNoun(actTail.first) : null;
    if (actTail && actVerb) {
      words = [actVerb];
      tail = actTail.rest;
      label = `${label} ${actTail.taken}`;
      rules.push('rel.light-verb');
    }
    // rel.catenative: "appear to act as" is "act as", "required to send" is "send", the catenative its
    // qualifier; "designed to be" stays, and so does a negative implicative ("fail to send": not sent)
    // (an object between the verb and its infinitive is the infinitive's subject, "allows [the peer] to send":
    // only a listed catenative, whose subject is the infinitive's, is read past it; an object after the
    // infinitive is the infinitive's own, "desires to provide [the user] with")
    // (an object in the relation that is not a listed catenative's, wherever it stands, also bars rel.aspect-gerund below)
    const objectInRelation = embedded !== null && at > 0 && !CATENATIVE_QUALIFIERS.has(words[0]);
    const objectBefore = objectInRelation && beforeTo;
    const catenative = verbal && words.length >= 3 && !objectBefore && words[1] === 'to' ? catenativeKind(words[0]) : null;
    if (catenative !== null && infinitive(words[2], catenative)) {
      const inner = verbGroupForm(words.slice(2).join(' '));
      const rest = inner.relation.split(' ');
      // (a word before "of" is a noun: "entitled to use of" stays)
      if (!BE.has(rest[0]) && !(rest[1] === 'of' && !phrasalVerb(rest[0], 'of'))) {
        meta.catenative = `${words[0]} to`;
        words = rest;
        groupPassive = inner.passive;
        rules.push('rel.catenative');
      }
    }
    // rel.aspect-gerund: a catenative of aspect before a gerund ("begun leveraging X", "continues [using] X") says
    // the gerund's act, the catenative its qualifier as before an infinitive; not a gerund WordNet has as an
    // adjective ("continues existing practice")
    const aspectVerb = verbal && !meta.catenative && !objectInRelation && !groupPassive && /^\p{Ll}+$/u.test(words[0]) ? verbLemma(words[0]) : null;
    const aspect = aspectVerb && CATENATIVE_QUALIFIERS.has(aspectVerb) ? aspectVerb : null;
    const inRelation = aspect && words.length >= 2 && GERUND.test(words[1]) ? verbLemma(words[1]) : null;
    if (aspect && inRelation && verbGerund(words[1])) {
      meta.catenative = aspect;
      words = [inRelation, ...words.slice(2)];
      rules.push('rel.aspect-gerund');
    } else if (aspect && words.length === 1) {
      const opening = splitTail(tail, GERUND_FIRST);
      const act = opening && verbGerund(opening.first) ? verbLemma(opening.first) : null;
      if (opening && act && !FUNCTION_WORDS.has(opening.rest.text.split(/\s+/)[0].toLowerCase())) {
        meta.catenative = aspect;
        words = [act];
        tail = opening.rest;
        label = `${label} ${opening.taken}`;
        rules.push('rel.aspect-gerund');
      }
    }
    // rel.act-adjective: "responsible for forwarding X" is "forward X"
    const adjective = ACT_ADJECTIVES[words.filter((w) => !BE.has(w)).join(' ')];
    const gerund = verbal && adjective ? splitTail(tail, GERUND_FIRST) : null;
    const next = gerund?.rest.text.split(/\s+/)[0].toLowerCase() ?? '';
    const act = gerund && verbGerund(gerund.first) ? verbLemma(gerund.first) : null;
    if (gerund && act && !FUNCTION_WORDS.has(next)) {
      if (adjective === 'qualifier') meta.catenative = words.filter((w) => !BE.has(w)).join(' ');
      words = [act];
      tail = gerund.rest;
      label = `${label} ${gerund.taken}`;
      rules.push('rel.act-adjective');
    }
    // rel.gerund-tail: a gerund ending a verb relation ("involves signing", "relies on signing") is the start of
    // its tail, the tail its object: (involve, signing X); so is an adjective in -ing that is no noun ("replaces
    // existing"); the verb, a catenative's included, stays the relation
    const opening = verbal && !groupPassive && !embedded && !tail.literal ? gerundOpening(words) : null;
    if (opening) {
      tail = withOpening(tail, opening, t.evidence?.start, text);
      words = words.slice(0, -1);
      rules.push('rel.gerund-tail');
    }
    // rel.synonym, once more on the verb the rules above named ("provides utilization of" -> "utilize" -> "use";
    // a key of the list is a lemma, never a participle, so a passive is left alone)
    const common = verbal ? VERB_SYNONYMS[words[0]] : undefined;
    if (common) {
      words = [common, ...words.slice(1)];
      if (!rules.includes('rel.synonym')) rules.push('rel.synonym');
    }
    // rel.preposition-variant: "received within" is "received in"; "go through" is a verb of its own
    const variant = PREPOSITION_VARIANTS[words.at(-1)!];
    if (verbal && words.length >= 2 && variant && !phrasalVerb(words[0], words.at(-1)!)) {
      words = [...words.slice(0, -1), variant];
      rules.push('rel.preposition-variant');
    }
    // rel.prefixed-verb: the preposition rules below read a prefixed verb WordNet lacks by its stem ("pre-loaded"
    // as "loaded"); the prefix is written back after them
    const prefixed = verbal ? prefixedVerb(words[0]) : null;
    if (prefixed) words = [prefixed.stem, ...words.slice(1)];
    const before = rules.length;
    // rel.adjunct: "stored in" is "stored", "in" its qualifier (a verb's own object in meta.object keeps its
    // preposition: the tail is the phrase's object, not the verb's)
    // (after rel.skipped-preposition the noun was the first preposition's, not the verb's: "held by [peer] in")
    let ownObject = embedded && !dropObject && !rules.includes('rel.skipped-preposition');
    // rel.object-end: the verb's own object before a preposition the verb does not select starts the tail
    // ("keeps [a record] about X" is (keep, record about X)): the noun is not lost, the relation is the verb's
    const ended = verbal && ownObject && !groupPassive ? objectEnd(words, embedded!, tail, t.evidence?.start, text) : null;
    if (ended) {
      words = [words[0]];
      tail = ended;
      ownObject = false;
      dropObject = true;
      rules.push('rel.object-end');
    }
    const adjunct = verbal && !ownObject && !ended ? adjunctTail(words) : null;
    if (adjunct) {
      meta.preposition = adjunct.preposition;
      words = adjunct.words;
      rules.push('rel.adjunct');
    }
    // (the verb as the verb group left it, no rule above having rewritten it: its participle still read as a passive)
    const asGrouped =
      !ownObject &&
      words.length === 2 &&
      (prefixed ? `${prefixed.prefix}${words[0]}` : words[0]) === form.relation.split(' ')[0] &&
      rules.every((r) => ['rel.lemma', 'rel.modality'].includes(r));
    const passive = asGrouped && (form.passive || ((!active || words[1] === 'by') && participle(words[0]) && !/s$/.test(words[0])));
    // rel.passive-agent: "defined by" is "defined", "by" (the agent's) its qualifier; the patient stays first
    const amount = tail.literal || /^[\d.,]+\b/.test(tail.text.trim()) || COUNT_WORDS.has(tail.text.trim().split(/\s+/)[0].toLowerCase());
    if (verbal && passive && words[1] === 'by' && !amount && verbLemma(words[0])) {
      meta.preposition = 'by';
      words = [words[0]];
      rules.push('rel.passive-agent');
    }
    // rel.role-preposition: "used for" is "used", "for" its qualifier; "refer to", "act as", "send to" keep theirs
    const role = words.length === 2 && ROLE_PREPOSITIONS.has(words[1]) ? words[1] : null;
    const verb = role ? words[0].toLowerCase() : '';
    if (
      verbal &&
      role &&
      !adjunct &&
      !ended &&
      !ownObject &&
      !rules.includes('rel.light-verb') &&
      !BE.has(verb) &&
      !HAVE.has(verb) &&
      !DO.has(verb) &&
      verbLemma(verb) &&
      !selectsPreposition(verb, role)
    ) {
      meta.preposition = role;
      words = [words[0]];
      rules.push('rel.role-preposition');
    }
    if (prefixed && words[0] === prefixed.stem) {
      words = [`${prefixed.prefix}${words[0]}`, ...words.slice(1)];
      if (rules.length > before) rules.push('rel.prefixed-verb');
    }
    // rel.naming: "termed", "named", "designated" (a passive naming verb, the tail its name) say "called"
    if (verbal && words.length === 1 && words[0] !== NAMING && NAMING_VERBS.has(words[0]) && !meta.preposition && !t.meta?.preposition && !meta.catenative) {
      words = [NAMING];
      rules.push('rel.naming');
    }
    // rel.voice: a participle left heading the relation is its verb's lemma, one relation in either voice;
    // the voice is kept apart (meta.voice) and the words as written stay the label, the patient first as written
    const voiced = verbal ? voiceLemma(words[0]) : null;
    if (voiced) {
      meta.voice = 'passive';
      words = [voiced, ...words.slice(1)];
      rules.push('rel.voice');
    }
    relation = words.join(' ');
  }
  if (!relation) return t;
  if (relation === surface) return rules.length ? { ...t, rules: [...(t.rules ?? []), ...rules] } : t;
  const { object: _object, ...kept } = t.meta ?? {};
  return {
    ...t,
    head,
    tail,
    relation,
    meta: { ...(dropObject ? kept : (t.meta ?? {})), ...meta, surface: label },
    rules: [...(t.rules ?? []), ...rules],
  };
}

/**
 * A sentence reading's triple in its relation form: a verb's or a preposition's relation is verbal
 * (nouns and "is a" keep their words), and the reading's qualifiers go to meta: the verb's own object
 * inside the relation's words, the sentence's condition, an "only" on the tail. The one way extraction
 * and `explain` form a reading, so both show the same relation.
 */
export function readingForm(
  t: CandidateTriple,
  r: Pick<SvoTriple, 'kind' | 'embedded' | 'condition' | 'only' | 'active' | 'quantity' | 'phrase'>,
  text?: string,
): CandidateTriple {
  const meta = {
    ...(r.embedded ? { object: r.embedded } : {}),
    ...(r.condition ? { condition: r.condition } : {}),
    ...(r.only ? { only: true } : {}),
    ...(r.quantity ? { quantity: r.quantity } : {}),
    ...(r.phrase ? { phrase: r.phrase } : {}),
  };
  const withMeta = Object.keys(meta).length ? { ...t, meta: { ...(t.meta ?? {}), ...meta } } : t;
  return relationForm(withMeta, r.kind === 'svo' || r.kind === 'prep', r.active === true, text);
}

/**
 * emit.act-object: a light verb's object naming the act ("provides support for X") makes no triple of
 * its own, (NAS, provide, support), beside the triple of that act, (NAS, support, X): the same subject,
 * the act triple's words as written opening with the verb and that object.
 */
export function withoutActObjects(made: CandidateTriple[]): CandidateTriple[] {
  const acts = made.filter((t) => t.rules?.includes('rel.light-verb'));
  if (!acts.length) return made;
  const sameSpan = (a: CandidateTriple['head'], b: CandidateTriple['head']) => a.span?.start === b.span?.start && a.span?.end === b.span?.end;
  const written = (t: CandidateTriple) => (typeof t.meta?.surface === 'string' ? t.meta.surface : t.relation).toLowerCase();
  return made.filter(
    (t) =>
      t.rules?.[0] !== 'prop.object' || !acts.some((u) => sameSpan(u.head, t.head) && written(u).startsWith(`${written(t)} ${t.tail.text.toLowerCase()} `)),
  );
}
