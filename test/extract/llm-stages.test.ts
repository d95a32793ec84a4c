// What the LLM stages make of answers, through a local OpenAI-compatible server written here (the
// engine is the real OpenAiEngine) and the real node-llama-cpp on the tiny model: grounding, the
// standards fields (modality, conditions, literals), gleaning, a confidence per triple from its own
// tokens, the stage cache, one-line compact answers and the prompt cache.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Core } from '../../electron/core/core';
import { OpenAiEngine } from '../../electron/core/llm/openai';
import { LlamaEngine } from '../../electron/core/llm/llama';
import { extractChunkWithLlm } from '../../electron/core/extract/pipeline';
import { DEFAULT_LIMITS, entityEntitySchema } from '../../electron/core/extract/answer-schemas';
import { ExtractSummary } from '../../shared/contract/extract';
import { unwrap } from '../../shared/dispatch';
import { tinyModelPath } from '../helpers/tiny-model';
import { tmpDir } from '../helpers/tmp';
import { insertText } from './fixtures';

const TEXT =
  'A client MUST NOT send data before the handshake completes. The session key is at least 64 octets long. ' +
  'If the server does not answer, the client closes the connection. The term "session" means an association between two peers.';

type Stage = 'EE' | 'EV' | 'VV';
/** The stage a request asks for: its last user turn that is not a gleaning turn names it. */
const stageOf = (body: { messages: { role: string; content: string }[] }): Stage => {
  const request = body.messages.filter((m) => m.role === 'user' && !/^More /.test(m.content)).at(-1)!.content;
  return request.includes('Stage 1:') ? 'EE' : request.includes('Stage 2:') ? 'EV' : 'VV';
};

const ANSWERS: Record<Stage, unknown> = {
  EE: {
    triples: [
      { head: 'client', relation: 'MUST NOT send', tail: 'data', condition: 'before the handshake completes' },
      { head: 'session key', relation: 'has length', tail: 'at least 64 octets', condition: '' },
      { head: 'session', relation: 'is defined as', tail: 'an association between two peers', condition: '' },
      { head: 'client', relation: 'uses', tail: 'Diameter', condition: '' },
    ],
  },
  EV: {
    events: [
      { event: 'the server does not answer', entities: [{ entity: 'server', role: 'is performed by' }] },
      { event: 'the client closes the connection', entities: [{ entity: 'client', role: 'is performed by' }] },
      { event: 'the router reboots twice', entities: [{ entity: 'router', role: 'is performed by' }] },
    ],
  },
  VV: { relations: [{ head: 2, relation: 'if', tail: 1 }] },
};

