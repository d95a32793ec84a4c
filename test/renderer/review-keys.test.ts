// The Review table's key map, apart from the view: what each key means, and what the table's onKeyDown
// does with it (takes the key or leaves it, and acts on the selection and the view's actions).
import { describe, expect, it, vi } from 'vitest';
import type { KeyboardEvent } from 'react';
import type { TripleListItem } from '../../shared/contract';
import { reviewKeyAction, reviewKeyHandler, selectedLoadedNote, type KeyPress, type ReviewKeyContext } from '../../renderer/src/features/review/reviewKeys';

const press = (key: string, mods: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});
const at = { activeIndex: 30, total: 100 };

describe('review key map: what a key means', () => {
  it('moves by one, by a page of 20, to the ends; Shift extends; Ctrl does not stop a move', () => {
    expect(reviewKeyAction(press('ArrowDown'), at)).toEqual({ kind: 'move', to: 31, extend: false });
    expect(reviewKeyAction(press('ArrowUp'), at)).toEqual({ kind: 'move', to: 29, extend: false });
    expect(reviewKeyAction(press('PageDown'), at)).toEqual({ kind: 'move', to: 50, extend: false });
    expect(reviewKeyAction(press('PageUp'), at)).toEqual({ kind: 'move', to: 10, extend: false });
    expect(reviewKeyAction(press('Home'), at)).toEqual({ kind: 'move', to: 0, extend: false });
    expect(reviewKeyAction(press('End'), at)).toEqual({ kind: 'move', to: 99, extend: false });
    expect(reviewKeyAction(press('ArrowDown', { shiftKey: true }), at)).toEqual({ kind: 'move', to: 31, extend: true });
    expect(reviewKeyAction(press('End', { ctrlKey: true, shiftKey: true }), at)).toEqual({ kind: 'move', to: 99, extend: true });
    // unclamped: the view clamps (End on an empty table asks for -1)
    expect(reviewKeyAction(press('End'), { activeIndex: 0, total: 0 })).toEqual({ kind: 'move', to: -1, extend: false });
    expect(reviewKeyAction(press('PageUp'), { activeIndex: 3, total: 5 })).toEqual({ kind: 'move', to: -17, extend: false });
  });

  it('maps the letters whatever their case, Space, F2 and Esc', () => {
    const cases: [string, unknown][] = [
      [' ', { kind: 'toggle' }],
      ['a', { kind: 'status', to: 'accepted' }],
      ['A', { kind: 'status', to: 'accepted' }],
      ['r', { kind: 'status', to: 'rejected' }],
      ['R', { kind: 'status', to: 'rejected' }],
      ['e', { kind: 'edit' }],
      ['F2', { kind: 'edit' }],
      ['n', { kind: 'add' }],
      ['m', { kind: 'merge' }],
      ['g', { kind: 'graph' }],
      ['G', { kind: 'graph' }],
      ['Escape', { kind: 'clear' }],
    ];
    for (const [key, action] of cases) expect(reviewKeyAction(press(key), at), key).toEqual(action);
    expect(reviewKeyAction(press('E', { shiftKey: true }), at)).toEqual({ kind: 'edit' });
  });

  it('Ctrl+A (or Cmd+A) selects the loaded rows; Ctrl+Shift+A and Ctrl with the other keys are left alone', () => {
    expect(reviewKeyAction(press('a', { ctrlKey: true }), at)).toEqual({ kind: 'selectLoaded' });
    expect(reviewKeyAction(press('A', { metaKey: true }), at)).toEqual({ kind: 'selectLoaded' });
    expect(reviewKeyAction(press('a', { ctrlKey: true, shiftKey: true }), at)).toBeNull();
    for (const key of ['r', 'e', 'n', 'm', 'g', ' ', 'Escape', 'F2', 'z', 'y']) {
      expect(reviewKeyAction(press(key, { ctrlKey: true }), at), key).toBeNull();
      expect(reviewKeyAction(press(key, { metaKey: true }), at), key).toBeNull();
    }
  });

  it('leaves Alt with anything, and keys outside the map, alone', () => {
    for (const key of ['ArrowDown', 'a', 'Escape', ' ']) expect(reviewKeyAction(press(key, { altKey: true }), at), key).toBeNull();
    for (const key of ['x', 'Enter', 'Tab', 'ArrowLeft', 'ArrowRight', 'F1', '?', 'Shift', 'Control', 'constructor', 'toString'])
      expect(reviewKeyAction(press(key), at), key).toBeNull();
  });

  it('says how much Ctrl+A selected', () => {
    expect(selectedLoadedNote(300, 1000)).toBe('Selected the 300 loaded rows of 1000: scroll to load more, or narrow the filter');
    expect(selectedLoadedNote(12, 12)).toBe('Selected all 12 rows');
  });
});

const row = (id: number): TripleListItem =>
  ({ id, subjectId: id * 10, objectId: id * 10 + 1, subject: `s${id}`, object: `o${id}`, relation: 'r' }) as TripleListItem;

function context(over: Partial<ReviewKeyContext> = {}): ReviewKeyContext {
  return {
    activeIndex: 1,
    total: 5,
    active: row(2),
    loaded: [row(1), row(2), row(3)],
    selected: new Set<number>(),
    setSelected: vi.fn(),
    setNote: vi.fn(),
    move: vi.fn(),
    setStatus: vi.fn(),
    startEdit: vi.fn(),
    openAdd: vi.fn(),
    openMerge: vi.fn(),
    showInGraph: vi.fn(),
    ...over,
  };
}

