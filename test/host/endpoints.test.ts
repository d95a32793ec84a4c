// Outbound calls only where the user said: a browser on the headless host (or the desktop app's
// window) may name only an endpoint the trusted side granted. Anything else is a 403 and nothing
// reaches the server (a local HTTP server records every request). The CLI names any endpoint.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { startHost, type RunningHost } from '../../electron/core/host/server';
import { runMain } from '../helpers/cli';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-endpoints-');
const dataDir = path.join(t.dir, 'data');
const dbPath = path.join(dataDir, 'e.db');
let core: Core;
let host: RunningHost;
let server: http.Server;
let base = '';
const requests: { method: string; url: string }[] = [];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = { ok: boolean; value?: any; error?: { code: string; message: string } };
async function call(name: string, body: unknown): Promise<{ status: number; body: Body }> {
  const res = await fetch(`http://127.0.0.1:${host.port}/api/call/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-graphwright-token': host.token },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Body };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push({ method: req.method!, url: req.url! });
    req.resume();
    req.on('end', () => {
      if (req.url?.startsWith('/v1/')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: '{"entities":[],"triples":[]}' } }], usage: { completion_tokens: 1 } }));
      } else {
        res.writeHead(404);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  core = new Core({ dbPath, dataDir, progressIntervalMs: 0 });
  const doc = path.join(t.dir, 'note.md');
  fs.writeFileSync(doc, '# Relay\n\nThe protection relay opens the breaker when the line current exceeds its setting.\n');
  const ingest = await core.call('documents.ingest', { paths: [doc] });
  if (!ingest.ok) throw new Error(ingest.error.message);
  await core.jobs.wait((ingest.value as { id: number }).id);
  host = await startHost(core);
});
beforeEach(() => {
  requests.length = 0;
});
afterAll(async () => {
  await host.close();
  await core.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  t.cleanup();
});

/** Every call that would send something to the server, naming it. */
const sending = () =>
  [
    ['extract.start', { engine: 'openai', endpoint: `${base}/v1`, model: 'm' }],
    ['concepts.start', { engine: 'openai', endpoint: `${base}/v1`, model: 'm' }],
    ['models.choose', { role: 'chat', endpoint: { baseUrl: `${base}/v1`, model: 'm' } }],
    ['models.download', { url: `${base}/models/tiny.gguf` }],
    ['publish.start', { endpoint: `${base}/sparql`, graph: 'urn:graphwright:test' }],
    ['publish.check', { endpoint: `${base}/sparql`, graph: 'urn:graphwright:test' }],
    ['publish.pull', { endpoint: `${base}/sparql`, graph: 'urn:graphwright:test' }],
    ['publish.start', { endpoint: 'http://127.0.0.1:9/sparql', graph: 'urn:graphwright:test', graphStore: `${base}/crud` }],
  ] as const;

describe('endpoint grants', () => {
  it('an endpoint nobody granted: 403 forbidden on every call that would send to it, and nothing is sent', async () => {
    const jobsBefore = core.jobs.list().length;
    for (const [name, input] of sending()) {
      const r = await call(name, input);
      expect(r.status, name).toBe(403);
      expect(r.body.error?.code, name).toBe('forbidden');
      expect(r.body.error?.message, name).toMatch(/is not an endpoint you allowed, so nothing was sent there/);
    }
    // nor can the browser grant one itself, or through the settings
    expect((await call('endpoints.grant', { url: `${base}/v1` })).status).toBe(403);
    expect((await call('settings.set', { key: 'security.endpoints', value: [`${base}/v1`] })).status).toBe(403);
    expect((await call('endpoints.list', {})).body.value).toEqual([]);
    expect(core.jobs.list()).toHaveLength(jobsBefore); // no job was queued
    expect(requests).toEqual([]);
  });

  it('granted by the CLI (kept in the database, seen by the running host at once): the calls go through and reach the server; revoked: refused again', async () => {
    const granted = await runMain(['endpoints', 'grant', `${base}/v1`, '--db', dbPath, '--json']);
    expect(granted.code, granted.stderr).toBe(0);
    expect(JSON.parse(granted.stdout)).toEqual({ url: `${base}/v1`, origin: base, source: 'settings' });
    expect((await call('endpoints.list', {})).body.value).toEqual([{ url: `${base}/v1`, origin: base, source: 'settings' }]);
    const started = await call('extract.start', { engine: 'openai', endpoint: `${base}/v1`, model: 'm' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await core.jobs.wait(started.body.value.id);
    expect(requests.some((r) => r.url === '/v1/chat/completions')).toBe(true);
    // the grant covers the origin: its SPARQL endpoint too
    requests.length = 0;
    await call('publish.check', { endpoint: `${base}/sparql`, graph: 'urn:graphwright:test' });
    expect(requests.map((r) => r.url.split('?')[0])).toContain('/sparql');
    // the browser may take it away
    expect((await call('endpoints.revoke', { url: base })).body.value).toEqual({ revoked: true });
    requests.length = 0;
    expect((await call('extract.start', { engine: 'openai', endpoint: `${base}/v1`, model: 'm' })).status).toBe(403);
    expect(requests).toEqual([]);
  }, 60_000);

  it('granted for a session (serve --grant-endpoint) and the endpoint chosen for a model role by the user; the CLI names any endpoint', async () => {
    const session = new Core({ dbPath: path.join(t.dir, 'session.db'), endpoints: [`${base}/v1`], startJobs: false });
    try {
      expect(await session.call('endpoints.list', {}, 'renderer')).toEqual({ ok: true, value: [{ url: `${base}/v1`, origin: base, source: 'session' }] });
      expect((await session.call('extract.start', { engine: 'openai', endpoint: `${base}/v1`, model: 'm' }, 'renderer')).ok).toBe(true);
      expect((await session.call('publish.check', { endpoint: 'http://127.0.0.1:9/sparql', graph: 'urn:g' }, 'renderer')).ok).toBe(false);
      // a model role's endpoint, chosen by the user (a trusted caller), may be named
      const other = 'http://127.0.0.1:9/v1';
      expect((await session.call('models.choose', { role: 'extraction', endpoint: { baseUrl: other, model: 'm' } })).ok).toBe(true);
      expect((await session.call('extract.start', { engine: 'openai', endpoint: other, model: 'm' }, 'renderer')).ok).toBe(true);
      expect(await session.call('endpoints.list', {}, 'renderer')).toMatchObject({
        ok: true,
        value: expect.arrayContaining([{ url: other, origin: 'http://127.0.0.1:9', source: 'models' }]),
      });
      // the user's own calls (the CLI) are not held to the grants
      const r = await session.call('publish.check', { endpoint: 'http://127.0.0.1:8/sparql', graph: 'urn:g' });
      expect(!r.ok && r.error.code).not.toBe('forbidden');
    } finally {
      await session.close();
    }
  });
});

describe('the endpoint guard covers the whole contract', () => {
  it('every call with a URL-like input field is checked against the endpoint grants', async () => {
    const { calls } = await import('../../shared/contract');
    const { ENDPOINT_GUARDED_CALLS, URL_LIKE_BUT_SAFE } = await import('../../electron/core/grants');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const keys = (s: any): string[] => {
      const d = s?._zod?.def;
      if (!d) return [];
      if (d.shape) return Object.keys(d.shape);
      if (d.type === 'pipe') return keys(d.in);
      if (d.innerType) return keys(d.innerType);
      return [];
    };
    const unguarded: string[] = [];
    for (const [name, spec] of Object.entries(calls)) {
      const fields = keys(spec.input).filter((k) => /url|endpoint|graphStore/i.test(k) && !(URL_LIKE_BUT_SAFE[name] ?? []).includes(k));
      if (fields.length && !(ENDPOINT_GUARDED_CALLS as string[]).includes(name)) unguarded.push(`${name}: ${fields.join(', ')}`);
    }
    expect(unguarded).toEqual([]);
    expect(ENDPOINT_GUARDED_CALLS.length).toBeGreaterThanOrEqual(8);
  });
});