let server: http.Server;
let base = '';
const seen: Stage[] = [];
let failVv = false;
let logprobs: ((content: string) => unknown) | null = null;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw);
      const stage = stageOf(body);
      seen.push(stage);
      res.setHeader('content-type', 'application/json');
      if (stage === 'VV' && failVv) {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: 'overloaded' }));
        return;
      }
      const last = body.messages.at(-1).content as string;
      const content = JSON.stringify(/^More /.test(last) ? { triples: [], events: [] } : ANSWERS[stage]);
      res.end(
        JSON.stringify({
          choices: [{ message: { role: 'assistant', content }, finish_reason: 'stop', ...(logprobs ? { logprobs: logprobs(content) } : {}) }],
          usage: { completion_tokens: 20, prompt_tokens: 500 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  failVv = false;
  logprobs = null;
});

const engine = () => new OpenAiEngine({ baseUrl: base, model: 'standards', retries: 0, backoffMs: 1 });

describe('answers read as a standard states them', () => {
  it('keeps modality and negation in the relation, the condition apart, values and definitions as literals', async () => {
    const r = await extractChunkWithLlm({ text: TEXT }, { engine: engine(), engineName: 'openai' });
    const ee = r.triples.filter((t) => t.stage === 'EE');
    const send = ee.find((t) => t.relation === 'MUST NOT send')!;
    expect(send.meta).toMatchObject({ modality: 'MUST NOT', negated: true, condition: 'before the handshake completes', promptVersion: 'EE.2' });
    expect(send.head.text).toBe('client');
    expect(ee.find((t) => t.relation === 'has length')!.tail).toMatchObject({ text: 'at least 64 octets', literal: true, type: 'quantity' });
    expect(ee.find((t) => t.relation === 'is defined as')!.tail).toMatchObject({ literal: true, type: 'definition' });
  });

  it('marks a triple whose end the chunk does not hold unsupported (an entity not written, an event most of whose words are not in one sentence)', async () => {
    const r = await extractChunkWithLlm({ text: TEXT }, { engine: engine(), engineName: 'openai' });
    const unsupported = r.triples.filter((t) => t.unsupported).map((t) => `${t.head.text} | ${t.relation} | ${t.tail.text}`);
    expect(unsupported).toEqual(['client | uses | Diameter', 'the router reboots twice | is performed by | router']);
    expect(r.triples.filter((t) => !t.unsupported).length).toBeGreaterThanOrEqual(5);
    // stage 3 relates the events by number; "the client closes ... if the server does not answer"
    expect(r.triples.find((t) => t.stage === 'VV')).toMatchObject({
      head: { text: 'the client closes the connection' },
      relation: 'if',
      tail: { text: 'the server does not answer' },
    });
  });

  it("gives each triple the confidence of its own tokens, not the whole answer's", async () => {
    // the server's tokens: the first fact's values at p 0.9, everything else at p 0.3
    logprobs = (content) => {
      const firstEnd = content.indexOf('},{');
      return {
        content: [...content].map((ch, i) => ({ token: ch, logprob: Math.log(i < firstEnd && /[A-Za-z]/.test(ch) ? 0.9 : 0.3) })),
      };
    };
    const r = await extractChunkWithLlm({ text: TEXT }, { engine: engine(), engineName: 'openai' });
    const ee = r.triples.filter((t) => t.stage === 'EE');
    expect(ee[0].confidence).toBeGreaterThan(0.8);
    expect(ee[1].confidence).toBeLessThan(0.35);
  });

  it('gleans once when a stage returns its cap, and not when told not to', async () => {
    const limits = { ...DEFAULT_LIMITS, triples: 4 };
    await extractChunkWithLlm({ text: TEXT }, { engine: engine(), engineName: 'openai', limits });
    expect(seen).toEqual(['EE', 'EE', 'EV', 'VV']);
    seen.length = 0;
    await extractChunkWithLlm({ text: TEXT }, { engine: engine(), engineName: 'openai', limits, glean: false });
    expect(seen).toEqual(['EE', 'EV', 'VV']);
  });
});

describe('the extraction job', () => {
  const t = tmpDir();
  let core: Core;
  beforeAll(() => {
    core = new Core({ dbPath: path.join(t.dir, 'job.db') });
  });
  afterAll(async () => {
    await core.close();
    t.cleanup();
  });

  it('stores an unsupported triple marked, listed only when asked for', async () => {
    core.engines.use('extraction', engine());
    const doc = insertText(core, 'spec', TEXT);
    const done = await core.jobs.wait(unwrap('extract.start', await core.call('extract.start', { documents: [doc], engine: 'openai' })).id);
    expect(done.state, done.error ?? '').toBe('done');
    const shown = core.store.graph.listTriples({ document: doc, limit: 100, offset: 0 }).items;
    const all = core.store.graph.listTriples({ document: doc, limit: 100, offset: 0, includeUnsupported: true }).items;
    expect(all.length - shown.length).toBe(2);
    const diameter = all.find((x) => x.object === 'Diameter')!;
    expect(shown.find((x) => x.id === diameter.id)).toBeUndefined();
    expect(core.store.graph.listTriples({ ids: [diameter.id], limit: 1, offset: 0 }).items).toHaveLength(1); // asked for by id: shown
    // the same triple's confidence without the mark, halved (the prior of an endpoint: 0.7)
    expect(diameter.confidence).toBeLessThanOrEqual(0.35);
    core.engines.use('extraction', null);
  });

  it('answers a re-run from the stage cache: only the failed stage asks the model again', async () => {
    core.engines.use('extraction', engine());
    const doc = insertText(core, 'again', `${TEXT} Once more.`);
    const run = async (force = false) => {
      seen.length = 0;
      const job = await core.jobs.wait(unwrap('extract.start', await core.call('extract.start', { documents: [doc], engine: 'openai', force })).id);
      return ExtractSummary.parse(job.result);
    };
    failVv = true;
    const first = await run();
    expect(first).toMatchObject({ failures: 1, failedChunks: 1 });
    expect(seen).toEqual(['EE', 'EV', 'VV']);
    failVv = false;
    const second = await run();
    expect(second).toMatchObject({ processed: 1, failures: 0 });
    expect(seen).toEqual(['VV']);
    expect(core.store.graph.listTriples({ document: doc, stage: 'VV', limit: 10, offset: 0 }).items).toHaveLength(1);
    // a forced re-run asks every stage again
    await run(true);
    expect(seen).toEqual(['EE', 'EV', 'VV']);
    core.engines.use('extraction', null);
  });
});

describe('a local model (real node-llama-cpp, the tiny GGUF)', () => {
  let tiny: LlamaEngine;
  beforeAll(async () => {
    tiny = await LlamaEngine.load({ modelPath: tinyModelPath(), maxThreads: 1, gpu: false, sequences: 2 });
  });
  afterAll(async () => {
    await tiny?.close();
  });

  it('answers on one line, tuples without keys or spaces', async () => {
    const schema = entityEntitySchema({ ...DEFAULT_LIMITS, entity: 12, relation: 8, event: 16, triples: 3 }, { compact: true });
    (schema as { minItems?: number }).minItems = 2; // random weights would often answer []
    const r = await tiny.generate([{ role: 'user', content: 'The client sends data.' }], schema, { maxTokens: 300, temperature: 0.9, seed: 5 });
    expect(Array.isArray(r.value)).toBe(true);
    expect(r.text).toMatch(/^\[\[/);
    // outside the strings: no whitespace at all
    expect(r.text!.replace(/"(?:[^"\\]|\\.)*"/g, '""')).not.toMatch(/\s/);
  });

  it("serves a chunk's later stages its passage from the prompt cache", async () => {
    const limits = { entity: 16, relation: 12, event: 24, triples: 2, events: 2, participants: 2, eventRelations: 1 };
    const r = await extractChunkWithLlm({ text: TEXT }, { engine: tiny, engineName: 'llama', limits, temperature: 0.9, seed: 3 });
    expect(r.stages.EE!.promptTokens).toBeGreaterThan(500);
    // stage 2's prompt starts with all of stage 1's: the passage is evaluated once
    expect(r.stages.EV!.cachedPromptTokens).toBeGreaterThanOrEqual(r.stages.EE!.promptTokens! - 8);
    // a second chunk finds the shared system prompt in the cache
    const again = await extractChunkWithLlm(
      { text: 'The server answers every request.' },
      { engine: tiny, engineName: 'llama', limits, temperature: 0.9, seed: 4 },
    );
    expect(again.stages.EE!.cachedPromptTokens! / again.stages.EE!.promptTokens!).toBeGreaterThan(0.7);
  });

  it('writes the same answers in at least 30 % fewer tokens than the object format did', () => {
    // one chunk's answers at the default caps, written once as the old prompts' objects (as the tiny
    // model wrote them: a space after each comma) and once in the compact format (one line, tuples,
    // stage 3 by event number)
    const words = (n: number, w: string) => Array.from({ length: n }, (_, i) => `${w}${i}`).join(' ');
    const facts = Array.from({ length: 8 }, (_, i) => ({ head: words(3, `head${i}`), relation: words(2, 'rel'), tail: words(4, `tail${i}`) }));
    const events = Array.from({ length: 5 }, (_, i) => ({
      event: words(12, `event${i}`),
      entities: Array.from({ length: 3 }, (_, k) => ({ entity: words(2, `ent${k}`), role: words(2, 'role') })),
    }));
    const links = Array.from({ length: 5 }, (_, i) => ({ head: events[i].event, relation: 'before', tail: events[(i + 1) % 5].event }));
    const spaced = (v: unknown) => JSON.stringify(v).replace(/,"/g, ', "').replace(/\}/g, ' }');
    const before = [spaced({ triples: facts }), spaced({ events }), spaced({ relations: links })];
    const after = [
      JSON.stringify(facts.map((f) => [f.head, f.relation, f.tail])),
      JSON.stringify(events.map((e) => [e.event, e.entities.map((p) => [p.entity, p.role])])),
      JSON.stringify(links.map((_, i) => [i + 1, 'before', ((i + 1) % 5) + 1])),
    ];
    const count = (xs: string[]) => xs.reduce((n, x) => n + tiny.tokenCount(x), 0);
    expect(count(after) / count(before)).toBeLessThanOrEqual(0.7);
  });
});
