// The classic extractor: no model, fast, the baseline a fresh install builds its first graph with.
import { foldWithMap, splitSentences, type Span } from '../sentences';
import type { AcronymDefinition } from '../../nlp/acronyms';
import type { CandidateTriple, ChunkExtraction, NodeMention } from '../types';
import { DEFAULT_CONFIDENCE } from '../types';
import { findTypedMentions } from './mentions';
import { mergeSpans, tokenize, type Token } from './tokens';
import { sentenceRelations } from './sentence';
import type { DocumentReferents, Referent, SentenceContext } from './reference';
import { confidenceOf, standardsExtract, type StructureLike } from '../standards';
import { chunkContext, citedDocumentBeside, clauseOf, ownPart, type DocInfo, type SectionLike } from '../standards/context';
import { sectionAt } from '../../document/structure';
import { wordCount } from '../standards/confidence';
import { singular } from '../../nlp/morphology';
import { CONDITION_NOUNS } from '../../nlp/lexicon';
import { readingForm, relationForm, withoutActObjects } from './relation-form';
import { exampleActors, figureLegendLine, gluedHeading, proseOfFigure, referenceEntry } from './figures';
import { ENTRY_DESCRIPTION_RULE, entryReadings } from './entries';
import { describedEntry } from '../../document/layout';

export { findStandards, findQuantities, findTypedMentions } from './mentions';

const KIND_CONFIDENCE = { svo: 1, prep: 0.9, isa: 1.1, of: 0.8 } as const;

export const DOCUMENT_RULES = [
  { id: 'doc.heading', statement: 'A section heading is cut off the sentence it opens; a heading alone is no sentence.' },
  { id: 'doc.term-line', statement: "A definition list's term line (short, unpunctuated, its body indented deeper) is no part of the body's first sentence." },
  { id: 'doc.listing-prose', statement: "An SMI object's DESCRIPTION or REFERENCE string is read, not the clauses of the listing before it." },
  ENTRY_DESCRIPTION_RULE,
  {
    id: 'doc.condition-list',
    statement:
      'The items of a list whose lead names them as conditions or cases ("under the following conditions:", "if one of these is true:", a lead ending "if:" or "when:") state when something holds: they assert nothing.',
  },
  { id: 'doc.latin', statement: 'Only sentences mostly in Latin script are read for relations; other scripts get typed mentions.' },
  { id: 'doc.code', statement: 'A MIB or ASN.1 listing (a quarter of its words in capitals, or "::=") is no sentence.' },
  { id: 'doc.legend', statement: 'Two or more "symbol = meaning" pairs are a legend, no sentence.' },
  {
    id: 'doc.figure',
    statement:
      'A line of figure or diagram text (mostly symbols, a bit ruler, a line of hex bytes, a boxed row, labels in three or more columns, a table row keyed by a number, range or count before a column gap) is no sentence text: a sentence is read from its prose lines at its start or end, or not at all.',
  },
  {
    id: 'doc.cells',
    statement:
      "A run of fifteen words or more with fewer than one in ten a determiner, preposition, auxiliary, pronoun, particle or subordinator, and eight content words in a row with no verb or punctuation between, is a run of cells or labels (a table row, a figure's text), not a sentence.",
  },
  {
    id: 'doc.layout-lines',
    statement:
      "Lines that end well short of the text's width though the next line's first word would fit, unpunctuated and before no list item, are units of a layout (a message sequence, a flow chart's cells), not wrapped prose: in a span with two or more, at least half its lines, they are read as figure lines.",
  },
  {
    id: 'doc.narrow-column',
    statement:
      "In a span of three lines or more whose every line but the last holds at most a third of the text's width in words (indentation aside), the narrow lines are a column of cells or labels (one column of a flow chart, an address block), not wrapped prose: they are figure lines, and a long last line stays prose.",
  },
  {
    id: 'doc.figure-legend',
    statement:
      'A "label: gloss" line next to a figure (the nearest other line before it is a figure line, or the nearest after it the caption) is the figure\'s legend: no sentence, and no definition.',
  },
  {
    id: 'doc.reference-entry',
    statement:
      'A sentence that opens a reference-list entry ("[3] Lee, K., ...") or follows an entry\'s authors and year ("Lee, K. (2021).") in the same paragraph is a cited work\'s title or source, no statement.',
  },
  {
    id: 'doc.part-end',
    statement: 'A document part as an end ("Section 4") is its clause, of the document or of the one cited beside it; a part of no known document is no end.',
  },
  { id: 'doc.figure-end', statement: 'A figure or table ("Figure 1") is no end.' },
  {
    id: 'doc.example-actor',
    statement:
      'A name of a common noun the document writes in lower case and a number ("Relay2") that labels a box of one of its figures is a numbered actor of a worked example: no sentence triple has it as an end.',
  },
  {
    id: 'doc.glued-heading',
    statement:
      'In text whose lines run together, a section number, a bracketed list number or a caption\'s label ("Figure 2.") followed by a noun phrase with no finite verb, up to a determiner or pronoun after a noun, a subordinator, an infinitive of purpose or the phrase repeated, is a heading or a caption run into the sentence: the sentence is read from there.',
  },
];

