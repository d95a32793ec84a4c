// Boilerplate that repeats on every page: converter watermarks ("Evaluation Warning : The document
// was created with Spire.PDF for Python."), running headers and footers, page numbers.

/** The identity of a line for repetition: case, spacing and digits (page numbers) ignored. */
export function lineKey(line: string): string {
  return line.trim().replace(/\s+/g, ' ').replace(/\d+/g, '#').toLowerCase();
}

const isMarkerCandidate = (key: string) => key.length >= 25 && key.split(' ').length >= 4;

/**
 * Split a text into pages: at form feeds when it has them, else at a long line repeated at least
 * three times (a watermark printed once a page), which is dropped.
 */
export function splitPages(text: string): string[] {
  if (text.includes('\f')) return text.split('\f');
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) {
    const key = lineKey(line);
    if (isMarkerCandidate(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let marker: string | undefined;
  let best = 2;
  for (const [key, n] of counts) {
    if (n > best) {
      best = n;
      marker = key;
    }
  }
  if (!marker) return [text];
  const pages: string[] = [];
  let current: string[] = [];
  for (const line of text.split('\n')) {
    if (lineKey(line) === marker) {
      pages.push(current.join('\n'));
      current = [];
    } else current.push(line);
  }
  pages.push(current.join('\n'));
  return pages.filter((p, i) => i === 0 || p.trim() !== '' || i < pages.length - 1);
}

const EDGE_LINES = 4;

/**
 * Drop lines repeated across pages: within the first or last few lines of a page and found on at
 * least half the pages (three at least), or long lines repeated three times anywhere.
 */
export function removeRepeatedLines(pages: string[], options: { longLinesOnly?: boolean } = {}): { pages: string[]; removed: number } {
  const pageLines = pages.map((p) => p.split('\n'));
  const onPages = new Map<string, number>();
  const total = new Map<string, number>();
  pageLines.forEach((lines) => {
    const seen = new Set<string>();
    const nonEmpty = lines.map((l, i) => [l, i] as const).filter(([l]) => l.trim());
    const edges = new Set([...nonEmpty.slice(0, EDGE_LINES), ...nonEmpty.slice(-EDGE_LINES)].map(([, i]) => i));
    lines.forEach((line, i) => {
      const key = lineKey(line);
      if (!key) return;
      total.set(key, (total.get(key) ?? 0) + 1);
      if (edges.has(i) && !seen.has(key)) {
        seen.add(key);
        onPages.set(key, (onPages.get(key) ?? 0) + 1);
      }
    });
  });
  const minPages = Math.max(3, Math.ceil(pages.length / 2));
  const isBoilerplate = (key: string) =>
    (!options.longLinesOnly && pages.length >= 3 && (key.length >= 4 || /^[#\s.-]+$/.test(key)) && (onPages.get(key) ?? 0) >= minPages && /[\p{L}#]/u.test(key)) ||
    (isMarkerCandidate(key) && (total.get(key) ?? 0) >= 3);
  let removed = 0;
  const out = pageLines.map((lines) => {
    const nonEmpty = lines.map((l, i) => [l, i] as const).filter(([l]) => l.trim());
    const edges = new Set([...nonEmpty.slice(0, EDGE_LINES), ...nonEmpty.slice(-EDGE_LINES)].map(([, i]) => i));
    return lines
      .filter((line, i) => {
        const key = lineKey(line);
        if (!key) return true;
        const drop = isBoilerplate(key) && (edges.has(i) || isMarkerCandidate(key));
        if (drop) removed++;
        return !drop;
      })
      .join('\n');
  });
  return { pages: out, removed };
}

/**
 * For pages whose lines are fragments (spaces lost, line breaks meaningless): drop the running
 * header every page of a kind starts with. Pages are compared on their text with whitespace
 * removed and digits masked; groups of at least three pages sharing a prefix lose it.
 */
export function stripRepeatedPrefixes(pages: string[]): { pages: string[]; removed: number } {
  const squash = pages.map((p) => {
    const chars: string[] = [];
    const index: number[] = [];
    for (let i = 0; i < p.length; i++) {
      const c = p[i];
      if (/\s/.test(c)) continue;
      chars.push(/\d/.test(c) ? '#' : c.toLowerCase());
      index.push(i);
    }
    return { key: chars.join(''), index };
  });
  const groups = new Map<string, number[]>();
  squash.forEach((s, i) => {
    if (s.key.length < 40) return;
    const k = s.key.slice(0, 12);
    groups.set(k, [...(groups.get(k) ?? []), i]);
  });
  const out = [...pages];
  let removed = 0;
  for (const members of groups.values()) {
    if (members.length < 3) continue;
    const keys = members.map((i) => squash[i].key);
    let lcp = 0;
    while (lcp < keys[0].length && keys.every((k) => k[lcp] === keys[0][lcp])) lcp++;
    // Do not end inside a word: back off to the last non-letter.
    while (lcp > 0 && /\p{L}/u.test(keys[0][lcp - 1]) && keys.some((k) => /\p{L}/u.test(k[lcp] ?? ''))) lcp--;
    if (lcp < 12) continue;
    for (const i of members) {
      const cut = squash[i].index[lcp - 1] + 1;
      out[i] = pages[i].slice(cut);
      removed++;
    }
  }
  return { pages: out, removed };
}
