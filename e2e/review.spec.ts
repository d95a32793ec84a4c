import fs from 'node:fs';
import path from 'node:path';
import { test, expect, openView, ROOT, type Host } from './fixtures';
import { api, clickNode, ingestAndExtract, nodePosition, selectedNodeIds, showEveryTriple } from './review-fixtures';
import { DEFAULT_PRECISION_THRESHOLD as THRESHOLD } from '../shared/contract/review';

// The README's Review and Graph screenshots come from review-laptop.spec.ts and graph-overview.spec.ts.
const SAMPLE = path.join(ROOT, 'assets', 'samples', 'radius-authentication-overview.txt');

/** The host (one per file) gets its graph the real way once: CLI ingest, then classic extraction. */
async function ensureGraph(host: Host): Promise<void> {
  if ((await api(host, 'triples.list', { limit: 1 })).total === 0) await ingestAndExtract(host, SAMPLE);
}

test('review an extracted graph: accept by keyboard, edit inline, merge and undo in the graph, all persisted', async ({ app, host }) => {
  test.setTimeout(180_000);
  await ensureGraph(host);
  await showEveryTriple(host);
  const extracted = await api(host, 'triples.list', { limit: 500 });
  expect(extracted.total).toBeGreaterThan(3);

  // ---- Review table: accept the first triple with the keyboard, edit the second one's relation inline.
  await app.reload();
  await openView(app, 'Review');
  const rows = app.getByTestId('triple-rows');
  const row = (id: number) => rows.locator(`[data-triple-id="${id}"]`);
  const firstRow = rows.locator('[role=row][data-triple-id]').first();
  await expect(firstRow).toBeVisible();
  const firstId = Number(await firstRow.getAttribute('data-triple-id'));
  const secondId = Number(await rows.locator('[role=row][data-triple-id]').nth(1).getAttribute('data-triple-id'));
  await firstRow.click();
  await expect(app.getByTestId('evidence-panel').locator('mark')).toBeVisible();
  await app.keyboard.press('a');
  await expect(row(firstId).locator('.status-badge')).toHaveText(/accepted/);
  await expect(row(secondId)).toHaveClass(/active/); // accepting moves on to the next row
  await app.keyboard.press('e');
  const relation = rows.getByRole('combobox', { name: 'Relation' });
  await expect(relation).toBeFocused();
  await relation.fill('is checked against');
  await relation.press('Enter');
  await expect(row(secondId).locator('.tt-relation')).toHaveText('is checked against');
  await expect(row(secondId).locator('.status-badge')).toContainText('✎');

  // The evidence panel follows the active row: chunk text with the span marked, document, other triples.
  const panel = app.getByTestId('evidence-panel');
  await expect(panel.locator('.ev-triple')).toContainText('is checked against');
  await expect(panel).toContainText('radius-authentication-overview');
  await expect(panel.getByRole('link', { name: 'Open document' })).toBeVisible();
  await expect(panel.locator('.history')).toContainText('relation');

  // ---- Graph view: find a well-connected entity and merge two of its neighbours.
  const overview = await api(host, 'graph.neighbourhood', { limit: 200, depth: 0 });
  let seed: { id: number; label: string } | undefined;
  let pair: number[] = [];
  for (const n of [...overview.nodes].sort((a, b) => b.degree - a.degree)) {
    const hood = await api(host, 'graph.neighbourhood', { nodeIds: [n.id], depth: 1 });
    const around = hood.nodes.filter((m) => m.id !== n.id && m.kind === 'entity');
    if (around.length >= 2) {
      seed = n;
      pair = around
        .slice(0, 2)
        .map((m) => m.id)
        .sort((a, b) => a - b);
      break;
    }
  }
  expect(seed, 'an entity with two neighbours').toBeTruthy();
  await openView(app, 'Graph');
  const find = app.getByRole('combobox', { name: 'Find a node' });
  await find.fill(seed!.label);
  await app.getByRole('option').filter({ hasText: seed!.label }).first().click();
  const canvas = app.getByTestId('graph-view');
  await expect(canvas).toHaveAttribute('data-state', 'ready');
  await expect.poll(() => nodePosition(app, pair[1])).not.toBeNull();
  await clickNode(app, pair[0]);
  await clickNode(app, pair[1], { shift: true });
  await expect.poll(() => selectedNodeIds(app)).toEqual(pair);
  // Export the view as SVG and PNG.
  const [svg] = await Promise.all([app.waitForEvent('download'), app.getByRole('button', { name: 'SVG', exact: true }).click()]);
  expect(svg.suggestedFilename()).toBe('graphwright-graph.svg');
  const svgText = fs.readFileSync((await svg.path())!, 'utf8');
  expect(svgText).toContain('<svg');
  expect(svgText).toContain(`>${seed!.label}</text>`);
  const [png] = await Promise.all([app.waitForEvent('download'), app.getByRole('button', { name: 'PNG', exact: true }).click()]);
  expect(
    fs
      .readFileSync((await png.path())!)
      .subarray(1, 4)
      .toString(),
  ).toBe('PNG');
  await app.getByRole('button', { name: /^Merge…/ }).click();
  const dialog = app.getByRole('dialog', { name: 'Merge entities' });
  await dialog.getByRole('button', { name: 'Merge 2 entities' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await api(host, 'graph.neighbourhood', { nodeIds: pair, depth: 0 })).nodes.length).toBe(1);
  await expect.poll(() => nodePosition(app, pair[1])).toBeNull();

  // Undo the merge with the keyboard: both nodes are back.
  await app.keyboard.press('Control+z');
  await expect(app.getByRole('status').filter({ hasText: 'Undid' })).toBeVisible();
  await expect.poll(async () => (await api(host, 'graph.neighbourhood', { nodeIds: pair, depth: 0 })).nodes.length).toBe(2);
  await expect.poll(() => nodePosition(app, pair[1])).not.toBeNull();

  // ---- Reload: every change is still there.
  await app.reload();
  await openView(app, 'Review');
  await expect(row(firstId).locator('.status-badge')).toHaveText(/accepted/);
  await expect(row(secondId).locator('.tt-relation')).toHaveText('is checked against');
  const history = await api(host, 'history.list', { limit: 10 });
  expect(history.items.map((h) => [h.command, h.state])).toEqual([
    ['entities.merge', 'undone'],
    ['triples.edit', 'done'],
    ['triples.accept', 'done'],
  ]);
  await openView(app, 'Graph');
  await app.getByRole('combobox', { name: 'Find a node' }).fill(seed!.label);
  await app.getByRole('option').filter({ hasText: seed!.label }).first().click();
  await expect(canvas).toHaveAttribute('data-state', 'ready');
  await expect.poll(() => nodePosition(app, pair[0])).not.toBeNull();
  await expect.poll(() => nodePosition(app, pair[1])).not.toBeNull();
});

