// Running the CLI where file permissions bind. An ordinary user is held to them already; root is
// not (CAP_DAC_OVERRIDE writes any file, CAP_DAC_READ_SEARCH reads any), so as root the CLI runs
// with those two capabilities dropped (setpriv): still root, still the owner of the checkout and of
// the test's files, so it reads the repository wherever it lies (a parent folder of mode 0700
// included), while a file of mode 0444 or a folder of mode 0555 stops its writes as it would stop
// any user's. Switching to another user instead would need that user to reach the checkout and its
// node_modules, which a private parent folder forbids.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cli } from './cli';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DROP = ['--bounding-set=-dac_override,-dac_read_search', '--inh-caps=-dac_override,-dac_read_search'];

const isRoot = () => process.getuid?.() === 0;

/**
 * Whether permission bits can be made to bind here, and why not when they cannot. As root that
 * needs setpriv and a checkout root can read without CAP_DAC_READ_SEARCH (not one another user
 * owns under a private folder).
 */
export function permissionsBind(): { ok: true } | { ok: false; reason: string } {
  if (process.platform === 'win32') return { ok: false, reason: 'Windows has no POSIX permission bits' };
  if (!isRoot()) return { ok: true };
  const probe = spawnSync('setpriv', [...DROP, '--', process.execPath, '-e', `require('fs').accessSync(${JSON.stringify(path.join(ROOT, 'package.json'))})`], {
    encoding: 'utf8',
  });
  if (probe.error) return { ok: false, reason: `running as root without setpriv (${probe.error.message}): permission bits cannot be made to bind` };
  if (probe.status !== 0) return { ok: false, reason: `root without CAP_DAC_READ_SEARCH cannot read the checkout (${probe.stderr.trim().split('\n').pop()})` };
  return { ok: true };
}

/** The CLI with file permissions binding (see above); the same result shape as cli(). */
export function cliBound(args: string[], opts: { env?: Record<string, string> } = {}) {
  if (!isRoot()) return cli(args, opts);
  const r = spawnSync('setpriv', [...DROP, '--', process.execPath, '--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...opts.env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, json: () => JSON.parse(r.stdout) as unknown };
}

/**
 * A tmpfs mounted at a new folder, for a read-only mount (`remountReadOnly`); null, with the
 * reason, where this process may not mount (not root, or no CAP_SYS_ADMIN in a container).
 */
export function mountTmpfs(dir: string): { remountReadOnly(): void; unmount(): void } | { reason: string } {
  if (process.platform !== 'linux') return { reason: 'tmpfs mounts are Linux only' };
  if (!isRoot()) return { reason: 'mounting a tmpfs needs root' };
  fs.mkdirSync(dir, { recursive: true });
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', dir], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return { reason: `mount is not permitted here (${(r.stderr || r.error?.message || '').trim()})` };
  return {
    remountReadOnly() {
      const m = spawnSync('mount', ['-o', 'remount,ro', dir], { encoding: 'utf8' });
      if (m.status !== 0) throw new Error(`remount read-only failed: ${m.stderr}`);
    },
    unmount() {
      spawnSync('umount', [dir]);
    },
  };
}
