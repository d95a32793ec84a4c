// Stopped or finished jobs the user dismissed from a list (the status bar's chips, the Models view's
// downloads), kept in local storage. Keyed by id and last update: a job resumed that stops again shows again.
import { useCallback, useState } from 'react';
import type { JobInfo } from '../../../shared/schemas';

const KEY = 'graphwright.dismissedJobs';
const KEEP = 200;

const dismissKey = (j: Pick<JobInfo, 'id' | 'updatedAt'>) => `${j.id}@${j.updatedAt}`;

function read(): string[] {
  try {
    const v = JSON.parse(window.localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(-KEEP) : [];
  } catch {
    // storage refused or unreadable: nothing dismissed yet
    return [];
  }
}

export function useDismissedJobs(): { isDismissed: (j: JobInfo) => boolean; dismiss: (j: JobInfo) => void } {
  const [keys, setKeys] = useState<string[]>(read);
  const dismiss = useCallback(
    (j: JobInfo) => {
      // Re-read first: another list (or tab) may have dismissed jobs since this one mounted.
      const next = [...new Set([...read(), ...keys, dismissKey(j)])].slice(-KEEP);
      setKeys(next);
      try {
        window.localStorage.setItem(KEY, JSON.stringify(next));
      } catch {
        // storage refused: dismissed for this page
      }
    },
    [keys],
  );
  return { isDismissed: (j) => keys.includes(dismissKey(j)), dismiss };
}
