// The triple table: TanStack Table for columns, headers and (server-side) sorting, TanStack Virtual
// for the rows, which come page by page from SQLite (useTriplePages).
import { useEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { createColumnHelper, rowSortingFeature, tableFeatures, useTable, type SortingState, type Updater } from '@tanstack/react-table';
import type { TripleListItem, TripleSortColumn } from '../../../../shared/contract';
import type { ReviewSort } from './filters';
import type { TriplePages } from './useTriplePages';
import { NodeAutocomplete, type NodeChoice } from './NodeAutocomplete';

export const ROW_HEIGHT = 34;

const features = tableFeatures({ rowSortingFeature });
const helper = createColumnHelper<typeof features, TripleListItem>();

const columns = helper.columns([
  helper.accessor('subject', { header: 'Subject' }),
  helper.accessor('relation', { header: 'Relation' }),
  helper.accessor('object', { header: 'Object' }),
  helper.accessor('stage', { header: 'Stage' }),
  helper.accessor('status', {
    header: 'Status',
    cell: (info) => (
      <span className={`status-badge status-${info.getValue()}`}>
        {info.getValue()}
        {info.row.original.edited ? <span title="edited by an editor: re-extraction keeps it"> ✎</span> : null}
      </span>
    ),
  }),
  helper.accessor('confidence', { header: 'Confidence', cell: (info) => info.getValue().toFixed(2) }),
  helper.accessor('documentTitle', { id: 'document', header: 'Document', cell: (info) => info.getValue() ?? '—' }),
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
}) {
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
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
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
    <div className="triple-table" role="grid" aria-label="Triples" aria-rowcount={pages.total + 1} aria-multiselectable="true">
      <div className="tt-row tt-head" role="row" aria-rowindex={1}>
        <div className="tt-cell tt-check" role="columnheader">
          <span className="sr-only">Selected</span>
        </div>
        {headers.map((h) => {
          const dir = h.column.getIsSorted();
          return (
            <div key={h.id} className={`tt-cell tt-${h.column.id}`} role="columnheader" aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}>
              <button type="button" className="tt-sort" onClick={h.column.getToggleSortingHandler()} title={`Sort by ${h.column.id}`}>
                <table.FlexRender header={h} />
                <span className="tt-arrow" aria-hidden="true">
                  {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : ''}
                </span>
              </button>
            </div>
          );
        })}
      </div>
      <div
        className="tt-body"
        ref={scroller}
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-label="Triple rows"
        aria-activedescendant={pages.rowAt(activeIndex) ? `triple-row-${pages.rowAt(activeIndex)!.id}` : undefined}
        data-testid="triple-rows"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const t = pages.rowAt(item.index);
            const style = { transform: `translateY(${item.start}px)`, height: ROW_HEIGHT };
            if (!t) {
              return (
                <div key={`p${item.index}`} className="tt-row tt-placeholder" role="row" aria-rowindex={item.index + 2} style={style}>
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
                <div key={cell.id} className={`tt-cell tt-${cell.column.id}`} role="gridcell" title={String(cell.getValue() ?? '')}>
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
                style={style}
                onMouseDown={click(item.index)}
              >
                <div className="tt-cell tt-check" role="gridcell">
                  <input type="checkbox" aria-label={`Select ${t.subject} ${t.relation} ${t.object}`} checked={isSel} onChange={() => onSelect(item.index, 'toggle')} tabIndex={-1} />
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
