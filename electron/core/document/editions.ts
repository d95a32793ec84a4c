// Editions, the pure part: which stored document a re-ingested one is a new version of (its path,
// or the standard's identifier and title), how the chunks of two versions match (unchanged by hash,
// moved, edited, added, removed), where an evidence quote lies in the new version, and how the
// clauses (sections) of two versions differ. Nothing here reads or writes the database.
import type { StandardId } from './structure';
import { diceOfCounts } from '../text/similarity';

export type ChunkMatchKind = 'unchanged' | 'moved' | 'edited' | 'added' | 'removed';

export interface MatchableChunk {
  id: number;
  ordinal: number;
  start: number;
  end: number;
  text: string;
  hash: string;
}

export interface ChunkMatch {
  kind: ChunkMatchKind;
  /** The chunk in the newer version; null when removed. */
  chunk: MatchableChunk | null;
  /** The chunk in the older version; null when added. */
  previous: MatchableChunk | null;
  /** Word-bigram similarity of the two texts (1 for unchanged and moved, 0 for added and removed). */
  similarity: number;
}

/** Above this many (unmatched new x unmatched old) chunk pairs, each new chunk is compared with the old ones near its relative position only. */
export const MAX_PAIRS = 1_000_000;
/** Past MAX_PAIRS: old chunks compared on either side of a new chunk's relative position. */
const WINDOW = 32;

/** Two chunk texts this similar (Dice over word bigrams) are one chunk edited, not one removed and one added. */
const EDITED_SIMILARITY = 0.35;

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function bigrams(text: string): Map<string, number> {
  const w = words(text);
  const out = new Map<string, number>();
  if (w.length === 1) out.set(w[0], 1);
  for (let i = 0; i + 1 < w.length; i++) {
    const k = `${w[i]} ${w[i + 1]}`;
    out.set(k, (out.get(k) ?? 0) + 1);
  }
  return out;
}

/** Dice coefficient over word bigrams (multiset): 1 for the same words in the same order, 0 for nothing shared. */
export function similarity(a: string, b: string): number {
  return diceOfCounts(bigrams(a), bigrams(b));
}

/** Indices (into `seq`) of one longest strictly increasing subsequence. */
function longestIncreasing(seq: number[]): Set<number> {
  const tails: number[] = [];
  const prev = new Array<number>(seq.length).fill(-1);
  for (let i = 0; i < seq.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seq[tails[mid]] < seq[i]) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1];
    tails[lo] = i;
  }
  const out = new Set<number>();
  for (let k = tails.length ? tails[tails.length - 1] : -1; k >= 0; k = prev[k]) out.add(k);
  return out;
}

/**
 * Match the chunks of a new version to those of the version before. Same content hash: the same
 * chunk, 'unchanged' when it keeps its order relative to the other kept chunks (a longest increasing
 * run of old ordinals), else 'moved'. The rest: a new chunk and an old one this similar, best pairs
 * first and preferring those between the same kept neighbours, are one chunk 'edited'; what is left
 * is 'added' (new) or 'removed' (old). Every chunk of both versions appears exactly once.
 */
