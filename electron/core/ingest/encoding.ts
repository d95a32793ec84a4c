// The character encoding of a text file, from its bytes: UTF-8, UTF-16 (little or big endian, with
// or without a byte order mark), or a single-byte Western encoding (Windows-1252, of which ISO 8859-1
// is the part without the printable 0x80-0x9F range). Text from older tools is often Windows-1252
// (curly quotes and dashes as single bytes) and a text with a few damaged bytes is still text: bytes
// that are no character in the encoding are kept as U+FFFD and counted. Only what is really binary
// (NUL bytes outside UTF-16, many control characters) is refused. Node's TextDecoder decodes UTF-8
// and UTF-16; the Windows-1252 table is here.
import fs from 'node:fs';
import { isAscii } from 'node:buffer';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { IngestError } from './errors';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | 'iso-8859-1';

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
  /** Bytes that are no character in the encoding, each run of them kept as one U+FFFD. */
  invalidBytes: number;
}

/** Extensions named as text: a binary file with one of them is "binary data, not text", others "unsupported format". */
export const TEXT_EXTENSIONS = new Set([
  '.txt',
  '.text',
  '.md',
  '.markdown',
  '.tsv',
  '.conll',
  '.bio',
  '.json',
  '.jsonl',
  '.ndjson',
  '.html',
  '.htm',
  '.xhtml',
  '.csv',
  '.rst',
  '',
]);

/** Bytes read to decide the encoding and whether a file is text at all. */
const SAMPLE = 64 * 1024;

const REPLACEMENT = 0xfffd;

/** Control characters that are no part of text (all below 0x20 but tab, line feed, vertical tab, form feed, carriage return, escape). */
const isStrayControl = (c: number) => c < 0x09 || (c > 0x0d && c < 0x20 && c !== 0x1b);

/** Too many stray control characters for text: one in a hundred, beyond a few. */
const tooManyControls = (controls: number, length: number) => controls > length * 0.01 + 4;

/**
 * UTF-16 without a byte order mark, by where its zero bytes are: Latin-script text in UTF-16 has the
 * high byte of most characters zero, always at the same parity; binary data has zeros on both sides.
 */
function utf16WithoutBom(sample: Buffer): 'utf-16le' | 'utf-16be' | null {
  const pairs = Math.floor(sample.length / 2);
  if (pairs < 2) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i + 1 < sample.length; i += 2) {
    if (sample[i] === 0) evenZeros++;
    if (sample[i + 1] === 0) oddZeros++;
  }
  if (oddZeros >= pairs * 0.3 && evenZeros <= pairs * 0.02) return 'utf-16le';
  if (evenZeros >= pairs * 0.3 && oddZeros <= pairs * 0.02) return 'utf-16be';
  return null;
}

/** U+FFFD characters in a string. */
function countReplacements(text: string): number {
  let n = 0;
  for (let at = text.indexOf('\uFFFD'); at >= 0; at = text.indexOf('\uFFFD', at + 1)) n++;
  return n;
}

/** Valid UTF-8 encodings of U+FFFD (EF BF BD) in the bytes: replacement characters the file really holds. */
function encodedReplacements(buf: Buffer): number {
  let n = 0;
  const needle = Buffer.from([0xef, 0xbf, 0xbd]);
  for (let at = buf.indexOf(needle); at >= 0; at = buf.indexOf(needle, at + 3)) n++;
  return n;
}

function decodeUtf16(buf: Buffer, encoding: 'utf-16le' | 'utf-16be', bomLength: number, file: string): DecodedText {
  const body = buf.subarray(bomLength);
  const text = new TextDecoder(encoding).decode(body);
  // (the code unit FFFD as the file holds it is text; every other U+FFFD replaced an unpaired surrogate or an odd last byte)
  let held = 0;
  const [hi, lo] = encoding === 'utf-16le' ? [1, 0] : [0, 1];
  for (let i = 0; i + 1 < body.length; i += 2) if (body[i + hi] === 0xff && body[i + lo] === 0xfd) held++;
  const replaced = countReplacements(text) - held;
  let controls = 0;
  const sample = Math.min(text.length, SAMPLE);
  for (let i = 0; i < sample; i++) if (isStrayControl(text.charCodeAt(i))) controls++;
  if (controls && (text.includes('\0') || tooManyControls(controls, sample))) throw binary(file);
  // an unpaired surrogate is two bytes, an odd last byte one
  const invalidBytes = replaced > 0 ? replaced * 2 - (body.length % 2) : 0;
  return { text, encoding, invalidBytes };
}

/**
 * The first bytes of a file that is not UTF-16: refused as binary (a NUL byte, too many stray
 * control characters) as decodeText refuses it.
 */
