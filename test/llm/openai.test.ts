// The OpenAI-compatible engine against a fake server on loopback (the engine under test is real).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenAiEngine, normalizeBaseUrl } from '../../electron/core/llm/openai';
import { parseModelJson } from '../../electron/core/llm/json';
import { isAbortError, LlmError } from '../../electron/core/llm/engine';

type Handler = (req: http.IncomingMessage, body: any, res: http.ServerResponse) => void;

let server: http.Server;
let base = '';
let handler: Handler = (_req, _body, res) => res.end();
const requests: { url: string; body: any; headers: http.IncomingHttpHeaders }[] = [];
let inFlight = 0;
let maxInFlight = 0;
const open = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      let body: any = null;
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
      requests.push({ url: req.url!, body, headers: req.headers });
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      open.add(res);
      res.on('close', () => {
        inFlight--;
        open.delete(res);
      });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterEach(() => {
  for (const res of open) res.destroy();
  requests.length = 0;
  maxInFlight = 0;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json = (res: http.ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(value));
};
const completion = (content: string, extra: Record<string, unknown> = {}) => ({
  choices: [{ message: { role: 'assistant', content }, ...extra }],
  usage: { completion_tokens: 7 },
});

const schema = {
  type: 'object',
  properties: { name: { type: 'string', maxLength: 20 }, kind: { enum: ['a', 'b'] } },
  required: ['name', 'kind'],
  additionalProperties: false,
};
const messages = [{ role: 'user' as const, content: 'hi' }];
const fast = { backoffMs: 5, maxBackoffMs: 20 };

describe('OpenAiEngine', () => {
  it('asks for json_schema with logprobs, sends the key, parses, validates and reports confidence', async () => {
    handler = (_req, _body, res) =>
      json(res, 200, completion('{"name":"pump","kind":"a"}', { logprobs: { content: [{ logprob: Math.log(0.5) }, { logprob: 0 }] } }));
    const engine = new OpenAiEngine({ baseUrl: base, model: 'm', apiKey: 'sekret', ...fast });
    const r = await engine.generate(messages, schema, { maxTokens: 50 });
    expect(r.value).toEqual({ name: 'pump', kind: 'a' });
    expect(r.confidence).toBeCloseTo(0.75);
    expect(r.tokens).toBe(7);
    const req = requests[0];
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sekret');
    expect(req.body).toMatchObject({
      model: 'm',
      max_tokens: 50,
      temperature: 0,
      logprobs: true,
      response_format: { type: 'json_schema', json_schema: { schema } },
    });
    expect(engine.info()).toMatchObject({ engine: 'openai', backend: 'remote', model: 'm' });
  });

  it('retries a 500 and then succeeds', async () => {
    let n = 0;
    handler = (_req, _body, res) => (n++ === 0 ? json(res, 500, { error: 'boom' }) : json(res, 200, completion('{"name":"x","kind":"b"}')));
    const engine = new OpenAiEngine({ baseUrl: base, model: 'm', ...fast });
    const r = await engine.generate(messages, schema);
    expect(r.value).toEqual({ name: 'x', kind: 'b' });
    expect(requests).toHaveLength(2);
    expect(r.confidence).toBeUndefined();
  });

  it('honours Retry-After on a 429', async () => {
    let n = 0;
    handler = (_req, _body, res) =>
      n++ === 0 ? json(res, 429, { error: 'slow down' }, { 'retry-after': '0' }) : json(res, 200, completion('{"name":"x","kind":"a"}'));
    const r = await new OpenAiEngine({ baseUrl: base, model: 'm', backoffMs: 60_000, maxBackoffMs: 60_000 }).generate(messages, schema);
    expect(r.value).toEqual({ name: 'x', kind: 'a' });
  });

  it('gives up on a server that keeps failing, with the status in the message', async () => {
    handler = (_req, _body, res) => json(res, 503, { error: 'overloaded' });
    const err = await new OpenAiEngine({ baseUrl: base, model: 'm', retries: 2, ...fast }).generate(messages, schema).catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.code).toBe('http');
    expect(err.message).toMatch(/HTTP 503/);
    expect(requests).toHaveLength(3);
  });

  it('does not retry a 401', async () => {
    handler = (_req, _body, res) => json(res, 401, { error: 'bad key' });
    const err = await new OpenAiEngine({ baseUrl: base, model: 'm', ...fast, responseFormat: 'none' }).generate(messages, schema).catch((e) => e);
    expect(err.code).toBe('http');
    expect(requests).toHaveLength(1);
  });

  it('times out a server that hangs, and retries within bounds', async () => {
    handler = () => undefined; // never answers
    const err = await new OpenAiEngine({ baseUrl: base, model: 'm', timeoutMs: 150, retries: 1, ...fast }).generate(messages, schema).catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.code).toBe('timeout');
    expect(requests).toHaveLength(2);
  });

  it('fails clearly on garbage that is not JSON at all', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>proxy error</html>');
    };
    const err = await new OpenAiEngine({ baseUrl: base, model: 'm', retries: 1, ...fast }).generate(messages, schema).catch((e) => e);
    expect(err.code).toBe('invalid_output');
    expect(err.message).toMatch(/not JSON/);
    expect(requests).toHaveLength(2);
  });

  it('repairs almost-JSON answers and rejects ones that miss the schema', async () => {
    handler = (_req, _body, res) => json(res, 200, completion("Sure! ```json\n{name: 'valve', kind: 'b',}\n```"));
    expect((await new OpenAiEngine({ baseUrl: base, model: 'm', ...fast }).generate(messages, schema)).value).toEqual({ name: 'valve', kind: 'b' });

    handler = (_req, _body, res) => json(res, 200, completion('{"name":"valve","kind":"zzz"}'));
    const err = await new OpenAiEngine({ baseUrl: base, model: 'm', retries: 1, ...fast }).generate(messages, schema).catch((e) => e);
    expect(err.code).toBe('invalid_output');
    expect(err.message).toMatch(/kind Invalid option: expected one of "a"\|"b"/);
  });

  it('falls back to a plain JSON prompt when the server rejects json_schema, and remembers it', async () => {
    handler = (_req, body, res) => {
      if (body.response_format || body.logprobs) return json(res, 400, { error: 'unsupported response_format' });
      json(res, 200, completion('{"name": "fallback", "kind": "a"'));
    };
    const engine = new OpenAiEngine({ baseUrl: base, model: 'm', ...fast });
    expect((await engine.generate(messages, schema)).value).toEqual({ name: 'fallback', kind: 'a' });
    expect(engine.responseFormat).toBe('none');
    const last = requests[requests.length - 1].body;
    expect(last.response_format).toBeUndefined();
    expect(last.messages[0].role).toBe('system');
    expect(last.messages[0].content).toContain('"kind"');
    requests.length = 0;
    await engine.generate(messages, schema);
    expect(requests).toHaveLength(1); // no second negotiation
  });

  it('bounds concurrency', async () => {
    handler = (_req, _body, res) => setTimeout(() => json(res, 200, completion('{"name":"c","kind":"a"}')), 40);
    const engine = new OpenAiEngine({ baseUrl: base, model: 'm', concurrency: 2, ...fast });
    await Promise.all(Array.from({ length: 6 }, () => engine.generate(messages, schema)));
    expect(requests).toHaveLength(6);
    expect(maxInFlight).toBe(2);
  });

  it('aborts at once with an AbortError', async () => {
    handler = () => undefined;
    const ac = new AbortController();
    const engine = new OpenAiEngine({ baseUrl: base, model: 'm', ...fast });
    const p = engine.generate(messages, schema, { signal: ac.signal });
    setTimeout(() => ac.abort(), 50);
    const err = await p.catch((e) => e);
    expect(isAbortError(err)).toBe(true);
  });

  it('reports an unreachable server', async () => {
    const dead = http.createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const port = (dead.address() as AddressInfo).port;
    await new Promise((resolve) => dead.close(resolve));
    const err = await new OpenAiEngine({ baseUrl: `http://127.0.0.1:${port}`, model: 'm', retries: 1, ...fast }).generate(messages, schema).catch((e) => e);
    expect(err.code).toBe('unavailable');
    expect(err.message).toMatch(/ECONNREFUSED/);
  });

  it('streams SSE tokens, and stops when aborted', async () => {
    handler = (_req, body, res) => {
      expect(body.stream).toBe(true);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const tokens = ['Hel', 'lo', ' wor', 'ld'];
      let i = 0;
      const tick = () => {
        if (res.destroyed) return;
        if (i < tokens.length) {
          res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: tokens[i++] } }] })}\n\n`);
          setTimeout(tick, 5);
        } else {
          res.write(': keep-alive\n\ndata: [DONE]\n\n');
          res.end();
        }
      };
      tick();
    };
    const engine = new OpenAiEngine({ baseUrl: base, model: 'm', ...fast });
    const got: string[] = [];
    for await (const t of engine.stream(messages)) got.push(t);
    expect(got.join('')).toBe('Hello world');

    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const timer = setInterval(() => res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'x' } }] })}\n\n`), 5);
      res.on('close', () => clearInterval(timer));
    };
    const ac = new AbortController();
    const part: string[] = [];
    for await (const t of engine.stream(messages, { signal: ac.signal })) {
      part.push(t);
      if (part.length === 3) ac.abort();
    }
    expect(part).toHaveLength(3);
  });

  it('times out a stalled stream, and takes a non-streamed answer', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'a' } }] })}\n\n`);
    };
    const engine = new OpenAiEngine({ baseUrl: base, model: 'm', timeoutMs: 150, ...fast });
    const got: string[] = [];
    const err = await (async () => {
      for await (const t of engine.stream(messages)) got.push(t);
    })().catch((e) => e);
    expect(got).toEqual(['a']);
    expect(err.code).toBe('timeout');

    handler = (_req, _body, res) => json(res, 200, completion('all at once'));
    const whole: string[] = [];
    for await (const t of engine.stream(messages)) whole.push(t);
    expect(whole).toEqual(['all at once']);
  });

  it('embeds through /embeddings, in input order', async () => {
    handler = (_req, body, res) =>
      json(res, 200, {
        data: (body.input as string[]).map((text, index) => ({ index, embedding: [text.length, index, 0.5] })).reverse(),
      });
    const engine = new OpenAiEngine({ baseUrl: base, model: 'emb', ...fast });
    const v = await engine.embed(['a', 'bb', 'ccc']);
    expect(v).toEqual([
      [1, 0, 0.5],
      [2, 1, 0.5],
      [3, 2, 0.5],
    ]);
    expect(requests[0].url).toBe('/v1/embeddings');
    expect(engine.info().embeddingDimension).toBe(3);

    handler = (_req, _body, res) => json(res, 200, { data: [{ index: 0, embedding: ['x'] }] });
    expect(((await engine.embed(['a']).catch((e) => e)) as LlmError).code).toBe('invalid_output');
  });

  it('refuses calls after close', async () => {
    const engine = new OpenAiEngine({ baseUrl: base, model: 'm' });
    await engine.close();
    expect(((await engine.generate(messages, schema).catch((e) => e)) as LlmError).code).toBe('closed');
  });

  it('normalizes base URLs and parses answers', () => {
    expect(normalizeBaseUrl('http://localhost:8080')).toBe('http://localhost:8080/v1');
    expect(normalizeBaseUrl('http://localhost:11434/v1/')).toBe('http://localhost:11434/v1');
    expect(() => normalizeBaseUrl('localhost:8080')).toThrow(LlmError);
    expect(() => new OpenAiEngine({ baseUrl: 'ftp://x', model: 'm' })).toThrow(/http and https/);
    expect(parseModelJson('[1, 2,]')).toEqual([1, 2]);
    expect(() => parseModelJson('')).toThrow();
    // One reader for every engine: prose before the JSON, a fence cut off at maxTokens.
    expect(parseModelJson('Here are the triples: {"a": 1}')).toEqual({ a: 1 });
    expect(parseModelJson('```json\n{"a": [1, 2')).toEqual({ a: [1, 2] });
  });
});
