// The graph drawing: Cytoscape through react-cytoscapejs, laid out with fcose (the built-in cose is far
// too slow past ~1,000 nodes), canvas renderer with Cytoscape's performance settings, WebGL on request.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import CytoscapeComponent from 'react-cytoscapejs';
import cytoscape from 'cytoscape';
import fcose from 'cytoscape-fcose';
import type { Neighbourhood } from '../../../../shared/contract';
import { edgeWording } from '../../../../shared/relation-label';
import { GRAPH_PALETTES, graphStylesheet, LABEL_CANDIDATES, LABEL_HEIGHT, LABEL_PX, LARGE_GRAPH_EDGES, nodeColoring, type ColorBy } from './graphStyle';
import { labelWidth, placeLabels, shortLabel, type LabelBox, type Obstacle } from './labels';
import { measureLabel } from './measure';
import { resolvedTheme, subscribeTheme } from '../settings/theme';
import type { LayoutRequest, LayoutResponse } from './layoutWorkerTypes';
import { quickPositions, SAVED_COVERAGE, savedPositions, savePositions, viewKey, type Positions } from './placement';
import { drawPreview } from './preview';

let registered = false;
if (!registered) {
  cytoscape.use(fcose);
  registered = true;
}

export const nodeKey = (id: number) => `n${id}`;
export const edgeKey = (id: number) => `e${id}`;
const idOf = (key: string) => Number(key.slice(1));

export interface CanvasSelection {
  nodes: number[];
  edges: number[];
}

/** Elements are replaced as a whole when the data changes: compare by reference, not by walking every element each render. */
const byReference = (a: unknown, b: unknown) => a !== b;

declare global {
  interface Window {
    /** The live Cytoscape instance (tests and the benchmark read positions and time frames with it). */
    __gwCy?: cytoscape.Core;
  }
}

/**
 * Fit the view to the nodes, measured without labels and edges (Cytoscape's fit() measures every label
 * and edge, seconds on a 10,000-node graph); zoom capped so a small graph is not blown up.
 */
export function fitGraph(cy: cytoscape.Core, padding = 30, maxZoom = 1.6): void {
  const nodes = cy.nodes();
  if (!nodes.length) return;
  const bb = nodes.boundingBox({ includeLabels: false, includeOverlays: false, includeEdges: false } as cytoscape.BoundingBoxOptions);
  const w = cy.width();
  const h = cy.height();
  const zoom = Math.max(cy.minZoom(), Math.min(maxZoom, cy.maxZoom(), (w - 2 * padding) / Math.max(bb.w, 1), (h - 2 * padding) / Math.max(bb.h, 1)));
  cy.viewport({ zoom, pan: { x: (w - zoom * (bb.x1 + bb.x2)) / 2, y: (h - zoom * (bb.y1 + bb.y2)) / 2 } });
}

/** Graphs from this many nodes are laid out in a worker. */
const WORKER_LAYOUT_NODES = 1500;

let worker: Worker | null = null;
let workerFailed = false;
let requestId = 0;

/** Lay the graph out in the layout worker; false when no worker is available (the caller lays out here). */
function workerLayout(cy: cytoscape.Core): Promise<boolean> {
  if (workerFailed) return Promise.resolve(false);
  try {
    worker ??= new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    // no module workers here: the layout runs on the main thread
    workerFailed = true;
    return Promise.resolve(false);
  }
  const nodes = cy.nodes();
  const ids = nodes.map((n) => n.id());
  const index = new Map(ids.map((id, i) => [id, i]));
  const sizes = nodes.map((n) => n.width());
  const edgeList = cy.edges();
  const edges = new Uint32Array(edgeList.length * 2);
  edgeList.forEach((e, i) => {
    edges[2 * i] = index.get(e.source().id())!;
    edges[2 * i + 1] = index.get(e.target().id())!;
  });
  const id = ++requestId;
  const w = worker;
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      w.removeEventListener('message', onMessage);
      w.removeEventListener('error', onError);
      resolve(ok);
    };
    const onMessage = (e: MessageEvent<LayoutResponse>) => {
      if (e.data.id !== id) return;
      if (!e.data.positions) {
        console.warn('layout worker:', e.data.error);
        return done(false);
      }
      const pos = e.data.positions;
      cy.batch(() => {
        nodes.positions((n) => {
          const i = index.get(n.id())!;
          return { x: pos[2 * i], y: pos[2 * i + 1] };
        });
      });
      done(true);
    };
    const onError = () => {
      workerFailed = true;
      worker = null;
      done(false);
    };
    w.addEventListener('message', onMessage);
    w.addEventListener('error', onError);
    const request: LayoutRequest = { id, nodes: ids, sizes, edges };
    w.postMessage(request, [edges.buffer]);
  });
}

