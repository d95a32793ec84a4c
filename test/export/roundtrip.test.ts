import { afterAll, beforeAll, describe as group, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Store } from '../../electron/core/store';
import { runExport } from '../../electron/core/export';
import { isFolderFormat } from '../../electron/core/export/formats';
import { importGraph } from '../../electron/core/import';
import { FileTarget, InlineTarget } from '../../electron/core/export/out';
import type { ExportFormat } from '../../shared/contract/export';
import { csvRow } from '../../electron/core/export/csv';
import { parseCsvFile } from '../../electron/core/import/csv';
import { tmpDir } from '../helpers/tmp';
import { buildGraph, describe, spansValid, type Built, WORKS_AT_QUALIFIERS } from './graph';

const READABLE: ExportFormat[] = ['ttl', 'nt', 'jsonld', 'graphml', 'csv', 'cypher', 'neo4j-csv', 'cyjs'];
const t = tmpDir('gw-export-');
let src: Store;
let built: Built;
let n = 0;

beforeAll(() => {
  src = Store.open(path.join(t.dir, 'src.db'));
  built = buildGraph(src);
});
afterAll(() => {
  src.close();
  t.cleanup();
});

// The local paths travel too (paths: true), so the copy is the same graph to the last field.
async function roundTrip(format: ExportFormat, options = {}) {
  const out = path.join(t.dir, `out-${++n}.${format}`);
  await runExport(src.db, format, { paths: true, ...options }, new FileTarget(out, isFolderFormat(format)));
  const dst = Store.open(path.join(t.dir, `dst-${n}.db`));
  const result = await importGraph(dst.db, format, out);
  return { dst, result, out };
}

group('round trip: export → import into a new database → the same graph', () => {
  it.each(READABLE)('%s', async (format) => {
    const { dst, result } = await roundTrip(format);
    try {
      const want = describe(src);
      expect(want.nodes.length).toBe(13);
      expect(want.edges.length).toBe(7);
      expect(want.links.length).toBe(5);
      expect(want.provenance.length).toBe(8);
      // precision and qualifiers are part of the description: they travel too
      expect(want.edges.map((e) => JSON.parse(e).slice(8))).toEqual(
        expect.arrayContaining([
          [0.62, WORKS_AT_QUALIFIERS],
          [0, { condition: '=HYPERLINK("http://x") unless "quoted", here' }],
          [1, {}],
          [null, {}],
        ]),
      );
      expect(describe(dst)).toEqual(want);
      expect(result.nodes).toEqual({ created: 13, existing: 0 });
      expect(result.edges).toEqual({ created: 7, existing: 0 });
      expect(result.conceptLinks).toEqual({ created: 5, existing: 0 });
      expect(result.provenance).toEqual({ created: 8, existing: 0 });
      // The target lacks the documents: placeholders hold the quotes at their spans.
      expect(result.documents).toEqual({ matched: 0, placeholders: 2 });
      expect(spansValid(dst)).toBe(true);
      const docs = dst.documents.list();
      expect(docs.map((d) => d.format)).toEqual(['placeholder', 'placeholder']);
      expect(docs.map((d) => d.title).sort()).toEqual(['Notes', 'Report, "draft" 한국어']);
    } finally {
      dst.close();
    }
  });

  it('re-importing into the source database matches its documents and creates nothing', async () => {
    for (const format of ['ttl', 'csv', 'graphml'] as const) {
      const out = path.join(t.dir, `again-${format}`);
      await runExport(src.db, format, {}, new FileTarget(out, isFolderFormat(format)));
      const before = describe(src);
      const r = await importGraph(src.db, format, out);
      expect(r.nodes.created + r.edges.created + r.conceptLinks.created + r.provenance.created).toBe(0);
      expect(r.documents).toEqual({ matched: 2, placeholders: 0 });
      expect(r.edges.existing).toBe(7);
      expect(describe(src)).toEqual(before);
    }
  });

  it('a placeholder exported again keeps the original document identity', async () => {
    const first = await roundTrip('ttl');
    const out = path.join(t.dir, 'second.ttl');
    await runExport(first.dst.db, 'ttl', { paths: true }, new FileTarget(out, false));
    const third = Store.open(path.join(t.dir, 'third.db'));
    await importGraph(third.db, 'ttl', out);
    expect(describe(third)).toEqual(describe(src));
    // the placeholders exported again name the format of the documents they stand for, not 'placeholder'
    const formats = (s: Store) =>
      (s.db.prepare('SELECT format, meta FROM documents ORDER BY id').all() as { format: string; meta: string }[]).map((d) =>
        d.format === 'placeholder' ? JSON.parse(d.meta).format : d.format,
      );
    expect(formats(third)).toEqual(formats(src));
    expect(formats(src)).not.toContain('placeholder');
    // importing the second export into the first target reuses its placeholders
    const r = await importGraph(first.dst.db, 'ttl', out);
    expect(r.documents).toEqual({ matched: 0, placeholders: 2 });
    expect(first.dst.documents.list()).toHaveLength(2);
    first.dst.close();
    third.close();
  });
});

