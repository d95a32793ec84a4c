// Whether a line is code or pseudo-code rather than words: the heading finders of text and PDF
// (chunk/headings.ts, document/, ingest/pdf/headings.ts) never take one for a heading.

// A heading is words: it never ends in an operator waiting for its operand or an opening bracket,
// holds no assignment, and no indexed name or brace of code.
const CODE_END = /(?:=|\s(?:[-+*/%^&|<>]|&&|\|\||<<|>>)|[{([])$/;
const CODE_INSIDE = /::?=|[\p{L}\p{N}_]\[[^\]\s]*\]|[{}]/u;

/** A line of code or pseudo-code ("pad[40] =", "x := a +", "Entry ::= SEQUENCE {"): never a heading. */
export const looksLikeCode = (line: string): boolean => {
  const t = line.trim();
  return CODE_END.test(t) || CODE_INSIDE.test(t);
};
