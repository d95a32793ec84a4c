// The concept browser: concepts ranked by how many instances they cover, expanded to their
// instances; rename, merge two (or more), detach a wrong instance — each one undo step (history.undo).
import { Fragment, useState, type FormEvent } from 'react';
import { useCall, useCallMutation } from '../../api/hooks';
import { CONCEPT_QUERIES } from '../../api/freshness';
import { EmptyState, ErrorBox } from '../../components/EmptyState';
import type { ConceptItem, InstanceKind } from '../../../../shared/contract/concepts';
import type { EngineName } from '../../../../shared/contract/engines';
import './concepts.css';

const PAGE = 100;
function Coverage() {
  const cov = useCall('concepts.coverage', {});
  const c = cov.data;
  if (!c) return null;
  const part = (k: 'entity' | 'event' | 'relation', name: string) => `${name} ${c.instances[k].covered}/${c.instances[k].total}`;
  return (
    <p className="concept-coverage muted" data-testid="concept-coverage">
      {c.concepts} concepts · covered: {part('entity', 'entities')}, {part('event', 'events')}, {part('relation', 'relations')} · distinct types:{' '}
      {c.distinctTypes.entity} entity, {c.distinctTypes.event} event, {c.distinctTypes.relation} relation
      {c.fallbackLinks ? ` · ${c.fallbackLinks} links backfilled` : ''}
    </p>
  );
}

