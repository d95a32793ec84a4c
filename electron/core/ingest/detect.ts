// The format of a file, from its content first (all seeds are named .txt), its extension second.
import path from 'node:path';
import { IngestError } from './errors';
import { isJson } from '../llm/json';
import { locateJsonError, readJsonRecords } from './parsers/json-records';
import { decodeText, TEXT_EXTENSIONS, type DecodedText } from './encoding';

export type Format = 'pdf' | 'docx' | 'html' | 'markdown' | 'text' | 'token-table' | 'conll' | 'bio-json' | 'passages' | 'scierc';

export const FORMATS: Format[] = ['pdf', 'docx', 'html', 'markdown', 'text', 'token-table', 'conll', 'bio-json', 'passages', 'scierc'];

/** Extensions a folder walk picks up; other files found in folders are skipped, not failed. */
export const KNOWN_EXTENSIONS = new Set([
  '.pdf',
  '.docx',
  '.html',
  '.htm',
  '.xhtml',
  '.md',
  '.markdown',
  '.txt',
  '.text',
  '.tsv',
  '.conll',
  '.bio',
  '.json',
  '.jsonl',
  '.ndjson',
  '',
]);
const BIO_TAG = /^(?:O|[BIESLU]-\S+)$/;

/** True when a buffer looks like a zip holding a Word document. */
function isDocxZip(buf: Buffer): boolean {
  return buf.includes('word/document.xml') || buf.includes('[Content_Types].xml');
}

function looksLikePassages(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((r) => r && typeof r === 'object' && !Array.isArray(r) && typeof (r as { text?: unknown }).text === 'string')
  );
}

/** SciERC / DyGIE records: {doc_key, sentences: token arrays, ner: [start, end, label] per sentence}. */
function looksLikeSciErc(records: unknown[]): boolean {
  return (
    records.length > 0 &&
    records.every((r) => {
      const rec = r as { sentences?: unknown; ner?: unknown };
      return !!rec && Array.isArray(rec.sentences) && Array.isArray(rec.ner) && rec.sentences.every((s) => Array.isArray(s));
    })
  );
}

/** An array most of whose records (of the first 1,000) are {text} objects: a corpus with some bad records. */
function mostlyPassageRecords(value: unknown): boolean {
  if (!Array.isArray(value) || !value.length) return false;
  const sample = value.slice(0, 1000);
  const good = sample.filter((r) => looksLikePassages([r])).length;
  return good > 0 && good >= sample.length / 2;
}

/** The first records of a broken JSON array or JSON lines file: most of them {text} records? */
function mostlyPassages(text: string): boolean {
  const { records, bad } = readJsonRecords(text, 200);
  const good = records.filter((r) => looksLikePassages([r.value])).length;
  return good > 0 && good >= 0.8 * (records.length + bad.length) - 1;
}

function parseJsonLines(text: string): unknown[] | undefined {
  const out: unknown[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line));
    } catch {
      // a line that is not JSON: not JSON lines, detection goes on with the other formats
      return undefined;
    }
  }
  return out;
}

/** Arrays of strings on their own lines, tokens then tags, as in the kit's sample ../shared/samples/seeds/003_*.txt. */
function looksLikeBioJson(text: string): boolean {
  let pairs = 0;
  let prev: string[] | null = null;
  let checked = 0;
  let broken = 0;
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (!t.startsWith('[') || !t.endsWith(']')) continue;
    let arr: unknown;
    try {
      arr = JSON.parse(t);
    } catch {
      // One broken array among good ones is still a BIO file: the parser says where it is broken.
      if (++broken > 2) return false;
      continue;
    }
    if (!Array.isArray(arr) || !arr.every((x) => typeof x === 'string')) return false;
    const strings = arr as string[];
    if (prev && prev.length === strings.length && strings.length > 0 && strings.every((x) => BIO_TAG.test(x))) {
      pairs++;
      prev = null;
    } else prev = strings;
    if (++checked >= 20) break;
  }
  return pairs >= 1;
}

function looksLikeTokenTable(text: string): boolean {
  const lines = text.split('\n', 50).filter((l) => l.trim());
  if (lines.length < 3) return false;
  const header = lines[0].split('\t').map((h) => h.trim().toLowerCase());
  if (header.length < 2 || !header.some((h) => h === 'token' || h === 'word' || h === 'form')) return false;
  const same = lines.slice(1).filter((l) => l.split('\t').length === header.length).length;
  return same / (lines.length - 1) >= 0.8;
}

