// The model downloader against a local HTTP server that serves the tiny model, Range included.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { Core } from '../../electron/core/core';
import { downloadModel, DownloadError, partPath } from '../../electron/core/llm/download';
import { tinyModelBytes } from '../../electron/core/llm/gguf/tiny';
import type { JobInfo } from '../../shared/schemas';
import { tmpDir } from '../helpers/tmp';

const MODEL = tinyModelBytes();
const SHA = createHash('sha256').update(MODEL).digest('hex');

/** How the next requests are served. */
let mode: 'ok' | 'cut' | 'stall' | 'html' | 'no-range' = 'ok';
let cutAt = 150_000;
const seen: { url: string; range?: string }[] = [];
const stalled = new Set<http.ServerResponse>();
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url!, range: req.headers.range });
    if (req.url === '/missing.gguf') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('not found');
    }
    if (mode === 'html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<!DOCTYPE html><html><body>Please log in</body></html>');
    }
    let start = 0;
    const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    if (m && mode !== 'no-range') {
      start = Number(m[1]);
      if (start >= MODEL.length) {
        res.writeHead(416, { 'content-range': `bytes */${MODEL.length}` });
        return res.end();
      }
      res.writeHead(206, {
        'content-type': 'application/octet-stream',
        'content-length': MODEL.length - start,
        'content-range': `bytes ${start}-${MODEL.length - 1}/${MODEL.length}`,
        'accept-ranges': 'bytes',
      });
    } else {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': MODEL.length, 'accept-ranges': 'bytes' });
    }
    const body = MODEL.subarray(start);
    if (mode === 'cut' && start === 0) {
      // Send part of the file, then drop the connection.
      res.write(body.subarray(0, cutAt), () => setTimeout(() => res.destroy(), 20));
      return;
    }
    if (mode === 'stall' && start === 0) {
      res.write(body.subarray(0, cutAt)); // then never finish
      stalled.add(res);
      return;
    }
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const t = tmpDir('gw-dl-');
afterAll(() => t.cleanup());
let n = 0;
let dir = '';
beforeEach(() => {
  mode = 'ok';
  cutAt = 150_000;
  seen.length = 0;
  dir = path.join(t.dir, `case-${++n}`);
  fs.mkdirSync(dir, { recursive: true });
});

async function dlError(p: Promise<unknown>): Promise<DownloadError> {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  expect(err).toBeInstanceOf(DownloadError);
  return err as DownloadError;
}

