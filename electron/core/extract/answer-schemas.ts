// JSON schemas of the three stages' answers. Every string and array is bounded: a grammar-constrained
// model (and random weights above all) otherwise runs to maxTokens.
import type { JsonSchema } from '../llm/engine';

export interface ExtractLimits {
  /** Characters of an entity name. */
  entity: number;
  /** Characters of a relation or role. */
  relation: number;
  /** Characters of an event clause. */
  event: number;
  /** Triples per chunk in stage 1 (entity–entity). */
  triples: number;
  /** Events per chunk in stage 2. */
  events: number;
  /** Entities per event in stage 2. */
  participants: number;
  /** Relations per chunk in stage 3 (event–event). */
  eventRelations: number;
}

export const DEFAULT_LIMITS: ExtractLimits = {
  entity: 64,
  relation: 32,
  event: 120,
  triples: 8,
  events: 5,
  participants: 3,
  eventRelations: 5,
};

/** Temporal and causal relations between events (stage 3); the labels are stored as they are here. */
export const EVENT_RELATIONS = ['before', 'after', 'at the same time', 'because', 'as a result'] as const;
export type EventRelation = (typeof EVENT_RELATIONS)[number];

const str = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength });
const obj = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });

/** With the user's entity types (concepts/types.ts typeEnum), each entity also gets a type: one of them or "unknown". */
export function entityEntitySchema(l: ExtractLimits, typeEnum?: { enum: string[] }): JsonSchema {
  const item = typeEnum
    ? obj({ head: str(l.entity), head_type: typeEnum, relation: str(l.relation), tail: str(l.entity), tail_type: typeEnum })
    : obj({ head: str(l.entity), relation: str(l.relation), tail: str(l.entity) });
  return obj({ triples: { type: 'array', maxItems: l.triples, items: item } });
}

export function entityEventSchema(l: ExtractLimits, typeEnum?: { enum: string[] }): JsonSchema {
  return obj({
    events: {
      type: 'array',
      maxItems: l.events,
      items: obj({
        event: str(l.event),
        entities: {
          type: 'array',
          minItems: 1,
          maxItems: l.participants,
          items: typeEnum ? obj({ entity: str(l.entity), type: typeEnum, role: str(l.relation) }) : obj({ entity: str(l.entity), role: str(l.relation) }),
        },
      }),
    },
  });
}

export function eventEventSchema(l: ExtractLimits): JsonSchema {
  return obj({
    relations: {
      type: 'array',
      maxItems: l.eventRelations,
      items: obj({ head: str(l.event), relation: { enum: [...EVENT_RELATIONS] }, tail: str(l.event) }),
    },
  });
}

/** An upper bound on the tokens an answer can take (one token per char, plus JSON syntax). */
export function maxTokensFor(stage: 'EE' | 'EV' | 'VV', l: ExtractLimits, charsPerToken = 1): number {
  const chars =
    stage === 'EE'
      ? l.triples * (2 * l.entity + l.relation + 40)
      : stage === 'EV'
        ? l.events * (l.event + 30 + l.participants * (l.entity + l.relation + 30))
        : l.eventRelations * (2 * l.event + 60);
  return Math.ceil((chars + 40) / charsPerToken) + 16;
}
