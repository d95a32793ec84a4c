// Pass 4, clauses and their polarity. A clause is found by its verb group (a run of verbs,
// auxiliaries, particles and the adverbs between them, with "to"-infinitives and a purpose "in order
// to" joined); its polarity says whether it asserts anything:
//  - a question asserts nothing (the whole sentence);
//  - a clause opened by a condition ("if", "unless", "Where" opening a sentence), an open question
//    ("whether"), a supposition ("suppose", "assuming that"), a clause said not to hold ("no
//    guarantee that"), a circumstance "where" after no name or definite noun phrase ("in networks where X"),
//    a preposition that opens a clause ("until X is received"), a conditional phrase ("in the event that X"),
//    or a counterfactual ("were to") asserts nothing up to its end; it is still read,
//    so a pronoun after it points back at its subject, and a parenthetical inside it is asserted;
//  - a clause is negated by "not"/"never"/"no"/"cannot" in or right after its verb group, by "nor" or
//    "neither" opening it, or by coordination with a negated verb ("does not provide X or enable Y");
//    "not only X but also Y" negates nothing.
// The negations a subject's determiner or an adverbial carry ("No proxy may", "In no case may") are
// read with the subject (subjects.ts).
import {
  BCP14_KEYWORDS,
  CATENATIVES,
  CLAUSE_PREPOSITIONS,
  CONDITIONAL_PHRASES,
  EXEMPLIFYING_OPENERS,
  COORDINATORS as COORD,
  DEMONSTRATIVES,
  BE,
  FACTIVE_PREDICATES,
  INABILITY_ADJECTIVES,
  NEGATION,
  POSSESSIVES,
  RELATIVE_PRONOUNS,
  UNASSERTED_OPENERS,
  WH_WORDS,
} from '../../nlp/lexicon';
import { namesTime } from '../../nlp/senses';
import type { Token } from './tokens';
import { lower, VERB_POS } from './words';

export const CLAUSE_RULES = [
  { id: 'clause.question', statement: 'A question (ending in "?", opening with an auxiliary or a wh-word before a verb) asserts nothing.' },
  {
    id: 'clause.example',
    statement:
      'A sentence opened by an adverbial of exemplification and its comma ("For example,", "For instance,") illustrates what the text says elsewhere: it asserts nothing.',
  },
  {
    id: 'clause.condition',
    statement:
      'A clause opened by a condition, a circumstance, an open question or a supposition ("if", "when", "whether", "unless", "suppose", "assuming that", "in the event that", "provided that", a sentence-initial "where"; "when" not after a noun naming a time, "the moment when") asserts nothing up to its end; a parenthetical inside it does.',
  },
  {
    id: 'clause.circumstance-where',
    statement:
      'A clause opened by "where" after anything but a name or a definite noun phrase ("in networks where X", "for use, where X") is a circumstance: it asserts nothing up to its end, and a clause it opens keeps it as its condition.',
  },
  {
    id: 'clause.temporal',
    statement:
      'A preposition that is also a subordinator ("until", "before", "after", "since") followed by a noun phrase and a verb opens a clause: it asserts nothing, its noun phrase is no prepositional object, and the clause it bounds keeps it as its condition.',
  },
  { id: 'clause.not-holding', statement: 'A clause said not to hold ("no possibility that X", "no guarantee that X") asserts nothing.' },
  {
    id: 'clause.denied-frame',
    statement:
      'A "that" clause after a negated verb or an adjective of inability ("does not mean that X", "cannot verify that X", "is unable to verify that X") asserts nothing.',
  },
  {
    id: 'clause.extraposed',
    statement:
      'A "that" clause after "it is" and an adjective or participle that is no factive ("it is likely that X", "it is expected that X"; not "it is clear that X", `nlp/lexicon/factive-predicates.json`) asserts nothing.',
  },
  { id: 'clause.counterfactual', statement: 'A counterfactual "were to" clause asserts nothing.' },
  { id: 'clause.verb-group', statement: 'A verb group is a run of verbs, auxiliaries, particles and adverbs between verbs, with "to"-infinitives joined.' },
  { id: 'clause.purpose', statement: 'A purpose infinitive ("in order to", "so as to") joins the verb group without its "in order"/"so as".' },
  {
    id: 'clause.relative-two-verbs',
    statement:
      'Two finite verbs after a relative pronoun are the relative clause\'s own verb and the main one, unless the first is catenative ("keys that help protect").',
  },
  { id: 'polarity.negation', statement: 'A negation word in or right after the verb group negates the clause: no positive triple.' },
  { id: 'polarity.not-only', statement: '"Not only X but also Y" negates nothing, after the verb or inside its group ("MUST not only send").' },
  { id: 'polarity.shared-negation', statement: 'A verb coordinated with a negated one shares its negation.' },
  { id: 'polarity.nor', statement: 'A clause opened by "nor" or "neither" is negated.' },
];

