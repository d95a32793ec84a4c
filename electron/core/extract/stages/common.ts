// What every LLM stage shares. A chunk's stages are turns of one conversation: the system prompt
// (the same for every chunk), the passage with stage 1's request, then each later stage's request,
// each answer kept in the conversation as the model wrote it, so the engine's prompt cache serves
// everything before the new request. A stage asks under its schema, answers come from the stage
// cache when the same question was answered before, a stage that returns its cap gets one gleaning
// turn, and every item of an answer can tell the confidence of its own tokens. A failure is reported
// for the chunk (never thrown) unless the job was cancelled.
import crypto from 'node:crypto';
import type { ChatMessage, GenerateResult, JsonSchema, LlmEngine } from '../../llm/engine';
import { listOf, parseLenient, pickKey, rawTextOf } from '../../llm/json';
import { jsonValueSpans, spanConfidence, under, type JsonPath, type TokenProbability } from '../../llm/json-spans';
import { PROMPT_VERSIONS, type PromptLanguage, type PromptSetup, type StagePrompts } from '../prompts';
import type { ExtractLimits } from '../answer-schemas';
import type { PassageIndex } from '../grounding';
import type { EngineName, ExtractStage } from '../types';
import type { FailureReason } from '../../../../shared/contract/extract';
import type { StageCacheRow } from '../../store/stage-cache';

/** Where a job keeps the stages' answers (store/stage-cache.ts), and whose answers they are. */
export interface StageCache {
  /** The model's identity (llm/identity.ts): part of every key. */
  model: string;
  /** false: answer every stage anew (a forced re-run), still keeping the answers. */
  read: boolean;
  get(key: string): StageCacheRow | undefined;
  put(row: StageCacheRow): void;
}

export interface StageContext {
  engine: LlmEngine;
  engineName: EngineName;
  prompts: StagePrompts;
  language: PromptLanguage;
  setup: PromptSetup;
  limits: ExtractLimits;
  text: string;
  context: string[];
  /** The chunk's sentences, for grounding the answers (extract/grounding.ts). */
  passage: PassageIndex;
  /** The system prompt, then the turns answered so far; each stage appends its own. */
  conversation: ChatMessage[];
  signal?: AbortSignal;
  temperature?: number;
  seed?: number;
  cache?: StageCache;
  /** One gleaning turn when a stage returns its cap. */
  glean: boolean;
}

/** One item of an answer, with the confidence of its own tokens. */
interface AnsweredItem {
  value: unknown;
  /** Mean probability of the tokens of the item's values (all of them, or those under these sub-paths); undefined when not known. */
  confidence(...subPaths: JsonPath[]): number | undefined;
}

interface StageAnswer {
  /** The answer's items (a gleaning turn's appended), or null when the answer was unusable. */
  items: AnsweredItem[] | null;
  tokens: number;
  promptTokens: number;
  cachedPromptTokens: number;
  /** Calls of this stage answered from the stage cache. */
  cachedCalls: number;
  /** Items a gleaning turn added. */
  gleaned: number;
  /** The whole answer's mean token probability (the fallback of an item's). */
  confidence?: number;
  error?: string;
  /** Why the answer was unusable. */
  reason?: FailureReason;
}

/** Why an engine call failed, from the engine's error code (llm/engine.ts LlmErrorCode). */
function failureReason(err: unknown): FailureReason {
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

/** The stage cache's key: everything the answer depended on. */
function stageKey(parts: {
  model: string;
  stage: ExtractStage;
  schema: JsonSchema;
  maxTokens: number;
  temperature: number;
  seed?: number;
  messages: ChatMessage[];
}): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify({ ...parts, version: PROMPT_VERSIONS[parts.stage] }))
    .digest('hex');
}

/** The cap of a stage's list (a full list gets a gleaning turn). */
function stageCap(stage: ExtractStage, l: ExtractLimits): number {
  return stage === 'EE' ? l.triples : stage === 'EV' ? l.events : l.eventRelations;
}

interface Turn {
  items: AnsweredItem[] | null;
  tokens: number;
  promptTokens: number;
  cachedPromptTokens: number;
  cached: boolean;
  confidence?: number;
  error?: string;
  reason?: FailureReason;
}

