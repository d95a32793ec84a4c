// Reading a model's answer as a stage's shape: parse and repair (llm/json.ts), then coerce.
import { pickKey as pick } from '../llm/json';

const cleanString = (v: unknown, max: number): string | null => {
  if (typeof v === 'number' && Number.isFinite(v)) v = String(v);
  if (typeof v !== 'string') return null;
  const s = v.replace(/\s+/g, ' ').trim().slice(0, max).trim();
  return s ? s : null;
};

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
