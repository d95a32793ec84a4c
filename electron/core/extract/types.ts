import type { Span } from './sentences';
import type { EngineName } from '../../../shared/contract/engines';
import type { FailureReason } from '../../../shared/contract/extract';

export type ExtractStage = 'EE' | 'EV' | 'VV';
export type { EngineName };

/** One end of a triple as read from the text. */
export interface Mention {
  text: string;
  kind: 'entity' | 'event';
  type?: string;
  /** Exact span in the document when the extractor knows it. */
  span?: Span | null;
  /**
   * A value kept as written (a definition's text, "64 octets", "2083/tcp", a code): stored as a node
   * whose label is the text itself, never singularised, stripped or merged with an acronym.
   */
  literal?: boolean;
}

/** A triple proposed by an extractor, before resolution and storage. */
export interface CandidateTriple {
  stage: ExtractStage;
  head: Mention;
  relation: string;
  tail: Mention;
  /** Engine-reported confidence (the mean probability of the triple's own tokens) when known. */
  confidence?: number;
  /** The evidence span when the extractor already knows it (classic: its sentence). */
  evidence?: Span;
  /** Stored on the edge (pattern, modality, negated, unit, ...); additions to {evidence}. */
  meta?: Record<string, unknown>;
  /** The ids of the rules that made it (extract/rules.ts), the one that made it first: stored with its evidence. */
  rules?: string[];
  /** An LLM triple with an end the chunk does not hold (extract/grounding.ts): stored marked, hidden by default. */
  unsupported?: boolean;
}

/**
 * Node types of values kept as written (definitions, expansions, codes, ports, quantities): never
 * proposed for merging (an expansion literal shares its text with the acronym node's alias).
 */
export const LITERAL_TYPES: ReadonlySet<string> = new Set(['definition', 'expansion', 'code', 'port', 'quantity']);

/** A typed mention that becomes a node with evidence even when no triple names it. */
export interface NodeMention {
  text: string;
  type?: string;
  aliases?: string[];
  span: Span;
}

export interface StageOutcome {
  triples: number;
  failed: boolean;
  tokens: number;
  /** Calls answered from the stage cache, and items a gleaning turn added. */
  cachedCalls?: number;
  gleaned?: number;
  /** The stage was not asked (stage 3 with fewer than two events). */
  skipped?: boolean;
  /** Prompt tokens of the stage's call(s), and those the engine served from its prompt cache. */
  promptTokens?: number;
  cachedPromptTokens?: number;
  error?: string;
  /** Why the answer failed: grammar, truncated, timeout, parse, engine (shared/contract/extract.ts FailureReason). */
  reason?: FailureReason;
}

/** What one chunk yielded. */
export interface ChunkExtraction {
  triples: CandidateTriple[];
  mentions: NodeMention[];
  /** Stages that failed on this chunk (malformed output that could not be repaired, engine error). */
  failures: number;
  tokens: number;
  /** Prompt tokens over the chunk's calls, and those served from the engine's prompt cache (LLM engines). */
  promptTokens?: number;
  cachedPromptTokens?: number;
  stages: Partial<Record<ExtractStage, StageOutcome>>;
}

/** Prior confidence per engine and stage when the engine reports none: entity facts are the most reliable, event order the least. */
export const DEFAULT_CONFIDENCE: Record<EngineName, Record<ExtractStage, number>> = {
  llama: { EE: 0.6, EV: 0.55, VV: 0.45 },
  openai: { EE: 0.7, EV: 0.65, VV: 0.55 },
  classic: { EE: 0.45, EV: 0.4, VV: 0.35 },
};

/** When the mentions were not found in one sentence the fact is weaker: its confidence is scaled by this. */
export const CHUNK_FALLBACK_FACTOR = 0.6;

/** An LLM triple whose end the chunk does not hold: its confidence is scaled by this (and it is marked unsupported). */
export const UNSUPPORTED_FACTOR = 0.5;
