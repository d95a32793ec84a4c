// What the Review table and the Graph view share: the triple in focus (its evidence is shown in both
// views) and the nodes the graph starts from. A tiny store outside React so both views, mounted one at
// a time, see the same selection.
import { useSyncExternalStore } from 'react';

interface SharedSelection {
  /** The triple whose evidence is shown: the table's active row or the graph's selected edge. */
  tripleId: number | null;
  /** Nodes selected in the graph (kept when switching views). */
  nodeIds: number[];
  /** Start nodes of the graph view's neighbourhood; empty: the overview of the best-connected nodes. */
  seeds: number[];
}

let state: SharedSelection = { tripleId: null, nodeIds: [], seeds: [] };
const listeners = new Set<() => void>();

export function getSelection(): SharedSelection {
  return state;
}

export function updateSelection(patch: Partial<SharedSelection>): void {
  const next = { ...state, ...patch };
  if (next.tripleId === state.tripleId && next.nodeIds === state.nodeIds && next.seeds === state.seeds) return;
  state = next;
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useSharedSelection(): SharedSelection {
  return useSyncExternalStore(subscribe, getSelection, getSelection);
}

/** The triple a view last sent to the graph ("Show in graph"). */
let sentToGraph: number | null = null;

/**
 * On entering the graph view: keep the triple in focus only when it was sent along ("Show in graph");
 * else drop it, so the evidence panel does not show a triple left over from Review. Idempotent.
 */
export function takeGraphFocus(): boolean {
  const sent = state.tripleId !== null && state.tripleId === sentToGraph;
  if (!sent && state.tripleId !== null) updateSelection({ tripleId: null });
  return sent;
}

/** Open the graph view around a triple's two ends, with that triple selected. */
export function showTripleInGraph(t: { id: number; subjectId: number; objectId: number }): void {
  sentToGraph = t.id;
  updateSelection({ tripleId: t.id, seeds: [t.subjectId, t.objectId], nodeIds: [] });
  window.location.hash = '/graph';
}

/** Open the graph view around one node. */
export function showNodeInGraph(id: number): void {
  updateSelection({ seeds: [id], nodeIds: [id] });
  window.location.hash = '/graph';
}

/** Select a node (for a merge), or unselect it. */
export function toggleNodeSelected(id: number): void {
  const ids = state.nodeIds;
  updateSelection({ nodeIds: ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id] });
}
