// A large text (one large transaction: pipeline.ts isLargeTransaction) is stored by the ingest worker
// through its own connection, never sent to the core: the rows are those the core's own store gives
// (the path taken before, GRAPHWRIGHT_INGEST_INLINE=1), row for row; calls are answered while the
// worker holds the write lock, and a write made meanwhile waits for it; the worker's store, forced on
// a small kit RFC, gives what storePrepared gives; a file over the per-file limit is refused, saying
// so. Peak memory and the event loop's longest hold are measured by `npm run bench -- large-text`.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Core } from '../../electron/core/core';
import { IngestResult } from '../../shared/contract/ingest';
import { MAX_FILE_BYTES, prepareFile, storePrepared } from '../../electron/core/ingest/pipeline';
import { LARGE_FILE_THREAD, lastIngestThreadEntry, prepareSource } from '../../electron/core/ingest/worker-pool';
import { importHoldsLock } from '../../electron/core/store/import-gate';
import { Store } from '../../electron/core/store';
import { generateText } from '../../bench/ingest';
import { data, tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-large-text-');
afterAll(() => t.cleanup());
const inline = process.env.GRAPHWRIGHT_INGEST_INLINE;
afterEach(() => {
  if (inline === undefined) delete process.env.GRAPHWRIGHT_INGEST_INLINE;
  else process.env.GRAPHWRIGHT_INGEST_INLINE = inline;
});

/** Every stored row of a database's documents, as a list per table (timestamps aside). */
function storedRows(dbPath: string): Record<string, unknown[]> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const all = (sql: string) => db.prepare(sql).all();
    return {
      documents: all(
        'SELECT id, title, source_path, format, language, pages, status, content_hash, text, original_text, meta, version, previous_id FROM documents ORDER BY id',
      ),
      pages: all('SELECT * FROM pages ORDER BY rowid'),
      chunks: all('SELECT * FROM chunks ORDER BY rowid'),
      structure: all('SELECT * FROM document_structure ORDER BY rowid'),
      sections: all('SELECT * FROM sections ORDER BY rowid'),
      regions: all('SELECT * FROM regions ORDER BY rowid'),
      fts: ['peer authenticator', 'keying material', 'replay protection'].map((q) =>
        all(`SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH '"${q}"' ORDER BY rowid LIMIT 200`),
      ),
    };
  } finally {
    db.close();
  }
}

async function ingestAndWatch(dbPath: string, file: string) {
  const core = new Core({ dbPath });
  try {
    // the repository's insert is the core's own store: watched, not replaced
    let coreInserts = 0;
    const docs = core.store.documents;
    const insert = docs.insert.bind(docs);
    docs.insert = (d) => (coreInserts++, insert(d));
    const started = await core.call('documents.ingest', { paths: [file] });
    if (!started.ok) throw new Error(started.error.message);
    const id = (started.value as { id: number }).id;
    let done = false;
    const finished = core.jobs.wait(id).finally(() => (done = true));
    // requests every few ms, as a browser's: which were answered while a thread held the write lock
    let answeredWhileHeld = 0;
    let wroteWhileHeld: Promise<unknown> | null = null;
    while (!done) {
      await new Promise((r) => setTimeout(r, 5));
      const held = importHoldsLock(core.store.db) !== null;
      const r = await core.call('app.status', {});
      expect(r.ok).toBe(true);
      if (held) {
        answeredWhileHeld++;
        // a write meanwhile waits for the lock off the event loop and goes through after it
        wroteWhileHeld ??= core.call('settings.set', { key: 'ui.theme', value: 'dark' });
      }
    }
    const job = await finished;
    expect(job.state).toBe('done');
    return { result: IngestResult.parse(job.result), coreInserts, answeredWhileHeld, wrote: await wroteWhileHeld, theme: core.store.settings.get('ui.theme') };
  } finally {
    await core.close();
  }
}

