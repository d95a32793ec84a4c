// Cytoscape styles: nodes coloured by kind or type (nodeColoring) and shaped by kind, edges by status
// (proposed dashed, accepted solid, rejected dotted and only present when asked for), labels only where
// the labeller placed them, edge labels on hover or selection. Large graphs get haystack edges
// (Cytoscape's performance advice).
import type cytoscape from 'cytoscape';

export const KIND_COLORS: Record<string, string> = {
  entity: '#2f6fde',
  event: '#e08a1e',
  concept: '#7b4fd6',
  passage: '#8a94a6',
};

const KIND_SHAPES: Record<string, string> = {
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

/** Labels tried per redraw (the best-ranked nodes in view); past these, nodes show theirs on hover. */
export const LABEL_CANDIDATES = 400;
/** A shown label's size on screen, whatever the zoom. */
export const LABEL_PX = 11;
/** A shown label's height on screen: its line and its outline, as Cytoscape measures it. */
export const LABEL_HEIGHT = Math.ceil(LABEL_PX * 1.3 + 6);

export function graphStylesheet(large: boolean, p: GraphPalette = GRAPH_PALETTES.light): cytoscape.StylesheetStyle[] {
  const s: cytoscape.StylesheetStyle[] = [
    {
      selector: 'node',
      style: {
        // No label unless the labeller placed one (labels.ts: by rank, never overlapping; GraphCanvas
        // keeps their size constant on screen).
        label: '',
        'font-size': 11,
        'min-zoomed-font-size': 0,
        'text-valign': 'bottom',
        'text-margin-y': 3,
        'text-wrap': 'none',
        color: p.label,
        'text-outline-color': p.outline,
        'text-outline-width': 2,
        'background-color': 'data(color)',
        width: 'mapData(degree, 0, 20, 14, 40)',
        height: 'mapData(degree, 0, 20, 14, 40)',
        'border-width': 1,
        'border-color': p.outline,
      },
    },
  ];
  for (const kind of Object.keys(KIND_COLORS)) s.push({ selector: `node[kind = "${kind}"]`, style: { shape: KIND_SHAPES[kind] as cytoscape.Css.NodeShape } });
  s.push(
    { selector: 'node.lbl', style: { label: 'data(short)' } },
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
            // edge labels only on hover or selection (they overlap everywhere else)
            label: '',
            'font-size': 10,
            'min-zoomed-font-size': 0,
            color: p.edgeLabel,
            'text-rotation': 'autorotate',
            'text-background-color': p.background,
            'text-background-opacity': 0.9,
            'text-background-padding': '2px',
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
    { selector: 'node[kind = "concept"]', style: { color: p.concept, 'font-style': 'italic' } },
    { selector: 'node.seed', style: { 'border-width': 3, 'border-color': p.seed, 'font-weight': 'bold' } },
    { selector: 'node:selected', style: { 'border-width': 4, 'border-color': '#ffb000', 'overlay-opacity': 0, 'font-weight': 'bold' } },
    { selector: 'edge.hover, edge:selected', style: { label: 'data(shown)', 'z-index': 10 } },
    { selector: 'edge:selected', style: { 'line-color': '#ffb000', 'target-arrow-color': '#ffb000', width: 3 } },
    { selector: 'edge.hover', style: { width: 3 } },
  );
  return s;
}

/** Colours for node types, in order of how many nodes on screen have each type (then "other types"). */
export const TYPE_COLORS = ['#2f6fde', '#e08a1e', '#2e8b57', '#c2417a', '#7b4fd6', '#0e9aa7', '#b3861a', '#d9534f', '#5c7cfa', '#6b8e23'];
export const OTHER_COLOR = '#9aa4b5';
export const UNTYPED_COLOR = '#c3cad6';

export type ColorBy = 'kind' | 'type';

export interface Coloring {
  /** The colour of each node. */
  colorOf: Map<number, string>;
  /** What each colour means, with how many nodes on screen have it. */
  legend: { label: string; color: string; count: number }[];
}

/**
 * Nodes coloured by kind (entity, event, concept, passage) or by type (the most frequent types on
 * screen each a colour of their own, the rest one colour, untyped nodes another), with the legend.
 */
export function nodeColoring(nodes: { id: number; kind: string; type: string | null }[], by: ColorBy): Coloring {
  const colorOf = new Map<number, string>();
  const counts = new Map<string, number>();
  const key = (n: { kind: string; type: string | null }) => (by === 'kind' ? n.kind : (n.type ?? ''));
  for (const n of nodes) counts.set(key(n), (counts.get(key(n)) ?? 0) + 1);
  if (by === 'kind') {
    for (const n of nodes) colorOf.set(n.id, KIND_COLORS[n.kind] ?? OTHER_COLOR);
    const legend = Object.entries(KIND_COLORS)
      .filter(([k]) => counts.has(k))
      .map(([label, color]) => ({ label, color, count: counts.get(label)! }));
    return { colorOf, legend };
  }
  const types = [...counts.entries()].filter(([t]) => t !== '').sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const own = types.slice(0, TYPE_COLORS.length);
  const colorOfType = new Map(own.map(([t], i) => [t, TYPE_COLORS[i]]));
  for (const n of nodes) colorOf.set(n.id, n.type ? (colorOfType.get(n.type) ?? OTHER_COLOR) : UNTYPED_COLOR);
  const legend = own.map(([label, count]) => ({ label, color: colorOfType.get(label)!, count }));
  const others = types.slice(TYPE_COLORS.length).reduce((k, [, c]) => k + c, 0);
  if (others) legend.push({ label: `${types.length - own.length} other types`, color: OTHER_COLOR, count: others });
  if (counts.get('')) legend.push({ label: 'no type', color: UNTYPED_COLOR, count: counts.get('')! });
  return { colorOf, legend };
}
