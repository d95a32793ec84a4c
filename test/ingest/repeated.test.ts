// Valid text is never rejected as "no text in the document": files whose lines repeat, a long text,
// HTML whose text sits next to a huge attribute. Repeated-header removal never removes the body.
// The inputs are generated here.
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { prepareFile } from '../../electron/core/ingest/pipeline';
import { repair } from '../../electron/core/ingest/repair';
import { removeRepeatedLines, splitPages } from '../../electron/core/ingest/repair/boilerplate';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-repeated-');
afterAll(() => t.cleanup());
const write = (name: string, content: string) => {
  const f = path.join(t.dir, name);
  fs.writeFileSync(f, content);
  return f;
};
const count = (text: string, needle: string) => text.split(needle).length - 1;

const LINE = 'The protection relay shall trip the breaker within twenty milliseconds of a fault.';

describe('repeated lines are the body, not boilerplate', () => {
  it('imports a file of one line repeated 50 times, with all 50', async () => {
    const p = await prepareFile(write('fifty.txt', `${Array(50).fill(LINE).join('\n')}\n`));
    expect(count(p.docs[0].text, LINE)).toBe(50);
    expect(p.docs[0].chunks.length).toBeGreaterThan(0);
  });

  it('keeps a line repeated 300,000 times (the repair, without chunking)', () => {
    const raw = `${Array(300_000).fill(LINE).join('\n')}\n`;
    const r = repair([raw], { mode: 'text' });
    expect(count(r.text, LINE)).toBe(300_000);
    expect(r.repairs.join(' ')).not.toMatch(/boilerplate|running headers/);
  });

  it('keeps pages (form feeds) that are the same lines over and over, and still drops a real running header', () => {
    const page = Array(40).fill(LINE).join('\n');
    const same = repair([Array(20).fill(page).join('\n\f')], { mode: 'text' });
    expect(count(same.text, LINE)).toBe(800);
    // A header on every page above different bodies is still a header.
    const words = ['relays', 'breakers', 'feeders', 'busbars', 'transformers', 'meters', 'sensors', 'cables', 'switches', 'fuses', 'insulators', 'arresters'];
    const pages = Array.from({ length: 12 }, (_, i) =>
      [
        `Widget Standard 2031                Page ${i + 1}`,
        '',
        `The ${words[i]} of this clause are described in detail below.`,
        `Each of the ${words[(i + 5) % 12]} is tested.`,
      ].join('\n'),
    );
    const r = removeRepeatedLines(pages);
    expect(r.removed).toBe(12);
    expect(r.pages.join('\n')).not.toContain('Widget Standard 2031');
    expect(r.pages.join('\n')).toContain('The arresters of this clause');
  });

  it('in place (a large text: its raw pages let go one by one) gives the pages a copy gives, the body kept', () => {
    const words = ['relays', 'breakers', 'feeders', 'busbars', 'transformers', 'meters', 'sensors', 'cables', 'switches', 'fuses', 'insulators', 'arresters'];
    const header = (i: number) => [`Widget Standard 2031                Page ${i + 1}`, '', `The ${words[i]} of this clause are described below.`].join('\n');
    const body = Array(5).fill(LINE).join('\n');
    for (const pages of [Array.from({ length: 12 }, (_, i) => header(i)), Array(12).fill(`${LINE}\n${body}\n${LINE}`)]) {
      const copy = removeRepeatedLines([...pages]);
      const own = [...pages];
      let steps = 0;
      const inPlace = removeRepeatedLines(own, { inPlace: { betweenSteps: () => steps++, stepChars: 100 } });
      expect(inPlace).toEqual(copy);
      expect(steps).toBeGreaterThan(0);
    }
    // the header case removes one line a page; the repeated body loses nothing
    expect(removeRepeatedLines(Array.from({ length: 12 }, (_, i) => header(i))).removed).toBe(12);
    expect(removeRepeatedLines(Array(12).fill(`${LINE}\n${body}\n${LINE}`)).removed).toBe(0);
  });

  it('takes no line of a long text for a page marker when it recurs far apart', () => {
    const lines: string[] = [];
    for (let i = 0; i < 20_000; i++)
      lines.push(
        i % 2000 === 0
          ? 'This sentence comes back now and then in the text body.'
          : `Line ${i} says something different: ${((i * 7919) % 10007).toString(36)} and more.`,
      );
    const pages = splitPages(lines.join('\n'));
    expect(pages).toHaveLength(1);
  });

  it('imports a 5 MB text whose lines differ only in their numbers, losing no line', async () => {
    const lines: string[] = [];
    let size = 0;
    for (let i = 0; size < 5_000_000; i++) {
      const l = `Reading ${i} of feeder ${i % 97} was taken at ${i % 24} hours and logged.`;
      lines.push(l);
      size += l.length + 1;
    }
    const p = await prepareFile(write('five.txt', lines.join('\n')));
    const text = p.docs[0].text;
    expect(count(text, ' hours and logged.')).toBe(lines.length);
    expect(text).toContain(lines[lines.length - 1]);
    expect(p.docs[0].meta!.repairs as string[]).not.toContainEqual(expect.stringMatching(/boilerplate|split into/));
  });

  it('reads HTML whose text sits next to a 20 MB attribute', async () => {
    const html = `<!doctype html><html><head><title>Big attribute</title></head><body><div data-blob="${'x'.repeat(20_000_000)}">Real text next to a big attribute.</div><p>A second paragraph.</p><img src='data:image/png;base64,${'A'.repeat(5_000_000)}'><p>After the image.</p></body></html>`;
    const p = await prepareFile(write('blob.html', html));
    const text = p.docs[0].text;
    expect(text).toContain('Real text next to a big attribute.');
    expect(text).toContain('A second paragraph.');
    expect(text).toContain('After the image.');
    expect(text.length).toBeLessThan(1000);
    expect(p.docs[0].title).toBe('Big attribute');
  });
});
