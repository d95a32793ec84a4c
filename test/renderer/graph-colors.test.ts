import { describe, expect, it } from 'vitest';
import { KIND_COLORS, nodeColoring, OTHER_COLOR, TYPE_COLORS, UNTYPED_COLOR } from '../../renderer/src/features/graph/graphStyle';

describe('node colours', () => {
  const nodes = [
    { id: 1, kind: 'entity', type: 'protocol' },
    { id: 2, kind: 'entity', type: 'protocol' },
    { id: 3, kind: 'event', type: 'message' },
    { id: 4, kind: 'entity', type: null },
  ];

  it('by kind: the kind colours, the legend lists the kinds on screen with their counts', () => {
    const c = nodeColoring(nodes, 'kind');
    expect(c.colorOf.get(3)).toBe(KIND_COLORS.event);
    expect(c.legend).toEqual([
      { label: 'entity', color: KIND_COLORS.entity, count: 3 },
      { label: 'event', color: KIND_COLORS.event, count: 1 },
    ]);
  });

  it('by type: the most frequent types first, untyped nodes apart, types past the palette as one', () => {
    const c = nodeColoring(nodes, 'type');
    expect(c.legend).toEqual([
      { label: 'protocol', color: TYPE_COLORS[0], count: 2 },
      { label: 'message', color: TYPE_COLORS[1], count: 1 },
      { label: 'no type', color: UNTYPED_COLOR, count: 1 },
    ]);
    expect(c.colorOf.get(4)).toBe(UNTYPED_COLOR);
    const many = Array.from({ length: TYPE_COLORS.length + 3 }, (_, i) => ({ id: i, kind: 'entity', type: `t${String(i).padStart(2, '0')}` }));
    const m = nodeColoring(many, 'type');
    expect(m.legend[m.legend.length - 1]).toEqual({ label: '3 other types', color: OTHER_COLOR, count: 3 });
    expect(new Set(m.legend.map((l) => l.color)).size).toBe(TYPE_COLORS.length + 1);
  });
});
