// English morphology: the one singular, the one lemma and the one stemmer of the project.
//  - singular: a noun's singular by its ending, with the irregular and invariant nouns of
//    lexicon/ (children -> child, analyses -> analysis, series, data); acronyms, numbers and names
//    with inner capitals are left as written;
//  - lemma: a word's dictionary form from wink-nlp's lemmatiser (wrote -> write, children -> child);
//  - stem: the lemma, then light derivational suffix stripping, so director/directed meet and
//    wrote/written/writer/writes meet.
import { englishNlp, type Nlp } from './english';
import { COUNT_WORDS, INVARIANT_NOUNS, IRREGULAR_PLURALS } from './lexicon';

const INVARIANT_ENDING = /(?:ss|us|is|ous|ics|ness)$/i;

/** The singular of one English word; acronyms, numbers and invariant words are returned as they are (case kept). */
export function singular(w: string): string {
  if (w.length <= 3 || /\d/.test(w) || /\p{Lu}/u.test(w.slice(1)) || !/^[\p{L}-]+$/u.test(w)) return w;
  const lower = w.toLowerCase();
  const irr = IRREGULAR_PLURALS[lower];
  if (irr) return w[0] === lower[0] ? irr : irr[0].toUpperCase() + irr.slice(1);
  if (INVARIANT_ENDING.test(lower) || INVARIANT_NOUNS.has(lower)) return w;
  if (/[^aeiou]ies$/.test(lower) && lower.length > 4) return `${w.slice(0, -3)}${w.slice(-3) === 'IES' ? 'Y' : 'y'}`;
  if (/(?:sses|shes|ches|xes|zzes)$/.test(lower)) return w.slice(0, -2);
  if (/s$/.test(lower) && !/ss$/.test(lower)) return w.slice(0, -1);
  return w;
}

/** A plural noun by its ending ("systems", but "class", "corpus", "analysis"). */
export function pluralByEnding(word: string): boolean {
  return /[^s]s$/i.test(word) && !/(?:ss|us|is)$/i.test(word);
}

/**
 * A noun phrase as [before, head word, after]: the head is the last word, or the last word before the
 * first "of" ("number of seconds", "list of servers": the complement keeps its number).
 */
export function headOfPhrase(phrase: string): [string, string, string] | null {
  const of = /^(.*?)([\p{L}-]+)(\s+of\s.*)$/u.exec(phrase);
  if (of && of[1].length + of[2].length > 0) return [of[1], of[2], of[3]];
  const m = /^(.*?)([\p{L}-]+)$/u.exec(phrase);
  return m ? [m[1], m[2], ''] : null;
}

/** Singularise the head word of a noun phrase (the last word, or the last before "of"); a count keeps the plural. */
export function singularPhrase(phrase: string): string {
  const m = headOfPhrase(phrase);
  if (!m) return phrase;
  // "twelve columns", "Two documents", "three phases": a count says the head is plural
  const first = /^(\S+)\s/u.exec(m[0]);
  if (first && COUNT_WORDS.has(first[1].toLowerCase())) return phrase;
  return m[0] + singular(m[1]) + m[2];
}

let nlp: Nlp | null = null;
const LEMMAS = new Map<string, string>();

/** The dictionary form of one word (wink-nlp's lemmatiser; cached): wrote -> write, children -> child. */
export function lemma(word: string): string {
  const w = word.toLowerCase();
  let out = LEMMAS.get(w);
  if (out !== undefined) return out;
  out = w;
  if (/^\p{L}[\p{L}'-]*$/u.test(w) && w.length > 2) {
    try {
      nlp ??= englishNlp();
      // its.lemma needs the model's addons at run time; its typing says so, the call passes them
      const l = nlp
        .readDoc(w)
        .tokens()
        .out(nlp.its.lemma as unknown as typeof nlp.its.pos) as string[];
      if (l.length === 1 && l[0] && /^\p{L}/u.test(l[0])) out = l[0].toLowerCase();
    } catch {
      // no lemma for this word: the word itself
      out = w;
    }
  }
  if (LEMMAS.size > 50_000) LEMMAS.clear();
  LEMMAS.set(w, out);
  return out;
}

/** Light derivational suffix stripping (agent nouns, -ion, -ing, -ed, plurals): director/direction -> direct. */
function suffixStem(w: string): string {
  if (w.length <= 3 || /\d/.test(w)) return w;
  let s = w;
  if (s.endsWith('ies') && s.length > 4) s = `${s.slice(0, -3)}y`;
  else {
    for (const suf of ['ations', 'ation', 'ers', 'ors', 'ings', 'ions', 'ing', 'ion', 'er', 'or', 'ed', 'es', 's']) {
      if (s.endsWith(suf) && s.length - suf.length >= 3 && !(suf === 's' && s.endsWith('ss'))) {
        s = s.slice(0, -suf.length);
        break;
      }
    }
  }
  if (s.endsWith('e') && s.length > 3) s = s.slice(0, -1);
  if (/([bdfgklmnprt])\1$/.test(s)) s = s.slice(0, -1);
  return s;
}

const STEMS = new Map<string, string>();

/** A word's stem: its lemma, then light suffix stripping, so wrote/written/writer/writes meet at "writ". */
export function stem(word: string): string {
  const w = word.toLowerCase();
  let out = STEMS.get(w);
  if (out !== undefined) return out;
  out = w.length <= 3 || /\d/.test(w) ? w : suffixStem(lemma(w));
  if (STEMS.size > 50_000) STEMS.clear();
  STEMS.set(w, out);
  return out;
}

/** Words of the -ate family by their ending: locate, located, locates, locating, locator(s). */
const ATE_FAMILY = /at(?:e[sd]?|ing|ors?)$/;

/**
 * A word's derivational family: its stem, with an -ate verb, its forms and its agent joined to its
 * -ation noun, which the stem already cuts to the root (locate, located, locator, location -> loc;
 * authenticate, authentication -> authentic). Relation labels are compared by it ("is located in"
 * names a location); retrieval keeps the finer stem.
 */
export function familyStem(word: string): string {
  const s = stem(word);
  return s.endsWith('at') && s.length >= 5 && ATE_FAMILY.test(word.toLowerCase()) ? s.slice(0, -2) : s;
}
