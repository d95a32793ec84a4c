// The difference between two versions of a document (editions): clauses and triples added, removed
// and changed, each opening its evidence in both versions side by side, the changed words marked;
// act on a tab's open triple changes in bulk (or those ticked), as one step the editor can undo. The
// buttons say what happens to the triples: on the Removed tab, accepting the removal rejects them.
import { Fragment, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useApi, useCall } from '../../api/hooks';
import { ErrorBox } from '../../components/EmptyState';
import { navigate } from '../../nav';
import type { DiffClause, DiffTriple, EditionDiff, VersionEvidence } from '../../../../shared/contract/editions';
import type { JobInfoOf } from '../../../../shared/contract/jobs';
import { ExtractChanged } from './Editions';
import { wordDiff, type DiffPart } from './wordDiff';
import './diff.css';

type TripleTab = 'added' | 'removed' | 'changed';

const TABS: TripleTab[] = ['changed', 'added', 'removed'];
const TAB_LABEL: Record<TripleTab, string> = { added: 'Added', removed: 'Removed (stale)', changed: 'Changed' };
const TAB_HINT: Record<TripleTab, string> = {
  added: 'Evidence only in the newer version.',
  removed: 'Their evidence is gone from the newer version: they are stale (kept until you decide). Reject them, or keep them with the status they had.',
  changed: 'Evidence in both versions, its text changed (reviewed triples are flagged to review again).',
};

/** What each tab's two buttons do, in words: [accept action, reject action] of documents.diff.resolve. */
const ACTION_WORDS: Record<TripleTab, [string, string]> = {
  added: ['Accept', 'Reject'],
  changed: ['Accept', 'Reject'],
  // accepting a removal rejects the triple; refusing it keeps the triple
  removed: ['Reject', 'Keep'],
};

/** The first tab with any triple in it (changed, added, removed), else Changed. */
function firstTabWithChanges(d: EditionDiff): TripleTab {
  return TABS.find((k) => d.triples[k].length > 0) ?? 'changed';
}

/** A text with its changed words marked (ins in the newer text, del in the older one). */
function Marked({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.kind === 'same' ? (
          <Fragment key={i}>{p.text}</Fragment>
        ) : p.kind === 'added' ? (
          <ins key={i} className="diff-word-added" data-testid="diff-word-added">
            {p.text}
          </ins>
        ) : (
          <del key={i} className="diff-word-removed" data-testid="diff-word-removed">
            {p.text}
          </del>
        ),
      )}
    </>
  );
}

function Evidence({ ev, label, parts }: { ev: VersionEvidence | null; label: string; parts?: DiffPart[] }) {
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
      <blockquote>{parts ? <Marked parts={parts} /> : ev.quote}</blockquote>
    </div>
  );
}

function ClauseRow({ c, diff }: { c: DiffClause; diff: EditionDiff }) {
  const [open, setOpen] = useState(false);
  const marked = open && c.kind === 'changed' && c.from && c.to ? wordDiff(c.from.text, c.to.text) : null;
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
            {c.from ? <pre>{marked ? <Marked parts={marked.older} /> : c.from.text}</pre> : <div className="muted">not in v{diff.from.version}</div>}
          </div>
          <div className="diff-evidence">
            <div className="diff-evidence-head">
              <strong>v{diff.to.version}</strong>
            </div>
            {c.to ? <pre>{marked ? <Marked parts={marked.newer} /> : c.to.text}</pre> : <div className="muted">not in v{diff.to.version}</div>}
          </div>
        </div>
      )}
    </li>
  );
}

function TripleRow({ t, diff, checked, onCheck }: { t: DiffTriple; diff: EditionDiff; checked: boolean; onCheck: (v: boolean) => void }) {
  const [open, setOpen] = useState(t.review);
  const marked = open && t.from && t.to && t.from.quote !== t.to.quote ? wordDiff(t.from.quote, t.to.quote) : null;
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
          <Evidence ev={t.from} label={`v${diff.from.version}`} parts={marked?.older} />
          <Evidence ev={t.to} label={`v${diff.to.version}`} parts={marked?.newer} />
        </div>
      )}
    </li>
  );
}

/** The diff of a version pair of document `id` (defaults: its newest version and the one before). */
export function DiffView({
  id,
  from,
  to,
  onClose,
  onExtractStarted,
}: {
  id: number;
  from?: number;
  to?: number;
  onClose: () => void;
  onExtractStarted?: (job: JobInfoOf<'extract'>) => void;
}) {
  const api = useApi();
  const qc = useQueryClient();
  const versions = useCall('documents.versions', { id });
  const diff = useCall('documents.diff', { id, from, to });
  // null: the first tab with changes, once the diff is there
  const [chosenTab, setTab] = useState<TripleTab | null>(null);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const d = diff.data;
  const tab: TripleTab = chosenTab ?? (d ? firstTabWithChanges(d) : 'changed');

  const choose = (which: 'from' | 'to', v: number) => {
    const next = { from: from ?? d?.from.version, to: to ?? d?.to.version, [which]: v };
    navigate('documents', { diff: id, ...(next.from ? { from: next.from } : {}), ...(next.to ? { to: next.to } : {}) });
  };

  async function resolve(action: 'accept' | 'reject', triples: number[]) {
    if (!d || !triples.length) return;
    setBusy(true);
    setError(null);
    try {
      const r = await api.call('documents.diff.resolve', { id, from: d.from.version, to: d.to.version, action, triples });
      const n = r.tripleIds.length;
      const verb = { Accept: 'Accepted', Reject: 'Rejected', Keep: 'Kept' }[ACTION_WORDS[tab][action === 'accept' ? 0 : 1]];
      setDone(`${verb} ${n} triple${n === 1 ? '' : 's'} (Undo in Review takes it back)`);
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
  // the buttons act on the ticked triples of this tab, else on its open ones
  const tickedHere = list.filter((t) => ticked.has(t.id)).map((t) => t.id);
  const target = tickedHere.length ? tickedHere : list.filter((t) => t.state === 'open').map((t) => t.id);
  const these = (n: number) => (tickedHere.length ? `${n} selected triple${n === 1 ? '' : 's'}` : `these ${n} triple${n === 1 ? '' : 's'}`);
  const [acceptWord, rejectWord] = ACTION_WORDS[tab];
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
            {d.to.current && <ExtractChanged id={d.to.id} changedChunks={d.to.changedChunks} onStarted={onExtractStarted} />}
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
            {TABS.map((k) => (
              <button key={k} type="button" role="tab" aria-selected={tab === k} className={tab === k ? 'tab selected' : 'tab'} onClick={() => setTab(k)}>
                {TAB_LABEL[k]} ({d.triples[k].length})
              </button>
            ))}
          </div>
          <p className="muted">{TAB_HINT[tab]}</p>
          <div className="diff-actions">
            <button
              type="button"
              className="primary"
              disabled={busy || !target.length}
              onClick={() => void resolve('accept', target)}
              data-testid="diff-accept"
            >
              {acceptWord} {these(target.length)}
            </button>
            <button type="button" disabled={busy || !target.length} onClick={() => void resolve('reject', target)} data-testid="diff-reject">
              {rejectWord} {these(target.length)}
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
            <p className="muted">
              No triple {tab === 'removed' ? 'lost its evidence' : tab === 'added' ? 'has evidence only in the newer version' : 'changed'}.
            </p>
          )}
        </>
      )}
    </section>
  );
}
