// Acronym reading: every definition in running text ("Remote Authentication Dial In User Service
// (RADIUS)"), after Schwartz & Hearst (2003): the short form's letters are matched right to left in the
// long form (findAcronymDefinitions); and where a text introduces one given acronym, its initials or
// an all-capital word's letters spelling it (expansions: what an answer quotes).
import { singularPhrase } from './morphology';

/** A [start, end) char span of a text. */
export interface Span {
  start: number;
  end: number;
}

export interface AcronymDefinition {
  short: string;
  long: string;
  shortSpan: Span;
  longSpan: Span;
  /** From the long form's first char to the closing parenthesis. */
  span: Span;
}

const isAlnum = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

function validShortForm(sf: string): boolean {
  if (sf.length < 2 || sf.length > 10) return false;
  if (!/^[\p{L}\p{N}]/u.test(sf)) return false;
  if (sf.split(/\s+/).length > 2) return false;
  if (!/\p{Lu}/u.test(sf)) return false;
  if (/^\d+$/.test(sf.replace(/[^\p{L}\p{N}]/gu, ''))) return false;
  // Bare numbers, section references and years are not acronyms
  if (/^(?:\d|[ivx]+$|section|see|e\.g|i\.e)/i.test(sf)) return false;
  return true;
}

/** The long form inside `candidate` that the short form abbreviates, as an offset into candidate, or -1. */
function matchLongForm(sf: string, candidate: string): number {
  let s = sf.length - 1;
  let l = candidate.length - 1;
  for (; s >= 0; s--) {
    const c = sf[s].toLowerCase();
    if (!isAlnum(c)) continue;
    while ((l >= 0 && candidate[l].toLowerCase() !== c) || (s === 0 && l > 0 && isAlnum(candidate[l - 1]))) l--;
    if (l < 0) return -1;
    l--;
  }
  return candidate.lastIndexOf(' ', l) + 1;
}

const MINOR = new Set(['of', 'the', 'a', 'an', 'and', 'or', 'and/or', 'for', 'in', 'on', 'to', 'with', 'by', 'at', 'from', 'over', 'via']);

/**
 * The shortest run of trailing words whose initials spell the short form ("authentication,
 * authorization and accounting" for AAA; minor words may be skipped, hyphenated parts count
 * as words). Returns the index of the first word used, or -1.
 */
export function matchInitials(sf: string, words: string[]): number {
  const letters = sf.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  if (!letters) return -1;
  const parts = words.map((w) =>
    w
      .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
      .split('-')
      .filter(Boolean),
  );
  // match letters right to left; a word consumes one letter per hyphen part (or all of its parts' initials)
  const go = (li: number, wi: number): number => {
    if (li < 0) return wi + 1;
    if (wi < 0) return -1;
    const w = parts[wi];
    if (!w.length) return go(li, wi - 1);
    const inits = w.map((x) => x[0].toLowerCase());
    // all hyphen parts' initials, or just the first part's
    const minor = MINOR.has(w.join('-').toLowerCase()) && li < letters.length - 1;
    // minor words ("and", "of", "in") are skipped when the letters can be found elsewhere
    if (minor) {
      const r = go(li, wi - 1);
      if (r >= 0) return r;
    }
    for (const take of inits.length > 1 ? [inits.length, 1] : [1]) {
      const seq = take === 1 ? [inits[0]] : inits;
      if (li - seq.length + 1 < 0) continue;
      if (seq.join('') === letters.slice(li - seq.length + 1, li + 1)) {
        const r = go(li - seq.length, wi - 1);
        if (r >= 0) return r;
      }
    }
    return -1;
  };
  return go(letters.length - 1, words.length - 1);
}

