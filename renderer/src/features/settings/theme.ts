// The colour theme: the system's preference (prefers-color-scheme) unless the user picks light or
// dark in Settings. The choice is kept in this browser's / window's local storage; the resolved
// theme is set on <html data-theme="light|dark"> (the CSS variables in styles/app.css follow it).
// Imported by SettingsView, which App imports, so it applies before the first render.

export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const KEY = 'graphwright.theme';

const media = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
const watchers = new Set<() => void>();

function read(): ThemeChoice {
  try {
    const v = window.localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    // storage refused (private mode): follow the system
    return 'system';
  }
}

let choice: ThemeChoice = typeof window !== 'undefined' ? read() : 'system';

export function resolvedTheme(c: ThemeChoice = choice): 'light' | 'dark' {
  if (c !== 'system') return c;
  return media?.matches ? 'dark' : 'light';
}

function apply(): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.dataset.theme = resolvedTheme();
  root.dataset.themeChoice = choice;
  for (const w of watchers) w();
}

export function themeChoice(): ThemeChoice {
  return choice;
}

export function setThemeChoice(next: ThemeChoice): void {
  choice = next;
  try {
    if (next === 'system') window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, next);
  } catch {
    // storage refused (private mode): the choice lasts for this page
  }
  apply();
}

export function subscribeTheme(w: () => void): () => void {
  watchers.add(w);
  return () => watchers.delete(w);
}

media?.addEventListener('change', () => {
  if (choice === 'system') apply();
});
apply();
