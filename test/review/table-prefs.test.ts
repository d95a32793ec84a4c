// The Review table's stored preferences: what a reload reads back, and what it refuses.
import { describe, expect, it } from 'vitest';
import { gridTemplate, minRowWidth, parseFilter, parseSort, parseTablePrefs, clampWidth, MIN_COLUMN } from '../../renderer/src/features/review/tablePrefs';

describe('review table preferences', () => {
  it('reads back a stored filter and leaves out what it cannot read', () => {
    expect(parseFilter({ search: 'eap', status: 'proposed', stage: 'EV', document: 3, engine: 'classic', minConfidence: 0.5, maxConfidence: 2 })).toEqual({
      search: 'eap',
      status: 'proposed',
      stage: 'EV',
      document: 3,
      engine: 'classic',
      minConfidence: 0.5,
    });
    expect(parseFilter({ status: 'maybe', stage: 'XX', document: -1 })).toEqual({ search: '' });
    expect(parseFilter({ precision: 'suggestions' })).toEqual({ search: '', precision: 'suggestions' });
    expect(parseFilter({ precision: 'default' })).toEqual({ search: '' }); // the default view is no stored value
    expect(parseFilter('garbage')).toEqual({ search: '' });
  });
  it('reads back a sort on a known column only', () => {
    expect(parseSort({ column: 'confidence', desc: true })).toEqual({ column: 'confidence', desc: true });
    expect(parseSort({ column: 'nonsense' })).toEqual({ column: 'id', desc: false });
  });
  it('keeps a density and column widths within bounds', () => {
    expect(parseTablePrefs({ density: 'wrap', widths: { subject: 320, object: 5, bogus: 9 } })).toEqual({
      density: 'wrap',
      widths: { subject: 320, object: MIN_COLUMN },
    });
    expect(parseTablePrefs({ density: 'huge' })).toEqual({ density: 'normal', widths: {} });
    expect(clampWidth(10_000)).toBe(1200);
  });
  it('gives a dragged column its pixels and the others their default share', () => {
    const t = gridTemplate({ relation: 250 });
    expect(t.split(' ').slice(0, 1)).toEqual(['30px']);
    expect(t).toContain('250px');
    expect(t).toContain('minmax(72px, 2fr)');
    // Narrower than the columns' least widths, the table scrolls sideways.
    expect(minRowWidth({ relation: 250 })).toBe(30 + 72 + 250 + 72 + 52 + 96 + 84 + 72 + 68);
  });
});
