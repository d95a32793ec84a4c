// Undo / redo with the edit history as a menu, and the status line of the last edit: shared by the
// Review and Graph views.
import { useEffect, useRef, useState } from 'react';
import { useCall } from '../../api/hooks';
import { dialogOpen } from '../../components/Dialog';
import type { EditRunner } from './reviewApi';

export function HistoryMenu({ runner }: { runner: EditRunner }) {
  const [open, setOpen] = useState(false);
  const h = useCall('history.list', { limit: 30 }, { enabled: open });
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const [alignRight, setAlignRight] = useState(false);
  // Open: the focus moves in, Esc or a click outside closes it (the focus back on the button), and it
  // opens leftwards when it would pass the window's right edge.
  useEffect(() => {
    if (!open) return;
    const b = button.current?.getBoundingClientRect();
    setAlignRight(!!b && b.left + 440 > window.innerWidth);
    popover.current?.focus();
    const close = (refocus: boolean) => {
      setOpen(false);
      if (refocus) button.current?.focus();
    };
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented && !dialogOpen()) {
        e.preventDefault();
        close(true);
      }
    };
    const onDown = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!popover.current?.contains(t) && !button.current?.contains(t)) close(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('mousedown', onDown);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mousedown', onDown);
    };
  }, [open]);
  return (
    <div className="history-menu">
      <button ref={button} type="button" className="secondary small" aria-expanded={open} aria-haspopup="dialog" onClick={() => setOpen((o) => !o)}>
        History
      </button>
      {open && (
        <div ref={popover} tabIndex={-1} className={alignRight ? 'history-popover align-right' : 'history-popover'} role="dialog" aria-label="Recent edits">
          <ol>
            {(h.data?.items ?? []).map((g) => (
              <li key={g.groupId} className={`state-${g.state}`}>
                <span>{g.summary}</span>{' '}
                <span className="muted small">
                  {g.actor} · {new Date(g.at).toLocaleTimeString()}
                  {g.state !== 'done' ? ` · ${g.state}` : ''}
                </span>
              </li>
            ))}
            {h.data && h.data.items.length === 0 && <li className="muted">No edits yet.</li>}
          </ol>
          <div className="row">
            <button type="button" className="secondary small" disabled={!h.data?.canUndo || runner.pending} onClick={() => void runner.run('history.undo', {})}>
              Undo
            </button>
            <button type="button" className="secondary small" disabled={!h.data?.canRedo || runner.pending} onClick={() => void runner.run('history.redo', {})}>
              Redo
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

export function StatusLine({ runner }: { runner: EditRunner }) {
  return (
    <div className="review-status" role="status" aria-live="polite">
      {runner.pending ? 'Saving…' : runner.error ? <span className="danger">{runner.error}</span> : runner.message}
    </div>
  );
}
