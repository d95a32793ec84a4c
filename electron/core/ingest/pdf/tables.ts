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
  /** A caption printed at the end of the column or page before the table (the table moved on). */
  carriedCaption?: string;
  /** Goes on with the table before it (broken over a column or page): `rows` has no header. */
  continues?: boolean;
  /** Line indices of a header printed again on the continuation (left out of the text). */
  repeatedHeader?: number[];
}

/** What a table broken at a column or page end hands on to where it continues. */
export interface OpenTable {
  bounds: number[];
  left: number;
  right: number;
  size: number;
  header: string[];
}

export const openTable = (lines: Line[], t: TableRegion): OpenTable => {
  const ls = t.rows.flatMap((r) => r.lines.map((k) => lines[k]));
  return {
    bounds: t.bounds,
    left: Math.min(...ls.map((l) => l.x0)),
    right: Math.max(...ls.map((l) => l.x1)),
    size: ls[0].size,
    header: t.continues ? [] : t.rows[0].cells,
  };
};

export const CAPTION = /^(?:Table|TABLE|Tab\.)\s*[\dA-Z]+(?:[.-]\d+)*\s*(?:[:.–—-]|$)/;

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

/**
 * The tables among a page's lines (in reading order). `carried`: a table the previous page ended
 * with, which may go on at the top of this one. Returns the tables and the one left open at the end.
 */
export function findTables(lines: Line[], carried: OpenTable | null = null): { tables: TableRegion[]; open: OpenTable | null } {
  const out: TableRegion[] = [];
  let i = 0;
  let open = carried;
  while (i < lines.length) {
    const region = (open && continuation(lines, i, open)) || growFrom(lines, i);
    open = null;
    if (region && isContents(lines, region)) {
      // a table of contents set as aligned columns: its lines stay lines
      i = region.to + 1;
      continue;
    }
    if (region) {
      out.push(region);
      i = region.to + 1;
      // a table that ends its column may go on at the top of the next column or page
      if (i >= lines.length || lines[i].column !== lines[region.to].column) open = mergedOpen(lines, out);
    } else i++;
  }
  return { tables: out, open };
}

/** Names a table of contents goes by (the generic heading of the front matter). */
const CONTENTS = /^(?:table of )?contents$|^inhalt(?:sverzeichnis)?$|^sommaire$|^table des mati[eè]res$|^[íi]ndice$|^目次$|^目录$/i;

/** A table of contents laid out in columns: under a contents heading, its last column page numbers that never go down. */
function isContents(lines: Line[], t: TableRegion): boolean {
  const above = lines[t.from - 1];
  if (!above || !CONTENTS.test(joinRuns(above.runs).trim().replace(/[:.]$/, ''))) return false;
  const last = t.rows.map((r) => r.cells[r.cells.length - 1]);
  return last.every((c, k) => /^\d{1,4}$/.test(c) && (k === 0 || Number(c) >= Number(last[k - 1])));
}

/** The open table after a region: its bounds, and the header of the table it belongs to. */
function mergedOpen(lines: Line[], found: TableRegion[]): OpenTable {
  const last = found[found.length - 1];
  const o = openTable(lines, last);
  if (last.continues) {
    const head = [...found].reverse().find((t) => !t.continues);
    if (head) o.header = head.rows[0].cells;
  }
  return o;
}

