// The Review table's rows, paged from SQLite: only the pages around the visible rows are fetched and
// kept (unobserved pages leave the cache after a few seconds), so 100,000 triples never sit in memory.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { CallInput, TripleListItem } from '../../../../shared/contract';
import { useApi } from '../../api/hooks';

const PAGE_SIZE = 100;

export interface TriplePages {
  /** Rows matching the query (the last known count while a new query loads). */
  total: number;
  /** The row at this index, if its page is loaded. */
  rowAt(index: number): TripleListItem | undefined;
  /** The loaded rows (a window around the visible range), in order. */
  loaded: TripleListItem[];
  /** Tell which rows are visible (or about to be). */
  setRange(start: number, end: number): void;
  loading: boolean;
  error: Error | null;
  /** True once the first page of the current query has arrived. */
  ready: boolean;
}

/** `enabled: false` holds the query back (no rows, not ready) until what it depends on is known. */
export function useTriplePages(query: Omit<CallInput<'triples.list'>, 'limit' | 'offset'>, { enabled = true } = {}): TriplePages {
  const api = useApi();
  const [range, setRangeState] = useState({ start: 0, end: 60 });
  const first = Math.floor(range.start / PAGE_SIZE);
  const last = Math.max(first, Math.floor(Math.max(range.end - 1, 0) / PAGE_SIZE));
  const pages = useMemo(() => Array.from({ length: last - first + 1 }, (_, i) => first + i), [first, last]);
  const results = useQueries({
    queries: pages.map((p) => {
      const input = { ...query, limit: PAGE_SIZE, offset: p * PAGE_SIZE };
      return { queryKey: ['triples.list', input], queryFn: () => api.call('triples.list', input), gcTime: 15_000, staleTime: 5_000, enabled };
    }),
  });
  const totalRef = useRef(0);
  const known = results.find((r) => r.data)?.data;
  if (known) totalRef.current = known.total;
  const dataKey = results.map((r) => r.dataUpdatedAt).join(',');
  const { byIndex, loaded } = useMemo(() => {
    const byIndex = new Map<number, TripleListItem>();
    const loaded: TripleListItem[] = [];
    results.forEach((r, k) => {
      r.data?.items.forEach((item, i) => {
        byIndex.set((first + k) * PAGE_SIZE + i, item);
        loaded.push(item);
      });
    });
    return { byIndex, loaded };
  }, [dataKey, first]);
  const setRange = useCallback((start: number, end: number) => {
    setRangeState((r) => {
      const same =
        Math.floor(r.start / PAGE_SIZE) === Math.floor(start / PAGE_SIZE) && Math.floor((r.end - 1) / PAGE_SIZE) === Math.floor((end - 1) / PAGE_SIZE);
      return same ? r : { start, end };
    });
  }, []);
  return {
    total: totalRef.current,
    rowAt: (i) => byIndex.get(i),
    loaded,
    setRange,
    loading: results.some((r) => r.isFetching),
    error: results.find((r) => r.error)?.error ?? null,
    ready: results.some((r) => r.data),
  };
}
