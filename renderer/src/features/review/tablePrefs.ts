// The Review table's preferences kept in this browser's / window's local storage: the filter and sort
// (a reload shows the same rows), the row density and the column widths the user dragged.
import { EdgeStatus, Stage } from '../../../../shared/schemas';
import { TripleSortColumn } from '../../../../shared/contract/graph';
import { EMPTY_FILTER, type ReviewFilter, type ReviewSort } from './filters';

export type Density = 'compact' | 'normal' | 'wrap';
export const DENSITIES: { value: Density; label: string }[] = [
  { value: 'compact', label: 'Compact rows' },
  { value: 'normal', label: 'Normal rows' },
  { value: 'wrap', label: 'Wrap long labels' },
];
/** Height of a row (the least height of a wrapped one). */
export const ROW_HEIGHTS: Record<Density, number> = { compact: 26, normal: 34, wrap: 34 };

/** The table's columns after the check box, in order, with their default share of the width. */
const COLUMNS = ['subject', 'relation', 'object', 'stage', 'status', 'confidence', 'document', 'engine'] as const;
export type ColumnId = (typeof COLUMNS)[number];
/** A flexible column's least width: a dragged neighbour never squeezes it to nothing (the table scrolls sideways instead). */
const FLEX_MIN = 72;
const DEFAULT_TRACKS: Record<ColumnId, { track: string; min: number }> = {
  subject: { track: `minmax(${FLEX_MIN}px, 2fr)`, min: FLEX_MIN },
  relation: { track: `minmax(${FLEX_MIN}px, 2fr)`, min: FLEX_MIN },
  object: { track: `minmax(${FLEX_MIN}px, 2fr)`, min: FLEX_MIN },
  stage: { track: '52px', min: 52 },
  status: { track: '96px', min: 96 },
  confidence: { track: '84px', min: 84 },
  document: { track: `minmax(${FLEX_MIN}px, 1.3fr)`, min: FLEX_MIN },
  engine: { track: '68px', min: 68 },
};
const CHECK_WIDTH = 30;
export const MIN_COLUMN = 40;
const MAX_COLUMN = 1200;

/** The rows' grid template: a dragged column takes its width in pixels, the others their default share. */
export function gridTemplate(widths: Partial<Record<ColumnId, number>>): string {
  return [`${CHECK_WIDTH}px`, ...COLUMNS.map((c) => (widths[c] ? `${widths[c]}px` : DEFAULT_TRACKS[c].track))].join(' ');
}

/** The least width of a row with these widths: narrower than this, the table scrolls sideways. */
export function minRowWidth(widths: Partial<Record<ColumnId, number>>): number {
  return COLUMNS.reduce((sum, c) => sum + (widths[c] ?? DEFAULT_TRACKS[c].min), CHECK_WIDTH);
}

export const clampWidth = (w: number) => Math.round(Math.min(MAX_COLUMN, Math.max(MIN_COLUMN, w)));

const FILTER_KEY = 'graphwright.review.filter';
const TABLE_KEY = 'graphwright.review.table';

/** This browser's local storage, if any (typed here: the unit tests compile this file without the DOM). */
const storage = () => (globalThis as unknown as { localStorage?: { getItem(k: string): string | null; setItem(k: string, v: string): void } }).localStorage;

function read(key: string): unknown {
  try {
    const v = storage()?.getItem(key);
    return v ? (JSON.parse(v) as unknown) : undefined;
  } catch {
    // storage refused or unreadable: the default preference
    return undefined;
  }
}
function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // storage refused (private mode, full): the preference lasts for this page
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const num01 = (v: unknown) => (typeof v === 'number' && v >= 0 && v <= 1 ? v : undefined);

/** A stored filter, with anything unreadable left out (a filter written by another version must not break the view). */
export function parseFilter(v: unknown): ReviewFilter {
  if (!isObj(v)) return EMPTY_FILTER;
  const f: ReviewFilter = { search: typeof v.search === 'string' ? v.search : '' };
  if (EdgeStatus.safeParse(v.status).success) f.status = v.status as ReviewFilter['status'];
  if (Stage.safeParse(v.stage).success) f.stage = v.stage as ReviewFilter['stage'];
  if (typeof v.document === 'number' && Number.isInteger(v.document) && v.document > 0) f.document = v.document;
  if (typeof v.engine === 'string' && v.engine) f.engine = v.engine;
  if (typeof v.relation === 'string' && v.relation) f.relation = v.relation;
  const min = num01(v.minConfidence);
  const max = num01(v.maxConfidence);
  if (min !== undefined) f.minConfidence = min;
  if (max !== undefined) f.maxConfidence = max;
  if (v.precision === 'suggestions' || v.precision === 'all') f.precision = v.precision;
  return f;
}

export function parseSort(v: unknown): ReviewSort {
  if (isObj(v) && TripleSortColumn.safeParse(v.column).success) return { column: v.column as ReviewSort['column'], desc: v.desc === true };
  return { column: 'id', desc: false };
}

export function loadFilter(): { filter: ReviewFilter; sort: ReviewSort } {
  const v = read(FILTER_KEY);
  return isObj(v) ? { filter: parseFilter(v.filter), sort: parseSort(v.sort) } : { filter: EMPTY_FILTER, sort: { column: 'id', desc: false } };
}
export function saveFilter(filter: ReviewFilter, sort: ReviewSort): void {
  write(FILTER_KEY, { filter, sort });
}

export interface TablePrefs {
  density: Density;
  widths: Partial<Record<ColumnId, number>>;
}

export function parseTablePrefs(v: unknown): TablePrefs {
  const prefs: TablePrefs = { density: 'normal', widths: {} };
  if (!isObj(v)) return prefs;
  if (DENSITIES.some((d) => d.value === v.density)) prefs.density = v.density as Density;
  if (isObj(v.widths)) {
    for (const c of COLUMNS) {
      const w = v.widths[c];
      if (typeof w === 'number' && Number.isFinite(w)) prefs.widths[c] = clampWidth(w);
    }
  }
  return prefs;
}
export const loadTablePrefs = (): TablePrefs => parseTablePrefs(read(TABLE_KEY));
export const saveTablePrefs = (p: TablePrefs): void => write(TABLE_KEY, p);

/** What the stage codes mean (the Stage column's header, cells and filter). */
export const STAGE_MEANING: Record<string, string> = {
  EE: 'entity–entity: a relation between two entities',
  EV: 'entity–event: an entity taking part in an event',
  VV: 'event–event: one event related to another (cause, order)',
  import: 'imported from a file',
  manual: 'added by an editor',
};
export const STAGE_LEGEND = 'Stage: EE = entity–entity, EV = entity–event, VV = event–event; import = imported, manual = added by an editor';
