// Tables of a document, kept in its structure: rebuilt from a PDF's text positions, or read from
// the table elements of HTML and DOCX. Each row is one line of the text, "| cell | cell |", so a
// row's span is the evidence a triple read from it cites.

export interface DocumentTable {
  /** The page it is printed on (PDF); null for a document without pages. */
  page: number | null;
  caption?: string;
  header: string[];
  rows: string[][];
  /** The table's span in the text (its caption included when printed above or below it). */
  start: number;
  end: number;
  /** Each row's line in the text, the header's first. */
  rowSpans: { start: number; end: number }[];
}

/** The text line a table row is written as. */
export const rowLine = (cells: string[]) => `| ${cells.map((c) => c.replace(/\s+/g, ' ').replace(/\|/g, '/').trim()).join(' | ')} |`;

/** The cell spans of a row within its line (the cells in order, as `rowLine` wrote them). */
export function cellSpans(text: string, row: { start: number; end: number }, cells: string[]): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let at = row.start;
  for (const c of cells) {
    const t = c.trim();
    const i = t ? text.indexOf(t, at) : -1;
    if (i < 0 || i + t.length > row.end) {
      out.push({ start: at, end: at });
      continue;
    }
    out.push({ start: i, end: i + t.length });
    at = i + t.length;
  }
  return out;
}

/**
 * Tables given as cells (HTML, DOCX) found in the text they were written into: each row's line is
 * searched from where the last one ended; a table whose rows are not all found is left out.
 */
export function locateTables(text: string, given: { caption?: string; header: string[]; rows: string[][] }[]): DocumentTable[] {
  const out: DocumentTable[] = [];
  let at = 0;
  // the text was normalised (NFKC) after the rows were written: so are the cells
  const norm = (c: string) => c.normalize('NFKC').replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '');
  const tables = given.map((t) => ({ ...t, header: t.header.map(norm), rows: t.rows.map((r) => r.map(norm)), caption: t.caption && norm(t.caption) }));
  for (const t of tables) {
    const spans: { start: number; end: number }[] = [];
    let from = at;
    for (const cells of [t.header, ...t.rows]) {
      const line = rowLine(cells);
      const i = text.indexOf(line, from);
      if (i < 0) break;
      spans.push({ start: i, end: i + line.length });
      from = i + line.length;
    }
    if (spans.length !== t.rows.length + 1) continue;
    at = from;
    out.push({
      page: null,
      ...(t.caption ? { caption: t.caption } : {}),
      header: t.header.map((c) => c.replace(/\s+/g, ' ').trim()),
      rows: t.rows.map((r) => r.map((c) => c.replace(/\s+/g, ' ').trim())),
      start: spans[0].start,
      end: spans[spans.length - 1].end,
      rowSpans: spans,
    });
  }
  return out;
}
