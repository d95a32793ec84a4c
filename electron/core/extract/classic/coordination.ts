// Pass 3 (continued), coordination read by the verb: whether the members of "A and B" each take part in
// the clause's act (distributive: "A and B send X" says both send X, one triple each) or take part in it
// together (collective: "A and B negotiate X" says neither negotiates alone). The ends are built in
// arguments.ts (arg.coordination: each member an end); the rules here join the members back into one end,
// kept whole as written, where the verb or an adverbial of the clause says the act is joint:
//  - a reciprocal verb (nlp/lexicon/reciprocal-verbs.json) or the act noun of one as its object joins
//    the subject;
//  - a verb of joining or separating joins its object, or its passive's subject;
//  - an adverbial of joint action ("together", "each other") joins what it speaks of.
// Members joined by "or" are an alternative (arg.disjunction), never joined here; "between A and B" is
// arg.plural-preposition.
import { COORDINATORS as COORD, INTERNAL_ADJECTIVES, JOINT_ADVERBS, RECIPROCAL_VERBS } from '../../nlp/lexicon';
import { verbOfActNoun } from '../../nlp/derivations';
import { lemma } from '../../nlp/morphology';
import { isArg, withRule, type Arg } from './arguments';
import type { Clause } from './clauses';
import type { Reading } from './reading';
import { singularAgreement } from './subjects';
import { phrase, type Token } from './tokens';
import { lower } from './words';

export const COORDINATION_RULES = [
  {
    id: 'arg.reciprocal-subject',
    statement:
      'Subjects coordinated by "and" before an active reciprocal verb, one whose act needs two or more taking part together ("A and B negotiate X", "exchange", "share", "differ"; nlp/lexicon/reciprocal-verbs.json), or before a verb whose object is the act noun of one ("A and B begin the negotiation"), are one end, kept whole: no member does it alone.',
  },
  {
    id: 'arg.joining-object',
    statement:
      'Objects coordinated by "and" of an active verb of joining, separating or comparing ("combines A and B", "links A and B", "distinguishes A and B") are one end, kept whole; so are the coordinated subjects of its passive or of the verb with no object ("A and B are merged", "A and B merge").',
  },
  {
    id: 'arg.joint-adverb',
    statement:
      'Ends coordinated by "and" in a clause with an adverbial of joint action are one end, kept whole: "together", "jointly", "in combination" join the subject or the object; a reciprocal pronoun or "mutually" joins the subject; "uniquely" joins the doers ("A and B are used to uniquely identify X": the combination is unique).',
  },
  {
    id: 'arg.unit-concord',
    statement:
      'Subjects coordinated by "and" before a verb that agrees with a singular subject ("A and B is", "error detection and correction is performed") name one thing, notional concord: one end, kept whole.',
  },
  {
    id: 'arg.internal-comparison',
    statement:
      'Subjects coordinated by "and" in a clause that compares them with each other by an adjective of identity or difference ("A and B use the same key", "A and B are managed by different entities"; not "the same X as C", "different from C") are one end, kept whole: the clause says nothing of one alone.',
  },
];

const JOINERS = new Set([',', 'and', 'both']);

/**
 * The ends as one end when they are one coordination joined by "and" (commas between earlier members,
 * "and" before the last, each member's determiner), in the order written: the phrase from the first to
 * the last, with the rule; null otherwise.
 */
function joined(r: Reading, ends: Arg[], rule: string): Arg | null {
  const { tokens } = r;
  if (ends.length < 2) return null;
  let sawAnd = false;
  for (let x = 1; x < ends.length; x++) {
    const prev = ends[x - 1];
    const next = ends[x];
    if (next.lead <= prev.to + 1) return null;
    for (let t = prev.to + 1; t < next.lead; t++) {
      const w = lower(tokens[t]);
      if (!JOINERS.has(w) && tokens[t].pos !== 'DET') return null;
      if (w === 'and') sawAnd = true;
    }
  }
  if (!sawAnd) return null;
  const first = ends[0];
  const last = ends[ends.length - 1];
  // (two ends with a serial comma, "A, and B": the list starts earlier than the ends found, and a part of
  // it is no end)
  if (ends.length === 2 && tokens.slice(first.to + 1, last.lead).some((t) => t.text === ',')) return null;
  // ("A and B" only: a member's own "or" makes an alternative inside it, and stays arg.disjunction's)
  if (tokens.slice(first.from, last.to + 1).some((t) => COORD.has(lower(t)) && lower(t) !== 'and')) return null;
  return withRule({ ...first, ...phrase(tokens, r.text, first.from, last.to), rules: first.rules }, rule);
}

/** The base form of a verb. */
const base = (t: { text: string }) => lemma(t.text.toLowerCase());

/** The kind of the adverbials of joint action in tokens [from, to) (the first found), or null. */
function jointAdverb(tokens: Token[], from: number, to: number): 'joint' | 'reciprocal' | 'unique' | null {
  for (let i = Math.max(0, from); i < to && i < tokens.length; i++) {
    for (const a of JOINT_ADVERBS) if (a.words.every((w, x) => lower(tokens[i + x]) === w)) return a.kind;
  }
  return null;
}

