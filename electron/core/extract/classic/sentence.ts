// The sentence extractor: one English sentence through the named passes, each in its own file —
//   1. tokens (tokens.ts)       wink-nlp's tokens and tags, glued names (done per chunk by the caller)
//   2. tag repairs (repairs.ts) the tagger's errors repaired by agreement, WordNet and closed classes
//   3. phrases (phrases.ts, arguments.ts)  noun phrases and the relation ends built on them
//   4. clauses (clauses.ts)     verb groups and their polarity: negation, condition, question, supposition
//   5. reference (reference.ts) demonstratives and pronouns: what an end points at
//   6. propositions (subjects.ts, propositions.ts, lists below)  subjects, then the triples a clause says
// Each triple lists the ids of the rules that made it (`rules`: the proposition's first, then the
// subject's, the ends', the references' and the tag repairs' on its words); rules.ts has the table.
// `explainSentence` gives each pass's output for one sentence (graphwright explain).
import { Arguments } from './arguments';
import { conditionalPhraseAt, isQuestion, opensClause, opensWithExample, readClauses, whereCircumstance, type Clause } from './clauses';
import { readClause } from './propositions';
import { emit, type Reading, type SvoTriple } from './reading';
import { References, type SentenceContext } from './reference';
import { readingForm, withoutActObjects } from './relation-form';
import type { CandidateTriple } from '../types';
import { repairTags } from './repairs';
import { phrase, type Token } from './tokens';
import { lower, pluralNoun, VERB_POS } from './words';
import { CONDITION_NOUNS, DEMONSTRATIVES, UNASSERTED_OPENERS } from '../../nlp/lexicon';
import { entryReadings } from './entries';

export type { SvoTriple } from './reading';

export const LIST_RULES = [
  {
    id: 'prop.such-as',
    statement:
      '"N such as A, B and C" and "Ns, including A, B and C": each member is a N (of the innermost class); after one thing, "including" names parts, no kinds.',
  },
  { id: 'prop.colon-list', statement: "A list after a colon, up to the clause's end, names members of the plural noun before it (its count left out)." },
  { id: 'prop.apposition', statement: '"Name, a N," is an apposition: (Name, is a, N).' },
];

/**
 * The last token of a sentence-opening phrase that points back at a case (a preposition, a demonstrative or
 * "such", a noun of condition: "In that situation", "Under those conditions", "In both situations"), or -1.
 */
function casePhraseEnd(tokens: Token[]): number {
  if (tokens[0]?.pos !== 'ADP' || !tokens[1]) return -1;
  let k = 1;
  if (!CASE_POINTERS.has(lower(tokens[k]))) return -1;
  k++;
  if (lower(tokens[k - 1]) === 'such' && ['a', 'an'].includes(lower(tokens[k]))) k++;
  return tokens[k] && CONDITION_NOUNS.has(lower(tokens[k])) ? k : -1;
}

/** Determiners by which a phrase points back at a case named before it. */
const CASE_POINTERS = new Set([...DEMONSTRATIVES, 'such', 'either', 'both', 'each']);

/** Lists after a clause's readings: "such as", "including", a colon list, an apposition. */
function readLists(r: Reading): void {
  const { tokens, n, text, args } = r;
  r.clause = null;
  r.subjectRules = [];
  for (let x = 0; x + 2 < n; x++) {
    const such = tokens[x].text.toLowerCase() === 'such' && tokens[x + 1].text.toLowerCase() === 'as';
    const including = tokens[x].text.toLowerCase() === 'including' && tokens[x - 1]?.text === ',';
    if (!such && !including) continue;
    let cls = args.argEndingAt(x - 1 - (tokens[x - 1]?.text === ',' ? 1 : 0));
    while (cls?.of) cls = cls.of; // (the innermost class: "an exchange of properties such as X": X is a property)
    if (!cls) continue;
    // (", including A" after one thing names its parts, not its kinds: "the whole record, including its header")
    if (including && !pluralNoun(tokens[cls.np.to])) continue;
    for (const member of args.argsFrom(x + (such ? 2 : 1), false)) emit(r, member, 'is a', cls, 'isa', 'prop.such-as');
  }
  for (let x = 1; x + 3 < n; x++) {
    if (tokens[x].text !== ':') continue;
    const cls = args.argEndingAt(x - 1);
    if (!cls || cls.name || cls.numeric || cls.of || !pluralNoun(tokens[cls.np.to])) continue;
    const members = args.argsFrom(x + 1, false);
    const last = members.at(-1);
    // (the whole list up to the clause's end: a list, not the start of a sentence after the colon)
    if (members.length < 2 || !last || !(tokens[last.to + 1] === undefined || ['.', ';'].includes(tokens[last.to + 1].text))) continue;
    // (the class without its count: "three components" -> "components")
    const c = tokens[cls.from].pos === 'NUM' && cls.from < cls.to ? { ...cls, ...phrase(tokens, text, cls.from + 1, cls.to) } : cls;
    for (const m of members) emit(r, m, 'is a', c, 'isa', 'prop.colon-list');
  }
  for (let x = 1; x + 2 < n; x++) {
    if (!args.apposition(x)) continue;
    const name = args.argEndingAt(x - 1);
    if (name) for (const cls of args.argsFrom(x + 1)) emit(r, name, 'is a', cls, 'isa', 'prop.apposition');
  }
}

