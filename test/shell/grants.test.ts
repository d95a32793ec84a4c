// Under Electron a path reaches the core only as a grant main issued: the router forwards renderer
// calls as untrusted, the dialogs grant what the user picked, a drop is granted by main after the
// checks. Real Core over a real MessageChannel (what the utility process uses), real files.
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Core } from '../../electron/core/core';
import { Grants, realResolve } from '../../electron/core/grants';
import { CoreClient, isToCore, serveCore, type Endpoint, type FromCore, type ToCore } from '../../electron/shell/protocol';
import { createDropGrant, createRouter, grantingDialogHandlers } from '../../electron/shell/router';
import { createBridge } from '../../electron/shell/bridge';
import { RENDERER_ENTRY_URL } from '../../electron/shell/security';
import type { CallResult } from '../../shared/dispatch';
import { tmpDir } from '../helpers/tmp';

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

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const window = { url: RENDERER_ENTRY_URL, topLevel: true };

function setup() {
  const t = tmpDir('gw-shell-grants-');
  const data = path.join(t.dir, 'data');
  const home = path.join(t.dir, 'home');
  fs.mkdirSync(path.join(home, 'papers'), { recursive: true });
  fs.writeFileSync(path.join(home, 'secret.txt'), 'The private key is kept in the drawer.\n');
  fs.writeFileSync(path.join(home, 'report.md'), '# Report\n\nThe pump feeds the boiler through the valve.\n');
  fs.writeFileSync(path.join(home, 'papers', 'a.md'), '# A\n\nThe relay protects the line.\n');
  const { port1, port2 } = new MessageChannel();
  serveCore(endpoint<unknown, FromCore>(port2), () => new Core({ dbPath: path.join(data, 'app.db'), dataDir: data, host: 'electron', startJobs: false }));
  const client = new CoreClient(endpoint<unknown, ToCore>(port1));
  cleanups.push(() => t.cleanup());
  cleanups.push(() => {
    port1.close();
    port2.close();
  });
  cleanups.push(async () => {
    await client.shutdown(2000);
  });
  // What the native dialogs would answer: the test plays the user.
  let pick: string[] = [];
  let save: string | null = null;
  let allow = false;
  const asked: string[] = [];
  const dialogs = {
    openFiles: async () => ({ canceled: pick.length === 0, paths: pick }),
    saveFile: async () => ({ canceled: save === null, path: save }),
    confirmEndpoint: async (input: { url: string }) => (asked.push(input.url), allow),
  };
  const grant = (g: Parameters<CoreClient['grant']>[0]) => client.grant(g);
  // as main.ts: what the user allowed is granted by main, the core's trusted caller
  const grantEndpoint = (url: string) => client.call('endpoints.grant', { url, remember: true }, 'user');
  const route = createRouter({
    mainHandlers: grantingDialogHandlers(dialogs, grant, grantEndpoint),
    forward: (name, input) => client.call(name, input, 'renderer'),
  });
  return {
    t,
    home,
    client,
    route: (name: string, input: unknown) => route(window, name, input),
    grantDrop: createDropGrant({ grant }),
    userPicks: (paths: string[]) => (pick = paths),
    userSaves: (p: string | null) => (save = p),
    userAllowsEndpoint: (yes: boolean) => (allow = yes),
    asked,
  };
}

const code = (r: CallResult) => (r.ok ? 'ok' : r.error.code);

