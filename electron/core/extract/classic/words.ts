// Token-level word tests the passes share: case, number by ending, what WordNet says of a token's
// word (nlp/senses.ts), the closed classes of nlp/lexicon as token tests.
import { BCP14_KEYWORDS, COMPLEX_PREPOSITIONS, OBJECT_CONTROL_VERBS, PERMISSIVE_VERBS } from '../../nlp/lexicon';
import { pluralByEnding } from '../../nlp/morphology';
import { isUnitOfMeasure, moreAdjectiveThanNoun, moreNounThanAdjective, namesAbstraction } from '../../nlp/senses';
import type { Token } from './tokens';

export { isNounInWordNet as nounInWordNet, isVerbInWordNet as verbInWordNet, inWordNet } from '../../nlp/senses';

export const NP_POS = new Set(['NOUN', 'PROPN', 'NUM', 'ADJ', 'X']);
export const NP_HEAD = new Set(['NOUN', 'PROPN', 'NUM', 'X']);
export const VERB_POS = new Set(['VERB', 'AUX']);

export const lower = (t: Token | undefined) => (t ? t.text.toLowerCase() : '');

/** A finite verb as tagged: an auxiliary, or a verb that is no participle or gerund (-ing, -ed, -en). */
export const finiteVerb = (x: Token) => x.pos === 'AUX' || (x.pos === 'VERB' && !/\p{L}{2}(?:ing|ed|en)$/u.test(x.text));
/** Written with a capital (an RFC 2119 keyword in capitals is no name). */
export const capitalised = (t: Token | undefined) => Boolean(t && /^\p{Lu}/u.test(t.text) && !BCP14_KEYWORDS.has(t.text));
/** A plural noun by its ending ("systems", but "class", "corpus", "analysis"). */
export const pluralNoun = (t: Token): boolean => pluralByEnding(t.text);

/** An adjective, or a hyphenated compound adjective the tagger read as a noun ("rule-based", "hand-crafted"). */
export function modifierLike(t: Token | undefined): boolean {
  return Boolean(
    t &&
    (t.pos === 'ADJ' ||
      (/^\p{Ll}[\p{L}\d]*-\p{Ll}+$/u.test(t.text) && /-(?:\p{L}+ed|\p{L}+en|based|driven|oriented|specific|aware|free|like|level|scale)$/u.test(t.text))),
  );
}

/** A noun naming a unit of measure ("seconds", "octets"). */
export const unitOfMeasure = (t: Token): boolean => t.pos === 'NOUN' && isUnitOfMeasure(t.text);
/** A noun naming an act, attribute, event, group, process, state or time ("confidentiality", "lifetime"). */
export const abstractHead = (t: Token): boolean => namesAbstraction(t.text);
/** A word more an adjective than a noun ("Implicit", "Essential"). */
export const mostlyAdjective = (t: Token): boolean => moreAdjectiveThanNoun(t.text);
/** A word the tagger read as an adjective that English uses more as a noun ("port" in "the port number"): a compound's first part. */
export const nounModifier = (t: Token): boolean => t.pos === 'ADJ' && moreNounThanAdjective(t.text);

/** An object-control verb in any form ("enables", "allowed", "caused", "led"). */
export function objectControl(word: string): boolean {
  const w = word.toLowerCase();
  return baseCandidates(w).some((c) => OBJECT_CONTROL_VERBS.has(c)) || w === 'led' || w === 'told' || w === 'got' || w === 'forbade';
}

/** A verb of letting in any form ("allows", "enabled", "permitting"): its object may do the infinitive's act. */
export function permissive(word: string): boolean {
  const w = word.toLowerCase();
  return [...baseCandidates(w), w.replace(/ing$/, ''), w.replace(/ing$/, 'e'), w.replace(/(.)\1ing$/, '$1')].some((c) => PERMISSIVE_VERBS.has(c));
}

const baseCandidates = (w: string): string[] => [
  w,
  w.replace(/s$/, ''),
  w.replace(/es$/, ''),
  w.replace(/ed$/, ''),
  w.replace(/d$/, ''),
  w.replace(/ied$|ies$/, 'y'),
];

/** The complex prepositions by first word (the tag repairs ask at every token). */
const COMPLEX_PREPOSITIONS_BY_FIRST = COMPLEX_PREPOSITIONS.reduce(
  (byFirst, words) => byFirst.set(words[0], [...(byFirst.get(words[0]) ?? []), words]),
  new Map<string, string[][]>(),
);

/** The complex preposition whose words start at token i (their count), or 0. */
export function complexPreposition(tokens: Token[], i: number): number {
  for (const words of COMPLEX_PREPOSITIONS_BY_FIRST.get(tokens[i].text.toLowerCase()) ?? []) {
    if (words.every((w, k) => tokens[i + k] && tokens[i + k].text.toLowerCase() === w)) return words.length;
  }
  return 0;
}

/** A token that is a complex preposition (its words joined by the tag repairs). */
export const isComplexPreposition = (t: Token): boolean => /\s/.test(t.text);