export interface ClassicOptions {
  /** Acronyms defined anywhere in the document (for the definition mentions inside this chunk). */
  acronyms?: AcronymDefinition[];
  /** The document's structure (document/structure.ts analyzeStructure): sections, boilerplate, standard id. */
  structure?: StructureLike | null;
}

/** What the extractor reads of a chunk: its sentences, its tokens (names the document defines merged), the typed mentions, the context the sentences share. */
interface ChunkReading {
  sentences: Span[];
  typed: ReturnType<typeof findTypedMentions>;
  tokens: Token[];
  context: SentenceContext;
  doc: DocInfo;
}

export function readChunk(docText: string, chunk: Span, options: ClassicOptions = {}): ChunkReading {
  const sentences = splitSentences(docText, chunk.start, chunk.end);
  const typed = findTypedMentions(docText, chunk.start, chunk.end);
  const names = [...typed, ...longFormOccurrences(docText, chunk, options.acronyms ?? [])];
  const tokens = sentences.length ? mergeSpans(tokenize(docText, chunk.start, chunk.end), names, docText) : [];
  const context: SentenceContext = { document: documentReferents(docText, chunk, options.structure, sentences) };
  const doc = chunkContext(docText, chunk, options.structure, sentences).doc;
  return { sentences, typed, tokens, context, doc };
}

/** A sentence of a chunk: the span read and its tokens, or the rule that leaves it unread. */
type ChunkSentence = { whole: Span; span: Span; tokens: Token[]; entry?: string; glued?: boolean } | { whole: Span; skip: string };

/** The chunk's sentences in order, each read or left unread by a document rule. */
export function* chunkSentences(docText: string, r: ChunkReading): Generator<ChunkSentence> {
  let t = 0;
  let conditionItems = false; // doc.condition-list: after a lead naming its items as conditions, until a sentence no item
  for (const whole of r.sentences) {
    const said = docText.slice(whole.start, whole.end);
    conditionItems = conditionItems && LIST_ITEM.test(said);
    if (conditionItems) {
      yield { whole, skip: 'doc.condition-list' };
      continue;
    }
    conditionItems = conditionLead(said);
    const cut = afterHeading(afterTermLine(docText, whole), r.doc.structure.sections); // doc.heading, doc.term-line
    if (!cut) {
      yield { whole, skip: 'doc.heading' };
      continue;
    }
    if (referenceEntry(docText, cut)) {
      yield { whole, skip: 'doc.reference-entry' };
      continue;
    }
    if (figureLegendLine(docText, cut.start)) {
      yield { whole, skip: 'doc.figure-legend' };
      continue;
    }
    const listed = listingProse(docText, cut); // doc.listing-prose
    const prose = proseOfFigure(docText, listed); // doc.figure, doc.layout-lines, doc.narrow-column
    if (!prose) {
      yield { whole, skip: figureSkip(docText, listed) };
      continue;
    }
    const inSentence: Token[] = [];
    while (t < r.tokens.length && r.tokens[t].start < prose.start) t++;
    while (t < r.tokens.length && r.tokens[t].end <= prose.end) inSentence.push(r.tokens[t++]);
    // doc.glued-heading: a heading or a caption run into the sentence in flattened text is cut off
    const glued = gluedHeading(docText, prose, inSentence);
    if (glued) inSentence.splice(0, glued);
    if (glued && inSentence.length < 3) {
      yield { whole, skip: 'doc.glued-heading' };
      continue;
    }
    const s = glued ? { start: inSentence[0].start, end: prose.end } : prose;
    // doc.latin: the English model reads English only (and three tokens at least)
    if (inSentence.length < 3 || !mostlyLatin(docText, s)) yield { whole, skip: 'doc.latin' };
    else if (codeLike(docText.slice(s.start, s.end)))
      yield { whole, skip: 'doc.code' }; // a MIB or ASN.1 listing is no English sentence
    else if (legendLike(docText.slice(s.start, s.end))) yield { whole, skip: 'doc.legend' };
    else if (cellsLike(inSentence)) yield { whole, skip: 'doc.cells' };
    else {
      // (the first sentence of an SMI entry's DESCRIPTION: the entry it describes, for doc.entry-description)
      const entry = prose.start > cut.start ? describedEntry(docText, cut.start, prose.start) : undefined;
      yield { whole, span: s, tokens: inSentence, ...(entry ? { entry } : {}), ...(glued ? { glued: true } : {}) };
    }
  }
}

