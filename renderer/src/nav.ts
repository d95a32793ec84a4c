// The renderer's route lives in the URL hash: #/<view>?key=value. Views read their parameters
// (a triple to select, a chunk to show) from it, so links between views are plain navigations
// and a reload keeps the place.
import { useSyncExternalStore } from 'react';

export interface Route {
  view: string;
  params: URLSearchParams;
}

export function parseHash(hash = window.location.hash): Route {
  const raw = hash.replace(/^#\/?/, '');
  const q = raw.indexOf('?');
  return { view: q < 0 ? raw : raw.slice(0, q), params: new URLSearchParams(q < 0 ? '' : raw.slice(q + 1)) };
}

export function navigate(view: string, params: Record<string, string | number> = {}): void {
  const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  window.location.hash = `/${view}${search ? `?${search}` : ''}`;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The current hash, re-rendering on change. */
function useHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash);
}

/** One parameter of the current route, or null. */
export function useRouteParam(name: string): string | null {
  const hash = useHash();
  return parseHash(hash).params.get(name);
}