export function matchChunks(previous: MatchableChunk[], next: MatchableChunk[]): ChunkMatch[] {
  const oldSorted = [...previous].sort((a, b) => a.ordinal - b.ordinal);
  const newSorted = [...next].sort((a, b) => a.ordinal - b.ordinal);
  const byHash = new Map<string, MatchableChunk[]>();
  for (const c of oldSorted) byHash.set(c.hash, [...(byHash.get(c.hash) ?? []), c]);
  const pairOf = new Map<number, MatchableChunk>(); // new chunk id -> old chunk
  const usedOld = new Set<number>();
  for (const c of newSorted) {
    const cands = byHash.get(c.hash);
    const hit = cands?.find((o) => !usedOld.has(o.id));
    if (hit) {
      pairOf.set(c.id, hit);
      usedOld.add(hit.id);
    }
  }
  const hashed = newSorted.filter((c) => pairOf.has(c.id));
  const inOrder = longestIncreasing(hashed.map((c) => pairOf.get(c.id)!.ordinal));
  const kindOf = new Map<number, ChunkMatchKind>();
  hashed.forEach((c, i) => kindOf.set(c.id, inOrder.has(i) ? 'unchanged' : 'moved'));

  // The gap each unmatched chunk sits in: between which kept (unchanged) neighbours.
  const anchors = hashed.filter((c) => kindOf.get(c.id) === 'unchanged');
  const newAnchors = anchors.map((a) => a.ordinal); // increasing
  const oldAnchors = anchors.map((a) => pairOf.get(a.id)!.ordinal); // increasing too (a longest increasing run)
  const below = (sorted: number[], x: number) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const gapOfNew = (c: MatchableChunk) => below(newAnchors, c.ordinal);
  const gapOfOld = (o: MatchableChunk) => below(oldAnchors, o.ordinal);
  const restNew = newSorted.filter((c) => !pairOf.has(c.id));
  const restOld = oldSorted.filter((o) => !usedOld.has(o.id));
  const grams = new Map<number, Map<string, number>>();
  const gramsOf = (c: MatchableChunk) => {
    let g = grams.get(c.id);
    if (!g) grams.set(c.id, (g = bigrams(c.text)));
    return g;
  };
  const pairs: { n: MatchableChunk; o: MatchableChunk; score: number; sameGap: boolean }[] = [];
  // Every pair when that is affordable; else (a document changed or re-chunked throughout) each new
  // chunk against the old ones near the same relative position, so the work stays linear.
  const everyPair = restNew.length * restOld.length <= MAX_PAIRS;
  const candidates = (i: number) => {
    if (everyPair) return restOld;
    const j = Math.round((i * restOld.length) / Math.max(1, restNew.length));
    return restOld.slice(Math.max(0, j - WINDOW), j + WINDOW + 1);
  };
  for (const [i, n] of restNew.entries()) {
    for (const o of candidates(i)) {
      const score = diceOfCounts(gramsOf(o), gramsOf(n));
      if (score >= EDITED_SIMILARITY) pairs.push({ n, o, score, sameGap: gapOfNew(n) === gapOfOld(o) });
    }
  }
  pairs.sort((a, b) => Number(b.sameGap) - Number(a.sameGap) || b.score - a.score || a.n.ordinal - b.n.ordinal);
  const edited = new Map<number, { o: MatchableChunk; score: number }>();
  for (const p of pairs) {
    if (edited.has(p.n.id) || usedOld.has(p.o.id)) continue;
    edited.set(p.n.id, { o: p.o, score: p.score });
    usedOld.add(p.o.id);
  }

  const out: ChunkMatch[] = [];
  for (const c of newSorted) {
    const same = pairOf.get(c.id);
    if (same) out.push({ kind: kindOf.get(c.id)!, chunk: c, previous: same, similarity: 1 });
    else {
      const e = edited.get(c.id);
      out.push(e ? { kind: 'edited', chunk: c, previous: e.o, similarity: e.score } : { kind: 'added', chunk: c, previous: null, similarity: 0 });
    }
  }
  for (const o of oldSorted) if (!usedOld.has(o.id)) out.push({ kind: 'removed', chunk: null, previous: o, similarity: 0 });
  return out;
}

export interface MatchCounts {
  unchanged: number;
  moved: number;
  edited: number;
  added: number;
  removed: number;
}

export function countMatches(matches: { kind: ChunkMatchKind }[]): MatchCounts {
  const c: MatchCounts = { unchanged: 0, moved: 0, edited: 0, added: 0, removed: 0 };
  for (const m of matches) c[m.kind]++;
  return c;
}

/** Chunks a new version needs extracted again: the added and the edited ones. */
export const changedChunks = (c: MatchCounts) => c.added + c.edited;

// ---------------------------------------------------------------------------------------------
// Identity

const normTitle = (t: string) =>
  t
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The identity of a standard across its editions: the body and the bare designation without the
 * edition ('IEC 61850-7-4', not '… Ed. 2'), and its title once normalised. Null when the document
 * names no standard, or names it without a title (a bare number is too weak an identity).
 */
export function editionKey(standard: StandardId | null | undefined, title: string | null | undefined): string | null {
  if (!standard) return null;
  const t = standard.title ?? title?.replace(/^[^:]*:\s*/, '') ?? '';
  if (!normTitle(t)) return null;
  const designation = standard.number ? `${standard.body} ${standard.number}` : standard.id.replace(/\s*(?:ed(?:ition)?\.?\s*\S+|v\d+(?:\.\d+)*)$/i, '');
  return `${designation.toLowerCase()}\u0000${normTitle(t)}`;
}

/** The edition a document states, for provenance and export: its designation with the edition when it states one ('IEC 61850-7-4 ed. 2', 'RFC 3580'); null when it names no standard. */
export function editionLabel(standard: StandardId | null | undefined): string | null {
  if (!standard) return null;
  if (standard.edition && !standard.id.includes(standard.edition)) return `${standard.id} ed. ${standard.edition}`;
  return standard.id;
}

// ---------------------------------------------------------------------------------------------
// Evidence in the new version

export interface Span {
  start: number;
  end: number;
}

/**
 * Where a quote lies in the new text: the occurrence inside `within` (the matched chunk) when there
 * is one, else the one nearest `near` in the whole text. Quotes shorter than 12 characters are only
 * looked for inside `within` (a short phrase elsewhere is likely another sentence).
 */
