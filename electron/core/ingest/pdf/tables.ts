// Tables rebuilt from text positions, ruled or not: consecutive lines of one column that leave the
// same vertical channels empty (the gaps between table columns) are a table; each line is a row and
// each channel a column boundary. A line whose first cell is empty continues the row above (a cell
// wrapped onto a second line). Prose never keeps a channel open over three lines (its word gaps do
// not line up), nor does monospace code count (its spaces are text). A two-column block without a
// caption or a header row set apart by its font (a cover's header block, a definition list) is not
// taken for a table.
import type { Line, Run } from './types';

export interface TableRegion {
  /** Index of the first and last line of the table in the page's lines (caption excluded). */
  from: number;
  to: number;
  /** Index of the caption line(s), when one stands right above or below. */
  caption?: { from: number; to: number; text: string };
  /** Column boundaries: the middle of each channel. */
  bounds: number[];
  /** Rows: the line indices each is made of, and its cells. */
  rows: { lines: number[]; cells: string[] }[];
}

const CAPTION = /^(?:Table|TABLE|Tab\.)\s*[\dA-Z]+(?:[.-]\d+)*\s*(?:[:.–—-]|$)/;

/** Run text joined with spaces where the runs are apart (sub- and superscripts join without one). */
export function joinRuns(runs: Run[]): string {
  let s = '';
  let end: number | null = null;
  let prev: Run | null = null;
  for (const r of runs) {
    if (s && end !== null && prev) {
      const gap = r.x - end;
      const em = Math.min(r.size, prev.size);
      if (gap > em * 0.12 && !/\s$/.test(s)) s += ' ';
    }
    s += r.str;
    end = Math.max(end ?? -Infinity, r.x + r.w);
    prev = r;
  }
  return s;
}

/** Free x-intervals of a line inside [lo, hi]: between its runs. */
function freeOf(line: Line, lo: number, hi: number): [number, number][] {
  const out: [number, number][] = [];
  let at = lo;
  for (const r of line.runs) {
    if (r.x > at) out.push([at, Math.min(r.x, hi)]);
    at = Math.max(at, r.x + r.w);
  }
  if (hi > at) out.push([at, hi]);
  return out.filter(([a, b]) => b > a);
}

function intersect(a: [number, number][], b: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const lo = Math.max(a[i][0], b[j][0]);
    const hi = Math.min(a[i][1], b[j][1]);
    if (hi > lo) out.push([lo, hi]);
    if (a[i][1] < b[j][1]) i++;
    else j++;
  }
  return out;
}

/** Channels: the inner free intervals (not the margins) at least `min` wide. */
function channels(free: [number, number][], lo: number, hi: number, min: number): [number, number][] {
  return free.filter(([a, b]) => a > lo + 0.5 && b < hi - 0.5 && b - a >= min);
}

/** Cells of a line between the given bounds. */
function cellsOf(line: Line, bounds: number[]): string[] {
  const cols: Run[][] = bounds.map(() => []);
  cols.push([]);
  for (const r of line.runs) {
    const mid = r.x + r.w / 2;
    let k = 0;
    while (k < bounds.length && mid > bounds[k]) k++;
    cols[k].push(r);
  }
  return cols.map((runs) => joinRuns(runs).trim());
}

const isLeaderLine = (line: Line) => line.runs.some((r) => /(?:\.\s?){4,}/.test(r.str));

/** The tables among a page's lines (in reading order). */
export function findTables(lines: Line[]): TableRegion[] {
  const out: TableRegion[] = [];
  let i = 0;
  while (i < lines.length) {
    const region = growFrom(lines, i);
    if (region) {
      out.push(region);
      i = region.to + 1;
    } else i++;
  }
  return out;
}

