import fs from 'node:fs';
import path from 'node:path';
import { positionOf } from '../text/position';

export interface Position {
  file?: string;
  line?: number;
  column?: number;
}

/** A file that cannot be imported: the message names the file and the line (and column) at fault. */
export class ImportError extends Error {
  constructor(
    readonly reason: string,
    readonly position: Position = {},
  ) {
    const where = [
      position.file ? path.basename(position.file) : null,
      position.line != null ? `line ${position.line}` : null,
      position.column != null ? `column ${position.column}` : null,
    ]
      .filter(Boolean)
      .join(', ');
    super(where ? `${where}: ${reason}` : reason);
    this.name = 'ImportError';
  }
}

const CHUNK = 1 << 20;

/** Read a UTF-8 file synchronously in 1 MiB slices (no whole-file string); the BOM is dropped. */
export function readChunks(file: string, onText: (text: string) => void): void {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(CHUNK);
    const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
    let offset = 0;
    for (;;) {
      const n = fs.readSync(fd, buf, 0, CHUNK, null);
      let text: string;
      try {
        text = decoder.decode(buf.subarray(0, n), { stream: n > 0 });
      } catch {
        throw new ImportError(`not valid UTF-8 near byte ${offset}`, { file });
      }
      if (text) onText(text);
      if (n === 0) break;
      offset += n;
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** Call back once per line (1-based numbers, without the line break; CRLF or LF). */
export function forEachLine(file: string, onLine: (line: string, lineNo: number) => void): void {
  let rest = '';
  let lineNo = 0;
  readChunks(file, (text) => {
    const data = rest + text;
    let start = 0;
    for (let i = data.indexOf('\n'); i !== -1; i = data.indexOf('\n', start)) {
      const end = i > start && data.charCodeAt(i - 1) === 13 ? i - 1 : i;
      onLine(data.slice(start, end), ++lineNo);
      start = i + 1;
    }
    rest = data.slice(start);
  });
  if (rest) onLine(rest.endsWith('\r') ? rest.slice(0, -1) : rest, ++lineNo);
}

/**
 * Where a JSON text first goes wrong (a character offset): V8's messages do not always say.
 * Only run after JSON.parse failed.
 */
function findJsonError(text: string): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const str = () => {
    i++;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 34) return void i++;
      if (c < 32) fail();
      if (c === 92) {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 5;
        } else if ('"\\/bfnrt'.includes(text[i] ?? 'x')) i++;
        else fail();
      } else i++;
    }
    fail();
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        str();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    } else if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    } else if (c === '"') str();
    else {
      const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
      if (!m) fail();
      i += m![0].length;
    }
  };
  try {
    value();
    ws();
    if (i < text.length) fail();
    return text.length;
  } catch (at) {
    if (typeof at === 'number') return at;
    throw at;
  }
}

/** Parse JSON or throw an ImportError at the line and column where it goes wrong. */
export function parseJsonAt(text: string, pos: { file?: string; line?: number; column?: number } = {}): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const offset = findJsonError(text);
    const p = positionOf(text, offset);
    const line = (pos.line ?? 1) + p.line - 1;
    const column = p.line === 1 ? (pos.column ?? 1) + p.column - 1 : p.column;
    throw new ImportError(`invalid JSON: ${(err as Error).message.replace(/, ".*" is not valid JSON$/s, '')}`, { file: pos.file, line, column });
  }
}