/** A verb group and what it asserts. */
export interface Clause {
  /** Token range [vs, ve] of the verb group. */
  vs: number;
  ve: number;
  /** The "in order"/"so as" of a purpose infinitive in it, left out of `group`. */
  purpose: [number, number] | null;
  /** The verb group's tokens (a relative clause's own verb left out when two finite verbs follow a relative pronoun). */
  group: Token[];
  /** Its words as the relation reads them: the group without adverbs (negations kept). */
  words: Token[];
  /** Asserts nothing: its triples are read (for what later clauses point back at), not made. */
  quiet: boolean;
  /** The rule that made it quiet. */
  unasserted?: string;
  negated: boolean;
  /** The rule that negated it. */
  negation?: string;
  /** The clause before it was negated (a purpose infinitive of a negated verb is not done). */
  governingNegated: boolean;
  /** "not only" after the group: the object starts two tokens later. */
  notOnly: boolean;
  /** Rules that shaped the group ('clause.purpose', 'clause.relative-two-verbs'). */
  rules: string[];
}

/** A question asserts nothing: "Does the server send it?", "What is X?". */
export function isQuestion(tokens: Token[]): boolean {
  const n = tokens.length;
  const last = tokens[n - 1].text;
  return (
    last === '?' ||
    (tokens[0].pos === 'AUX' && !BCP14_KEYWORDS.has(tokens[0].text) && n > 1 && tokens[1].pos !== 'VERB') ||
    (WH_WORDS.has(lower(tokens[0])) && VERB_POS.has(tokens[1]?.pos ?? ''))
  );
}

/** clause.example: the sentence opens with an adverbial of exemplification and its comma ("For instance, X does Y"). */
export function opensWithExample(tokens: Token[]): boolean {
  // (a complex preposition the tokens glued is one token of several words)
  const words: string[] = [];
  const tokenOf: number[] = [];
  for (let k = 0; k < Math.min(tokens.length, 5); k++)
    for (const w of lower(tokens[k]).split(/\s+/)) {
      words.push(w);
      tokenOf.push(k);
    }
  const hit = EXEMPLIFYING_OPENERS.find((p) => p.every((w, x) => words[x] === w));
  return Boolean(hit) && tokens[tokenOf[hit!.length - 1] + 1]?.text === ',';
}

/** Openers of a circumstance ("when X, Y"): a relative adverb after a noun instead ("the time when"). */
const TEMPORAL = new Set(['when', 'whenever']);
/** Determiners that make a noun phrase one definite thing: a "where" after it says where that thing is. */
const DEFINITE = new Set(['the', ...DEMONSTRATIVES, ...[...POSSESSIVES].filter((w) => w !== 'whose')]);

/**
 * clause.circumstance-where: a "where" opens a circumstance (what holds where X holds) unless it follows a
 * name or a definite noun phrase ("the country where X is leader", "Paris, where X"): at a sentence's
 * start, after a bare common noun ("in networks where X", "for use, where X"), after anything else.
 */
