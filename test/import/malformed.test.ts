// A malformed file fails with its line (and column where the format allows) and imports nothing,
// even when the fault comes after records that were already written.
import { afterAll, beforeAll, describe as group, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Store } from '../../electron/core/store';
import { runExport } from '../../electron/core/export';
import { isFolderFormat } from '../../electron/core/export/formats';
import { ImportError, importGraph } from '../../electron/core/import';
import { FileTarget } from '../../electron/core/export/out';
import type { ExportFormat, ImportFormat } from '../../shared/contract/export';
import { tmpDir } from '../helpers/tmp';
import { buildGraph, describe } from '../export/graph';

const t = tmpDir('gw-malformed-');
let src: Store;
let dst: Store;

beforeAll(() => {
  src = Store.open(path.join(t.dir, 'src.db'));
  buildGraph(src);
  // The target already holds a graph: a failed import must leave it exactly as it was.
  dst = Store.open(path.join(t.dir, 'dst.db'));
  const a = dst.graph.upsertNode({ kind: 'entity', label: 'Existing' });
  const b = dst.graph.upsertNode({ kind: 'entity', label: 'Other' });
  dst.graph.upsertEdge({ subjectId: a, relation: 'r', objectId: b, stage: 'manual', engine: 'editor' });
});
afterAll(() => {
  src.close();
  dst.close();
  t.cleanup();
});

async function exported(format: ExportFormat): Promise<string> {
  const out = path.join(t.dir, `ok.${format}`);
  if (!fs.existsSync(out)) await runExport(src.db, format, {}, new FileTarget(out, isFolderFormat(format)));
  return out;
}

/** Replace line `n` (1-based) of a file with `text`, into a copy. */
function withLine(file: string, n: number, edit: (line: string) => string, name: string): string {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines[n - 1] = edit(lines[n - 1]);
  const out = path.join(t.dir, name);
  fs.writeFileSync(out, lines.join('\n'));
  return out;
}

