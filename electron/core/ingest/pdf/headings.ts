// Headings of a PDF: from its outline (bookmarks) when it has one, else from font statistics. The
// body style is the font and size most characters are set in; a heading line is larger than the
// body, or wholly in another font (a bold face) at about its size, short, and not a sentence. A
// line in the body's own style is never a heading, whatever number it starts with. Levels come
// from the section number's depth; an unnumbered heading takes the level of the numbered headings
// set in its style, else its rank by size.
import { designationIn, numberedCandidate } from '../../document/structure';
import { looksLikeCode } from '../../text/code-line';
import { joinRuns } from './tables';
import { joinHyphenated } from '../repair/reflow';
import type { Line, PageLines } from './types';

export interface HeadingMark {
  level: number;
  number: string | null;
  heading: string;
  /** Lines the heading spans, from this one. */
  lines: number;
  /** A run-in heading: its first `runs` runs are the heading, the rest of the line is text. */
  runs?: number;
}

const CAPTION = /^(?:Table|TABLE|Tab\.|Figure|FIGURE|Fig\.)\s*[\dA-Z]+(?:[.-]\d+)*\s*(?:[:.–—-]|$)/;

/** Two lines of one heading joined: a word broken at the line end is joined back. */
const joinLines = (a: string, b: string) => (/\p{L}-$/u.test(a) && /^\p{Ll}/u.test(b) ? joinHyphenated(a, b) : `${a} ${b}`);

/**
 * The number and title of a line already known to be a heading (by its font or the outline): as
 * structure.ts reads numbered headings, and also a title that opens with a number after a section
 * number without a trailing dot ("5.6 802.11 Integration").
 */
function headingNumber(t: string): { number: string; heading: string } | null {
  const n = numberedCandidate(t);
  if (n) return n;
  const m = /^((?:\d{1,3}|[A-Z])(?:\.\d{1,3})+)\.?\s+(\S.*)$/.exec(t.trim()) ?? /^([A-Z])\.\s+(\p{Lu}.*)$/u.exec(t.trim());
  return m && /\p{L}/u.test(m[2]) ? { number: m[1], heading: m[2] } : null;
}

const styleKey = (font: string, size: number) => `${font}|${Math.round(size * 2) / 2}`;

interface BodyStyle {
  font: string;
  size: number;
}

/** The style most characters are set in (table cells and code left out). */
function bodyStyle(pages: PageLines[], skip: Set<Line>): BodyStyle {
  const chars = new Map<string, number>();
  for (const p of pages)
    for (const l of p.lines) {
      if (skip.has(l) || l.mono) continue;
      for (const r of l.runs) {
        const k = styleKey(r.font, r.size);
        chars.set(k, (chars.get(k) ?? 0) + r.str.length);
      }
    }
  let best = '';
  let n = -1;
  for (const [k, c] of chars) if (c > n) [best, n] = [k, c];
  const at = best.lastIndexOf('|');
  return { font: best.slice(0, at), size: Number(best.slice(at + 1)) || 10 };
}

interface Candidate {
  line: Line;
  page: number;
  index: number;
  text: string;
  style: string;
  size: number;
  runs?: number;
}

const isSentence = (t: string) => /[,;]$/.test(t) || (/\.$/.test(t) && t.split(/\s+/).length > 6);

/** A line set apart from the body by size or font, short, not a caption or a sentence. */
function candidateOf(line: Line, body: BodyStyle): { text: string; runs?: number } | null {
  if (line.mono) return null;
  // a table of contents entry: a page number after a wide gap or dot leaders
  const runs = line.runs;
  const last = runs[runs.length - 1];
  if (runs.length > 1 && /^\d{1,4}$|^[ivxlc]{1,6}$/i.test(last.str)) {
    const before = runs[runs.length - 2];
    if (last.x - (before.x + before.w) > last.size * 2 || /(?:\.\s?){3,}$/.test(before.str)) return null;
  }
  const text = joinRuns(line.runs).trim();
  if (!text || text.length > 150 || !/\p{L}/u.test(text) || CAPTION.test(text) || isSentence(text) || looksLikeCode(text)) return null;
  if (text.split(/\s+/).length > 16) return null;
  const larger = line.size >= body.size * 1.1;
  const chars = line.runs.reduce((n, r) => n + r.str.length, 0);
  const inBody = line.runs.filter((r) => r.font === body.font).reduce((n, r) => n + r.str.length, 0);
  const distinct = line.size >= body.size * 0.9 && inBody <= chars * 0.05;
  if (larger || distinct) return { text };
  // a run-in heading: a numbered title in another font opening a line of body text
  let k = 0;
  while (k < line.runs.length && line.runs[k].font !== body.font) k++;
  if (k === 0 || k === line.runs.length || line.size < body.size * 0.9) return null;
  const head = joinRuns(line.runs.slice(0, k)).trim().replace(/[.:]$/, '');
  const num = numberedCandidate(head);
  if (!num || num.heading.split(/\s+/).length > 10) return null;
  return { text: head, runs: k };
}