/**
 * The end of the clause's own stretch after token `from`: the first punctuation that closes a phrase, a
 * relative pronoun, or a coordinator before a verb (the next clause's: "A and B are X and are located
 * together" says nothing of A and B together in the first).
 */
function clauseEnd(tokens: Token[], from: number): number {
  let e = from + 1;
  const verbNext = (x: number) => {
    while (x < tokens.length && tokens[x].pos === 'ADV') x++;
    return ['VERB', 'AUX'].includes(tokens[x]?.pos ?? '');
  };
  while (
    e < tokens.length &&
    ![',', ';', ':', '.', '(', ')'].includes(tokens[e].text) &&
    !['which', 'that', 'who'].includes(lower(tokens[e])) &&
    !(COORD.has(lower(tokens[e])) && verbNext(e + 1))
  )
    e++;
  return e;
}

/** The clause's main verb, its voice and the first token after its group (as the predicate reads them). */
export function verbOf(r: Reading, c: Clause, be: ReadonlySet<string>): VerbOf {
  const { tokens } = r;
  const verbs = c.words.filter((t) => t.pos === 'VERB');
  const main = verbs[verbs.length - 1];
  const passive = Boolean(main) && !/ing$/i.test(main.text) && c.words.some((t, x) => be.has(lower(t)) && c.words.slice(x + 1).includes(main));
  let o = c.ve + 1 + (c.notOnly ? 2 : 0);
  while (o < tokens.length - 1 && tokens[o].pos === 'ADV') o++;
  return { main, passive, o };
}

/**
 * An adjective of identity or difference in tokens [from, to) that compares the plural's members with each
 * other: "the same X", "different Xs", with no "as", "from", "than", "to" or "with" naming another thing.
 */
function internalComparison(tokens: Token[], from: number, to: number): boolean {
  for (let i = Math.max(0, from); i < to && i < tokens.length; i++) {
    if (!INTERNAL_ADJECTIVES.has(lower(tokens[i])) || tokens[i].pos === 'VERB') continue;
    let e = i + 1;
    while (e < tokens.length && ['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(tokens[e].pos)) e++;
    if (!['as', 'from', 'than', 'to', 'with'].includes(lower(tokens[e]))) return true;
  }
  return false;
}

interface VerbOf {
  main: { text: string } | undefined;
  passive: boolean;
  /** The first token after the verb group (and its adverbs). */
  o: number;
}

/**
 * The clause's coordinated subjects as one end where its act is joint (arg.reciprocal-subject,
 * arg.joining-object, arg.joint-adverb); the subjects as they are otherwise.
 */
export function jointSubjects(r: Reading, c: Clause, subjects: Arg[] | null, v: VerbOf): Arg[] | null {
  if (!subjects || subjects.length < 2 || c.negated) return subjects;
  const { tokens, args } = r;
  const { main, passive, o } = v;
  const verb = main ? base(main) : '';
  const kind = RECIPROCAL_VERBS[verb];
  const object = o < tokens.length && !['ADP', 'PUNCT'].includes(tokens[o].pos) ? args.argAt(o) : null;
  let rule: string | null = null;
  if (main && !passive && kind === 'reciprocal') rule = 'arg.reciprocal-subject';
  else if (main && kind === 'joining' && (passive || !isArg(object))) rule = 'arg.joining-object';
  else if (main && !passive && isArg(object) && RECIPROCAL_VERBS[verbOfActNoun(lower(tokens[object.np.to])) ?? ''] === 'reciprocal')
    rule = 'arg.reciprocal-subject';
  else if (singularAgreement(c.group)) rule = 'arg.unit-concord';
  else if (internalComparison(tokens, c.vs, clauseEnd(tokens, c.ve))) rule = 'arg.internal-comparison';
  else {
    const adverb = jointAdverb(tokens, subjects[subjects.length - 1].to + 1, clauseEnd(tokens, c.ve));
    // ("uniquely" of the doers: an active verb, or the instruments of "are used to")
    const used = c.words.some((t, x) => base(t) === 'use' && lower(c.words[x + 1]) === 'to');
    if (adverb === 'joint' || adverb === 'reciprocal' || (adverb === 'unique' && (!passive || used))) rule = 'arg.joint-adverb';
  }
  if (!rule) return subjects;
  const one = joined(r, subjects, rule);
  return one ? [one] : subjects;
}

/** The verb's coordinated objects as one end where they take part jointly (arg.joining-object, arg.joint-adverb). */
export function jointObjects(r: Reading, c: Clause, objects: Arg[], v: VerbOf & { prepositional: boolean }): Arg[] {
  if (objects.length < 2 || c.negated) return objects;
  const { tokens } = r;
  const { main, passive } = v;
  let rule: string | null = null;
  if (main && !passive && !v.prepositional && RECIPROCAL_VERBS[base(main)] === 'joining') rule = 'arg.joining-object';
  else if (jointAdverb(tokens, c.vs, clauseEnd(tokens, objects[objects.length - 1].to)) === 'joint') rule = 'arg.joint-adverb';
  if (!rule) return objects;
  const one = joined(r, objects, rule);
  return one ? [one] : objects;
}
