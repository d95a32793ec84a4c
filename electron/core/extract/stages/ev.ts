// Stage 2: events as first-class nodes, linked to the entities that take part in them.
import { coerceEvents } from '../json';
import { isPronoun } from '../labels';
import { entityEventSchema, maxTokensFor } from '../answer-schemas';
import type { CandidateTriple, StageOutcome } from '../types';
import { askStage, type StageContext } from './common';
import { charsPerToken } from './ee';
import { resolveType, typeChars, typeEnum, withTypeInstruction } from '../../concepts/types';

/** The relation when the model gives an entity no role. */
export const DEFAULT_ROLE = 'is participated by';

export async function entityEventStage(ctx: StageContext): Promise<{ triples: CandidateTriple[]; events: string[]; outcome: StageOutcome }> {
  const l = ctx.limits;
  const types = ctx.entityTypes;
  const answer = await askStage(
    ctx,
    'EV',
    withTypeInstruction(ctx.prompts.ev({ text: ctx.text, context: ctx.context, limits: l }), types, ['type']),
    entityEventSchema(l, types && typeEnum(types)),
    ['events'],
    maxTokensFor('EV', l, charsPerToken(ctx)) + (types ? l.events * l.participants * typeChars(types) : 0),
  );
  if (!answer.items)
    return {
      triples: [],
      events: [],
      outcome: {
        triples: 0,
        failed: true,
        tokens: answer.tokens,
        promptTokens: answer.promptTokens,
        cachedPromptTokens: answer.cachedPromptTokens,
        error: answer.error,
        reason: answer.reason,
      },
    };
  const events = coerceEvents(answer.items, { event: l.event, entity: l.entity, role: l.relation, participants: l.participants }).slice(0, l.events);
  const triples: CandidateTriple[] = [];
  for (const e of events) {
    for (const p of e.entities) {
      if (isPronoun(p.entity)) continue;
      triples.push({
        stage: 'EV',
        head: { text: e.event, kind: 'event' },
        relation: p.role || DEFAULT_ROLE,
        tail: { text: p.entity, kind: 'entity', ...(types ? { type: resolveType(p.type, types) } : {}) },
        confidence: answer.confidence,
      });
    }
  }
  return {
    triples,
    events: events.map((e) => e.event),
    outcome: {
      triples: triples.length,
      failed: false,
      tokens: answer.tokens,
      promptTokens: answer.promptTokens,
      cachedPromptTokens: answer.cachedPromptTokens,
    },
  };
}
