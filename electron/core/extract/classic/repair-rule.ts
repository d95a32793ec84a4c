// What a tag repair is and what it sees: the types and helpers the rule tables (tag-rules.ts,
// tag-rules-verbs.ts) and repairs.ts (which applies them) share, in a module of their own so none
// imports another's back.
import type { ContextPattern, TokenPredicate } from '../../nlp/matcher';
import { singular } from '../../nlp/morphology';
import { isAdjectiveInWordNet as adjectiveInWordNet } from '../../nlp/senses';
import type { Token } from './tokens';
import { capitalised, nounInWordNet, verbInWordNet } from './words';

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

export const MODALS = ['may', 'might', 'must', 'shall', 'should', 'can', 'could', 'will', 'would'];
/** A name written with hyphens, capital first ("Framed-Routing", "Foo-Bar-Address"). */
export const HYPHENATED_NAME = '^\\p{Lu}[\\p{L}\\d]*(?:-[\\p{L}\\d]+)+$';
export const prev = (c: RepairContext, k = 1): Token | undefined => c.out[c.out.length - k];
export const next = (c: RepairContext, k = 1): Token | undefined => c.tokens[c.i + k];
/** A base form by its ending: no "-s" (but "-ss"), "-ed", "-en", "-ing". */
export const baseForm = (w: string) => !/(?:[^s]s|ed|en|ing)$/.test(w);

/** Predicates the token patterns name in `_`. */
export const PREDICATES: Record<string, TokenPredicate<Token>> = {
  capitalised: (t) => capitalised(t),
  nounInWordNet: (t) => nounInWordNet(t.text),
  verbInWordNet: (t) => verbInWordNet(t.text),
  singularNoun: (t) => nounInWordNet(singular(t.text.toLowerCase())),
  adjectiveInWordNet: (t) => adjectiveInWordNet(t.text),
};

/** Retags the repaired token k back (a rule's `also`), adding the rule's id to its repairs. */
export const tag = (c: RepairContext, k: number, pos: string, id: string) => {
  const x = c.out[c.out.length - k];
  c.out[c.out.length - k] = { ...x, pos, repairs: [...(x.repairs ?? []), id] };
};
