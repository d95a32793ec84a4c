// Plain-text tables of standards ("Media  Framed-MTU  Length" over a rule of "=" runs): their cells, and
// the cells a question asks for (the column it names, on the row whose key it names). Read by the
// passage ranking (a chunk holding the asked cell is the one to read) and by the extractive answer.
import { contentStems, escapeRe } from './text';
import { analyzed, type QuestionInput } from './analysis';

export interface TableCell {
  /** The row's key: its first column. */
  row: string;
  /** The first column's heading. */
  key: string;
  /** The column's heading (its header lines joined). */
  column: string;
  value: string;
  /** Offset of the row's line in the text. */
  offset: number;
  /** The table's header line and the row's line as written (white space folded): what a citation quotes. */
  quote: string;
}

/**
 * Cells of the plain-text tables in a text: a rule line of two or more runs of "=" or "-" under a header,
 * the rows below it up to a blank line. Columns are the rule's runs; a row's fields (parted by two or more
 * spaces) fall in the column whose run they overlap most; the first column keys the row.
 */
export function tableCells(text: string): TableCell[] {
  const lines = text.split('\n');
  const out: TableCell[] = [];
  const offsets: number[] = [];
  let at = 0;
  for (const l of lines) {
    offsets.push(at);
    at += l.length + 1;
  }
  const fields = (line: string) => [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => ({ text: m[0], start: m.index!, end: m.index! + m[0].length }));
  for (let i = 1; i < lines.length; i++) {
    const rule = [...lines[i].matchAll(/[=-]{3,}/g)].map((m) => ({ start: m.index!, end: m.index! + m[0].length }));
    if (rule.length < 2 || lines[i].replace(/[=\-\s]/g, '')) continue;
    const columnOf = (f: { start: number; end: number }) => {
      let best = -1;
      let most = 0;
      rule.forEach((c, k) => {
        const overlap = Math.min(f.end, c.end) - Math.max(f.start, c.start);
        if (overlap > most) [best, most] = [k, overlap];
      });
      return best;
    };
    // header lines right above the rule (a line that lost its indent opens a chunk: no column to read it by)
    const heads: string[][] = rule.map(() => []);
    for (let j = i - 1; j >= Math.max(0, i - 3) && lines[j].trim() && (j === i - 1 || /^\s/.test(lines[j])); j--) {
      for (const f of fields(lines[j])) {
        const k = columnOf(f);
        if (k >= 0) heads[k].unshift(f.text);
      }
    }
    const names = heads.map((h) => h.join(' '));
    for (let k = i + 1; k < lines.length && lines[k].trim(); k++) {
      const row = rule.map(() => '');
      for (const f of fields(lines[k])) {
        const c = columnOf(f);
        if (c >= 0) row[c] = row[c] ? `${row[c]} ${f.text}` : f.text;
      }
      // a drawing's boxes and arrows ("|<------>|") are no rows
      if (!/[\p{L}\p{N}]/u.test(row[0]) || /[|<>]/.test(row[0])) continue;
      for (let c = 1; c < rule.length; c++)
        if (/[\p{L}\p{N}]/u.test(row[c]) && !/^[|<>+]|[|<>+]$/.test(row[c]) && names[c])
          out.push({ row: row[0], key: names[0], column: names[c], value: row[c], offset: offsets[k], quote: `${fold(lines[i - 1])} … ${fold(lines[k])}` });
    }
  }
  boxTables(lines, offsets, out);
  return out;
}

const fold = (line: string) => line.trim().replace(/\s+/g, ' ');

/** A box table's border: "+" between runs of two or more "-" or "=" ("+-------+----+"; a packet diagram's "+-+-+" is none). */
const BORDER = /^\s*\+(?:[-=]{2,}\+){2,}\s*$/;

/**
 * Box tables ("+------+------+" borders, "| a | b |" rows): columns between the border's "+" signs; the
 * rows above the second border are the header; a row whose first cell is empty continues the row before
 * it (a wrapped cell).
 */
