// The headless host as an attacker holding the token sees it: no file outside the grants can be read
// or written, an export never replaces a file it did not create unless asked, and the host's
// transport holds (bad URLs, Origin: null, the token's places, headers on every response, body
// limits, failed uploads). The CLI, run by the user, keeps full paths.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { startHost, type RunningHost } from '../../electron/core/host/server';
import { main } from '../../electron/cli/main';
import { sha256 } from '../../electron/core/ingest/pipeline';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-host-security-');
const dataDir = path.join(t.dir, 'data');
const outside = path.join(t.dir, 'outside');
let core: Core;
let host: RunningHost;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = { ok: boolean; value?: any; error?: { code: string; message: string } };
const origin = () => `http://127.0.0.1:${host.port}`;

async function call(name: string, body: unknown, h: RunningHost = host): Promise<{ status: number; body: Body; text: string; headers: Headers }> {
  const res = await fetch(`http://127.0.0.1:${h.port}/api/call/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-graphwright-token': h.token },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Body, text, headers: res.headers };
}

/** A raw request, for headers fetch will not send (Origin: null) and bodies it will not stream. */
function raw(opts: {
  path: string;
  method?: string;
  headers?: Record<string, string | number>;
  body?: string;
}): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: host.port, path: opts.path, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

const waitJob = (id: number) => core.jobs.wait(id);

beforeAll(async () => {
  fs.mkdirSync(outside, { recursive: true });
  fs.writeFileSync(path.join(outside, 'notes.txt'), 'A private note that no browser may read.\n');
  core = new Core({ dbPath: path.join(dataDir, 'h.db'), dataDir, progressIntervalMs: 0 });
  host = await startHost(core);
});
afterAll(async () => {
  await host.close();
  await core.close();
  t.cleanup();
});
afterEach(() => vi.restoreAllMocks());

describe('the host refuses paths outside the grants (403, nothing read)', () => {
  it('reads of /etc/passwd through every path-taking call are forbidden and reveal nothing', async () => {
    const attempts: [string, unknown][] = [
      ['documents.ingest', { paths: ['/etc/passwd'] }],
      ['documents.ingest', { paths: ['/etc'] }],
      ['models.info', { path: '/etc/passwd' }],
      ['models.add', { path: '/etc/passwd' }],
      ['models.choose', { role: 'chat', path: '/etc/passwd' }],
      ['graph.import', { format: 'nt', path: '/etc/passwd' }],
      ['schema.types.import', { path: '/etc/passwd' }],
      ['extract.start', { engine: 'llama', model: '/etc/passwd' }],
      ['concepts.start', { engine: 'llama', model: '/etc/passwd' }],
      ['eval.gold.import', { path: '/etc/passwd' }],
      ['eval.run.start', { goldSet: 1, engine: 'llama', model: '/etc/passwd' }],
    ];
    for (const [name, input] of attempts) {
      const r = await call(name, input);
      expect(r.status, name).toBe(403);
      expect(r.body.error?.code, name).toBe('forbidden');
      expect(r.body.error?.message, name).toContain('/etc');
      expect(r.text, name).not.toMatch(/root:|nologin|daemon/);
    }
    expect(core.store.status().documents).toBe(0);
    expect(core.models.userPaths()).toEqual([]);
  });

  it('a path that escapes a granted folder by .. or a symlink is forbidden', async () => {
    const uploads = path.join(dataDir, 'uploads');
    fs.mkdirSync(uploads, { recursive: true });
    fs.symlinkSync(path.join(outside, 'notes.txt'), path.join(uploads, 'link.txt'));
    fs.symlinkSync(outside, path.join(uploads, 'linkdir'));
    for (const p of [
      path.join(uploads, 'link.txt'),
      path.join(uploads, 'linkdir'),
      path.join(uploads, 'linkdir', 'notes.txt'),
      `${uploads}/../h.db`,
      path.join(outside, 'notes.txt'),
    ]) {
      const r = await call('documents.ingest', { paths: [p] });
      expect(r.status, p).toBe(403);
      expect(r.text).not.toContain('private note');
    }
  });

  it('protected settings (model paths and choices) cannot be read or set from the browser', async () => {
    for (const key of ['models.paths', 'models.roles', 'security.grants']) {
      expect((await call('settings.set', { key, value: ['/etc'] })).status, key).toBe(403);
      expect((await call('settings.get', { key })).status, key).toBe(403);
    }
    expect(core.models.userPaths()).toEqual([]);
    expect((await call('settings.set', { key: 'graph.options', value: { depth: 2 } })).status).toBe(200);
  });

  it('an uploaded file (written by the core itself) is ingested; its text comes back', async () => {
    const up = await call('documents.upload', {
      name: 'brief.md',
      dataBase64: Buffer.from('# Brief\n\nThe relay trips the breaker when the current is too high.\n').toString('base64'),
    });
    expect(up.status).toBe(200);
    expect(up.body.value.path.startsWith(path.join(dataDir, 'uploads'))).toBe(true);
    const started = await call('documents.ingest', { paths: [up.body.value.path] });
    expect(started.status).toBe(200);
    const job = await waitJob(started.body.value.id);
    expect(job.state).toBe('done');
    expect((job.result as { imported: unknown[] }).imported).toHaveLength(1);
  });
});

describe('writes outside a grant, and over files the core did not create', () => {
  it('graph.export to a path not granted is forbidden and creates nothing', async () => {
    for (const p of [path.join(outside, 'graph.nt'), path.join(outside, 'deep', 'er', 'csv'), '/etc/graphwright-test.nt']) {
      const r = await call('graph.export', { format: p.endsWith('csv') ? 'csv' : 'nt', path: p });
      expect(r.status, p).toBe(403);
      expect(r.body.error?.code).toBe('forbidden');
      expect(fs.existsSync(p), p).toBe(false);
    }
    expect(fs.existsSync(path.join(outside, 'deep'))).toBe(false);
    const schema = await call('schema.types.export', { format: 'yaml', path: path.join(outside, 'schema.yaml') });
    expect(schema.status).toBe(403);
    expect(fs.existsSync(path.join(outside, 'schema.yaml'))).toBe(false);
    expect((await call('models.download', { url: 'https://example.com/m.gguf', folder: outside })).status).toBe(403);
  });

  it('an export to a symlink that leads out of the grants is refused naming only the path given, never its target', async () => {
    const link = path.join(dataDir, 'exports', 'shadow-link.nt');
    const target = path.join(outside, 'secret-target.nt');
    fs.writeFileSync(target, 'kept\n');
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(target, link);
    for (const name of ['graph.export', 'schema.types.export'] as const) {
      const r = await call(name, name === 'graph.export' ? { format: 'nt', path: link } : { format: 'yaml', path: link });
      expect(r.status, name).toBe(403);
      expect(r.body.error?.message, name).toContain(link);
      expect(r.text, name).not.toContain('secret-target');
      expect(r.text, name).not.toContain(outside);
    }
    expect(fs.readFileSync(target, 'utf8')).toBe('kept\n');
  });

  it("a NUL byte in a path is a clear 400 naming the field, never a 500 with the server's folder", async () => {
    for (const [name, input] of [
      ['documents.folders.forget', { path: 'data\0x' }],
      ['models.remove', { path: 'm\0.gguf' }],
    ] as const) {
      const r = await call(name, input);
      expect(r.status, name).toBe(400);
      expect(r.body.error?.code).toBe('bad_request');
      expect(r.text).toMatch(/NUL/);
      expect(r.text).not.toContain(process.cwd());
    }
  });

  it('an existing file is never truncated: outside the grants 403, inside it a conflict until overwrite: true', async () => {
    const notes = path.join(outside, 'notes.txt');
    const before = fs.readFileSync(notes, 'utf8');
    expect((await call('graph.export', { format: 'nt', path: notes })).status).toBe(403);
    expect((await call('graph.export', { format: 'nt', path: notes, overwrite: true })).status).toBe(403);
    expect(fs.readFileSync(notes, 'utf8')).toBe(before);

    const exports = path.join(dataDir, 'exports');
    fs.mkdirSync(exports, { recursive: true });
    const mine = path.join(exports, 'kept.nt');
    fs.writeFileSync(mine, 'the user put this here\n');
    const conflict = await call('graph.export', { format: 'nt', path: mine });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error?.code).toBe('conflict');
    expect(conflict.body.error?.message).toContain('overwrite');
    expect(fs.readFileSync(mine, 'utf8')).toBe('the user put this here\n');

    const confirmed = await call('graph.export', { format: 'nt', path: mine, overwrite: true });
    expect(confirmed.status).toBe(200);
    expect((await waitJob(confirmed.body.value.job.id)).state).toBe('done');
    expect(fs.readFileSync(mine, 'utf8')).not.toContain('the user put this here');
  });

  it('a new file in the data folder exports, and the core may write its own file again', async () => {
    const p = path.join(dataDir, 'exports', 'sub', 'graph.ttl');
    const first = await call('graph.export', { format: 'ttl', path: p });
    expect(first.status).toBe(200);
    expect((await waitJob(first.body.value.job.id)).state).toBe('done');
    expect(fs.existsSync(p)).toBe(true);
    const again = await call('graph.export', { format: 'ttl', path: p });
    expect(again.status).toBe(200);
    await waitJob(again.body.value.job.id);
  });

  it('a file the core exported into its data folder comes back as a download; nothing else does', async () => {
    const dl = (name: string, headers: Record<string, string> = { 'x-graphwright-token': host.token }) => raw({ path: `/api/download/${name}`, headers });
    const ok = await dl('sub/graph.ttl');
    expect(ok.status).toBe(200);
    expect(ok.headers['content-disposition']).toContain('graph.ttl');
    expect(ok.text).toBe(fs.readFileSync(path.join(dataDir, 'exports', 'sub', 'graph.ttl'), 'utf8'));
    expect((await dl(`sub/graph.ttl?token=${host.token}`, {})).status).toBe(401); // header only
    fs.symlinkSync(path.join(outside, 'notes.txt'), path.join(dataDir, 'exports', 'link.txt'));
    for (const name of ['link.txt', '..%2Fh.db', '%2E%2E/h.db', 'sub', 'missing.ttl']) {
      const r = await dl(name);
      expect(r.status, name).toBe(404);
      expect(r.text).not.toContain('private note');
    }
  });
});

describe('the CLI (run by the user) keeps full paths', () => {
  async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
    try {
      return { code: await main(args), out, err };
    } finally {
      vi.restoreAllMocks();
    }
  }

  it('ingests a file anywhere and exports to a new path; an existing one needs --force', async () => {
    const db = path.join(t.dir, 'cli.db');
    const ing = await run('ingest', path.join(outside, 'notes.txt'), '--db', db, '--json');
    expect(ing.code, ing.err + ing.out).toBe(0);
    expect(JSON.parse(ing.out).imported).toHaveLength(1);
    const out = path.join(outside, 'cli-graph.nt');
    const exp = await run('export', '--db', db, '--format', 'nt', '--out', out, '--json');
    expect(exp.code, exp.err).toBe(0);
    expect(fs.existsSync(out)).toBe(true);
    fs.writeFileSync(out, 'edited by hand\n');
    const again = await run('export', '--db', db, '--format', 'nt', '--out', out);
    expect(again.code).toBe(1);
    expect(again.err).toContain('--force');
    expect(fs.readFileSync(out, 'utf8')).toBe('edited by hand\n');
    const forced = await run('export', '--db', db, '--format', 'nt', '--out', out, '--force');
    expect(forced.code, forced.err).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).not.toBe('edited by hand\n');
  });
});

describe('host transport', () => {
  it('malformed percent-encoding gets 400, not 500', async () => {
    const api = await raw({
      path: '/api/call/app.%E0%A4%A',
      method: 'POST',
      headers: { 'x-graphwright-token': host.token, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(api.status).toBe(400);
    const page = await raw({ path: '/assets/%E0%A4%A.js' });
    expect(page.status).toBe(400);
  });

  it('refuses Origin: null', async () => {
    const r = await raw({
      path: '/api/call/app.status',
      method: 'POST',
      headers: { 'x-graphwright-token': host.token, origin: 'null', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(r.status).toBe(401);
    const ok = await raw({
      path: '/api/call/app.status',
      method: 'POST',
      headers: { 'x-graphwright-token': host.token, origin: origin(), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(ok.status).toBe(200);
  });

  it('accepts the token in the query only for the page and the event stream, not for calls', async () => {
    const q = await raw({ path: `/api/call/app.status?token=${host.token}`, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(q.status).toBe(401);
    const controller = new AbortController();
    const events = await fetch(`${origin()}/api/events?token=${host.token}`, { signal: controller.signal });
    expect(events.status).toBe(200);
    expect(events.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(events.headers.get('x-content-type-options')).toBe('nosniff');
    controller.abort();
    const page = await raw({ path: `/?token=${host.token}` });
    expect(page.status).not.toBe(401); // 404 here: this host has no renderer built in
  });

  it('puts CSP and nosniff on every response: API JSON, errors, refusals, files', async () => {
    const responses = [
      await raw({ path: '/api/call/app.status', method: 'POST', headers: { 'x-graphwright-token': host.token }, body: '{}' }),
      await raw({ path: '/api/call/no.such', method: 'POST', headers: { 'x-graphwright-token': host.token }, body: '{}' }),
      await raw({ path: '/api/call/app.status', method: 'POST', body: '{}' }),
      await raw({ path: '/api/nothing', headers: { 'x-graphwright-token': host.token } }),
      await raw({ path: '/' }),
      await raw({ path: '/x.js' }),
      await raw({ path: '/api/call/app.status', method: 'POST', headers: { host: 'evil.example' }, body: '{}' }),
    ];
    for (const r of responses) {
      expect(r.headers['content-security-policy'], String(r.status)).toContain("default-src 'self'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuses a body over the limit from its Content-Length (413), and while streaming', async () => {
    const small = await startHost(core, { maxBodyBytes: 4096 });
    try {
      const declared = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: small.port,
            path: '/api/call/app.status',
            method: 'POST',
            headers: { 'x-graphwright-token': small.token, 'content-length': 10_000_000 },
          },
          (res) => {
            let body = '';
            res.on('data', (d: Buffer) => (body += d.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.write('{"a":"'); // the rest never comes: the host must answer from the header alone
      });
      expect(declared.status).toBe(413);
      expect(JSON.parse(declared.body).error.code).toBe('too_large');

      const streamed = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: small.port, path: '/api/call/app.status', method: 'POST', headers: { 'x-graphwright-token': small.token } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
        const chunk = 'x'.repeat(1024);
        let sent = 0;
        const pump = () => {
          while (sent < 64 && req.write(chunk)) sent++;
          if (sent < 64) req.once('drain', pump);
        };
        pump();
      });
      expect(streamed).toBe(413);
      // The host still answers afterwards.
      expect((await call('app.status', {}, small)).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('a failed upload leaves no file behind', async () => {
    const data = Buffer.from('an upload that cannot be saved');
    const dir = path.join(dataDir, 'uploads', sha256(data).slice(0, 16));
    fs.mkdirSync(path.join(dir, 'clash.txt'), { recursive: true }); // a folder where the file must go
    const r = await call('documents.upload', { name: 'clash.txt', dataBase64: data.toString('base64') });
    expect(r.status).toBe(422);
    expect(r.body.error?.message).toContain('clash.txt');
    expect(fs.readdirSync(dir)).toEqual(['clash.txt']);
    expect(fs.statSync(path.join(dir, 'clash.txt')).isDirectory()).toBe(true);
  });
});

describe('the guard covers the whole contract', () => {
  it('every call with a path-like input field is checked against the grants', async () => {
    const { calls } = await import('../../shared/contract');
    const { GUARDED_CALLS, PATH_LIKE_BUT_SAFE } = await import('../../electron/core/grants');
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
      const fields = keys(spec.input).filter((k) => /path|folder|model|file|dir/i.test(k) && !(PATH_LIKE_BUT_SAFE[name] ?? []).includes(k));
      if (fields.length && !(GUARDED_CALLS as string[]).includes(name)) unguarded.push(`${name}: ${fields.join(', ')}`);
    }
    expect(unguarded).toEqual([]);
    expect(GUARDED_CALLS.length).toBeGreaterThan(10);
  });
});
