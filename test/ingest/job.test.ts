// The ingest job through the real Core (SQLite, job runner, contract calls): bad inputs, dedupe,
// versions, checkpoints, events, upload and remove.
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { IngestResult } from '../../shared/contract/ingest';
import { data, seed, tmpDir } from '../helpers/tmp';
import { makePdf } from './fixtures';
import type { LlmEngine } from '../../electron/core/llm/engine';

const t = tmpDir('gw-ingest-job-');
afterAll(() => t.cleanup());
let n = 0;
const newCore = (name = `db${++n}`) => new Core({ dbPath: path.join(t.dir, name, 'graphwright.db') });
const write = (name: string, content: string | Buffer) => {
  const file = path.join(t.dir, 'files', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
};

async function ingest(core: Core, input: { paths: string[]; chunkSize?: number; chunker?: 'recursive' | 'fixed' | 'semantic' }) {
  const started = await core.call('documents.ingest', input);
  expect(started.ok).toBe(true);
  const job = started.ok ? (started.value as { id: number }) : { id: 0 };
  const done = await core.jobs.wait(job.id);
  return { job: done, result: done.state === 'done' ? IngestResult.parse(done.result) : undefined };
}

function snapshot(core: Core) {
  return core.store.documents.list().map((d) => ({ ...d, text: core.store.documents.text(d.id), chunks: core.store.documents.chunks(d.id) }));
}

describe('bad input', () => {
  it('fails each bad file with a clear error naming it, stores nothing for it, leaves earlier documents alone', async () => {
    const core = newCore();
    try {
      const good = await ingest(core, { paths: [data('rfc-radius-eap', 'rfc2867.txt')] });
      expect(good.result!.imported).toHaveLength(1);
      const before = snapshot(core);
      const pdf = makePdf([['Some text on a page.']]);
      const big = path.join(t.dir, 'files', 'huge.txt');
      fs.mkdirSync(path.dirname(big), { recursive: true });
      fs.writeFileSync(big, Buffer.alloc(50 * 1024 * 1024, 'word '.repeat(1)));
      const bad = {
        empty: write('empty.txt', ''),
        truncated: write('truncated.pdf', pdf.subarray(0, Math.floor(pdf.length * 0.6))),
        corrupt: write('corrupt.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41), Buffer.from('\n%%EOF\n')])),
        encrypted: write('locked.pdf', makePdf([['Secret text.']], { encrypted: true })),
        notZip: write('report.docx', 'this is not a zip archive at all'),
        binary: write('data.txt', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))),
        huge: big,
        missing: path.join(t.dir, 'files', 'does-not-exist.txt'),
        unsupported: write('drawing.xyz', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02, 0x03])),
      };
      const { result } = await ingest(core, { paths: Object.values(bad) });
      fs.rmSync(big);
      expect(result!.imported).toEqual([]);
      expect(result!.skipped).toEqual([]);
      const errors = Object.fromEntries(result!.failed.map((f) => [f.path, f.error]));
      const expected: Record<keyof typeof bad, RegExp> = {
        empty: /^empty\.txt: empty file/,
        truncated: /^truncated\.pdf: truncated or damaged PDF/,
        corrupt: /^corrupt\.pdf: corrupt PDF/,
        encrypted: /^locked\.pdf: encrypted PDF/,
        notZip: /^report\.docx: not a valid DOCX file \(not a zip archive\)/,
        binary: /^data\.txt: binary data, not text/,
        huge: /^huge\.txt: no line break in the whole file \(52\.4 MB\)/,
        missing: /^does-not-exist\.txt: file not found: /,
        unsupported: /^drawing\.xyz: unsupported format: \.xyz/,
      };
      for (const [k, re] of Object.entries(expected)) expect(errors[bad[k as keyof typeof bad]], k).toMatch(re);
      expect(result!.failed).toHaveLength(9);
      expect(snapshot(core)).toEqual(before);
      expect(core.store.status().chunks).toBe(before[0].chunks.length);
    } finally {
      await core.close();
    }
  });
});

