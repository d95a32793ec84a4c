// The difference between two versions of a document (editions): clauses and triples added, removed
// and changed, each opening its evidence in both versions side by side; accept or reject the
// triple changes in bulk (all open ones, or those ticked), as one step the editor can undo.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useApi, useCall } from '../../api/hooks';
import { ErrorBox } from '../../components/EmptyState';
import { navigate } from '../../nav';
import type { DiffClause, DiffTriple, EditionDiff, VersionEvidence } from '../../../../shared/contract/editions';
import './diff.css';

type TripleTab = 'added' | 'removed' | 'changed';

const TAB_LABEL: Record<TripleTab, string> = { added: 'Added', removed: 'Removed (stale)', changed: 'Changed' };
const TAB_HINT: Record<TripleTab, string> = {
  added: 'Evidence only in the newer version. Accept: accepted; reject: rejected.',
  removed: 'Their evidence is gone from the newer version: stale, kept. Accept: rejected; reject: kept as they are.',
  changed: 'Evidence in both versions, its text changed (reviewed triples are flagged to review again). Accept: accepted; reject: rejected.',
};

function Evidence({ ev, label }: { ev: VersionEvidence | null; label: string }) {
  if (!ev) return <div className="diff-evidence empty muted">not in {label}</div>;
  return (
    <div className="diff-evidence">
      <div className="diff-evidence-head">
        <strong>v{ev.version}</strong>
        <span className="muted">{ev.clause ?? `offset ${ev.start}`}</span>
        <div className="spacer" />
        {ev.chunk != null && (
          <button type="button" className="link" onClick={() => navigate('documents', { chunk: ev.chunk! })}>
            Open in v{ev.version}
          </button>
        )}
      </div>
      <blockquote>{ev.quote}</blockquote>
    </div>
  );
}

function ClauseRow({ c, diff }: { c: DiffClause; diff: EditionDiff }) {
  const [open, setOpen] = useState(false);
  return (
    <li className={`diff-clause diff-${c.kind}`} data-testid="diff-clause">
      <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className={`item-state diff-kind-${c.kind}`}>{c.kind}</span> {c.label}
      </button>
      {open && (
        <div className="diff-pair">
          <div className="diff-evidence">
            <div className="diff-evidence-head">
              <strong>v{diff.from.version}</strong>
            </div>
            {c.from ? <pre>{c.from.text}</pre> : <div className="muted">not in v{diff.from.version}</div>}
          </div>
          <div className="diff-evidence">
            <div className="diff-evidence-head">
              <strong>v{diff.to.version}</strong>
            </div>
            {c.to ? <pre>{c.to.text}</pre> : <div className="muted">not in v{diff.to.version}</div>}
          </div>
        </div>
      )}
    </li>
  );
}

function TripleRow({ t, diff, checked, onCheck }: { t: DiffTriple; diff: EditionDiff; checked: boolean; onCheck: (v: boolean) => void }) {
  const [open, setOpen] = useState(t.review);
  return (
    <li className={`diff-triple diff-${t.kind}`} data-testid="diff-triple" data-state={t.state}>
      <div className="diff-triple-line">
        <input type="checkbox" aria-label={`Select triple ${t.id}`} checked={checked} onChange={(e) => onCheck(e.target.checked)} />
        <button type="button" className="link diff-triple-text" aria-expanded={open} onClick={() => setOpen(!open)}>
          {t.subject} <span className="muted">—{t.relation}→</span> {t.object}
        </button>
        {t.review && <span className="item-state diff-review">review again</span>}
        <span className="muted">{t.status}</span>
        <span className={`item-state diff-state-${t.state}`}>{t.state}</span>
      </div>
      {open && (
        <div className="diff-pair">
          <Evidence ev={t.from} label={`v${diff.from.version}`} />
          <Evidence ev={t.to} label={`v${diff.to.version}`} />
        </div>
      )}
    </li>
  );
}

