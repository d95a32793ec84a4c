// graphwright export / import: output shapes and exit codes, run in-process.
import { afterAll, afterEach, beforeAll, describe as group, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { main } from '../../electron/cli/main';
import { Store } from '../../electron/core/store';
import { data, tmpDir } from '../helpers/tmp';
import { buildGraph, describe } from './graph';

const t = tmpDir('gw-cli-export-');
const db = path.join(t.dir, 'src.db');

beforeAll(() => {
  const s = Store.open(db);
  buildGraph(s);
  s.close();
});
afterAll(() => t.cleanup());
afterEach(() => vi.restoreAllMocks());

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
  try {
    const code = await main(args);
    return { code, out, err };
  } finally {
    vi.restoreAllMocks();
  }
}

group('graphwright export', () => {
  it('writes every format; csv and neo4j-csv to a folder; --json prints counts', async () => {
    for (const f of ['ttl', 'nt', 'jsonld', 'graphml', 'csv', 'cypher', 'neo4j-csv', 'cyjs']) {
      const out = path.join(t.dir, `x.${f}`);
      // --with-paths: the copy imported below is the same graph to the documents' local paths
      const r = await run('export', '--db', db, '--format', f, '--out', out, '--with-paths', '--json');
      expect(r.code, r.err).toBe(0);
      const j = JSON.parse(r.out);
      expect(j).toMatchObject({ format: f, path: out, counts: { edges: 7, nodes: { entity: 7, event: 2, concept: 4 }, conceptLinks: 5, provenance: 8 } });
      expect(j.bytes).toBeGreaterThan(0);
      expect(fs.statSync(out).isDirectory()).toBe(f === 'csv' || f === 'neo4j-csv');
    }
  });

  it('without --with-paths the evidence names documents by title, hash and file name', async () => {
    const out = path.join(t.dir, 'no-paths.csv');
    const r = await run('export', '--db', db, '--format', 'csv', '--out', out);
    expect(r.code, r.err).toBe(0);
    const prov = fs.readFileSync(path.join(out, 'provenance.csv'), 'utf8');
    expect(prov).toContain('report.pdf');
    expect(prov).not.toContain('/docs/report.pdf');
    expect(fs.readFileSync(path.join(t.dir, 'x.csv', 'provenance.csv'), 'utf8')).toContain('/docs/report.pdf');
  });

  it('filters: --accepted-only --document ID --no-concepts --no-provenance', async () => {
    const out = path.join(t.dir, 'filtered.ttl');
    const r = await run('export', '--db', db, '--format', 'ttl', '--out', out, '--accepted-only', '--document', '2', '--no-concepts', '--no-provenance');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/exported 3 entities, 0 events, 0 concepts, 2 triples, 0 concept links, 0 evidence spans/);
    const text = fs.readFileSync(out, 'utf8');
    expect(text).not.toContain('prov:Derivation');
    expect(text).not.toContain('gw:Concept');
  });

  it('exit codes: 2 for usage errors, 1 for a missing document', async () => {
    expect((await run('export', '--db', db, '--format', 'xml', '--out', path.join(t.dir, 'a'))).code).toBe(2);
    expect((await run('export', '--db', db, '--format', 'ttl')).code).toBe(2);
    expect((await run('export', '--db', path.join(t.dir, 'missing.db'), '--format', 'ttl', '--out', path.join(t.dir, 'b.ttl'))).code).toBe(2);
    const r = await run('export', '--db', db, '--format', 'ttl', '--out', path.join(t.dir, 'c.ttl'), '--document', '99');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/no document 99/);
    expect(fs.existsSync(path.join(t.dir, 'missing.db'))).toBe(false);
  });
});

group('graphwright import', () => {
  it('creates the database and prints counts; --json prints the result', async () => {
    const target = path.join(t.dir, 'new.db');
    const r = await run('import', '--db', target, '--format', 'ttl', path.join(t.dir, 'x.ttl'));
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/triples\s+7 new, 0 existing/);
    expect(r.out).toMatch(/documents\s+0 matched, 2 placeholders/);
    const j = await run('import', '--db', target, '--format', 'csv', path.join(t.dir, 'x.csv'), '--json');
    expect(j.code, j.err).toBe(0);
    expect(JSON.parse(j.out)).toMatchObject({ format: 'csv', edges: { created: 0, existing: 7 }, nodes: { created: 0, existing: 13 } });
    const src = Store.open(db);
    const dst = Store.open(target);
    expect(describe(dst)).toEqual(describe(src));
    src.close();
    dst.close();
  });

  it('MetaQA kb lines (the first 2,000)', async () => {
    const file = path.join(t.dir, 'kb2000.txt');
    fs.writeFileSync(file, fs.readFileSync(data('metaqa', 'kb_subset.txt'), 'utf8').split('\n').slice(0, 2000).join('\n'));
    const r = await run('import', '--db', path.join(t.dir, 'kb.db'), '--format', 'tsv', file, '--json');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ format: 'tsv', edges: { created: 2000, existing: 0 }, conceptLinks: { created: 0 } });
  });

  it('exit codes: 1 with the position for a malformed file, 2 for usage errors', async () => {
    const bad = path.join(t.dir, 'bad.txt');
    fs.writeFileSync(bad, 'a|b|c\nd|e\n');
    const r = await run('import', '--db', path.join(t.dir, 'bad.db'), '--format', 'tsv', bad);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/bad\.txt, line 2: expected head\|relation\|tail/);
    expect(r.out).toBe('');
    expect((await run('import', '--db', path.join(t.dir, 'bad.db'), '--format', 'tsv')).code).toBe(2);
    expect((await run('import', '--db', path.join(t.dir, 'bad.db'), '--format', 'xml', bad)).code).toBe(2);
    expect((await run('import', '--db', path.join(t.dir, 'bad.db'), '--format', 'tsv', path.join(t.dir, 'nope.txt'))).code).toBe(2);
  });
});
