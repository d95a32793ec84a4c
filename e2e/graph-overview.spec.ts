import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, openView, KIT, ROOT } from './fixtures';
import { api, graphwright, ingestAndExtract, showEveryTriple } from './review-fixtures';

const SHOTS = path.join(ROOT, 'docs', 'screenshots');

/** What the drawing looks like now: every node inside the view, the landmark labels and their size on screen. */
async function drawing(page: Page) {
  return page.evaluate(() => {
    type N = { renderedPosition(): { x: number; y: number }; data(k: string): unknown; style(k: string): string; hasClass(c: string): boolean };
    const cy = (globalThis as unknown as { __gwCy?: { nodes(s?: string): { map<T>(f: (n: N) => T): T[] }; width(): number; height(): number; zoom(): number } })
      .__gwCy!;
    const w = cy.width();
    const h = cy.height();
    const inside = cy.nodes().map((n) => {
      const p = n.renderedPosition();
      return p.x >= 0 && p.x <= w && p.y >= 0 && p.y <= h;
    });
    const landmarks = cy
      .nodes('.landmark')
      .map((n) => ({ label: String(n.data('label')), screenPx: parseFloat(n.style('font-size')) * cy.zoom(), shown: n.style('label') !== '' }));
    return { nodes: inside.length, outside: inside.filter((x) => !x).length, landmarks, labelColor: cy.nodes().map((n) => n.style('color'))[0] };
  });
}

test('the graph opens on a fitted, labelled overview with no evidence left from Review, in the light and the dark theme', async ({ app, host }) => {
  test.setTimeout(180_000);
  await graphwright(['ingest', path.join(KIT, 'data/rfc-radius-eap/rfc3580.txt'), path.join(KIT, 'data/rfc-radius-eap/rfc2867.txt'), '--db', host.dbPath]);
  await graphwright(['extract', '--engine', 'classic', '--db', host.dbPath]);
  await app.reload();

  // A triple in focus in Review...
  await openView(app, 'Review');
  await app.getByTestId('triple-rows').locator('[role=row][data-triple-id]').first().click();
  await expect(app.getByTestId('evidence-panel')).toBeVisible();
  // ...is not carried into the Graph view, which starts from its overview.
  await openView(app, 'Graph');
  await expect(app.getByTestId('graph-view')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(app.getByTestId('evidence-panel')).toHaveCount(0);
  await expect(app.getByTestId('overview-note')).toContainText('best-connected nodes');
  await expect(app.getByTestId('graph-count')).toHaveAttribute('title', /concept/);

  const d = await drawing(app);
  expect(d.nodes).toBeGreaterThan(50);
  expect(d.outside, 'nodes drawn outside the fitted view').toBe(0);
  expect(d.landmarks.length).toBe(30);
  for (const l of d.landmarks) {
    expect(l.shown).toBe(true);
    expect(l.screenPx).toBeGreaterThanOrEqual(9.5); // readable at the overview's zoom
  }
  // The canvas names its best-connected nodes for a screen reader: landmarks all.
  const named = (await app.getByTestId('graph-canvas').getAttribute('aria-label'))!;
  expect(named).toMatch(/^Graph overview; best-connected: /);
  expect(d.landmarks.filter((l) => named.includes(l.label)).length).toBeGreaterThanOrEqual(10);
  await app.screenshot({ path: path.join(SHOTS, 'graph-overview.png') });

  // "Show in graph" (G in Review) does carry its triple along.
  await openView(app, 'Review');
  await app.getByTestId('triple-rows').locator('[role=row][data-triple-id]').first().click();
  await app.keyboard.press('g');
  await expect(app.getByRole('heading', { level: 1, name: 'Graph' })).toBeVisible();
  await expect(app.getByTestId('evidence-panel')).toBeVisible();

  // The dark theme: the drawing's labels turn light.
  await app.evaluate(() => window.localStorage.setItem('graphwright.theme', 'dark'));
  await app.reload();
  await openView(app, 'Graph');
  await expect(app.getByTestId('graph-view')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(app.getByTestId('graph-canvas')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(async () => (await drawing(app)).labelColor).toBe('rgb(227,231,238)');
  await app.screenshot({ path: path.join(SHOTS, 'graph-overview-dark.png') });
});

test('before conceptualisation the concept layer says how to get concepts; after it, the Schema view says types come from them', async ({ app, host }) => {
  test.setTimeout(180_000);
  await ingestAndExtract(host, path.join(ROOT, 'assets', 'samples', 'radius-authentication-overview.txt'));
  await showEveryTriple(host); // (its triples are all below the default view's precision threshold)
  await app.reload();
  await openView(app, 'Graph');
  await expect(app.getByTestId('graph-view')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await app.getByLabel('Concept layer').check();
  await expect(app.getByTestId('concept-hint')).toContainText('run conceptualisation in Concepts');
  await openView(app, 'Schema');
  await expect(app.getByRole('heading', { name: 'No schema yet' })).toBeVisible();

  const job = await api(host, 'concepts.start', { engine: 'classic' });
  await expect.poll(async () => (await api(host, 'jobs.get', { id: job.id })).state, { timeout: 60_000 }).toBe('done');
  await app.reload();
  await openView(app, 'Schema');
  await expect(app.getByTestId('schema-induced')).toContainText(/induced \d+ concepts/);
  await openView(app, 'Graph');
  await expect(app.getByTestId('graph-view')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await app.getByLabel('Concept layer').check();
  await expect(app.getByTestId('concept-hint')).toHaveCount(0);
});
