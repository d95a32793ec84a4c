// What the standards patterns know about the whole document: its sections (from the ingest
// structure when given, else from column-0 headings), which standard it is, which regions are
// boilerplate, how its reference list maps citation tags to documents, and whether it writes its
// normative keywords in capitals (RFC 2119 style) or in lower case (ISO/IEC directives style).
import { splitSentences, type Span } from '../sentences';
import { findStandards } from '../classic/mentions';
import { lastStartingAtOrBefore } from '../../text/spans';
import { sectionAt } from '../../document/structure';
import { annexAt } from '../../document/blocks';

/** The subset of document/structure.ts's DocumentStructure these patterns read (that type is assignable to it). */
export interface StructureLike {
  standard: { id: string; title?: string; updates?: string[]; obsoletes?: string[] } | null;
  title?: string | null;
  sections: { number: string | null; heading: string; level: number; start: number; end: number; headingEnd: number; annex?: 'normative' | 'informative' }[];
  boilerplate: { kind: string; start: number; end: number }[];
  /** Tables with each row's line in the text (document/tables.ts), the header's first. */
  tables?: { header: string[]; rows: string[][]; start: number; end: number; caption?: string; rowSpans: { start: number; end: number }[] }[];
  /** Notes, examples and captions (document/blocks.ts). */
  blocks?: { kind: string; start: number; end: number }[];
}

export type SectionLike = StructureLike['sections'][number];

export interface DocInfo {
  text: string;
  structure: StructureLike;
  /** True when the structure came from the caller (ingest); only then is boilerplate known. */
  given: boolean;
  /** The document's own designation ('RFC 6613'), or null. */
  self: string | null;
  /** Citation tag ('RFC2865', '3', 'IEEE-802.1X') -> designation of the cited document. */
  references: Map<string, { id: string; title: string | null }>;
  /** The document writes MUST/SHALL/SHOULD in capitals. */
  upperKeywords: boolean;
  /**
   * The document writes its provisions in lower case (ISO/IEC style: "shall" at least 3 times, no
   * capitalised keywords). Prose elsewhere ("future work should ...") states no requirement.
   */
  lowerKeywords: boolean;
}

const TERMINOLOGY = /\b(?:terminology|terms|definitions?|glossary|abbreviations|acronyms|conventions)\b/i;
const REFERENCES = /\b(?:references|bibliography)\b/i;

