import { useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** Open dialogs, the newest last: Escape closes the newest one wherever the focus is. */
const openDialogs: { close: () => void; el: () => HTMLElement | null }[] = [];

/** Whether a modal dialog is open (views leave their own Escape and shortcut keys alone then). */
export const dialogOpen = () => openDialogs.length > 0;

/**
 * A modal dialog: labelled, closes on Escape (wherever the focus is) or a click outside, moves the
 * focus into itself (its first field, else its first button, else itself), keeps Tab inside, and
 * gives the focus back to what had it when it closes. With `onEnter`, Enter outside text areas and
 * buttons confirms it (keyboard-only use).
 */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  wide,
  onEnter,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  onEnter?: () => void;
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    // What had the focus before (a button, the table), to give it back on close.
    const previous = document.activeElement as HTMLElement | null;
    const el = ref.current;
    const first =
      el?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled])') ??
      el?.querySelector<HTMLElement>('.dialog-body button:not([disabled]), .dialog-footer button:not([disabled])') ??
      el;
    first?.focus();
    const entry = { close: () => closeRef.current(), el: () => ref.current };
    openDialogs.push(entry);
    // Bubbling to the window: a field that handles Escape itself (a suggestion list closing) stops it first.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || openDialogs[openDialogs.length - 1] !== entry) return;
      e.preventDefault();
      entry.close();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      openDialogs.splice(openDialogs.indexOf(entry), 1);
      if (previous && previous !== document.body && previous.isConnected) previous.focus();
    };
  }, []);
  const trapTab = (e: ReactKeyboardEvent) => {
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((x) => x.offsetParent !== null);
    if (!items.length) return;
    const [first, last] = [items[0], items[items.length - 1]];
    if (e.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className={wide ? 'dialog wide' : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        tabIndex={-1}
        onKeyDown={(e) => {
          trapTab(e);
          if (e.key === 'Enter' && onEnter && !e.defaultPrevented && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey) {
            const t = e.target as HTMLElement;
            if (t.tagName === 'TEXTAREA' || t.tagName === 'BUTTON' || t.tagName === 'A' || t.tagName === 'SELECT') return;
            e.preventDefault();
            onEnter();
          }
        }}
      >
        <header className="dialog-header">
          <h2 id={id}>{title}</h2>
          <button type="button" className="dialog-close link" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="dialog-body">{children}</div>
        {footer && <footer className="dialog-footer">{footer}</footer>}
      </div>
    </div>
  );
}
