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
 * Decode a text file's bytes. Throws an IngestError for binary data ("binary data, not text" for a
 * file named as text, "unsupported format" for another extension).
 */
export function decodeText(buf: Buffer, file: string): DecodedText {
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) return decodeUtf16(buf, 'utf-16le', 2, file);
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) return decodeUtf16(buf, 'utf-16be', 2, file);
  const utf8Bom = buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf;
  const sample = buf.subarray(0, SAMPLE);
  if (!utf8Bom) {
    const utf16 = utf16WithoutBom(sample);
    if (utf16) return decodeUtf16(buf, utf16, 0, file);
  }
  let controls = 0;
  for (const b of sample) {
    if (b === 0) throw binary(file);
    if (isStrayControl(b)) controls++;
  }
  if (tooManyControls(controls, sample.length)) throw binary(file);

  const body = utf8Bom ? buf.subarray(3) : buf;
  const utf8 = new TextDecoder('utf-8', { ignoreBOM: true }).decode(body);
  const replaced = countReplacements(utf8) - (utf8.includes('\uFFFD') ? encodedReplacements(body) : 0);
  if (replaced === 0) return { text: utf8, encoding: 'utf-8', invalidBytes: 0 };
  // Some bytes are no UTF-8. A UTF-8 text with a few damaged bytes has more well-formed multi-byte
  // characters than damaged places; a Windows-1252 text has (almost) none: its curly quotes, dashes
  // and accented letters are single bytes that UTF-8 cannot read.
  let wellFormed = 0;
  for (let i = 0; i < utf8.length && wellFormed <= replaced; i++) {
    const c = utf8.charCodeAt(i);
    if (c >= 0x80 && c !== REPLACEMENT && !(c >= 0xdc00 && c <= 0xdfff)) wellFormed++;
  }
  if (utf8Bom || wellFormed > replaced) {
    // U+FFFD takes three bytes in UTF-8: what is left of the file's bytes was invalid
    const validBytes = Buffer.byteLength(utf8) - replaced * 3;
    return { text: utf8, encoding: 'utf-8', invalidBytes: body.length - validBytes };
  }
  return decodeSingleByte(buf);
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
