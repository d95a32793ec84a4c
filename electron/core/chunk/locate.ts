// Where a cited text stands in a passage: the run of the passage's sentences (one to four) whose
// text is most like it, by character bigrams (whitespace and case ignored), so a chat citation opens
// its passage with the sentence it quotes or paraphrases marked, not the whole passage.
import { characterBigrams, diceOfCounts } from '../text/similarity';
import { splitSentences, type Span } from './sentences';

/** Below this likeness no sentence is said to be the cited one. */
const MIN_CITED_LIKENESS = 0.35;
/** The longest run of sentences a citation is matched against. */
const MAX_RUN = 4;

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** The span of `text` (offsets in it) that `cited` quotes, with its likeness in [0, 1]; null when nothing is close enough. */
export function locateCited(text: string, cited: string): (Span & { score: number }) | null {
  const want = characterBigrams(squash(cited));
  const sentences = splitSentences(text);
  let best: (Span & { score: number }) | null = null;
  for (let i = 0; i < sentences.length; i++) {
    for (let j = i; j < Math.min(sentences.length, i + MAX_RUN); j++) {
      const span = { start: sentences[i].start, end: sentences[j].end };
      const score = diceOfCounts(characterBigrams(squash(text.slice(span.start, span.end))), want);
      // a longer run must be clearly better to win (a quote of one sentence marks that sentence)
      if (!best || score > best.score + 0.02 * (j - i)) best = { ...span, score };
    }
  }
  return best && best.score >= MIN_CITED_LIKENESS ? best : null;
}
