// Pass 6 (continued), attachment: which of a relation's ends a prepositional phrase after its object
// belongs to. A phrase the verb does not take, between common nouns, modifies the noun before it and
// stays in that end while the end is under ten words; a phrase of place or time after a noun that names
// an act is that act's when the verb takes no such phrase; a phrase that may be the verb's as well as
// the noun's, or that would make the end ten words or more, is carried as the triple's qualifier
// (meta.phrase) rather than dropped. Each extension adds its rule id to the end it makes.
import { LIGHT_NOUNS, PLACE_TIME_PREPOSITIONS, PURPOSE_NOUNS } from '../../nlp/lexicon';
import { verbOfActNoun } from '../../nlp/derivations';
import { lemma } from '../../nlp/morphology';
import { frameNamesPreposition, takesObjectPhrase } from '../../nlp/senses';
import { withRule, type Arg, type Arguments } from './arguments';
import { phrase } from './tokens';
import { capitalised, isComplexPreposition, lower, pluralNoun } from './words';

export const ATTACHMENT_RULES = [
  {
    id: 'attach.noun-modifier',
    statement:
      'A prepositional phrase between common nouns after a relation\'s single object (a verb\'s, a passive\'s or a prepositional one; not a passive\'s agent), with a preposition no frame of the verb names and no place or time ("results in outages for other sites", "is created without an action from the user"), modifies that noun: the end keeps it while under ten words, and no "verb + noun + preposition" relation drops the noun; not a goal ("to", "into"), a source before its goal ("from A to B"), a purpose or an activity ("for" before a singular noun), nor a manner (a light noun: "on a regular basis").',
  },
  {
    id: 'attach.act-adjunct',
    statement:
      'A phrase of place or time between common nouns after an object whose noun names an act (WordNet: an act, process or communication with a verb of its own: "the transmission of data over wires", "the loading of cargo within a port") is that act\'s when the verb takes no object and such a phrase: the end keeps it while under ten words; not a route or a means ("through", "via"), the verb\'s.',
  },
  {
    id: 'attach.phrase-qualifier',
    statement:
      'A prepositional phrase after a relation\'s object that the end does not keep, one of place or time whose attachment is ambiguous (the object\'s noun or the verb: "stores the key in the cache") or one that would make the end ten words or more, is kept as the triple\'s qualifier (meta.phrase, as written) rather than dropped; not a goal, a purpose, a manner, a complex preposition ("with respect to"), a relative clause, nor a phrase with a name or a number (the verb\'s).',
  },
];

/** Prepositions of place that name a route or a means as often ("through a proxy", "via a template"). */
const MEANS_PREPOSITIONS = new Set(['through', 'via']);

/** The most words an end keeps with its phrase (emit.same-ends drops ten). */
const END_WORDS = 10;

/** A name or a number: the verb's adjunct more than a noun's modifier ("opened in Lisbon", "sent in 2001"). */
const named = (args: Arguments, a: Arg) => a.numeric || capitalised(args.tokens[a.to]) || args.tokens[a.to].pos === 'NUM';

/** Prepositions of a goal: their phrase after an object says where the verb's act takes it ("sends X to Y", "turns X into Y"). */
const GOAL_PREPOSITIONS = new Set(['to', 'into', 'onto', 'toward', 'towards']);

/**
 * The phrase's members after the preposition at token j, when they are common nouns and the phrase is no
 * adjunct of the verb's by its kind: not a purpose ("for the purpose of", "for" before a singular noun or a
 * gerund, an activity: "for fault isolation"; a noun before a to-infinitive, "in an effort to"), a manner ("on a regular basis": a light noun), a goal, nor a
 * source with its goal after it ("from A to B": the path of the verb's act).
 */
function commonMembers(args: Arguments, j: number): Arg[] | null {
  const { tokens } = args;
  const preposition = lower(tokens[j]);
  if (GOAL_PREPOSITIONS.has(preposition)) return null;
  const members = args.argsFrom(j + 1);
  if (!members.length || members.some((m) => named(args, m) || m.light || tokens[m.to].pos === 'PRON')) return null;
  const heads = members.map((m) => lower(tokens[m.np.to]));
  if (heads.some((h) => PURPOSE_NOUNS.has(h) || PURPOSE_NOUNS.has(lemma(h)) || LIGHT_NOUNS.has(h) || LIGHT_NOUNS.has(lemma(h)))) return null;
  if (preposition === 'for' && members.some((m) => !pluralNoun(tokens[m.np.to]) || tokens[m.from].pos === 'VERB')) return null;
  // (a noun before a to-infinitive names a purpose or an attempt: "in an effort to collect X")
  if (lower(tokens[members.at(-1)!.to + 1]) === 'to' && tokens[members.at(-1)!.to + 2]?.pos === 'VERB') return null;
  if (preposition === 'from' && GOAL_PREPOSITIONS.has(lower(tokens[members.at(-1)!.to + 1]))) return null;
  return members;
}

