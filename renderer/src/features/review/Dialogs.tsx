// The Review and Graph views' dialogs: add a triple, merge entities, rename a relation, merge candidates.
import { Fragment, useMemo, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Dialog } from '../../components/Dialog';
import { ErrorBox } from '../../components/EmptyState';
import { useCall } from '../../api/hooks';
import type { EdgeStatus } from '../../../../shared/schemas';
import { NodeAutocomplete, toNodeRef, type NodeChoice } from './NodeAutocomplete';
import type { EditRunner } from './reviewApi';
import { inBand, mergeGroups } from './mergeBand';

function RunnerError({ runner }: { runner: EditRunner }) {
  return runner.error ? (
    <div className="error-box" role="alert">
      {runner.error}
    </div>
  ) : null;
}

export function AddTripleDialog({ runner, onClose, onAdded }: { runner: EditRunner; onClose: () => void; onAdded?: (id: number) => void }) {
  const [subject, setSubject] = useState<NodeChoice>({ label: '' });
  const [relation, setRelation] = useState('');
  const [object, setObject] = useState<NodeChoice>({ label: '' });
  const [status, setStatus] = useState<EdgeStatus>('accepted');
  const ok = subject.label.trim() && relation.trim() && object.label.trim();
  const submit = async () => {
    if (!ok) return;
    const r = await runner.run('triples.add', { subject: toNodeRef(subject), relation: relation.trim(), object: toNodeRef(object), status });
    if (r) {
      onAdded?.(r.tripleIds[0]);
      onClose();
    }
  };
  return (
    <Dialog
      title="Add a triple"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="primary" disabled={!ok || runner.pending} onClick={() => void submit()}>
            Add triple
          </button>
        </>
      }
    >
      <form
        className="rv-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label>Subject</label>
        <NodeAutocomplete label="Subject" value={subject} onChange={setSubject} autoFocus />
        <label htmlFor="add-relation">Relation</label>
        <input id="add-relation" type="text" list="review-relations" value={relation} onChange={(e) => setRelation(e.target.value)} />
        <label>Object</label>
        <NodeAutocomplete label="Object" value={object} onChange={setObject} />
        <label htmlFor="add-status">Status</label>
        <select id="add-status" value={status} onChange={(e) => setStatus(e.target.value as EdgeStatus)}>
          <option value="accepted">accepted</option>
          <option value="proposed">proposed</option>
        </select>
        <p className="muted small span2">A new label creates an entity; pick a suggestion to use an existing one.</p>
        <button type="submit" hidden />
      </form>
      <RunnerError runner={runner} />
    </Dialog>
  );
}

export interface MergeNode {
  id: number;
  label: string;
  kind: string;
}

/** The nodes selected for merging (ids kept in the shared selection), with their labels and kinds. */
export function useMergeSelection(ids: number[]): MergeNode[] {
  const hood = useCall(
    'graph.neighbourhood',
    { nodeIds: ids, depth: 0, limit: Math.max(1, ids.length) },
    { enabled: ids.length > 0, placeholderData: keepPreviousData },
  );
  return useMemo(() => {
    if (!ids.length) return [];
    const byId = new Map((hood.data?.nodes ?? []).map((n) => [n.id, n]));
    return ids.flatMap((id) => {
      const n = byId.get(id);
      return n ? [{ id, label: n.label, kind: n.kind }] : [];
    });
  }, [ids, hood.data]);
}

/** One click adds a node the extraction proposed as a duplicate of the first one. */
function MergeSuggestions({ node, taken, onAdd }: { node: MergeNode; taken: Set<number>; onAdd: (n: MergeNode) => void }) {
  const cands = useCall('merge.candidates', { status: 'open', node: node.id, limit: 20, offset: 0 });
  const others = (cands.data?.items ?? []).map((c) => ({ other: c.a.id === node.id ? c.b : c.a, score: c.score })).filter((x) => !taken.has(x.other.id));
  if (!others.length) return null;
  return (
    <div className="merge-suggestions" data-testid="merge-suggestions">
      <span className="muted small">Proposed duplicates of {node.label}:</span>
      {others.map(({ other, score }) => (
        <button key={other.id} type="button" className="link small" onClick={() => onAdd({ id: other.id, label: other.label, kind: other.kind })}>
          + {other.label} <span className="muted">({score.toFixed(2)})</span>
        </button>
      ))}
    </div>
  );
}

