// A small JSON-schema validator for the subset node-llama-cpp's grammar understands (type, enum,
// const, properties, required, additionalProperties, items, prefixItems, min/max Items, min/max
// Length, minimum/maximum, anyOf/oneOf, $ref into $defs). The llama engine's grammar already
// enforces the schema while generating; the HTTP engine cannot, so it validates here.
import type { JsonSchema } from './engine';

export interface SchemaIssue {
  path: string;
  message: string;
}

type S = Record<string, any>;

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function matchesType(v: unknown, t: string): boolean {
  const actual = typeOf(v);
  if (t === 'number') return actual === 'number' || actual === 'integer';
  return actual === t;
}

function resolveRef(root: S, ref: string): S | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: any = root;
  for (const part of ref.slice(2).split('/')) node = node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node && typeof node === 'object' ? node : undefined;
}

function check(root: S, schema: S | boolean | undefined, v: unknown, at: string, out: SchemaIssue[]): void {
  if (schema === undefined || schema === true) return;
  if (schema === false) {
    out.push({ path: at, message: 'no value is allowed here' });
    return;
  }
  if (typeof schema.$ref === 'string') {
    const target = resolveRef(root, schema.$ref);
    if (!target) out.push({ path: at, message: `unresolvable $ref ${schema.$ref}` });
    else check(root, target, v, at, out);
    return;
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) {
    const ok = alternatives.some((alt: S) => {
      const sub: SchemaIssue[] = [];
      check(root, alt, v, at, sub);
      return sub.length === 0;
    });
    if (!ok) out.push({ path: at, message: 'matches none of the allowed alternatives' });
    return;
  }
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(v)) {
    out.push({ path: at, message: `must be ${JSON.stringify(schema.const)}` });
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e: unknown) => JSON.stringify(e) === JSON.stringify(v))) {
    out.push({ path: at, message: `must be one of ${schema.enum.map((e: unknown) => JSON.stringify(e)).join(', ')}` });
    return;
  }
  if (schema.type !== undefined) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => matchesType(v, t))) {
      out.push({ path: at, message: `must be ${types.join(' or ')}, got ${typeOf(v)}` });
      return;
    }
  }
  if (typeof v === 'string') {
    if (typeof schema.minLength === 'number' && [...v].length < schema.minLength) out.push({ path: at, message: `must have at least ${schema.minLength} characters` });
    if (typeof schema.maxLength === 'number' && [...v].length > schema.maxLength) out.push({ path: at, message: `must have at most ${schema.maxLength} characters` });
  }
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) out.push({ path: at, message: 'must be a finite number' });
    if (typeof schema.minimum === 'number' && v < schema.minimum) out.push({ path: at, message: `must be >= ${schema.minimum}` });
    if (typeof schema.maximum === 'number' && v > schema.maximum) out.push({ path: at, message: `must be <= ${schema.maximum}` });
  }
  if (Array.isArray(v)) {
    if (typeof schema.minItems === 'number' && v.length < schema.minItems) out.push({ path: at, message: `must have at least ${schema.minItems} items` });
    if (typeof schema.maxItems === 'number' && v.length > schema.maxItems) out.push({ path: at, message: `must have at most ${schema.maxItems} items` });
    const prefix: S[] = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
    v.forEach((item, i) => check(root, i < prefix.length ? prefix[i] : schema.items, item, `${at}[${i}]`, out));
  }
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const obj = v as Record<string, unknown>;
    const props: Record<string, S> = schema.properties ?? {};
    for (const key of Array.isArray(schema.required) ? schema.required : []) {
      if (!(key in obj)) out.push({ path: at ? `${at}.${key}` : key, message: 'is required' });
    }
    for (const [key, value] of Object.entries(obj)) {
      const p = at ? `${at}.${key}` : key;
      if (key in props) check(root, props[key], value, p, out);
      else if (schema.additionalProperties === false) out.push({ path: p, message: 'is not allowed' });
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') check(root, schema.additionalProperties, value, p, out);
    }
  }
}

/** Issues of a value against a schema; empty when it is valid. */
export function validateJson(schema: JsonSchema, value: unknown): SchemaIssue[] {
  const out: SchemaIssue[] = [];
  check(schema as S, schema as S, value, '', out);
  return out.map((i) => ({ path: i.path || '(root)', message: i.message }));
}
