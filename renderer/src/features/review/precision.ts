// The precision threshold of Review's and Graph's default view (setting review.precisionThreshold): the
// default view shows the triples an editor likely keeps (estimated precision at or above the
// threshold, or not estimated); the suggestions are the rest, one click away.
// (plain functions, for the unit tests; the hook reading the setting is usePrecisionThreshold.ts)
import { DEFAULT_PRECISION_THRESHOLD } from '../../../../shared/contract/review';

/** default: likely kept; suggestions: below the threshold; all: no precision filter. */
export type PrecisionView = 'default' | 'suggestions' | 'all';

/** A stored setting's value as a threshold in [0, 1]; the default when unset or not a number. */
export function parseThreshold(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1 ? value : DEFAULT_PRECISION_THRESHOLD;
}

/** The precision part of a triples.list or neighbourhood filter for a view. */
export function precisionFilter(view: PrecisionView, threshold: number): { minPrecision?: number; belowPrecision?: number } {
  if (view === 'default') return { minPrecision: threshold };
  if (view === 'suggestions') return { belowPrecision: threshold };
  return {};
}