/** An answer's items, each with its confidence read from the tokens of its own values. */
function answeredItems(value: unknown, text: string, probabilities: TokenProbability[] | undefined, listKeys: string[]): AnsweredItem[] | null {
  const items = listOf(value, listKeys);
  if (!items) return null;
  let listPath: JsonPath = [];
  if (!Array.isArray(value) && value && typeof value === 'object') {
    const list = pickKey(value as Record<string, unknown>, listKeys);
    const key = Object.keys(value).find((k) => (value as Record<string, unknown>)[k] === list);
    listPath = key === undefined ? [] : [key];
  }
  // the spans only mean something when the text is the JSON itself (not after prose or a fence)
  const spans = probabilities?.length && /^\s*[[{]/.test(text) ? jsonValueSpans(text) : [];
  return items.map((v, i) => ({
    value: v,
    confidence: (...subPaths: JsonPath[]) => {
      const prefixes = (subPaths.length ? subPaths : [[]]).map((p) => [...listPath, i, ...p]);
      const mine = spans.filter((s) => prefixes.some((p) => under(s.path, p)));
      return mine.length ? spanConfidence(probabilities!, mine, text.length) : undefined;
    },
  }));
}

/** One turn: the request after the conversation so far, answered by the cache or the engine. */
async function askTurn(ctx: StageContext, stage: ExtractStage, request: string, schema: JsonSchema, listKeys: string[], maxTokens: number): Promise<Turn> {
  const messages: ChatMessage[] = [...ctx.conversation, { role: 'user', content: request }];
  const temperature = ctx.temperature ?? 0;
  const key = ctx.cache ? stageKey({ model: ctx.cache.model, stage, schema, maxTokens, temperature, seed: ctx.seed, messages }) : null;
  const keep = (text: string) => ctx.conversation.push({ role: 'user', content: request }, { role: 'assistant', content: text });

  const hit = key && ctx.cache!.read ? ctx.cache!.get(key) : undefined;
  if (hit) {
    const value = parseLenient(hit.answer);
    const probabilities = Array.isArray(hit.meta.tokenProbabilities) ? (hit.meta.tokenProbabilities as TokenProbability[]) : undefined;
    const items = answeredItems(value, hit.answer, probabilities, listKeys);
    if (items) {
      keep(hit.answer);
      const confidence = typeof hit.meta.confidence === 'number' ? hit.meta.confidence : undefined;
      return { items, tokens: 0, promptTokens: 0, cachedPromptTokens: 0, cached: true, confidence };
    }
  }

  let r: GenerateResult<unknown>;
  try {
    r = await ctx.engine.generate(messages, schema, {
      maxTokens,
      temperature,
      ...(ctx.seed !== undefined ? { seed: ctx.seed } : {}),
      signal: ctx.signal,
      priority: 'background',
    });
  } catch (err) {
    if (ctx.signal?.aborted) throw new StageAborted();
    const details = (err as { details?: { tokens?: unknown; promptTokens?: unknown; cachedPromptTokens?: unknown } })?.details;
    const num = (v: unknown) => (typeof v === 'number' ? v : 0);
    // what the model generated before the answer failed was generated all the same
    const counts = {
      tokens: num(details?.tokens),
      promptTokens: num(details?.promptTokens),
      cachedPromptTokens: num(details?.cachedPromptTokens),
      cached: false,
    };
    const reason = failureReason(err);
    const message = (err as Error)?.message ?? String(err);
    const raw = rawTextOf(err);
    // a cut-off or ill-formed answer may still hold whole items: salvage them (never cached)
    const items = raw === undefined ? null : answeredItems(parseLenient(raw), raw, undefined, listKeys);
    if (items) {
      keep(raw!);
      return { items, ...counts };
    }
    // the turn stays in the conversation with an empty answer: the passage must reach the later stages
    keep(ctx.setup.compact ? '[]' : JSON.stringify({ [listKeys[0]]: [] }));
    if (raw === undefined) return { items: null, ...counts, reason, error: `${stage}: ${message}` };
    return { items: null, ...counts, reason: reason === 'engine' ? 'parse' : reason, error: `${stage}: unreadable answer (${message})` };
  }
  const text = r.text ?? JSON.stringify(r.value);
  const confidence = typeof r.confidence === 'number' && Number.isFinite(r.confidence) && r.confidence >= 0 && r.confidence <= 1 ? r.confidence : undefined;
  const counts = { tokens: r.tokens ?? 0, promptTokens: r.promptTokens ?? 0, cachedPromptTokens: r.cachedPromptTokens ?? 0, cached: false };
  const items = answeredItems(r.value, text, r.tokenProbabilities, listKeys);
  keep(text);
  if (!items) return { items: null, ...counts, confidence, reason: 'parse', error: `${stage}: answer has no ${listKeys[0]} list` };
  if (key)
    ctx.cache!.put({
      key,
      stage,
      model: ctx.cache!.model,
      promptVersion: PROMPT_VERSIONS[stage],
      answer: text,
      tokens: r.tokens ?? 0,
      meta: { ...(confidence !== undefined ? { confidence } : {}), ...(r.tokenProbabilities ? { tokenProbabilities: r.tokenProbabilities } : {}) },
    });
  return { items, ...counts, confidence };
}

/**
 * Ask a stage: its request as the next turn, then, when the answer fills the stage's cap, one
 * gleaning turn for what it left out.
 */
export async function askStage(
  ctx: StageContext,
  stage: ExtractStage,
  request: string,
  schema: JsonSchema,
  listKeys: string[],
  maxTokens: number,
): Promise<StageAnswer> {
  const first = await askTurn(ctx, stage, request, schema, listKeys, maxTokens);
  const answer: StageAnswer = {
    items: first.items,
    tokens: first.tokens,
    promptTokens: first.promptTokens,
    cachedPromptTokens: first.cachedPromptTokens,
    cachedCalls: first.cached ? 1 : 0,
    gleaned: 0,
    ...(first.confidence !== undefined ? { confidence: first.confidence } : {}),
    ...(first.error ? { error: first.error, reason: first.reason } : {}),
  };
  if (!first.items || !ctx.glean || first.items.length < stageCap(stage, ctx.limits)) return answer;
  const more = await askTurn(ctx, stage, ctx.prompts.glean(stage, ctx.setup), schema, listKeys, maxTokens);
  answer.tokens += more.tokens;
  answer.promptTokens += more.promptTokens;
  answer.cachedPromptTokens += more.cachedPromptTokens;
  if (more.cached) answer.cachedCalls++;
  // a failed gleaning turn loses nothing: the first answer stands
  if (more.items) {
    answer.items = [...first.items, ...more.items];
    answer.gleaned = more.items.length;
  }
  return answer;
}
