// Word segmentation: restore the spaces lost in text like "RAGimplementationsretrievalaugmented".
// A unigram model (lexicon.ts) scored by dynamic programming; case is respected: a word is
// lowercase, Capitalised or ALL CAPS, and short all-caps runs may be acronyms (RAG, LLMs, HNSW).
import { lexicon } from './lexicon';

const UNKNOWN_BASE = 6;
const UNKNOWN_PER_CHAR = 3;
const MAX_UNKNOWN = 12;

/** Split a run of ASCII letters into the most probable sequence of words. */
export function segmentRun(run: string): string[] {
  return segmentWithCost(run).words;
}

/** The segmentation and its cost (negative log probability under the unigram model). */
export function segmentWithCost(run: string): { words: string[]; cost: number } {
  const one = (words: string[]) => ({ words, cost: lexicon().cost(run.toLowerCase()) ?? lexicon().rareCost });
  const n = run.length;
  if (n <= 1) return one([run]);
  if (!/^[A-Za-z]+$/.test(run)) {
    // Letters outside ASCII (Méliès): split only where the case says words meet.
    const parts = run.replace(/(\p{Ll})(\p{Lu})/gu, '$1\u0000$2').split('\u0000');
    return one(parts.length > 1 ? parts.flatMap((p) => segmentRun(p)) : [run]);
  }
  // Short mixed-case tokens are names or acronyms as written: SaaS, CoT, iPhone.
  if (n <= 5 && /^(\p{Lu}\p{Ll}*\p{Lu}\p{L}*|\p{Ll}\p{Lu}\p{L}*)$/u.test(run) && /\p{Ll}/u.test(run)) return one([run]);
  const lex = lexicon();
  const lower = run.toLowerCase();
  if (n <= 3 && lex.cost(lower) !== undefined) return one([run]);
  const upper = new Uint8Array(n);
  for (let k = 0; k < n; k++) upper[k] = run.charCodeAt(k) <= 90 ? 1 : 0;
  // upperCount[k] = number of capitals in run[0, k)
  const upperCount = new Int32Array(n + 1);
  for (let k = 0; k < n; k++) upperCount[k + 1] = upperCount[k] + upper[k];
  const maxLen = Math.max(lex.maxWordLength, MAX_UNKNOWN);
  const unknown = lex.rareCost + UNKNOWN_BASE;
  const acronym = lex.rareCost + 1;
  const best = new Float64Array(n + 1).fill(Infinity);
  const back = new Int32Array(n + 1);
  best[0] = 0;
  for (let i = 1; i <= n; i++) {
    const from = Math.max(0, i - maxLen);
    for (let j = i - 1; j >= from; j--) {
      if (best[j] === Infinity) continue;
      const len = i - j;
      const restUpper = upperCount[i] - upperCount[j + 1];
      const allUpper = restUpper === len - 1 && upper[j] === 1;
      // A word is lower, Capitalised or ALL CAPS; an acronym may end in a plural "s".
      const wordCase = restUpper === 0 || allUpper;
      const pluralAcronym = len >= 3 && len <= 7 && upper[j] === 1 && restUpper === len - 2 && run[i - 1] === 's';
      if (!wordCase && !pluralAcronym) continue;
      let c: number | undefined;
      if (wordCase) c = lex.cost(lower.slice(j, i));
      if ((allUpper && len >= 2 && len <= 6) || pluralAcronym) c = c === undefined ? acronym : Math.min(c, acronym);
      if (c === undefined) {
        // Unknown words are allowed (names, rare terms) but cost more than any known split.
        if (len > MAX_UNKNOWN) continue;
        c = unknown + UNKNOWN_PER_CHAR * len;
      }
      const total = best[j] + c;
      if (total < best[i]) {
        best[i] = total;
        back[i] = j;
      }
    }
  }
  if (best[n] === Infinity) return { words: [run], cost: Infinity };
  const out: string[] = [];
  for (let i = n; i > 0; i = back[i]) out.push(run.slice(back[i], i));
  return { words: out.reverse(), cost: best[n] };
}