describe('grants under Electron', () => {
  it('the router refuses ungranted paths and accepts what the user picked in a dialog', async () => {
    const s = setup();
    const secret = path.join(s.home, 'secret.txt');
    const report = path.join(s.home, 'report.md');
    for (const [name, input] of [
      ['documents.ingest', { paths: [secret] }],
      ['documents.ingest', { paths: ['/etc/passwd'] }],
      ['graph.import', { format: 'nt', path: secret }],
      ['models.info', { path: secret }],
      ['schema.types.import', { path: secret }],
    ] as const) {
      const r = await s.route(name, input);
      expect(code(r), name).toBe('forbidden');
      expect(JSON.stringify(r)).not.toContain('drawer');
    }

    s.userPicks([report]);
    const picked = await s.route('dialog.openFiles', { multiple: false });
    expect(picked).toEqual({ ok: true, value: { canceled: false, paths: [report] } });
    expect(code(await s.route('documents.ingest', { paths: [report] }))).toBe('ok');
    // The grant is for what was picked, not its neighbours.
    expect(code(await s.route('documents.ingest', { paths: [secret] }))).toBe('forbidden');

    s.userPicks([path.join(s.home, 'papers')]);
    await s.route('dialog.openFiles', { folders: true });
    expect(code(await s.route('documents.ingest', { paths: [path.join(s.home, 'papers', 'a.md')] }))).toBe('ok');
    expect(code(await s.route('documents.ingest', { paths: [path.join(s.home, 'papers', '..', 'secret.txt')] }))).toBe('forbidden');
  });

  it('a save dialog grants that one path for the export; other paths and existing files stay refused', async () => {
    const s = setup();
    const other = path.join(s.home, 'elsewhere.ttl');
    expect(code(await s.route('graph.export', { format: 'ttl', path: other }))).toBe('forbidden');
    const chosen = path.join(s.home, 'graph.ttl');
    s.userSaves(chosen);
    await s.route('dialog.saveFile', { defaultName: 'graph.ttl' });
    expect(code(await s.route('graph.export', { format: 'ttl', path: chosen }))).toBe('ok');
    const secret = path.join(s.home, 'secret.txt');
    expect(code(await s.route('graph.export', { format: 'nt', path: secret, overwrite: true }))).toBe('forbidden');
    expect(fs.readFileSync(secret, 'utf8')).toContain('drawer');
  });

  it('a drop is granted only from the window, for an existing absolute path', async () => {
    const s = setup();
    const report = path.join(s.home, 'report.md');
    expect(s.grantDrop({ url: 'https://evil.example/', topLevel: true }, report)).toBe(false);
    expect(s.grantDrop({ url: RENDERER_ENTRY_URL, topLevel: false }, report)).toBe(false);
    expect(s.grantDrop(window, 'report.md')).toBe(false);
    expect(s.grantDrop(window, path.join(s.home, 'missing.md'))).toBe(false);
    expect(s.grantDrop(window, { path: report })).toBe(false);
    expect(code(await s.route('documents.ingest', { paths: [report] }))).toBe('forbidden');
    expect(s.grantDrop(window, report)).toBe(true);
    expect(code(await s.route('documents.ingest', { paths: [report] }))).toBe('ok');
  });

  it("an endpoint is granted only by the user's answer to main's question, never by the renderer itself", async () => {
    const s = setup();
    const url = 'http://127.0.0.1:9/v1';
    const extract = () => s.route('extract.start', { engine: 'openai', endpoint: url, model: 'm' });
    expect(code(await extract())).toBe('forbidden');
    expect(code(await s.route('endpoints.grant', { url }))).toBe('forbidden');
    s.userAllowsEndpoint(false);
    expect(await s.route('dialog.grantEndpoint', { url, purpose: 'extraction' })).toEqual({ ok: true, value: { granted: false } });
    expect(code(await extract())).toBe('forbidden');
    s.userAllowsEndpoint(true);
    expect(await s.route('dialog.grantEndpoint', { url, purpose: 'extraction' })).toEqual({ ok: true, value: { granted: true } });
    expect(s.asked).toEqual([url, url]);
    expect(await s.route('endpoints.list', {})).toEqual({ ok: true, value: [{ url, origin: 'http://127.0.0.1:9', source: 'settings' }] });
    expect(code(await extract())).toBe('ok');
    // the renderer may take it away
    expect(await s.route('endpoints.revoke', { url })).toEqual({ ok: true, value: { revoked: true } });
    expect(code(await extract())).toBe('forbidden');
  });

  it("main's own calls ('user') keep full paths; a bad grant message is not a ToCore", async () => {
    const s = setup();
    expect(code(await s.client.call('documents.ingest', { paths: [path.join(s.home, 'secret.txt')] }, 'user'))).toBe('ok');
    expect(code(await s.client.call('documents.ingest', { paths: [path.join(s.home, 'secret.txt')] }))).toBe('forbidden');
    expect(isToCore({ kind: 'grant', id: 1, grants: [{ path: '/', modes: ['all'], source: 'dialog' }] })).toBe(false);
    expect(isToCore({ kind: 'grant', id: 1, grants: [{ path: '/x', modes: ['read'], source: 'renderer' }] })).toBe(false);
    expect(isToCore({ kind: 'call', id: 1, name: 'app.info', input: {}, caller: 'root' })).toBe(false);
    expect(isToCore({ kind: 'grant', id: 1, grants: [{ path: '/x', modes: ['read'], source: 'drop' }] })).toBe(true);
  });

  it('the preload hands the page a dropped path only once main granted it', () => {
    const granted: string[] = [];
    const make = (ok: boolean) =>
      createBridge({
        invoke: async () => ({ ok: true, value: null }),
        subscribe: () => undefined,
        platform: 'linux',
        pathForFile: (f) => `/home/u/${f.name}`,
        grantDropped: (p) => (granted.push(p), ok),
      });
    const file = { name: 'a.pdf' } as File;
    expect(make(true).pathForFile!(file)).toBe('/home/u/a.pdf');
    expect(make(false).pathForFile!(file)).toBe('');
    expect(granted).toEqual(['/home/u/a.pdf', '/home/u/a.pdf']);
  });
});

