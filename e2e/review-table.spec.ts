import path from 'node:path';
import { test, expect, openView, KIT, ROOT } from './fixtures';
import { api, ingestAndExtract, showEveryTriple } from './review-fixtures';
import { DEFAULT_PRECISION_THRESHOLD as THRESHOLD } from '../shared/contract/review';

const SAMPLE = path.join(ROOT, 'assets', 'samples', 'radius-authentication-overview.txt');

test('review table: resizable columns, a density setting, whole labels in tooltips, stage codes and counts explained, Ctrl+A, filters kept across reload', async ({
  app,
  host,
}) => {
  test.setTimeout(180_000);
  await ingestAndExtract(host, SAMPLE);
  await showEveryTriple(host); // (the table's mechanics over every triple; the default view: review.spec.ts)
  await app.reload();
  await openView(app, 'Review');
  const rows = app.getByTestId('triple-rows').locator('[role=row][data-triple-id]');
  await expect(rows.first()).toBeVisible();

  // Each cell carries its whole label as a tooltip; stage codes say what they mean.
  const first = rows.first();
  const subject = (await first.locator('.tt-subject').textContent())!;
  await expect(first.locator('.tt-subject')).toHaveAttribute('title', subject);
  await expect(first.locator('.tt-stage abbr')).toHaveAttribute('title', /entity–entity|entity–event|event–event|imported|editor/);
  await expect(app.getByTestId('stage-legend')).toContainText('EE entity–entity');
  // Counts say what they count.
  await expect(app.getByTestId('review-count')).toHaveAttribute('title', /proposed, accepted, rejected and stale/);
  await expect(app.getByTestId('store-counts')).toHaveAttribute('title', /rejected ones not counted/);

  // Wrapped rows: long labels wrap instead of being cut, even at 1024 px.
  await app.getByRole('combobox', { name: 'Row density' }).selectOption('wrap');
  await expect(app.getByRole('grid', { name: 'Triples' })).toHaveAttribute('data-density', 'wrap');
  await expect(first.locator('.tt-subject')).toHaveCSS('white-space', 'normal');
  await app.setViewportSize({ width: 1024, height: 768 });
  await expect(first.locator('.tt-subject')).toHaveCSS('white-space', 'normal'); // (the README's screenshot: review-laptop.spec.ts)
  await app.setViewportSize({ width: 1280, height: 800 });

  // Resize the Subject column from the keyboard (the same handle a mouse drags).
  const head = app.getByRole('columnheader', { name: /Subject/ });
  const before = (await head.boundingBox())!.width;
  const handle = app.getByRole('separator', { name: 'Resize Subject column' });
  await handle.focus();
  for (let i = 0; i < 4; i++) await app.keyboard.press('ArrowRight');
  await expect.poll(async () => (await head.boundingBox())!.width).toBeGreaterThan(before + 40);
  // And with the mouse: drag its edge further right.
  const box = (await handle.boundingBox())!;
  const widthAfterKeys = (await head.boundingBox())!.width;
  await app.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await app.mouse.down();
  await app.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 4 });
  await app.mouse.up();
  await expect.poll(async () => (await head.boundingBox())!.width).toBeGreaterThan(widthAfterKeys + 30);
  const resized = (await head.boundingBox())!.width;

  // Filter on a status; Ctrl+A selects the rows the filter shows.
  await app.getByRole('combobox', { name: 'Status' }).selectOption('proposed');
  const proposed = (await api(host, 'triples.list', { status: 'proposed', limit: 1 })).total;
  await expect(app.getByTestId('review-count')).toContainText(`${proposed} triples`);
  await rows.first().click();
  await app.keyboard.press('Control+a');
  await expect(app.getByTestId('selection-note')).toContainText(proposed <= 300 ? `Selected all ${proposed} rows` : 'Selected the');
  await expect(app.getByRole('button', { name: /^Accept \d+/ })).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(app.getByTestId('selection-note')).toHaveCount(0);

  // A reload keeps the filter, the density and the column width.
  await app.reload();
  await openView(app, 'Review');
  await expect(app.getByRole('combobox', { name: 'Status' })).toHaveValue('proposed');
  await expect(app.getByTestId('review-count')).toContainText(`${proposed} triples`);
  await expect(app.getByRole('combobox', { name: 'Row density' })).toHaveValue('wrap');
  await expect.poll(async () => Math.round((await app.getByRole('columnheader', { name: /Subject/ }).boundingBox())!.width)).toBe(Math.round(resized));
});

test('a triple citation (#/review?triple=ID) scrolls the table to its row', async ({ app, host }) => {
  test.setTimeout(180_000);
  await ingestAndExtract(host, path.join(KIT, 'data/rfc-radius-eap/rfc3580.txt'));
  // (a triple of the default view: the triples an editor likely keeps)
  const all = await api(host, 'triples.list', { limit: 1000, sort: 'id', minPrecision: THRESHOLD });
  expect(all.total).toBeGreaterThan(50);
  const target = all.items[all.items.length - 5];
  await app.goto(`${host.url}#/review?triple=${target.id}`);
  const row = app.getByTestId('triple-rows').locator(`[data-triple-id="${target.id}"]`);
  await expect(row).toBeVisible();
  await expect(row).toHaveClass(/active/);
  await expect(row).toBeInViewport();
  await expect(app.getByTestId('evidence-panel').locator('.ev-triple')).toContainText(target.relation);
  // Outside the filter: said so, with a way back to it.
  await app.getByRole('combobox', { name: 'Status' }).selectOption('rejected');
  await expect(app.getByTestId('cited-outside')).toContainText(`Triple ${target.id} is not among the rows`);
  await app.getByRole('button', { name: 'Show all triples by id' }).click();
  await expect(row).toBeInViewport();
});

test('merge candidates show both sides with their evidence side by side', async ({ app, host }) => {
  test.setTimeout(180_000);
  await ingestAndExtract(host, path.join(KIT, 'data/rfc-radius-eap/rfc3580.txt'));
  const open = await api(host, 'merge.candidates', { status: 'open', limit: 1, offset: 0 });
  expect(open.total).toBeGreaterThan(0);
  const c = open.items[0];
  await app.reload();
  await openView(app, 'Review');
  await app.getByRole('button', { name: 'Merge candidates' }).click();
  const dialog = app.getByRole('dialog', { name: 'Merge candidates' });
  await dialog.getByRole('button', { name: `Compare ${c.a.label} and ${c.b.label}` }).click();
  const cmp = dialog.getByTestId('merge-compare');
  const left = cmp.getByRole('region', { name: `Evidence for ${c.a.label}` });
  const right = cmp.getByRole('region', { name: `Evidence for ${c.b.label}` });
  await expect(left).toContainText(/\d+ triples · \d+ mentions/);
  await expect(right).toContainText(/\d+ triples · \d+ mentions/);
  // Each side quotes a sentence of its own, the span marked.
  await expect(left.locator('mark').first()).toBeVisible();
  await expect(right.locator('mark').first()).toBeVisible();
  const [l, r] = [(await left.boundingBox())!, (await right.boundingBox())!];
  expect(r.x).toBeGreaterThan(l.x + l.width - 1); // side by side
});