function checkEightBitSample(sample: Buffer, file: string): void {
  let controls = 0;
  for (const b of sample) {
    if (b === 0) throw binary(file);
    if (isStrayControl(b)) controls++;
  }
  if (tooManyControls(controls, sample.length)) throw binary(file);
}

/** A file that starts with a UTF-16 byte order mark, or reads as UTF-16 without one (by its first bytes). */
function utf16Of(buf: Buffer): { encoding: 'utf-16le' | 'utf-16be'; bomLength: number } | null {
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  const encoding = hasUtf8Bom(buf) ? null : utf16WithoutBom(buf.subarray(0, SAMPLE));
  return encoding ? { encoding, bomLength: 0 } : null;
}

const hasUtf8Bom = (buf: Buffer) => buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf;

/**
 * What decides whether bytes read as UTF-8 are UTF-8 (with some damaged bytes) or a single-byte
 * encoding, counted over the bytes and their UTF-8 decoding, whole or piece by piece.
 */
class Utf8Tally {
  /** U+FFFD in the decoding that replaced bytes (not those the file holds as EF BF BD). */
  replaced = 0;
  /** Characters past ASCII decoded well (neither U+FFFD nor a pair's second half). */
  wellFormed = 0;
  /** Bytes the decoding takes in UTF-8. */
  utf8Bytes = 0;
  /** The last two bytes of the previous piece: an EF BF BD may straddle two pieces. */
  private carry = Buffer.alloc(0);

  /** A piece of the bytes and its decoding (an ASCII piece needs none: pass its bytes' count). */
  add(bytes: Buffer, decoded: string | null): void {
    if (decoded === null) {
      this.utf8Bytes += bytes.length;
      this.carry = Buffer.alloc(0);
      return;
    }
    this.utf8Bytes += Buffer.byteLength(decoded);
    const replacements = countReplacements(decoded);
    this.replaced += replacements - (replacements ? encodedReplacements(this.carry.length ? Buffer.concat([this.carry, bytes]) : bytes) : 0);
    this.carry = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 2)));
    for (let i = 0; i < decoded.length; i++) {
      const c = decoded.charCodeAt(i);
      if (c >= 0x80 && c !== REPLACEMENT && !(c >= 0xdc00 && c <= 0xdfff)) this.wellFormed++;
    }
  }

  /**
   * UTF-8 (and its bytes that were no character), or null for a single-byte encoding: a UTF-8 text
   * with a few damaged bytes has more well-formed multi-byte characters than damaged places; a
   * Windows-1252 text has (almost) none: its curly quotes, dashes and accented letters are single
   * bytes that UTF-8 cannot read.
   */
  decide(utf8Bom: boolean, bodyBytes: number): { invalidBytes: number } | null {
    if (this.replaced === 0) return { invalidBytes: 0 };
    // U+FFFD takes three bytes in UTF-8: what is left of the file's bytes was invalid
    if (utf8Bom || this.wellFormed > this.replaced) return { invalidBytes: bodyBytes - (this.utf8Bytes - this.replaced * 3) };
    return null;
  }
}

/**
 * Decode a text file's bytes. Throws an IngestError for binary data ("binary data, not text" for a
 * file named as text, "unsupported format" for another extension).
 */
export function decodeText(buf: Buffer, file: string): DecodedText {
  const utf16 = utf16Of(buf);
  if (utf16) return decodeUtf16(buf, utf16.encoding, utf16.bomLength, file);
  checkEightBitSample(buf.subarray(0, SAMPLE), file);
  const utf8Bom = hasUtf8Bom(buf);
  const body = utf8Bom ? buf.subarray(3) : buf;
  const utf8 = new TextDecoder('utf-8', { ignoreBOM: true }).decode(body);
  const tally = new Utf8Tally();
  tally.add(body, utf8);
  const asUtf8 = tally.decide(utf8Bom, body.length);
  return asUtf8 ? { text: utf8, encoding: 'utf-8', invalidBytes: asUtf8.invalidBytes } : decodeSingleByte(buf);
}

/** What scanTextFile found in a file read in pieces. */
export interface ScannedText {
  /** The encoding decodeText would decode the whole file in, and its bytes that are no character in it. */
  encoding: TextEncoding;
  invalidBytes: number;
  /** The decoded text's length (UTF-16 code units) and its longest line's. */
  chars: number;
  longestLine: number;
  /** The text holds a form feed (a page break). */
  formFeed: boolean;
  /** The bytes read and their SHA-256. */
  bytes: number;
  sha256: string;
}

/**
 * A UTF-8 or single-byte text file scanned in pieces, nothing of it kept: the encoding decodeText
 * would decode it in (decided over all its bytes, as decodeText decides it), its length and longest
 * line in that encoding, and its hash. Null for a file that is, or may be, UTF-16 (decodeText reads
 * those whole). Throws decodeText's error for binary data.
 */