/** Column-0 headings: "3.1.  Title", "Appendix A.  Title", or a short unnumbered line between blank lines. */
function fallbackStructure(text: string): StructureLike {
  const heads: { number: string | null; heading: string; level: number; start: number; headingEnd: number }[] = [];
  const re = /^(?:(\d+(?:\.\d+)*)\.?|(?:Appendix|Annex)\s+([A-Z](?:\.\d+)*)\.?:?)[ \t]+(\S[^\n]{0,90})$|^([A-Z][A-Za-z'’ ,&/()-]{2,60})$/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const line = m[0];
    if (/ {3,}|\.{4,}|[.:;,]$/.test(line)) continue; // header blocks, TOC lines, sentences
    const before = text.slice(Math.max(0, m.index - 2), m.index);
    const after = text.slice(m.index + line.length, m.index + line.length + 2);
    if (m[4] && !(before.endsWith('\n\n') || m.index === 0) && !after.startsWith('\n\n')) continue;
    const number = m[1] ?? m[2] ?? null;
    const heading = (m[3] ?? m[4]).trim();
    if (number && /^\d+$/.test(number) && Number(number) > 200) continue; // a number, not a section
    heads.push({ number, heading, level: number ? number.split('.').length : 1, start: m.index, headingEnd: m.index + line.length });
  }
  const sections = heads.map((h, i) => {
    let end = text.length;
    for (let j = i + 1; j < heads.length; j++) {
      if (heads[j].level <= h.level) {
        end = heads[j].start;
        break;
      }
    }
    return { ...h, end };
  });
  const rfc = /Request for Comments:\s*(\d{1,5})/.exec(text.slice(0, 3000));
  return { standard: rfc ? { id: `RFC ${rfc[1]}` } : null, title: null, sections, boilerplate: [] };
}

/** The longest a boilerplate region is, per structure: how far back a covering region can start. */
const longest = new WeakMap<StructureLike['boilerplate'], number>();

/** The boilerplate kind covering most of [start, end) when it covers at least half of it. */
function boilerplateKind(structure: StructureLike, start: number, end: number): string | null {
  const e = Math.max(end, start + 1);
  const regions = structure.boilerplate;
  let span = longest.get(regions);
  if (span === undefined) {
    span = regions.reduce((m, r) => Math.max(m, r.end - r.start), 0);
    longest.set(regions, span);
  }
  let best: { kind: string; overlap: number } | null = null;
  for (let i = lastStartingAtOrBefore(regions, e - 1); i >= 0 && regions[i].start >= start - span; i--) {
    const r = regions[i];
    const overlap = Math.min(e, r.end) - Math.max(start, r.start);
    if (overlap > 0 && (!best || overlap > best.overlap)) best = { kind: r.kind, overlap };
  }
  return best && best.overlap * 2 >= e - start ? best.kind : null;
}

const formal = new WeakMap<SectionLike, boolean>();

/** In a section of terms (Terminology, Definitions, Glossary), not one of formal definitions (ASN.1, a MIB module). */
export function inTerminologySection(doc: DocInfo, offset: number): boolean {
  const s = sectionAt(doc.structure, offset);
  if (!s || !TERMINOLOGY.test(s.heading) || /\bmib\b|\bmodule\b/i.test(s.heading)) return false;
  let f = formal.get(s);
  if (f === undefined) {
    f = /::=|\bOBJECT-TYPE\b|\bDEFINITIONS\b/.test(doc.text.slice(s.start, s.end));
    formal.set(s, f);
  }
  return !f;
}

export function inReferencesSection(doc: DocInfo, offset: number): { normative: boolean | null } | null {
  const s = sectionAt(doc.structure, offset);
  if (!s || !REFERENCES.test(s.heading)) return null;
  return { normative: /\bnormative\b/i.test(s.heading) ? true : /\binformative\b/i.test(s.heading) ? false : null };
}

/** The clause label of a section: 'RFC 6613 §2.6.1' (the number only: headings are long and change). */
export function clauseOf(doc: DocInfo, s: SectionLike | null): string | null {
  if (!s?.number || !doc.self) return null;
  return `${doc.self} §${s.number}`;
}

/** "RFC1234" -> "RFC 1234", "IEEE-802.3" -> "IEEE 802.3"; null when the tag names no standard. */
export function tagDesignation(tag: string): string | null {
  const spaced = tag.replace(/^([A-Za-z/]+)[-_ ]?(?=\d)/, '$1 ');
  const m = findStandards(spaced)[0];
  return m && m.start === 0 && m.end >= spaced.length - 5 ? canonicalDesignation(m.label) : null;
}

/** One spelling per cited standard: "IEEE Std 802.3-2008" -> "IEEE 802.3-2008". */
export function canonicalDesignation(label: string): string {
  // one node per standard: the edition year ("-2004", ":2013") is not part of what is cited
  return label
    .replace(/\s+/g, ' ')
    .replace(/^(\S+) Std\.? /, '$1 ')
    .replace(/(?<=\d[A-Za-z]{0,2})[-:](?:19|20)\d\d$/, '')
    .trim();
}

function referenceList(text: string, structure: StructureLike): DocInfo['references'] {
  const out: DocInfo['references'] = new Map();
  for (const s of structure.sections) {
    if (!REFERENCES.test(s.heading)) continue;
    const body = text.slice(s.headingEnd, s.end);
    const entry = /^[ \t]*\[([^\]\n]{1,40})\][ \t]+([\s\S]*?)(?=\n[ \t]*\[[^\]\n]{1,40}\][ \t]|\n[ \t]*\n[ \t]*\n|(?![\s\S]))/gm;
    for (let m = entry.exec(body); m; m = entry.exec(body)) {
      const tag = m[1].trim();
      const entryText = m[2].replace(/\s+/g, ' ');
      const ids = findStandards(entryText).map((x) => canonicalDesignation(x.label));
      // an RFC number names the document itself; a BCP/STD number is the series it belongs to
      const id = ids.find((x) => /^RFC /.test(x)) ?? ids.find((x) => !/^(?:BCP|STD|FYI) /.test(x)) ?? tagDesignation(tag) ?? null;
      if (!id || out.has(tag)) continue;
      const title = /["“]([^"”]{4,200})["”]/.exec(entryText)?.[1]?.replace(/\s+/g, ' ').replace(/,$/, '') ?? null;
      out.set(tag, { id, title });
    }
  }
  return out;
}

/** The last few documents' contexts by text, each with the structure it was built from (null: none given). */
const cache = new Map<string, { info: DocInfo; from: StructureLike | null }>();

/** The document context, built once per (text, structure). */
function docInfo(text: string, structure?: StructureLike | null): DocInfo {
  const hit = cache.get(text);
  // only for the same structure: a call without one must not get what an earlier call's structure gave
  if (hit && hit.from === (structure ?? null)) return hit.info;
  // a document stored before structures were kept comes with an empty one: read its headings here
  const st =
    structure && (structure.sections.length || structure.standard)
      ? structure
      : { ...fallbackStructure(text), ...(structure ? { boilerplate: structure.boilerplate, tables: structure.tables, blocks: structure.blocks } : {}) };
  const upper = (text.match(/\b(?:MUST|SHALL|SHOULD)\b/g) ?? []).length;
  const info: DocInfo = {
    text,
    structure: st,
    given: Boolean(structure && structure.boilerplate.length),
    self: st.standard?.id ? canonicalDesignation(st.standard.id) : null,
    references: referenceList(text, st),
    upperKeywords: upper >= 2,
    lowerKeywords: upper < 2 && (text.match(/\bshall\b/g) ?? []).length >= 3,
  };
  cache.delete(text);
  if (cache.size >= 4) cache.delete(cache.keys().next().value!);
  cache.set(text, { info, from: structure ?? null });
  return info;
}

