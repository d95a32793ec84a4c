// Each format checked with an independent reader: n3 for Turtle and N-Triples, the jsonld
// processor for JSON-LD, a strict XML parser for GraphML, the statement count of the Cypher script.
import { afterAll, beforeAll, describe as group, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import N3 from 'n3';
import jsonld from 'jsonld';
import sax from 'sax';
import { Store } from '../../electron/core/store';
import { BulkGraphWriter } from '../../electron/core/store/bulk';
import { parseJson } from '../../electron/core/store/db';
import { runExport } from '../../electron/core/export';
import { InlineTarget } from '../../electron/core/export/out';
import { JSONLD_CONTEXT } from '../../electron/core/export/vocab';
import { GRAPHML_KEYS } from '../../electron/core/export/write-graphml';
import { CYPHER_BATCH } from '../../electron/core/export/write-cypher';
import { parseCsvFile } from '../../electron/core/import/csv';
import type { ExportFormat } from '../../shared/contract/export';
import { tmpDir } from '../helpers/tmp';
import { buildGraph, WORKS_AT_QUALIFIERS } from './graph';

const t = tmpDir('gw-formats-');
let store: Store;

beforeAll(() => {
  store = Store.open(path.join(t.dir, 'g.db'));
  buildGraph(store);
});
afterAll(() => {
  store.close();
  t.cleanup();
});

async function inline(format: ExportFormat, options = {}) {
  const target = new InlineTarget();
  await runExport(store.db, format, options, target);
  return target.result();
}

/** The triple count the mapping in docs/export.md gives for the database's graph. */
function expectedTriples(): number {
  const db = store.db;
  const nodes = db.prepare("SELECT kind, type, aliases FROM nodes WHERE kind <> 'passage'").all() as { kind: string; type: string | null; aliases: string }[];
  let n = 0;
  for (const x of nodes) n += 2 + (x.kind === 'concept' ? 1 : 0) + (x.type ? 1 : 0) + parseJson<string[]>(x.aliases, []).length;
  n += 2 * (db.prepare("SELECT COUNT(DISTINCT type) AS c FROM nodes WHERE type IS NOT NULL AND kind <> 'passage'").get() as { c: number }).c;
  n +=
    2 *
    (
      db.prepare('SELECT COUNT(*) AS c FROM (SELECT relation FROM edges UNION SELECT relation FROM concept_links WHERE relation IS NOT NULL)').get() as {
        c: number;
      }
    ).c;
  for (const l of db.prepare('SELECT model, batch FROM concept_links').all() as { model: string | null; batch: string | null }[])
    n += 4 + (l.model ? 1 : 0) + (l.batch ? 1 : 0) + 1;
  for (const e of db.prepare('SELECT status, model, precision, meta FROM edges').all() as {
    status: string;
    model: string | null;
    precision: number | null;
    meta: string;
  }[])
    n += 8 + (e.model ? 1 : 0) + (e.status === 'accepted' ? 1 : 0) + (e.precision != null ? 1 : 0) + Object.keys(parseJson(e.meta, {})).length;
  n += 7 * (db.prepare('SELECT COUNT(*) AS c FROM provenance').get() as { c: number }).c;
  n += (
    db
      .prepare("SELECT COUNT(*) AS c FROM (SELECT DISTINCT COALESCE(edge_id, -node_id), COALESCE('c' || chunk_id, 'd' || document_id) FROM provenance)")
      .get() as { c: number }
  ).c;
  // a document: type x2, label, hash, format, version; its path and edition when known
  for (const d of db
    .prepare(
      'SELECT source_path, (SELECT s.standard FROM document_structure s WHERE s.document_id = d.id) AS standard FROM documents d WHERE id IN (SELECT document_id FROM provenance)',
    )
    .all() as { source_path: string | null; standard: string | null }[])
    n += 6 + (d.source_path ? 1 : 0) + (d.standard ? 1 : 0);
  for (const c of db.prepare('SELECT page FROM chunks WHERE id IN (SELECT chunk_id FROM provenance)').all() as { page: number | null }[])
    n += 6 + (c.page != null ? 1 : 0);
  return n;
}

const ntLines = (quads: N3.Quad[]) => new Set(new N3.Writer({ format: 'N-Triples' }).quadsToString(quads).trim().split('\n'));

group('RDF', () => {
  it('Turtle parses with n3 and has the expected number of triples; N-Triples has the same triples', async () => {
    const [ttl] = await inline('ttl');
    const quads = new N3.Parser({ format: 'Turtle', blankNodePrefix: '' }).parse(ttl.text);
    expect(quads.length).toBe(expectedTriples());
    const [nt] = await inline('nt');
    const ntQuads = new N3.Parser({ format: 'N-Triples', blankNodePrefix: '' }).parse(nt.text);
    expect(ntLines(ntQuads)).toEqual(ntLines(quads));
    // labels survive exactly, Korean, Chinese, quotes and newlines included
    const labels = quads.filter((q) => q.predicate.value.endsWith('rdf-schema#label')).map((q) => q.object.value);
    expect(labels).toEqual(expect.arrayContaining(['서울', '北京大学', 'Alice "Ali" Smith', 'Line one,\nline two']));
    // only accepted triples are asserted; the others exist as reified statements
    const asserted = quads.filter((q) => q.predicate.value.includes('/relation/'));
    expect(asserted).toHaveLength(4);
  });

  it('a reified triple carries gw:precision (xsd:double) and one property per qualifier; none when absent', async () => {
    const [ttl] = await inline('ttl');
    const quads = new N3.Parser({ format: 'Turtle', blankNodePrefix: '' }).parse(ttl.text);
    const gw = (name: string) => quads.filter((q) => q.predicate.value === `${JSONLD_CONTEXT.gw}${name}`);
    expect(
      gw('precision')
        .map((q) => Number(q.object.value))
        .sort(),
    ).toEqual([0, 0.62, 1]);
    expect(gw('precision').every((q) => (q.object as N3.Literal).datatype.value.endsWith('#double'))).toBe(true);
    const worksAt = gw('surface')[0].subject.value;
    const props = Object.fromEntries(
      quads
        .filter((q) => q.subject.value === worksAt && q.predicate.value.startsWith(String(JSONLD_CONTEXT.gw)))
        .map((q) => [q.predicate.value.split('#')[1], q.object.value]),
    );
    expect(props).toMatchObject({
      precision: '6.2E-1',
      surface: 'may decide to work at',
      modality: 'may',
      negated: 'true',
      condition: 'if hired',
      only: 'true',
      quantity: 'at most one',
      preposition: 'at',
      catenative: 'decide to',
      voice: 'passive',
    });
    // the predicate stays the relation (its lemma form); the voice and the words as written are the statement's
    const predicate = quads.find((q) => q.subject.value === worksAt && q.predicate.value === 'http://www.w3.org/1999/02/22-rdf-syntax-ns#predicate');
    expect(decodeURIComponent(predicate!.object.value)).toMatch(/\/relation\/works[ _]at$/);
    expect(gw('negated')[0].object).toMatchObject({ datatype: { value: 'http://www.w3.org/2001/XMLSchema#boolean' } });
    expect(
      gw('condition')
        .map((q) => q.object.value)
        .sort(),
    ).toEqual(['=HYPERLINK("http://x") unless "quoted", here', 'if hired']);
  });

  it('JSON-LD gives, through the jsonld processor, the same triples as Turtle', async () => {
    const [ttl] = await inline('ttl');
    const [doc] = await inline('jsonld');
    const parsed = JSON.parse(doc.text);
    expect(parsed['@context'].label).toBe('rdfs:label');
    const quads = (await jsonld.toRDF(parsed, { format: undefined } as jsonld.Options.ToRdf)) as unknown as N3.Quad[];
    const turtle = new N3.Parser({ format: 'Turtle', blankNodePrefix: '' }).parse(ttl.text);
    expect(quads.length).toBe(turtle.length);
    const ground = (qs: N3.Quad[]) =>
      new Set(
        qs
          .filter((q) => q.subject.termType !== 'BlankNode' && q.object.termType !== 'BlankNode')
          .map((q) => JSON.stringify([q.subject.value, q.predicate.value, q.object.value, (q.object as N3.Literal).datatype?.value ?? null])),
      );
    const a = ground(quads);
    const b = ground(turtle);
    expect([...a].filter((x) => !b.has(x))).toEqual([]);
    expect([...b].filter((x) => !a.has(x))).toEqual([]);
  });

  it('the published context file is the context the writer embeds', () => {
    const file = path.resolve(import.meta.dirname, '..', '..', 'docs', 'graphwright-context.jsonld');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ '@context': JSONLD_CONTEXT });
  });

  it('a configurable base gives stable IRIs under it', async () => {
    const [a] = await inline('nt', { base: 'https://example.org/kg/' });
    const [b] = await inline('nt', { base: 'https://example.org/kg/' });
    expect(a.text).toBe(b.text);
    expect(a.text).toContain('<https://example.org/kg/entity/%EC%84%9C%EC%9A%B8>');
  });
});

