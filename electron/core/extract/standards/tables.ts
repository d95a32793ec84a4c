// Tables written in plain text: header line(s), a rule line of dashes or equals signs whose runs give
// the columns, then rows until a blank line. A row's first cell is the key (a row with an empty first
// cell continues the one above); every other cell is a value of the key under its column's header.
// Code lists ("Value  Description") and attribute tables ("Attribute  Values Required") both read so.
// Boxes and diagrams (| + characters) are not tables, nor steps laid out in columns (table.sequence).
import { isSkipped, type ChunkContext } from './context';
import { entity, flat, literal, trimSpan, type Draft } from './make';
import { cellSpans } from '../../document/tables';
import { tokenize } from '../classic/tokens';
import { singular } from '../../nlp/morphology';

interface Row {
  start: number;
  cells: { text: string; start: number; end: number }[];
}

const RULE = /^([ \t]*)([-=]{3,}(?:[ \t]+[-=]{3,})+)[ \t]*$/;

function columnsOf(rule: string): { from: number; to: number }[] {
  return [...rule.matchAll(/[-=]{3,}/g)].map((m) => ({ from: m.index!, to: m.index! + m[0].length }));
}

function cellsOf(line: string, lineStart: number, cols: { from: number; to: number }[]): Row['cells'] {
  // runs of text separated by two or more spaces, each given to the column its middle falls in (or the nearest)
  const cells: Row['cells'] = cols.map(() => ({ text: '', start: -1, end: -1 }));
  for (const m of line.matchAll(/\S+(?: \S+)*/g)) {
    const mid = m.index! + m[0].length / 2;
    let best = 0;
    let dist = Infinity;
    cols.forEach((c, k) => {
      const d = mid < c.from ? c.from - mid : mid > c.to ? mid - c.to : 0;
      if (d < dist) {
        dist = d;
        best = k;
      }
    });
    const c = cells[best];
    const start = lineStart + m.index!;
    if (c.start < 0) Object.assign(c, { text: m[0], start, end: start + m[0].length });
    else Object.assign(c, { text: `${c.text} ${m[0]}`, end: start + m[0].length });
  }
  return cells.map((c) => (c.start < 0 ? { text: '', start: lineStart, end: lineStart } : c));
}

const rowEnd = (text: string, at: number) => {
  const nl = text.indexOf('\n', at);
  return nl < 0 ? text.length : nl;
};

/**
 * (table.sequence) Steps laid out under columns (a message sequence, a flow chart's lanes): most rows that
 * open a key hold nothing in any other column, at least three of them, so the text moves from column to
 * column down the page instead of giving a key its values across the row. Such rows are no table.
 */
function isSequence(rows: Row[]): boolean {
  const keyed = rows.filter((r) => r.cells[0].text);
  const alone = keyed.filter((r) => r.cells.slice(1).every((c) => !c.text));
  return alone.length >= 3 && alone.length * 2 > keyed.length;
}

const CODE_ITEM = /[^,]*?\(\s*(?:\d{1,5}|0x[0-9A-Fa-f]+)\s*\)/g;

/** A column header as a relation: short headers whole, long ones by their last three words. */
const plainRelation = (header: string) => (header.split(/\s+/).length <= 4 ? header.toLowerCase() : header.split(/\s+/).slice(-3).join(' ').toLowerCase());

/**
 * The relation a value column gives its row's key, with the rule that read it from the headers:
 * - pattern:table.mapping: the key's column and the value's column name the same kind of thing, each
 *   of its own scheme ("<scheme A> Value" and "<scheme B> Value"): the row maps one value onto the
 *   other, (key, corresponds to, cell);
 * - pattern:table.qualified-header: a header of a plural noun and a participle after it ("Codes
 *   Assigned") names the cells by the noun, the participle qualifying them: (key, has code, cell);
 * - else the header itself (short headers whole, long ones by their last three words).
 * Read once per column (the headers are the table's), recorded after pattern:table.row.
 */
function relationOf(keyHeader: string, header: string): { relation: string; rules?: string[] } {
  const last = (h: string) => singular(h.split(/\s+/).at(-1)!.toLowerCase());
  if (keyHeader.split(/\s+/).length >= 2 && header.split(/\s+/).length >= 2 && last(keyHeader) === last(header) && /^\p{L}+$/u.test(last(header)))
    return { relation: 'corresponds to', rules: ['pattern:table.mapping'] };
  // (tagged in lower case: a title-cased header reads as a name to the tagger)
  const lower = header.toLowerCase();
  const words = tokenize(lower, 0, lower.length);
  if (words.length === 2 && words[0].pos === 'NOUN' && singular(words[0].text) !== words[0].text && words[1].pos === 'VERB' && /ed$/.test(words[1].text))
    return { relation: `has ${singular(words[0].text.toLowerCase())}`, rules: ['pattern:table.qualified-header'] };
  return { relation: plainRelation(header) };
}

/**
 * Tables the document structure holds (a PDF's rebuilt from positions, HTML and DOCX tables): each
 * row whose line lies in the chunk gives one triple per filled cell after the first, key (the first
 * cell) - column header - cell, with the row's line as evidence.
 */
