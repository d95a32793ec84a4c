// npm start (scripts/start.mjs runs this; a separate module so tests can import it):
//   1. build the renderer when dist/renderer is missing (npm run build:renderer);
//   2. launch Electron when it can start: not CI, a display, a binary. Electron needs
//      better-sqlite3 built for its own ABI, so the app runs from a separate folder,
//      .cache/electron-app/, holding a copy of better-sqlite3 rebuilt for Electron; the repository's
//      node_modules keeps Node's build for the CLI, the host and the tests;
//   3. otherwise say why and start the headless host (graphwright serve) on the per-user database
//      (GRAPHWRIGHT_DATA_DIR respected), which prints the URL. On the first run there, the sample
//      documents in assets/samples/ go into a database of their own, "Samples", beside the user's
//      (which starts empty: nothing is mixed into it unasked); the status bar's Database opens it.
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultDbPath } from '../electron/core/paths';
import { SAMPLES_DATABASE } from '../shared/contract/app';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export interface LaunchEnv {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
}

function truthy(v: string | undefined): boolean {
  return !!v && v !== '0' && v.toLowerCase() !== 'false';
}

/** Why Electron should not even be tried here (empty: try it). */
export function electronBlockers({ env, platform }: LaunchEnv): string[] {
  const reasons: string[] = [];
  if (truthy(env.CI)) reasons.push('CI is set');
  if (truthy(env.GRAPHWRIGHT_HEADLESS)) reasons.push('GRAPHWRIGHT_HEADLESS is set');
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) reasons.push('no display (DISPLAY and WAYLAND_DISPLAY are unset)');
  return reasons;
}

/**
 * The Electron binary, or why there is none. Reads node_modules/electron/path.txt first (no side
 * effects); only when it is missing does it require('electron'), which downloads the binary on
 * first use (electron 45 has no install script) and throws where that is impossible.
 */
export function findElectronBinary(options: { allowDownload: boolean }): { binary?: string; reason?: string } {
  let pkgDir: string;
  try {
    pkgDir = path.dirname(require.resolve('electron/package.json'));
  } catch {
    return { reason: 'the electron package is not installed (run npm ci)' };
  }
  const pathTxt = path.join(pkgDir, 'path.txt');
  if (fs.existsSync(pathTxt)) {
    const binary = path.join(pkgDir, 'dist', fs.readFileSync(pathTxt, 'utf8').trim());
    if (fs.existsSync(binary)) return { binary };
  }
  if (!options.allowDownload) return { reason: `the Electron binary is not downloaded (${path.join(pkgDir, 'dist')} is missing)` };
  try {
    // In plain Node, require('electron') is the binary's path (and fetches it on first use).
    // eslint-disable-next-line boundaries/layers
    const binary = require('electron') as unknown as string;
    if (typeof binary === 'string' && fs.existsSync(binary)) return { binary };
    return { reason: `the Electron binary is missing: ${String(binary)}` };
  } catch (err) {
    return { reason: `the Electron binary could not be fetched: ${(err as Error).message.split('\n')[0]}` };
  }
}

function run(cmd: string, args: string[], opts: { quiet?: boolean } = {}): SpawnSyncReturns<Buffer> {
  return spawnSync(cmd, args, { cwd: root, stdio: opts.quiet ? 'pipe' : 'inherit', shell: process.platform === 'win32' });
}

function rendererBuilt(): boolean {
  return fs.existsSync(path.join(root, 'dist', 'renderer', 'index.html'));
}

function buildRendererIfMissing(): boolean {
  if (rendererBuilt()) return true;
  console.log('Building the renderer (npm run build:renderer)…');
  const r = run(npm, ['run', '--silent', 'build:renderer']);
  return r.status === 0 && rendererBuilt();
}

// ---------------------------------------------------------------------------------------------
// Electron

const APP_DIR = path.join(root, '.cache', 'electron-app');

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

/**
 * The app folder Electron runs: package.json, dist-electron/, dist/renderer/, assets/ and its own
 * node_modules/better-sqlite3 rebuilt for Electron (other packages resolve from the repository's
 * node_modules, one folder up the tree). The rebuild runs once per Electron / better-sqlite3 version.
 */
