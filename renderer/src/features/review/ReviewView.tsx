// The Review view: the triple table (paged from SQLite), the filter bar (FilterBar.tsx), the evidence
// panel, undo/redo (HistoryMenu.tsx), and every review action from the toolbar and the keyboard (the key
// map in reviewKeys.ts).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useApi, useCall } from '../../api/hooks';
import { EmptyState, ErrorBox } from '../../components/EmptyState';
import { NARROW_QUERY, useMediaQuery } from '../../components/useMediaQuery';
import type { EditNodeRef, TripleListItem } from '../../../../shared/contract';
import { AddTripleDialog, MergeCandidatesDialog, MergeDialog, RenameRelationDialog, useMergeSelection, type MergeNode } from './Dialogs';
import { EvidencePanel } from './EvidencePanel';
import { baseTripleQuery, EMPTY_FILTER, tripleQuery, type ReviewFilter, type ReviewSort } from './filters';
import { PrecisionViewSwitch } from './PrecisionViewSwitch';
import { usePrecisionThresholdSetting } from './usePrecisionThreshold';
import { toEditNodeRef } from './NodeAutocomplete';
import { useEditRunner, useUndoRedoShortcuts } from './reviewApi';
import { showTripleInGraph, updateSelection, useSharedSelection } from './selection';
import { useRouteParam } from '../../nav';
import { TripleTable, type InlineEdit } from './TripleTable';
import { useTriplePages } from './useTriplePages';
import { reviewKeyHandler } from './reviewKeys';
import { DENSITIES, loadFilter, loadTablePrefs, saveFilter, saveTablePrefs, STAGE_MEANING, type Density, type TablePrefs } from './tablePrefs';
import { Filters, SavedFilters } from './FilterBar';
import { HistoryMenu, StatusLine } from './HistoryMenu';
import '../../styles/review.css';

type DialogState = { kind: 'add' } | { kind: 'merge'; nodes: MergeNode[] } | { kind: 'rename'; from: string } | { kind: 'candidates' } | null;

