import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Core } from '../electron/core/core';
import { test, expect, openView, ROOT, startHost } from './fixtures';

test('Settings lists no folders in a fresh database and explains uploads in the browser', async ({ app }) => {
  await openView(app, 'Settings');
  const folders = app.getByRole('region', { name: 'Folders' });
  await expect(folders.getByTestId('folders-empty')).toHaveText('No folders added.');
  await expect(folders.getByTestId('folders-browser-note')).toContainText('uploaded');
  // No folder dialog in a browser: no button that could only fail.
  await expect(folders.getByRole('button', { name: 'Add folder…' })).toHaveCount(0);
});

test('a folder added for good is listed, and Forget takes it away for good', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-e2e-settings-'));
  const granted = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-e2e-granted-'));
  const dbPath = path.join(dir, 'settings.db');
  // The desktop app's folder dialog with remember: true records this grant (electron/core/grants.ts).
  const core = new Core({ dbPath });
  const real = core.grants.add({ path: granted, modes: ['read'], source: 'dialog', folder: true, persist: true }).path;
  await core.close();

  const host = await startHost({ dbPath });
  try {
    await page.goto(host.url);
    await openView(page, 'Settings');
    const folders = page.getByRole('region', { name: 'Folders' });
    const list = folders.getByRole('list', { name: 'Granted folders' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText(real);
    await list.getByRole('button', { name: `Forget ${real}` }).click();
    await expect(folders.getByTestId('folders-empty')).toBeVisible();
    await page.reload();
    await openView(page, 'Settings');
    await expect(page.getByRole('region', { name: 'Folders' }).getByTestId('folders-empty')).toBeVisible();
  } finally {
    await host.stop();
    fs.rmSync(host.dir, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(granted, { recursive: true, force: true });
  }
});

test('Endpoints: the browser cannot allow one itself; one granted where the host runs is listed at once, and Remove takes it away', async ({ app, host }) => {
  await openView(app, 'Settings');
  const section = app.getByRole('region', { name: 'Endpoints' });
  await expect(section.getByTestId('endpoints-empty')).toHaveText('No endpoints allowed.');
  await expect(section.getByTestId('endpoints-browser-note')).toContainText('graphwright serve --grant-endpoint URL');
  await expect(section.getByRole('button', { name: 'Allow…' })).toHaveCount(0);
  const url = 'http://127.0.0.1:9/sparql';
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), 'endpoints', 'grant', url, '--db', host.dbPath], { cwd: ROOT });
  await app.reload();
  await openView(app, 'Settings');
  const list = app.getByRole('region', { name: 'Endpoints' }).getByRole('list', { name: 'Allowed endpoints' });
  await expect(list.getByRole('listitem')).toContainText(url);
  await list.getByRole('button', { name: `Remove ${url}` }).click();
  await expect(app.getByRole('region', { name: 'Endpoints' }).getByTestId('endpoints-empty')).toBeVisible();
});
