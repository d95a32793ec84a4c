// High-precision patterns for standards text, one file per family: definitions, requirements
// (RFC 2119 keywords with their modality), values with units, tables and code lists, acronyms, and
// cross-references. Each triple carries its sentence (or table row, or list entry) as evidence and a
// confidence from the pattern's measured precision and the evidence (./confidence). Nothing is read
// from boilerplate the ingest structure marks, except the reference list and the header's
// Updates:/Obsoletes: lines by the cross-reference pattern.
import type { AcronymDefinition } from '../../nlp/acronyms';
import type { Span } from '../sentences';
import type { CandidateTriple, NodeMention } from '../types';
import { acronymTriples } from './acronyms';
import { chunkContext, type StructureLike } from './context';
import { definitions } from './definitions';
import { finish, type Draft } from './make';
import { requirements } from './requirements';
import { structureTables, tables } from './tables';
import { values } from './values';
import { crossReferences } from './xrefs';

export type { StructureLike } from './context';
export { chineseExtract, loadChineseSegmenter, type Segmenter } from './chinese';
export { PATTERN_COUNTS, patternPrior, evidenceFactor, confidenceOf, type PatternId } from './confidence';

/** The patterns as rules (extract/rules.ts): a pattern triple's rule id is `pattern:<name>`. */
export const STANDARDS_RULES: { id: string; statement: string }[] = [
  { id: 'pattern:definition.list', statement: 'A term and its text in a Terminology/Definitions/Glossary list: (term, is defined as, definition).' },
  { id: 'pattern:definition.sentence', statement: '"The term X refers to / means Y", "X is defined as Y": (X, is defined as, Y).' },
  { id: 'pattern:requirement', statement: 'A subject, an RFC 2119 keyword in capitals and an action: (subject, MUST, action).' },
  { id: 'pattern:requirement.lower', statement: 'In a document that writes "shall" at least three times, lower-case shall/should/must as requirements.' },
  {
    id: 'pattern:requirement.phrase-end',
    statement:
      'An action or subject never ends on a determiner, preposition or conjunction, nor inside a bracket or quote it opened: it extends to the end of that phrase or bracket, or the triple is not made.',
  },
  {
    id: 'pattern:requirement.trailing-condition',
    statement:
      'A condition after the action ("MUST discard X if Y", "..., when Y", "unless Y", "while Y", "only when Y") is the qualifier (meta.condition), not part of the action; "if" after a verb taking a question ("check if"), "when" after a noun of time and a comparison ("at least as long as X") open none, and an action of two coordinated verb phrases ("do A or do B if C") is not split; with a condition opening the sentence, the two are joined by "and".',
  },
  {
    id: 'pattern:requirement.connective-condition',
    statement:
      'A connective adverb and its comma before an opening condition ("Similarly, if X, ...", "That is, when X, ...") leave the condition the qualifier.',
  },
  {
    id: 'pattern:requirement.clause-coordination',
    statement:
      'A ", and" / ", or" after a subordinate clause of the action ("until X, if X, when X") that opens a clause with its own subject ("until X arrives, or a timer fires") goes on that clause: the action keeps it.',
  },
  {
    id: 'pattern:requirement.shared-modifier',
    statement: 'Coordinated subjects after one modifier ("Foo clients and servers") each keep it: (Foo clients, MUST, ...), (Foo servers, MUST, ...).',
  },
  {
    id: 'pattern:requirement.citation-off',
    statement:
      'A citation closing an action after a whole phrase ("use the encoding [3]", "... (see [RFC1234])") is no part of what is required: the label ends before it.',
  },
  {
    id: 'pattern:requirement.legend',
    statement:
      'A subject opening with a cardinality mark ("0+", "1*", "0-1"), or with a number, range or count set off by a column gap ("0     This option ..."), is a table legend line, no requirement: no triple.',
  },
  {
    id: 'pattern:requirement.impersonal',
    statement:
      '"It is RECOMMENDED that X do Y", "X are REQUIRED to Y": the keyword\'s modality on X and Y; a condition opening the sentence ("Where Z, it is ...") is its qualifier.',
  },
  {
    id: 'pattern:value.quantity',
    statement:
      '"X is at least N units", "an N-bit X" (X a name): (X, has length, N units), the relation by the unit; not inside a condition ("if X is N octets"), which a condition after it qualifies (meta.condition), nor in a sentence holding a hex dump.',
  },
  { id: 'pattern:value.code', statement: 'In a standard, "Name (N)": (Name, has code, N).' },
  {
    id: 'pattern:value.field-size',
    statement:
      'A "Name (N)" before the noun "field(s)", alone or coordinated with others of its kind ("the Version (1), Type (1) and Length (2) fields"), gives the field\'s size in a format, not a code: no code triple.',
  },
  { id: 'pattern:value.port', statement: '"the X port (N/tcp)": (X port, has port number, N/tcp).' },
  { id: 'pattern:value.field', statement: 'A Value/Type/Length line with a number below a heading naming the thing: (thing, has value, N).' },
  { id: 'pattern:table.row', statement: 'A table with a rule of dashes under its header: (row key, column header, cell).' },
  {
    id: 'pattern:table.mapping',
    statement:
      'A table whose key column and a value column name the same kind of thing, each of its own scheme ("<A> Value", "<B> Value"), maps one onto the other: (key, corresponds to, cell), the header no relation.',
  },
  {
    id: 'pattern:table.qualified-header',
    statement:
      'A column header of a plural noun and a participle ("Codes Assigned") names its cells by the noun: (key, has code, cell), the participle no part of the relation.',
  },
  {
    id: 'pattern:table.sequence',
    statement:
      'Steps laid out under column headers (a message sequence, a flow chart): when most rows that open a key (at least three) hold nothing in the other columns, no row is read as a table row.',
  },
  { id: 'pattern:acronym', statement: 'An acronym a standard defines: (acronym, stands for, expansion).' },
  { id: 'pattern:xref.header', statement: "An RFC header's Updates:/Obsoletes: lines: (document, updates, cited)." },
  { id: 'pattern:xref.reference', statement: 'A reference-list entry the text cites nowhere else: (document, cites, entry).' },
  { id: 'pattern:xref.cite', statement: 'A citation in the text ("[RFC1234]", "RFC 1234"): (document, cites, cited).' },
  { id: 'pattern:xref.mention', statement: 'A designation used as a modifier ("IEEE 802.3 switches"): (document, mentions, standard).' },
  { id: 'pattern:xref.section', statement: '"Section N" (of a cited document): (citing clause, refers to, that clause).' },
  { id: 'pattern:xref.defined-in', statement: '"X is defined in [RFC1234]": (X, defined in, RFC 1234).' },
  { id: 'pattern:zh.requirement', statement: 'A Chinese provision: subject + provision verb (必须, 不得, 应, ...) + action.' },
  { id: 'pattern:zh.definition', statement: 'A Chinese definition: X是指Y, X指Y, X定义为Y.' },
];

