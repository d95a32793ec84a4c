import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, KIT, ROOT } from './fixtures';

/** Drop files onto the Documents view the way a user's drag does: a real drop event with a DataTransfer. */
async function dropFiles(page: Page, files: { name: string; content: Buffer }[]) {
  const payload = files.map((f) => ({ name: f.name, b64: f.content.toString('base64') }));
  const dataTransfer = await page.evaluateHandle((items) => {
    const dt = new DataTransfer();
    for (const it of items) dt.items.add(new File([Uint8Array.from(atob(it.b64), (c) => c.charCodeAt(0))], it.name));
    return dt;
  }, payload);
  const zone = page.getByTestId('drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

test('a drop of several files lists each file with its state, and each document shows its extraction status, triples, engine and last run', async ({ app }) => {
  const rfc = (name: string) => ({ name, content: fs.readFileSync(path.join(KIT, 'data/rfc-radius-eap', name)) });
  await dropFiles(app, [rfc('rfc2867.txt'), rfc('rfc3580.txt'), { name: 'notes.xyz', content: Buffer.from('what is this') }]);
  await expect(app.getByTestId('ingest-summary')).toContainText('2 imported', { timeout: 60_000 });
  // One row per file: the good ones done, the bad one failed with the reason.
  const files = app.getByRole('table', { name: 'Files in this import' });
  await expect(files.locator('tbody tr')).toHaveCount(3);
  await expect(files.getByRole('row', { name: /rfc2867\.txt\s+done/ })).toBeVisible();
  await expect(files.getByRole('row', { name: /rfc3580\.txt\s+done/ })).toBeVisible();
  await expect(files.getByRole('row', { name: /notes\.xyz\s+failed.*unsupported format/ })).toBeVisible();

  const docs = app.getByRole('table', { name: 'Documents' });
  const statuses = docs.getByTestId('extraction-status');
  await expect(statuses).toHaveCount(2);
  await expect(statuses).toHaveText(['ingested', 'ingested']);

  await app.getByLabel('Extraction engine').selectOption('classic');
  await app.getByRole('button', { name: 'Extract graph' }).click();
  const summary = app.getByTestId('extract-summary');
  await expect(summary).toContainText(/Extraction finished:\s*\d[\d,]* new triples from \d+ chunks read/, { timeout: 120_000 });
  await expect(statuses).toHaveText(['extracted', 'extracted']);
  const first = docs.locator('tbody tr').first();
  await expect(first.locator('td').nth(6)).not.toHaveText('0'); // triples
  await expect(first.locator('td').nth(7)).toHaveText('classic'); // engine
  await expect(first.locator('td').nth(8)).not.toHaveText('—'); // last run
  await app.screenshot({ path: path.join(ROOT, 'docs/screenshots/documents-status.png') });

  // A re-run reads nothing new, and says so.
  await app.getByRole('button', { name: 'Dismiss' }).click();
  await app.getByRole('button', { name: 'Extract graph' }).click();
  await expect(summary).toContainText(/0 new: all \d+ chunks already extracted/, { timeout: 60_000 });
});
