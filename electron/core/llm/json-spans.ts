// Where each value of a model's JSON answer sits in its text, so that a fact's confidence can be
// read from the tokens of its own values (a string's letters, a number's digits) rather than from
// the whole answer, whose punctuation the grammar forces at probability 1.

export type JsonPath = (string | number)[];

interface ValueSpan {
  /** Keys and indices from the root: [2, 0] is the first element of the third item. */
  path: JsonPath;
  /** The value's characters: a string's inside (without its quotes), a number's digits. */
  start: number;
  end: number;
}

type Frame = { kind: 'array'; index: number } | { kind: 'object'; key: string | null; expectKey: boolean };

/**
 * The string and number values of a JSON text with their paths, in order. Reads what it can of a
 * text cut off or followed by other text, and stops there.
 */
export function jsonValueSpans(text: string): ValueSpan[] {
  const spans: ValueSpan[] = [];
  const stack: Frame[] = [];
  const path = (): JsonPath => stack.map((f) => (f.kind === 'array' ? f.index : (f.key ?? '')));
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i];
    const top = stack[stack.length - 1];
    if (ch === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (top?.kind === 'object' && top.expectKey) {
        try {
          top.key = JSON.parse(text.slice(i, j + 1)) as string;
        } catch {
          top.key = text.slice(i + 1, j);
        }
      } else spans.push({ path: path(), start: i + 1, end: Math.min(j, n) });
      i = j + 1;
      continue;
    }
    if (ch === '-' || (ch >= '0' && ch <= '9')) {
      let j = i + 1;
      while (j < n && /[0-9eE+\-.]/.test(text[j])) j++;
      if (!(top?.kind === 'object' && top.expectKey)) spans.push({ path: path(), start: i, end: j });
      i = j;
      continue;
    }
    if (ch === '[') stack.push({ kind: 'array', index: 0 });
    else if (ch === '{') stack.push({ kind: 'object', key: null, expectKey: true });
    else if (ch === ']' || ch === '}') {
      stack.pop();
      if (!stack.length) break;
    } else if (ch === ',') {
      if (top?.kind === 'array') top.index++;
      else if (top?.kind === 'object') top.expectKey = true;
    } else if (ch === ':' && top?.kind === 'object') top.expectKey = false;
    i++;
  }
  return spans;
}

/** Whether `path` starts with `prefix`. */
export function under(path: JsonPath, prefix: JsonPath): boolean {
  return prefix.length <= path.length && prefix.every((p, k) => path[k] === p);
}

export interface TokenProbability {
  /** Where the token's text starts in the answer. */
  offset: number;
  /** The probability the model gave the token it produced. */
  p: number;
}

/**
 * The mean probability of the tokens that make up the given spans of the text (a token counts when
 * any of its characters falls inside one); undefined when no token does.
 */
export function spanConfidence(tokens: readonly TokenProbability[], spans: readonly { start: number; end: number }[], textLength: number): number | undefined {
  if (!tokens.length || !spans.length) return undefined;
  let sum = 0;
  let count = 0;
  for (let k = 0; k < tokens.length; k++) {
    const start = tokens[k].offset;
    const end = k + 1 < tokens.length ? tokens[k + 1].offset : textLength;
    if (end <= start) continue;
    if (spans.some((s) => s.start < end && start < s.end)) {
      sum += tokens[k].p;
      count++;
    }
  }
  return count ? sum / count : undefined;
}
