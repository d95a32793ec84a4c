// Stage 3: temporal and causal relations between events.
import { coerceTriples } from '../json';
import { EVENT_RELATIONS, eventEventSchema, maxTokensFor, type EventRelation } from '../answer-schemas';
import type { CandidateTriple, StageOutcome } from '../types';
import { askStage, type StageContext } from './common';
import { charsPerToken } from './ee';

const SYNONYMS: Record<string, EventRelation> = {
  before: 'before',
  precedes: 'before',
  after: 'after',
  follows: 'after',
  'at the same time': 'at the same time',
  simultaneously: 'at the same time',
  'at the same time as': 'at the same time',
  while: 'at the same time',
  during: 'at the same time',
  because: 'because',
  'because of': 'because',
  'caused by': 'because',
  'as a result': 'as a result',
  causes: 'as a result',
  'results in': 'as a result',
  'leads to': 'as a result',
};

/** One of the five event relations, or null (answers over HTTP may paraphrase). */
export function eventRelation(text: string): EventRelation | null {
  const t = text
    .toLowerCase()
    .replace(/[^a-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (EVENT_RELATIONS as readonly string[]).includes(t) ? (t as EventRelation) : (SYNONYMS[t] ?? null);
}

export async function eventEventStage(ctx: StageContext, events: string[]): Promise<{ triples: CandidateTriple[]; outcome: StageOutcome }> {
  const l = ctx.limits;
  const answer = await askStage(
    ctx,
    'VV',
    ctx.prompts.vv({ text: ctx.text, context: ctx.context, limits: l, events }),
    eventEventSchema(l),
    ['relations', 'triples'],
    maxTokensFor('VV', l, charsPerToken(ctx)),
  );
  if (!answer.items)
    return {
      triples: [],
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
  const triples: CandidateTriple[] = [];
  for (const t of coerceTriples(answer.items, { head: l.event, relation: 40, tail: l.event }).slice(0, l.eventRelations)) {
    const relation = eventRelation(t.relation);
    if (!relation) continue;
    triples.push({ stage: 'VV', head: { text: t.head, kind: 'event' }, relation, tail: { text: t.tail, kind: 'event' }, confidence: answer.confidence });
  }
  return {
    triples,
    outcome: {
      triples: triples.length,
      failed: false,
      tokens: answer.tokens,
      promptTokens: answer.promptTokens,
      cachedPromptTokens: answer.cachedPromptTokens,
    },
  };
}
