// The answer formats as the prompts show them, and a worked example's answers rendered in the
// format the job asks for (compact tuples or objects): one example, written once, in either shape.
import type { ExtractStage } from '../types';
import type { PromptSetup, WorkedExample } from './types';

/** The shape of one item of a stage's answer, as a template the prompt shows. */
function itemFormat(stage: ExtractStage, setup: PromptSetup): string {
  const typed = Boolean(setup.entityTypes?.length);
  if (setup.compact) {
    if (stage === 'EE')
      return typed
        ? '["head","head type","relation","tail","tail type"] or, with a condition, ["head","head type","relation","tail","tail type","condition"]'
        : '["head","relation","tail"] or, with a condition, ["head","relation","tail","condition"]';
    if (stage === 'EV') return typed ? '["event",[["entity","role","entity type"],...]]' : '["event",[["entity","role"],...]]';
    return '[event number,"relation",event number]';
  }
  if (stage === 'EE')
    return typed
      ? '{"head":"...","head_type":"...","relation":"...","tail":"...","tail_type":"...","condition":""}'
      : '{"head":"...","relation":"...","tail":"...","condition":""}';
  if (stage === 'EV')
    return typed ? '{"event":"...","entities":[{"entity":"...","role":"...","type":"..."}]}' : '{"event":"...","entities":[{"entity":"...","role":"..."}]}';
  return '{"head":1,"relation":"before","tail":2}';
}

/** The whole answer around its items: a list (compact) or a list under the stage's key. */
export function answerFormat(stage: ExtractStage, setup: PromptSetup): string {
  const item = itemFormat(stage, setup);
  if (setup.compact) return `[${item},...]`;
  return `{"${listKey(stage)}":[${item},...]}`;
}

export const listKey = (stage: ExtractStage) => (stage === 'EE' ? 'triples' : stage === 'EV' ? 'events' : 'relations');

/** The example's answer to one stage, in the job's format (without entity types: the grammar adds them). */
export function renderExample(stage: ExtractStage, ex: WorkedExample, setup: PromptSetup): string {
  let items: unknown[];
  if (stage === 'EE')
    items = ex.facts.map((f) =>
      setup.compact
        ? [f.head, f.relation, f.tail, ...(f.condition ? [f.condition] : [])]
        : { head: f.head, relation: f.relation, tail: f.tail, condition: f.condition ?? '' },
    );
  else if (stage === 'EV')
    items = ex.events.map((e) =>
      setup.compact ? [e.event, e.entities] : { event: e.event, entities: e.entities.map(([entity, role]) => ({ entity, role })) },
    );
  else items = ex.relations.map(([head, relation, tail]) => (setup.compact ? [head, relation, tail] : { head, relation, tail }));
  return JSON.stringify(setup.compact ? items : { [listKey(stage)]: items });
}

/** Stage 2's events as stage 3 gets them: one per line, numbered from 1. */
export function numberedEvents(events: string[]): string {
  return events.map((e, i) => `${i + 1}. ${e}`).join('\n');
}

/** The passage block of the first turn. */
export function passageBlock(text: string, context: string[], labels: { context: string; passage: string }): string {
  return `${context.length ? `${labels.context}: ${context.join(' > ')}\n` : ''}${labels.passage}:\n"""\n${text}\n"""`;
}
