// Pass 3 (continued), arguments: the relation ends a sentence's noun phrases make. An argument is a
// noun phrase with its "of" complements ("the capital of Spain"); a light noun stands behind its
// complement ("the use of EAP" ends on EAP); a gerund and its object after a preposition are one end;
// a common noun in apposition to a name stands for the name; a possessed thing is the end; "A, B and C"
// coordinate (a list needs its conjunction); a subject is the first noun phrase of its prepositional
// chain. Each argument lists the ids of the rules that shaped it (`rules`).
import {
  NAMING_VERBS,
  DEMONSTRATIVES,
  COORDINATORS as COORD,
  LIGHT_NOUNS as LIGHT,
  LIGHT_VERBS,
  NEGATION,
  POSSESSIVES as POSSESSIVE,
  QUANTIFIERS,
  QUANTITY_NOUNS,
  PARTITIVE_NOUNS,
  RELATIVE_PRONOUNS as REL_PRONOUN,
  CHAIN_PREPOSITIONS as CHAIN_PREP,
  PLURAL_PREPOSITIONS,
} from '../../nlp/lexicon';
import { nounPhrases } from './phrases';
import { lemma } from '../../nlp/morphology';
import { verbLemma, verbOfActNoun } from '../../nlp/derivations';
import { phrase, type Phrase, type Token } from './tokens';
import { capitalised, isComplexPreposition, lower, modifierLike, mostlyAdjective, nounModifier, pluralNoun, unitOfMeasure, VERB_POS } from './words';

/** A relation end: a noun phrase with its "of" complements ("the capital of Spain"). */
export interface Arg extends Phrase {
  /** The noun phrase the argument starts with. */
  np: Phrase;
  /** Its "of" complement, when it has one. */
  of?: Arg;
  /** First token index including determiners and possessives before it. */
  lead: number;
  /** Only a number or a date. */
  numeric: boolean;
  /** A light noun without complement: ends no relation. */
  light: boolean;
  /** The head noun is a capitalised name. */
  name: boolean;
  /** The light noun this argument stands behind ("part" in "part of X"). */
  via?: Phrase;
}

/** A pronoun where an argument was looked for. */
export const PRONOUN = { pronoun: true } as const;
export const isArg = (a: Arg | typeof PRONOUN | null): a is Arg => Boolean(a && !('pronoun' in a));

const SKIP_BEFORE_OBJECT = new Set(['DET', 'PRON']);

