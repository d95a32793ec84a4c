// English prompts (see types.ts for the layout: one shared system prompt, the passage once, the
// stages as follow-up turns). The answer format is enforced by the schema; the prompt says what to
// put in it. The worked example is an invented protocol clause, written for the purpose.
import { EVENT_RELATIONS, wordsOf } from '../answer-schemas';
import { UNKNOWN_TYPE } from '../../concepts/types';
import { answerFormat, numberedEvents, passageBlock, renderExample } from './format';
import type { PromptSetup, StagePrompts, WorkedExample } from './types';

const EXAMPLE_EN: WorkedExample = {
  context: ['Example Transfer Protocol', '4.2. Keepalive'],
  passage: [
    'A client MUST send a Keepalive message every 10 seconds. A client MUST NOT send data before the handshake',
    'completes. If the server does not answer within 30 seconds, the client SHALL close the connection. The term',
    '"connection" means an association between one client and one server (see Section 2.1). The idle timeout is',
    '300 seconds.',
  ].join('\n'),
  facts: [
    { head: 'client', relation: 'MUST send', tail: 'Keepalive message' },
    { head: 'Keepalive message', relation: 'has interval', tail: '10 seconds' },
    { head: 'client', relation: 'MUST NOT send', tail: 'data', condition: 'before the handshake completes' },
    { head: 'client', relation: 'SHALL close', tail: 'connection', condition: 'the server does not answer within 30 seconds' },
    { head: 'connection', relation: 'is defined as', tail: 'an association between one client and one server' },
    { head: 'connection', relation: 'is described in', tail: 'Section 2.1' },
    { head: 'idle timeout', relation: 'has value', tail: '300 seconds' },
  ],
  events: [
    {
      event: 'the client sends a Keepalive message',
      entities: [
        ['client', 'is performed by'],
        ['Keepalive message', 'concerns'],
      ],
    },
    { event: 'the server does not answer within 30 seconds', entities: [['server', 'is performed by']] },
    {
      event: 'the client closes the connection',
      entities: [
        ['client', 'is performed by'],
        ['connection', 'affects'],
      ],
    },
  ],
  relations: [[3, 'if', 2]],
};

const quoted = (xs: readonly string[]) => xs.map((x) => `"${x}"`).join(', ');

function typesParagraph(setup: PromptSetup): string[] {
  const out: string[] = [];
  if (setup.entityTypes?.length) {
    out.push(
      `Entity types (give each entity one of them, or "${UNKNOWN_TYPE}" when none fits):`,
      ...setup.entityTypes.map(
        (t) => `- ${t.name}${t.description ? `: ${t.description}` : ''}${t.examples.length ? ` (e.g. ${t.examples.slice(0, 3).join(', ')})` : ''}`,
      ),
    );
  }
  if (setup.relationTypes?.length) {
    out.push(
      'Relation types: when a fact is one of these, use its name as the relation, with a requirement keyword or negation in front when the passage has one ("MUST NOT <name>"):',
      ...setup.relationTypes.map((t) => {
        const ends = t.headTypes.length || t.tailTypes.length ? ` (${t.headTypes.join(' or ') || 'any'} → ${t.tailTypes.join(' or ') || 'any'})` : '';
        return `- ${t.name}${ends}${t.description ? `: ${t.description}` : ''}`;
      }),
    );
  }
  return out;
}

export const en: StagePrompts = {
  system: (setup) => {
    const l = setup.limits;
    const ex = EXAMPLE_EN;
    return [
      'You turn passages of technical documents and standards into knowledge-graph facts, in three stages asked one after another about the same passage.',
      `Answer each stage with JSON only, on one line, in the format it gives; answer ${setup.compact ? '[]' : 'with an empty list'} when the passage states nothing of the kind.`,
      'Rules:',
      '- Only what the passage states. Write names as the passage writes them; never a pronoun or a vague phrase ("it", "this value", "the protocol") where the passage names the thing.',
      '- Keep requirement keywords (MUST, MUST NOT, SHALL, SHOULD, MAY, ...) and negation in the relation as written: "MUST NOT send". Never turn "X MUST NOT do Y" into "X does Y".',
      '- A condition ("if", "when", "unless", "before", "only after") is the fact\'s condition, not part of its ends.',
      '- A value keeps its number and unit as written ("at least 64 octets", "30 seconds"); a definition is (term, "is defined as", the defining text).',
      '- A reference keeps its designation ("Section 4.2", "Table 3", the standard\'s number).',
      `- Names: at most ${wordsOf(l.entity)} words; relations and roles: 1 to ${wordsOf(l.relation)} words; events and conditions: one clause of at most ${wordsOf(l.event)} words.`,
      `Stage 1, facts between entities: ${answerFormat('EE', setup)}. An entity is a named thing: a system, component, message, field, parameter, value, state, document part, standard or defined term.`,
      `Stage 2, events: ${answerFormat('EV', setup)}. An event is something done or happening, one clause with its own subject and verb; each entity taking part has a role read from the event to it ("is performed by", "is sent to", "affects").`,
      `Stage 3, relations between stage 2's numbered events: ${answerFormat('VV', setup)}, the relation one of ${quoted(EVENT_RELATIONS)}. "A before B": A happens first. "A because B": B causes A. "A as a result B": A causes B. "A if B": A happens, or is required, only when B holds.`,
      ...typesParagraph(setup),
      'Example.',
      passageBlock(ex.passage, ex.context, { context: 'Context', passage: 'Passage' }),
      `Stage 1: ${renderExample('EE', ex, setup)}`,
      `Stage 2: ${renderExample('EV', ex, setup)}`,
      `Stage 3: ${renderExample('VV', ex, setup)}`,
    ].join('\n');
  },

  passage: (input, setup) => `${passageBlock(input.text, input.context, { context: 'Context', passage: 'Passage' })}\n${en.ee(setup)}`,

  ee: (setup) => `Stage 1: facts between entities, up to ${setup.limits.triples}, the most important first.`,

  ev: (setup) => `Stage 2: events, up to ${setup.limits.events}, each with up to ${setup.limits.participants} entities.`,

  vv: (setup, events) => `Stage 3: relations between these events, up to ${setup.limits.eventRelations}, by number:\n${numberedEvents(events)}`,

  glean: (stage, setup) => {
    const what = stage === 'EE' ? 'facts' : stage === 'EV' ? 'events' : 'relations';
    const cap = stage === 'EE' ? setup.limits.triples : stage === 'EV' ? setup.limits.events : setup.limits.eventRelations;
    return `More ${what} the passage states that are not listed yet, up to ${cap}; ${setup.compact ? '[]' : 'an empty list'} when none.`;
  },
};
