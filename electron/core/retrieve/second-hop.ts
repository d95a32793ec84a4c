// The second hop of a question whose answer needs two passages ("What port does the protocol that X
// uses listen on?"): the first passage names the thing the question only describes (the bridge), the
// second says what is asked about it. After the first ranking, bridges are read off the best sentences of
// the top passages (a name the question does not hold, or a standard's designation resolved to its
// document), and passages are looked for again with the asking sentence's words and each bridge. What a
// second-hop passage weighs against the first hop's is the passage table's business (its secondHop
// features are fitted like the others), not a hand-set merge.
import type { AnalyzedQuestion } from './analysis';
import { DESIGNATION } from './analysis';
import { contentTokens } from './sentences';

/** How many top passages of the first ranking bridges are read from, and how many bridges are followed. */
export const BRIDGE_SOURCES = 3;
export const MAX_BRIDGES = 6;
/** How many passages one second-hop search contributes. */
export const HOP_HITS = 5;
/**
 * How many of the passages kept for a two-passage question are held for the second hop's, and how many
 * always stay the first ranking's best (the passage a bridge is read from among them).
 */
export const SECOND_HOP_PLACES = 2;
export const FIRST_HOP_PLACES = 2;

export interface Bridge {
  /** The span as written in the first passage ("Widget-Status", "RFC 9999"). */
  term: string;
  /** A standard's designation (resolved to its document), not a name. */
  reference: boolean;
  /** Rank of the first-hop passage it was read from (0 = best). */
  source: number;
  /** Chunk id of that passage. */
  chunk: number;
}

// determiners that point back at something the question describes but does not name ("that method", "those stations")
const BACK_REFERENCE = new Set(['that', 'those', 'this', 'these']);

/**
 * Whether the question's shape asks for two passages: a scenario sentence before the one that asks ("The
 * framework names a method as unsuitable. Which number does X assign to it?"), or a determiner pointing back
 * after its opening words ("What does that RFC call ...").
 */
export function twoHopShape(asked: AnalyzedQuestion): boolean {
  if (asked.asking.trim() !== asked.text.trim()) return true;
  return asked.tags.slice(2).some((t) => BACK_REFERENCE.has(t.lower) && t.pos === 'DET');
}

/**
 * The words of the asking sentence that point back at what the describing sentences describe: the nouns
 * after a pointing determiner ("message" in "how often is that message repeated", "method" in "that
 * method's number"). The bridge takes their place in the passage that answers; they are no attribute asked.
 */
