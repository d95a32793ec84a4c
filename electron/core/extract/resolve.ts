// Entity resolution. Within a document, labels are brought to one canonical form (case, whitespace,
// determiners, plural/singular, acronym <-> expansion defined in that document) so they land on one
// node with aliases. Across the graph, likely duplicates become ranked merge candidates for review;
// nothing is merged beyond exact normalised matches.
import { normalizeLabel } from '../store/normalize';
import type { ExtractionRepository, ResolvableNode } from '../store/extraction';
import { findAcronymDefinitions, type AcronymDefinition } from '../nlp/acronyms';
import { foldText } from './sentences';
import { LITERAL_TYPES } from './types';
import { cleanMention, isPronoun, singularMention } from './labels';
import { singularPhrase } from '../nlp/morphology';
import { FUNCTION_WORDS } from '../nlp/stopwords';
import { cosineSimilarity, editDistance, jaroWinkler } from '../text/similarity';

export { cleanMention, isPronoun, singularMention } from './labels';

interface CanonicalLabel {
  label: string;
  /** Surface forms that normalise differently from the label (plural, expansion, ...). */
  aliases: string[];
  /** 'term' when the label is an acronym defined in the document. */
  type?: string;
}

/**
 * Canonical labels within one document. Acronyms defined in the document ("Long Form (LF)") make the
 * acronym the label and the expansion an alias; a plural head noun becomes singular.
 */
export class DocumentResolver {
  readonly acronyms: AcronymDefinition[];
  private readonly byLong = new Map<string, AcronymDefinition>();
  private readonly byShort = new Map<string, AcronymDefinition>();

  private readonly written = new Map<string, boolean>();
  /** onlyOpensSentences's answers by form. */
  private readonly opensOnly = new Map<string, boolean>();
  /** canonical's answers by kind and raw text: a document names the same things over and over (the answers are frozen, shared). */
  private readonly canonicals = new Map<string, CanonicalLabel | null>();

  constructor(
    private readonly docText: string,
    acronyms?: AcronymDefinition[],
  ) {
    this.acronyms = acronyms ?? findAcronymDefinitions(docText);
    for (const a of this.acronyms) {
      this.byShort.set(a.short.toLowerCase(), a);
      const long = foldText(a.long);
      this.byLong.set(long, a);
      this.byLong.set(foldText(singularPhrase(a.long)), a);
    }
  }

  /** The acronym definition this label names (by short or long form), if the document has one. */
  acronymFor(label: string): AcronymDefinition | undefined {
    const f = foldText(label);
    return this.byShort.get(f) ?? this.byLong.get(f) ?? this.byLong.get(foldText(singularPhrase(label)));
  }

  canonical(raw: string, kind: 'entity' | 'event'): CanonicalLabel | null {
    const key = kind === 'event' ? `v${raw}` : `e${raw}`;
    let c = this.canonicals.get(key);
    if (c === undefined) {
      c = this.canonicalOf(raw, kind);
      if (c) Object.freeze(Object.freeze(c).aliases);
      this.canonicals.set(key, c);
    }
    return c;
  }

