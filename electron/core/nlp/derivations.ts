// Derivational links of WordNet as answers to one question the relation form asks: which verb does a
// noun name the act of ("validation" -> "validate", "support" -> "support")? Only a noun whose
// commonest sense is an act, a communication, a cognition or a process, and only the verb its own
// word is linked to in that sense (a "+" pointer of wndb(5WN)); null without WordNet.
import { lemma } from './morphology';
import { wordNet } from './wordnet';

/** WordNet's lexicographer files of nouns that name something done (lexnames(5WN): 4 act, 9 cognition, 10 communication, 22 process). */
const ACT_LEXFILES = new Set([4, 9, 10, 22]);

const cache = new Map<string, string | null>();

/** The length of the start two words share ("validation", "validate": 7). */
function sharedStart(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * The verb whose act the noun names by its commonest sense ("validation" -> "validate", "use" ->
 * "use"), or null ("identity": an attribute; "mechanism": a thing). Of several linked verbs, the one
 * written most like the noun, then the most often tagged ("approval": "approve", not "approbate").
 */
export function verbOfActNoun(noun: string): string | null {
  const n = noun.toLowerCase();
  const hit = cache.get(n);
  if (hit !== undefined) return hit;
  let out: string | null = null;
  const wn = wordNet();
  const first = wn?.senses(n, { pos: ['n'], maxSenses: 1 })[0];
  if (wn && first && ACT_LEXFILES.has(first.lexFile)) {
    const own = first.words.indexOf(n) + 1 || first.words.indexOf(wn.baseForms(n, 'n')[0] ?? n) + 1;
    const verbs = first.pointers
      .filter((p) => p.symbol === '+' && p.pos === 'v' && (own === 0 || p.source === own))
      .map((p) => wn.synset('v', p.offset).words[p.target - 1])
      .filter((v): v is string => Boolean(v) && /^\p{Ll}+$/u.test(v));
    const rank = (v: string) => [sharedStart(v, n), wn.entry(v, 'v')?.tagged ?? 0];
    out =
      [...new Set(verbs)].sort((a, b) => {
        const [ra, rb] = [rank(a), rank(b)];
        return rb[0] - ra[0] || rb[1] - ra[1];
      })[0] ?? null;
  }
  cache.set(n, out);
  return out;
}

/**
 * The verb a form of it is, or null for a word WordNet has as no verb: a regular form by WordNet's
 * morphology ("forwarding" -> "forward", not the noun "forwarding"), an irregular one by its lemma ("sent" -> "send").
 */
export function verbLemma(word: string): string | null {
  const wn = wordNet();
  if (!wn) return null;
  const base = wn.baseForms(word, 'v')[0];
  if (base) return base;
  const l = lemma(word);
  return wn.entry(l, 'v') ? l : null;
}
