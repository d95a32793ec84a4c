// Chat with a model: the prompt (passages first as labelled clauses, then at most 15 facts), the
// model asked whenever retrieval found passages, its abstention read as "not in the graph", and an
// answer left with no citation marked uncited. A scripted LlmEngine of our own answers (the real
// node-llama-cpp runs in llm.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmpDir } from '../helpers/tmp';
import { fixtureCore } from '../retrieve/fixture';
import type { Core } from '../../electron/core/core';
import { answerQuestion, extractiveAnswer } from '../../electron/core/chat/answer';
import { ABSTAIN, buildChatPrompt, isAbstention, MAX_FACTS, passageClauses } from '../../electron/core/chat/llm-prompt';
import { getRetriever } from '../../electron/core/retrieve';
import type { ChatMessage, LlmEngine } from '../../electron/core/llm/engine';
import type { RetrievalResult } from '../../electron/core/retrieve/retriever';

const t = tmpDir('gw-chat-llm-answer-');
let core: Core;

beforeAll(() => {
  ({ core } = fixtureCore(t.dir));
});
afterAll(async () => {
  await core.close();
  t.cleanup();
});

/** An engine that answers with `reply` (a function of the prompt), and records the prompts. */
function replying(reply: (messages: ChatMessage[]) => string): LlmEngine & { prompts: ChatMessage[][] } {
  const prompts: ChatMessage[][] = [];
  return {
    prompts,
    info: () => ({ engine: 'llama', model: 'scripted', backend: 'cpu', contextSize: 8192, parallelSequences: 1 }),
    generate: async () => {
      throw new Error('not used');
    },
    async *stream(messages) {
      prompts.push(messages);
      yield reply(messages);
    },
    embed: async (texts) => texts.map(() => [1, 0]),
    close: async () => undefined,
  };
}

const firstPassage = (messages: ChatMessage[]) => /\[(P\d+)\]/.exec(messages[1].content)![1];

describe('the chat prompt', () => {
  it('puts the passages first, each clause under its label, then at most 15 facts, then the question', () => {
    const text = 'The attribute carries the size. It MUST NOT exceed 1500 octets. The server sends it back.';
    const p = buildChatPrompt(
      'What is the largest size?',
      Array.from({ length: 40 }, (_, i) => ({ id: i + 1, text: `fact ${i + 1}.` })),
      [
        {
          id: 9,
          text,
          sections: [
            { start: 0, end: 31, clause: 'RFC 9999 §3.1 Size' },
            { start: 31, end: text.length, clause: 'RFC 9999 §3.2 Limits' },
          ],
        },
      ],
    );
    const user = p.messages[1].content;
    expect(user.indexOf('[P9]')).toBeLessThan(user.indexOf('[T1]'));
    expect(user).toContain('[P9] (RFC 9999 §3.1 Size) The attribute carries the size. (RFC 9999 §3.2 Limits) It MUST NOT exceed 1500 octets.');
    expect(p.facts).toHaveLength(MAX_FACTS);
    expect(user.trim().endsWith('Question: What is the largest size?')).toBe(true);
  });

  it('cuts a passage too long for the room at a sentence end, not inside a word', () => {
    const long = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} says something about the protocol.`).join(' ');
    const p = buildChatPrompt('q?', [], [{ id: 3, text: long }], 1500);
    const line = p.messages[1].content.split('\n').find((l) => l.startsWith('[P3]'))!;
    expect(line).toMatch(/protocol\. …$/);
    expect(passageClauses({ id: 1, text: 'a  b\n c', label: 'Doc' })).toEqual([{ label: 'Doc', text: 'a b c' }]);
  });

  it('knows an abstention from an answer', () => {
    expect(isAbstention(ABSTAIN)).toBe(true);
    expect(isAbstention('The passages do not say. [P3]')).toBe(true);
    expect(isAbstention('The attribute is at most 1500 octets [P9].')).toBe(false);
  });
});

describe('answering with a model', () => {
  let weak: RetrievalResult;
  let offTopic: RetrievalResult;
  beforeAll(async () => {
    const found = await getRetriever(core).retrieve('who directed the films written by Nora Ephron', { maxTriples: 8 });
    const withText = (text: string): RetrievalResult => ({
      ...found,
      triples: [],
      paths: [],
      answers: [],
      passages: found.passages.map((p) => ({ ...p, text })),
    });
    // passages about what the question asks, holding no answer the extractive reader could state, and no facts
    weak = withText('The films written by Nora Ephron were directed.');
    // passages that do not hold what the question asks about
    offTopic = withText('The catalogue lists every film by its year.');
  });

  it('asks the model whenever retrieval found passages about the question, even where nothing could be stated without one', async () => {
    expect(weak.passages.length).toBeGreaterThan(0);
    expect(extractiveAnswer(weak).outcome).not.toBe('found');
    const engine = replying((m) => `Mike Nichols directed it [${firstPassage(m)}].`);
    const a = await answerQuestion('who directed the films written by Nora Ephron', weak, { engine });
    expect(engine.prompts).toHaveLength(1);
    expect(a).toMatchObject({ mode: 'llm', outcome: 'found' });
    expect(a.citations).toHaveLength(1);
    expect(a.uncited).toBeUndefined();
  });

  it('does not ask the model about what the passages do not hold: not in the graph', async () => {
    const engine = replying(() => 'Rob Reiner [P1].');
    const a = await answerQuestion('who directed the films written by Nora Ephron', offTopic, { engine });
    expect(engine.prompts).toHaveLength(0);
    expect(a).toMatchObject({ mode: 'none', outcome: 'not_in_graph', answers: [] });
  });

  it("reads the model's abstention as not in the graph", async () => {
    const a = await answerQuestion('who directed the films written by Nora Ephron', weak, { engine: replying(() => ABSTAIN) });
    expect(a).toMatchObject({ mode: 'llm', outcome: 'not_in_graph', answers: [] });
  });

  it('marks an answer none of whose citations survive as uncited', async () => {
    const a = await answerQuestion('who directed the films written by Nora Ephron', weak, { engine: replying(() => 'Rob Reiner directed it [P999999].') });
    expect(a).toMatchObject({ mode: 'llm', outcome: 'found', uncited: true, citations: [] });
    expect(a.content).toBe('Rob Reiner directed it.');
  });
});
