// The public sample PDFs of the kit (../shared/samples/pdf, py-pdf sample-files), read as they are:
// a two-column paper's reading order and its table, an outline's sections, an encrypted file's error.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareFile } from '../../electron/core/ingest/pipeline';
import type { NewDocument } from '../../electron/core/store/documents';
import { KIT } from '../helpers/tmp';

const sample = (name: string) => path.join(KIT, 'samples', 'pdf', name);

describe('a two-column LaTeX paper (multicolumn.pdf)', () => {
  let doc: NewDocument;
  beforeAll(async () => {
    doc = (await prepareFile(sample('multicolumn.pdf'))).docs[0];
  }, 120_000);

  it('reads the left column before the right one, and joins a paragraph broken between them', () => {
    const t = doc.text;
    const title = t.indexOf('Two-Column Document with Lorem Ipsum');
    const abstract = t.indexOf('This is a sample document with two columns');
    const left = t.indexOf('Lorem ipsum dolor sit amet, consectetuer adipiscing elit. Ut purus elit');
    const right = t.indexOf('Phasellus adipiscing semper elit.');
    expect(title).toBe(0);
    expect(abstract).toBeGreaterThan(title);
    expect(left).toBeGreaterThan(abstract);
    expect(right).toBeGreaterThan(left);
    // the left column ends mid-sentence, the right one goes on with it
    expect(t).toContain('Vivamus viverra fermentum felis. Donec nonummy pellentesque ante. Phasellus adipiscing semper elit.');
  });

  it('rebuilds its table: the header and five rows of five cells, with the caption', () => {
    const tables = doc.structure!.tables!;
    expect(tables).toHaveLength(1);
    expect(tables[0]).toMatchObject({
      page: 3,
      caption: 'Table 1: EU Countries Information',
      header: ['Country', 'Population (millions)', 'Area (km2)', 'Capital', 'Official Language'],
      rows: [
        ['Austria', '8.9', '83,879', 'Vienna', 'German'],
        ['Belgium', '11.5', '30,689', 'Brussels', 'Dutch, French, German'],
        ['Czech Republic', '10.7', '78,866', 'Prague', 'Czech'],
        ['Denmark', '5.8', '42,951', 'Copenhagen', 'Danish'],
        ['Finland', '5.5', '338,424', 'Helsinki', 'Finnish, Swedish'],
      ],
    });
    // a row is one line: its cells do not run into the next row's
    expect(doc.text).toContain('| Belgium | 11.5 | 30,689 | Brussels | Dutch, French, German |\n| Czech Republic |');
  });

  it('leaves the page numbers out of the text', () => {
    expect(doc.text).not.toMatch(/\n\s*[23]\s*(\n|$)/);
  });
});

describe('a PDF with an outline (pdflatex-outline.pdf)', () => {
  let doc: NewDocument;
  beforeAll(async () => {
    doc = (await prepareFile(sample('pdflatex-outline.pdf'))).docs[0];
  }, 120_000);

  it('takes its nine bookmarks as the sections, numbered as printed', () => {
    const sections = doc.structure!.sections.filter((s) => s.number);
    expect(sections.map((s) => `${s.number} ${s.heading}`)).toEqual(['1 Foo', '2 Bar', '3 Baz', '4 Foo', '5 Bar', '6 Baz', '7 Foo', '8 Bar', '9 Baz']);
    expect(sections.every((s) => s.level === 1)).toBe(true);
    expect(doc.meta?.repairs).toContain('sections from the outline');
  });

  it('keeps its table of contents as lines, marked as one (not a table, not sections)', () => {
    expect(doc.structure!.tables ?? []).toEqual([]);
    const toc = doc.structure!.boilerplate.find((r) => r.kind === 'toc')!;
    expect(doc.text.slice(toc.start, toc.end)).toContain('9 Baz');
    expect(doc.structure!.sections.filter((s) => s.start < toc.end && s.number)).toEqual([]);
  });
});

describe('other real PDFs', () => {
  it('refuses an encrypted PDF with a clear error', async () => {
    await expect(prepareFile(sample('libreoffice-writer-password.pdf'))).rejects.toThrow(/encrypted PDF: it needs a password/);
  });

  it('reads a Google Docs export: its title from the metadata, its lines kept apart', async () => {
    const doc = (await prepareFile(sample('google-doc-document.pdf'))).docs[0];
    expect(doc.title).toBe('PDF Example Document');
    expect(doc.text).toContain('Beautiful is better than ugly.\nExplicit is better than implicit.');
  });

  it('drops the page numbers of a four-page LaTeX document, joining its paragraphs over page breaks', async () => {
    const doc = (await prepareFile(sample('pdflatex-4-pages.pdf'))).docs[0];
    expect(doc.pages.map((p) => p.number)).toEqual([1, 2, 3, 4]);
    expect(doc.text).not.toMatch(/(^|\n)\s*\d\s*(\n|$)/);
    expect(doc.meta?.repairs).toEqual(expect.arrayContaining([expect.stringMatching(/running header and footer lines left out/)]));
  });

  it('reads a one-page LibreOffice file and a PDF/A', async () => {
    for (const f of ['002-trivial-libre-office-writer.pdf', 'crazyones-pdfa.pdf']) {
      const doc = (await prepareFile(sample(f))).docs[0];
      expect(doc.text.length).toBeGreaterThan(200);
      expect(doc.chunks.length).toBeGreaterThan(0);
    }
  });

  it("leaves the engine's own Array.prototype.push, JSON.parse and JSON.stringify in place once pdf.js is loaded (its core-js polyfills are several times slower)", () => {
    // a fresh process: the built-ins taken before anything loads pdf.js, compared after a PDF is read
    // (core-js makes its replacements print as native code, so only identity tells them apart)
    const script = `
      const before = [Array.prototype.push, JSON.parse, JSON.stringify];
      const { prepareFile } = await import(${JSON.stringify(path.resolve('electron/core/ingest/pipeline.ts'))});
      await prepareFile(${JSON.stringify(sample('002-trivial-libre-office-writer.pdf'))});
      const after = [Array.prototype.push, JSON.parse, JSON.stringify];
      console.log(JSON.stringify({ corejs: '__core-js_shared__' in globalThis, same: before.map((f, i) => f === after[i]) }));`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.trim().split('\n').pop()!)).toEqual({ corejs: true, same: [true, true, true] });
  }, 60_000);
});
