// npm start: where Electron cannot start (here: CI, no display, no binary) it says why and runs
// the headless host on the per-user database (GRAPHWRIGHT_DATA_DIR), printing the URL.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { electronBlockers, findElectronBinary, samplesDbPath, shouldImportSamples } from '../../scripts/launch';
import { tmpDir } from '../helpers/tmp';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe('when Electron is not tried', () => {
  it('CI, an explicit headless flag, or no display on Linux', () => {
    expect(electronBlockers({ env: { DISPLAY: ':0' }, platform: 'linux' })).toEqual([]);
    expect(electronBlockers({ env: { WAYLAND_DISPLAY: 'wayland-0' }, platform: 'linux' })).toEqual([]);
    expect(electronBlockers({ env: {}, platform: 'linux' })).toEqual(['no display (DISPLAY and WAYLAND_DISPLAY are unset)']);
    expect(electronBlockers({ env: {}, platform: 'darwin' })).toEqual([]);
    expect(electronBlockers({ env: { CI: 'true', DISPLAY: ':0' }, platform: 'linux' })).toEqual(['CI is set']);
    expect(electronBlockers({ env: { CI: 'false', DISPLAY: ':0' }, platform: 'linux' })).toEqual([]);
    expect(electronBlockers({ env: { GRAPHWRIGHT_HEADLESS: '1' }, platform: 'win32' })).toEqual(['GRAPHWRIGHT_HEADLESS is set']);
  });

  it('imports the samples on a first run only, and only when the CLI has ingest', () => {
    expect(shouldImportSamples(false, ['serve', 'ingest'])).toBe(true);
    expect(shouldImportSamples(true, ['serve', 'ingest'])).toBe(false);
    expect(shouldImportSamples(false, ['serve'])).toBe(false);
    // into a database of their own in the same folder, never the user's
    expect(samplesDbPath(path.join('/data', 'graphwright.db'))).toBe(path.join('/data', 'Samples.db'));
  });

  it('finds the binary without side effects, or says why not', () => {
    const found = findElectronBinary({ allowDownload: false });
    if (found.binary) expect(path.isAbsolute(found.binary)).toBe(true);
    else expect(found.reason).toMatch(/Electron binary is not downloaded|not installed/);
  });
});

describe('npm start without Electron', () => {
  const t = tmpDir('gw-start-');
  afterAll(() => t.cleanup());

  async function startOnce(): Promise<{ output: string; url: string; stop: () => Promise<number | null> }> {
    const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', GRAPHWRIGHT_DATA_DIR: t.dir };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed:\n${output}`)), 90_000);
      const onData = (d: Buffer) => {
        output += d.toString();
        const m = /Open (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(output);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', () => reject(new Error(`npm start exited early:\n${output}`)));
    });
    return {
      output,
      url,
      stop: async () => {
        child.kill('SIGTERM');
        return exited;
      },
    };
  }

  async function call(url: string, name: string, input: unknown) {
    const u = new URL(url);
    const res = await fetch(`${u.origin}/api/call/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-graphwright-token': u.searchParams.get('token')! },
      body: JSON.stringify(input),
    });
    return (await res.json()) as { ok: boolean; value?: { dbPath?: string; host?: string; length?: number } };
  }

  it('says why, starts the headless host on the per-user database (empty), imports the samples once into a Samples database beside it, and serves the app', async () => {
    const run = await startOnce();
    try {
      expect(run.output).toMatch(/Electron cannot start here: CI is set; no display/);
      const info = await call(run.url, 'app.info', {});
      expect(info.ok).toBe(true);
      expect(info.value?.dbPath).toBe(path.join(t.dir, 'graphwright.db'));
      expect(info.value?.host).toBe('http');
      const page = await fetch(run.url);
      expect([200, 404]).toContain(page.status); // 404 only when the renderer could not be built
      // the samples go into their own database; the user's starts empty
      expect(run.output).toMatch(/First run: importing the sample documents from assets\/samples into their own database, "Samples"/);
      const docs = await call(run.url, 'documents.list', {});
      expect(docs.value?.length).toBe(0);
      const dbs = (await call(run.url, 'databases.list', {})) as unknown as { value: { items: { name: string; current: boolean }[] } };
      expect(dbs.value.items.map((d) => [d.name, d.current]).sort()).toEqual([
        ['Samples', false],
        ['graphwright', true],
      ]);
      const samples = new Database(path.join(t.dir, 'Samples.db'), { readonly: true });
      try {
        expect((samples.prepare('SELECT COUNT(*) AS n FROM documents').get() as { n: number }).n).toBe(3);
      } finally {
        samples.close();
      }
    } finally {
      expect(await run.stop()).toBe(0);
    }
  }, 120_000);
});
