// From pdfjs text items to lines in reading order. Items on one baseline make a row (a superscript
// joins the row it sits on); a page set in columns has a gutter, an x-range that nearly every row
// leaves empty with prose on both sides: rows that cross it (a title, a wide float) span the page,
// and between two spanning rows the left column is read before the right one.
import type { Line, Run } from './types';

export interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
  fontName?: string;
}

const WIDE_CAPTION = /^(?:Table|TABLE|Tab\.)\s*[\dA-Z]+(?:[.-]\d+)*\s*(?:[:.–—-]|$)/;

export interface Row {
  y: number;
  size: number;
  runs: Run[];
}

/** The runs of a page: non-empty horizontal items (rotated text, such as a margin stamp, is left out). */
export function runsOf(items: TextItemLike[], monoFonts: Set<string>): Run[] {
  const out: Run[] = [];
  for (const it of items) {
    if (!it.str || !it.str.trim()) continue;
    const [a, b, c, d, e, f] = it.transform;
    if (Math.abs(b) > 1e-3 || Math.abs(c) > 1e-3 || a <= 0 || d <= 0) continue;
    const size = it.height || d;
    if (!(size > 0.5)) continue;
    let str = it.str;
    let x = e;
    let w = it.width;
    // leading and trailing spaces carry no position of their own: trim them off the extent
    const lead = str.length - str.trimStart().length;
    if (lead || /\s$/.test(str)) {
      const per = str.length ? w / str.length : 0;
      const trimmed = str.trim();
      x += per * lead;
      w = per * trimmed.length;
      str = trimmed;
    }
    const font = it.fontName ?? '';
    out.push({ str, x, y: f, w, size, font, mono: monoFonts.has(font) });
  }
  return out;
}

/**
 * Fonts whose letters all have one advance (monospace: code, MIB modules, ASCII figures), by the
 * widths of their runs: the width per character of every run with three letters or more is the same
 * within 3 % (a proportional font's varies with the letters). Some PDFs say so in the font's
 * flags (pdf.js then names the family 'monospace'); many embedded fonts do not.
 */
export function monospaceFonts(runs: Iterable<Run>): Set<string> {
  const stats = new Map<string, { n: number; min: number; max: number }>();
  for (const r of runs) {
    if (r.str.length < 3 || (r.str.match(/\p{L}/gu)?.length ?? 0) < 3) continue;
    const per = r.w / (r.str.length * r.size);
    const st = stats.get(r.font);
    if (st) {
      st.n++;
      st.min = Math.min(st.min, per);
      st.max = Math.max(st.max, per);
    } else stats.set(r.font, { n: 1, min: per, max: per });
  }
  const out = new Set<string>();
  for (const [font, st] of stats) if (st.n >= 4 && st.max - st.min <= ((st.max + st.min) / 2) * 0.03) out.add(font);
  return out;
}

/** Runs grouped by baseline, top of the page first, each row's runs left to right. */
export function rowsOf(runs: Run[]): Row[] {
  const sorted = [...runs].sort((p, q) => q.y - p.y || p.x - q.x);
  const rows: Row[] = [];
  let cur: Row | null = null;
  for (const r of sorted) {
    // a baseline within half a line of the row's (a sub- or superscript sits within it)
    if (cur && cur.y - r.y <= 0.5 * Math.max(cur.size, r.size)) {
      cur.runs.push(r);
      if (r.size > cur.size) {
        cur.size = r.size;
        cur.y = r.y;
      }
      continue;
    }
    cur = { y: r.y, size: r.size, runs: [r] };
    rows.push(cur);
  }
  for (const row of rows) {
    row.runs.sort((p, q) => p.x - q.x);
    // the row's baseline is that of its larger text (a superscript opened the row)
    let best = row.runs[0];
    for (const r of row.runs) if (r.size > best.size || (r.size === best.size && r.str.length > best.str.length)) best = r;
    row.y = best.y;
    row.size = best.size;
  }
  return rows;
}

const median = (xs: number[]) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

interface Gutter {
  from: number;
  to: number;
}

/**
 * The gutter between two columns of a page, or null: an x-range at least half an em wide in the
 * middle of the text, crossed by at most a third of the rows, with prose (lines filling most of
 * their side) on both sides. A table's column gaps fail the prose test; a page of one column has
 * no x-range most rows leave empty.
 */
