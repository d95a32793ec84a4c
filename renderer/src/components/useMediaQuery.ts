import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following changes (a window resized across a breakpoint). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const m = window.matchMedia(query);
      m.addEventListener('change', onChange);
      return () => m.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below this width the Review view's evidence panel is a drawer over the table, not a column beside it. */
export const NARROW_QUERY = '(max-width: 1279px)';