function looksLikeConll(text: string): boolean {
  const lines = text.split('\n', 400).filter((l) => l.trim());
  if (!lines.length) return false;
  if (lines[0].startsWith('-DOCSTART-')) return true;
  let tagged = 0;
  let entity = 0;
  for (const l of lines) {
    const cols = l.trim().split(/\s+/);
    if (cols.length >= 2 && cols.length <= 6 && BIO_TAG.test(cols[cols.length - 1])) {
      tagged++;
      if (cols[cols.length - 1] !== 'O') entity++;
    }
  }
  return lines.length >= 5 && tagged / lines.length >= 0.9 && entity > 0;
}

/**
 * Detect the format of a file from its bytes. Throws an IngestError for empty files, binary data
 * and formats it cannot read.
 */
export function detectFormat(
  file: string,
  buf: Buffer,
): { format: Format; text?: string; json?: unknown; decoding?: Pick<DecodedText, 'encoding' | 'invalidBytes'> } {
  const ext = path.extname(file).toLowerCase();
  if (buf.length === 0) throw new IngestError('empty file');
  const head = buf.subarray(0, 1024).toString('latin1');
  if (head.includes('%PDF-')) return { format: 'pdf' };
  if (ext === '.pdf') throw new IngestError('not a PDF file (no %PDF header)');
  if (buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04) {
    if (ext === '.docx' || isDocxZip(buf)) return { format: 'docx' };
    throw new IngestError(`unsupported format: ${ext || 'zip archive'}`);
  }
  if (ext === '.docx') throw new IngestError('not a valid DOCX file (not a zip archive)');
  if (ext === '.doc') throw new IngestError('unsupported format: .doc (save it as .docx)');
  const decoded = decodeText(buf, file);
  const text = decoded.text;
  if (!text.trim()) throw new IngestError('empty file (only whitespace)');
  const decoding = { encoding: decoded.encoding, invalidBytes: decoded.invalidBytes };
  return { ...textFormat(file, ext, text), decoding };
}

/** The format of a decoded text file: by its opening, its records or its lines, then its extension. */
export function textFormat(file: string, ext: string, text: string): { format: Format; text?: string; json?: unknown } {
  const start = text.trimStart().slice(0, 200).toLowerCase();
  if (['.html', '.htm', '.xhtml'].includes(ext) || /^(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/.test(start)) return { format: 'html', text };
  if (start.startsWith('[') || start.startsWith('{') || ['.json', '.jsonl', '.ndjson'].includes(ext)) {
    let whole: unknown;
    try {
      whole = JSON.parse(text);
    } catch {
      // not one JSON document: maybe JSON lines, tried next
      whole = undefined;
    }
    if (looksLikePassages(whole) || mostlyPassageRecords(whole)) return { format: 'passages', text, json: whole };
    if (whole === undefined) {
      const lines = parseJsonLines(text);
      if (lines && looksLikePassages(lines)) return { format: 'passages', text };
      if (lines && looksLikeSciErc(lines)) return { format: 'scierc', text };
      // Broken somewhere: a corpus whose readable records are passages is still a corpus (the
      // parser reports, or skips, the bad records).
      if (!lines && mostlyPassages(text)) return { format: 'passages', text };
    }
    if (looksLikeSciErc(Array.isArray(whole) ? whole : whole !== undefined ? [whole] : [])) return { format: 'scierc', text };
    if (looksLikeBioJson(text.slice(0, 1 << 20))) return { format: 'bio-json', text };
    if (['.json', '.jsonl', '.ndjson'].includes(ext)) {
      if (whole === undefined && !parseJsonLines(text)) {
        // Say where it is broken: the record and its line and column.
        const firstLine = text.slice(0, text.indexOf('\n') >>> 0).trim();
        const jsonLines = ext === '.jsonl' || ext === '.ndjson' || (firstLine.startsWith('{') && isJson(firstLine));
        const sample = jsonLines ? readJsonRecords(text, 1000) : undefined;
        if (sample?.bad.length) throw new IngestError(`malformed JSON lines: ${sample.bad[0].error}`);
        const where = locateJsonError(text);
        if (where) throw new IngestError(`malformed JSON at ${where}`);
      }
      throw new IngestError('unsupported JSON: expected an array (or JSON lines) of {title, text} records, SciERC records, or token and BIO tag arrays');
    }
  }
  const sniff = text.slice(0, 1 << 20);
  if (looksLikeTokenTable(sniff)) return { format: 'token-table', text };
  if (ext === '.conll' || ext === '.bio' || looksLikeConll(sniff)) return { format: 'conll', text };
  if (looksLikeBioJson(sniff)) return { format: 'bio-json', text };
  if (ext === '.md' || ext === '.markdown' || (sniff.match(/^#{1,6} \S/gm)?.length ?? 0) >= 3) return { format: 'markdown', text };
  if (!TEXT_EXTENSIONS.has(ext)) throw new IngestError(`unsupported format: ${ext}`);
  return { format: 'text', text };
}
