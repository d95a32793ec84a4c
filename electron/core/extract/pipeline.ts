// One chunk through the three LLM stages: entity–entity, entity–event, event–event.
import type { LlmEngine } from '../llm/engine';
import { promptLanguage, promptsFor } from './prompts';
import { DEFAULT_LIMITS, type ExtractLimits } from './answer-schemas';
import { StageAborted, type StageContext } from './stages/common';
import { entityEntityStage } from './stages/ee';
import { entityEventStage } from './stages/ev';
import { eventEventStage } from './stages/vv';
import type { ChunkExtraction, EngineName } from './types';
import type { EntityTypeHint } from '../concepts/types';

export interface LlmChunkInput {
  text: string;
  /** Document title and headings above the chunk. */
  context?: string[];
  documentLanguage?: string | null;
}

export interface LlmPipelineOptions {
  engine: LlmEngine;
  engineName: EngineName;
  limits?: Partial<ExtractLimits>;
  signal?: AbortSignal;
  /** Sampling temperature (default 0: greedy, reproducible). */
  temperature?: number;
  seed?: number;
  /** The user's entity types: entity answers are constrained to them plus "unknown" (concepts/types.ts). */
  entityTypes?: EntityTypeHint[];
  /** One gleaning turn when a stage returns its cap (default true). */
  glean?: boolean;
}

export { StageAborted };

/**
 * Run the three stages on one chunk. A stage whose answer is unusable counts as one failure and the
 * others still run; only cancellation (StageAborted) propagates.
 */
export async function extractChunkWithLlm(input: LlmChunkInput, options: LlmPipelineOptions): Promise<ChunkExtraction> {
  const language = promptLanguage(input.text, input.documentLanguage);
  const ctx: StageContext = {
    engine: options.engine,
    engineName: options.engineName,
    prompts: promptsFor(language),
    language,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    text: input.text,
    context: input.context ?? [],
    signal: options.signal,
    temperature: options.temperature,
    seed: options.seed,
    entityTypes: options.entityTypes?.length ? options.entityTypes : undefined,
  };
  const at = (k: number): StageContext => (ctx.seed === undefined ? ctx : { ...ctx, seed: ctx.seed + k });
  const ee = await entityEntityStage(at(0));
  const ev = await entityEventStage(at(1));
  const vv = await eventEventStage(at(2), ev.events);
  const stages = { EE: ee.outcome, EV: ev.outcome, VV: vv.outcome };
  return {
    triples: [...ee.triples, ...ev.triples, ...vv.triples],
    mentions: [],
    failures: Object.values(stages).filter((s) => s.failed).length,
    tokens: ee.outcome.tokens + ev.outcome.tokens + vv.outcome.tokens,
    promptTokens: Object.values(stages).reduce((n, s) => n + (s.promptTokens ?? 0), 0),
    cachedPromptTokens: Object.values(stages).reduce((n, s) => n + (s.cachedPromptTokens ?? 0), 0),
    stages,
  };
}
