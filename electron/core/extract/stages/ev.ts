// Stage 2: events as first-class nodes, linked to the entities that take part in them. An event
// must share most of its content words with one sentence of the chunk, a participant be written
// there, or the triple is marked unsupported.
import { coerceEvents } from '../json';
import { isPronoun } from '../labels';
import { entityEventSchema, maxTokensFor } from '../answer-schemas';
import { entityGrounded, eventGrounded } from '../grounding';
import { PROMPT_VERSIONS } from '../prompts';
import type { CandidateTriple, StageOutcome } from '../types';
import { askStage, type StageContext } from './common';
import { charsPerToken } from './ee';
import { resolveType, typeChars, typeEnum } from '../../concepts/types';

/** The relation when the model gives an entity no role. */
const DEFAULT_ROLE = 'is participated by';

/** An event stage 2 found, for stage 3: its clause and whether the chunk supports it. */
export interface FoundEvent {
  text: string;
  unsupported: boolean;
}

export async function entityEventStage(ctx: StageContext): Promise<{ triples: CandidateTriple[]; events: FoundEvent[]; outcome: StageOutcome }> {
  const l = ctx.limits;
  const types = ctx.setup.entityTypes?.length ? ctx.setup.entityTypes : undefined;
  const shape = { compact: ctx.setup.compact, types: types && typeEnum(types) };
  const answer = await askStage(
    ctx,
    'EV',
    ctx.prompts.ev(ctx.setup),
    entityEventSchema(l, shape),
    ['events'],
    maxTokensFor('EV', l, shape, charsPerToken(ctx), types ? typeChars(types) : 0),
  );
  const counts = { tokens: answer.tokens, promptTokens: answer.promptTokens, cachedPromptTokens: answer.cachedPromptTokens, cachedCalls: answer.cachedCalls };
  if (!answer.items) return { triples: [], events: [], outcome: { triples: 0, failed: true, ...counts, error: answer.error, reason: answer.reason } };
  const compact = ctx.setup.compact;
  const events = coerceEvents(
    answer.items.map((i) => i.value),
    { event: l.event, entity: l.entity, role: l.relation, participants: l.participants },
  );
  const triples: CandidateTriple[] = [];
  const found: FoundEvent[] = [];
  for (const e of events) {
    const eventUnsupported = !eventGrounded(e.event, ctx.passage);
    found.push({ text: e.event, unsupported: eventUnsupported });
    const item = answer.items[e.index];
    for (const p of e.entities) {
      if (isPronoun(p.entity)) continue;
      const unsupported = eventUnsupported || !entityGrounded(p.entity, ctx.passage);
      // the event's clause and this participant's own values
      const own = compact ? item?.confidence([0], [1, p.index]) : item?.confidence(['event'], ['entities', p.index]);
      triples.push({
        stage: 'EV',
        head: { text: e.event, kind: 'event' },
        relation: p.role || DEFAULT_ROLE,
        tail: { text: p.entity, kind: 'entity', ...(types ? { type: resolveType(p.type, types) } : {}) },
        confidence: own ?? answer.confidence,
        meta: { promptVersion: PROMPT_VERSIONS.EV, ...(unsupported ? { unsupported: true } : {}) },
        ...(unsupported ? { unsupported } : {}),
      });
    }
  }
  return {
    triples,
    events: found,
    outcome: { triples: triples.length, failed: false, ...counts, ...(answer.gleaned ? { gleaned: answer.gleaned } : {}) },
  };
}
