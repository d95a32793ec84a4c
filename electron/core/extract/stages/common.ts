// What every LLM stage shares: ask the engine under a schema, read the answer leniently, and report
// a failure for this chunk (never throw) unless the job was cancelled.
import type { ChatMessage, JsonSchema, LlmEngine } from '../../llm/engine';
import { listOf, parseLenient, rawTextOf } from '../json';
import type { PromptLanguage, StagePrompts } from '../prompts';
import type { ExtractLimits } from '../schemas';
import type { EngineName, ExtractStage } from '../types';
import type { EntityTypeHint } from '../../schema/types';

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
  /** The user's entity types (schema/types.ts): when given, every entity answered gets one of them or "unknown". */
  entityTypes?: EntityTypeHint[];
}

export interface StageAnswer {
  /** The answer's list, or null when the answer was unusable. */
  items: unknown[] | null;
  tokens: number;
  confidence?: number;
  error?: string;
}

export class StageAborted extends Error {
  constructor() {
    super('cancelled');
    this.name = 'StageAborted';
  }
}

export async function askStage(ctx: StageContext, stage: ExtractStage, user: string, schema: JsonSchema, listKeys: string[], maxTokens: number): Promise<StageAnswer> {
  const messages: ChatMessage[] = [
    { role: 'system', content: ctx.prompts.system },
    { role: 'user', content: user },
  ];
  let value: unknown;
  let tokens = 0;
  let confidence: number | undefined;
  try {
    const r = await ctx.engine.generate(messages, schema, { maxTokens, temperature: ctx.temperature ?? 0, ...(ctx.seed !== undefined ? { seed: ctx.seed } : {}), signal: ctx.signal });
    value = r.value;
    tokens = r.tokens ?? 0;
    confidence = typeof r.confidence === 'number' && Number.isFinite(r.confidence) && r.confidence >= 0 && r.confidence <= 1 ? r.confidence : undefined;
  } catch (err) {
    if (ctx.signal?.aborted) throw new StageAborted();
    const raw = rawTextOf(err);
    const tokensUsed = (err as { tokens?: unknown })?.tokens;
    if (typeof tokensUsed === 'number') tokens = tokensUsed;
    if (raw === undefined) return { items: null, tokens, error: `${stage}: ${(err as Error)?.message ?? String(err)}` };
    value = parseLenient(raw);
    if (value === undefined) return { items: null, tokens, error: `${stage}: unreadable answer` };
  }
  const items = listOf(value, listKeys);
  if (!items) return { items: null, tokens, confidence, error: `${stage}: answer has no ${listKeys[0]} list` };
  return { items, tokens, confidence };
}
