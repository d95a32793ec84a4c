// RFC 4180 CSV as written: fields quoted when they hold a comma, a quote or a line break (quotes
// doubled), CRLF between records; cells neutralised for spreadsheets and read back (the import's
// parser is import/csv.ts).

function csvField(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (fields: (string | number | null | undefined)[]) => `${fields.map(csvField).join(',')}\r\n`;

/** What a spreadsheet runs as a formula when a cell starts with it (OWASP, CSV injection): = + - @, a tab, a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number, which a spreadsheet reads as the number ('-5', '+1.5', '-2e3'), not a formula. */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A text cell as a spreadsheet must show it: one that would start a formula gets a leading
 * apostrophe, which spreadsheets take as "text" and do not show; a plain number stays as it is. A
 * text that already starts with an apostrophe before such a character gets one more, so reading
 * the cell back (`fromSpreadsheetCell`) gives the text exactly.
 */
export function toSpreadsheetCell(s: string): string {
  if (FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) return `'${s}`;
  if (s.startsWith("'") && FORMULA_START.test(s.slice(1).replace(/^'+/, ''))) return `'${s}`;
  return s;
}

/** The text of a cell `toSpreadsheetCell` wrote (one leading apostrophe before a formula character dropped). */
export function fromSpreadsheetCell(s: string): string {
  return s.startsWith("'") && FORMULA_START.test(s.slice(1).replace(/^'+/, '')) ? s.slice(1) : s;
}

/** A record of the csv export, which people open in spreadsheets: text cells neutralised (numbers are numbers). */
export const spreadsheetRow = (fields: (string | number | null | undefined)[]) => csvRow(fields.map((f) => (typeof f === 'string' ? toSpreadsheetCell(f) : f)));