/** Which rule leaves a span with no prose unread: its figure lines, its lines broken by layout, or its narrow column. */
function figureSkip(docText: string, span: Span): string {
  if (!proseOfFigure(docText, span, false, false)) return 'doc.figure';
  return proseOfFigure(docText, span, true, false) ? 'doc.narrow-column' : 'doc.layout-lines';
}

/** Triples and typed mentions from chunk [start, end) of the document text. */
export function classicExtract(docText: string, chunk: Span, options: ClassicOptions = {}): ChunkExtraction & { sentences: number } {
  const reading = readChunk(docText, chunk, options);
  const { sentences, typed, context, doc } = reading;
  const triples: CandidateTriple[] = [];
  const passing: NodeMention[] = [];
  const base = DEFAULT_CONFIDENCE.classic.EE;
  // doc.example-actor: a worked example's numbered actors ("Relay1", boxes of a figure) are no ends of the standard's facts
  const actors = exampleActors(docText);
  const numbered = (x: string) => [...x.matchAll(/\S+/g)].some((w) => actors.has(w[0].replace(/[^\p{L}\p{N}]+$/u, '')));
  for (const sentence of chunkSentences(docText, reading)) {
    if (!('span' in sentence)) continue;
    const { span: s, tokens: inSentence } = sentence;
    // doc.entry-description: a verbless description's own head is the entry; what it says inside is no claim
    const rels = entryReadings(sentenceRelations(inSentence, docText, context), inSentence, sentence.entry);
    const sentenceWords = wordCount(docText.slice(s.start, s.end));
    const fromSentence: CandidateTriple[] = [];
    for (const r of rels) {
      // emit.in-passing: a reduced relative claims nothing; its ends stay the document's mentions
      if (r.inPassing) {
        for (const p of [r.head, r.tail]) passing.push({ text: p.text, span: { start: p.start, end: p.end } });
        continue;
      }
      // a document part as an end is its clause ("defined in section 5.1 of [RFC1234]": RFC 1234 §5.1); a
      // figure or table is no end
      const head = partEnd(docText, doc, r.head, s);
      const tail = partEnd(docText, doc, r.tail, s);
      if (head === null || tail === null) continue;
      // pass 7: the relation in its lemma form, the reading's qualifiers in meta
      const made: CandidateTriple = {
        stage: 'EE',
        // (a demonstrative end, "this memo", keeps its span and is named by what it points at, "RFC 1157")
        head: { text: head, kind: 'entity', span: { start: r.head.start, end: r.head.end } },
        relation: r.relation,
        tail: { text: tail, kind: 'entity', span: { start: r.tail.start, end: r.tail.end } },
        // the reading's prior moved by its evidence (sentence length, candidates, label lengths): see ../standards/confidence
        confidence: confidenceOf(base * KIND_CONFIDENCE[r.kind], {
          sentenceWords,
          candidates: rels.length,
          headWords: wordCount(r.head.text),
          tailWords: wordCount(r.tail.text),
        }),
        evidence: { start: s.start, end: s.end },
        rules: [...r.rules, ...(head !== r.head.text || tail !== r.tail.text ? ['doc.part-end'] : []), ...(sentence.glued ? ['doc.glued-heading'] : [])],
        // ref.generic-end: which end its sentence names more precisely (a feature for the precision model)
        ...(r.genericEnd ? { meta: { genericEnd: r.genericEnd } } : {}),
      };
      fromSentence.push(readingForm(made, r, docText));
    }
    triples.push(...withoutActObjects(fromSentence).filter((x) => !actors.size || !(numbered(x.head.text) || numbered(x.tail.text))));
  }
  const mentions: NodeMention[] = typed.map((m) => ({
    text: m.label,
    type: m.type,
    span: { start: m.start, end: m.end },
  }));
  for (const a of options.acronyms ?? []) {
    if (a.span.start >= chunk.start && a.span.end <= chunk.end) {
      mentions.push({ text: a.short, type: 'term', aliases: [a.long], span: a.span });
    }
  }
  // the standards patterns (definitions, requirements, values, tables, acronyms, cross-references)
  const std = standardsExtract(docText, chunk, { acronyms: options.acronyms, structure: options.structure, sentences });
  // (a pattern's relation is its own vocabulary: only its measurement and code nouns are rewritten)
  triples.push(...std.triples.map((t) => relationForm(t, false)));
  mentions.push(...std.mentions, ...passing);
  return { triples, mentions, failures: 0, tokens: 0, stages: { EE: { triples: triples.length, failed: false, tokens: 0 } }, sentences: sentences.length };
}