export function structureTables(ctx: ChunkContext): Draft[] {
  const { text } = ctx.doc;
  const out: Draft[] = [];
  for (const t of ctx.doc.structure.tables ?? []) {
    if (t.end <= ctx.chunk.start || t.start >= ctx.chunk.end || t.header.length < 2) continue;
    const relations = t.header.map((h) => relationOf(flat(t.header[0] ?? ''), flat(h)));
    t.rows.forEach((cells, r) => {
      const row = t.rowSpans[r + 1];
      if (!row || row.start < ctx.chunk.start || row.end > ctx.chunk.end || isSkipped(ctx, row)) return;
      const spans = cellSpans(text, row, cells);
      if (!cells[0]?.trim() || spans[0].end <= spans[0].start) return;
      const key = entity(flat(cells[0]), spans[0]);
      for (let k = 1; k < cells.length && k < t.header.length; k++) {
        const cell = flat(cells[k] ?? '');
        if (!cell || /^(?:n\/a|-+|none)$/i.test(cell) || !t.header[k].trim() || spans[k].end <= spans[k].start) continue;
        const coded = /^\d+$/.test(cell) || /\(\s*(?:\d{1,5}|0x[0-9A-Fa-f]+)\s*\)$/.test(cell);
        out.push({
          pattern: 'table.row',
          head: key,
          ...relations[k],
          tail: coded ? literal(cell, spans[k], 'code') : entity(cell, spans[k]),
          evidence: row,
          meta: { table: t.header, ...(t.caption ? { caption: t.caption } : {}) },
        });
      }
    });
  }
  return out;
}

export function tables(ctx: ChunkContext): Draft[] {
  const { text } = ctx.doc;
  const out: Draft[] = [];
  // whole lines (a chunk may start after a line's indentation, which places the columns)
  const from = text.lastIndexOf('\n', ctx.chunk.start - 1) + 1;
  const slice = text.slice(from, ctx.chunk.end);
  const lines: { start: number; text: string }[] = [];
  let at = 0;
  for (const l of slice.split('\n')) {
    lines.push({ start: from + at, text: l });
    at += l.length + 1;
  }
  for (let i = 1; i < lines.length; i++) {
    const rule = RULE.exec(lines[i].text);
    if (!rule) continue;
    const cols = columnsOf(lines[i].text);
    // header: the non-blank lines right above the rule
    const head: string[][] = [];
    // (a paragraph line right above the table is no header: long, or ending as a sentence does)
    for (let h = i - 1; h >= 0 && h >= i - 3 && lines[h].text.trim() && lines[h].text.length <= 100 && !/[.:;,]\s*$/.test(lines[h].text); h--)
      head.unshift(cellsOf(lines[h].text, lines[h].start, cols).map((c) => c.text));
    if (!head.length) continue;
    const headers = cols.map((_, k) => flat(head.map((r) => r[k] ?? '').join(' ')));
    if (headers.some((h) => !h) || headers.some((h) => /[|+]/.test(h))) continue;
    const rows: Row[] = [];
    for (let r = i + 1; r < lines.length && lines[r].text.trim(); r++) {
      if (/[|+]/.test(lines[r].text) || RULE.test(lines[r].text)) break;
      rows.push({ start: lines[r].start, cells: cellsOf(lines[r].text, lines[r].start, cols) });
    }
    if (!rows.length || isSkipped(ctx, { start: lines[i].start, end: rows[rows.length - 1].start }) || isSequence(rows)) continue;
    const relations = headers.map((h) => relationOf(headers[0], h));
    let key: Row['cells'][number] | null = null;
    for (const row of rows) {
      if (row.cells[0].text) key = row.cells[0];
      if (!key) continue;
      for (let k = 1; k < row.cells.length; k++) {
        const cell = row.cells[k];
        if (!cell.text || /^(?:n\/a|-+|none)$/i.test(cell.text)) continue;
        // a cell listing codes ("Token-Ring (20), FDDI (21)") gives one value per code
        const items = cell.text.match(CODE_ITEM);
        const parts = items && items.join('').replace(/\s+/g, '').length >= cell.text.replace(/[\s,]+/g, '').length - 1 ? items : [cell.text];
        let from = cell.start;
        for (const p of parts) {
          const pt = p.replace(/^[\s,]+/, '').trim();
          const pAt = parts.length === 1 ? cell.start : text.indexOf(pt, from);
          if (pAt < 0 || pAt > cell.end) continue;
          from = pAt + pt.length;
          const coded = /\(\s*(?:\d{1,5}|0x[0-9A-Fa-f]+)\s*\)$/.test(pt) || /^\d+$/.test(pt);
          out.push({
            pattern: 'table.row',
            head: entity(key.text, { start: key.start, end: key.end }),
            ...relations[k],
            tail: coded
              ? literal(flat(pt), { start: pAt, end: parts.length === 1 ? cell.end : pAt + pt.length }, 'code')
              : entity(flat(pt), { start: pAt, end: parts.length === 1 ? cell.end : pAt + pt.length }),
            evidence: trimSpan(text, row.start, rowEnd(text, row.start)),
            meta: { table: headers },
          });
        }
      }
    }
  }
  return out;
}