describe('downloadModel', () => {
  it('downloads, checks the sha256 and renames the .part', async () => {
    const dest = path.join(dir, 'tiny.gguf');
    const progress: number[] = [];
    const r = await downloadModel({ url: `${base}/tiny.gguf`, dest, sha256: SHA.toUpperCase(), onProgress: (d) => progress.push(d) });
    expect(r).toMatchObject({ path: dest, sizeBytes: MODEL.length, sha256: SHA, resumedFrom: 0 });
    expect(fs.readFileSync(dest).equals(MODEL)).toBe(true);
    expect(fs.existsSync(partPath(dest))).toBe(false);
    expect(progress[progress.length - 1]).toBe(MODEL.length);
    expect(await dlError(downloadModel({ url: `${base}/tiny.gguf`, dest }))).toMatchObject({ code: 'exists' });
  });

  it('deletes the file on a sha256 mismatch', async () => {
    const dest = path.join(dir, 'tiny.gguf');
    const e = await dlError(downloadModel({ url: `${base}/tiny.gguf`, dest, sha256: '0'.repeat(64) }));
    expect(e.code).toBe('checksum');
    expect(e.message).toMatch(/sha256 mismatch/);
    expect(fs.existsSync(dest)).toBe(false);
    expect(fs.existsSync(partPath(dest))).toBe(false);
  });

  it('refuses content that is not GGUF, and leaves nothing behind', async () => {
    mode = 'html';
    const dest = path.join(dir, 'page.gguf');
    const e = await dlError(downloadModel({ url: `${base}/page.gguf`, dest }));
    expect(e.code).toBe('not_gguf');
    expect(e.message).toMatch(/not a GGUF file \(text\/html/);
    expect(e.message).toMatch(/Please log in/);
    expect(fs.existsSync(partPath(dest))).toBe(false);
  });

  it('reports 404, bad URLs and unreachable hosts', async () => {
    const e404 = await dlError(downloadModel({ url: `${base}/missing.gguf`, dest: path.join(dir, 'm.gguf') }));
    expect(e404.code).toBe('http');
    expect(e404.message).toMatch(/HTTP 404 .*check the URL/);
    expect(await dlError(downloadModel({ url: 'not a url', dest: path.join(dir, 'x.gguf') }))).toMatchObject({ code: 'bad_url' });
    expect(await dlError(downloadModel({ url: 'file:///etc/passwd', dest: path.join(dir, 'x.gguf') }))).toMatchObject({ code: 'bad_url' });
    const dead = http.createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const port = (dead.address() as AddressInfo).port;
    await new Promise((resolve) => dead.close(resolve));
    const eNet = await dlError(downloadModel({ url: `http://127.0.0.1:${port}/x.gguf`, dest: path.join(dir, 'x.gguf') }));
    expect(eNet.code).toBe('network');
    expect(eNet.message).toMatch(/ECONNREFUSED/);
  });

  it('resumes an interrupted download with a Range request', async () => {
    mode = 'cut';
    const dest = path.join(dir, 'tiny.gguf');
    const e = await dlError(downloadModel({ url: `${base}/tiny.gguf`, dest }));
    expect(['network', 'incomplete']).toContain(e.code);
    expect(e.message).toMatch(/resumed/);
    const kept = fs.statSync(partPath(dest)).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(MODEL.length);
    mode = 'ok';
    const r = await downloadModel({ url: `${base}/tiny.gguf`, dest, sha256: SHA });
    expect(r.resumedFrom).toBe(kept);
    expect(seen[seen.length - 1].range).toBe(`bytes=${kept}-`);
    expect(fs.readFileSync(dest).equals(MODEL)).toBe(true);
  });

  it('starts over when the server ignores Range, and finishes a .part that is already complete', async () => {
    const dest = path.join(dir, 'tiny.gguf');
    fs.writeFileSync(partPath(dest), MODEL.subarray(0, 1000));
    mode = 'no-range';
    const r = await downloadModel({ url: `${base}/tiny.gguf`, dest, sha256: SHA });
    expect(r.sizeBytes).toBe(MODEL.length);
    expect(fs.readFileSync(dest).equals(MODEL)).toBe(true);

    const dest2 = path.join(dir, 'done.gguf');
    fs.writeFileSync(partPath(dest2), MODEL);
    mode = 'ok';
    const r2 = await downloadModel({ url: `${base}/tiny.gguf`, dest: dest2 });
    expect(r2.resumedFrom).toBe(MODEL.length);
    expect(fs.readFileSync(dest2).equals(MODEL)).toBe(true);
  });
});

describe('models.download job', () => {
  let core: Core;
  beforeAll(() => {
    core = new Core({ dbPath: path.join(t.dir, 'jobs.db'), dataDir: path.join(t.dir, 'data') });
  });
  afterAll(async () => {
    for (const res of stalled) res.destroy();
    await core.close();
  });

  async function call<T>(name: string, input: unknown): Promise<T> {
    const r = await core.call(name, input);
    if (!r.ok) throw new Error(`${name}: ${r.error.code}: ${r.error.message}`);
    return r.value as T;
  }

  it('downloads into the app-data models folder, where models.list finds it', async () => {
    const job = await call<JobInfo>('models.download', { url: `${base}/dl/first.gguf`, sha256: SHA });
    expect(job.kind).toBe('models.download');
    const done = await core.jobs.wait(job.id);
    expect(done.state).toBe('done');
    const dest = path.join(t.dir, 'data', 'models', 'first.gguf');
    expect(done.result).toMatchObject({ path: dest, sha256: SHA });
    expect(done.progress.done).toBe(MODEL.length);
    expect(fs.readFileSync(dest).equals(MODEL)).toBe(true);
    const again = await core.call('models.download', { url: `${base}/dl/first.gguf` });
    expect(again.ok || again.error.code).toBe('conflict');
  });

  it('rejects bad input before queueing anything', async () => {
    const bad = await core.call('models.download', { url: 'nope' });
    expect(!bad.ok && bad.error.code).toBe('bad_request');
    const sha = await core.call('models.download', { url: `${base}/x.gguf`, sha256: 'abc' });
    expect(!sha.ok && sha.error.code).toBe('bad_request');
    const name = await core.call('models.download', { url: `${base}/x.gguf`, fileName: '../evil.gguf' });
    expect(!name.ok && name.error.code).toBe('bad_request');
  });

  it('fails a 404 and a non-GGUF download with a clear message', async () => {
    const j404 = await core.jobs.wait((await call<JobInfo>('models.download', { url: `${base}/missing.gguf` })).id);
    expect(j404.state).toBe('failed');
    expect(j404.error).toMatch(/HTTP 404/);
    mode = 'html';
    const jHtml = await core.jobs.wait((await call<JobInfo>('models.download', { url: `${base}/login.gguf` })).id);
    expect(jHtml.state).toBe('failed');
    expect(jHtml.error).toMatch(/not a GGUF file/);
  });

  it('resumes after the connection dropped (jobs.resume continues with Range)', async () => {
    mode = 'cut';
    const job = await call<JobInfo>('models.download', { url: `${base}/dl/cut.gguf`, sha256: SHA });
    const failed = await core.jobs.wait(job.id);
    expect(failed.state).toBe('failed');
    const part = partPath(path.join(t.dir, 'data', 'models', 'cut.gguf'));
    const kept = fs.statSync(part).size;
    expect(kept).toBeGreaterThan(0);
    mode = 'ok';
    await call('jobs.resume', { id: job.id });
    const done = await core.jobs.wait(job.id);
    expect(done.state).toBe('done');
    expect(done.result).toMatchObject({ resumedFrom: kept });
    expect(seen[seen.length - 1].range).toBe(`bytes=${kept}-`);
    expect(fs.readFileSync(path.join(t.dir, 'data', 'models', 'cut.gguf')).equals(MODEL)).toBe(true);
  });

  it('pauses on cancel and resumes from the .part', async () => {
    mode = 'stall';
    cutAt = 100_000;
    const job = await call<JobInfo>('models.download', { url: `${base}/dl/paused.gguf` });
    const part = partPath(path.join(t.dir, 'data', 'models', 'paused.gguf'));
    for (let i = 0; i < 200 && !(fs.existsSync(part) && fs.statSync(part).size >= cutAt); i++) await new Promise((r) => setTimeout(r, 25));
    expect(fs.statSync(part).size).toBe(cutAt);
    await call('jobs.cancel', { id: job.id });
    const cancelled = await core.jobs.wait(job.id);
    expect(cancelled.state).toBe('cancelled');
    expect(fs.statSync(part).size).toBe(cutAt); // kept for resume
    mode = 'ok';
    await call('jobs.resume', { id: job.id });
    const done = await core.jobs.wait(job.id);
    expect(done.state).toBe('done');
    expect(done.result).toMatchObject({ resumedFrom: cutAt, sha256: SHA });
    expect(fs.existsSync(part)).toBe(false);
  });
});
