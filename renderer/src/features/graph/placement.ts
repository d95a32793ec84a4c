// A first picture of a large graph without waiting for the force layout, and the positions of each
// view kept for its next opening.
//
// quickPositions: a radial tree per connected component (breadth-first from its best-connected node,
// each subtree a wedge in proportion to its size, one ring per step from the root), the components
// side by side: neighbours along the tree sit together and the hubs in the middle of their part, in
// O(nodes + edges) (a few ms for 10,000 nodes, where fcose takes seconds). fcose then refines it in
// the layout worker.
//
// Saved positions: per view (the overview, or a set of start nodes), in localStorage, the last few
// views only; a view whose nodes nearly all have a saved place opens on it with no layout at all.

interface PlacementNode {
  id: number;
  degree: number;
}
interface PlacementEdge {
  source: number;
  target: number;
}
export type Positions = Map<number, { x: number; y: number }>;

/** Distance between neighbouring places on the spiral (the drawn nodes are 14 to 40 px wide). */
const SPACING = 34;

export function quickPositions(nodes: PlacementNode[], edges: PlacementEdge[]): Positions {
  const n = nodes.length;
  const index = new Map<number, number>();
  nodes.forEach((x, i) => index.set(x.id, i));
  // adjacency in compressed rows: offsets, then the neighbours
  const start = new Int32Array(n + 1);
  for (const e of edges) {
    const a = index.get(e.source);
    const b = index.get(e.target);
    if (a === undefined || b === undefined || a === b) continue;
    start[a + 1]++;
    start[b + 1]++;
  }
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const fill = start.slice(0, n);
  const adj = new Int32Array(start[n]);
  for (const e of edges) {
    const a = index.get(e.source);
    const b = index.get(e.target);
    if (a === undefined || b === undefined || a === b) continue;
    adj[fill[a]++] = b;
    adj[fill[b]++] = a;
  }
  // breadth-first trees, each rooted at its component's best-connected node
  const byDegree = nodes.map((_, i) => i).sort((a, b) => nodes[b].degree - nodes[a].degree || nodes[a].id - nodes[b].id);
  const parent = new Int32Array(n).fill(-1);
  const depth = new Int32Array(n);
  const seen = new Uint8Array(n);
  const order = new Int32Array(n);
  const components: { from: number; to: number }[] = [];
  let tail = 0;
  for (const root of byDegree) {
    if (seen[root]) continue;
    const from = tail;
    seen[root] = 1;
    order[tail++] = root;
    for (let head = from; head < tail; head++) {
      const v = order[head];
      for (let k = start[v]; k < start[v + 1]; k++) {
        const w = adj[k];
        if (seen[w]) continue;
        seen[w] = 1;
        parent[w] = v;
        depth[w] = depth[v] + 1;
        order[tail++] = w;
      }
    }
    components.push({ from, to: tail });
  }
  // subtree sizes (children after parents in `order`, so backwards)
  const size = new Float64Array(n).fill(1);
  for (let i = n - 1; i >= 0; i--) if (parent[order[i]] >= 0) size[parent[order[i]]] += size[order[i]];
  // radial tree per component: each subtree a wedge in proportion to its size, one ring per depth,
  // a ring wide enough for the nodes on it
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const wedgeFrom = new Float64Array(n);
  const wedgeNext = new Float64Array(n); // where the next child's wedge starts
  const wedge = new Float64Array(n);
  const placed: { from: number; to: number; radius: number }[] = [];
  for (const c of components) {
    let maxDepth = 0;
    for (let i = c.from; i < c.to; i++) maxDepth = Math.max(maxDepth, depth[order[i]]);
    const perRing = new Int32Array(maxDepth + 1);
    for (let i = c.from; i < c.to; i++) perRing[depth[order[i]]]++;
    const ring = new Float64Array(maxDepth + 1);
    for (let d = 1; d <= maxDepth; d++) ring[d] = Math.max(ring[d - 1] + SPACING * 1.5, (perRing[d] * SPACING) / (2 * Math.PI));
    const root = order[c.from];
    wedgeFrom[root] = 0;
    wedge[root] = 2 * Math.PI;
    wedgeNext[root] = 0;
    for (let i = c.from; i < c.to; i++) {
      const v = order[i];
      const p = parent[v];
      if (p >= 0) {
        wedge[v] = (wedge[p] * size[v]) / Math.max(1, size[p] - 1);
        wedgeFrom[v] = wedgeFrom[p] + wedgeNext[p];
        wedgeNext[p] += wedge[v];
        wedgeNext[v] = 0;
      }
      const a = wedgeFrom[v] + wedge[v] / 2;
      x[v] = ring[depth[v]] * Math.cos(a);
      y[v] = ring[depth[v]] * Math.sin(a);
    }
    placed.push({ from: c.from, to: c.to, radius: ring[maxDepth] + SPACING });
  }
  // components side by side in rows, the largest first
  const area = placed.reduce((s, c) => s + (2 * c.radius) ** 2, 0);
  const rowWidth = Math.max(Math.sqrt(area) * 1.2, placed[0] ? 2 * placed[0].radius : 0);
  let cx = 0;
  let cy = 0;
  let rowHeight = 0;
  const out: Positions = new Map();
  for (const c of placed) {
    const d = 2 * c.radius;
    if (cx > 0 && cx + d > rowWidth) {
      cx = 0;
      cy += rowHeight;
      rowHeight = 0;
    }
    for (let i = c.from; i < c.to; i++) {
      const v = order[i];
      out.set(nodes[v].id, { x: cx + c.radius + x[v], y: cy + c.radius + y[v] });
    }
    cx += d;
    rowHeight = Math.max(rowHeight, d);
  }
  return out;
}

