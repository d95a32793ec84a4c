// Where an extraction job gets its LLM engine: an engine provided for this core (tests, bench), the
// core's engine registry (core.engines: shared engines, the model chosen for the 'extraction' role),
// or, in a host without a registry, an engine loaded for the job and closed when it ends.
import path from 'node:path';
import type { LlmEngine } from './engine';
import { ApiError } from '../../../shared/errors';
import type { LlmEngineName } from '../../../shared/contract/engines';

interface EngineRequest {
  engine: LlmEngineName;
  /** llama: a .gguf path; openai: the model name. Absent: the model chosen for extraction. */
  model?: string;
  endpoint?: string;
  /** Parallel sequences (a local model the job loads itself) or requests in flight (an endpoint) when no registry builds the engine. */
  sequences?: number;
}

export interface EngineLease {
  engine: LlmEngine;
  /** The model name stored with every triple. */
  model: string;
  /** Close the engine if this lease loaded it; provided and shared engines stay open. */
  release(): Promise<void>;
}

type EngineProvider = (request: EngineRequest) => LlmEngine | undefined | Promise<LlmEngine | undefined>;

type Choice = { kind: 'llama'; path: string } | { kind: 'openai'; baseUrl: string; model: string; apiKey?: string };

/** The part of core.engines (llm/registry.ts) extraction uses; looked up structurally. */
interface EngineRegistryLike {
  get(role: 'extraction' | 'embedding'): Promise<LlmEngine>;
  open(choice: Choice): Promise<LlmEngine>;
  statusOf?(role: 'extraction' | 'embedding'): { state: string };
  choice?(role: 'extraction' | 'embedding'): unknown;
  isLoaded?(choice: Choice): boolean;
}

const providers = new WeakMap<object, EngineProvider>();

function engineRegistry(owner: object): EngineRegistryLike | undefined {
  const r = (owner as { engines?: Partial<EngineRegistryLike> }).engines;
  return r && typeof r.get === 'function' && typeof r.open === 'function' ? (r as EngineRegistryLike) : undefined;
}

/** Whether a role has a model chosen (or injected) in the core's registry. */
export function hasRoleEngine(owner: object, role: 'extraction' | 'embedding'): boolean {
  const state = engineRegistry(owner)?.statusOf?.(role)?.state;
  return state !== undefined && state !== 'none';
}

/** The embedding engine when one is already loaded (never loads one just for merge candidates). */
export async function loadedEmbedder(owner: object): Promise<LlmEngine | undefined> {
  const reg = engineRegistry(owner);
  if (reg?.statusOf?.('embedding')?.state !== 'loaded') return undefined;
  return reg.get('embedding').catch(() => undefined);
}

/** The model's name as stored with triples and in the chunk bookkeeping key. */
export function modelName(request: EngineRequest, engine?: LlmEngine): string {
  const m = engine?.info().model ?? request.model ?? '';
  return request.engine === 'llama' || engine?.info().engine === 'llama' ? path.basename(m) : m;
}

const apiKey = () => process.env.GRAPHWRIGHT_OPENAI_API_KEY || undefined;

function choiceOf(request: EngineRequest): Choice | null {
  return request.engine === 'llama' && request.model
    ? { kind: 'llama', path: path.resolve(request.model) }
    : request.engine === 'openai' && request.endpoint && request.model
      ? { kind: 'openai', baseUrl: request.endpoint, model: request.model, apiKey: apiKey() }
      : null;
}

/**
 * Whether openEngine(request) has a model to load first (a job shows a "loading model" phase then):
 * false for an engine provided or injected for this core, or one its registry has loaded already.
 */
export function willLoad(owner: object, request: EngineRequest): boolean {
  if (providers.has(owner)) return false;
  const registry = engineRegistry(owner);
  const choice = choiceOf(request);
  if (!registry) return true;
  if (choice) return registry.isLoaded ? !registry.isLoaded(choice) : true;
  return registry.statusOf?.('extraction')?.state !== 'loaded';
}

export async function openEngine(owner: object, request: EngineRequest): Promise<EngineLease> {
  const shared = (engine: LlmEngine): EngineLease => ({ engine, model: modelName(request, engine), release: async () => undefined });
  const provided = await providers.get(owner)?.(request);
  if (provided) return shared(provided);

  if (request.engine === 'openai' && request.endpoint && !request.model) {
    throw new ApiError('bad_request', 'extract: the openai engine needs a model name with the endpoint');
  }
  const choice = choiceOf(request);

  const registry = engineRegistry(owner);
  if (registry) {
    if (choice) return shared(await registry.open(choice));
    const engine = await registry.get('extraction');
    if (engine.info().engine !== request.engine) {
      throw new ApiError(
        'conflict',
        `extract: the model chosen for extraction runs on ${engine.info().engine}, not ${request.engine}; give a model explicitly`,
      );
    }
    return shared(engine);
  }

  if (!choice)
    throw new ApiError(
      'bad_request',
      `extract: the ${request.engine} engine needs ${request.engine === 'llama' ? 'a model (.gguf path)' : 'an endpoint and a model'}`,
    );
  if (choice.kind === 'llama') {
    const { LlamaEngine } = await import('../llm/llama');
    const engine = await LlamaEngine.load({ modelPath: choice.path, sequences: request.sequences });
    return { engine, model: modelName(request, engine), release: () => engine.close() };
  }
  const { OpenAiEngine } = await import('../llm/openai');
  const engine = new OpenAiEngine({ baseUrl: choice.baseUrl, model: choice.model, apiKey: choice.apiKey, concurrency: request.sequences });
  await engine.probe();
  return { engine, model: modelName(request, engine), release: () => engine.close() };
}
