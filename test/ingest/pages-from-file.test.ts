// A large text with form feeds is repaired from its pages read again from the file in pieces (the text
// parsed is let go first: ingest/pipeline.ts pagesFromFile), never from the one raw string: the document
// prepared is the one the whole raw text gives (text, pages, repairs, headings, structure, chunks), for
// a generated text of a few MB, a kit RFC, and texts whose pages need Unicode normalisation or have
// CRLF line ends, in UTF-8, UTF-16 and Windows-1252. A file changed after it was parsed is refused.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareFile } from '../../electron/core/ingest/pipeline';
import { generateText } from '../../bench/ingest';
import { data, tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-pages-from-file-');
afterAll(() => t.cleanup());

/**
 * The same file prepared through its pages read again (every text counts as large, and is parsed from
 * pieces where it can be: text-in-pieces.ts) and through the whole raw text.
 */
async function bothWays(file: string) {
  const paged = await prepareFile(file, { originalFromFileChars: 0, readInPiecesBytes: 0 });
  const whole = await prepareFile(file, { originalFromFileChars: Infinity, readInPiecesBytes: Infinity });
  expect(paged.originalFromFile).toBeDefined();
  expect(whole.originalFromFile).toBeUndefined();
  return { paged: paged.docs[0], whole: whole.docs[0] };
}

describe('a large text repaired from its pages read again from the file', () => {
  it('gives the document the whole raw text gives: a generated text of a few MB', async () => {
    const file = path.join(t.dir, 'generated.txt');
    generateText(file, 3);
    expect(fs.readFileSync(file, 'latin1').split('\f').length).toBeGreaterThan(100);
    const { paged, whole } = await bothWays(file);
    expect(paged.text).toBe(whole.text);
    expect(paged.pages).toEqual(whole.pages);
    expect(paged.meta).toEqual(whole.meta);
    expect((paged.meta as { repairs: string[] }).repairs.some((r) => /^split into \d+ pages$/.test(r))).toBe(true);
    expect(paged.structure).toEqual(whole.structure);
    expect(paged.chunks).toEqual(whole.chunks);
    expect(paged.chunks.length).toBeGreaterThan(1000);
    expect({ ...paged, originalText: undefined }).toEqual({ ...whole, originalText: undefined });
  }, 120_000);

  it('gives the document the whole raw text gives: a kit RFC', async () => {
    const file = data('rfc-radius-eap', 'rfc3580.txt');
    expect(fs.readFileSync(file, 'utf8')).toContain('\f');
    const { paged, whole } = await bothWays(file);
    expect(paged.structure?.sections.length).toBeGreaterThan(10);
    expect({ ...paged, originalText: undefined }).toEqual({ ...whole, originalText: undefined });
  }, 60_000);

  it('normalises each page as the whole text: NFKC characters, CRLF line ends, in UTF-8, UTF-16 and Windows-1252', async () => {
    const page = (n: number) =>
      `Header of the document                          Page ${n}\r\n\r\n` +
      `   The ﬁrst paragraph of page ${n} holds a ligature, a full-width Ａ and a\r\n` +
      `   no-break\u00a0space, wrapped over lines of the same width as the rest\r\n` +
      `   of the page so that they are joined back when it is reflowed.\r\n\r\n` +
      `${n}.  Section Title ${n}\r\n\r\n   Café “quoted” – text.\r\n`;
    const text = Array.from({ length: 12 }, (_, i) => page(i + 1)).join('\f');
    const cp1252Text = text.replace(/[ﬁＡ]/g, 'x');
    const files = {
      'utf8.txt': Buffer.from(text),
      'utf16.txt': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      'cp1252.txt': Buffer.from([...cp1252Text].map((ch) => ({ '“': 0x93, '”': 0x94, '–': 0x96 })[ch] ?? ch.charCodeAt(0))),
    };
    for (const [name, bytes] of Object.entries(files)) {
      const file = path.join(t.dir, name);
      fs.writeFileSync(file, bytes);
      const { paged, whole } = await bothWays(file);
      expect(paged.text, name).not.toMatch(/[\r\f\u00a0]/);
      expect({ ...paged, originalText: undefined }, name).toEqual({ ...whole, originalText: undefined });
    }
  });

  it('gives the document the whole raw text gives: Markdown and a text without form feeds, read whole from pieces', async () => {
    const para = (n: number) => `The paragraph ${n} says what the server does with a request\nwhen the session key is derived, over two lines.\n\n`;
    const files = {
      'notes.md': `# Notes on sessions\n\n${Array.from({ length: 40 }, (_, i) => `## Part ${i + 1}\n\n${para(i)}`).join('')}`,
      'plain.txt': `1.  Introduction\n\n${Array.from({ length: 60 }, (_, i) => para(i)).join('')}2.  Terms\n\n${para(99)}`,
    };
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(t.dir, name);
      fs.writeFileSync(file, text);
      const { paged, whole } = await bothWays(file);
      expect(paged.chunks.length, name).toBeGreaterThan(0);
      expect({ ...paged, originalText: undefined }, name).toEqual({ ...whole, originalText: undefined });
    }
  });

  it('refuses a file changed after it was parsed, naming what happened', async () => {
    const file = path.join(t.dir, 'changing.txt');
    generateText(file, 1);
    await expect(
      prepareFile(file, { originalFromFileChars: 0, readInPiecesBytes: 0, onChunking: () => fs.appendFileSync(file, 'One more line.\n') }),
    ).rejects.toThrow(/the file changed while it was imported/);
  });
});
