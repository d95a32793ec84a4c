// The chat answer on the real engine (node-llama-cpp) with the tiny random-weight test model: its
// words are noise, so this checks the plumbing: tokens stream as 'chat.token' events, every
// citation kept is among the ids the prompt provided, and the message is stored with its trace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmpDir } from '../helpers/tmp';
import { tinyModelPath } from '../helpers/tiny-model';
import { fixtureCore } from '../retrieve/fixture';
import type { Core } from '../../electron/core/core';
import { LlamaEngine } from '../../electron/core/llm/llama';
import { answerQuestion } from '../../electron/core/chat/answer';
import { getRetriever } from '../../electron/core/retrieve';
import type { ChatMessage, ChatSession } from '../../shared/contract/chat';

const t = tmpDir('gw-chat-llm-');
let core: Core;
let engine: LlamaEngine;

beforeAll(async () => {
  ({ core } = fixtureCore(t.dir));
  engine = await LlamaEngine.load({ modelPath: tinyModelPath(), maxThreads: 1, gpu: false, sequences: 1 });
  core.engines.use('chat', engine);
});
afterAll(async () => {
  core.engines.use('chat', null);
  await engine?.close();
  await core.close();
  t.cleanup();
});

describe('chat on the real engine (tiny model)', () => {
  it('streams an answer, keeps only provided citations and stores the trace', async () => {
    const session = (await core.call('chat.sessions.create', {})) as { ok: true; value: ChatSession };
    const tokens: string[] = [];
    let done = 0;
    const off = core.bus.on('chat.token', (e) => (e.done ? done++ : tokens.push(e.token)));
    const r = await core.call('chat.ask', { sessionId: session.value.id, question: 'who directed the films written by Nora Ephron', maxTriples: 8 });
    off();
    expect(r.ok, JSON.stringify(r)).toBe(true);
    const msg = (r as { ok: true; value: ChatMessage }).value;
    expect(tokens.length).toBeGreaterThan(1);
    expect(done).toBe(1);
    expect(msg.streamId).toBeTruthy();
    expect(msg.trace).toMatchObject({ mode: 'llm', outcome: 'found' });
    expect(msg.trace!.triples.length).toBeGreaterThan(0);
    const provided = new Set([...msg.trace!.triples.map((x) => `T${x.id}`), ...msg.trace!.passages.map((p) => `P${p.id}`)]);
    for (const c of msg.citations) expect(provided.has(c.marker)).toBe(true);
    for (const m of msg.content.matchAll(/\[([TP]\d+(?:,\s*[TP]\d+)*)\]/g)) for (const id of m[1].split(/,\s*/)) expect(provided.has(id)).toBe(true);
    const stored = (await core.call('chat.messages.list', { sessionId: session.value.id })) as { ok: true; value: ChatMessage[] };
    expect(stored.value[1]).toMatchObject({ id: msg.id, content: msg.content, citations: msg.citations });
    expect(stored.value[1].trace?.entities[0].label).toBe('Nora Ephron');
  });

  it('fits a long fact list into the small context (retrying with a shorter prompt if needed)', async () => {
    const retrieval = await getRetriever(core).retrieve('what films did Meg Ryan and Tom Hanks star in', { maxTriples: 60 });
    const streamed: string[] = [];
    const answer = await answerQuestion('what films did Meg Ryan and Tom Hanks star in', retrieval, {
      engine,
      maxTokens: 64,
      onToken: (x) => streamed.push(x),
    });
    expect(answer.mode).toBe('llm');
    expect(streamed.join('')).toBe(answer.raw);
    const ids = new Set(retrieval.triples.map((x) => x.id));
    for (const c of answer.citations) expect(c.kind === 'triple' ? ids.has(c.id) : true).toBe(true);
  });

  it('is asked on passages alone, and an answer left with no citation is marked uncited', async () => {
    const found = await getRetriever(core).retrieve('who directed the films written by Nora Ephron', { maxTriples: 8 });
    // passages about the question the extractive reader can state no answer from, and no facts
    const weak = {
      ...found,
      triples: [],
      paths: [],
      answers: [],
      passages: found.passages.map((p) => ({ ...p, text: 'The films written by Nora Ephron had a director.' })),
    };
    const answer = await answerQuestion('who directed the films written by Nora Ephron', weak, { engine, maxTokens: 48, temperature: 0 });
    expect(answer.mode).toBe('llm');
    expect(answer.raw!.trim().length).toBeGreaterThan(0);
    // the random model's words cite nothing it was given: a found answer is marked, an abstention has no short answers
    expect(answer.citations).toEqual([]);
    if (answer.outcome === 'found') expect(answer.uncited).toBe(true);
    else expect(answer).toMatchObject({ outcome: 'not_in_graph', answers: [] });
  });
});