/** A designation alone ("RFC 2867", "IEC 61850-7-4:2010"): a cover's label, not its title. */
const isDesignation = (t: string) => {
  const d = designationIn(t);
  return !!d && !d.title;
};

/** Centred on the page or column: a cover's title or author line. */
const centred = (l: Line) => l.x0 > l.left + l.size && Math.abs(l.x0 - l.left - (l.right - l.x1)) < l.size * 2;

export function fontHeadings(pages: PageLines[], skip: Set<Line>): { marks: Map<Line, HeadingMark>; coverTitle?: string } {
  const body = bodyStyle(pages, skip);
  const cands: Candidate[] = [];
  for (const p of pages)
    p.lines.forEach((line, index) => {
      if (skip.has(line)) return;
      const c = candidateOf(line, body);
      if (!c) return;
      const style = styleKey(line.font, line.size);
      // a line right above a line of code in its own style is that code's first words, wrapped ("FOO-MIB" above "DEFINITIONS ::= BEGIN")
      const below = p.lines[index + 1];
      if (below && styleKey(below.font, below.size) === style && looksLikeCode(joinRuns(below.runs).trim())) return;
      cands.push({ line, page: p.number, index, text: c.text, style, size: line.size, runs: c.runs });
    });
  // three lines or more in a row in one style are a paragraph set apart (an abstract, a quotation), not headings
  const para = new Set<Candidate>();
  for (let a = 0; a < cands.length;) {
    let b = a;
    while (
      b + 1 < cands.length &&
      cands[b + 1].page === cands[a].page &&
      cands[b + 1].index === cands[b].index + 1 &&
      cands[b + 1].style === cands[a].style &&
      cands[b].line.y - cands[b + 1].line.y < cands[b].size * 1.6
    )
      b++;
    // ...when its lines run to the column's edge, as a paragraph's do (a run of short headings does not)
    const full = cands.slice(a, b + 1).filter((c) => c.line.x1 > c.line.right - (c.line.right - c.line.left) * 0.15).length;
    if (b - a >= 2 && full >= 2) for (let k = a; k <= b; k++) para.add(cands[k]);
    a = b + 1;
  }
  if (para.size) cands.splice(0, cands.length, ...cands.filter((c) => !para.has(c)));
  // a heading running over two lines: the same style, right below, the first not numbered alone
  const merged: (Candidate & { lines: number })[] = [];
  for (const c of cands) {
    const last = merged[merged.length - 1];
    if (
      last &&
      !c.runs &&
      !last.runs &&
      last.page === c.page &&
      c.index === last.index + last.lines &&
      last.style === c.style &&
      last.line.y - c.line.y < c.size * 1.6 &&
      !headingNumber(c.text) &&
      // only a line that ran to the edge (or a centred one, or one with a word broken at its end) wraps onto the next
      (last.line.x1 > last.line.right - Math.max(c.size * 4, (last.line.right - last.line.left) * 0.2) ||
        centred(last.line) ||
        (/\p{L}-$/u.test(last.text) && /^\p{Ll}/u.test(c.text)))
    ) {
      last.text = joinLines(last.text, c.text);
      last.lines++;
      continue;
    }
    merged.push({ ...c, lines: 1 });
  }
  // the cover's title: the first page's centred or largest lines before any numbered heading
  // a heading opens with a capital or a number (a lower-case line was only a candidate to finish the one above)
  merged.splice(0, merged.length, ...merged.filter((c) => /^[\p{Lu}\p{Lo}\d("'“]/u.test(c.text)));
  // the cover: on the first page before the first numbered heading, lines centred or set in a
  // style no heading after the first page has (a title, a designation, authors); its title is the
  // largest of them that is more than a designation
  const firstNumbered = merged.findIndex((c) => numberedCandidate(c.text));
  const laterStyles = new Set(merged.filter((c) => c.page !== pages[0]?.number).map((c) => c.style));
  const cover: Candidate[] = [];
  const heads = merged.filter((c, i) => {
    const front = c.page === pages[0]?.number && (firstNumbered < 0 || i < firstNumbered);
    if (front && (centred(c.line) || !laterStyles.has(c.style)) && (c.size > body.size * 1.05 || !cover.length)) {
      cover.push(c);
      return false;
    }
    return true;
  });
  const coverTitle = [...cover].sort((a, b) => b.size - a.size).find((c) => !isDesignation(c.text))?.text;
  // levels: numbered headings by their number; a style's level is its numbered headings' level
  const styleLevel = new Map<string, number>();
  const sizeOfLevel = new Map<number, number>();
  const parsed = heads.map((c) => ({ c, num: headingNumber(c.text) }));
  for (const { c, num } of parsed) {
    if (!num || c.runs) continue;
    const level = num.number.split('.').length;
    styleLevel.set(c.style, Math.min(styleLevel.get(c.style) ?? 99, level));
    sizeOfLevel.set(level, Math.max(sizeOfLevel.get(level) ?? 0, c.size));
  }
  const sizes = [...new Set(heads.map((c) => Math.round(c.size * 2) / 2))].sort((a, b) => b - a);
  const marks = new Map<Line, HeadingMark>();
  for (const { c, num } of parsed) {
    let level: number;
    if (num) level = num.number.split('.').length;
    else if (styleLevel.has(c.style)) level = styleLevel.get(c.style)!;
    else if (sizeOfLevel.size) {
      // the shallowest numbered level set at this size or smaller
      const fits = [...sizeOfLevel.entries()].filter(([, s]) => s <= c.size + 0.25).map(([l]) => l);
      level = fits.length ? Math.min(...fits) : Math.max(...sizeOfLevel.keys()) + 1;
    } else level = sizes.indexOf(Math.round(c.size * 2) / 2) + 1;
    marks.set(c.line, { level, number: num?.number ?? null, heading: (num?.heading ?? c.text).replace(/\s+/g, ' '), lines: c.lines, runs: c.runs });
  }
  return { marks, coverTitle };
}

/** One outline entry, flattened, with where its destination points. */
export interface OutlineEntry {
  title: string;
  depth: number;
  /** 1-based page number, and the destination's height (PDF units) when given. */
  page: number | null;
  y: number | null;
}

const squash = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The outline's entries matched to the lines they point at: on the destination's page, the first
 * line at or below the destination whose text is the entry's title (with or without the section
 * number printed before it), over one or more lines. Null when fewer than half the entries match
 * (an outline of something else: then fonts decide).
 */
export function outlineHeadings(pages: PageLines[], outline: OutlineEntry[], skip: Set<Line>): Map<Line, HeadingMark> | null {
  if (!outline.length) return null;
  const byNumber = new Map(pages.map((p, i) => [p.number, i]));
  const marks = new Map<Line, HeadingMark>();
  let matched = 0;
  for (const entry of outline) {
    const want = squash(entry.title);
    if (!want) continue;
    const start = entry.page !== null ? byNumber.get(entry.page) : undefined;
    if (start === undefined) continue;
    let found: { line: Line; lines: number; text: string } | null = null;
    for (let pi = start; pi < Math.min(pages.length, start + 2) && !found; pi++) {
      const lines = pages[pi].lines;
      for (let k = 0; k < lines.length && !found; k++) {
        const line = lines[k];
        if (skip.has(line) || marks.has(line)) continue;
        if (pi === start && entry.y !== null && line.y > entry.y + line.size * 0.5) continue;
        let text = joinRuns(line.runs).trim();
        let n = 1;
        // the title without the number printed before it
        const bare = (t: string) => squash(headingNumber(t)?.heading ?? t);
        // the title over more lines
        while (want.startsWith(bare(text)) && bare(text).length < want.length && k + n < lines.length && n < 4) {
          text = joinLines(text, joinRuns(lines[k + n].runs).trim());
          n++;
        }
        const got = squash(text);
        if (got === want || bare(text) === want || (got.endsWith(` ${want}`) && headingNumber(text))) found = { line, lines: n, text };
      }
    }
    if (!found) continue;
    matched++;
    const num = headingNumber(found.text) ?? headingNumber(entry.title);
    marks.set(found.line, {
      level: entry.depth + 1,
      number: num?.number ?? null,
      heading: (num?.heading ?? found.text).replace(/\s+/g, ' '),
      lines: found.lines,
    });
  }
  return matched * 2 >= outline.length ? marks : null;
}
