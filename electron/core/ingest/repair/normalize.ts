/**
 * Unicode NFKC (math italic letters, ligatures, full-width forms and no-break spaces become plain),
 * line endings to \n, soft hyphens, zero-width characters and stray control characters removed.
 * Tabs, newlines and form feeds (page breaks) are kept.
 */
export function normalizeText(text: string): string {
  const unified = text.replace(/\r\n?/g, '\n');
  // NFKC leaves ASCII unchanged: skip it (and the non-ASCII clean-ups) for ASCII-only text.
  if (!/[^\u0000-\u007f]/.test(unified)) return unified.replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g, '');
  return unified
    .normalize('NFKC')
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/g, '')
    .replace(/[\u2028\u2029]/g, '\n');
}

/** Trailing spaces off every line, runs of blank lines down to one, no blank lines at the ends. */
export function tidyText(text: string): string {
  return text
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\s+$/g, '');
}
