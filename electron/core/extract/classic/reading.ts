// What the proposition passes share while reading one sentence (the Reading), and how a triple is
// made: `emit` drops it in a clause that asserts nothing, for an end that ends nothing or a
// demonstrative that points at nothing found, and records the rules that made it.
import type { Arg, Arguments } from './arguments';
import type { Clause } from './clauses';
import { withParticiplePhrase, withRelativeClause } from './object-ends';
import type { References, SentenceContext } from './reference';
import type { Phrase, Token } from './tokens';
import { BE, COUNT_BOUNDS, RELATIVE_PRONOUNS } from '../../nlp/lexicon';
import { lemma } from '../../nlp/morphology';
import { capitalised, lower } from './words';

export interface SvoTriple {
  head: Phrase;
  relation: string;
  tail: Phrase;
  kind: 'svo' | 'prep' | 'of' | 'isa';
  /** The rule ids that made it, the proposition's first. */
  rules: string[];
  /** A noun phrase the relation's words hold between verb and preposition ("sends Access-Request to"): the verb's own object. */
  embedded?: string;
  /** The condition the sentence puts on the clause ("If X, ..."): the qualifier meta.condition. */
  condition?: string;
  /** The tail is limited by "only" ("contains only X"): the qualifier meta.only. */
  only?: boolean;
  /**
   * The relation opens with its clause's own finite verb, no form of "be" in the group, the subject
   * right before it: a past form there is the active past ("the proxy sent X" -> "send"), not a
   * passive whose "be" the reading dropped ("X was sent" -> "sent").
   */
  active?: boolean;
  /** The count the tail is bounded by ("at most one", "one or more"): the qualifier meta.quantity. */
  quantity?: string;
  /** A prepositional phrase after the tail that the tail did not keep, as written (attach.phrase-qualifier): the qualifier meta.phrase. */
  phrase?: string;
  /** An end is a bare common noun its sentence names more precisely but no rule could pick (meta.genericEnd). */
  genericEnd?: 'subject' | 'object' | 'both';
  /** Said in passing (a reduced relative without its agent, emit.in-passing; a purpose infinitive, prop.infinitive-purpose): no triple, its ends kept as mentions. */
  inPassing?: boolean;
}

/** What the passes know while reading one sentence. */
export interface Reading {
  tokens: Token[];
  n: number;
  text: string;
  args: Arguments;
  refs: References;
  context?: SentenceContext;
  triples: SvoTriple[];
  /** The clause being read asserts nothing: its triples are not made. */
  quiet: boolean;
  /** The clause being read (its verb group's repairs and rules join its triples' trace). */
  clause: Clause | null;
  /** Rules of the clause's subject, added to each triple the clause makes. */
  subjectRules: string[];
  /** Copula subjects of a predicate nominal ("X is a dish found in Y": "found in Y" is said of X). */
  predicateOf: Map<number, Arg[]>;
  previousSubjects: Arg[] | null;
  /** The name the clause just read gave its subject ("X is called N"): a verb coordinated after it speaks of N. */
  named: Arg | null;
  /** The first subjects of the sentence ("its" points back at them). */
  sentenceSubjects: Arg[] | null;
  firstSubject: SentenceContext['antecedent'];
  /** The first relative clause: its pronoun's index and antecedent. */
  relative: { at: number; ante: Arg } | null;
  /** The act read now is limited by an "only" before what governs it ("only necessary for X to"): meta.only. */
  limited?: boolean;
  /** The rule by which the clause being read claims nothing of its ends, kept as mentions (prop.infinitive-purpose, emit.restrictive-relative), or null. */
  passing?: string | null;
  /** The authors' voice ("we", "this paper") is the subject: its object and complement are the ends. */
  author: boolean;
  /** The text of a condition clause read before the clause being read ("if the key is missing"), or null. */
  condition: string | null;
  /** The rule that gave the condition: one read before the clause, or one after it (emit.trailing-condition). */
  conditionRule: 'emit.condition' | 'emit.trailing-condition' | 'emit.case-condition';
}

