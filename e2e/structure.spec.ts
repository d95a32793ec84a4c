// A standard's structure in the viewer: its own title in the list, boilerplate chunks marked (kept
// in the text), headings not printed twice above a chunk that opens with them.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, KIT } from './fixtures';

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

test('an RFC is listed by its own title, its boilerplate is marked and headings print once', async ({ app }) => {
  await dropFiles(app, [{ name: 'rfc3580.txt', content: fs.readFileSync(path.join(KIT, 'data/rfc-radius-eap/rfc3580.txt')) }]);
  await expect(app.getByTestId('ingest-summary')).toContainText('1 imported', { timeout: 60_000 });
  const row = app.getByRole('row', { name: /RFC 3580: IEEE 802\.1X Remote Authentication Dial In User Service/ });
  await row.click();
  const text = app.getByTestId('document-text');
  await expect(text).toContainText('Status of this Memo');
  // The status notice and the table of contents are kept and marked.
  await expect(app.locator('.chunk[data-boilerplate="status"]').first()).toContainText('This memo provides information');
  await expect(app.locator('.chunk[data-boilerplate="toc"] .boilerplate-mark').first()).toHaveText('table of contents');
  // The chunk that opens with "1.  Introduction" does not repeat it above its text.
  const intro = app.locator('.chunk', { has: app.locator('.chunk-text', { hasText: /^1\.\s+Introduction/ }) }).first();
  await expect(intro).toBeVisible();
  await expect(intro.locator('.heading-path')).toHaveCount(0);
  // A chunk inside 3.x shows its section above the text.
  const inner = app.locator('.chunk', { has: app.locator('.chunk-text', { hasText: /^3\.2\.\s+User-Password/ }) }).first();
  if (await inner.count()) await expect(inner.locator('.heading-path')).toHaveText('3.  RADIUS Authentication');
  await expect(app.locator('.chunk:not([data-boilerplate])').first()).toBeVisible();
});
