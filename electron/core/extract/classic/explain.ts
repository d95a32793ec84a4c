// Each pass's output for a sentence, as `graphwright explain` and Review's "Why this triple?" show it:
// the sentences of a chunk are read in order up to the one asked about (so a pronoun or a
// demonstrative there has the antecedents it had), and that one is read again with every pass kept.
import type { Span } from '../sentences';
import { chunkSentences, readChunk, type ClassicOptions } from './index';
import { explainSentence, sentenceRelations, type SentenceExplanation } from './sentence';

export interface ExplainedSentence {
  start: number;
  end: number;
  text: string;
  /** The document rule that leaves the sentence unread (a heading, a listing, another script), if one does. */
  skipped?: string;
  passes?: SentenceExplanation;
}

/** The sentences of chunk [start, end) that overlap `target` (all of them without one), each explained. */
export function explainChunk(docText: string, chunk: Span, options: ClassicOptions = {}, target?: Span): ExplainedSentence[] {
  const reading = readChunk(docText, chunk, options);
  const out: ExplainedSentence[] = [];
  const wanted = (s: Span) => !target || (s.start < Math.max(target.end, target.start + 1) && target.start < s.end);
  for (const sentence of chunkSentences(docText, reading)) {
    const asked = wanted(sentence.whole);
    if (!('span' in sentence)) {
      if (asked) out.push({ ...sentence.whole, text: docText.slice(sentence.whole.start, sentence.whole.end), skipped: sentence.skip });
      continue;
    }
    if (asked)
      out.push({
        ...sentence.span,
        text: docText.slice(sentence.span.start, sentence.span.end),
        passes: explainSentence(sentence.tokens, docText, reading.context, sentence.entry),
      });
    // (a sentence not asked about is still read: the context it leaves is what the next one sees)
    else sentenceRelations(sentence.tokens, docText, reading.context);
    if (target && sentence.whole.start >= target.end) break;
  }
  return out;
}
