// Recursive, structure-aware chunking: split at headings, then paragraphs, lines, sentences,
// words and (last resort) characters, only as deep as needed to fit the size; then pack adjacent
// pieces greedily back up to the size. Every chunk is an exact span of the text.
import type { Heading } from './headings';
import { splitSentences, type Span } from './sentences';

interface SpanOptions {
  /** Largest chunk in characters (before overlap). */
  size: number;
  headings?: Heading[];
}

/** Trim whitespace off both ends of a span. */
export function trimSpan(text: string, start: number, end: number): Span {
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return { start, end };
}

const trimmedLength = (text: string, s: number, e: number) => {
  const t = trimSpan(text, s, e);
  return t.end - t.start;
};

/** Append without spreading into arguments (a 100 MB text has more chunks than the stack allows). */
export function append<T>(out: T[], items: T[]): void {
  for (const item of items) out.push(item);
}

const LEVELS = 6; // headings, paragraphs, lines, sentences, words, characters

/** Cut [s, e) into contiguous pieces at one level's boundaries. */
function cut(text: string, s: number, e: number, level: number, headings: Heading[]): number[] {
  const bounds: number[] = [];
  switch (level) {
    case 0:
      for (const h of headings) if (h.start > s && h.start < e) bounds.push(h.start);
      break;
    case 1: {
      const re = /\n[ \t]*\n\s*/g;
      re.lastIndex = s;
      for (let m = re.exec(text); m && m.index < e; m = re.exec(text)) {
        const b = m.index + m[0].length;
        if (b > s && b < e) bounds.push(b);
      }
      break;
    }
    case 2:
      for (let i = text.indexOf('\n', s); i !== -1 && i < e - 1; i = text.indexOf('\n', i + 1)) bounds.push(i + 1);
      break;
    case 3:
      for (const sp of splitSentences(text, s, e)) if (sp.start > s) bounds.push(sp.start);
      break;
    case 4: {
      const re = /\s+/g;
      re.lastIndex = s;
      for (let m = re.exec(text); m && m.index < e; m = re.exec(text)) {
        const b = m.index + m[0].length;
        if (b > s && b < e) bounds.push(b);
      }
      break;
    }
    default:
      break;
  }
  return [s, ...bounds, e];
}

function hardCut(text: string, s: number, e: number, size: number): Span[] {
  const out: Span[] = [];
  for (let a = s; a < e;) {
    let b = Math.min(e, a + size);
    // Never split a surrogate pair.
    if (b < e && /[\uDC00-\uDFFF]/.test(text[b])) b--;
    out.push({ start: a, end: b });
    a = b;
  }
  return out;
}

function chunkRange(text: string, s: number, e: number, level: number, size: number, headings: Heading[]): Span[] {
  if (trimmedLength(text, s, e) <= size) return [{ start: s, end: e }];
  if (level >= LEVELS - 1) return hardCut(text, s, e, size);
  const b = cut(text, s, e, level, headings);
  if (b.length <= 2) return chunkRange(text, s, e, level + 1, size, headings);
  // A top-level section starts a chunk of its own: no chunk runs from one into the next.
  const hard = level === 0 ? new Set(headings.filter((h) => h.level <= 1).map((h) => h.start)) : null;
  // Pack towards equal shares of the range (never over the size): no tiny leftover chunk at the end.
  const total = trimmedLength(text, s, e);
  const limit = Math.min(size, Math.ceil((total / Math.ceil(total / size)) * 1.15));
  const out: Span[] = [];
  let cur: Span | null = null;
  for (let i = 0; i + 1 < b.length; i++) {
    const p = { start: b[i], end: b[i + 1] };
    if (trimmedLength(text, p.start, p.end) > size) {
      if (cur && trimmedLength(text, cur.start, cur.end) < size / 4 && !hard?.has(p.start)) {
        // A small lead-in (a heading line) goes with what follows instead of standing alone.
        append(out, chunkRange(text, cur.start, p.end, level + 1, size, headings));
      } else {
        if (cur) out.push(cur);
        append(out, chunkRange(text, p.start, p.end, level + 1, size, headings));
      }
      cur = null;
      continue;
    }
    if (!cur) cur = p;
    else if (hard?.has(p.start)) {
      out.push(cur);
      cur = p;
    } else {
      const merged = trimmedLength(text, cur.start, p.end);
      // Over the balanced share is fine while the chunk so far is only a lead-in (a heading line).
      if (merged <= limit || (merged <= size && trimmedLength(text, cur.start, cur.end) < size / 4)) {
        cur = { start: cur.start, end: p.end };
        continue;
      }
      out.push(cur);
      cur = p;
    }
  }
  if (cur) {
    // A scrap at the end of a range joins the chunk before it when both fit.
    const prev = out[out.length - 1];
    if (
      prev &&
      prev.end === cur.start &&
      !hard?.has(cur.start) &&
      trimmedLength(text, cur.start, cur.end) < size / 8 &&
      trimmedLength(text, prev.start, cur.end) <= size
    )
      prev.end = cur.end;
    else out.push(cur);
  }
  return out;
}

/** The spans of a recursive chunking of the whole text (trimmed, non-empty, in order). */
export function recursiveSpans(text: string, options: SpanOptions): Span[] {
  const size = Math.max(1, Math.floor(options.size));
  const headings = [...(options.headings ?? [])].sort((a, b) => a.start - b.start);
  return chunkRange(text, 0, text.length, 0, size, headings)
    .map((sp) => trimSpan(text, sp.start, sp.end))
    .filter((sp) => sp.end > sp.start);
}

/** Chunk a sub-range with the recursive rules (used by the semantic chunker for oversize groups). */
export function recursiveRange(text: string, start: number, end: number, options: SpanOptions): Span[] {
  const headings = [...(options.headings ?? [])].sort((a, b) => a.start - b.start);
  return chunkRange(text, start, end, 0, Math.max(1, Math.floor(options.size)), headings)
    .map((sp) => trimSpan(text, sp.start, sp.end))
    .filter((sp) => sp.end > sp.start);
}

/**
 * Extend each chunk after the first backwards by up to `overlap` characters into its predecessor,
 * starting at a word boundary, so context carries over. Spans stay exact.
 */
export function applyOverlap(text: string, spans: Span[], overlap: number): Span[] {
  if (overlap <= 0) return spans;
  return spans.map((sp, i) => {
    if (i === 0) return sp;
    const prev = spans[i - 1];
    let start = Math.max(prev.start, sp.start - overlap);
    if (start >= sp.start) return sp;
    // Move forward to the start of a word.
    if (start > 0 && !/\s/.test(text[start - 1])) {
      while (start < sp.start && !/\s/.test(text[start])) start++;
    }
    while (start < sp.start && /\s/.test(text[start])) start++;
    return { start, end: sp.end };
  });
}
