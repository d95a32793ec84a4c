import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, startHost, ROOT } from './fixtures';

// The headless host goes away and comes back: the tab says so, backs off, and recovers.

/** `graphwright serve` on a given port, database and token (a restart of the same host). */
async function restart(dbPath: string, dir: string, port: number, token: string): Promise<() => Promise<void>> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), 'serve', '--db', dbPath, '--port', String(port)], {
    cwd: ROOT,
    env: { ...process.env, GRAPHWRIGHT_DATA_DIR: dir, GRAPHWRIGHT_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not restart:\n${log}`)), 60_000);
    proc.stdout!.on('data', (d: Buffer) => {
      log += d.toString();
      if (log.includes('Open http')) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    proc.once('exit', (code) => reject(new Error(`host exited with ${code}:\n${log}`)));
  });
  return () =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
}

test('the page has a favicon and loads without a 404', async ({ page }) => {
  const host = await startHost();
  try {
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) missing.push(r.url());
    });
    await page.goto(host.url);
    await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible();
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toBeTruthy();
    const r = await page.request.get(new URL(icon!, host.url).toString());
    expect(r.status()).toBe(200);
    expect(missing).toEqual([]);
  } finally {
    await host.stop();
    fs.rmSync(host.dir, { recursive: true, force: true });
  }
});

test('a lost host shows a reconnecting banner, backs off, and recovers on restart', async ({ page }) => {
  const host = await startHost();
  let stopAgain: (() => Promise<void>) | null = null;
  try {
    await page.goto(host.url);
    await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible();
    await expect(page.getByTestId('connection-banner')).toHaveCount(0);

    await host.stop();
    const banner = page.getByTestId('connection-banner');
    await expect(banner).toContainText('Disconnected — reconnecting');

    // While it is gone, requests come one per back-off step, not one per poll or retry.
    let failed = 0;
    page.on('requestfailed', () => failed++);
    await page.waitForTimeout(8000);
    expect(failed).toBeLessThanOrEqual(4);

    const port = Number(new URL(host.url).port);
    stopAgain = await restart(host.dbPath, host.dir, port, host.token);
    await banner.getByRole('button', { name: 'Retry now' }).click();
    await expect(banner).toHaveCount(0);
    // The app works again: a view loads its data.
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByTestId('db-path')).toHaveText(host.dbPath);
  } finally {
    if (stopAgain) await stopAgain();
    else await host.stop();
    fs.rmSync(host.dir, { recursive: true, force: true });
  }
});