group('older exports (no precision, no qualifiers) import as before', () => {
  it('csv without the two columns: triples without precision or qualifiers', async () => {
    const out = path.join(t.dir, 'older-csv');
    await runExport(src.db, 'csv', { paths: true }, new FileTarget(out, true));
    const file = path.join(out, 'edges.csv');
    const rows: string[][] = [];
    parseCsvFile(file, (f) => rows.push(f));
    fs.writeFileSync(file, rows.map((r) => csvRow(r.slice(0, 9))).join(''));
    const dst = Store.open(path.join(t.dir, 'older.db'));
    try {
      const r = await importGraph(dst.db, 'csv', out);
      expect(r.edges.created).toBe(7);
      const d = describe(dst);
      expect(d.edges.map((e) => JSON.parse(e).slice(8))).toEqual(Array(7).fill([null, {}]));
      // the rest of the graph is the same
      const strip = (x: ReturnType<typeof describe>) => ({ ...x, edges: x.edges.map((e) => JSON.stringify(JSON.parse(e).slice(0, 8))) });
      expect(strip(d)).toEqual(strip(describe(src)));
    } finally {
      dst.close();
    }
  });
});

group('export options', () => {
  it('accepted only: accepted triples, their end nodes and their concepts', async () => {
    const { dst } = await roundTrip('graphml', { acceptedOnly: true });
    const d = describe(dst);
    expect(d.edges.every((e) => JSON.parse(e)[4] === 'accepted')).toBe(true);
    expect(d.edges).toHaveLength(4);
    const labels = d.nodes.map((x) => JSON.parse(x)[1]);
    expect(labels).not.toContain('서울'); // only in a proposed triple
    expect(labels).not.toContain('Isolated <node> & co');
    expect(labels).toEqual(expect.arrayContaining(['person', 'agent', 'employment']));
    expect(labels).not.toContain('장소 (place)');
    dst.close();
  });

  it('one document: its triples, its evidence only', async () => {
    const { dst } = await roundTrip('csv', { documentId: built.docB });
    const d = describe(dst);
    expect(d.edges.map((e) => JSON.parse(e)[1]).sort()).toEqual(['knows, "well"', 'mentions']);
    expect(d.provenance.every((p) => JSON.parse(p)[1] === 'Notes')).toBe(true);
    expect(d.provenance).toHaveLength(2);
    dst.close();
  });

  it('without the concept layer and without provenance', async () => {
    for (const format of ['jsonld', 'cyjs', 'neo4j-csv'] as const) {
      const { dst, result } = await roundTrip(format, { concepts: false, provenance: false });
      const d = describe(dst);
      expect(d.nodes.some((x) => JSON.parse(x)[0] === 'concept')).toBe(false);
      expect(d.links).toEqual([]);
      expect(d.provenance).toEqual([]);
      expect(d.edges).toHaveLength(7);
      expect(result.documents).toEqual({ matched: 0, placeholders: 0 });
      dst.close();
    }
  });

  it('evidence names each document by title, hash and file name; its local path only when asked for', async () => {
    for (const format of READABLE) {
      const plain = new InlineTarget();
      await runExport(src.db, format, {}, plain);
      const text = plain
        .result()
        .map((f) => f.text)
        .join('\n');
      expect(text, format).not.toContain('/docs/report.pdf');
      expect(text, format).toContain('report.pdf');
      const withPaths = new InlineTarget();
      await runExport(src.db, format, { paths: true }, withPaths);
      expect(
        withPaths
          .result()
          .map((f) => f.text)
          .join('\n'),
        format,
      ).toContain('/docs/report.pdf');
    }
    // imported elsewhere, a document keeps its title and hash and gets the file's name
    const { dst, result } = await roundTrip('csv', { paths: false });
    expect(result.provenance.created).toBe(8);
    const paths = (dst.db.prepare('SELECT source_path FROM documents WHERE source_path IS NOT NULL').all() as { source_path: string }[]).map(
      (r) => r.source_path,
    );
    expect(paths).toEqual(['report.pdf']);
    dst.close();
  });

  it('inline export returns one file per output (csv: several)', async () => {
    const one = new InlineTarget();
    await runExport(src.db, 'ttl', {}, one);
    expect(one.result().map((f) => f.name)).toEqual(['graph.ttl']);
    const many = new InlineTarget();
    await runExport(src.db, 'csv', {}, many);
    expect(many.result().map((f) => f.name)).toEqual(['nodes.csv', 'edges.csv', 'concept_links.csv', 'provenance.csv']);
  });
});
