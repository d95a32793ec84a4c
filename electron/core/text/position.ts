// Where an offset lies in a text as a person counts it (line and column), for error messages that
// name the place at fault: the graph import's readers and the ingest parsers use it.

/** Line and column (1-based) of a character offset in a text. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    last = i;
  }
  return { line, column: offset - last };
}
