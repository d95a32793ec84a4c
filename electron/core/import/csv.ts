// RFC 4180 CSV read back: a streaming parser that knows the line and column of every problem (the
// writer is export/csv.ts).
import { ImportError, readChunks } from './errors';
import { fromSpreadsheetCell } from '../export/csv';

/**
 * Parse a CSV file record by record. `onRecord` gets the fields and the line the record starts on.
 * Errors: a quote inside an unquoted field, text after a closing quote, a quoted field left open at the end.
 */
export function parseCsvFile(file: string, onRecord: (fields: string[], line: number) => void): void {
  let fields: string[] = [];
  let field = '';
  let inQuotes = false;
  let afterQuote = false;
  let line = 1;
  let col = 0;
  let recordLine = 1;
  let quoteLine = 1;
  let quoteCol = 1;
  let fieldStarted = false;
  let pendingCR = false;
  let maybeEscapedQuote = false;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '' && !fieldStarted)) onRecord(fields, recordLine);
    fields = [];
    field = '';
    afterQuote = false;
    fieldStarted = false;
  };
  readChunks(file, (text) => {
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (pendingCR) {
        pendingCR = false;
        if (c === '\n') {
          continue;
        }
      }
      col++;
      if (inQuotes) {
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i++;
            col++;
          } else if (i + 1 === text.length) {
            // A quote at the end of a slice: decide with the next slice.
            inQuotes = false;
            afterQuote = true;
            maybeEscapedQuote = true;
          } else {
            inQuotes = false;
            afterQuote = true;
          }
        } else {
          if (c === '\n') {
            line++;
            col = 0;
          }
          field += c;
        }
        continue;
      }
      if (maybeEscapedQuote) {
        maybeEscapedQuote = false;
        if (c === '"') {
          field += '"';
          inQuotes = true;
          afterQuote = false;
          continue;
        }
      }
      if (c === ',') {
        fields.push(field);
        field = '';
        afterQuote = false;
        fieldStarted = true;
      } else if (c === '\r' || c === '\n') {
        endRecord();
        line++;
        col = 0;
        recordLine = line;
        if (c === '\r') pendingCR = true;
      } else if (afterQuote) {
        const opened = quoteLine !== line ? `; the quoted field opened at line ${quoteLine}, column ${quoteCol}` : '';
        throw new ImportError(`unexpected ${JSON.stringify(c)} after a closing quote (a quote inside a quoted field must be doubled${opened})`, {
          file,
          line,
          column: col,
        });
      } else if (c === '"') {
        if (field !== '') throw new ImportError('a quote inside an unquoted field (quote the whole field and double the quote)', { file, line, column: col });
        inQuotes = true;
        fieldStarted = true;
        quoteLine = line;
        quoteCol = col;
      } else {
        field += c;
        fieldStarted = true;
      }
    }
  });
  if (inQuotes) throw new ImportError('a quoted field is never closed', { file, line: quoteLine, column: quoteCol });
  if (field !== '' || fields.length || fieldStarted) endRecord();
}

/**
 * Records of a CSV with a header row, as objects by column name; checks the field count of each
 * record. `spreadsheet`: cells written by `spreadsheetRow` read back as the text they hold.
 */
export function readCsvObjects(
  file: string,
  required: string[],
  onRow: (row: Record<string, string>, line: number) => void,
  options: { spreadsheet?: boolean } = {},
): string[] {
  let header: string[] | null = null;
  parseCsvFile(file, (fields, line) => {
    if (!header) {
      header = fields.map((h) => h.trim());
      const missing = required.filter((r) => !header!.includes(r));
      if (missing.length)
        throw new ImportError(`missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} in the header (found ${header.join(', ')})`, {
          file,
          line,
        });
      return;
    }
    if (fields.length !== header.length) throw new ImportError(`expected ${header.length} fields as in the header, found ${fields.length}`, { file, line });
    const row: Record<string, string> = {};
    for (let i = 0; i < header.length; i++) row[header[i]] = options.spreadsheet ? fromSpreadsheetCell(fields[i]) : fields[i];
    onRow(row, line);
  });
  if (!header) throw new ImportError('empty file (no header row)', { file, line: 1 });
  return header;
}
