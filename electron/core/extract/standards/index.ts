// High-precision patterns for standards text, one file per family: definitions, requirements
// (RFC 2119 keywords with their modality), values with units, tables and code lists, acronyms, and
// cross-references. Each triple carries its sentence (or table row, or list entry) as evidence and a
// confidence from the pattern's measured precision and the evidence (./confidence). Nothing is read
// from boilerplate the ingest structure marks, except the reference list and the header's
// Updates:/Obsoletes: lines by the cross-reference pattern.
import type { AcronymDefinition } from '../acronyms';
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

export interface StandardsOptions {
  acronyms?: AcronymDefinition[];
  /** The ingest structure (sections, boilerplate, standard id); without it sections come from headings and no boilerplate is known. */
  structure?: StructureLike | null;
  /** The chunk's sentences when the caller already split them. */
  sentences?: Span[];
}

export interface StandardsExtraction {
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
