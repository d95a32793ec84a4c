import type { ExtractLimits } from '../answer-schemas';

export type PromptLanguage = 'en' | 'ko';

export interface PromptInput {
  text: string;
  /** Document title and section headings above the chunk. */
  context: string[];
  limits: ExtractLimits;
  /** Stage 3 only: the events stage 2 found in this chunk. */
  events?: string[];
}

export interface StagePrompts {
  system: string;
  ee(input: PromptInput): string;
  ev(input: PromptInput): string;
  vv(input: PromptInput): string;
}