describe('dedupe and versions', () => {
  it('skips the same content as a duplicate, stores a changed file as a new version and keeps the old one', async () => {
    const core = newCore();
    try {
      const file = write('notes/spec.md', '# Spec\n\nThe first version of the text.\n');
      const first = await ingest(core, { paths: [file] });
      expect(first.result!.imported).toEqual([{ id: 1, path: file }]);
      const again = await ingest(core, { paths: [file] });
      expect(again.result!.imported).toEqual([]);
      expect(again.result!.skipped).toEqual([{ path: file, reason: expect.stringMatching(/^duplicate of document 1 \(Spec\)/) }]);
      const copy = write('elsewhere/copy.md', fs.readFileSync(file));
      const copied = await ingest(core, { paths: [copy] });
      expect(copied.result!.skipped[0].reason).toMatch(/duplicate of document 1/);
      fs.writeFileSync(file, '# Spec\n\nThe second version of the text, changed.\n');
      const changed = await ingest(core, { paths: [file] });
      expect(changed.result!.imported).toEqual([{ id: 2, path: file }]);
      const v2 = core.store.documents.get(2)!;
      expect(v2.version).toBe(2);
      expect(v2.previousId).toBe(1);
      expect(core.store.documents.text(1)).toContain('first version');
      expect(core.store.documents.text(2)).toContain('second version');
      expect(core.store.documents.list()).toHaveLength(2);
    } finally {
      await core.close();
    }
  });

  it('imports a passage corpus once; a second import adds nothing', async () => {
    const core = newCore();
    try {
      const corpus = data('musique', 'corpus.json');
      const first = await ingest(core, { paths: [corpus] });
      expect(first.result!.imported.length).toBeGreaterThan(300);
      expect(new Set(first.result!.imported.map((r) => r.path))).toEqual(new Set([corpus]));
      const docs = core.store.documents.list();
      expect(docs.every((d) => d.format === 'passage' && d.chunks >= 1)).toBe(true);
      const second = await ingest(core, { paths: [corpus] });
      expect(second.result!.imported).toEqual([]);
      expect(second.result!.skipped[0].reason).toMatch(/^duplicate: all \d+ documents are already imported/);
      expect(core.store.documents.list()).toHaveLength(docs.length);
    } finally {
      await core.close();
    }
  });
});