/** The diff of a version pair of document `id` (defaults: its newest version and the one before). */
export function DiffView({ id, from, to, onClose }: { id: number; from?: number; to?: number; onClose: () => void }) {
  const api = useApi();
  const qc = useQueryClient();
  const versions = useCall('documents.versions', { id });
  const diff = useCall('documents.diff', { id, from, to });
  const [tab, setTab] = useState<TripleTab>('changed');
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const d = diff.data;

  const choose = (which: 'from' | 'to', v: number) => {
    const next = { from: from ?? d?.from.version, to: to ?? d?.to.version, [which]: v };
    navigate('documents', { diff: id, ...(next.from ? { from: next.from } : {}), ...(next.to ? { to: next.to } : {}) });
  };

  async function resolve(action: 'accept' | 'reject') {
    if (!d) return;
    setBusy(true);
    setError(null);
    try {
      const triples = ticked.size ? [...ticked] : undefined;
      const r = await api.call('documents.diff.resolve', { id, from: d.from.version, to: d.to.version, action, triples });
      setDone(
        `${action === 'accept' ? 'Accepted' : 'Rejected'} ${r.tripleIds.length} change${r.tripleIds.length === 1 ? '' : 's'} (Undo in Review takes it back)`,
      );
      setTicked(new Set());
      for (const key of ['documents.diff', 'documents.versions', 'documents.editions', 'triples.list', 'documents.list'])
        void qc.invalidateQueries({ queryKey: [key] });
    } catch (err) {
      setError(err as Error);
    } finally {
      setBusy(false);
    }
  }

  const list = d ? d.triples[tab] : [];
  const open = d ? [...d.triples.added, ...d.triples.removed, ...d.triples.changed].filter((t) => t.state === 'open').length : 0;
  return (
    <section className="diff-view" aria-labelledby="diff-title" data-testid="diff-view">
      <header className="view-header">
        <h2 id="diff-title">{d ? `Changes in ${d.to.title}` : 'Changes'}</h2>
        <div className="spacer" />
        <button type="button" className="link" onClick={onClose}>
          Close
        </button>
      </header>
      <ErrorBox error={diff.error ?? versions.error ?? error} />
      {d && (
        <>
          <div className="diff-pairs">
            <label>
              From{' '}
              <select aria-label="From version" value={d.from.version} onChange={(e) => choose('from', Number(e.target.value))}>
                {(versions.data ?? [d.from]).map((v) => (
                  <option key={v.id} value={v.version}>
                    v{v.version} · document {v.id}
                  </option>
                ))}
              </select>
            </label>
            <label>
              to{' '}
              <select aria-label="To version" value={d.to.version} onChange={(e) => choose('to', Number(e.target.value))}>
                {(versions.data ?? [d.to]).map((v) => (
                  <option key={v.id} value={v.version}>
                    v{v.version} · document {v.id}
                  </option>
                ))}
              </select>
            </label>
            {d.to.edition && <span className="muted">{d.to.edition}</span>}
            <span className="muted" data-testid="diff-chunks">
              chunks: {d.chunks.unchanged} unchanged, {d.chunks.moved} moved, {d.chunks.edited} edited, {d.chunks.added} added, {d.chunks.removed} removed
            </span>
          </div>
          <h3>
            Clauses <span className="muted">({d.clauses.unchanged} unchanged)</span>
          </h3>
          {d.clauses.items.length ? (
            <ul className="diff-list">
              {d.clauses.items.map((c) => (
                <ClauseRow key={`${c.kind}-${c.label}`} c={c} diff={d} />
              ))}
            </ul>
          ) : (
            <p className="muted">No clause changed.</p>
          )}
          <h3>
            Triples <span className="muted">({d.triples.unchanged} unchanged)</span>
          </h3>
          <div className="diff-tabs" role="tablist">
            {(['changed', 'added', 'removed'] as const).map((k) => (
              <button key={k} type="button" role="tab" aria-selected={tab === k} className={tab === k ? 'tab selected' : 'tab'} onClick={() => setTab(k)}>
                {TAB_LABEL[k]} ({d.triples[k].length})
              </button>
            ))}
          </div>
          <p className="muted">{TAB_HINT[tab]}</p>
          <div className="diff-actions">
            <button type="button" className="primary" disabled={busy || (!ticked.size && !open)} onClick={() => void resolve('accept')}>
              {ticked.size ? `Accept ${ticked.size} selected` : `Accept all changes (${open})`}
            </button>
            <button type="button" disabled={busy || (!ticked.size && !open)} onClick={() => void resolve('reject')}>
              {ticked.size ? `Reject ${ticked.size} selected` : `Reject all changes (${open})`}
            </button>
            {done && (
              <span role="status" className="muted" data-testid="diff-done">
                {done}
              </span>
            )}
          </div>
          {list.length ? (
            <ul className="diff-list">
              {list.map((t) => (
                <TripleRow
                  key={t.id}
                  t={t}
                  diff={d}
                  checked={ticked.has(t.id)}
                  onCheck={(v) =>
                    setTicked((s) => {
                      const n = new Set(s);
                      if (v) n.add(t.id);
                      else n.delete(t.id);
                      return n;
                    })
                  }
                />
              ))}
            </ul>
          ) : (
            <p className="muted">None.</p>
          )}
        </>
      )}
    </section>
  );
}
