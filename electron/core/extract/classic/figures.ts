// Figure and diagram text inside a sentence span: packet layouts, box drawings, message-flow diagrams
// and bit rulers are laid out in lines of symbols and column-aligned labels, not written as sentences.
// A line is judged by its shape alone (general character-class measures, no words): a line mostly of
// symbols, a bit ruler, a hex dump, a boxed row, or labels set in three or more columns. A sentence is read from
// its prose lines only (rule `doc.figure`).
import type { Span } from '../sentences';
import type { Token } from './tokens';

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
  if (gaps >= 2) return true;
  // a table row keyed by a number, a range or a count set off by a column gap ("1-2     Two copies at most ..."):
  // a numbered list writes its number with a period or a parenthesis ("1.", "(1)", "1)")
  return KEY_ROW.test(t);
}

/** A row whose first cell is a number, a range or a count ("0", "0-1", "1+") and a column gap after it. */
const KEY_ROW = /^\d{1,3}(?:[-–]\d{1,3}|\+)?[ \t]{3,}\S/;

/** Text that opens with a table row's key cell: a number, a range or a count, then a column gap. */
export function keyRow(text: string): boolean {
  return KEY_ROW.test(text);
}

/** A line that opens an item of a list ("o", "*", "-", "1.", "(a)"). */
const LIST_MARK = /^\s*(?:\(?\d{1,2}[.)]|\(?[a-z][.)]|\([ivx]{1,4}\)|[o*+•-])\s+\S/;

/** How far short of the text's width a line must end, besides the next word, to be broken by layout. */
const LAYOUT_SLACK = 8;

let widthOf: { text: string; width: number } | null = null;

/**
 * The width the text is wrapped at: the end column that nine in ten of its lines of two words or more
 * stay within (prose is filled up to it; a line of a figure or of page furniture may run past it).
 */
export function textWidth(text: string): number {
  if (widthOf?.text === text) return widthOf.width;
  const ends = text
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => /\S\s+\S/.test(l))
    .map((l) => l.length)
    .sort((a, b) => a - b);
  const width = ends.length ? ends[Math.floor((ends.length - 1) * 0.9)] : 0;
  widthOf = { text, width };
  return width;
}

/**
 * doc.layout-lines: the lines of a span that end where the layout, not the wrapping, ends them. Prose
 * is filled greedily: a line of a wrapped sentence ends only where the next word would not fit on it.
 * A line that ends well short of the text's width (or of the span's longest line, for a block wrapped
 * narrower), though the next line's first word would fit, with no
 * punctuation closing it and no list item after it, is a unit of its own (a step of a message
 * sequence, a cell of a flow chart, a label of a figure). A span with two or more such lines, at least
 * half of the lines before its last, is laid out, not written: those lines, and the line after each (the
 * next unit), are figure lines.
 */
