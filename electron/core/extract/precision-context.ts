// What the precision model reads of a triple's document beyond the triple itself: how salient each
// end is in the document (how often its head word occurs, whether the document defines it, whether it
// is an acronym or a capitalised name), the kind of section and of sentence its evidence sits in, and
// how many triples the same sentence gave. Built once per document, read by the extraction's persist
// step and by scripts/judgments/fit-precision.ts alike, so that the model is fitted on what the
// product computes.
import { boilerplateKindOf } from '../document/boilerplate';
import { isBoilerplate, sectionAt, type DocumentStructure } from '../document/structure';
import { findAcronymDefinitions, type AcronymDefinition } from '../nlp/acronyms';
import { BCP14_KEYWORDS, BE, DEMONSTRATIVES, DO, FUNCTION_WORDS, HAVE, MODAL_VERBS, NEGATION } from '../nlp/lexicon';
import { stem } from '../nlp/morphology';

/** Where a sentence sits: boilerplate (notices, addresses, references, registries, security notes), a definitions section, or the body. */
export type SectionKind = 'boilerplate' | 'definitions' | 'body';

/**
 * Sections of a standard's frame that document/ does not mark as boilerplate regions (they are read for
 * extraction): its considerations for registries and for security. The rest of the frame (notices,
 * references, acknowledgements, addresses, contents) is the document structure's own
 * `boilerplateKindOf`.
 */
const CONSIDERATIONS_HEADING = /^(?:security|iana) considerations$/i;
/** Section names that hold a document's terms. */
const DEFINITIONS_HEADING =
  /^(?:terminology|definitions?|terms(?:,)? (?:and )?definitions.*|glossary|abbreviations(?: and acronyms)?|acronyms(?: and abbreviations)?)$/i;

/**
 * Section names of a document's opening and orientation (its introduction, overview, background,
 * motivation, scope): prose that tells what the document is about, where an actor performing a step is
 * told rather than a term defined.
 */
const INTRODUCTORY_HEADING = /^(?:introduction|overview|background|motivation|scope|purpose|summary|abstract|applicability)\b/i;

/** The evidence sits in an introductory section (its innermost numbered section or any enclosing one). */
export function inIntroductorySection(structure: DocumentStructure | undefined, start: number): boolean {
  if (!structure) return false;
  return structure.sections.some((s) => s.start <= start && start < s.end && INTRODUCTORY_HEADING.test(s.heading.replace(/[:.]$/, '').trim()));
}

/** The kind of the section an evidence span sits in (its innermost section, or any enclosing one naming the frame). */
export function sectionKind(structure: DocumentStructure | undefined, start: number, end: number): SectionKind {
  if (!structure) return 'body';
  if (isBoilerplate(structure, start, end)) return 'boilerplate';
  const enclosing = structure.sections.filter((s) => s.start <= start && start < s.end);
  const heading = (h: string) => h.replace(/[:.]$/, '').trim();
  if (enclosing.some((s) => boilerplateKindOf(heading(s.heading)) !== null || CONSIDERATIONS_HEADING.test(heading(s.heading)))) return 'boilerplate';
  const inner = sectionAt(structure, start);
  return inner && DEFINITIONS_HEADING.test(heading(inner.heading)) ? 'definitions' : 'body';
}

const wordsOf = (s: string) => s.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
const isContent = (w: string) => !FUNCTION_WORDS.has(w.toLowerCase()) && !DEMONSTRATIVES.has(w.toLowerCase());

/** The head of a phrase: its last content word ("the Access-Request packet" -> "packet"), lower-cased. */
export function headWord(phrase: string): string | null {
  const content = wordsOf(phrase).filter(isContent);
  return content.length ? content[content.length - 1].toLowerCase() : null;
}

/** Once per document: word counts and the terms it defines. */
export interface DocumentSalience {
  /** Occurrences of each lower-cased word in the text. */
  counts: Map<string, number>;
  /** The words in the text, for the share of one. */
  total: number;
  /** How many paragraphs (blocks between blank lines) hold each lower-cased word. */
  paragraphsWith: Map<string, number>;
  paragraphs: number;
  /** The acronyms the document spells out and their long forms, lower-cased. */
  defined: Set<string>;
  /** The lower-cased content words of the document's section headings outside its frame (what its sections are about). */
  headingWords: Set<string>;
  /** The text's length, for an evidence span's position in it. */
  length: number;
  structure?: DocumentStructure;
  /** The text's word stems in order, space-separated with a space at both ends, for how often a phrase recurs (phraseUses). */
  stems?: string;
  /** Occurrences of each word stem in the text (a verb read in any of its forms). */
  stemCounts?: Map<string, number>;
  /**
   * For each word stem, the distinct content words (stems) written right before it inside a phrase: the
   * modifiers the document puts on it (a "car" written as "red car", "old car"). A head the document narrows
   * in many ways is a generic head; a head it narrows in none or one names one thing.
   */
  modifiers?: Map<string, Set<string>>;
}

