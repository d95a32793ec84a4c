// electron-builder.yml through electron-builder's own loader and schema validation (offline),
// and the Electron bundles built by vite.electron.config.ts.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
// app-builder-lib is electron-builder's engine; resolve it (and builder-util) from electron-builder.
const fromBuilder = createRequire(require.resolve('electron-builder/package.json'));
const { getConfig, validateConfiguration } = fromBuilder('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: unknown): Promise<BuilderConfig>;
  validateConfiguration(config: unknown, debugLogger: unknown): Promise<void>;
};
interface BuilderConfig {
  appId: string;
  productName: string;
  icon: string;
  asarUnpack: string[];
  files: { filter: string[] }[];
  linux: { target: string[] };
  win: { target: string[] };
  mac: { target: string[] };
  nsis: Record<string, unknown>;
  electronFuses: Record<string, boolean>;
}
const { DebugLogger } = fromBuilder('builder-util') as { DebugLogger: new (enabled?: boolean) => unknown };

async function loadConfig() {
  return getConfig(ROOT, path.join(ROOT, 'electron-builder.yml'), null);
}

describe('electron-builder.yml', () => {
  it('passes electron-builder validation', async () => {
    const config = await loadConfig();
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('the validation is real: a wrong option or target is rejected', async () => {
    const config = await loadConfig();
    await expect(validateConfiguration({ ...config, asarUnpak: ['x'] }, new DebugLogger(false))).rejects.toThrow(/asarUnpak/);
    await expect(validateConfiguration({ ...config, nsis: { ...config.nsis, oneClik: false } }, new DebugLogger(false))).rejects.toThrow(/configuration\.nsis/);
  });

  it('flips the Electron fuses that would let another program run the app as plain Node or load other code', async () => {
    const config = await loadConfig();
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    await expect(validateConfiguration({ ...config, electronFuses: { ...config.electronFuses, runAsNod: false } }, new DebugLogger(false))).rejects.toThrow(
      /electronFuses/,
    );
  });

  it('names the app, targets every platform and unpacks the native modules', async () => {
    const config = await loadConfig();
    expect(config.appId).toMatch(/^[a-z0-9.-]+$/);
    expect(config.productName).toBe('Graphwright');
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
    for (const m of ['better-sqlite3', 'node-llama-cpp', '@node-llama-cpp', '@node-rs', 'sqlite-vec', 'sqlite-vec-*'])
      expect(config.asarUnpack).toContain(`node_modules/${m}/**/*`);
    const files = config.files.flatMap((f) => f.filter);
    for (const f of ['package.json', 'dist-electron/**/*', 'dist/renderer/**/*', 'node_modules/**/*']) expect(files).toContain(f);
    // package.json's main is the bundle that files ships.
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.main).toBe('dist-electron/main.js');
  });

  it('has a 512x512 PNG icon and its SVG source', async () => {
    const config = await loadConfig();
    const png = fs.readFileSync(path.join(ROOT, config.icon));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(512);
    expect(png.readUInt32BE(20)).toBe(512);
    expect(fs.readFileSync(path.join(ROOT, 'assets', 'icon.svg'), 'utf8')).toMatch(/<svg[^>]+viewBox="0 0 512 512"/);
  });
});

describe('npm run build:electron', () => {
  it('bundles main and core-process as ESM with externals, and a self-contained CommonJS preload', () => {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--app', '-c', 'vite.electron.config.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const out = path.join(ROOT, 'dist-electron');
    const main = fs.readFileSync(path.join(out, 'main.js'), 'utf8');
    const coreProcess = fs.readFileSync(path.join(out, 'core-process.js'), 'utf8');
    const preload = fs.readFileSync(path.join(out, 'preload.cjs'), 'utf8');

    expect(main).toMatch(/from "electron"/);
    expect(main).toMatch(/utilityProcess/);
    // better-sqlite3 external, loaded from node_modules (asar-unpacked): imported by the core process or by a
    // chunk it imports statically (the store sits in a chunk shared with the ingest worker's lazy import)
    const statics = [...coreProcess.matchAll(/from "\.\/chunks\/([^"]+)"/g)].map((m) => fs.readFileSync(path.join(out, 'chunks', m[1]), 'utf8'));
    expect([coreProcess, ...statics].some((code) => /from "better-sqlite3"/.test(code))).toBe(true);
    expect(coreProcess).not.toMatch(/from "electron"/); // the core process needs no Electron API
    // Core code that locates files from its source keeps pointing at the source location.
    expect(coreProcess).toMatch(/new URL\("\.\.\/electron\/core\/version\.ts", import\.meta\.url\)/);

    // The sandboxed preload can require nothing but electron.
    const required = [...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
    expect(preload).not.toMatch(/^import /m);
    expect(preload).toMatch(/exposeInMainWorld\("api"/);
    expect(preload).toContain('graphwright:call');

    // The ingest worker is its own self-contained bundle, and the core process knows where it is
    // (without it the app would quietly parse on the core's thread).
    const worker = fs.readFileSync(path.join(out, 'ingest-worker.js'), 'utf8');
    expect(worker).not.toMatch(/from "electron"/);
    expect(worker).toMatch(/parentPort/);
    expect(coreProcess).toContain('ingest-worker.js');
    // So is the graph import's worker (import/import-worker.ts).
    const importer = fs.readFileSync(path.join(out, 'import-worker.js'), 'utf8');
    expect(importer).not.toMatch(/from "electron"/);
    expect(importer).toMatch(/parentPort/);
    expect(coreProcess).toContain('import-worker.js');
  });
});
