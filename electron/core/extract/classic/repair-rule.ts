// What a tag repair is and what it sees: the types tag-rules.ts (the rules) and repairs.ts (which
// applies them) share, in a module of their own so neither imports the other's types back.
import type { ContextPattern } from '../../nlp/matcher';
import type { Token } from './tokens';

/** What a rule sees at token i: the tokens as tagged, the repaired ones before it, its tag so far. */
export interface RepairContext {
  tokens: Token[];
  out: Token[];
  i: number;
  t: Token;
  pos: string;
  text: string;
}

export interface TagRepair {
  id: string;
  /** The rule in one general sentence. */
  statement: string;
  /** Token patterns (any one holds) around the token; `pos` in `focus` is its tag so far. */
  patterns?: ContextPattern[];
  /** Or a predicate in code. */
  when?: (c: RepairContext) => boolean;
  /** The new tag. */
  to: string | ((c: RepairContext) => string);
  /** What else the rule changes (a neighbour's tag). */
  also?: (c: RepairContext) => void;
}