export function layoutLines(lines: { start: number; end: number }[], text: string): boolean[] {
  const out = lines.map(() => false);
  if (lines.length < 3) return out;
  // (each line from its own start: a span opening mid-line still ends its first line at that line's column)
  const said = lines.map((l) => text.slice(text.lastIndexOf('\n', l.start - 1) + 1, l.end).trimEnd());
  // (a block wrapped narrower than the text, an indented description, is filled to its own longest line)
  const width = Math.min(textWidth(text) - LAYOUT_SLACK, Math.max(...said.map((l) => l.length)));
  const unit = said.map((line, i) => {
    if (i === said.length - 1 || !line.trim()) return false;
    const next = said[i + 1];
    if (!next.trim() || LIST_MARK.test(next)) return false;
    if (/[.,;:!?"']$/.test(line)) return false;
    const word = next.trim().split(/\s+/)[0];
    return line.length + 1 + word.length <= width;
  });
  const units = unit.filter(Boolean).length;
  const before = said.slice(0, -1).filter((l) => l.trim()).length;
  if (units < 2 || units * 2 < before) return out;
  for (let i = 0; i < said.length; i++) out[i] = unit[i] || (i > 0 && unit[i - 1]);
  return out;
}

/**
 * The prose of a sentence span that holds figure lines: the longest run of prose lines at its start or
 * end (a run between two figure lines is a label inside the figure); the span itself when it holds no
 * figure line; null when no run is left with three words or more. `layout`: lines broken by layout
 * (doc.layout-lines) count as figure lines.
 */
export function proseOfFigure(text: string, s: Span, layout = true, narrow = true): Span | null {
  const lines: { start: number; end: number; figure: boolean }[] = [];
  for (let at = s.start; at < s.end;) {
    const nl = text.indexOf('\n', at);
    const end = nl < 0 || nl > s.end ? s.end : nl;
    lines.push({ start: at, end, figure: figureLine(text.slice(at, end)) });
    at = end + 1;
  }
  if (layout) {
    const laid = layoutLines(lines, text); // doc.layout-lines
    lines.forEach((l, i) => (l.figure ||= laid[i]));
  }
  if (narrow) {
    const cells = narrowColumn(lines, text); // doc.narrow-column
    lines.forEach((l, i) => (l.figure ||= cells[i]));
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

/** How much of the text's width a line of a column of cells fills at most (prose is filled to the width). */
const NARROW_SHARE = 1 / 3;
/** The columns a plain-text page is set in: a text whose lines run longer was reflowed, and its width says nothing of a column. */
const PAGE_COLUMNS = 72;

/**
 * doc.narrow-column: in a span of three lines or more whose every line but the last holds at most a third
 * of the text's width in words (its indentation aside), the narrow lines are a column of cells or labels
 * (the steps in one column of a flow chart, an address block, a listing's clauses), not wrapped prose:
 * prose is filled to the width, and only its last line ends short. They are figure lines; a long last
 * line (a description after a listing's clauses) stays prose.
 */
export function narrowColumn(lines: { start: number; end: number }[], text: string): boolean[] {
  const said = lines.map((l) => text.slice(l.start, l.end).trim());
  const out = lines.map(() => false);
  const filled = said.map((l, i) => i).filter((i) => said[i]);
  if (filled.length < 3) return out;
  const width = Math.min(textWidth(text), PAGE_COLUMNS);
  if (!width) return out;
  const narrow = (i: number) => said[i].length <= width * NARROW_SHARE;
  if (!filled.slice(0, -1).every(narrow)) return out;
  for (const i of filled) out[i] = narrow(i);
  return out;
}

/** A figure's caption line ("Figure 3", "Fig. 2: ...", "Table 1 - ..."). */
const CAPTION = /^\s*(?:figure|fig\.|table)\s+[\dA-Z]+(?:[.-]\d+)*(?:\s|[.:]|$)/i;
/** A line of a legend or glossary: a label of three words at most, a colon and its gloss ("Src:  the sending host"); a note is prose. */
const LABEL_LINE = /^\s*(?!(?:note|example)\b)[^\s:]+(?: [^\s:]+){0,2}:\s+\S/i;

/** The lines of the text around `at`: the one holding it, then outward by `step` (-1 before, 1 after). */
function* linesFrom(text: string, at: number, step: 1 | -1): Generator<string> {
  let start = text.lastIndexOf('\n', at - 1) + 1;
  for (;;) {
    if (step < 0) {
      if (start === 0) return;
      const end = start - 1;
      start = text.lastIndexOf('\n', end - 1) + 1;
      yield text.slice(start, end);
    } else {
      const end = text.indexOf('\n', start);
      if (end < 0) return;
      start = end + 1;
      const next = text.indexOf('\n', start);
      yield text.slice(start, next < 0 ? text.length : next);
      if (next < 0) return;
    }
  }
}

/**
 * doc.figure-legend: a "label: gloss" line that belongs to a figure's legend: the nearest line before
 * it, across blank lines and the legend's other label lines, is a figure line, or the nearest line
 * after it, likewise, is the figure's caption. The labels name the boxes of an example, not terms of
 * the document.
 */
export function figureLegendLine(text: string, at: number): boolean {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const nl = text.indexOf('\n', at);
  const line = text.slice(start, nl < 0 ? text.length : nl);
  if (!LABEL_LINE.test(line) || CAPTION.test(line)) return false;
  const beyond = (step: 1 | -1): string | null => {
    for (const line of linesFrom(text, at, step)) if (line.trim() && !LABEL_LINE.test(line)) return line;
    return null;
  };
  const before = beyond(-1);
  if (before !== null && figureLine(before)) return true;
  const after = beyond(1);
  return after !== null && CAPTION.test(after);
}

/** An entry of a numbered reference list opens: a bracketed number, then a surname and an initial ("[3] Lee, K."). */
const ENTRY_OPENING = /(?:^|\s)\[\d{1,3}\]\s+\p{L}[\p{L}'’-]*,\s+\p{L}\./u;
/** Authors closed by the year in parentheses ("Lee, K., & Park, J. (2021). "): a cited work's entry. */
const AUTHOR_YEAR = /\p{L}[\p{L}'’-]*,\s+(?:\p{L}\.\s*){1,3}[^()[\]\n]{0,160}\((?:1[89]|20)\d{2}[a-z]?\)\.\s/gu;
/** How far back of a sentence an entry's authors and year may stand (its title and source between). */
const ENTRY_REACH = 300;

/**
 * doc.reference-entry: a sentence of a reference list's entry: it opens the entry ("[3] Lee, K., ..."),
 * or it follows the entry's authors and year ("Lee, K., & Park, J. (2021).") with no paragraph break
 * between: the cited work's title or its source, not a statement.
 */
export function referenceEntry(text: string, s: Span): boolean {
  if (ENTRY_OPENING.test(text.slice(s.start, s.end))) return true;
  // (the window runs to the sentence's end: a splitter may join the year to the title after it)
  const from = Math.max(0, s.start - ENTRY_REACH);
  const around = text.slice(from, s.end);
  let last = -1;
  for (const m of around.matchAll(AUTHOR_YEAR)) last = from + m.index + m[0].length;
  return last >= 0 && !/\n\s*\n/.test(text.slice(last, s.start));
}

/**
 * A section number ("3.", "3.1", "4.2.1."), a list number in brackets ("(2)") or a caption's label
 * ("Figure 2.", "Table 1:") where a heading or a caption starts.
 */
const MARKER_SOURCE = String.raw`(?:\d{1,2}(?:\.\d{1,2}){1,2}\.?|\d{1,2}\.|\(\d{1,2}\)|(?:figure|fig\.|table)\s+\d{1,2}[.:])`;
const MARKER_OPENS = new RegExp(String.raw`^\s*${MARKER_SOURCE}\s+`, 'i');
const MARKER_BEFORE = new RegExp(String.raw`(?:^|\s)${MARKER_SOURCE}[ \t]*$`, 'i');
/** The most words a glued heading or caption is read over before the sentence's own subject. */
const HEADING_WORDS = 12;

/** A heading's or caption's word: a noun phrase's words, a participle ("based", "using"), a conjunction. */
function headingWord(tokens: Token[], i: number): boolean {
  const t = tokens[i];
  if (['NOUN', 'PROPN', 'ADJ', 'NUM', 'CCONJ', 'ADP'].includes(t.pos)) return true;
  if (t.pos === 'VERB') return /(?:ed|ing)$/i.test(t.text);
  // a determiner inside a noun phrase ("comparison of the results"), a hyphen or a slash
  if (t.pos === 'DET') return i > 0 && tokens[i - 1].pos === 'ADP';
  return t.pos === 'PUNCT' && /^[-/–]$/.test(t.text);
}

/** Whether the sentence's own text starts at token k after a heading's or caption's words before it. */
function ownStart(tokens: Token[], from: number, k: number): boolean {
  const prev = tokens[k - 1];
  const t = tokens[k];
  const afterNoun = ['NOUN', 'PROPN', 'NUM'].includes(prev.pos);
  // a determiner or pronoun opening the subject ("... Results the paper shows")
  if ((t.pos === 'DET' || t.pos === 'PRON') && afterNoun) return true;
  // a subordinate clause opening the sentence ("... Results since the ...")
  if (t.pos === 'SCONJ' && afterNoun) return true;
  // an infinitive of purpose opening the sentence ("... Results to validate X, the ...")
  if (t.pos === 'PART' && /^to$/i.test(t.text) && tokens[k + 1]?.pos === 'VERB' && afterNoun) return true;
  // the heading's last words repeated as the sentence's subject ("Step prediction step prediction is")
  for (let m = 1; m <= k - from && k + m <= tokens.length; m++) {
    const same = tokens.slice(k - m, k).every((w, j) => w.text.toLowerCase() === tokens[k + j].text.toLowerCase());
    if (same && tokens.slice(k, k + m).some((w) => w.pos === 'NOUN' || w.pos === 'PROPN')) return true;
  }
  return false;
}

/**
 * doc.glued-heading: in flattened text (a PDF's or a seed's, lines run together) a section heading or a
 * figure's or table's caption runs into the first sentence after it: after a section number, a list
 * number in brackets or a caption's label, a run of a noun phrase's words with no finite verb before the
 * sentence's own subject (a determiner or pronoun after a noun, a subordinator, an infinitive of purpose,
 * or the heading's words repeated) is the heading or the caption, not the subject. Returns the index of
 * the sentence's first own token (0 when nothing is cut). A heading on a line of its own is the
 * structure's (doc.heading); a numbered list item that opens with its subject is left as it is.
 */
export function gluedHeading(text: string, s: Span, tokens: Token[]): number {
  let from = 0;
  const opens = MARKER_OPENS.exec(text.slice(s.start, s.end));
  if (opens) {
    const end = s.start + opens[0].length;
    while (from < tokens.length && tokens[from].start < end) from++;
  } else {
    const lineStart = text.lastIndexOf('\n', s.start - 1) + 1;
    if (!MARKER_BEFORE.test(text.slice(Math.max(lineStart, s.start - 40), s.start))) return 0;
  }
  let cut = 0;
  for (let k = from + 1; k < tokens.length && k - from <= HEADING_WORDS; k++) {
    if (!headingWord(tokens, k - 1)) break;
    // a list number in brackets ends the caption or heading before it: read on from after it
    if (tokens[k].text === '(' && tokens[k + 1]?.pos === 'NUM' && tokens[k + 2]?.text === ')') {
      cut = from = k + 3;
      k = from;
      continue;
    }
    if (ownStart(tokens, from, k)) return k;
  }
  return cut;
}

/** A name made of a capitalised common noun and a number ("Relay2"): an instance an example numbers. */
const NUMBERED_NAME = /(?<![\p{L}\p{N}-])(\p{Lu}\p{Ll}{2,})(\d{1,2})(?![\p{L}\p{N}-])/gu;
let actorsOf: { text: string; names: Set<string> } | null = null;

/**
 * doc.example-actor: the names that label a box or an arrow's end in one of the document's figures and
 * are a common noun the document writes in lower case with a number after it ("Relay1", "Relay2" where
 * the text speaks of "a relay"): the numbered actors of a worked example, not things of the standard.
 */
export function exampleActors(text: string): Set<string> {
  if (actorsOf?.text === text) return actorsOf.names;
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    if (!figureLine(line)) continue;
    for (const m of line.matchAll(NUMBERED_NAME)) {
      const noun = m[1].toLowerCase();
      if (new RegExp(String.raw`(?<![\p{L}\p{N}-])${noun}s?(?![\p{L}\p{N}-])`, 'u').test(text)) names.add(m[0]);
    }
  }
  actorsOf = { text, names };
  return names;
}
