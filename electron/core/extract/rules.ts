// The rule table: every rule and pattern that can make a triple, by id, with its one-line general
// statement and the pass it belongs to. A triple's `rules` (in the database per evidence span, in
// `triples --json`, in exports) lists ids from here, the one that made the triple first:
//  - the classic sentence extractor: its proposition (`prop.*`), then the subject's, the ends', the
//    references' and the tag repairs' on its words (extract/classic/sentence.ts);
//  - a standards pattern: `pattern:<name>` (extract/standards/);
//  - a model's triple: `llm:<stage>@<prompt version>` (LLM_PROMPT_VERSION below).
// Per-rule precision joins editor judgments to triples by these ids: a judged triple counts for each
// rule it lists (see docs/extraction.md, "How rules are recorded"); `precision` will sit beside
// `rules` on a triple, never inside this table, which states rules and does not score them.
import { ARGUMENT_RULES } from './classic/arguments';
import { CLAUSE_RULES } from './classic/clauses';
import { COORDINATION_RULES } from './classic/coordination';
import { DOCUMENT_RULES } from './classic/index';
import { PHRASE_RULES } from './classic/phrases';
import { PROPOSITION_RULES } from './classic/propositions';
import { REFERENCE_RULES } from './classic/reference';
import { repairRules } from './classic/repairs';
import { EMIT_RULES } from './classic/reading';
import { RELATION_RULES } from './classic/relation-form';
import { LIST_RULES } from './classic/sentence';
import { SUBJECT_RULES } from './classic/subjects';
import { STANDARDS_RULES } from './standards/index';
import type { ExtractStage } from './types';

export type RulePass = 'document' | 'tags' | 'phrases' | 'clauses' | 'reference' | 'propositions' | 'relations' | 'standards' | 'llm';

interface RuleInfo {
  id: string;
  /** The rule in one general sentence. */
  statement: string;
  pass: RulePass;
  /** A tag repair written as a token pattern (nlp/matcher.ts), not code. */
  pattern?: boolean;
}

/**
 * The version of the extraction prompts a model's triple was read with: raise it when extract/prompts/
 * change what a stage asks, so judgments of triples read with older prompts stay apart.
 */
const LLM_PROMPT_VERSION = 1;

/** A model's triple's rule id: its stage and the prompt version. */
export const llmRule = (stage: ExtractStage): string => `llm:${stage}@${LLM_PROMPT_VERSION}`;

const LLM_RULES: RuleInfo[] = [
  { id: 'llm:EE', statement: 'A model read an entity-entity triple from the chunk (stage EE prompt).', pass: 'llm' },
  { id: 'llm:EV', statement: 'A model read an event and one of its participants (stage EV prompt).', pass: 'llm' },
  { id: 'llm:VV', statement: 'A model read a relation between two events (stage VV prompt).', pass: 'llm' },
];

const tagged = (pass: RulePass, list: { id: string; statement: string }[]): RuleInfo[] => list.map((r) => ({ id: r.id, statement: r.statement, pass }));

/** Every rule, in pass order. */
export const RULES: readonly RuleInfo[] = [
  ...tagged('document', DOCUMENT_RULES),
  ...repairRules().map((r) => ({ id: r.id, statement: r.statement, pass: 'tags' as const, ...(r.pattern ? { pattern: true } : {}) })),
  ...tagged('phrases', PHRASE_RULES),
  ...tagged('phrases', ARGUMENT_RULES),
  ...tagged('phrases', COORDINATION_RULES),
  ...tagged('clauses', CLAUSE_RULES),
  ...tagged('reference', REFERENCE_RULES),
  ...tagged('propositions', SUBJECT_RULES),
  ...tagged('propositions', PROPOSITION_RULES),
  ...tagged('propositions', LIST_RULES),
  ...tagged('propositions', EMIT_RULES),
  ...tagged('relations', RELATION_RULES),
  ...tagged('standards', STANDARDS_RULES),
  ...LLM_RULES,
];

const BY_ID = new Map(RULES.map((r) => [r.id, r]));

/** The rule a recorded id names (an LLM id without its prompt version), or undefined. */
export function ruleInfo(id: string): RuleInfo | undefined {
  return BY_ID.get(id) ?? BY_ID.get(id.replace(/@[^@]*$/, ''));
}
