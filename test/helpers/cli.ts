import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Run the real graphwright CLI in a child process. */
export function cli(args: string[], opts: { env?: Record<string, string>; input?: string } = {}) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...opts.env },
    input: opts.input,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, json: () => JSON.parse(r.stdout) };
}