function boxTables(lines: string[], offsets: number[], out: TableCell[]): void {
  for (let i = 0; i < lines.length; i++) {
    if (!BORDER.test(lines[i])) continue;
    const cuts = [...lines[i].matchAll(/\+/g)].map((m) => m.index!);
    const cellsOf = (line: string) =>
      cuts.slice(0, -1).map((c, k) =>
        line
          .slice(c + 1, cuts[k + 1])
          .replace(/^\s*\|?|\|?\s*$/g, '')
          .trim(),
      );
    const rows: { cells: string[]; offset: number; line: number }[] = [];
    let headerLine = -1;
    let header: string[] | null = null;
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j];
      if (BORDER.test(line)) {
        // the rows above the second border are the header
        if (!header && rows.length) headerLine = rows[0].line;
        if (!header && rows.length)
          header = rows.splice(0).reduce(
            (h, r) => h.map((x, k) => [x, r.cells[k]].filter(Boolean).join(' ')),
            cuts.slice(1).map(() => ''),
          );
        continue;
      }
      if (!/^\s*\|/.test(line)) break;
      const cells = cellsOf(line);
      const last = rows[rows.length - 1];
      if (last && !cells[0]) last.cells = last.cells.map((x, k) => [x, cells[k]].filter(Boolean).join(' '));
      else rows.push({ cells, offset: offsets[j], line: j });
    }
    if (header)
      for (const r of rows) {
        if (!/[\p{L}\p{N}]/u.test(r.cells[0] ?? '')) continue;
        for (let c = 1; c < header.length; c++)
          if (header[c] && /[\p{L}\p{N}]/u.test(r.cells[c] ?? ''))
            out.push({
              row: r.cells[0],
              key: header[0],
              column: header[c],
              value: r.cells[c],
              offset: r.offset,
              quote: `${fold(lines[headerLine])} … ${fold(lines[r.line])}`,
            });
      }
    i = j - 1;
  }
}

/**
 * The cells of a text's tables that a question asks for: the column heading's words are mostly in the
 * question, and the row's key is named in it as written ("802.11", "802.5 (16 Mbps)"; a code in brackets
 * after a name, "portFailure(2)", may be left out) or by all its words. `match` in (0, 1].
 */
export function askedCells(input: QuestionInput, text: string): { cell: TableCell; match: number }[] {
  const cells = tableCells(text);
  if (!cells.length) return [];
  const question = analyzed(input);
  const qStems = new Set(question.contentStems);
  const qNorm = ` ${question.text.toLowerCase().replace(/\s+/g, ' ')} `;
  const out: { cell: TableCell; match: number }[] = [];
  const cover = (heading: string) => {
    const st = contentStems(heading);
    return st.length ? st.filter((x) => qStems.has(x)).length / st.length : 0;
  };
  // a cell's text named in the question: as written, or (three words or more) by all its words
  const named = (text: string) => {
    const plain = text.replace(/\s*\(\d+\)\s*$/, '');
    const exact = new RegExp(String.raw`[^\w.]${escapeRe(plain.toLowerCase().replace(/\s+/g, ' '))}[^\w]`).test(qNorm);
    if (exact) return 1;
    const st = contentStems(plain);
    return st.length && st.every((x) => qStems.has(x)) ? 0.8 : 0;
  };
  for (const cell of cells) {
    // the column named, the row's key named: "What Framed-MTU ... for 802.11 media"
    const columnCover = cover(cell.column);
    const keyNamed = columnCover >= 0.5 ? named(cell.row) : 0;
    if (keyNamed) out.push({ cell, match: columnCover * keyNamed });
    // the other way round: the key's column named, another cell of the row named ("which Value is
    // registered for the Hello message"): the row's key is the answer
    const keyCover = cell.value.length >= 3 ? cover(cell.key) : 0;
    const valueNamed = keyCover >= 0.5 && !keyNamed ? named(cell.value) : 0;
    if (valueNamed && cell.value.split(/\s+/).length + (valueNamed === 1 ? 1 : 0) >= 2)
      out.push({ cell: { ...cell, row: cell.value, column: cell.key, value: cell.row }, match: keyCover * valueNamed * 0.9 });
  }
  return out;
}

/**
 * A value a structured block writes under or beside its label: a field list's label line with its more
 * indented body of one short line, a legend's rows under a label line (a code, then what it stands for: `key`), a one-line
 * "Label: value" or "Label = value", a formal notation's clause (an all-capitals keyword, then its value).
 */
