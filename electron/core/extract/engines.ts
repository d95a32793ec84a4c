// Where an extraction job gets its LLM engine: one provided for this core (tests, bench, or an
// engine the app already holds), else loaded for the job and closed when it ends.
import path from 'node:path';
import type { LlmEngine } from '../llm/engine';
import { ApiError } from '../../../shared/errors';

export interface EngineRequest {
  engine: 'llama' | 'openai';
  model?: string;
  endpoint?: string;
  /** Parallel sequences to load a local model with (default 2). */
  sequences?: number;
}

export interface EngineLease {
  engine: LlmEngine;
  /** The model name stored with every triple. */
  model: string;
  /** Close the engine if this lease loaded it; a provided engine stays open. */
  release(): Promise<void>;
}

export type EngineProvider = (request: EngineRequest) => LlmEngine | undefined | Promise<LlmEngine | undefined>;

const providers = new WeakMap<object, EngineProvider>();

/** Let jobs on this core use engines from `provider` (return undefined to fall back to loading). */
export function provideEngine(owner: object, provider: EngineProvider | null): void {
  if (provider) providers.set(owner, provider);
  else providers.delete(owner);
}

/** The model's name as stored with triples and used in the chunk bookkeeping key. */
export function modelName(request: EngineRequest, engine?: LlmEngine): string {
  const m = engine?.info().model ?? request.model ?? '';
  return request.engine === 'llama' ? path.basename(m) : m;
}

export async function openEngine(owner: object, request: EngineRequest): Promise<EngineLease> {
  const provided = await providers.get(owner)?.(request);
  if (provided) return { engine: provided, model: modelName(request, provided), release: async () => undefined };
  if (request.engine === 'llama') {
    if (!request.model) throw new ApiError('bad_request', 'extract: the llama engine needs a model (a .gguf file path)');
    const { LlamaEngine } = await import('../llm/llama');
    const engine = await LlamaEngine.load({ modelPath: request.model, sequences: request.sequences });
    return { engine, model: modelName(request, engine), release: () => engine.close() };
  }
  throw new ApiError('unsupported', `extract: the ${request.engine} engine is not available in this build`);
}
