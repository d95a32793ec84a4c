// Stage 3: temporal, causal and conditional relations between the events of stage 2, named by
// their numbers (an event's clause is not written again). Not asked with fewer than two events.
import { coerceEventLinks } from '../json';
import { EVENT_RELATIONS, eventEventSchema, maxTokensFor, type EventRelation } from '../answer-schemas';
import { PROMPT_VERSIONS } from '../prompts';
import type { CandidateTriple, StageOutcome } from '../types';
import { askStage, type StageContext } from './common';
import { charsPerToken } from './ee';
import type { FoundEvent } from './ev';

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
  if: 'if',
  when: 'if',
  'only if': 'if',
  'on condition that': 'if',
  'provided that': 'if',
};

/** One of the event relations, or null (answers over HTTP may paraphrase). */
function eventRelation(text: string): EventRelation | null {
  const t = text
    .toLowerCase()
    .replace(/[^a-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (EVENT_RELATIONS as readonly string[]).includes(t) ? (t as EventRelation) : (SYNONYMS[t] ?? null);
}

export async function eventEventStage(ctx: StageContext, events: FoundEvent[]): Promise<{ triples: CandidateTriple[]; outcome: StageOutcome }> {
  const l = ctx.limits;
  if (events.length < 2) return { triples: [], outcome: { triples: 0, failed: false, tokens: 0, skipped: true } };
  const shape = { compact: ctx.setup.compact, events: events.length };
  const answer = await askStage(
    ctx,
    'VV',
    ctx.prompts.vv(
      ctx.setup,
      events.map((e) => e.text),
    ),
    eventEventSchema(l, shape),
    ['relations', 'triples'],
    maxTokensFor('VV', l, shape, charsPerToken(ctx)),
  );
  const counts = { tokens: answer.tokens, promptTokens: answer.promptTokens, cachedPromptTokens: answer.cachedPromptTokens, cachedCalls: answer.cachedCalls };
  if (!answer.items) return { triples: [], outcome: { triples: 0, failed: true, ...counts, error: answer.error, reason: answer.reason } };
  const triples: CandidateTriple[] = [];
  const links = coerceEventLinks(
    answer.items.map((i) => i.value),
    events.map((e) => e.text),
  );
  for (const t of links) {
    const relation = eventRelation(t.relation);
    if (!relation) continue;
    const unsupported = events[t.head].unsupported || events[t.tail].unsupported;
    triples.push({
      stage: 'VV',
      head: { text: events[t.head].text, kind: 'event' },
      relation,
      tail: { text: events[t.tail].text, kind: 'event' },
      confidence: answer.items[t.index]?.confidence() ?? answer.confidence,
      meta: { promptVersion: PROMPT_VERSIONS.VV, ...(unsupported ? { unsupported: true } : {}) },
      ...(unsupported ? { unsupported } : {}),
    });
  }
  return { triples, outcome: { triples: triples.length, failed: false, ...counts, ...(answer.gleaned ? { gleaned: answer.gleaned } : {}) } };
}