/**
 * What the document's own structure says a demonstrative points at: its designation ("this memo" in
 * RFC 2867 is RFC 2867), the clause a sentence stands in ("this section" -> "RFC 5247 §3.2"), the named
 * subject of a section ("this value" in "3.1 Foo-Bar" under "3. New Foo Values";
 * "this attribute" in "3.2 Foo-Timeout" of a document that writes "the Foo-Timeout attribute").
 */
function documentReferents(docText: string, chunk: Span, structure: StructureLike | null | undefined, sentences?: Span[]): DocumentReferents {
  const doc = chunkContext(docText, chunk, structure, sentences).doc;
  const sections = doc.structure.sections;
  const self: Referent | null = doc.self ? { text: doc.self } : null;
  const said = new Map<string, boolean>();
  /** The document writes the name with the class noun: "the Foo-Timeout attribute". */
  const writes = (name: string, noun: string): boolean => {
    const key = `${name}\u0000${noun}`;
    let hit = said.get(key);
    if (hit === undefined) {
      const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      hit = new RegExp(`(?<![\\p{L}\\p{N}-])${esc(name)}\\s+${esc(noun)}s?(?![\\p{L}\\p{N}-])`, 'iu').test(docText);
      said.set(key, hit);
    }
    return hit;
  };
  const parentOf = (s: SectionLike): SectionLike | null => {
    for (let i = sections.indexOf(s) - 1; i >= 0; i--) if (sections[i].level < s.level && sections[i].end >= s.end) return sections[i];
    return null;
  };
  return {
    self: () => self,
    section: (offset) => {
      const label = clauseOf(doc, sectionAt(doc.structure, offset));
      return label ? { text: label } : null;
    },
    subject: (offset, noun, plural) => {
      const s = sectionAt(doc.structure, offset);
      if (!s || plural) return null;
      const heading = s.heading.replace(/[\s.:]+$/, '');
      const words = heading.split(/\s+/);
      let ok = false;
      if (words.length === 1 && NAME_TOKEN.test(heading)) {
        // one name as the heading: a thing of the class the parent heading lists ("New Acct-Status-Type
        // Values"), or of the class the document calls it or a sibling of the same kind by ("the
        // Session-Timeout attribute" for "3.1 Bar-ID" among "3.2 Foo-Timeout", ...)
        const parent = parentOf(s);
        const last =
          parent?.heading
            .replace(/[\s.:]+$/, '')
            .split(/\s+/)
            .at(-1) ?? '';
        const siblings = sections.filter((x) => x.level === s.level && parentOf(x) === parent && NAME_TOKEN.test(x.heading.replace(/[\s.:]+$/, '')));
        ok = (/s$/i.test(last) && singular(last.toLowerCase()) === noun) || siblings.some((x) => writes(x.heading.replace(/[\s.:]+$/, ''), noun));
      } else if (words.length >= 2 && words.length <= 4 && words.at(-1)!.toLowerCase() === noun && words.slice(0, -1).every((w) => NAME_TOKEN.test(w))) {
        ok = true; // "Foo-Bar Attribute"
      }
      return ok ? { text: heading } : null;
    },
    sectionStart: (offset) => sectionAt(doc.structure, offset)?.start ?? 0,
  };
}

/** A name written as one token: "Tunnel-Start", "Session-Timeout", "EAP-TLS", "802.1X", "NAS". */
const NAME_TOKEN = /^(?:[\p{Lu}\d][\p{L}\d]*(?:[-_/.][\p{L}\d]+)+|\p{Lu}[\p{Lu}\d]+)$/u;