export const ARGUMENT_RULES = [
  { id: 'arg.of-complement', statement: '"X of Y" is one end, its "of" complement part of it (no bare "of" relation).' },
  { id: 'arg.place-name', statement: 'A place and the larger place it lies in ("Paris, France") are one name.' },
  { id: 'arg.light-noun', statement: 'A light noun ("use", "number", "part") with an "of" complement stands behind it: the complement is the end.' },
  { id: 'arg.count-of-unit', statement: 'A count of a unit of measure ("the number of seconds") is a quantity and stays whole.' },
  {
    id: 'arg.part-or-count',
    statement:
      'A part of a whole ("half of X", "the rest of X") or a count named with "the" ("the number of X", "the amount of X") is not X: the end stays whole ("a number of X", some X, still stands behind it).',
  },
  { id: 'arg.gerund', statement: 'After a preposition a gerund and its object are one end ("for sorting large files").' },
  {
    id: 'arg.apposition-name',
    statement:
      'A common noun (or a phrase a name only modifies) in apposition to a name ("the architect, Jane Doe,", "an XML template, X,") stands for the name.',
  },
  { id: 'arg.called-name', statement: 'A common noun given a name between commas ("the second version, called X, is") stands for the name.' },
  {
    id: 'arg.possessed',
    statement:
      'The possessed thing is the end, with its owner when that is a common noun ("the peer\'s identity"); so is it in an "of" complement ("the size of the peer\'s buffer").',
  },
  {
    id: 'arg.coordination',
    statement: 'Coordinated ends ("A, B and C", "not only A but also B", "A as well as B") are each an end; a list needs its conjunction.',
  },
  {
    id: 'arg.shared-head',
    statement:
      'Modifiers coordinated before one head share it ("client and server tables", "a binary or textual label", "TCP and UDP packets"): an adjective, a lower-case singular noun before a plural head, or a one-word name before a name modifying a common plural head, with no determiner of its own, makes one end with the last conjunct, kept whole.',
  },
  {
    id: 'arg.shared-complement',
    statement:
      'Bare common nouns after one determiner, coordinated before a conjunct with an "of" complement and no determiner of its own ("the name and address of X"), share the complement: one end, kept whole.',
  },
  {
    id: 'arg.trailing-phrase',
    statement:
      'An active verb\'s object keeps a prepositional phrase the verb does not take (prop.object-phrase: "defines a table of counters for each peer"), not one of place or time, a purpose or a relative clause, while the end stays under ten words.',
  },
  {
    id: 'arg.object-relative',
    statement:
      'A common-noun end followed, with no comma, by a restrictive relative clause whose pronoun is its subject or a preposition\'s object ("a mechanism that carries X", "each peer with which the relay shares a key") keeps the clause up to its first punctuation: the clause says which things are meant; not after a bare name, nor a clause with a clause of its own or a pronoun; an end over nine words keeps the clause up to a prepositional phrase after its noun phrase, or stays alone.',
  },
  {
    id: 'arg.object-participle',
    statement:
      'A common-noun end followed, with no comma, by a participle phrase restricting it ("the mechanisms defined in the standard", "a request carrying a token"), a participle with one plain noun phrase (after one preposition; a past participle only so), keeps the phrase while under ten words.',
  },
  {
    id: 'arg.disjunction',
    statement:
      'Ends coordinated only by "or" after a verb or a preposition ("responds with A or B", "A, B or C") are one end, kept whole while under ten words: the sentence states the alternative, no conjunct alone; not a count bound ("one or more X"), nor ", or B" after one conjunct, another name for it ("the Key Table, or KT").',
  },
  {
    id: 'arg.plural-preposition',
    statement: 'The coordinated object of a preposition relating two or more together ("between A and B", "among A, B and C") is one end, kept whole.',
  },
  {
    id: 'arg.complement-coordination',
    statement:
      'A conjunct with no determiner of its own after an "of" complement that has one ("the address of the host or router", "the accuracy of both A and B") is coordinated inside the complement: the end is kept whole while under ten words, no conjunct an end of its own.',
  },
  {
    id: 'arg.between-complement',
    statement:
      'A prepositional object followed by a phrase relating two or more things ("depends on a link between A and B", "a tunnel between sites") keeps that phrase, while the end stays under ten words: the relation is the noun\'s, not the verb\'s.',
  },
  { id: 'arg.negative-determiner', statement: 'A noun phrase after a negative determiner ("no packets") is no end.' },
  {
    id: 'arg.subject-participle',
    statement:
      'A common-noun subject keeps the participle phrase between it and its verb ("a module conforming to the standard can be", "gateways enforcing quotas may"): a participle with one noun phrase (after one preposition; a past participle only so) pins down what the noun names, while the subject stays under eight words; not a phrase pointing back ("named in this clause").',
  },
  { id: 'arg.chain-start', statement: 'A subject is the first noun phrase of its prepositional chain, over reduced relatives and infinitives.' },
  {
    id: 'arg.chain-relative',
    statement: 'A relative pronoun ends a subject\'s prepositional chain: in "the host with which the relay swaps X" the subject is "the relay".',
  },
  {
    id: 'arg.subject-modifier',
    statement:
      'A common-noun subject keeps the one prepositional phrase between it and its verb ("the retry to the same server is counted"): the phrase pins down what the noun names; a name stays alone, and so does a subject of ten words or more.',
  },
];

/** A verb in a participle's form: -ing, -ed, or an irregular form that is no -s form ("sent", "known", "held"). */
export function participleForm(t: Token | undefined): boolean {
  if (t?.pos !== 'VERB') return false;
  if (/\p{L}{2}(?:ing|ed)$/u.test(t.text)) return true;
  const w = lower(t);
  const base = /s$/.test(w) ? null : verbLemma(w);
  return base !== null && base !== w;
}

/** The phrase with rule `id` added to the ids that shaped it. */
export const withRule = <T extends Phrase>(a: T, id: string): T => ({ ...a, rules: [...(a.rules ?? []), id] });

/** The noun phrases of one repaired sentence and the arguments built on them (cached per start). */
export class Arguments {
  readonly n: number;
  readonly nps: Phrase[];
  private readonly npStart: Map<number, Phrase>;
  private readonly argCache = new Map<number, Arg | null>();

  constructor(
    readonly tokens: Token[],
    readonly text: string,
  ) {
    this.n = tokens.length;
    this.nps = nounPhrases(tokens, text);
    this.npStart = new Map(this.nps.map((p) => [p.from, p]));
  }

