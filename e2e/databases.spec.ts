import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { test, expect, openView, ROOT } from './fixtures';

test('New and Open database in the browser host: by name in the data folder, switched without a restart or a reload', async ({ app, host }) => {
  const doc = path.join(host.dir, 'first-notes.txt');
  fs.writeFileSync(doc, 'RADIUS carries authentication between the NAS and the server.\n');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), 'ingest', doc, '--db', host.dbPath], { cwd: ROOT });
  await app.reload();
  await openView(app, 'Documents');
  await expect(app.getByRole('row', { name: /first-notes/ })).toBeVisible();
  // the page is never reloaded by a switch: this marker survives
  await app.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

  const switcher = app.getByTestId('database-switcher');
  await expect(switcher).toHaveText('Database: e2e');
  await switcher.click();
  let dialog = app.getByRole('dialog', { name: 'Databases' });
  await expect(dialog.getByTestId('databases').locator('tbody tr')).toHaveCount(1);
  // a path is not a name
  await dialog.getByLabel('New database').fill('../elsewhere');
  await expect(dialog.getByRole('button', { name: 'Create and open' })).toBeDisabled();
  await dialog.getByLabel('New database').fill('Second notes');
  await dialog.getByRole('button', { name: 'Create and open' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(switcher).toHaveText('Database: Second notes');
  await expect(app.getByRole('row', { name: /first-notes/ })).toHaveCount(0);
  await expect(app.getByTestId('store-counts')).toContainText('0 documents');
  expect(fs.existsSync(path.join(host.dir, 'Second notes.db'))).toBe(true);

  await switcher.click();
  dialog = app.getByRole('dialog', { name: 'Databases' });
  const rows = dialog.getByTestId('databases').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Second notes');
  await dialog.getByRole('button', { name: 'Open e2e' }).click();
  await expect(switcher).toHaveText('Database: e2e');
  await expect(app.getByRole('row', { name: /first-notes/ })).toBeVisible();
  await expect(app.getByTestId('store-counts')).toContainText('1 documents');
  expect(await app.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
});
