// The "one or a few characters per line" layout some PDF converters produce (the kit's sample
// ../shared/samples/seeds/002_*.txt): every line a fragment, the spaces between words lost. Detect
// it, then rejoin and re-space the prose.
import { segmentRun, segmentWithCost } from './segment';

/** True when most non-empty lines are fragments of one to three characters. */
export function isBrokenLayout(text: string): boolean {
  let lines = 0;
  let tiny = 0;
  let chars = 0;
  // The first 20,000 lines decide (a 100 MB text need not be split whole).
  const head = text.length > 2_000_000 ? text.slice(0, 2_000_000) : text;
  for (const raw of head.split('\n', 20_000)) {
    const line = raw.trim();
    if (!line) continue;
    lines++;
    chars += line.length;
    if (line.length <= 3) tiny++;
  }
  return lines >= 30 && tiny / lines >= 0.6 && chars / lines <= 4;
}

/** Concatenate the fragments of a broken page: no separator, spaces inside fragments kept. */
export function joinFragments(text: string): string {
  return text
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' '))
    .join('')
    .replace(/ {2,}/g, ' ');
}

type Tok = { t: 'w' | 'n' | 's' | 'p'; v: string };

const TOKEN = /(\p{L}[\p{L}\p{M}]*(?:['’]\p{L}+)*)|(\p{N}+)|(\s+)|([\s\S])/gu;
const CLOSE_NO_SPACE_BEFORE = new Set([',', '.', ';', ':', '!', '?', ')', ']', '}', '%', '…', '”', '’']);
const OPEN = new Set(['(', '[', '{', '“', '‘']);
const GLUE = new Set(['-', '‐', '‑', '–', '—', '/', '\\', '_', '@', '~', '+', '=', '&', '#', '*', '^', '<', '>', '|', '$']);
const TLD = /^(com|org|net|edu|gov|io|ai|ac|ir|uk|de|fr|cn|jp|kr|html?|pdf|txt|py|js|ts|json|www)$/i;
const ORDINAL = /^(st|nd|rd|th|s)$/;

/** Rebuild readable prose from a run of fragments whose spaces were lost. */
export function respace(joined: string): string {
  const toks: Tok[] = [];
  for (const m of joined.matchAll(TOKEN)) {
    if (m[1]) {
      // Split at apostrophes: a clitic ('s, n't) stays on its word, otherwise it closes a quote.
      const parts = m[1].split(/(['’])/);
      const words: string[] = [];
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i];
        if (part === "'" || part === '’') {
          let next = parts[++i] ?? '';
          const prevWord = words.length ? words[words.length - 1] : '';
          let clitic = '';
          if (/^s$/.test(next) || (/^s/.test(next) && segmentWithCost(next.slice(1)).cost + 3 < segmentWithCost(next).cost)) clitic = 's';
          else if (/^t/.test(next) && /n$/.test(prevWord)) clitic = 't';
          else if (/^(ll|re|ve|d|m)$/.test(next)) clitic = next;
          if (words.length) words[words.length - 1] += part + clitic;
          else words.push(part + clitic);
          next = next.slice(clitic.length);
          if (next) {
            if (!clitic) words.push('\u0000');
            words.push(...segmentRun(next));
          }
          continue;
        }
        if (part) words.push(...segmentRun(part));
      }
      words.forEach((w) => toks.push(w === '\u0000' ? { t: 's', v: ' ' } : { t: 'w', v: w }));
    } else if (m[2]) toks.push({ t: 'n', v: m[2] });
    else if (m[3]) toks.push({ t: 's', v: ' ' });
    else toks.push({ t: 'p', v: m[4] });
  }
  let out = '';
  let prev: Tok | null = null;
  let prev2: Tok | null = null;
  let explicitSpace = false;
  let quoteOpen = false;
  for (let i = 0; i < toks.length; i++) {
    const tok = toks[i];
    if (tok.t === 's') {
      explicitSpace = true;
      continue;
    }
    if (prev) {
      const space = explicitSpace || needsSpace(prev, tok, prev2, quoteOpen);
      if (space && !out.endsWith(' ')) out += ' ';
    }
    if (tok.t === 'p' && tok.v === '"') quoteOpen = !quoteOpen;
    out += tok.v;
    prev2 = prev;
    prev = tok;
    explicitSpace = false;
  }
  return out.trim();
}

function needsSpace(a: Tok, b: Tok, beforeA: Tok | null, quoteOpen: boolean): boolean {
  if (b.t === 'p') {
    if (b.v === '"') return !quoteOpen; // opening quote: space before
    if (CLOSE_NO_SPACE_BEFORE.has(b.v) || GLUE.has(b.v)) return false;
    if (OPEN.has(b.v)) return a.t !== 'p' || CLOSE_NO_SPACE_BEFORE.has(a.v);
    return a.t !== 'p' || !GLUE.has(a.v);
  }
  // b is a word or a number
  if (a.t === 'p') {
    if (a.v === '"') return !quoteOpen; // after a closing quote
    if (OPEN.has(a.v) || GLUE.has(a.v)) return false;
    if (a.v === '.') {
      if (beforeA?.t === 'n' && b.t === 'n') return false; // 3.2.1, 0.95
      if (b.t === 'w' && /^\p{Ll}/u.test(b.v) && beforeA?.t === 'w' && (beforeA.v.length === 1 || /^www$/i.test(beforeA.v) || TLD.test(b.v))) return false; // e.g., gmail.com
      return true;
    }
    if (a.v === ',' && beforeA?.t === 'n' && b.t === 'n' && b.v.length === 3) return false; // 2,419
    if (a.v === ':') {
      return !(beforeA?.t === 'n' && b.t === 'n'); // 10:30
    }
    return true;
  }
  if (a.t === 'n' && b.t === 'w') return !ORDINAL.test(b.v);
  if (a.t === 'w' && b.t === 'n') return a.v.length > 1;
  return true; // word-word, number-number across a lost space
}
