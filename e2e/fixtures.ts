import { test as base, expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const KIT = path.resolve(ROOT, '..', 'shared');

export interface Host {
  url: string;
  origin: string;
  token: string;
  dbPath: string;
  dir: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** Start `graphwright serve` on a fresh database and wait for the URL it prints. */
export async function startHost(opts: { dbPath?: string; env?: Record<string, string> } = {}): Promise<Host> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-e2e-'));
  const dbPath = opts.dbPath ?? path.join(dir, 'e2e.db');
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), 'serve', '--db', dbPath, '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, GRAPHWRIGHT_DATA_DIR: dir, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start:\n${log}`)), 60_000);
    const onData = (d: Buffer) => {
      log += d.toString();
      const m = log.match(/Open (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`host exited with ${code}:\n${log}`));
    });
  });
  const u = new URL(url);
  return {
    url,
    origin: u.origin,
    token: u.searchParams.get('token')!,
    dbPath,
    dir,
    proc,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

/** One host per test, on its own database: tests never see each other's data. */
export const test = base.extend<{ app: Page; host: Host }>({
  host: [
    async ({}, use) => {
      const host = await startHost();
      await use(host);
      await host.stop();
      fs.rmSync(host.dir, { recursive: true, force: true });
    },
    { scope: 'test' },
  ],
  app: async ({ page, host }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(host.url);
    await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible();
    await use(page);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };

/** Open a view from the left rail. */
export async function openView(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: label }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}
