import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { startHost, type RunningHost } from '../../electron/core/host/server';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir();
let core: Core;
let host: RunningHost;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const j = async (r: Response): Promise<any> => r.json();
const origin = () => `http://127.0.0.1:${host.port}`;

function call(name: string, body: unknown, token: string | null = host.token) {
  return fetch(`${origin()}/api/call/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token !== null ? { 'x-graphwright-token': token } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

beforeAll(async () => {
  const staticDir = path.join(t.dir, 'static');
  fs.mkdirSync(staticDir);
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>gw</title><h1>Graphwright UI</h1>');
  fs.writeFileSync(path.join(staticDir, 'app.js'), 'console.log(1)');
  core = new Core({ dbPath: path.join(t.dir, 'h.db') });
  host = await startHost(core, { staticDir });
});
afterAll(async () => {
  await host.close();
  await core.close();
  t.cleanup();
});

describe('headless host', () => {
  it('prints a URL on 127.0.0.1 carrying a random token', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{20,}$/);
  });

  it('answers a call made with the token', async () => {
    const res = await call('app.status', {});
    expect(res.status).toBe(200);
    const body = await j(res);
    expect(body.ok).toBe(true);
    expect(body.value.documents).toBe(0);
  });

  it('refuses calls without the token or with a wrong one', async () => {
    for (const token of [null, 'wrong', `${host.token}x`]) {
      const res = await call('app.status', {}, token);
      expect(res.status).toBe(401);
      expect((await j(res)).error.code).toBe('unauthorized');
    }
  });

  it('refuses the page without the token, serves it with', async () => {
    const refused = await fetch(`${origin()}/`);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('Access refused');
    const ok = await fetch(host.url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await ok.text()).toContain('Graphwright UI');
  });

  it('refuses another Host header (DNS rebinding) and a foreign Origin', async () => {
    const status = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: host.port,
            path: '/api/call/app.status',
            method: 'POST',
            headers: { 'x-graphwright-token': host.token, 'content-type': 'application/json', ...headers },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end('{}');
      });
    expect(await status({ host: 'evil.example:80' })).toBe(401);
    expect(await status({ origin: 'https://evil.example' })).toBe(401);
    expect(await status({ origin: origin() })).toBe(200);
  });

  it('rejects a payload that fails its schema with the issues, and changes nothing', async () => {
    const before = await j(await call('settings.get', { key: 'theme' }));
    const res = await call('settings.set', { key: 42, value: 'dark' });
    expect(res.status).toBe(400);
    const body = await j(res);
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe('bad_request');
    expect(body.error.issues[0].path).toBe('key');
    expect(await j(await call('settings.get', { key: 'theme' }))).toEqual(before);
    const notJson = await call('settings.set', '{not json');
    expect(notJson.status).toBe(400);
    expect((await j(notJson)).error.message).toMatch(/not JSON/);
  });

  it('answers unknown calls and missing records with typed errors', async () => {
    const unknown = await call('drop.tables', {});
    expect(unknown.status).toBe(404);
    expect((await j(unknown)).error.code).toBe('unknown_call');
    const missing = await call('documents.get', { id: 12345 });
    expect(missing.status).toBe(404);
    expect((await j(missing)).error).toEqual({ code: 'not_found', message: 'no document 12345' });
  });

  it('streams events to a subscriber with the token', async () => {
    const controller = new AbortController();
    const res = await fetch(`${origin()}/api/events?token=${host.token}`, { signal: controller.signal });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    core.bus.emit('documents.changed', { reason: 'test' });
    let text = '';
    while (!text.includes('documents.changed')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    expect(text).toContain('event: documents.changed\ndata: {"reason":"test"}');
    const refused = await fetch(`${origin()}/api/events`);
    expect(refused.status).toBe(401);
  });

  it('does not serve files outside its folder', async () => {
    const res = await fetch(`${origin()}/..%2F..%2Fh.db`);
    expect(res.status).toBe(404);
  });
});
