// The extraction job with the classic engine: provenance, re-runs, review work kept, the CLI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { unwrap } from '../../shared/dispatch';
import { ExtractSummary } from '../../shared/contract/extract';
import { cli } from '../helpers/cli';
import { main } from '../../electron/cli/main';
import { tmpDir } from '../helpers/tmp';
import { allEdgeProvenance, insertText, rfcPassage, rfcText } from './fixtures';

const t = tmpDir();
let core: Core;
let docId: number;
const dbPath = path.join(t.dir, 'job.db');

beforeAll(() => {
  // Every progress step is an event, so the cancel test can stop the job after its first batch.
  core = new Core({ dbPath, progressIntervalMs: 0 });
  const text = rfcPassage('rfc3580.txt', '1.  Introduction\n\n   IEEE 802.1X enables', '2.  RADIUS Accounting Attributes\n\n');
  docId = insertText(core, 'RFC 3580 (excerpt)', text, { size: 900 });
});
afterAll(async () => {
  await core.close();
  t.cleanup();
});

async function run(input: Parameters<typeof core.call>[1]) {
  const job = unwrap('extract.start', await core.call('extract.start', input));
  const done = await core.jobs.wait(job.id);
  expect(done.error).toBeNull();
  expect(done.state).toBe('done');
  return ExtractSummary.parse(done.result);
}