export function findGutter(rows: Row[]): Gutter | null {
  if (rows.length < 6) return null;
  let minX = Infinity;
  let maxX = -Infinity;
  const sizes: number[] = [];
  for (const row of rows) {
    for (const r of row.runs) {
      minX = Math.min(minX, r.x);
      maxX = Math.max(maxX, r.x + r.w);
    }
    sizes.push(row.size);
  }
  const width = Math.ceil(maxX - minX);
  if (!(width > 50)) return null;
  const em = median(sizes);
  const covered = new Int32Array(width + 1);
  for (const row of rows) {
    const marks = new Uint8Array(width + 1);
    for (const r of row.runs) {
      const a = Math.max(0, Math.floor(r.x - minX));
      const b = Math.min(width, Math.ceil(r.x + r.w - minX));
      for (let k = a; k < b; k++) marks[k] = 1;
    }
    for (let k = 0; k <= width; k++) covered[k] += marks[k];
  }
  const limit = Math.floor(rows.length / 3);
  let best: (Gutter & { crossing: number }) | null = null;
  const lo = Math.floor(width * 0.2);
  const hi = Math.ceil(width * 0.8);
  for (let k = lo; k <= hi; k++) {
    if (covered[k] > limit) continue;
    let end = k;
    let most = covered[k];
    while (end + 1 <= hi && covered[end + 1] <= limit) {
      end++;
      most = Math.max(most, covered[end]);
    }
    if (end - k + 1 >= Math.max(4, em * 0.5)) {
      // the narrowest crossing part of the run: where the fewest rows cross
      let at = k;
      for (let j = k; j <= end; j++) if (covered[j] < covered[at]) at = j;
      let from = at;
      let to = at;
      while (from > k && covered[from - 1] === covered[at]) from--;
      while (to < end && covered[to + 1] === covered[at]) to++;
      const cand = { from: minX + from, to: minX + to + 1, crossing: covered[at] };
      if (!best || cand.crossing < best.crossing || (cand.crossing === best.crossing && cand.to - cand.from > best.to - best.from)) best = cand;
    }
    k = end;
  }
  if (!best) return null;
  const g = best;
  // prose on both sides: each side's parts fill most of its width on most rows
  const left: number[] = [];
  const right: number[] = [];
  for (const row of rows) {
    let l0 = Infinity;
    let l1 = -Infinity;
    let r0 = Infinity;
    let r1 = -Infinity;
    let crosses = false;
    for (const r of row.runs) {
      if (r.x + r.w <= g.from + 1) {
        l0 = Math.min(l0, r.x);
        l1 = Math.max(l1, r.x + r.w);
      } else if (r.x >= g.to - 1) {
        r0 = Math.min(r0, r.x);
        r1 = Math.max(r1, r.x + r.w);
      } else crosses = true;
    }
    if (crosses) continue;
    if (l1 > l0) left.push(l1 - l0);
    if (r1 > r0) right.push(r1 - r0);
  }
  const n = rows.length;
  if (left.length < n * 0.2 || right.length < n * 0.2) return null;
  // prose fills its column: a good share of each side's lines run (nearly) from edge to edge,
  // which a table's cells seldom do (tables and headings may sit in the columns as well)
  const full = (widths: number[], side: number) => widths.filter((w) => w >= side * 0.8).length;
  if (full(left, g.from - minX) < Math.max(3, left.length * 0.1) || full(right, maxX - g.to) < Math.max(3, right.length * 0.1)) return null;
  return { from: g.from, to: g.to };
}

/** A row made a line (all its runs, or those of one column). */
function lineOf(page: number, runs: Run[], column: number, left: number, right: number): Line {
  const chars = new Map<string, number>();
  let size = 0;
  let sizeChars = 0;
  const sizes = new Map<number, number>();
  for (const r of runs) {
    const key = `${r.font}\u0000${Math.round(r.size * 2) / 2}`;
    chars.set(key, (chars.get(key) ?? 0) + r.str.length);
    const s = Math.round(r.size * 2) / 2;
    sizes.set(s, (sizes.get(s) ?? 0) + r.str.length);
  }
  for (const [s, n] of sizes) if (n > sizeChars) [size, sizeChars] = [s, n];
  let font = '';
  let fontChars = 0;
  for (const [key, n] of chars) if (n > fontChars) [font, fontChars] = [key.split('\u0000')[0], n];
  const main = runs.find((r) => Math.round(r.size * 2) / 2 === size) ?? runs[0];
  return {
    page,
    runs,
    x0: runs[0].x,
    x1: Math.max(...runs.map((r) => r.x + r.w)),
    y: main.y,
    size,
    font,
    mono: runs.every((r) => r.mono),
    column,
    left,
    right,
  };
}

