// One chunk through the three LLM stages (entity–entity, entity–event, event–event) as one
// conversation: the shared system prompt, the passage with stage 1's request, then stages 2 and 3 as
// follow-up turns (extract/prompts/types.ts says why).
import type { LlmEngine } from '../llm/engine';
import { promptLanguage, promptsFor, type PromptSetup } from './prompts';
import { DEFAULT_LIMITS, type ExtractLimits } from './answer-schemas';
import { indexPassage } from './grounding';
import { StageAborted, type StageCache, type StageContext } from './stages/common';
import { entityEntityStage } from './stages/ee';
import { entityEventStage } from './stages/ev';
import { eventEventStage } from './stages/vv';
import type { ChunkExtraction, EngineName, StageOutcome } from './types';
import type { EntityTypeHint, RelationTypeHint } from '../concepts/types';

interface LlmChunkInput {
  text: string;
  /** Document title and headings above the chunk. */
  context?: string[];
  documentLanguage?: string | null;
}

interface LlmPipelineOptions {
  engine: LlmEngine;
  engineName: EngineName;
  limits?: Partial<ExtractLimits>;
  signal?: AbortSignal;
  /** Sampling temperature (default 0: greedy, reproducible). */
  temperature?: number;
  seed?: number;
  /** The user's entity types: entity answers are constrained to them plus "unknown" (concepts/types.ts). */
  entityTypes?: EntityTypeHint[];
  /** The user's relation types, named in the system prompt. */
  relationTypes?: RelationTypeHint[];
  /** One gleaning turn when a stage returns its cap (default true). */
  glean?: boolean;
  /** Answers kept by model, prompt version, schema and conversation: a re-run asks only for what is not there. */
  cache?: StageCache;
}

export { StageAborted };

/** Tuples on one line for a local model (its grammar takes them); objects for an endpoint. */
const compactAnswers = (engine: LlmEngine) => engine.info().engine === 'llama';

/**
 * Run the three stages on one chunk. A stage whose answer is unusable counts as one failure and the
 * others still run; only cancellation (StageAborted) propagates.
 */
export async function extractChunkWithLlm(input: LlmChunkInput, options: LlmPipelineOptions): Promise<ChunkExtraction> {
  const language = promptLanguage(input.text, input.documentLanguage);
  const prompts = promptsFor(language);
  const setup: PromptSetup = {
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    compact: compactAnswers(options.engine),
    ...(options.entityTypes?.length ? { entityTypes: options.entityTypes } : {}),
    ...(options.relationTypes?.length ? { relationTypes: options.relationTypes } : {}),
  };
  const ctx: StageContext = {
    engine: options.engine,
    engineName: options.engineName,
    prompts,
    language,
    setup,
    limits: setup.limits,
    text: input.text,
    context: input.context ?? [],
    passage: indexPassage(input.text),
    conversation: [{ role: 'system', content: prompts.system(setup) }],
    signal: options.signal,
    temperature: options.temperature,
    seed: options.seed,
    cache: options.cache,
    glean: options.glean ?? true,
  };
  const at = (k: number): StageContext => (ctx.seed === undefined ? ctx : { ...ctx, seed: ctx.seed + k });
  const ee = await entityEntityStage(at(0));
  const ev = await entityEventStage(at(1));
  const vv = await eventEventStage(at(2), ev.events);
  const stages = { EE: ee.outcome, EV: ev.outcome, VV: vv.outcome };
  const sum = (f: (s: StageOutcome) => number | undefined) => Object.values(stages).reduce((n, s) => n + (f(s) ?? 0), 0);
  return {
    triples: [...ee.triples, ...ev.triples, ...vv.triples],
    mentions: [],
    failures: Object.values(stages).filter((s) => s.failed).length,
    tokens: sum((s) => s.tokens),
    promptTokens: sum((s) => s.promptTokens),
    cachedPromptTokens: sum((s) => s.cachedPromptTokens),
    stages,
  };
}
