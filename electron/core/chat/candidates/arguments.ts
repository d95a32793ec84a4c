// The arguments a sentence gives the question's predicate, read from its parts of speech (the tagger
// retrieve/text.ts posTags runs): for "what does X send to Y" or "which device sends Y", the noun phrases
// on either side of a verb that is the question's: its subject before it, its object after it (after its
// preposition, for a verb + preposition predicate: "answers with X"). Each is a candidate, with how much of
// the question the other holds (the end the question names) and whether the preposition after the verb is
// the one the question writes; a coordinated object ("A, B and C") gives each member and the whole list.
// General English syntax only; nothing here weighs (chat/features.ts names the measurements, the fitted
// table weighs them).
import { contentStems, posTags } from '../../retrieve/text';
import type { AnalyzedQuestion } from '../../retrieve/analysis';
import type { Span } from './spans';

export interface ArgumentSpan extends Span {
  /** The verb (with its preposition) it is an argument of, as written ("answers with"). */
  relation: string;
  /** The verb's other argument, as written (the one the question should name): its subject for an object, its object for the subject. */
  other: string;
  /** The preposition after the verb is the one the question puts after it (1), another (0), or the question puts none (1). */
  prepositionAgrees: number;
  /** One member of a coordinated argument of two or more; the whole coordinated argument. */
  member: boolean;
  whole: boolean;
}

/** At most this many words in an argument candidate (a whole list included). */
const ARGUMENT_WORDS = 16;

/**
 * The words the question's predicate may be: each content word of the question outside the asked phrase (by
 * stem; a tagger often reads the verb after "does X" as a noun: "what does the hub reply with"), with the
 * preposition right after it in the question, if any. A sentence's relation whose verb is one of them is the
 * question's relation.
 */
export function questionPredicate(q: AnalyzedQuestion, phraseStems: Set<string>): Map<string, string | null> {
  const content = new Set(q.contentStems);
  const out = new Map<string, string | null>();
  for (const [i, t] of q.tags.entries()) {
    if (!['VERB', 'NOUN', 'ADV', 'ADJ'].includes(t.pos)) continue;
    const after = q.tags[i + 1];
    for (const x of contentStems(t.text)) if (content.has(x) && !phraseStems.has(x)) out.set(x, after?.pos === 'ADP' ? after.lower : (out.get(x) ?? null));
  }
  return out;
}

/** A tagged word of a sentence with its offsets; `glued`: no space before it ("Widget" "-" "Request"). */
interface Word {
  text: string;
  lower: string;
  pos: string;
  start: number;
  end: number;
  glued: boolean;
}

/** The parts of speech a noun phrase is made of. */
const PHRASE = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM']);
/** The parts of speech between a subject and its verb ("MUST NOT", "does not", "also"). */
const VERB_GROUP = new Set(['AUX', 'PART', 'ADV']);

const tagged = new Map<string, Word[]>();
/** A sentence's words with their tags and offsets, cached by text. */
function wordsOf(sentence: string): Word[] {
  let got = tagged.get(sentence);
  if (!got) {
    got = [];
    let at = 0;
    for (const t of posTags(sentence)) {
      const k = sentence.indexOf(t.text, at);
      if (k < 0) continue;
      got.push({ ...t, start: k, end: k + t.text.length, glued: k === at && at > 0 });
      at = k + t.text.length;
    }
    if (tagged.size > 20_000) tagged.clear();
    tagged.set(sentence, got);
  }
  return got;
}

/** Whether word k continues a noun phrase: a phrase's tag, a word glued to the one before ("Widget-Request", "Hub/Relay"), a participle before a noun. */
function inPhrase(words: Word[], k: number): boolean {
  const w = words[k];
  if (!w) return false;
  if (PHRASE.has(w.pos)) return true;
  if (w.glued && k > 0 && /[\p{L}\p{N})]$/u.test(words[k - 1].text) && !/^[,;:.()]$/.test(w.text)) return true;
  if (/^[-/]$/.test(w.text) && words[k + 1]?.glued) return true;
  return w.pos === 'VERB' && /(?:ed|ing)$/.test(w.lower) && PHRASE.has(words[k + 1]?.pos ?? '') && words[k + 1]?.pos !== 'DET';
}

/** The noun phrase from word k on: its end (exclusive), "of" phrases included ("a list of peers"). */
function phraseFrom(words: Word[], k: number): number {
  let j = k;
  while (j < words.length) {
    if (inPhrase(words, j)) j++;
    else if (words[j].lower === 'of' && j > k && inPhrase(words, j + 1)) j += 2;
    else break;
  }
  return j;
}

