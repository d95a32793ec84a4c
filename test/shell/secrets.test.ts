// SPARQL passwords under Electron without Electron: the vault (electron/shell/secrets.ts) with a
// safeStorage stand-in that really encrypts (AES-256-GCM, a key of its own, as the OS keychain
// holds one), main's two calls through the real router, the push to a real Core over the real
// main <-> core protocol (a Node MessageChannel), and a digest login to a real Virtuoso with the
// pushed password.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Core } from '../../electron/core/core';
import { CoreClient, isToCore, type Endpoint, type FromCore, type ToCore } from '../../electron/shell/protocol';
import { serveAppCore } from '../../electron/shell/core-serve';
import { createRouter } from '../../electron/shell/router';
import { CoreSecrets, PASSWORD_ENV, SECRETS_FILE, SecretVault, secretHandlers, type SafeStorageLike } from '../../electron/shell/secrets';
import { RENDERER_ORIGIN } from '../../electron/shell/security';
import { runExport } from '../../electron/core/export';
import { FileTarget } from '../../electron/core/export/out';
import { tmpDir } from '../helpers/tmp';
import { startVirtuoso, type Virtuoso } from '../helpers/virtuoso';

function fakeSafeStorage(opts: { available?: boolean; backend?: string } = {}): SafeStorageLike & { calls: string[] } {
  const k = randomBytes(32);
  const calls: string[] = [];
  return {
    calls,
    isAsyncEncryptionAvailable: async () => opts.available ?? true,
    getSelectedStorageBackend: () => opts.backend ?? 'gnome_libsecret',
    async encryptStringAsync(plain) {
      calls.push('encrypt');
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', k, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    async decryptStringAsync(buf) {
      calls.push('decrypt');
      const d = createDecipheriv('aes-256-gcm', k, buf.subarray(0, 12));
      d.setAuthTag(buf.subarray(12, 28));
      return { result: Buffer.concat([d.update(buf.subarray(28)), d.final()]).toString('utf8'), shouldReEncrypt: false };
    },
  };
}

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
function dir() {
  const t = tmpDir('gw-secrets-');
  cleanups.push(() => t.cleanup());
  return t.dir;
}

function endpoint<In, Out>(port: MessagePort): Endpoint<In, Out> {
  return {
    post: (m) => port.postMessage(m),
    onMessage(listener) {
      const h = (m: In) => listener(m);
      port.on('message', h);
      return () => port.off('message', h);
    },
  };
}

const PASSWORD = 'correct horse battery staple ✓';
const EP = 'https://store.example.org/sparql-auth';