group('GraphML', () => {
  it('is well-formed XML whose data all use declared keys, with kind, type, status and confidence attributes', async () => {
    const [g] = await inline('graphml');
    const parser = sax.parser(true, {});
    const declared = new Map<string, string>();
    const used: string[] = [];
    let nodes = 0;
    let edges = 0;
    const values: Record<string, string[]> = {};
    let key: string | null = null;
    parser.onerror = (e) => {
      throw e;
    };
    parser.onopentag = (tag) => {
      const a = tag.attributes as Record<string, string>;
      if (tag.name === 'key') declared.set(a.id, a['attr.name']);
      if (tag.name === 'node') nodes++;
      if (tag.name === 'edge') edges++;
      if (tag.name === 'data') {
        used.push(a.key);
        key = a.key;
      }
    };
    parser.ontext = (text) => {
      if (key) (values[key] ??= []).push(text);
    };
    parser.onclosetag = () => {
      key = null;
    };
    parser.write(g.text).close();
    expect([...declared.keys()]).toEqual(GRAPHML_KEYS.map((k) => k[0]));
    expect(used.every((k) => declared.has(k))).toBe(true);
    expect(nodes).toBe(13);
    expect(edges).toBe(7 + 4); // triples + node-to-concept links
    expect(values.status.sort()).toEqual(['accepted', 'accepted', 'accepted', 'accepted', 'proposed', 'proposed', 'rejected']);
    expect(values.kind).toEqual(expect.arrayContaining(['entity', 'event', 'concept']));
    expect(values.confidence).toContain('0.9');
    expect(values.precision.sort()).toEqual(['0', '0.62', '1']);
    expect(values.qualifiers).toHaveLength(2);
    expect(values.qualifiers.map((q) => JSON.parse(q))).toContainEqual(expect.objectContaining({ modality: 'may', negated: true, catenative: 'decide to' }));
    expect(values.label).toContain('Isolated <node> & co');
    expect(g.text).toContain('Isolated &lt;node&gt; &amp; co');
  });
});