const STORE_KEY = 'graphwright.graph.positions.v1';
/** The browser's localStorage, when there is one. */
const storage = () => (globalThis as { localStorage?: { getItem(k: string): string | null; setItem(k: string, v: string): void } }).localStorage;
/** Views whose positions are kept (the most recently laid out). */
const KEEP_VIEWS = 4;

interface SavedViews {
  [view: string]: { at: number; ids: number[]; xy: number[] };
}

function readAll(): SavedViews {
  try {
    const raw = storage()?.getItem(STORE_KEY);
    return raw ? (JSON.parse(raw) as SavedViews) : {};
  } catch {
    // storage refused or unreadable: no saved views, the graph is laid out afresh
    return {};
  }
}

/** The saved positions of a view (empty when none). */
export function savedPositions(view: string): Positions {
  const v = readAll()[view];
  const out: Positions = new Map();
  if (!v || v.ids.length * 2 !== v.xy.length) return out;
  v.ids.forEach((id, i) => out.set(id, { x: v.xy[2 * i], y: v.xy[2 * i + 1] }));
  return out;
}

/** Keep a view's positions (rounded to a pixel), dropping the oldest views past KEEP_VIEWS. */
export function savePositions(view: string, positions: Positions): void {
  const all = readAll();
  const ids: number[] = [];
  const xy: number[] = [];
  for (const [id, p] of positions) {
    ids.push(id);
    xy.push(Math.round(p.x), Math.round(p.y));
  }
  // newest last, even within one millisecond
  const at = Math.max(Date.now(), ...Object.values(all).map((v) => v.at + 1));
  all[view] = { at, ids, xy };
  const keep = Object.entries(all)
    .sort((a, b) => b[1].at - a[1].at)
    .slice(0, KEEP_VIEWS);
  try {
    storage()?.setItem(STORE_KEY, JSON.stringify(Object.fromEntries(keep)));
  } catch {
    // storage full or unavailable: the next opening lays the view out again
  }
}

/** The view's name for its saved positions: the overview, or its start nodes. */
export const viewKey = (seeds: number[]) => (seeds.length ? `seeds:${[...seeds].sort((a, b) => a - b).join(',')}` : 'overview');

/** Share of nodes a saved layout must place for the view to open on it without a new layout. */
export const SAVED_COVERAGE = 0.95;

/** The node's drawn size, as the stylesheet's `mapData(degree, 0, 20, 14, 40)` gives it. */
export const nodeSize = (degree: number) => 14 + 26 * Math.max(0, Math.min(1, degree / 20));

/** The zoom and pan that fitGraph gives these positions in a view of w × h. */
export function previewViewport(
  nodes: PlacementNode[],
  positions: Positions,
  w: number,
  h: number,
  zoomRange: { min: number; max: number },
  padding = 30,
  maxZoom = 1.6,
): { zoom: number; pan: { x: number; y: number } } {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const n of nodes) {
    const p = positions.get(n.id);
    if (!p) continue;
    // the body and its 1 px border, as Cytoscape measures a node without its label
    const r = nodeSize(n.degree) / 2 + 1;
    x1 = Math.min(x1, p.x - r);
    y1 = Math.min(y1, p.y - r);
    x2 = Math.max(x2, p.x + r);
    y2 = Math.max(y2, p.y + r);
  }
  if (x1 === Infinity) return { zoom: 1, pan: { x: w / 2, y: h / 2 } };
  const zoom = Math.max(zoomRange.min, Math.min(maxZoom, zoomRange.max, (w - 2 * padding) / Math.max(x2 - x1, 1), (h - 2 * padding) / Math.max(y2 - y1, 1)));
  return { zoom, pan: { x: (w - zoom * (x1 + x2)) / 2, y: (h - zoom * (y1 + y2)) / 2 } };
}
