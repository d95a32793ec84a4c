// The one interface every LLM stage (extraction, concepts, chat) talks to.
// Implementations: llama.ts (node-llama-cpp, local GGUF) and openai.ts (OpenAI-compatible HTTP).

/** A JSON schema as node-llama-cpp's grammar and OpenAI's response_format accept it. */
export type JsonSchema = Record<string, unknown>;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface GenerateOptions {
  /** Stop after this many tokens (always bound it: random weights never stop on their own). */
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
}

export interface GenerateResult<T> {
  value: T;
  /** Mean probability of the sampled tokens when the engine reports it, else undefined. */
  confidence?: number;
  tokens: number;
}

export interface EngineInfo {
  engine: 'llama' | 'openai';
  model: string;
  /** 'cuda' | 'vulkan' | 'metal' | 'cpu' for llama; 'remote' for HTTP. */
  backend: string;
  /** Why the GPU was not used, when a GPU load failed and the CPU took over. */
  fallbackReason?: string;
  vramTotalBytes?: number;
  vramUsedBytes?: number;
  contextSize: number;
  parallelSequences: number;
  embeddingDimension?: number;
}

export interface LlmEngine {
  info(): EngineInfo;
  /** Generate a JSON value constrained by (or, over HTTP, asked to follow) the schema; parsed and validated. */
  generate<T = unknown>(messages: ChatMessage[], schema: JsonSchema, options?: GenerateOptions): Promise<GenerateResult<T>>;
  /** Stream free text token by token; stops early when the signal aborts. */
  stream(messages: ChatMessage[], options?: GenerateOptions): AsyncIterable<string>;
  embed(texts: string[]): Promise<number[][]>;
  close(): Promise<void>;
}
