// What WordNet says of one word, as the yes/no questions the extractors ask (cached): is it a noun,
// a verb, a unit of measure, a name of an abstraction; is it more an adjective than a noun? Without
// the WordNet files each answers as noted (the readers then fall back on the tags alone).
import { wordNet } from './wordnet';

const cache = new Map<string, boolean>();
function cached(key: string, compute: () => boolean): boolean {
  let hit = cache.get(key);
  if (hit === undefined) {
    hit = compute();
    cache.set(key, hit);
  }
  return hit;
}

/**
 * WordNet lists the word: as a noun or an adjective, the word itself ("set", "rewrite"; not "found",
 * "made"); as a verb, the word or its base form ("show", "exploits"; not "corpora"). True without WordNet.
 */
export function inWordNet(word: string, pos: 'n' | 'v' | 'a'): boolean {
  const w = word.toLowerCase();
  return cached(`${pos}:${w}`, () => {
    const wn = wordNet();
    return !wn || (pos === 'v' ? wn.baseForms(w, 'v').length > 0 : wn.entry(w, pos) !== null);
  });
}

export const isNounInWordNet = (word: string) => inWordNet(word, 'n');
export const isVerbInWordNet = (word: string) => inWordNet(word, 'v');
export const isAdjectiveInWordNet = (word: string) => inWordNet(word, 'a');

/** A unit of measure by WordNet's first noun sense ("seconds", "octets", "bytes": a kind of measure). False without WordNet. */
export function isUnitOfMeasure(word: string): boolean {
  const w = word.toLowerCase();
  return cached(`u:${w}`, () => {
    const wn = wordNet();
    const base = wn ? (wn.baseForms(w, 'n')[0] ?? w) : w;
    return Boolean(wn && wn.hypernyms(base, { pos: ['n'], maxSenses: 1, depth: 8 }).includes('measure'));
  });
}

/**
 * WordNet's lexicographer files of nouns that name no thing but an act, attribute, event, group,
 * process, state or time (lexnames(5WN): 4, 7, 11, 14, 22, 26, 28).
 */
const ABSTRACT_LEXFILES = new Set([4, 7, 11, 14, 22, 26, 28]);

/** A noun naming an act, attribute, event, group, process, state or time by its first sense ("confidentiality", "lifetime"). */
export function namesAbstraction(word: string): boolean {
  const w = word.toLowerCase();
  return cached(`x:${w}`, () => {
    const first = wordNet()?.senses(w, { pos: ['n'], maxSenses: 1 })[0];
    return Boolean(first && ABSTRACT_LEXFILES.has(first.lexFile));
  });
}

/** A noun naming a time by its first sense ("moment", "period", "time": lexnames(5WN) 28, noun.time). False without WordNet. */
export function namesTime(word: string): boolean {
  const w = word.toLowerCase();
  return cached(`t:${w}`, () => {
    const wn = wordNet();
    const base = wn ? (wn.baseForms(w, 'n')[0] ?? w) : w;
    const first = wn?.senses(base, { pos: ['n'], maxSenses: 1 })[0];
    return Boolean(first && first.lexFile === 28);
  });
}

/**
 * A verb whose first sense is a state (lexnames(5WN) 42, verb.stative: "contain", "include", "consist"), not an
 * act; null when WordNet does not have the word as a verb (or is missing).
 */
export function stativeVerb(word: string): boolean | null {
  const w = word.toLowerCase();
  const wn = wordNet();
  const base = wn?.baseForms(w, 'v')[0];
  if (!wn || !base) return null;
  return cached(`s:${w}`, () => wn.senses(base, { pos: ['v'], maxSenses: 1 })[0]?.lexFile === 42);
}

/** A word WordNet has in more adjective senses than noun senses ("implicit", "essential"). */
export function moreAdjectiveThanNoun(word: string): boolean {
  const w = word.toLowerCase();
  return cached(`j:${w}`, () => {
    const wn = wordNet();
    return Boolean(wn && wn.senses(w, { pos: ['a'] }).length > wn.senses(w, { pos: ['n'] }).length);
  });
}

/** A word whose noun senses are used more often than its adjective ones ("port": a harbour, not the left side of a ship). */
export function moreNounThanAdjective(word: string): boolean {
  const w = word.toLowerCase();
  return cached(`m:${w}`, () => {
    const wn = wordNet();
    return Boolean(wn && (wn.entry(w, 'n')?.tagged ?? -1) > (wn.entry(w, 'a')?.tagged ?? -1));
  });
}

/**
 * WordNet's verb frames that take an object and a prepositional phrase (wninput(5WN)), by the
 * preposition they name: 15 "something to somebody", 16 "from", 17 "somebody with something", 18 "of",
 * 19 "on", 31 "something with something"; 20 and 21 ("somebody PP", "something PP") take any.
 */
const OBJECT_PHRASE_FRAMES = new Map<number, string | null>([
  [15, 'to'],
  [16, 'from'],
  [17, 'with'],
  [18, 'of'],
  [19, 'on'],
  [20, null],
  [21, null],
  [31, 'with'],
]);
/** How many of a verb's senses, commonest first, are asked for its frames. */
const FRAME_SENSES = 3;

/**
 * Whether a frame of one of the verb's commonest senses that takes an object and a prepositional phrase
 * is accepted (by the preposition it names; null for frames 20 and 21, which take any); null without
 * WordNet or for a verb it does not list.
 */
function someObjectPhraseFrame(verb: string, accept: (named: string | null) => boolean): boolean | null {
  const wn = wordNet();
  const base = wn?.baseForms(verb, 'v')[0];
  if (!wn || !base) return null;
  return wn.senses(base, { pos: ['v'], maxSenses: FRAME_SENSES }).some((s) => {
    const own = s.words.indexOf(base) + 1;
    return s.frames.some((f) => (f.word === 0 || f.word === own) && OBJECT_PHRASE_FRAMES.has(f.frame) && accept(OBJECT_PHRASE_FRAMES.get(f.frame)!));
  });
}

/**
 * One of the verb's commonest senses takes an object and a phrase of this preposition ("send X to Y",
 * "provide X with Y"; not "include X with Y", where the phrase belongs to the object). True without
 * WordNet or for a verb it does not list (nothing known against it).
 */
export function takesObjectPhrase(verb: string, preposition: string): boolean {
  const v = verb.toLowerCase();
  const p = preposition.toLowerCase();
  return cached(`f:${v}:${p}`, () => someObjectPhraseFrame(v, (named) => named === null || named === p) ?? true);
}

/**
 * One of the verb's commonest senses has a frame that names this preposition ("send X to Y": 15, "provide
 * X with Y": 17; not the frames of any phrase, 20 and 21): the phrase is the verb's own argument, no
 * adjunct. False without WordNet or for a verb it does not list.
 */
export function frameNamesPreposition(verb: string, preposition: string): boolean {
  const v = verb.toLowerCase();
  const p = preposition.toLowerCase();
  return cached(`named-frame:${v}:${p}`, () => someObjectPhraseFrame(v, (named) => named === p) ?? false);
}

/** WordNet lists the verb (in any form) and the particle as one verb ("go through", "look into"). False without WordNet. */
export function phrasalVerb(verb: string, particle: string): boolean {
  const v = verb.toLowerCase();
  const p = particle.toLowerCase();
  return cached(`p:${v}:${p}`, () => {
    const wn = wordNet();
    return Boolean(wn && wn.baseForms(v, 'v').some((base) => wn.entry(`${base} ${p}`, 'v')));
  });
}
