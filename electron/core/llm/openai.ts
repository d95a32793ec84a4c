// LlmEngine over an OpenAI-compatible HTTP endpoint: llama.cpp's llama-server, vLLM, Ollama,
// LM Studio, or OpenAI itself. How a team runs bulk extraction on a GPU server.
//
//   const engine = new OpenAiEngine({ baseUrl: 'http://gpu-box:8080/v1', model: 'qwen2.5-7b-instruct' });
//
// - Structured output: asks for `response_format: json_schema` (with logprobs, for a confidence);
//   a server that rejects that (HTTP 400/422 whose message names the response format or logprobs)
//   is asked again with less (json_schema without logprobs, then json_object, then a plain prompt),
//   and the engine remembers the level that worked. Any other 400 (a prompt over the context, a bad
//   parameter) fails the call and changes nothing. Whatever comes back has a thinking model's
//   <think> block taken off, is parsed, repaired with jsonrepair when needed, and validated against
//   the schema; `finish_reason: length` is a truncated answer, a refusal its own error.
// - The context size: the option, else what the server says (llama.cpp's /props, a /models entry's
//   max_model_len or context length), else a conservative default; `probe()` asks the server.
// - Bounded concurrency (a semaphore; interactive calls before a job's), per-request timeouts,
//   retries with exponential backoff and jitter on network errors, timeouts, 408/429/5xx and
//   unparseable answers; Retry-After is honoured.
// - Embeddings in batches of 64, with the task prefixes of the model's family.
// - An AbortSignal cancels at once: generate() and embed() reject with an AbortError, stream() ends.
import { parseModelJson } from './json';
import {
  abortError,
  isAbortError,
  LlmError,
  type CallPriority,
  type ChatMessage,
  type EmbedOptions,
  type EngineInfo,
  type GenerateOptions,
  type GenerateResult,
  type JsonSchema,
  type LlmEngine,
} from './engine';
import { validateJson } from './json-schema';
import { stripThoughts, ThoughtFilter } from './thoughts';
import { embeddingPrefixes, withTaskPrefix } from './embedding-tasks';
import type { TokenProbability } from './json-spans';
import { log } from '../log';

interface OpenAiEngineOptions {
  /** e.g. http://localhost:8080/v1 (a bare http://host:port gets /v1 appended). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Requests in flight at once (default DEFAULT_CONCURRENCY; the setting llm.concurrency). */
  concurrency?: number;
  /** Extra attempts after the first (default 3). */
  retries?: number;
  /** Per request; for stream() the longest wait between two chunks (default 120 s). */
  timeoutMs?: number;
  /** First backoff delay (default 500 ms), doubled each attempt up to maxBackoffMs (default 10 s). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Start at this structured-output level (default 'json_schema'). */
  responseFormat?: 'json_schema' | 'json_object' | 'none';
  /** Ask for token logprobs to compute a confidence (default true; dropped if the server refuses). */
  logprobs?: boolean;
  /** Tokens the server's context holds (the setting llm.remoteContextSize); else probe() asks the server. */
  contextSize?: number;
  headers?: Record<string, string>;
  /** For tests or proxies. */
  fetch?: typeof fetch;
}

const DEFAULT_CONCURRENCY = 4;
/** The context assumed of a server that does not say (most serve at least this much). */
export const DEFAULT_REMOTE_CONTEXT = 4096;

/** Structured-output levels, from most to least capable. */
const LEVELS = [
  { format: 'json_schema', logprobs: true },
  { format: 'json_schema', logprobs: false },
  { format: 'json_object', logprobs: false },
  { format: 'none', logprobs: false },
] as const;

class Semaphore {
  private active = 0;
  private readonly queue: { go: () => void; priority: CallPriority }[] = [];
  constructor(private readonly limit: number) {}

