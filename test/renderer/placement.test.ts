// @vitest-environment happy-dom
// The graph view's first picture: every node placed at once, neighbours near each other; positions
// kept per view for the next opening.
import { beforeEach, describe, expect, it } from 'vitest';
import { quickPositions, savedPositions, savePositions, viewKey } from '../../renderer/src/features/graph/placement';

/** A tree of n nodes (node i hangs under i >> 1) plus a separate pair. */
function graph(n: number) {
  const nodes = Array.from({ length: n }, (_, i) => ({ id: i + 1, degree: 0 }));
  const edges = [];
  for (let i = 2; i <= n; i++) edges.push({ source: i, target: i >> 1 });
  nodes.push({ id: n + 1, degree: 1 }, { id: n + 2, degree: 1 });
  edges.push({ source: n + 1, target: n + 2 });
  for (const e of edges) {
    nodes[e.source - 1].degree++;
    nodes[e.target - 1].degree++;
  }
  return { nodes, edges };
}

const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

describe('quick placement', () => {
  it('places every node once, at distinct places, neighbours closer than strangers', () => {
    const { nodes, edges } = graph(2000);
    const pos = quickPositions(nodes, edges);
    expect(pos.size).toBe(nodes.length);
    expect(new Set([...pos.values()].map((p) => `${Math.round(p.x)},${Math.round(p.y)}`)).size).toBe(nodes.length);
    const linked = edges.reduce((s, e) => s + dist(pos.get(e.source)!, pos.get(e.target)!), 0) / edges.length;
    let strangers = 0;
    for (let i = 0; i < 1000; i++) strangers += dist(pos.get(1 + ((i * 7919) % 2000))!, pos.get(1 + ((i * 104729 + 13) % 2000))!);
    expect(linked).toBeLessThan(strangers / 1000 / 2);
    // the best-connected node sits in the middle of its part
    const hub = [...nodes].sort((a, b) => b.degree - a.degree)[0];
    const mean = [...pos.values()].slice(0, 2000).reduce((m, p) => ({ x: m.x + p.x / 2000, y: m.y + p.y / 2000 }), { x: 0, y: 0 });
    expect(dist(pos.get(hub.id)!, mean)).toBeLessThan(linked * 2);
  });

  it('ignores edges to nodes it was not given', () => {
    const pos = quickPositions([{ id: 1, degree: 1 }], [{ source: 1, target: 99 }]);
    expect([...pos.keys()]).toEqual([1]);
  });
});

const localStorage = (globalThis as unknown as { localStorage: { clear(): void; setItem(k: string, v: string): void } }).localStorage;

describe('saved positions', () => {
  beforeEach(() => localStorage.clear());

  it('come back per view, rounded to the pixel; the oldest views are dropped', () => {
    savePositions(
      'overview',
      new Map([
        [1, { x: 1.4, y: -2.6 }],
        [2, { x: 10, y: 20 }],
      ]),
    );
    expect([...savedPositions('overview')]).toEqual([
      [1, { x: 1, y: -3 }],
      [2, { x: 10, y: 20 }],
    ]);
    expect(savedPositions(viewKey([3, 1])).size).toBe(0);
    expect(viewKey([3, 1])).toBe(viewKey([1, 3]));
    for (let i = 0; i < 6; i++) savePositions(viewKey([i]), new Map([[i, { x: i, y: i }]]));
    expect(savedPositions('overview').size).toBe(0);
    expect(savedPositions(viewKey([5])).size).toBe(1);
  });

  it('a broken store reads as nothing saved', () => {
    localStorage.setItem('graphwright.graph.positions.v1', '{not json');
    expect(savedPositions('overview').size).toBe(0);
  });
});
