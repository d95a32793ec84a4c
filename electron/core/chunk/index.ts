// Chunking: recursive (default), fixed or semantic. Every chunk is an exact span [start, end) of
// the document's repaired text, with the page it starts on and the heading path in force there.
import { createHash } from 'node:crypto';
import { detectHeadings, headingPathAt, type Heading } from './headings';
import { lastStartingAtOrBefore } from '../text/spans';
import { recursiveSpans, applyOverlap } from './recursive';
import { fixedSpans } from './fixed';
import { semanticSpans, type EmbedFn } from './semantic';
import type { Span } from './sentences';
import type { NewChunk } from '../store/documents';

export { detectHeadings, headingPathAt, type Heading } from './headings';
export { splitSentences, type Span } from './sentences';
export { recursiveSpans, applyOverlap, trimSpan } from './recursive';
export { fixedSpans } from './fixed';
export { semanticSpans, NoEmbedderError, type EmbedFn } from './semantic';

const CHUNKERS = ['recursive', 'fixed', 'semantic'] as const;
export type ChunkerName = (typeof CHUNKERS)[number];

const DEFAULT_CHUNK_SIZE = 1000;

interface ChunkOptions {
  chunker?: ChunkerName;
  /** Target (largest) chunk size in characters; default 1000. */
  size?: number;
  /** Characters carried over from the previous chunk; default 0 (fixed: size / 10). */
  overlap?: number;
  /** Headings of the text; found with detectHeadings when not given. */
  headings?: Heading[];
  /** Heading style when headings are not given. */
  markdown?: boolean;
  pages?: { number: number; start: number; end: number }[];
  /** Needed by the semantic chunker. */
  embed?: EmbedFn;
  signal?: AbortSignal;
}

/** A chunk as the store takes it (store/documents.ts NewChunk). */
export type TextChunk = NewChunk;

function pageAt(pages: { number: number; start: number; end: number }[]): (pos: number) => number | null {
  const sorted = [...pages].sort((a, b) => a.start - b.start || a.number - b.number);
  return (pos) => {
    let found = lastStartingAtOrBefore(sorted, pos);
    if (found === -1) return sorted[0]?.number ?? null;
    // Skip back over empty pages that start at the same place, to the page that holds pos.
    while (found > 0 && sorted[found].end <= pos && sorted[found].start === sorted[found].end && sorted[found - 1].start === sorted[found].start) found--;
    // Between pages (the separator): the page that starts next.
    if (sorted[found].end <= pos && found + 1 < sorted.length) return sorted[found + 1].number;
    return sorted[found].number;
  };
}

/** Chunk a text. Spans are exact: text.slice(chunk.start, chunk.end) === chunk.text. */
export async function chunkText(text: string, options: ChunkOptions = {}): Promise<TextChunk[]> {
  const chunker = options.chunker ?? 'recursive';
  const size = options.size ?? DEFAULT_CHUNK_SIZE;
  if (!Number.isFinite(size) || size < 1) throw new Error(`chunk size must be a positive number, got ${size}`);
  const headings = options.headings ?? detectHeadings(text, { markdown: options.markdown });
  let spans: Span[];
  let overlap = options.overlap ?? 0;
  switch (chunker) {
    case 'recursive':
      spans = recursiveSpans(text, { size, headings });
      break;
    case 'fixed':
      overlap = options.overlap ?? Math.floor(size / 10);
      spans = fixedSpans(text, size, overlap);
      overlap = 0; // already windows with overlap
      break;
    case 'semantic':
      spans = await semanticSpans(text, { size, headings, embed: options.embed, signal: options.signal });
      break;
    default:
      throw new Error(`unknown chunker: ${String(chunker)} (use ${CHUNKERS.join(', ')})`);
  }
  const base = spans;
  spans = applyOverlap(text, spans, overlap);
  const pathAt = headingPathAt(headings);
  const pageOf = options.pages?.length ? pageAt(options.pages) : () => null;
  return spans.map((sp, i) => {
    const chunkText = text.slice(sp.start, sp.end);
    return {
      ordinal: i,
      start: sp.start,
      end: sp.end,
      page: pageOf(base[i].start),
      headingPath: pathAt(base[i].start),
      text: chunkText,
      hash: createHash('sha1').update(chunkText).digest('hex'),
    };
  });
}
