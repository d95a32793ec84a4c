// Pass 3 (continued), object ends: how far a relation's object reaches past its noun phrase. A common
// noun keeps the restrictive relative clause or participle phrase that says which of its things are meant,
// and the prepositional phrase its verb does not take; a name, a number or a phrase that would make the end
// ten words or more stays out. Each extension adds its rule id (listed with the argument rules) to the end.
import { COORDINATORS as COORD, DEMONSTRATIVES, PLACE_TIME_PREPOSITIONS, PURPOSE_NOUNS, RELATIVE_PRONOUNS as REL_PRONOUN } from '../../nlp/lexicon';
import { takesObjectPhrase } from '../../nlp/senses';
import { isArg, participleForm, withRule, type Arg, type Arguments } from './arguments';
import { actAdjunct } from './attachment';
import { phrase } from './tokens';
import { isComplexPreposition, lower, VERB_POS } from './words';

/** The most tokens an end keeping its relative clause may have (arg.object-relative; emit.same-ends drops ten). */
const RELATIVE_END_WORDS = 9;

/**
 * arg.object-relative: a common-noun end followed, with no comma between, by a restrictive relative
 * clause, one whose pronoun is its subject ("a mechanism that carries X", "an entity which requires X")
 * or the object of a preposition before it ("each peer with which the relay shares a key"): the clause
 * says which of the things the noun names are meant, so the end keeps it, up to the clause's first
 * punctuation, or before a phrase the main verb `verb` takes after its object. Not after a name standing alone (a clause after a name only adds to it), not a clause
 * holding a subordinate clause, a second clause of its own or a pronoun; an end over RELATIVE_END_WORDS tokens keeps the
 * clause up to a prepositional phrase after its verb's noun phrase, or the end stays alone.
 */
