import { describe, expect, it } from 'vitest';
import { nodeSize, previewViewport, quickPositions } from '../../renderer/src/features/graph/placement';

describe('graph preview viewport', () => {
  const nodes = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, kind: 'entity', degree: i % 30, label: `n${i}` }));
  const edges = nodes.slice(1).map((n, i) => ({ source: n.id, target: nodes[Math.floor(i / 3)].id, status: 'proposed' }));
  const positions = quickPositions(nodes, edges);

  it('fits every node, with its drawn size, inside the view less the padding, centred', () => {
    const { zoom, pan } = previewViewport(nodes, positions, 1200, 800, { min: 0.02, max: 4 });
    let [x1, y1, x2, y2] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const n of nodes) {
      const p = positions.get(n.id)!;
      const r = (nodeSize(n.degree) / 2) * zoom;
      x1 = Math.min(x1, p.x * zoom + pan.x - r);
      y1 = Math.min(y1, p.y * zoom + pan.y - r);
      x2 = Math.max(x2, p.x * zoom + pan.x + r);
      y2 = Math.max(y2, p.y * zoom + pan.y + r);
    }
    expect(x1).toBeGreaterThanOrEqual(29);
    expect(y1).toBeGreaterThanOrEqual(29);
    expect(x2).toBeLessThanOrEqual(1171);
    expect(y2).toBeLessThanOrEqual(771);
    // one side touches its padding; the picture is centred on the other
    expect(Math.min(x1, y1)).toBeLessThan(32);
    expect(Math.abs(x1 - (1200 - x2))).toBeLessThan(1);
    expect(Math.abs(y1 - (800 - y2))).toBeLessThan(1);
  });

  it('sizes nodes as the stylesheet does and keeps the zoom in range', () => {
    expect(nodeSize(0)).toBe(14);
    expect(nodeSize(10)).toBe(27);
    expect(nodeSize(50)).toBe(40);
    const one = previewViewport([nodes[0]], positions, 1200, 800, { min: 0.02, max: 4 });
    expect(one.zoom).toBe(1.6);
    const none = previewViewport([], positions, 1200, 800, { min: 0.02, max: 4 });
    expect(none).toEqual({ zoom: 1, pan: { x: 600, y: 400 } });
  });
});
