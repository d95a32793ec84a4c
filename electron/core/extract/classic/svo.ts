// Sentence-level subject–verb–object and noun-phrase relations from wink-nlp's part-of-speech tags.
// An OpenIE-style baseline: noun phrases are runs of ADJ/NOUN/PROPN/NUM, verb groups runs of
// AUX/VERB/PART, and relations the verb group plus a following preposition.
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import type { Span } from '../sentences';

export interface Token extends Span {
  text: string;
  pos: string;
}

export interface Phrase extends Span {
  text: string;
  /** Token index range [from, to] in the sentence's token list. */
  from: number;
  to: number;
}

export interface SvoTriple {
  head: Phrase;
  relation: string;
  tail: Phrase;
  kind: 'svo' | 'prep' | 'of' | 'isa';
}

type Nlp = ReturnType<typeof winkNLP>;
let nlp: Nlp | null = null;

/** The English pipeline (sentence boundaries + POS), loaded once; the model ships in node_modules. */
export function englishNlp(): Nlp {
  nlp ??= winkNLP(model, ['sbd', 'pos']);
  return nlp;
}

const NP_POS = new Set(['NOUN', 'PROPN', 'NUM', 'ADJ', 'X']);
const NP_HEAD = new Set(['NOUN', 'PROPN', 'NUM', 'X']);
const VERB_POS = new Set(['VERB', 'AUX']);
const GLUE = new Set(['-', '/', '_']);
const BCP14 = new Set(['MUST', 'SHALL', 'SHOULD', 'MAY', 'REQUIRED', 'RECOMMENDED', 'OPTIONAL']);
const NEGATION = new Set(['not', "n't", 'never', 'no']);
const REL_PRONOUN = new Set(['that', 'which', 'who']);
const CHAIN_PREP = new Set(['of', 'from', 'in', 'on', 'for', 'with', 'at', 'within', 'between', 'over', 'under', 'by']);
const SKIP_BEFORE_OBJECT = new Set(['DET', 'PRON']);
const QUANTIFIERS = new Set([
  'many', 'several', 'some', 'other', 'such', 'more', 'most', 'few', 'all', 'each', 'any', 'various', 'certain', 'same', 'following',
  'above', 'below', 'additional', 'further', 'new', 'given', 'particular', 'specific', 'different', 'multiple', 'both', 'either',
]);

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
    raw.push({ text: v, pos: BCP14.has(v) ? 'AUX' : pos[i], start: from + at, end: from + at + v.length });
    cursor = at + v.length;
  }
  const out: Token[] = [];
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i];
    const prev = out[out.length - 1];
    const wordy = (x: Token) => /[\p{L}\p{N}]/u.test(x.text);
    // glue "A - B" written without spaces, and adjacent alphanumeric pieces ("802.1" + "X")
    if (prev && prev.end === t.start && wordy(prev) && (wordy(t) || (GLUE.has(t.text) && raw[i + 1]?.start === t.end && wordy(raw[i + 1])))) {
      if (GLUE.has(t.text)) {
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
 * ("Remote Authentication Dial In User Service") and identifiers ("ISO/IEC 27001:2013") are one
 * noun phrase, whatever their parts' tags.
 */
export function mergeSpans(tokens: Token[], spans: Span[], text: string): Token[] {
  if (!spans.length) return tokens;
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Token[] = [];
  let k = 0;
  for (let i = 0; i < tokens.length; ) {
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

/** Noun phrases of a sentence: token index ranges, trimmed to end on a nominal head. */
export function nounPhrases(tokens: Token[], text: string): Phrase[] {
  const out: Phrase[] = [];
  for (let i = 0; i < tokens.length; ) {
    if (!NP_POS.has(tokens[i].pos)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < tokens.length && NP_POS.has(tokens[j + 1].pos)) j++;
    let from = i;
    let to = j;
    while (to >= from && !NP_HEAD.has(tokens[to].pos)) to--;
    // a section number opening the sentence ("3.11 Framed-Compression") is not part of the name
    while (from === 0 && from < to && tokens[from].pos === 'NUM' && /^\d+(?:\.\d+)*\.?$/.test(tokens[from].text)) from++;
    while (from < to && QUANTIFIERS.has(lower(tokens[from]))) from++;
    if (to >= from && !(from === to && tokens[from].pos === 'NUM')) {
      out.push({ from, to, start: tokens[from].start, end: tokens[to].end, text: text.slice(tokens[from].start, tokens[to].end) });
    }
    i = j + 1;
  }
  return out;
}

const lower = (t: Token) => t.text.toLowerCase();

/** SVO, verb + preposition, "X of Y" and "X such as Y" relations in one sentence. */
export function sentenceRelations(tokens: Token[], text: string): SvoTriple[] {
  const nps = nounPhrases(tokens, text);
  const npEndingAt = new Map(nps.map((p) => [p.to, p]));
  const npStartingAt = new Map(nps.map((p) => [p.from, p]));
  const out: SvoTriple[] = [];

  /** The noun phrase starting at i after determiners/possessives, if any. */
  const npAt = (i: number): Phrase | undefined => {
    let k = i;
    while (k < tokens.length && SKIP_BEFORE_OBJECT.has(tokens[k].pos) && !REL_PRONOUN.has(lower(tokens[k]))) k++;
    return npStartingAt.get(k);
  };
  /** Walk "A of B from C" back to A. */
  const chainStart = (p: Phrase): Phrase => {
    let cur = p;
    for (let guard = 0; guard < 4; guard++) {
      let k = cur.from - 1;
      while (k >= 0 && SKIP_BEFORE_OBJECT.has(tokens[k].pos)) k--;
      if (k < 1 || tokens[k].pos !== 'ADP' || !CHAIN_PREP.has(lower(tokens[k]))) break;
      const prev = npEndingAt.get(k - 1);
      if (!prev) break;
      cur = prev;
    }
    return cur;
  };

  for (let i = 0; i < tokens.length; i++) {
    if (!VERB_POS.has(tokens[i].pos)) continue;
    // verb group [vs, ve]: AUX/VERB/PART with adverbs inside
    const vs = i;
    let ve = i;
    while (ve + 1 < tokens.length && (VERB_POS.has(tokens[ve + 1].pos) || tokens[ve + 1].pos === 'PART' || (tokens[ve + 1].pos === 'ADV' && VERB_POS.has(tokens[ve + 2]?.pos ?? '')))) {
      ve++;
    }
    // "to" + verb extends the group: "is used to carry"
    while (ve + 2 < tokens.length && lower(tokens[ve + 1]) === 'to' && tokens[ve + 2].pos === 'VERB') ve += 2;
    i = ve;
    const words = tokens.slice(vs, ve + 1).filter((t) => t.pos !== 'ADV' || NEGATION.has(lower(t)));
    let relation = words.map(lower).join(' ');
    if (!relation || !words.some((t) => VERB_POS.has(t.pos))) continue;

    // subject: the noun phrase right before the verb (through a relative pronoun), walked back over "of"
    let k = vs - 1;
    if (k >= 0 && REL_PRONOUN.has(lower(tokens[k]))) k--;
    if (k >= 0 && tokens[k].text === ',') k--;
    // "Remote Authentication Dial In User Service (RADIUS) is": skip the parenthetical
    if (k >= 0 && tokens[k].text === ')') {
      let o = k - 1;
      while (o >= 0 && k - o < 12 && tokens[o].text !== '(') o--;
      if (o >= 0 && tokens[o].text === '(') k = o - 1;
    }
    const subjNp = npEndingAt.get(k);
    if (!subjNp) continue;
    const subject = chainStart(subjNp);

    // object: a noun phrase right after, or after one preposition
    const o = ve + 1;
    let object = npAt(o);
    if (object) {
      out.push({ head: subject, relation, tail: object, kind: 'svo' });
      // "sends an Access-Request to the server": (NAS, sends Access-Request to, server), ReVerb-style
      const p = object.to + 1;
      if (p < tokens.length && tokens[p].pos === 'ADP' && lower(tokens[p]) !== 'of' && object.to - object.from < 3) {
        const pobj = npAt(p + 1);
        if (pobj) out.push({ head: subject, relation: `${relation} ${object.text.replace(/\s+/g, ' ')} ${lower(tokens[p])}`, tail: pobj, kind: 'prep' });
      }
      continue;
    }
    if (o < tokens.length && (tokens[o].pos === 'ADP' || (tokens[o].pos === 'PART' && lower(tokens[o]) === 'to'))) {
      relation = `${relation} ${lower(tokens[o])}`;
      object = npAt(o + 1);
      if (object) out.push({ head: subject, relation, tail: object, kind: 'prep' });
    }
  }

  for (const np of nps) {
    const next = tokens[np.to + 1];
    if (!next) continue;
    if (lower(next) === 'of') {
      const other = npAt(np.to + 2);
      if (other) out.push({ head: np, relation: 'of', tail: other, kind: 'of' });
    } else if (lower(next) === 'such' && lower(tokens[np.to + 2] ?? next) === 'as') {
      // "EAP methods such as EAP-TLS, EAP-TTLS and PEAP"
      let k = np.to + 3;
      for (let guard = 0; guard < 8; guard++) {
        const member = npAt(k);
        if (!member) break;
        out.push({ head: member, relation: 'is a', tail: np, kind: 'isa' });
        k = member.to + 1;
        if (tokens[k]?.text === ',') k++;
        if (['and', 'or'].includes(lower(tokens[k] ?? { text: '' } as Token))) k++;
      }
    }
  }
  return out.filter((t) => t.head.text.toLowerCase() !== t.tail.text.toLowerCase() && t.head.to - t.head.from < 8 && t.tail.to - t.tail.from < 8);
}
