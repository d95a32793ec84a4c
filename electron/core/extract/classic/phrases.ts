// Pass 3, phrases: noun phrases from the repaired tags. A noun phrase is a run of adjectives, nouns,
// names and numbers trimmed to end on a nominal head; a heading's section number, a title before a
// name and an opening quantifier are left out; coordinated modifiers share their head; a bracketed
// acronym stays inside and lower-case particles join names. The relation ends built on them are
// arguments.ts's.
import { COORDINATORS as COORD, NAME_PARTICLES as NAME_LINKS, QUANTIFIERS } from '../../nlp/lexicon';
import { matchInitials } from '../../nlp/acronyms';
import { phrase, type Phrase, type Token } from './tokens';
import { capitalised, lower, modifierLike, NP_HEAD, NP_POS, pluralNoun, VERB_POS } from './words';

export const PHRASE_RULES = [
  { id: 'np.run', statement: 'A noun phrase is a run of adjectives, nouns, names and numbers, trimmed to end on a noun, name or number.' },
  { id: 'np.heading-number', statement: 'A section number opening a heading is no part of the name after it (a plain number is).' },
  { id: 'np.title-before-name', statement: 'Common nouns before a name are its title, no part of the name.' },
  {
    id: 'np.acronym-head',
    statement:
      'Common nouns before a one-word acronym ("server MIB", "client MIBs") are its modifiers, not a title: the acronym names a kind of thing, not a person.',
  },
  { id: 'np.quantifier', statement: 'A quantifier opening a noun phrase ("several", "same") is left out of it (not a capitalised word inside a name).' },
  {
    id: 'np.coordinated-adjectives',
    statement: 'Coordinated adjectives (also a comma-separated list after a determiner) share the noun after them.',
  },
  {
    id: 'np.coordinated-noun-modifiers',
    statement: 'A bare singular noun after a determiner, coordinated with a compound whose head is plural, shares that head.',
  },
  { id: 'np.bracketed-acronym', statement: 'An acronym in brackets between a phrase and its continuation stays inside the phrase.' },
  {
    id: 'np.bracketed-aside',
    statement:
      'A short bracketed aside with no verb or conjunction (a number, a citation, a gloss of up to five words; one or two brackets in a row) between a phrase and its continuation stays inside the phrase: after adjectives, a number or designation ("a wired or wireless (802.3) link"), before a lower-case continuation ("the Foo (Bar 1) relay functions"), or after an acronym the phrase spells ("Foo Bar (FB) (RFC 1) Relay functions").',
  },
  { id: 'np.name-particle', statement: 'Two names joined by a lower-case name particle ("of", "de", "van") are one name.' },
];

/** One acronym: two or more capitals (digits and hyphens between), a plural "s" at most. */
const ACRONYM_WORD = /^\p{Lu}[\p{Lu}\d-]*\p{Lu}[\p{Lu}\d]*s?$/u;

const withRules = (p: Phrase, rules: string[]): Phrase => (rules.length ? { ...p, rules } : p);

/**
 * np.bracketed-acronym: the bracketed word is an acronym whose letters the phrase's last words spell
 * ("Simple Relay Protocol (SRP)"): the acronym closes a name, so capitalised words after it ("Relay Agent
 * functions") continue that name's phrase rather than start a new one.
 */
function spelledBefore(tokens: Token[], p: Phrase, at: number): boolean {
  const acronym = tokens[at].text;
  if (!ACRONYM_WORD.test(acronym) || !capitalised(tokens[p.to])) return false;
  return (
    matchInitials(
      acronym,
      tokens.slice(p.from, p.to + 1).flatMap((t) => t.text.split(/\s+/)),
    ) >= 0
  );
}

/** The most words inside a bracketed aside a noun phrase runs over (np.bracketed-aside). */
const ASIDE_WORDS = 5;

/** The closing bracket of a short aside opening at token `at` with no verb or bracket inside; -1 when none. */
function asideClose(tokens: Token[], at: number): number {
  if (tokens[at]?.text !== '(') return -1;
  for (let c = at + 1; c < tokens.length && c <= at + ASIDE_WORDS + 1; c++) {
    const t = tokens[c];
    if (t.text === ')') return c > at + 1 ? c : -1;
    // (a verb opens a clause of its own, a pointer or a remark, and a conjunction an alternative, "(or more)":
    // no aside of the phrase)
    if (['(', '[', ']', '.', ';', ':'].includes(t.text) || VERB_POS.has(t.pos) || COORD.has(lower(t))) return -1;
  }
  return -1;
}

