import { useEffect, useState } from 'react';
import { useCallMutation } from '../../api/hooks';
import { ErrorBox } from '../../components/EmptyState';
import { DEFAULT_PRECISION_THRESHOLD, PRECISION_THRESHOLD_KEY } from '../../../../shared/contract';
import { usePrecisionThreshold } from '../review/usePrecisionThreshold';

/**
 * The precision threshold of Review's and Graph's default view: triples whose estimated precision (the
 * chance an editor keeps them as they stand, docs/extraction.md) is below it are suggestions.
 */
export function ReviewSection() {
  const threshold = usePrecisionThreshold();
  const save = useCallMutation('settings.set', ['settings.get', 'triples.list', 'graph.neighbourhood']);
  const [draft, setDraft] = useState(String(threshold));
  useEffect(() => setDraft(String(threshold)), [threshold]);
  const value = Number(draft);
  const valid = draft.trim() !== '' && Number.isFinite(value) && value >= 0 && value <= 1;
  return (
    <section className="settings-section" aria-labelledby="settings-review">
      <h2 id="settings-review">Review and Graph</h2>
      <p className="muted">
        Review and Graph show the triples an editor likely keeps: an estimated precision at or above this threshold, or none estimated. The rest are
        suggestions, one click away. 0 shows everything. The default, {DEFAULT_PRECISION_THRESHOLD}, is the highest that still keeps 70 % of the facts editors
        listed in the training sections.
      </p>
      <form
        className="rv-inline"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) save.mutate({ key: PRECISION_THRESHOLD_KEY, value });
        }}
      >
        <label>
          Precision threshold{' '}
          <input type="number" aria-label="Precision threshold" min={0} max={1} step={0.05} value={draft} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <button type="submit" className="primary small" disabled={!valid || value === threshold}>
          Save
        </button>
        <button
          type="button"
          className="secondary small"
          disabled={threshold === DEFAULT_PRECISION_THRESHOLD}
          onClick={() => save.mutate({ key: PRECISION_THRESHOLD_KEY, value: DEFAULT_PRECISION_THRESHOLD })}
        >
          Default
        </button>
      </form>
      <ErrorBox error={save.error} />
    </section>
  );
}
