// Concept phrases: cleaning and checking what a model proposed, the canonical label that makes alike
// concepts one node, the classic (no model) head noun and verb lemma, and the deterministic
// abstraction ladders that backfill an instance when a model gave fewer than the minimum.
import { englishNlp } from '../nlp/english';
import { singular } from '../nlp/morphology';
import { normalizeLabel } from '../store/normalize';
import { MIN_CONCEPTS, type InstanceKind } from '../../../shared/contract/concepts';

/** Words of a concept phrase (the LLM path asks for one or two). */
export const MAX_WORDS = 2;
/** Concepts per instance the LLM path guarantees (declared with the job's params in the contract). */
export { MIN_CONCEPTS };

/** The generic top rungs of the ladders: never used as an induced type. */
const LADDER_TOPS: Record<InstanceKind, string[]> = {
  entity: ['named entity', 'entity', 'thing', 'object'],
  event: ['activity', 'event', 'occurrence', 'happening'],
  relation: ['relationship', 'association', 'connection', 'link'],
};
export const GENERIC_CONCEPTS = new Set(Object.values(LADDER_TOPS).flat());

/** A phrase as written, cleaned: letters, digits and inner - ' / & kept, whitespace collapsed. */
export function cleanPhrase(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}\s\-'/&]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[-'/&\s]+|[-'/&\s]+$/g, '');
}

/** The canonical concept label: lower case (acronyms kept), hyphens as spaces, last word singular. */
export function canonicalConcept(phrase: string): string {
  const words = cleanPhrase(phrase)
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((w) => (/^[\p{Lu}\p{N}]{2,}$/u.test(w) && /\p{L}/u.test(w) ? w : w.toLowerCase()));
  if (words.length) words[words.length - 1] = singular(words[words.length - 1]);
  return words.join(' ');
}

/** Comparable words of a text: normalised, split at spaces and hyphens, each made singular. */
export function stems(text: string): string[] {
  return normalizeLabel(text)
    .split(/[\s\-/]+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean)
    .map(singular);
}

/**
 * Whether a canonical phrase may be a concept of `input`: one or two words with a letter, never the
 * input itself. `strict` (what a model proposes) also refuses repeats: a phrase made only of the
 * input's words, except one word of a longer input (AutoSchemaKG's own examples keep the head
 * word: "Black Mountain College" → "college"). The classic engine and the ladders are lenient: a
 * head noun or verb lemma is the input's own word by design.
 */
export function isValidConcept(phrase: string, input: string, strict = true, maxWords = MAX_WORDS): boolean {
  if (phrase.length < 2 || phrase.length > 48 || !/\p{L}/u.test(phrase)) return false;
  const words = phrase.split(' ').filter(Boolean);
  if (!words.length || words.length > maxWords) return false;
  if (normalizeLabel(phrase) === normalizeLabel(input)) return false;
  if (!strict) return true;
  const own = stems(input);
  const mine = stems(phrase);
  if (!mine.length) return false;
  const repeats = mine.every((w) => own.includes(w));
  return !repeats || (own.length >= 2 && mine.length === 1);
}

/** Clean, canonicalise and check proposed phrases; the valid ones, deduplicated, in the order given. */
export function selectConcepts(raw: unknown[], input: string, max: number, strict = true): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const r of raw) {
    if (typeof r !== 'string') continue;
    const c = canonicalConcept(r);
    const key = normalizeLabel(c);
    if (!key || seen.has(key) || !isValidConcept(c, input, strict)) continue;
    seen.add(key);
    out.push(c);
    if (out.length >= max) break;
  }
  return out;
}

// ---- classic: head noun and verb lemma (wink-nlp, the model extraction's classic engine loads)

interface Tok {
  text: string;
  pos: string;
  lemma: string;
}

function tag(text: string): Tok[] {
  const nlp = englishNlp();
  const doc = nlp.readDoc(text);
  const values = doc.tokens().out() as string[];
  const pos = doc.tokens().out(nlp.its.pos) as string[];
  // its.lemma needs the model's addons at run time; its typing says so, the call passes them
  const lemma = doc.tokens().out(nlp.its.lemma as unknown as typeof nlp.its.pos) as string[];
  return values.map((v, i) => ({ text: v, pos: pos[i], lemma: (lemma[i] || v).toLowerCase() })).filter((t) => t.pos !== 'SPACE' && t.text.trim());
}

