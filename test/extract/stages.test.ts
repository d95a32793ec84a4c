// The LLM stages' handling of answers: schemas, repair of malformed output, failures counted per
// chunk and never thrown. A scripted LlmEngine stands in for an HTTP endpoint's answers here; the
// real node-llama-cpp runs in llama.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { LlmError, type EngineInfo, type GenerateResult, type JsonSchema, type LlmEngine } from '../../electron/core/llm/engine';
import { OpenAiEngine } from '../../electron/core/llm/openai';
import { extractChunkWithLlm } from '../../electron/core/extract/pipeline';
import { promptLanguage, promptsFor } from '../../electron/core/extract/prompts';
import { DEFAULT_LIMITS, entityEntitySchema, entityEventSchema, eventEventSchema, EVENT_RELATIONS } from '../../electron/core/extract/answer-schemas';
import { parseLenient } from '../../electron/core/llm/json';
import { ExtractSummary } from '../../shared/contract/extract';
import { unwrap } from '../../shared/dispatch';
import { tmpDir } from '../helpers/tmp';
import { allEdgeProvenance, insertText } from './fixtures';

type Answer = unknown | ((schema: JsonSchema) => unknown);

/** Answers in order of the calls: a value, an Error to throw, or a function of the schema. */
class ScriptedEngine implements LlmEngine {
  calls: { messages: { role: string; content: string }[]; schema: JsonSchema; maxTokens?: number }[] = [];
  constructor(private readonly answer: (stage: 'EE' | 'EV' | 'VV', call: number) => Answer) {}
  info(): EngineInfo {
    return { engine: 'openai', model: 'scripted', backend: 'remote', contextSize: 8192, parallelSequences: 2 };
  }
  async generate<T>(
    messages: { role: 'system' | 'user' | 'assistant'; content: string }[],
    schema: JsonSchema,
    options: { maxTokens?: number } = {},
  ): Promise<GenerateResult<T>> {
    this.calls.push({ messages, schema, maxTokens: options.maxTokens });
    const props = Object.keys((schema as { properties?: object }).properties ?? {})[0];
    const stage = props === 'triples' ? 'EE' : props === 'events' ? 'EV' : 'VV';
    let a = this.answer(stage, this.calls.length);
    if (typeof a === 'function') a = (a as (s: JsonSchema) => unknown)(schema);
    if (a instanceof Error) throw a;
    return { value: a as T, tokens: 10 };
  }
  async *stream(): AsyncIterable<string> {}
  async embed(texts: string[]): Promise<number[][]> {
    return texts.map(() => [1, 0]);
  }
  async close(): Promise<void> {}
}

const TEXT = 'The NAS sends an Access-Request to the RADIUS server. The server checks the password. After the check, the server sends an Access-Accept.';
/** The requests of a conversation: its user turns, the last one the stage's. */
const lastUser = (messages: { role: string; content: string }[]) => messages.filter((m) => m.role === 'user').at(-1)!.content;

const good = (stage: 'EE' | 'EV' | 'VV') =>
  stage === 'EE'
    ? {
        triples: [
          { head: 'the NAS', relation: 'sends', tail: 'Access-Request', condition: '' },
          { head: 'it', relation: 'is', tail: 'server', condition: '' },
        ],
      }
    : stage === 'EV'
      ? {
          events: [
            {
              event: 'The server checks the password',
              entities: [
                { entity: 'server', role: 'is performed by' },
                { entity: 'password', role: '' },
              ],
            },
            { event: 'the server sends an Access-Accept', entities: [{ entity: 'Access-Accept', role: 'concerns' }] },
          ],
        }
      : { relations: [{ head: 1, relation: 'before', tail: 2 }] };

