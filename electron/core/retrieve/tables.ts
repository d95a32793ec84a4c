// Plain-text tables of standards ("Media  Framed-MTU  Length" over a rule of "=" runs): their cells, and
// the cells a question asks for (the column it names, on the row whose key it names). Read by the
// passage ranking (a chunk holding the asked cell is the one to read) and by the extractive answer.
import { contentStems, escapeRe } from './text';

export interface TableCell {
  /** The row's key: its first column. */
  row: string;
  /** The column's heading (its header lines joined). */
  column: string;
  value: string;
  /** Offset of the row's line in the text. */
  offset: number;
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
          out.push({ row: row[0], column: names[c], value: row[c], offset: offsets[k] });
    }
  }
  return out;
}

/**
 * The cells of a text's tables that a question asks for: the column heading's words are mostly in the
 * question, and the row's key is named in it as written ("802.11", "802.5 (16 Mbps)"; a code in brackets
 * after a name, "portFailure(2)", may be left out) or by all its words. `match` in (0, 1].
 */
export function askedCells(question: string, text: string): { cell: TableCell; match: number }[] {
  const cells = tableCells(text);
  if (!cells.length) return [];
  const qStems = new Set(contentStems(question));
  const qNorm = ` ${question.toLowerCase().replace(/\s+/g, ' ')} `;
  const out: { cell: TableCell; match: number }[] = [];
  for (const cell of cells) {
    const columnStems = contentStems(cell.column);
    const columnCover = columnStems.length ? columnStems.filter((x) => qStems.has(x)).length / columnStems.length : 0;
    if (columnCover < 0.5) continue;
    const named = cell.row.replace(/\s*\(\d+\)\s*$/, '');
    const key = named.toLowerCase().replace(/\s+/g, ' ');
    const keyStems = contentStems(named);
    const exact = new RegExp(String.raw`[^\w.]${escapeRe(key)}[^\w]`).test(qNorm);
    if (!exact && !(keyStems.length && keyStems.every((x) => qStems.has(x)))) continue;
    out.push({ cell, match: columnCover * (exact ? 1 : 0.8) });
  }
  return out;
}