export function MergeDialog({
  initial,
  runner,
  onClose,
  onMerged,
}: {
  initial: MergeNode[];
  runner: EditRunner;
  onClose: () => void;
  onMerged?: (survivor: number) => void;
}) {
  const [nodes, setNodes] = useState<MergeNode[]>(initial);
  const [survivor, setSurvivor] = useState<number | null>(initial[0]?.id ?? null);
  const [label, setLabel] = useState(initial[0]?.label ?? '');
  const [labelTouched, setLabelTouched] = useState(false);
  const [more, setMore] = useState<NodeChoice>({ label: '' });
  const choose = (n: MergeNode) => {
    setSurvivor(n.id);
    if (!labelTouched) setLabel(n.label);
  };
  const submit = async () => {
    if (survivor === null || nodes.length < 2) return;
    const r = await runner.run('entities.merge', { ids: nodes.map((n) => n.id), survivor, label: label.trim() || undefined });
    if (r) {
      onMerged?.(survivor);
      onClose();
    }
  };
  return (
    <Dialog
      title="Merge entities"
      onClose={onClose}
      onEnter={() => void submit()}
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="primary" disabled={nodes.length < 2 || survivor === null || runner.pending} onClick={() => void submit()}>
            Merge {nodes.length} entities
          </button>
        </>
      }
    >
      <p className="muted small">One node survives with the label you choose; the others' labels become its aliases, their triples and evidence move to it.</p>
      <fieldset className="merge-list">
        <legend>Surviving node</legend>
        {nodes.map((n) => (
          <div key={n.id} className="merge-row">
            <label>
              <input type="radio" name="survivor" checked={survivor === n.id} onChange={() => choose(n)} /> {n.label}{' '}
              <span className="muted small">
                #{n.id} · {n.kind}
              </span>
            </label>
            <button
              type="button"
              className="link small"
              aria-label={`Leave out ${n.label}`}
              onClick={() => {
                setNodes((l) => l.filter((x) => x.id !== n.id));
                if (survivor === n.id) setSurvivor(null);
              }}
            >
              leave out
            </button>
          </div>
        ))}
      </fieldset>
      {nodes.length > 0 && <MergeSuggestions node={nodes[0]} taken={new Set(nodes.map((n) => n.id))} onAdd={(n) => setNodes((l) => [...l, n])} />}
      {nodes.length < 2 && <p className="muted small">Add at least one more entity to merge with it.</p>}
      <div className="rv-form">
        <label htmlFor="merge-label">Label</label>
        <input
          id="merge-label"
          type="text"
          value={label}
          onChange={(e) => {
            setLabel(e.target.value);
            setLabelTouched(true);
          }}
        />
        <label>Add entity</label>
        <NodeAutocomplete
          label="Add entity to merge"
          value={more}
          onChange={(c) => {
            if (c.id !== undefined && !nodes.some((n) => n.id === c.id)) {
              setNodes((l) => [...l, { id: c.id!, label: c.label, kind: 'entity' }]);
              setMore({ label: '' });
            } else setMore(c);
          }}
        />
      </div>
      <RunnerError runner={runner} />
    </Dialog>
  );
}

export function RenameRelationDialog({ from, runner, onClose }: { from: string; runner: EditRunner; onClose: () => void }) {
  const [source, setSource] = useState(from);
  const [to, setTo] = useState(from);
  const count = useCall('relations.list', { search: source, limit: 20 });
  const n = count.data?.find((r) => r.relation === source)?.count ?? 0;
  const submit = async () => {
    if (!to.trim() || to.trim() === source) return;
    if (await runner.run('relations.rename', { from: source, to: to.trim() })) onClose();
  };
  return (
    <Dialog
      title="Rename a relation everywhere"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="primary" disabled={!to.trim() || to.trim() === source || n === 0 || runner.pending} onClick={() => void submit()}>
            Rename on {n} triples
          </button>
        </>
      }
    >
      <form
        className="rv-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="rename-from">Relation</label>
        <input id="rename-from" type="text" list="review-relations" value={source} onChange={(e) => setSource(e.target.value)} />
        <label htmlFor="rename-to">New name</label>
        <input id="rename-to" type="text" value={to} onChange={(e) => setTo(e.target.value)} />
        <button type="submit" hidden />
      </form>
      <RunnerError runner={runner} />
    </Dialog>
  );
}

