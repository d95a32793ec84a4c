// Stage 1: facts between entities. A requirement keeps its keyword and negation in the relation
// (meta.modality, meta.negated), a condition goes to meta.condition, a value with its unit or a
// definition's text becomes a literal tail, and every end must be in the chunk (else the triple is
// marked unsupported).
import { coerceTriples } from '../json';
import { isPronoun } from '../labels';
import { conditionChars, entityEntitySchema, maxTokensFor } from '../answer-schemas';
import { entityGrounded } from '../grounding';
import { PROMPT_VERSIONS } from '../prompts';
import type { CandidateTriple, StageOutcome } from '../types';
import { askStage, type StageContext } from './common';
import { resolveType, typeChars, typeEnum } from '../../concepts/types';
import { literalKind, modalityOf } from './facts';

export async function entityEntityStage(ctx: StageContext): Promise<{ triples: CandidateTriple[]; outcome: StageOutcome }> {
  const l = ctx.limits;
  const types = ctx.setup.entityTypes?.length ? ctx.setup.entityTypes : undefined;
  const shape = { compact: ctx.setup.compact, types: types && typeEnum(types) };
  const answer = await askStage(
    ctx,
    'EE',
    ctx.prompts.passage({ text: ctx.text, context: ctx.context }, ctx.setup),
    entityEntitySchema(l, shape),
    ['triples', 'facts', 'relations'],
    maxTokensFor('EE', l, shape, charsPerToken(ctx), types ? typeChars(types) : 0),
  );
  const counts = { tokens: answer.tokens, promptTokens: answer.promptTokens, cachedPromptTokens: answer.cachedPromptTokens, cachedCalls: answer.cachedCalls };
  if (!answer.items) return { triples: [], outcome: { triples: 0, failed: true, ...counts, error: answer.error, reason: answer.reason } };
  const raw = coerceTriples(
    answer.items.map((i) => i.value),
    { head: l.entity, relation: l.relation, tail: l.entity, condition: conditionChars(l) },
    Boolean(types),
  );
  const triples: CandidateTriple[] = [];
  for (const t of raw) {
    if (isPronoun(t.head) || isPronoun(t.tail)) continue;
    const literal = literalKind(t.relation, t.tail);
    const unsupported = !entityGrounded(t.head, ctx.passage) || !entityGrounded(t.tail, ctx.passage);
    const modality = modalityOf(t.relation);
    triples.push({
      stage: 'EE',
      head: { text: t.head, kind: 'entity', ...(types ? { type: resolveType(t.headType, types) } : {}) },
      relation: t.relation,
      // a literal is kept as written; its type is the user's schema's when there is one
      tail: {
        text: t.tail,
        kind: 'entity',
        ...(literal ? { literal: true } : {}),
        ...(types ? { type: resolveType(t.tailType, types) } : literal ? { type: literal } : {}),
      },
      confidence: answer.items[t.index]?.confidence() ?? answer.confidence,
      meta: {
        promptVersion: PROMPT_VERSIONS.EE,
        ...(t.condition ? { condition: t.condition } : {}),
        ...modality,
        ...(unsupported ? { unsupported: true } : {}),
      },
      ...(unsupported ? { unsupported } : {}),
    });
  }
  return { triples, outcome: { triples: triples.length, failed: false, ...counts, ...(answer.gleaned ? { gleaned: answer.gleaned } : {}) } };
}

/** Byte-level tokenizers spend more tokens on Hangul; leave room for that in maxTokens. */
export function charsPerToken(ctx: StageContext): number {
  return ctx.language === 'ko' ? 0.5 : 1;
}