  /** The argument whose noun phrase starts at token i (no determiner skipping). */
  argStartingAt(i: number, depth = 0): Arg | null {
    const { tokens, n, text, npStart, argCache } = this;
    if (argCache.has(i) && depth === 0) return argCache.get(i)!;
    // "the same server", "several servers": the phrase starts after the quantifier
    let q = i;
    while (!npStart.has(q) && q < i + 2 && QUANTIFIERS.has(lower(tokens[q]))) q++;
    const np = npStart.get(q);
    let out: Arg | null = null;
    if (np) {
      let to = np.to;
      let of: Arg | undefined;
      if (lower(tokens[np.to + 1]) === 'of' && depth < 2) {
        let k = np.to + 2;
        while (k < n && (tokens[k].pos === 'DET' || POSSESSIVE.has(lower(tokens[k])))) k++;
        let c = this.argStartingAt(k, depth + 1);
        // arg.possessed inside the complement: "the size of the peer's buffer" is of the buffer, not the peer
        if (c && !c.of && ["'s", '’s'].includes(lower(tokens[c.to + 1])) && !VERB_POS.has(tokens[c.to + 1].pos)) {
          const b = this.argStartingAt(c.to + 2, depth + 1);
          if (b && !b.numeric) c = withRule(b.name ? { ...b, lead: c.lead } : { ...b, ...phrase(tokens, text, c.from, b.to), lead: c.lead }, 'arg.possessed');
        }
        if (c) {
          of = c;
          to = c.to;
        }
      }
      const head = tokens[np.to];
      const numeric = np.from === np.to && head.pos === 'NUM';
      // (a sentence's first word is capitalised by position only: "Use of X ...")
      const lowerHead = !capitalised(head) || (np.to === 0 && /^\p{Lu}\p{Ll}+$/u.test(head.text));
      const bare = np.from === np.to && lowerHead;
      out = {
        ...phrase(tokens, text, np.from, to),
        np,
        of,
        lead: i,
        numeric,
        light: bare && LIGHT.has(lower(head)) && !of,
        name: !numeric && (capitalised(head) || (capitalised(tokens[np.from]) && tokens[np.from].pos === 'PROPN')),
        ...(of ? { rules: ['arg.of-complement'] } : {}),
      };
      // "Paris, France": a place and the larger place it lies in are one name
      if (!of && out.name && tokens[to + 1]?.text === ',' && tokens[np.from - 1]?.text !== ',' && depth === 0) {
        const q2 = npStart.get(to + 2);
        const after = tokens[(q2?.to ?? n) + 1];
        if (q2 && capitalised(tokens[q2.from]) && tokens[q2.to].pos === 'PROPN' && !(after && (after.text === ',' || COORD.has(lower(after))))) {
          out = withRule({ ...out, ...phrase(tokens, text, np.from, q2.to) }, 'arg.place-name');
        }
      }
      // "the use of EAP", "a number of servers": the complement is the end
      // ("a wide range of", "an initial set of": adjectives before a light noun change nothing)
      // ("the port number of X" is no light noun: a noun before it makes a compound, even one
      // the tagger read as an adjective)
      const onlyAdjectives = tokens.slice(np.from, np.to).every((t) => t.pos === 'ADJ' && !capitalised(t) && !nounModifier(t));
      // ("the number of seconds", "the amount of octets": a count of a unit of measure is a quantity, not
      // the unit, and stays whole)
      // ("makes use of X": the act noun of a light verb stays, for the relation form to read as its verb: rel.light-verb)
      const lightVerbsAct =
        np.from === np.to && i > 0 && VERB_POS.has(tokens[i - 1].pos) && lemma(lower(tokens[i - 1])) in LIGHT_VERBS && verbOfActNoun(lower(head)) !== null;
      if (of && onlyAdjectives && lowerHead && !lightVerbsAct && (LIGHT.has(lower(head)) || (head.pos === 'NUM' && np.from === np.to))) {
        // ("half of the table" is not the table, "the number of retries" not the retries: arg.part-or-count;
        // "a number of retries" is some retries)
        const definite = lower(tokens[np.from - 1]) === 'the';
        if (QUANTITY_NOUNS.has(lower(head)) && unitOfMeasure(tokens[of.np.to])) out = withRule(out, 'arg.count-of-unit');
        else if (PARTITIVE_NOUNS.has(lower(head)) || (QUANTITY_NOUNS.has(lower(head)) && definite)) out = withRule(out, 'arg.part-or-count');
        else out = withRule({ ...of, lead: i, via: np }, 'arg.light-noun');
      }
    }
    if (depth === 0) argCache.set(i, out);
    return out;
  }

