// Reading a model's answer: parse and repair (llm/json.ts), and coerce to the stage's shape.
import { parseLenient } from '../llm/json';

export { parseLenient };

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

const pick = (o: Record<string, unknown>, keys: string[]): unknown => {
  for (const k of keys) if (k in o) return o[k];
  const lower = new Map(Object.keys(o).map((k) => [k.toLowerCase(), k]));
  for (const k of keys) {
    const real = lower.get(k.toLowerCase());
    if (real) return o[real];
  }
  return undefined;
};

const cleanString = (v: unknown, max: number): string | null => {
  if (typeof v === 'number' && Number.isFinite(v)) v = String(v);
  if (typeof v !== 'string') return null;
  const s = v.replace(/\s+/g, ' ').trim().slice(0, max).trim();
  return s ? s : null;
};

/** The list under one of these keys, or the value itself when it is a list. */
export function listOf(value: unknown, keys: string[]): unknown[] | null {
  if (typeof value === 'string') value = parseLenient(value);
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    const v = pick(value as Record<string, unknown>, keys);
    if (Array.isArray(v)) return v;
  }
  return null;
}

export interface RawTriple {
  head: string;
  relation: string;
  tail: string;
  /** The ends' types when the answer gives them (a user schema asks for them). */
  headType?: string;
  tailType?: string;
}

/** Items that have the three fields (under usual synonyms), cleaned and cut to length; others are dropped. */
export function coerceTriples(items: unknown[], max: { head: number; relation: number; tail: number }): RawTriple[] {
  const out: RawTriple[] = [];
  for (const it of items) {
    if (Array.isArray(it) && it.length === 3) {
      const [h, r, t] = it.map((x, i) => cleanString(x, i === 1 ? max.relation : i === 0 ? max.head : max.tail));
      if (h && r && t) out.push({ head: h, relation: r, tail: t });
      continue;
    }
    if (!it || typeof it !== 'object') continue;
    const o = it as Record<string, unknown>;
    const head = cleanString(pick(o, ['head', 'subject', 'source', 'head_event', 'event1']), max.head);
    const relation = cleanString(pick(o, ['relation', 'predicate', 'rel', 'relationship']), max.relation);
    const tail = cleanString(pick(o, ['tail', 'object', 'target', 'tail_event', 'event2']), max.tail);
    if (!head || !relation || !tail) continue;
    const headType = cleanString(pick(o, ['head_type', 'headType']), 100);
    const tailType = cleanString(pick(o, ['tail_type', 'tailType']), 100);
    out.push({ head, relation, tail, ...(headType ? { headType } : {}), ...(tailType ? { tailType } : {}) });
  }
  return out;
}

export interface RawEvent {
  event: string;
  entities: { entity: string; role: string; type?: string }[];
}

export function coerceEvents(items: unknown[], max: { event: number; entity: number; role: number; participants: number }): RawEvent[] {
  const out: RawEvent[] = [];
  for (const it of items) {
    if (!it || typeof it !== 'object') continue;
    const o = it as Record<string, unknown>;
    const event = cleanString(pick(o, ['event', 'Event', 'clause', 'description']), max.event);
    if (!event) continue;
    const list = pick(o, ['entities', 'Entity', 'participants', 'arguments']);
    const entities: RawEvent['entities'] = [];
    for (const e of Array.isArray(list) ? list : []) {
      if (typeof e === 'string') {
        const entity = cleanString(e, max.entity);
        if (entity) entities.push({ entity, role: '' });
      } else if (e && typeof e === 'object') {
        const entity = cleanString(pick(e as Record<string, unknown>, ['entity', 'name', 'participant']), max.entity);
        const role = cleanString(pick(e as Record<string, unknown>, ['role', 'relation']), max.role) ?? '';
        const type = cleanString(pick(e as Record<string, unknown>, ['type']), 100);
        if (entity) entities.push({ entity, role, ...(type ? { type } : {}) });
      }
      if (entities.length >= max.participants) break;
    }
    out.push({ event, entities });
  }
  return out;
}