export const EMIT_RULES = [
  { id: 'emit.light-end', statement: 'A light noun without complement, a bare number as subject, or a one-letter variable ends no relation.' },
  { id: 'emit.same-ends', statement: 'A triple whose two ends say the same, or an end of ten words or more, is not made.' },
  {
    id: 'emit.condition',
    statement: 'A clause after a condition in its sentence ("If X, Y") keeps the condition as its triples\' qualifier (meta.condition).',
  },
  {
    id: 'emit.reduced-relative',
    statement:
      'A verb group that is a bare participle right after a noun ("packets received from Y", "an entity implementing Y") is a reduced relative, said in passing of that noun: its triples are marked (their precision is fitted apart).',
  },
  {
    id: 'emit.in-passing',
    statement:
      'A reduced relative read of the noun right before it with no agent\'s "by" ("packets received from X", "entities implementing Y") restricts that noun, it claims nothing: no triple, its two ends kept as mentions; with its agent ("the PDU generated by the peer"), a role "as" ("entities acting as clients") or a document it refers to ("the protocol described in this memo") it is made.',
  },
  {
    id: 'emit.restrictive-relative',
    statement:
      'A restrictive relative clause (no comma, parenthesis or citation before "that", "which", "who": "packets that carry X") picks out which thing its antecedent is, it claims nothing: no triple, its two ends kept as mentions; a non-restrictive one (", which"), one on a name (a name is one thing already), on a predicate nominal ("X is a device that terminates Y", said of X) or on what the authors\' voice presents ("we describe a system that X") is made.',
  },
  {
    id: 'emit.case-condition',
    statement:
      'A sentence opened by a phrase pointing back at a case ("In that situation", "Under such conditions", "In both situations") keeps that phrase as its clauses\' condition (meta.condition): what they say holds in that case only.',
  },
  {
    id: 'emit.trailing-condition',
    statement: 'A clause followed by a condition ("Y if X", "Y unless X", "Y when X") keeps it as its triples\' qualifier (meta.condition), as "If X, Y" does.',
  },
  {
    id: 'emit.quantity',
    statement:
      'A bounded count before an end ("at most one X", "at least two X", "exactly one X", "one or more X") is the triple\'s qualifier (meta.quantity), not part of the end.',
  },
  {
    id: 'emit.act-object',
    statement:
      'A light verb\'s object that names the act ("provides support for X") makes no triple of its own beside the triple of that act: no (S, provide, support) beside (S, support, X).',
  },
  {
    id: 'emit.only',
    statement:
      'An end limited by "only" ("contains only X", each conjunct of "only A and B") keeps the limit as the triple\'s qualifier (meta.only); so does a direct object after "only" in the verb group ("MUST only send X"), and the act of an infinitive whose modal adjective "only" limits ("only necessary for X to send Y"), but not "not only".',
  },
];

/** What lies between "only" and the end it limits: a determiner, the end's own words, the conjuncts before it. */
const stepsOverToOnly = (t: Token) => ['DET', 'NOUN', 'PROPN', 'ADJ', 'NUM', 'CCONJ'].includes(t.pos) || t.text === ',';

const plain = (p: Phrase): Phrase => ({ from: p.from, to: p.to, start: p.start, end: p.end, text: p.text });

/** The rules that shaped an end: its own, its noun phrase's and its complement's. */
function endRules(p: Phrase): string[] {
  const a = p as Arg;
  return [...(a.np?.rules ?? []), ...(a.rules ?? []), ...(a.of ? endRules(a.of) : []), ...(a.via?.rules ?? [])];
}

/** The tag repairs on tokens [from, to]. */
function repairsIn(tokens: Token[], from: number, to: number): string[] {
  return tokens.slice(Math.max(0, from), to + 1).flatMap((t) => t.repairs ?? []);
}