/** A condition clause's words, from its opener ("if", "unless") up to the comma that ends it; null when it has no opener before it. */
function conditionText(tokens: Token[], text: string, c: { vs: number; ve: number }): string | null {
  let from = c.vs - 1;
  const opener = (k: number) =>
    UNASSERTED_OPENERS.has(tokens[k].text.toLowerCase()) || whereCircumstance(tokens, k) || opensClause(tokens, k) || conditionalPhraseAt(tokens, k) > 0;
  // (back over a list of noun phrases, "if the NAS, the proxy and the server agree", not over another clause's verb)
  while (from >= 0 && !opener(from) && ![';', ':'].includes(tokens[from].text) && !VERB_POS.has(tokens[from].pos)) from--;
  if (from < 0 || !opener(from)) return null;
  let to = c.ve;
  // (to its comma, or to the "then" that opens the consequent: "if X then Y")
  while (to + 1 < tokens.length && ![',', ';', '.'].includes(tokens[to + 1].text) && tokens[to + 1].text.toLowerCase() !== 'then') to++;
  return text.slice(tokens[from].start, tokens[to].end).replace(/\s+/g, ' ');
}

/**
 * The condition a clause is followed by ("the server discards the packet if the field is invalid",
 * "... unless X", "... when X"): the next clause is a condition whose opener comes after this clause's
 * verb with no semicolon or colon between; an open question ("whether") is no condition.
 */
function trailingCondition(tokens: Token[], text: string, clauses: readonly Clause[], x: number): string | null {
  const c = clauses[x];
  const next = clauses[x + 1];
  if (c.quiet || !next || (next.unasserted !== 'clause.condition' && next.unasserted !== 'clause.temporal')) return null;
  for (let k = c.ve + 1; k < next.vs; k++) {
    const w = tokens[k].text.toLowerCase();
    if ([';', ':'].includes(tokens[k].text) || w === 'whether') return null;
    if (UNASSERTED_OPENERS.has(w) || opensClause(tokens, k) || conditionalPhraseAt(tokens, k)) return conditionText(tokens, text, next);
  }
  return null;
}

function readingOf(tokens: Token[], text: string, context?: SentenceContext): Reading {
  const args = new Arguments(tokens, text);
  return {
    tokens,
    n: tokens.length,
    text,
    args,
    refs: new References(args, context),
    context,
    triples: [],
    quiet: false,
    clause: null,
    subjectRules: [],
    predicateOf: new Map(),
    previousSubjects: null,
    named: null,
    sentenceSubjects: null,
    firstSubject: null,
    relative: null,
    author: false,
    condition: null,
    conditionRule: 'emit.condition',
  };
}

