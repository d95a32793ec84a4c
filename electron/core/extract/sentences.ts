// Sentence spans and mention lookup over the document text: every evidence span comes from here.

export interface Span {
  start: number;
  end: number;
}

/**
 * Sentence spans of text[from, to): the project's one splitter (chunk/sentences.ts), so evidence
 * sentences and chunk boundaries agree. Works for English, lowercased text, Korean and CJK.
 */
import { splitSentences } from '../chunk/sentences';

export { splitSentences };

/** Lowercased text with whitespace runs collapsed to one space, and a map back to original offsets. */
export function foldWithMap(text: string, from = 0, to = text.length): { folded: string; map: number[] } {
  let folded = '';
  const map: number[] = [];
  let space = false;
  for (let i = from; i < to; i++) {
    const c = text[i];
    if (/\s/.test(c)) {
      if (!space && folded.length) {
        folded += ' ';
        map.push(i);
      }
      space = true;
      continue;
    }
    space = false;
    // Keep one UTF-16 unit per unit so the map stays aligned (toLowerCase can change lengths for a few chars).
    const low = c.toLowerCase();
    folded += low.length === 1 ? low : c;
    map.push(i);
  }
  return { folded, map };
}

export function foldText(text: string): string {
  return foldWithMap(text).folded.trim();
}

const LEADING_DETERMINER = /^(?:the|a|an|this|that|these|those|its|their|our|each|every|any|some|all)\s+/i;

/** Variants of a mention to look for in the text: as given, without a determiner, singular/plural. */
function mentionVariants(mention: string): string[] {
  const m = foldText(mention).replace(/^["'`]+|["'`.,;:]+$/g, '');
  if (!m) return [];
  const out = [m];
  const bare = m.replace(LEADING_DETERMINER, '');
  if (bare !== m && bare) out.push(bare);
  for (const v of [...out]) {
    if (/[^s]s$/.test(v) && v.length > 3) out.push(v.slice(0, -1));
    else if (/[a-z]$/.test(v)) out.push(`${v}s`);
  }
  return out.filter((v) => v.length >= 1);
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);

/**
 * The first place the mention occurs in text[from, to) (case- and whitespace-insensitive,
 * on word boundaries), as absolute offsets, or null.
 */
export function findMention(text: string, mention: string, from = 0, to = text.length): Span | null {
  const { folded, map } = foldWithMap(text, from, to);
  for (const v of mentionVariants(mention)) {
    let at = folded.indexOf(v);
    while (at >= 0) {
      const before = folded[at - 1];
      const after = folded[at + v.length];
      const wordStart = !isWordChar(v[0]) || !isWordChar(before);
      const wordEnd = !isWordChar(v[v.length - 1]) || !isWordChar(after);
      // Hangul attaches particles to nouns ("서버가"): do not demand a boundary after a Hangul mention.
      const hangulEnd = /[\uac00-\ud7a3]/.test(v[v.length - 1]);
      if (wordStart && (wordEnd || hangulEnd)) {
        return { start: map[at], end: map[at + v.length - 1] + 1 };
      }
      at = folded.indexOf(v, at + 1);
    }
  }
  return null;
}

export interface Evidence extends Span {
  quote: string;
  /** 'sentence' when the mentions were found in the sentence(s) returned, 'chunk' for the fallback. */
  basis: 'sentence' | 'chunk';
  /** Exact spans of the mentions, when found. */
  mentions: (Span | null)[];
}

/**
 * The evidence for a fact read from chunk [start, end) of the document: the sentence holding all
 * the mentions (or the shortest run of up to three adjacent sentences holding them); when the
 * mentions are not all in the chunk, the chunk span itself. The quote is always docText.slice(start, end).
 */
export function locateEvidence(docText: string, chunk: Span, mentions: string[], sentences?: Span[]): Evidence {
  const sents = sentences ?? splitSentences(docText, chunk.start, chunk.end);
  const hits = sents.map((s) => mentions.map((m) => findMention(docText, m, s.start, s.end)));
  let best: { i: number; j: number } | null = null;
  for (let width = 1; width <= 3 && !best; width++) {
    for (let i = 0; i + width <= sents.length; i++) {
      const j = i + width - 1;
      const ok = mentions.every((_, k) => {
        for (let x = i; x <= j; x++) if (hits[x][k]) return true;
        return false;
      });
      if (ok) {
        best = { i, j };
        break;
      }
    }
  }
  if (best && mentions.length) {
    const start = sents[best.i].start;
    const end = sents[best.j].end;
    const spans = mentions.map((_, k) => {
      for (let x = best!.i; x <= best!.j; x++) if (hits[x][k]) return hits[x][k];
      return null;
    });
    return { start, end, quote: docText.slice(start, end), basis: 'sentence', mentions: spans };
  }
  const spans = mentions.map((m) => findMention(docText, m, chunk.start, chunk.end));
  return { start: chunk.start, end: chunk.end, quote: docText.slice(chunk.start, chunk.end), basis: 'chunk', mentions: spans };
}
