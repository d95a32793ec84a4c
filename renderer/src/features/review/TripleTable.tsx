// The triple table: TanStack Table for columns, headers and (server-side) sorting, TanStack Virtual
// for the rows, which come page by page from SQLite (useTriplePages).
import {
  useEffect,
  useMemo,
  useRef,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { createColumnHelper, rowSortingFeature, tableFeatures, useTable, type SortingState, type Updater } from '@tanstack/react-table';
import type { TripleListItem, TripleSortColumn } from '../../../../shared/contract';
import type { ReviewSort } from './filters';
import type { TriplePages } from './useTriplePages';
import { NodeAutocomplete, type NodeChoice } from './NodeAutocomplete';
import { documentCell } from './designation';
import { clampWidth, gridTemplate, minRowWidth, ROW_HEIGHTS, STAGE_LEGEND, STAGE_MEANING, type ColumnId, type TablePrefs } from './tablePrefs';
import { modalityText } from './qualifiers';
import { relationTitle, shownRelation } from '../../../../shared/relation-label';

const features = tableFeatures({ rowSortingFeature });
const helper = createColumnHelper<typeof features, TripleListItem>();

const columns = helper.columns([
  helper.accessor('subject', { header: 'Subject' }),
  helper.accessor('relation', {
    header: 'Relation',
    // (the modal is kept out of the relation's lemma form: shown before it, so "must be used in" never
    // reads as a plain "used in"; an edited relation is the editor's words alone)
    // (a passive written as its verb's lemma shows its words as written beside it: "send to" alone would
    // state the patient as the doer; shared/relation-label.ts)
    cell: (info) => {
      const q = info.row.original.qualifiers;
      const modality = modalityText(q);
      // (a requirement's relation is its keyword already: "MUST NOT")
      const shown = modality && !info.row.original.edited && !info.getValue().toLowerCase().startsWith(modality.toLowerCase());
      const written = shownRelation(info.getValue(), q);
      const relation =
        written !== info.getValue() ? (
          <>
            {info.getValue()}{' '}
            <span className="voice-label" title={`${q?.voice ?? ''} voice, as written`}>
              ({written})
            </span>
          </>
        ) : (
          info.getValue()
        );
      return shown ? (
        <>
          <span className="modality-badge">{modality}</span> {relation}
        </>
      ) : (
        relation
      );
    },
  }),
  helper.accessor('object', { header: 'Object' }),
  helper.accessor('stage', { header: 'Stage', cell: (info) => <abbr title={STAGE_MEANING[info.getValue()] ?? info.getValue()}>{info.getValue()}</abbr> }),
  helper.accessor('status', {
    header: 'Status',
    cell: (info) => (
      <span
        className={`status-badge status-${info.getValue()}`}
        title={info.getValue() === 'stale' ? 'stale: a newer edition of its document no longer holds its evidence (Documents → Review the changes)' : undefined}
      >
        {info.getValue()}
        {info.row.original.edited ? <span title="edited by an editor: re-extraction keeps it"> ✎</span> : null}
      </span>
    ),
  }),
  helper.accessor('confidence', { header: 'Confidence', cell: (info) => info.getValue().toFixed(2) }),
  helper.accessor('documentTitle', { id: 'document', header: 'Document', cell: (info) => documentCell(info.row.original).text }),
  helper.accessor('engine', { header: 'Engine' }),
]);

export interface InlineEdit {
  id: number;
  subject: NodeChoice;
  relation: string;
  object: NodeChoice;
}

export function TripleTable({
  pages,
  sort,
  onSort,
  activeIndex,
  onActivate,
  selected,
  onSelect,
  edit,
  onEditChange,
  onEditCommit,
  onEditCancel,
  onKeyDown,
  scrollRef,
  relations,
  focusTripleId,
  prefs,
  onPrefs,
}: {
  pages: TriplePages;
  sort: ReviewSort;
  onSort: (s: ReviewSort) => void;
  activeIndex: number;
  onActivate: (index: number) => void;
  selected: ReadonlySet<number>;
  onSelect: (index: number, mode: 'toggle' | 'range' | 'only') => void;
  edit: InlineEdit | null;
  onEditChange: (e: InlineEdit) => void;
  onEditCommit: () => void;
  onEditCancel: () => void;
  onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => void;
  scrollRef: (scrollToIndex: (i: number) => void) => void;
  relations: string[];
  focusTripleId: number | null;
  /** Density and column widths (kept by the view in local storage). */
  prefs: TablePrefs;
  onPrefs: (p: TablePrefs) => void;
}) {
  const rowHeight = ROW_HEIGHTS[prefs.density];
  const wrap = prefs.density === 'wrap';
  const sorting = useMemo<SortingState>(() => (sort.column === 'id' ? [] : [{ id: sort.column, desc: sort.desc }]), [sort]);
  const table = useTable({
    features,
    columns,
    data: pages.loaded,
    getRowId: (t) => String(t.id),
    state: { sorting },
    onSortingChange: (u: Updater<SortingState>) => {
      const next = typeof u === 'function' ? u(sorting) : u;
      onSort(next[0] ? { column: next[0].id as TripleSortColumn, desc: next[0].desc } : { column: 'id', desc: false });
    },
    manualSorting: true,
    enableMultiSort: false,
    sortDescFirst: false,
  });
  const rowsById = new Map(table.getRowModel().rows.map((r) => [r.id, r]));

  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: pages.total,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  // Another density: every row's size is estimated (or measured, when wrapped) again.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, prefs.density]);

  /** Drag a header's right edge (or press ← → on it) to resize its column; a double click gives it back its share. */
  const resizeStart = (column: ColumnId) => (e: ReactPointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.stopPropagation();
    const cell = (e.currentTarget.parentElement as HTMLElement).getBoundingClientRect();
    const x0 = e.clientX;
    let width = cell.width;
    const move = (ev: PointerEvent) => {
      width = clampWidth(cell.width + ev.clientX - x0);
      onPrefs({ ...prefs, widths: { ...prefs.widths, [column]: width } });
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const resizeKey = (column: ColumnId) => (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const cell = (e.currentTarget.parentElement as HTMLElement).getBoundingClientRect();
    onPrefs({ ...prefs, widths: { ...prefs.widths, [column]: clampWidth(cell.width + (e.key === 'ArrowRight' ? 20 : -20)) } });
  };
  const resetWidth = (column: ColumnId) => () => {
    const widths = { ...prefs.widths };
    delete widths[column];
    onPrefs({ ...prefs, widths });
  };
  const tableStyle = { '--tt-columns': gridTemplate(prefs.widths), '--tt-min-width': `${minRowWidth(prefs.widths)}px` } as CSSProperties;
  const head = useRef<HTMLDivElement>(null);
  const items = virtualizer.getVirtualItems();
  const firstVisible = items[0]?.index ?? 0;
  const lastVisible = items[items.length - 1]?.index ?? 0;
  const { setRange } = pages;
  // Ask for the rows in view once scrolling pauses: a fling through 100,000 rows must not queue a
  // request for every page it passes.
  useEffect(() => {
    const t = setTimeout(() => setRange(Math.max(0, firstVisible - 20), lastVisible + 40), 60);
    return () => clearTimeout(t);
  }, [firstVisible, lastVisible, setRange]);
  useEffect(() => {
    scrollRef((i) => virtualizer.scrollToIndex(i, { align: 'auto' }));
  }, [scrollRef, virtualizer]);

  const click = (index: number) => (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest('input, button, a')) return;
    if (e.shiftKey) onSelect(index, 'range');
    else if (e.ctrlKey || e.metaKey) onSelect(index, 'toggle');
    else onActivate(index);
    scroller.current?.focus();
  };

  const headers = table.getHeaderGroups()[0].headers;
  return (
    <div
      className={`triple-table density-${prefs.density}`}
      role="grid"
      aria-label="Triples"
      aria-rowcount={pages.total + 1}
      aria-multiselectable="true"
      style={tableStyle}
      data-density={prefs.density}
    >
      <div className="tt-head-scroll" ref={head}>
        <div className="tt-row tt-head" role="row" aria-rowindex={1}>
          <div className="tt-cell tt-check" role="columnheader">
            <span className="sr-only">Selected</span>
          </div>
          {headers.map((h) => {
            const dir = h.column.getIsSorted();
            return (
              <div
                key={h.id}
                className={`tt-cell tt-${h.column.id}`}
                role="columnheader"
                aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
              >
                <button
                  type="button"
                  className="tt-sort"
                  onClick={h.column.getToggleSortingHandler()}
                  title={h.column.id === 'stage' ? `${STAGE_LEGEND}. Click to sort.` : `Sort by ${h.column.id}`}
                >
                  <table.FlexRender header={h} />
                  <span className="tt-arrow" aria-hidden="true">
                    {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : ''}
                  </span>
                </button>
                <div
                  className="tt-resize"
                  role="separator"
                  aria-orientation="vertical"
                  aria-label={`Resize ${String(h.column.columnDef.header)} column`}
                  aria-valuenow={prefs.widths[h.column.id as ColumnId]}
                  tabIndex={0}
                  title="Drag to resize (← → with the keyboard); double-click to reset"
                  onPointerDown={resizeStart(h.column.id as ColumnId)}
                  onKeyDown={resizeKey(h.column.id as ColumnId)}
                  onDoubleClick={resetWidth(h.column.id as ColumnId)}
                />
              </div>
            );
          })}
        </div>
      </div>
      <div
        className="tt-body"
        ref={scroller}
        onScroll={(e) => {
          // The header follows the rows sideways (columns wider than the view).
          if (head.current) head.current.scrollLeft = e.currentTarget.scrollLeft;
        }}
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-label="Triple rows"
        aria-activedescendant={pages.rowAt(activeIndex) ? `triple-row-${pages.rowAt(activeIndex)!.id}` : undefined}
        data-testid="triple-rows"
        data-skip-target
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: 'var(--tt-min-width)' }}>
          {items.map((item) => {
            const t = pages.rowAt(item.index);
            const style = wrap
              ? { transform: `translateY(${item.start}px)`, minHeight: rowHeight }
              : { transform: `translateY(${item.start}px)`, height: rowHeight };
            if (!t) {
              return (
                <div
                  key={`p${item.index}`}
                  className="tt-row tt-placeholder"
                  role="row"
                  aria-rowindex={item.index + 2}
                  style={style}
                  data-index={item.index}
                  ref={wrap ? virtualizer.measureElement : undefined}
                >
                  <div className="tt-cell muted">…</div>
                </div>
              );
            }
            const row = rowsById.get(String(t.id));
            const active = item.index === activeIndex;
            const isSel = selected.has(t.id);
            const editing = edit && edit.id === t.id ? edit : null;
            const cls = ['tt-row', active && 'active', isSel && 'selected', focusTripleId === t.id && 'focus', `row-${t.status}`].filter(Boolean).join(' ');
            let cells: ReactNode;
            if (editing) {
              const keys = (e: KeyboardEvent<HTMLInputElement>) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  onEditCommit();
                } else if (e.key === 'Escape') {
                  e.preventDefault();
                  onEditCancel();
                }
                e.stopPropagation();
              };
              cells = (
                <>
                  <div className="tt-cell tt-subject" role="gridcell">
                    <NodeAutocomplete label="Subject" value={editing.subject} onChange={(c) => onEditChange({ ...editing, subject: c })} onKeyDown={keys} />
                  </div>
                  <div className="tt-cell tt-relation" role="gridcell">
                    <input
                      type="text"
                      aria-label="Relation"
                      list="review-relations"
                      autoFocus
                      value={editing.relation}
                      onChange={(e) => onEditChange({ ...editing, relation: e.target.value })}
                      onKeyDown={keys}
                    />
                  </div>
                  <div className="tt-cell tt-object" role="gridcell">
                    <NodeAutocomplete label="Object" value={editing.object} onChange={(c) => onEditChange({ ...editing, object: c })} onKeyDown={keys} />
                  </div>
                  <div className="tt-cell tt-edit-actions" role="gridcell">
                    <button type="button" className="primary small" onClick={onEditCommit}>
                      Save
                    </button>
                    <button type="button" className="secondary small" onClick={onEditCancel}>
                      Cancel
                    </button>
                  </div>
                </>
              );
            } else if (row) {
              cells = row.getAllCells().map((cell) => (
                <div
                  key={cell.id}
                  className={`tt-cell tt-${cell.column.id}`}
                  role="gridcell"
                  title={
                    cell.column.id === 'document'
                      ? documentCell(t).title
                      : cell.column.id === 'relation'
                        ? relationTitle(String(cell.getValue() ?? ''), t.qualifiers)
                        : String(cell.getValue() ?? '')
                  }
                >
                  <table.FlexRender cell={cell} />
                </div>
              ));
            }
            return (
              <div
                key={t.id}
                id={`triple-row-${t.id}`}
                className={cls}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={isSel || active}
                data-triple-id={t.id}
                data-index={item.index}
                ref={wrap ? virtualizer.measureElement : undefined}
                style={style}
                onMouseDown={click(item.index)}
              >
                <div className="tt-cell tt-check" role="gridcell">
                  <input
                    type="checkbox"
                    aria-label={`Select ${t.subject} ${t.relation} ${t.object}`}
                    checked={isSel}
                    onChange={() => onSelect(item.index, 'toggle')}
                    tabIndex={-1}
                  />
                </div>
                {cells}
              </div>
            );
          })}
        </div>
      </div>
      <datalist id="review-relations">
        {relations.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
    </div>
  );
}