/**
 * The prose of a listing's entry: an SMI object's quoted DESCRIPTION or REFERENCE ("SYNTAX Counter32 UNITS
 * \"packets\" MAX-ACCESS read-only STATUS current DESCRIPTION \"The number of ...\"" reads from "The number").
 */
function listingProse(text: string, s: Span): Span {
  const m = /\b(?:DESCRIPTION|REFERENCE)\s+"/.exec(text.slice(s.start, s.end));
  return m && s.start + m.index + m[0].length < s.end ? { start: s.start + m.index + m[0].length, end: s.end } : s;
}

/** A legend, not a sentence: two or more "symbol = meaning" pairs ("X = May be used with ..., L3 = Implemented only by ..."). */
function legendLike(sentence: string): boolean {
  return (sentence.match(/(?:^|\s)[^\s=]{1,4}[ \t]+=[ \t]+\p{L}/gu) ?? []).length >= 2;
}

const PART = /^(?:(sections?|appendix|annex|clause)\s+)?((?:\d+|[A-Z])(?:\.\d+)*)\.?$/i;

/**
 * A document part as a relation end: "Section 4" is the clause "RFC 3580 §4" of the document (or of the
 * one cited right beside it: "section 5.1 of [RFC1234]", "[RFC1234] Section 4.2", "Sections 1.4, 2.4
 * and 2.5" for the bare numbers of a list of sections); null for a figure or table ("Figure 1
 * illustrates ..." says nothing of what it shows) or a part whose document is unknown; the end's text
 * otherwise.
 */
function partEnd(text: string, doc: DocInfo, end: { text: string; start: number; end: number }, sentence: Span): string | null {
  if (/^(?:figure|fig\.|table)\s+\d+$/i.test(end.text)) return null; // doc.figure-end
  const m = PART.exec(end.text);
  if (!m) return end.text;
  const before = text.slice(Math.max(sentence.start, end.start - 60), end.start);
  // (a bare number is a part only in a list of parts: "Sections 1.2, 3.4, and 5.6")
  if (!m[1] && !/\bsections?\s+[\dA-Z][\d.]*(?:\s*(?:,|and|or|-)\s*[\dA-Z][\d.]*)*\s*(?:,|and|or|-)\s*(?:and\s+|or\s+)?$/i.test(before)) return end.text;
  // (the document named beside it: "section 5.1 of [RFC1234]", "IEEE 802.1D clause 14.6.2.2"; else the citing one, when it
  // has a part of that number)
  const owner = citedDocumentBeside(doc, sentence, end.start, end.end) ?? (ownPart(doc, m[2]) ? doc.self : null);
  return owner ? `${owner} §${m[2]}` : null;
}

/**
 * A section heading is no sentence: "3.2. Form and Meaning of Things" names a
 * section, it says nothing of managed objects. The part of the sentence after a heading it starts with;
 * null when the heading is all of it.
 */
export function afterHeading(s: Span, sections: readonly { start: number; headingEnd: number }[]): Span | null {
  // (the sections are in text order: the last one starting at or before the sentence)
  let lo = 0;
  let hi = sections.length - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sections[mid].start <= s.start) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const h = at >= 0 ? sections[at] : null;
  if (!h || s.start >= h.headingEnd) return s;
  return h.headingEnd >= s.end ? null : { start: h.headingEnd, end: s.end };
}

/**
 * A definition list's term line is no part of its body's first sentence: "Key caching\n      Caching of
 * EAP keying material enables ..." reads from "Caching". The term is a short line without closing
 * punctuation and the next line is indented deeper (the layout of RFC and standards glossaries).
 */
function afterTermLine(text: string, s: Span): Span {
  const nl = text.indexOf('\n', s.start);
  if (nl < 0 || nl >= s.end) return s;
  const first = text.slice(s.start, nl).trim();
  if (!first || /[.:;!?,]$/.test(first) || first.split(/\s+/).length > 8) return s;
  const lineStart = text.lastIndexOf('\n', s.start - 1) + 1;
  if (text.slice(lineStart, s.start).trim()) return s; // the sentence starts inside a line
  const indent = s.start - lineStart;
  const next = /^[ \t]*/.exec(text.slice(nl + 1, s.end))![0].length;
  if (next <= indent || nl + 1 + next >= s.end) return s;
  return { start: nl + 1 + next, end: s.end };
}

