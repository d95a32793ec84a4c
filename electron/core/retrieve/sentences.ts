// Sentences of retrieved passages matched against the question's words: IDF-weighted coverage of
// the question's content stems by one sentence (or two adjacent ones). Used to re-rank passages and
// to find the sentence an extractive answer is read from. General text handling only: sentence
// ends, line breaks (definition lists, tables) and stems.
import { tokenize, type Token } from './text';
import { stem } from '../nlp/morphology';
import { STOPWORDS } from '../nlp/stopwords';
import { splitSentences as splitSpans } from '../chunk/sentences';
import type { QuestionTerm } from '../../../shared/contract/chat';
import { analyzed, type QuestionInput } from './analysis';

/** A content word of the question with its IDF (df: chunks holding it, FTS5; 0 when no passage has it): the contract's schema. */
export type { QuestionTerm } from '../../../shared/contract/chat';

export interface Sentence {
  text: string;
  /** Offsets in the passage text. */
  start: number;
  end: number;
  tokens: Token[];
  stems: string[];
}

/** Content words of a question (not stopwords, not one letter). */
export function contentTokens(text: string): Token[] {
  return tokenize(text).filter((t) => !STOPWORDS.has(t.text) && (t.text.length > 1 || /\d/.test(t.text)));
}

/**
 * IDF weights of the question's content words from chunk frequencies (N chunks). `frame` words only
 * shape the question ("meant", "measure" in "what does X measure") and are left out. A word no chunk
 * holds that glues a version or number to a name ("SNMPv1", "TLSv2") is looked for by its name part.
 */
export function questionTerms(question: QuestionInput, df: (words: string[]) => Map<string, number>, chunks: number, frame: string[] = []): QuestionTerm[] {
  const dropped = new Set(frame.map((w) => w.toLowerCase()));
  const tokens = analyzed(question).content;
  // "widgetTotalNoReplies", "retryPeriod": a capital inside a lower-case word marks an identifier
  const names = new Set(tokens.filter((t) => /[a-z][A-Z]/.test(t.raw)).map((t) => t.text));
  let words = [...new Set(tokens.map((t) => t.text))].filter((w) => !dropped.has(w));
  const freq = chunks > 0 ? df(words) : new Map<string, number>();
  if (chunks > 0) {
    const glued = new Map<string, string>();
    for (const w of words) {
      const m = /^([a-z]{2,}?)(?:v|r|ver)?\d+$/.exec(w);
      if (m && !freq.get(w)) glued.set(w, m[1]);
    }
    if (glued.size) {
      const more = df([...glued.values()]);
      // the name part stands for the word (once: "SNMP ... SNMPv1" asks about SNMP)
      words = [...new Set(words.map((w) => (glued.has(w) && (more.get(glued.get(w)!) ?? 0) > 0 ? glued.get(w)! : w)))];
      for (const [k, v] of more) freq.set(k, v);
    }
  }
  const byStem = new Map<string, QuestionTerm>();
  for (const w of words) {
    const n = freq.get(w) ?? 0;
    const idf = Math.log(1 + (chunks - n + 0.5) / (n + 0.5));
    const s = stem(w);
    const prev = byStem.get(s);
    if (!prev || n > prev.df) byStem.set(s, { word: w, stem: s, df: n, idf: Math.round(idf * 1000) / 1000, ...(names.has(w) ? { name: true } : {}) });
  }
  return [...byStem.values()];
}

