// Reading a model's answer as a stage's shape: parse and repair (llm/json.ts), then coerce. Each
// stage's items come as compact tuples (a local model) or objects (an endpoint, or a model that
// paraphrased the format); both are read, and every item keeps its index in the answer, so its
// confidence can be read from its own tokens (llm/json-spans.ts).
import { pickKey as pick } from '../llm/json';

const cleanString = (v: unknown, max: number): string | null => {
  if (typeof v === 'number' && Number.isFinite(v)) v = String(v);
  if (typeof v !== 'string') return null;
  const s = v.replace(/\s+/g, ' ').trim().slice(0, max).trim();
  return s ? s : null;
};

interface RawTriple {
  /** The item's index in the answer's list. */
  index: number;
  head: string;
  relation: string;
  tail: string;
  /** The condition the fact holds under ("if the server does not answer"), when the answer gives one. */
  condition?: string;
  /** The ends' types when the answer gives them (a user schema asks for them). */
  headType?: string;
  tailType?: string;
}

/**
 * Stage 1's facts: tuples [head, relation, tail(, condition)] or, typed, [head, head type, relation,
 * tail, tail type(, condition)]; objects under the usual key synonyms. Items missing a field are dropped.
 */
export function coerceTriples(items: unknown[], max: { head: number; relation: number; tail: number; condition?: number }, typed = false): RawTriple[] {
  const out: RawTriple[] = [];
  const cmax = max.condition ?? 200;
  items.forEach((it, index) => {
    if (Array.isArray(it)) {
      const [h, ht, r, t, tt, c] = typed && it.length >= 5 ? it : [it[0], undefined, it[1], it[2], undefined, it[3]];
      const head = cleanString(h, max.head);
      const relation = cleanString(r, max.relation);
      const tail = cleanString(t, max.tail);
      if (!head || !relation || !tail || (!typed && it.length > 4) || it.length < 3) return;
      const condition = cleanString(c, cmax);
      const headType = cleanString(ht, 100);
      const tailType = cleanString(tt, 100);
      out.push({ index, head, relation, tail, ...(condition ? { condition } : {}), ...(headType ? { headType } : {}), ...(tailType ? { tailType } : {}) });
      return;
    }
    if (!it || typeof it !== 'object') return;
    const o = it as Record<string, unknown>;
    const head = cleanString(pick(o, ['head', 'subject', 'source', 'head_event', 'event1']), max.head);
    const relation = cleanString(pick(o, ['relation', 'predicate', 'rel', 'relationship']), max.relation);
    const tail = cleanString(pick(o, ['tail', 'object', 'target', 'tail_event', 'event2']), max.tail);
    if (!head || !relation || !tail) return;
    const condition = cleanString(pick(o, ['condition', 'if', 'when']), cmax);
    const headType = cleanString(pick(o, ['head_type', 'headType']), 100);
    const tailType = cleanString(pick(o, ['tail_type', 'tailType']), 100);
    out.push({ index, head, relation, tail, ...(condition ? { condition } : {}), ...(headType ? { headType } : {}), ...(tailType ? { tailType } : {}) });
  });
  return out;
}

interface RawEvent {
  index: number;
  event: string;
  /** Each participant with its index in the event's list. */
  entities: { index: number; entity: string; role: string; type?: string }[];
}

/** Stage 2's events: tuples [event, [[entity, role(, type)], ...]] or objects {event, entities: [...]}. */
export function coerceEvents(items: unknown[], max: { event: number; entity: number; role: number; participants: number }): RawEvent[] {
  const out: RawEvent[] = [];
  items.forEach((it, index) => {
    let event: string | null;
    let list: unknown;
    if (Array.isArray(it)) {
      event = cleanString(it[0], max.event);
      list = it[1];
    } else if (it && typeof it === 'object') {
      const o = it as Record<string, unknown>;
      event = cleanString(pick(o, ['event', 'Event', 'clause', 'description']), max.event);
      list = pick(o, ['entities', 'Entity', 'participants', 'arguments']);
    } else return;
    if (!event) return;
    const entities: RawEvent['entities'] = [];
    (Array.isArray(list) ? list : []).forEach((e, k) => {
      if (entities.length >= max.participants) return;
      if (typeof e === 'string') {
        const entity = cleanString(e, max.entity);
        if (entity) entities.push({ index: k, entity, role: '' });
      } else if (Array.isArray(e)) {
        const entity = cleanString(e[0], max.entity);
        const role = cleanString(e[1], max.role) ?? '';
        const type = cleanString(e[2], 100);
        if (entity) entities.push({ index: k, entity, role, ...(type ? { type } : {}) });
      } else if (e && typeof e === 'object') {
        const entity = cleanString(pick(e as Record<string, unknown>, ['entity', 'name', 'participant']), max.entity);
        const role = cleanString(pick(e as Record<string, unknown>, ['role', 'relation']), max.role) ?? '';
        const type = cleanString(pick(e as Record<string, unknown>, ['type']), 100);
        if (entity) entities.push({ index: k, entity, role, ...(type ? { type } : {}) });
      }
    });
    out.push({ index, event, entities });
  });
  return out;
}

interface RawEventLink {
  index: number;
  /** Indices into the numbered events (0-based). */
  head: number;
  relation: string;
  tail: number;
}

/**
 * Stage 3's relations: [1, "before", 2] or {head: 1, relation, tail: 2}, the numbers 1-based into
 * `events`; an end written out as the event's clause (an endpoint that paraphrased) is matched to it.
 */
export function coerceEventLinks(items: unknown[], events: string[]): RawEventLink[] {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const byText = new Map(events.map((e, i) => [norm(e), i]));
  const end = (v: unknown): number | null => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
    if (Number.isInteger(n) && n >= 1 && n <= events.length) return n - 1;
    return typeof v === 'string' ? (byText.get(norm(v)) ?? null) : null;
  };
  const out: RawEventLink[] = [];
  items.forEach((it, index) => {
    let h: unknown, r: unknown, t: unknown;
    if (Array.isArray(it)) [h, r, t] = it;
    else if (it && typeof it === 'object') {
      const o = it as Record<string, unknown>;
      h = pick(o, ['head', 'source', 'head_event', 'event1', 'from']);
      r = pick(o, ['relation', 'predicate', 'rel']);
      t = pick(o, ['tail', 'target', 'tail_event', 'event2', 'to']);
    } else return;
    const head = end(h);
    const tail = end(t);
    const relation = cleanString(r, 40);
    if (head === null || tail === null || head === tail || !relation) return;
    out.push({ index, head, relation, tail });
  });
  return out;
}