/** Lines at `i` that go on with an open table: every run within one of its columns, at its size. */
function continuation(lines: Line[], i: number, open: OpenTable): TableRegion | null {
  const fits = (l: Line) =>
    !l.mono &&
    Math.abs(l.size - open.size) <= open.size * 0.25 &&
    l.x0 >= open.left - open.size &&
    l.x1 <= open.right + open.size &&
    l.runs.every((r) => !open.bounds.some((b) => r.x < b - 0.5 && r.x + r.w > b + 0.5));
  let to = i - 1;
  while (to + 1 < lines.length && fits(lines[to + 1]) && (to < i || (lines[to].y > lines[to + 1].y && lines[to].y - lines[to + 1].y < open.size * 3.2))) to++;
  if (to < i) return null;
  const rows: TableRegion['rows'] = [];
  const repeatedHeader: number[] = [];
  for (let k = i; k <= to; k++) {
    const cells = cellsOf(lines[k], open.bounds);
    if (k === i && open.header.length && cells.join('\u0000') === open.header.join('\u0000')) {
      repeatedHeader.push(k);
      continue;
    }
    if (!cells[0] && rows.length && cells.some(Boolean)) {
      const last = rows[rows.length - 1];
      last.lines.push(k);
      last.cells = last.cells.map((c, n) => (cells[n] ? `${c} ${cells[n]}`.trim() : c));
    } else rows.push({ lines: [k], cells });
  }
  if (!rows.length || rows.some((r) => r.cells.length !== open.bounds.length + 1)) return null;
  // one row alone and no repeated header: too little to say it is the table going on
  if (rows.length < 2 && !repeatedHeader.length) return null;
  return { from: i, to, bounds: open.bounds, rows, continues: true, ...(repeatedHeader.length ? { repeatedHeader } : {}) };
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
    if (CAPTION.test(joinRuns(next.runs).trim())) break;
    if (prev.y - next.y > Math.max(prev.size, next.size) * 3.2 || prev.y <= next.y) break;
    if (Math.abs(next.size - em) > em * 0.25) break;
    const nlo = Math.min(lo, next.x0);
    const nhi = Math.max(hi, next.x1);
    // the new line's free space, and what the lines so far leave free beyond their old extent
    const nfree = intersect(
      free.concat(nlo < lo ? [[nlo, lo]] : [], nhi > hi ? [[hi, nhi]] : []).sort((a, b) => a[0] - b[0]),
      freeOf(next, nlo, nhi),
    );
    const ch = channels(nfree, nlo, nhi, min);
    if (!ch.length) break;
    // once a table stands (three lines), a line that closes one of its channels is past its end
    if (best && ch.length < best.ch.length) break;
    free = nfree;
    lo = nlo;
    hi = nhi;
    j++;
    if (j - i + 1 >= 3) best = { to: j, ch, lo, hi };
  }
  if (!best) return null;
  // a boundary where the next column starts (a wrapped header cell may run further right than its column)
  const bounds = best.ch.map(([, b]) => b - 0.5);
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
  const kept = keep.slice(1).map((k) => bounds[k - 1]);
  // header lines above: a header cell wrapped onto lines of its own, the other columns empty there
  let top = i;
  while (top > 0) {
    const above = lines[top - 1];
    const below = lines[top];
    if (above.page !== below.page || above.column !== below.column || above.mono || above.y - below.y > Math.max(above.size, below.size) * 1.6) break;
    if (Math.abs(above.size - em) > em * 0.25 || above.x0 < lo - em || above.x1 > hi + em) break;
    if (above.runs.some((r) => kept.some((b) => r.x < b - 0.5 && r.x + r.w > b + 0.5))) break;
    const text = joinRuns(above.runs).trim();
    if (CAPTION.test(text) || isLeaderLine(above)) break;
    const cells = cellsOf(above, kept);
    rows[0].cells = rows[0].cells.map((c, n) => (cells[n] ? `${cells[n]} ${c}`.trim() : c));
    rows[0].lines.unshift(top - 1);
    top--;
  }
  if (!aligned(lines, rows, kept)) return null;
  const caption = captionNear(lines, top, best.to);
  const headerFont = lines[rows[0].lines[0]].font;
  const bodyFonts = new Set(rows.slice(1).flatMap((r) => r.lines.map((l) => lines[l].font)));
  const setApart = !bodyFonts.has(headerFont);
  if (keep.length < 3 && !caption && !setApart) return null;
  return { from: top, to: best.to, caption, bounds: kept, rows };
}

/**
 * Are the table's columns columns? In each, most cells line up on a left edge, a right edge or a
 * centre (within two points): justified prose that leaves a channel open by chance does not.
 */
function aligned(lines: Line[], rows: TableRegion['rows'], bounds: number[]): boolean {
  const ext: { x0: number; x1: number }[][] = bounds.map(() => []);
  ext.push([]);
  for (const row of rows)
    for (const k of row.lines) {
      const cols: { x0: number; x1: number }[] = [];
      for (const r of lines[k].runs) {
        let c = 0;
        while (c < bounds.length && r.x + r.w / 2 > bounds[c]) c++;
        const e = cols[c];
        if (e) e.x1 = Math.max(e.x1, r.x + r.w);
        else cols[c] = { x0: r.x, x1: r.x + r.w };
      }
      cols.forEach((e, c) => e && ext[c].push(e));
    }
  const share = (xs: number[]) => {
    let best = 0;
    for (const x of xs) best = Math.max(best, xs.filter((y) => Math.abs(y - x) <= 2).length);
    return best / xs.length;
  };
  return ext.every(
    (cells) => cells.length < 2 || Math.max(share(cells.map((e) => e.x0)), share(cells.map((e) => e.x1)), share(cells.map((e) => (e.x0 + e.x1) / 2))) >= 0.6,
  );
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
    // a caption over the next table (a line of two runs or more right below it) is that table's
    const after = lines[to + 2];
    const heads = after && near(below, after) && after.runs.length >= 2;
    if (CAPTION.test(t) && !heads) return { from: to + 1, to: to + 1, text: t };
  }
  return undefined;
}
