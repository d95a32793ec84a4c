// Boilerplate that repeats on every page: converter watermarks ("Evaluation Warning : The document
// was created with Spire.PDF for Python."), running headers and footers, page numbers.

/** The identity of a line for repetition: case, spacing and digits (page numbers) ignored. */
export function lineKey(line: string): string {
  return line.trim().replace(/\s+/g, ' ').replace(/\d+/g, '#').toLowerCase();
}

const isMarkerCandidate = (key: string) => key.length >= 25 && key.split(' ').length >= 4;

/** Most characters a page holds, on average, for a repeated line to be taken for a page marker. */
const MAX_PAGE_CHARS = 20_000;

/**
 * Split a text into pages: at form feeds when it has them, else at a long line repeated at least
 * three times (a watermark printed once a page), which is dropped. A repeated line is a marker only
 * when it stands between pages of text: a few dozen to a few hundred other lines apart, never the
 * body itself (a file of one line repeated, a line that recurs in a long text).
 */
export function splitPages(text: string): string[] {
  if (text.includes('\f')) return text.split('\f');
  const lines = text.split('\n');
  const counts = new Map<string, number>();
  let nonEmpty = 0;
  for (const line of lines) {
    const key = lineKey(line);
    if (key) nonEmpty++;
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
  const perPage = (nonEmpty - best) / (best + 1);
  if (perPage < 4 || text.length / (best + 1) > MAX_PAGE_CHARS) return [text];
  // Printed once a page: (nearly) always several lines after the previous one.
  let last = -1;
  let close = 0;
  let index = 0;
  for (const line of lines) {
    const key = lineKey(line);
    if (!key) continue;
    if (key === marker) {
      if (last >= 0 && index - last <= 3) close++;
      last = index;
    }
    index++;
  }
  if (close > (best - 1) * 0.1) return [text];
  const pages: string[] = [];
  let current: string[] = [];
  for (const line of lines) {
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
  // A key that repeats within the edge lines of a page is the body repeating, not a header.
  for (const [key, n] of onPages) if (n >= minPages && repeatsAtEdges(pageLines, edges, key, minPages)) onPages.delete(key);
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
  // Never the body. When nothing would be left, or what is left is the same on most pages, what
  // repeats is the text itself (a file of one line or one page repeated), not page furniture.
  if (removed && (out.every((p) => !p.trim()) || sameOnMostPages(out))) return { pages, removed: 0 };
  return { pages: out, removed };
}

/** Do at least half the pages (three at least) hold the same text? */
function sameOnMostPages(pages: string[]): boolean {
  const counts = new Map<string, number>();
  let best = 0;
  for (const p of pages) {
    const key = p.length > 4000 ? `${p.length}:${p.slice(0, 2000)}${p.slice(-2000)}` : p;
    if (!key.trim()) continue;
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (n > best) best = n;
  }
  return best >= 3 && best * 2 >= pages.length;
}

/** Does `key` occur twice or more among one page's edge lines, on at least `minPages / 2` pages? */
function repeatsAtEdges(pageLines: string[][], edges: number[][], key: string, minPages: number): boolean {
  let pagesWithTwo = 0;
  for (let p = 0; p < pageLines.length; p++) {
    let n = 0;
    for (const i of edges[p]) if (lineKey(pageLines[p][i]) === key) n++;
    if (n >= 2 && ++pagesWithTwo * 2 >= minPages) return true;
  }
  return false;
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

export interface Cut {
  start: number;
  end: number;
}

/**
 * Running headers that were run into the prose (a token table rebuilt into one line of text: "...
 * of standard. hightech and innovation journal vol. 6, no. 2, june, 2025 434 although the ...").
 * A run of at least six words repeated at least four times, far apart, identical but for one
 * number that counts up (the page number): that is a header or footer printed once a page.
 * Returns the spans to cut (each with one adjacent space), in order; the text is not changed.
 */
export function findInlineRunningHeaders(text: string): Cut[] {
  const MIN_WORDS = 6;
  const MIN_TIMES = 4;
  const MIN_GAP_WORDS = 80;
  const MAX_WORDS = 30;
  const words: { start: number; end: number; key: string }[] = [];
  for (const m of text.matchAll(/\S+/g)) {
    words.push({ start: m.index, end: m.index + m[0].length, key: m[0].toLowerCase().replace(/\d+/g, '#') });
    if (words.length > 1_000_000) return []; // a corpus, not a paper: no page furniture to find this way
  }
  if (words.length < MIN_WORDS * MIN_TIMES) return [];
  // Word n-grams (digits masked) and where they occur.
  const at = new Map<string, number[]>();
  for (let i = 0; i + MIN_WORDS <= words.length; i++) {
    let key = words[i].key;
    for (let k = 1; k < MIN_WORDS; k++) key += ' ' + words[i + k].key;
    const list = at.get(key);
    if (list) list.push(i);
    else at.set(key, [i]);
  }
  const cuts: Cut[] = [];
  const taken = new Set<number>();
  for (const positions of at.values()) {
    if (positions.length < MIN_TIMES) continue;
    // Part of a run already judged (the same header seen from another of its n-grams).
    let seen = false;
    for (let k = 0; k < MIN_WORDS && !seen; k++) seen = taken.has(positions[0] + k);
    if (seen) continue;
    // Occurrences far apart only (one a page), taken greedily from the first.
    const occ: number[] = [];
    for (const p of positions) if (!occ.length || p - occ[occ.length - 1] >= MIN_GAP_WORDS) occ.push(p);
    if (occ.length < MIN_TIMES) continue;
    // Grow the run left and right while every occurrence agrees.
    let left = 0;
    while (left < MAX_WORDS && occ.every((p) => p - left - 1 >= 0 && words[p - left - 1].key === words[occ[0] - left - 1].key)) left++;
    let len = MIN_WORDS;
    while (len < MAX_WORDS && occ.every((p) => p + len < words.length && words[p + len].key === words[occ[0] + len].key)) len++;
    const starts = occ.map((p) => p - left);
    const total = len + left;
    for (const s of starts) for (let k = 0; k < total; k++) taken.add(s + k);
    // A header is a line's worth of words; a longer run repeating is the body (templated text).
    if (total >= MAX_WORDS) continue;
    // The page number opens or closes the header, and counts up from page to page (mostly by one).
    let counts = false;
    for (const k of [0, 1, total - 2, total - 1]) {
      if (counts || k < 0 || k >= total) continue;
      if (!/#/.test(words[starts[0] + k].key)) continue;
      const values = starts.map((s) => Number(/\d+/.exec(text.slice(words[s + k].start, words[s + k].end))?.[0] ?? NaN));
      let ones = 0;
      let up = true;
      for (let v = 1; v < values.length; v++) {
        const d = values[v] - values[v - 1];
        if (!(d >= 1 && d <= 3)) up = false;
        if (d === 1) ones++;
      }
      counts = up && ones >= (values.length - 1) * 0.75;
    }
    if (!counts) continue;
    for (const s of starts) {
      const start = words[s].start;
      let end = words[s + total - 1].end;
      if (text[end] === ' ') end++;
      cuts.push({ start, end });
    }
  }
  cuts.sort((a, b) => a.start - b.start);
  // Overlapping runs (two n-gram groups of one header) merge.
  const merged: Cut[] = [];
  let cutChars = 0;
  for (const c of cuts) {
    const last = merged[merged.length - 1];
    if (last && c.start <= last.end) last.end = Math.max(last.end, c.end);
    else merged.push({ ...c });
  }
  for (const c of merged) cutChars += c.end - c.start;
  // Page furniture is a small part of a text: more is not a running header.
  return cutChars * 10 > text.length ? [] : merged;
}

/** Remove the cuts from a text; `map` takes an offset of the old text to the new one. */
export function applyCuts(text: string, cuts: Cut[]): { text: string; map: (pos: number) => number } {
  if (!cuts.length) return { text, map: (p) => p };
  const parts: string[] = [];
  let pos = 0;
  for (const c of cuts) {
    parts.push(text.slice(pos, c.start));
    pos = c.end;
  }
  parts.push(text.slice(pos));
  const map = (p: number) => {
    let removed = 0;
    for (const c of cuts) {
      if (c.start >= p) break;
      removed += Math.min(p, c.end) - c.start;
    }
    return p - removed;
  };
  return { text: parts.join(''), map };
}
