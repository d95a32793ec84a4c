// The Review table's filter and sort, and the filters the editor saved (settings key review.savedFilters).
import type { CallInput, TripleSortColumn } from '../../../../shared/contract';
import type { EdgeStatus, Stage } from '../../../../shared/schemas';
import { precisionFilter, type PrecisionView } from './precision';

export interface ReviewFilter {
  search: string;
  status?: EdgeStatus;
  stage?: Stage;
  document?: number;
  engine?: string;
  relation?: string;
  minConfidence?: number;
  maxConfidence?: number;
  /** Unset: the default view (likely kept); 'suggestions': the triples below the precision threshold; 'all': both. */
  precision?: Exclude<PrecisionView, 'default'>;
}

export interface ReviewSort {
  column: TripleSortColumn;
  desc: boolean;
}

export interface SavedFilter {
  name: string;
  filter: ReviewFilter;
  sort?: ReviewSort;
}

export const SAVED_FILTERS_KEY = 'review.savedFilters';
export const EMPTY_FILTER: ReviewFilter = { search: '' };

/** The triples.list input for a filter and sort (without the page and the precision view: see tripleQuery). */
export function baseTripleQuery(f: ReviewFilter, s: ReviewSort): Omit<CallInput<'triples.list'>, 'limit' | 'offset'> {
  const q: Omit<CallInput<'triples.list'>, 'limit' | 'offset'> = { sort: s.column, desc: s.desc };
  if (f.search.trim()) q.search = f.search.trim();
  if (f.status) q.status = f.status;
  if (f.stage) q.stage = f.stage;
  if (f.document) q.document = f.document;
  if (f.engine) q.engine = f.engine;
  if (f.relation) q.relation = f.relation;
  if (f.minConfidence !== undefined) q.minConfidence = f.minConfidence;
  if (f.maxConfidence !== undefined) q.maxConfidence = f.maxConfidence;
  return q;
}

/** The triples.list input for a filter and sort (without the page), the precision view applied at this threshold. */
export function tripleQuery(f: ReviewFilter, s: ReviewSort, threshold: number): Omit<CallInput<'triples.list'>, 'limit' | 'offset'> {
  return { ...baseTripleQuery(f, s), ...precisionFilter(f.precision ?? 'default', threshold) };
}

/** A one-line description of a filter, for the saved-filter name suggestion. */
export function describeFilter(f: ReviewFilter, documentTitle?: string): string {
  const parts: string[] = [];
  if (f.precision === 'suggestions') parts.push('suggestions');
  if (f.precision === 'all') parts.push('all precisions');
  if (f.status) parts.push(f.status);
  if (f.stage) parts.push(f.stage);
  if (f.maxConfidence !== undefined) parts.push(`confidence < ${f.maxConfidence}`);
  if (f.minConfidence !== undefined) parts.push(`confidence ≥ ${f.minConfidence}`);
  if (f.relation) parts.push(`“${f.relation}”`);
  if (f.engine) parts.push(f.engine);
  if (f.document) parts.push(documentTitle ?? `document ${f.document}`);
  if (f.search.trim()) parts.push(`“${f.search.trim()}”`);
  return parts.join(', ') || 'all triples';
}

export function parseSavedFilters(value: unknown): SavedFilter[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (v): v is SavedFilter => !!v && typeof v === 'object' && typeof (v as SavedFilter).name === 'string' && typeof (v as SavedFilter).filter === 'object',
  );
}
