// The one interface every LLM stage (extraction, concepts, chat) talks to.
// Implementations: llama.ts (node-llama-cpp, local GGUF) and openai.ts (OpenAI-compatible HTTP).
import type { LlmEngineName } from '../../../shared/contract/engines';
import type { EmbeddingTask } from './embedding-tasks';
import type { TokenProbability } from './json-spans';

/** A JSON schema as node-llama-cpp's grammar and OpenAI's response_format accept it. */
export type JsonSchema = Record<string, unknown>;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface GenerateOptions {
  /** Stop after this many tokens (always bound it: random weights never stop on their own). */
  maxTokens?: number;
  /** 0 (the default for generate) is greedy: the same prompt gives the same answer. */
  temperature?: number;
  /** Seed of the sampler when temperature > 0. */
  seed?: number;
  /** Aborting rejects generate() with an AbortError; stream() just ends. */
  signal?: AbortSignal;
  /**
   * 'interactive' (stream()'s default: a user waits) goes before 'background' (generate()'s default:
   * a job's stage calls) when every sequence or request slot is busy.
   */
  priority?: CallPriority;
  /**
   * stream() on a thinking model: tokens it may think before answering, on top of maxTokens (default
   * DEFAULT_THOUGHT_BUDGET); 0 closes the thought at once. generate() never lets a model think: its
   * answer is the JSON the grammar asks for.
   */
  thoughtBudget?: number;
}

export type CallPriority = 'interactive' | 'background';

export interface EmbedOptions {
  /** A question ('query') or a text to be found ('document', the default): models trained with task prefixes get theirs (llm/embedding-tasks.ts). */
  task?: EmbeddingTask;
}

/** Thinking tokens a chat answer may spend before its text (they do not eat the answer's maxTokens). */
export const DEFAULT_THOUGHT_BUDGET = 512;

export interface GenerateResult<T> {
  value: T;
  /** Mean probability of the sampled tokens when the engine reports it, else undefined. */
  confidence?: number;
  tokens: number;
  /** The raw text the value was parsed from. */
  text?: string;
  /** Each generated token's probability and where its text starts in `text` (for a confidence per value: llm/json-spans.ts). */
  tokenProbabilities?: TokenProbability[];
  /** Tokens of the prompt, and how many of them were served from the engine's prompt cache (not evaluated again). */
  promptTokens?: number;
  cachedPromptTokens?: number;
}

export interface EngineInfo {
  engine: LlmEngineName;
  model: string;
  /** 'cuda' | 'vulkan' | 'metal' | 'cpu' for llama; 'remote' for HTTP. */
  backend: string;
  /** Why the GPU was not used, when a GPU load failed and the CPU took over. */
  fallbackReason?: string;
  vramTotalBytes?: number;
  vramUsedBytes?: number;
  contextSize: number;
  /** Where contextSize comes from: the model or its load (llama), a setting, the server, or a default guess (an endpoint that does not say). */
  contextSource?: 'model' | 'setting' | 'server' | 'default';
  parallelSequences: number;
  /** How the sequences and context were chosen (llama: the sizing rule, and the context-failure ladder's steps). */
  sizing?: string;
  embeddingDimension?: number;
  /** The embedding family whose task prefixes the engine adds (llm/embedding-tasks.ts), if any. */
  embeddingFamily?: string;
  /** Layers offloaded to the GPU (llama only) and the model's total. */
  gpuLayers?: number;
  totalLayers?: number;
  /** CPU threads used for evaluation (llama only). */
  threads?: number;
}

export type LlmErrorCode =
  | 'load_failed' // the model could not be loaded (bad file, out of memory)
  | 'invalid_output' // the model's answer did not parse or did not match the schema
  | 'truncated' // maxTokens ran out before the answer was complete
  | 'timeout' // an HTTP request took too long
  | 'http' // an HTTP endpoint answered with an error status
  | 'unavailable' // the endpoint could not be reached
  | 'refused' // the model declined to answer (a refusal, a content filter)
  | 'closed'; // the engine was closed

/** Every engine failure other than an abort (which is a DOMException named AbortError). */
export class LlmError extends Error {
  constructor(
    readonly code: LlmErrorCode,
    message: string,
    /** tokens: what the model generated before the answer failed (counted for tokens/s all the same). */
    readonly details?: {
      status?: number;
      text?: string;
      retryAfterMs?: number;
      cause?: unknown;
      tokens?: number;
      promptTokens?: number;
      cachedPromptTokens?: number;
    },
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export function isAbortError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || (err as { code?: string }).code === 'ABORT_ERR');
}

/** The error an aborted call rejects with. */
export function abortError(signal?: AbortSignal): Error {
  const reason = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException(typeof reason === 'string' ? reason : 'The operation was aborted', 'AbortError');
}

export interface LlmEngine {
  info(): EngineInfo;
  /** Generate a JSON value constrained by (or, over HTTP, asked to follow) the schema; parsed and validated. */
  generate<T = unknown>(messages: ChatMessage[], schema: JsonSchema, options?: GenerateOptions): Promise<GenerateResult<T>>;
  /** Stream free text token by token; stops early when the signal aborts. */
  stream(messages: ChatMessage[], options?: GenerateOptions): AsyncIterable<string>;
  embed(texts: string[], options?: EmbedOptions): Promise<number[][]>;
  close(): Promise<void>;
}
