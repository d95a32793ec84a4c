// A table of contents: where its entries run and what they list. An entry is a line with a page
// number (after dot leaders or a gap: "2.1 Header ....... 4") or, in a contents list printed without
// page numbers, a numbered clause line. The list ends where its entries stop (a line of another kind
// that no entry follows within a few lines: a wrapped title or a page break between entries is
// passed over) or where a line repeats an entry already listed: the body's first heading. The body
// is never part of it, however its headings are set.
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

// "...... 12", ". . . . 12" and "Title    12" (a numbered entry, a gap, a page number).
const LEADERS_AND_PAGE = /(?:\.\s?){4,}\s*\d{1,4}$/;
const NUMBERED_GAP_PAGE = /^(?:\d{1,2}(?:\.\d{1,2})*\.?|Annex [A-Z]|Appendix [A-Z]|[A-Z](?:\.\d{1,2})+)\s+\p{L}.*\S\s{2,}\d{1,4}$/u;
const PAGE_TAIL = /\s*(?:(?:\.\s?){2,})?\s*\d{1,4}$/;

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

/** How many non-blank lines of another kind may sit between two entries (a wrapped title, a page footer and header). */
const MAX_GAP_LINES = 3;

/**
 * The entries of the table of contents that starts at line `from` (the line after its heading, or
 * its first entry) and the end offset of its last entry (-1 when no entry follows).
 */
export function tocBlock(lines: Line[], from: number): { end: number; entries: TocEntry[] } {
  const entries: TocEntry[] = [];
  const keys = new Set<string>();
  let paged: boolean | null = null;
  let end = -1;
  // Whether an entry of this list (its kind, not yet listed) follows line i within the gap allowed.
  const entryFollows = (i: number) => {
    let seen = 0;
    for (let j = i + 1; j < lines.length && seen < MAX_GAP_LINES; j++) {
      if (!lines[j].t) continue;
      seen++;
      const e = tocEntry(lines[j].t);
      if (e && !keys.has(e.key) && (paged === null || e.paged === paged)) return true;
      if (e && keys.has(e.key)) return false;
    }
    return false;
  };
  for (let i = from; i < lines.length; i++) {
    const l = lines[i];
    if (!l.t) continue;
    const e = tocEntry(l.t);
    if (e && keys.has(e.key)) break; // the body's first heading repeats an entry
    if (e && (paged === null || e.paged === paged)) {
      paged ??= e.paged;
      entries.push(e);
      keys.add(e.key);
      end = l.end;
      continue;
    }
    if (entryFollows(i)) continue;
    break;
  }
  // One clause line without a page number is a heading, not a list.
  if (paged === false && entries.length < 2) return { end: -1, entries: [] };
  return { end, entries };
}

/** Runs of three or more table-of-contents lines (dot leaders, a trailing page number) without a heading. */
export function tocRuns(lines: Line[]): Region[] {
  const out: Region[] = [];
  let runStart = -1;
  let runEnd = -1;
  let n = 0;
  const flush = () => {
    if (n >= 3) out.push({ kind: 'toc', start: runStart, end: runEnd });
    n = 0;
    runStart = -1;
  };
  for (const l of lines) {
    if (!l.t) continue;
    if (isPagedEntry(l.t)) {
      if (runStart < 0) runStart = l.start + l.indent;
      runEnd = l.end;
      n++;
    } else flush();
  }
  flush();
  return out;
}