describe('the job', () => {
  it('walks folders, reports progress per file, emits documents.changed, stores gold annotations', async () => {
    const core = newCore();
    const events: string[] = [];
    const progress: string[] = [];
    core.bus.on('documents.changed', (e) => events.push(e.reason));
    core.bus.on('job.progress', (j) => j.progress.message && progress.push(j.progress.message));
    try {
      const { job, result } = await ingest(core, { paths: [path.dirname(seed('000_d8841f6ce609635c.txt'))] });
      expect(job.state).toBe('done');
      expect(result!.failed).toEqual([]);
      expect(result!.imported.map((r) => path.basename(r.path))).toEqual([
        '000_d8841f6ce609635c.txt',
        '001_68a6067ece94435d.txt',
        '002_cd2ac7c5e1ba1e29.txt',
        '003_e7e589e032ae6219.txt',
      ]);
      expect(events).toEqual(['ingested', 'ingested', 'ingested', 'ingested']);
      expect(progress.some((m) => /^\d\/4 /.test(m))).toBe(true);
      expect(job.progress).toMatchObject({ done: 4, total: 4 });
      const docs = core.store.documents.list();
      expect(docs.map((d) => [d.format, d.language])).toEqual([
        ['token-table', 'en'],
        ['text', 'ko'],
        ['text', 'en'],
        ['bio-json', 'en'],
      ]);
      const annotations = await core.call('documents.annotations', { id: docs[3].id });
      expect(annotations.ok && (annotations.value as unknown[]).length).toBe(65);
      const pages = await core.call('documents.pages', { id: docs[2].id });
      expect(pages.ok && (pages.value as unknown[]).length).toBe(10);
      for (const d of docs) {
        const text = core.store.documents.text(d.id)!;
        for (const c of core.store.documents.chunks(d.id)) expect(text.slice(c.start, c.end)).toBe(c.text);
      }
      expect(core.store.documents.searchChunks('recursive chunking').length).toBeGreaterThan(0);
    } finally {
      await core.close();
    }
  });

  it('resumes after a stop from its checkpoint without redoing stored files', async () => {
    const files = ['rfc2607.txt', 'rfc2867.txt', 'rfc6613.txt'].map((f) => data('rfc-radius-eap', f));
    const first = newCore('resume');
    let jobId = 0;
    try {
      first.bus.on('documents.changed', () => void first.jobs.stop());
      const started = await first.call('documents.ingest', { paths: files });
      jobId = started.ok ? (started.value as { id: number }).id : 0;
      for (let i = 0; i < 200 && first.store.documents.list().length === 0; i++) await new Promise((r) => setTimeout(r, 25));
      await first.jobs.stop();
      expect(first.jobs.get(jobId).state).toBe('queued');
      expect(first.store.documents.list()).toHaveLength(1);
    } finally {
      await first.close();
    }
    const second = newCore('resume');
    try {
      const done = await second.jobs.wait(jobId);
      expect(done.state).toBe('done');
      const result = IngestResult.parse(done.result);
      expect(result.imported.map((r) => r.path)).toEqual(files);
      expect(result.skipped).toEqual([]);
      expect(second.store.documents.list().map((d) => d.path)).toEqual(files);
    } finally {
      await second.close();
    }
  });

  it('chunks semantically with the engine of the embedding role', async () => {
    const core = newCore();
    // A real, tiny embedding engine: how much a sentence is about cats, and about networks.
    const topics = [
      ['cat', 'cats', 'kitten', 'purr', 'whiskers', 'feline'],
      ['router', 'packet', 'network', 'protocol', 'tcp', 'latency'],
    ];
    const calls: number[] = [];
    const engine: LlmEngine = {
      info: () => ({ engine: 'openai', model: 'topics', backend: 'remote', contextSize: 512, parallelSequences: 1, embeddingDimension: 2 }),
      generate: async () => {
        throw new Error('embedding only');
      },
      stream: () => {
        throw new Error('embedding only');
      },
      embed: async (texts) => {
        calls.push(texts.length);
        return texts.map((t) => topics.map((v) => (t.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => v.includes(w)).length + 0.1));
      },
      close: async () => undefined,
    };
    core.engines.use('embedding', engine);
    try {
      const cats = 'The cat likes to purr. A kitten has whiskers. Every feline cat naps. Cats purr when happy.';
      const net = 'A router forwards each packet. The network protocol is TCP. Latency grows on a busy network. TCP hides packet loss.';
      const file = write('topics.txt', `${cats} ${net}\n`);
      const { job, result } = await ingest(core, { paths: [file], chunker: 'semantic' });
      expect(job.state, job.error ?? '').toBe('done');
      const chunks = core.store.documents.chunks(result!.imported[0].id);
      expect(chunks.map((c) => c.text)).toEqual([cats, net]);
      expect(calls.reduce((a, b) => a + b, 0)).toBe(8);
    } finally {
      await core.close();
    }
  });

  it('fails a semantic-chunking job clearly when no embedding model is chosen', async () => {
    const core = newCore();
    try {
      const { job } = await ingest(core, { paths: [data('rfc-radius-eap', 'rfc2867.txt')], chunker: 'semantic' });
      expect(job.state).toBe('failed');
      expect(job.error).toMatch(/semantic chunking needs an embedding model/);
      expect(core.store.documents.list()).toEqual([]);
    } finally {
      await core.close();
    }
  });
});

describe('upload and remove', () => {
  it('saves an upload under the data folder, ingests it, removes the document with its chunks', async () => {
    const core = newCore();
    const events: string[] = [];
    core.bus.on('documents.changed', (e) => events.push(e.reason));
    try {
      const up = await core.call('documents.upload', {
        name: '../../evil/Notes 1.md',
        dataBase64: Buffer.from('# Up\n\nUploaded text body.').toString('base64'),
      });
      expect(up.ok).toBe(true);
      const saved = (up as { value: { path: string; bytes: number } }).value;
      expect(saved.path.startsWith(path.join(core.dataDir, 'uploads') + path.sep)).toBe(true);
      expect(path.basename(saved.path)).toBe('Notes 1.md');
      expect(saved.bytes).toBe(Buffer.byteLength('# Up\n\nUploaded text body.'));
      const { result } = await ingest(core, { paths: [saved.path] });
      const id = result!.imported[0].id;
      expect(core.store.documents.chunks(id).length).toBe(1);
      const removed = await core.call('documents.remove', { id });
      expect(removed).toEqual({ ok: true, value: { id, removed: true } });
      expect(core.store.documents.get(id)).toBeUndefined();
      expect(core.store.status().chunks).toBe(0);
      expect(events).toEqual(['ingested', 'removed']);
      const again = await core.call('documents.remove', { id });
      expect(again.ok).toBe(false);
      const bad = await core.call('documents.ingest', { paths: [] });
      expect(bad.ok === false && bad.error.code).toBe('bad_request');
    } finally {
      await core.close();
    }
  });
});