describe('stage schemas and prompts', () => {
  it('bounds every string and array of every stage, in both answer shapes', () => {
    const walk = (s: Record<string, unknown>, where: string): void => {
      if (s.type === 'string') expect(s.maxLength, where).toBeGreaterThan(0);
      if (s.type === 'array') {
        expect(s.maxItems, where).toBeGreaterThan(0);
        if (s.items) walk(s.items as Record<string, unknown>, `${where}[]`);
        ((s.prefixItems ?? []) as Record<string, unknown>[]).forEach((x, i) => walk(x, `${where}[${i}]`));
      }
      for (const alt of (s.oneOf ?? []) as Record<string, unknown>[]) walk(alt, `${where}|`);
      if (s.type === 'object') for (const [k, v] of Object.entries(s.properties as object)) walk(v, `${where}.${k}`);
    };
    for (const compact of [true, false]) {
      walk(entityEntitySchema(DEFAULT_LIMITS, { compact }), 'EE');
      walk(entityEventSchema(DEFAULT_LIMITS, { compact }), 'EV');
      walk(eventEventSchema(DEFAULT_LIMITS, { compact, events: 3 }), 'VV');
      expect(JSON.stringify(eventEventSchema(DEFAULT_LIMITS, { compact, events: 3 }))).toContain(JSON.stringify([...EVENT_RELATIONS]));
      // stage 3 names its events by number, nothing else
      expect(JSON.stringify(eventEventSchema(DEFAULT_LIMITS, { compact, events: 3 }))).toContain('{"enum":[1,2,3]}');
    }
  });

  it('picks the Korean prompts for Korean text', () => {
    expect(promptLanguage('본 논문은 사전 정의된 schema가 필요 없는 knowledge graph 구축 프레임워크를 제시한다.')).toBe('ko');
    expect(promptLanguage('The NAS sends packets.')).toBe('en');
    expect(promptLanguage('x', 'ko')).toBe('ko');
    expect(promptsFor('ko').ee({ limits: DEFAULT_LIMITS, compact: true })).toMatch(/개체/);
  });

  it('repairs malformed JSON', () => {
    expect(parseLenient('```json\n{"triples":[{"head":"a","relation":"b","tail":"c",}]\n```')).toEqual({ triples: [{ head: 'a', relation: 'b', tail: 'c' }] });
    expect(parseLenient('{"triples":[{"head":"a","relation":"b","tail":"c"')).toEqual({ triples: [{ head: 'a', relation: 'b', tail: 'c' }] });
  });
});

