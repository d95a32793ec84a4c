// Tables, notes and annexes through the pipeline: a typeset PDF's tables in `document --structure
// --json` and their rows' triples citing the row; HTML and DOCX tables kept the same way; notes,
// examples, captions and annexes found in the text; requirements in an informative annex are none.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { runMain as run } from '../helpers/cli';
import { tmpDir } from '../helpers/tmp';
import { corpusSkipReason, requireTypesetters } from '../helpers/typesetters';
import { CORPUS, buildPdf } from '../../scripts/pdf-corpus/build';
import { prepareFile } from '../../electron/core/ingest/pipeline';
import { findBlocks, markAnnexes } from '../../electron/core/document/blocks';
import { analyzeStructure } from '../../electron/core/document/structure';
import { standardsExtract } from '../../electron/core/extract/standards';

const t = tmpDir('gw-tables-');
afterAll(() => t.cleanup());
afterEach(() => vi.restoreAllMocks());

interface Prov {
  document: number;
  start: number;
  end: number;
  quote: string;
}

describe.skipIf(corpusSkipReason !== null)(
  `a typeset PDF standard through ingest and classic extraction${corpusSkipReason ? ` (${corpusSkipReason})` : ''}`,
  () => {
    const db = path.join(t.dir, 'pdf.db');
    let triples: { subject: string; relation: string; object: string; provenance: Prov[] }[] = [];
    let structure: {
      standard: { id: string } | null;
      tables: {
        page: number | null;
        caption?: string;
        header: string[];
        rows: string[][];
        start: number;
        end: number;
        rowSpans: { start: number; end: number }[];
      }[];
    };
    let text = '';
    beforeAll(async () => {
      requireTypesetters();
      const pdf = await buildPdf(CORPUS.find((e) => e.name === 'pandoc-rfc2867')!);
      expect((await run(['ingest', pdf, '--db', db, '--json', '--quiet'])).code).toBe(0);
      const ex = await run(['extract', '--db', db, '--engine', 'classic', '--json']);
      expect(ex.code, ex.stderr).toBe(0);
      triples = JSON.parse((await run(['triples', '--db', db, '--json'])).stdout);
      structure = JSON.parse((await run(['document', '1', '--db', db, '--structure', '--json'])).stdout);
      text = JSON.parse((await run(['document', '1', '--db', db, '--text', '--json'])).stdout).text;
    }, 600_000);

    it('document --structure --json lists the tables: page, caption, header, rows, span', () => {
      expect(structure.standard?.id).toBe('RFC 2867');
      const summary = structure.tables.find((x) => x.caption === 'Table 8: Table of Attributes values')!;
      expect(summary).toMatchObject({ page: expect.any(Number), header: ['Request', '#', 'Attribute'] });
      expect(summary.rows[0]).toEqual(['0-1', '64', 'Tunnel-Type']);
      expect(summary.rows).toHaveLength(10);
      expect(text.slice(summary.start, summary.end)).toContain('| 0-1 | 86 | Acct-Tunnel-Packets-Lost |');
    });

    it("a table row's cells become triples citing that row", () => {
      const summary = structure.tables.find((x) => x.caption === 'Table 8: Table of Attributes values')!;
      const row = summary.rowSpans[1]; // 0-1 | 64 | Tunnel-Type
      const fromRow = triples.filter((x) => x.provenance.some((p) => p.start >= row.start && p.end <= row.end));
      expect(fromRow.map((x) => `${x.subject} | ${x.relation} | ${x.object}`)).toEqual(
        expect.arrayContaining(['0-1 | # | 64', '0-1 | attribute | Tunnel-Type']),
      );
      // every triple of a table row cites a quote inside that row's line
      const attrTable = structure.tables.find((x) => x.caption === 'Table 1: Tunnel-Start values')!;
      const userName = triples.find((x) => x.subject === 'User-Name' && x.relation === 'has code' && x.object === '1')!; // (a numeric type code is one relation: rel.code)
      expect(userName).toBeTruthy();
      const p = userName.provenance.find((q) => q.start >= attrTable.start && q.end <= attrTable.end)!;
      expect(attrTable.rowSpans.some((r) => p.start >= r.start && p.end <= r.end)).toBe(true);
    });

    it('the plain structure output names the tables', async () => {
      const plain = await run(['document', '1', '--db', db, '--structure']);
      expect(plain.stdout).toMatch(/^table\tTable 8: Table of Attributes values\t3 columns, 10 rows\tpage \d+\t\[\d+, \d+\)$/m);
    });
  },
);

