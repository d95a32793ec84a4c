// Pass 6a, subjects: who a clause speaks of. The subject is looked for before the verb group: a
// relative pronoun's antecedent (its "of" complement when that is a name or the verb agrees with it
// only), the subjects of a coordinated verb, the sentence's subject after an interruption, the noun
// phrase before the verb walked back along its prepositional chain (not over a bare participle after
// a preposition: a reduced relative on that phrase), the class of "X such as Y", the subject of a
// predicate nominal, a pronoun's antecedent; "X's N", "whose N", "its N", "where the N" name an
// attribute of the owner. Then the clause says nothing of that subject when it is negated or
// limited by its determiner, is inside a gerund clause, a fronted adjective, or a compound the tagger
// split at a base-form "verb".
import {
  BARE_INFINITIVE_OBJECT_VERBS as BARE_INFINITIVE_OBJECT,
  COORDINATORS as COORD,
  EXPLETIVE_VERBS,
  GERUND_OBJECT_DETERMINERS as GERUND_OBJECT_DET,
  NEGATIVE_ADVERBIAL_NOUNS as NEGATIVE_ADVERBIAL,
  PLURAL_WITHOUT_S,
  RELATIVE_PRONOUNS as REL_PRONOUN,
} from '../../nlp/lexicon';
import { isArg, type Arg } from './arguments';
import type { Clause } from './clauses';
import type { SentenceContext } from './reference';
import { common, nounText, type Reading } from './reading';
import type { Phrase, Token } from './tokens';
import { abstractHead, inWordNet, lower, mostlyAdjective, VERB_POS } from './words';

export const SUBJECT_RULES = [
  { id: 'subj.parenthetical', statement: 'A parenthesis between the subject and its verb ("Service (RADIUS) is") is stepped over.' },
  { id: 'subj.relative', statement: "A relative clause's subject is its antecedent." },
  {
    id: 'subj.relative-complement',
    statement: 'A relative clause after "X of Y" speaks of Y when Y is a name (not after "who") or the verb agrees with Y only.',
  },
  { id: 'subj.coordinated-verb', statement: 'A verb coordinated with the one before it ("was written by A and was preceded by B") shares its subjects.' },
  {
    id: 'subj.named',
    statement: 'A verb coordinated after a naming clause ("X is called N and is described in Y") speaks of the name N, not of the description X.',
  },
  { id: 'subj.after-interruption', statement: "A verb after an interrupting clause between commas takes the sentence's subject." },
  { id: 'subj.noun-phrase', statement: 'The subject is the noun phrase right before the verb group, with the subjects coordinated before it.' },
  {
    id: 'subj.reduced-relative',
    statement: 'A bare participle ("-ed" or "-ing") right after a prepositional object is said of that object (no walk back along the chain).',
  },
  {
    id: 'subj.abstract-head',
    statement:
      'A reduced relative after "X of Y", where X names an act, attribute, event, group, process, state or time, is said of Y (with a finite verb elsewhere).',
  },
  { id: 'subj.after-relative', statement: "A verb after a relative clause that had its own verb is the main clause's: its subject is the antecedent." },
  { id: 'subj.such-as-class', statement: 'In "N such as A and B <verb>", the class N is the subject.' },
  { id: 'subj.predicate-nominal', statement: 'A participle after a predicate nominal ("X is a dish found in Y") is said of the copula\'s subject.' },
  { id: 'subj.attribute', statement: '"X\'s N is", "whose N is", "where the N is", "its N is" (after a named subject): N is an attribute of the owner.' },
  { id: 'subj.coordinated', statement: 'Subjects coordinated before the verb ("A and B use C", over their determiners) each make a triple.' },
  {
    id: 'subj.singular-coordination',
    statement:
      'Conjuncts before a verb that agrees with a singular subject only ("A set of X and Y is") are one subject: the coordination lies inside the first one\'s "of" complement (or the light noun\'s it stands behind).',
  },
  { id: 'subj.authors', statement: 'The authors\' voice ("we", "this paper") is no end: the object and its complement are the relation\'s ends.' },
  { id: 'void.without', statement: '"Without X doing Y" says X does not.' },
  {
    id: 'void.gerund-clause',
    statement: 'In a clause opened by a gerund clause ("Requiring each method to ... would"), the subject is the event, not a noun in it.',
  },
  {
    id: 'void.negative-subject',
    statement: 'A subject negated or limited by its determiner ("No X", "Not all X", "None of the X") says the clause of no one.',
  },
  { id: 'void.negative-adverbial', statement: 'A negative adverbial ("in no case", "under no circumstances") negates the clause.' },
  { id: 'void.fronted-adjective', statement: 'A fronted adjective predicate ("Implicit in X is Y") names no subject.' },
  {
    id: 'void.compound-split',
    statement:
      'A base-form verb right after one singular noun inside an object or phrase does not agree with it: a compound the tagger split ("X address formats").',
  },
];