describe('the SPARQL password vault', () => {
  it('stores a password encrypted (no plaintext on disk, owner-only file), lists logins without decrypting, decrypts for the core, clears', async () => {
    const file = path.join(dir(), SECRETS_FILE);
    const safe = fakeSafeStorage();
    const vault = new SecretVault(file, safe, 'linux');
    expect(vault.list()).toEqual([]);
    await vault.set(EP, 'dba', PASSWORD);
    await vault.set(EP, 'other', 'second');
    await vault.set(EP, 'dba', `${PASSWORD}!`); // replaced, not duplicated
    const raw = fs.readFileSync(file, 'utf8');
    expect(raw).not.toContain(PASSWORD);
    expect(raw).not.toContain('second');
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    safe.calls.length = 0;
    expect(vault.list()).toEqual([
      { endpoint: EP, username: 'other' },
      { endpoint: EP, username: 'dba' },
    ]);
    expect(safe.calls).toEqual([]); // listing decrypts nothing
    expect((await vault.entries()).entries).toEqual([
      { endpoint: EP, username: 'other', password: 'second' },
      { endpoint: EP, username: 'dba', password: `${PASSWORD}!` },
    ]);
    await vault.set(EP, 'dba', null);
    expect(vault.list()).toEqual([{ endpoint: EP, username: 'other' }]);
    // another key (a different keychain) cannot read them: named, skipped
    const stranger = new SecretVault(file, fakeSafeStorage(), 'linux');
    expect(await stranger.entries()).toEqual({ entries: [], unreadable: [`other at ${EP}`] });
  });

  it('refuses to store without a keychain (unavailable, or Linux basic_text), and names a broken file', async () => {
    const d = dir();
    const none = new SecretVault(path.join(d, 'a.json'), fakeSafeStorage({ available: false }), 'darwin');
    expect(await none.available()).toEqual({ keychain: false, backend: null });
    await expect(none.set(EP, 'dba', 'x')).rejects.toThrow(/no OS keychain/);
    const basic = new SecretVault(path.join(d, 'b.json'), fakeSafeStorage({ backend: 'basic_text' }), 'linux');
    expect(await basic.available()).toEqual({ keychain: false, backend: 'basic_text' });
    await expect(basic.set(EP, 'dba', 'x')).rejects.toThrow(/no OS keychain/);
    expect(fs.existsSync(path.join(d, 'b.json'))).toBe(false);
    const bad = path.join(d, 'bad.json');
    fs.writeFileSync(bad, '{not json');
    expect(() => new SecretVault(bad, fakeSafeStorage()).list()).toThrow(
      new RegExp(`${bad.replace(/[.]/g, '\\.')}: the stored SPARQL passwords are not valid JSON`),
    );
    fs.writeFileSync(bad, '{"secrets": [{"endpoint": 1}]}');
    expect(() => new SecretVault(bad, fakeSafeStorage()).list()).toThrow(/not a Graphwright passwords file/);
  });

  it('the core side: pushed logins first, then GRAPHWRIGHT_SPARQL_PASSWORD; null forgets', () => {
    const s = new CoreSecrets();
    const saved = process.env[PASSWORD_ENV];
    try {
      delete process.env[PASSWORD_ENV];
      s.apply([{ endpoint: EP, username: 'dba', password: 'p1' }]);
      expect(s.resolve({ endpoint: EP, graph: 'g:x', username: 'dba' })).toBe('p1');
      expect(s.resolve({ endpoint: EP, graph: 'g:x', username: 'someone' })).toBeNull();
      expect(s.resolve({ endpoint: 'http://other/sparql', graph: 'g:x', username: 'dba' })).toBeNull();
      process.env[PASSWORD_ENV] = 'from-env';
      expect(s.resolve({ endpoint: EP, graph: 'g:x', username: 'someone' })).toBe('from-env');
      s.apply([{ endpoint: EP, username: 'dba', password: null }]);
      expect(s.resolve({ endpoint: EP, graph: 'g:x', username: 'dba' })).toBe('from-env');
    } finally {
      if (saved === undefined) delete process.env[PASSWORD_ENV];
      else process.env[PASSWORD_ENV] = saved;
    }
  });

  it('the protocol carries only well-formed logins', () => {
    expect(isToCore({ kind: 'secrets', id: 1, secrets: [{ endpoint: EP, username: 'dba', password: 'x' }] })).toBe(true);
    expect(isToCore({ kind: 'secrets', id: 1, secrets: [{ endpoint: EP, username: 'dba', password: null }] })).toBe(true);
    expect(isToCore({ kind: 'secrets', id: 1, secrets: [{ endpoint: EP, username: '', password: 'x' }] })).toBe(false);
    expect(isToCore({ kind: 'secrets', id: 1, secrets: [{ endpoint: EP, password: 'x' }] })).toBe(false);
    expect(isToCore({ kind: 'secrets', id: 1 })).toBe(false);
  });
});

