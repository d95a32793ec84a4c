import { useSyncExternalStore } from 'react';
import { THEME_CHOICES, resolvedTheme, setThemeChoice, subscribeTheme, themeChoice, type ThemeChoice } from './theme';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** System / light / dark. */
export function ThemeSection() {
  const choice = useSyncExternalStore(subscribeTheme, themeChoice);
  const resolved = useSyncExternalStore(subscribeTheme, () => resolvedTheme());
  return (
    <section className="settings-section" aria-labelledby="settings-theme">
      <h2 id="settings-theme">Appearance</h2>
      <div className="theme-switch" role="radiogroup" aria-label="Theme">
        {THEME_CHOICES.map((c) => (
          <label key={c} className={c === choice ? 'theme-option active' : 'theme-option'}>
            <input type="radio" name="theme" value={c} checked={c === choice} onChange={() => setThemeChoice(c)} />
            {LABELS[c]}
          </label>
        ))}
      </div>
      <p className="muted" data-testid="theme-note">
        {choice === 'system' ? `Following the system: ${resolved} now.` : `Always ${resolved}.`}
      </p>
    </section>
  );
}