/** Sentences of a chunk with the index of the first one at or after a position. */
export interface ChunkContext {
  doc: DocInfo;
  chunk: Span;
  sentences: Span[];
}

export function chunkContext(text: string, chunk: Span, structure?: StructureLike | null, sentences?: Span[]): ChunkContext {
  return { doc: docInfo(text, structure), chunk, sentences: sentences ?? splitSentences(text, chunk.start, chunk.end) };
}

/** The sentence of the chunk that holds `pos`, else a span of the line around it. */
export function sentenceAt(ctx: ChunkContext, pos: number): Span {
  for (const s of ctx.sentences) if (s.start <= pos && pos < s.end) return s;
  const text = ctx.doc.text;
  const a = text.lastIndexOf('\n', pos - 1) + 1;
  const e = text.indexOf('\n', pos);
  return { start: Math.max(a, ctx.chunk.start), end: Math.min(e < 0 ? text.length : e, ctx.chunk.end) };
}

/**
 * True when nothing may be extracted at [start, end): the ingest structure marks it boilerplate.
 * `allow` lists region kinds a pattern may still read (the cross-reference pattern reads references).
 */
export function isSkipped(ctx: ChunkContext, span: Span, allow: readonly string[] = []): boolean {
  if (!ctx.doc.given) return false;
  const kind = boilerplateKind(ctx.doc.structure, span.start, span.end);
  return kind !== null && !allow.includes(kind);
}

/**
 * Informative text, where a normative keyword states no requirement: an annex marked informative
 * (and its subsections), a NOTE or an EXAMPLE (document/blocks.ts).
 */
export function informative(doc: DocInfo, offset: number): boolean {
  if (annexAt(doc.structure.sections, offset) === 'informative') return true;
  return (doc.structure.blocks ?? []).some((b) => (b.kind === 'note' || b.kind === 'example') && b.start <= offset && offset < b.end);
}

/**
 * The document a part reference at [start, end) of a sentence belongs to when another document is
 * named beside it: "section 5.1 of [RFC1234]", "clause 14.6.2.2 of IEEE 802.1D", "[RFC1234], Section
 * 4.2", "IEEE 802.1D clause 14.6.2.2", "RFC 2866 section 4.1"; null when none is (the part is the
 * citing document's own, if it has one of that number: see ownPart).
 */
export function citedDocumentBeside(doc: DocInfo, sentence: Span, start: number, end: number): string | null {
  const { text } = doc;
  const after = text.slice(end, Math.min(sentence.end, end + 80));
  const tagAfter = /^\s*(?:of|in)\s+(?:the\s+)?\[([^\]\s]{1,40})\]/.exec(after)?.[1];
  if (tagAfter) return doc.references.get(tagAfter)?.id ?? tagDesignation(tagAfter);
  const ofAt = /^\s*(?:of|in)\s+(?:the\s+)?/.exec(after);
  if (ofAt) {
    const named = findStandards(text, end + ofAt[0].length, Math.min(sentence.end, end + 80))[0];
    if (named && named.start === end + ofAt[0].length) return canonicalDesignation(named.label);
  }
  const before = text.slice(Math.max(sentence.start, start - 60), start);
  const tagBefore = /\[([^\]\s]{1,40})\],?\s*(?:(?:which|that)\s+(?:in|at)\s+)?$/.exec(before)?.[1];
  if (tagBefore) return doc.references.get(tagBefore)?.id ?? tagDesignation(tagBefore);
  const lead = Math.max(sentence.start, start - 60);
  const named = findStandards(text, lead, start).at(-1);
  if (named && /^,?\s*$/.test(text.slice(named.end, start))) return canonicalDesignation(named.label);
  return null;
}

/** The document has a numbered part of this number (a section, an appendix), or its parts are unknown. */
export function ownPart(doc: DocInfo, number: string): boolean {
  const numbered = doc.structure.sections.filter((s) => s.number);
  // (appendix letters and documents whose sections are not known are taken on trust)
  if (!doc.given || numbered.length < 3 || !/^\d/.test(number)) return true;
  const n = number.replace(/\.$/, '');
  return numbered.some((s) => s.number!.replace(/\.$/, '') === n);
}
