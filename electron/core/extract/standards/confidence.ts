// Confidence from what a pattern is known to get right and from the evidence it read. Each pattern's
// prior is its measured precision on the dev RFCs (hand-judged samples, counts below and in
// docs/extraction.md), smoothed (right + 1) / (judged + 2); the evidence then moves it: long
// sentences, many candidates from one sentence and long labels make a triple less certain.

export type PatternId =
  | 'definition.list'
  | 'definition.sentence'
  | 'requirement'
  | 'requirement.lower'
  | 'requirement.impersonal'
  | 'value.quantity'
  | 'value.code'
  | 'value.port'
  | 'value.field'
  | 'table.row'
  | 'acronym'
  | 'xref.header'
  | 'xref.reference'
  | 'xref.cite'
  | 'xref.mention'
  | 'xref.section'
  | 'xref.defined-in'
  | 'zh.requirement'
  | 'zh.definition';

/**
 * Hand-judged samples on the dev RFCs (rfc-radius-eap, 7 files; every k-th triple of a pattern, or
 * all of a small one): right = keep as is or after a small edit, wrong = reject. Measured on the
 * version of 2 Dec 2026; the method and the samples are in docs/extraction.md.
 */
export const PATTERN_COUNTS: Record<PatternId, { right: number; wrong: number }> = {
  'definition.list': { right: 18, wrong: 2 },
  'definition.sentence': { right: 2, wrong: 0 },
  requirement: { right: 40, wrong: 10 },
  'requirement.lower': { right: 5, wrong: 1 },
  'requirement.impersonal': { right: 28, wrong: 3 },
  'value.quantity': { right: 17, wrong: 2 },
  'value.code': { right: 19, wrong: 1 },
  'value.port': { right: 2, wrong: 0 },
  'value.field': { right: 7, wrong: 0 },
  'table.row': { right: 38, wrong: 0 },
  acronym: { right: 24, wrong: 1 },
  'xref.header': { right: 4, wrong: 0 },
  'xref.reference': { right: 12, wrong: 0 },
  'xref.cite': { right: 18, wrong: 2 },
  'xref.mention': { right: 25, wrong: 0 },
  'xref.section': { right: 19, wrong: 1 },
  'xref.defined-in': { right: 9, wrong: 1 },
  // no Chinese standards text in the kit: not measured, the prior stays at 1/2
  'zh.requirement': { right: 0, wrong: 0 },
  'zh.definition': { right: 0, wrong: 0 },
};

/** The measured precision of a pattern, smoothed towards 1/2 when few were judged. */
export function patternPrior(p: PatternId): number {
  const c = PATTERN_COUNTS[p];
  return (c.right + 1) / (c.right + c.wrong + 2);
}

export interface EvidenceFeatures {
  /** Words in the evidence sentence. */
  sentenceWords: number;
  /** Triples the same pattern read from the same sentence (1 = only this one). */
  candidates: number;
  /** Words in the subject and object labels (literals count as 1: their length is the text's). */
  headWords?: number;
  tailWords?: number;
  /** For definitions and requirements: read where the document says such statements are (a terminology section). */
  inExpectedSection?: boolean | null;
  /** A normative keyword (MUST, SHALL, ...) is in the sentence. */
  modal?: boolean;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The evidence factor in (0, ~1.05]: 1 for a short sentence with one candidate and short labels. */
export function evidenceFactor(f: EvidenceFeatures): number {
  let k = 1;
  // sentences past 25 words lose up to 20 % at 70 words
  k *= 1 - 0.2 * clamp((f.sentenceWords - 25) / 45, 0, 1);
  // each further candidate from the same sentence: the reading is one of several
  k *= 1 / (1 + 0.06 * Math.max(0, f.candidates - 1));
  // long labels are more often spans cut in the wrong place
  const long = Math.max(0, (f.headWords ?? 1) - 5) + Math.max(0, (f.tailWords ?? 1) - 8);
  k *= 1 - 0.15 * clamp(long / 8, 0, 1);
  if (f.inExpectedSection === true) k *= 1.05;
  else if (f.inExpectedSection === false) k *= 0.9;
  if (f.modal) k *= 1.02;
  return k;
}

export function confidenceOf(prior: number, f: EvidenceFeatures): number {
  return Math.round(clamp(prior * evidenceFactor(f), 0.02, 0.99) * 1000) / 1000;
}

export const wordCount = (s: string) => (s.match(/\S+/g) ?? []).length;