describe('HTML and DOCX tables', () => {
  it('an HTML table is kept: its header (th), rows and caption, one line a row', async () => {
    const file = path.join(t.dir, 'codes.html');
    fs.writeFileSync(
      file,
      `<html><head><title>Status codes</title></head><body><h1>Status codes</h1><p>The codes are:</p>
       <table><caption>Table 2 – Status codes</caption><thead><tr><th>Code</th><th>Name</th><th>Meaning</th></tr></thead>
       <tbody><tr><td>1</td><td>Start</td><td>Accounting starts</td></tr><tr><td>2</td><td>Stop</td><td>Accounting stops, <b>final</b></td></tr>
       <tr><td colspan="2">3 Interim</td><td>An update</td></tr></tbody></table><p>After the table.</p></body></html>`,
    );
    const doc = (await prepareFile(file)).docs[0];
    const tables = doc.structure!.tables!;
    expect(tables).toHaveLength(1);
    expect(tables[0]).toMatchObject({
      page: null,
      caption: 'Table 2 – Status codes',
      header: ['Code', 'Name', 'Meaning'],
      rows: [
        ['1', 'Start', 'Accounting starts'],
        ['2', 'Stop', 'Accounting stops, final'],
        ['3 Interim', '', 'An update'],
      ],
    });
    expect(doc.text.slice(tables[0].rowSpans[2].start, tables[0].rowSpans[2].end)).toBe('| 2 | Stop | Accounting stops, final |');
    const chunk = { start: 0, end: doc.text.length };
    const got = standardsExtract(doc.text, chunk, { structure: doc.structure }).triples.filter((x) => x.meta?.pattern === 'table.row');
    expect(got.map((x) => `${x.head.text} | ${x.relation} | ${x.tail.text}`)).toEqual(
      expect.arrayContaining(['1 | name | Start', '2 | meaning | Accounting stops, final']),
    );
  });

  it('a DOCX table (mammoth) is kept the same way', async () => {
    const cell = (s: string, bold = false) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text: s, bold })] })] });
    const docx = new Document({
      sections: [
        {
          children: [
            new Paragraph('Attributes of the accounting request:'),
            new Table({
              width: { size: 100, type: WidthType.PERCENTAGE },
              rows: [
                new TableRow({ tableHeader: true, children: [cell('Attribute', true), cell('Type', true)] }),
                new TableRow({ children: [cell('User-Name'), cell('1')] }),
                new TableRow({ children: [cell('NAS-Port'), cell('5')] }),
              ],
            }),
          ],
        },
      ],
    });
    const file = path.join(t.dir, 'attrs.docx');
    fs.writeFileSync(file, Buffer.from(await Packer.toBuffer(docx)));
    const doc = (await prepareFile(file)).docs[0];
    expect(doc.structure!.tables).toEqual([
      expect.objectContaining({
        header: ['Attribute', 'Type'],
        rows: [
          ['User-Name', '1'],
          ['NAS-Port', '5'],
        ],
      }),
    ]);
    expect(doc.text).toContain('| Attribute | Type |\n| User-Name | 1 |\n| NAS-Port | 5 |');
  });
});

describe('notes, examples, captions and annexes', () => {
  const text = [
    'IEC 99999-1',
    '',
    '1 Scope',
    '',
    'The relay shall trip within 20 ms.',
    '',
    'NOTE 1 The relay should trip faster where the line is short.',
    '',
    'EXAMPLE A relay on a 2 km line.',
    '',
    'Table 3 – Trip times',
    '',
    'Figure 2: Relay wiring',
    '',
    'Note that this sentence is prose, not a note.',
    '',
    'Annex A',
    '(informative)',
    'Practical advice',
    '',
    'The relay shall be painted grey.',
    '',
    'Annex B',
    '(normative)',
    'Test procedure',
    '',
    'The test shall last one hour.',
  ].join('\n');

  it('finds notes, examples and captions by their labels, and not prose that starts with "Note"', () => {
    expect(findBlocks(text).map((b) => `${b.kind}:${b.label}`)).toEqual(['note:NOTE 1', 'example:EXAMPLE', 'table-caption:Table 3', 'figure-caption:Figure 2']);
  });

  it('marks an annex informative or normative, as it says under its title', () => {
    const sections = markAnnexes(text, analyzeStructure(text).sections);
    expect(sections.filter((s) => s.annex).map((s) => `${s.number} ${s.annex}`)).toEqual(['A informative', 'B normative']);
  });

  it('reads no requirement in an informative annex or a note, and reads those elsewhere', async () => {
    const file = path.join(t.dir, 'relay.txt');
    fs.writeFileSync(file, text);
    const doc = (await prepareFile(file)).docs[0];
    const reqs = standardsExtract(doc.text, { start: 0, end: doc.text.length }, { structure: doc.structure })
      .triples.filter((x) => String(x.meta?.pattern).startsWith('requirement'))
      .map((x) => doc.text.slice(x.evidence!.start, x.evidence!.end));
    expect(reqs.some((r) => r.includes('trip within 20 ms'))).toBe(true);
    expect(reqs.some((r) => r.includes('one hour'))).toBe(true);
    expect(reqs.some((r) => r.includes('painted grey'))).toBe(false);
    expect(reqs.some((r) => r.includes('trip faster'))).toBe(false);
  });
});