export function findQuote(text: string, quote: string, within: Span | null, near: number): Span | null {
  if (!quote) return null;
  if (within) {
    const at = text.slice(within.start, within.end).indexOf(quote);
    if (at >= 0) return { start: within.start + at, end: within.start + at + quote.length };
  }
  if (quote.trim().length < 12) return null;
  let best: number | null = null;
  for (let at = text.indexOf(quote); at >= 0; at = text.indexOf(quote, at + 1)) {
    if (best === null || Math.abs(at - near) < Math.abs(best - near)) best = at;
  }
  return best === null ? null : { start: best, end: best + quote.length };
}

/** The sentences of text[start, end) as spans (ends at . ! ? followed by space, or at a blank line). */
function sentenceSpans(text: string, start: number, end: number): Span[] {
  const out: Span[] = [];
  const re = /[.!?](?=\s)|\n\s*\n/g;
  re.lastIndex = start;
  let from = start;
  for (let m = re.exec(text); m && m.index < end; m = re.exec(text)) {
    const to = m.index + (m[0].startsWith('\n') ? 0 : 1);
    pushTrimmed(text, from, to, out);
    from = m.index + m[0].length;
  }
  pushTrimmed(text, from, end, out);
  return out;
}

function pushTrimmed(text: string, start: number, end: number, out: Span[]): void {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s])) s++;
  while (e > s && /\s/.test(text[e - 1])) e--;
  if (e > s && /[\p{L}\p{N}]/u.test(text.slice(s, e))) out.push({ start: s, end: e });
}

/** The sentence of text[within] most like `quote` (word bigrams, then shared words): where changed evidence now reads. */
export function closestSentence(text: string, quote: string, within: Span): Span | null {
  const target = bigrams(quote);
  const targetWords = new Set(words(quote));
  let best: { span: Span; score: number } | null = null;
  for (const s of sentenceSpans(text, within.start, within.end)) {
    const t = text.slice(s.start, s.end);
    const shared = words(t).filter((w) => targetWords.has(w)).length;
    const score = diceOfCounts(target, bigrams(t)) + shared / Math.max(1, targetWords.size) / 10;
    if (!best || score > best.score) best = { span: s, score };
  }
  return best && best.score > 0 ? best.span : null;
}

// ---------------------------------------------------------------------------------------------
// Clauses

interface ClauseSection {
  number: string | null;
  heading: string;
  start: number;
  end: number;
}

interface ClauseDiffItem {
  kind: 'added' | 'removed' | 'changed';
  number: string | null;
  heading: string;
  /** The clause's span in the older version (null when added) and in the newer one (null when removed). */
  from: Span | null;
  to: Span | null;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The clauses (sections) of two versions compared: matched by number (an unnumbered one by its
 * heading), 'changed' when the text differs beyond whitespace. A section's own text is compared
 * without its subsections (those are compared on their own). Unchanged clauses are counted only.
 */
export function diffClauses(
  fromText: string,
  fromSections: ClauseSection[],
  toText: string,
  toSections: ClauseSection[],
): { items: ClauseDiffItem[]; unchanged: number } {
  const own = (text: string, list: ClauseSection[], i: number) => {
    const s = list[i];
    const child = list.slice(i + 1).find((c) => c.start >= s.start && c.start < s.end);
    return squash(text.slice(s.start, child ? child.start : s.end));
  };
  const keyOf = (s: ClauseSection) => (s.number ? `#${s.number}` : `h:${normTitle(s.heading)}`);
  const keyed = (list: ClauseSection[]) => {
    const seen = new Map<string, number>();
    return list.map((s) => {
      const k = keyOf(s);
      const n = (seen.get(k) ?? 0) + 1;
      seen.set(k, n);
      return n === 1 ? k : `${k}@${n}`;
    });
  };
  const fromKeys = keyed(fromSections);
  const toKeys = keyed(toSections);
  const fromIndex = new Map(fromKeys.map((k, i) => [k, i]));
  const toIndex = new Map(toKeys.map((k, i) => [k, i]));
  const items: ClauseDiffItem[] = [];
  let unchanged = 0;
  toSections.forEach((s, i) => {
    const j = fromIndex.get(toKeys[i]);
    if (j === undefined) {
      items.push({ kind: 'added', number: s.number, heading: s.heading, from: null, to: { start: s.start, end: s.end } });
      return;
    }
    const f = fromSections[j];
    if (own(fromText, fromSections, j) === own(toText, toSections, i)) unchanged++;
    else items.push({ kind: 'changed', number: s.number, heading: s.heading, from: { start: f.start, end: f.end }, to: { start: s.start, end: s.end } });
  });
  fromSections.forEach((f, j) => {
    if (!toIndex.has(fromKeys[j])) items.push({ kind: 'removed', number: f.number, heading: f.heading, from: { start: f.start, end: f.end }, to: null });
  });
  return { items, unchanged };
}