describe('extraction job (classic engine)', () => {
  it('fills the store with proposed triples whose provenance quote is the document text at the span', async () => {
    const changed: unknown[] = [];
    const off = core.bus.on('graph.changed', (e) => changed.push(e));
    const s = await run({ documents: [docId], engine: 'classic' });
    off();
    const chunks = core.store.documents.chunks(docId).length;
    expect(s).toMatchObject({ engine: 'classic', documents: 1, chunks, processed: chunks, skipped: 0, failures: 0 });
    expect(s.triples.EE).toBeGreaterThan(10);
    expect(s.sentences).toBeGreaterThan(10);
    expect(changed.length).toBeGreaterThanOrEqual(1);
    const prov = allEdgeProvenance(core);
    expect(prov.length).toBeGreaterThanOrEqual(s.triples.EE);
    for (const p of prov) expect(p.quote).toBe(p.text.slice(p.start, p.end));
    const triples = core.store.graph.listTriples({ document: docId, limit: 1000, offset: 0 }).items;
    expect(triples.every((x) => x.status === 'proposed' && x.engine === 'classic' && x.stage === 'EE')).toBe(true);
    expect(triples.every((x) => x.confidence > 0 && x.confidence < 1)).toBe(true);
    const stats = unwrap('extract.stats', await core.call('extract.stats', { documents: [docId] }));
    expect(stats).toMatchObject({ chunks, extractedChunks: chunks, failedChunks: 0 });
    expect(stats.triples.EE).toBe(triples.length);
  });

  it('skips unchanged chunks on a re-run, and a forced re-run keeps accepted and rejected triples as they are', async () => {
    const again = await run({ documents: [docId], engine: 'classic' });
    expect(again.processed).toBe(0);
    expect(again.skipped).toBe(again.chunks);

    const before = core.store.graph.listTriples({ document: docId, limit: 1000, offset: 0 }).items;
    const [accepted, rejected] = before;
    // the review area's job in the app; here a direct write stands in for the editor
    core.store.db.prepare("UPDATE edges SET status = 'accepted', edited = 1, confidence = 0.99 WHERE id = ?").run(accepted.id);
    core.store.db.prepare("UPDATE edges SET status = 'rejected' WHERE id = ?").run(rejected.id);
    const forced = await run({ documents: [docId], engine: 'classic', force: true });
    expect(forced.processed).toBe(forced.chunks);
    expect(forced.triples).toEqual({ EE: 0, EV: 0, VV: 0 });
    expect(forced.existing).toBeGreaterThan(0);
    const after = core.store.graph.listTriples({ document: docId, limit: 1000, offset: 0 }).items;
    expect(after.length).toBe(before.length);
    const byId = new Map(after.map((x) => [x.id, x]));
    expect(byId.get(accepted.id)).toMatchObject({ status: 'accepted', confidence: 0.99 });
    expect(byId.get(rejected.id)!.status).toBe('rejected');
    // evidence is not duplicated by re-runs
    const prov = allEdgeProvenance(core);
    expect(new Set(prov.map((p) => `${p.edge_id}:${p.start}:${p.end}`)).size).toBe(prov.length);
  });

  it('can be cancelled mid-way and resumed from its checkpoint, reading every chunk once', async () => {
    const big = insertText(core, 'RFC 5247', rfcText('rfc5247.txt').slice(0, 50_000), { size: 1500 });
    const total = core.store.documents.chunks(big).length;
    const job = core.jobs.enqueue('extract', { documents: [big], engine: 'classic', batchSize: 2, mergeCandidates: false });
    const off = core.bus.on('job.progress', (j) => {
      if (j.id === job.id && j.state === 'running' && j.progress.done > 0) core.jobs.cancel(job.id);
    });
    const cancelled = await core.jobs.wait(job.id);
    off();
    expect(cancelled.state).toBe('cancelled');
    const partial = (
      core.store.db.prepare('SELECT COUNT(*) AS n FROM chunk_extractions x JOIN chunks c ON c.id = x.chunk_id WHERE c.document_id = ?').get(big) as {
        n: number;
      }
    ).n;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(total);
    // the checkpoint is a cursor: the chunks done are in chunk_extractions, not in a map that grows per chunk
    const checkpoint = () => JSON.parse((core.store.db.prepare('SELECT checkpoint FROM jobs WHERE id = ?').get(job.id) as { checkpoint: string }).checkpoint);
    const cp = checkpoint();
    expect(cp).not.toHaveProperty('done');
    expect(cp.cursor).toBe(partial);
    const cpSize = JSON.stringify({ ...cp, totals: {} }).length;
    unwrap('jobs.resume', await core.call('jobs.resume', { id: job.id }));
    const done = await core.jobs.wait(job.id);
    expect(done.state).toBe('done');
    expect(ExtractSummary.parse(done.result).processed).toBe(total);
    expect(checkpoint().cursor).toBe(total);
    expect(JSON.stringify({ ...checkpoint(), totals: {} }).length).toBeLessThanOrEqual(cpSize + String(total).length);
    const prov = allEdgeProvenance(core);
    expect(new Set(prov.map((p) => `${p.edge_id}:${p.start}:${p.end}`)).size).toBe(prov.length);
  });

  it('rejects bad input at the boundary', async () => {
    expect(await core.call('extract.start', { engine: 'gpt' })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await core.call('extract.start', { documents: [999], engine: 'classic' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await core.call('extract.start', { engine: 'openai', endpoint: 'http://127.0.0.1:9/v1' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
  });

  it('graphwright extract prints progress on stderr and the summary as JSON on stdout', async () => {
    await core.close();
    const r = cli(['extract', '--db', dbPath, '--documents', String(docId), '--force', '--json']);
    core = new Core({ dbPath });
    expect(r.code).toBe(0);
    const s = r.json();
    expect(s).toMatchObject({ engine: 'classic', documents: 1, triples: { EE: 0, EV: 0, VV: 0 }, failures: 0 });
    expect(s.chunks).toBeGreaterThan(0);
    expect(r.stderr).toMatch(/extract: (running|done)/);
    // argument errors, in process (no second child process)
    const err: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((chunk: string) => (err.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      expect(await main(['extract', '--db', dbPath, '--engine', 'gpt'])).toBe(2);
      expect(await main(['extract', '--db', dbPath, '--documents', 'x'])).toBe(2);
    } finally {
      process.stderr.write = write;
    }
    expect(err.join('')).toMatch(/--engine must be one of classic, llama, openai/);
    expect(err.join('')).toMatch(/--documents must be a positive integer/);
  });
});
