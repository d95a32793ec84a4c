import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, openView, ROOT } from './fixtures';

/** The page's own background (on :root, from --bg). */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
/** Relative luminance-ish of an rgb() string: low is dark. */
function lightness(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
  return (r + g + b) / 3;
}
const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

test('the theme follows the system until Settings picks light or dark, and the pick survives a reload', async ({ app }) => {
  await app.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => theme(app)).toBe('dark');
  await openView(app, 'Settings');
  const group = app.getByRole('radiogroup', { name: 'Theme' });
  await expect(group.getByRole('radio', { name: 'System' })).toBeChecked();
  await expect(app.getByTestId('theme-note')).toHaveText('Following the system: dark now.');
  expect(lightness(await background(app))).toBeLessThan(80);
  await app.screenshot({ path: path.join(ROOT, 'docs/screenshots/settings-dark.png') });

  // The system turns light: so does the app.
  await app.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => theme(app)).toBe('light');

  // An explicit dark wins over a light system, also after a reload.
  await group.getByRole('radio', { name: 'Dark' }).check();
  await expect.poll(() => theme(app)).toBe('dark');
  await app.reload();
  await expect(app.getByRole('navigation', { name: 'Views' })).toBeVisible();
  await expect.poll(() => theme(app)).toBe('dark');
  expect(lightness(await background(app))).toBeLessThan(80);

  await openView(app, 'Settings');
  await app.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Light' }).check();
  await app.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => theme(app)).toBe('light');
  expect(lightness(await background(app))).toBeGreaterThan(200);

  // Back to System: it follows the (dark) system again.
  await app.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'System' }).check();
  await expect.poll(() => theme(app)).toBe('dark');
});
