// Reading a model's JSON answer, for every engine and stage: plain, inside a code fence (closed or
// cut off), after a line of prose, or repaired with jsonrepair (an answer cut at maxTokens, a
// trailing comma, single quotes).
import { jsonrepair } from 'jsonrepair';

/** The JSON text of an answer: the inside of a ```json fence, or the answer without a cut-off fence. */
function unfence(text: string): string {
  const t = text.trim();
  const fence = /```(?:json)?\s*([\s\S]*?)```/i.exec(t);
  if (fence) return fence[1].trim();
  return t.replace(/^```(?:json)?\s*|\s*```$/gi, '');
}

/** Parse a model's JSON answer, repairing it when needed. Throws when even the repair fails. */
export function parseModelJson(content: string): unknown {
  let text = unfence(content);
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
    return undefined;
  }
}
