// Reading a model's JSON answer, for every engine and stage: plain, inside a code fence (closed or
// cut off), after a line of prose or a thinking model's <think> block, or repaired with jsonrepair
// (an answer cut at maxTokens, a trailing comma, single quotes).
import { jsonrepair } from 'jsonrepair';
import { stripThoughts } from './thoughts';

/** The JSON text of an answer: the inside of a ```json fence, or the answer without a cut-off fence. */
function unfence(text: string): string {
  const t = text.trim();
  const fence = /```(?:json)?\s*([\s\S]*?)```/i.exec(t);
  if (fence) return fence[1].trim();
  return t.replace(/^```(?:json)?\s*|\s*```$/gi, '');
}

/** Whether the text is JSON as it is, nothing to repair (a format probe; a streamed answer that is complete). */
export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    // the probe itself: not (yet) JSON
    return false;
  }
}

/** Parse a model's JSON answer, repairing it when needed. Throws when even the repair fails. */
export function parseModelJson(content: string): unknown {
  let text = unfence(stripThoughts(content));
  try {
    return JSON.parse(text);
  } catch {
    // fall through to repair
  }
  const start = text.search(/[[{]/);
  if (start > 0) text = text.slice(start);
  return JSON.parse(jsonrepair(text));
}

/** parseModelJson, or undefined for hopeless text. */
export function parseLenient(text: string): unknown {
  try {
    return parseModelJson(text);
  } catch {
    // lenient by contract: no JSON is undefined, the caller decides
    return undefined;
  }
}

/** The raw text an engine error carries, when it failed to parse the model's answer. */
export function rawTextOf(err: unknown): string | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as Record<string, unknown>;
  for (const key of ['raw', 'text', 'output', 'response', 'content']) if (typeof e[key] === 'string') return e[key] as string;
  if (e.details && typeof e.details === 'object') {
    const d = rawTextOf(e.details);
    if (d !== undefined) return d;
  }
  if (e.cause) return rawTextOf(e.cause);
  return undefined;
}

/** The value under the first of these keys (then case-insensitively). */
export const pickKey = (o: Record<string, unknown>, keys: string[]): unknown => {
  for (const k of keys) if (k in o) return o[k];
  const lower = new Map(Object.keys(o).map((k) => [k.toLowerCase(), k]));
  for (const k of keys) {
    const real = lower.get(k.toLowerCase());
    if (real) return o[real];
  }
  return undefined;
};

/** The list under one of these keys, or the value itself when it is a list. */
export function listOf(value: unknown, keys: string[]): unknown[] | null {
  if (typeof value === 'string') value = parseLenient(value);
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    const v = pickKey(value as Record<string, unknown>, keys);
    if (Array.isArray(v)) return v;
  }
  return null;
}