async function expectFailure(format: ImportFormat, file: string, where: RegExp, detail?: RegExp): Promise<ImportError> {
  const before = describe(dst);
  const docs = dst.documents.list().length;
  let error: unknown = null;
  try {
    await importGraph(dst.db, format, file);
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(ImportError);
  const e = error as ImportError;
  expect(e.message).toMatch(where);
  if (detail) expect(e.message).toMatch(detail);
  expect(describe(dst)).toEqual(before);
  expect(dst.documents.list()).toHaveLength(docs);
  return e;
}

group('malformed files: a clear error with the position, and nothing imported', () => {
  it('tsv: a line without three fields', async () => {
    const file = path.join(t.dir, 'bad.txt');
    fs.writeFileSync(file, 'A|likes|B\nB|likes|C\nC|likes\nD|likes|E\n');
    await expectFailure('tsv', file, /bad\.txt, line 3/, /head\|relation\|tail/);
  });

  it('Turtle: a syntax error', async () => {
    const ok = await exported('ttl');
    const lines = fs.readFileSync(ok, 'utf8').split('\n');
    const n = lines.findIndex((l) => l.includes('rdfs:label "서울"')) + 1;
    const bad = withLine(ok, n, (l) => l.replace('"서울"', '"서울'), 'bad.ttl');
    await expectFailure('ttl', bad, new RegExp(`bad\\.ttl, line ${n}`), /syntax error/);
  });

  it('N-Triples: a triple without its final dot', async () => {
    const ok = await exported('nt');
    const bad = withLine(ok, 40, (l) => l.replace(/ \.$/, ''), 'bad.nt');
    await expectFailure('nt', bad, /bad\.nt, line (40|41)/);
  });

  it('JSON-LD (our layout): a broken node object, with line and column', async () => {
    const ok = await exported('jsonld');
    const bad = withLine(ok, 30, (l) => l.replace('"@id":', '"@id" '), 'bad.jsonld');
    await expectFailure('jsonld', bad, /bad\.jsonld, line 30, column \d+/, /invalid JSON/);
  });

  it('JSON-LD (any document): invalid JSON, with line and column', async () => {
    const file = path.join(t.dir, 'generic-bad.jsonld');
    fs.writeFileSync(
      file,
      '{\n  "@context": {"ex": "http://example.org/"},\n  "@graph": [\n    {"@id": "ex:a", "ex:p": {"@id": "ex:b"}},\n    {"@id": "ex:c" "ex:p": 1}\n  ]\n}\n',
    );
    await expectFailure('jsonld', file, /generic-bad\.jsonld, line 5, column 20/);
  });

  it('JSON-LD (any document): a remote context is refused, not fetched', async () => {
    const file = path.join(t.dir, 'remote.jsonld');
    fs.writeFileSync(file, JSON.stringify({ '@context': 'https://schema.org/', '@id': 'http://example.org/a', name: 'A' }));
    await expectFailure('jsonld', file, /remote context \(https:\/\/schema\.org\/\)/);
  });

  it('GraphML: a broken tag late in the file, with line and column', async () => {
    const ok = await exported('graphml');
    const lines = fs.readFileSync(ok, 'utf8').split('\n');
    const n = lines.findIndex((l) => l.includes('<edge id="e')) + 2;
    const bad = withLine(ok, n, (l) => l.replace('</edge>', '</edg>'), 'bad.graphml');
    await expectFailure('graphml', bad, new RegExp(`bad\\.graphml, line ${n}, column \\d+`), /malformed XML/);
  });

  it('GraphML: data with an undeclared key', async () => {
    const ok = await exported('graphml');
    const bad = withLine(ok, 25, (l) => l.replace('<data key="kind">', '<data key="nope">'), 'undeclared.graphml');
    await expectFailure('graphml', bad, /undeclared\.graphml, line 25/, /undeclared key "nope"/);
  });

  it('CSV: an unclosed quote in edges.csv, and a record with too many fields', async () => {
    const ok = await exported('csv');
    const dir = path.join(t.dir, 'bad-csv');
    fs.cpSync(ok, dir, { recursive: true });
    const edges = fs.readFileSync(path.join(dir, 'edges.csv'), 'utf8').split('\r\n');
    edges[4] = edges[4].replace(/,accepted,|,proposed,|,rejected,/, ',"accepted,');
    fs.writeFileSync(path.join(dir, 'edges.csv'), edges.join('\r\n'));
    await expectFailure('csv', dir, /edges\.csv, line \d+, column \d+/, /quoted field opened at line 5, column \d+/);
    fs.appendFileSync(path.join(dir, 'edges.csv'), 'e99,n1,"open,n2\r\n');
    const dir1 = path.join(t.dir, 'bad-csv1');
    fs.cpSync(ok, dir1, { recursive: true });
    fs.appendFileSync(path.join(dir1, 'edges.csv'), 'e99,n1,"never closed,n2,accepted,EE,1,editor,\r\n');
    await expectFailure('csv', dir1, /edges\.csv, line 9, column 8/, /never closed/);
    const dir2 = path.join(t.dir, 'bad-csv2');
    fs.cpSync(ok, dir2, { recursive: true });
    fs.appendFileSync(path.join(dir2, 'nodes.csv'), 'n999,entity,Extra,,,surplus\r\n');
    await expectFailure('csv', path.join(dir2, 'nodes.csv'), /nodes\.csv, line 16/, /expected 5 fields/);
  });

  it('neo4j CSV: a relationship to an unknown node', async () => {
    const ok = await exported('neo4j-csv');
    const dir = path.join(t.dir, 'bad-neo4j');
    fs.cpSync(ok, dir, { recursive: true });
    fs.appendFileSync(path.join(dir, 'relationships.csv'), 'n1,n424242,knows,accepted,EE,1,editor,,,,\r\n');
    await expectFailure('neo4j-csv', dir, /relationships\.csv, line 9/, /unknown node "n424242"/);
  });

  it('Cypher: a broken row map, with line and column', async () => {
    const ok = await exported('cypher');
    const lines = fs.readFileSync(ok, 'utf8').split('\n');
    const n = lines.findIndex((l) => l.startsWith('{s: ')) + 1;
    const bad = withLine(ok, n, (l) => l.replace('status: ', 'status '), 'bad.cypher');
    await expectFailure('cypher', bad, new RegExp(`bad\\.cypher, line ${n}, column \\d+`), /expected ":" after a map key/);
  });

  it('cyjs: a broken element line, and an unknown status', async () => {
    const ok = await exported('cyjs');
    const bad = withLine(ok, 20, (l) => l.replace('"data":', '"data"'), 'bad.cyjs');
    await expectFailure('cyjs', bad, /bad\.cyjs, line 20, column \d+/);
    const lines = fs.readFileSync(ok, 'utf8').split('\n');
    const n = lines.findIndex((l) => l.includes('"status":"rejected"')) + 1;
    const bad2 = withLine(ok, n, (l) => l.replace('"rejected"', '"maybe"'), 'bad2.cyjs');
    await expectFailure('cyjs', bad2, new RegExp(`bad2\\.cyjs, line ${n}`), /unknown status "maybe"/);
  });

  it('precision outside [0, 1], a qualifier of the wrong type or an unknown one: the file and the field named', async () => {
    const cyjs = await exported('cyjs');
    const lines = fs.readFileSync(cyjs, 'utf8').split('\n');
    const n = lines.findIndex((l) => l.includes('"precision":0.62')) + 1;
    const bad = withLine(cyjs, n, (l) => l.replace('"precision":0.62', '"precision":1.5'), 'precision.cyjs');
    await expectFailure('cyjs', bad, new RegExp(`precision\\.cyjs, line ${n}`), /precision is not in \[0, 1\]: 1\.5/);
    const bad2 = withLine(cyjs, n, (l) => l.replace('"negated":true', '"negated":"yes"'), 'negated.cyjs');
    await expectFailure('cyjs', bad2, new RegExp(`negated\\.cyjs, line ${n}`), /qualifiers: negated: /);

    const csv = await exported('csv');
    const dir = path.join(t.dir, 'bad-qualifiers');
    fs.cpSync(csv, dir, { recursive: true });
    const edges = fs.readFileSync(path.join(dir, 'edges.csv'), 'utf8').replace('""modality""', '""mood""');
    fs.writeFileSync(path.join(dir, 'edges.csv'), edges);
    await expectFailure('csv', dir, /edges\.csv, line \d+/, /qualifiers: .*mood/);

    const ttl = await exported('ttl');
    const bad3 = path.join(t.dir, 'negated.ttl');
    fs.writeFileSync(bad3, fs.readFileSync(ttl, 'utf8').replace('gw:negated true', 'gw:negated "perhaps"'));
    await expectFailure('ttl', bad3, /negated\.ttl/, /gw:negated is not a boolean: "perhaps"/);
  });
});