  private canonicalOf(raw: string, kind: 'entity' | 'event'): CanonicalLabel | null {
    if (kind === 'event') {
      // an event is the clause as written; only whitespace and surrounding punctuation go, but not a
      // closing bracket or quote whose opening one the clause holds ("set to 4 (Failure)")
      let clause = raw
        .normalize('NFKC')
        .replace(/\s+/g, ' ')
        .replace(/^[\s"'`“”‘’([{<,;:.-]+/gu, '')
        .trim();
      while (/[\s"'`“”‘’)\]}>,;:.]$/u.test(clause) && !closesItsOpening(clause)) clause = clause.slice(0, -1);
      clause = clause.trim();
      return clause && /[\p{L}\p{N}]/u.test(clause) && !isPronoun(clause) ? { label: clause, aliases: [] } : null;
    }
    let surface = cleanMention(raw);
    if (!surface || isPronoun(surface) || !/[\p{L}\p{N}]/u.test(surface)) return null;
    // "Network management stations execute ...": a capital only a sentence's start gave (the document
    // never writes it so inside a sentence), where the document writes the same words in lower case too
    // ("the network management stations"); "the Class attribute" keeps its capital
    if (/^\p{Lu}/u.test(surface) && surface.length > 1 && surface.slice(1) === surface.slice(1).toLowerCase()) {
      const lower = surface[0].toLowerCase() + surface.slice(1);
      if (this.writes(lower) && this.onlyOpensSentences(surface)) surface = lower;
    }
    const acr = this.acronymFor(surface);
    if (acr) {
      const aliases = [acr.long];
      if (normalizeLabel(surface) !== normalizeLabel(acr.short) && normalizeLabel(surface) !== normalizeLabel(acr.long)) aliases.push(surface);
      return { label: acr.short, aliases, type: 'term' };
    }
    const singular = singularMention(surface, (form) => this.writes(form));
    const aliases = normalizeLabel(singular) !== normalizeLabel(surface) ? [surface] : [];
    return { label: singular, aliases };
  }

  /**
   * Whether every place the document writes this form (a whole word, case-sensitive) opens a sentence,
   * a list item or a line after a sentence's end: what comes before it is the text's start, a sentence's
   * end (. ! ? :), an opening quote or bracket, or a list mark.
   */
  private onlyOpensSentences(form: string): boolean {
    let hit = this.opensOnly.get(form);
    if (hit === undefined) {
      hit = true;
      for (let at = this.docText.indexOf(form); at >= 0 && hit; at = this.docText.indexOf(form, at + 1)) {
        const after = this.docText[at + form.length];
        if (after && /[\p{L}\p{N}]/u.test(after)) continue;
        const before = this.docText.slice(Math.max(0, at - 40), at).trimEnd();
        if (before && /[\p{L}\p{N}]$/u.test(before) && !/(?:^|\s)(?:o|\d+\.|[a-z]\))$/.test(before)) hit = false;
        else if (before && /[,;]$/.test(before)) hit = false;
      }
      this.opensOnly.set(form, hit);
    }
    return hit;
  }

  /** Whether the document writes this exact form as a whole word (case-sensitive). */
  private writes(form: string): boolean {
    let hit = this.written.get(form);
    if (hit === undefined) {
      hit = false;
      for (let at = this.docText.indexOf(form); at >= 0 && !hit; at = this.docText.indexOf(form, at + 1)) {
        const before = this.docText[at - 1];
        const after = this.docText[at + form.length];
        hit = !(before && /[\p{L}\p{N}]/u.test(before)) && !(after && /[\p{L}\p{N}]/u.test(after));
      }
      this.written.set(form, hit);
    }
    return hit;
  }
}

// ---- merge candidates

interface Embedder {
  embed(texts: string[]): Promise<number[][]>;
}

interface MergeProposalOptions {
  /** Only propose pairs that involve these nodes (the ones a job touched); all nodes when absent. */
  nodeIds?: number[];
  /** When given, labels are embedded and close pairs proposed too. */
  embedder?: Embedder;
  /** Lowest string-similarity score proposed (default 0.9: below it, label look-alikes are mostly different things). */
  minScore?: number;
  /** Lowest cosine similarity proposed (default 0.9). */
  minCosine?: number;
  /** At most this many nodes are embedded (default 2000). */
  maxEmbed?: number;
  signal?: AbortSignal;
}

const tokens = (s: string) => s.split(/[^\p{L}\p{N}]+/u).filter((t) => t && !FUNCTION_WORDS.has(t));
const digits = (s: string) => (s.match(/\d+(?:\.\d+)*/g) ?? []).join(' ');

function initials(s: string): string {
  return s
    .split(/[\s-]+/)
    .filter((w) => w && !FUNCTION_WORDS.has(w.toLowerCase()))
    .map((w) => w[0])
    .join('')
    .toLowerCase();
}

// ---- what tells two similar names apart (general rules, no word lists from any corpus)

/**
 * Version-like parts of a name: numbers with what is glued to them ("802.11i", "v2", "1.3a") and
 * upper-case Roman numerals after a word ("Phase II"; a label that is only "IV" is an acronym).
 * Two names whose versions differ name two things.
 */
export function versionsOf(label: string): string {
  const out: string[] = [];
  for (const m of label.matchAll(/\d+(?:\.\d+)*([A-Za-z]{1,2}(?![A-Za-z]))?/g)) out.push(m[0].toLowerCase());
  for (const m of label.matchAll(/(?<=[\p{L}\p{N}][\s-]+)[IVX]{1,4}(?![\p{L}\p{N}])/gu))
    if (/^(?:X{0,3})(?:IX|IV|V?I{0,3})$/.test(m[0]) && m[0] !== 'I') out.push(`roman:${m[0]}`);
  return out.join(' ');
}

/**
 * English derivational prefixes that change what a word means (again, before, after, not, against,
 * below, above, between, within, one, two, many, in, out, up, down, over, under): general morphology,
 * so "re-authentication" and "pre-authentication" name different procedures.
 */
const MEANING_PREFIXES = [
  're',
  'pre',
  'post',
  'un',
  'non',
  'dis',
  'de',
  'anti',
  'counter',
  'sub',
  'super',
  'inter',
  'intra',
  'uni',
  'bi',
  'tri',
  'multi',
  'mono',
  'poly',
  'in',
  'out',
  'up',
  'down',
  'over',
  'under',
  'co',
  'mis',
  'semi',
  'auto',
  'cross',
  'self',
];
/** Suffix pairs of opposite meaning ("stateful" / "stateless"). */
const OPPOSITE_SUFFIXES: [string, string][] = [
  ['ful', 'less'],
  ['able', 'less'],
];

const MEANING_PREFIX_SET = new Set(['', ...MEANING_PREFIXES]);
const LONGEST_PREFIX = Math.max(...MEANING_PREFIXES.map((p) => p.length));

/**
 * One word is the other with a meaning-changing prefix, or both are one stem with different such prefixes or opposite suffixes.
 * The stem is a common ending of both words, at least 3 letters long, so only those endings are tried (no lists built per call).
 */
function affixContrast(x: string, y: string): boolean {
  if (x !== y) {
    let common = 0;
    const max = Math.min(x.length, y.length);
    while (common < max && x[x.length - 1 - common] === y[y.length - 1 - common]) common++;
    // what is left before the stem has to be a prefix (or nothing) on both sides; x !== y makes them differ
    for (let k = Math.max(3, Math.max(x.length, y.length) - LONGEST_PREFIX); k <= common; k++) {
      if (MEANING_PREFIX_SET.has(x.slice(0, x.length - k)) && MEANING_PREFIX_SET.has(y.slice(0, y.length - k))) return true;
    }
  }
  for (const [f, g] of OPPOSITE_SUFFIXES) {
    if (oppositeSuffix(x, y, f, g) || oppositeSuffix(y, x, f, g)) return true;
  }
  return false;
}

const oppositeSuffix = (u: string, v: string, f: string, g: string) =>
  u.length > f.length + 2 && u.endsWith(f) && v.endsWith(g) && u.length - f.length === v.length - g.length && v.startsWith(u.slice(0, -f.length));

/** One word is the other inflected: plural, past, gerund ("tunnel" / "tunneling", "key" / "keying"). */
function inflected(x: string, y: string): boolean {
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (short.length < 3 || !long.startsWith(short.replace(/e$/, ''))) return false;
  const rest = long.slice(short.replace(/e$/, '').length);
  return /^(?:(\w)\1?)?(?:s|es|ed|ing)$/.test(rest) && (rest.length <= 4 || rest[0] === short[short.length - 1]);
}

/** The same word written twice: a typo, an inflection, a spelling variant; never a prefix or suffix of opposite meaning. */
export function sameWord(x: string, y: string): boolean {
  if (x === y) return true;
  if (affixContrast(x, y)) return false;
  if (inflected(x, y)) return true;
  const shorter = Math.min(x.length, y.length);
  if (shorter < 4 || x[0] !== y[0]) return false; // short words and differing first letters are different words
  return editDistance(x, y, 2) <= (shorter >= 9 ? 2 : 1);
}

/** Words of a name, split on hyphens and punctuation too ("re-authentication" → re, authentication). */
const nameWords = (s: string) => s.split(/[^\p{L}\p{N}]+/u).filter((t) => t && !FUNCTION_WORDS.has(t));

/**
 * Why two names are different things although they look alike, or null: their versions differ
 * ("RFC 2865" / "RFC 2866", "IEEE 802.11" / "802.11i", "SNMPv1" / "SNMPv2"), or they share words
 * but each has a word the other lacks ("EAP re-authentication" / "EAP pre-authentication",
 * "Access-Request packet" / "Access-Reject packet"), or one word differs by an affix of opposite
 * meaning ("reauthentication" / "preauthentication"). Typos, plurals and words run together
 * ("user name" / "username") are not differences. Folded (lower-case) keys in; `va`/`vb` the versions.
 */
export function distinguishingDifference(ka: string, kb: string, va: string, vb: string): string | null {
  if (va !== vb) return `different versions (${va || 'none'} / ${vb || 'none'})`;
  return wordDifference(nameWords(ka), nameWords(kb));
}

/** distinguishingDifference past the versions, on the words of both names (split once per name by the caller). */
function wordDifference(wa: string[], wb: string[]): string | null {
  const usedB = new Set<number>();
  const restA: string[] = [];
  for (const w of wa) {
    const j = wb.findIndex((v, i) => !usedB.has(i) && v === w);
    if (j >= 0) usedB.add(j);
    else restA.push(w);
  }
  let restB = wb.filter((_, i) => !usedB.has(i));
  // typo-level pairs left over match each other
  const unmatchedA: string[] = [];
  for (const w of restA) {
    const j = restB.findIndex((v) => sameWord(w, v));
    if (j >= 0) restB = restB.filter((_, i) => i !== j);
    else unmatchedA.push(w);
  }
  if (!unmatchedA.length || !restB.length) return null; // the same words (or one adds words: decided elsewhere)
  if (sameWord(unmatchedA.join(''), restB.join(''))) return null; // "user name" / "username"
  for (const x of unmatchedA) for (const y of restB) if (affixContrast(x, y)) return `opposite affixes (${x} / ${y})`;
  return `distinguishing words (${unmatchedA.join(' ')} / ${restB.join(' ')})`;
}

interface Keyed {
  node: ResolvableNode;
  keys: string[]; // folded label + aliases
  keyIds: number[]; // the keys as numbers (one per distinct key of the run): "same alias" compares numbers
  words: string[][]; // the words of each key (tokens and nameWords are one split)
  bigrams: Uint32Array[]; // the character bigrams of each key (sorted codes), for the Dice score
  digits: string;
  versions: string;
  acronym: string | null; // the folded label when it looks like an acronym
  initials: string[]; // initials of multi-word keys
}

/** foldText, without its offset map for printable ASCII (most labels): lower case, space runs as one, trimmed. */
const foldKey = (s: string) => (/^[\x20-\x7e]*$/.test(s) ? s.toLowerCase().replace(/ {2,}/g, ' ').trim() : foldText(s));

/** Numbers for strings, in the order first seen. */
type Interner = Map<string, number>;
const internOf = (intern: Interner, s: string) => {
  let id = intern.get(s);
  if (id === undefined) intern.set(s, (id = intern.size));
  return id;
};

function keyed(n: ResolvableNode, intern: Interner = new Map()): Keyed {
  const keys = [...new Set([n.label, ...n.aliases].map(foldKey).filter(Boolean))];
  const acronym = /^[\p{Lu}\p{N}&/-]{2,10}$/u.test(n.label.trim()) && /\p{Lu}/u.test(n.label) ? n.label.trim().toLowerCase() : null;
  const inits = keys.filter((k) => k.split(/\s+/).length >= 2).map(initials);
  // numbers and Roman numerals only where the label has a digit or one of I, V, X (most labels have none)
  const hasDigit = /\d/.test(n.label);
  return {
    node: n,
    keys,
    keyIds: keys.map((k) => internOf(intern, k)),
    words: keys.map(tokens),
    bigrams: keys.map(bigramCodes),
    digits: hasDigit ? digits(n.label) : '',
    versions: hasDigit || /[IVX]/.test(n.label) ? versionsOf(n.label) : '',
    acronym,
    initials: inits,
  };
}

/** The character bigrams of a key as characterBigrams counts them (padded with a space), as sorted numeric codes (two UTF-16 units: below 2^32). */
function bigramCodes(s: string): Uint32Array {
  const t = ` ${s} `;
  const out = new Uint32Array(t.length - 1);
  for (let i = 0; i < t.length - 1; i++) out[i] = t.charCodeAt(i) * 65536 + t.charCodeAt(i + 1);
  return out.sort();
}

/**
 * diceSimilarity(a, b) from the sorted bigram codes of both, made once per key instead of once per
 * pair: the shared bigrams (with their counts) by one merge of two sorted lists, the same integers
 * and so the same score.
 */
function diceOfCodes(a: string, b: string, A: Uint32Array, B: Uint32Array): number {
  if (a === b) return 1;
  let inter = 0;
  for (let i = 0, j = 0; i < A.length && j < B.length;) {
    if (A[i] === B[j]) {
      inter++;
      i++;
      j++;
    } else if (A[i] < B[j]) i++;
    else j++;
  }
  const total = A.length + B.length;
  return total ? (2 * inter) / total : 0;
}

const subset = (x: string[], y: string[]) => x.length < y.length && x.every((t) => y.includes(t));

/**
 * The best reason to think two nodes are the same, with a score in 0..1, or null. The string score
 * comes first and is cheap; the rules that rule a look-alike pair out (one names a part of the other,
 * a word tells them apart) only run for a pair of keys whose score would count.
 */
function pairScore(a: Keyed, b: Keyed, minScore: number): { score: number; reason: string } | null {
  // Different numbers ("RFC 2865" / "RFC 2866", "10 ms" / "100 ms") are different things.
  if ((a.digits || b.digits) && a.digits !== b.digits) return null;
  for (const ka of a.keyIds) if (b.keyIds.includes(ka)) return { score: 0.97, reason: 'same alias' };
  // versions glued to a number ("802.11" / "802.11i") or Roman numerals
  if (a.versions !== b.versions) return null;
  if (a.acronym && b.initials.includes(a.acronym)) return { score: 0.88, reason: `acronym: ${a.node.label} = initials of ${b.node.label}` };
  if (b.acronym && a.initials.includes(b.acronym)) return { score: 0.88, reason: `acronym: ${b.node.label} = initials of ${a.node.label}` };
  let best = 0;
  for (let i = 0; i < a.keys.length; i++) {
    const ka = a.keys[i];
    for (let j = 0; j < b.keys.length; j++) {
      const kb = b.keys[j];
      if (Math.min(ka.length, kb.length) < 4) continue;
      if (Math.min(ka.length, kb.length) / Math.max(ka.length, kb.length) < 0.6) continue; // cannot reach minScore
      // the most the Dice score can be (every bigram of the shorter key shared), with the most Jaro-Winkler could add (1)
      const A = a.bigrams[i].length;
      const B = b.bigrams[j].length;
      const halfDiceBound = Math.min(A, B) / (A + B);
      if (halfDiceBound + 0.5 <= best || halfDiceBound + 0.5 < minScore) continue;
      // the Dice score first (cheap on the codes)
      const halfDice = 0.5 * diceOfCodes(ka, kb, a.bigrams[i], b.bigrams[j]);
      if (halfDice + 0.5 <= best || halfDice + 0.5 < minScore) continue;
      const s = halfDice + 0.5 * jaroWinkler(ka, kb);
      if (s <= best || s < minScore) continue; // would change nothing
      // "accounting" / "accounting port": one names a part or kind of the other, not the same thing
      const ta = a.words[i];
      const tb = b.words[j];
      if (subset(ta, tb) || subset(tb, ta)) continue;
      // "EAP re-authentication" / "EAP pre-authentication": alike letters, a word that tells them apart
      // (the versions are equal here, checked above)
      if (wordDifference(ta, tb)) continue;
      best = s;
    }
  }
  if (best >= minScore) return { score: Math.round(best * 1000) / 1000, reason: `similar label (${best.toFixed(2)})` };
  return null;
}

/**
 * Two names of as many words that agree but for one word each, which differs by more than a typo:
 * "primary server" / "secondary server". Embeddings put such pairs close; they are siblings, not duplicates.
 */
function sameHeadOtherModifier(x: string, y: string): boolean {
  const wa = nameWords(foldText(x));
  const wb = nameWords(foldText(y));
  if (wa.length < 2 || wa.length !== wb.length) return false;
  const diff = wa.map((w, i) => i).filter((i) => wa[i] !== wb[i]);
  return diff.length === 1 && !sameWord(wa[diff[0]], wb[diff[0]]);
}

/**
 * Find likely duplicate entity nodes and store them as ranked merge candidates. Pairs are blocked
 * on shared rare words and on acronym initials, so this stays near-linear in the number of nodes.
 * Returns how many candidates were added or raised.
 */
export async function proposeMergeCandidates(repo: ExtractionRepository, options: MergeProposalOptions = {}): Promise<number> {
  const minScore = options.minScore ?? 0.9;
  // values kept as written are no candidates: "Network Access Server" (expansion of NAS) is no duplicate of NAS
  const intern: Interner = new Map();
  const all = repo
    .nodesForResolution(['entity'])
    .filter((n) => !LITERAL_TYPES.has(n.type ?? ''))
    .map((n) => keyed(n, intern));
  // nodes by their place in `all` (small integers, for the arrays and the pair numbers below)
  const N = all.length;
  const at = new Map(all.map((k, i) => [k.node.id, i]));
  // the focus nodes in order, each once (a node given twice found nothing the second time)
  const focusAt = options.nodeIds ? [...new Set(options.nodeIds.map((id) => at.get(id)).filter((i): i is number => i !== undefined))] : all.map((_, i) => i);
  if (!focusAt.length) return 0;

  // per word and per acronym or initials, the nodes that have it
  const byWord = new Map<string, number[]>();
  const byInitials = new Map<string, number[]>();
  const add = (index: Map<string, number[]>, key: string, i: number) => {
    const list = index.get(key);
    if (list) list.push(i);
    else index.set(key, [i]);
  };
  // per node, per key: its words as index keys, once (the blocks of a focus node are picked from them)
  const wordKeys: string[][][] = [];
  all.forEach((k, i) => {
    const seen = new Set<string>();
    const perKey: string[][] = [];
    for (const words of k.words) {
      const keys: string[] = [];
      for (const t of words) {
        if (t.length < 2) continue;
        if (!keys.includes(t)) keys.push(t);
        if (seen.has(t)) continue;
        seen.add(t);
        add(byWord, t, i);
      }
      perKey.push(keys);
    }
    wordKeys.push(perKey);
    if (k.acronym) add(byInitials, k.acronym, i);
    for (const x of k.initials) if (x.length >= 2) add(byInitials, x, i);
  });
  const MAX_BLOCK = 100; // words shared by more nodes than this say nothing about identity
  const proposals: { aId: number; bId: number; score: number; reason: string }[] = [];
  // Pairs of two focus nodes can be found from either: the first finds it and scores it, the second
  // skips it. A pair is one number (a small integer while N * N is).
  const focusPos = new Int32Array(N).fill(-1);
  focusAt.forEach((i, pos) => (focusPos[i] = pos));
  const done = new Set<number>();
  // candidates of the node at hand, in the order found (stamp: the focus position that added it)
  const stamp = new Int32Array(N).fill(-1);
  const cands: number[] = [];
  const blocks: number[][] = [];
  for (let pos = 0; pos < focusAt.length; pos++) {
    if (options.signal?.aborted) break;
    const ai = focusAt[pos];
    const a = all[ai];
    cands.length = 0;
    blocks.length = 0;
    // block on each key's two rarest words (fewest nodes; the first written among equals): a duplicate shares at least one of them
    for (const keys of wordKeys[ai]) {
      let first: number[] | undefined;
      let second: number[] | undefined;
      for (const t of keys) {
        const list = byWord.get(t)!;
        if (!first || list.length < first.length) {
          second = first;
          first = list;
        } else if (!second || list.length < second.length) second = list;
      }
      if (first && !blocks.includes(first)) blocks.push(first);
      if (second && !blocks.includes(second)) blocks.push(second);
    }
    if (a.acronym) blocks.push(byInitials.get(a.acronym)!);
    for (const x of a.initials) {
      const list = byInitials.get(x);
      if (list) blocks.push(list);
    }
    for (const list of blocks) {
      if (list.length > MAX_BLOCK) continue;
      for (const c of list) {
        if (c === ai || stamp[c] === pos) continue;
        stamp[c] = pos;
        cands.push(c);
      }
    }
    for (const c of cands) {
      const other = focusPos[c];
      if (other !== -1) {
        const pair = ai < c ? ai * N + c : c * N + ai;
        if (other < pos) {
          if (done.has(pair)) continue; // scored when that node was at hand
        } else done.add(pair);
      }
      const s = pairScore(a, all[c], minScore);
      if (s) proposals.push({ aId: a.node.id, bId: all[c].node.id, ...s });
    }
  }

  let added = repo.proposeMerges(proposals);
  proposals.length = 0;

  if (options.embedder && !options.signal?.aborted) {
    const maxEmbed = options.maxEmbed ?? 2000;
    // the focus as given (a node given twice is embedded twice, as before)
    const focus = options.nodeIds ? options.nodeIds.filter((id) => at.has(id)).map((id) => all[at.get(id)!]) : all;
    const focusIds = new Set(focus.map((k) => k.node.id));
    const chosen = [...focus, ...all.filter((k) => !focusIds.has(k.node.id))].slice(0, maxEmbed);
    const vectors: number[][] = [];
    for (let i = 0; i < chosen.length; i += 64) {
      if (options.signal?.aborted) return added;
      vectors.push(...(await options.embedder.embed(chosen.slice(i, i + 64).map((k) => k.node.label))));
    }
    const minCos = options.minCosine ?? 0.9;
    for (let i = 0; i < chosen.length; i++) {
      if (!focusIds.has(chosen[i].node.id)) continue;
      for (let j = 0; j < chosen.length; j++) {
        if (i === j || (focusIds.has(chosen[j].node.id) && j < i)) continue;
        const a = chosen[i];
        const b = chosen[j];
        if ((a.digits || b.digits) && a.digits !== b.digits) continue;
        if (a.versions !== b.versions || sameHeadOtherModifier(a.node.label, b.node.label)) continue;
        const c = cosineSimilarity(vectors[i], vectors[j]);
        if (c >= minCos)
          proposals.push({ aId: a.node.id, bId: b.node.id, score: Math.round(c * 0.95 * 1000) / 1000, reason: `embedding similarity (${c.toFixed(2)})` });
      }
    }
    added += repo.proposeMerges(proposals);
  }
  return added;
}

/** The clause's last character closes a bracket or quote the clause opened. */
function closesItsOpening(clause: string): boolean {
  const last = clause.at(-1);
  const count = (c: string) => clause.split(c).length - 1;
  if (last === ')') return count('(') >= count(')');
  if (last === ']') return count('[') >= count(']');
  if (last === '”') return count('“') >= count('”');
  if (last === '"') return count('"') % 2 === 0;
  // a single quote after one that opens a quotation (after a space, before a letter): no apostrophe
  if (last === "'") return /(?:^|[\s([])'[\p{L}\p{N}][^']*'$/u.test(clause);
  return false;
}
