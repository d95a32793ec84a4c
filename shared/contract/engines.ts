// The extraction engines, named once: every call that takes an engine (extract, concepts, eval), the
// CLI's --engine, the core's types and the renderer's pickers derive from these enums.
import { z } from 'zod';

/** classic: the rule-based extractor; llama: a local GGUF model; openai: an OpenAI-compatible endpoint. */
export const EngineName = z.enum(['classic', 'llama', 'openai']);
export type EngineName = z.infer<typeof EngineName>;

/** The engines that run a language model. */
export const LlmEngineName = EngineName.exclude(['classic']);
export type LlmEngineName = z.infer<typeof LlmEngineName>;