describe('a large text', () => {
  it('is stored by the worker: the same rows as the core stores, while calls are answered', async () => {
    const file = path.join(t.dir, 'generated.txt');
    generateText(file, 3);
    const byWorker = await ingestAndWatch(path.join(t.dir, 'worker.db'), file);
    process.env.GRAPHWRIGHT_INGEST_INLINE = '1';
    const byCore = await ingestAndWatch(path.join(t.dir, 'core.db'), file);
    expect(byWorker.result.imported).toHaveLength(1);
    expect(byWorker.coreInserts).toBe(0);
    expect(byCore.coreInserts).toBe(1);
    // while the worker held the lock the core answered, and the write made then went through after it
    expect(byWorker.answeredWhileHeld).toBeGreaterThan(0);
    expect(byWorker.wrote).toMatchObject({ ok: true });
    expect(byWorker.theme).toBe('dark');
    const worker = storedRows(path.join(t.dir, 'worker.db'));
    const core = storedRows(path.join(t.dir, 'core.db'));
    expect((worker.chunks as unknown[]).length).toBeGreaterThan(2000);
    for (const table of Object.keys(core)) expect(worker[table], table).toEqual(core[table]);
  }, 240_000);

  it('stored by the worker when forced on a small text: what storePrepared stores', async () => {
    const file = data('rfc-radius-eap', 'rfc2867.txt');
    const a = Store.open(path.join(t.dir, 'forced.db'));
    const b = Store.open(path.join(t.dir, 'plain.db'));
    try {
      const source = await prepareSource(file, { storeIn: { db: a.db, large: { chars: 0, chunks: 0 } } });
      try {
        expect(source.header.storesItself).toBe(true);
        expect(await source.storeInWorker!(7)).toEqual({ status: 'imported', ids: [1], duplicates: 0 });
      } finally {
        source.release();
      }
      expect(storePrepared(b, await prepareFile(file), 7)).toEqual({ status: 'imported', ids: [1], duplicates: 0 });
    } finally {
      a.close();
      b.close();
    }
    expect(storedRows(path.join(t.dir, 'forced.db'))).toEqual(storedRows(path.join(t.dir, 'plain.db')));
  }, 120_000);

  it("stored by a large file's thread (the worker bundled from source, the store loaded when it stores): what storePrepared stores", async () => {
    const file = data('rfc-radius-eap', 'rfc2867.txt');
    const a = Store.open(path.join(t.dir, 'bundled.db'));
    const b = Store.open(path.join(t.dir, 'bundled-plain.db'));
    const from = LARGE_FILE_THREAD.fromBytes;
    // (the file counts as large from its own size here: a 16 MB file takes too long for a unit test)
    LARGE_FILE_THREAD.fromBytes = fs.statSync(file).size;
    try {
      const source = await prepareSource(file, { storeIn: { db: a.db, large: { chars: 0, chunks: 0 } } });
      try {
        expect(lastIngestThreadEntry()).toBe('bundled');
        expect(await source.storeInWorker!(7)).toEqual({ status: 'imported', ids: [1], duplicates: 0 });
      } finally {
        source.release();
      }
      expect(storePrepared(b, await prepareFile(file), 7)).toEqual({ status: 'imported', ids: [1], duplicates: 0 });
    } finally {
      LARGE_FILE_THREAD.fromBytes = from;
      a.close();
      b.close();
    }
    expect(storedRows(path.join(t.dir, 'bundled.db'))).toEqual(storedRows(path.join(t.dir, 'bundled-plain.db')));
  }, 120_000);

  it('over the per-file limit is refused before it is read, naming the file and the limit', async () => {
    const file = path.join(t.dir, 'huge-text.txt');
    // a sparse file: its size without its bytes
    fs.closeSync(fs.openSync(file, 'w'));
    fs.truncateSync(file, MAX_FILE_BYTES + 88 * 1024 * 1024);
    const core = new Core({ dbPath: path.join(t.dir, 'limit.db') });
    try {
      const started = await core.call('documents.ingest', { paths: [file] });
      if (!started.ok) throw new Error(started.error.message);
      const job = await core.jobs.wait((started.value as { id: number }).id);
      const result = IngestResult.parse(job.result);
      expect(result.failed).toEqual([
        {
          path: file,
          error: 'huge-text.txt: file too large (600 MB; the limit is 512 MB per file: a text needs several times its size in memory while it is imported)',
        },
      ]);
      expect(core.store.documents.list()).toEqual([]);
    } finally {
      await core.close();
    }
  });
});