describe('the password through main to the core, and a real digest login with it', { timeout: 120_000 }, () => {
  let v: Virtuoso;
  beforeAll(async () => {
    v = await startVirtuoso();
  }, 120_000);
  afterAll(async () => {
    await v?.stop();
  });

  it('set once from the window, kept encrypted outside the database, used by the core for publish.check, never read back; cleared, the login fails', async () => {
    const d = dir();
    const dbPath = path.join(d, 'app.db');
    const userData = path.join(d, 'userData');
    const saved = process.env[PASSWORD_ENV];
    delete process.env[PASSWORD_ENV];
    cleanups.push(() => {
      if (saved !== undefined) process.env[PASSWORD_ENV] = saved;
    });
    // the core process, as core-process.ts serves it
    const { port1, port2 } = new MessageChannel();
    // the store is an endpoint the user allowed (Settings › Endpoints): the window may name it
    serveAppCore(
      endpoint<unknown, FromCore>(port2),
      () => new Core({ dbPath, dataDir: d, host: 'electron', progressIntervalMs: 0, startJobs: false, endpoints: [v.sparqlAuth] }),
    );
    const client = new CoreClient(endpoint<unknown, ToCore>(port1));
    cleanups.push(async () => {
      await client.shutdown(5000);
      port1.close();
      port2.close();
    });
    // main, as main.ts wires it
    const vault = new SecretVault(path.join(userData, SECRETS_FILE), fakeSafeStorage(), 'linux');
    const route = createRouter({
      mainHandlers: secretHandlers(vault, (e) => client.secrets(e), {}),
      forward: (name, input) => client.call(name, input, 'renderer'),
    });
    const window = { url: `${RENDERER_ORIGIN}/index.html`, topLevel: true };
    const target = { endpoint: v.sparqlAuth, graph: 'https://example.org/graphs/secret', username: 'dba' };
    // main's push at start (nothing stored yet), after which the core starts its jobs
    expect(await client.secrets((await vault.entries()).entries)).toEqual({ ok: true, value: { logins: 0 } });

    // before: no password anywhere
    const none = await route(window, 'publish.check', target);
    expect(!none.ok && none.error.message).toMatch(/needs a password/);
    expect(await route(window, 'publish.secrets', {})).toEqual({
      ok: true,
      value: { keychain: true, backend: 'gnome_libsecret', environment: false, stored: [] },
    });

    const waitJob = async (id: number) => {
      for (;;) {
        const j = await client.call('jobs.get', { id });
        const state = j.ok ? (j.value as { state: string }).state : 'gone';
        if (['done', 'failed', 'cancelled', 'gone'].includes(state)) return j.ok ? (j.value as { state: string; error: string | null }) : null;
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    // a wrong one: refused by the store, clearly (and a publish job with it fails)
    expect(await route(window, 'publish.secret.set', { endpoint: v.sparqlAuth, username: 'dba', password: PASSWORD })).toEqual({
      ok: true,
      value: { stored: true },
    });
    const wrong = await route(window, 'publish.check', target);
    expect(!wrong.ok && wrong.error.message).toMatch(/wrong user name or password/);
    const failing = await route(window, 'publish.start', { ...target, batchSize: 100 });
    expect(failing.ok, JSON.stringify(failing)).toBe(true);
    expect((await waitJob((failing as { ok: true; value: { job: { id: number } } }).value.job.id))?.error).toMatch(/wrong user name or password/);

    // the right one: the digest login works, and a publish job with it
    expect(await route(window, 'publish.secret.set', { endpoint: v.sparqlAuth, username: 'dba', password: 'dba' })).toEqual({
      ok: true,
      value: { stored: true },
    });
    const ok = await route(window, 'publish.check', target);
    expect(ok.ok, JSON.stringify(ok)).toBe(true);
    expect(await route(window, 'publish.secrets', {})).toEqual({
      ok: true,
      value: { keychain: true, backend: 'gnome_libsecret', environment: false, stored: [{ endpoint: v.sparqlAuth, username: 'dba' }] },
    });
    const job = await route(window, 'publish.start', { ...target, batchSize: 100 });
    expect((await waitJob((job as { ok: true; value: { job: { id: number } } }).value.job.id))?.state).toBe('done');

    // no password in the database (tables, WAL), an export, or the jobs' params; the vault file holds only ciphertext
    const exported = path.join(d, 'graph.nt');
    const probe = new Core({ dbPath, dataDir: d, readOnly: true, startJobs: false });
    try {
      await runExport(probe.store.db, 'nt', {}, new FileTarget(exported, false));
      const params = JSON.stringify(probe.store.db.prepare(`SELECT params FROM jobs WHERE kind = 'graph.publish'`).all());
      expect(params).toContain(v.sparqlAuth);
      expect(params).not.toMatch(/password/i);
    } finally {
      await probe.close();
    }
    for (const f of [dbPath, `${dbPath}-wal`, exported, vault.file])
      if (fs.existsSync(f)) expect(fs.readFileSync(f).includes(Buffer.from('correct horse')), f).toBe(false);
    expect(path.dirname(vault.file)).not.toBe(path.dirname(dbPath));

    // cleared: the core forgets it at once
    expect(await route(window, 'publish.secret.set', { endpoint: v.sparqlAuth, username: 'dba', password: null })).toEqual({
      ok: true,
      value: { stored: false },
    });
    const after = await route(window, 'publish.check', target);
    expect(!after.ok && after.error.message).toMatch(/needs a password/);
    expect(vault.list()).toEqual([]);

    // the secret calls never reach the core from the window, and are refused from elsewhere
    const foreign = await route({ url: 'https://evil.example/', topLevel: true }, 'publish.secret.set', {
      endpoint: v.sparqlAuth,
      username: 'dba',
      password: 'x',
    });
    expect(!foreign.ok && foreign.error.code).toBe('unauthorized');
    const empty = await route(window, 'publish.secret.set', { endpoint: v.sparqlAuth, username: 'dba', password: '' });
    expect(!empty.ok && empty.error.code).toBe('bad_request');
  });

  it("the core's jobs wait for main's first push: a publish queued before it runs with the pushed password", async () => {
    const d = dir();
    const saved = process.env[PASSWORD_ENV];
    delete process.env[PASSWORD_ENV];
    cleanups.push(() => {
      if (saved !== undefined) process.env[PASSWORD_ENV] = saved;
    });
    const { port1, port2 } = new MessageChannel();
    serveAppCore(
      endpoint<unknown, FromCore>(port2),
      () => new Core({ dbPath: path.join(d, 'app.db'), dataDir: d, host: 'electron', progressIntervalMs: 0, startJobs: false, endpoints: [v.sparqlAuth] }),
      { secretsWaitMs: 60_000 },
    );
    const client = new CoreClient(endpoint<unknown, ToCore>(port1));
    cleanups.push(async () => {
      await client.shutdown(5000);
      port1.close();
      port2.close();
    });
    const started = await client.call('publish.start', { endpoint: v.sparqlAuth, graph: 'https://example.org/graphs/early', username: 'dba' });
    expect(started.ok, JSON.stringify(started)).toBe(true);
    const id = (started as { ok: true; value: { job: { id: number } } }).value.job.id;
    await new Promise((r) => setTimeout(r, 300));
    const before = await client.call('jobs.get', { id });
    expect(before.ok && (before.value as { state: string }).state).toBe('queued');
    await client.secrets([{ endpoint: v.sparqlAuth, username: 'dba', password: 'dba' }]);
    let state = 'queued';
    let error: string | null = null;
    for (let i = 0; i < 300 && (state === 'queued' || state === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      const j = await client.call('jobs.get', { id });
      if (j.ok) ({ state, error } = j.value as { state: string; error: string | null });
    }
    expect(state, error ?? '').toBe('done');
  });

  it('outside Electron the core keeps no passwords: publish.secret.set says to use the environment variable', async () => {
    const d = dir();
    const core = new Core({ dbPath: path.join(d, 'x.db'), dataDir: d, startJobs: false });
    try {
      const r = await core.call('publish.secret.set', { endpoint: EP, username: 'dba', password: 'x' }, 'renderer');
      expect(!r.ok && r.error).toMatchObject({ code: 'unsupported', message: expect.stringContaining(PASSWORD_ENV) });
      const s = await core.call('publish.secrets', {}, 'renderer');
      expect(s.ok && (s.value as { keychain: boolean }).keychain).toBe(false);
    } finally {
      await core.close();
    }
  });
});
