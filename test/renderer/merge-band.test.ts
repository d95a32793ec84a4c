import { describe, expect, it } from 'vitest';
import { inBand, mergeGroups } from '../../renderer/src/features/review/mergeBand';

const c = (a: [number, string], b: [number, string], score: number) => ({ a: { id: a[0], label: a[1] }, b: { id: b[0], label: b[1] }, score });

describe('the preview of a bulk merge', () => {
  it('joins chains of pairs into one group and keeps separate pairs apart, the largest group first', () => {
    const pairs = [
      c([1, 'RADIUS'], [2, 'RADIUS server'], 0.9),
      c([7, 'EAP method'], [8, 'EAP methods'], 0.95),
      c([2, 'RADIUS server'], [3, 'RADIUS servers'], 0.92),
    ];
    expect(mergeGroups(pairs)).toEqual([
      { ids: [1, 2, 3], labels: ['RADIUS', 'RADIUS server', 'RADIUS servers'] },
      { ids: [7, 8], labels: ['EAP method', 'EAP methods'] },
    ]);
  });

  it('takes the candidates whose score lies in the band, both ends included', () => {
    const items = [c([1, 'a'], [2, 'b'], 0.8), c([3, 'c'], [4, 'd'], 0.85), c([5, 'e'], [6, 'f'], 0.9), c([7, 'g'], [8, 'h'], 0.95)];
    expect(inBand(items, 0.85, 0.9).map((x) => x.score)).toEqual([0.85, 0.9]);
    expect(mergeGroups([])).toEqual([]);
  });
});
