import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Core } from '../../electron/core/core';
import { startHost } from '../../electron/core/host/server';
import { HOST_STATE_FILE, ensureRenderer, rememberHost, rememberedHost, rendererBuildReason } from '../../electron/cli/serve-setup';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir();
afterAll(() => t.cleanup());

/** A fake repository: renderer sources, and a dist folder the build writes. */
function repo(name: string): { root: string; staticDir: string; src: string } {
  const root = path.join(t.dir, name);
  fs.mkdirSync(path.join(root, 'renderer', 'src'), { recursive: true });
  fs.writeFileSync(path.join(root, 'renderer', 'index.html'), '<!doctype html>');
  const src = path.join(root, 'renderer', 'src', 'main.tsx');
  fs.writeFileSync(src, 'export {};');
  return { root, staticDir: path.join(root, 'dist', 'renderer'), src };
}

const writeIndex = (staticDir: string) => {
  fs.mkdirSync(staticDir, { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>built</title>');
};

describe('the renderer is built on demand', () => {
  it('names why a build is needed: missing, then stale after a source changes, else none', () => {
    const r = repo('reason');
    expect(rendererBuildReason(r.staticDir, r.root)).toMatch(/no index\.html/);
    writeIndex(r.staticDir);
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(r.src, past, past);
    fs.utimesSync(path.join(r.root, 'renderer', 'index.html'), past, past);
    expect(rendererBuildReason(r.staticDir, r.root)).toBeNull();
    const future = new Date(Date.now() + 60_000);
    fs.utimesSync(r.src, future, future);
    expect(rendererBuildReason(r.staticDir, r.root)).toMatch(/older than the renderer's sources/);
  });

  it('builds once with a progress line when missing, and not again when current', () => {
    const r = repo('ensure');
    const lines: string[] = [];
    let builds = 0;
    const build = (_root: string, out: string) => {
      builds++;
      writeIndex(out);
      return { ok: true, output: '' };
    };
    expect(ensureRenderer({ root: r.root, staticDir: r.staticDir, log: (l) => lines.push(l), build })).toBe(true);
    expect(builds).toBe(1);
    expect(lines[0]).toMatch(/^Building the renderer \(vite build/);
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(r.src, past, past);
    fs.utimesSync(path.join(r.root, 'renderer', 'index.html'), past, past);
    expect(ensureRenderer({ root: r.root, staticDir: r.staticDir, log: (l) => lines.push(l), build })).toBe(true);
    expect(builds).toBe(1);
  });

  it('a failed build is reported with its output, and says there is no renderer', () => {
    const r = repo('fails');
    const lines: string[] = [];
    const ok = ensureRenderer({
      root: r.root,
      staticDir: r.staticDir,
      log: (l) => lines.push(l),
      build: () => ({ ok: false, output: 'error: renderer/src/main.tsx: bad syntax' }),
    });
    expect(ok).toBe(false);
    expect(lines.join('\n')).toMatch(/did not build:\nerror: renderer\/src\/main\.tsx: bad syntax/);
  });

  it('an install without renderer sources serves what it ships, never building', () => {
    const root = path.join(t.dir, 'packaged');
    const staticDir = path.join(root, 'dist', 'renderer');
    writeIndex(staticDir);
    let builds = 0;
    expect(ensureRenderer({ root, staticDir, log: () => {}, build: () => ({ ok: !!++builds, output: '' }) })).toBe(true);
    expect(builds).toBe(0);
  });
});

describe('the port and token are kept per database', () => {
  it('remembers them per database path in a private file', () => {
    const dir = path.join(t.dir, 'mem');
    fs.mkdirSync(dir);
    expect(rememberedHost(dir, path.join(dir, 'a.db'))).toBeNull();
    rememberHost(dir, path.join(dir, 'a.db'), { port: 45678, token: 'x'.repeat(32) });
    rememberHost(dir, path.join(dir, 'b.db'), { port: 45679, token: 'y'.repeat(32) });
    expect(rememberedHost(dir, path.join(dir, 'a.db'))).toEqual({ port: 45678, token: 'x'.repeat(32) });
    expect(rememberedHost(dir, path.join(dir, 'b.db'))?.port).toBe(45679);
    const file = path.join(dir, HOST_STATE_FILE);
    if (process.platform !== 'win32') {
      expect(fs.statSync(file).mode & 0o077).toBe(0);
      fs.chmodSync(file, 0o644); // readable by others: its token is not trusted
      expect(rememberedHost(dir, path.join(dir, 'a.db'))).toBeNull();
    }
    fs.writeFileSync(file, 'not json', { mode: 0o600 });
    fs.chmodSync(file, 0o600);
    expect(rememberedHost(dir, path.join(dir, 'a.db'))).toBeNull();
  });

  it('listens on the preferred port when free, and on another when it is taken', async () => {
    const core = new Core({ dbPath: path.join(t.dir, 'port.db') });
    try {
      const first = await startHost(core, {});
      const port = first.port;
      await first.close();
      const again = await startHost(core, { preferredPort: port });
      expect(again.port).toBe(port);
      // Something else now holds it: the next start falls back to a free port.
      const blocker = http.createServer();
      await again.close();
      await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', () => resolve()));
      try {
        const moved = await startHost(core, { preferredPort: (blocker.address() as AddressInfo).port });
        expect(moved.port).not.toBe(port);
        const r = await fetch(`http://127.0.0.1:${moved.port}/api/call/app.info`, {
          method: 'POST',
          headers: { 'x-graphwright-token': moved.token },
          body: '{}',
        });
        expect(r.status).toBe(200);
        await moved.close();
      } finally {
        await new Promise<void>((resolve) => blocker.close(() => resolve()));
      }
    } finally {
      await core.close();
    }
  });
});

describe('the stated Node versions agree', () => {
  it('package.json engines and the README name the same minimum, which this Node meets', () => {
    const root = path.resolve(import.meta.dirname, '..', '..');
    const engines = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const min = engines.match(/\^?(\d+)\.(\d+)\.\d+/);
    expect(min, engines).not.toBeNull();
    expect(readme).toContain(`Node.js ${min![1]}.${min![2]}+`);
    const [major, minor] = process.versions.node.split('.').map(Number);
    expect(major > Number(min![1]) || (major === Number(min![1]) && minor >= Number(min![2]))).toBe(true);
  });
});