export interface Subjects {
  subjects: Arg[] | null;
  attribute: { owner: Arg[]; noun: string } | null;
  /** The token the subject was looked for at (before the verb group, adverbs and a parenthesis stepped over). */
  k: number;
  /** The rules that found them. */
  rules: string[];
  /** The rule by which the clause claims nothing of its ends (emit.restrictive-relative), or null. */
  passing: string | null;
}

/** Marks before a relative pronoun that make its clause non-restrictive: a comma, a parenthesis, a citation's bracket. */
const NON_RESTRICTIVE_BEFORE = new Set([',', '(', ')', ']', ';', ':']);

/** The subjects of a clause (k: the token before its verb group, adverbs stepped over). */
export function findSubjects(r: Reading, c: Clause, k0: number): Subjects {
  const { tokens, args, predicateOf } = r;
  const { vs, ve, group } = c;
  let k = k0;
  const rules: string[] = [];
  let subjects: Arg[] | null = null;
  let attribute: Subjects['attribute'] = null;
  let passing: string | null = null;
  if (k >= 0 && tokens[k].text === ')') {
    let o = k - 1;
    while (o >= 0 && k - o < 14 && tokens[o].text !== '(') o--;
    if (o >= 0 && tokens[o].text === '(') {
      k = o - 1;
      rules.push('subj.parenthetical');
    }
  }
  if (k >= 0 && REL_PRONOUN.has(lower(tokens[k]))) {
    const who = lower(tokens[k]) === 'who';
    const relAt = k;
    k--;
    if (k >= 0 && (tokens[k].text === ',' || tokens[k].text === '(')) k--;
    const ante = args.argEndingAt(k);
    const agreesWithOf =
      Boolean(ante?.of) &&
      /[^s]s$/.test(tokens[vs].text) &&
      tokens[vs].pos === 'VERB' &&
      /[^s]s$/.test(tokens[ante!.np.to].text) &&
      !/[^s]s$/.test(tokens[ante!.of!.to].text);
    if (ante) {
      const ofComplement = ante.of && !who && !ante.of.numeric && (ante.of.name || agreesWithOf);
      subjects = ofComplement ? [ante.of!] : (predicateOf.get(ante.np.from) ?? [ante]);
      rules.push(ofComplement ? 'subj.relative-complement' : 'subj.relative');
      // emit.restrictive-relative: no mark before the pronoun, and no predicate nominal's subject it is said of
      // (not the main verb after a relative clause's own one: "the sections that follow analyze X")
      const restrictive = !NON_RESTRICTIVE_BEFORE.has(tokens[relAt - 1]?.text ?? ',') && !c.rules.includes('clause.relative-two-verbs');
      // (a name is one thing already: a relative clause on it, or on the name of "X of Y", says more of it)
      const said = ofComplement ? ante.of! : ante;
      // (nor on what the authors' voice just presented, "we describe a system that X": that says what it does)
      if (restrictive && !said.name && !predicateOf.has(said.np.from) && !r.author) passing = 'emit.restrictive-relative';
    }
    if (ante && !r.relative) r.relative = { at: relAt, ante };
  } else if (k >= 0 && (COORD.has(lower(tokens[k])) || (tokens[k].text === ',' && COORD.has(lower(tokens[k - 1] ?? tokens[k]))))) {
    subjects = r.named ? [r.named] : r.previousSubjects;
    if (args.argEndingAt(k - 1) && !subjects) subjects = null;
    rules.push(r.named ? 'subj.named' : 'subj.coordinated-verb');
  } else if (k >= 0 && tokens[k].text === ',') {
    const first = args.argAt(0);
    if (isArg(first) && tokens[first.to + 1]?.text === ',' && first.to < k) {
      subjects = args.withCoordinatedBefore(first);
      rules.push('subj.after-interruption');
    }
  } else if (k >= 0) {
    const a = args.argEndingAt(k);
    if (a && !a.numeric) {
      attribute = attributeOf(r, a);
      if (attribute) rules.push('subj.attribute');
      // (a past or a present participle: "packets sent to X", "the module for entities implementing X")
      const bareParticiple = vs === ve && tokens[vs].pos === 'VERB' && /\p{L}{2}(?:ed|ing)$/u.test(tokens[vs].text) && k === vs - 1;
      const afterPreposition = tokens[a.lead - 1]?.pos === 'ADP' || (tokens[a.lead - 1]?.pos === 'DET' && tokens[a.lead - 2]?.pos === 'ADP');
      const reduced = bareParticiple && afterPreposition;
      const start = reduced ? a : args.chainStart(a);
      subjects = args.withCoordinatedBefore(reduced ? a : args.withSubjectModifier(start, a));
      rules.push(reduced ? 'subj.reduced-relative' : 'subj.noun-phrase');
      // emit.restrictive-relative also of a clause opened by a preposition and a relative pronoun, no mark before
      // them ("a host with which the relay swaps X": the clause picks out the host, said in passing)
      if (start.rules?.includes('arg.chain-relative')) {
        let p = start.lead - 1;
        while (p >= 0 && !REL_PRONOUN.has(lower(tokens[p]))) p--;
        const ante = p >= 2 ? args.argEndingAt(p - 2) : null;
        if (ante && !NON_RESTRICTIVE_BEFORE.has(tokens[p - 2]?.text ?? ',') && !ante.name && !r.author) passing = 'emit.restrictive-relative';
      }
      if (subjects.length > 1 && singularAgreement(group) && (subjects[0].of || subjects[0].via) && !subjects[0].numeric) {
        subjects = [oneSubject(r, subjects)];
        rules.push('subj.singular-coordination');
      }
      // a reduced relative after an "of" phrase whose head names no thing ("the life of the keying
      // material used to encrypt") is said of the complement; a bare participle, no auxiliary, with a
      // finite verb elsewhere in the sentence
      const participle =
        k === vs - 1 &&
        tokens[vs].pos === 'VERB' &&
        !group.some((t) => t.pos === 'AUX') &&
        (/\p{L}{2}ing$/u.test(tokens[vs].text) ||
          (/\p{L}{2}(?:ed|en)$/u.test(tokens[vs].text) && (tokens[vs + 1]?.pos === 'ADP' || lower(tokens[vs + 1]) === 'to')));
      if (participle && subjects.length === 1 && subjects[0].of && subjects[0].to === k) {
        const finiteElsewhere = tokens.slice(0, subjects[0].lead).some((t) => VERB_POS.has(t.pos)) || tokens.slice(ve + 1).some((t) => VERB_POS.has(t.pos));
        let inner = subjects[0].of;
        while (inner.of) inner = inner.of;
        if (finiteElsewhere && !inner.numeric && abstractHead(tokens[subjects[0].np.to])) {
          subjects = [inner];
          rules.push('subj.abstract-head');
        }
      }
      const rel = r.relative;
      if (
        rel &&
        a.from > rel.at &&
        !tokens.slice(rel.at + 1, vs).some((t) => t.text === ',' || t.text === ';' || COORD.has(lower(t)) || REL_PRONOUN.has(lower(t)) || t.pos === 'SCONJ')
      ) {
        subjects = args.withCoordinatedBefore(args.chainStart(rel.ante));
        attribute = null;
        rules.push('subj.after-relative');
      }
      const lead = subjects[0].lead;
      if (lead >= 3 && lower(tokens[lead - 2]) === 'such' && lower(tokens[lead - 1]) === 'as') {
        const cls = args.argEndingAt(lead - 3 - (tokens[lead - 3]?.text === ',' ? 1 : 0));
        if (cls) {
          subjects = [cls];
          rules.push('subj.such-as-class');
        }
      }
      const pred = predicateOf.get(subjects[0].np.from) ?? null;
      if (pred && subjects.length === 1) {
        subjects = pred;
        rules.push('subj.predicate-nominal');
      }
    } else if (tokens[k].pos === 'PRON') {
      subjects = pronounSubject(r, c, k);
      if (subjects) rules.push('ref.pronoun');
    }
  }
  if (subjects && subjects.length > 1) rules.push('subj.coordinated');
  return { subjects, attribute, k, rules, passing };
}

