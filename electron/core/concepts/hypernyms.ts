// Concept levels without a model: above a head noun (or a verb lemma) the classic engine climbs
// WordNet's hypernyms, so "server" is filed under "computer" and "machine" rather than standing alone
// at level 1. The sense is the one whose gloss and hypernyms share most words with the instance's
// context (its label, its neighbours and their relations: a simplified Lesk), the most frequent
// sense on a tie; rungs this close to WordNet's root ("entity", "abstraction") name nothing a reader
// files a term under and are left out.
import { wordNet, type Synset, type WnPointer, type WnPos } from '../nlp/wordnet';
import { stems } from './phrases';

/** Hypernym rungs kept above a word: its concept levels between the word itself and its type. */
const HYPERNYM_RUNGS = 2;
/** Senses of the word compared with its context (WordNet lists the frequent ones first). */
const SENSES_COMPARED = 4;
/** A noun rung must lie at least this many links below WordNet's root: "group" (2) yes, "abstraction" (1) no. */
const MIN_NOUN_DEPTH = 2;

const isHypernym = (symbol: string) => symbol === '@' || symbol === '@i';

/** The synsets from a sense up to its root, following each synset's first hypernym. */
function chainOf(wn: NonNullable<ReturnType<typeof wordNet>>, sense: Synset): Synset[] {
  const out: Synset[] = [];
  const seen = new Set<string>();
  for (let s: Synset | undefined = sense; s && !seen.has(s.id);) {
    seen.add(s.id);
    out.push(s);
    const up: WnPointer | undefined = s.pointers.find((p) => isHypernym(p.symbol));
    s = up ? wn.synset(up.pos, up.offset) : undefined;
  }
  return out;
}

/** Words of a synset chain's lemmas and glosses, as comparable stems. */
function chainWords(chain: Synset[]): Set<string> {
  const words = new Set<string>();
  for (const s of chain.slice(0, HYPERNYM_RUNGS + 2)) for (const w of stems(`${s.words.join(' ')} ${s.gloss.replace(/"[^"]*"/g, ' ')}`)) words.add(w);
  return words;
}

/**
 * The hypernyms of a word as concept phrases, specific to general: at most HYPERNYM_RUNGS, each the
 * first lemma of its synset. `context` is text around the instance the sense is picked by. None when
 * WordNet is not installed or does not list the word.
 */
export function hypernymRungs(word: string, pos: Extract<WnPos, 'n' | 'v'>, context: string[] = []): string[] {
  const wn = wordNet();
  if (!wn || !/^[\p{L}][\p{L}\s-]*$/u.test(word)) return [];
  const senses = wn.senses(word, { pos: [pos], maxSenses: SENSES_COMPARED });
  if (!senses.length) return [];
  const own = new Set(stems(word));
  const around = new Set(stems(context.join(' ')).filter((w) => w.length > 2 && !own.has(w)));
  let best = chainOf(wn, senses[0]);
  let bestScore = 0;
  for (const sense of senses) {
    const chain = chainOf(wn, sense);
    let score = 0;
    for (const w of chainWords(chain)) if (around.has(w)) score++;
    if (score > bestScore) [best, bestScore] = [chain, score];
  }
  // chain[0] is the word's own synset; a rung's depth is its distance from the chain's root
  const rungs = best.slice(1).filter((_, i, above) => pos !== 'n' || above.length - 1 - i >= MIN_NOUN_DEPTH);
  const out: string[] = [];
  for (const s of rungs) {
    const lemma = s.words.find((w) => !own.has(w)) ?? s.words[0];
    if (!out.includes(lemma) && !own.has(lemma)) out.push(lemma);
    if (out.length >= HYPERNYM_RUNGS) break;
  }
  return out;
}