/** The longest table starting at line i, or null. */
function growFrom(lines: Line[], i: number): TableRegion | null {
  const first = lines[i];
  if (first.mono || isLeaderLine(first) || first.runs.length < 2) return null;
  let lo = first.x0;
  let hi = first.x1;
  const em = first.size;
  const min = Math.max(2.5, em * 0.3);
  let free = freeOf(first, lo, hi);
  if (!channels(free, lo, hi, min).length) return null;
  let j = i;
  let best: { to: number; ch: [number, number][]; lo: number; hi: number } | null = null;
  while (j + 1 < lines.length) {
    const next = lines[j + 1];
    const prev = lines[j];
    if (next.page !== first.page || next.column !== first.column || next.mono || isLeaderLine(next)) break;
    if (prev.y - next.y > Math.max(prev.size, next.size) * 3.2 || prev.y <= next.y) break;
    if (Math.abs(next.size - em) > em * 0.25) break;
    const nlo = Math.min(lo, next.x0);
    const nhi = Math.max(hi, next.x1);
    // the new line's free space, and what the lines so far leave free beyond their old extent
    const nfree = intersect(free.concat(nlo < lo ? [[nlo, lo]] : [], nhi > hi ? [[hi, nhi]] : []).sort((a, b) => a[0] - b[0]), freeOf(next, nlo, nhi));
    const ch = channels(nfree, nlo, nhi, min);
    if (!ch.length) break;
    free = nfree;
    lo = nlo;
    hi = nhi;
    j++;
    if (j - i + 1 >= 3) best = { to: j, ch, lo, hi };
  }
  if (!best) return null;
  const bounds = best.ch.map(([a, b]) => (a + b) / 2);
  const rows: TableRegion['rows'] = [];
  for (let k = i; k <= best.to; k++) {
    const cells = cellsOf(lines[k], bounds);
    if (!cells[0] && rows.length && cells.some(Boolean)) {
      const last = rows[rows.length - 1];
      last.lines.push(k);
      last.cells = last.cells.map((c, n) => (cells[n] ? `${c} ${cells[n]}`.trim() : c));
    } else rows.push({ lines: [k], cells });
  }
  // most rows fill two cells or more
  const filled = rows.filter((r) => r.cells.filter(Boolean).length >= 2).length;
  if (rows.length < 3 || filled < rows.length * 0.6) return null;
  // drop columns empty in every row (a channel inside a wide cell of every row is no column)
  const used = bounds.map((_, k) => k).concat(bounds.length);
  const keep = used.filter((k) => rows.some((r) => r.cells[k]));
  if (keep.length < 2) return null;
  for (const r of rows) r.cells = keep.map((k) => r.cells[k]);
  const caption = captionNear(lines, i, best.to);
  const headerFont = lines[rows[0].lines[0]].font;
  const bodyFonts = new Set(rows.slice(1).flatMap((r) => r.lines.map((l) => lines[l].font)));
  const setApart = !bodyFonts.has(headerFont);
  if (keep.length < 3 && !caption && !setApart) return null;
  return { from: i, to: best.to, caption, bounds, rows };
}

/** A "Table N" line (and the line after it when it continues the caption) right above or below the table. */
function captionNear(lines: Line[], from: number, to: number): TableRegion['caption'] {
  const near = (a: Line, b: Line) => a.page === b.page && Math.abs(a.y - b.y) < Math.max(a.size, b.size) * 4;
  const above = lines[from - 1];
  if (above && near(above, lines[from])) {
    const t = joinRuns(above.runs).trim();
    if (CAPTION.test(t)) return { from: from - 1, to: from - 1, text: t };
    const above2 = lines[from - 2];
    if (above2 && near(above2, above)) {
      const t2 = joinRuns(above2.runs).trim();
      if (CAPTION.test(t2)) return { from: from - 2, to: from - 1, text: `${t2} ${t}` };
    }
  }
  const below = lines[to + 1];
  if (below && near(lines[to], below)) {
    const t = joinRuns(below.runs).trim();
    if (CAPTION.test(t)) return { from: to + 1, to: to + 1, text: t };
  }
  return undefined;
}
