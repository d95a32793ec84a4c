// The graph drawing: Cytoscape through react-cytoscapejs, laid out with fcose (the built-in cose is far
// too slow past ~1,000 nodes), canvas renderer with Cytoscape's performance settings, WebGL on request.
import { useEffect, useMemo, useRef } from 'react';
import CytoscapeComponent from 'react-cytoscapejs';
import cytoscape from 'cytoscape';
import fcose from 'cytoscape-fcose';
import type { Neighbourhood } from '../../../../shared/contract';
import { graphStylesheet, LARGE_GRAPH_EDGES } from './graphStyle';

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

const PRESET = { name: 'preset' } as const;
/** Elements are replaced as a whole when the data changes: compare by reference, not by walking every element each render. */
const byReference = (a: unknown, b: unknown) => a !== b;

declare global {
  interface Window {
    /** The live Cytoscape instance (tests and the benchmark read positions and time frames with it). */
    __gwCy?: cytoscape.Core;
  }
}

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
}: {
  data: Neighbourhood;
  seeds: number[];
  webgl: boolean;
  /** An edge to select and centre (the triple in focus elsewhere). */
  focusEdge: number | null;
  onSelect: (s: CanvasSelection) => void;
  onExpand: (nodeId: number) => void;
  onReady: (cy: cytoscape.Core, ms: number) => void;
}) {
  const large = data.edges.length > LARGE_GRAPH_EDGES;
  const stylesheet = useMemo(() => graphStylesheet(large), [large]);
  const seedSet = useMemo(() => new Set(seeds), [seeds]);
  const elements = useMemo<cytoscape.ElementDefinition[]>(
    () => [
      ...data.nodes.map((n) => ({
        data: { id: nodeKey(n.id), label: n.label, kind: n.kind, type: n.type ?? '', degree: n.degree },
        classes: seedSet.has(n.id) ? 'seed' : undefined,
      })),
      ...data.edges.map((e) => ({
        data: { id: edgeKey(e.id), source: nodeKey(e.source), target: nodeKey(e.target), relation: e.relation, status: e.status, confidence: e.confidence },
      })),
    ],
    [data, seedSet],
  );

  const cyRef = useRef<cytoscape.Core | null>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onSelect, onExpand, onReady });
  handlers.current = { onSelect, onExpand, onReady };
  const laidOut = useRef(new Set<string>());
  const started = useRef(performance.now());

  const attach = (cy: cytoscape.Core) => {
    if (cyRef.current === cy) return;
    cyRef.current = cy;
    laidOut.current.clear();
    window.__gwCy = cy;
    if (webgl) {
      // react-cytoscapejs cannot pass the renderer option: it built this instance headless, so mount
      // it now with the WebGL renderer (falls back to canvas where WebGL is unavailable).
      try {
        (cy as unknown as { _private: { options: { renderer: unknown } } })._private.options.renderer = { name: 'canvas', webgl: true };
        cy.mount(wrap.current!.querySelector<HTMLElement>('.graph-cy')!);
        cy.style(stylesheet as unknown as cytoscape.StylesheetStyle[]);
      } catch (err) {
        console.warn('WebGL renderer unavailable', err);
      }
    }
    let pending = false;
    cy.on('select unselect', () => {
      if (pending) return;
      pending = true;
      queueMicrotask(() => {
        pending = false;
        handlers.current.onSelect({ nodes: cy.nodes(':selected').map((n) => idOf(n.id())), edges: cy.edges(':selected').map((e) => idOf(e.id())) });
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
  useEffect(() => {
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
      handlers.current.onReady(cy, performance.now() - started.current);
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
    runLayout(cy, fresh, () => {
      for (const id of ids) laidOut.current.add(id);
      cy.fit(undefined, 30);
      if (cy.zoom() > 1.6) {
        cy.zoom(1.6);
        cy.center();
      }
      cy.one('render', () => handlers.current.onReady(cy, performance.now() - t0));
      cy.forceRender();
    });
  }, [data]);

  useEffect(() => {
    const cy = cyRef.current;
    if (!cy || focusEdge === null) return;
    const e = cy.getElementById(edgeKey(focusEdge));
    if (!e.nonempty() || e.selected()) return;
    cy.elements(':selected').unselect();
    e.select();
    cy.center(e);
  }, [focusEdge, data]);

  return (
    <div ref={wrap} className="graph-canvas" data-testid="graph-canvas">
      <CytoscapeComponent
        key={`${webgl ? 'webgl' : 'canvas'}-${large ? 'large' : 'small'}`}
        elements={elements}
        stylesheet={stylesheet}
        layout={PRESET}
        diff={byReference}
        cy={attach}
        className="graph-cy"
        style={{ width: '100%', height: '100%' }}
        headless={webgl}
        hideEdgesOnViewport={large}
        textureOnViewport={large}
        motionBlur={false}
        pixelRatio={large ? 1 : 'auto'}
        minZoom={0.02}
        maxZoom={4}
        boxSelectionEnabled
      />
    </div>
  );
}