export function scanTextFile(file: string, pieceBytes = PIECE_BYTES): ScannedText | null {
  const hash = createHash('sha256');
  const tally = new Utf8Tally();
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  // lines counted both ways: in UTF-8 code units and in bytes (a single-byte encoding's characters)
  const lines = { utf8: 0, bytes: 0, longestUtf8: 0, longestBytes: 0 };
  let chars = 0;
  let bytesRead = 0;
  let formFeed = false;
  let high = false;
  let undefinedBytes = 0;
  let utf8Bom = false;
  let wholeSoFar = true;
  const fd = fs.openSync(file, 'r');
  try {
    // the opening decides UTF-16 and binary data, as decodeText decides them
    const sample = Buffer.alloc(SAMPLE);
    const opening = sample.subarray(0, fs.readSync(fd, sample, 0, SAMPLE, 0));
    if (utf16Of(opening)) return null;
    checkEightBitSample(opening, file);
    utf8Bom = hasUtf8Bom(opening);
    const block = Buffer.alloc(Math.max(4, pieceBytes));
    for (;;) {
      const n = fs.readSync(fd, block, 0, block.length, null);
      if (n === 0) break;
      let bytes = block.subarray(0, n);
      hash.update(bytes);
      // (the byte order mark is no part of the text)
      if (bytesRead === 0 && utf8Bom) bytes = bytes.subarray(3);
      bytesRead += n;
      if (!formFeed && bytes.includes(0x0c)) formFeed = true;
      const ascii = wholeSoFar && isAscii(bytes);
      wholeSoFar = bytes.length > 0 && bytes[bytes.length - 1] < 0x80;
      const decoded = ascii ? null : decoder.decode(bytes, { stream: true });
      tally.add(bytes, decoded);
      chars += decoded?.length ?? bytes.length;
      countLines(decoded ?? bytes, bytes, lines);
      if (!ascii)
        for (const b of bytes)
          if (b >= 0x80 && b <= 0x9f) {
            high = true;
            if (CP1252_HIGH[b - 0x80] === '\0') undefinedBytes++;
          }
    }
    const rest = decoder.decode();
    if (rest) {
      tally.add(Buffer.alloc(0), rest);
      chars += rest.length;
      countLines(rest, Buffer.alloc(0), lines);
    }
  } finally {
    fs.closeSync(fd);
  }
  const body = bytesRead - (utf8Bom ? 3 : 0);
  const asUtf8 = tally.decide(utf8Bom, body);
  const scanned = { formFeed, bytes: bytesRead, sha256: hash.digest('hex') };
  if (asUtf8) return { ...scanned, encoding: 'utf-8', invalidBytes: asUtf8.invalidBytes, chars, longestLine: Math.max(lines.longestUtf8, lines.utf8) };
  // (never with a UTF-8 byte order mark: decide reads such a file as UTF-8)
  return {
    ...scanned,
    encoding: high ? 'windows-1252' : 'iso-8859-1',
    invalidBytes: undefinedBytes,
    chars: bytesRead,
    longestLine: Math.max(lines.longestBytes, lines.bytes),
  };
}

/** Line lengths over pieces: the open line's length so far and the longest closed one, in code units and in bytes. */
function countLines(decoded: string | Buffer, bytes: Buffer, lines: { utf8: number; bytes: number; longestUtf8: number; longestBytes: number }): void {
  const walk = (next: (from: number) => number, length: number, open: number, longest: number): [number, number] => {
    let from = 0;
    for (let nl = next(0); nl !== -1; nl = next(from)) {
      longest = Math.max(longest, open + nl - from);
      open = 0;
      from = nl + 1;
    }
    return [open + length - from, longest];
  };
  const nextIn = (s: string | Buffer) => (from: number) => (typeof s === 'string' ? s.indexOf('\n', from) : s.indexOf(0x0a, from));
  // (an ASCII piece is its bytes: the same lines, counted once while both counts agree)
  const same = decoded === bytes && lines.utf8 === lines.bytes && lines.longestUtf8 === lines.longestBytes;
  [lines.bytes, lines.longestBytes] = walk(nextIn(bytes), bytes.length, lines.bytes, lines.longestBytes);
  if (same) {
    [lines.utf8, lines.longestUtf8] = [lines.bytes, lines.longestBytes];
    return;
  }
  [lines.utf8, lines.longestUtf8] = walk(nextIn(decoded), decoded.length, lines.utf8, lines.longestUtf8);
}

/**
 * Windows-1252's characters at 0x80-0x9F (where ISO 8859-1 has control codes no text uses); NUL for
 * the five bytes it leaves undefined. (Node 20's TextDecoder('windows-1252') decodes these bytes as
 * ISO 8859-1's control codes, so the table is here.)
 */
