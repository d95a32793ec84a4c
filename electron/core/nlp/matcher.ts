// Token patterns as data, with the semantics of spaCy's Matcher (https://spacy.io/api/matcher): a
// pattern is a list of token specs, each a set of attribute predicates and an optional operator.
//  - attributes: TEXT (as written), LOWER, POS (universal tag), LENGTH, IS_TITLE ("Title": a capital,
//    then no capital), IS_UPPER, IS_DIGIT, IS_PUNCT; and `_: {name: true|false}` for predicates a
//    caller registers (as spaCy's custom extensions: "is a noun in WordNet");
//  - a value is a literal, or {IN: [...]}, {NOT_IN: [...]}, {REGEX: "..."} (tested on the attribute's
//    string), or for LENGTH {">=": n} and the other comparisons;
//  - OP: "?" zero or one, "+" one or more, "*" zero or more, "!" no such token here (zero-width:
//    the token at this place, if any, must not match; at the end of the tokens it holds).
// A match is every (start, end) at which the whole pattern matches; quantifiers try every length.
// Used by the classic extractor's tag repairs (extract/classic/repairs.ts), where a pattern is read
// around one token; tests: test/nlp/matcher.test.ts.

/** What the matcher reads of a token. */
export interface MatchToken {
  text: string;
  pos?: string;
}

type Comparison = { '==': number } | { '!=': number } | { '>=': number } | { '<=': number } | { '>': number } | { '<': number };
export type Value =
  string | number | boolean | { IN: readonly (string | number)[] } | { NOT_IN: readonly (string | number)[] } | { REGEX: string } | Comparison;

interface TokenSpec {
  TEXT?: Value;
  LOWER?: Value;
  POS?: Value;
  LENGTH?: Value;
  IS_TITLE?: boolean;
  IS_UPPER?: boolean;
  IS_DIGIT?: boolean;
  IS_PUNCT?: boolean;
  /** Registered predicates by name: `{_: {nounInWordNet: true}}`. */
  _?: Record<string, boolean>;
  OP?: '?' | '+' | '*' | '!';
}

export type Pattern = readonly TokenSpec[];

/** A predicate a pattern may name in `_`. */
export type TokenPredicate<T extends MatchToken> = (token: T) => boolean;

export interface Match {
  key: string;
  start: number;
  end: number;
}

const regexCache = new Map<string, RegExp>();
const regex = (source: string) => {
  let re = regexCache.get(source);
  if (!re) regexCache.set(source, (re = new RegExp(source, 'u')));
  return re;
};

function valueMatches(actual: string | number, want: Value): boolean {
  if (typeof want !== 'object') return actual === want;
  if ('IN' in want) return want.IN.includes(actual);
  if ('NOT_IN' in want) return !want.NOT_IN.includes(actual);
  if ('REGEX' in want) return regex(want.REGEX).test(String(actual));
  const n = Number(actual);
  if ('==' in want) return n === want['=='];
  if ('!=' in want) return n !== want['!='];
  if ('>=' in want) return n >= want['>='];
  if ('<=' in want) return n <= want['<='];
  if ('>' in want) return n > want['>'];
  return n < (want as { '<': number })['<'];
}

/** Whether one token satisfies a spec's predicates (its operator aside). */
export function tokenMatches<T extends MatchToken>(token: T, spec: TokenSpec, predicates: Record<string, TokenPredicate<T>> = {}): boolean {
  if (spec.TEXT !== undefined && !valueMatches(token.text, spec.TEXT)) return false;
  if (spec.LOWER !== undefined && !valueMatches(token.text.toLowerCase(), spec.LOWER)) return false;
  if (spec.POS !== undefined && !valueMatches(token.pos ?? '', spec.POS)) return false;
  if (spec.LENGTH !== undefined && !valueMatches(token.text.length, spec.LENGTH)) return false;
  if (spec.IS_TITLE !== undefined && /^\p{Lu}[^\p{Lu}]*$/u.test(token.text) !== spec.IS_TITLE) return false;
  if (spec.IS_UPPER !== undefined && (/\p{Lu}/u.test(token.text) && !/\p{Ll}/u.test(token.text)) !== spec.IS_UPPER) return false;
  if (spec.IS_DIGIT !== undefined && /^\d+$/.test(token.text) !== spec.IS_DIGIT) return false;
  if (spec.IS_PUNCT !== undefined && /^[\p{P}\p{S}]+$/u.test(token.text) !== spec.IS_PUNCT) return false;
  for (const [name, want] of Object.entries(spec._ ?? {})) {
    const p = predicates[name];
    if (!p) throw new Error(`token pattern: no predicate named "${name}"`);
    if (p(token) !== want) return false;
  }
  return true;
}