/** The verb group opens with a form that agrees with a singular subject only ("is", "was", "has", "sends"). */
export function singularAgreement(group: Token[]): boolean {
  const v = group[0];
  if (!v) return false;
  if (['is', 'was', 'has', 'does'].includes(lower(v))) return true;
  return v.pos === 'VERB' && /\p{Ll}[^s]s$/u.test(v.text) && !/(?:ss|us|is)$/.test(v.text);
}

/** Coordinated arguments read as one: from the first one's start to the last one's end, its words as written. */
function oneSubject(r: Reading, subjects: Arg[]): Arg {
  const first = subjects[0];
  const last = subjects[subjects.length - 1];
  // (a light noun the first stands behind opens it: "set of X and Y")
  const start = Math.min(first.via?.start ?? first.start, first.start);
  return { ...first, via: undefined, start, to: last.to, end: last.end, text: r.text.slice(start, last.end).replace(/\s+/g, ' ') };
}

/** "whose architect was X", "X's leader is Y", "where the capital is Y", "its runway name is Y": an attribute of the owner. */
function attributeOf(r: Reading, a: Arg): Subjects['attribute'] {
  const { tokens, args } = r;
  const before = tokens[a.lead - 1];
  if (!before || !common(r, a.np)) return null;
  if (lower(before) === "'s" || lower(before) === '’s') {
    const owner = args.argEndingAt(a.lead - 2);
    return owner ? { owner: [owner], noun: nounText(r, a.np) } : null;
  }
  if (lower(before) === 'the' && lower(tokens[a.lead - 2]) === 'where') {
    const owner = args.argEndingAt(a.lead - 3 - (tokens[a.lead - 3]?.text === ',' ? 1 : 0));
    return owner?.name ? { owner: [owner], noun: nounText(r, a.np) } : null;
  }
  // ref.possessive
  if (['its', 'their'].includes(lower(before)) && r.sentenceSubjects?.[0].name) return { owner: r.sentenceSubjects, noun: nounText(r, a.np) };
  if (lower(before) === 'whose') {
    let o = a.lead - 2;
    if (tokens[o]?.text === ',') o--;
    const owner = args.argEndingAt(o);
    return owner ? { owner: [owner], noun: nounText(r, a.np) } : null;
  }
  return null;
}