export async function prepareElectronApp(electronVersion: string, appDir = APP_DIR): Promise<string> {
  const pkg = readJson<{ name: string; version: string; dependencies: Record<string, string> }>(path.join(root, 'package.json'));
  fs.mkdirSync(appDir, { recursive: true });
  fs.writeFileSync(
    path.join(appDir, 'package.json'),
    `${JSON.stringify(
      {
        name: pkg.name,
        productName: 'Graphwright',
        version: pkg.version,
        type: 'module',
        main: 'dist-electron/main.js',
        dependencies: { 'better-sqlite3': pkg.dependencies['better-sqlite3'] },
      },
      null,
      2,
    )}\n`,
  );
  for (const rel of ['dist-electron', path.join('dist', 'renderer'), 'assets']) {
    const to = path.join(appDir, rel);
    fs.rmSync(to, { recursive: true, force: true });
    if (fs.existsSync(path.join(root, rel))) fs.cpSync(path.join(root, rel), to, { recursive: true });
  }

  const source = path.dirname(require.resolve('better-sqlite3/package.json'));
  const target = path.join(appDir, 'node_modules', 'better-sqlite3');
  const stamp = path.join(target, '.graphwright-electron-abi');
  const want = `electron ${electronVersion} better-sqlite3 ${readJson<{ version: string }>(path.join(source, 'package.json')).version}`;
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want) return appDir;

  console.log(`Rebuilding better-sqlite3 for Electron ${electronVersion} in ${path.relative(root, appDir)} (once)…`);
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(source, target, { recursive: true, filter: (src) => !src.startsWith(path.join(source, 'build') + path.sep) && src !== path.join(source, 'build') });
  // @electron/rebuild comes with electron-builder; it fetches Electron's headers (or a prebuild).
  const builderRequire = createRequire(
    require.resolve('app-builder-lib/package.json', { paths: [path.dirname(require.resolve('electron-builder/package.json'))] }),
  );
  const { rebuild } = (await import(pathToFileURL(builderRequire.resolve('@electron/rebuild')).href)) as {
    rebuild(options: { buildPath: string; electronVersion: string; onlyModules?: string[]; force?: boolean }): Promise<void>;
  };
  await rebuild({ buildPath: appDir, electronVersion, onlyModules: ['better-sqlite3'], force: true });
  fs.writeFileSync(stamp, want);
  return appDir;
}

async function launchElectron(binary: string): Promise<number> {
  const build = run(npm, ['run', '--silent', 'build:electron']);
  if (build.status !== 0) throw new Error('npm run build:electron failed');
  const electronVersion = readJson<{ version: string }>(path.join(path.dirname(require.resolve('electron/package.json')), 'package.json')).version;
  const appDir = await prepareElectronApp(electronVersion);
  console.log(`Starting Graphwright (Electron ${electronVersion})…`);
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE; // it would make the binary a plain Node
  const child = spawn(binary, [appDir], { cwd: root, stdio: 'inherit', env });
  return new Promise<number>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

// ---------------------------------------------------------------------------------------------
// Headless host

/** Import the samples only on a first run (the user's database did not exist), and only when ingest exists yet. */
export function shouldImportSamples(dbExisted: boolean, commandNames: readonly string[]): boolean {
  return !dbExisted && commandNames.includes('ingest');
}

/** The samples' own database, in the folder of the user's: never the user's database itself. */
export function samplesDbPath(dbPath: string): string {
  return path.join(path.dirname(dbPath), `${SAMPLES_DATABASE}.db`);
}

/**
 * The CLI runs in this process (one TypeScript load instead of one per command): ingest the
 * samples on a first run, then `serve`, which prints the URL and runs until SIGINT / SIGTERM.
 */
async function startHeadless(args: string[]): Promise<number> {
  const dbPath = defaultDbPath();
  const dbExisted = fs.existsSync(dbPath);
  fs.mkdirSync(path.dirname(dbPath), { recursive: true });
  // Commands are added by feature work: look them up at run time.
  const [{ commands }, cli] = await Promise.all([import('../electron/cli/commands'), import('../electron/cli/main')]);

  const samplesDb = samplesDbPath(dbPath);
  if (
    shouldImportSamples(
      dbExisted,
      commands.map((c) => c.name),
    ) &&
    !fs.existsSync(samplesDb)
  ) {
    const samples = path.join(root, 'assets', 'samples');
    console.log(
      `First run: importing the sample documents from ${path.relative(root, samples)} into their own database, "${SAMPLES_DATABASE}" (${samplesDb}); yours starts empty. The status bar's "Database" switches between them.`,
    );
    const code = await cli.main(['ingest', samples, '--db', samplesDb]);
    if (code !== 0) console.warn('warning: importing the samples failed; the app starts anyway');
  }
  return cli.main(['serve', '--db', dbPath, ...args]);
}

export async function main(argv: string[]): Promise<number> {
  const blockers = electronBlockers({ env: process.env, platform: process.platform });
  const found = blockers.length ? {} : findElectronBinary({ allowDownload: true });
  const reasons = found.reason ? [...blockers, found.reason] : blockers;

  if (!buildRendererIfMissing()) {
    console.error('warning: the renderer did not build (npm run build:renderer); the API still works');
  }

  if (reasons.length === 0 && found.binary) {
    try {
      return await launchElectron(found.binary);
    } catch (err) {
      reasons.push(`Electron could not be prepared: ${(err as Error).message}`);
    }
  }
  console.log(`Electron cannot start here: ${reasons.join('; ')}.`);
  console.log('Starting the headless host instead: open the URL below in a browser.');
  return startHeadless(argv);
}