function Instances({ concept, onMessage }: { concept: ConceptItem; onMessage: (m: string) => void }) {
  const inst = useCall('concepts.instances', { conceptId: concept.id, limit: 500, offset: 0 });
  const detach = useCallMutation('concepts.detach', CONCEPT_QUERIES);
  return (
    <div className="concept-instances">
      <ErrorBox error={inst.error ?? detach.error} />
      {inst.data && inst.data.items.length === 0 && <p className="muted">No instances left.</p>}
      {inst.data && inst.data.items.length > 0 && (
        <table className="grid" aria-label={`Instances of ${concept.label}`}>
          <thead>
            <tr>
              <th>Instance</th>
              <th>Kind</th>
              <th>Type</th>
              <th className="num">Level</th>
              <th>Made by</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {inst.data.items.map((i) => (
              <tr key={i.linkId}>
                <td>{i.label}</td>
                <td>{i.kind}</td>
                <td>{i.type ?? ''}</td>
                <td className="num">{i.level}</td>
                <td className={i.model === 'fallback' ? 'muted' : undefined}>{i.model ?? ''}</td>
                <td>
                  <button
                    type="button"
                    className="secondary small"
                    disabled={detach.isPending}
                    aria-label={`Detach ${i.label} from ${concept.label}`}
                    onClick={() =>
                      detach.mutate(i.nodeId !== null ? { conceptId: concept.id, nodeId: i.nodeId } : { conceptId: concept.id, relation: i.relation ?? '' }, {
                        onSuccess: () => onMessage(`Detached ${i.label} from ${concept.label}`),
                      })
                    }
                  >
                    Detach
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {inst.data && inst.data.total > inst.data.items.length && (
        <p className="muted">
          First {inst.data.items.length} of {inst.data.total}.
        </p>
      )}
    </div>
  );
}

function RenameForm({ concept, onDone }: { concept: ConceptItem; onDone: (message?: string) => void }) {
  const [label, setLabel] = useState(concept.label);
  const rename = useCallMutation('concepts.rename', CONCEPT_QUERIES);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!label.trim() || label.trim() === concept.label) return onDone();
    rename.mutate({ conceptId: concept.id, label: label.trim() }, { onSuccess: () => onDone(`Renamed ${concept.label} → ${label.trim()}`) });
  };
  return (
    <form className="inline-form" onSubmit={submit}>
      <input
        aria-label={`New label for ${concept.label}`}
        value={label}
        autoFocus
        maxLength={200}
        onChange={(e) => setLabel(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onDone()}
      />
      <button type="submit" className="primary small" disabled={rename.isPending}>
        Save
      </button>
      <button type="button" className="secondary small" onClick={() => onDone()}>
        Cancel
      </button>
      {rename.error && <span className="danger small">{rename.error.message}</span>}
    </form>
  );
}

function RunConcepts({ onMessage }: { onMessage: (m: string) => void }) {
  const [engine, setEngine] = useState<EngineName>('classic');
  const start = useCallMutation('concepts.start', []);
  return (
    <span className="concept-run">
      <select aria-label="Concept engine" value={engine} onChange={(e) => setEngine(e.target.value as EngineName)}>
        <option value="classic">classic (no model)</option>
        <option value="llama">local model</option>
        <option value="openai">OpenAI-compatible</option>
      </select>
      <button
        type="button"
        className="secondary"
        disabled={start.isPending}
        onClick={() => start.mutate({ engine }, { onSuccess: (j) => onMessage(`Started job #${j.id}: ${j.title}`), onError: (e) => onMessage(e.message) })}
      >
        Conceptualise
      </button>
    </span>
  );
}

export function ConceptsView() {
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<InstanceKind | ''>('');
  const [offset, setOffset] = useState(0);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [message, setMessage] = useState('');
  const list = useCall('concepts.list', { search: search.trim() || undefined, kind: kind || undefined, limit: PAGE, offset });
  const merge = useCallMutation('concepts.merge', CONCEPT_QUERIES);
  const undo = useCallMutation('history.undo', CONCEPT_QUERIES);
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const doMerge = () =>
    merge.mutate(
      { ids: selected },
      {
        onSuccess: (r) => {
          setSelected([]);
          setExpanded(r.nodeIds[0] ?? null);
          setMessage(`Merged ${r.changes} changes into one concept`);
        },
      },
    );
  const doUndo = () => undo.mutate({}, { onSuccess: (r) => setMessage(r.group ? `Undone: ${r.group.summary}` : 'Nothing to undo') });

  return (
    <section className="view concepts-view" aria-labelledby="concepts-title">
      <header className="view-header">
        <h1 id="concepts-title">Concepts</h1>
        {list.data && <span className="muted">{total} concepts</span>}
        <span className="spacer" />
        <RunConcepts onMessage={setMessage} />
      </header>
      <Coverage />
      <div className="concept-toolbar">
        <input
          type="search"
          aria-label="Search concepts"
          placeholder="Search concepts"
          value={search}
          onChange={(e) => (setSearch(e.target.value), setOffset(0))}
        />
        <select aria-label="Instance kind" value={kind} onChange={(e) => (setKind(e.target.value as InstanceKind | ''), setOffset(0))}>
          <option value="">all kinds</option>
          <option value="entity">entities</option>
          <option value="event">events</option>
          <option value="relation">relations</option>
        </select>
        <button type="button" className="secondary" disabled={selected.length < 2 || merge.isPending} onClick={doMerge}>
          Merge {selected.length >= 2 ? selected.length : ''} selected
        </button>
        <button type="button" className="secondary" disabled={undo.isPending} onClick={doUndo}>
          Undo
        </button>
        {message && (
          <span className="concept-status" role="status">
            {message}
          </span>
        )}
      </div>
      <ErrorBox error={list.error ?? merge.error ?? undo.error} />
      {list.isSuccess && total === 0 && !search && !kind ? (
        <EmptyState title="No concepts yet" icon="concepts">
          <p>
            Extract a graph, then conceptualise it: every entity, event and relation gets concepts at several levels of abstraction. The classic engine needs no
            model.
          </p>
        </EmptyState>
      ) : (
        <div className="concept-table-wrap">
          <table className="grid" aria-label="Concepts">
            <thead>
              <tr>
                <th aria-label="Select" />
                <th>Concept</th>
                <th className="num">Instances</th>
                <th className="num">Entities</th>
                <th className="num">Events</th>
                <th className="num">Relations</th>
                <th>Made by</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {items.map((c) => (
                <Fragment key={c.id}>
                  <tr className={selected.includes(c.id) ? 'selected' : undefined} data-testid="concept-row">
                    <td>
                      <input type="checkbox" aria-label={`Select ${c.label}`} checked={selected.includes(c.id)} onChange={() => toggle(c.id)} />
                    </td>
                    <td>
                      {renaming === c.id ? (
                        <RenameForm
                          concept={c}
                          onDone={(m) => {
                            setRenaming(null);
                            if (m) setMessage(m);
                          }}
                        />
                      ) : (
                        <button
                          type="button"
                          className="link concept-label"
                          aria-expanded={expanded === c.id}
                          onClick={() => setExpanded(expanded === c.id ? null : c.id)}
                        >
                          {c.label}
                        </button>
                      )}
                      {c.aliases.length > 0 && renaming !== c.id && <span className="muted small"> also {c.aliases.slice(0, 3).join(', ')}</span>}
                    </td>
                    <td className="num">{c.instances}</td>
                    <td className="num">{c.entities}</td>
                    <td className="num">{c.events}</td>
                    <td className="num">{c.relations}</td>
                    <td className="muted small">{c.models.join(', ')}</td>
                    <td>
                      <button type="button" className="secondary small" aria-label={`Rename ${c.label}`} onClick={() => setRenaming(c.id)}>
                        Rename
                      </button>
                    </td>
                  </tr>
                  {expanded === c.id && (
                    <tr className="concept-expanded">
                      <td />
                      <td colSpan={7}>
                        <Instances concept={c} onMessage={setMessage} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
          {total > PAGE && (
            <div className="concept-pager">
              <button type="button" className="secondary small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
                Previous
              </button>
              <span className="muted small">
                {offset + 1}–{Math.min(total, offset + PAGE)} of {total}
              </span>
              <button type="button" className="secondary small" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
                Next
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
