import { test, expect, openView, ROOT } from './fixtures';
import path from 'node:path';

test('the app loads and shows the Documents empty state', async ({ app }) => {
  await expect(app.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(app.getByRole('heading', { name: 'Drop documents here' })).toBeVisible();
  await expect(app.getByTestId('store-counts')).toContainText('0 documents');
});

test('no Content-Security-Policy violation while the app loads and every view opens (zod parses without eval)', async ({ page, host }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(host.url);
  await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible();
  for (const name of ['Review', 'Graph', 'Chat', 'Export', 'Models', 'Settings', 'Documents']) await openView(page, name);
  expect(violations).toEqual([]);
});

test('every rail entry opens its view', async ({ app }) => {
  for (const label of ['Review', 'Graph', 'Chat', 'Export', 'Models', 'Settings', 'Documents']) {
    await openView(app, label);
  }
  await openView(app, 'Settings');
  await expect(app.getByTestId('db-path')).toContainText('e2e.db');
});

test('keyboard shortcuts switch views', async ({ app }) => {
  await app.keyboard.press('Alt+2');
  await expect(app.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
  await app.keyboard.press('Alt+1');
  await expect(app.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
});

test('a wrong token gets an error page and no data', async ({ page, host }) => {
  const res = await page.goto(`${host.origin}/?token=wrong`);
  expect(res?.status()).toBe(401);
  await expect(page.getByRole('heading', { name: 'Access refused' })).toBeVisible();
  const api = await page.request.post(`${host.origin}/api/call/app.status`, { data: {}, headers: { 'x-graphwright-token': 'wrong' } });
  expect(api.status()).toBe(401);
  expect((await api.json()).error.code).toBe('unauthorized');
});

test('screenshot of the empty app for the README', async ({ app }) => {
  await app.screenshot({ path: path.join(ROOT, 'docs', 'screenshots', 'documents-empty.png') });
});