/** Makes a triple unless the clause asserts nothing, an end is no end, or a demonstrative points at nothing found. */
export function emit(
  r: Reading,
  head: Arg | Phrase,
  relation: string,
  tail: Arg | Phrase,
  kind: SvoTriple['kind'],
  rule: string,
  embedded?: string,
  phrase?: string,
): void {
  if (r.quiet) return;
  const h = head as Arg;
  const t = tail as Arg;
  if (h.light || t.light || h.numeric || !relation.trim()) return; // emit.light-end
  if ([head, tail].some((p) => /^\p{L}$/u.test(p.text))) return; // "s", "x": a variable, not a thing
  let rh = r.refs.resolve(head);
  let rt = r.refs.resolve(tail);
  if (!rh || !rt) return;
  const c = r.clause;
  // emit.quantity: a bounded count before the tail leaves it for the qualifier
  const count = rt === tail ? boundedCount(r.tokens, r.text, tail, c?.ve ?? -1) : null;
  // ref.sentence-head: a bare head stands for the fuller phrase of its sentence (not for the other end)
  const fh = rh === head ? r.refs.fullerInSentence(head) : null;
  // arg.object-relative: a restrictive relative clause after the tail says which things it names
  const mainVerb = kind === 'svo' && c ? c.words.filter((w) => w.pos === 'VERB').at(-1)?.text : undefined;
  // (arg.object-participle: or a participle phrase right after it, a reduced relative, does)
  const relative = rt === tail && !count && 'np' in tail ? (withRelativeClause(r.args, t, mainVerb) ?? withParticiplePhrase(r.args, t)) : null;
  const ft = rt === tail && !count && !relative ? r.refs.fullerInSentence(tail) : null;
  // (an end whose fuller phrase is the other end keeps its bare head, marked generic)
  const headGeneric = fh !== null && (!fh.fuller || fh.phrase.text.toLowerCase() === rt.text.toLowerCase());
  if (fh?.fuller && !headGeneric) rh = fh.phrase;
  const tailGeneric = ft !== null && (!ft.fuller || ft.phrase.text.toLowerCase() === rh.text.toLowerCase());
  if (ft?.fuller && !tailGeneric) rt = ft.phrase;
  const genericEnd = headGeneric ? (tailGeneric ? 'both' : 'subject') : tailGeneric ? 'object' : null;
  const rules = [
    rule,
    ...r.subjectRules,
    ...(c?.rules ?? []),
    ...endRules(head),
    ...endRules(tail),
    ...(rh !== head ? (rh.rules ?? []) : []),
    ...(rt !== tail ? (rt.rules ?? []) : []),
    ...repairsIn(r.tokens, head.from, head.to),
    ...(c ? repairsIn(r.tokens, c.vs, c.ve) : []),
    ...repairsIn(r.tokens, tail.from, tail.to),
  ];
  const rel = relation.replace(/\s+/g, ' ').trim();
  // emit.only: "only" before the tail's phrase, its determiner and the conjuncts before it stepped over
  // ("contains only A and the B"), or between the modal and the verb of a svo clause ("MUST only send A")
  let b = (t.lead ?? tail.from) - 1;
  while (b > (c?.ve ?? 0) && stepsOverToOnly(r.tokens[b])) b--;
  const isOnly = (k: number) => r.tokens[k]?.text.toLowerCase() === 'only' && r.tokens[k - 1]?.text.toLowerCase() !== 'not';
  const only = Boolean(r.limited) || (isOnly(b) && b >= (c?.ve ?? 0)) || (kind === 'svo' && !!c && r.tokens.slice(c.vs, c.ve).some((_, k) => isOnly(c.vs + k)));
  // emit.condition: the sentence's condition read before this clause
  const condition = r.condition && c && !c.quiet ? r.condition : null;
  if (only) rules.push('emit.only');
  const reduced = Boolean(c) && reducedRelative(r.tokens, c!.vs, c!.ve, c!.group);
  if (count) rules.push('emit.quantity');
  if (genericEnd) rules.push('ref.generic-end');
  if (relative) rules.push(...(relative.rules ?? []).filter((id) => id === 'arg.object-relative' || id === 'arg.object-participle'));
  const tailOut = count?.rest ?? plain(relative ?? rt);
  if (reduced) rules.push('emit.reduced-relative');
  // emit.in-passing: the noun right before the participle, no agent's "by" (a predicate nominal's subject, "X is
  // a dish found in Y", is no such noun: the relative is said of X)
  // (nor a document it refers to, "the method described in this note", "defined in [4]": a cross-reference is a fact)
  const cites = rules.includes('ref.document') || /\[[^\]]+\]/.test(rt.text);
  // (nor a role it gives the noun, "relays acting as clients": that predicates, as an apposition does)
  const inPassing = Boolean(r.passing) || (reduced && head.to === c!.vs - 1 && !/ (?:by|as)$/.test(rel) && !cites);
  if (r.passing) rules.push(r.passing);
  else if (inPassing) rules.push('emit.in-passing');
  const active = Boolean(c) && !reduced && finiteActive(r.tokens, c!, rel);
  if (condition) rules.push(r.conditionRule);
  // attach.phrase-qualifier: a phrase after the tail that the tail did not keep (not after a clause the tail took)
  const kept = phrase && !relative && rt === tail ? phrase : null;
  if (kept) rules.push('attach.phrase-qualifier');
  r.triples.push({
    head: plain(rh),
    relation: rel,
    tail: tailOut,
    kind,
    rules: [...new Set(rules)],
    ...(embedded ? { embedded: embedded.replace(/\s+/g, ' ').trim() } : {}),
    ...(condition ? { condition } : {}),
    ...(only ? { only: true } : {}),
    ...(active ? { active: true } : {}),
    ...(count ? { quantity: count.quantity } : {}),
    ...(kept ? { phrase: kept } : {}),
    ...(genericEnd ? { genericEnd } : {}),
    ...(inPassing ? { inPassing: true } : {}),
  });
}

