import type { Page } from '@playwright/test';
import { test, expect, openView } from './fixtures';
import { api } from './review-fixtures';
import { Store } from '../electron/core/store';

const NODES = 2000;

/** A connected graph of `nodes` generated nodes (a random tree plus about half as many extra links). */
function generate(dbPath: string, nodes: number): void {
  const store = Store.open(dbPath);
  try {
    store.transaction(() => {
      const ids: number[] = [];
      for (let i = 0; i < nodes; i++) ids.push(store.graph.upsertNode({ kind: i % 8 === 0 ? 'event' : 'entity', label: `Node ${i}`, type: null }));
      let seed = 7;
      const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
      for (let k = 1; k < nodes * 1.5; k++) {
        const i = k < nodes ? k : Math.floor(rnd() * nodes);
        const j = Math.floor(rnd() * (k < nodes ? k : nodes));
        if (i === j) continue;
        store.graph.upsertEdge({
          subjectId: ids[i],
          relation: `link ${k % 7}`,
          objectId: ids[j],
          stage: 'EE',
          status: k % 3 ? 'proposed' : 'accepted',
          confidence: 0.5,
          engine: 'classic',
        });
      }
    });
  } finally {
    store.close();
  }
}

/** The drawing's node positions (model coordinates, rounded), and how many nodes lie outside the view. */
async function drawing(page: Page) {
  return page.evaluate(() => {
    type N = { id(): string; position(): { x: number; y: number }; renderedPosition(): { x: number; y: number } };
    const cy = (globalThis as unknown as { __gwCy: { nodes(): { map<T>(f: (n: N) => T): T[] }; width(): number; height(): number } }).__gwCy;
    const w = cy.width();
    const h = cy.height();
    const nodes = cy.nodes().map((n) => {
      const p = n.position();
      const r = n.renderedPosition();
      return { id: n.id(), x: Math.round(p.x), y: Math.round(p.y), inside: r.x >= 0 && r.x <= w && r.y >= 0 && r.y <= h };
    });
    return { nodes, outside: nodes.filter((n) => !n.inside).length, places: new Set(nodes.map((n) => `${n.x},${n.y}`)).size };
  });
}

const marks = (page: Page) =>
  page.evaluate(() => Object.fromEntries(['graph-preview', 'graph-ready', 'graph-refined'].map((m) => [m, performance.getEntriesByName(m).length])));

test('a large graph is drawn first from its quick placement (a canvas preview, then Cytoscape), refined, and opens again on its saved positions', async ({
  app,
  host,
}) => {
  test.setTimeout(240_000);
  generate(host.dbPath, NODES);
  await api(host, 'settings.set', { key: 'graph.options', value: { limit: NODES, depth: 1, webgl: false, overview: 'nodes' } });
  await app.reload();
  await openView(app, 'Graph');
  await expect(app.getByTestId('graph-view')).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });

  // The preview came first and is gone once Cytoscape has drawn.
  const first = await marks(app);
  expect(first['graph-preview']).toBe(1);
  expect(first['graph-ready']).toBeGreaterThanOrEqual(1);
  const order = await app.evaluate(
    () => performance.getEntriesByName('graph-preview')[0].startTime <= performance.getEntriesByName('graph-ready')[0].startTime,
  );
  expect(order).toBe(true);
  await expect(app.getByTestId('graph-preview')).toHaveCount(0);

  // Every node has its own place (given with the elements), inside the fitted view.
  const quick = await drawing(app);
  expect(quick.nodes.length).toBe(NODES);
  expect(quick.places).toBeGreaterThan(NODES * 0.95);
  expect(quick.outside, 'nodes drawn outside the fitted view').toBe(0);

  // fcose refines the placement in the worker; the result is kept for the view.
  await expect.poll(async () => (await marks(app))['graph-refined'], { timeout: 180_000 }).toBe(1);
  const refined = await drawing(app);
  expect(refined.nodes.some((n, i) => n.x !== quick.nodes[i].x || n.y !== quick.nodes[i].y)).toBe(true);

  // Opening the view again: drawn on the saved positions, no layout.
  await openView(app, 'Review');
  await openView(app, 'Graph');
  await expect(app.getByTestId('graph-view')).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
  await expect(app.getByTestId('graph-preview')).toHaveCount(0);
  const again = await drawing(app);
  const at = new Map(refined.nodes.map((n) => [n.id, n]));
  const moved = again.nodes.filter((n) => {
    const p = at.get(n.id)!;
    return Math.abs(p.x - n.x) > 1 || Math.abs(p.y - n.y) > 1;
  });
  expect(moved.length).toBe(0);
  expect(again.outside).toBe(0);
});