  /** Waits for a slot; an interactive caller goes before every background one already waiting. */
  async acquire(signal?: AbortSignal, priority: CallPriority = 'background'): Promise<() => void> {
    if (signal?.aborted) throw abortError(signal);
    if (this.active >= this.limit) {
      await new Promise<void>((resolve, reject) => {
        const waiter = {
          priority,
          go: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          const i = this.queue.indexOf(waiter);
          if (i >= 0) this.queue.splice(i, 1);
          reject(abortError(signal));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        const at = priority === 'interactive' ? this.queue.findIndex((w) => w.priority === 'background') : -1;
        if (at >= 0) this.queue.splice(at, 0, waiter);
        else this.queue.push(waiter);
      });
    }
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.queue.shift()?.go();
    };
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function normalizeBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new LlmError('unavailable', `not a valid URL: ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new LlmError('unavailable', `only http and https endpoints are supported, got ${url.protocol}`);
  let p = url.pathname.replace(/\/+$/, '');
  if (!p) p = '/v1';
  return `${url.origin}${p}`;
}

type Attempt<T> = (signal: AbortSignal) => Promise<T>;

export class OpenAiEngine implements LlmEngine {
  readonly baseUrl: string;
  private level: number;
  private readonly semaphore: Semaphore;
  private readonly closer = new AbortController();
  private closed = false;
  private embeddingDimension: number | undefined;
  private serverContext: number | undefined;
  private probing: Promise<void> | null = null;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly options: OpenAiEngineOptions) {
    this.baseUrl = normalizeBaseUrl(options.baseUrl);
    if (!options.model) throw new LlmError('unavailable', 'an OpenAI-compatible engine needs a model name');
    const start = options.responseFormat ?? 'json_schema';
    this.level = LEVELS.findIndex((l) => l.format === start && (options.logprobs === false ? !l.logprobs : true));
    if (this.level < 0) this.level = LEVELS.findIndex((l) => l.format === start);
    this.semaphore = new Semaphore(this.concurrency);
    this.fetchFn = options.fetch ?? fetch;
  }

  private get concurrency(): number {
    return Math.max(1, Math.floor(this.options.concurrency ?? DEFAULT_CONCURRENCY));
  }

  info(): EngineInfo {
    const family = embeddingPrefixes(this.options.model)?.family;
    const [contextSize, contextSource] = this.options.contextSize
      ? [this.options.contextSize, 'setting' as const]
      : this.serverContext
        ? [this.serverContext, 'server' as const]
        : [DEFAULT_REMOTE_CONTEXT, 'default' as const];
    return {
      engine: 'openai',
      model: this.options.model,
      backend: 'remote',
      contextSize,
      contextSource,
      parallelSequences: this.concurrency,
      ...(this.embeddingDimension !== undefined ? { embeddingDimension: this.embeddingDimension } : {}),
      ...(family ? { embeddingFamily: family } : {}),
    };
  }

  /**
   * Ask the server what it can (once; never throws): the context per request from llama.cpp's
   * /props (default_generation_settings.n_ctx, divided among its slots), else the model's entry in
   * /models (vLLM's max_model_len, context_length, llama.cpp's meta.n_ctx_train).
   */
  probe(): Promise<void> {
    this.probing ??= this.readServerContext().then(
      (n) => {
        if (n) this.serverContext = n;
      },
      (err: unknown) => log.debug('llm', `${this.baseUrl} did not say its context size; assuming ${DEFAULT_REMOTE_CONTEXT}`, err),
    );
    return this.probing;
  }

  private async readServerContext(): Promise<number | undefined> {
    const get = async (url: string): Promise<unknown> => {
      const res = await this.fetchFn(url, { headers: this.headers(), signal: AbortSignal.any([AbortSignal.timeout(5000), this.closer.signal]) });
      if (!res.ok) return undefined;
      try {
        return await res.json();
      } catch {
        return undefined; // not JSON: a server without this route answering with a page
      }
    };
    const origin = new URL(this.baseUrl).origin;
    const props = await get(`${origin}/props`).catch(() => undefined);
    const nCtx = positive(at(props, 'default_generation_settings', 'n_ctx') ?? at(props, 'n_ctx'));
    if (nCtx) return Math.floor(nCtx / (positive(at(props, 'total_slots')) ?? 1));
    const models = await get(`${this.baseUrl}/models`);
    const data = at(models, 'data') ?? at(models, 'models');
    const list: unknown[] = Array.isArray(data) ? data : [];
    const model = this.options.model;
    const entry = list.find((m) => [at(m, 'id'), at(m, 'name'), at(m, 'model')].includes(model)) ?? (list.length === 1 ? list[0] : undefined);
    return positive(
      at(entry, 'max_model_len') ??
        at(entry, 'context_length') ??
        at(entry, 'max_context_length') ??
        at(entry, 'meta', 'n_ctx') ??
        at(entry, 'meta', 'n_ctx_train'),
    );
  }

  /** The structured-output mode in use now ('json_schema' until a server refuses it). */
  get responseFormat(): string {
    return LEVELS[this.level].format;
  }

  private headers(): Record<string, string> {
    return {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
      ...this.options.headers,
    };
  }

  private ensureOpen(): void {
    if (this.closed) throw new LlmError('closed', 'the LLM engine is closed');
  }

  /**
   * Run `attempt` under the semaphore with a timeout, retrying retryable failures with backoff.
   * `attempt` gets a signal that fires on timeout, on the caller's abort and on close().
   */
  private async withRetries<T>(what: string, outer: AbortSignal | undefined, attempt: Attempt<T>, priority: CallPriority = 'background'): Promise<T> {
    this.ensureOpen();
    const user = outer ? AbortSignal.any([outer, this.closer.signal]) : this.closer.signal;
    const retries = Math.max(0, this.options.retries ?? 3);
    const timeoutMs = this.options.timeoutMs ?? 120_000;
    let lastError: unknown;
    for (let i = 0; i <= retries; i++) {
      const release = await this.semaphore.acquire(user, priority);
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = AbortSignal.any([user, timeout]);
      let retryAfterMs: number | undefined;
      try {
        return await attempt(signal);
      } catch (err) {
        if (user.aborted) throw this.closed ? new LlmError('closed', 'the LLM engine was closed') : abortError(outer);
        if (timeout.aborted) lastError = new LlmError('timeout', `${what}: no answer from ${this.baseUrl} within ${timeoutMs} ms`, { cause: err });
        else if (err instanceof LlmError) lastError = err;
        else if (isAbortError(err)) lastError = new LlmError('timeout', `${what}: request aborted`, { cause: err });
        else lastError = new LlmError('unavailable', `${what}: cannot reach ${this.baseUrl}: ${describeFetchError(err)}`, { cause: err });
        const e = lastError as LlmError;
        const retryable =
          e.code === 'timeout' || e.code === 'unavailable' || e.code === 'invalid_output' || (e.code === 'http' && isRetryableStatus(e.details?.status));
        if (!retryable || i === retries) throw e;
        retryAfterMs = e.details?.retryAfterMs;
      } finally {
        release();
      }
      const base = this.options.backoffMs ?? 500;
      const max = this.options.maxBackoffMs ?? 10_000;
      const delay = retryAfterMs ?? Math.min(max, base * 2 ** i) * (0.75 + Math.random() * 0.5);
      await sleep(Math.min(delay, max), user).catch(() => {
        throw this.closed ? new LlmError('closed', 'the LLM engine was closed') : abortError(outer);
      });
    }
    throw lastError;
  }

  private async post(path: string, body: unknown, signal: AbortSignal): Promise<Response> {
    const res = await this.fetchFn(`${this.baseUrl}${path}`, { method: 'POST', headers: this.headers(), body: JSON.stringify(body), signal });
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      const retryAfter = res.headers.get('retry-after');
      const retryAfterMs = retryAfter !== null && Number.isFinite(Number(retryAfter)) && Number(retryAfter) >= 0 ? Number(retryAfter) * 1000 : undefined;
      throw new LlmError(
        'http',
        `${this.baseUrl}${path} answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}${text ? `: ${text.slice(0, 300)}` : ''}`,
        {
          status: res.status,
          text,
          ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        },
      );
    }
    return res;
  }

  async generate<T = unknown>(messages: ChatMessage[], schema: JsonSchema, options: GenerateOptions = {}): Promise<GenerateResult<T>> {
    return this.withRetries(
      'generate',
      options.signal,
      async (signal) => {
        for (;;) {
          const level = this.level;
          const mode = LEVELS[level];
          const body: Record<string, unknown> = {
            model: this.options.model,
            messages: mode.format === 'json_schema' ? messages : withSchemaInstruction(messages, schema),
            max_tokens: options.maxTokens ?? 1024,
            temperature: options.temperature ?? 0,
            ...(options.seed !== undefined ? { seed: options.seed } : {}),
            ...(mode.format === 'json_schema' ? { response_format: { type: 'json_schema', json_schema: { name: 'answer', schema, strict: true } } } : {}),
            ...(mode.format === 'json_object' ? { response_format: { type: 'json_object' } } : {}),
            ...(mode.logprobs ? { logprobs: true } : {}),
          };
          let res: Response;
          try {
            res = await this.post('/chat/completions', body, signal);
          } catch (err) {
            const refused = requestRefusal(err);
            if (refused === 'format' && level < LEVELS.length - 1) {
              // The server refuses the structured-output part of the request: ask with less, and remember.
              if (this.level === level) this.level = level + 1;
              continue;
            }
            if (refused === 'context') {
              const e = err as LlmError;
              throw new LlmError('truncated', `the prompt does not fit the server's context: ${e.message}`, { ...e.details, cause: err });
            }
            throw err;
          }
          const raw = await res.text();
          let payload: any;
          try {
            payload = JSON.parse(raw);
          } catch {
            throw new LlmError('invalid_output', `${this.baseUrl}/chat/completions returned something that is not JSON: ${JSON.stringify(raw.slice(0, 200))}`, {
              text: raw,
            });
          }
          const choice = payload?.choices?.[0];
          const refusal = choice?.message?.refusal;
          if ((typeof refusal === 'string' && refusal) || choice?.finish_reason === 'content_filter') {
            throw new LlmError(
              'refused',
              `the model declined to answer${typeof refusal === 'string' && refusal ? `: ${refusal.slice(0, 200)}` : ' (content filter)'}`,
              {
                ...promptUsage(payload),
              },
            );
          }
          const content = choice?.message?.content;
          const completionTokens = Number(payload?.usage?.completion_tokens);
          if (choice?.finish_reason === 'length') {
            const text = typeof content === 'string' ? stripThoughts(content) : '';
            throw new LlmError('truncated', `the answer was cut off at max_tokens (${body.max_tokens})`, {
              text,
              ...(Number.isFinite(completionTokens) ? { tokens: completionTokens } : {}),
              ...promptUsage(payload),
            });
          }
          if (typeof content !== 'string') {
            throw new LlmError('invalid_output', `${this.baseUrl}/chat/completions returned no message content: ${JSON.stringify(raw.slice(0, 200))}`, {
              text: raw,
            });
          }
          let value: unknown;
          try {
            value = parseModelJson(content);
          } catch (err) {
            throw new LlmError('invalid_output', `the model's answer is not JSON, even after repair: ${JSON.stringify(content.slice(0, 200))}`, {
              text: content,
              cause: err,
            });
          }
          const issues = validateJson(schema, value);
          if (issues.length) {
            throw new LlmError(
              'invalid_output',
              `the model's answer does not match the schema: ${issues
                .slice(0, 5)
                .map((i) => `${i.path} ${i.message}`)
                .join('; ')}`,
              { text: content },
            );
          }
          const confidence = confidenceFromLogprobs(choice?.logprobs?.content);
          const tokenProbabilities = tokenProbabilitiesOf(choice?.logprobs?.content, content);
          return {
            value: value as T,
            tokens: Number.isFinite(completionTokens) ? completionTokens : Math.ceil(content.length / 4),
            text: content,
            ...promptUsage(payload),
            ...(confidence !== undefined ? { confidence } : {}),
            ...(tokenProbabilities ? { tokenProbabilities } : {}),
          };
        }
      },
      options.priority ?? 'background',
    );
  }

  async *stream(messages: ChatMessage[], options: GenerateOptions = {}): AsyncGenerator<string> {
    this.ensureOpen();
    const outer = options.signal;
    if (outer?.aborted) return;
    const local = new AbortController();
    const user = AbortSignal.any([local.signal, this.closer.signal, ...(outer ? [outer] : [])]);
    const timeoutMs = this.options.timeoutMs ?? 120_000;
    let res: Response;
    try {
      // Retries cover getting the response started; once tokens flow, a failure is final.
      res = await this.withRetries(
        'stream',
        user,
        async (signal) => {
          // The attempt's timeout covers getting the response headers; the body has its own idle timeout.
          const fetchCtl = new AbortController();
          const onAttemptAbort = () => fetchCtl.abort(signal.reason);
          signal.addEventListener('abort', onAttemptAbort, { once: true });
          try {
            return await this.post(
              '/chat/completions',
              {
                model: this.options.model,
                messages,
                stream: true,
                max_tokens: options.maxTokens ?? 512,
                temperature: options.temperature ?? 0.7,
                ...(options.seed !== undefined ? { seed: options.seed } : {}),
              },
              AbortSignal.any([fetchCtl.signal, user]),
            );
          } finally {
            signal.removeEventListener('abort', onAttemptAbort);
          }
        },
        options.priority ?? 'interactive',
      );
    } catch (err) {
      if (user.aborted && !this.closed) return;
      throw err;
    }
    const contentType = res.headers.get('content-type') ?? '';
    if (!contentType.includes('text/event-stream')) {
      // A server that ignored stream: true answers with one JSON body.
      const raw = await res.text();
      let content: unknown;
      try {
        content = JSON.parse(raw)?.choices?.[0]?.message?.content;
      } catch (err) {
        log.debug('llm', 'a non-streamed answer was not JSON; it counts as empty', err);
        content = undefined;
      }
      if (typeof content !== 'string')
        throw new LlmError('invalid_output', `${this.baseUrl}/chat/completions did not stream and returned no message: ${JSON.stringify(raw.slice(0, 200))}`, {
          text: raw,
        });
      const visible = stripThoughts(content);
      if (visible) yield visible;
      return;
    }
    const thoughts = new ThoughtFilter();
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let idle: NodeJS.Timeout | undefined;
    let timedOut = false;
    const arm = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        timedOut = true;
        void reader.cancel().catch(() => undefined);
      }, timeoutMs);
    };
    const onAbort = () => void reader.cancel().catch(() => undefined);
    user.addEventListener('abort', onAbort, { once: true });
    try {
      arm();
      for (;;) {
        let chunk: { done: boolean; value?: Uint8Array };
        try {
          chunk = await reader.read();
        } catch (err) {
          if (user.aborted && !this.closed) return;
          if (timedOut) throw new LlmError('timeout', `the stream from ${this.baseUrl} stalled for ${timeoutMs} ms`);
          throw new LlmError('unavailable', `the stream from ${this.baseUrl} broke: ${describeFetchError(err)}`, { cause: err });
        }
        if (timedOut) throw new LlmError('timeout', `the stream from ${this.baseUrl} stalled for ${timeoutMs} ms`);
        if (user.aborted) return;
        if (chunk.done) break;
        arm();
        buffer += decoder.decode(chunk.value ?? new Uint8Array(), { stream: true });
        let sep: RegExpExecArray | null;
        while ((sep = /\r?\n\r?\n/.exec(buffer))) {
          const event = buffer.slice(0, sep.index);
          buffer = buffer.slice(sep.index + sep[0].length);
          const data = event
            .split(/\r?\n/)
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trimStart())
            .join('\n');
          if (!data) continue;
          if (data === '[DONE]') return;
          let parsed: any;
          try {
            parsed = JSON.parse(data);
          } catch {
            continue; // a keep-alive or a line we do not understand
          }
          if (parsed?.error) throw new LlmError('http', `the stream from ${this.baseUrl} reported an error: ${JSON.stringify(parsed.error).slice(0, 300)}`);
          // reasoning_content (a server that splits a thinking model's reasoning out) is not the answer
          const token = parsed?.choices?.[0]?.delta?.content;
          const visible = typeof token === 'string' && token ? thoughts.push(token) : '';
          if (visible) yield visible;
        }
      }
    } finally {
      clearTimeout(idle);
      user.removeEventListener('abort', onAbort);
      local.abort();
      void reader.cancel().catch(() => undefined);
    }
  }

  async embed(texts: string[], options: EmbedOptions = {}): Promise<number[][]> {
    const out: number[][] = [];
    const input = withTaskPrefix(texts, embeddingPrefixes(this.options.model), options.task);
    for (let i = 0; i < input.length; i += 64) {
      const batch = input.slice(i, i + 64);
      const vectors = await this.withRetries(
        'embed',
        undefined,
        async (signal) => {
          const res = await this.post('/embeddings', { model: this.options.model, input: batch }, signal);
          const raw = await res.text();
          let payload: any;
          try {
            payload = JSON.parse(raw);
          } catch {
            throw new LlmError('invalid_output', `${this.baseUrl}/embeddings returned something that is not JSON: ${JSON.stringify(raw.slice(0, 200))}`, {
              text: raw,
            });
          }
          const data: { index?: number; embedding?: unknown }[] = Array.isArray(payload?.data) ? payload.data : [];
          if (data.length !== batch.length)
            throw new LlmError('invalid_output', `${this.baseUrl}/embeddings returned ${data.length} vectors for ${batch.length} texts`, { text: raw });
          const sorted = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
          return sorted.map((d) => {
            if (!Array.isArray(d.embedding) || !d.embedding.every((x) => typeof x === 'number' && Number.isFinite(x))) {
              throw new LlmError('invalid_output', `${this.baseUrl}/embeddings returned a vector that is not a list of numbers`, { text: raw });
            }
            return d.embedding as number[];
          });
        },
        options.task === 'query' ? 'interactive' : 'background',
      );
      out.push(...vectors);
    }
    if (out.length) this.embeddingDimension = out[0].length;
    return out;
  }

  /** Aborts requests in flight; later calls fail with LlmError('closed'). */
  async close(): Promise<void> {
    this.closed = true;
    this.closer.abort();
  }
}

