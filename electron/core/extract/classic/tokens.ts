// Pass 1, tokens: wink-nlp's tokens and tags of a stretch of text with absolute char spans, glued
// where English writes one word with a hyphen, slash or dotted number ("Access-Request", "ISO/IEC",
// "802.1X", "ASN.1"), RFC 2119 keywords as modal verbs, and the names a document defines as one PROPN.
import { englishNlp } from '../../nlp/english';
import { BCP14_KEYWORDS } from '../../nlp/lexicon';
import type { Span } from '../sentences';

export interface Token extends Span {
  text: string;
  pos: string;
  /** The tag repairs that retagged this token (repairs.ts rule ids), in the order they fired. */
  repairs?: string[];
}

export interface Phrase extends Span {
  text: string;
  /** Token index range [from, to] in the sentence's token list. */
  from: number;
  to: number;
  /** The phrase and argument rules that shaped it (ids), for the trace. */
  rules?: string[];
}

const GLUE = new Set(['-', '/', '_']);

/**
 * Tokens of text[from, to) with absolute char spans. Words joined by a hyphen or slash without
 * spaces ("Access-Request", "ISO/IEC", "802.1X") become one token.
 */
export function tokenize(text: string, from: number, to: number): Token[] {
  const slice = text.slice(from, to);
  const doc = englishNlp().readDoc(slice);
  const its = englishNlp().its;
  const values = doc.tokens().out() as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const raw: Token[] = [];
  let cursor = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (pos[i] === 'SPACE' || !v.trim()) continue;
    const at = slice.indexOf(v, cursor);
    if (at < 0) continue; // wink normalised this token: leave it out rather than guess its span
    // RFC 2119 keywords are modal verbs, not names ("the server MAY send")
    raw.push({ text: v, pos: BCP14_KEYWORDS.has(v) ? 'AUX' : pos[i], start: from + at, end: from + at + v.length });
    cursor = at + v.length;
  }
  const out: Token[] = [];
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i];
    const prev = out[out.length - 1];
    const wordy = (x: Token) => /[\p{L}\p{N}]/u.test(x.text) && !/^['’]/.test(x.text); // a name + "'s" stay apart
    // glue "A - B" written without spaces, and adjacent alphanumeric pieces ("802.1" + "X")
    // ("ASN.1": a dot between a word and a digit with no space is inside the name)
    // (and a dotted identifier runs on: "name.1.3.6" is one token, its last number no word of its own)
    const dotted =
      t.text === '.' && (/\p{L}$/u.test(prev?.text ?? '') || /\p{L}[\p{L}\d]*(?:\.\d+)+$/u.test(prev?.text ?? '')) && /^\d/.test(raw[i + 1]?.text ?? '');
    if (prev && prev.end === t.start && wordy(prev) && (wordy(t) || ((GLUE.has(t.text) || dotted) && raw[i + 1]?.start === t.end && wordy(raw[i + 1])))) {
      if (GLUE.has(t.text) || dotted) {
        const next = raw[++i];
        out[out.length - 1] = merge(prev, next, text);
      } else {
        out[out.length - 1] = merge(prev, t, text);
      }
      continue;
    }
    out.push({ ...t });
  }
  return out;
}

/**
 * Make every token run inside one of these spans a single PROPN token: names the document defines
 * ("Simple Network Clock Protocol") and identifiers ("ISO/IEC 27001:2013") are one
 * noun phrase, whatever their parts' tags.
 */
export function mergeSpans(tokens: Token[], spans: Span[], text: string): Token[] {
  if (!spans.length) return tokens;
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Token[] = [];
  let k = 0;
  for (let i = 0; i < tokens.length;) {
    const t = tokens[i];
    while (k < sorted.length && sorted[k].end <= t.start) k++;
    const sp = sorted[k];
    if (sp && sp.start <= t.start && t.end <= sp.end) {
      let j = i;
      while (j + 1 < tokens.length && tokens[j + 1].end <= sp.end) j++;
      if (j > i) {
        out.push({ text: text.slice(t.start, tokens[j].end), pos: 'PROPN', start: t.start, end: tokens[j].end });
        i = j + 1;
        continue;
      }
    }
    out.push(t);
    i++;
  }
  return out;
}

function merge(a: Token, b: Token, text: string): Token {
  const parts = [a.pos, b.pos];
  const nominal = parts.some((p) => p === 'NOUN' || p === 'PROPN' || p === 'NUM' || p === 'X');
  const t = text.slice(a.start, b.end);
  const pos = nominal ? (/\p{Lu}|\d/u.test(t) ? 'PROPN' : 'NOUN') : b.pos;
  return { text: t, pos, start: a.start, end: b.end };
}

/** The phrase of tokens [from, to] of a sentence. */
export function phrase(tokens: Token[], text: string, from: number, to: number): Phrase {
  return { from, to, start: tokens[from].start, end: tokens[to].end, text: text.slice(tokens[from].start, tokens[to].end) };
}