export function withRelativeClause(args: Arguments, a: Arg, verb?: string): Arg | null {
  const { tokens, text, n } = args;
  if (a.numeric || a.light || (a.name && a.lead === a.from) || !/^\p{L}/u.test(tokens[a.np.to]?.text ?? '')) return null;
  if (tokens[a.np.to].pos === 'PRON' || tokens[a.np.to].pos === 'NUM') return null;
  const j = a.to + 1;
  const word = lower(tokens[j]);
  let from = -1;
  if (REL_PRONOUN.has(word)) {
    // (the pronoun is the clause's subject: a verb or an auxiliary next, over one adverb or "not")
    const next = tokens[j + 1]?.pos === 'ADV' || tokens[j + 1]?.pos === 'PART' ? j + 2 : j + 1;
    if (VERB_POS.has(tokens[next]?.pos ?? '')) from = j;
  } else if (tokens[j]?.pos === 'ADP' && ['which', 'whom'].includes(lower(tokens[j + 1]))) from = j;
  if (from < 0) return null;
  let k = from + 1;
  // (a phrase the main verb takes after its object is the verb's, not the clause's: "sends a request that
  // carries X to the server")
  const verbs = (x: number) => verb !== undefined && tokens[x].pos === 'ADP' && lower(tokens[x]) !== 'of' && takesObjectPhrase(verb, lower(tokens[x]));
  while (k < n && !/^[,;:()[\]."“”]$/u.test(tokens[k].text) && !(k > from + 2 && verbs(k))) k++;
  const last = k - 1;
  if (last <= from + 1) return null;
  const inside = tokens.slice(from + 2, last + 1);
  // (a subordinate clause, or a coordinated clause with its own subject: the clause's end is unclear)
  const secondClause = (x: number) =>
    COORD.has(lower(inside[x])) &&
    (inside[x + 1]?.pos === 'PRON' || (['DET', 'NOUN', 'PROPN'].includes(inside[x + 1]?.pos ?? '') && inside.slice(x + 2).some((t) => VERB_POS.has(t.pos))));
  // (nor one with a pronoun, which points outside the end: "servers that do not recognize it")
  if (inside.some((t, x) => t.pos === 'SCONJ' || t.pos === 'PRON' || (REL_PRONOUN.has(lower(t)) && t.pos !== 'DET') || secondClause(x))) return null;
  // (too long: the clause up to a prepositional phrase of its own, when its verb's noun phrase comes before it)
  let end = last;
  while (end - a.from + 1 > RELATIVE_END_WORDS) {
    let cut = end;
    while (cut > from + 2 && !(tokens[cut].pos === 'ADP' && lower(tokens[cut]) !== 'of')) cut--;
    if (cut <= from + 2 || !['NOUN', 'PROPN'].includes(tokens[cut - 1].pos)) return null;
    end = cut - 1;
  }
  return withRule({ ...a, ...phrase(tokens, text, a.from, end) }, 'arg.object-relative');
}

/**
 * arg.object-participle: a common-noun end followed, with no comma between, by a participle phrase that
 * restricts it, a reduced relative: a participle and one prepositional phrase ("the mechanisms defined in
 * the standard", "packets received from a peer"), or a present participle and its object ("a request
 * carrying a token"), the phrase's noun phrase plain (determiners and adjectives before its noun, no
 * pronoun, number, demonstrative, list or infinitive after it): the end keeps it while under ten words. Not
 * after a head that is itself a participle's form ("the resulting translated X").
 */
export function withParticiplePhrase(args: Arguments, a: Arg): Arg | null {
  const { tokens, text } = args;
  if (a.numeric || a.light || (a.name && a.lead === a.from) || !['NOUN', 'PROPN'].includes(tokens[a.np.to]?.pos ?? '')) return null;
  const p = a.to + 1;
  if (!participleForm(tokens[p]) || /\p{L}{2}(?:ing|ed)$/u.test(tokens[a.np.to].text)) return null;
  const preposition = tokens[p + 1]?.pos === 'ADP' && lower(tokens[p + 1]) !== 'of' && !isComplexPreposition(tokens[p + 1]);
  if (!preposition && !/ing$/.test(lower(tokens[p]))) return null;
  const at = preposition ? p + 2 : p + 1;
  const inner = args.argAt(at);
  if (!isArg(inner) || inner.numeric || inner.light || tokens[inner.to].pos === 'PRON' || inner.to - a.from >= 10) return null;
  // (a phrase pointing back, "named in this clause", pins down nothing; a coordination may run past the phrase)
  if (tokens.slice(at, inner.from).some((t) => !['DET', 'ADJ', 'NUM'].includes(t.pos) || DEMONSTRATIVES.has(lower(t)))) return null;
  // (nor a list: "including the Code, Identifier and Data fields"; nor an infinitive's subject: "allowing a host to send")
  const after = tokens[inner.to + 1];
  if (COORD.has(lower(after)) || (after?.text === ',' && ['NOUN', 'PROPN', 'ADJ', 'CCONJ'].includes(tokens[inner.to + 2]?.pos ?? ''))) return null;
  if (args.argsFrom(at).length > 1 || (lower(after) === 'to' && VERB_POS.has(tokens[inner.to + 2]?.pos ?? ''))) return null;
  return withRule({ ...a, ...phrase(tokens, text, a.from, inner.to) }, 'arg.object-participle');
}

/**
 * arg.trailing-phrase: the object with the prepositional phrase at token j that the verb does not
 * take ("a table of the counters for each peer"), or the object alone when the phrase would make
 * it ten words or more; `verbTakesNone`: the verb takes no object and such a phrase (prop.object-phrase).
 */
export function withTrailingPhrase(args: Arguments, object: Arg, j: number, verbTakesNone = false): Arg {
  const { tokens, text } = args;
  // ("with respect to X": the verb's, no part of the object; so is a place or a time: "stores the key in its cache",
  // but not after a noun naming an act when the verb takes no such phrase: attach.act-adjunct)
  if (isComplexPreposition(tokens[j])) return object;
  if (PLACE_TIME_PREPOSITIONS.has(lower(tokens[j]))) return (verbTakesNone && actAdjunct(args, object, j)) || object;
  const members = args.argsFrom(j + 1);
  // ("for the purpose of X", "with the intent of": the verb's purpose, no part of the object)
  if (members.some((m) => PURPOSE_NOUNS.has(lower(tokens[m.np.to])))) return object;
  for (const upTo of [members.at(-1), members[0]]) {
    if (!upTo || upTo.to - object.from >= 10) continue;
    // (the phrase ends before a relative pronoun or a verb: "a row for each server that ...")
    return withRule({ ...object, ...phrase(tokens, text, object.from, upTo.to) }, 'arg.trailing-phrase');
  }
  return object;
}
