// The contract calls: graph.formats, graph.export (inline content, or a job writing a path), graph.import.
import { afterAll, beforeAll, describe as group, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { tmpDir } from '../helpers/tmp';
import { buildGraph, describe } from './graph';

const t = tmpDir('gw-export-api-');
let core: Core;
let other: Core;

beforeAll(() => {
  core = new Core({ dbPath: path.join(t.dir, 'a', 'a.db') });
  buildGraph(core.store);
  other = new Core({ dbPath: path.join(t.dir, 'b', 'b.db'), startJobs: false });
});
afterAll(async () => {
  await core.close();
  await other.close();
  t.cleanup();
});

const ok = (r: { ok: boolean; value?: unknown; error?: unknown }) => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value as any;
};

group('graph.* calls', () => {
  it('graph.formats lists what each format can do', async () => {
    const formats = ok(await core.call('graph.formats', {}));
    expect(formats.find((f: { id: string }) => f.id === 'csv')).toMatchObject({ folder: true, export: true, import: true });
    expect(formats.find((f: { id: string }) => f.id === 'cypher')).toMatchObject({ export: true, import: true });
    expect(formats.find((f: { id: string }) => f.id === 'tsv')).toMatchObject({ export: false, import: true });
  });

  it('graph.export without a path returns the content; with a path runs a job', async () => {
    const inline = ok(await core.call('graph.export', { format: 'graphml', options: { acceptedOnly: true } }));
    expect(inline.files).toHaveLength(1);
    expect(inline.files[0]).toMatchObject({ name: 'graph.graphml', mediaType: 'application/graphml+xml' });
    expect(inline.counts.edges).toBe(4);
    const dir = path.join(t.dir, 'out-csv');
    const started = ok(await core.call('graph.export', { format: 'csv', path: dir }));
    expect(started.job.kind).toBe('graph.export');
    const done = await core.jobs.wait(started.job.id);
    expect(done.state).toBe('done');
    expect((done.result as { files: string[] }).files.map((f) => path.basename(f))).toEqual(['nodes.csv', 'edges.csv', 'concept_links.csv', 'provenance.csv']);
    expect(done.progress.done).toBe(done.progress.total);
    expect(fs.readdirSync(dir).sort()).toEqual(['concept_links.csv', 'edges.csv', 'nodes.csv', 'provenance.csv']);
  });

  it('graph.export refuses an unknown document and a file where a folder is needed', async () => {
    const r = await core.call('graph.export', { format: 'ttl', options: { documentId: 999 } });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('not_found');
    const file = path.join(t.dir, 'plain-file');
    fs.writeFileSync(file, 'x');
    const r2 = await core.call('graph.export', { format: 'csv', path: file });
    expect(!r2.ok && r2.error.code).toBe('bad_request');
    const r3 = await core.call('graph.export', { format: 'pdf' });
    expect(!r3.ok && r3.error.code).toBe('bad_request');
  });

  it('graph.import takes uploaded content or files, emits graph.changed, and reports a bad file as failed with its line', async () => {
    const seen: string[] = [];
    const off = other.bus.onAny((name) => seen.push(name));
    const ttl = ok(await core.call('graph.export', { format: 'ttl', options: { paths: true } })).files[0].text;
    const r = ok(await other.call('graph.import', { format: 'ttl', content: ttl }));
    expect(r).toMatchObject({ format: 'ttl', edges: { created: 7, existing: 0 }, documents: { placeholders: 2 } });
    expect(seen).toEqual(expect.arrayContaining(['graph.changed', 'documents.changed']));
    expect(describe(other.store)).toEqual(describe(core.store));
    const csv = ok(await core.call('graph.export', { format: 'csv' })).files;
    const again = ok(
      await other.call('graph.import', { format: 'csv', files: csv.map((f: { name: string; text: string }) => ({ name: f.name, text: f.text })) }),
    );
    expect(again.edges).toEqual({ created: 0, existing: 7 });
    const bad = await other.call('graph.import', { format: 'tsv', content: 'a|b|c\nbroken\n' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.code).toBe('failed');
    expect(!bad.ok && bad.error.message).toMatch(/line 2: expected head\|relation\|tail/);
    const folder = await other.call('graph.import', { format: 'csv', content: 'id,label\n' });
    expect(!folder.ok && folder.error.code).toBe('bad_request');
    const both = await other.call('graph.import', { format: 'tsv', content: 'a|b|c', path: '/x' });
    expect(!both.ok && both.error.code).toBe('bad_request');
    off();
  });
});
