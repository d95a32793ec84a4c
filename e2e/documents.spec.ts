import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, KIT, ROOT } from './fixtures';

/**
 * A document's row, found by the file it came from (the first cell's title is its path): the
 * row itself shows the title detected from the document's structure, which need not be the file name.
 */
function rowOf(page: Page, fileName: string) {
  return page.getByRole('table', { name: 'Documents' }).locator('tbody tr', { has: page.locator(`td[title$="${fileName}"]`) });
}

/** Drop files onto the Documents view the way a user's drag does: a real drop event with a DataTransfer. */
async function dropFiles(page: Page, files: { name: string; content: Buffer }[]) {
  const payload = files.map((f) => ({ name: f.name, b64: f.content.toString('base64') }));
  const dataTransfer = await page.evaluateHandle((items) => {
    const dt = new DataTransfer();
    for (const it of items) {
      const bytes = Uint8Array.from(atob(it.b64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], it.name));
    }
    return dt;
  }, payload);
  const zone = page.getByTestId('drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

test('dropping kit sample 002_* imports it with a progress bar, and the viewer shows the repaired text', async ({ app }) => {
  const seed = fs.readFileSync(path.join(KIT, 'samples/seeds/002_cd2ac7c5e1ba1e29.txt'));
  await dropFiles(app, [
    { name: 'chunking-study.txt', content: seed },
    { name: 'notes.xyz', content: Buffer.from('what is this') },
  ]);
  // The job shows progress while it runs, then a summary naming what failed and why.
  const summary = app.getByTestId('ingest-summary');
  await expect(summary).toContainText('1 imported', { timeout: 60_000 });
  await expect(summary).toContainText('1 failed');
  await expect(summary).toContainText('unsupported format: .xyz');
  await rowOf(app, 'chunking-study.txt').click();
  const text = app.getByTestId('document-text');
  await expect(text).toContainText('retrieval-augmented generation');
  await expect(text).toContainText('recursive chunking');
  await expect(text).not.toContainText('Spire.PDF');
  await expect(app.getByTestId('chunk').first()).toBeVisible();
  await app.screenshot({ path: path.join(ROOT, 'docs/screenshots/document-viewer.png') });
  // The original extraction is kept beside the repaired text.
  await app.getByLabel('Original extraction').check();
  await expect(app.locator('.original-text')).toContainText('Spire.PDF');
});

test('adding a file with the picker imports it, and re-importing it is skipped as a duplicate', async ({ app }) => {
  const file = path.join(ROOT, 'assets/samples/radius-authentication-overview.txt');
  await app.getByTestId('file-input').setInputFiles(file);
  await expect(app.getByTestId('ingest-summary')).toContainText(/1 imported|1 skipped/, { timeout: 60_000 });
  await app.getByTestId('file-input').setInputFiles(file);
  await expect(app.getByTestId('ingest-summary')).toContainText('1 skipped', { timeout: 60_000 });
  // One row for the file, titled by its own heading rather than its file name.
  await expect(app.getByRole('table', { name: 'Documents' }).locator('tbody tr')).toHaveCount(1);
  await expect(rowOf(app, 'radius-authentication-overview.txt')).toHaveCount(1);
  await expect(rowOf(app, 'radius-authentication-overview.txt').locator('td').first()).not.toHaveText('');
});

test('once documents exist, the view still says more files can be dropped', async ({ app }) => {
  await expect(app.getByTestId('drop-hint')).toHaveCount(0); // the empty state says it instead
  await app.getByTestId('file-input').setInputFiles(path.join(ROOT, 'assets/samples/radius-authentication-overview.txt'));
  await expect(app.getByTestId('ingest-summary')).toContainText('1 imported', { timeout: 60_000 });
  const hint = app.getByTestId('drop-hint');
  await expect(hint).toBeVisible();
  await expect(hint).toContainText('Drop more files');
  // Its button opens the same picker as "Add files…".
  const chooser = app.waitForEvent('filechooser');
  await hint.getByRole('button', { name: 'choose files…' }).click();
  expect((await chooser).isMultiple()).toBe(true);
});