function event(key: string, mods: Partial<Omit<KeyPress, 'key'>> = {}, target: object = { tagName: 'DIV', isContentEditable: false }) {
  const e = { ...press(key, mods), target, preventDefault: vi.fn(), stopPropagation: vi.fn() };
  return e as typeof e & KeyboardEvent<HTMLElement>;
}

/** Every action the context offers, with how often each was called. */
const calls = (c: ReviewKeyContext) =>
  Object.fromEntries(
    Object.entries(c)
      .filter(([, v]) => vi.isMockFunction(v))
      .map(([k, v]) => [k, (v as ReturnType<typeof vi.fn>).mock.calls.length]),
  );

describe('review key map: the table onKeyDown', () => {
  it('takes a mapped key (no default, no bubbling) and runs its action on the view', () => {
    const c = context();
    const e = event('ArrowDown', { shiftKey: true });
    reviewKeyHandler(c)(e);
    expect(e.preventDefault).toHaveBeenCalledOnce();
    expect(e.stopPropagation).toHaveBeenCalledOnce();
    expect(c.move).toHaveBeenCalledWith(2, true);

    const keys: [string, keyof ReviewKeyContext, unknown[]][] = [
      ['a', 'setStatus', ['accepted']],
      ['r', 'setStatus', ['rejected']],
      ['e', 'startEdit', []],
      ['F2', 'startEdit', []],
      ['n', 'openAdd', []],
      ['m', 'openMerge', []],
      ['g', 'showInGraph', [row(2)]],
      ['Home', 'move', [0, false]],
      ['End', 'move', [4, false]],
    ];
    for (const [key, name, args] of keys) {
      const c = context();
      reviewKeyHandler(c)(event(key));
      expect(c[name], key).toHaveBeenCalledWith(...args);
      // nothing else ran
      expect(
        Object.values(calls(c)).reduce((a, b) => a + b, 0),
        key,
      ).toBe(1);
    }
  });

  it('Space toggles the active row in the selection', () => {
    const c = context({ selected: new Set([7]) });
    reviewKeyHandler(c)(event(' '));
    expect(c.setSelected).toHaveBeenCalledWith(new Set([7, 2]));
    const d = context({ selected: new Set([7, 2]) });
    reviewKeyHandler(d)(event(' '));
    expect(d.setSelected).toHaveBeenCalledWith(new Set([7]));
    expect(d.selected).toEqual(new Set([7, 2])); // a new set, the view's own is not changed
  });

  it('Ctrl+A selects the loaded rows and says how many of the total; Esc clears the selection and the note', () => {
    const c = context();
    const e = event('a', { ctrlKey: true });
    reviewKeyHandler(c)(e);
    expect(e.preventDefault).toHaveBeenCalledOnce();
    expect(c.setSelected).toHaveBeenCalledWith(new Set([1, 2, 3]));
    expect(c.setNote).toHaveBeenCalledWith('Selected the 3 loaded rows of 5: scroll to load more, or narrow the filter');
    expect(c.setStatus).not.toHaveBeenCalled();

    const d = context({ selected: new Set([1, 3]) });
    reviewKeyHandler(d)(event('Escape'));
    expect(d.setSelected).toHaveBeenCalledWith(new Set());
    expect(d.setNote).toHaveBeenCalledWith(null);
  });

  it('with no active row, Space and G are still taken but do nothing', () => {
    for (const key of [' ', 'g']) {
      const c = context({ active: undefined });
      const e = event(key);
      reviewKeyHandler(c)(e);
      expect(e.preventDefault, key).toHaveBeenCalledOnce();
      expect(e.stopPropagation, key).toHaveBeenCalledOnce();
      expect(
        Object.values(calls(c)).every((n) => n === 0),
        key,
      ).toBe(true);
    }
  });

  it('leaves keys typed in a text field, with Alt, with Ctrl (but A) and outside the map to others', () => {
    const fields = [{ tagName: 'INPUT' }, { tagName: 'TEXTAREA' }, { tagName: 'SELECT' }, { tagName: 'DIV', isContentEditable: true }];
    const presses: [string, Partial<Omit<KeyPress, 'key'>>, object?][] = [
      ...fields.flatMap((f): [string, Partial<Omit<KeyPress, 'key'>>, object][] => [
        ['a', {}, f],
        ['ArrowDown', {}, f],
        ['a', { ctrlKey: true }, f],
      ]),
      ['ArrowDown', { altKey: true }],
      ['z', { ctrlKey: true }],
      ['r', { metaKey: true }],
      ['a', { ctrlKey: true, shiftKey: true }],
      ['x', {}],
      ['Enter', {}],
    ];
    for (const [key, mods, target] of presses) {
      const c = context();
      const e = event(key, mods, target);
      reviewKeyHandler(c)(e);
      expect(e.preventDefault, key).not.toHaveBeenCalled();
      expect(e.stopPropagation, key).not.toHaveBeenCalled();
      expect(
        Object.values(calls(c)).every((n) => n === 0),
        key,
      ).toBe(true);
    }
  });
});