describe('one chunk through the three stages', () => {
  it('turns answers into entity–entity, entity–event and event–event triples, dropping pronouns', async () => {
    const engine = new ScriptedEngine((stage) => good(stage));
    const r = await extractChunkWithLlm({ text: TEXT }, { engine, engineName: 'openai' });
    expect(engine.calls).toHaveLength(3);
    expect(engine.calls.every((c) => (c.maxTokens ?? 0) > 0)).toBe(true);
    expect(r.failures).toBe(0);
    expect(r.triples.map((t) => `${t.stage}: ${t.head.text} | ${t.relation} | ${t.tail.text}`)).toEqual([
      'EE: the NAS | sends | Access-Request',
      'EV: The server checks the password | is performed by | server',
      'EV: The server checks the password | is participated by | password',
      'EV: the server sends an Access-Accept | concerns | Access-Accept',
      'VV: The server checks the password | before | the server sends an Access-Accept',
    ]);
    // one conversation: the shared system prompt, the passage once, each stage a follow-up turn
    const [ee, ev, vv] = engine.calls.map((c) => c.messages);
    expect(ee.map((m) => m.role)).toEqual(['system', 'user']);
    expect(ee[1].content).toContain(TEXT);
    expect(ev.slice(0, 2)).toEqual(ee);
    expect(ev.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(vv.slice(0, 4)).toEqual(ev);
    expect(vv.filter((m) => m.content.includes(TEXT))).toHaveLength(1);
    // stage 3 was told the events stage 2 found, numbered
    expect(lastUser(vv)).toContain('1. The server checks the password\n2. the server sends an Access-Accept');
  });

  it('repairs a malformed answer, counts an unreadable one as a failure, and never throws', async () => {
    const engine = new ScriptedEngine((stage) =>
      stage === 'EE'
        ? new LlmError('invalid_output', 'not JSON', { text: '{"triples":[{"head":"NAS","relation":"sends","tail":"Access-Request",},' })
        : stage === 'EV'
          ? good('EV')
          : '{"relations": [{"head": 1, "relation": "causes", "tail": 2}, {"head": 2, "relation": "nonsense", "tail": 1}]}',
    );
    const r = await extractChunkWithLlm({ text: TEXT }, { engine, engineName: 'openai' });
    expect(r.stages.EE).toMatchObject({ failed: false, triples: 1 });
    expect(r.stages.VV).toMatchObject({ failed: false, triples: 1 });
    expect(r.triples.find((t) => t.stage === 'VV')!.relation).toBe('as a result');
    expect(r.failures).toBe(0);
    const failing = new ScriptedEngine((stage) => (stage === 'EV' ? new LlmError('http', 'HTTP 500') : good(stage)));
    const f = await extractChunkWithLlm({ text: TEXT }, { engine: failing, engineName: 'openai' });
    expect(f.stages.EV).toMatchObject({ failed: true });
    expect(f.stages.EV!.error).toMatch(/HTTP 500/);
    // no events, nothing for stage 3 to relate: it is not asked
    expect(f.stages.VV).toMatchObject({ failed: false, skipped: true });
    expect(failing.calls).toHaveLength(2);
    expect(f.failures).toBe(1);
    const garbage = new ScriptedEngine(() => new LlmError('invalid_output', 'bad', { text: '<<<>>>' }));
    const g = await extractChunkWithLlm({ text: TEXT }, { engine: garbage, engineName: 'openai' });
    expect(g.failures).toBe(2);
    expect(g.triples).toEqual([]);
  });
});

describe('the extraction job with an OpenAI-style engine', () => {
  const t = tmpDir();
  let core: Core;
  beforeAll(() => {
    core = new Core({ dbPath: path.join(t.dir, 's.db') });
  });
  afterAll(async () => {
    await core.close();
    t.cleanup();
  });

  it('stores the triples with sentence evidence, counts failed chunks and finishes', async () => {
    let n = 0;
    const engine = new ScriptedEngine((stage) => (++n === 4 ? new LlmError('invalid_output', 'bad', { text: 'nope' }) : good(stage)));
    core.engines.use('extraction', engine);
    const doc = insertText(core, 'radius', `${TEXT}\n\nThe NAS sends an Access-Request again.`, { size: 60 });
    const job = unwrap('extract.start', await core.call('extract.start', { documents: [doc], engine: 'openai' }));
    const done = await core.jobs.wait(job.id);
    expect(done.error).toBeNull();
    const s = ExtractSummary.parse(done.result);
    expect(s).toMatchObject({ engine: 'openai', model: 'scripted', chunks: 2, processed: 2, failures: 1, failedChunks: 1 });
    expect(s.triples.EE + s.triples.EV + s.triples.VV).toBeGreaterThanOrEqual(3);
    const prov = allEdgeProvenance(core);
    for (const p of prov) expect(p.quote).toBe(p.text.slice(p.start, p.end));
    const sends = core.store.graph.listTriples({ search: 'sends', limit: 10, offset: 0 }).items.find((x) => x.relation === 'sends')!;
    expect(sends).toMatchObject({ subject: 'NAS', object: 'Access-Request', stage: 'EE', engine: 'openai', status: 'proposed', confidence: 0.7 });
    // chunks commit as they finish, in either order: the first chunk's sentence is among the evidence
    expect(sends.provenance.map((p) => p.quote)).toContain('The NAS sends an Access-Request to the RADIUS server.');
    const events = core.store.graph.listNodes({ kind: 'event', limit: 10, offset: 0 }).items.map((e) => e.label);
    expect(events).toContain('The server checks the password');
    // the failed chunk is read again by the next run; the good one is skipped
    const again = await core.jobs.wait(unwrap('extract.start', await core.call('extract.start', { documents: [doc], engine: 'openai' })).id);
    expect(ExtractSummary.parse(again.result)).toMatchObject({ processed: 1, skipped: 1 });
    core.engines.use('extraction', null);
  });
});

describe('the extraction job over an OpenAI-compatible HTTP endpoint', () => {
  const t = tmpDir();
  let core: Core;
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    // answers as a sloppy server might give them: a trailing comma, an item missing a field, garbage
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const user = lastUser(JSON.parse(body).messages);
        const content = user.includes('Stage 1:')
          ? '{"triples":[{"head":"NAS","relation":"sends","tail":"Access-Request"},]}'
          : user.includes('Stage 2:')
            ? '{"events":[{"event":"The server checks the password","entities":[{"entity":"server","role":"is performed by"},{"entity":"password"}]},{"event":"the server sends an Access-Accept","entities":[]}]}'
            : 'I cannot answer that.';
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }], usage: { completion_tokens: 12 } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
    core = new Core({ dbPath: path.join(t.dir, 'h.db') });
  });
  afterAll(async () => {
    await core.close();
    await new Promise((r) => server.close(r));
    t.cleanup();
  });

  it('salvages what can be read, counts the rest as failed, and never crashes', async () => {
    core.engines.use('extraction', new OpenAiEngine({ baseUrl: base, model: 'sloppy', retries: 0 }));
    const doc = insertText(core, 'radius', TEXT);
    const done = await core.jobs.wait(unwrap('extract.start', await core.call('extract.start', { documents: [doc], engine: 'openai' })).id);
    expect(done.state, done.error ?? '').toBe('done');
    const s = ExtractSummary.parse(done.result);
    expect(s).toMatchObject({ model: 'sloppy', processed: 1, failures: 1, failedChunks: 1, triples: { EE: 1, EV: 2, VV: 0 } });
    const roles = core.store.graph
      .listTriples({ stage: 'EV', limit: 10, offset: 0 })
      .items.map((x) => x.relation)
      .sort();
    expect(roles).toEqual(['is participated by', 'is performed by']);
    core.engines.use('extraction', null);
  });
});