/**
 * np.bracketed-aside: the token the run from i to j continues at over the brackets right after it, or -1.
 * One lone word in brackets after a nominal head is np.bracketed-acronym's (below).
 */
function afterAside(tokens: Token[], i: number, j: number): number {
  const closes: number[] = [];
  for (let at = j + 1; closes.length < 2;) {
    const c = asideClose(tokens, at);
    if (c < 0) break;
    closes.push(c);
    at = c + 1;
  }
  if (!closes.length) return -1;
  const next = closes[closes.length - 1] + 1;
  // (nor a participle after the brackets, which opens a reduced relative: "an exchange (phase 1) supporting X")
  if (/\p{L}{2}(?:ing|ed)$/u.test(tokens[next]?.text ?? '')) return -1;
  // (the continuation has a nominal head of its own, so the phrase never ends inside the brackets)
  if (!NP_POS.has(tokens[next]?.pos ?? '')) return -1;
  let last = next;
  while (NP_POS.has(tokens[last + 1]?.pos ?? '')) last++;
  if (!tokens.slice(next, last + 1).some((t) => NP_HEAD.has(t.pos))) return -1;
  const afterAdjective = tokens[j].pos === 'ADJ';
  // (one capitalised word or number in brackets after a noun is np.bracketed-acronym's)
  const acronymLike = closes.length === 1 && closes[0] === j + 3 && NP_HEAD.has(tokens[j].pos) && /^[\p{Lu}\p{N}][\p{L}\p{N}-]*$/u.test(tokens[j + 2].text);
  // (after adjectives only a number or a designation: a lower-case word there glosses the adjective, "diverse (varied)")
  if (afterAdjective) return tokens.slice(j + 2, closes[0]).some((t) => /[\p{Lu}\p{N}]/u.test(t.text)) ? next : -1;
  if (!capitalised(tokens[next])) return acronymLike ? -1 : next;
  return closes.length === 2 && closes[0] === j + 3 && spelledBefore(tokens, { ...tokens[j], from: i, to: j }, j + 2) ? next : -1;
}