export interface LabelledValue {
  label: string;
  /** A legend row's meaning (the row's words after its code); null for the other blocks. */
  key: string | null;
  value: string;
  /** The value's offsets in the text. */
  start: number;
  end: number;
}

/** A label line: one to four words, the first opening with a letter; no sentence punctuation. */
const LABEL_LINE = /^[A-Za-z][\w-]*(?: [\w-]+){0,3}$/;
/** A legend row: a code (digits or hexadecimal), then, after white space and an optional "=" or dash, its meaning in words. */
const LEGEND_ROW = /^(0x[0-9A-Fa-f]+|\d+)\s+(?:[=-]\s+)?([A-Za-z(].*)$/;
/** A one-line label and value parted by a colon or an equals sign (the value up to a run of spaces: a second column). */
const PARTED_LINE = /^([A-Za-z][\w-]*(?: [\w-]+){0,3})\s*[:=]\s+(\S+(?: \S+)*)/;
/**
 * A formal notation's clause: an all-capitals keyword of four letters or more (hyphens allowed), then its value alone on
 * the line, a quoted string or one word opening with a letter (a comment after "--" aside).
 */
const CLAUSE_LINE = /^([A-Z][A-Z0-9]{3,}(?:-[A-Z0-9]+)*)\s+("[^"]*"?|[A-Za-z][\w-]*)\s*(?:--.*)?$/;
/** How many body lines a label line's block may have (a legend's rows). */
const BLOCK_LINES = 12;
/** How many words a label line's body of one line (not a legend) may have to be read as the field's value. */
const VALUE_WORDS = 6;

/** The labelled values of a text's structured blocks (by layout and punctuation alone). */
export function labelledValues(text: string): LabelledValue[] {
  const lines = text.split('\n');
  const offsets: number[] = [];
  let at = 0;
  for (const l of lines) {
    offsets.push(at);
    at += l.length + 1;
  }
  const indent = (l: string) => l.length - l.trimStart().length;
  const out: LabelledValue[] = [];
  const push = (label: string, key: string | null, line: number, value: string) => {
    const start = offsets[line] + lines[line].indexOf(value);
    out.push({ label, key, value, start, end: start + value.length });
  };
  for (let i = 0; i < lines.length; i++) {
    const trimmed = lines[i].trim();
    if (!trimmed) continue;
    const parted = PARTED_LINE.exec(trimmed);
    if (parted && !/^\d/.test(parted[1])) push(parted[1], null, i, parted[2]);
    const clause = CLAUSE_LINE.exec(trimmed);
    if (clause) push(clause[1], null, i, clause[2]);
    if (!LABEL_LINE.test(trimmed)) continue;
    // a label line: its body is the more indented lines below it
    const k = indent(lines[i]);
    const body: number[] = [];
    let j = i + 1;
    for (; j < lines.length && body.length <= BLOCK_LINES && (!lines[j].trim() || indent(lines[j]) > k); j++) if (lines[j].trim()) body.push(j);
    if (!body.length || body.length > BLOCK_LINES) continue;
    const rows = body.map((b) => LEGEND_ROW.exec(lines[b].trim()));
    if (rows.every(Boolean)) rows.forEach((r, n) => push(trimmed, r![2].trim(), body[n], r![1]));
    // a field's value is a short body (one line of a few words); a body of prose is read as sentences
    else if (body.length === 1 && lines[body[0]].trim().split(/\s+/).length <= VALUE_WORDS) push(trimmed, null, body[0], lines[body[0]].trim());
  }
  return out;
}

/**
 * The labelled values whose label is the field a question asks for: every content word of the label among the
 * words of the asked noun phrase ("which X code ...": a block labelled X), and a legend row's meaning named in the
 * question (all its content words).
 */
export function askedLabelledValues(asked: { type: { phrase: string[]; head: string | null }; contentStems: string[] }, text: string): LabelledValue[] {
  const field = new Set([...asked.type.phrase, ...(asked.type.head ? [asked.type.head] : [])].flatMap((w) => contentStems(w)));
  if (!field.size) return [];
  const named = new Set(asked.contentStems);
  return labelledValues(text).filter((v) => {
    const label = contentStems(v.label);
    if (!label.length || !label.every((s) => field.has(s))) return false;
    if (v.key === null) return true;
    const key = contentStems(v.key);
    return key.length > 0 && key.every((s) => named.has(s));
  });
}
