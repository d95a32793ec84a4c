// The OpenAI-compatible engine against what real servers do (llama.cpp's server, vLLM, thinking
// models, refusals), with a local HTTP server written here. The engine under test is real.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_REMOTE_CONTEXT, OpenAiEngine } from '../../electron/core/llm/openai';
import { LlmError } from '../../electron/core/llm/engine';

type Handler = (req: http.IncomingMessage, body: any, res: http.ServerResponse) => void;

let server: http.Server;
let origin = '';
let handler: Handler = (_req, _body, res) => res.end();
const requests: { url: string; body: any }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      let body: any = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      requests.push({ url: req.url!, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  requests.length = 0;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json = (res: http.ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};
const completion = (content: string | null, extra: Record<string, unknown> = {}, message: Record<string, unknown> = {}) => ({
  choices: [{ message: { role: 'assistant', content, ...message }, finish_reason: 'stop', ...extra }],
  usage: { completion_tokens: 9, prompt_tokens: 120, prompt_tokens_details: { cached_tokens: 100 } },
});
const schema = { type: 'object', properties: { name: { type: 'string', maxLength: 20 } }, required: ['name'], additionalProperties: false };
const messages = [{ role: 'user' as const, content: 'name it' }];
const fast = { backoffMs: 5, maxBackoffMs: 20, retries: 1 };

describe('the context size of a remote engine', () => {
  it("is read from llama.cpp's /props (its n_ctx shared by the server's slots)", async () => {
    handler = (req, _body, res) => {
      if (req.url === '/props') return json(res, 200, { default_generation_settings: { n_ctx: 32768 }, total_slots: 4 });
      json(res, 404, { error: 'not found' });
    };
    const engine = new OpenAiEngine({ baseUrl: `${origin}/v1`, model: 'qwen', ...fast });
    expect(engine.info()).toMatchObject({ contextSize: DEFAULT_REMOTE_CONTEXT, contextSource: 'default' });
    await engine.probe();
    expect(engine.info()).toMatchObject({ contextSize: 8192, contextSource: 'server' });
  });

  it("is read from the model's /v1/models entry (vLLM's max_model_len) when there is no /props", async () => {
    handler = (req, _body, res) => {
      if (req.url === '/v1/models')
        return json(res, 200, {
          data: [
            { id: 'other', max_model_len: 2048 },
            { id: 'qwen', max_model_len: 40960 },
          ],
        });
      json(res, 404, { error: 'not found' });
    };
    const engine = new OpenAiEngine({ baseUrl: `${origin}/v1`, model: 'qwen', ...fast });
    await engine.probe();
    expect(engine.info()).toMatchObject({ contextSize: 40960, contextSource: 'server' });
  });

  it('is the setting when one is given (the server is not asked)', async () => {
    const engine = new OpenAiEngine({ baseUrl: `${origin}/v1`, model: 'qwen', contextSize: 16384, ...fast });
    expect(engine.info()).toMatchObject({ contextSize: 16384, contextSource: 'setting' });
  });
});

describe('structured output levels', () => {
  it('a context-length 400 fails the call as truncated and does not lower the level', async () => {
    handler = (_req, _body, res) =>
      json(res, 400, {
        error: { message: 'the request exceeds the available context size (4096 tokens), try increasing it', type: 'exceed_context_size_error' },
      });
    const engine = new OpenAiEngine({ baseUrl: `${origin}/v1`, model: 'm', ...fast });
    const err = await engine.generate(messages, schema).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).code).toBe('truncated');
    expect(engine.responseFormat).toBe('json_schema');
    expect(requests).toHaveLength(1);
  });

  it('a 400 naming the response format lowers it (and only then)', async () => {
    handler = (_req, body, res) => {
      if (body.response_format?.type === 'json_schema') return json(res, 400, { error: { message: "'response_format.type' must be 'json_object' or 'text'" } });
      json(res, 200, completion('{"name":"pump"}'));
    };
    const engine = new OpenAiEngine({ baseUrl: `${origin}/v1`, model: 'm', ...fast });
    expect((await engine.generate(messages, schema)).value).toEqual({ name: 'pump' });
    expect(engine.responseFormat).toBe('json_object');
  });

  it('another 400 (a bad parameter) fails without lowering it', async () => {
    handler = (_req, _body, res) => json(res, 400, { error: { message: 'temperature must be at most 2' } });
    const engine = new OpenAiEngine({ baseUrl: `${origin}/v1`, model: 'm', ...fast });
    expect(((await engine.generate(messages, schema).catch((e: unknown) => e)) as LlmError).code).toBe('http');
    expect(engine.responseFormat).toBe('json_schema');
  });
});

