// Boilerplate that repeats on every page: converter watermarks ("Evaluation Warning : The document
// was created with Spire.PDF for Python."), running headers and footers, page numbers.

/** The identity of a line for repetition: case, spacing and digits (page numbers) ignored. */
function lineKey(line: string): string {
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

/** A line of a page: its span in the page (without the newline). */
interface LineSpan {
  start: number;
  end: number;
}

/** An edge line (one of the first or last few non-empty lines of a page) and its lineKey. */
interface EdgeLine extends LineSpan {
  key: string;
}

/** Call `fn` with the span of every line of a page, in order (what page.split('\n') gives, without the copies). */
function forEachLine(page: string, fn: (start: number, end: number) => void): void {
  let start = 0;
  for (;;) {
    const nl = page.indexOf('\n', start);
    fn(start, nl === -1 ? page.length : nl);
    if (nl === -1) return;
    start = nl + 1;
  }
}

/** The first and last few non-empty lines of a page, each once, with their keys; found from the two ends, not by splitting the page. */
function edgeLines(page: string): EdgeLine[] {
  const out: EdgeLine[] = [];
  let start = 0;
  for (let found = 0; found < EDGE_LINES;) {
    const nl = page.indexOf('\n', start);
    const end = nl === -1 ? page.length : nl;
    const line = page.slice(start, end);
    if (line.trim()) {
      out.push({ start, end, key: lineKey(line) });
      found++;
    }
    if (nl === -1) break;
    start = nl + 1;
  }
  const head = out.length;
  let end = page.length;
  for (let found = 0; found < EDGE_LINES;) {
    const nl = end > 0 ? page.lastIndexOf('\n', end - 1) : -1;
    const begin = nl + 1;
    const line = page.slice(begin, end);
    if (line.trim()) {
      found++;
      let dup = false;
      for (let i = 0; i < head && !dup; i++) dup = out[i].start === begin;
      if (!dup) out.push({ start: begin, end, key: lineKey(line) });
    }
    if (nl === -1) break;
    end = nl;
  }
  return out;
}

/** The page without the given lines (spans in order): what joining its other lines with '\n' gives. */
function withoutLines(page: string, drops: LineSpan[]): string {
  const runs: string[] = [];
  let from = 0; // start of the next kept line
  for (const d of drops) {
    if (d.start > from) runs.push(page.slice(from, d.start - 1));
    from = d.end + 1;
  }
  if (from <= page.length) runs.push(page.slice(from));
  return runs.join('\n');
}

/**
 * Drop lines repeated across pages: within the first or last few lines of a page and found on at
 * least half the pages (three at least), or long lines found anywhere on at least half the pages.
 * Only edge lines and a few watermark candidates are keyed, so long documents stay cheap: pages
 * are not split into lines unless a watermark is searched for, and a page loses its lines as slices.
 */
export function removeRepeatedLines(
  pages: string[],
  options: {
    longLinesOnly?: boolean;
    /**
     * Replace the pages in `pages` itself, each as it is done, so that a large text's raw pages are let
     * go one by one rather than held until all are done; `betweenSteps` is called every STEP_CHARS of
     * pages (a garbage collection). The same pages as a copy would hold.
     */
    inPlace?: { betweenSteps?: () => void; stepChars: number };
  } = {},
): { pages: string[]; removed: number } {
  if (pages.length < 3) return { pages, removed: 0 };
  const minPages = Math.max(3, Math.ceil(pages.length / 2));
  // Header/footer candidates: keys of edge lines, counted once per page.
  // (a large text's collections every stepChars of pages: keying the edge lines leaves garbage too)
  let sinceStep = 0;
  const step = (chars: number) => {
    sinceStep += chars;
    if (options.inPlace?.betweenSteps && sinceStep >= options.inPlace.stepChars) {
      options.inPlace.betweenSteps();
      sinceStep = 0;
    }
  };
  const edges = pages.map((page) => {
    step(page.length);
    return edgeLines(page);
  });
  const onPages = new Map<string, number>();
  if (!options.longLinesOnly) {
    for (const lines of edges) {
      const seen = new Set<string>();
      for (const { key } of lines) {
        if (seen.has(key)) continue;
        seen.add(key);
        onPages.set(key, (onPages.get(key) ?? 0) + 1);
      }
    }
  }
  // Watermark candidates: long lines of the first pages, then counted on every page.
  // A watermark is on (nearly) every page: keep keys found on two or more of the sample pages.
  const sample = pages.slice(0, WATERMARK_SAMPLE_PAGES);
  const sampleCounts = new Map<string, number>();
  for (const page of sample) {
    const seen = new Set<string>();
    forEachLine(page, (start, end) => {
      if (end - start < 25) return;
      const key = lineKey(page.slice(start, end));
      if (!isMarkerCandidate(key) || seen.has(key)) return;
      seen.add(key);
      sampleCounts.set(key, (sampleCounts.get(key) ?? 0) + 1);
    });
  }
  const marks = new Map<string, { pages: number; total: number }>();
  for (const [key, n] of sampleCounts) {
    // Lines already caught as running headers or footers need no search through every line.
    if (n >= Math.min(2, sample.length) && (onPages.get(key) ?? 0) < minPages) marks.set(key, { pages: 0, total: 0 });
  }
  if (marks.size) {
    for (const page of pages) {
      const seen = new Set<string>();
      forEachLine(page, (start, end) => {
        if (end - start < 25) return;
        const key = lineKey(page.slice(start, end));
        const m = marks.get(key);
        if (!m) return;
        m.total++;
        if (!seen.has(key)) {
          seen.add(key);
          m.pages++;
        }
      });
    }
  }
  const isHeaderFooter = (key: string) => (key.length >= 4 || /^[#\s.-]+$/.test(key)) && /[\p{L}#]/u.test(key) && (onPages.get(key) ?? 0) >= minPages;
  const isWatermark = (key: string) => {
    const m = marks.get(key);
    return !!m && m.pages >= minPages && m.total <= 2 * pages.length;
  };
  // A key that repeats within the edge lines of a page is the body repeating, not a header.
  for (const [key, n] of onPages) if (n >= minPages && repeatsAtEdges(edges, key, minPages)) onPages.delete(key);
  /** A page without its repeated lines, and how many it had. */
  const strip = (page: string, p: number): { page: string; removed: number } => {
    const drops: LineSpan[] = [];
    if (marks.size) {
      // Every line may be a watermark: walk them all (edge lines by their place in the page).
      const edgeAt = new Map(edges[p].map((e) => [e.start, e]));
      forEachLine(page, (start, end) => {
        const edge = edgeAt.get(start);
        if (!edge && end - start < 25) return;
        const key = edge ? edge.key : lineKey(page.slice(start, end));
        if (!key) return;
        if ((edge && isHeaderFooter(key)) || isWatermark(key)) drops.push({ start, end });
      });
    } else {
      for (const e of edges[p]) if (isHeaderFooter(e.key)) drops.push(e);
      drops.sort((a, b) => a.start - b.start);
    }
    return { page: drops.length ? withoutLines(page, drops) : page, removed: drops.length };
  };
  if (options.inPlace) {
    // First only what the check below reads of the pages without their lines (are they all empty, do
    // most share a sketch); when that cannot rule the body out, the pages are made as a copy after all.
    let removed = 0;
    let empty = true;
    const sketches = new SketchTally();
    for (let p = 0; p < pages.length; p++) {
      const s = strip(pages[p], p);
      removed += s.removed;
      if (empty && s.page.trim()) empty = false;
      sketches.add(s.page);
      step(pages[p].length);
    }
    if (!removed) return { pages, removed: 0 };
    if (!empty && !sketches.enough(pages.length)) {
      for (let p = 0; p < pages.length; p++) {
        const chars = pages[p].length;
        pages[p] = strip(pages[p], p).page;
        // (an edge line's key may be a slice of its raw page: let it go with the page)
        edges[p] = [];
        step(chars);
      }
      return { pages, removed };
    }
  }
  let removed = 0;
  const out = pages.map((page, p) => {
    const s = strip(page, p);
    removed += s.removed;
    return s.page;
  });
  // Never the body. When nothing would be left, or what is left is the same on most pages, what
  // repeats is the text itself (a file of one line or one page repeated), not page furniture.
  if (removed && (out.every((p) => !p.trim()) || sameOnMostPages(out))) return { pages, removed: 0 };
  return { pages: out, removed };
}

/** The key a page is compared by in sameOnMostPages: its text, or its length and ends when long. */
const pageKey = (p: string) => (p.length > 4000 ? `${p.length}:${p.slice(0, 2000)}${p.slice(-2000)}` : p);

/**
 * A cheap function of pageKey(p) (its length and ends), so pages with equal keys have equal
 * sketches: no key is counted more often than its sketch.
 */
function pageKeySketch(p: string): string {
  if (p.length <= 4000) return `${p.length}|${p.slice(0, 64)}|${p.slice(-64)}`;
  const head = `${p.length}:`;
  return `${head.length + 4000}|${(head + p.slice(0, 64)).slice(0, 64)}|${p.slice(-64)}`;
}

/** Enough of `pages` pages for sameOnMostPages: half of them, three at least. */
const mostOf = (n: number, pages: number) => n >= 3 && n * 2 >= pages;

/** Pages counted by pageKeySketch (empty ones left out): whether enough share one (sameOnMostPages's first test). */
class SketchTally {
  private counts = new Map<string, number>();
  private best = 0;
  add(p: string): void {
    if (p.length <= 4000 && !p.trim()) return;
    // a copy of its own: the sketch's parts are slices that would keep the whole page alive
    const k = ` ${pageKeySketch(p)}`.slice(1);
    const n = (this.counts.get(k) ?? 0) + 1;
    this.counts.set(k, n);
    if (n > this.best) this.best = n;
  }
  enough(pages: number): boolean {
    return mostOf(this.best, pages);
  }
}

/** Do at least half the pages (three at least) hold the same text? */
function sameOnMostPages(pages: string[]): boolean {
  const enough = (n: number) => mostOf(n, pages.length);
  // Most pages differ: rule that out on the sketches first, without hashing every page's text.
  const sketches = new SketchTally();
  for (const p of pages) sketches.add(p);
  if (!sketches.enough(pages.length)) return false;
  const counts = new Map<string, number>();
  let best = 0;
  for (const p of pages) {
    const key = pageKey(p);
    if (!key.trim()) continue;
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (n > best) best = n;
  }
  return enough(best);
}

/** Does `key` occur twice or more among one page's edge lines, on at least `minPages / 2` pages? */
function repeatsAtEdges(edges: EdgeLine[][], key: string, minPages: number): boolean {
  let pagesWithTwo = 0;
  for (const lines of edges) {
    let n = 0;
    for (const e of lines) if (e.key === key) n++;
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
