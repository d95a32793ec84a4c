// A large plain text or Markdown file parsed without ever holding its bytes or its whole text: the
// file is scanned in pieces (its encoding decided over all its bytes as decodeText decides it, its
// lines checked, its hash taken), its format told from its opening, and its pages are read from the
// file when it is repaired (pipeline.ts pagesFromFile). Reading a file whole holds its bytes and its
// decoded text at once, twice its size: the highest point of a large text's job before this.
// Anything this route cannot settle from pieces (UTF-16, JSON, HTML, a line over the limit, a text
// shorter than ORIGINAL_FROM_FILE_CHARS) goes the whole way, which gives the same document or error.
import fs from 'node:fs';
import path from 'node:path';
import { decodeFilePieces, scanTextFile, type DecodedText } from './encoding';
import { textFormat } from './detect';
import { MAX_LINE, parseText } from './parsers/text';
import type { ParsedFile } from './types';

/** Characters of the opening read to tell the format (detect.ts textFormat looks at the first 1M). */
const OPENING_CHARS = (1 << 20) + 1;

export interface TextInPieces {
  /** One raw document with no pages and no original: both are read from the file when needed. */
  parsed: ParsedFile & { detected: 'text' | 'markdown'; decoding: Pick<DecodedText, 'encoding' | 'invalidBytes'> };
  fileHash: string;
  bytes: number;
  /** The decoded text's length, and whether it holds form feeds (pages). */
  chars: number;
  formFeed: boolean;
}

/**
 * The file as a plain text or Markdown document of at least `minChars` characters, parsed from
 * pieces; null when it is something else (or may be), for the whole route to read.
 */
export function parseTextInPieces(file: string, minChars: number): TextInPieces | null {
  const ext = path.extname(file).toLowerCase();
  if (['.pdf', '.docx', '.doc', '.html', '.htm', '.xhtml', '.json', '.jsonl', '.ndjson'].includes(ext)) return null;
  // a PDF or a zip archive whatever its name (detect.ts detectFormat looks at its first bytes)
  const head = Buffer.alloc(1024);
  const fd = fs.openSync(file, 'r');
  const n = (() => {
    try {
      return fs.readSync(fd, head, 0, head.length, 0);
    } finally {
      fs.closeSync(fd);
    }
  })();
  if (head.subarray(0, n).toString('latin1').includes('%PDF-') || head.readUInt32BE(0) === 0x504b0304) return null;
  const scanned = scanTextFile(file);
  if (!scanned || scanned.longestLine > MAX_LINE || scanned.chars < minChars) return null;
  let opening = '';
  for (const piece of decodeFilePieces(file, scanned.encoding)) {
    opening += piece;
    if (opening.length >= OPENING_CHARS) break;
  }
  // (an opening of blanks: the whole route tells an empty file)
  const start = opening.trimStart();
  if (start.length < 200) return null;
  if (start.startsWith('[') || start.startsWith('{')) return null;
  const { format } = textFormat(file, ext, opening);
  if (format !== 'text' && format !== 'markdown') return null;
  const parsed = parseText(file, opening, format === 'markdown');
  for (const doc of parsed.docs)
    if (doc.kind === 'raw') {
      doc.pages = [];
      doc.original = '';
    }
  return {
    parsed: { ...parsed, detected: format, decoding: { encoding: scanned.encoding, invalidBytes: scanned.invalidBytes } },
    fileHash: scanned.sha256,
    bytes: scanned.bytes,
    chars: scanned.chars,
    formFeed: scanned.formFeed,
  };
}