group('Cypher', () => {
  it('has one statement per batch: constraint, nodes per kind, concept links, triples per relation', async () => {
    const [c] = await inline('cypher');
    const statements = c.text.split('\n').filter((l) => l.endsWith(';'));
    // 1 constraint + concept, entity, event batches + 1 link batch + 7 relations
    expect(statements).toHaveLength(1 + 3 + 1 + 7);
    expect(c.text).toContain('MERGE (a)-[r:`knows, "well"`]->(b)');
    expect(c.text).toContain('label: "Line one,\\nline two"');
    expect(c.text).toContain('r.precision = row.precision, r.qualifiers = row.qualifiers');
    expect(c.text).toContain('precision: 0.62, qualifiers: "{\\"surface\\":\\"may decide to work at\\"');
  });

  it('splits large groups into batches of CYPHER_BATCH rows', async () => {
    const big = Store.open(path.join(t.dir, 'big.db'));
    const bulk = new BulkGraphWriter(big.db);
    big.transaction(() => {
      const hub = bulk.node({ kind: 'entity', label: 'hub' }).id;
      for (let i = 0; i < 2500; i++) {
        const n = bulk.node({ kind: 'entity', label: `n${i}` }).id;
        bulk.edge({ subjectId: hub, relation: i % 2 ? 'odd' : 'even', objectId: n, stage: 'import', status: 'accepted', confidence: 1, engine: 'import' });
      }
    });
    const target = new InlineTarget();
    await runExport(big.db, 'cypher', {}, target);
    const text = target.result()[0].text;
    const statements = text.split('\n').filter((l) => l.endsWith(';'));
    expect(statements).toHaveLength(1 + Math.ceil(2501 / CYPHER_BATCH) + 2 * Math.ceil(1250 / CYPHER_BATCH));
    big.close();
  });
});

