// The Review view's filter bar (text, status, stage, engine, confidence) and its saved filters.
import { useState } from 'react';
import { useCall, useCallMutation } from '../../api/hooks';
import { EdgeStatus, Stage } from '../../../../shared/schemas';
import { SAVED_FILTERS_KEY, describeFilter, parseSavedFilters, type ReviewFilter, type ReviewSort, type SavedFilter } from './filters';
import { STAGE_LEGEND, STAGE_MEANING } from './tablePrefs';

function numberOrUndefined(v: string): number | undefined {
  if (v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : undefined;
}

export function Filters({ filter, onChange }: { filter: ReviewFilter; onChange: (f: ReviewFilter) => void }) {
  const docs = useCall('documents.list', {});
  const stats = useCall('extract.stats', {}, { staleTime: 30_000 });
  const engines = [...new Set(['classic', 'editor', ...(stats.data?.byEngine.map((b) => b.engine) ?? [])])];
  const set = (patch: Partial<ReviewFilter>) => onChange({ ...filter, ...patch });
  return (
    <div className="review-filters" role="search" aria-label="Filter triples">
      <input
        type="search"
        aria-label="Search triples"
        placeholder="Search subject, relation, object…"
        value={filter.search}
        onChange={(e) => set({ search: e.target.value })}
      />
      <select aria-label="Status" value={filter.status ?? ''} onChange={(e) => set({ status: (e.target.value || undefined) as EdgeStatus | undefined })}>
        <option value="">any status</option>
        {EdgeStatus.options.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <select
        aria-label="Stage"
        title={STAGE_LEGEND}
        value={filter.stage ?? ''}
        onChange={(e) => set({ stage: (e.target.value || undefined) as Stage | undefined })}
      >
        <option value="">any stage</option>
        {Stage.options.map((s) => (
          <option key={s} value={s}>
            {s} — {STAGE_MEANING[s]}
          </option>
        ))}
      </select>
      <select aria-label="Document" value={filter.document ?? ''} onChange={(e) => set({ document: e.target.value ? Number(e.target.value) : undefined })}>
        <option value="">any document</option>
        {(docs.data ?? []).map((d) => (
          <option key={d.id} value={d.id}>
            {d.title}
          </option>
        ))}
      </select>
      <select aria-label="Engine" value={filter.engine ?? ''} onChange={(e) => set({ engine: e.target.value || undefined })}>
        <option value="">any engine</option>
        {engines.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <input
        type="text"
        aria-label="Relation filter"
        list="review-relations"
        placeholder="relation"
        value={filter.relation ?? ''}
        onChange={(e) => set({ relation: e.target.value || undefined })}
      />
      <label className="conf">
        confidence
        <input
          type="number"
          aria-label="Minimum confidence"
          min={0}
          max={1}
          step={0.05}
          value={filter.minConfidence ?? ''}
          onChange={(e) => set({ minConfidence: numberOrUndefined(e.target.value) })}
        />
        –
        <input
          type="number"
          aria-label="Maximum confidence"
          min={0}
          max={1}
          step={0.05}
          value={filter.maxConfidence ?? ''}
          onChange={(e) => set({ maxConfidence: numberOrUndefined(e.target.value) })}
        />
      </label>
    </div>
  );
}

export function SavedFilters({ filter, sort, onApply }: { filter: ReviewFilter; sort: ReviewSort; onApply: (s: SavedFilter) => void }) {
  const saved = useCall('settings.get', { key: SAVED_FILTERS_KEY });
  const docs = useCall('documents.list', {});
  const save = useCallMutation('settings.set', ['settings.get']);
  const list = parseSavedFilters(saved.data?.value);
  const [naming, setNaming] = useState<string | null>(null);
  const write = (next: SavedFilter[]) => save.mutate({ key: SAVED_FILTERS_KEY, value: next });
  return (
    <div className="saved-filters">
      <select
        aria-label="Saved filters"
        value=""
        onChange={(e) => {
          const s = list.find((x) => x.name === e.target.value);
          if (s) onApply(s);
        }}
      >
        <option value="">Saved filters…</option>
        {list.map((s) => (
          <option key={s.name} value={s.name}>
            {s.name}
          </option>
        ))}
      </select>
      {naming === null ? (
        <button
          type="button"
          className="secondary small"
          onClick={() => setNaming(describeFilter(filter, docs.data?.find((d) => d.id === filter.document)?.title))}
        >
          Save filter
        </button>
      ) : (
        <form
          className="rv-inline"
          onSubmit={(e) => {
            e.preventDefault();
            const name = naming.trim();
            if (name) write([...list.filter((x) => x.name !== name), { name, filter, sort }]);
            setNaming(null);
          }}
        >
          <input
            type="text"
            aria-label="Filter name"
            value={naming}
            autoFocus
            onChange={(e) => setNaming(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setNaming(null)}
          />
          <button type="submit" className="primary small">
            Save
          </button>
        </form>
      )}
      {list.length > 0 && naming === null && (
        <details className="manage-filters">
          <summary className="small">Manage</summary>
          <ul>
            {list.map((s) => (
              <li key={s.name}>
                {s.name}{' '}
                <button
                  type="button"
                  className="link small"
                  aria-label={`Delete saved filter ${s.name}`}
                  onClick={() => write(list.filter((x) => x.name !== s.name))}
                >
                  delete
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
