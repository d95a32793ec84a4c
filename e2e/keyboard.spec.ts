import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, openView, ROOT } from './fixtures';
import { ingestAndExtract, showEveryTriple } from './review-fixtures';

const SAMPLE = path.join(ROOT, 'assets', 'samples', 'radius-authentication-overview.txt');

/** Whether the focused element lies inside the element matched by this selector. */
const focusIn = (page: Page, selector: string) => page.evaluate((s) => !!document.activeElement?.closest(s), selector);

test('keyboard: "?" lists the keys, dialogs take the focus, keep Tab inside and close on Esc, the History popover and the document viewer close on Esc, a skip link reaches the table', async ({
  app,
  host,
}) => {
  test.setTimeout(180_000);
  await ingestAndExtract(host, SAMPLE);
  await showEveryTriple(host); // (its triples are all below the default view's precision threshold)
  await app.reload();
  await expect(app.getByRole('navigation', { name: 'Views' })).toBeVisible();

  // "?" shows the shortcuts, in a dialog that has the focus and keeps it on Tab.
  await app.keyboard.press('?');
  const keys = app.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(keys).toBeVisible();
  await expect(keys).toContainText('Ctrl+A');
  await expect(keys).toContainText('Alt+2');
  expect(await focusIn(app, '[role=dialog]')).toBe(true);
  for (let i = 0; i < 5; i++) await app.keyboard.press('Tab');
  expect(await focusIn(app, '[role=dialog]')).toBe(true);
  await app.keyboard.press('Escape');
  await expect(keys).toHaveCount(0);
  // The rail's button opens the same list.
  await app.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(keys).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(keys).toHaveCount(0);

  // Review: the skip link reaches the table in one Tab and Enter.
  await openView(app, 'Review');
  await app.getByTestId('triple-rows').locator('[role=row][data-triple-id]').first().waitFor();
  // It is the first thing Tab reaches on the page, and shows itself when focused.
  expect(await app.evaluate(() => document.querySelector('button, a[href], input, select, textarea, [tabindex="0"]')?.textContent)).toBe('Skip to content');
  const skip = app.getByRole('button', { name: 'Skip to content' });
  await skip.focus();
  expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('triple-rows')).toBeFocused();

  // Merge candidates: the focus moves in; Esc closes it and gives the focus back to its button.
  const opener = app.getByRole('button', { name: 'Merge candidates' });
  await opener.click();
  const candidates = app.getByRole('dialog', { name: 'Merge candidates' });
  await expect(candidates).toBeVisible();
  expect(await focusIn(app, '[role=dialog]')).toBe(true);
  await app.keyboard.press('Escape');
  await expect(candidates).toHaveCount(0);
  await expect(opener).toBeFocused();

  // Add a triple (N): its suggestion list is not clipped by the dialog; Esc closes the list first, then the dialog.
  await app.getByTestId('triple-rows').focus();
  await app.keyboard.press('n');
  const add = app.getByRole('dialog', { name: 'Add a triple' });
  await expect(add).toBeVisible();
  await expect(add.getByRole('combobox', { name: 'Subject' })).toBeFocused();
  await app.keyboard.type('r');
  const list = app.getByRole('listbox', { name: 'Subject suggestions' });
  await expect(list.getByRole('option').first()).toBeVisible();
  const options = list.getByRole('option');
  const last = options.nth((await options.count()) - 1);
  const lb = (await last.boundingBox())!;
  const hit = await app.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[role=option]')?.textContent ?? null, {
    x: lb.x + 10,
    y: lb.y + lb.height / 2,
  });
  expect(hit, 'the last suggestion is drawn, not clipped').toBe(await last.textContent());
  await app.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(add).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(add).toHaveCount(0);

  // The History popover: the focus moves in, Esc closes it, the focus is back on its button.
  const history = app.getByRole('button', { name: 'History' });
  await history.click();
  const popover = app.getByRole('dialog', { name: 'Recent edits' });
  await expect(popover).toBeVisible();
  expect(await focusIn(app, '.history-popover')).toBe(true);
  const box = (await popover.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(app.viewportSize()!.width);
  await app.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
  await expect(history).toBeFocused();

  // The document viewer closes on Esc.
  await openView(app, 'Documents');
  await app.getByRole('table', { name: 'Documents' }).locator('tbody tr').first().click();
  const viewer = app.getByRole('region', { name: 'Document viewer' });
  await expect(viewer).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
});
