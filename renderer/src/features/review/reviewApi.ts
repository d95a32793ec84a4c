// Edits from the Review and Graph views: one runner for every command (so both views report, undo and
// refresh the same way; what an event makes stale is api/freshness.ts's), and undo/redo from the keyboard.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CallInput, CallOutput } from '../../../../shared/contract';
import { useApi } from '../../api/hooks';
import { LAST_REFRESHED, REVIEW_QUERIES } from '../../api/freshness';
import { fromTextField } from './reviewKeys';

function useInvalidateReview(): () => void {
  const qc = useQueryClient();
  return useCallback(() => {
    const first = REVIEW_QUERIES.filter((key) => !LAST_REFRESHED.includes(key));
    void Promise.all(first.map((key) => qc.invalidateQueries({ queryKey: [key] })))
      // one macrotask: the views re-render from the new triples and neighbourhoods, unmounting cards of deleted nodes
      .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
      .then(() => Promise.all(LAST_REFRESHED.map((key) => qc.invalidateQueries({ queryKey: [key] }))));
  }, [qc]);
}

type EditCall =
  | 'triples.accept'
  | 'triples.reject'
  | 'triples.edit'
  | 'triples.add'
  | 'entities.merge'
  | 'entities.split'
  | 'entities.setType'
  | 'relations.rename'
  | 'merge.accept'
  | 'merge.acceptMany'
  | 'merge.skip'
  | 'history.undo'
  | 'history.redo';

export interface EditRunner {
  run<N extends EditCall>(name: N, input: CallInput<N>): Promise<CallOutput<N> | null>;
  pending: boolean;
  error: string | null;
  /** What the last command did, for the status line. */
  message: string | null;
  clear(): void;
}

function describe(name: EditCall, out: unknown): string {
  const o = out as { changes?: number; group?: { summary: string } | null; command?: string };
  if (name === 'history.undo') return o.group ? `Undid: ${o.group.summary}` : 'Nothing to undo';
  if (name === 'history.redo') return o.group ? `Redid: ${o.group.summary}` : 'Nothing to redo';
  if (o.changes === 0) return 'Nothing changed';
  const verbs: Record<string, string> = {
    'triples.accept': 'Accepted',
    'triples.reject': 'Rejected',
    'triples.edit': 'Edited the triple',
    'triples.add': 'Added the triple',
    'entities.merge': 'Merged',
    'entities.split': 'Split the alias out',
    'entities.setType': 'Changed the type',
    'relations.rename': 'Renamed the relation',
    'merge.accept': 'Merged',
    'merge.acceptMany': 'Merged the band',
    'merge.skip': 'Skipped',
  };
  return `${verbs[name] ?? name} (Ctrl+Z undoes)`;
}

/** Run edit commands in order (a quick A, A, A queues three accepts), errors and results reported, every review query refreshed after. */
export function useEditRunner(): EditRunner {
  const api = useApi();
  const invalidate = useInvalidateReview();
  const [pending, setPending] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const run = useCallback(
    <N extends EditCall>(name: N, input: CallInput<N>): Promise<CallOutput<N> | null> => {
      setPending((n) => n + 1);
      const next = chain.current.then(async () => {
        try {
          const out = await api.call(name, input);
          setError(null);
          setMessage(describe(name, out));
          return out;
        } catch (err) {
          setError((err as Error).message);
          setMessage(null);
          return null;
        } finally {
          setPending((n) => n - 1);
          invalidate();
        }
      });
      chain.current = next;
      return next;
    },
    [api, invalidate],
  );
  const clear = useCallback(() => {
    setError(null);
    setMessage(null);
  }, []);
  return { run, pending: pending > 0, error, message, clear };
}

/**
 * Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) anywhere in the view outside text fields. (The Electron menu's
 * Undo/Redo items call history.undo/redo in the preload; the graph.changed event refreshes the view.)
 */
export function useUndoRedoShortcuts(runner: EditRunner): void {
  const ref = useRef(runner);
  ref.current = runner;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || fromTextField(e)) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) {
        e.preventDefault();
        void ref.current.run('history.undo', {});
      } else if ((k === 'z' && e.shiftKey) || k === 'y') {
        e.preventDefault();
        void ref.current.run('history.redo', {});
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