test('sort, filter, bulk reject and merge candidates from the table', async ({ app, host }) => {
  test.setTimeout(180_000);
  await ensureGraph(host);
  await showEveryTriple(host);
  await app.reload();
  await openView(app, 'Review');
  const total = (await api(host, 'triples.list', { limit: 1 })).total;
  await expect(app.getByTestId('review-count')).toContainText(`${total} triples`);
  const sortByConfidence = app.getByRole('columnheader', { name: /Confidence/ }).getByRole('button');
  await sortByConfidence.click();
  await expect(app.getByRole('columnheader', { name: /Confidence/ })).toHaveAttribute('aria-sort', 'ascending');
  await sortByConfidence.click();
  await expect(app.getByRole('columnheader', { name: /Confidence/ })).toHaveAttribute('aria-sort', 'descending');
  await app.getByRole('combobox', { name: 'Status' }).selectOption('proposed');
  const proposed = (await api(host, 'triples.list', { status: 'proposed', limit: 1 })).total;
  await expect(app.getByTestId('review-count')).toContainText(`${proposed} triples`);
  const rows = app.getByTestId('triple-rows').locator('[role=row][data-triple-id]');
  await rows.nth(0).click();
  await app.keyboard.press('Shift+ArrowDown');
  await app.keyboard.press('r');
  await expect(app.getByTestId('review-count')).toContainText(`${proposed - 2} triples`);
  await app.getByRole('button', { name: 'Save filter' }).click();
  await app.getByRole('textbox', { name: 'Filter name' }).fill('Still proposed');
  await app.getByRole('button', { name: 'Save', exact: true }).click();
  await app.reload();
  await openView(app, 'Review');
  await app.getByRole('combobox', { name: 'Saved filters' }).selectOption('Still proposed');
  await expect(app.getByTestId('review-count')).toContainText(`${proposed - 2} triples`);
  await app.keyboard.press('Control+z'); // undo the bulk reject (focus is not in a text field)
  await expect(app.getByTestId('review-count')).toContainText(`${proposed} triples`);
  await app.getByRole('button', { name: 'Merge candidates' }).click();
  await expect(app.getByRole('dialog', { name: 'Merge candidates' })).toBeVisible();
});

