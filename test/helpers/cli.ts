import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { vi } from 'vitest';

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

/** Run the CLI's main() in this process, capturing what it writes to stdout and stderr. */
export async function runMain(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  // Loaded on first use: tests that only spawn the CLI do not load it in-process.
  const { main } = await import('../../electron/cli/main');
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  try {
    return { code: await main(args), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