  /** The argument at token i after determiners and possessives; a pronoun there is marked. */
  argAt(i: number): Arg | typeof PRONOUN | null {
    const { tokens, n, text } = this;
    let k = i;
    while (k < n && (tokens[k].pos === 'DET' || (tokens[k].pos === 'PRON' && POSSESSIVE.has(lower(tokens[k]))))) {
      if (NEGATION.has(lower(tokens[k]))) return null; // arg.negative-determiner: "no packets"
      k++;
    }
    if (k < n && tokens[k].pos === 'PRON' && !REL_PRONOUN.has(lower(tokens[k]))) return PRONOUN;
    // a gerund and its object are one end after a preposition: "for sorting large files"
    // (an adverb may come between: "works by iteratively estimating camera parameters")
    const gerundAt = k > 0 && k + 1 < n && tokens[k].pos === 'ADV' && /ly$/.test(tokens[k].text) && tokens[k - 1].pos === 'ADP' ? k + 1 : k;
    if (
      k > 0 &&
      gerundAt < n &&
      tokens[gerundAt].pos === 'VERB' &&
      /\p{L}{2}ing$/u.test(tokens[gerundAt].text) &&
      (gerundAt > k || tokens[k - 1].pos === 'ADP')
    ) {
      let o = gerundAt + 1;
      while (o < n && (tokens[o].pos === 'DET' || POSSESSIVE.has(lower(tokens[o]))) && !NEGATION.has(lower(tokens[o]))) o++; // "by counting the packets"
      const g = this.argStartingAt(o);
      if (g && !g.numeric) return withRule({ ...g, ...phrase(tokens, text, gerundAt, g.to), lead: i }, 'arg.gerund');
    }
    const a = this.argStartingAt(k);
    if (!a) return null;
    // "the architect, Jane Doe, ...": a common noun in apposition to a name stands for the name
    // (a name that heads no phrase of its own: "an XML template, FOO, is")
    if ((!a.name || !capitalised(tokens[a.np.to])) && !a.of && tokens[a.to + 1]?.text === ',') {
      const b = this.argStartingAt(a.to + 2);
      const after = tokens[(b?.to ?? n) + 1];
      if (b?.name && (!after || after.text === ',' || after.text === '.')) return withRule({ ...b, lead: i }, 'arg.apposition-name');
    }
    // "the second version, called SMIv2, is ...": a common noun a name is given to stands for the name
    if (!a.name && tokens[a.to + 1]?.text === ',' && NAMING_VERBS.has(lower(tokens[a.to + 2]))) {
      const b = this.argStartingAt(tokens[a.to + 3]?.pos === 'DET' ? a.to + 4 : a.to + 3);
      if (b?.name && tokens[b.to + 1]?.text === ',') return withRule({ ...b, lead: i }, 'arg.called-name');
    }
    // "the server's Foo-Bar": the possessed thing is the end, with its owner when it
    // is a common noun ("the peer's identity")
    if (!a.of && ["'s", '’s'].includes(lower(tokens[a.to + 1])) && tokens[a.to + 1].pos !== 'AUX' && tokens[a.to + 1].pos !== 'VERB') {
      const b = this.argStartingAt(a.to + 2);
      if (b && !b.numeric) return withRule(b.name ? { ...b, lead: i } : { ...b, ...phrase(tokens, text, a.from, b.to), lead: i }, 'arg.possessed');
    }
    return { ...a, lead: i };
  }

  /**
   * arg.between-complement: a common noun followed by a phrase relating two or more things ("a session
   * between A and B", "links among A, B and C") with that phrase, while the end stays under ten words.
   */
  relatingPhrase(a: Arg): Arg | null {
    const { tokens, text } = this;
    if (!PLURAL_PREPOSITIONS.has(lower(tokens[a.to + 1]))) return null;
    const members = this.argsFrom(a.to + 2);
    const whole = members.length === 1 ? members[0] : null;
    // (coordinated members, or one common plural: "a tunnel between sites")
    const plural = (m: Arg) => !m.name && !m.numeric && !m.of && !m.via && pluralNoun(tokens[m.np.to]);
    if (!whole || !(whole.rules?.includes('arg.plural-preposition') || plural(whole)) || whole.to - a.from >= 10) return null;
    return withRule({ ...a, ...phrase(tokens, text, a.from, whole.to) }, 'arg.between-complement');
  }

  /** ", a/an N" after a name (at the comma x): an apposition, not a list item. */
  apposition(x: number): boolean {
    const { tokens } = this;
    if (tokens[x]?.text !== ',' || !['a', 'an'].includes(lower(tokens[x + 1])) || !this.argEndingAt(x - 1)?.name) return false;
    const cls = this.argAt(x + 1);
    return isArg(cls) && !capitalised(tokens[cls.np.to]) && !VERB_POS.has(tokens[cls.to + 1]?.pos ?? '');
  }

  /** The token after an apposition at x (itself when there is none): "Foo, a new tool for ..." */
  afterApposition(x: number): number {
    const { tokens } = this;
    if (!this.apposition(x)) return x;
    const cls = this.argsFrom(x + 1);
    const end = cls.length ? cls[cls.length - 1].to + 1 : x;
    return tokens[end]?.text === ',' && tokens[end + 1]?.pos === 'ADP' ? end + 1 : end;
  }

