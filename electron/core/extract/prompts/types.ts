import type { ExtractLimits, EventRelation } from '../answer-schemas';
import type { EntityTypeHint, RelationTypeHint } from '../../concepts/types';
import type { ExtractStage } from '../types';

export type PromptLanguage = 'en' | 'ko';

/** What the prompts of a job depend on besides the chunk: the same for every chunk of the job. */
export interface PromptSetup {
  limits: ExtractLimits;
  /** Answers as one-line tuples (a local model's grammar) or as objects (an endpoint). */
  compact: boolean;
  /** The user's entity types: each entity answered gets one of them or "unknown". */
  entityTypes?: EntityTypeHint[];
  /** The user's relation types, with the entity types their ends take. */
  relationTypes?: RelationTypeHint[];
}

export interface PassageInput {
  text: string;
  /** Document title and section headings above the chunk. */
  context: string[];
}

/**
 * One language's prompts. The system prompt holds everything that is the same for every chunk
 * (role, rules, the three stages, a worked example each, the answer formats), so the engine's
 * prompt cache serves it; the passage comes in the first user turn, and each stage is a follow-up
 * turn of the same conversation, so a chunk's later stages find its passage evaluated already.
 */
export interface StagePrompts {
  system(setup: PromptSetup): string;
  /** The first user turn: the context, the passage and stage 1's request. */
  passage(input: PassageInput, setup: PromptSetup): string;
  /** The request of each stage (stage 1's ends the first turn; the others are turns of their own). */
  ee(setup: PromptSetup): string;
  ev(setup: PromptSetup): string;
  /** Stage 3 relates stage 2's events, numbered from 1. */
  vv(setup: PromptSetup, events: string[]): string;
  /** The gleaning turn after a stage returned its cap: more of the same, [] when none. */
  glean(stage: ExtractStage, setup: PromptSetup): string;
}

/** A worked example: a passage and the three answers a model should give it. */
export interface WorkedExample {
  context: string[];
  passage: string;
  facts: { head: string; relation: string; tail: string; condition?: string }[];
  events: { event: string; entities: [entity: string, role: string][] }[];
  relations: [head: number, relation: EventRelation, tail: number][];
}
