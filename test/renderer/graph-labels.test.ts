import { describe, expect, it } from 'vitest';
import { labelWidth, placeLabels, placeLabelsAt, shortLabel } from '../../renderer/src/features/graph/labels';

describe('graph labels', () => {
  it('keeps a short label whole; drops parenthetical parts, else cuts at a word boundary with an ellipsis', () => {
    expect(shortLabel('RADIUS server')).toBe('RADIUS server');
    expect(shortLabel('Remote Authentication Dial In User Service (RADIUS)')).toBe('Remote Authentication Dial…');
    expect(shortLabel('Framed-MTU attribute (type 12, four octets)')).toBe('Framed-MTU attribute');
    expect(shortLabel('be sent without a corresponding authentication and authorization exchange')).toBe('be sent without a…');
    for (const l of ['be sent without a corresponding authentication and authorization exchange', 'x'.repeat(80)])
      expect(shortLabel(l).length).toBeLessThanOrEqual(28);
    expect(shortLabel('Supercalifragilisticexpialidocious-protocol-name')).toBe(`${'Supercalifragilisticexpialidocious-protocol-name'.slice(0, 27)}…`);
  });

  it('shows labels best first, leaving out each one that would overlap a label already shown', () => {
    const box = (id: string, x: number, y: number, text = 'a label of some length') => ({ id, x, y, w: labelWidth(text, 12), h: 14 });
    const shown = placeLabels([box('hub', 100, 100), box('near', 120, 105), box('below', 100, 130), box('far', 400, 100), box('near-far', 410, 108)]);
    expect([...shown].sort()).toEqual(['below', 'far', 'hub']);
  });

  it('zooming in spreads the same nodes apart on screen: more labels fit', () => {
    const at = (zoom: number) =>
      placeLabels(
        Array.from({ length: 40 }, (_, i) => ({
          id: `n${i}`,
          x: (i % 8) * 40 * zoom,
          y: Math.floor(i / 8) * 20 * zoom,
          w: labelWidth('label number', 12),
          h: 14,
        })),
      ).size;
    expect(at(4)).toBeGreaterThan(at(1));
    expect(at(4)).toBe(40);
  });
});

describe('labels and node bodies', () => {
  it('a label may cover its own node but never another one', () => {
    const label = { id: 'a', x: 100, y: 110, w: 80, h: 14 };
    expect(placeLabels([label], 2, [{ id: 'a', x1: 90, y1: 90, x2: 110, y2: 110 }]).size).toBe(1);
    expect(placeLabels([label], 2, [{ id: 'b', x1: 120, y1: 112, x2: 140, y2: 132 }]).size).toBe(0);
  });
});

describe('labels with other places to try', () => {
  it('a label blocked below its node goes to the first alternative that fits; one with none that fits is left out', () => {
    const blockedBelow = { id: 'b', x1: 60, y1: 112, x2: 140, y2: 140 };
    const above = { x: 100, y: 70, w: 80, h: 14 };
    const label = { id: 'a', x: 100, y: 110, w: 80, h: 14, alternatives: [above] };
    expect(placeLabelsAt([label], 2, [blockedBelow])).toEqual(new Map([['a', 1]]));
    expect(placeLabelsAt([{ ...label, alternatives: [] }], 2, [blockedBelow]).size).toBe(0);
    // unblocked, its own place wins
    expect(placeLabelsAt([label], 2, [])).toEqual(new Map([['a', 0]]));
    // an alternative taken counts as placed: a later label cannot cover it
    expect(placeLabelsAt([label, { id: 'c', x: 110, y: 72, w: 40, h: 14 }], 2, [blockedBelow])).toEqual(new Map([['a', 1]]));
  });
});
