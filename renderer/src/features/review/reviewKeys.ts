// The Review table's key map. `reviewKeyAction` says what a key press means (a pure function of the key,
// its modifiers and where the table stands); `reviewKeyHandler` turns it into the table's onKeyDown,
// running the action on what the view hands it (its selection and its actions). Ctrl+Z / Ctrl+Shift+Z
// are not here: they work anywhere in the view (`useUndoRedoShortcuts` in reviewApi.ts). `fromTextField`
// is here too, as the other views' shortcuts ask it.
import type { KeyboardEvent } from 'react';
import type { TripleListItem } from '../../../../shared/contract';

/**
 * True when a key event comes from a text field (which keeps its own shortcuts, undo included). Typed
 * without the DOM's types, so the key map is tested outside a browser.
 */
export function fromTextField(e: { target: unknown }): boolean {
  const t = e.target as { tagName: string; isContentEditable: boolean } | null;
  if (!t) return false;
  const tag = t.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || t.isContentEditable;
}

/** The rows PageUp and PageDown move by. */
const PAGE_STEP = 20;

type ReviewKeyAction =
  /** Make row `to` active (clamped by the view); `extend`: select the rows from the anchor to it. */
  | { kind: 'move'; to: number; extend: boolean }
  /** Select every loaded row (Ctrl+A). */
  | { kind: 'selectLoaded' }
  /** Add the active row to the selection, or take it out (Space). */
  | { kind: 'toggle' }
  | { kind: 'status'; to: 'accepted' | 'rejected' }
  | { kind: 'edit' }
  | { kind: 'add' }
  | { kind: 'merge' }
  | { kind: 'graph' }
  /** Clear the selection and its note (Esc). */
  | { kind: 'clear' };

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** The keys that need no Ctrl, by key (a letter lower-cased, so Shift+A is A). */
const PLAIN: Record<string, ReviewKeyAction> = {
  ' ': { kind: 'toggle' },
  a: { kind: 'status', to: 'accepted' },
  r: { kind: 'status', to: 'rejected' },
  e: { kind: 'edit' },
  F2: { kind: 'edit' },
  n: { kind: 'add' },
  m: { kind: 'merge' },
  g: { kind: 'graph' },
  Escape: { kind: 'clear' },
};

/**
 * What a key press on the table means, or null when the table leaves it alone (Alt with anything,
 * Ctrl with anything but A and the moves, keys that are not in the map). The moves work with Ctrl
 * too, and Shift extends the selection along them.
 */
export function reviewKeyAction(k: KeyPress, at: { activeIndex: number; total: number }): ReviewKeyAction | null {
  if (k.altKey) return null;
  const ctrl = k.ctrlKey || k.metaKey;
  const key = k.key;
  const to = moveTarget(key, at);
  if (to !== null) return { kind: 'move', to, extend: k.shiftKey };
  if (ctrl) return key.toLowerCase() === 'a' && !k.shiftKey ? { kind: 'selectLoaded' } : null;
  const plain = key.length === 1 ? key.toLowerCase() : key;
  return Object.hasOwn(PLAIN, plain) ? PLAIN[plain] : null;
}

function moveTarget(key: string, { activeIndex, total }: { activeIndex: number; total: number }): number | null {
  switch (key) {
    case 'ArrowDown':
      return activeIndex + 1;
    case 'ArrowUp':
      return activeIndex - 1;
    case 'PageDown':
      return activeIndex + PAGE_STEP;
    case 'PageUp':
      return activeIndex - PAGE_STEP;
    case 'Home':
      return 0;
    case 'End':
      return total - 1;
    default:
      return null;
  }
}

/** The note under the toolbar after Ctrl+A. */
export function selectedLoadedNote(selected: number, total: number): string {
  return selected < total ? `Selected the ${selected} loaded rows of ${total}: scroll to load more, or narrow the filter` : `Selected all ${selected} rows`;
}

/** What the key map acts on: the table's state and the view's actions. */
export interface ReviewKeyContext {
  activeIndex: number;
  /** Rows matching the filter. */
  total: number;
  /** The active row, if its page is loaded. */
  active: TripleListItem | undefined;
  /** The loaded rows (Ctrl+A selects them). */
  loaded: readonly TripleListItem[];
  selected: ReadonlySet<number>;
  setSelected(ids: Set<number>): void;
  setNote(note: string | null): void;
  move(to: number, extend: boolean): void;
  setStatus(to: 'accepted' | 'rejected'): void;
  startEdit(): void;
  openAdd(): void;
  openMerge(): void;
  showInGraph(t: TripleListItem): void;
}

/** Run a key's action on the view. */
function runReviewKeyAction(action: ReviewKeyAction, c: ReviewKeyContext): void {
  switch (action.kind) {
    case 'move':
      return c.move(action.to, action.extend);
    case 'selectLoaded': {
      // Every row the filter shows that is loaded (all of them up to a few hundred).
      const ids = new Set(c.loaded.map((t) => t.id));
      c.setSelected(ids);
      return c.setNote(selectedLoadedNote(ids.size, c.total));
    }
    case 'toggle': {
      if (!c.active) return;
      const next = new Set(c.selected);
      if (next.has(c.active.id)) next.delete(c.active.id);
      else next.add(c.active.id);
      return c.setSelected(next);
    }
    case 'status':
      return c.setStatus(action.to);
    case 'edit':
      return c.startEdit();
    case 'add':
      return c.openAdd();
    case 'merge':
      return c.openMerge();
    case 'graph':
      if (c.active) c.showInGraph(c.active);
      return;
    case 'clear':
      c.setSelected(new Set());
      return c.setNote(null);
  }
}

/**
 * The table's onKeyDown: keys typed in a text field (the inline editor) are left to it; a key in the
 * map is taken (no default, no bubbling to the view) even when its action has nothing to act on.
 */
export function reviewKeyHandler(c: ReviewKeyContext): (e: KeyboardEvent<HTMLElement>) => void {
  return (e) => {
    if (fromTextField(e)) return;
    const action = reviewKeyAction(e, c);
    if (!action) return;
    e.preventDefault();
    e.stopPropagation();
    runReviewKeyAction(action, c);
  };
}
