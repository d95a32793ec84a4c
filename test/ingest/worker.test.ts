// Parsing, repair and chunking run in a worker thread (ingest/worker.ts through worker-pool.ts);
// the core stays the only writer. Behaviour, not timings: calls answer while a big ingest runs,
// the parse runs on another thread, cancel ends that thread, errors still name the file, progress
// still flows, a stopped job resumes, the semantic chunker's embeddings come from the core.
import { afterEach, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';
import { Core } from '../../electron/core/core';
import {
  LARGE_FILE_THREAD,
  lastIngestThreadEntry,
  busyIngestThreads,
  ingestThreadsStarted,
  lastIngestThreadLimits,
  liveIngestThreads,
  prepareSource,
  useSourceBundleForTests,
} from '../../electron/core/ingest/worker-pool';
import { STORE_SLICE } from '../../electron/core/ingest/job';
import { makePdf } from './fixtures';
import { tmpDir } from '../helpers/tmp';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function dir(): string {
  const t = tmpDir('gw-worker-');
  cleanups.push(t.cleanup);
  return t.dir;
}

function corpus(file: string, n: number): void {
  fs.writeFileSync(
    file,
    JSON.stringify(
      Array.from({ length: n }, (_, i) => ({
        title: `Feeder ${i + 1}`,
        text: `Feeder ${i + 1} leaves substation ${i} and is protected by relay ${i + 7}; the breaker opens when the current exceeds ${i + 100} A.`,
      })),
    ),
  );
}

function openCore(d: string, name = 'w.db', startJobs = true): Core {
  const core = new Core({ dbPath: path.join(d, name), progressIntervalMs: 0, startJobs });
  cleanups.push(() => core.close());
  return core;
}

const longPdf = (pages: number) =>
  makePdf(
    Array.from({ length: pages }, (_, i) => [
      `Page ${i + 1}: the protection relay compares the measured current with its setting.`,
      '',
      'The breaker opens when the relay trips.',
    ]),
  );

describe('ingest in a worker thread', () => {
  it('prepares a file on another thread; the core gets the documents in the slices it asks for', async () => {
    const d = dir();
    const file = path.join(d, 'corpus.json');
    corpus(file, 120);
    const source = await prepareSource(file);
    expect(source.header.threadId).not.toBe(threadId);
    expect(source.header).toMatchObject({ path: file, multi: true, count: 120, format: 'passages' });
    const sizes: number[] = [];
    for (let docs = await source.take(50); docs.length; docs = await source.take(50)) sizes.push(docs.length);
    source.release();
    expect(sizes).toEqual([50, 50, 20]);
    // The pool keeps its thread for the next file.
    const started = ingestThreadsStarted();
    const again = await prepareSource(file);
    expect((await again.take(1000)).length).toBe(120);
    again.release();
    expect(ingestThreadsStarted()).toBe(started);
    // a small file runs with V8's own young generation (the cap would cost it collections)
    expect(lastIngestThreadLimits()?.maxYoungGenerationSizeMb).not.toBe(LARGE_FILE_THREAD.youngGenerationMb);
  }, 120_000);

  it('a large file gets a thread of its own whose young generation is capped, ended when it is done; the idle warm thread is ended before it', async () => {
    const d = dir();
    const file = path.join(d, 'corpus.json');
    corpus(file, 40);
    const small = await prepareSource(file);
    small.release();
    const started = ingestThreadsStarted();
    await vi.waitFor(() => expect(liveIngestThreads()).toBe(1), { timeout: 10_000 });
    const from = LARGE_FILE_THREAD.fromBytes;
    // (the file counts as large from its own size here: a 16 MB file takes too long for a unit test)
    LARGE_FILE_THREAD.fromBytes = fs.statSync(file).size;
    try {
      const large = await prepareSource(file);
      expect(lastIngestThreadLimits()?.maxYoungGenerationSizeMb).toBe(LARGE_FILE_THREAD.youngGenerationMb);
      // run from source, a large file's thread runs the worker bundled for this process, not through tsx's hooks
      expect(lastIngestThreadEntry()).toBe('bundled');
      // (the idle warm thread is not resident beside a large file: only the large file's thread runs)
      await vi.waitFor(() => expect(liveIngestThreads()).toBe(1), { timeout: 10_000 });
      expect((await large.take(1000)).length).toBe(40);
      large.release();
      expect(ingestThreadsStarted()).toBe(started + 1);
      await vi.waitFor(() => expect(liveIngestThreads()).toBe(0), { timeout: 10_000 });
    } finally {
      LARGE_FILE_THREAD.fromBytes = from;
    }
    // the next small file starts a warm thread again, uncapped, and it stays for the file after
    const again = await prepareSource(file);
    again.release();
    expect(ingestThreadsStarted()).toBe(started + 2);
    expect(lastIngestThreadLimits()?.maxYoungGenerationSizeMb).not.toBe(LARGE_FILE_THREAD.youngGenerationMb);
    expect(lastIngestThreadEntry()).toBe('tsx');
    const third = await prepareSource(file);
    third.release();
    expect(ingestThreadsStarted()).toBe(started + 2);
    expect(lastIngestThreadLimits()?.maxYoungGenerationSizeMb).not.toBe(LARGE_FILE_THREAD.youngGenerationMb);
  }, 120_000);

  it("a large file whose bundled worker cannot start runs through tsx's hooks instead, and is read the same", async () => {
    const d = dir();
    const file = path.join(d, 'corpus.json');
    corpus(file, 40);
    // a bundle that cannot be loaded (as one removed or broken after it was written)
    const broken = path.join(d, 'ingest-worker-broken.mjs');
    fs.writeFileSync(broken, "throw new Error('cannot load');\n");
    useSourceBundleForTests(pathToFileURL(broken));
    const from = LARGE_FILE_THREAD.fromBytes;
    LARGE_FILE_THREAD.fromBytes = fs.statSync(file).size;
    try {
      const large = await prepareSource(file);
      expect(lastIngestThreadEntry()).toBe('tsx');
      expect(lastIngestThreadLimits()?.maxYoungGenerationSizeMb).toBe(LARGE_FILE_THREAD.youngGenerationMb);
      const docs = await large.take(1000);
      large.release();
      expect(docs.map((x) => x.title)).toEqual(Array.from({ length: 40 }, (_, i) => `Feeder ${i + 1}`));
      // the process does not try the broken bundle again: the next large file goes through tsx at once
      const next = await prepareSource(file);
      expect(lastIngestThreadEntry()).toBe('tsx');
      next.release();
    } finally {
      LARGE_FILE_THREAD.fromBytes = from;
      useSourceBundleForTests(null);
    }
  }, 120_000);

  it('app.status answers while a 20,000-passage ingest runs, before it finishes; progress reports the slices stored', async () => {
    const d = dir();
    const n = 20_000;
    const file = path.join(d, 'big.json');
    corpus(file, n);
    const core = openCore(d);
    const messages: string[] = [];
    core.bus.on('job.progress', (j) => {
      if (j.progress.message) messages.push(j.progress.message);
    });
    const job = core.jobs.enqueue('ingest', { paths: [file] });
    let done = false;
    const finished = core.jobs.wait(job.id).then((info) => {
      done = true;
      return info;
    });
    const answered: { running: boolean; documents: number }[] = [];
    while (!done) {
      await new Promise((r) => setTimeout(r, 20));
      const r = await core.call('app.status', {});
      expect(r.ok).toBe(true);
      answered.push({ running: !done && core.jobs.get(job.id).state === 'running', documents: (r as { value: { documents: number } }).value.documents });
    }
    const info = await finished;
    expect(info.state).toBe('done');
    expect((info.result as { imported: unknown[] }).imported).toHaveLength(n);
    // Answers came while the job ran: during the parse (nothing stored yet) and while it was stored.
    expect(answered.filter((a) => a.running && a.documents === 0).length).toBeGreaterThan(0);
    expect(answered.filter((a) => a.running && a.documents > 0 && a.documents < n).length).toBeGreaterThan(0);
    expect(messages).toContain(`1/1 big.json: stored ${STORE_SLICE}/20,000 documents`);
    expect(messages).toContain('1/1 big.json: stored 20,000/20,000 documents');
    expect(core.store.documents.list().length).toBe(n);
  }, 240_000);

  it('cancel terminates the worker in the middle of a parse; the next ingest starts a new one', async () => {
    const d = dir();
    const file = path.join(d, 'long.pdf');
    fs.writeFileSync(file, longPdf(3000));
    const core = openCore(d);
    const job = core.jobs.enqueue('ingest', { paths: [file] });
    await vi.waitFor(() => expect(core.jobs.get(job.id).progress.message).toBe('1/1 long.pdf'), { timeout: 60_000, interval: 10 });
    // (the parse has begun in a thread: a cancel before it, while the job reads the file, gives the warm thread back idle)
    await vi.waitFor(() => expect(busyIngestThreads()).toBe(1), { timeout: 60_000, interval: 10 });
    const started = ingestThreadsStarted();
    core.jobs.cancel(job.id);
    const end = await core.jobs.wait(job.id);
    expect(end.state).toBe('cancelled');
    expect(core.store.documents.list()).toHaveLength(0);
    await vi.waitFor(() => expect(liveIngestThreads()).toBe(0), { timeout: 10_000, interval: 10 });
    // Resumable: it continues from its checkpoint and imports the file with a fresh thread.
    fs.writeFileSync(file, longPdf(3));
    core.jobs.resume(job.id);
    const again = await core.jobs.wait(job.id);
    expect(again.state).toBe('done');
    expect(ingestThreadsStarted()).toBe(started + 1);
    expect(core.store.documents.list()).toHaveLength(1);
  }, 180_000);

  it('an abort signal ends a prepare at once with "cancelled"', async () => {
    const d = dir();
    const file = path.join(d, 'long.pdf');
    fs.writeFileSync(file, longPdf(3000));
    const controller = new AbortController();
    const pending = prepareSource(file, { signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    await expect(pending).rejects.toThrow('cancelled');
  }, 120_000);

  it('errors from the worker name the file and the problem; the good file is imported', async () => {
    const d = dir();
    const good = makePdf([['The relay trips the breaker when the current exceeds the setting.']]);
    fs.writeFileSync(path.join(d, 'broken.pdf'), good.subarray(0, good.length - 40));
    fs.writeFileSync(path.join(d, 'records.json'), '[{"title": "A", "text": "Feeder one."},\n{"title": "B", "text": }]');
    fs.writeFileSync(path.join(d, 'good.pdf'), good);
    const core = openCore(d);
    const job = core.jobs.enqueue('ingest', { paths: [d] });
    const done = await core.jobs.wait(job.id);
    expect(done.state).toBe('done');
    const result = done.result as { imported: { path: string }[]; failed: { error: string }[] };
    expect(result.imported.map((r) => path.basename(r.path))).toEqual(['good.pdf']);
    expect(result.failed.map((f) => f.error).sort()).toEqual([
      'broken.pdf: truncated or damaged PDF (no %%EOF marker at the end)',
      expect.stringMatching(/^records\.json: malformed JSON in the corpus: record 2 .*line 2/),
    ]);
  }, 120_000);

  it('a job stopped during a parse stays queued and resumes after a restart, without duplicates', async () => {
    const d = dir();
    const first = path.join(d, 'a.json');
    corpus(first, 200);
    const second = path.join(d, 'b.pdf');
    fs.writeFileSync(second, longPdf(3000));
    const core = new Core({ dbPath: path.join(d, 'r.db'), progressIntervalMs: 0 });
    const job = core.jobs.enqueue('ingest', { paths: [first, second] });
    await vi.waitFor(() => expect(core.jobs.get(job.id).progress.message).toBe('2/2 b.pdf'), { timeout: 60_000, interval: 10 });
    await core.close();
    fs.writeFileSync(second, longPdf(2));
    const again = openCore(d, 'r.db');
    expect(again.jobs.get(job.id).state).not.toBe('done');
    const end = await again.jobs.wait(job.id);
    expect(end.state).toBe('done');
    expect(again.store.documents.list()).toHaveLength(201);
  }, 180_000);

  it('the semantic chunker in the worker gets its embeddings from the core', async () => {
    const d = dir();
    const file = path.join(d, 'manual.txt');
    fs.writeFileSync(
      file,
      Array.from(
        { length: 40 },
        (_, i) => `Section ${i + 1} says that relay ${i} trips breaker ${i + 1} when the measured current exceeds its setting for longer than the delay.`,
      ).join('\n\n'),
    );
    const asked: number[] = [];
    const embed = async (texts: string[]) => {
      asked.push(threadId);
      return texts.map((t) => [t.length % 7, (t.charCodeAt(0) % 5) + 1, 1]);
    };
    const source = await prepareSource(file, { chunker: 'semantic', chunkSize: 400, embed });
    const [doc] = await source.take(1);
    source.release();
    expect(source.header.threadId).not.toBe(threadId);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((t) => t === threadId)).toBe(true);
    expect(doc.chunks.length).toBeGreaterThan(1);
  }, 120_000);
});
