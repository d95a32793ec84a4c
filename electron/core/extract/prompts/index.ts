// The project's own extraction prompts, one set per language where the language changes the answer.
import { en } from './en';
import { ko } from './ko';
import type { PromptLanguage, StagePrompts } from './types';
import type { ExtractStage } from '../types';

export type { PassageInput, PromptLanguage, PromptSetup, StagePrompts } from './types';

/**
 * The version of each stage's prompt and answer format, recorded with every triple the stage makes
 * (meta.promptVersion) and part of the stage cache's key: change it whenever the stage's prompt,
 * example or schema changes what a model would answer.
 */
export const PROMPT_VERSIONS: Record<ExtractStage, string> = { EE: 'EE.2', EV: 'EV.2', VV: 'VV.2' };

const SETS: Record<PromptLanguage, StagePrompts> = { en, ko };

/**
 * The prompt language for a chunk: Korean when the document says so or when Hangul makes up a
 * large share of the chunk's letters; English otherwise (the English prompts also serve other languages).
 */
export function promptLanguage(text: string, documentLanguage?: string | null): PromptLanguage {
  if (documentLanguage && /^(ko|kor)\b/i.test(documentLanguage)) return 'ko';
  let hangul = 0;
  let letters = 0;
  for (const ch of text.slice(0, 4000)) {
    if (/\p{L}/u.test(ch)) {
      letters++;
      if (/[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]/.test(ch)) hangul++;
    }
  }
  return letters && hangul / letters > 0.2 ? 'ko' : 'en';
}

export function promptsFor(language: PromptLanguage): StagePrompts {
  return SETS[language];
}
