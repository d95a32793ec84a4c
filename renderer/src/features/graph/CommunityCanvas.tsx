// The Graph view's overview: the graph's communities (graph.communities: Louvain over the filtered
// triples) as bubbles sized by their triples, coloured like their nodes (by kind or type), named by
// their most central nodes, with the triples between them as links. Labels are placed like the node
// graph's (never overlapping, best first); a click opens a community.
import { useEffect, useRef, useState } from 'react';
import cytoscape from 'cytoscape';
import fcose from 'cytoscape-fcose';
import type { CommunityOverview, GraphCommunity } from '../../../../shared/contract';
import { GRAPH_PALETTES, LABEL_HEIGHT, LABEL_PX, type Coloring } from './graphStyle';
import { labelWidth, placeLabelsAt, shortLabel } from './labels';
import { fitGraph, nodeBoxes, useResolvedTheme } from './GraphCanvas';
import { measureLabel } from './measure';

cytoscape.use(fcose);

/** A community's name: its most central nodes. */
export const communityName = (c: GraphCommunity, names = 3) =>
  c.top
    .slice(0, names)
    .map((t) => shortLabel(t.label, 22))
    .join(' · ');

/** A bubble's diameter: its area grows with its triples. */
const bubbleSize = (triples: number) => Math.round(24 + 9 * Math.sqrt(Math.max(1, triples)));

/** Push overlapping bubbles apart (fcose spaces them, but does not promise no overlap). */
function separate(cy: cytoscape.Core, gap = 12): void {
  const nodes = cy.nodes().toArray();
  const pos = nodes.map((n) => ({ ...n.position() }));
  const r = nodes.map((n) => n.width() / 2);
  for (let iter = 0; iter < 80; iter++) {
    let moved = false;
    for (let i = 0; i < nodes.length; i++)
      for (let j = i + 1; j < nodes.length; j++) {
        const dx = pos[j].x - pos[i].x;
        const dy = pos[j].y - pos[i].y;
        const d = Math.hypot(dx, dy) || 0.01;
        const need = r[i] + r[j] + gap;
        if (d >= need) continue;
        const push = (need - d) / 2;
        const ux = dx / d;
        const uy = dy / d;
        pos[i].x -= ux * push;
        pos[i].y -= uy * push;
        pos[j].x += ux * push;
        pos[j].y += uy * push;
        moved = true;
      }
    if (!moved) break;
  }
  cy.batch(() => nodes.forEach((n, i) => n.position(pos[i])));
}

/**
 * Bubble labels, the largest communities first, none overlapping another label or bubble: each
 * below its bubble, else above it, else with its first name only (below, then above); inside the view.
 */
function placeBubbleLabels(cy: cytoscape.Core): void {
  const z = cy.zoom();
  const nodes = cy
    .nodes()
    .toArray()
    .map((n) => n as cytoscape.NodeSingular)
    .sort((a, b) => Number(b.data('triples')) - Number(a.data('triples')));
  const variants = (n: cytoscape.NodeSingular) => {
    const p = n.renderedPosition();
    const r = n.renderedOuterHeight() / 2 + 3;
    const texts = [String(n.data('name')), String(n.data('lead'))];
    return texts
      .flatMap((text) => {
        const w = labelWidth(text, LABEL_PX, measureLabel);
        return [
          { text, below: true, x: p.x, y: p.y + r, w, h: LABEL_HEIGHT },
          { text, below: false, x: p.x, y: p.y - r - LABEL_HEIGHT, w, h: LABEL_HEIGHT },
        ];
      })
      .filter((v) => v.x - v.w / 2 >= 0 && v.x + v.w / 2 <= cy.width() && v.y >= 0 && v.y + v.h <= cy.height()); // never cut by the view's edge
  };
  const options = new Map(nodes.map((n) => [n.id(), variants(n)]));
  const shown = placeLabelsAt(
    nodes.flatMap((n) => {
      const [first, ...rest] = options.get(n.id())!;
      return first ? [{ id: n.id(), ...first, alternatives: rest }] : [];
    }),
    2,
    nodeBoxes(cy),
  );
  cy.batch(() => {
    for (const n of nodes) {
      const k = shown.get(n.id());
      if (k === undefined) {
        n.removeClass('lbl');
        continue;
      }
      const v = options.get(n.id())![k];
      n.data('short', v.text);
      n.addClass('lbl').style({
        'font-size': LABEL_PX / z,
        'text-outline-width': 2 / z,
        'text-valign': v.below ? 'bottom' : 'top',
        'text-margin-y': (v.below ? 3 : -3) / z,
      });
    }
  });
  cy.scratch('labelledAtZoom', z);
}