export function whereCircumstance(tokens: Token[], j: number): boolean {
  if (lower(tokens[j]) !== 'where') return false;
  let k = j - 1;
  if (tokens[k]?.text === ',') k--;
  if (k < 0) return true;
  if (tokens[k].pos === 'PROPN') return false;
  if (tokens[k].pos !== 'NOUN') return true;
  while (k > 0 && ['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(tokens[k - 1].pos)) k--;
  return !DEFINITE.has(lower(tokens[k - 1]));
}

/** The number of words of the conditional phrase ("in the case of", "provided that") starting at `j`, 0 when none does. */
export function conditionalPhraseAt(tokens: Token[], j: number): number {
  // (a complex preposition the tokens glued is one token of several words: "In the case of")
  const words: string[] = [];
  const tokenOf: number[] = [];
  for (let k = j; k < Math.min(tokens.length, j + 4); k++)
    for (const w of lower(tokens[k]).split(/\s+/)) {
      words.push(w);
      tokenOf.push(k);
    }
  const hit = CONDITIONAL_PHRASES.find((p) => p.every((w, x) => words[x] === w));
  return hit ? tokenOf[hit.length - 1] - j + 1 : 0;
}

/**
 * clause.temporal: a preposition that is also a subordinator ("until", "before", "after", "since") followed by a
 * noun phrase and a verb opens a clause ("until a valid reply is received"): the noun phrase is its subject.
 */
export function opensClause(tokens: Token[], j: number): boolean {
  if (!CLAUSE_PREPOSITIONS.has(lower(tokens[j]))) return false;
  let k = j + 1;
  // (one noun phrase: a determiner only at its start, "after a timeout the client may retry" is a phrase and a clause)
  while (k < tokens.length && (['ADJ', 'NUM', 'NOUN', 'PROPN'].includes(tokens[k].pos) || (k === j + 1 && tokens[k].pos === 'DET'))) k++;
  return k > j + 1 && ['NOUN', 'PROPN'].includes(tokens[k - 1].pos) && VERB_POS.has(tokens[k]?.pos ?? '');
}

/**
 * The end of a clause opened at `j` that runs to a comma: a comma before the clause's verb that goes on with a
 * list of noun phrases to a coordinator ("where the NAS, proxy, and server exist") does not end it.
 */
function listGoesOn(tokens: Token[], j: number, e: number): boolean {
  if (tokens.slice(j + 1, e).some((t) => VERB_POS.has(t.pos)) || !['NOUN', 'PROPN'].includes(tokens[e - 1]?.pos ?? '')) return false;
  for (let x = e + 1; x < tokens.length; x++) {
    const t = tokens[x];
    if (VERB_POS.has(t.pos)) return false;
    if (COORD.has(lower(t))) return true;
    if (!['NOUN', 'PROPN', 'ADJ', 'DET', 'NUM'].includes(t.pos) && t.text !== ',') return false;
  }
  return false;
}

/**
 * clause.denied-frame: a "that" clause right after a verb group that is negated ("does not mean that X", "cannot
 * verify that X") or whose infinitive follows an adjective of inability ("is unable to verify that X").
 */
function deniedFrame(tokens: Token[], j: number): boolean {
  let k = j - 1;
  // (a "that" that is a determiner or pronoun, "must not share that material", opens no clause)
  if (tokens[j].pos !== 'SCONJ' || !VERB_POS.has(tokens[k]?.pos ?? '')) return false;
  for (; k >= 0 && (VERB_POS.has(tokens[k].pos) || tokens[k].pos === 'PART' || tokens[k].pos === 'ADV' || lower(tokens[k]) === 'to'); k--)
    if (NEGATION.has(lower(tokens[k]))) return true;
  return k >= 0 && INABILITY_ADJECTIVES.has(lower(tokens[k])) && lower(tokens[k + 1]) === 'to';
}

/**
 * clause.extraposed: a "that" clause after "it" and a form of "be" with an adjective or participle that is no
 * factive predicate ("it is likely that X", "it is expected that X", "it is conceivable that X"): X is possible,
 * expected or judged, not asserted. A requirement keyword in capitals ("It is REQUIRED that") is read as before.
 */
function extraposedSupposition(tokens: Token[], j: number): boolean {
  let k = j - 1;
  const predicate = tokens[k];
  if (!predicate || !(predicate.pos === 'ADJ' || (predicate.pos === 'VERB' && /\p{L}{2}(?:ed|en|wn)$/u.test(predicate.text)))) return false;
  if (FACTIVE_PREDICATES.has(lower(predicate)) || predicate.text === predicate.text.toUpperCase()) return false;
  k--;
  while (k >= 0 && tokens[k].pos === 'ADV') k--;
  if (!BE.has(lower(tokens[k]))) return false;
  k--;
  while (k >= 0 && (tokens[k].pos === 'AUX' || tokens[k].pos === 'ADV' || tokens[k].pos === 'PART')) k--;
  return lower(tokens[k]) === 'it';
}

/** For each token, the rule id of the unasserted clause it lies in (null when asserted). */
function unassertedMask(tokens: Token[]): (string | null)[] {
  const n = tokens.length;
  const mask = new Array<string | null>(n).fill(null);
  for (let j = 0; j < n; j++) {
    const x = lower(tokens[j]);
    const phrase = conditionalPhraseAt(tokens, j);
    // (a "where" inside a sentence is mostly a relative one that asserts: "the country where X is leader";
    // so is a "when" after a noun naming a time, "the moment when X"; after any other noun it opens a clause of
    // its own, "the packet is dropped at the queue when X")
    const opens =
      (UNASSERTED_OPENERS.has(x) && !(TEMPORAL.has(x) && tokens[j - 1]?.pos === 'NOUN' && namesTime(tokens[j - 1].text))) ||
      (x === 'assuming' && lower(tokens[j + 1]) === 'that') ||
      (x === 'where' && j === 0)
        ? 'clause.condition'
        : whereCircumstance(tokens, j)
          ? 'clause.circumstance-where'
          : opensClause(tokens, j)
            ? 'clause.temporal'
            : phrase && !/\bof$/.test(lower(tokens[j + phrase - 1]))
              ? 'clause.condition'
              : x === 'that' && j >= 2 && lower(tokens[j - 2]) === 'no' && tokens[j - 1].pos === 'NOUN'
                ? 'clause.not-holding'
                : x === 'that' && deniedFrame(tokens, j)
                  ? 'clause.denied-frame'
                  : x === 'that' && extraposedSupposition(tokens, j)
                    ? 'clause.extraposed'
                    : null;
    if (!opens) continue;
    if (phrase) mask[j] ??= opens; // ("provided that": the opener's own verb asserts nothing)
    // up to the clause's end (a comma, semicolon, colon, "then" or the sentence's end); a parenthetical inside is asserted
    for (
      let e = j + 1, depth = 0;
      e < n && !((tokens[e].text === ',' && !listGoesOn(tokens, j, e)) || [';', ':'].includes(tokens[e].text)) && lower(tokens[e]) !== 'then';
      e++
    ) {
      if (tokens[e].text === '(') depth++;
      else if (tokens[e].text === ')') depth = Math.max(0, depth - 1);
      else if (!depth) mask[e] ??= opens;
    }
  }
  return mask;
}

/** The clauses of a repaired sentence, in order, with their polarity. */
export function readClauses(tokens: Token[]): Clause[] {
  const n = tokens.length;
  const mask = unassertedMask(tokens);
  const out: Clause[] = [];
  let previousNegated = false;
  // clause.verb-group
  for (let i = 0; i < n; i++) {
    if (!VERB_POS.has(tokens[i].pos)) continue;
    const vs = i;
    let ve = i;
    // "not only" inside the group, before its verb ("MUST not only send A but also B"): stepped over, no negation
    let notOnlyAt = -1;
    for (;;) {
      const next = tokens[ve + 1];
      if (!next) break;
      if (lower(next) === 'not' && lower(tokens[ve + 2]) === 'only') {
        if (!VERB_POS.has(tokens[ve + 3]?.pos ?? '')) break;
        notOnlyAt = ve + 1;
        ve += 3;
      } else if (VERB_POS.has(next.pos) || next.pos === 'PART' || (next.pos === 'ADV' && VERB_POS.has(tokens[ve + 2]?.pos ?? ''))) ve++;
      else break;
    }
    while (ve + 2 < n && lower(tokens[ve + 1]) === 'to' && tokens[ve + 2].pos === 'VERB') ve += 2;
    const rules: string[] = [];
    let purpose: [number, number] | null = null;
    if (
      ve + 3 < n &&
      ((lower(tokens[ve + 1]) === 'in' && lower(tokens[ve + 2]) === 'order') || (lower(tokens[ve + 1]) === 'so' && lower(tokens[ve + 2]) === 'as')) &&
      lower(tokens[ve + 3]) === 'to' &&
      tokens[ve + 4]?.pos === 'VERB' &&
      // (not when the infinitive's object is the subject of another infinitive: "so as to cause X to do Y")
      !tokens.slice(ve + 5, ve + 10).some((t, x, a) => lower(t) === 'to' && a[x + 1]?.pos === 'VERB')
    ) {
      purpose = [ve + 1, ve + 2];
      ve += 4;
      rules.push('clause.purpose');
    }
    i = ve;
    const counterfactual = lower(tokens[vs]) === 'were' && lower(tokens[vs + 1]) === 'to';
    const unasserted = mask[vs] ?? (counterfactual ? 'clause.counterfactual' : undefined);
    let group = tokens
      .slice(vs, ve + 1)
      .filter((_, x) => (!purpose || vs + x < purpose[0] || vs + x > purpose[1]) && (notOnlyAt < 0 || vs + x < notOnlyAt || vs + x > notOnlyAt + 1));
    if (
      vs > 0 &&
      RELATIVE_PRONOUNS.has(lower(tokens[vs - 1])) &&
      group.length >= 2 &&
      group[0].pos === 'VERB' &&
      group[1].pos === 'VERB' &&
      !/(?:ing|ed)$/.test(lower(group[0])) &&
      !CATENATIVES.has(lower(group[0]))
    ) {
      group = group.slice(1);
      rules.push('clause.relative-two-verbs');
    }
    const words = group.filter((t) => t.pos !== 'ADV' || NEGATION.has(lower(t)));
    if (!words.some((t) => VERB_POS.has(t.pos)) || words.some((t) => t.pos === 'PART' && lower(t) === "'s")) continue;
    const sharesNegation: boolean =
      previousNegated && vs > 0 && (COORD.has(lower(tokens[vs - 1])) || (tokens[vs - 1].text === ',' && COORD.has(lower(tokens[vs - 2]))));
    const notOnly = lower(tokens[ve + 1]) === 'not' && lower(tokens[ve + 2]) === 'only';
    // (a clause opened by "nor" or "neither", up to its subject and an inverted auxiliary)
    let norClause = false;
    for (let j = vs - 1, guard = 0; j >= 0 && guard < 10; j--, guard++) {
      if (['nor', 'neither'].includes(lower(tokens[j]))) {
        norClause = true;
        break;
      }
      if ([',', ';', ':'].includes(tokens[j].text) || tokens[j].pos === 'VERB' || tokens[j].pos === 'SCONJ') break;
    }
    const negation: string | undefined =
      group.some((t) => NEGATION.has(lower(t))) || (NEGATION.has(lower(tokens[ve + 1])) && !notOnly)
        ? 'polarity.negation'
        : sharesNegation
          ? 'polarity.shared-negation'
          : norClause
            ? 'polarity.nor'
            : undefined;
    if (notOnly || notOnlyAt >= 0) rules.push('polarity.not-only');
    out.push({
      vs,
      ve,
      purpose,
      group,
      words,
      quiet: Boolean(unasserted),
      unasserted,
      negated: Boolean(negation),
      negation,
      governingNegated: previousNegated,
      notOnly,
      rules,
    });
    previousNegated = Boolean(negation);
  }
  return out;
}