export function backReferenceWords(asked: AnalyzedQuestion): string[] {
  const asking = new Set(asked.asking.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const out: string[] = [];
  asked.tags.forEach((t, i) => {
    // (the tagger may read "that" after a preposition as a pronoun: a noun after it says it determines)
    if (!BACK_REFERENCE.has(t.lower) || (t.pos !== 'DET' && asked.tags[i + 1]?.pos !== 'NOUN')) return;
    for (let j = i + 1; j < asked.tags.length && ['ADJ', 'NOUN', 'PROPN', 'PART'].includes(asked.tags[j].pos); j++)
      if (asking.has(asked.tags[j].lower)) out.push(asked.tags[j].lower);
  });
  return out;
}

/**
 * The sentences of a two-passage question that describe what it asks about (the scenario before the
 * sentence that asks: "The framework names a method as unsuitable."); empty when the question is one
 * sentence.
 */
export function describingText(asked: AnalyzedQuestion): string {
  const asking = asked.asking.trim();
  const text = asked.text.trim();
  if (!asking || asking === text) return '';
  const at = text.lastIndexOf(asking);
  return at < 0 ? '' : `${text.slice(0, at)} ${text.slice(at + asking.length)}`.replace(/\s+/g, ' ').trim();
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The names a sentence writes that the question does not: identifiers joined by hyphens or slashes with a
 * capital ("Status-Server", "MD5-Challenge"), words with a lower-case letter and a capital inside
 * ("SNMPv2c", "radiusAuthServerAddress"), and a capitalised word inside the sentence ("the EAP
 * Notification Type"); the more name-like first. A word all in capitals without a digit is left out: an
 * acronym the question does not write is rarely what it describes, and requirement keywords are written so.
 */
export function namesIn(sentence: string, asked: AnalyzedQuestion): { term: string; kind: number }[] {
  const question = squash(asked.text);
  const found: { term: string; kind: number; at: number }[] = [];
  for (const m of sentence.matchAll(/[\p{L}\p{N}]+(?:[-/][\p{L}\p{N}]+)*/gu)) {
    const w = m[0];
    if (w.length < 3 || !/\p{L}/u.test(w) || (/^[\p{Lu}\p{N}]+$/u.test(w) && !/\p{N}/u.test(w))) continue;
    if (question.includes(w.toLowerCase())) continue;
    const joined = /[-/]/.test(w) && /\p{Lu}/u.test(w);
    const inner = /\p{Ll}\p{Lu}|\p{Lu}\p{Lu}.*\p{Ll}|\p{Lu}.*\p{N}|\p{N}.*\p{Lu}/u.test(w);
    const capital = /^\p{Lu}\p{Ll}+$/u.test(w) && m.index! > 0 && !/[.!?:]\s*$/.test(sentence.slice(0, m.index));
    const kind = joined ? 0 : inner ? 1 : capital ? 2 : -1;
    if (kind < 0) continue;
    found.push({ term: w, kind, at: m.index! });
  }
  found.sort((a, b) => a.kind - b.kind || a.at - b.at);
  const seen = new Set<string>();
  return found.filter((f) => !seen.has(f.term) && !!seen.add(f.term)).map(({ term, kind }) => ({ term, kind }));
}

/** The designations of standards a text cites ("RFC 9999", "[RFC9998]", "IEC 61850-7-4"), as written. */
export function designationsIn(text: string): string[] {
  return [...new Set([...text.matchAll(DESIGNATION)].map((m) => m[0]))];
}

/** A standard a passage cites as the graph's extraction resolved it (a tag through its document's reference list too: "[5]"), with the sentence it was read from. */
export interface CitedStandard {
  designation: string;
  sentence: string;
}

/** Whether a citation's sentence is one of `sentences` (either holds the other, spacing and case aside, or they open alike). */
export function citedIn(citation: CitedStandard, sentences: string[]): boolean {
  const quote = squash(citation.sentence);
  if (!quote) return false;
  return sentences.some((x) => {
    const s = squash(x);
    const opening = Math.min(40, s.length, quote.length);
    return !!s && (s.includes(quote) || quote.includes(s) || (opening >= 20 && s.slice(0, opening) === quote.slice(0, opening)));
  });
}

/** A designation in one spelling: upper case, no spaces or hyphens ("rfc-9999" = "RFC 9999" = "RFC9999"). */
export const designationKey = (d: string) => d.toUpperCase().replace(/[\s-]+/g, '');

/**
 * Bridges read off the first ranking: from each of the top passages, its best sentences (by their match
 * with the question), the designations they cite that the question does not (written, then those `cited` says
 * they cite: a citation by a tag of the document's reference list, "specified in [12]", as extraction resolved it), then the two most
 * specific names they write that the question does not (the more name-like, then the fewer chunks that
 * hold it: `df`); at most MAX_BRIDGES, the best passage's first.
 */
export function bridgesOf(
  asked: AnalyzedQuestion,
  top: { chunk: number; sentences: string[]; cited?: CitedStandard[] }[],
  df: (terms: string[]) => Map<string, number> = () => new Map(),
): Bridge[] {
  const out: Bridge[] = [];
  const asKeys = new Set(asked.designations.map(designationKey));
  const seen = new Set<string>();
  const add = (b: Bridge) => {
    const key = b.reference ? designationKey(b.term) : b.term.toLowerCase();
    if (seen.has(key) || out.length >= MAX_BRIDGES) return;
    seen.add(key);
    out.push(b);
  };
  top.slice(0, BRIDGE_SOURCES).forEach(({ chunk, sentences, cited = [] }, source) => {
    const text = sentences.join(' ');
    const tagged = cited.filter((c) => citedIn(c, sentences)).map((c) => c.designation);
    for (const d of [...designationsIn(text), ...tagged]) if (!asKeys.has(designationKey(d))) add({ term: d, reference: true, source, chunk });
    const names = sentences.flatMap((s) => namesIn(s, asked)).filter((n) => !designationsIn(n.term).length);
    const freq = df(names.map((n) => n.term));
    names
      .sort((a, b) => a.kind - b.kind || (freq.get(a.term) ?? 0) - (freq.get(b.term) ?? 0))
      .slice(0, 2)
      .forEach((n) => add({ term: n.term, reference: false, source, chunk }));
  });
  return out;
}

/** The words of the second search: the asking sentence's content words (what is asked about the bridge). */
export function hopQuery(asked: AnalyzedQuestion): string {
  return contentTokens(asked.asking)
    .map((t) => t.raw)
    .join(' ');
}

/**
 * The passages kept for a question of two-passage shape: the ranking's best `limit`, except that up to
 * SECOND_HOP_PLACES of them are held for passages the second hop found in a document other than the best
 * passage's: when fewer are among the best `limit`, the best-ranked further ones take the places of the
 * lowest-ranked passages that are not such (never of the first FIRST_HOP_PLACES). Recall of such a question
 * needs both passages, and a passage found through a bridge rarely shares enough of the question's words
 * to outrank the first passage's neighbours; which second-hop passages are kept, and in what order, stays
 * the fitted table's. `ranked` is best first; so is the result, the second-hop passages taken in last.
 */
export function keepSecondHop<T extends { documentId: number; secondHop: number }>(ranked: T[], limit: number, twoHop: boolean): T[] {
  const top = ranked.slice(0, limit);
  const places = Math.min(SECOND_HOP_PLACES, limit - FIRST_HOP_PLACES);
  if (!twoHop || places < 1 || !top.length) return top;
  const firstDocument = top[0].documentId;
  const elsewhere = (x: T) => x.secondHop > 0 && x.documentId !== firstDocument;
  const wanted = places - top.filter(elsewhere).length;
  if (wanted <= 0) return top;
  const kept = [...top];
  for (const hop of ranked.slice(limit).filter(elsewhere).slice(0, wanted)) {
    let drop = kept.length - 1;
    while (drop >= FIRST_HOP_PLACES && elsewhere(kept[drop])) drop--;
    if (drop < FIRST_HOP_PLACES) break;
    kept.splice(drop, 1);
    kept.push(hop);
  }
  return kept;
}

/**
 * The passages kept for a two-passage question with its describing passage held (the best passage for its
 * describing sentences asked alone: where the thing it describes is named). Recall of such a question needs
 * that passage as well as the one asked about, and the whole question's ranking favours the latter's
 * neighbours. When `kept` (keepSecondHop's result) lacks it, it takes the place of the lowest-ranked passage
 * that is neither the best one nor a second-hop passage from another document than the best passage's (it
 * is one of the FIRST_HOP_PLACES), and comes last.
 */
export function keepDescribing<T extends { id: string | number; documentId: number; secondHop: number }>(
  kept: T[],
  describing: T | undefined,
  limit: number,
): T[] {
  if (!describing || kept.some((x) => x.id === describing.id)) return kept;
  if (kept.length < limit) return [...kept, describing];
  const firstDocument = kept[0].documentId;
  const elsewhere = (x: T) => x.secondHop > 0 && x.documentId !== firstDocument;
  let drop = kept.length - 1;
  while (drop >= 1 && elsewhere(kept[drop])) drop--;
  if (drop < 1) return kept;
  return [...kept.slice(0, drop), ...kept.slice(drop + 1), describing];
}

/** How many places of the five are held for the bridge document's passages (retrieve/bridge.ts). */
export const BRIDGE_PLACES = 2;

/**
 * The passages kept for a question naming the document it asks about (the bridge document): the best
 * BRIDGE_PLACES passages of that document for the asking sentence (`hits`, the restricted search's order: the
 * question's other words describe the document, not the passage) are among the five. One that is missing takes
 * the place of the lowest-ranked passage that is neither the best one, nor one of those hits, nor `protect` (the
 * describing passage, the chain's first link), and comes last.
 */
export function keepBridge<T extends { id: string | number }>(kept: T[], hits: T[], limit: number, protect?: T['id']): T[] {
  const held = hits.slice(0, BRIDGE_PLACES);
  const isHeld = (x: T) => x.id === protect || held.some((h) => h.id === x.id);
  let out = [...kept];
  for (const hit of held) {
    if (out.some((x) => x.id === hit.id)) continue;
    if (out.length < limit) {
      out.push(hit);
      continue;
    }
    let drop = out.length - 1;
    while (drop >= 1 && isHeld(out[drop])) drop--;
    if (drop < 1) break;
    out = [...out.slice(0, drop), ...out.slice(drop + 1), hit];
  }
  return out;
}

/** How many of the describing sentences' best passages are read for a citation, and how many name its two documents. */
export const CITING_DEPTH = 10;
export const CITING_DOCUMENTS = 5;

/** A passage of the describing sentences' ranking (best first). */
export interface DescribedPassage {
  id: number;
  documentId: number;
  text: string;
}

/**
 * The citing passage that stands first in a chain through a citation. Describing sentences that say one
 * document cites, names or complements another ("The client specification refers to RFC 9999 for the
 * server side.") are about two documents, and the cited one's own header or abstract outranks the citing
 * document's reference entry or sentence, which is the chain's first link; the cited document supplies the
 * second passage. The cited document is the one the describing sentences designate (an ingested standard),
 * else the best passage's own document when another document is among the best CITING_DOCUMENTS passages.
 * The citing passage is the best-ranked passage of another document that cites it, else the best passage
 * `search` finds (the passages that cite a designation, ranked by the describing words) in the best-ranked
 * other document, else, for a designated document, in any other document. When the best passage is
 * not the designated document's and cites another ingested document itself, it is a citing passage
 * already: it stays first, with the designated document when it cites that one, and nothing is returned
 * otherwise (its citations are the second hop's bridges). Nothing either when nothing cites the cited
 * document. `designationOf` maps an ingested standard's document to its designation, `documentOf` a
 * designation key to its document, `citations` gives the ingested documents a passage cites.
 */
export function citingPassage(
  ranked: DescribedPassage[],
  describing: string,
  designationOf: Map<number, string>,
  documentOf: Map<string, number>,
  citations: (p: DescribedPassage) => number[],
  search: (designation: string) => { id: number; documentId: number }[],
): { chunk: number; cited: number } | undefined {
  const top = ranked.slice(0, CITING_DEPTH);
  if (!top.length) return undefined;
  const cites = (p: DescribedPassage, doc: number) => p.documentId !== doc && citations(p).includes(doc);
  const named = designationsIn(describing)
    .map((d) => documentOf.get(designationKey(d)))
    .find((doc): doc is number => doc !== undefined);
  const first = top[0];
  if (first.documentId !== named && citations(first).some((doc) => doc !== first.documentId))
    return named !== undefined && cites(first, named) ? { chunk: first.id, cited: named } : undefined;
  const documents = [...new Set(top.slice(0, CITING_DOCUMENTS).map((p) => p.documentId))];
  const cited = named ?? (documents.length > 1 && designationOf.has(first.documentId) ? first.documentId : undefined);
  if (cited === undefined) return undefined;
  const inRanking = top.find((p) => cites(p, cited));
  if (inRanking) return { chunk: inRanking.id, cited };
  const hits = search(designationOf.get(cited)!).filter((h) => h.documentId !== cited);
  const hit = documents.map((doc) => hits.find((h) => h.documentId === doc)).find((h) => h !== undefined) ?? (named !== undefined ? hits[0] : undefined);
  return hit && { chunk: hit.id, cited };
}