/**
 * Prompt tokens and the share the server served from its prompt cache: OpenAI and vLLM say
 * usage.prompt_tokens_details.cached_tokens, llama.cpp's server timings.cache_n.
 */
interface UsagePayload {
  usage?: { prompt_tokens?: unknown; prompt_tokens_details?: { cached_tokens?: unknown } };
  timings?: { cache_n?: unknown };
}

function promptUsage(payload: UsagePayload | undefined): { promptTokens?: number; cachedPromptTokens?: number } {
  const prompt = Number(payload?.usage?.prompt_tokens);
  if (!Number.isFinite(prompt)) return {};
  const cached = Number(payload?.usage?.prompt_tokens_details?.cached_tokens ?? payload?.timings?.cache_n);
  return { promptTokens: prompt, cachedPromptTokens: Number.isFinite(cached) ? Math.min(prompt, cached) : 0 };
}

/**
 * What a 400/422 refused: the structured-output part of the request (response_format, a JSON
 * schema, logprobs, a grammar: asking with less may work), the prompt's length (asking with less
 * structure would not help), or something else.
 */
function requestRefusal(err: unknown): 'format' | 'context' | null {
  if (!(err instanceof LlmError) || err.code !== 'http') return null;
  const status = err.details?.status;
  if (status !== 400 && status !== 422) return null;
  const text = `${err.details?.text ?? ''}`;
  if (/context[ _-]?(length|size|window)|maximum context|n_ctx|too many tokens|too long|exceeds? (the )?(available |maximum )?(context|tokens)/i.test(text))
    return 'context';
  if (/response[_ ]?format|json[_ ]?schema|json[_ ]?object|structured output|logprobs|grammar|guided[_ ]|\bschema\b/i.test(text)) return 'format';
  return null;
}

