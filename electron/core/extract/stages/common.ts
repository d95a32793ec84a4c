// What every LLM stage shares: ask the engine under a schema, read the answer leniently, and report
// a failure for this chunk (never throw) unless the job was cancelled.
import type { ChatMessage, JsonSchema, LlmEngine } from '../../llm/engine';
import { listOf, parseLenient, rawTextOf } from '../../llm/json';
import type { PromptLanguage, StagePrompts } from '../prompts';
import type { ExtractLimits } from '../answer-schemas';
import type { EngineName, ExtractStage } from '../types';
import type { EntityTypeHint } from '../../concepts/types';
import type { FailureReason } from '../../../../shared/contract/extract';

export interface StageContext {
  engine: LlmEngine;
  engineName: EngineName;
  prompts: StagePrompts;
  language: PromptLanguage;
  limits: ExtractLimits;
  text: string;
  context: string[];
  signal?: AbortSignal;
  temperature?: number;
  seed?: number;
  /** The user's entity types (concepts/types.ts): when given, every entity answered gets one of them or "unknown". */
  entityTypes?: EntityTypeHint[];
}

export interface StageAnswer {
  /** The answer's list, or null when the answer was unusable. */
  items: unknown[] | null;
  tokens: number;
  promptTokens: number;
  cachedPromptTokens: number;
  confidence?: number;
  error?: string;
  /** Why the answer was unusable. */
  reason?: FailureReason;
}

/** Why an engine call failed, from the engine's error code (llm/engine.ts LlmErrorCode). */
export function failureReason(err: unknown): FailureReason {
  const code = (err as { code?: unknown })?.code;
  if (code === 'invalid_output') return 'grammar';
  if (code === 'truncated') return 'truncated';
  if (code === 'refused') return 'refused';
  if (code === 'timeout' || (err as Error)?.name === 'TimeoutError') return 'timeout';
  return 'engine';
}

export class StageAborted extends Error {
  constructor() {
    super('cancelled');
    this.name = 'StageAborted';
  }
}

export async function askStage(
  ctx: StageContext,
  stage: ExtractStage,
  user: string,
  schema: JsonSchema,
  listKeys: string[],
  maxTokens: number,
): Promise<StageAnswer> {
  const messages: ChatMessage[] = [
    { role: 'system', content: ctx.prompts.system },
    { role: 'user', content: user },
  ];
  let value: unknown;
  let tokens = 0;
  let promptTokens = 0;
  let cachedPromptTokens = 0;
  let confidence: number | undefined;
  try {
    const r = await ctx.engine.generate(messages, schema, {
      maxTokens,
      temperature: ctx.temperature ?? 0,
      ...(ctx.seed !== undefined ? { seed: ctx.seed } : {}),
      signal: ctx.signal,
    });
    value = r.value;
    tokens = r.tokens ?? 0;
    promptTokens = r.promptTokens ?? 0;
    cachedPromptTokens = r.cachedPromptTokens ?? 0;
    confidence = typeof r.confidence === 'number' && Number.isFinite(r.confidence) && r.confidence >= 0 && r.confidence <= 1 ? r.confidence : undefined;
  } catch (err) {
    if (ctx.signal?.aborted) throw new StageAborted();
    const raw = rawTextOf(err);
    // the tokens the model generated before the answer failed: they were generated all the same
    const tokensUsed = (err as { tokens?: unknown })?.tokens ?? (err as { details?: { tokens?: unknown } })?.details?.tokens;
    if (typeof tokensUsed === 'number') tokens = tokensUsed;
    const details = (err as { details?: { promptTokens?: unknown; cachedPromptTokens?: unknown } })?.details;
    if (typeof details?.promptTokens === 'number') promptTokens = details.promptTokens;
    if (typeof details?.cachedPromptTokens === 'number') cachedPromptTokens = details.cachedPromptTokens;
    const reason = failureReason(err);
    if (raw === undefined)
      return { items: null, tokens, promptTokens, cachedPromptTokens, reason, error: `${stage}: ${(err as Error)?.message ?? String(err)}` };
    value = parseLenient(raw);
    if (value === undefined)
      return {
        items: null,
        tokens,
        promptTokens,
        cachedPromptTokens,
        reason: reason === 'engine' ? 'parse' : reason,
        error: `${stage}: unreadable answer (${(err as Error)?.message ?? String(err)})`,
      };
  }
  const items = listOf(value, listKeys);
  if (!items)
    return { items: null, tokens, promptTokens, cachedPromptTokens, confidence, reason: 'parse', error: `${stage}: answer has no ${listKeys[0]} list` };
  return { items, tokens, promptTokens, cachedPromptTokens, confidence };
}