  /** Ends of a coordination starting at i: "A, B and C" gives A, B and C; a list needs its conjunction. */
  argsFrom(i: number, clauses = true): Arg[] {
    const { tokens, n } = this;
    const first = this.argAt(i);
    if (!isArg(first)) return [];
    const items = [first];
    const pending: Arg[] = [];
    // (the coordinators joining the items: "or" alone makes an alternative, arg.disjunction)
    const joiners = new Set<string>();
    let j = first.to + 1;
    for (let guard = 0; guard < 12 && j < n; guard++) {
      let k = j;
      if (tokens[k].text === ',') k++;
      let conj = false;
      let joiner = '';
      if (COORD.has(lower(tokens[k]))) {
        conj = true;
        joiner = lower(tokens[k]);
        k++;
      } else if (lower(tokens[k]) === 'but' && lower(tokens[k + 1]) === 'also') {
        // "not only X but also Y"
        conj = true;
        joiner = 'but also';
        k += 2;
      } else if (lower(tokens[k]) === 'as' && lower(tokens[k + 1]) === 'well' && lower(tokens[k + 2]) === 'as') {
        conj = true;
        joiner = 'as well as';
        k += 3;
      }
      if (k === j || (!conj && this.apposition(j))) break;
      const next = this.argAt(k);
      // "..., and B sends": a new clause -- unless the verb cannot be B's: a singular verb after a plural
      // noun ("a tool reading the files and the logs is") or a participle
      const v = tokens[(isArg(next) ? next.to : k) + 1];
      const singularVerb = v && (/^(?:is|was|has|does)$/i.test(v.text) || (v.pos === 'VERB' && /[^s]s$/.test(v.text)));
      const notItsVerb = isArg(next) && v && ((singularVerb && pluralNoun(tokens[next.np.to])) || (v.pos === 'VERB' && /\p{L}{3}ing$/u.test(v.text)));
      if (!isArg(next) || (clauses && VERB_POS.has(v?.pos ?? '') && !notItsVerb)) break;
      // "evaluate the system on X and show that ...": a bare word before a complement clause is its verb
      if (next.from === k && next.np.from === next.np.to && !next.of && ['that', 'how', 'whether'].includes(lower(tokens[next.to + 1]))) break;
      pending.push(withRule(next, 'arg.coordination'));
      j = next.to + 1;
      if (conj) {
        items.push(...pending.splice(0));
        joiners.add(joiner);
      }
    }
    // "the address of the host or router": the conjuncts are the complement's
    const inComplement = items.length > 1 ? this.coordinatedComplement(items) : null;
    if (inComplement) return [inComplement];
    // "between A and B": the members together are the end
    if (items.length > 1 && PLURAL_PREPOSITIONS.has(lower(tokens[first.lead - 1]))) {
      const last = items[items.length - 1];
      return [withRule({ ...first, ...phrase(tokens, this.text, first.from, last.to), rules: first.rules }, 'arg.plural-preposition')];
    }
    // "depends on a link between A and B": the relating phrase is the prepositional object's
    if (
      items.length === 1 &&
      !first.name &&
      !first.numeric &&
      tokens[first.lead - 1]?.pos === 'ADP' &&
      !PLURAL_PREPOSITIONS.has(lower(tokens[first.lead - 1]))
    ) {
      const withMembers = this.relatingPhrase(first);
      if (withMembers) return [withMembers];
    }
    if (items.length < 2) return items;
    const shared = this.sharingComplement(items) ?? this.sharingHead(items);
    return shared.length > 1 && clauses && joiners.size === 1 && joiners.has('or') ? this.alternative(items) : shared;
  }

  /**
   * arg.disjunction: "responds with A or B" states the alternative, neither A nor B alone: ends coordinated
   * only by "or" are one end, kept whole while under ten words (a list of instances, read with clauses off,
   * is read member by member; a count bound, "one or more X", is no alternative of things).
   */
  private alternative(items: Arg[]): Arg[] {
    const first = items[0];
    const last = items[items.length - 1];
    if (last.to - first.from >= 10 || items.some((m) => m.numeric || this.tokens[m.np.from].pos === 'NUM')) return items;
    // (", or B" after one conjunct restates it, "the Key Table, or KT": another name, no alternative)
    if (items.length === 2 && this.tokens[last.lead - 2]?.text === ',') return items;
    return [withRule({ ...first, ...phrase(this.tokens, this.text, first.from, last.to), rules: first.rules }, 'arg.disjunction')];
  }