export function CommunityCanvas({
  overview,
  coloring,
  onOpen,
  onReady,
}: {
  overview: CommunityOverview;
  /** The bubbles' colours, by community id. */
  coloring: Coloring;
  onOpen: (c: GraphCommunity) => void;
  onReady?: (cy: cytoscape.Core) => void;
}) {
  const theme = useResolvedTheme();
  const palette = GRAPH_PALETTES[theme];
  const container = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onOpen, onReady });
  handlers.current = { onOpen, onReady };
  const [tip, setTip] = useState<{ x: number; y: number; text: string } | null>(null);
  const cyRef = useRef<cytoscape.Core | null>(null);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const byId = new Map(overview.communities.map((c) => [`c${c.id}`, c]));
    const cy = cytoscape({
      container: el,
      minZoom: 0.05,
      maxZoom: 3,
      boxSelectionEnabled: false,
      autounselectify: true,
      elements: [
        ...overview.communities.map((c) => ({
          data: {
            id: `c${c.id}`,
            name: communityName(c),
            lead: communityName(c, 1),
            short: communityName(c),
            full: c.top.map((t) => t.label).join(' · '),
            triples: c.triples,
            nodes: c.nodeIds.length,
            size: bubbleSize(c.triples),
            color: coloring.colorOf.get(c.id),
          },
        })),
        ...overview.links.map((l) => ({ data: { id: `l${l.source}-${l.target}`, source: `c${l.source}`, target: `c${l.target}`, triples: l.triples } })),
      ],
      style: [
        {
          selector: 'node',
          style: {
            width: 'data(size)',
            height: 'data(size)',
            'background-color': 'data(color)',
            'background-opacity': 0.85,
            'border-width': 1,
            'border-color': palette.outline,
            label: '',
            color: palette.label,
            'text-valign': 'bottom',
            'text-outline-color': palette.outline,
            'text-outline-width': 2,
            'font-weight': 'bold',
            'min-zoomed-font-size': 0,
          },
        },
        { selector: 'node.lbl', style: { label: 'data(short)' } },
        { selector: 'node.hover', style: { 'border-width': 3, 'border-color': '#ffb000' } },
        {
          selector: 'edge',
          style: { 'curve-style': 'straight', 'line-color': palette.edge, opacity: 0.6, width: 'mapData(triples, 1, 20, 1, 6)' },
        },
      ],
    });
    window.__gwCy = cy;
    cyRef.current = cy;
    cy.layout({
      name: 'fcose',
      quality: 'default',
      randomize: true,
      animate: false,
      fit: false,
      nodeRepulsion: 20_000,
      idealEdgeLength: 120,
      nodeSeparation: 60,
      packComponents: true,
    } as cytoscape.LayoutOptions).run();
    separate(cy);
    fitGraph(cy, 40, 1.5);
    placeBubbleLabels(cy);
    let timer: ReturnType<typeof setTimeout> | undefined;
    cy.on('viewport', () => {
      clearTimeout(timer);
      cy.scratch('labelledAtZoom', null);
      timer = setTimeout(() => !cy.destroyed() && placeBubbleLabels(cy), 120);
    });
    cy.on('tap', 'node', (e) => {
      const c = byId.get(e.target.id());
      if (c) handlers.current.onOpen(c);
    });
    cy.on('mouseover', 'node', (e) => {
      const n = e.target as cytoscape.NodeSingular;
      n.addClass('hover');
      el.style.cursor = 'pointer';
      const p = n.renderedPosition();
      setTip({ x: p.x, y: p.y, text: `${n.data('full')} — ${n.data('nodes')} nodes, ${n.data('triples')} triples (click to open)` });
    });
    cy.on('mouseout', 'node', (e) => {
      e.target.removeClass('hover');
      el.style.cursor = '';
      setTip(null);
    });
    const ro = new ResizeObserver(() => {
      cy.resize();
      fitGraph(cy, 40, 1.5);
      placeBubbleLabels(cy);
    });
    ro.observe(el);
    handlers.current.onReady?.(cy);
    return () => {
      ro.disconnect();
      clearTimeout(timer);
      if (window.__gwCy === cy) window.__gwCy = undefined;
      cy.destroy();
    };
    // colours follow the colouring (below): the layout is made once per overview
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [overview, palette]);

  // Colour by kind or type: the bubbles keep their places.
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy || cy.destroyed()) return;
    cy.batch(() => cy.nodes().forEach((n) => void n.data('color', coloring.colorOf.get(Number(n.id().slice(1))))));
  }, [coloring]);

  return (
    <div
      className="graph-canvas"
      data-testid="community-canvas"
      data-theme={theme}
      aria-label={`Communities of the graph: ${overview.communities
        .slice(0, 10)
        .map((c) => communityName(c))
        .join('; ')}`}
    >
      <div ref={container} className="graph-cy" />
      {tip && (
        <div className="graph-tip" role="tooltip" data-testid="graph-tooltip" style={{ left: tip.x + 12, top: tip.y + 12 }}>
          {tip.text}
        </div>
      )}
    </div>
  );
}
