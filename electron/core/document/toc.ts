// A table of contents: where its entries run and what they list. An entry is a line with a page
// number (after dot leaders or a gap: "2.1 Header ....... 4") or, in a contents list printed without
// page numbers, a numbered clause line. A paged list may hold a clause line that lost its page
// number between paged entries, and ends at its last paged entry. The list ends where its entries
// stop (a line of another kind that no entry follows within a few lines: a wrapped title or a page
// break between entries is passed over) or where a line repeats an entry already listed: the body's
// first heading. The body is never part of it, however its headings are set.
import { looksLikeTitle, numberedCandidate, type Line } from './lines';
import type { Region } from './region';

export interface TocEntry {
  /** The clause number as listed ('2.1', 'A'), or null for an unnumbered entry ('Acknowledgements'). */
  number: string | null;
  title: string;
  /** Listed with a page number (or leaders), not as a bare clause line. */
  paged: boolean;
  /** Number and title, lower-cased, spaces collapsed: how a heading in the body is matched to it. */
  key: string;
}

// A page number: "12", a chapter's or an annex's page ("3-12", "A-3"), or after leaders a front-matter page in lower-case
// roman numerals ("iv").
const PAGE = String.raw`(?:\d{1,4}|(?:[A-Z]|\d{1,3})[-–]\d{1,4})`;
const PAGE_OR_ROMAN = String.raw`(?:${PAGE}|[ivxlc]{1,6})`;
// "...... 12", ". . . . iv" and "Title    12" (a numbered entry, a gap, a page number).
const LEADERS_AND_PAGE = new RegExp(String.raw`(?:\.\s?){4,}\s*${PAGE_OR_ROMAN}$`);
const NUMBERED_GAP_PAGE = new RegExp(String.raw`^(?:\d{1,2}(?:\.\d{1,2})*\.?|Annex [A-Z]|Appendix [A-Z]|[A-Z](?:\.\d{1,2})+)\s+\p{L}.*\S\s{2,}${PAGE}$`, 'u');
const PAGE_TAIL = new RegExp(String.raw`\s*(?:(?:\.\s?){2,})?\s*${PAGE}$|\s*(?:\.\s?){2,}\s*[ivxlc]{1,6}$`);

/** A line listed in a table of contents: a page number after leaders or a gap. */
export const isPagedEntry = (t: string): boolean => LEADERS_AND_PAGE.test(t) || NUMBERED_GAP_PAGE.test(t);

/** The key a heading line ('2.1.  Header') or an entry's text is matched by: '2.1 header'. */
export function headingKey(number: string | null, title: string): string {
  const n = number ? `${number.replace(/\.$/, '')} ` : '';
  return `${n}${title}`.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The entry a line of a table of contents is, or null. */
export function tocEntry(t: string): TocEntry | null {
  if (!t || t.startsWith('\u0000')) return null;
  const paged = isPagedEntry(t);
  const text = paged ? t.replace(PAGE_TAIL, '').trim() : t;
  if (!text) return null;
  const num = numberedCandidate(text);
  if (!paged && !(num && looksLikeTitle(t))) return null;
  const title = (num ? num.heading : text).replace(/\s+/g, ' ');
  const number = num ? num.number : null;
  return { number, title, paged, key: headingKey(number, title) };
}

/** Whether a line reads as a sentence of prose (six words or more, closed by a full stop or a colon): never a contents line. */
const isProse = (t: string) => /[\p{Ll})\]]\s?[.:]$/u.test(t) && t.split(/\s+/).length >= 6 && !isPagedEntry(t);

/** How many non-blank lines of another kind may sit between two entries (a wrapped title, a page footer and header). */
const MAX_GAP_LINES = 3;

/**
 * The entries of the table of contents that starts at line `from` (the line after its heading, or
 * its first entry) and the end offset of its last entry (-1 when no entry follows).
 */
