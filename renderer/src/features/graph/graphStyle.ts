// Cytoscape styles: nodes by kind (entity / event / concept / passage), edges by status (proposed
// dashed, accepted solid, rejected dotted and only present when asked for). Large graphs get haystack
// edges and no edge labels (Cytoscape's performance advice).
import type cytoscape from 'cytoscape';

export const KIND_COLORS: Record<string, string> = {
  entity: '#2f6fde',
  event: '#e08a1e',
  concept: '#7b4fd6',
  passage: '#8a94a6',
};

export const KIND_SHAPES: Record<string, string> = {
  entity: 'ellipse',
  event: 'round-rectangle',
  concept: 'diamond',
  passage: 'rectangle',
};

/** Above this many edges the graph is drawn for speed: haystack edges, no edge labels, smaller text. */
export const LARGE_GRAPH_EDGES = 1500;

/** The drawing's own colours (labels, outlines, edges) for the light and the dark theme; node kinds keep theirs. */
export interface GraphPalette {
  background: string;
  label: string;
  outline: string;
  edge: string;
  edgeLabel: string;
  accepted: string;
  concept: string;
  seed: string;
}
export const GRAPH_PALETTES: Record<'light' | 'dark', GraphPalette> = {
  light: {
    background: '#ffffff',
    label: '#1d2330',
    outline: '#ffffff',
    edge: '#9aa4b5',
    edgeLabel: '#6b7383',
    accepted: '#3d5a80',
    concept: '#5a35b0',
    seed: '#1d2330',
  },
  dark: {
    background: '#1c212b',
    label: '#e3e7ee',
    outline: '#1c212b',
    edge: '#5d6778',
    edgeLabel: '#9aa3b2',
    accepted: '#8fb0e0',
    concept: '#b79cf0',
    seed: '#e3e7ee',
  },
};

/** How many of the best-connected nodes keep a readable label at any zoom in the overview. */
export const OVERVIEW_LABELS = 30;

export function graphStylesheet(large: boolean, p: GraphPalette = GRAPH_PALETTES.light): cytoscape.StylesheetStyle[] {
  const s: cytoscape.StylesheetStyle[] = [
    {
      selector: 'node',
      style: {
        // Large graphs label only their hubs, the start nodes and the selection: measuring thousands of
        // labels is most of the cost of adding the elements.
        label: large ? '' : 'data(label)',
        'font-size': large ? 9 : 10,
        'min-zoomed-font-size': large ? 8 : 6,
        'text-valign': 'bottom',
        'text-margin-y': 3,
        'text-max-width': '120px',
        'text-wrap': large ? 'none' : 'ellipsis',
        color: p.label,
        'text-outline-color': p.outline,
        'text-outline-width': large ? 0 : 2,
        width: 'mapData(degree, 0, 20, 14, 40)',
        height: 'mapData(degree, 0, 20, 14, 40)',
        'border-width': 1,
        'border-color': p.outline,
      },
    },
  ];
  for (const [kind, color] of Object.entries(KIND_COLORS)) {
    s.push({ selector: `node[kind = "${kind}"]`, style: { 'background-color': color, shape: KIND_SHAPES[kind] as cytoscape.Css.NodeShape } });
  }
  s.push(
    {
      selector: 'edge',
      style: large
        ? { 'curve-style': 'haystack', 'haystack-radius': 0, width: 1, 'line-color': p.edge, opacity: 0.7 }
        : {
            'curve-style': 'bezier',
            width: 1.5,
            'line-color': p.edge,
            'target-arrow-shape': 'triangle',
            'target-arrow-color': p.edge,
            'arrow-scale': 0.8,
            label: 'data(relation)',
            'font-size': 9,
            'min-zoomed-font-size': 8,
            color: p.edgeLabel,
            'text-rotation': 'autorotate',
            'text-background-color': p.background,
            'text-background-opacity': 0.8,
            'text-background-padding': '1px',
          },
    },
    { selector: 'edge[status = "proposed"]', style: { 'line-style': 'dashed' } },
    {
      selector: 'edge[status = "accepted"]',
      style: { 'line-style': 'solid', 'line-color': p.accepted, 'target-arrow-color': p.accepted, width: large ? 1.2 : 2 },
    },
    // stale: a newer edition no longer holds its evidence
    { selector: 'edge[status = "stale"]', style: { 'line-style': 'dotted', 'line-color': '#8f8aae', 'target-arrow-color': '#8f8aae', opacity: 0.8 } },
    { selector: 'edge[status = "rejected"]', style: { 'line-style': 'dotted', 'line-color': '#d98b8b', 'target-arrow-color': '#d98b8b', opacity: 0.6 } },
    {
      selector: 'edge.concept-link',
      style: {
        'line-style': 'dotted',
        'line-color': '#7b4fd6',
        'target-arrow-color': '#7b4fd6',
        'target-arrow-shape': 'triangle-backcurve',
        width: 1.5,
        label: '',
      },
    },
    { selector: 'node[kind = "concept"]', style: { label: 'data(label)', color: p.concept, 'font-style': 'italic' } },
    { selector: 'node.seed', style: { 'border-width': 3, 'border-color': p.seed, label: 'data(label)' } },
    { selector: 'node.hub', style: { label: 'data(label)' } },
    // The overview's best-connected nodes: labelled at every zoom (their font follows the zoom, see GraphCanvas).
    {
      selector: 'node.landmark',
      style: { label: 'data(label)', 'min-zoomed-font-size': 0, 'font-weight': 'bold', 'text-outline-width': 2, 'text-wrap': 'ellipsis', 'z-index': 5 },
    },
    { selector: 'node:selected', style: { label: 'data(label)' } },
    { selector: 'node:selected', style: { 'border-width': 4, 'border-color': '#ffb000', 'overlay-opacity': 0 } },
    { selector: 'edge:selected', style: { 'line-color': '#ffb000', 'target-arrow-color': '#ffb000', width: 3, 'z-index': 10 } },
  );
  return s;
}