/** The theme the page shows now ('light' or 'dark'), following the Settings switch and the system. */
export function useResolvedTheme(): 'light' | 'dark' {
  return useSyncExternalStore(
    subscribeTheme,
    () => resolvedTheme(),
    () => 'light',
  );
}

/** The drawn nodes' boxes on screen (labels must not cover them). */
export function nodeBoxes(cy: cytoscape.Core): Obstacle[] {
  return cy.nodes().map((n) => {
    const p = n.renderedPosition();
    const r = n.renderedOuterWidth() / 2;
    return { id: n.id(), x1: p.x - r, y1: p.y - r, x2: p.x + r, y2: p.y + r };
  });
}

/**
 * Place the labels: the best-ranked nodes in view (start nodes, the selection, then by degree) each
 * get theirs where it overlaps none placed before (labels.ts), at LABEL_PX on screen whatever the
 * zoom. Called when the view settles (after a layout, a zoom or a pan) and when the selection changes.
 */
function placeNodeLabels(cy: cytoscape.Core): void {
  const z = cy.zoom();
  const ext = cy.extent();
  const rank = (n: cytoscape.NodeSingular) => (n.hasClass('seed') ? 2e9 : 0) + (n.selected() ? 1e9 : 0) + Number(n.data('degree'));
  const inView = cy
    .nodes()
    .filter((n) => {
      const p = n.position();
      return p.x >= ext.x1 && p.x <= ext.x2 && p.y >= ext.y1 && p.y <= ext.y2;
    })
    .toArray()
    .map((n) => n as cytoscape.NodeSingular)
    .sort((a, b) => rank(b) - rank(a) || (a.id() < b.id() ? -1 : 1))
    .slice(0, LABEL_CANDIDATES);
  const boxes: LabelBox[] = inView.map((n) => {
    const p = n.renderedPosition();
    // below the node's border (a start node's or a selected node's is wider)
    return { id: n.id(), x: p.x, y: p.y + n.renderedOuterHeight() / 2 + 3, w: labelWidth(String(n.data('short')), LABEL_PX, measureLabel), h: LABEL_HEIGHT };
  });
  const shown = placeLabels(boxes, 2, nodeBoxes(cy));
  cy.batch(() => {
    const before = cy.nodes('.lbl');
    before
      .filter((n) => !shown.has(n.id()))
      .removeClass('lbl')
      .removeStyle('font-size text-outline-width text-margin-y');
    for (const n of inView) if (shown.has(n.id())) n.addClass('lbl').style({ 'font-size': LABEL_PX / z, 'text-outline-width': 2 / z, 'text-margin-y': 3 / z });
  });
  // the zoom the labels were placed for (tests wait for the labels to follow a zoom)
  cy.scratch('labelledAtZoom', z);
}

/**
 * Level of detail while the view moves, whoever moves it (a drag, the wheel, cy.panBy or an animation
 * from code): a large graph is drawn from a texture, edges hidden, until it has been still for 150 ms.
 * Cytoscape does this for its own wheel zoom only; this raises the same flag for every viewport change.
 */