/** Every acronym defined in the text, in order; the first definition of a short form wins. */
export function findAcronymDefinitions(text: string): AcronymDefinition[] {
  const out: AcronymDefinition[] = [];
  const seen = new Set<string>();
  const re = /\(([^()\n]{1,80})\)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const inner = m[1].trim();
    const innerStart = m.index + 1 + m[1].indexOf(inner);
    const open = m.index;
    // Words before the parenthesis, within the sentence (stop at . ; : or a blank line).
    const windowStart = Math.max(0, open - 200);
    let before = text.slice(windowStart, open);
    const cut = Math.max(
      before.lastIndexOf('. '),
      before.lastIndexOf('; '),
      before.lastIndexOf(': '),
      before.lastIndexOf('\n\n'),
      before.lastIndexOf('('),
      before.lastIndexOf(')'),
    );
    const beforeStart = cut >= 0 ? windowStart + cut + 1 : windowStart;
    before = text.slice(beforeStart, open);
    const words = [...before.matchAll(/\S+/g)];
    if (!words.length) continue;

    const tryDefine = (sf: string, sfStart: number, lfWords: RegExpMatchArray[], lfBase: number): boolean => {
      if (!validShortForm(sf)) return false;
      const max = Math.min(sf.length + 5, sf.length * 2);
      const picked = lfWords.slice(-max);
      if (!picked.length) return false;
      const candStart = lfBase + picked[0].index!;
      const candEnd = lfBase + picked[picked.length - 1].index! + picked[picked.length - 1][0].length;
      const cand = text.slice(candStart, candEnd).replace(/\s/g, ' ');
      const byInitials = matchInitials(
        sf,
        picked.map((w) => w[0]),
      );
      const at = byInitials >= 0 ? lfBase + picked[byInitials].index! - candStart : matchLongForm(sf, cand);
      if (at < 0) return false;
      const lead = /^["'“‘]*/.exec(cand.slice(at))![0].length;
      let lf = cand.slice(at + lead).replace(/[,;:"'”’]+$/, '');
      const lfStart = candStart + at + lead;
      if (lf.length <= sf.length || lf.toLowerCase().includes(sf.toLowerCase())) return false;
      const lfWordCount = lf.split(/\s+/).length;
      if (lfWordCount < 2 && sf.replace(/[^\p{L}]/gu, '').length > 2) return false;
      lf = lf.replace(/\s+/g, ' ');
      if (byInitials < 0 && lf[0].toLowerCase() !== sf[0].toLowerCase()) return false;
      // "Transient Session Keys (TSKs)" defines TSK
      const plural = /^[\p{Lu}\p{N}]{2,}s$/u.test(sf);
      const key = (plural ? sf.slice(0, -1) : sf).toLowerCase();
      if (seen.has(key)) return true;
      seen.add(key);
      const lfEnd = lfStart + text.slice(lfStart, candEnd).replace(/[,;:"'”’\s]+$/, '').length;
      out.push({
        short: plural ? sf.slice(0, -1) : sf,
        long: plural ? singularPhrase(lf) : lf,
        shortSpan: { start: sfStart, end: sfStart + sf.length },
        longSpan: { start: lfStart, end: lfEnd },
        span: { start: Math.min(lfStart, sfStart), end: m!.index + m![0].length },
      });
      return true;
    };

    // "Long Form (LF)"
    const sf = inner.split(/[;,]/)[0].trim();
    if (tryDefine(sf, innerStart, words, beforeStart)) continue;
    // "LF (Long Form)": the last word before the parenthesis is the short form.
    const last = words[words.length - 1];
    const lastWord = last[0].replace(/[^\p{L}\p{N}-]+$/u, '');
    if (validShortForm(lastWord) && inner.split(/\s+/).length >= 2) {
      const innerWords = [...inner.matchAll(/\S+/g)];
      const sfStart = beforeStart + last.index!;
      if (matchLongForm(lastWord, inner) === 0 && innerWords.length <= Math.min(lastWord.length + 5, lastWord.length * 2)) {
        const key = lastWord.toLowerCase();
        if (!seen.has(key) && inner.length > lastWord.length) {
          seen.add(key);
          out.push({
            short: lastWord,
            long: inner.replace(/\s+/g, ' '),
            shortSpan: { start: sfStart, end: sfStart + lastWord.length },
            longSpan: { start: innerStart, end: innerStart + inner.length },
            span: { start: sfStart, end: m.index + m[0].length },
          });
        }
      }
    }
  }
  return out;
}

/**
 * Where a text introduces an acronym: "Widget Transport Keys (WTKs)" (the words before the bracket whose
 * initials, or an all-capital word's letters, spell it; small words between may be skipped) or
 * "TEK (Transient EAP Key)".
 */
export function expansions(text: string, acronym: string): { text: string; sentence: string; offset: number }[] {
  const out: { text: string; sentence: string; offset: number }[] = [];
  const acr = acronym.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const sentenceAt = (i: number) => {
    const from = Math.max(text.lastIndexOf('\n', i), text.slice(0, i).search(/[.!?]\s+[^.!?]*$/)) + 1;
    const to = text.slice(i).search(/[.!?](?:\s|$)|\n/);
    return text.slice(from, to < 0 ? text.length : i + to + 1).trim();
  };
  for (const m of text.matchAll(new RegExp(String.raw`\(\s*${acr}s?\s*\)`, 'g'))) {
    const words = text
      .slice(Math.max(0, m.index! - 120), m.index!)
      .replace(/\s+/g, ' ')
      .trim()
      .split(' ');
    const e = spell(words, acronym);
    if (e) out.push({ text: e, sentence: sentenceAt(m.index!), offset: m.index! });
  }
  for (const m of text.matchAll(new RegExp(String.raw`\b${acr}s?\s*\(([^()]{3,100})\)`, 'g'))) {
    const words = m[1].replace(/\s+/g, ' ').trim().split(' ');
    const e = spell(words, acronym);
    if (e && e.split(' ').length === words.length) out.push({ text: e, sentence: sentenceAt(m.index!), offset: m.index! });
  }
  return out;
}

const SMALL_WORDS = /^(?:of|and|for|the|a|an|to|in|on|with|by|over|&)$/i;

/** The shortest run of words ending the list whose initials spell the acronym (from its end), or null. */
function spell(words: string[], acronym: string): string | null {
  let letters = acronym.replace(/s$/, '').toUpperCase();
  let first = -1;
  for (let i = words.length - 1; i >= 0 && letters.length; i--) {
    const w = words[i].replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (!w) return null;
    if (SMALL_WORDS.test(w) && first >= 0) continue;
    // an all-capital word or part lends its letters ("Extended MSK (EMSK)"), another word its initial
    const parts = w.split(/[-/]/).filter(Boolean);
    const whole = parts
      .map((x) => (/^[\p{Lu}\p{N}]{2,}$/u.test(x) ? x : x[0]))
      .join('')
      .toUpperCase();
    if (letters.endsWith(whole)) letters = letters.slice(0, -whole.length);
    else if (letters.endsWith(w[0].toUpperCase())) letters = letters.slice(0, -1);
    else return null;
    first = i;
  }
  if (letters.length || first < 0) return null;
  return words
    .slice(first)
    .join(' ')
    .replace(/[,;:]+$/, '');
}