/** "It sends the reply": the subject a pronoun "it"/"they" before a full verb points back at. */
function pronounSubject(r: Reading, c: Clause, k: number): Arg[] | null {
  const { tokens } = r;
  const pronoun = lower(tokens[k]);
  const full = c.words.some((t) => t.pos === 'VERB') && !EXPLETIVE_VERBS.has(lower(c.words.find((t) => t.pos === 'VERB')));
  if ((pronoun !== 'it' && pronoun !== 'they') || !full || tokens[k - 1]?.pos === 'PRON') return null;
  const plural = pronoun === 'they';
  const ante: SentenceContext['antecedent'] = r.sentenceSubjects ? r.firstSubject : (r.context?.antecedent ?? null);
  if (!ante || ante.plural !== plural) return null;
  const np: Phrase = { from: k, to: k, start: ante.start, end: ante.end, text: ante.text };
  return [{ ...np, np, lead: k, numeric: false, light: false, name: ante.name }];
}

/** Why the clause says nothing of its subject (a rule id), or null. */
export function subjectVoid(r: Reading, c: Clause, subjects: Arg[], k: number): string | null {
  const { tokens } = r;
  const { vs, ve, words } = c;
  let w = subjects[0].lead - 1;
  while (w > 0 && tokens[w].pos === 'DET') w--;
  if (lower(tokens[w]) === 'without') return 'void.without';
  // an opening gerund clause is the subject, not a noun inside it; so after a fronted adverbial
  if (
    subjects[0].lead > 0 &&
    tokens[0].pos === 'VERB' &&
    /^\p{Lu}\p{Ll}+ing$/u.test(tokens[0].text) &&
    !tokens.slice(0, vs).some((t) => t.text === ',') &&
    !REL_PRONOUN.has(lower(tokens[k]))
  )
    return 'void.gerund-clause';
  if (
    w > 1 &&
    tokens[w].pos === 'VERB' &&
    /^\p{Ll}+ing$/u.test(tokens[w].text) &&
    tokens[w - 1].text === ',' &&
    !tokens.slice(w, vs).some((t) => t.text === ',') &&
    !REL_PRONOUN.has(lower(tokens[k]))
  )
    return 'void.gerund-clause';
  // (likewise an "-ing" word opening the clause with a determiner after it)
  {
    let o = subjects[0].lead - 1;
    while (o > 0 && tokens[o - 1].text !== ',' && tokens[o - 1].text !== ';') o--;
    if (
      o < subjects[0].lead - 1 &&
      /^\p{L}{3,}ing$/u.test(tokens[o].text) &&
      GERUND_OBJECT_DET.has(lower(tokens[o + 1])) &&
      inWordNet(tokens[o].text, 'v') &&
      !tokens.slice(o + 1, vs).some((t) => t.pos === 'VERB' || t.pos === 'AUX' || REL_PRONOUN.has(lower(t)))
    )
      return 'void.gerund-clause';
  }
  const subject = subjects[0];
  const before = tokens
    .slice(Math.max(0, subject.np.from - 4), subject.np.from)
    .map(lower)
    .join(' ');
  if (/(?:^|\s)(?:no|neither|none of(?: the| these| those| its| their)?|not (?:all|every|any|each)(?: of)?(?: the| these| those)?)$/.test(before))
    return 'void.negative-subject';
  let c0 = subject.lead;
  while (c0 > 0 && ![',', ';', ':'].includes(tokens[c0 - 1].text)) c0--;
  if (tokens.slice(c0, ve).some((t, x, a) => t.pos === 'ADP' && lower(a[x + 1]) === 'no' && NEGATIVE_ADVERBIAL.has(lower(a[x + 2] ?? a[x]))))
    return 'void.negative-adverbial';
  if (subject.np.from === 0 && subject.np.to === 0 && (tokens[1]?.pos === 'ADP' || lower(tokens[1]) === 'to') && mostlyAdjective(tokens[0]))
    return 'void.fronted-adjective';
  if (
    subjects.length === 1 &&
    words.length === 1 &&
    words[0].pos === 'VERB' &&
    subject.np.to === vs - 1 &&
    !/(?:[^s]s|ed|ing)$/i.test(words[0].text) &&
    !/\p{Ll}s$/u.test(tokens[subject.np.to].text) &&
    !PLURAL_WITHOUT_S.has(lower(tokens[subject.np.to])) &&
    // (only a noun right after a verb or a preposition, inside its object; after "with" a participle may
    // look like a base form; nor after a verb taking an object and a bare infinitive)
    (tokens[w]?.pos === 'VERB' || tokens[w]?.pos === 'ADP') &&
    !['with', 'without'].includes(lower(tokens[w])) &&
    !BARE_INFINITIVE_OBJECT.has(lower(tokens[w])) &&
    inWordNet(words[0].text, 'n') &&
    inWordNet(words[0].text, 'v')
  )
    return 'void.compound-split';
  return null;
}
