// A large plain text is parsed from pieces of its file (ingest/text-in-pieces.ts): the scan over pieces
// decides what decodeText decides over the whole bytes (encoding, invalid bytes, length, longest line),
// also where what decides it lies far from the opening or across two pieces; what the pieces cannot
// settle (UTF-16, JSON, HTML, a PDF named .txt, a line over the limit) is left to the whole route.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeText, scanTextFile } from '../../electron/core/ingest/encoding';
import { parseTextInPieces } from '../../electron/core/ingest/text-in-pieces';
import { generateText } from '../../bench/ingest';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-text-in-pieces-');
afterAll(() => t.cleanup());

const write = (name: string, bytes: Buffer) => {
  const file = path.join(t.dir, name);
  fs.writeFileSync(file, bytes);
  return file;
};

/** The longest line of a text, in UTF-16 code units. */
const longestLine = (text: string) => Math.max(...text.split('\n').map((l) => l.length));

describe('a text file scanned in pieces', () => {
  const prose = 'The server answers each request of the client.\n'.repeat(400);
  const cases: Record<string, Buffer> = {
    ascii: Buffer.from(prose),
    'utf-8 with accents far from the opening': Buffer.from(`${prose}Café “quoted” – naïve.\n${prose}`),
    'utf-8 with a byte order mark': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${prose}Ünïcode\n`)]),
    'utf-8 with one damaged byte': Buffer.concat([Buffer.from(`${prose}Café “ok” `), Buffer.from([0xff]), Buffer.from(' naïve éé\n')]),
    'utf-8 holding U+FFFD itself': Buffer.from(`${prose}a \uFFFD b\n`),
    'windows-1252 past the opening': Buffer.concat([Buffer.from(prose), Buffer.from([0x93, 0x71, 0x94, 0x20, 0x96, 0x20, 0x81, 0x0a]), Buffer.from(prose)]),
    'latin-1': Buffer.concat([Buffer.from(prose), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])]),
    'form feeds': Buffer.from(`${prose}\f${prose}`),
  };
  for (const [name, bytes] of Object.entries(cases))
    it(`decides as decodeText: ${name}`, () => {
      const file = write('scan.txt', bytes);
      const whole = decodeText(bytes, file);
      // pieces of 7 bytes: multi-byte characters and EF BF BD split over pieces
      for (const pieceBytes of [7, 1 << 20]) {
        const scanned = scanTextFile(file, pieceBytes);
        expect(scanned, name).toEqual({
          encoding: whole.encoding,
          invalidBytes: whole.invalidBytes,
          chars: whole.text.length,
          longestLine: longestLine(whole.text),
          formFeed: whole.text.includes('\f'),
          bytes: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
        });
      }
    });

  it('leaves UTF-16 to the whole route and refuses binary data as decodeText does', () => {
    expect(scanTextFile(write('u16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(prose, 'utf16le')])))).toBeNull();
    const bin = write('bin.txt', Buffer.from([0x00, 0x00, 0x01, 0x00, 0x41, 0x00, 0x00, 0x02]));
    expect(() => decodeText(fs.readFileSync(bin), bin)).toThrow(/binary data/);
    expect(() => scanTextFile(bin)).toThrow(/binary data/);
  });
});

describe('a large text parsed from pieces', () => {
  it('is one raw document with no pages or original held, its format and encoding found', () => {
    const file = path.join(t.dir, 'generated.txt');
    generateText(file, 2);
    const r = parseTextInPieces(file, 0);
    expect(r).not.toBeNull();
    expect(r!.parsed.detected).toBe('text');
    expect(r!.parsed.decoding).toEqual({ encoding: 'utf-8', invalidBytes: 0 });
    expect(r!.formFeed).toBe(true);
    expect(r!.bytes).toBe(fs.statSync(file).size);
    const doc = r!.parsed.docs[0];
    expect(doc.kind === 'raw' && doc.pages.length === 0 && doc.original === '').toBe(true);
    // shorter than asked: the whole route reads it
    expect(parseTextInPieces(file, r!.chars + 1)).toBeNull();
  });

  it('leaves to the whole route what pieces cannot settle', () => {
    const prose = 'The server answers each request of the client.\n'.repeat(100);
    expect(parseTextInPieces(write('c.txt', Buffer.from(`[{"title": "T", "text": "Body."}]\n${prose}`)), 0)).toBeNull();
    expect(parseTextInPieces(write('h.txt', Buffer.from(`<html><body>${prose}</body></html>`)), 0)).toBeNull();
    expect(parseTextInPieces(write('p.txt', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from([0, 1, 2, 3])])), 0)).toBeNull();
    expect(parseTextInPieces(write('long.txt', Buffer.from(`${prose}${'x'.repeat(1_000_001)}\n`)), 0)).toBeNull();
    expect(parseTextInPieces(write('m.md', Buffer.from(`# Title\n\n${prose}`)), 0)?.parsed.detected).toBe('markdown');
  });
});
