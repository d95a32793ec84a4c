// The Graph view at desktop and laptop widths: it opens on the graph's communities (bubbles sized by
// their triples, named by their central nodes, coloured with a legend); a click opens one; labels
// never overlap and keep their size on screen; edge labels show on selection; an accept or an edit
// moves nothing; "Show in graph" is fitted.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, openView, KIT, ROOT } from './fixtures';
import { api, graphwright, showEveryTriple } from './review-fixtures';
import { DEFAULT_PRECISION_THRESHOLD } from '../shared/contract/review';

const SHOTS = path.join(ROOT, 'docs', 'screenshots');
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
];

type Box = { x1: number; x2: number; y1: number; y2: number; w: number; h: number };
type N = {
  id(): string;
  data(k: string): unknown;
  style(k: string): string;
  hasClass(c: string): boolean;
  position(): { x: number; y: number };
  renderedPosition(): { x: number; y: number };
  width(): number;
  boundingBox(o: object): Box;
};
type E = N & { select(): void; midpoint(): { x: number; y: number }; renderedMidpoint(): { x: number; y: number } };
type Cy = {
  nodes(s?: string): { map<T>(f: (n: N) => T): T[]; length: number };
  edges(s?: string): { map<T>(f: (e: E) => T): T[]; length: number; [i: number]: E };
  width(): number;
  height(): number;
  zoom(): number;
  container(): HTMLElement;
};

/** What is drawn now, once the labels were placed for the current zoom: nodes (screen and model positions), which are inside the view, and the shown labels' boxes. */
async function drawing(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const cy = (globalThis as unknown as { __gwCy?: { zoom(): number; scratch(k: string): unknown } }).__gwCy;
        return !!cy && cy.scratch('labelledAtZoom') === cy.zoom();
      }),
    )
    .toBe(true);
  return page.evaluate(() => {
    const cy = (globalThis as unknown as { __gwCy: Cy }).__gwCy;
    const w = cy.width();
    const h = cy.height();
    const nodes = cy.nodes().map((n) => {
      const r = n.renderedPosition();
      const p = n.position();
      return { id: n.id(), x: r.x, y: r.y, mx: p.x, my: p.y, inside: r.x >= 0 && r.x <= w && r.y >= 0 && r.y <= h, size: n.width() };
    });
    const labels = cy.nodes('.lbl').map((n) => ({
      id: n.id(),
      text: String(n.data('short') ?? n.data('name')),
      box: n.boundingBox({ includeNodes: false, includeEdges: false, includeLabels: true }),
      screenPx: parseFloat(n.style('font-size')) * cy.zoom(),
      seed: n.hasClass('seed'),
    }));
    return { nodes, labels, zoom: cy.zoom() };
  });
}

/** Cytoscape widens a label's bounding box by 2 model units on each side beyond what it draws ("marginOfError" in its bounds code). */
const CY_LABEL_MARGIN = 2;
const overlap = (a: Box, b: Box, m = CY_LABEL_MARGIN) => a.x1 + m < b.x2 - m && b.x1 + m < a.x2 - m && a.y1 + m < b.y2 - m && b.y1 + m < a.y2 - m;
/** Each pair of shown labels that overlap, with their texts and boxes (to see by how much). */
function overlappingLabels(labels: { id: string; text: string; box: Box }[]): string[] {
  const out: string[] = [];
  const at = (l: { id: string; text: string; box: Box }) => `${l.id} "${l.text}" [${[l.box.x1, l.box.y1, l.box.x2, l.box.y2].map(Math.round).join(' ')}]`;
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++) if (overlap(labels[i].box, labels[j].box)) out.push(`${at(labels[i])} / ${at(labels[j])}`);
  return out;
}