  /**
   * arg.complement-coordination: "the address of the host or router" is the address of either: the first
   * conjunct's "of" complement has a determiner (or "both" / "either"), and every later conjunct has none
   * of its own, so the determiner, and the coordination, are the complement's. One end, kept whole (as
   * written), under ten words; the complement extended over the conjuncts.
   */
  private coordinatedComplement(items: Arg[]): Arg | null {
    const { tokens, text } = this;
    const first = items[0];
    const last = items[items.length - 1];
    const of = first.of;
    if (!of || first.via || of.numeric || last.to - first.from >= 10) return null;
    // (the complement's own determiner, right after "of")
    const determined = of.from > 0 && lower(tokens[of.from - 1]) !== 'of' && (tokens[of.from - 1].pos === 'DET' || POSSESSIVE.has(lower(tokens[of.from - 1])));
    // (or a bare name coordinated with bare names: "support of IPv4 and IPv6")
    const names = of.from === of.lead && of.name && items.slice(1).every((m) => m.name);
    if (!determined && !names) return null;
    // (each later conjunct with no determiner of its own, no complement of its own and no number)
    const bare = (m: Arg) => m.from === m.lead && !m.of && !m.via && !m.numeric && (COORD.has(lower(tokens[m.lead - 1])) || tokens[m.lead - 1]?.text === ',');
    if (!items.slice(1).every(bare)) return null;
    const inner = { ...of, ...phrase(tokens, text, of.from, last.to) };
    return withRule({ ...first, ...phrase(tokens, text, first.from, last.to), of: inner }, 'arg.complement-coordination');
  }

  /**
   * arg.shared-complement: "the name and address of X" are both of X: bare common nouns after one
   * determiner, coordinated before a conjunct with no determiner of its own and an "of" complement, share
   * the complement; the coordination is one end, kept whole, under ten words.
   */
  private sharingComplement(items: Arg[]): Arg[] | null {
    const { tokens, text } = this;
    const first = items[0];
    const last = items[items.length - 1];
    if (!last.of || last.via || last.from !== last.lead || first.from === first.lead || last.to - first.from >= 10) return null;
    const bare = (m: Arg) => !m.of && !m.via && !m.numeric && m.np.from === m.np.to && m.from === m.np.from && !capitalised(tokens[m.np.to]);
    if (!items.slice(0, -1).every((m, x) => bare(m) && (x === 0 || m.from === m.lead))) return null;
    return [withRule({ ...last, ...phrase(tokens, text, first.from, last.to), lead: first.lead, rules: first.rules }, 'arg.shared-complement')];
  }

  /**
   * arg.shared-head: "the client and server tables" are tables of both; "a binary or textual label" a
   * label of either kind: the coordination is one end, kept whole (as written, so its span is exact).
   * Walking back from the last conjunct (a head with modifiers and no determiner of its own), each
   * conjunct before it that is a modifier (an adjective, a lower-case singular noun before a plural head,
   * or the same first word as the last conjunct's with fewer words; at most two words, no determiner but
   * the coordination's own) joins it.
   */
  private sharingHead(items: Arg[]): Arg[] {
    const { tokens, text } = this;
    const last = items[items.length - 1];
    const head = tokens[last.np.to];
    if (last.from !== last.lead || last.np.to === last.np.from || head.pos === 'NUM' || last.via) return items;
    let from = items.length - 1;
    for (let x = items.length - 2; x >= 0; x--) {
      const m = items[x];
      const word = tokens[m.np.to];
      const ownDeterminer = m.from !== m.lead && x > 0 && !COORD.has(lower(tokens[m.lead - 1]));
      // (an adjective; a word as much an adjective as a noun beside the last conjunct's adjective: "binary or
      // textual"; a lower-case singular noun before a plural head: "client and server tables", not a name)
      const modifier =
        word.pos === 'ADJ' ||
        modifierLike(word) ||
        mostlyAdjective(word) ||
        (tokens[last.np.from].pos === 'ADJ' && !nounModifier({ ...word, pos: 'ADJ' })) ||
        (!pluralNoun(word) && pluralNoun(head) && word.pos === 'NOUN' && !capitalised(word)) ||
        // (names or acronyms of one word before a common plural head that a name modifies too: "TCP and UDP
        // packets", "HTTP and FTP proxy servers")
        (capitalised(word) &&
          m.np.from === m.np.to &&
          capitalised(tokens[last.np.from]) &&
          last.np.to > last.np.from &&
          head.pos === 'NOUN' &&
          !capitalised(head) &&
          pluralNoun(head)) ||
        // (parallel conjuncts opening with the same word: "layer 2 or layer 3 filters")
        (m.np.to > m.np.from && lower(tokens[m.np.from]) === lower(tokens[last.np.from]) && last.np.to - last.np.from > m.np.to - m.np.from);
      // (next to the conjunct after it: "A and B N", "A, B and C N")
      const between = tokens.slice(m.to + 1, items[x + 1].from).filter((t) => t.pos !== 'DET');
      const joined = between.length > 0 && between.length <= 2 && between.every((t) => t.text === ',' || COORD.has(lower(t)));
      if (m.of || m.via || m.numeric || m.np.to - m.np.from > 1 || ownDeterminer || !modifier || !joined) break;
      from = x;
      if (x > 0 && COORD.has(lower(tokens[m.lead - 1]))) break; // (the coordination starts after "and": "X and A or B N")
    }
    if (from === items.length - 1) return items;
    const first = items[from];
    const whole = withRule({ ...last, ...phrase(tokens, text, first.from, last.to), lead: first.lead, rules: first.rules }, 'arg.shared-head');
    return [...items.slice(0, from), whole];
  }