test('the default view shows the triples an editor likely keeps; the suggestions are one click away; the threshold is a setting', async ({ app, host }) => {
  test.setTimeout(180_000);
  await ensureGraph(host);
  await api(host, 'settings.set', { key: 'review.precisionThreshold', value: THRESHOLD }); // (the tests above show every triple)
  const all = (await api(host, 'triples.list', { limit: 1 })).total;
  const likely = await api(host, 'triples.list', { limit: 500, minPrecision: THRESHOLD });
  const below = await api(host, 'triples.list', { limit: 500, belowPrecision: THRESHOLD });
  expect(below.total).toBeGreaterThan(0); // the sample has sentence triples of low precision
  expect(likely.total + below.total).toBe(all);
  await app.reload();
  await openView(app, 'Review');
  const count = app.getByTestId('review-count');
  const rows = app.getByTestId('triple-rows');
  await expect(count).toContainText(`${likely.total} triples of ${all}`);
  await expect(rows.locator(`[data-triple-id="${below.items[0].id}"]`)).toHaveCount(0);

  // One click: the suggestions, counted on the button.
  const suggestions = app.getByRole('button', { name: `Suggestions (${below.total})` });
  await suggestions.click();
  await expect(suggestions).toHaveAttribute('aria-pressed', 'true');
  await expect(count).toContainText(`${below.total} triples`);
  await expect(rows.locator(`[data-triple-id="${below.items[0].id}"]`)).toBeVisible();

  // Why this triple? The rules that made it, each with its statement, and the passes over its sentence.
  const made = await api(host, 'extract.explain', { triple: below.items[0].id });
  expect(made.rules.length).toBeGreaterThan(0);
  await rows.locator(`[data-triple-id="${below.items[0].id}"]`).click();
  const why = app.getByTestId('why-triple');
  await why.getByText('Why this triple?').click();
  const ruleList = why.getByRole('list', { name: 'Rules that made this triple' });
  await expect(ruleList).toContainText(made.rules[0].id);
  await expect(ruleList).toContainText(made.rules[0].statement);
  await expect(why).toContainText(`Estimated precision ${below.items[0].precision!.toFixed(2)}`);
  await expect(why.getByRole('region', { name: 'Passes over the sentence' }).first()).toContainText('Triples read');
  await app.getByRole('button', { name: 'Likely kept' }).click();
  await expect(count).toContainText(`${likely.total} triples`);

  // Threshold 0 in Settings: everything is in the default view, no suggestion left.
  await openView(app, 'Settings');
  const section = app.getByRole('region', { name: 'Review and Graph' });
  await section.getByRole('spinbutton', { name: 'Precision threshold' }).fill('0');
  await section.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(async () => (await api(host, 'settings.get', { key: 'review.precisionThreshold' })).value).toBe(0);
  await openView(app, 'Review');
  await expect(count).toContainText(`${all} triples`);
  await expect(app.getByRole('button', { name: 'Suggestions (0)' })).toBeVisible();
  // Back to the default.
  await openView(app, 'Settings');
  await app.getByRole('region', { name: 'Review and Graph' }).getByRole('button', { name: 'Default', exact: true }).click();
  await expect.poll(async () => (await api(host, 'settings.get', { key: 'review.precisionThreshold' })).value).toBe(THRESHOLD);
});

test('the Review table lists no rows before the threshold setting is read, so its rows and active row do not change under the editor', async ({
  app,
  host,
}) => {
  test.setTimeout(120_000);
  await ensureGraph(host);
  await showEveryTriple(host);
  const all = (await api(host, 'triples.list', { limit: 1 })).total;
  // The setting arrives late (a busy host); every row request made meanwhile is recorded.
  const asked: number[] = [];
  await app.route('**/api/call/settings.get', async (route) => {
    if (route.request().postData()?.includes('review.precisionThreshold')) await new Promise((r) => setTimeout(r, 2_000));
    await route.continue();
  });
  const onRequest = (request: { url(): string; postData(): string | null }) => {
    if (!request.url().includes('/api/call/triples.list')) return;
    const body = JSON.parse(request.postData() ?? '{}') as { minPrecision?: number };
    asked.push(body.minPrecision ?? -1);
  };
  app.on('request', onRequest);
  try {
    await app.reload();
    await openView(app, 'Review');
    await expect(app.getByTestId('review-count')).toContainText(`${all} triples`);
    // The rows were asked for by the editor's threshold (0) only, never by the default first.
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((p) => p === THRESHOLD)).toEqual([]);
    // The first row is active and stays so.
    const firstRow = app.getByTestId('triple-rows').locator('[role=row][data-triple-id]').first();
    await expect(firstRow).toHaveClass(/active/);
  } finally {
    app.off('request', onRequest);
    await app.unroute('**/api/call/settings.get');
  }
});
