// Review's and Graph's precision view: the default view asks for the triples at or above the
// threshold (or not estimated), the suggestions for those below it, "all" for both; the stored
// threshold is read back only when it is a number in [0, 1].
import { describe, expect, it } from 'vitest';
import { describeFilter, tripleQuery } from '../../renderer/src/features/review/filters';
import { parseThreshold, precisionFilter } from '../../renderer/src/features/review/precision';
import { DEFAULT_PRECISION_THRESHOLD } from '../../shared/contract';

const sort = { column: 'id' as const, desc: false };

describe('the precision view of Review and Graph', () => {
  it('the default view, the suggestions and all ask triples.list for complementary sets', () => {
    expect(tripleQuery({ search: '', status: 'proposed' }, sort, 0.25)).toEqual({ sort: 'id', desc: false, status: 'proposed', minPrecision: 0.25 });
    expect(tripleQuery({ search: '', precision: 'suggestions' }, sort, 0.25)).toEqual({ sort: 'id', desc: false, belowPrecision: 0.25 });
    expect(tripleQuery({ search: '', precision: 'all' }, sort, 0.25)).toEqual({ sort: 'id', desc: false });
    expect(precisionFilter('default', 0.4)).toEqual({ minPrecision: 0.4 });
    expect(describeFilter({ search: '', precision: 'suggestions' })).toBe('suggestions');
  });

  it('reads a stored threshold back only when it is a number in [0, 1]', () => {
    expect(parseThreshold(0)).toBe(0);
    expect(parseThreshold(0.6)).toBe(0.6);
    expect(parseThreshold(undefined)).toBe(DEFAULT_PRECISION_THRESHOLD);
    expect(parseThreshold('0.6')).toBe(DEFAULT_PRECISION_THRESHOLD);
    expect(parseThreshold(1.5)).toBe(DEFAULT_PRECISION_THRESHOLD);
    expect(parseThreshold(Number.NaN)).toBe(DEFAULT_PRECISION_THRESHOLD);
  });
});