  /** The largest argument ending at token k. */
  argEndingAt(k: number): Arg | null {
    let best: Arg | null = null;
    for (let s = k; s >= 0 && k - s < 14; s--) {
      const a = this.argStartingAt(s);
      if (a && a.to === k && (!best || a.from <= best.from)) best = a; // (the earliest start: "the use of X" over "X")
    }
    return best;
  }

  /** Subjects coordinated before this one: "A and B use C". */
  withCoordinatedBefore(a: Arg): Arg[] {
    const { tokens } = this;
    const out = [a];
    let j = a.lead - 1;
    // ("the encoder and the decoder": over the conjunct's own determiner)
    while (j > 0 && tokens[j].pos === 'DET' && !NEGATION.has(lower(tokens[j]))) j--;
    const pending: Arg[] = [];
    let conj = false;
    for (let guard = 0; guard < 8 && j > 0; guard++) {
      let k = j;
      const c = COORD.has(lower(tokens[k]));
      if (c) k--;
      if (tokens[k]?.text === ',') k--;
      if (k === j) break;
      const prev = this.argEndingAt(k);
      if (!prev) break;
      let lead = prev.from;
      while (lead > 0 && tokens[lead - 1].pos === 'DET') lead--;
      if (
        lead > 0 &&
        !COORD.has(lower(tokens[lead - 1])) &&
        tokens[lead - 1].text !== ',' &&
        !(lead - 1 === 0 || ['ADP', 'SCONJ', 'PUNCT'].includes(tokens[lead - 1].pos))
      )
        break;
      // "In this mode, keys and tickets are": an opening
      // prepositional phrase before the comma is no conjunct
      // ("is from the north and X is": the object of a preposition neither)
      if (lead > 0 && tokens[lead - 1].pos === 'ADP' && (!c || lower(tokens[lead - 1]) !== 'of')) break;
      pending.push({ ...prev, lead });
      conj ||= c;
      j = lead - 1;
      if (conj) out.unshift(...pending.splice(0).reverse());
      if (j < 0 || (!COORD.has(lower(tokens[j])) && tokens[j].text !== ',')) break;
    }
    return out;
  }

  /** "the community of A and B": the coordination inside an "of" complement. */
  withCoordinatedAfter(a: Arg): Arg[] {
    const list = this.argsFrom(a.lead);
    return list.length && list[0].from === a.from ? list : [a];
  }

  /**
   * arg.subject-modifier: the chain start `start` of the subject phrase `last` (chainStart) with the one
   * prepositional phrase between them, when `start` is a common noun: "an issue with proxies", not "RFC 9999 in".
   */
  withSubjectModifier(start: Arg, last: Arg): Arg {
    const { tokens, text } = this;
    const head = tokens[start.np.to];
    // (a sentence's first word is capitalised as such: a name there is written in capitals or with a digit)
    const named = start.np.to === 0 ? /^\p{Lu}{2}|\d/u.test(head.text) : start.name || capitalised(head);
    if (start === last || named || last.to - start.from >= 10) return start;
    const p = start.to + 1;
    // arg.subject-participle: "a module conforming to the standard", "gateways enforcing quotas"
    // (not after a head that is itself a participle's form, "the resulting translated X": modifiers of one
    // compound; a past participle takes its phrase after a preposition, no bare object)
    const participleHead = /\p{L}{2}(?:ing|ed)$/u.test(tokens[start.np.to].text);
    if (participleForm(tokens[p]) && !participleHead && last.to - start.from < 8 && last.from > p) {
      const inner = tokens.slice(p + 1, last.from);
      const preposition = inner.length > 0 && inner[0].pos === 'ADP' && lower(inner[0]) !== 'of' && !isComplexPreposition(inner[0]);
      if (!preposition && !/ing$/.test(lower(tokens[p]))) return start;
      const between = preposition ? inner.slice(1) : inner;
      // (a phrase pointing back, "named in this clause", pins down nothing on its own)
      if (
        between.every((t) => ['DET', 'ADJ', 'NUM'].includes(t.pos) && !DEMONSTRATIVES.has(lower(t))) &&
        tokens[last.to].pos !== 'PRON' &&
        !last.numeric &&
        !COORD.has(lower(tokens[last.to + 1]))
      )
        return withRule({ ...start, ...phrase(tokens, text, start.from, last.to) }, 'arg.subject-participle');
      return start;
    }
    if (
      tokens[p]?.pos !== 'ADP' ||
      tokens.slice(p + 1, last.from).some((t) => !['DET', 'ADJ', 'NUM'].includes(t.pos)) ||
      isComplexPreposition(tokens[p]) ||
      !CHAIN_PREP.has(lower(tokens[p])) ||
      lower(tokens[p]) === 'of'
    )
      return start;
    if (tokens[last.to].pos === 'PRON' || last.numeric) return start;
    return withRule({ ...start, ...phrase(tokens, text, start.from, last.to) }, 'arg.subject-modifier');
  }