/** A value down a path of keys in parsed JSON, or undefined. */
function at(value: unknown, ...keys: string[]): unknown {
  let v = value;
  for (const k of keys) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

const positive = (v: unknown): number | undefined => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : undefined;
};

function isRetryableStatus(status: number | undefined): boolean {
  return status === 408 || status === 409 || status === 425 || status === 429 || (status !== undefined && status >= 500);
}

function describeFetchError(err: unknown): string {
  const e = err as Error & { cause?: { code?: string; message?: string } };
  return e.cause?.code ? `${e.cause.code}${e.cause.message ? ` (${e.cause.message})` : ''}` : (e.message ?? String(err));
}

function withSchemaInstruction(messages: ChatMessage[], schema: JsonSchema): ChatMessage[] {
  const instruction = `Answer with one JSON value and nothing else. It must follow this JSON schema:\n${JSON.stringify(schema)}`;
  const first = messages[0];
  if (first?.role === 'system') return [{ role: 'system', content: `${first.content}\n\n${instruction}` }, ...messages.slice(1)];
  return [{ role: 'system', content: instruction }, ...messages];
}

/** Each token's probability and offset in the content, from OpenAI-style logprobs ({content: [{token, logprob}]}), when the tokens spell the content. */
function tokenProbabilitiesOf(items: unknown, content: string): TokenProbability[] | undefined {
  if (!Array.isArray(items) || !items.length) return undefined;
  const out: TokenProbability[] = [];
  let offset = 0;
  for (const item of items) {
    const { token, logprob } = (item ?? {}) as { token?: unknown; logprob?: unknown };
    if (typeof token !== 'string' || typeof logprob !== 'number' || !Number.isFinite(logprob)) return undefined;
    out.push({ offset, p: Math.exp(logprob) });
    offset += token.length;
  }
  return offset === content.length ? out : undefined;
}

/** Mean token probability from OpenAI-style logprobs ({content: [{logprob}]}). */
function confidenceFromLogprobs(content: unknown): number | undefined {
  if (!Array.isArray(content) || !content.length) return undefined;
  let sum = 0;
  let n = 0;
  for (const item of content) {
    const lp = (item as { logprob?: unknown })?.logprob;
    if (typeof lp === 'number' && Number.isFinite(lp)) {
      sum += Math.exp(lp);
      n++;
    }
  }
  return n ? sum / n : undefined;
}