describe('remembered folders (Settings)', () => {
  it('a folder picked with remember stays granted after a restart, until forgotten', async () => {
    const t = tmpDir('gw-grants-keep-');
    cleanups.push(() => t.cleanup());
    const folder = path.join(t.dir, 'library');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'a.md'), '# A\n\nThe relay protects the line.\n');
    const db = path.join(t.dir, 'data', 'app.db');
    const open = () => new Core({ dbPath: db, dataDir: path.join(t.dir, 'data'), startJobs: false });
    let core = open();
    const dialogs = {
      openFiles: async () => ({ canceled: false, paths: [folder] }),
      saveFile: async () => ({ canceled: true, path: null }),
      confirmEndpoint: async () => false,
    };
    const route = createRouter({
      mainHandlers: grantingDialogHandlers(
        dialogs,
        async (g) => g.forEach((x) => core.grants.add(x)),
        async () => undefined,
      ),
      forward: (n, i) => core.call(n, i, 'renderer'),
    });
    await route(window, 'dialog.openFiles', { folders: true, remember: true });
    await core.close();

    core = open(); // a restart: only what was remembered comes back
    const file = path.join(folder, 'a.md');
    expect(code(await core.call('documents.ingest', { paths: [file] }, 'renderer'))).toBe('ok');
    const listed = await core.call('documents.folders', {}, 'renderer');
    expect(listed).toEqual({ ok: true, value: [{ path: realResolve(folder), modes: ['read'] }] });
    // No renderer can add one through settings.
    expect(code(await core.call('settings.set', { key: 'security.grants', value: [{ path: '/', modes: ['read'] }] }, 'renderer'))).toBe('forbidden');
    expect(await core.call('documents.folders.forget', { path: folder }, 'renderer')).toEqual({ ok: true, value: { forgotten: true } });
    expect(code(await core.call('documents.ingest', { paths: [file] }, 'renderer'))).toBe('forbidden');
    await core.close();
    core = open();
    expect(code(await core.call('documents.ingest', { paths: [file] }, 'renderer'))).toBe('forbidden');
    await core.close();
  });

  it('a folder picked without remember is gone after a restart', async () => {
    const t = tmpDir('gw-grants-nokeep-');
    cleanups.push(() => t.cleanup());
    const db = path.join(t.dir, 'app.db');
    let core = new Core({ dbPath: db, startJobs: false });
    core.grants.add({ path: t.dir, modes: ['read'], source: 'dialog', folder: true });
    expect(code(await core.call('documents.ingest', { paths: [path.join(t.dir, 'x.md')] }, 'renderer'))).toBe('ok');
    await core.close();
    core = new Core({ dbPath: db, startJobs: false });
    expect(code(await core.call('documents.ingest', { paths: [path.join(t.dir, 'x.md')] }, 'renderer'))).toBe('forbidden');
    await core.close();
  });
});

describe('Grants', () => {
  it('resolves symlinks and .. before checking, and returns the real path', () => {
    const t = tmpDir('gw-grants-');
    cleanups.push(() => t.cleanup());
    const inside = path.join(t.dir, 'granted');
    fs.mkdirSync(inside);
    fs.writeFileSync(path.join(t.dir, 'outside.txt'), 'x');
    fs.symlinkSync(path.join(t.dir, 'outside.txt'), path.join(inside, 'link.txt'));
    fs.writeFileSync(path.join(inside, 'ok.txt'), 'y');
    const g = new Grants();
    g.add({ path: inside, modes: ['read'], source: 'dialog' });
    expect(g.check(path.join(inside, 'ok.txt'), 'read', 'test')).toBe(realResolve(path.join(inside, 'ok.txt')));
    expect(() => g.check(path.join(inside, 'link.txt'), 'read', 'test')).toThrow(/outside/);
    expect(() => g.check(path.join(inside, '..', 'outside.txt'), 'read', 'test')).toThrow(/outside/);
    expect(() => g.check(inside + '-sibling/x', 'read', 'test')).toThrow(/outside/);
    expect(() => g.check(path.join(inside, 'new.txt'), 'create', 'test')).toThrow(/outside/); // read only
    expect(() => g.checkWrite(path.join(inside, 'ok.txt'), 'test')).toThrow(/outside/);
    g.add({ path: path.join(inside, 'out'), modes: ['create'], source: 'data', folder: true });
    expect(g.checkWrite(path.join(inside, 'out', 'a', 'b.csv'), 'test')).toBe(path.join(realResolve(inside), 'out', 'a', 'b.csv'));
  });
});