  /** Walk "the algorithm in the paper uses" back to "algorithm": the subject is the first noun phrase of its prepositional chain. */
  chainStart(a: Arg): Arg {
    const { tokens } = this;
    let cur = a;
    let settled = a; // the last position a chain step confirmed (conjuncts alone move nothing)
    for (let guard = 0; guard < 6; guard++) {
      let k = cur.lead - 1;
      // arg.chain-relative: a relative pronoun ends the chain ("the host with which the relay swaps X":
      // "the relay" is the clause's own subject, not a phrase of "the host")
      while (k >= 0 && SKIP_BEFORE_OBJECT.has(tokens[k].pos) && !REL_PRONOUN.has(lower(tokens[k]))) k--;
      if (k >= 1 && REL_PRONOUN.has(lower(tokens[k])) && tokens[k - 1].pos === 'ADP') {
        const start = settled === a ? a : withRule(settled, 'arg.chain-start');
        return withRule(start, 'arg.chain-relative');
      }
      if (k < 1 || REL_PRONOUN.has(lower(tokens[k]))) break;
      // "A tool reading the files and the logs is": walk over a
      // conjunct, and keep the walk only when a chain step follows it
      if (COORD.has(lower(tokens[k]))) {
        const prev = this.argEndingAt(k - 1);
        if (!prev) break;
        let lead = prev.from;
        while (lead > 0 && tokens[lead - 1].pos === 'DET') lead--;
        cur = { ...prev, lead };
        continue;
      }
      // a reduced relative or an infinitive stands between the subject and its verb: "EAP methods based on
      // X derive", "servers running Y may reply", "the ability to choose X provides"
      const participle = tokens[k].pos === 'VERB' && /\p{L}{2}(?:ing|ed)$/u.test(tokens[k].text);
      const infinitive = tokens[k].pos === 'VERB' && lower(tokens[k - 1]) === 'to' && k >= 2;
      if (participle || infinitive) {
        let e = k - (infinitive ? 2 : 1);
        // ("an exchange (phase 1) supporting": over a parenthesis)
        if (tokens[e]?.text === ')') {
          let o = e - 1;
          while (o > 0 && e - o < 14 && tokens[o].text !== '(') o--;
          if (tokens[o]?.text === '(') e = o - 1;
        }
        const prev = this.argEndingAt(e);
        if (!prev) break;
        let lead = prev.from;
        while (lead > 0 && tokens[lead - 1].pos === 'DET') lead--;
        cur = settled = { ...prev, lead };
        continue;
      }
      // "methods based on X": the participle before the preposition
      // (an irregular participle too: "messages sent to the broker are")
      if (tokens[k].pos === 'ADP' && k >= 2 && participleForm(tokens[k - 1])) {
        const prev = this.argEndingAt(k - 2);
        if (!prev) break;
        let lead = prev.from;
        while (lead > 0 && tokens[lead - 1].pos === 'DET') lead--;
        cur = settled = { ...prev, lead };
        continue;
      }
      if (tokens[k].pos !== 'ADP' || !CHAIN_PREP.has(lower(tokens[k])) || lower(tokens[k]) === 'of') break;
      const prev = this.argEndingAt(k - 1);
      if (!prev) break;
      let lead = prev.from;
      while (lead > 0 && tokens[lead - 1].pos === 'DET') lead--;
      cur = settled = { ...prev, lead };
    }
    return settled === a ? a : withRule(settled, 'arg.chain-start');
  }
}
