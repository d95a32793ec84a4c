/**
 * Unicode NFKC (math italic letters, ligatures, full-width forms and no-break spaces become plain),
 * line endings to \n, soft hyphens, zero-width characters and stray control characters removed.
 * Tabs, newlines and form feeds (page breaks) are kept.
 */
export function normalizeText(text: string): string {
  const unified = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  // Printable ASCII, tabs, newlines and form feeds only: nothing to change (one scan).
  if (!/[^\t\n\f\x20-\x7e]/.test(unified)) return unified;
  // NFKC leaves ASCII unchanged: skip it (and the non-ASCII clean-ups) for ASCII-only text.
  if (!/[^\u0000-\u007f]/.test(unified)) return unified.replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g, '');
  return unified
    .normalize('NFKC')
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/g, '')
    .replace(/[\u2028\u2029]/g, '\n');
}

/**
 * Trailing spaces off every line, runs of blank lines down to one, no blank lines at the ends.
 * Each rule runs only when the text has what it removes (a repaired page mostly has none of it).
 */
export function tidyText(text: string): string {
  let t = text;
  // With the m flag $ is also before \r, U+2028 and U+2029.
  if (t.includes(' \n') || t.includes('\t\n') || /[ \t]$/.test(t.slice(-1)) || /[\r\u2028\u2029]/.test(t)) t = t.replace(/[ \t]+$/gm, '');
  if (t.includes('\n\n\n')) t = t.replace(/\n{3,}/g, '\n\n');
  // /^\n+|\s+$/g: the newlines at the start, then whitespace at the end (trimEnd's set is \s).
  let start = 0;
  while (t.charCodeAt(start) === 10) start++;
  return (start ? t.slice(start) : t).trimEnd();
}