async function clickAt(page: Page, p: { x: number; y: number }) {
  const box = (await page.getByTestId('graph-view').locator('.graph-cy').first().boundingBox())!;
  await page.mouse.click(box.x + p.x, box.y + p.y);
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} the graph opens on its communities; one opens fitted and labelled without overlaps; an accept, an edit and a reject move no node`, async ({
    app,
    host,
  }) => {
    test.setTimeout(360_000);
    await app.setViewportSize(size);
    await graphwright(['ingest', path.join(KIT, 'data/rfc-radius-eap/rfc3580.txt'), path.join(KIT, 'data/rfc-radius-eap/rfc2867.txt'), '--db', host.dbPath]);
    await graphwright(['extract', '--engine', 'classic', '--db', host.dbPath]);
    // The view opens on its default filter: the triples at or above the precision threshold.
    const expected = await api(host, 'graph.communities', { filters: { minPrecision: DEFAULT_PRECISION_THRESHOLD }, limit: 60 });
    expect(expected.communities.length).toBeGreaterThan(5);
    await app.reload();
    await openView(app, 'Graph');
    const view = app.getByTestId('graph-view');
    await expect(view).toHaveAttribute('data-mode', 'communities');
    await expect(view).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
    await expect(app.getByTestId('overview-note')).toContainText('communities');

    // One bubble per community listed, none overlapping, sized by triples, all in view; labels never overlap.
    const bubbles = await drawing(app);
    expect(bubbles.nodes.length).toBe(expected.communities.length);
    expect(bubbles.nodes.every((n) => n.inside)).toBe(true);
    for (let i = 0; i < bubbles.nodes.length; i++)
      for (let j = i + 1; j < bubbles.nodes.length; j++) {
        const [a, b] = [bubbles.nodes[i], bubbles.nodes[j]];
        expect(Math.hypot(a.mx - b.mx, a.my - b.my), `${a.id} and ${b.id} overlap`).toBeGreaterThanOrEqual((a.size + b.size) / 2);
      }
    const largest = bubbles.nodes.find((n) => n.id === 'c0')!;
    expect(Math.max(...bubbles.nodes.map((n) => n.size))).toBe(largest.size);
    expect(bubbles.labels.length).toBeGreaterThan(3);
    expect(overlappingLabels(bubbles.labels)).toEqual([]);
    expect(bubbles.labels.find((l) => l.id === 'c0')?.text).toContain(expected.communities[0].top[0].label.slice(0, 15));
    for (const l of bubbles.labels) expect(Math.round(l.screenPx)).toBe(11);
    await expect(app.getByTestId('graph-legend')).toContainText('entity');
    if (size.width === 1440) await app.screenshot({ path: path.join(SHOTS, 'graph-overview.png') });

    // Colours by type, with the legend saying which.
    await app.getByRole('combobox', { name: 'Colour nodes by' }).selectOption('type');
    await expect(app.getByTestId('graph-legend')).toContainText(/no type|\w+/);
    await app.getByRole('combobox', { name: 'Colour nodes by' }).selectOption('kind');
    // recolouring keeps every bubble in its place
    const recoloured = await drawing(app);
    for (const n of bubbles.nodes) expect(recoloured.nodes.find((m) => m.id === n.id)).toMatchObject({ x: n.x, y: n.y });

    // Click the largest bubble: its community opens, fitted, labelled without overlaps.
    await clickAt(app, largest);
    await expect(view).toHaveAttribute('data-mode', 'community');
    await expect(app.getByTestId('community-chip')).toContainText(expected.communities[0].top[0].label.slice(0, 15));
    await expect(view).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
    await expect.poll(async () => (await drawing(app)).nodes.length).toBe(expected.communities[0].nodeIds.length);
    await expect.poll(async () => (await drawing(app)).labels.length).toBeGreaterThan(2);
    const before = await drawing(app);
    expect(
      before.nodes.every((n) => n.inside),
      'every node inside the fitted view',
    ).toBe(true);
    expect(overlappingLabels(before.labels)).toEqual([]);
    for (const l of before.labels) expect(Math.round(l.screenPx)).toBe(11);
    // a long label is shortened, and hovering its node shows it whole
    const hood = await api(host, 'graph.neighbourhood', { nodeIds: expected.communities[0].nodeIds, depth: 0 });
    const long = hood.nodes.find((n) => n.label.length > 28 && before.nodes.find((d) => d.id === `n${n.id}`)?.inside);
    if (long) {
      const at = before.nodes.find((d) => d.id === `n${long.id}`)!;
      const box = (await view.locator('.graph-cy').first().boundingBox())!;
      await app.mouse.move(box.x + at.x, box.y + at.y);
      await expect(app.getByTestId('graph-tooltip')).toContainText(long.label);
      await app.mouse.move(box.x + 2, box.y + 2);
    }

    // Select a proposed edge: its relation shows; accept it: every node stays where it was on screen.
    const edge = await app.evaluate(() => {
      const cy = (globalThis as unknown as { __gwCy: Cy }).__gwCy;
      const e = cy.edges('[status = "proposed"]')[0];
      e.select();
      return { id: Number(e.id().slice(1)), relation: String(e.data('relation')), label: e.style('label') };
    });
    expect(edge.label).toBe(edge.relation);
    await app.getByRole('button', { name: /^Accept/ }).click();
    await expect.poll(async () => (await api(host, 'triples.list', { ids: [edge.id] })).items[0].status).toBe('accepted');
    await expect
      .poll(() =>
        app.evaluate((id) => (globalThis as unknown as { __gwCy: { getElementById(i: string): N } }).__gwCy.getElementById(`e${id}`).data('status'), edge.id),
      )
      .toBe('accepted');
    const afterAccept = await drawing(app);
    for (const n of before.nodes) {
      const m = afterAccept.nodes.find((x) => x.id === n.id)!;
      expect(Math.abs(m.x - n.x) + Math.abs(m.y - n.y), `${n.id} moved`).toBeLessThan(1);
    }
    // Edit its relation (E): still nothing moves.
    await app.keyboard.press('e');
    const dialog = app.getByRole('dialog', { name: 'Edit relation' });
    await dialog.getByLabel('Relation').fill(`${edge.relation} (checked)`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await api(host, 'triples.list', { ids: [edge.id] })).items[0].relation).toBe(`${edge.relation} (checked)`);
    await expect
      .poll(() =>
        app.evaluate((id) => (globalThis as unknown as { __gwCy: { getElementById(i: string): N } }).__gwCy.getElementById(`e${id}`).data('relation'), edge.id),
      )
      .toBe(`${edge.relation} (checked)`);
    const afterEdit = await drawing(app);
    for (const n of before.nodes) {
      const m = afterEdit.nodes.find((x) => x.id === n.id)!;
      expect(Math.abs(m.x - n.x) + Math.abs(m.y - n.y), `${n.id} moved`).toBeLessThan(1);
    }
    if (size.width === 1440) await app.screenshot({ path: path.join(SHOTS, 'graph.png') });
    // Reject another edge (R): it leaves the drawing (rejected ones are not shown); the nodes left stay where they were.
    const rejected = await app.evaluate((accepted) => {
      const cy = (globalThis as unknown as { __gwCy: Cy & { elements(): { unselect(): void } } }).__gwCy;
      cy.elements().unselect();
      const e = cy.edges(`[status = "proposed"][id != "e${accepted}"]`)[0];
      e.select();
      return Number(e.id().slice(1));
    }, edge.id);
    await app.keyboard.press('r');
    await expect.poll(async () => (await api(host, 'triples.list', { ids: [rejected] })).items[0].status).toBe('rejected');
    await expect
      .poll(() =>
        app.evaluate(
          (id) => (globalThis as unknown as { __gwCy: { getElementById(i: string): { length: number } } }).__gwCy.getElementById(`e${id}`).length,
          rejected,
        ),
      )
      .toBe(0);
    const afterReject = await drawing(app);
    for (const m of afterReject.nodes) {
      const n = before.nodes.find((x) => x.id === m.id)!;
      expect(Math.abs(m.x - n.x) + Math.abs(m.y - n.y), `${m.id} moved`).toBeLessThan(1);
    }

    // "Show in graph" from Review: the triple's neighbourhood, fitted; the start nodes' labels at the same size as the others.
    await openView(app, 'Review');
    await app.getByTestId('triple-rows').locator('[role=row][data-triple-id]').first().click();
    await app.keyboard.press('g');
    await expect(app.getByRole('heading', { level: 1, name: 'Graph' })).toBeVisible();
    await expect(view).toHaveAttribute('data-mode', 'seeds');
    await expect(view).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
    await expect.poll(async () => (await drawing(app)).labels.some((l) => l.seed)).toBe(true);
    const shown = await drawing(app);
    expect(
      shown.nodes.every((n) => n.inside),
      '"Show in graph" is fitted',
    ).toBe(true);
    for (const l of shown.labels) expect(Math.round(l.screenPx)).toBe(11);
    expect(overlappingLabels(shown.labels)).toEqual([]);

    // The dark theme: the bubbles' labels turn light.
    if (size.width === 1440) {
      await app.evaluate(() => window.localStorage.setItem('graphwright.theme', 'dark'));
      await app.reload();
      await openView(app, 'Graph'); // a reload starts from the overview again
      await expect(view).toHaveAttribute('data-mode', 'communities');
      await expect(view).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
      await expect(app.getByTestId('community-canvas')).toHaveAttribute('data-theme', 'dark');
      await app.screenshot({ path: path.join(SHOTS, 'graph-overview-dark.png') });
    }
  });
}

test('before conceptualisation the concept layer says how to get concepts; after it, the Schema view says types come from them', async ({ app, host }) => {
  test.setTimeout(180_000);
  await graphwright(['ingest', path.join(ROOT, 'assets', 'samples', 'radius-authentication-overview.txt'), '--db', host.dbPath]);
  await graphwright(['extract', '--engine', 'classic', '--db', host.dbPath]);
  // the concept layer draws over nodes: the best-connected nodes' overview
  await api(host, 'settings.set', { key: 'graph.options', value: { limit: 500, depth: 1, webgl: false, overview: 'nodes' } });
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