/** The end `a` with the phrase up to its last member (or its first), while under ten words; null when too long. */
function extended(args: Arguments, a: Arg, members: Arg[], rule: string): Arg | null {
  for (const upTo of [members.at(-1)!, members[0]]) {
    if (upTo.to - a.from + 1 >= END_WORDS) continue;
    return withRule({ ...a, ...phrase(args.tokens, args.text, a.from, upTo.to) }, rule);
  }
  return null;
}

/** The phrase at token j as written, up to its last member: a qualifier's words. */
function phraseText(args: Arguments, j: number, members: Arg[]): string {
  return phrase(args.tokens, args.text, j, members.at(-1)!.to).text;
}

/** Prepositions whose phrase other rules read ("of" complements, agents, roles, comparisons, rates). */
const OTHER_RULES_PREPOSITIONS = new Set(['of', 'by', 'as', 'than', 'per']);

/**
 * Whether token j, right after the end `object`, opens a prepositional phrase attachment decides: a simple
 * preposition other rules do not read, not opening a relative clause ("in which").
 */
function opensModifier(args: Arguments, object: Arg, j: number): boolean {
  const t = args.tokens[j];
  if (t?.pos !== 'ADP' || object.to + 1 !== j || isComplexPreposition(t) || OTHER_RULES_PREPOSITIONS.has(lower(t))) return false;
  return !['which', 'whom', 'whose'].includes(lower(args.tokens[j + 1]));
}

/** What attachment made of the phrase after an end: the end that keeps it, or the phrase as its qualifier. */
export interface Attached {
  end?: Arg;
  qualifier?: string;
}

/**
 * attach.noun-modifier: the single object `object` of the verb `verb` and the prepositional phrase at token
 * j, common nouns on both sides (what the reading of later phrases takes for a modifier of the noun), with
 * a preposition that no frame of the verb names: the object keeps the phrase while under ten words; a
 * phrase of place or time, or one too long to keep, is the triple's qualifier (attach.phrase-qualifier).
 * Null when the phrase is no such modifier.
 */
export function nounModifier(args: Arguments, object: Arg, j: number, verb: string | undefined): Attached | null {
  const { tokens } = args;
  const t = tokens[j];
  if (!opensModifier(args, object, j) || named(args, object) || object.light) return null;
  const preposition = lower(t);
  if (verb && frameNamesPreposition(lemma(verb.toLowerCase()), preposition)) return null;
  const members = commonMembers(args, j);
  if (!members) return null;
  // (a place or a time may be the verb's as well as the noun's, "stores the key in the cache"; an act's when
  // the noun names one and the verb takes no such phrase: attach.act-adjunct)
  if (PLACE_TIME_PREPOSITIONS.has(preposition)) {
    const act = verb && !takesObjectPhrase(lemma(verb.toLowerCase()), preposition) ? actAdjunct(args, object, j) : null;
    return act ? { end: act } : { qualifier: phraseText(args, j, members) };
  }
  const end = extended(args, object, members, 'attach.noun-modifier');
  return end ? { end } : { qualifier: phraseText(args, j, members) };
}

/**
 * attach.act-adjunct: the object `object` whose noun (its head, or the head its "of" complement hangs on)
 * names an act, and the phrase of place or time at token j (not a route or means, "through", "via"), common
 * nouns inside it: the act's, so the end keeps it while under ten words. The caller has found that the verb
 * takes no object and such a phrase.
 */
export function actAdjunct(args: Arguments, object: Arg, j: number): Arg | null {
  const { tokens } = args;
  // (a route or a means, "through", "via", is the verb's: "transformed into prompts through templates")
  if (!PLACE_TIME_PREPOSITIONS.has(lower(tokens[j])) || MEANS_PREPOSITIONS.has(lower(tokens[j])) || isComplexPreposition(tokens[j])) return null;
  if (named(args, object) || object.light) return null;
  const head = tokens[object.np.to];
  if (head.pos !== 'NOUN' || verbOfActNoun(lemma(lower(head))) === null) return null;
  const members = commonMembers(args, j);
  return members ? extended(args, object, members, 'attach.act-adjunct') : null;
}

/**
 * attach.phrase-qualifier: the phrase at token j after the object `object` that its end did not keep (of
 * place or time, its attachment ambiguous; or one that would make the end ten words or more), as
 * written; null when there is none or it is the verb's by its kind (a purpose, a complex preposition,
 * "as", "by", a relative clause, a name or a number inside it).
 */
export function droppedPhrase(args: Arguments, object: Arg, j: number): string | null {
  if (!opensModifier(args, object, j)) return null;
  const members = commonMembers(args, j);
  return members ? phraseText(args, j, members) : null;
}
