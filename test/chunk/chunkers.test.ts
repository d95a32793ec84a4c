import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { chunkText, detectHeadings, NoEmbedderError, type TextChunk } from '../../electron/core/chunk';
import { repair } from '../../electron/core/ingest/repair';
import { data, seed } from '../helpers/tmp';

const rfc = repair([fs.readFileSync(data('rfc-radius-eap', 'rfc5247.txt'), 'utf8')], { mode: 'text' });

function expectExact(text: string, chunks: TextChunk[]) {
  for (const c of chunks) {
    expect(text.slice(c.start, c.end)).toBe(c.text);
    expect(c.text).toBe(c.text.trim());
    expect(c.text.length).toBeGreaterThan(0);
  }
  chunks.forEach((c, i) => expect(c.ordinal).toBe(i));
}

/** Everything outside the chunks is whitespace: no text is lost. */
function expectCovered(text: string, chunks: TextChunk[]) {
  let pos = 0;
  for (const c of chunks) {
    expect(text.slice(pos, Math.max(pos, c.start)).trim()).toBe('');
    pos = Math.max(pos, c.end);
  }
  expect(text.slice(pos).trim()).toBe('');
}

describe('recursive chunker', () => {
  it('chunks the RFC into exact spans of at most 1000 characters, covering the whole text', async () => {
    const chunks = await chunkText(rfc.text, { pages: rfc.pages });
    expect(chunks.length).toBeGreaterThan(150);
    expectExact(rfc.text, chunks);
    expectCovered(rfc.text, chunks);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(1000);
    const lengths = chunks.map((c) => c.text.length).sort((a, b) => a - b);
    expect(lengths[Math.floor(lengths.length / 2)]).toBeGreaterThan(600); // packed, not one chunk per paragraph
  });

  it('keeps heading paths and pages', async () => {
    const chunks = await chunkText(rfc.text, { pages: rfc.pages });
    const method = chunks.find((c) => c.text.includes('1.6.3.  Method Independence'))!;
    expect(method.headingPath.slice(0, 2)).toEqual(['1.  Introduction', '1.6.  EAP Invariants']);
    const later = chunks.find((c) => c.start > method.end)!;
    expect(later.headingPath).toEqual(['1.  Introduction', '1.6.  EAP Invariants', '1.6.3.  Method Independence']);
    const pages = chunks.map((c) => c.page!);
    expect(pages.every((p) => Number.isInteger(p) && p >= 1)).toBe(true);
    expect([...pages].sort((a, b) => a - b)).toEqual(pages);
    expect(pages[pages.length - 1]).toBeGreaterThanOrEqual(rfc.pages.length - 1);
  });

  it('never leaves a heading dangling at the end of a chunk', async () => {
    const headings = detectHeadings(rfc.text);
    const chunks = await chunkText(rfc.text, { headings });
    for (const c of chunks) {
      const lastLine = c.text.slice(c.text.lastIndexOf('\n') + 1).trim();
      if (c.text.includes('\n')) expect(headings.some((h) => h.title === lastLine && h.start > c.start)).toBe(false);
    }
  });

  it('honours size and overlap', async () => {
    const chunks = await chunkText(rfc.text, { size: 400, overlap: 80 });
    expectExact(rfc.text, chunks);
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i].start).toBeLessThanOrEqual(chunks[i - 1].end);
      expect(chunks[i].text.length).toBeLessThanOrEqual(480);
      expect(chunks[i].start).toBeGreaterThanOrEqual(chunks[i - 1].start);
    }
    const overlapping = chunks.filter((c, i) => i > 0 && c.start < chunks[i - 1].end).length;
    expect(overlapping).toBeGreaterThan(chunks.length / 2);
  });

  it('splits text without spaces or line breaks (Korean, one long token) within the size', async () => {
    const ko = fs.readFileSync(seed('001_68a6067ece94435d.txt'), 'utf8');
    const chunks = await chunkText(ko, { size: 500 });
    expectExact(ko, chunks);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(500);
    const blob = 'x'.repeat(2500);
    const hard = await chunkText(blob, { size: 1000 });
    expect(hard.map((c) => c.text.length)).toEqual([1000, 1000, 500]);
  });

  it('gives Markdown heading paths', async () => {
    const md = '# Guide\n\nIntro text.\n\n## Install\n\nRun the installer.\n\n### Linux\n\nUse the AppImage.\n\n## Use\n\nOpen a file.';
    const chunks = await chunkText(md, { markdown: true, size: 40 });
    expectExact(md, chunks);
    const linux = chunks.find((c) => c.text.includes('AppImage'))!;
    expect(linux.headingPath).toEqual(['Guide', 'Install', 'Linux']);
    const use = chunks.find((c) => c.text.includes('Open a file'))!;
    expect(use.headingPath).toEqual(['Guide', 'Use']);
  });
});

describe('fixed chunker', () => {
  it('makes windows of the size with overlap, ending at word boundaries', async () => {
    const chunks = await chunkText(rfc.text, { chunker: 'fixed', size: 500, overlap: 50 });
    expectExact(rfc.text, chunks);
    expectCovered(rfc.text, chunks);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(500);
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i].start).toBeLessThan(chunks[i - 1].end);
      expect(chunks[i].start).toBeGreaterThan(chunks[i - 1].start);
    }
    const cutMidWord = chunks.slice(0, -1).filter((c) => /\w/.test(rfc.text[c.end] ?? ' ') && /\w/.test(rfc.text[c.end - 1])).length;
    expect(cutMidWord).toBe(0);
  });
});

describe('semantic chunker', () => {
  // A real (if simple) embedding: how much a sentence is about cats, and about networks.
  const topics = [
    ['cat', 'cats', 'kitten', 'purr', 'whiskers', 'feline', 'naps'],
    ['router', 'packet', 'network', 'protocol', 'tcp', 'latency', 'header'],
  ];
  const embed = async (texts: string[]) =>
    texts.map((t) => {
      const words = t.toLowerCase().match(/[a-z]+/g) ?? [];
      return topics.map((vocab) => words.filter((w) => vocab.includes(w)).length + 0.1);
    });

  it('breaks where adjacent sentences stop being similar', async () => {
    const cats = ['The cat likes to purr.', 'A kitten has whiskers.', 'Every feline cat naps.', 'Cats purr when happy.', 'The kitten chases the cat.'];
    const net = [
      'A router forwards each packet.',
      'The network protocol is TCP.',
      'Latency grows on a busy network.',
      'Each packet has a protocol header.',
      'TCP hides packet loss.',
    ];
    const text = [...cats, ...net].join(' ');
    const chunks = await chunkText(text, { chunker: 'semantic', embed, size: 1000 });
    expectExact(text, chunks);
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    const boundary = text.indexOf('A router');
    expect(chunks.some((c) => c.start === boundary)).toBe(true);
    expect(chunks.every((c) => c.end <= boundary || c.start >= boundary)).toBe(true);
  });

  it('says clearly that it needs an embedding model', async () => {
    await expect(chunkText('One. Two. Three.', { chunker: 'semantic' })).rejects.toThrow(NoEmbedderError);
    await expect(chunkText('One. Two. Three.', { chunker: 'semantic' })).rejects.toThrow(/needs an embedding model/);
  });
});
