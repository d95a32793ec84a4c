// PDFs made by real typesetters from the kit's RFC texts (scripts/pdf-corpus: pandoc + pdflatex
// with fancyhdr running heads and "Page N" footers, a two-column LaTeX article with table floats,
// LibreOffice from a DOCX with a running head, a footnote and tables), each read back against what
// was typeset (scripts/pdf-corpus/expected/): every section with its number, heading and level, every
// table cell in its row and column, no running head inside a chunk, the title and the designation.
// The PDFs are built into a cache folder on first use (about a minute); pandoc, pdflatex and
// soffice must be installed (.ci/run installs them; elsewhere, without them, the file is skipped and
// says why: test/helpers/typesetters.ts).
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORPUS, buildPdf, expectedFor, readExpected, type Expected } from '../../scripts/pdf-corpus/build';
import { corpusSkipReason, requireTypesetters } from '../helpers/typesetters';
import { prepareFile } from '../../electron/core/ingest/pipeline';
import type { NewDocument } from '../../electron/core/store/documents';

/** Typesetters' typography (curly quotes, ligatures) and spacing do not count. */
const norm = (s: string) => s.normalize('NFKC').replace(/[’‘]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim();
const sectionKey = (s: { number: string | null; heading: string; level: number }) => `${s.number ?? '-'} | ${norm(s.heading)} | ${s.level}`;
const captionText = (c: string) => norm(c).replace(/^Table \S+\s*[:–-]\s*/, '');

describe.skipIf(corpusSkipReason !== null)(`the typeset PDF corpus${corpusSkipReason ? ` (${corpusSkipReason})` : ''}`, () => {
  it('has the typesetters it needs', () => {
    expect(requireTypesetters).not.toThrow();
  });

  for (const entry of CORPUS) {
    describe(entry.name, () => {
      let doc: NewDocument;
      let expected: Expected;
      beforeAll(async () => {
        requireTypesetters();
        expected = readExpected(entry.name);
        doc = (await prepareFile(await buildPdf(entry))).docs[0];
      }, 600_000);

      it('reads the expectation the builder writes for it', () => {
        expect(readExpected(entry.name)).toEqual(expectedFor(entry));
      });

      it('finds every section with its number, heading and level, and nothing else (a sentence opening with a number is no heading)', () => {
        expect(doc.structure!.sections.map(sectionKey)).toEqual(expected.sections.map(sectionKey));
      });

      it('rebuilds every table cell in its row and column, with the header row apart', () => {
        const tables = doc.structure!.tables ?? [];
        expect(tables).toHaveLength(expected.tables.length);
        for (const want of expected.tables) {
          const got = tables.find((t) => t.caption && captionText(t.caption) === norm(want.caption));
          expect(got, `table "${want.caption}"`).toBeTruthy();
          expect(got!.header.map(norm)).toEqual(want.header.map(norm));
          expect(got!.rows.map((r) => r.map(norm))).toEqual(want.rows.map((r) => r.map(norm)));
          // each row is one line of the text, its cells in order
          got!.rowSpans.forEach((span, i) => expect(doc.text.slice(span.start, span.end)).toBe(`| ${[got!.header, ...got!.rows][i].join(' | ')} |`));
        }
      });

      it('keeps running heads and page footers out of every chunk', () => {
        for (const c of doc.chunks) {
          for (const head of expected.runningHeads) expect(norm(c.text)).not.toContain(norm(head));
          if (expected.pageFooter) expect(c.text).not.toMatch(/\bPage \d+\b/);
        }
        expect(doc.meta?.repairs).toEqual(expect.arrayContaining([expect.stringMatching(/running header and footer lines left out/)]));
      });

      it('reads the title and the designation from the cover and the metadata', () => {
        expect(doc.structure!.standard?.id).toBe(expected.designation);
        expect(norm(doc.title)).toBe(norm(`${expected.designation}: ${expected.title}`));
      });

      it('keeps every chunk, section and page box inside the text and its pages', () => {
        for (const c of doc.chunks) expect(doc.text.slice(c.start, c.end)).toBe(c.text);
        const pages = doc.pageBoxes!;
        expect(pages.length).toBe(doc.pages.length);
        for (const p of pages) {
          for (let k = 0; k < p.boxes.length; k += 6) {
            const [start, end, x, y, w, h] = p.boxes.slice(k, k + 6);
            expect(end).toBeGreaterThanOrEqual(start);
            expect(x).toBeGreaterThanOrEqual(-1);
            expect(y).toBeGreaterThanOrEqual(-1);
            expect(x + w).toBeLessThanOrEqual(p.width + 1);
            expect(y + h).toBeLessThanOrEqual(p.height + 1);
          }
        }
      });
    });
  }

  it('builds PDFs only into its cache folder, never into the repository', () => {
    expect(fs.readdirSync(new URL('../../scripts/pdf-corpus/', import.meta.url)).filter((f) => f.endsWith('.pdf'))).toEqual([]);
  });
});