/** Noun phrases of a sentence: token index ranges, trimmed to end on a nominal head. */
export function nounPhrases(tokens: Token[], text: string): Phrase[] {
  const base: Phrase[] = [];
  for (let i = 0; i < tokens.length;) {
    // np.run
    if (!NP_POS.has(tokens[i].pos)) {
      i++;
      continue;
    }
    let j = i;
    const rules: string[] = [];
    for (let guard = 0; guard < 3; guard++) {
      while (j + 1 < tokens.length && NP_POS.has(tokens[j + 1].pos)) j++;
      const next = afterAside(tokens, i, j);
      if (next < 0) break;
      j = next;
      if (!rules.includes('np.bracketed-aside')) rules.push('np.bracketed-aside');
    }
    let from = i;
    let to = j;
    while (to >= from && !NP_HEAD.has(tokens[to].pos)) to--;
    // a section number opening a heading ("3.1 Foo-Bar", "1.  Introduction") is not part of
    // the name; a plain number is ("221 Baker Street")
    if (from === 0 && from < to && tokens[0].pos === 'NUM') {
      const gap = text.slice(tokens[0].end, tokens[1].start);
      if (/\./.test(tokens[0].text) || /\s{2,}|\n/.test(gap)) {
        from++;
        rules.push('np.heading-number');
      }
    }
    if (to < from) {
      i = j + 1;
      continue;
    }
    // "the architect Jane Doe": a title before a name is not part of it
    let name = to;
    while (name > from && tokens[name - 1].pos === 'PROPN' && capitalised(tokens[name - 1])) name--;
    // (np.acronym-head: a name that is one acronym, "MIB", "MIBs", names a kind of thing, not a person a
    // title would go before: "the server MIBs" is one phrase)
    const acronym = name === to && ACRONYM_WORD.test(tokens[to].text);
    if (acronym && name > from && tokens.slice(from, name).every((t) => t.pos === 'NOUN' && !capitalised(t))) rules.push('np.acronym-head');
    else if (
      tokens[to].pos === 'PROPN' &&
      capitalised(tokens[to]) &&
      name > from &&
      tokens.slice(from, name).every((t) => t.pos === 'NOUN' && !capitalised(t))
    ) {
      from = name;
      rules.push('np.title-before-name');
    }
    // "several servers", but "New Hampshire": a capitalised word inside a name is part of it
    while (from < to && QUANTIFIERS.has(lower(tokens[from])) && (!capitalised(tokens[from]) || (from === 0 && !capitalised(tokens[from + 1])))) {
      from++;
      if (!rules.includes('np.quantifier')) rules.push('np.quantifier');
      // (and an aside right after the quantifier goes with it: "several (optional) fields")
      const close = asideClose(tokens, from);
      if (close > 0 && close < to) from = close + 1;
    }
    // coordinated adjectives share the noun: "red and green lights"
    // (also before a compound: "left and right brake pads")
    // (and with a comma after a determiner: "a small, rule-based tool")
    if (
      (tokens[from].pos === 'ADJ' || (from < to && !capitalised(tokens[from]))) &&
      from >= 2 &&
      (COORD.has(lower(tokens[from - 1])) || (tokens[from - 1].text === ',' && from >= 3 && tokens[from - 3].pos === 'DET')) &&
      (modifierLike(tokens[from - 2]) || (COORD.has(lower(tokens[from - 1])) && tokens[from - 2].text === ',' && modifierLike(tokens[from - 3])))
    ) {
      from -= tokens[from - 2].text === ',' ? 3 : 2;
      rules.push('np.coordinated-adjectives');
      while (from > 0 && tokens[from - 1].pos === 'ADJ') from--;
      // ("lexical, syntactic, and semantic features": the list of adjectives, Oxford comma included)
      if (tokens[from]?.text === ',') from++;
      while (from >= 2 && tokens[from - 1].text === ',' && modifierLike(tokens[from - 2])) {
        from -= 2;
        while (from > 0 && tokens[from - 1].pos === 'ADJ') from--;
      }
    }
    // coordinated noun modifiers share the plural head: "the read or write operations", "the session and
    // user keys" (a bare singular noun after a determiner, then "and"/"or" and a compound with a plural head)
    if (
      from >= 3 &&
      from < to &&
      COORD.has(lower(tokens[from - 1])) &&
      tokens[from - 2].pos === 'NOUN' &&
      !capitalised(tokens[from - 2]) &&
      !pluralNoun(tokens[from - 2]) &&
      tokens[from - 3].pos === 'DET' &&
      pluralNoun(tokens[to]) &&
      tokens.slice(from, to).every((t) => !capitalised(t))
    ) {
      if (base.at(-1)?.from === from - 2) base.pop();
      from -= 2;
      rules.push('np.coordinated-noun-modifiers');
    }
    if (to >= from) base.push(withRules(phrase(tokens, text, from, to), rules));
    i = j + 1;
  }
  // proper names joined by a lower-case particle: "Battle of France", "Bank of England";
  // an acronym in brackets inside a phrase: "Markov random field (MRF) models"
  const out: Phrase[] = [];
  for (let k = 0; k < base.length; k++) {
    let p = base[k];
    while (k + 1 < base.length) {
      // (the acronym is a noun phrase of its own: step over it)
      const skip = base[k + 1].from === p.to + 2 && base[k + 1].to === p.to + 2 && k + 2 < base.length ? 1 : 0;
      const q0 = base[k + 1 + skip];
      if (
        tokens[p.to + 1]?.text === '(' &&
        tokens[p.to + 3]?.text === ')' &&
        q0.from === p.to + 4 &&
        /^[\p{Lu}\p{N}][\p{L}\p{N}-]*$/u.test(tokens[p.to + 2].text) &&
        (!capitalised(tokens[q0.from]) || spelledBefore(tokens, p, p.to + 2))
      ) {
        p = withRules(phrase(tokens, text, p.from, q0.to), [...(p.rules ?? []), 'np.bracketed-acronym', ...(q0.rules ?? [])]);
        k += 1 + skip;
        continue;
      }
      const link = tokens[p.to + 1];
      let next = p.to + 2;
      if (lower(tokens[next]) === 'the' && !capitalised(tokens[next])) next++;
      const q = base[k + 1];
      const nameBefore = capitalised(tokens[p.to]) && (tokens[p.to].pos === 'PROPN' || tokens[p.to].pos === 'NOUN');
      if (!link || !NAME_LINKS.has(link.text) || q.from !== next || !nameBefore || !capitalised(tokens[q.from]) || tokens[q.from].pos === 'NUM') break;
      p = withRules(phrase(tokens, text, p.from, q.to), [...(p.rules ?? []), 'np.name-particle', ...(q.rules ?? [])]);
      k++;
    }
    out.push(p);
  }
  return out;
}