/** One sentence of evidence for a triple: its document and the sentence, with the span marked. */
function EvidenceSentence({ tripleId }: { tripleId: number }) {
  const ev = useCall('triples.evidence', { tripleId }, { staleTime: 30_000 });
  const item = ev.data?.items[0];
  if (!ev.data) return <li className="muted small">…</li>;
  const t = ev.data.triple;
  if (!item)
    return (
      <li className="small">
        {`${t.subject} — ${t.relation} — ${t.object}`} <span className="muted">(no evidence)</span>
      </li>
    );
  const off = item.context.start;
  const text = item.context.text;
  const [s0, s1] = [Math.max(0, item.sentence.start - off), Math.min(text.length, item.sentence.end - off)];
  const [q0, q1] = [Math.max(s0, item.start - off), Math.min(s1, item.end - off)];
  return (
    <li className="small">
      <div>
        <strong>{t.relation}</strong> <span className="muted">{`${t.subject} → ${t.object}`}</span>
      </div>
      <div className="cmp-sentence">
        {text.slice(s0, q0)}
        <mark>{text.slice(q0, q1)}</mark>
        {text.slice(q1, s1)}
      </div>
      <div className="muted">
        {item.document.title}
        {item.page != null ? ` · p. ${item.page}` : ''}
      </div>
    </li>
  );
}

/** One side of a merge candidate: what the store knows of the node, and a few of its triples with their sentences. */
function CandidateSide({ node }: { node: { id: number; label: string; type: string | null } }) {
  const detail = useCall('entities.get', { id: node.id }, { staleTime: 30_000 });
  const hood = useCall('graph.neighbourhood', { nodeIds: [node.id], depth: 1, limit: 40 }, { staleTime: 30_000 });
  const edges = (hood.data?.edges ?? []).filter((e) => e.id > 0 && (e.source === node.id || e.target === node.id)).slice(0, 3);
  const d = detail.data;
  return (
    <section className="cmp-side" aria-label={`Evidence for ${node.label}`}>
      <h3>
        {node.label} {node.type && <span className="muted small">{node.type}</span>}
      </h3>
      {d && (
        <div className="muted small">
          {d.degree} triples · {d.mentions} mentions{d.documents.length ? ` · ${d.documents.map((x) => x.title).join(', ')}` : ''}
          {d.aliases.length ? ` · also ${d.aliases.join(', ')}` : ''}
        </div>
      )}
      <ul className="cmp-evidence">
        {edges.map((e) => (
          <EvidenceSentence key={e.id} tripleId={e.id} />
        ))}
        {hood.data && edges.length === 0 && <li className="muted small">No triples.</li>}
      </ul>
    </section>
  );
}

/** Groups shown in a band's preview; the rest are counted. */
const PREVIEW_GROUPS = 40;

