// JSON that says where it is broken: a small iterative validator (no recursion, so no stack limit)
// that gives the offset, line and column of the first error, and a record reader for corpora (a
// JSON array or JSON lines) that parses record by record, so one bad record can be reported, or
// skipped, instead of the whole file failing with "Unexpected token".
import { positionOf } from '../../text/position';

class JsonSyntaxError extends Error {
  constructor(
    readonly pos: number,
    message: string,
  ) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

const isWs = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

function describeChar(s: string, i: number): string {
  if (i >= s.length) return 'the end of the input';
  const c = s[i];
  return c === '\n' ? 'a line break' : `'${c}'`;
}

function skipWs(s: string, i: number, end: number): number {
  while (i < end && isWs(s.charCodeAt(i))) i++;
  return i;
}

const PLAIN = /[^"\\\u0000-\u001f]*/y;

function scanString(s: string, i: number, end: number): number {
  // s[i] is the opening quote
  i++;
  while (i < end) {
    PLAIN.lastIndex = i;
    PLAIN.test(s);
    i = PLAIN.lastIndex;
    if (i >= end) break;
    const c = s.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c === 0x5c) {
      const n = s[i + 1];
      if (n === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(s.slice(i + 2, i + 6))) throw new JsonSyntaxError(i, 'bad \\u escape in a string');
        i += 6;
      } else if (n !== undefined && '"\\/bfnrt'.includes(n)) i += 2;
      else throw new JsonSyntaxError(i, `bad escape ${describeChar(s, i + 1)} in a string`);
      continue;
    }
    if (c < 0x20) throw new JsonSyntaxError(i, c === 0x0a ? 'unterminated string (a line break inside it)' : 'control character inside a string');
    i++;
  }
  throw new JsonSyntaxError(end, 'unterminated string');
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function scanScalar(s: string, i: number, end: number): number {
  const c = s[i];
  if (c === '"') return scanString(s, i, end);
  for (const word of ['true', 'false', 'null']) if (s.startsWith(word, i)) return i + word.length;
  NUMBER.lastIndex = i;
  if (NUMBER.test(s) && NUMBER.lastIndex <= end) return NUMBER.lastIndex;
  throw new JsonSyntaxError(i, `expected a value, found ${describeChar(s, i)}`);
}

/**
 * Validate one JSON value starting at `start` (whitespace first is fine) and return the offset
 * just after it. Throws JsonSyntaxError with the offset of the first error.
 */
function scanValue(s: string, start = 0, end = s.length): number {
  const stack: number[] = []; // 0x7b '{' or 0x5b '['
  let i = skipWs(s, start, end);
  for (;;) {
    // A value at i.
    if (i >= end) throw new JsonSyntaxError(i, 'unexpected end of the input (a value was expected)');
    const c = s.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) {
      stack.push(c);
      i = skipWs(s, i + 1, end);
      if (s.charCodeAt(i) === (c === 0x7b ? 0x7d : 0x5d)) {
        stack.pop();
        i++;
      } else if (c === 0x7b) {
        if (s[i] !== '"') throw new JsonSyntaxError(i, `expected a property name in double quotes, found ${describeChar(s, i)}`);
        i = skipWs(s, scanString(s, i, end), end);
        if (s[i] !== ':') throw new JsonSyntaxError(i, `expected ':' after a property name, found ${describeChar(s, i)}`);
        i = skipWs(s, i + 1, end);
        continue;
      } else continue;
    } else i = scanScalar(s, i, end);
    // After a value: close containers, or move to the next element.
    for (;;) {
      if (!stack.length) return i;
      i = skipWs(s, i, end);
      const top = stack[stack.length - 1];
      const ch = s[i];
      if (ch === ',') {
        i = skipWs(s, i + 1, end);
        if (top === 0x7b) {
          if (s[i] !== '"') throw new JsonSyntaxError(i, `expected a property name in double quotes after ',', found ${describeChar(s, i)}`);
          i = skipWs(s, scanString(s, i, end), end);
          if (s[i] !== ':') throw new JsonSyntaxError(i, `expected ':' after a property name, found ${describeChar(s, i)}`);
          i = skipWs(s, i + 1, end);
        }
        break;
      }
      if ((top === 0x7b && ch === '}') || (top === 0x5b && ch === ']')) {
        stack.pop();
        i++;
        continue;
      }
      throw new JsonSyntaxError(
        i,
        top === 0x7b
          ? `expected ',' or '}' after a property value, found ${describeChar(s, i)}`
          : `expected ',' or ']' after an array element, found ${describeChar(s, i)}`,
      );
    }
  }
}

