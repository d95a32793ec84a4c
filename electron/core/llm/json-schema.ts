// Checking a model's answer against the JSON Schema it was asked for. The llama engine's grammar
// already enforces the schema while generating; the HTTP engine cannot, so it validates here, with
// zod 4's own JSON Schema reader (z.fromJSONSchema) rather than a validator of ours.
import { z } from 'zod';
import type { JsonSchema } from './engine';

interface SchemaIssue {
  path: string;
  message: string;
}

/** One zod schema per JSON Schema object: a stage asks with the same schema object for every chunk. */
const compiled = new WeakMap<JsonSchema, z.ZodType>();

function zodOf(schema: JsonSchema): z.ZodType {
  let s = compiled.get(schema);
  if (!s) {
    s = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
    compiled.set(schema, s);
  }
  return s;
}

/** 'events[0].entities[1].role' */
const pathOf = (p: PropertyKey[]): string => p.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? String(k) : `.${String(k)}`)).join('');

/** Issues of a value against a schema; empty when it is valid. */
export function validateJson(schema: JsonSchema, value: unknown): SchemaIssue[] {
  const r = zodOf(schema).safeParse(value);
  if (r.success) return [];
  return r.error.issues.map((i) => ({ path: pathOf(i.path) || '(root)', message: i.message }));
}