export function ReviewView() {
  const runner = useEditRunner();
  useUndoRedoShortcuts(runner);
  const shared = useSharedSelection();
  const status = useCall('app.status', {});
  const narrow = useMediaQuery(NARROW_QUERY);
  const [drawer, setDrawer] = useState(false);

  // The filter and sort survive a reload (local storage), as do the density and column widths.
  const [initial] = useState(loadFilter);
  const [filter, setFilter] = useState<ReviewFilter>(initial.filter);
  const [sort, setSort] = useState<ReviewSort>(initial.sort);
  useEffect(() => saveFilter(filter, sort), [filter, sort]);
  const [prefs, setPrefsState] = useState<TablePrefs>(loadTablePrefs);
  const setPrefs = useCallback((p: TablePrefs) => {
    setPrefsState(p);
    saveTablePrefs(p);
  }, []);
  const [note, setNote] = useState<string | null>(null);
  // the rows wait for the threshold setting: rows listed by the default first would be replaced under the editor
  const { threshold, known: thresholdKnown } = usePrecisionThresholdSetting();
  // base: the editor's filters; query: the same in the precision view shown (default: likely kept)
  const base = useMemo(() => baseTripleQuery(filter, sort), [filter, sort]);
  const query = useMemo(() => tripleQuery(filter, sort, threshold), [filter, sort, threshold]);
  const pages = useTriplePages(query, { enabled: thresholdKnown });
  const [activeIndex, setActiveIndex] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const anchor = useRef(0);
  const [edit, setEdit] = useState<InlineEdit | null>(null);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [pinned, setPinned] = useState<number | null>(shared.tripleId);
  // A citation chip or a link opens #/review?triple=ID: show that triple's evidence.
  const routeTriple = useRouteParam('triple');
  useEffect(() => {
    if (routeTriple && Number(routeTriple) > 0) setPinned(Number(routeTriple));
  }, [routeTriple]);
  const scrollTo = useRef<(i: number) => void>(() => {});
  // ...and scroll the table to its row (found by halving the list when it is sorted by id; else among the loaded rows).
  const api = useApi();
  const [located, setLocated] = useState<{ id: number; index: number | null } | null>(null);
  const wanted = routeTriple && Number(routeTriple) > 0 ? Number(routeTriple) : null;
  useEffect(() => {
    if (wanted === null || !pages.ready || located?.id === wanted) return;
    let cancelled = false;
    const q = tripleQuery(filter, sort, threshold);
    const find = async (): Promise<number | null> => {
      const i = pages.loaded.findIndex((t) => t.id === wanted);
      if (i >= 0) {
        for (let k = 0; k < pages.total; k++) if (pages.rowAt(k)?.id === wanted) return k;
      }
      if (sort.column !== 'id') return null;
      let lo = 0;
      let hi = pages.total - 1;
      while (lo <= hi && !cancelled) {
        const mid = (lo + hi) >> 1;
        const t = (await api.call('triples.list', { ...q, limit: 1, offset: mid })).items[0];
        if (!t) return null;
        if (t.id === wanted) return mid;
        if (t.id < wanted !== sort.desc) lo = mid + 1;
        else hi = mid - 1;
      }
      return null;
    };
    void find().then((index) => {
      if (cancelled) return;
      setLocated({ id: wanted, index });
      if (index === null) return;
      anchor.current = index;
      setActiveIndex(index);
      setPinned(wanted);
      // After the row's page loads, its place is known to the virtualizer.
      requestAnimationFrame(() => scrollTo.current(index));
    });
    return () => {
      cancelled = true;
    };
  }, [wanted, pages.ready, pages.total, filter, sort, threshold]);
  const registerScroll = useCallback((f: (i: number) => void) => (scrollTo.current = f), []);
  const relations = useCall('relations.list', { limit: 500 }, { staleTime: 30_000 });

  const active = pages.rowAt(activeIndex);
  const mergeNodes = useMergeSelection(shared.nodeIds);
  const panelTriple = pinned ?? active?.id ?? null;
  useEffect(() => {
    if (active) updateSelection({ tripleId: pinned ?? active.id });
  }, [active, pinned]);

  // A new filter or sort starts at the top with nothing selected.
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    setActiveIndex(0);
    setSelected(new Set());
    setEdit(null);
    setLocated(null); // a cited triple is looked for again in the new rows
    scrollTo.current(0);
  }, [queryKey]);

  const move = (to: number, extend = false) => {
    const i = Math.max(0, Math.min(pages.total - 1, to));
    if (extend) {
      const [a, b] = [Math.min(anchor.current, i), Math.max(anchor.current, i)];
      const ids = new Set(selected);
      for (let k = a; k <= b; k++) {
        const t = pages.rowAt(k);
        if (t) ids.add(t.id);
      }
      setSelected(ids);
    } else anchor.current = i;
    setActiveIndex(i);
    setPinned(null);
    setEdit(null);
    scrollTo.current(i);
  };

  const targets = (): TripleListItem[] => {
    if (selected.size) return pages.loaded.filter((t) => selected.has(t.id));
    return active ? [active] : [];
  };
  const targetIds = (): number[] => (selected.size ? [...selected] : active ? [active.id] : []);

  // The active row as the latest render has it (a write answers after renders the closure did not see).
  const activeNow = useRef(activeIndex);
  activeNow.current = activeIndex;
  const setStatus = (to: 'accepted' | 'rejected') => {
    const ids = targetIds();
    if (!ids.length) return;
    const from = activeIndex;
    const bulk = selected.size > 0;
    void runner.run(to === 'accepted' ? 'triples.accept' : 'triples.reject', { ids }).then((done) => {
      // A failed write stays where it is (its row, its selection) with the error in the status line.
      if (!done) return;
      if (bulk) setSelected(new Set());
      // Move on once saved, if the editor has not moved meanwhile (a row that leaves a list filtered
      // on another status makes room for the next one by itself).
      else if ((!filter.status || filter.status === to) && activeNow.current === from) move(from + 1);
    });
  };

  const startEdit = () => {
    if (!active) return;
    setEdit({
      id: active.id,
      subject: { id: active.subjectId, label: active.subject },
      relation: active.relation,
      object: { id: active.objectId, label: active.object },
    });
  };
  const commitEdit = async () => {
    if (!edit) return;
    const t = pages.loaded.find((x) => x.id === edit.id);
    if (!t) return setEdit(null);
    const input: { id: number; subject?: EditNodeRef; relation?: string; object?: EditNodeRef } = { id: edit.id };
    if (edit.subject.id !== t.subjectId && edit.subject.label.trim()) input.subject = toEditNodeRef(edit.subject);
    if (edit.object.id !== t.objectId && edit.object.label.trim()) input.object = toEditNodeRef(edit.object);
    if (edit.relation.trim() && edit.relation.trim() !== t.relation) input.relation = edit.relation.trim();
    if (!input.subject && !input.object && !input.relation) return setEdit(null);
    if (await runner.run('triples.edit', input)) setEdit(null);
    document.querySelector<HTMLElement>('[data-testid="triple-rows"]')?.focus();
  };

  // Merge starts from the selected nodes (picked on the evidence panel's entity cards, or in the
  // graph); with none, from the active triple's subject alone, its merge candidates offered.
  const openMerge = () => {
    if (mergeNodes.length) return setDialog({ kind: 'merge', nodes: mergeNodes });
    const t = active ?? targets()[0];
    setDialog({ kind: 'merge', nodes: t ? [{ id: t.subjectId, label: t.subject, kind: 'entity' }] : [] });
  };

  // The key map (reviewKeys.ts) acts on the table's state through the view's own actions.
  const onKeyDown = reviewKeyHandler({
    activeIndex,
    total: pages.total,
    active,
    loaded: pages.loaded,
    selected,
    setSelected,
    setNote,
    move,
    setStatus,
    startEdit,
    openAdd: () => setDialog({ kind: 'add' }),
    openMerge,
    showInGraph: showTripleInGraph,
  });

  const onSelect = (index: number, mode: 'toggle' | 'range' | 'only') => {
    const t = pages.rowAt(index);
    if (!t) return;
    if (mode === 'range') return move(index, true);
    const next = mode === 'only' ? new Set<number>() : new Set(selected);
    if (next.has(t.id)) next.delete(t.id);
    else next.add(t.id);
    setSelected(next);
    anchor.current = index;
    setActiveIndex(index);
    setPinned(null);
  };

  // Keyboard first: the table has the focus when the view opens (unless the editor is typing elsewhere).
  const focused = useRef(false);
  useEffect(() => {
    if (focused.current || !pages.ready) return;
    focused.current = true;
    const el = document.activeElement;
    if (!el || el === document.body || el.closest('.rail')) document.querySelector<HTMLElement>('[data-testid="triple-rows"]')?.focus();
  }, [pages.ready]);

  const evidence =
    panelTriple !== null ? (
      <EvidencePanel tripleId={panelTriple} runner={runner} onPickTriple={setPinned} selectNodes />
    ) : (
      <aside className="evidence-panel muted" aria-label="Evidence">
        Select a triple to see its evidence.
      </aside>
    );
  const total = status.data ? status.data.triples.proposed + status.data.triples.accepted + status.data.triples.rejected + status.data.triples.stale : null;
  const n = selected.size;
  return (
    <section className="view review-view" aria-labelledby="review-title">
      <header className="view-header">
        <h1 id="review-title">Review</h1>
        <span
          className="muted count-help"
          data-testid="review-count"
          title={
            'Triples matching the filters, out of every triple in the store (proposed, accepted, rejected and stale). ' +
            'The status bar counts proposed and accepted triples only, and entity and event nodes; the Graph counts the nodes it draws, concepts included.'
          }
        >
          {pages.total} {pages.total === 1 ? 'triple' : 'triples'}
          {total !== null && (Object.keys(base).length > 2 || total !== pages.total) ? ` of ${total}` : ''}
          {total !== null && Object.keys(base).length <= 2 && total === pages.total ? ' (all statuses)' : ''}
        </span>
        <span className="spacer" />
        <StatusLine runner={runner} />
        <SavedFilters
          filter={filter}
          sort={sort}
          onApply={(s) => {
            setFilter({ ...EMPTY_FILTER, ...s.filter });
            if (s.sort) setSort(s.sort);
          }}
        />
      </header>
      <Filters filter={filter} onChange={setFilter} />
      <PrecisionViewSwitch
        base={base}
        threshold={threshold}
        view={filter.precision ?? 'default'}
        onChange={(v) => setFilter({ ...filter, precision: v === 'default' ? undefined : v })}
      />
      <div className="review-toolbar" role="toolbar" aria-label="Review actions">
        <button type="button" className="secondary" onClick={() => setStatus('accepted')} disabled={!active && !n} title="Accept (A)">
          Accept{n ? ` ${n}` : ''} <kbd>A</kbd>
        </button>
        <button type="button" className="secondary" onClick={() => setStatus('rejected')} disabled={!active && !n} title="Reject (R)">
          Reject{n ? ` ${n}` : ''} <kbd>R</kbd>
        </button>
        <button type="button" className="secondary" onClick={startEdit} disabled={!active} title="Edit inline (E)">
          Edit <kbd>E</kbd>
        </button>
        <button type="button" className="secondary" onClick={() => setDialog({ kind: 'add' })} title="Add a triple (N)">
          Add triple <kbd>N</kbd>
        </button>
        <button
          type="button"
          className="secondary"
          onClick={openMerge}
          disabled={!active && !n && !mergeNodes.length}
          title="Merge entities (M): the nodes selected on the entity cards, else the active triple's subject"
        >
          Merge{mergeNodes.length ? ` ${mergeNodes.length} nodes` : ''}… <kbd>M</kbd>
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => setDialog({ kind: 'rename', from: active?.relation ?? '' })}
          title="Rename a relation everywhere"
        >
          Rename relation…
        </button>
        <button type="button" className="secondary" onClick={() => setDialog({ kind: 'candidates' })}>
          Merge candidates
        </button>
        <span className="sep" />
        <button type="button" className="secondary" onClick={() => void runner.run('history.undo', {})} title="Undo (Ctrl+Z)">
          Undo
        </button>
        <button type="button" className="secondary" onClick={() => void runner.run('history.redo', {})} title="Redo (Ctrl+Shift+Z)">
          Redo
        </button>
        <HistoryMenu runner={runner} />
        {n > 0 && (
          <button
            type="button"
            className="link small"
            onClick={() => {
              setSelected(new Set());
              setNote(null);
            }}
          >
            Clear selection ({n})
          </button>
        )}
        {n > 0 && note && (
          <span className="muted small" role="status" data-testid="selection-note">
            {note}
          </span>
        )}
        {mergeNodes.length > 0 && (
          <span className="muted small" data-testid="node-selection">
            {mergeNodes.length === 1 ? '1 node' : `${mergeNodes.length} nodes`} selected for merging
            <button type="button" className="link small" onClick={() => updateSelection({ nodeIds: [] })}>
              clear
            </button>
          </span>
        )}
        <span className="spacer" />
        <span className="stage-legend" data-testid="stage-legend">
          <abbr title={STAGE_MEANING.EE}>EE</abbr> entity–entity · <abbr title={STAGE_MEANING.EV}>EV</abbr> entity–event ·{' '}
          <abbr title={STAGE_MEANING.VV}>VV</abbr> event–event
        </span>
        {narrow && (
          <button
            type="button"
            className={drawer ? 'secondary small pressed' : 'secondary small'}
            aria-expanded={drawer}
            aria-controls="evidence-drawer"
            onClick={() => setDrawer((d) => !d)}
            title="Show the evidence of the active triple beside the table"
          >
            Evidence
          </button>
        )}
        <select
          className="density-select"
          aria-label="Row density"
          value={prefs.density}
          onChange={(e) => setPrefs({ ...prefs, density: e.target.value as Density })}
        >
          {DENSITIES.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
            </option>
          ))}
        </select>
      </div>
      <ErrorBox error={pages.error} />
      {wanted !== null && located?.id === wanted && located.index === null && (
        <div className="rv-inline muted small" role="status" data-testid="cited-outside">
          Triple {wanted} is not among the rows this filter and sort show (its evidence is on the right).
          <button
            type="button"
            className="link small"
            onClick={() => {
              setLocated(null);
              setFilter({ ...EMPTY_FILTER, precision: 'all' });
              setSort({ column: 'id', desc: false });
            }}
          >
            Show all triples by id
          </button>
        </div>
      )}
      {pages.ready && pages.total === 0 && total === 0 ? (
        <EmptyState title="Nothing to review yet" icon="review">
          <p>Add documents, then extract a graph: proposed triples appear here for you to accept, reject or correct.</p>
        </EmptyState>
      ) : (
        <div className={narrow ? 'review-main narrow' : 'review-main'}>
          <TripleTable
            pages={pages}
            sort={sort}
            onSort={setSort}
            activeIndex={activeIndex}
            onActivate={(i) => {
              anchor.current = i;
              setActiveIndex(i);
              setPinned(null);
              setEdit(null);
            }}
            selected={selected}
            onSelect={onSelect}
            edit={edit}
            onEditChange={setEdit}
            onEditCommit={() => void commitEdit()}
            onEditCancel={() => {
              setEdit(null);
              document.querySelector<HTMLElement>('[data-testid="triple-rows"]')?.focus();
            }}
            onKeyDown={onKeyDown}
            scrollRef={registerScroll}
            relations={(relations.data ?? []).map((r) => r.relation)}
            focusTripleId={pinned}
            prefs={prefs}
            onPrefs={setPrefs}
          />
          {narrow
            ? drawer && (
                <div className="evidence-drawer" id="evidence-drawer" data-testid="evidence-drawer" onKeyDown={(e) => e.key === 'Escape' && setDrawer(false)}>
                  <button type="button" className="drawer-close" aria-label="Close the evidence" onClick={() => setDrawer(false)}>
                    ✕
                  </button>
                  {evidence}
                </div>
              )
            : evidence}
        </div>
      )}
      {dialog?.kind === 'add' && <AddTripleDialog runner={runner} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'merge' && (
        <MergeDialog initial={dialog.nodes} runner={runner} onClose={() => setDialog(null)} onMerged={() => updateSelection({ nodeIds: [] })} />
      )}
      {dialog?.kind === 'rename' && <RenameRelationDialog from={dialog.from} runner={runner} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'candidates' && <MergeCandidatesDialog runner={runner} onClose={() => setDialog(null)} />}
    </section>
  );
}