function lodWhileMoving(cy: cytoscape.Core): void {
  type Renderer = {
    data?: { wheelZooming?: boolean; wheelTimeout?: ReturnType<typeof setTimeout> };
    redrawHint?(k: string, v: boolean): void;
    redraw?(): void;
  };
  const r = (cy as unknown as { renderer?(): Renderer }).renderer?.();
  const d = r?.data;
  if (!d || !r.redraw || !r.redrawHint) return;
  d.wheelZooming = true;
  clearTimeout(d.wheelTimeout);
  d.wheelTimeout = setTimeout(() => {
    d.wheelZooming = false;
    r.redrawHint!('eles', true);
    r.redraw!();
  }, 150);
}

function currentPositions(cy: cytoscape.Core): Positions {
  const out: Positions = new Map();
  cy.nodes().forEach((n) => {
    const p = n.position();
    out.set(idOf(n.id()), { x: p.x, y: p.y });
  });
  return out;
}

interface FirstPlacement {
  data: Neighbourhood;
  view: string;
  /** The view's saved positions. */
  saved: Positions;
  /** They place nearly every node: the view opens on them, no layout. */
  covered: boolean;
  /** The quick placement (placement.ts) when they do not. */
  quick: Positions | null;
  /** Where each node goes: its saved place, else its quick one (nodes new since a covering save have none yet). */
  positions: Positions;
}

/** Where a large view's nodes go first: its saved positions, else the quick placement. */
function firstPlacement(data: Neighbourhood, seeds: number[]): FirstPlacement {
  const view = viewKey(seeds);
  const saved = savedPositions(view);
  const covered = data.nodes.reduce((k, n) => k + (saved.has(n.id) ? 1 : 0), 0) >= SAVED_COVERAGE * data.nodes.length;
  const quick = covered ? null : quickPositions(data.nodes, data.edges);
  const positions: Positions = quick ? new Map(quick) : new Map();
  for (const [id, p] of saved) positions.set(id, p);
  return { data, view, saved, covered, quick, positions };
}

/** Up to this many new nodes (or 5% of those drawn) is an edit: placed beside a neighbour, nothing else moves. */
const EDIT_NODES = 5;

/** A point near `at` (or the middle of a box) at least a node's width from every node drawn. */
function freeSpotNear(cy: cytoscape.Core, at: { x: number; y: number } | { x1: number; x2: number; y1: number; y2: number }): { x: number; y: number } {
  const c = 'x' in at ? at : { x: (at.x1 + at.x2) / 2, y: (at.y1 + at.y2) / 2 };
  const taken = cy.nodes().map((n) => n.position());
  for (const r of [60, 90, 130, 180, 250]) {
    for (let k = 0; k < 16; k++) {
      const a = (k / 16) * 2 * Math.PI + r;
      const p = { x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a) };
      if (taken.every((q) => (q.x - p.x) ** 2 + (q.y - p.y) ** 2 >= 40 * 40)) return p;
    }
  }
  return { x: c.x + 60, y: c.y + 60 };
}

const MIN_ZOOM = 0.02;
const MAX_ZOOM = 4;

function runLayout(cy: cytoscape.Core, fresh: boolean, onDone: () => void): void {
  const n = cy.nodes().length;
  if (n === 0) return onDone();
  const layout = cy.layout({
    name: 'fcose',
    quality: n > 1500 ? 'draft' : 'default',
    randomize: fresh,
    animate: false,
    fit: false,
    padding: 30,
    nodeRepulsion: 6000,
    idealEdgeLength: 70,
    numIter: n > 5000 ? 1000 : 2500,
    packComponents: true,
  } as cytoscape.LayoutOptions);
  layout.one('layoutstop', () => onDone());
  layout.run();
}