group('CSV', () => {
  it('is RFC 4180: CRLF records, fields with commas, quotes and line breaks quoted, quotes doubled', async () => {
    const files = await inline('csv');
    const nodes = files.find((f) => f.name === 'nodes.csv')!.text;
    expect(nodes.startsWith('id,kind,label,type,aliases\r\n')).toBe(true);
    expect(nodes).toContain('"Alice ""Ali"" Smith"');
    expect(nodes).toContain('"Line one,\nline two"');
    expect(nodes).toContain('"Acme, Inc."');
    const file = path.join(t.dir, 'nodes.csv');
    fs.writeFileSync(file, nodes);
    const rows: string[][] = [];
    parseCsvFile(file, (f) => rows.push(f));
    expect(rows).toHaveLength(14);
    expect(rows.every((r) => r.length === 5)).toBe(true);
    expect(rows.map((r) => r[2])).toContain('Line one,\nline two');
  });

  it('edges.csv has precision and qualifiers (JSON text) columns, empty when absent', async () => {
    const files = await inline('csv');
    const file = path.join(t.dir, 'edges.csv');
    fs.writeFileSync(file, files.find((f) => f.name === 'edges.csv')!.text);
    const rows: string[][] = [];
    parseCsvFile(file, (f) => rows.push(f));
    expect(rows[0]).toEqual(['id', 'source', 'relation', 'target', 'status', 'stage', 'confidence', 'engine', 'model', 'precision', 'qualifiers']);
    const byRelation = new Map(rows.slice(1).map((r) => [r[2], r]));
    expect(byRelation.get('works at')![9]).toBe('0.62');
    expect(JSON.parse(byRelation.get('works at')![10])).toMatchObject({ surface: 'may decide to work at', only: true });
    expect(byRelation.get('precedes')!.slice(9)).toEqual(['1', '']);
    expect(byRelation.get('hosted')!.slice(9)).toEqual(['', '']);
  });

  it('neo4j-admin headers', async () => {
    const files = await inline('neo4j-csv');
    expect(files.map((f) => f.name)).toEqual(['nodes.csv', 'relationships.csv', 'concept_links.csv', 'import.txt']);
    expect(files[0].text.split('\r\n')[0]).toBe('key:ID,label,kind,type,aliases,provenance,concept_relations,:LABEL');
    expect(files[1].text.split('\r\n')[0]).toBe(':START_ID,:END_ID,:TYPE,status,stage,confidence:double,engine,model,provenance,precision:double,qualifiers');
    expect(files[2].text.split('\r\n')[0]).toBe(':START_ID,:END_ID,:TYPE,level:int,model,batch');
    expect(files[0].text).toContain('GraphwrightNode;Concept');
  });
});

group('cyjs', () => {
  it('is JSON with Cytoscape elements: name, interaction, source and target', async () => {
    const [c] = await inline('cyjs');
    const doc = JSON.parse(c.text);
    expect(doc.format_version).toBe('1.0');
    expect(doc.elements.nodes).toHaveLength(13);
    expect(doc.elements.edges).toHaveLength(11);
    const names = doc.elements.nodes.map((n: { data: { name: string } }) => n.data.name);
    expect(names).toContain('北京大学');
    const e = doc.elements.edges.find((x: { data: { interaction: string } }) => x.data.interaction === 'works at');
    expect(e.data).toMatchObject({ status: 'accepted', confidence: 0.9, engine: 'llama', precision: 0.62 });
    expect(e.data.qualifiers).toEqual(WORKS_AT_QUALIFIERS);
    const hosted = doc.elements.edges.find((x: { data: { interaction: string } }) => x.data.interaction === 'hosted');
    expect(hosted.data).not.toHaveProperty('precision');
    expect(hosted.data).not.toHaveProperty('qualifiers');
    expect(JSON.parse(e.data.provenance)[0]).toMatchObject({ quote: 'Alice "Ali" Smith works at Acme, Inc.', chunk: { ordinal: 0, page: 1 } });
  });
});