/** Every place in the chunk where a defined acronym's long form is written (any case or spacing). */
function longFormOccurrences(docText: string, chunk: Span, acronyms: AcronymDefinition[]): Span[] {
  if (!acronyms.length) return [];
  const { folded, map } = foldWithMap(docText, chunk.start, chunk.end);
  const out: Span[] = [];
  for (const a of acronyms) {
    const needle = a.long.toLowerCase().replace(/\s+/g, ' ');
    if (needle.length < 4) continue;
    for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + needle.length)) {
      const before = folded[at - 1];
      const after = folded[at + needle.length];
      if ((before && /[\p{L}\p{N}]/u.test(before)) || (after && /[\p{L}\p{N}]/u.test(after))) continue;
      out.push({ start: map[at], end: map[at + needle.length - 1] + 1 });
    }
  }
  return out;
}

/** A list item's marker opening a sentence: "1.", "(2)", "a)", "o", "*", "-", "+". */
const LIST_ITEM = /^\s*(?:\(?\d{1,2}[.)]|\(?[a-z][.)]|\([ivx]{1,4}\)|[o*+•-])\s+\S/;

/**
 * doc.condition-list: a sentence ending in a colon whose last clause (after its last comma) names what
 * follows as conditions or cases ("in the following cases:", "when one of the following
 * is true:"), or that ends on a subordinator of condition ("... if:", "... when:").
 */
function conditionLead(sentence: string): boolean {
  const s = sentence.trim();
  if (!s.endsWith(':')) return false;
  const words = (s
    .slice(s.lastIndexOf(',') + 1)
    .toLowerCase()
    .match(/[a-z]+/g) ?? []) as string[];
  return words.some((w) => CONDITION_NOUNS.has(w)) || ['if', 'when', 'whenever', 'unless', 'where'].includes(words[words.length - 1] ?? '');
}

/**
 * A listing, not prose: "SYNTAX Counter32 ... DESCRIPTION ..." -- at least
 * three words in capitals of four or more letters (RFC 2119 keywords aside) making a quarter of its words,
 * or an ASN.1 assignment "::=".
 */
function codeLike(sentence: string): boolean {
  if (sentence.includes('::=')) return true;
  const words = sentence.match(/[\p{L}\p{N}][\p{L}\p{N}-]*/gu) ?? [];
  const caps = words.filter((w) => /^\p{Lu}[\p{Lu}\d-]{3,}$/u.test(w) && !/^(?:MUST|SHALL|SHOULD|REQUIRED|RECOMMENDED|OPTIONAL|NOT)$/.test(w));
  return caps.length >= 3 && caps.length * 4 >= words.length;
}

/** The closed classes that bind English words into clauses: a sentence of prose is full of them. */
const BINDING_TAGS = new Set(['DET', 'ADP', 'AUX', 'PRON', 'PART', 'SCONJ']);
/** Words a run must have before its share of binding words says anything, and the share prose stays above. */
const CELLS_MIN_WORDS = 15;
const CELLS_BINDING_SHARE = 0.1;
/** Content words in a row (no verb, binding word or punctuation between) that no noun phrase of prose runs to. */
const CELLS_RUN = 8;

/**
 * doc.cells: a run of words with almost no determiners, prepositions, auxiliaries, pronouns, particles
 * or subordinators is a table row or a figure's labels run together, not a sentence (English prose binds
 * its content words with them: a third or more of its words).
 */
function cellsLike(tokens: Token[]): boolean {
  const words = tokens.filter((t) => /[\p{L}\p{N}]/u.test(t.text));
  if (words.length < CELLS_MIN_WORDS) return false;
  const binding = words.filter((t) => BINDING_TAGS.has(t.pos)).length;
  if (binding >= words.length * CELLS_BINDING_SHARE) return false;
  // and a stretch of cells: content words in a row with no verb, binding word or punctuation between them
  let run = 0;
  for (const t of tokens) {
    run = /[\p{L}\p{N}]/u.test(t.text) && !BINDING_TAGS.has(t.pos) && t.pos !== 'VERB' ? run + 1 : 0;
    if (run >= CELLS_RUN) return true;
  }
  return false;
}

/** At least 70% of the sentence's letters are Latin: other scripts (Hangul, CJK) get typed mentions only. */
function mostlyLatin(text: string, s: Span): boolean {
  let letters = 0;
  let latin = 0;
  for (let i = s.start; i < s.end; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
        letters++;
        latin++;
      }
    } else if (/\p{L}/u.test(text[i])) {
      letters++;
      if (/\p{Script=Latin}/u.test(text[i])) latin++;
    }
  }
  return letters === 0 || latin / letters >= 0.7;
}
