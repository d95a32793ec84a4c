// One entry point over every parser: bytes in, parsed documents out. Every parser works within
// limits set by design (pages, uncompressed size, nesting depth) and stops when `signal` aborts.
import { detectFormat } from './detect';
import { IngestError } from './errors';
import type { ParsedFile } from './types';
import type { DecodedText } from './encoding';
import { MAX_PDF_PAGES, parsePdf } from './parsers/pdf';
import { MAX_DOCX_BYTES, parseDocx } from './parsers/docx';
import { MAX_HTML_DEPTH, parseHtml } from './parsers/html';
import { parseText } from './parsers/text';
import { parseTokenTable, parseConll, parseBioJson, parseSciErc } from './parsers/tokens';
import { parsePassages } from './parsers/passages';

export interface ParseLimits {
  /** Most pages read from a PDF (default 5,000). */
  maxPdfPages?: number;
  /** Most bytes a DOCX may inflate to, all its parts together (default 256 MB). */
  maxDocxBytes?: number;
  /** Deepest element nesting an HTML document (or a DOCX's HTML) may have (default 1,000). */
  maxHtmlDepth?: number;
}

export const DEFAULT_LIMITS: Required<ParseLimits> = {
  maxPdfPages: MAX_PDF_PAGES,
  maxDocxBytes: MAX_DOCX_BYTES,
  maxHtmlDepth: MAX_HTML_DEPTH,
};

interface ParseOptions {
  /** Aborted by cancel or SIGTERM: the parser stops at its next page or step. */
  signal?: AbortSignal;
  /** Corpora and token files: leave bad records out (reported in ParsedFile.skippedRecords) instead of failing. */
  skipBadRecords?: boolean;
  limits?: ParseLimits;
}

/** Throw when the parse was cancelled (checked between pages and steps). */
function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new IngestError('cancelled');
}

/** A parsed file with its detected format and, for a text file, the encoding it was read in. */
type ParsedSource = ParsedFile & { detected: string; decoding?: Pick<DecodedText, 'encoding' | 'invalidBytes'> };

export async function parseFile(file: string, buf: Buffer, options: ParseOptions = {}): Promise<ParsedSource> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const { signal } = options;
  checkAborted(signal);
  const { format, text, json, decoding } = detectFormat(file, buf);
  const t = text ?? '';
  let parsed: ParsedFile;
  switch (format) {
    case 'pdf':
      parsed = await parsePdf(file, buf, { signal, maxPages: limits.maxPdfPages });
      break;
    case 'docx':
      parsed = await parseDocx(file, buf, { signal, maxBytes: limits.maxDocxBytes, maxDepth: limits.maxHtmlDepth });
      break;
    case 'html':
      parsed = parseHtml(file, t, 'html', undefined, { maxDepth: limits.maxHtmlDepth });
      break;
    case 'markdown':
      parsed = parseText(file, t, true);
      break;
    case 'text':
      parsed = parseText(file, t, false);
      break;
    case 'token-table':
      parsed = parseTokenTable(file, t);
      break;
    case 'conll':
      parsed = parseConll(file, t);
      break;
    case 'bio-json':
      parsed = parseBioJson(file, t);
      break;
    case 'passages':
      parsed = await parsePassages(file, t, { skipBadRecords: options.skipBadRecords, signal, json });
      break;
    case 'scierc':
      parsed = parseSciErc(file, t);
      break;
  }
  checkAborted(signal);
  return { ...parsed, detected: format, ...(decoding ? { decoding } : {}) };
}
