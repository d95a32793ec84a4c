import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, KIT, ROOT } from './fixtures';
import { secondEdition } from '../test/editions/second-edition';

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

test('a second edition dropped over an extracted document: see its diff (clauses, triples, evidence in both versions) and accept it', async ({ app }) => {
  const first = fs.readFileSync(path.join(KIT, 'data/rfc-radius-eap/rfc3580.txt'), 'utf8');
  await dropFiles(app, [{ name: 'rfc3580.txt', content: Buffer.from(first) }]);
  await expect(app.getByTestId('ingest-summary')).toContainText('1 imported', { timeout: 60_000 });
  await app.getByLabel('Extraction engine').selectOption('classic');
  await app.getByRole('button', { name: 'Extract graph' }).click();
  await expect(app.getByTestId('extract-summary')).toContainText('Extraction finished', { timeout: 120_000 });

  // The second edition: the same standard, so it becomes version 2 of the same document.
  await dropFiles(app, [{ name: 'rfc3580.txt', content: Buffer.from(secondEdition(first)) }]);
  const notice = app.getByTestId('edition-notice');
  await expect(notice).toContainText(/is version 2 of document 1: 4 chunks changed/, { timeout: 60_000 });
  const docs = app.getByRole('table', { name: 'Documents' });
  await expect(docs.getByTestId('edition-badge')).toHaveCount(2);
  await expect(docs.getByTestId('edition-badge').first()).toContainText('v1 · superseded');

  // Only the changed chunks are read again.
  await app.getByRole('button', { name: 'Dismiss' }).click();
  await app.getByRole('button', { name: 'Extract graph' }).click();
  await expect(app.getByTestId('extract-summary')).toContainText(/from 4 chunks read/, { timeout: 60_000 });

  await notice.getByRole('button', { name: 'Review the changes' }).click();
  const diff = app.getByTestId('diff-view');
  await expect(diff.getByTestId('diff-chunks')).toContainText('3 edited, 1 added, 0 removed');
  const clauses = diff.getByTestId('diff-clause');
  await expect(clauses).toHaveCount(5);
  await expect(diff.getByRole('button', { name: /removed RFC 3580 §3\.2 User-Password/ })).toBeVisible();
  await diff.getByRole('button', { name: /added RFC 3580 §3\.32 Operator-Name/ }).click();
  await expect(diff.locator('pre').filter({ hasText: 'The Operator-Name attribute identifies the owner' })).toBeVisible();

  // A removed clause's triple: its evidence in version 1 only.
  await diff.getByRole('tab', { name: /Removed \(stale\) \([1-9]/ }).click();
  const removed = diff.getByTestId('diff-triple').first();
  await removed.locator('.diff-triple-text').click();
  await expect(removed.locator('.diff-evidence').first()).toContainText('v1');
  await expect(removed.locator('.diff-evidence').nth(1)).toContainText('not in v2');
  // A changed one: old and new text side by side.
  await diff.getByRole('tab', { name: /Changed \([1-9]/ }).click();
  const changed = diff.getByTestId('diff-triple').first();
  await changed.locator('.diff-triple-text').click();
  await expect(changed.locator('blockquote')).toHaveCount(2);
  await app.screenshot({ path: path.join(ROOT, 'docs/screenshots/edition-diff.png') });

  await diff.getByRole('button', { name: /Accept all changes \(\d+\)/ }).click();
  await expect(diff.getByTestId('diff-done')).toContainText(/Accepted \d+ changes/);
  await expect(diff.getByRole('button', { name: 'Accept all changes (0)' })).toBeDisabled();
  await expect(diff.locator('[data-testid="diff-triple"][data-state="open"]')).toHaveCount(0);
});

test('"Import as: new edition of…" makes the next drop a new version of the document picked', async ({ app }) => {
  const body = fs.readFileSync(path.join(KIT, 'data/rfc-radius-eap/rfc3580.txt'), 'utf8').slice(20_000, 30_000);
  await dropFiles(app, [{ name: 'notes-2023.txt', content: Buffer.from(body) }]);
  await expect(app.getByTestId('ingest-summary')).toContainText('1 imported', { timeout: 60_000 });
  await app.getByTestId('import-as').selectOption({ index: 1 });
  await dropFiles(app, [{ name: 'notes-2024.txt', content: Buffer.from(body.replace('Access Point', 'access point (AP)')) }]);
  const notice = app.getByTestId('edition-notice');
  await expect(notice).toContainText(/Document 2 is version 2 of document 1/, { timeout: 60_000 });
  await expect(app.getByTestId('import-as')).toHaveValue('');
  await notice.getByRole('button', { name: 'Review the changes' }).click();
  await expect(app.getByTestId('diff-view').getByTestId('diff-chunks')).toContainText(/[1-9]\d* edited/);
});