interface StandardsOptions {
  acronyms?: AcronymDefinition[];
  /** The ingest structure (sections, boilerplate, standard id); without it sections come from headings and no boilerplate is known. */
  structure?: StructureLike | null;
  /** The chunk's sentences when the caller already split them. */
  sentences?: Span[];
}

interface StandardsExtraction {
  triples: CandidateTriple[];
  mentions: NodeMention[];
}

/** Triples of every standards pattern in chunk [start, end) of the document text. */
export function standardsExtract(docText: string, chunk: Span, options: StandardsOptions = {}): StandardsExtraction {
  const ctx = chunkContext(docText, chunk, options.structure, options.sentences);
  const xref = crossReferences(ctx);
  const drafts: Draft[] = [
    ...definitions(ctx),
    ...requirements(ctx),
    ...values(ctx),
    ...tables(ctx),
    ...structureTables(ctx),
    ...acronymTriples(ctx, options.acronyms ?? []),
    ...xref.drafts,
  ];
  // one triple per (head, relation, tail, evidence): two patterns reading the same fact keep the first
  const seen = new Set<string>();
  const unique = drafts.filter((d) => {
    const k = `${d.head.text.toLowerCase()}\u0000${d.relation}\u0000${d.tail.text.toLowerCase()}\u0000${d.evidence.start}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return { triples: finish(unique, docText), mentions: xref.mentions };
}
