// What a stage reads off a fact's own words: the requirement keyword and negation of its relation,
// and whether its tail is a literal (a value with its unit, a definition's text).

const KEYWORDS: [RegExp, string][] = [
  [/\b(MUST NOT|SHALL NOT)\b/, 'MUST NOT'],
  [/\b(SHOULD NOT|NOT RECOMMENDED)\b/, 'SHOULD NOT'],
  [/\bMAY NOT\b/, 'MAY NOT'],
  [/\b(MUST|SHALL|REQUIRED)\b/, 'MUST'],
  [/\b(SHOULD|RECOMMENDED)\b/, 'SHOULD'],
  [/\b(MAY|OPTIONAL)\b/, 'MAY'],
  // ISO/IEC style, in lower case: "shall", "shall not", "should"
  [/\bshall not\b/, 'MUST NOT'],
  [/\bshall\b/, 'MUST'],
];

/** The RFC 2119 modality a relation states (meta.modality) and whether it is negated (meta.negated). */
export function modalityOf(relation: string): { modality?: string; negated?: boolean } {
  const hit = KEYWORDS.find(([re]) => re.test(relation));
  const negated = /\b(not|never|no)\b/i.test(relation) || /(않|안 된|못|없)/.test(relation);
  return { ...(hit ? { modality: hit[1] } : {}), ...(negated ? { negated: true } : {}) };
}

/** Relations that define their head: the tail is the defining text, kept as written. */
const DEFINES = /^(is |are )?(defined as|means|refers to|stands for|denotes)$|^(정의|뜻)$/i;
/** A value: a number (after a qualifier such as "at least"), with what follows it. */
const VALUE =
  /^(at (least|most)|up to|exactly|no (more|less|fewer) than|(more|less|fewer) than|between|about|approximately|over|under|below|above|최소|최대)?\s*[-+]?\d/i;

/** The literal type of a tail ('definition', 'quantity'), or null for an entity. */
export function literalKind(relation: string, tail: string): 'definition' | 'quantity' | null {
  if (DEFINES.test(relation.trim())) return 'definition';
  if (VALUE.test(tail.trim())) return 'quantity';
  return null;
}