/** Merge every open candidate of a score band in one edit, after a preview of the groups it makes. */
function BandMerge({ runner }: { runner: EditRunner }) {
  const [from, setFrom] = useState(0.9);
  const [to, setTo] = useState(1);
  const [shown, setShown] = useState(false);
  const band = useCall('merge.candidates', { status: 'open', minScore: Math.min(from, to), limit: 5000, offset: 0 }, { enabled: shown });
  const items = inBand(band.data?.items ?? [], Math.min(from, to), Math.max(from, to));
  const groups = mergeGroups(items);
  const entities = groups.reduce((k, g) => k + g.ids.length, 0);
  const score = (label: string, value: number, set: (v: number) => void) => (
    <input
      type="number"
      aria-label={label}
      min={0}
      max={1}
      step={0.01}
      value={value}
      onChange={(e) => {
        set(Math.min(1, Math.max(0, Number(e.target.value))));
        setShown(false);
      }}
    />
  );
  return (
    <fieldset className="band-merge" aria-label="Merge a score band">
      <legend>Merge a score band</legend>
      <div className="rv-inline">
        <span className="small">score from</span> {score('Lowest score', from, setFrom)} <span className="small">to</span> {score('Highest score', to, setTo)}
        <button type="button" className="secondary small" onClick={() => setShown(true)}>
          Preview
        </button>
      </div>
      <ErrorBox error={band.error} />
      {shown && band.data && (
        <div data-testid="band-preview">
          {items.length === 0 ? (
            <p className="muted small">
              No open candidate scores between {Math.min(from, to).toFixed(2)} and {Math.max(from, to).toFixed(2)}.
            </p>
          ) : (
            <>
              <p className="small">
                {items.length} {items.length === 1 ? 'candidate' : 'candidates'} would merge {entities} entities into {groups.length}:
              </p>
              <ul className="band-groups">
                {groups.slice(0, PREVIEW_GROUPS).map((g) => (
                  <li key={g.ids[0]}>{g.labels.join(' + ')}</li>
                ))}
                {groups.length > PREVIEW_GROUPS && <li className="muted">and {groups.length - PREVIEW_GROUPS} more groups</li>}
              </ul>
              <p className="muted small">
                Each group keeps its best-connected entity, the others become its aliases. Undo takes the whole band back in one step.
              </p>
              <button
                type="button"
                className="primary small"
                disabled={runner.pending}
                onClick={() => void runner.run('merge.acceptMany', { ids: items.map((c) => c.id) }).then((r) => r && setShown(false))}
              >
                Merge {items.length} {items.length === 1 ? 'candidate' : 'candidates'}
              </button>
            </>
          )}
        </div>
      )}
    </fieldset>
  );
}

export function MergeCandidatesDialog({ runner, onClose }: { runner: EditRunner; onClose: () => void }) {
  const list = useCall('merge.candidates', { status: 'open', limit: 100, offset: 0 });
  const [compare, setCompare] = useState<number | null>(null);
  return (
    <Dialog title="Merge candidates" onClose={onClose} wide>
      <ErrorBox error={list.error} />
      {list.data && list.data.total > 0 && <BandMerge runner={runner} />}
      {list.data && list.data.total === 0 && <p className="muted">No open merge candidates. Extraction proposes them when two entities look alike.</p>}
      {list.data && list.data.total > 0 && (
        <table className="grid candidates" aria-label="Merge candidates">
          <thead>
            <tr>
              <th>Entity</th>
              <th>Entity</th>
              <th className="num">Score</th>
              <th>Why</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((c) => (
              <Fragment key={c.id}>
                <tr>
                  <td>
                    {c.a.label} <span className="muted small">{c.a.type ?? ''}</span>
                  </td>
                  <td>
                    {c.b.label} <span className="muted small">{c.b.type ?? ''}</span>
                  </td>
                  <td className="num">{c.score.toFixed(2)}</td>
                  <td className="muted">{c.reason}</td>
                  <td className="actions">
                    <button
                      type="button"
                      className="secondary small"
                      disabled={runner.pending}
                      onClick={() => void runner.run('merge.accept', { id: c.id })}
                      aria-label={`Merge ${c.a.label} and ${c.b.label}`}
                    >
                      Merge
                    </button>
                    <button
                      type="button"
                      className="link small"
                      disabled={runner.pending}
                      onClick={() => void runner.run('merge.skip', { ids: [c.id] })}
                      aria-label={`Skip ${c.a.label} and ${c.b.label}`}
                    >
                      Skip
                    </button>
                    <button
                      type="button"
                      className="link small"
                      aria-expanded={compare === c.id}
                      aria-label={`Compare ${c.a.label} and ${c.b.label}`}
                      onClick={() => setCompare((x) => (x === c.id ? null : c.id))}
                    >
                      {compare === c.id ? 'Hide' : 'Compare'}
                    </button>
                  </td>
                </tr>
                {compare === c.id && (
                  <tr className="cmp-row">
                    <td colSpan={5}>
                      <div className="cmp" data-testid="merge-compare">
                        <CandidateSide node={c.a} />
                        <CandidateSide node={c.b} />
                      </div>
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      {list.data && list.data.total > list.data.items.length && <p className="muted small">{list.data.total - list.data.items.length} more after these.</p>}
      <RunnerError runner={runner} />
    </Dialog>
  );
}