/** The noun phrase ending right before word k: its start. */
function phraseBefore(words: Word[], k: number): number {
  let j = k;
  while (j > 0) {
    if (inPhrase(words, j - 1)) j--;
    else if (words[j - 1].lower === 'of' && j - 1 > 0 && inPhrase(words, j - 2)) j -= 2;
    else break;
  }
  return j;
}

/** Words [from, to) as written, less a leading determiner. */
function textOf(words: Word[], from: number, to: number): { start: number; end: number } | null {
  let f = from;
  while (f < to && words[f].pos === 'DET') f++;
  return f < to ? { start: words[f].start, end: words[to - 1].end } : null;
}

/**
 * The noun phrases a verb that is one of the question's (by stem) takes in a sentence: its subject (the phrase right
 * before it, past its auxiliaries and adverbs) and its object (the phrase after it, past an adverb and the preposition
 * the verb takes); an object coordinated of two or more phrases ("A, B and C", "A or B") gives each member and the
 * whole. A word the tagger reads as a noun or an adverb between two noun phrases is read as the verb ("the relay
 * forwards Bar frames").
 */
export function predicateArguments(sentence: string, predicate: Map<string, string | null>): ArgumentSpan[] {
  if (!predicate.size) return [];
  const words = wordsOf(sentence);
  const out: ArgumentSpan[] = [];
  const add = (at: { start: number; end: number } | null, rest: Omit<ArgumentSpan, 'text' | 'start' | 'end' | 'level'>) => {
    if (!at) return;
    const text = sentence.slice(at.start, at.end).trim();
    if (!text || text.split(/\s+/).length > ARGUMENT_WORDS || out.some((o) => o.start === at.start && o.end === at.end)) return;
    out.push({ text, start: at.start, end: at.end, level: 'typed', ...rest });
  };
  for (const [i, w] of words.entries()) {
    const verb = contentStems(w.text).find((x) => predicate.has(x));
    if (verb === undefined) continue;
    const between = w.pos !== 'VERB' && inPhrase(words, i - 1) && PHRASE.has(words[i + 1]?.pos ?? '') && /s$/.test(w.lower);
    if (w.pos !== 'VERB' && !between) continue;
    // the object: past an adverb or a particle, the verb's preposition, then the phrase and its coordinated members
    let j = i + 1;
    while (j < words.length && (words[j].pos === 'ADV' || words[j].pos === 'PART') && j < i + 3) j++;
    const preposition = words[j]?.pos === 'ADP' && words[j].lower !== 'of' ? words[j].lower : null;
    if (preposition) j++;
    const asked = predicate.get(verb) ?? null;
    const agrees = !asked || preposition === asked ? 1 : 0;
    const relation = sentence.slice(w.start, preposition ? words[j - 1].end : w.end);
    const members: { start: number; end: number }[] = [];
    let k = j;
    while (k < words.length && inPhrase(words, k)) {
      const end = phraseFrom(words, k);
      const m = textOf(words, k, end);
      if (m) members.push(m);
      // a coordinator or a comma before another phrase ("A, B and C", "A, or B")
      let n = end;
      if (words[n]?.text === ',') n++;
      if (words[n] && /^(?:and|or)$/.test(words[n].lower)) n++;
      if (n === end || !inPhrase(words, n)) break;
      k = n;
    }
    // the subject: the phrase right before the verb, past its auxiliaries and adverbs
    let b = i;
    while (b > 0 && VERB_GROUP.has(words[b - 1].pos) && b > i - 4) b--;
    const subject = b > 0 && inPhrase(words, b - 1) ? textOf(words, phraseBefore(words, b), b) : null;
    const subjectText = subject ? sentence.slice(subject.start, subject.end) : '';
    if (!members.length) continue;
    const objectText = sentence.slice(members[0].start, members[members.length - 1].end);
    const several = members.length >= 2;
    for (const m of members) add(m, { relation, other: subjectText, prepositionAgrees: agrees, member: several, whole: false });
    if (several)
      add(
        { start: members[0].start, end: members[members.length - 1].end },
        { relation, other: subjectText, prepositionAgrees: agrees, member: false, whole: true },
      );
    if (subject) add(subject, { relation, other: objectText, prepositionAgrees: agrees, member: false, whole: false });
  }
  return out;
}