export function tocBlock(lines: Line[], from: number): { end: number; entries: TocEntry[] } {
  const entries: TocEntry[] = [];
  const ends: number[] = [];
  const keys = new Set<string>();
  // Once an entry with a page number is listed, the list is a paged one: a clause line without a
  // page number stays in it only between paged entries (an entry whose page was lost, a chapter line).
  let paged = false;
  // The next non-blank lines within the gap allowed: whether an entry not yet listed (of the list's
  // kind when `pagedOnly`) comes before a line that repeats one.
  const entryFollows = (i: number, pagedOnly: boolean) => {
    let seen = 0;
    for (let j = i + 1; j < lines.length && seen < MAX_GAP_LINES; j++) {
      if (!lines[j].t) continue;
      seen++;
      const e = tocEntry(lines[j].t);
      if (e && keys.has(e.key)) return false;
      if (e && (!pagedOnly || e.paged)) return true;
    }
    return false;
  };
  for (let i = from; i < lines.length; i++) {
    const l = lines[i];
    if (!l.t) continue;
    const e = tocEntry(l.t);
    if (e && keys.has(e.key)) break; // the body's first heading repeats an entry
    if (e && (e.paged || !paged || entryFollows(i, true))) {
      paged ||= e.paged;
      entries.push(e);
      ends.push(l.end);
      keys.add(e.key);
      continue;
    }
    if (!e && !isProse(l.t) && entryFollows(i, paged)) continue; // a sentence is no wrapped title
    break;
  }
  // A paged list ends at its last paged entry: clause lines after it are the body's headings.
  if (paged) {
    let last = entries.length - 1;
    while (!entries[last].paged) last--;
    return { end: ends[last], entries: entries.slice(0, last + 1) };
  }
  // One clause line without a page number is a heading, not a list.
  if (entries.length < 2) return { end: -1, entries: [] };
  return { end: ends[ends.length - 1], entries };
}

/** The start of the first line of prose from line `from` up to offset `before`, or -1: text a contents list cannot hold. */
export function firstProseAt(lines: Line[], from: number, before: number): number {
  for (let i = from; i < lines.length && lines[i].start < before; i++) if (lines[i].t && isProse(lines[i].t)) return lines[i].start + lines[i].indent;
  return -1;
}

/** How many of `keys` some line after line `after` repeats (as a heading line would: number and title). */
function repeatedAfter(lines: Line[], after: number, keys: Set<string>): number {
  const seen = new Set<string>();
  for (let i = after + 1; i < lines.length && seen.size < keys.size; i++) {
    const t = lines[i].t;
    if (!t || t.length > MAX_TITLE_LINE || t.startsWith('\u0000')) continue;
    const num = numberedCandidate(t);
    const key = num ? headingKey(num.number, num.heading) : headingKey(null, t);
    if (keys.has(key)) seen.add(key);
  }
  return seen.size;
}

/** The longest line read as a heading that repeats an entry. */
const MAX_TITLE_LINE = 120;

/**
 * Runs of three or more table-of-contents lines (dot leaders, a trailing page number) without a
 * heading. A run without leaders ("2  Widget-Accept      8") may as well be a table of numbered
 * rows in the body: it is a contents list only when the text repeats at least half of its entries
 * afterwards, as the body's headings.
 */
export function tocRuns(lines: Line[]): Region[] {
  const out: Region[] = [];
  let runStart = -1;
  let runEnd = -1;
  let last = -1;
  let leaders = false;
  const keys = new Set<string>();
  const flush = () => {
    const n = keys.size;
    if (n >= 3 && (leaders || repeatedAfter(lines, last, keys) * 2 >= n)) out.push({ kind: 'toc', start: runStart, end: runEnd });
    keys.clear();
    leaders = false;
    runStart = -1;
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (!l.t) continue;
    const entry = isPagedEntry(l.t) ? tocEntry(l.t) : null;
    if (entry) {
      if (runStart < 0) runStart = l.start + l.indent;
      runEnd = l.end;
      last = i;
      leaders ||= LEADERS_AND_PAGE.test(l.t);
      keys.add(entry.key);
    } else flush();
  }
  flush();
  return out;
}
