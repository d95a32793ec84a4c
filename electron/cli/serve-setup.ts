// What `graphwright serve` does before it listens, so that the printed URL always opens the app:
//   - build the renderer (vite build) when dist/renderer is missing or older than its sources;
//   - reuse the last port (and token) this database was served on, so a tab left open reconnects
//     after a restart; a port taken by something else falls back to a free one.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What the renderer is built from (relative to the repository root). */
const RENDERER_SOURCES = ['renderer', 'shared', 'vite.config.ts'];

/** The newest modification time (ms) of the files under these paths; 0 when none exists. */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const walk = (p: string) => {
    let st: fs.Stats;
    try {
      st = fs.statSync(p);
    } catch {
      // gone or unreadable: nothing to walk
      return;
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (name !== 'node_modules' && !name.startsWith('.')) walk(path.join(p, name));
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const p of paths) walk(p);
  return newest;
}

/** Why the built renderer in staticDir needs a (re)build, or null when it is current. */
export function rendererBuildReason(staticDir: string, root: string): string | null {
  const index = path.join(staticDir, 'index.html');
  if (!fs.existsSync(index)) return `${path.relative(root, staticDir) || staticDir} has no index.html`;
  const built = fs.statSync(index).mtimeMs;
  const sources = newestMtime(RENDERER_SOURCES.map((s) => path.join(root, s)));
  if (sources > built) return `${path.relative(root, staticDir)} is older than the renderer's sources`;
  return null;
}

/** vite build into a temporary folder, then swapped in, so a running host never sees a half-built one. */
function viteBuild(root: string, outDir: string): { ok: boolean; output: string } {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!fs.existsSync(vite)) return { ok: false, output: `vite is not installed (${vite} is missing): run npm ci` };
  const tmp = `${outDir}.building-${process.pid}`;
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', tmp, '--emptyOutDir'], { cwd: root, encoding: 'utf8' });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? r.error.message : ''}`;
  if (r.status !== 0 || !fs.existsSync(path.join(tmp, 'index.html'))) {
    fs.rmSync(tmp, { recursive: true, force: true });
    return { ok: false, output };
  }
  const old = `${outDir}.old-${process.pid}`;
  if (fs.existsSync(outDir)) fs.renameSync(outDir, old);
  fs.renameSync(tmp, outDir);
  fs.rmSync(old, { recursive: true, force: true });
  return { ok: true, output };
}

interface EnsureRendererOptions {
  root: string;
  staticDir: string;
  log: (line: string) => void;
  /** The build step (tests pass their own); vite build by default. */
  build?: (root: string, outDir: string) => { ok: boolean; output: string };
}

/**
 * Build the renderer when it is missing or stale and its sources are here (a packaged install has
 * none: it ships the built renderer). Returns whether a usable index.html is there afterwards.
 */
export function ensureRenderer({ root, staticDir, log, build = viteBuild }: EnsureRendererOptions): boolean {
  const hasSources = fs.existsSync(path.join(root, 'renderer', 'index.html'));
  const reason = hasSources ? rendererBuildReason(staticDir, root) : null;
  if (reason) {
    log(`Building the renderer (vite build, once: ${reason})…`);
    const started = Date.now();
    const r = build(root, staticDir);
    if (r.ok) log(`Renderer built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    else log(`warning: the renderer did not build:\n${r.output.trim().split('\n').slice(-15).join('\n')}`);
  }
  return fs.existsSync(path.join(staticDir, 'index.html'));
}

// ---------------------------------------------------------------------------------------------
// The last port and token per database

/** A private file in the data folder: {"<absolute db path>": {port, token}}. */
export const HOST_STATE_FILE = 'host-ports.json';

interface HostMemory {
  port: number;
  token: string;
}

function readState(dataDir: string): Record<string, HostMemory> {
  try {
    const file = path.join(dataDir, HOST_STATE_FILE);
    // Only a file no one else can read may hold a token.
    if (process.platform !== 'win32' && (fs.statSync(file).mode & 0o077) !== 0) return {};
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    return raw && typeof raw === 'object' ? (raw as Record<string, HostMemory>) : {};
  } catch {
    // nothing remembered (no file, or unreadable): a fresh port and token
    return {};
  }
}

/** The port and token this database was last served on, if any were remembered. */
export function rememberedHost(dataDir: string, dbPath: string): HostMemory | null {
  const m = readState(dataDir)[path.resolve(dbPath)];
  if (!m || !Number.isInteger(m.port) || m.port < 1024 || m.port > 65535 || typeof m.token !== 'string' || m.token.length < 20) return null;
  return m;
}

/** Remember them for the next start (best effort: a read-only data folder just forgets). */
export function rememberHost(dataDir: string, dbPath: string, memory: HostMemory): void {
  try {
    const state = readState(dataDir);
    state[path.resolve(dbPath)] = memory;
    const file = path.join(dataDir, HOST_STATE_FILE);
    const tmp = `${file}.${process.pid}`;
    fs.writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(tmp, file);
  } catch {
    // not remembered: the next start takes a free port
  }
}

export function newToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}
