import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog: labelled, closes on Escape or a click outside, focuses its first field; with
 * `onEnter`, Enter outside text areas and buttons confirms it (keyboard-only use).
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
  useEffect(() => {
    const first = ref.current?.querySelector<HTMLElement>('input, select, textarea, button:not(.dialog-close)');
    first?.focus();
    const previous = document.activeElement as HTMLElement | null;
    return () => previous?.focus?.();
  }, []);
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className={wide ? 'dialog wide' : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          } else if (e.key === 'Enter' && onEnter && !e.defaultPrevented && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey) {
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
