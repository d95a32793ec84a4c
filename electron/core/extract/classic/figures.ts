// Figure and diagram text inside a sentence span: packet layouts, box drawings, message-flow diagrams
// and bit rulers are laid out in lines of symbols and column-aligned labels, not written as sentences.
// A line is judged by its shape alone (general character-class measures, no words): a line mostly of
// symbols, a bit ruler, a hex dump, a boxed row, or labels set in three or more columns. A sentence is read from
// its prose lines only (rule `doc.figure`).
import type { Span } from '../sentences';

/** Share of a line's visible characters that are symbols (neither letters nor digits) for it to be drawing. */
const SYMBOL_SHARE = 0.4;
/** Spaces that set columns apart (prose puts one or two between words). */
const COLUMN_GAP = /\S {3,}(?=\S)/g;

/** A line of figure or diagram text, by its shape. */
export function figureLine(line: string): boolean {
  const t = line.trim();
  if (!t) return false;
  const visible = t.replace(/\s+/g, '');
  const symbols = visible.replace(/[\p{L}\p{N}]/gu, '').length;
  // a rule or a drawing: "+-+-+-+", "|      |", "------", "=====>" (a few characters: a wrapped line's end, "[1].")
  if (visible.length >= 4 && symbols / visible.length >= SYMBOL_SHARE && !/^\p{L}/u.test(visible)) return true;
  const words = t.split(/\s+/);
  // a bit ruler: "0 1 2 3 4 5 6 7 8 9 0 1", "0                   1                   2"
  if (words.length >= 3 && words.every((w) => /^\d{1,2}$/.test(w))) return true;
  // a hex dump: "4f 0a 9c e1 22 7b", an offset first ("0010:  5c 3e 71 0b") — bytes of an example, not words
  const bytes = words.slice(/^(?:0x)?[0-9a-f]{2,8}:$/i.test(words[0]) ? 1 : 0);
  if (bytes.length >= 4 && bytes.every((w) => /^(?:0x)?[0-9a-f]{2}$/i.test(w)) && /\d/.test(t)) return true;
  const bars = (t.match(/[|+]/g) ?? []).length;
  const gaps = (t.match(COLUMN_GAP) ?? []).length;
  // a boxed row ("|  Type  |  Length  |"), a box's edge with a label ("Value (cont)      |"), an arrow ("|<--- Request ---|")
  if (bars >= 2 || (bars >= 1 && gaps >= 1) || /<-{2,}|-{2,}>/.test(t)) return true;
  // labels in three or more columns ("Client          Proxy          Server")
  return gaps >= 2;
}

/**
 * The prose of a sentence span that holds figure lines: the longest run of prose lines at its start or
 * end (a run between two figure lines is a label inside the figure); the span itself when it holds no
 * figure line; null when no run is left with three words or more.
 */
export function proseOfFigure(text: string, s: Span): Span | null {
  const lines: { start: number; end: number; figure: boolean }[] = [];
  for (let at = s.start; at < s.end;) {
    const nl = text.indexOf('\n', at);
    const end = nl < 0 || nl > s.end ? s.end : nl;
    lines.push({ start: at, end, figure: figureLine(text.slice(at, end)) });
    at = end + 1;
  }
  if (!lines.some((l) => l.figure)) return s;
  const firstFigure = lines.findIndex((l) => l.figure);
  const lastFigure = lines.length - 1 - [...lines].reverse().findIndex((l) => l.figure);
  const runs = [lines.slice(0, firstFigure), lines.slice(lastFigure + 1)]
    .map((run) => run.filter((l) => text.slice(l.start, l.end).trim()))
    .filter((run) => run.length)
    .map((run) => ({ start: run[0].start, end: run[run.length - 1].end }));
  const words = (r: Span) => text.slice(r.start, r.end).trim().split(/\s+/).length;
  const best = runs.sort((a, b) => words(b) - words(a))[0];
  if (!best || words(best) < 3) return null;
  // (the run's own text without its leading indentation and trailing spaces)
  const raw = text.slice(best.start, best.end);
  const lead = raw.length - raw.trimStart().length;
  return { start: best.start + lead, end: best.start + raw.trimEnd().length };
}