/**
 * The lines of a page in reading order. With a gutter, the rows that cross it span the page; the
 * other runs are grouped into rows again column by column (a row of the page can mix lines of two
 * columns set at different heights), and between two spanning rows the left column is read first.
 */
/**
 * The gutter most pages of a document share (set in columns, its pages' gutters agree within three
 * points), or null: a page whose columns hold little prose (code, a table beside prose) is read with
 * it when its rows leave it open.
 */
export function commonGutter(gutters: (Gutter | null)[]): Gutter | null {
  const found = gutters.filter((g): g is Gutter => g !== null);
  if (found.length < 2) return null;
  let best: Gutter | null = null;
  let n = 0;
  for (const g of found) {
    const k = found.filter((h) => Math.abs(h.from - g.from) <= 3 && Math.abs(h.to - g.to) <= 3).length;
    if (k > n) [best, n] = [g, k];
  }
  return n * 2 >= found.length ? best : null;
}

/** Does a page leave a gutter open: crossed by at most a third of its rows, with text on both sides? */
function gutterFits(rows: Row[], g: Gutter): boolean {
  let crossing = 0;
  let left = 0;
  let right = 0;
  for (const row of rows) {
    if (row.runs.some((r) => r.x + r.w > g.from + 1 && r.x < g.to - 1)) crossing++;
    if (row.runs.some((r) => r.x + r.w <= g.from + 1)) left++;
    if (row.runs.some((r) => r.x >= g.to - 1)) right++;
  }
  return crossing * 3 <= rows.length && left >= rows.length * 0.2 && right >= rows.length * 0.2;
}

export function linesOf(page: number, rows: Row[], shared: Gutter | null = null, own: Gutter | null | undefined = undefined): Line[] {
  if (!rows.length) return [];
  let minX = Infinity;
  let maxX = -Infinity;
  for (const row of rows)
    for (const r of row.runs) {
      minX = Math.min(minX, r.x);
      maxX = Math.max(maxX, r.x + r.w);
    }
  const found = own === undefined ? findGutter(rows) : own;
  const gutter = found ?? (shared && gutterFits(rows, shared) ? shared : null);
  if (!gutter) return rows.map((row) => lineOf(page, row.runs, 0, minX, maxX));
  const spanning: Row[] = [];
  const left: Run[] = [];
  const right: Run[] = [];
  // a caption across the gutter heads a float as wide as the page (a table*): the rows right below
  // it with text on both sides are its rows, not two columns
  let wide: Row | null = null;
  for (const row of rows) {
    const crosses = row.runs.some((r) => r.x + r.w > gutter.from + 1 && r.x < gutter.to - 1);
    const both = row.runs.some((r) => r.x + r.w <= gutter.from + 1) && row.runs.some((r) => r.x >= gutter.to - 1);
    if (wide && !(wide.y - row.y <= Math.max(wide.size, row.size) * 2.5 && (crosses || both))) wide = null;
    if (crosses || wide) {
      spanning.push(row);
      if (
        crosses &&
        WIDE_CAPTION.test(
          row.runs
            .map((r) => r.str)
            .join(' ')
            .trim(),
        )
      )
        wide = row;
      else if (wide) wide = row;
      continue;
    }
    for (const r of row.runs) (r.x + r.w <= gutter.from + 1 ? left : right).push(r);
  }
  const leftLines = rowsOf(left).map((row) => lineOf(page, row.runs, 1, minX, gutter.from));
  const rightLines = rowsOf(right).map((row) => lineOf(page, row.runs, 2, gutter.to, maxX));
  const out: Line[] = [];
  let li = 0;
  let ri = 0;
  // each spanning row closes the band above it
  for (const row of [...spanning, null]) {
    const y = row ? row.y : -Infinity;
    while (li < leftLines.length && leftLines[li].y > y) out.push(leftLines[li++]);
    while (ri < rightLines.length && rightLines[ri].y > y) out.push(rightLines[ri++]);
    if (row) out.push(lineOf(page, row.runs, 0, minX, maxX));
  }
  return out;
}
