// The document text from the lines of its pages, with every span known: headings on lines of their
// own, tables as one line per row ("| cell | cell |"), code line by line, and paragraphs joined from
// their lines (a word broken at a line end joined back, a paragraph running over a column or page
// break joined too). Each line's part of the text keeps its box on the page, for the page view.
import { joinHyphenated } from '../repair/reflow';
import { normalizeText } from '../repair/normalize';
import type { HeadingMark } from './headings';
import { joinRuns, type TableRegion } from './tables';
import { rowLine } from '../../document/tables';
import type { LayoutHeading, LayoutTable, Line, PageBoxes, PageLines } from './types';

interface Assembled {
  text: string;
  pages: { number: number; start: number; end: number }[];
  headings: LayoutHeading[];
  tables: LayoutTable[];
  boxes: PageBoxes[];
}

const LIST_MARKER = /^(?:[•◦▪‣∙·●○■□–—-]|\d{1,2}[.)]|\(?[a-z]\)|\([ivx]{1,4}\)|o)\s+\S/;
const SENTENCE_END = /[.!?:]["')\]]?$/;

/** Spaces between a line's runs: one for a word gap, three for a wide gap (two columns of a header block). */
function lineText(line: Line, from = 0): string {
  const runs = line.runs.slice(from);
  if (line.mono) {
    // monospace: the gaps are columns of spaces
    let s = '';
    let end: number | null = null;
    for (const r of runs) {
      if (end !== null) {
        const per = r.str.length ? r.w / r.str.length : r.size * 0.6;
        const n = Math.round((r.x - end) / Math.max(per, 0.1));
        s += ' '.repeat(Math.max(n, r.x - end > r.size * 0.1 ? 1 : 0));
      }
      s += r.str;
      end = r.x + r.w;
    }
    return normalizeText(s);
  }
  const parts: string[] = [];
  let start = 0;
  for (let k = 1; k <= runs.length; k++) {
    const wide = k < runs.length && runs[k].x - (runs[k - 1].x + runs[k - 1].w) > Math.max(runs[k].size, runs[k - 1].size) * 2;
    if (k === runs.length || wide) {
      parts.push(joinRuns(runs.slice(start, k)).trim());
      start = k;
    }
  }
  return normalizeText(parts.join('   '));
}

/** The typical distance between two lines of a paragraph, per font size (the median of tight gaps). */
function linePitch(pages: PageLines[]): (size: number) => number {
  const gaps = new Map<number, number[]>();
  for (const p of pages)
    for (let k = 1; k < p.lines.length; k++) {
      const a = p.lines[k - 1];
      const b = p.lines[k];
      if (a.column !== b.column || Math.abs(a.size - b.size) > 0.25) continue;
      const g = a.y - b.y;
      if (g > a.size * 0.9 && g < a.size * 2.2) {
        const s = Math.round(a.size);
        const list = gaps.get(s);
        if (list) list.push(g);
        else gaps.set(s, [g]);
      }
    }
  const pitch = new Map<number, number>();
  for (const [s, list] of gaps) {
    list.sort((x, y) => x - y);
    pitch.set(s, list[Math.floor(list.length * 0.4)]);
  }
  return (size) => pitch.get(Math.round(size)) ?? size * 1.2;
}

/** The left edge most lines of a page's column start at. */
function columnLefts(lines: Line[]): Map<number, number> {
  const counts = new Map<number, Map<number, number>>();
  for (const l of lines) {
    const m = counts.get(l.column) ?? new Map<number, number>();
    const x = Math.round(l.x0);
    m.set(x, (m.get(x) ?? 0) + 1);
    counts.set(l.column, m);
  }
  const out = new Map<number, number>();
  for (const [c, m] of counts) {
    let best = 0;
    let n = -1;
    for (const [x, k] of m) if (k > n || (k === n && x < best)) [best, n] = [x, k];
    out.set(c, best);
  }
  return out;
}

interface Open {
  kind: 'paragraph' | 'code';
  last: Line;
  lastText: string;
}

export function assemble(
  pages: PageLines[],
  headings: Map<Line, HeadingMark>,
  tables: Map<number, TableRegion[]>,
  furniture: number,
): Assembled & { furniture: number } {
  const parts: string[] = [];
  let length = 0;
  const outHeadings: LayoutHeading[] = [];
  const outTables: LayoutTable[] = [];
  const pageSpans: Assembled['pages'] = [];
  const boxes: PageBoxes[] = [];
  const pitchOf = linePitch(pages);
  let open: Open | null = null;
  const add = (s: string) => {
    parts.push(s);
    length += s.length;
  };
  /** End the open block; the next text starts a new paragraph. */
  const breakBlock = () => {
    if (length > 0) add('\n\n');
    open = null;
  };
  for (const page of pages) {
    const span = { number: page.number, start: length, end: length };
    const pageBoxes: number[] = [];
    const [a, b, c, d, e, f] = page.transform;
    const box = (start: number, end: number, line: Line, fromRun = 0) => {
      const runs = line.runs.slice(fromRun);
      const x0 = runs.length ? runs[0].x : line.x0;
      const x1 = Math.max(...runs.map((r) => r.x + r.w), x0);
      const top = line.y + line.size * 0.85;
      const bottom = line.y - line.size * 0.25;
      // the box's corners in the viewport (a rotated page turns them)
      const px = [x0 * a + top * c + e, x1 * a + bottom * c + e];
      const py = [x0 * b + top * d + f, x1 * b + bottom * d + f];
      const vx = Math.min(...px);
      const vy = Math.min(...py);
      pageBoxes.push(start, end, round(vx), round(vy), round(Math.max(...px) - vx), round(Math.max(...py) - vy));
    };
    const regions = tables.get(page.number) ?? [];
    const regionAt = new Map<number, TableRegion>();
    for (const r of regions) regionAt.set(Math.min(r.from, r.caption?.from ?? r.from), r);
    const lefts = columnLefts(page.lines);
    const lines = page.lines;
    let firstOnPage = true;
    for (let k = 0; k < lines.length; k++) {
      const line = lines[k];
      const region = regionAt.get(k);
      if (region) {
        breakBlock();
        const end = Math.max(region.to, region.caption?.to ?? region.to);
        const tableStart = length;
        if (region.caption && region.caption.from < region.from) {
          const cs = length;
          add(normalizeText(region.caption.text));
          for (let q = region.caption.from; q <= region.caption.to; q++) box(cs, length, lines[q]);
          add('\n\n');
        }
        const rowSpans: { start: number; end: number }[] = [];
        const cells = region.rows.map((r) => r.cells.map((x) => normalizeText(x).replace(/\s+/g, ' ').trim()));
        region.rows.forEach((row, n) => {
          if (n > 0) add('\n');
          const s = length;
          add(rowLine(cells[n]));
          rowSpans.push({ start: s, end: length });
          for (const q of row.lines) box(s, length, lines[q]);
        });
        const tableEnd = length;
        const carried = outTables[outTables.length - 1];
        if (region.continues && carried) {
          // the rows of a table broken over a column or page go on in the table they belong to
          carried.rows.push(...cells);
          carried.rowSpans.push(...rowSpans);
          carried.end = tableEnd;
          open = null;
          k = end;
          firstOnPage = false;
          continue;
        }
        if (region.caption && region.caption.from > region.to) {
          add('\n\n');
          const cs = length;
          add(normalizeText(region.caption.text));
          for (let q = region.caption.from; q <= region.caption.to; q++) box(cs, length, lines[q]);
        }
        outTables.push({
          page: page.number,
          ...(region.caption || region.carriedCaption ? { caption: normalizeText(region.caption?.text ?? region.carriedCaption!) } : {}),
          header: cells[0],
          rows: cells.slice(1),
          start: region.caption && region.caption.from < region.from ? tableStart : rowSpans[0].start,
          end: region.caption && region.caption.from > region.to ? length : tableEnd,
          rowSpans,
        });
        open = null;
        k = end;
        firstOnPage = false;
        continue;
      }
      const mark = headings.get(line);
      if (mark) {
        breakBlock();
        const s = length;
        const head = mark.runs ? joinRuns(line.runs.slice(0, mark.runs)).trim() : lineText(line);
        add(normalizeText(head));
        box(s, length, line);
        for (let q = 1; q < mark.lines; q++) {
          const next = lineText(lines[k + q]);
          let qs: number;
          if (/\p{L}-$/u.test(parts[parts.length - 1]) && /^\p{Ll}/u.test(next)) qs = joinBroken(parts, length, next, pageBoxes, boxes);
          else {
            add(' ');
            qs = length;
          }
          length = qs;
          add(next);
          box(qs, length, lines[k + q]);
        }
        outHeadings.push({ start: s, end: length, level: mark.level, number: mark.number, heading: mark.heading });
        k += mark.lines - 1;
        open = null;
        firstOnPage = false;
        if (mark.runs) {
          // the rest of a run-in heading's line opens the section's first paragraph
          breakBlock();
          const rs = length;
          const rest = lineText(line, mark.runs);
          add(rest);
          box(rs, length, line, mark.runs);
          open = { kind: 'paragraph', last: line, lastText: rest };
        }
        continue;
      }
      const text = lineText(line);
      if (!text) continue;
      const prev: Open | null = open;
      let joiner: 'space' | 'line' | 'hyphen' | 'block' = 'block';
      if (prev) {
        const p = prev.last;
        if (prev.kind === 'code' || line.mono)
          joiner = prev.kind === 'code' && line.mono && p.page === line.page && p.y - line.y < pitchOf(line.size) * 1.8 ? 'line' : 'block';
        else joiner = continues(p, prev.lastText, line, text, lefts, pitchOf, firstOnPage);
      }
      if (joiner === 'block') breakBlock();
      else if (joiner === 'line') add('\n');
      else if (joiner === 'space') add(' ');
      let s = length;
      if (joiner === 'hyphen') {
        s = joinBroken(parts, length, text, pageBoxes, boxes);
        length = s;
      }
      add(text);
      box(s, length, line);
      open = { kind: line.mono ? 'code' : 'paragraph', last: line, lastText: text };
      firstOnPage = false;
    }
    span.end = length;
    pageSpans.push(span);
    boxes.push({ number: page.number, width: round(page.width), height: round(page.height), boxes: pageBoxes });
  }
  return { text: parts.join(''), pages: pageSpans, headings: outHeadings, tables: outTables, boxes, furniture };
}

/**
 * A word broken at a line end ("frame-" / "work"): the hyphen goes unless the lexicon says the
 * compound keeps it; the last part and its box then end one character earlier. Returns where the
 * next line's text starts (the text's new length).
 */
function joinBroken(parts: string[], length: number, next: string, pageBoxes: number[], done: PageBoxes[]): number {
  const last = parts[parts.length - 1];
  const left = /\S+$/.exec(last)?.[0] ?? '';
  const word = /^\S+/.exec(next)?.[0] ?? '';
  if (left && word && joinHyphenated(left, word).length < left.length + word.length) {
    parts[parts.length - 1] = last.slice(0, -1);
    fixLastBox(pageBoxes, done, length - 1);
    return length - 1;
  }
  return length;
}

/** After a hyphen is dropped, the box that ended past the new end ends at it. */
function fixLastBox(pageBoxes: number[], done: PageBoxes[], end: number): void {
  const list = pageBoxes.length ? pageBoxes : [...done].reverse().find((p) => p.boxes.length)?.boxes;
  if (list && list.length >= 6 && list[list.length - 5] > end) list[list.length - 5] = end;
}

const round = (v: number) => Math.round(v * 10) / 10;

/** How line `b` goes on from line `a` (the open paragraph's last line). */
function continues(
  a: Line,
  aText: string,
  b: Line,
  bText: string,
  lefts: Map<number, number>,
  pitchOf: (size: number) => number,
  firstOnPage: boolean,
): 'space' | 'line' | 'hyphen' | 'block' {
  const hyphen = /\p{L}-$/u.test(aText) && /^\p{Ll}/u.test(bText) ? 'hyphen' : 'space';
  if (LIST_MARKER.test(bText)) return 'block';
  // a line of two columns (a cover's header block, a signature) is a line of its own
  const columned = aText.includes('   ') || bText.includes('   ');
  if (Math.abs(a.size - b.size) > Math.max(a.size, b.size) * 0.15) return 'block';
  // across a page or column break: the paragraph goes on when it did not end and the next starts in lower case
  if (a.page !== b.page || a.column !== b.column || b.y >= a.y) {
    if (!firstOnPage && a.page !== b.page) return 'block';
    return !SENTENCE_END.test(aText) && /^\p{Ll}/u.test(bText) ? hyphen : 'block';
  }
  const gap = a.y - b.y;
  const pitch = pitchOf(b.size);
  if (gap > pitch * 1.35) return 'block';
  if (columned) return 'line';
  const left = lefts.get(b.column) ?? b.left;
  // a first-line indent starts a paragraph (a hanging list item's next line is indented too: it goes on)
  const indented = b.x0 > left + b.size * 0.8 && b.x0 < left + b.size * 4 && b.x0 > a.x0 + b.size * 0.8;
  const aShort = a.x1 < a.right - Math.max(b.size * 3, (a.right - a.left) * 0.15);
  if (indented && (aShort || SENTENCE_END.test(aText))) return 'block';
  // a short line ends its paragraph: what follows at the same pitch is a new line of a block (an address, a cover)
  if (aShort) return /^\p{Ll}/u.test(bText) && !SENTENCE_END.test(aText) ? hyphen : 'line';
  return hyphen;
}
