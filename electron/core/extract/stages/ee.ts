// Stage 1: entity–entity triples.
import { coerceTriples } from '../json';
import { isPronoun } from '../labels';
import { entityEntitySchema, maxTokensFor } from '../schemas';
import type { CandidateTriple, StageOutcome } from '../types';
import { askStage, type StageContext } from './common';

export async function entityEntityStage(ctx: StageContext): Promise<{ triples: CandidateTriple[]; outcome: StageOutcome }> {
  const l = ctx.limits;
  const answer = await askStage(
    ctx,
    'EE',
    ctx.prompts.ee({ text: ctx.text, context: ctx.context, limits: l }),
    entityEntitySchema(l),
    ['triples', 'facts', 'relations'],
    maxTokensFor('EE', l, charsPerToken(ctx)),
  );
  if (!answer.items) return { triples: [], outcome: { triples: 0, failed: true, tokens: answer.tokens, error: answer.error } };
  const triples: CandidateTriple[] = coerceTriples(answer.items, { head: l.entity, relation: l.relation, tail: l.entity })
    .filter((t) => !isPronoun(t.head) && !isPronoun(t.tail))
    .slice(0, l.triples)
    .map((t) => ({
      stage: 'EE',
      head: { text: t.head, kind: 'entity' },
      relation: t.relation,
      tail: { text: t.tail, kind: 'entity' },
      confidence: answer.confidence,
    }));
  return { triples, outcome: { triples: triples.length, failed: false, tokens: answer.tokens } };
}

/** Byte-level tokenizers spend more tokens on Hangul; leave room for that in maxTokens. */
export function charsPerToken(ctx: StageContext): number {
  return ctx.language === 'ko' ? 0.5 : 1;
}
