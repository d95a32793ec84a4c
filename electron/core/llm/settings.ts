// The user's LLM settings (settings.set / settings.get under these keys), read when the engine
// registry builds an engine. An explicit option of the host (the Core's `llm` options: tests, the
// bench) wins over a setting; a setting wins over the sizing rule. A stored value of the wrong
// shape reads as unset (and is logged), never as an error at load.
import { z } from 'zod';
import type { SettingsRepository } from '../store/settings';
import { log } from '../log';

export const LLM_SETTINGS = {
  /** Parallel sequences of a local model's context; unset or "auto": sized from free VRAM (llm/sizing.ts). */
  sequences: 'llm.sequences',
  /** Tokens per sequence of a local model's context (default: the model's, at most 4,096). */
  contextSize: 'llm.contextSize',
  /** The most memory (bytes) a local model may take on its device; default: what is free. */
  memoryBudgetBytes: 'llm.memoryBudgetBytes',
  /** Requests in flight at once to an OpenAI-compatible endpoint (default 4). */
  concurrency: 'llm.concurrency',
  /** The context size of an OpenAI-compatible endpoint's model; default: what the server says, else 4,096. */
  remoteContextSize: 'llm.remoteContextSize',
} as const;

const count = (max: number) => z.number().int().min(1).max(max);

const SCHEMAS = {
  sequences: z.union([count(256), z.literal('auto')]),
  contextSize: count(1 << 20).min(256),
  memoryBudgetBytes: z.number().positive(),
  concurrency: count(256),
  remoteContextSize: count(1 << 22).min(256),
} satisfies Record<keyof typeof LLM_SETTINGS, z.ZodType>;

interface LlmSettings {
  sequences?: number;
  contextSize?: number;
  memoryBudgetBytes?: number;
  concurrency?: number;
  remoteContextSize?: number;
}

export function readLlmSettings(settings: SettingsRepository): LlmSettings {
  const out: LlmSettings = {};
  for (const name of Object.keys(LLM_SETTINGS) as (keyof typeof LLM_SETTINGS)[]) {
    const raw = settings.get<unknown>(LLM_SETTINGS[name]);
    if (raw === undefined || raw === null) continue;
    const parsed = SCHEMAS[name].safeParse(raw);
    if (!parsed.success) {
      log.warn('llm', `the setting ${LLM_SETTINGS[name]} = ${JSON.stringify(raw)} is not valid (${parsed.error.issues[0]?.message}); it is ignored`);
      continue;
    }
    if (parsed.data !== 'auto') out[name] = parsed.data;
  }
  return out;
}
