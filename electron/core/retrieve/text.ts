// Text helpers shared by linking, relation scoring and extractive answers: tokens and a small
// thesaurus of general relation ideas (time, place, kind, cause...). Stems (a lemma, then light
// derivational suffixes: director/directed/direction meet) and the stop-word list come from nlp/. Words that share no stem are
// related through WordNet (wordnet.ts: synonyms, derivations, hypernyms, hyponyms), weighted below
// exact and morphological matches. Nothing here knows a dataset or a domain:
// test/retrieve/lexicon.test.ts fails if dataset words creep back in.
import { englishNlp, type Nlp } from '../nlp/english';
import { WN_POS, wordNet, type Neighbour, type WnPos } from '../nlp/wordnet';
import { lemma, stem } from '../nlp/morphology';
import { STOPWORDS } from '../nlp/stopwords';
import { log } from '../log';

export interface Token {
  /** Lower-cased, NFKC-normalised token text. */
  text: string;
  /** The token as written in the input (case kept). */
  raw: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/** Word tokens with their char offsets (letters and digits; punctuation separates). */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const norm = text.normalize('NFKC');
  for (const m of norm.matchAll(WORD)) {
    const raw = m[0].replace(/['’]s$/u, '');
    out.push({ text: raw.toLowerCase().replace(/’/g, "'"), raw, start: m.index!, end: m.index! + raw.length });
  }
  return out;
}

/** The word tokens of a label as they key the linking index. */
export function labelTokens(label: string): string[] {
  return tokenize(label).map((t) => t.text);
}

/** Words that ask for a bridge back through a relation: "also wrote", "share directors", "same author". */
export const BRIDGE_CUES = new Set(['also', 'same', 'share', 'shares', 'shared', 'sharing', 'together', 'co', 'fellow']);

/** Question words that hint at the answer type; weak relation evidence, not a hop of their own. */
export const WH_HINTS: Record<string, string[]> = {
  when: ['time'],
  where: ['place'],
};

let nlp: Nlp | null = null;

// Groups of words that name the same general relation idea (a thesaurus, not a dataset's relation
// list). A relation label matches a question word when their stems are equal (strong) or share a group.
const GROUPS: string[] = [
  // What a wh-word asks for: time, place, kind (answer-type semantics of English questions).
  'year time date when decade period',
  'location place where situated based',
  'type kind category sort class variety',
  // Light verbs of technical prose that name one idea.
  'use utilize apply employ',
  'include contain comprise consist',
  'cause result effect',
  'define definition mean meaning denote',
  'require need mandate',
  'send transmit carry',
  'receive accept get',
  'produce make create build generate',
];

/** Stem -> its lexicon groups, built on first use: stemming reads the English model, which a process that never ranks need not load. */
let groupOf: Map<string, number[]> | null = null;

function lexiconGroups(): Map<string, number[]> {
  const byStem = new Map<string, number[]>();
  GROUPS.forEach((g, i) => {
    for (const w of g.split(' ')) {
      const s = stem(w);
      const list = byStem.get(s) ?? [];
      if (!list.includes(i)) list.push(i);
      byStem.set(s, list);
    }
  });
  return byStem;
}

/** The lexicon groups a stem belongs to. */
function groupsOf(s: string): number[] {
  groupOf ??= lexiconGroups();
  return groupOf.get(s) ?? [];
}

/** Content stems of a relation label (underscores, camelCase and spaces split; stopwords dropped). */
export function relationStems(label: string): string[] {
  const words =
    label
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/[_\-/.:]+/g, ' ')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const content = words.filter((w) => !STOPWORDS.has(w) || w === 'about');
  return [...new Set((content.length ? content : words).map(stem))];
}

/**
 * Content words of a relation label for WordNet, as the dictionary forms WordNet has them with
 * their part of speech: "composed_by" -> compose/v, composed/a; "has_members" -> member/n; "directed_by" -> direct/v,
 * directed/a (not the adjective "direct": the label's form is no inflection of it); the lemmatiser's
 * irregular forms as verbs, else nouns (written -> write/v, children -> child/n). Without the
 * WordNet files, the words and their lemmas, any part of speech.
 */
export function relationWords(label: string): { word: string; pos: WnPos | undefined }[] {
  const words =
    label
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/[_\-/.:]+/g, ' ')
      .toLowerCase()
      .match(/\p{L}[\p{L}']*/gu) ?? [];
  const wn = wordNet();
  const out = new Map<string, { word: string; pos: WnPos | undefined }>();
  for (const w of words) {
    if (STOPWORDS.has(w) || w.length <= 2) continue;
    const l = lemma(w);
    if (!wn) {
      for (const form of new Set([w, l])) out.set(`${form}|`, { word: form, pos: undefined });
      continue;
    }
    for (const pos of WN_POS) for (const base of wn.baseForms(w, pos)) out.set(`${base}|${pos}`, { word: base, pos });
    // the lemmatiser's irregular forms inflect a verb (written -> write, made -> make: not the noun
    // "make"), or a noun that is no verb (children -> child)
    if (l !== w) {
      if (wn.entry(l, 'v')) out.set(`${l}|v`, { word: l, pos: 'v' });
      else if (wn.entry(l, 'n')) out.set(`${l}|n`, { word: l, pos: 'n' });
    }
  }
  return [...out.values()];
}

/** A WordNet link counts at most this much (exact and morphological matches count 1, a thesaurus group 0.8). */
export const WORDNET_WEIGHT = 0.75;
/**
 * WordNet relatedness below this is no match. With wordnet.ts's link weights: a synonym of the
 * common sense 1, a derivation 0.9, a noun's hypernym or hyponym 0.85, its sister term 0.72
 * (type -> kind -> style), a derivation of a hyponym of a derivation 0.69 (describe -> description ->
 * label -> the verb "label"); a verb's sister term (0.49) or a rare sense falls below.
 */
export const WORDNET_MIN = 0.6;

const UPOS_TO_WN: Record<string, WnPos> = { NOUN: 'n', PROPN: 'n', VERB: 'v', ADJ: 'a', ADV: 'r' };

/** The WordNet part of speech of a universal POS tag (NOUN -> n, VERB -> v...), if it has one. */
export function wordnetPos(upos: string | undefined): WnPos | undefined {
  return upos ? UPOS_TO_WN[upos] : undefined;
}

const RELATED = new Map<string, Map<string, Neighbour>>();

/**
 * Dictionary forms WordNet relates to a word (synonyms, derivations, hypernyms, hyponyms and sister
 * terms; see wordnet.ts neighbours), form -> how and which senses of it were reached, the word read as
 * the part of speech given when WordNet has it as one. Empty when the WordNet files are missing.
 */
export function relatedWords(word: string, pos?: WnPos): Map<string, Neighbour> {
  const w = word.toLowerCase();
  const key = `${w}|${pos ?? ''}`;
  const hit = RELATED.get(key);
  if (hit) return hit;
  const out = new Map<string, Neighbour>();
  const wn = /^\p{L}[\p{L}'-]*$/u.test(w) && w.length > 2 ? wordNet() : null;
  if (wn) {
    for (const form of new Set([w, lemma(w)])) {
      const posList = pos && wn.senses(form, { pos: [pos] }).length ? [pos] : undefined;
      for (const [x, n] of wn.neighbours(form, { maxDistance: 3, minWeight: WORDNET_MIN, pos: posList })) {
        if (x === w) continue;
        const got = out.get(x);
        if (!got || n.weight > got.weight) out.set(x, n);
      }
    }
  }
  if (RELATED.size > 500) RELATED.clear();
  RELATED.set(key, out);
  return out;
}

/**
 * WordNet relatedness of a question word to a relation's word as one part of speech, in [0, 1]:
 * the path weight times how common the sense reached is for the relation's word; below
 * WORDNET_MIN it is 0.
 */
export function wordnetRelatedness(n: Neighbour, relationWord: string, pos?: WnPos): number {
  const wn = wordNet();
  const v = wn ? wn.reach(n, relationWord, pos) : 0;
  return v >= WORDNET_MIN ? v : 0;
}

/** How well one question stem evokes one relation stem: 1 equal, 0.8 shared lexicon group, 0.7 prefix, else 0. */
export function stemMatch(q: string, r: string): number {
  if (q === r) return 1;
  const gq = groupsOf(q);
  if (gq.length) {
    const gr = groupsOf(r);
    if (gr.some((g) => gq.includes(g))) return 0.8;
  }
  if (q.length >= 4 && r.length >= 4 && (q.startsWith(r) || r.startsWith(q))) return 0.7;
  // compounds: "copywriter" contains "writ", "co-author" contains "author"
  if (r.length >= 4 && q.length > r.length + 2 && q.includes(r)) return 0.7;
  return 0;
}

/** Damerau-free Levenshtein distance with an early exit above max. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = new Array(b.length + 1);
  let cur = new Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (cur[j] < rowMin) rowMin = cur[j];
    }
    if (rowMin > max) return max + 1;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}

// Korean particles glued to the preceding word ("AutoSchemaKG를"): stripped to find the label.
const HANGUL_PARTICLES = [
  '으로',
  '에서',
  '에게',
  '까지',
  '부터',
  '처럼',
  '보다',
  '이란',
  '란',
  '을',
  '를',
  '이',
  '가',
  '은',
  '는',
  '의',
  '에',
  '와',
  '과',
  '로',
  '도',
  '만',
];

/** Spellings of a token worth looking up: itself, and without a glued Korean particle. */
export function tokenVariants(token: string): string[] {
  const out = [token];
  if (/[\uac00-\ud7a3]$/.test(token)) {
    for (const p of HANGUL_PARTICLES) {
      if (token.length > p.length && token.endsWith(p)) out.push(token.slice(0, -p.length));
    }
  }
  return out;
}

/** Part-of-speech tags of a short text (wink-nlp's tagger; universal tags: NOUN, VERB, ADJ...). */
export function posTags(text: string): { text: string; lower: string; pos: string }[] {
  try {
    nlp ??= englishNlp();
    const doc = nlp.readDoc(text);
    const values = doc.tokens().out() as string[];
    const pos = doc.tokens().out(nlp.its.pos) as string[];
    return values.map((v, i) => ({ text: v, lower: v.toLowerCase(), pos: pos[i] })).filter((t) => t.pos !== 'SPACE');
  } catch (err) {
    log.debug('retrieve', 'the English tagger failed; plain tokens without parts of speech are used', err);
    return tokenize(text).map((t) => ({ text: t.raw, lower: t.text, pos: 'X' }));
  }
}

/** Stems of a text's words that are not stopwords. */
export function contentStems(text: string): string[] {
  return tokenize(text)
    .filter((t) => !STOPWORDS.has(t.text))
    .map((t) => stem(t.text));
}

/** A string as a literal inside a regular expression. */
export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
