// Is what a model answered in the passage it read? An entity or a value is grounded when the chunk
// writes it (case, spacing, hyphens and quotes aside) or writes all its content words in one
// sentence; an event, a clause the model wrote, when one sentence holds most of its content words.
// A triple with an end that is not grounded is marked unsupported: stored, hidden by default, and
// its confidence lowered.
import { splitSentences } from '../chunk/sentences';
import { BCP14_KEYWORDS } from '../nlp/lexicon';
import { STOPWORDS as ENGLISH_STOPWORDS } from '../nlp/stopwords';

/** Function words of English, and RFC 2119's keywords: they say nothing about where an end is. */
const STOPWORDS: ReadonlySet<string> = new Set([...ENGLISH_STOPWORDS, ...[...BCP14_KEYWORDS].map((k) => k.toLowerCase())]);

/** The share of an event's content words one sentence must hold (most of them). */
const EVENT_SUPPORT = 0.6;

const normalize = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2010-\u2015-]+/g, ' ')
    .replace(/["'`\u2018\u2019\u201c\u201d()[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Content words, each cut to a stem short enough to meet its inflections ("sends" / "send", "closes" / "closed"). */
function contentStems(s: string): string[] {
  return normalize(s)
    .split(/[^\p{L}\p{N}.]+/u)
    .map((w) => w.replace(/^\.+|\.+$/g, ''))
    .filter((w) => w && !STOPWORDS.has(w))
    .map((w) => (/^\p{N}/u.test(w) || w.length <= 4 ? w : w.slice(0, Math.max(4, w.length - 2))));
}

export interface PassageIndex {
  /** The chunk normalized as the ends are. */
  text: string;
  /** Each sentence normalized. */
  sentences: string[];
}

export function indexPassage(chunk: string): PassageIndex {
  const spans = splitSentences(chunk, 0, chunk.length);
  const sentences = (spans.length ? spans.map((s) => chunk.slice(s.start, s.end)) : [chunk]).map(normalize);
  return { text: normalize(chunk), sentences };
}

/** A stem is in a sentence as a word's start (Korean particles and English suffixes follow it). */
const holds = (sentence: string, stem: string) => {
  let at = sentence.indexOf(stem);
  while (at >= 0) {
    if (at === 0 || !/[\p{L}\p{N}]/u.test(sentence[at - 1])) return true;
    at = sentence.indexOf(stem, at + 1);
  }
  return false;
};

/** An entity name or a value: written in the chunk, or all its content words in one sentence. */
export function entityGrounded(end: string, passage: PassageIndex): boolean {
  const n = normalize(end);
  if (!n) return false;
  if (passage.text.includes(n)) return true;
  const stems = contentStems(end);
  if (!stems.length) return false;
  return passage.sentences.some((s) => stems.every((w) => holds(s, w)));
}

/** An event clause: one sentence holds most (EVENT_SUPPORT) of its content words. */
export function eventGrounded(event: string, passage: PassageIndex): boolean {
  const stems = [...new Set(contentStems(event))];
  if (!stems.length) return false;
  return passage.sentences.some((s) => stems.filter((w) => holds(s, w)).length >= EVENT_SUPPORT * stems.length);
}