const CP1252_HIGH = '€\0‚ƒ„…†‡ˆ‰Š‹Œ\0Ž\0\0‘’“”•–—˜™š›œ\0žŸ';

/** Windows-1252 (ISO 8859-1 when no byte falls in 0x80-0x9F); its undefined bytes become U+FFFD. */
function decodeSingleByte(buf: Buffer): DecodedText {
  let high = false;
  let undefinedBytes = 0;
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i];
    if (b >= 0x80 && b <= 0x9f) {
      high = true;
      if (CP1252_HIGH[b - 0x80] === '\0') undefinedBytes++;
    }
  }
  const text = buf.toString('latin1');
  return { text: high ? windows1252(text) : text, encoding: high ? 'windows-1252' : 'iso-8859-1', invalidBytes: undefinedBytes };
}

/** A text read as ISO 8859-1 with its 0x80-0x9F characters read as Windows-1252's (U+FFFD for the undefined five). */
function windows1252(latin1: string): string {
  return latin1.replace(/[\u0080-\u009f]/g, (c) => {
    const ch = CP1252_HIGH[c.charCodeAt(0) - 0x80];
    return ch === '\0' ? '\uFFFD' : ch;
  });
}

/** Bytes read at a time when a text file is read again in pieces. */
const PIECE_BYTES = 1 << 20;

/**
 * A text file read again in pieces, decoded as decodeText decoded it in `encoding` (its byte order
 * mark left out the same way): the pieces join into decodeText's text of the same bytes. `onBytes`
 * sees every byte read, in order (to tell whether the file is still the one first read).
 */
export function* decodeFilePieces(file: string, encoding: TextEncoding, onBytes?: (bytes: Buffer) => void, pieceBytes = PIECE_BYTES): Generator<string> {
  const decoder =
    encoding === 'utf-8'
      ? new TextDecoder('utf-8', { ignoreBOM: true })
      : encoding === 'utf-16le' || encoding === 'utf-16be'
        ? new TextDecoder(encoding)
        : null;
  const fd = fs.openSync(file, 'r');
  try {
    const block = Buffer.alloc(Math.max(4, pieceBytes));
    let first = true;
    let wholeSoFar = true;
    for (;;) {
      const n = fs.readSync(fd, block, 0, block.length, null);
      if (n === 0) break;
      let bytes = block.subarray(0, n);
      onBytes?.(bytes);
      if (first) {
        first = false;
        // the byte order marks decodeText leaves out (one at the start of UTF-16 is read as its mark)
        if (encoding === 'utf-8' && n >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
        else if (encoding === 'utf-16le' && n >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) bytes = bytes.subarray(2);
        else if (encoding === 'utf-16be' && n >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) bytes = bytes.subarray(2);
      }
      // (a single-byte encoding has no character over two blocks; UTF-8 and UTF-16 decoders carry one over)
      // An ASCII block of UTF-8 after a block that ended on a whole character is its bytes as they
      // are: read as Latin-1, it is V8's one-byte string (a streaming TextDecoder gives two bytes a
      // character), and the decoder has nothing carried over to lose.
      const ascii = encoding === 'utf-8' && wholeSoFar && isAscii(bytes);
      // (an ASCII byte ends whatever sequence came before it: nothing is carried over past it)
      wholeSoFar = bytes.length > 0 && bytes[bytes.length - 1] < 0x80;
      const text = ascii
        ? bytes.toString('latin1')
        : decoder
          ? decoder.decode(bytes, { stream: true })
          : encoding === 'windows-1252'
            ? windows1252(bytes.toString('latin1'))
            : bytes.toString('latin1');
      if (text) yield text;
    }
    const rest = decoder?.decode() ?? '';
    if (rest) yield rest;
  } finally {
    fs.closeSync(fd);
  }
}

function binary(file: string): IngestError {
  const ext = path.extname(file).toLowerCase();
  return TEXT_EXTENSIONS.has(ext)
    ? new IngestError(`binary data, not text (the file is named ${ext || 'without an extension'} but holds no readable text)`)
    : new IngestError(`unsupported format: ${ext}`);
}

const ENCODING_NAMES: Record<TextEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252',
  'iso-8859-1': 'ISO 8859-1 (Latin-1)',
};

/** How a decoded text is described to the user ("Windows-1252", "UTF-8, 3 invalid bytes kept as U+FFFD"); null for clean UTF-8. */
export function describeDecoding(d: { encoding: string; invalidBytes: number }): string | null {
  if (d.encoding === 'utf-8' && !d.invalidBytes) return null;
  const name = ENCODING_NAMES[d.encoding as TextEncoding] ?? d.encoding;
  return d.invalidBytes ? `${name}, ${d.invalidBytes} invalid byte${d.invalidBytes === 1 ? '' : 's'} kept as U+FFFD` : name;
}
