// Review's precision view: the triples an editor likely keeps (the default), the suggestions below
// the precision threshold (counted, one click away), or all of them.
import { useCall } from '../../api/hooks';
import type { CallInput } from '../../../../shared/contract';
import type { PrecisionView } from './precision';

export function PrecisionViewSwitch({
  base,
  threshold,
  view,
  onChange,
}: {
  /** The editor's other filters: the suggestions are counted under them. */
  base: Omit<CallInput<'triples.list'>, 'limit' | 'offset'>;
  threshold: number;
  view: PrecisionView;
  onChange: (view: PrecisionView) => void;
}) {
  const below = useCall('triples.list', { ...base, belowPrecision: threshold, limit: 1, offset: 0 });
  const n = below.data?.total;
  const option = (value: PrecisionView, label: string, title: string) => (
    <button
      type="button"
      className={view === value ? 'secondary small active' : 'secondary small'}
      aria-pressed={view === value}
      title={title}
      onClick={() => onChange(value)}
      data-testid={`precision-view-${value}`}
    >
      {label}
    </button>
  );
  return (
    <div className="precision-view" role="group" aria-label="Precision view">
      {option('default', 'Likely kept', `Triples an editor likely keeps: estimated precision at least ${threshold} (Settings), or not estimated`)}
      {option('suggestions', `Suggestions (${n ?? '…'})`, `Triples below the precision threshold ${threshold}: often worth a look, more often wrong`)}
      {option('all', 'All', 'Every triple, whatever its estimated precision')}
    </div>
  );
}