/**
 * Sentences of a text: the project's one sentence splitter (chunk/sentences.ts: abbreviations,
 * decimals, section numbers, CJK ends), then, inside a sentence, line breaks (definition lists, tables,
 * a glossary's term line) and a semicolon before a capital or a number (a list of clauses) part it too.
 */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  const push = (a: number, b: number) => {
    const raw = text.slice(a, b);
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (!body) return;
    const start = a + lead;
    const tokens = tokenize(body).map((t) => ({ ...t, start: t.start + start, end: t.end + start }));
    out.push({ text: body, start, end: start + body.length, tokens, stems: tokens.map((t) => stem(t.text)) });
  };
  for (const span of splitSpans(text)) {
    let last = span.start;
    for (const m of text.slice(span.start, span.end).matchAll(/(?<=;)\s+(?=["'([]?[\p{Lu}\p{N}])|\n+/gu)) {
      push(last, span.start + m.index);
      last = span.start + m.index + m[0].length;
    }
    push(last, span.end);
  }
  return out;
}

/**
 * The IDF-weighted share of the question's terms a set of stems holds, in [0, 1]. Words no passage
 * holds cannot be matched by any sentence and are left out of the share (the answer's confidence
 * pays for them once, through the question's global coverage).
 */
export function coverage(terms: QuestionTerm[], stems: Iterable<string>): number {
  const have = stems instanceof Set ? (stems as Set<string>) : new Set(stems);
  let got = 0;
  let all = 0;
  const matchable = terms.some((t) => t.df > 0);
  for (const t of terms) {
    if (matchable && t.df === 0) continue;
    all += t.idf;
    if (have.has(t.stem)) got += t.idf;
  }
  return all > 0 ? got / all : 0;
}

interface SentenceScore {
  sentence: Sentence;
  index: number;
  /** Coverage by the sentence alone. */
  own: number;
  /** Coverage by the sentence with the one before it (a heading, a term being defined). */
  window: number;
  score: number;
}

/** A numbered section heading line ("4.1.  Widget-Tunnel-Link", "A.2 Examples"). */
function isHeadingLine(s: Sentence): boolean {
  if (s.tokens.length === 0 || s.tokens.length > 8 || /[.;:,]$/.test(s.text)) return false;
  return /^(?:\d+(?:\.\d+)*\.?|[A-Z]\.\d+(?:\.\d+)*\.?)\s+\S/.test(s.text);
}

/**
 * Every sentence of a passage scored against the question's terms: alone, with the sentence before it
 * (a term being defined), or with the heading of its section ("4.1. Widget-Tunnel-Link ... This
 * Attribute indicates ..."): a sentence is read in its section's context.
 */
export function scoreSentences(text: string, terms: QuestionTerm[]): SentenceScore[] {
  const sentences = splitSentences(text).map((x) => {
    const more = abbreviations(x.tokens, terms);
    return more.length ? { ...x, stems: [...x.stems, ...more] } : x;
  });
  let heading: Sentence | null = null;
  return sentences.map((sentence, index) => {
    const own = coverage(terms, sentence.stems);
    const prev = sentences[index - 1];
    let window = prev ? coverage(terms, [...sentence.stems, ...prev.stems]) : own;
    if (heading && heading !== prev) window = Math.max(window, coverage(terms, [...sentence.stems, ...heading.stems]));
    if (isHeadingLine(sentence)) heading = sentence;
    return { sentence, index, own, window, score: Math.max(own, 0.85 * window) };
  });
}

const isSubsequence = (short: string, long: string) => {
  let k = 0;
  for (const c of long) if (c === short[k]) k++;
  return k === short.length;
};

/**
 * Stems of question words that a sentence's tokens abbreviate: "acct" for accounting (the first two
 * letters, then a subsequence), "dynauth" for "dynamic authorization" (prefixes of two question
 * words in a row), "Counter32" for counter. Technical names shorten words this way; the stems count
 * as matched. A question word written as an identifier (`name`) is abbreviated by nothing.
 */
export function abbreviations(tokens: Token[], terms: QuestionTerm[]): string[] {
  // an identifier the question names is matched by itself only ("radius" abbreviates no "radiusAccServTotalNoRecords")
  const words = terms.filter((t) => /^[a-z]{4,}$/.test(t.word) && !t.name);
  const own = new Set(terms.map((t) => t.stem));
  const out = new Set<string>();
  for (const tok of tokens) {
    const w = tok.text;
    // a version or size glued to a name: "Counter32" is a counter, "SNMPv1" is SNMP
    const glued = /^([a-z]{3,}?)(?:v|r|ver)?\d+$/.exec(w);
    if (glued && own.has(stem(glued[1]))) out.add(stem(glued[1]));
    if (w.length < 4 || w.length > 10 || !/^[a-z]+$/.test(w) || own.has(stem(w)) || STOPWORDS.has(w)) continue;
    for (const t of words) {
      if (t.word.length >= w.length + 2 && t.word.startsWith(w.slice(0, 2)) && isSubsequence(w, t.word)) out.add(t.stem);
    }
    for (let i = 0; i + 1 < words.length; i++) {
      const [a, b] = [words[i].word, words[i + 1].word];
      for (let k = 2; k <= w.length - 2; k++) {
        if (a.startsWith(w.slice(0, k)) && b.startsWith(w.slice(k))) {
          out.add(words[i].stem);
          out.add(words[i + 1].stem);
          break;
        }
      }
    }
  }
  return [...out];
}

/** A passage's match: its best sentence (or pair), with the whole passage's coverage as a tie-break. */
export function passageMatch(text: string, terms: QuestionTerm[]): { best: number; all: number; sentences: SentenceScore[] } {
  const sentences = scoreSentences(text, terms);
  let best = 0;
  for (const s of sentences) best = Math.max(best, s.score);
  const all = coverage(
    terms,
    sentences.flatMap((s) => s.sentence.stems),
  );
  return { best, all, sentences };
}

/**
 * The share of the question's adjacent content-word pairs (stems, in the question's order) that stand
 * next to each other in the sentences (stopwords skipped, either order): the question's phrases, not
 * only its words ("transport address" as one phrase rather than "transport" and "address" apart).
 */
export function pairCoverage(questionStems: string[], sentences: Sentence[]): number {
  if (questionStems.length < 2) return 0;
  const near = new Set<string>();
  let last: string | null = null;
  for (const s of sentences)
    s.tokens.forEach((t, i) => {
      if (STOPWORDS.has(t.text)) return;
      if (last !== null) near.add(`${last} ${s.stems[i]}`).add(`${s.stems[i]} ${last}`);
      last = s.stems[i];
    });
  let held = 0;
  for (let i = 0; i + 1 < questionStems.length; i++) if (near.has(`${questionStems[i]} ${questionStems[i + 1]}`)) held++;
  return held / (questionStems.length - 1);
}

/**
 * The term as a document's own glossary may write it: "the EAP peer" asked of a document titled "EAP Key
 * Management Framework" is its "Peer" — the leading qualifiers its title already says dropped (the head
 * stays). The term itself when no qualifier is in the title.
 */
export function termInDocument(termStems: string[], title: string): string[] {
  const titled = new Set(tokenize(title).map((t) => stem(t.text)));
  let k = 0;
  while (k < termStems.length - 1 && titled.has(termStems[k])) k++;
  return termStems.slice(k);
}

/** The term line of a term in a document: as asked, else as the document's glossary may write it (termInDocument). */
export function documentTermLine(sentences: Sentence[], termStems: string[], title: string): number {
  const own = termLineIndex(sentences, termStems);
  const local = termInDocument(termStems, title);
  return own >= 0 || local.length === termStems.length ? own : termLineIndex(sentences, local);
}

/**
 * Index of a glossary term line for a term: a short line holding every content stem of the term and
 * little else, followed by another sentence (its definition). -1 when there is none.
 */
export function termLineIndex(sentences: Sentence[], termStems: string[]): number {
  if (!termStems.length) return -1;
  return sentences.findIndex((s, i) => {
    if (i + 1 >= sentences.length || s.tokens.length > termStems.length + 4) return false;
    const own = s.tokens.filter((t) => !STOPWORDS.has(t.text)).map((t) => stem(t.text));
    return termStems.every((x) => own.includes(x)) && own.length <= termStems.length + 3 && isTermOnly(s.text, termStems);
  });
}

/**
 * Whether a line is the term alone: no sentence (no closing period), no longer term holding it
 * ("Message-Authenticator"), and no other words but a bracketed abbreviation ("Master Session Key
 * (MSK)", or the abbreviation being the term) or a section number ("Peer and authenticator
 * authorization" is not the term "peer").
 */
export function isTermOnly(line: string, termStems: string[]): boolean {
  if (/[.;:]\s*$/.test(line) || gluedTerm(line, termStems)) return false;
  // the term may be the abbreviation itself: "Network Access Server (NAS)" is the term line of NAS
  const inside = [...line.matchAll(/\(([^)]*)\)/g)].flatMap((m) => tokenize(m[1]).map((t) => stem(t.text)));
  if (termStems.every((x) => inside.includes(x))) return true;
  const outside = line.replace(/\([^)]*\)/g, ' ');
  return tokenize(outside)
    .filter((t) => !STOPWORDS.has(t.text) && !/^[\d.]+$/.test(t.text))
    .every((t) => termStems.includes(stem(t.text)));
}

/**
 * Whether a line names another term that only contains the asked one: a word of the term joined by a
 * hyphen or slash to a word the term does not have ("Message-Authenticator" is not "Authenticator").
 */
export function gluedTerm(line: string, termStems: string[]): boolean {
  // each of the term's words must occur on its own or in a compound made of the term's words only
  const clean = new Set<string>();
  for (const m of line.matchAll(/[\p{L}\p{N}]+(?:[-/.][\p{L}\p{N}]+)*/gu)) {
    const parts = m[0]
      .toLowerCase()
      .split(/[-/]/)
      .map((w) => stem(w));
    if (parts.every((x) => termStems.includes(x))) for (const x of parts) clean.add(x);
  }
  return !termStems.every((x) => clean.has(x));
}
