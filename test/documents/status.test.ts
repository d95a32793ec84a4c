// Documents and jobs through the real Core: an ingest's per-file rows in its progress events, and
// each document's extraction status in documents.list (ingested, extracted, stale, failed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { unwrap } from '../../shared/dispatch';
import { ExtractSummary } from '../../shared/contract/extract';
import { DocumentListItem } from '../../shared/contract/documents';
import type { JobInfo, JobItem } from '../../shared/schemas';
import { data, tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-doc-status-');
let core: Core;
beforeAll(() => {
  core = new Core({ dbPath: path.join(t.dir, 'db', 'graphwright.db'), progressIntervalMs: 0 });
});
afterAll(async () => {
  await core.close();
  t.cleanup();
});

const write = (name: string, content: string) => {
  const file = path.join(t.dir, 'files', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
};

const list = async () => DocumentListItem.array().parse(unwrap('documents.list', await core.call('documents.list', {})));

async function extract(documents?: number[]) {
  const job = unwrap('extract.start', await core.call('extract.start', { engine: 'classic', ...(documents ? { documents } : {}) }));
  const done = await core.jobs.wait(job.id);
  expect(done.state).toBe('done');
  return ExtractSummary.parse(done.result);
}

describe('documents and jobs', () => {
  let ids: number[] = [];
  let files: string[] = [];

  it("an ingest's progress carries one row per file: queued, parsing, chunking, then done or failed with the reason", async () => {
    const short = write('short-note.md', '# A short note\n\nThe RADIUS server authenticates the access point before it grants access to the network.\n');
    files = [data('rfc-radius-eap', 'rfc2867.txt'), short, write('drawing.xyz', 'not a document')];
    const seen = new Map<string, Set<JobItem['state']>>();
    const off = core.bus.on('job.progress', (job: JobInfo) => {
      for (const item of job.progress.items ?? []) {
        const states = seen.get(item.name) ?? new Set();
        states.add(item.state);
        seen.set(item.name, states);
      }
    });
    const started = unwrap('documents.ingest', await core.call('documents.ingest', { paths: files }));
    const done = await core.jobs.wait(started.id);
    off();
    expect(done.state).toBe('done');
    const rows = done.progress.items!;
    expect(rows.map((r) => r.name)).toEqual(files);
    expect(rows.map((r) => r.state)).toEqual(['done', 'done', 'failed']);
    expect(rows[2].detail).toMatch(/drawing\.xyz.*unsupported format/);
    // Every file was seen waiting, and each readable one parsed and chunked, before it was done.
    for (const f of files) expect(seen.get(f)).toContain('queued');
    for (const f of files.slice(0, 2)) expect([...seen.get(f)!]).toEqual(expect.arrayContaining(['parsing', 'chunking', 'done']));
    // The job's stored progress keeps the rows (a reload shows them again).
    expect(unwrap('jobs.get', await core.call('jobs.get', { id: started.id })).progress.items).toEqual(rows);
    ids = (await list()).map((d) => d.id);
    expect(ids).toHaveLength(2);
  });

  it('a document is "ingested" before any extraction, with no engine and no triples', async () => {
    for (const d of await list()) expect(d.extraction).toMatchObject({ status: 'ingested', engine: null, chunksRead: 0, triples: 0, lastRun: null });
  });

  it('after a run it is "extracted" with its triple count, engine and last run; a re-run says nothing new was read', async () => {
    const first = await extract([ids[0]]);
    expect(first.processed).toBeGreaterThan(0);
    const [a, b] = await list();
    expect(a.extraction).toMatchObject({ status: 'extracted', engine: 'classic', chunksRead: a.chunks, reason: null });
    expect(a.extraction.triples).toBeGreaterThan(0);
    expect(a.extraction.triples).toBe(core.store.graph.listTriples({ document: ids[0], limit: 10_000, offset: 0 }).total);
    expect(a.extraction.lastRun).toMatchObject({ state: 'done', engine: 'classic' });
    // The other document was not covered by that job.
    expect(b.extraction).toMatchObject({ status: 'ingested', lastRun: null });
    const again = await extract([ids[0]]);
    expect(again).toMatchObject({ processed: 0, skipped: a.chunks, triples: { EE: 0, EV: 0, VV: 0 } });
    expect((await list())[0].extraction.lastRun!.job).toBeGreaterThan(a.extraction.lastRun!.job);
  });

  it('is "stale" when the engine left chunks unread, and "failed" when chunks got failed answers, each with the reason', async () => {
    const chunks = core.store.documents.chunks(ids[0]);
    core.store.db.prepare('DELETE FROM chunk_extractions WHERE chunk_id = ?').run(chunks[0].id);
    let [a] = await list();
    expect(a.extraction).toMatchObject({ status: 'stale', chunksRead: chunks.length - 1 });
    expect(a.extraction.reason).toContain(`1 of ${chunks.length} chunks not extracted`);
    core.store.db.prepare('UPDATE chunk_extractions SET failures = 3 WHERE chunk_id = ?').run(chunks[1].id);
    [a] = await list();
    expect(a.extraction.status).toBe('failed');
    expect(a.extraction.reason).toContain(`1 of ${chunks.length} chunks got failed answers`);
    // Extracting again reads what was missing and failed.
    const s = await extract([ids[0]]);
    expect(s.processed).toBe(2);
    expect((await list())[0].extraction.status).toBe('extracted');
  });

  it('a run over all documents covers those imported before it', async () => {
    await extract();
    for (const d of await list()) expect(d.extraction.status).toBe('extracted');
  });
});