/** Where a JSON text is broken: "line 40, column 12: expected ',' or '}' after a property value, found '\"'". */
export function locateJsonError(text: string, start = 0, end = text.length): string | undefined {
  try {
    const after = skipWs(text, scanValue(text, start, end), end);
    if (after < end) {
      const { line, column } = positionOf(text, after);
      return `line ${line}, column ${column}: unexpected ${describeChar(text, after)} after the end of the JSON value`;
    }
    return undefined;
  } catch (err) {
    if (!(err instanceof JsonSyntaxError)) throw err;
    const { line, column } = positionOf(text, err.pos);
    return `line ${line}, column ${column}: ${err.message}`;
  }
}

export interface JsonRecord {
  /** 1-based record number (array element or non-empty line). */
  index: number;
  /** 1-based line where the record starts. */
  line: number;
  value: unknown;
}

export interface BadRecord {
  index: number;
  line: number;
  /** "record 17 (line 40, column 12): expected ..." */
  error: string;
}

/**
 * Read a JSON array or JSON lines record by record. Good records come back in order; a broken one
 * is reported with its number and the line and column of the error. `limit` stops after that many
 * records (format sniffing).
 */
export function readJsonRecords(text: string, limit = Infinity): { records: JsonRecord[]; bad: BadRecord[]; kind: 'array' | 'lines' } {
  const records: JsonRecord[] = [];
  const bad: BadRecord[] = [];
  const first = skipWs(text, 0, text.length);
  // Line numbers are counted incrementally (records come in order).
  let lineAt = 0;
  let line = 1;
  const lineOf = (pos: number) => {
    for (let i = text.indexOf('\n', lineAt); i !== -1 && i < pos; i = text.indexOf('\n', i + 1)) {
      line++;
      lineAt = i + 1;
    }
    return line;
  };
  const fail = (index: number, start: number, pos: number, message: string) => {
    const l = lineOf(start);
    const at = lineOf(pos);
    bad.push({ index, line: l, error: `record ${index} (line ${at}, column ${pos - lineAt + 1}): ${message}` });
  };
  if (text[first] === '[') {
    let i = skipWs(text, first + 1, text.length);
    let index = 0;
    if (text[i] === ']') return { records, bad, kind: 'array' };
    while (i < text.length && records.length + bad.length < limit) {
      index++;
      const start = i;
      try {
        const end = scanValue(text, start);
        records.push({ index, line: lineOf(start), value: JSON.parse(text.slice(start, end)) });
        i = skipWs(text, end, text.length);
        if (text[i] === ',') {
          i = skipWs(text, i + 1, text.length);
          continue;
        }
        if (text[i] === ']') break;
        throw new JsonSyntaxError(i, `expected ',' or ']' after record ${index}, found ${describeChar(text, i)}`);
      } catch (err) {
        if (!(err instanceof JsonSyntaxError)) throw err;
        fail(index, start, err.pos, err.message);
        // Pick up again at the next record of an array of objects: '},' followed by '{'.
        const resync = /\}\s*,\s*(?=\{)/g;
        resync.lastIndex = Math.max(err.pos, start + 1);
        const m = resync.exec(text);
        if (!m) break;
        i = m.index + m[0].length;
      }
    }
    return { records, bad, kind: 'array' };
  }
  let index = 0;
  let from = 0;
  while (from < text.length && records.length + bad.length < limit) {
    const nl = text.indexOf('\n', from);
    const end = nl === -1 ? text.length : nl;
    const start = skipWs(text, from, end);
    if (start < end) {
      index++;
      try {
        let value: unknown;
        try {
          value = JSON.parse(text.slice(start, end));
        } catch {
          // Find where: the validator names the offset JSON.parse does not always give.
          const after = skipWs(text, scanValue(text, start, end), end);
          throw new JsonSyntaxError(after, `unexpected ${describeChar(text, after)} after the end of the record`);
        }
        records.push({ index, line: lineOf(start), value });
      } catch (err) {
        if (!(err instanceof JsonSyntaxError)) throw err;
        fail(index, start, err.pos, err.message);
      }
    }
    from = end + 1;
  }
  return { records, bad, kind: 'lines' };
}
