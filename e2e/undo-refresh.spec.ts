// After an undo the views refresh without asking for what the undo deleted: the evidence panel of a
// triple whose object an edit had made a new node shows the old object again, and no request 404s.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, openView } from './fixtures';
import { api, graphwright } from './review-fixtures';

test('undoing an edit that made a new node: the evidence panel shows the old object, and nothing asks for the deleted node', async ({ app, host }) => {
  test.setTimeout(120_000);
  const kb = path.join(host.dir, 'kb.tsv');
  fs.writeFileSync(kb, ['EAP|carried_by|RADIUS', 'RADIUS|defined_in|RFC 2865'].join('\n'));
  await graphwright(['import', '--db', host.dbPath, '--format', 'tsv', kb]);
  await app.reload();
  const missing: string[] = [];
  app.on('response', (r) => {
    if (r.status() === 404) missing.push(r.url());
  });

  await openView(app, 'Review');
  const row = app.getByTestId('triple-rows').locator('[role=row][data-triple-id]').filter({ hasText: 'carried_by' });
  await row.click();
  const panel = app.getByTestId('evidence-panel');
  await expect(panel.getByRole('region', { name: 'Object: RADIUS' })).toBeVisible();

  // an edit elsewhere (another window, the CLI) points the triple at a new node; the panel follows it
  const id = Number(await row.getAttribute('data-triple-id'));
  await api(host, 'triples.edit', { id, object: { label: 'Diameter base protocol' } });
  await expect(panel.getByRole('region', { name: 'Object: Diameter base protocol' })).toBeVisible();

  // undo here: the new node is gone, the panel shows RADIUS again, and nothing asked for the deleted node
  await row.click(); // the table has the focus (no text field): Ctrl+Z is undo
  await app.keyboard.press('Control+z');
  await expect(app.getByRole('status').filter({ hasText: 'Undid' })).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Object: RADIUS' })).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Object: Diameter base protocol' })).toHaveCount(0);
  await app.waitForTimeout(1000); // late refetches, if any, would 404 now
  expect(missing).toEqual([]);
});
