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
/** Pages whose long lines are candidates for a watermark printed anywhere on every page. */
const WATERMARK_SAMPLE_PAGES = 5;

/** Indexes of the first and last few non-empty lines of a page. */
function edgeIndexes(lines: string[]): number[] {
  const head: number[] = [];
  for (let i = 0; i < lines.length && head.length < EDGE_LINES; i++) if (lines[i].trim()) head.push(i);
  const tail: number[] = [];
  for (let i = lines.length - 1; i >= 0 && tail.length < EDGE_LINES; i--) if (lines[i].trim()) tail.push(i);
  return [...new Set([...head, ...tail])];
}

/**
 * Drop lines repeated across pages: within the first or last few lines of a page and found on at
 * least half the pages (three at least), or long lines found anywhere on at least half the pages.
 * Only edge lines and a few watermark candidates are keyed, so long documents stay cheap.
 */
export function removeRepeatedLines(pages: string[], options: { longLinesOnly?: boolean } = {}): { pages: string[]; removed: number } {
  if (pages.length < 3) return { pages, removed: 0 };
  const pageLines = pages.map((p) => p.split('\n'));
  const minPages = Math.max(3, Math.ceil(pages.length / 2));
  // Header/footer candidates: keys of edge lines, counted once per page.
  const edges = pageLines.map(edgeIndexes);
  const onPages = new Map<string, number>();
  if (!options.longLinesOnly) {
    pageLines.forEach((lines, p) => {
      const seen = new Set<string>();
      for (const i of edges[p]) {
        const key = lineKey(lines[i]);
        if (seen.has(key)) continue;
        seen.add(key);
        onPages.set(key, (onPages.get(key) ?? 0) + 1);
      }
    });
  }
  // Watermark candidates: long lines of the first pages, then counted on every page.
  // A watermark is on (nearly) every page: keep keys found on two or more of the sample pages.
  const sample = pageLines.slice(0, WATERMARK_SAMPLE_PAGES);
  const sampleCounts = new Map<string, number>();
  for (const lines of sample) {
    const seen = new Set<string>();
    for (const line of lines) {
      if (line.length < 25) continue;
      const key = lineKey(line);
      if (!isMarkerCandidate(key) || seen.has(key)) continue;
      seen.add(key);
      sampleCounts.set(key, (sampleCounts.get(key) ?? 0) + 1);
    }
  }
  const marks = new Map<string, { pages: number; total: number }>();
  for (const [key, n] of sampleCounts) {
    // Lines already caught as running headers or footers need no search through every line.
    if (n >= Math.min(2, sample.length) && (onPages.get(key) ?? 0) < minPages) marks.set(key, { pages: 0, total: 0 });
  }
  if (marks.size) {
    for (const lines of pageLines) {
      const seen = new Set<string>();
      for (const line of lines) {
        if (line.length < 25) continue;
        const key = lineKey(line);
        const m = marks.get(key);
        if (!m) continue;
        m.total++;
        if (!seen.has(key)) {
          seen.add(key);
          m.pages++;
        }
      }
    }
  }
  const isHeaderFooter = (key: string) => (key.length >= 4 || /^[#\s.-]+$/.test(key)) && /[\p{L}#]/u.test(key) && (onPages.get(key) ?? 0) >= minPages;
  const isWatermark = (key: string) => {
    const m = marks.get(key);
    return !!m && m.pages >= minPages && m.total <= 2 * pages.length;
  };
  let removed = 0;
  const out = pageLines.map((lines, p) => {
    const edge = new Set(edges[p]);
    const keep = lines.filter((line, i) => {
      const isEdge = edge.has(i);
      if (!isEdge && (line.length < 25 || !marks.size)) return true;
      const key = lineKey(line);
      if (!key) return true;
      const drop = (isEdge && isHeaderFooter(key)) || isWatermark(key);
      if (drop) removed++;
      return !drop;
    });
    return keep.length === lines.length ? pages[p] : keep.join('\n');
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
