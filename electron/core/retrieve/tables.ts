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