describe('answers real servers give', () => {
  it("takes a thinking model's <think> block off before parsing, and reports prompt and cached tokens", async () => {
    handler = (_req, _body, res) => json(res, 200, completion('<think>\nThe passage names a pump.\n</think>\n\n{"name":"pump"}'));
    const engine = new OpenAiEngine({ baseUrl: `${origin}/v1`, model: 'm', ...fast });
    const r = await engine.generate(messages, schema);
    expect(r.value).toEqual({ name: 'pump' });
    expect(r).toMatchObject({ promptTokens: 120, cachedPromptTokens: 100 });
  });

  it('finish_reason length is a truncated answer, with what came', async () => {
    handler = (_req, _body, res) => json(res, 200, completion('{"name":"pu', { finish_reason: 'length' }));
    const engine = new OpenAiEngine({ baseUrl: `${origin}/v1`, model: 'm', ...fast });
    const err = (await engine.generate(messages, schema, { maxTokens: 5 }).catch((e: unknown) => e)) as LlmError;
    expect(err.code).toBe('truncated');
    expect(err.details?.text).toBe('{"name":"pu');
    expect(requests).toHaveLength(1); // not retried
  });

  it('a refusal is its own reason, not a parse failure', async () => {
    handler = (_req, _body, res) => json(res, 200, completion(null, {}, { refusal: 'I cannot help with that.' }));
    const engine = new OpenAiEngine({ baseUrl: `${origin}/v1`, model: 'm', ...fast });
    const err = (await engine.generate(messages, schema).catch((e: unknown) => e)) as LlmError;
    expect(err.code).toBe('refused');
    expect(err.message).toContain('I cannot help');
  });

  it('streams chat text without the reasoning a server sends inline', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const t of ['<think>', 'weighing [P1]', '</think>\n\n', 'The pump', ' [P1].'])
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: t } }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    };
    const engine = new OpenAiEngine({ baseUrl: `${origin}/v1`, model: 'm', ...fast });
    let text = '';
    for await (const t of engine.stream(messages)) text += t;
    expect(text).toBe('The pump [P1].');
  });
});

describe('concurrency and priority', () => {
  it('is a setting, and a waiting chat call goes before the job calls already queued', async () => {
    const pending: http.ServerResponse[] = [];
    const order: string[] = [];
    handler = (_req, body, res) => {
      order.push(body.stream ? 'chat' : String(body.messages[0].content));
      pending.push(res);
    };
    const engine = new OpenAiEngine({ baseUrl: `${origin}/v1`, model: 'm', concurrency: 1, ...fast });
    expect(engine.info().parallelSequences).toBe(1);
    const job = ['job 1', 'job 2', 'job 3'].map((c) => engine.generate([{ role: 'user', content: c }], schema).catch(() => null));
    await waitFor(() => pending.length === 1);
    const chat = (async () => {
      let text = '';
      for await (const t of engine.stream(messages)) text += t;
      return text;
    })();
    await new Promise((r) => setTimeout(r, 50)); // the chat call is queued behind the running job call
    const answer = (res: http.ServerResponse) => json(res, 200, completion('{"name":"x"}'));
    while (order.length < 4 || pending.length) {
      await waitFor(() => pending.length > 0);
      answer(pending.shift()!);
    }
    await Promise.all([...job, chat]);
    expect(order).toEqual(['job 1', 'chat', 'job 2', 'job 3']);
  });
});

describe('embeddings', () => {
  it("add the model family's task prefixes (nomic: search_query / search_document)", async () => {
    handler = (_req, body, res) => json(res, 200, { data: body.input.map((_: string, index: number) => ({ index, embedding: [1, 0] })) });
    const engine = new OpenAiEngine({ baseUrl: `${origin}/v1`, model: 'nomic-embed-text-v1.5', ...fast });
    await engine.embed(['What is EAP?'], { task: 'query' });
    await engine.embed(['EAP is a framework.']);
    expect(requests.map((r) => r.body.input)).toEqual([['search_query: What is EAP?'], ['search_document: EAP is a framework.']]);
    expect(engine.info().embeddingFamily).toBe('nomic');
    const plain = new OpenAiEngine({ baseUrl: `${origin}/v1`, model: 'text-embedding-3-small', ...fast });
    await plain.embed(['What is EAP?'], { task: 'query' });
    expect(requests.at(-1)!.body.input).toEqual(['What is EAP?']);
  });
});

async function waitFor(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!cond()) throw new Error('condition not reached');
}
