// The current graph view as an SVG document: nodes (shape, colour, label) and edges (line style by
// status, arrow) at their current positions. Written here rather than with a plug-in (cytoscape-svg is
// GPL-3.0, which this MIT app cannot ship).
import type cytoscape from 'cytoscape';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const num = (n: number) => (Math.round(n * 10) / 10).toString();

function shape(kind: string, x: number, y: number, w: number, h: number, fill: string): string {
  const common = `fill="${fill}" stroke="#ffffff" stroke-width="1"`;
  switch (kind) {
    case 'event':
      return `<rect x="${num(x - w / 2)}" y="${num(y - h / 2)}" width="${num(w)}" height="${num(h)}" rx="${num(Math.min(w, h) / 4)}" ${common}/>`;
    case 'passage':
      return `<rect x="${num(x - w / 2)}" y="${num(y - h / 2)}" width="${num(w)}" height="${num(h)}" ${common}/>`;
    case 'concept':
      return `<polygon points="${num(x)},${num(y - h / 2)} ${num(x + w / 2)},${num(y)} ${num(x)},${num(y + h / 2)} ${num(x - w / 2)},${num(y)}" ${common}/>`;
    default:
      return `<ellipse cx="${num(x)}" cy="${num(y)}" rx="${num(w / 2)}" ry="${num(h / 2)}" ${common}/>`;
  }
}

export function graphToSvg(cy: cytoscape.Core, options: { edgeLabels?: boolean } = {}): string {
  const bb = cy.elements().boundingBox({});
  const pad = 20;
  const x0 = bb.x1 - pad;
  const y0 = bb.y1 - pad;
  const w = Math.max(1, bb.w + 2 * pad);
  const h = Math.max(1, bb.h + 2 * pad);
  const out: string[] = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${num(x0)} ${num(y0)} ${num(w)} ${num(h)}" width="${num(w)}" height="${num(h)}" font-family="system-ui, sans-serif">`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#9aa4b5"/></marker></defs>`,
    `<rect x="${num(x0)}" y="${num(y0)}" width="${num(w)}" height="${num(h)}" fill="#ffffff"/>`,
    `<g class="edges">`,
  ];
  cy.edges().forEach((e) => {
    const s = e.source().position();
    const t = e.target().position();
    const status = String(e.data('status'));
    const dash = status === 'proposed' ? ' stroke-dasharray="5,4"' : status === 'rejected' || status === 'stale' ? ' stroke-dasharray="1,3"' : '';
    const color = status === 'accepted' ? '#3d5a80' : status === 'rejected' ? '#d98b8b' : '#9aa4b5';
    // Stop the line at the target's border so the arrow shows.
    const dx = t.x - s.x;
    const dy = t.y - s.y;
    const len = Math.hypot(dx, dy) || 1;
    const r = e.target().width() / 2;
    const tx = t.x - (dx / len) * r;
    const ty = t.y - (dy / len) * r;
    out.push(
      `<line x1="${num(s.x)}" y1="${num(s.y)}" x2="${num(tx)}" y2="${num(ty)}" stroke="${color}" stroke-width="1.5"${dash} marker-end="url(#arrow)"><title>${esc(String(e.data('title') ?? e.data('relation')))}</title></line>`,
    );
    if (options.edgeLabels) {
      out.push(
        `<text x="${num((s.x + t.x) / 2)}" y="${num((s.y + t.y) / 2)}" font-size="8" fill="#6b7383" text-anchor="middle">${esc(String(e.data('shown') ?? e.data('relation')))}</text>`,
      );
    }
  });
  out.push(`</g><g class="nodes">`);
  cy.nodes().forEach((n) => {
    const p = n.position();
    const fill = String(n.style('background-color'));
    out.push(shape(String(n.data('kind')), p.x, p.y, n.width(), n.height(), fill));
    out.push(
      `<text x="${num(p.x)}" y="${num(p.y + n.height() / 2 + 11)}" font-size="10" fill="#1d2330" text-anchor="middle">${esc(String(n.data('label')))}</text>`,
    );
  });
  out.push(`</g></svg>`);
  return out.join('\n');
}
