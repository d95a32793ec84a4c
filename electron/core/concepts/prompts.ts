// Conceptualization prompts and answer schemas (after AutoSchemaKG): one instance per prompt, answered
// under a JSON schema with bounded strings and arrays; entities come with a few neighbours as context,
// events and relations are read from their own text.
import type { ChatMessage, JsonSchema } from '../llm/engine';
import type { Instance, Neighbour } from '../store/concepts';
import { typeEnum, typeInstruction, type EntityTypeHint } from './types';

export interface ConceptLimits {
  /** Characters of one concept phrase. */
  phrase: number;
  /** Concepts asked for per instance (at least MIN_CONCEPTS). */
  concepts: number;
}

export const DEFAULT_CONCEPT_LIMITS: ConceptLimits = { phrase: 32, concepts: 5 };

const SYSTEM = [
  'You build the concept layer of a knowledge graph.',
  'For the entity, event or relation you are given, name the kinds of thing it is, each at a different level of abstraction, from specific to general.',
  'Every concept is a short phrase of one or two words, in lower case. Do not repeat the words you were given; generalise them.',
  'Answer with JSON only, in the format asked for.',
].join(' ');

const EXAMPLES = {
  entity: 'Example: the entity "Black Mountain College", context "Black Mountain College started by John Andrew Rice" → college, school, liberal arts college.',
  event: 'Example: the event "Sam playing with his dog" → playing, bonding, relaxing event.',
  relation: 'Example: the relation "participated in" → engage in, attend, involve in.',
} as const;

const quote = (s: string) => `"${s.replace(/\s+/g, ' ').trim()}"`;

function contextLines(label: string, neighbours: Neighbour[]): string[] {
  return neighbours.map((n) => (n.direction === 'out' ? `- ${label} ${n.relation} ${n.label}` : `- ${n.label} ${n.relation} ${label}`));
}

export function conceptMessages(instance: Instance, opts: { neighbours: Neighbour[]; limits: ConceptLimits; types: EntityTypeHint[] }): ChatMessage[] {
  const n = opts.limits.concepts;
  const lines: string[] = [];
  if (instance.kind === 'entity') {
    lines.push(`Give ${n} concepts for the entity ${quote(instance.label)}.`, EXAMPLES.entity);
    if (opts.neighbours.length) lines.push('What the graph says about it:', ...contextLines(instance.label, opts.neighbours));
    const types = typeInstruction(opts.types, ['type']);
    if (types) lines.push(types);
  } else if (instance.kind === 'event') {
    lines.push(`Give ${n} concepts for the event ${quote(instance.label)}.`, EXAMPLES.event);
  } else {
    lines.push(`Give ${n} concepts for the relation ${quote(instance.label)}.`, EXAMPLES.relation);
  }
  const typed = instance.kind === 'entity' && opts.types.length > 0;
  lines.push(`Answer as {${typed ? '"type":"...",' : ''}"concepts":["...","...","..."]}`);
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: lines.join('\n') },
  ];
}

export function conceptSchema(instance: Instance, limits: ConceptLimits, types: EntityTypeHint[], min: number): JsonSchema {
  const concepts = {
    type: 'array',
    minItems: min,
    maxItems: Math.max(min, limits.concepts),
    items: { type: 'string', minLength: 2, maxLength: limits.phrase },
  };
  const typed = instance.kind === 'entity' && types.length > 0;
  const properties: Record<string, unknown> = typed ? { type: typeEnum(types), concepts } : { concepts };
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

/** An upper bound on an answer's tokens (one per character plus JSON syntax). */
export function conceptMaxTokens(limits: ConceptLimits, min: number, typeChars = 0): number {
  return Math.max(min, limits.concepts) * (limits.phrase + 4) + typeChars + 40;
}