/** The relation opens with the clause's main verb, the group holds no "be", and a subject's word is right before the group. */
function finiteActive(tokens: Token[], c: Clause, relation: string): boolean {
  const main = c.words.filter((t) => t.pos === 'VERB').at(-1);
  if (!main || c.words.some((t) => BE.has(t.text.toLowerCase()))) return false;
  if (relation.split(' ')[0] !== main.text.toLowerCase()) return false;
  return ['NOUN', 'PROPN', 'PRON'].includes(tokens[c.vs - 1]?.pos ?? '');
}

/**
 * A bounded count before the tail, after the verb group (token `floor`): "at most one X", "exactly two
 * X" (the number opens the tail), "one or more X" (the quantifier was left out of the phrase). The tail
 * without the number, and the count as written.
 */
export function boundedCount(tokens: Token[], text: string, tail: Phrase, floor: number): { quantity: string; rest: Phrase } | null {
  const lower = (k: number) => tokens[k]?.text.toLowerCase() ?? '';
  const isNumber = (k: number) => tokens[k]?.pos === 'NUM';
  const matchAt = (words: string[], at: number) => at > floor && words.every((w, k) => lower(at + k) === w);
  let num = -1;
  let first = -1;
  let last = -1;
  if (isNumber(tail.from) && tail.from < tail.to) {
    num = tail.from;
    const bound = COUNT_BOUNDS.before.find((w) => matchAt(w, num - w.length));
    if (!bound) return null;
    first = num - bound.length;
    last = num;
  } else {
    const bound = COUNT_BOUNDS.after.find((w) => matchAt(w, tail.from - w.length));
    if (!bound || !isNumber(tail.from - bound.length - 1) || tail.from - bound.length - 1 <= floor) return null;
    num = tail.from - bound.length - 1;
    first = num;
    last = tail.from - 1;
  }
  const quantity = text.slice(tokens[first].start, tokens[last].end).replace(/\s+/g, ' ');
  const from = Math.max(tail.from, num + 1);
  const rest: Phrase = { from, to: tail.to, start: tokens[from].start, end: tail.end, text: text.slice(tokens[from].start, tail.end) };
  return { quantity, rest };
}

/**
 * A verb group of one participle, no auxiliary, right after a noun, in a sentence whose main verb is
 * another ("the packets received from X are dropped", "an entity implementing Y"); a past tense
 * that is the sentence's only verb ("The server encrypted packets") is no relative.
 */
function reducedRelative(tokens: Token[], vs: number, ve: number, group: Token[]): boolean {
  const first = group[0];
  if (!first || first.pos !== 'VERB' || group.some((t) => t.pos === 'AUX' || t.text.toLowerCase() === 'to')) return false;
  const w = first.text.toLowerCase();
  const participle = /\p{L}{2}ing$/u.test(w) || /\p{L}{2}(?:ed|en)$/u.test(w) || (lemma(w) !== w && !/s$/.test(w));
  const otherVerb = tokens.some((t, i) => (i < vs || i > ve) && (t.pos === 'VERB' || t.pos === 'AUX'));
  if (!participle || !otherVerb || !['NOUN', 'PROPN'].includes(tokens[vs - 1]?.pos ?? '')) return false;
  if (/ing$/.test(w)) return true;
  // (a past form may be the main verb: it is a participle when a finite verb is the main one, before it,
  // or after it and no relative pronoun opening a clause of its own: "X wrote Y which has Z" is no relative)
  const finite = (t: Token) => t.pos === 'AUX' || (t.pos === 'VERB' && !/ing$/i.test(t.text) && lower(t) !== 'to');
  if (tokens.slice(0, vs).some(finite)) return true;
  for (let i = ve + 1; i < tokens.length; i++) {
    if (RELATIVE_PRONOUNS.has(lower(tokens[i]))) return false;
    if (finite(tokens[i]) && lower(tokens[i - 1]) !== 'to') return true;
  }
  return false;
}

/** A relation named by a noun keeps acronyms ("OCLC number") and lower-cases title case ("Leader"). */
export const nounText = (r: Reading, p: Phrase) =>
  r.text
    .slice(p.start, p.end)
    .replace(/\s+/g, ' ')
    .replace(/\b\p{Lu}\p{Ll}+\b/gu, (w) => w.toLowerCase());

/** An attribute noun: common, short, with no title-case word in it (a title-case word makes a name's phrase). */
export const common = (r: Reading, p: Phrase) =>
  !capitalised(r.tokens[p.to]) &&
  r.tokens[p.to].pos !== 'NUM' &&
  p.to - p.from < 3 &&
  !r.tokens.slice(p.from, p.to).some((t) => /^\p{Lu}\p{Ll}/u.test(t.text) && t !== r.tokens[0]);
