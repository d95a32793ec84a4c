// Whether a line is code or pseudo-code rather than words: the heading finders of text and PDF
// (chunk/headings.ts, document/, ingest/pdf/headings.ts) never take one for a heading.

// A heading is words: it never ends in an operator waiting for its operand (an arrow included) or
// an opening bracket, holds no assignment or comparison, and no indexed name or brace of code. A
// call may be named in a heading ("Step 1: Hash(Password)"), so a call alone is no sign of code.
const CODE_END = /(?:=|->|<-|\s(?:[-+*/%^&|<>]|&&|\|\||<<|>>)|[{([])$/;
const CODE_INSIDE = /::?=|[\p{L}\p{N}_]\[[^\]\s]*\]|[{}]|\S\s*(?:==|!=)\s*\S/u;
// "pad = 0x36", "count += 1", "A.len = 4": one name (dotted, maybe indexed) assigned a value.
const ASSIGNMENT = /^[\p{L}_][\p{L}\p{N}_.]*(?:\[[^\]]*\])?\s*(?:[-+*/%&|^]|<<|>>)?=\s*\S/u;

/** A line of code or pseudo-code ("pad[40] =", "x := a +", "Entry ::= SEQUENCE {", "seed = 0x36"): never a heading. */
export const looksLikeCode = (line: string): boolean => {
  const t = line.trim();
  return CODE_END.test(t) || CODE_INSIDE.test(t) || ASSIGNMENT.test(t);
};
