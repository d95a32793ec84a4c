// Stage 1: entity–entity triples.
import { coerceTriples } from '../json';
import { isPronoun } from '../labels';
import { entityEntitySchema, maxTokensFor } from '../answer-schemas';
import type { CandidateTriple, StageOutcome } from '../types';
import { askStage, type StageContext } from './common';
import { resolveType, typeChars, typeEnum, withTypeInstruction } from '../../concepts/types';

export async function entityEntityStage(ctx: StageContext): Promise<{ triples: CandidateTriple[]; outcome: StageOutcome }> {
  const l = ctx.limits;
  const types = ctx.entityTypes;
  const answer = await askStage(
    ctx,
    'EE',
    withTypeInstruction(ctx.prompts.ee({ text: ctx.text, context: ctx.context, limits: l }), types, ['head_type', 'tail_type']),
    entityEntitySchema(l, types && typeEnum(types)),
    ['triples', 'facts', 'relations'],
    maxTokensFor('EE', l, charsPerToken(ctx)) + (types ? l.triples * 2 * typeChars(types) : 0),
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
  const triples: CandidateTriple[] = coerceTriples(answer.items, { head: l.entity, relation: l.relation, tail: l.entity })
    .filter((t) => !isPronoun(t.head) && !isPronoun(t.tail))
    .slice(0, l.triples)
    .map((t) => ({
      stage: 'EE',
      head: { text: t.head, kind: 'entity', ...(types ? { type: resolveType(t.headType, types) } : {}) },
      relation: t.relation,
      tail: { text: t.tail, kind: 'entity', ...(types ? { type: resolveType(t.tailType, types) } : {}) },
      confidence: answer.confidence,
    }));
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

/** Byte-level tokenizers spend more tokens on Hangul; leave room for that in maxTokens. */
export function charsPerToken(ctx: StageContext): number {
  return ctx.language === 'ko' ? 0.5 : 1;
}