export function GraphCanvas({
  data,
  seeds,
  webgl,
  focusEdge,
  onSelect,
  onExpand,
  onReady,
  overview = false,
  colorBy = 'kind',
}: {
  data: Neighbourhood;
  seeds: number[];
  /** No start nodes: the best-connected nodes (the canvas names them for a screen reader). */
  overview?: boolean;
  /** Nodes coloured by kind or by type (the view shows the legend). */
  colorBy?: ColorBy;
  webgl: boolean;
  /** An edge to select and centre (the triple in focus elsewhere). */
  focusEdge: number | null;
  onSelect: (s: CanvasSelection) => void;
  onExpand: (nodeId: number) => void;
  onReady: (cy: cytoscape.Core, ms: number) => void;
}) {
  const large = data.edges.length > LARGE_GRAPH_EDGES;
  const theme = useResolvedTheme();
  const stylesheet = useMemo(() => graphStylesheet(large, GRAPH_PALETTES[theme]), [large, theme]);
  const seedSet = useMemo(() => new Set(seeds), [seeds]);
  const landmarkList = useMemo(
    () =>
      overview
        ? [...data.nodes]
            .filter((n) => n.degree > 0)
            .sort((a, b) => b.degree - a.degree)
            .slice(0, 10)
        : [],
    [data, overview],
  );
  const coloring = useMemo(() => nodeColoring(data.nodes, colorBy), [data, colorBy]);
  // A large view is first drawn on a plain canvas (preview.ts) from its first placement; Cytoscape is
  // mounted once that picture is on screen and replaces it at its own first frame.
  const [cyMounted, setCyMounted] = useState(() => data.nodes.length < WORKER_LAYOUT_NODES);
  const [previewShown, setPreviewShown] = useState(!cyMounted);
  const previewRef = useRef<HTMLCanvasElement>(null);
  // The first placement of a large view: drawn by the preview, and given to Cytoscape with the elements.
  const placement = useRef<FirstPlacement | null>(null);
  if (!cyMounted && !placement.current) placement.current = firstPlacement(data, seeds);
  const elements = useMemo<cytoscape.ElementDefinition[]>(() => {
    performance.mark('graph-elements');
    const at = placement.current?.data === data ? placement.current.positions : null;
    return [
      ...data.nodes.map((n) => ({
        data: {
          id: nodeKey(n.id),
          label: n.label,
          short: shortLabel(n.label),
          kind: n.kind,
          type: n.type ?? '',
          degree: n.degree,
          color: coloring.colorOf.get(n.id),
        },
        position: at?.get(n.id),
        classes: seedSet.has(n.id) ? 'seed' : undefined,
      })),
      ...data.edges.map((e) => ({
        data: { id: edgeKey(e.id), source: nodeKey(e.source), target: nodeKey(e.target), ...edgeWording(e), status: e.status, confidence: e.confidence },
        // Negative ids are the concept layer's is-a links (see GraphView), not triples.
        classes: e.id < 0 ? 'concept-link' : undefined,
      })),
    ];
  }, [data, seedSet, coloring]);

  const cyRef = useRef<cytoscape.Core | null>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onSelect, onExpand, onReady });
  handlers.current = { onSelect, onExpand, onReady };
  const laidOut = useRef(new Set<string>());
  const started = useRef(performance.now());
  const [layingOut, setLayingOut] = useState(false);
  const palette = GRAPH_PALETTES[theme];
  useLayoutEffect(() => {
    if (cyMounted) return;
    const canvas = previewRef.current;
    const first = placement.current;
    if (canvas && first) {
      drawPreview(canvas, data, first.positions, {
        palette,
        colorOf: coloring.colorOf,
        labelled: new Set([...landmarkList.map((n) => n.id), ...seedSet]),
        minZoom: MIN_ZOOM,
        maxZoom: MAX_ZOOM,
      });
    }
    // mount Cytoscape after the frame that shows the preview
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        performance.mark('graph-preview');
        setCyMounted(true);
      });
    });
    return () => cancelAnimationFrame(frame);
    // once, for the view's first data: later changes go to Cytoscape
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  /** The user panned, zoomed or clicked since the last layout: a resize then keeps their view instead of fitting again. */
  const userMoved = useRef(false);
  /** Place the labels again once the view settles (set when Cytoscape is attached). */
  const relabel = useRef<() => void>(() => {});
  /** The hover tooltip: the whole label of a node, or a triple. */
  const [tip, setTip] = useState<{ x: number; y: number; text: string } | null>(null);
  /** Our own fit is moving the view (no level-of-detail pass for it). */
  const fitting = useRef(false);
  const fit = (cy: cytoscape.Core) => {
    fitting.current = true;
    try {
      fitGraph(cy);
    } finally {
      fitting.current = false;
    }
  };

  const attach = (cy: cytoscape.Core) => {
    if (cyRef.current === cy) return;
    performance.mark('graph-mounted');
    cyRef.current = cy;
    laidOut.current.clear();
    window.__gwCy = cy;
    if (webgl) {
      // react-cytoscapejs cannot pass the renderer option: it built this instance headless, so mount
      // it now with the WebGL renderer, or the canvas one where that fails.
      const container = cy.container() ?? document.querySelector<HTMLElement>('.graph-cy');
      const mount = (renderer: Record<string, unknown>) => {
        (cy as unknown as { _private: { options: { renderer: unknown } } })._private.options.renderer = renderer;
        cy.mount(container!);
        cy.style(stylesheet);
      };
      try {
        mount({ name: 'canvas', webgl: true });
      } catch (err) {
        console.warn('WebGL renderer unavailable, drawing on a canvas', err);
        mount({ name: 'canvas' });
      }
    }
    // Labels are placed again once the view settles (zoom, pan, a fit), and at once for a new selection.
    let relabelTimer: ReturnType<typeof setTimeout> | undefined;
    const relabelSoon = () => {
      clearTimeout(relabelTimer);
      cy.scratch('labelledAtZoom', null); // the labels shown are not yet placed for this view
      relabelTimer = setTimeout(() => {
        if (!cy.destroyed() && laidOut.current.size) placeNodeLabels(cy);
      }, 120);
    };
    relabel.current = relabelSoon;
    cy.on('viewport', relabelSoon);
    // The whole label (and a triple's relation) on hover; a hovered node's edges show their relations.
    const tipAt = (e: cytoscape.EventObject, text: string) => {
      const p = e.renderedPosition ?? e.target.renderedPosition();
      setTip({ x: p.x, y: p.y, text });
    };
    cy.on('mouseover', 'node', (e) => {
      const n = e.target as cytoscape.NodeSingular;
      n.connectedEdges().addClass('hover');
      tipAt(e, `${n.data('label')}${n.data('type') ? ` · ${n.data('type')}` : ''} · ${n.data('kind')}`);
    });
    cy.on('mouseout', 'node', (e) => {
      (e.target as cytoscape.NodeSingular).connectedEdges().removeClass('hover');
      setTip(null);
    });
    cy.on('mouseover', 'edge', (e) => {
      const edge = e.target as cytoscape.EdgeSingular;
      edge.addClass('hover');
      tipAt(e, `${edge.source().data('label')} — ${edge.data('title')} — ${edge.target().data('label')}`);
    });
    cy.on('mouseout', 'edge', (e) => {
      (e.target as cytoscape.EdgeSingular).removeClass('hover');
      setTip(null);
    });
    cy.on('tapstart', () => {
      // the editor is working on this drawing: a resize keeps it as it is from now on
      userMoved.current = true;
    });
    if (large)
      cy.on('viewport', () => {
        if (!fitting.current && laidOut.current.size) lodWhileMoving(cy);
      });
    cy.on('scrollzoom pinchzoom dragpan', () => {
      userMoved.current = true;
    });
    let pending = false;
    // The selection in the order it was made (the first node picked is a merge's default survivor), not the graph's element order.
    let order: string[] = [];
    cy.on('select unselect', () => {
      if (pending) return;
      pending = true;
      queueMicrotask(() => {
        pending = false;
        if (laidOut.current.size) placeNodeLabels(cy);
        const selected = new Set(cy.nodes(':selected').map((n) => n.id()));
        order = [...order.filter((id) => selected.has(id)), ...[...selected].filter((id) => !order.includes(id))];
        handlers.current.onSelect({ nodes: order.map(idOf), edges: cy.edges(':selected').map((e) => idOf(e.id())) });
      });
    });
    // Double-click expands a node: two plain taps on the same node (a Shift+click on another node is not one).
    let lastTap = { id: '', at: 0 };
    cy.on('tap', 'node', (e) => {
      const ev = e.originalEvent as MouseEvent | undefined;
      const id = e.target.id();
      const now = performance.now();
      if (!ev?.shiftKey && !ev?.ctrlKey && !ev?.metaKey && lastTap.id === id && now - lastTap.at < 400) {
        lastTap = { id: '', at: 0 };
        handlers.current.onExpand(idOf(id));
      } else lastTap = { id, at: now };
    });
  };

  // When the node set changes (new start nodes, an expansion, a merge) lay the graph out again, new
  // nodes placed by a neighbour first, and fit it; a change of status or label alone keeps the drawing.
  // A layout effect: it places and fits the nodes before Cytoscape draws its first frame (a passive
  // effect can come after it, and that frame, of every node at the origin, costs seconds).
  useLayoutEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const ids = new Set(data.nodes.map((n) => nodeKey(n.id)));
    let removed = 0;
    for (const id of [...laidOut.current]) {
      if (!ids.has(id)) {
        laidOut.current.delete(id);
        removed++;
      }
    }
    const fresh = laidOut.current.size === 0;
    const added = cy.nodes().filter((n) => !laidOut.current.has(n.id()));
    if (!added.length && !removed) {
      // the same nodes, maybe renamed or resized: their labels are placed again
      if (laidOut.current.size) relabel.current();
      handlers.current.onReady(cy, performance.now() - started.current);
      return;
    }
    if (!fresh && added.length <= Math.max(EDIT_NODES, laidOut.current.size * 0.05)) {
      // An edit (an accept, a rename, a merge, a new end typed in): every node keeps its place, the
      // few new ones go to a free spot beside a neighbour; no layout, no fit, nothing moves.
      cy.batch(() =>
        added.forEach((n) => {
          const placed = n.neighborhood('node').filter((m) => laidOut.current.has(m.id()));
          n.position(
            freeSpotNear(
              cy,
              placed.length
                ? placed[0].position()
                : cy
                    .nodes()
                    .filter((m) => laidOut.current.has(m.id()))
                    .boundingBox(),
            ),
          );
          laidOut.current.add(n.id());
        }),
      );
      relabel.current();
      handlers.current.onReady(cy, 0);
      return;
    }
    if (!fresh) {
      added.forEach((n) => {
        const placed = n.neighborhood('node').filter((m) => laidOut.current.has(m.id()));
        const p = placed.length ? placed[0].position() : { x: 0, y: 0 };
        n.position({ x: p.x + (Math.random() - 0.5) * 80, y: p.y + (Math.random() - 0.5) * 80 });
      });
    }
    started.current = performance.now();
    const t0 = performance.now();
    performance.mark('graph-layout-start');
    let cancelled = false;
    const finish = () => {
      if (cancelled) return;
      performance.mark('graph-layout-end');
      for (const id of ids) laidOut.current.add(id);
      // Measure the container again first: the first draw may come before the view had its final size.
      cy.resize();
      fit(cy);
      userMoved.current = false;
      relabel.current();
      setLayingOut(false);
      // Ready at the first frame drawn (the WebGL renderer emits no 'render' event: two animation frames then).
      let told = false;
      const ready = () => {
        if (told) return;
        told = true;
        setPreviewShown(false);
        handlers.current.onReady(cy, performance.now() - t0);
      };
      cy.one('render', ready);
      cy.forceRender();
      requestAnimationFrame(() => requestAnimationFrame(ready));
    };
    if (fresh && cy.nodes().length >= WORKER_LAYOUT_NODES) {
      // A first picture at once: this view's saved positions, else a quick placement (placement.ts);
      // then fcose refines it off the main thread and the result is kept for the view's next opening.
      // (the placement made for the preview went in with the elements)
      const given = placement.current?.data === data;
      const { view, saved, covered, positions } = given ? placement.current! : firstPlacement(data, seeds);
      placement.current = null;
      cy.batch(() => {
        if (!given) cy.nodes().positions((n) => positions.get(idOf(n.id())) ?? { x: 0, y: 0 });
        if (covered) {
          // the few nodes new since: next to a neighbour that has its place
          cy.nodes()
            .filter((n) => !saved.has(idOf(n.id())))
            .forEach((n) => {
              const placed = n.neighborhood('node').filter((m) => saved.has(idOf(m.id())));
              const p = placed.length ? placed[0].position() : { x: 0, y: 0 };
              n.position({ x: p.x + (Math.random() - 0.5) * 80, y: p.y + (Math.random() - 0.5) * 80 });
            });
        }
      });
      finish();
      if (covered) return () => void (cancelled = true);
      const refined = () => {
        if (cancelled) return;
        if (!userMoved.current) {
          fit(cy);
          relabel.current();
        }
        savePositions(view, currentPositions(cy));
        performance.mark('graph-refined');
      };
      void workerLayout(cy).then((ok) => {
        if (cancelled) return;
        if (ok) refined();
        else runLayout(cy, false, refined);
      });
    } else if (cy.nodes().length >= WORKER_LAYOUT_NODES) {
      // Hidden until placed (new nodes sit by a neighbour), laid out off the main thread.
      setLayingOut(true);
      void workerLayout(cy).then((ok) => {
        if (cancelled) return;
        if (ok) finish();
        else runLayout(cy, true, finish);
      });
    } else runLayout(cy, fresh, finish);
    return () => {
      cancelled = true;
    };
  }, [data, cyMounted]);

  // The view changes size (the window, the side panel): fit again unless the user moved the drawing.
  useEffect(() => {
    const el = wrap.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let last = { w: el.clientWidth, h: el.clientHeight };
    const ro = new ResizeObserver(() => {
      const cy = cyRef.current;
      if (!cy || (el.clientWidth === last.w && el.clientHeight === last.h)) return;
      last = { w: el.clientWidth, h: el.clientHeight };
      cy.resize();
      if (!userMoved.current && laidOut.current.size) {
        fit(cy);
        relabel.current();
      }
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const cy = cyRef.current;
    if (!cy || focusEdge === null) return;
    const e = cy.getElementById(edgeKey(focusEdge));
    if (!e.nonempty() || e.selected()) return;
    cy.elements(':selected').unselect();
    e.select();
    // the fitted view stays; the edge is brought into it only when it lies outside
    const mid = e.midpoint();
    const ext = cy.extent();
    if (mid.x < ext.x1 || mid.x > ext.x2 || mid.y < ext.y1 || mid.y > ext.y2) cy.center(e);
  }, [focusEdge, data]);

  return (
    <div
      ref={wrap}
      className={layingOut ? 'graph-canvas laying-out' : 'graph-canvas'}
      data-testid="graph-canvas"
      data-theme={theme}
      aria-busy={layingOut}
      aria-label={
        landmarkList.length
          ? `Graph overview; best-connected: ${landmarkList
              .slice(0, 10)
              .map((n) => n.label)
              .join(', ')}`
          : 'Graph'
      }
    >
      {cyMounted && (
        <CytoscapeComponent
          key={`${webgl ? 'webgl' : 'canvas'}-${large ? 'large' : 'small'}`}
          elements={elements}
          stylesheet={stylesheet}
          diff={byReference}
          cy={attach}
          className="graph-cy"
          style={{ width: '100%', height: '100%' }}
          headless={webgl}
          hideEdgesOnViewport={large}
          textureOnViewport={large}
          motionBlur={false}
          pixelRatio={large ? 1 : 'auto'}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          boxSelectionEnabled
        />
      )}
      {tip && (
        <div className="graph-tip" role="tooltip" data-testid="graph-tooltip" style={{ left: tip.x + 12, top: tip.y + 12 }}>
          {tip.text}
        </div>
      )}
      {previewShown && (
        <canvas
          ref={previewRef}
          className="graph-preview"
          data-testid="graph-preview"
          aria-hidden="true"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
        />
      )}
    </div>
  );
}
