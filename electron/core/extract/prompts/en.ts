// English prompts, one per stage. The answer format is enforced by the schema; the prompt says what to put in it.
import type { PromptInput, StagePrompts } from './types';

const passage = (i: PromptInput) => `${i.context.length ? `Context: ${i.context.join(' > ')}\n` : ''}Passage:\n"""\n${i.text}\n"""`;

export const en: StagePrompts = {
  system: [
    'You turn technical documents into knowledge-graph facts.',
    'Answer with JSON only, in the format asked for.',
    'Write every name exactly as the passage writes it. Never answer with a pronoun ("it", "they", "this") or a vague phrase ("the protocol", "the device") when the passage names the thing: write its name.',
    'Only state what the passage says. Keep every string short.',
  ].join(' '),

  ee: (i) =>
    [
      'Stage 1 of 3: relations between entities.',
      'An entity is a named thing: a system, component, protocol, message, attribute, standard, organisation, person, place, quantity or defined term.',
      `List up to ${i.limits.triples} facts, the most important first. For each fact give:`,
      `- "head": the first entity, as written (at most ${i.limits.entity} characters);`,
      `- "relation": a short verb phrase of one to four words, e.g. "is part of", "sends", "is defined in", "uses" (at most ${i.limits.relation} characters);`,
      '- "tail": the second entity, as written.',
      passage(i),
      'Answer as {"triples":[{"head":"...","relation":"...","tail":"..."}]}',
    ].join('\n'),

  ev: (i) =>
    [
      'Stage 2 of 3: events and the entities that take part in them.',
      'An event is something that happens or is done, written as one short clause with its own subject and verb, e.g. "the NAS sends an Access-Request to the RADIUS server" or "the race was revived in 2016".',
      `List up to ${i.limits.events} events (at most ${i.limits.event} characters each). For each event list up to ${i.limits.participants} entities that take part in it, each with its role: a short verb phrase read from the event to the entity, e.g. "is performed by", "is sent to", "affects", "happens in".`,
      passage(i),
      'Answer as {"events":[{"event":"...","entities":[{"entity":"...","role":"..."}]}]}',
    ].join('\n'),

  vv: (i) =>
    [
      'Stage 3 of 3: how events relate in time and cause.',
      'Use only these relations: "before", "after", "at the same time", "because", "as a result".',
      '"A before B": A happens first. "A because B": B causes A. "A as a result B": A causes B.',
      i.events?.length
        ? `Events already found in this passage:\n${i.events.map((e, n) => `${n + 1}. ${e}`).join('\n')}\nUse these clauses as written; add another event only if the passage states it.`
        : 'Write each event as a short clause with its own subject and verb.',
      `List up to ${i.limits.eventRelations} relations that the passage states or clearly implies.`,
      passage(i),
      'Answer as {"relations":[{"head":"...","relation":"before","tail":"..."}]}',
    ].join('\n'),
};