/** `acronyms`: the document's acronym definitions where they are already read (DocumentResolver.acronyms), else read here. */
export function documentSalience(
  text: string,
  structure?: DocumentStructure,
  acronyms: readonly AcronymDefinition[] = findAcronymDefinitions(text),
): DocumentSalience {
  const counts = new Map<string, number>();
  const paragraphsWith = new Map<string, number>();
  let total = 0;
  let paragraphs = 0;
  const stems: string[] = [];
  const stemCounts = new Map<string, number>();
  const modifiers = new Map<string, Set<string>>();
  for (const paragraph of text.split(/\n[ \t]*\n/)) {
    // the words before a word inside one phrase: a punctuation mark or a sentence's end breaks the run
    for (const phrase of paragraph.split(/[,;:!?()[\]"]|\.(?:\s|$)/)) {
      let before: string | null = null;
      for (const w of wordsOf(phrase)) {
        const k = stem(w.toLowerCase());
        if (before !== null) {
          const set = modifiers.get(k) ?? new Set<string>();
          set.add(before);
          modifiers.set(k, set);
        }
        before = isContent(w) ? k : null;
      }
    }
    const seen = new Set<string>();
    for (const w of wordsOf(paragraph)) {
      const k = w.toLowerCase();
      const st = stem(k);
      stems.push(st);
      stemCounts.set(st, (stemCounts.get(st) ?? 0) + 1);
      counts.set(k, (counts.get(k) ?? 0) + 1);
      seen.add(k);
      total++;
    }
    if (!seen.size) continue;
    paragraphs++;
    for (const k of seen) paragraphsWith.set(k, (paragraphsWith.get(k) ?? 0) + 1);
  }
  const defined = new Set<string>();
  for (const d of acronyms) {
    defined.add(d.short.toLowerCase());
    defined.add(d.long.toLowerCase().replace(/\s+/g, ' '));
  }
  const headingWords = new Set<string>();
  for (const section of structure?.sections ?? []) {
    const heading = section.heading.replace(/[:.]$/, '').trim();
    if (boilerplateKindOf(heading) !== null || CONSIDERATIONS_HEADING.test(heading)) continue;
    for (const w of wordsOf(heading)) if (isContent(w)) headingWords.add(w.toLowerCase());
  }
  return {
    counts,
    total,
    paragraphsWith,
    paragraphs,
    defined,
    headingWords,
    length: text.length,
    structure,
    stems: ` ${stems.join(' ')} `,
    stemCounts,
    modifiers,
  };
}

/**
 * How often a phrase recurs in its document, per 1,000 of its words: its words' stems in a row (past a
 * leading determiner), so that a term the document keeps using scores high whatever the document's
 * length, and a phrase read once (a garbled or one-off end) scores low. 0 when the document's stems are
 * not read.
 */
export function phraseUses(doc: DocumentSalience, phrase: string): number {
  const ws = wordsOf(phrase).map((w) => w.toLowerCase());
  while (ws.length > 1 && DEMONSTRATIVES.has(ws[0])) ws.shift();
  while (ws.length > 1 && FUNCTION_WORDS.has(ws[0])) ws.shift();
  if (!ws.length || !doc.stems || !doc.total) return 0;
  const needle = ` ${ws.map(stem).join(' ')} `;
  let n = 0;
  for (let at = doc.stems.indexOf(needle); at >= 0; at = doc.stems.indexOf(needle, at + needle.length - 1)) n++;
  return (1000 * n) / doc.total;
}

/** How salient an end is in its document. */
export interface EndSalience {
  /** log(1 + occurrences of its head word in the document). */
  frequency: number;
  /**
   * The share of the document's paragraphs that hold its head word: a generic head ("server",
   * "message") is spread over the whole document, a precise one sits where its topic is.
   */
  spread: number;
  /** The document spells it (or its head) out as an acronym or is the acronym's long form. */
  defined: boolean;
  /** It holds an acronym (two or more capitals in a word) or starts with a capitalised content word. */
  named: boolean;
  /** Its head word is a content word of a section heading (a term the document is organised around). */
  inHeading?: boolean;
  /** log(1 + its head word's occurrences per 1,000 words of the document): frequency relative to the document's length. */
  headShare?: number;
  /** log(1 + the end's whole phrase's occurrences per 1,000 words of the document, phraseUses). */
  phraseShare?: number;
  /** It is one lower-case content word alone (a bare head: "server", "value"). */
  bare?: boolean;
  /** log(1 + how many distinct content words the document writes right before its head word): a head it narrows in many ways is generic. */
  headModifiers?: number;
}

export function endSalience(doc: DocumentSalience, end: string): EndSalience {
  const head = headWord(end);
  const label = end.toLowerCase().replace(/\s+/g, ' ').trim();
  const content = wordsOf(end).filter(isContent);
  return {
    frequency: Math.log1p(head ? (doc.counts.get(head) ?? 0) : 0),
    spread: head && doc.paragraphs ? (doc.paragraphsWith.get(head) ?? 0) / doc.paragraphs : 0,
    defined: doc.defined.has(label) || content.some((w) => doc.defined.has(w.toLowerCase())),
    named: content.some((w) => /\p{Lu}.*\p{Lu}/u.test(w)) || (content.length > 0 && /^\p{Lu}/u.test(content[0])),
    inHeading: head !== null && doc.headingWords.has(head),
    headShare: Math.log1p(head && doc.total ? (1000 * (doc.counts.get(head) ?? 0)) / doc.total : 0),
    phraseShare: Math.log1p(phraseUses(doc, end)),
    bare: content.length === 1 && content[0] === content[0].toLowerCase(),
    headModifiers: Math.log1p(head && doc.modifiers ? (doc.modifiers.get(stem(head))?.size ?? 0) : 0),
  };
}

/**
 * The word of a relation that carries its meaning, as a stem: its first word past modals, negation,
 * auxiliaries and function words (null: none, a relation of "be" or "have" alone).
 */
export function relationMainStem(relation: string): string | null {
  const ws = wordsOf(relation).map((w) => w.toLowerCase());
  const main = ws.find((w) => !MODAL_VERBS.has(w) && !NEGATION.has(w) && !BE.has(w) && !HAVE.has(w) && !DO.has(w) && !FUNCTION_WORDS.has(w));
  return main === undefined ? null : stem(main);
}

/**
 * How much the document uses a relation's main word, in any form: log(1 + its stem's occurrences per 1,000
 * words). A verb the document keeps using names one of its operations; a verb read once is incidental
 * narrative. Null when the relation has no main word.
 */
export function relationUses(doc: DocumentSalience, relation: string): number | null {
  const main = relationMainStem(relation);
  if (main === null || !doc.stemCounts || !doc.total) return null;
  return Math.log1p((1000 * (doc.stemCounts.get(main) ?? 0)) / doc.total);
}

/** The kind of an evidence sentence: a requirement (an upper-case requirement keyword), a definition, or narrative. */
export type SentenceKind = 'requirement' | 'definition' | 'narrative';

export function sentenceKind(sentence: string): SentenceKind {
  if (wordsOf(sentence).some((w) => BCP14_KEYWORDS.has(w))) return 'requirement';
  // "Term: what it is", "X is defined as", "X means": the sentence says what a term is
  if (/^[^.:;]{1,60}:\s+\S/.test(sentence.trim()) || /\b(?:is|are) defined as\b|\bmeans\b|\brefers to\b/i.test(sentence)) return 'definition';
  return 'narrative';
}

/** What the model reads of a triple's document and sentence (absent: a triple read alone, as in a test). */
export interface TripleContext {
  section: SectionKind;
  /** How many triples the same evidence span gave. */
  sentenceTriples: number;
  /** How many other triples of the same evidence span join the same two ends (the fact read by another rule too). */
  sameEnds: number;
  subject: EndSalience;
  object: EndSalience;
  /** The evidence sits in an introductory section (introduction, overview, background, ...). */
  introductory?: boolean;
  /** Where the evidence starts in the document, as a share of its length (0: its first character). */
  position?: number;
  /** The evidence sits in a section whose heading names an example (its innermost or any enclosing one). */
  exampleSection?: boolean;
  /** The subject, and the object, share a content word with the heading of the evidence's innermost section (namesItsSection). */
  subjectNamesSection?: boolean;
  objectNamesSection?: boolean;
  /** The relation's main word's uses in the document (relationUses; null: none, or the relation not given). */
  relationUses?: number | null;
  /**
   * How the document's other triples use this triple's relation string and its ends (documentTripleUses;
   * absent: the document's triples are not all read yet, as while its chunks are being extracted).
   */
  tripleUses?: TripleUses;
}

/** Read over all of a document's triples, once its extraction is done: how often each relation string and each end recurs. */
export interface DocumentTriples {
  /** How many of the document's triples carry each relation string (lower-cased, spaces collapsed). */
  relations: Map<string, number>;
  /** How many of the document's triples hold each end (as subject or object; a triple holding it twice counts once). */
  ends: Map<string, number>;
  /** The document's triples. */
  total: number;
}

const labelKey = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** The document's triples counted by relation string and by end (documentTripleUses reads them). */
export function documentTriples(triples: Iterable<{ subject: string; relation: string; object: string }>): DocumentTriples {
  const relations = new Map<string, number>();
  const ends = new Map<string, number>();
  let total = 0;
  for (const t of triples) {
    total++;
    const r = labelKey(t.relation);
    relations.set(r, (relations.get(r) ?? 0) + 1);
    for (const e of new Set([labelKey(t.subject), labelKey(t.object)])) ends.set(e, (ends.get(e) ?? 0) + 1);
  }
  return { relations, ends, total };
}

/**
 * How the document's OTHER triples use a triple's parts, each log(1 + count): a relation string no other triple of
 * the document carries is often a garbled or one-off reading, where a relation the document states again and again
 * is one of its recurring kinds of fact; an end that other triples hold is a concept the document keeps talking
 * about (a defined term, a recurring element), an end no other triple holds is a one-off phrase.
 */
export interface TripleUses {
  relation: number;
  subject: number;
  object: number;
}

/** The triple's own uses are taken off (a triple not among the counted ones takes nothing off below 0). */
export function documentTripleUses(doc: DocumentTriples, t: { subject: string; relation: string; object: string }): TripleUses {
  const others = (n: number | undefined) => Math.log1p(Math.max(0, (n ?? 0) - 1));
  return {
    relation: others(doc.relations.get(labelKey(t.relation))),
    subject: others(doc.ends.get(labelKey(t.subject))),
    object: others(doc.ends.get(labelKey(t.object))),
  };
}

/**
 * The end shares a content word (by its stem) with the heading of the innermost section its evidence sits
 * in: it names what the section is about (the attribute, message or object the section specifies), where
 * the facts an editor lists from the section gather.
 */
export function namesItsSection(structure: DocumentStructure | undefined, start: number, end: string): boolean {
  if (!structure) return false;
  const section = sectionAt(structure, start);
  if (!section) return false;
  const heading = new Set(
    wordsOf(section.heading)
      .filter(isContent)
      .map((w) => stem(w.toLowerCase())),
  );
  return wordsOf(end)
    .filter(isContent)
    .some((w) => heading.has(stem(w.toLowerCase())));
}

/** Headings of a section that illustrates rather than specifies ("Example", "Examples of ...", "Sample ..."). */
const EXAMPLE_HEADING = /\b(?:examples?|samples?|illustrations?)\b/i;

/** The evidence sits in an example section. */
export function inExampleSection(structure: DocumentStructure | undefined, start: number): boolean {
  if (!structure) return false;
  return structure.sections.some((s) => s.start <= start && start < s.end && EXAMPLE_HEADING.test(s.heading));
}

export function tripleContext(
  doc: DocumentSalience,
  span: { start: number; end: number },
  ends: { subject: string; object: string; relation?: string },
  sentenceTriples: number,
  sameEnds = 0,
): TripleContext {
  return {
    section: sectionKind(doc.structure, span.start, span.end),
    sentenceTriples,
    sameEnds,
    subject: endSalience(doc, ends.subject),
    object: endSalience(doc, ends.object),
    introductory: inIntroductorySection(doc.structure, span.start),
    position: doc.length ? span.start / doc.length : 0,
    exampleSection: inExampleSection(doc.structure, span.start),
    subjectNamesSection: namesItsSection(doc.structure, span.start, ends.subject),
    objectNamesSection: namesItsSection(doc.structure, span.start, ends.object),
    relationUses: ends.relation === undefined ? null : relationUses(doc, ends.relation),
  };
}
