// The first picture of a large graph, drawn on a plain 2D canvas from its first placement while
// Cytoscape builds its own drawing (adding the elements, the style pass and its first frame take
// seconds for 10,000 nodes on a CPU-drawn canvas). One path per colour: every edge as a straight
// line, every node as a dot of the size and colour Cytoscape will give it, the labels of the nodes
// that keep one at any zoom (landmarks, start nodes). The same fit as fitGraph, so the picture does
// not move when Cytoscape's takes its place.
import type { GraphPalette } from './graphStyle';
import { nodeSize, previewViewport, type Positions } from './placement';

interface PreviewNode {
  id: number;
  kind: string;
  degree: number;
  label: string;
}
interface PreviewEdge {
  source: number;
  target: number;
  status: string;
}

export function drawPreview(
  canvas: HTMLCanvasElement,
  graph: { nodes: PreviewNode[]; edges: PreviewEdge[] },
  positions: Positions,
  style: { palette: GraphPalette; colorOf: Map<number, string>; labelled: Set<number>; minZoom: number; maxZoom: number },
): void {
  const w = canvas.clientWidth;
  const h = canvas.clientHeight;
  if (!w || !h) return;
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { zoom, pan } = previewViewport(graph.nodes, positions, w, h, { min: style.minZoom, max: style.maxZoom });
  const sx = (x: number) => x * zoom + pan.x;
  const sy = (y: number) => y * zoom + pan.y;
  const p = style.palette;
  ctx.fillStyle = p.background;
  ctx.fillRect(0, 0, w, h);

  const edgeColour: Record<string, string> = { accepted: p.accepted, rejected: '#d98b8b' };
  const byColour = new Map<string, PreviewEdge[]>();
  for (const e of graph.edges) {
    const c = edgeColour[e.status] ?? p.edge;
    let list = byColour.get(c);
    if (!list) byColour.set(c, (list = []));
    list.push(e);
  }
  // the large graphs' edge style: 1 px (accepted 1.2) in model units, opacity 0.7
  ctx.globalAlpha = 0.7;
  for (const [colour, list] of byColour) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = (colour === p.accepted ? 1.2 : 1) * zoom;
    ctx.beginPath();
    for (const e of list) {
      const a = positions.get(e.source);
      const b = positions.get(e.target);
      if (!a || !b) continue;
      ctx.moveTo(sx(a.x), sy(a.y));
      ctx.lineTo(sx(b.x), sy(b.y));
    }
    ctx.stroke();
  }
  ctx.globalAlpha = 1;

  // one path per colour (the node colours the drawing will have: by kind or by type)
  const byColor = new Map<string, PreviewNode[]>();
  for (const n of graph.nodes) {
    const c = style.colorOf.get(n.id) ?? p.edge;
    let list = byColor.get(c);
    if (!list) byColor.set(c, (list = []));
    list.push(n);
  }
  for (const [color, list] of byColor) {
    ctx.fillStyle = color;
    ctx.beginPath();
    for (const n of list) {
      const at = positions.get(n.id);
      if (!at) continue;
      const r = Math.max(0.5, (nodeSize(n.degree) / 2) * zoom);
      const x = sx(at.x);
      const y = sy(at.y);
      if (x < -r || y < -r || x > w + r || y > h + r) continue;
      if (r < 1.5) ctx.rect(x - r, y - r, 2 * r, 2 * r);
      else {
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, 2 * Math.PI);
      }
    }
    ctx.fill();
  }

  // labels of the nodes that keep one at every zoom, about 12 px on screen as scaleLandmarks makes them
  if (style.labelled.size) {
    ctx.font = 'bold 12px sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.lineWidth = 3;
    ctx.lineJoin = 'round';
    ctx.strokeStyle = p.outline;
    ctx.fillStyle = p.label;
    for (const n of graph.nodes) {
      if (!style.labelled.has(n.id)) continue;
      const at = positions.get(n.id);
      if (!at) continue;
      const x = sx(at.x);
      const y = sy(at.y) + (nodeSize(n.degree) / 2) * zoom + 3;
      const text = n.label.length > 24 ? `${n.label.slice(0, 23)}…` : n.label;
      ctx.strokeText(text, x, y);
      ctx.fillText(text, x, y);
    }
  }
}