const HEAD_POS = new Set(['NOUN', 'PROPN']);
const CUT_POS = new Set(['ADP', 'PUNCT', 'SCONJ', 'CCONJ', 'VERB', 'AUX', 'PRON']);

/** The head noun of a noun phrase, as a lemma: "RADIUS servers" → "server", "Department of Energy" → "department". */
export function headNoun(phrase: string): string | null {
  const toks = tag(phrase);
  const firstCut = toks.findIndex((t, i) => i > 0 && CUT_POS.has(t.pos) && t.text !== '-' && t.text !== '/');
  const np = firstCut > 0 ? toks.slice(0, firstCut) : toks;
  for (let i = np.length - 1; i >= 0; i--) {
    if (HEAD_POS.has(np[i].pos) && /\p{L}/u.test(np[i].text)) return canonicalConcept(np[i].lemma);
  }
  const last = [...np].reverse().find((t) => /\p{L}/u.test(t.text));
  return last ? canonicalConcept(last.lemma) : null;
}

/** The lemma of the main verb of a relation or event clause: "is defined in" → "define", "sends" → "send". */
export function verbLemma(text: string): string | null {
  const toks = tag(text);
  const verb = toks.find((t) => t.pos === 'VERB') ?? toks.find((t) => t.pos === 'NOUN' || t.pos === 'ADJ') ?? toks.find((t) => t.pos === 'AUX');
  return verb && /\p{L}/u.test(verb.lemma) ? canonicalConcept(verb.lemma) : null;
}

/** Whether a word stands in a label as an acronym (all capitals): no general lexicon's senses are its meaning. */
export function isAcronymIn(label: string, word: string): boolean {
  return label.split(/[\s\-/]+/).some((w) => /^[\p{Lu}\p{N}]{2,}s?$/u.test(w) && /\p{L}/u.test(w) && singular(w.toLowerCase()) === word.toLowerCase());
}

/**
 * What the classic engine reads from an instance, specific to general: the head noun (entities) or
 * the verb lemma (events, relations), the concepts `above` it (its hypernyms), then its type.
 */
export function classicConcepts(kind: InstanceKind, label: string, type: string | null, above: string[] = []): string[] {
  const candidates: (string | null)[] = [];
  if (kind === 'entity') candidates.push(headNoun(label));
  else candidates.push(verbLemma(label));
  candidates.push(...above.map(canonicalConcept));
  if (type && type.toLowerCase() !== 'unknown') candidates.push(canonicalConcept(type));
  const out = selectConcepts(
    candidates.filter((c): c is string => !!c),
    label,
    6,
    false,
  );
  // "Produce what it can": at least the generic rung of the kind's ladder.
  return out.length ? out : [LADDER_TOPS[kind][0]];
}

/**
 * The deterministic abstraction ladder of an instance, specific to general: what the classic
 * engine reads from it, its type, then the kind's generic rungs. Backfill takes from here.
 */
export function abstractionLadder(kind: InstanceKind, label: string, type: string | null): string[] {
  const specific = kind === 'entity' ? headNoun(label) : verbLemma(label);
  const rungs = [specific, type && type.toLowerCase() !== 'unknown' ? canonicalConcept(type) : null, ...LADDER_TOPS[kind]];
  return selectConcepts(
    rungs.filter((r): r is string => !!r),
    label,
    8,
    false,
  );
}

/** Phrases to add to `have` (not already there) from the ladder until there are `min`. */
export function backfill(have: string[], ladder: string[], min = MIN_CONCEPTS): string[] {
  const seen = new Set(have.map(normalizeLabel));
  const add: string[] = [];
  for (const r of ladder) {
    if (have.length + add.length >= min) break;
    const k = normalizeLabel(r);
    if (seen.has(k)) continue;
    seen.add(k);
    add.push(r);
  }
  return add;
}