/** The triples of one reading, deduplicated, without same-ends or overlong ones. */
function finalTriples(r: Reading): SvoTriple[] {
  const seen = new Set<string>();
  return r.triples.filter((t) => {
    const key = `${t.head.start}:${t.head.end}|${t.relation}|${t.tail.start}:${t.tail.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    // emit.same-ends
    return t.head.text.toLowerCase() !== t.tail.text.toLowerCase() && t.head.to - t.head.from < 10 && t.tail.to - t.tail.from < 10;
  });
}

/**
 * SVO, verb + preposition, attribute ("the leader of X is Y") and "X such as Y" relations of one
 * sentence's tokens. With a context, a subject "it"/"they" before a full verb stands for the previous
 * subject agreeing in number, and demonstratives find their antecedents; the context is updated.
 */
export function sentenceRelations(input: Token[], text: string, context?: SentenceContext): SvoTriple[] {
  const tokens = repairTags(input, text);
  if (!tokens.length || isQuestion(tokens)) return []; // clause.question
  if (opensWithExample(tokens)) return []; // clause.example
  const r = readingOf(tokens, text, context);
  const clauses = readClauses(tokens);
  let assertedBefore = false;
  // emit.condition: a sentence opening with a conditional phrase and no clause of its own up to its comma
  // ("In the case of a timeout, ...") holds its clauses under it
  const lead = tokens[0] && conditionalPhraseAt(tokens, 0);
  const comma = lead ? tokens.findIndex((t) => t.text === ',') : -1;
  const clauseIn = (t: Token, x: number) => t.pos === 'AUX' || (VERB_POS.has(t.pos) && ['NOUN', 'PROPN', 'PRON'].includes(tokens[x - 1]?.pos ?? ''));
  if (comma > lead && !tokens.slice(0, comma).some(clauseIn) && clauses.some((c) => c.vs > comma))
    r.condition = text.slice(tokens[0].start, tokens[comma - 1].end).replace(/\s+/g, ' ');
  // emit.case-condition: a sentence opened by a phrase pointing back at a case ("In that situation", "Under such
  // conditions") holds its clauses in that case
  const caseEnd = r.condition ? -1 : casePhraseEnd(tokens);
  let openingRule: Reading['conditionRule'] = 'emit.condition';
  if (caseEnd > 0 && clauses.some((c) => c.vs > caseEnd)) {
    r.condition = text.slice(tokens[0].start, tokens[caseEnd].end).replace(/\s+/g, ' ');
    openingRule = 'emit.case-condition';
  }
  r.conditionRule = openingRule;
  for (const [x, c] of clauses.entries()) {
    // emit.trailing-condition: "Y if X" holds Y under X as "If X, Y" does
    const before = r.condition;
    const beforeRule: Reading['conditionRule'] = r.conditionRule;
    const after = trailingCondition(tokens, text, clauses, x);
    if (after) [r.condition, r.conditionRule] = [after, 'emit.trailing-condition'];
    readClause(r, c);
    [r.condition, r.conditionRule] = [before, beforeRule];
    const read =
      c.unasserted === 'clause.condition' || c.unasserted === 'clause.temporal'
        ? conditionText(tokens, text, c)
        : // (a circumstance "where X" before any asserted clause is the condition of the clauses after it: "In networks
          // where X, Y"; one after an asserted clause says where a thing of it is, no condition of the next)
          c.unasserted === 'clause.circumstance-where' && !assertedBefore
          ? conditionText(tokens, text, c)
          : null;
    if (read) [r.condition, r.conditionRule] = [read, 'emit.condition'];
    if (!c.quiet) assertedBefore = true;
  }
  r.quiet = false;
  r.condition = null;
  r.conditionRule = 'emit.condition';
  readLists(r);
  r.refs.finish(r.firstSubject);
  return finalTriples(r);
}

/** Each pass's output for one sentence: what `graphwright explain` shows. */
export interface SentenceExplanation {
  tokens: { text: string; pos: string; start: number; end: number }[];
  repaired: { text: string; pos: string; start: number; end: number; repairs: string[] }[];
  phrases: { text: string; start: number; end: number; rules: string[] }[];
  clauses: { verb: string; start: number; end: number; polarity: 'asserted' | 'negated' | 'unasserted'; rule?: string; rules: string[] }[];
  /** The relation in its lemma form (pass 7); `surface` the words as written where they differ, `modality` a modal taken out. */
  triples: { head: string; relation: string; tail: string; kind: SvoTriple['kind']; rules: string[]; surface?: string; modality?: string }[];
  question: boolean;
}

/** The passes of sentenceRelations, each output kept. */
export function explainSentence(input: Token[], text: string, context?: SentenceContext, entry?: string): SentenceExplanation {
  const tokens = repairTags(input, text);
  const question = tokens.length > 0 && isQuestion(tokens);
  const clauses = tokens.length ? readClauses(tokens) : [];
  const nps = tokens.length ? new Arguments(tokens, text).nps : [];
  // (the first sentence of an SMI entry's DESCRIPTION read as the entry's description: doc.entry-description)
  // (a reduced relative said in passing makes no triple: emit.in-passing)
  const triples = question || !tokens.length ? [] : entryReadings(sentenceRelations(input, text, context), input, entry).filter((t) => !t.inPassing);
  // each reading in its relation form (pass 7), with the kind it was read as
  const formed = new Map<CandidateTriple, SvoTriple['kind']>(
    triples.map((t) => [
      readingForm(
        {
          stage: 'EE',
          head: { text: t.head.text, kind: 'entity', span: { start: t.head.start, end: t.head.end } },
          relation: t.relation,
          tail: { text: t.tail.text, kind: 'entity', span: { start: t.tail.start, end: t.tail.end } },
          rules: t.rules,
        },
        t,
        text,
      ),
      t.kind,
    ]),
  );
  return {
    tokens: input.map((t) => ({ text: t.text, pos: t.pos, start: t.start, end: t.end })),
    repaired: tokens.map((t) => ({ text: t.text, pos: t.pos, start: t.start, end: t.end, repairs: t.repairs ?? [] })),
    phrases: nps.map((p) => ({ text: p.text, start: p.start, end: p.end, rules: p.rules ?? [] })),
    clauses: clauses.map((c) => ({
      verb: c.group.map((t) => t.text).join(' '),
      start: tokens[c.vs].start,
      end: tokens[c.ve].end,
      polarity: c.quiet ? 'unasserted' : c.negated ? 'negated' : 'asserted',
      rule: c.unasserted ?? c.negation,
      rules: c.rules,
    })),
    // (as the extractor emits them: a light verb's act object beside its act triple is left out, emit.act-object)
    triples: withoutActObjects([...formed.keys()]).map((f) => {
      const { surface, modality } = (f.meta ?? {}) as { surface?: string; modality?: string };
      return {
        head: f.head.text,
        relation: f.relation,
        tail: f.tail.text,
        kind: formed.get(f)!,
        rules: f.rules ?? [],
        ...(surface ? { surface } : {}),
        ...(modality ? { modality } : {}),
      };
    }),
    question,
  };
}
