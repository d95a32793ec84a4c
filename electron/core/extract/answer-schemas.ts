// JSON schemas of the three stages' answers, in two shapes:
// - compact (a local model, whose grammar takes tuples): one line of arrays, no keys, no spaces
//   (llm/llama.ts compacts the grammar) — a fact is ["head","relation","tail"], an event–event
//   relation [1,"before",2] between the numbered events of stage 2;
// - objects (an endpoint: OpenAI's structured outputs take no tuples): {"triples":[{...}]}.
// Every string and array is bounded: a grammar-constrained model (and random weights above all)
// otherwise runs to maxTokens. The limits are stated to the model in words; the character bounds
// here are generous guards (about eight characters a word), so a value is not cut mid-word.
import type { JsonSchema } from '../llm/engine';
import type { ExtractStage } from './types';

export interface ExtractLimits {
  /** Characters of an entity name (the grammar's guard; the prompt asks for about a sixth of it in words). */
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

/** A limit in characters as words for the prompt: a generous guard of about eight characters a word. */
export const wordsOf = (chars: number) => Math.max(1, Math.floor(chars / 8));

/** Characters of a condition ("if the server does not answer within 30 seconds"). */
export const conditionChars = (l: ExtractLimits) => l.event;

/**
 * Temporal, causal and conditional relations between events (stage 3); the labels are stored as
 * they are here. "A if B": A happens, or is required, only when B holds.
 */
export const EVENT_RELATIONS = ['before', 'after', 'at the same time', 'because', 'as a result', 'if'] as const;
export type EventRelation = (typeof EVENT_RELATIONS)[number];

interface AnswerShape {
  /** Tuples on one line (a local model's grammar), or objects (an endpoint). */
  compact: boolean;
  /** The user's entity types as an enum: each entity answered gets one of them or "unknown". */
  types?: { enum: string[] };
  /** Stage 3: how many numbered events it relates. */
  events?: number;
}

const str = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength });
/** A string that may be empty: "" is how a tuple says "none". */
const opt = (maxLength: number) => ({ type: 'string', maxLength });
const obj = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });
const tuple = (...items: unknown[]) => ({ type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length });
const list = (items: unknown, maxItems: number, minItems = 0) => ({ type: 'array', ...(minItems ? { minItems } : {}), maxItems, items });

/**
 * Stage 1: facts between entities. A fact with a condition has it last; without one the tuple
 * ends at the tail (compact) or the condition is "" (objects).
 */
export function entityEntitySchema(l: ExtractLimits, shape: AnswerShape): JsonSchema {
  const t = shape.types;
  if (shape.compact) {
    const plain = t ? [str(l.entity), t, str(l.relation), str(l.entity), t] : [str(l.entity), str(l.relation), str(l.entity)];
    return list({ oneOf: [tuple(...plain), tuple(...plain, str(conditionChars(l)))] }, l.triples);
  }
  const item = t
    ? obj({ head: str(l.entity), head_type: t, relation: str(l.relation), tail: str(l.entity), tail_type: t, condition: opt(conditionChars(l)) })
    : obj({ head: str(l.entity), relation: str(l.relation), tail: str(l.entity), condition: opt(conditionChars(l)) });
  return obj({ triples: list(item, l.triples) });
}

/** Stage 2: events, each with the entities taking part and their roles. */
export function entityEventSchema(l: ExtractLimits, shape: AnswerShape): JsonSchema {
  const t = shape.types;
  if (shape.compact) {
    const participant = t ? tuple(str(l.entity), str(l.relation), t) : tuple(str(l.entity), str(l.relation));
    return list(tuple(str(l.event), list(participant, l.participants, 1)), l.events);
  }
  const participant = t ? obj({ entity: str(l.entity), role: str(l.relation), type: t }) : obj({ entity: str(l.entity), role: str(l.relation) });
  return obj({ events: list(obj({ event: str(l.event), entities: list(participant, l.participants, 1) }), l.events) });
}

/** Stage 3: relations between the numbered events of stage 2, by number. */
export function eventEventSchema(l: ExtractLimits, shape: AnswerShape): JsonSchema {
  const numbers = { enum: Array.from({ length: Math.max(1, shape.events ?? l.events) }, (_, i) => i + 1) };
  const relation = { enum: [...EVENT_RELATIONS] };
  if (shape.compact) return list(tuple(numbers, relation, numbers), l.eventRelations);
  return obj({ relations: list(obj({ head: numbers, relation, tail: numbers }), l.eventRelations) });
}

/**
 * An upper bound on the tokens an answer can take: every string at its guard at one token per
 * character (a byte-level tokenizer's worst case), plus the syntax; objects repeat their keys.
 */
export function maxTokensFor(stage: ExtractStage, l: ExtractLimits, shape: AnswerShape, charsPerToken = 1, typeChars = 0): number {
  const keys = shape.compact ? 0 : 1;
  const chars =
    stage === 'EE'
      ? l.triples * (2 * l.entity + l.relation + conditionChars(l) + 12 + keys * 40 + 2 * typeChars)
      : stage === 'EV'
        ? l.events * (l.event + 8 + keys * 25 + l.participants * (l.entity + l.relation + 8 + keys * 25 + typeChars))
        : l.eventRelations * (String(shape.events ?? l.events).length * 2 + 20 + keys * 30);
  return Math.ceil((chars + 16) / charsPerToken) + 16;
}