/** Every end at which `pattern` matches tokens from `start` (ascending, no repeats). */
export function matchesAt<T extends MatchToken>(
  tokens: readonly T[],
  start: number,
  pattern: Pattern,
  predicates: Record<string, TokenPredicate<T>> = {},
): number[] {
  let ends = new Set([start]);
  for (const spec of pattern) {
    const next = new Set<number>();
    for (const at of ends) {
      const ok = (i: number) => i < tokens.length && tokenMatches(tokens[i], spec, predicates);
      switch (spec.OP) {
        case '!':
          if (!ok(at)) next.add(at);
          break;
        case '?':
          next.add(at);
          if (ok(at)) next.add(at + 1);
          break;
        case '*':
        case '+': {
          if (spec.OP === '*') next.add(at);
          for (let i = at; ok(i); i++) next.add(i + 1);
          break;
        }
        default:
          if (ok(at)) next.add(at + 1);
      }
    }
    ends = next;
    if (!ends.size) return [];
  }
  return [...ends].sort((a, b) => a - b);
}

/** Patterns under keys; `match` finds every match of each in a token list, in order of start, then end. */
export class Matcher<T extends MatchToken = MatchToken> {
  private readonly patterns = new Map<string, Pattern[]>();

  constructor(private readonly predicates: Record<string, TokenPredicate<T>> = {}) {}

  add(key: string, patterns: readonly Pattern[]): void {
    for (const p of patterns)
      for (const spec of p)
        for (const name of Object.keys(spec._ ?? {})) if (!this.predicates[name]) throw new Error(`token pattern ${key}: no predicate named "${name}"`);
    this.patterns.set(key, [...(this.patterns.get(key) ?? []), ...patterns]);
  }

  get keys(): string[] {
    return [...this.patterns.keys()];
  }

  match(tokens: readonly T[]): Match[] {
    const out: Match[] = [];
    const seen = new Set<string>();
    for (const [key, list] of this.patterns) {
      for (const pattern of list) {
        for (let start = 0; start < tokens.length; start++) {
          for (const end of matchesAt(tokens, start, pattern, this.predicates)) {
            if (end === start) continue; // (an empty match, all its tokens optional, says nothing)
            const id = `${key}:${start}:${end}`;
            if (!seen.has(id)) {
              seen.add(id);
              out.push({ key, start, end });
            }
          }
        }
      }
    }
    return out.sort((a, b) => a.start - b.start || a.end - b.end || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}

/**
 * A pattern read around one token: `before` must match the tokens that end right before it (read
 * backwards from there), `focus` the token itself, `after` the tokens right after it. Patterns read
 * this way are how a rule looks at a token's neighbours ("a base form after a modal").
 */
export interface ContextPattern {
  before?: Pattern;
  focus: TokenSpec;
  after?: Pattern;
}

/** Whether a context pattern holds for `focus`, with `before` (tokens before it, nearest last) and `after` (nearest first). */
export function contextMatches<T extends MatchToken>(
  before: readonly T[],
  focus: T,
  after: readonly T[],
  pattern: ContextPattern,
  predicates: Record<string, TokenPredicate<T>> = {},
): boolean {
  if (!tokenMatches(focus, pattern.focus, predicates)) return false;
  if (pattern.after?.length && !matchesAt(after, 0, pattern.after, predicates).length) return false;
  if (pattern.before?.length) {
    const reversed = [...before].reverse();
    if (!matchesAt(reversed, 0, [...pattern.before].reverse(), predicates).length) return false;
  }
  return true;
}
