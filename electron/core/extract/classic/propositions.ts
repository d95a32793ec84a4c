// Pass 6b, propositions: the triples a clause says of its subjects.
//  - an infinitive's agent is the noun before "to" ("a method to produce answers");
//  - the authors' voice ("we present a technique for X") relates its object to the phrases after it;
//  - a copula or "have": attributes ("the leader of X is Y" -> (X, leader, Y)), "is a" classes,
//    "X is the N of Y", "part of", "is similar to", "is in";
//  - a full verb: its objects, a passive's "by" agent, a prepositional object, ReVerb-style "verb +
//    object + preposition", later prepositional phrases;
// each reading a rule of its own (PROPOSITION_RULES), the first id of the triples it makes.
import {
  BE,
  NAMING_VERBS,
  COMPLEMENT_NOUNS,
  COORDINATORS as COORD,
  DEGREE_WORDS as DEGREE,
  DO,
  DOCUMENT_NOUNS,
  FIRST_PERSON,
  HAVE,
  LIGHT_NOUNS as LIGHT,
  LIGHT_VERBS,
  NEGATION,
  MODAL_ADJECTIVES,
  PURPOSE_NOUNS,
  SELF_DETERMINERS as SELF_DET,
  SELF_NOUNS,
  UNASSERTED_OPENERS,
  WH_WORDS as WH,
} from '../../nlp/lexicon';
import { isArg, type Arg } from './arguments';
import { withTrailingPhrase } from './object-ends';
import { ATTACHMENT_RULES, droppedPhrase, nounModifier } from './attachment';
import { opensClause, type Clause } from './clauses';
import { jointObjects, jointSubjects, verbOf } from './coordination';
import { boundedCount, common, emit, nounText, type Reading, type SvoTriple } from './reading';
import { findSubjects, subjectVoid } from './subjects';
import { phrase, type Phrase } from './tokens';
import { capitalised, isComplexPreposition, lower, objectControl, permissive, pluralNoun, verbInWordNet } from './words';
import { frameNamesPreposition, namesAbstraction, takesObjectPhrase } from '../../nlp/senses';
import { lemma } from '../../nlp/morphology';
import { verbOfActNoun } from '../../nlp/derivations';

export const PROPOSITION_RULES = [
  {
    id: 'prop.infinitive-agent',
    statement: 'The noun before a "to"-infinitive is its agent ("a method to produce answers"); not a complement noun\'s, not after a negated verb.',
  },
  {
    id: 'prop.infinitive-unasserted',
    statement:
      'The act of an infinitive whose subject a verb of causing or asking names ("requires X to send", "causes X to reuse"), or that an adjective other than one of possibility or necessity judges ("difficult for X to find"), is not said to be done: no triple; nor is a "to" before a gerund an infinitive ("benefits to using X").',
  },
  {
    id: 'prop.infinitive-modality',
    statement:
      'The act of an infinitive after a verb of letting ("allows X to send Y") or "possible for X to" is a possibility, after "necessary for X to" a necessity: (X, send, Y) with the modality "can" or "must".',
  },
  {
    id: 'prop.infinitive-purpose',
    statement:
      'A "to"-infinitive after the object of a verb that names no doer of it ("defines a table to add X", "uses keys to encrypt Y"), or after a prepositional object other than "for" or an agent\'s "by", is the purpose of that verb\'s act (or, passive, what is yet to be done to the noun), not done by the object: no triple with the object as its agent (its ends kept as mentions).',
  },
  { id: 'prop.infinitive-preposition', statement: 'An intransitive or passive infinitive whose subject is the noun before it is read with its preposition.' },
  { id: 'prop.authors-preposition', statement: 'The authors\' object relates to the prepositional phrases the verb takes ("we present a technique for X").' },
  { id: 'prop.authors-means', statement: 'The means of an authors\' verb ("by measuring Y") does what they say they do.' },
  { id: 'prop.purpose-owner', statement: '"The intent of X is to do Y": X does Y; with no owner named, nothing.' },
  {
    id: 'prop.specificational-infinitive',
    statement:
      '"The N is to do Y" with N naming an act, event, state or other abstraction ("the first step is to X", "the approach is to X") says what N is, not that N does Y: no triple.',
  },
  { id: 'prop.attribute', statement: '"The N of X is Y", "X\'s N is Y": (X, N, Y).' },
  { id: 'prop.where-attribute', statement: '"the place where Y is N": (place, N, Y).' },
  { id: 'prop.there-is', statement: '"There is/are X" relates nothing.' },
  { id: 'prop.one-of', statement: '"X is one of the N of Y" says (Y, N, X); "X is one of the N" says (X, is a, N).' },
  { id: 'prop.part-of', statement: '"X is part of Y" (a light noun): (X, part of, Y).' },
  { id: 'prop.noun-of-owner', statement: '"X is the N of Y", "X is an N in Y" (and "Y is the N for X" between names): (Y, N, X).' },
  { id: 'prop.light-of-owner', statement: '"X is a light-noun of Y": (X, <noun> of, Y).' },
  { id: 'prop.have-attribute', statement: '"X has a N of V": (X, N, V).' },
  { id: 'prop.have-count', statement: '"X has 3500 members": (X, members, 3500).' },
  {
    id: 'prop.degree-passive',
    statement: 'A comparative or superlative without its article before a preposition is a passive read with it ("are best sent within X").',
  },
  { id: 'prop.is-a', statement: '"X is a/an N" (or a bare lower-case plural class) is (X, is a, N); "X is Y" between names says nothing.' },
  { id: 'prop.is-a-for', statement: '"X is a N for Y": (X, is N for, Y).' },
  { id: 'prop.have-object', statement: '"Have" with an object it does not read as an attribute or a count: (X, has, Y).' },
  { id: 'prop.copula-preposition', statement: '"X is similar to Y", "X is in Y": the adjective or "is" with the preposition is the relation.' },
  { id: 'prop.object', statement: 'A full verb relates its subject to its object; the relation is the verb group without leading be/have/do.' },
  { id: 'prop.passive-agent', statement: 'A passive with "by" relates the patient to the agent: (X, founded by, Y).' },
  { id: 'prop.verb-preposition', statement: 'A verb with no object relates to its prepositional object: (X, sends to, Y).' },
  {
    id: 'prop.object-control',
    statement: 'The object of a verb of causing or letting before "to"-infinitive is the infinitive\'s subject: no (X, enables, Y).',
  },
  {
    id: 'prop.reverb',
    statement:
      "A short single object and a preposition after it that one of the verb's commonest senses names, or a light verb's act noun: (X, sends Access-Request to, Y), ReVerb-style.",
  },
  {
    id: 'prop.object-specifier',
    statement:
      'A short common-noun object before a preposition that none of the verb\'s commonest senses names ("holds data from X", "sets a limit on Y") keeps the phrase as its specifier: (X, holds, data from Y), no "verb + noun + preposition" relation that drops the noun.',
  },
  {
    id: 'prop.object-phrase',
    statement:
      'A prepositional phrase after an active verb\'s object belongs to the object when none of the verb\'s commonest WordNet senses takes an object and such a phrase ("include X with Y"; not "as", not a means "by"): no verb + preposition relation.',
  },
  { id: 'prop.later-preposition', statement: 'Later prepositional phrases with a name or number on either side go with the verb ("born in X on Y").' },
  {
    id: 'prop.noun-preposition',
    statement:
      'A phrase between common nouns modifies the noun: ReVerb\'s "verb + short noun + preposition" names it; a comparison\'s "than" is no such phrase ("located in a different network than X").',
  },
  ...ATTACHMENT_RULES,
];

/** Reads one clause: finds its subjects and makes its triples. */
export function readClause(r: Reading, c: Clause): void {
  const { tokens } = r;
  const { vs, negated } = c;
  r.clause = c;
  r.subjectRules = [];
  r.quiet = c.quiet;
  let k = vs - 1;
  while (k > 0 && tokens[k].pos === 'ADV' && !NEGATION.has(lower(tokens[k]))) k--; // "X usually sends"
  if (k >= 1 && lower(tokens[k]) === 'to' && tokens[k].pos === 'PART') {
    readInfinitiveAgent(r, c, k);
    r.previousSubjects = null;
    r.named = null;
    return;
  }
  const found = findSubjects(r, c, k);
  // (arg.reciprocal-subject, arg.joining-object, arg.joint-adverb: members acting together are one end)
  let subjects = jointSubjects(r, c, found.subjects, verbOf(r, c, BE));
  if (subjects !== found.subjects) found.rules = found.rules.filter((x) => x !== 'subj.coordinated');
  k = found.k;
  r.named = nameGiven(r, c);
  // the text pointing at itself ("this paper presents") is the authors' voice (in a document that names
  // itself, "this memo" is that document)
  const deixis =
    subjects?.length === 1 &&
    subjects[0].np.from === subjects[0].np.to &&
    SELF_NOUNS.has(lower(tokens[subjects[0].np.from])) &&
    SELF_DET.has(lower(tokens[subjects[0].np.from - 1])) &&
    !(lower(tokens[subjects[0].np.from - 1]) === 'this' && DOCUMENT_NOUNS.has(lower(tokens[subjects[0].np.from])) && r.refs.documentSelf);
  if (deixis) subjects = null;
  const coordinated = k >= 0 && (COORD.has(lower(tokens[k])) || tokens[k].text === ',');
  r.author = deixis || (k >= 0 && FIRST_PERSON.has(lower(tokens[k]))) ? true : coordinated && !subjects ? r.author : false;
  r.previousSubjects = subjects;
  if (subjects?.length && !r.sentenceSubjects) {
    r.sentenceSubjects = subjects;
    const a: Arg = subjects[0];
    const pron: boolean = tokens[a.np.to].pos === 'PRON';
    // (a demonstrative subject hands on what it points at: "This attribute ... It" is the attribute named)
    const ref = r.refs.resolve(a);
    r.firstSubject =
      subjects.length > 1 || !ref
        ? null
        : pron
          ? { start: a.start, end: a.end, text: a.text, plural: lower(tokens[a.np.to]) === 'they', name: a.name }
          : { start: ref.start, end: ref.end, text: ref.text, plural: pluralNoun(tokens[a.np.to]), name: ref === a ? a.name : true };
  }
  if (r.author && !negated && !subjects) {
    r.subjectRules = ['subj.authors'];
    readAuthorVoice(r, c);
    return;
  }
  if (!subjects?.length || negated) return;
  if (subjectVoid(r, c, subjects, k)) return;
  r.subjectRules = found.rules;
  // (emit.restrictive-relative: the clause picks out its antecedent, its ends stay mentions)
  r.passing = found.passing;
  readPredicate(r, c, subjects, found.attribute);
  r.passing = null;
}

/** subj.named: the name a passive naming verb gives its subject ("X is called N", "Xs are termed Ns"), or null. */
function nameGiven(r: Reading, c: Clause): Arg | null {
  const verbs = c.words.map(lower);
  if (c.negated || !NAMING_VERBS.has(verbs.at(-1) ?? '') || !verbs.some((w) => BE.has(w))) return null;
  const name = r.args.argStartingAt(c.ve + 1 + (r.tokens[c.ve + 1]?.pos === 'DET' ? 1 : 0));
  // (the name ends where the naming clause does: a tagger split inside it gives no name)
  const after = r.tokens[(name?.to ?? r.n) + 1];
  const ends = !after || [',', '.', ';'].includes(after.text) || COORD.has(lower(after));
  return name && ends && !name.numeric && !name.light ? name : null;
}

/** "a method to produce answers", "uses keys to encrypt packets": the noun before "to" is the agent. */
function readInfinitiveAgent(r: Reading, c: Clause, k: number): void {
  const { tokens, args } = r;
  const { ve, words, negated, governingNegated } = c;
  const agent = args.argEndingAt(k - 1);
  // (prop.infinitive-unasserted: a "to" before a gerund is a preposition, "benefits to using X")
  if (tokens[c.vs]?.pos === 'VERB' && /\p{L}{2}ing$/u.test(tokens[c.vs].text)) return;
  // (the purpose of a negated verb is not done: "cannot use X to do Y" does not do Y)
  if (!agent || agent.numeric || negated || governingNegated || COMPLEMENT_NOUNS.has(lower(tokens[agent.np.to]))) return;
  const agents = [agent];
  for (let guard = 0, cur = agent; guard < 6; guard++) {
    let j = cur.from - 1;
    while (j > 0 && tokens[j].pos === 'DET') j--;
    const conj = COORD.has(lower(tokens[j]));
    // (the last conjunct comes after "and"/"or"; the ones before it after commas)
    if (guard === 0 ? !conj : tokens[j]?.text !== ',') break;
    const prev = args.argEndingAt(j - 1 - (conj && tokens[j - 1]?.text === ',' ? 1 : 0));
    if (!prev || prev.numeric) break;
    agents.unshift(prev);
    cur = prev;
  }
  const verb = words
    .filter((t) => t.pos === 'VERB')
    .map(lower)
    .join(' ');
  let objs = args.argsFrom(ve + 1);
  let rel = verb;
  let kind: SvoTriple['kind'] = 'svo';
  let rule = 'prop.infinitive-agent';
  // (an intransitive or passive infinitive and its preposition, only where the noun is the infinitive's
  // subject: the object of a verb of causing or letting, after "for", or a passive's patient)
  let b = agents[0].lead - 1;
  while (b > 0 && tokens[b].pos === 'DET') b--;
  const controlled = tokens[b]?.pos === 'VERB' && ([tokens[b].text, tokens[b].text.replace(/ing$/, 'e')].some(objectControl) || permissive(tokens[b].text)); // ("requiring X to", "allowing X to")
  // prop.infinitive-unasserted / prop.infinitive-modality: what a governing verb or adjective says of the act
  const judged = lower(tokens[b]) === 'for' && tokens[b - 1]?.pos === 'ADJ';
  const modal = controlled && permissive(tokens[b].text) ? 'can' : judged ? (MODAL_ADJECTIVES.get(lower(tokens[b - 1])) ?? null) : null;
  if ((controlled || judged) && !modal) return;
  // prop.infinitive-purpose: after the object of a verb that names no doer of the infinitive ("defines a
  // table to add X", "uses keys to encrypt Y") or of a preposition other than "for" or an agent's "by"
  // ("sends X to the server to obtain Y"), the infinitive is the purpose of the verb's act, done by its
  // subject, or what is yet to be done to the noun ("the protocol to be used in X"): no triple, its ends kept as mentions
  const purpose = tokens[b]?.pos === 'VERB' || (tokens[b]?.pos === 'ADP' && !['for', 'of', 'by'].includes(lower(tokens[b])));
  r.passing = !controlled && !judged && purpose ? 'prop.infinitive-purpose' : null;
  const subjectOf = lower(tokens[b]) === 'for' || controlled || words.some((t) => BE.has(lower(t)));
  if (!objs.length && subjectOf && tokens[ve + 1]?.pos === 'ADP' && !['of', 'by', 'whether', 'if', 'that'].includes(lower(tokens[ve + 1])) && verb) {
    objs = args.argsFrom(ve + 2);
    rel = `${verb} ${lower(tokens[ve + 1])}`;
    kind = 'prep';
    rule = 'prop.infinitive-preposition';
  }
  // (the modal the possibility stands for, before the infinitive's own verb group: "can be collected at")
  if (modal) {
    const group = words.filter((t) => t.pos === 'VERB' || BE.has(lower(t))).map(lower);
    rel = [modal, ...group, ...(kind === 'prep' ? [lower(tokens[ve + 1])] : [])].join(' ');
    r.subjectRules = ['prop.infinitive-modality'];
  }
  // (emit.only: "only necessary for X to send Y": the necessity is limited, X need only send Y)
  r.limited = Boolean(modal) && judged && lower(tokens[b - 2]) === 'only';
  for (const a of agents) for (const v of objs) emit(r, a, rel, v, kind, rule);
  r.limited = false;
  r.passing = null;
}

/** "we present a method for X" -> (method, present for, X): the authors' object and the phrases their verb takes. */
function readAuthorVoice(r: Reading, c: Clause): void {
  const { tokens, n, args } = r;
  const { ve, words } = c;
  const objects = args.argsFrom(ve + 1);
  if (objects.length === 1) r.refs.setTopic(objects[0]);
  const j = objects.length ? args.afterApposition(objects[objects.length - 1].to + 1) : -1;
  // (a light noun's complement is no topic of its own: "describes the use of X for Y")
  if (j > 0 && !objects.some((x) => x.via) && tokens[j]?.pos === 'ADP' && !['of', 'by'].includes(lower(tokens[j]))) {
    const verb = words
      .filter((t) => t.pos === 'VERB')
      .map(lower)
      .join(' ');
    // the first phrase and later ones the verb takes (a later simple preposition between common nouns
    // modifies the noun before it)
    let p = j;
    for (let guard = 0; guard < 3 && p < n && tokens[p].pos === 'ADP' && !['of', 'by'].includes(lower(tokens[p])); guard++) {
      const ys = args.argsFrom(p + 1);
      if (!ys.length) break;
      const before = guard ? args.argEndingAt(p - 1) : null;
      const named = (a: Arg) => a.numeric || capitalised(tokens[a.to]);
      if (before && !named(before) && !ys.some(named) && !isComplexPreposition(tokens[p])) break;
      for (const x of objects) for (const y of ys) emit(r, x, `${verb} ${lower(tokens[p])}`, y, 'prep', 'prop.authors-preposition');
      p = ys[ys.length - 1].to + 1;
    }
  }
  if (j > 0 && lower(tokens[j]) === 'by' && tokens[j + 1]?.pos === 'VERB' && /ing$/.test(tokens[j + 1].text)) {
    const verb = lower(words.filter((t) => t.pos === 'VERB').at(-1)); // the main verb: "propose to evaluate" -> "evaluate"
    for (const y of args.argsFrom(j + 1)) for (const x of objects) emit(r, y, verb, x, 'svo', 'prop.authors-means');
  }
}

/** What the clause's verb says of its subjects. */
function readPredicate(r: Reading, c: Clause, subjects: Arg[], attribute: { owner: Arg[]; noun: string } | null): void {
  const { tokens, n, args } = r;
  const { ve, words, notOnly } = c;
  const subject = subjects[0];
  const verbs = words.filter((t) => t.pos === 'VERB');
  const auxes = words.filter((t) => t.pos === 'AUX');
  const copula = !verbs.length && auxes.length > 0 && BE.has(lower(auxes[auxes.length - 1]));
  const have = !verbs.length && auxes.length > 0 && HAVE.has(lower(auxes[auxes.length - 1]));
  const { main, passive } = verbOf(r, c, BE);
  // the relation is the verb group without leading be/have/do ("was founded" -> "founded"; "can be recovered" keeps its modal)
  const firstVerb = words.findIndex((t) => t.pos === 'VERB');
  let lead = 0;
  while (lead < firstVerb && words[lead].pos === 'AUX' && (BE.has(lower(words[lead])) || HAVE.has(lower(words[lead])) || DO.has(lower(words[lead])))) lead++;
  const relation = words
    .filter((_, x) => x >= lead)
    .map(lower)
    .join(' ');
  let o = ve + 1;
  if (notOnly) o += 2;
  while (o < n - 1 && tokens[o].pos === 'ADV' && !NEGATION.has(lower(tokens[o])) && !WH.has(lower(tokens[o]))) o++; // "are usually sensitive to"
  const ofOwner = subject.of && common(r, subject.np) && !subject.of.numeric ? subject.of : null;
  const beTo = words.length >= 3 && BE.has(lower(words[0])) && lower(words[1]) === 'to' && words[2].pos === 'VERB';
  // prop.specificational-infinitive: "the first step is to X", "the approach is to X" names the act the noun is
  if (beTo && !PURPOSE_NOUNS.has(lower(tokens[subject.np.to])) && namesAbstraction(tokens[subject.np.to].text)) return;
  if (beTo && PURPOSE_NOUNS.has(lower(tokens[subject.np.to]))) {
    if (ofOwner) {
      const rel = words.slice(2).map(lower).join(' ');
      for (const w of args.withCoordinatedAfter(ofOwner)) for (const y of args.argsFrom(o)) emit(r, w, rel, y, 'svo', 'prop.purpose-owner');
    }
    return;
  }
  if (copula || have) readCopula(r, c, subjects, attribute, { copula, have, relation, o, ofOwner });
  else readFullVerb(r, subjects, { passive, main, relation, o });
}

interface CopulaReading {
  copula: boolean;
  have: boolean;
  relation: string;
  /** The first token after the verb group (adverbs stepped over). */
  o: number;
  ofOwner: Arg | null;
}

/** "be" and "have" with no full verb: attributes, classes, owners, "is similar to", "is in". */
function readCopula(r: Reading, c: Clause, subjects: Arg[], attribute: { owner: Arg[]; noun: string } | null, v: CopulaReading): void {
  const { tokens, text, args, predicateOf } = r;
  const { copula, have, relation, o, ofOwner } = v;
  const subject = subjects[0];
  if (copula && (attribute || (ofOwner && subjects.length === 1))) {
    const owner = attribute?.owner ?? args.withCoordinatedAfter(ofOwner!);
    const noun = attribute?.noun ?? nounText(r, subject.np);
    for (const w of owner) for (const y of args.argsFrom(o)) emit(r, w, noun, y, 'of', 'prop.attribute');
    return;
  }
  if (copula && lower(tokens[subject.lead - 1]) === 'where' && subject.name) {
    const place = args.argEndingAt(subject.lead - 2 - (tokens[subject.lead - 2]?.text === ',' ? 1 : 0));
    const noun = args.argAt(o);
    if (place && isArg(noun) && noun.lead === noun.from && !noun.of && common(r, noun.np)) {
      emit(r, place, nounText(r, noun.np), subject, 'of', 'prop.where-attribute');
      return;
    }
  }
  if (copula && lower(tokens[c.vs - 1]) === 'there') return; // prop.there-is
  const obj = args.argAt(o);
  if (copula && isArg(obj) && obj.via && lower(tokens[obj.via.to]) === 'one' && obj.via.from === obj.via.to) {
    if (obj.of && common(r, obj.np) && !obj.of.numeric) {
      for (const y of args.withCoordinatedAfter(obj.of)) for (const s of subjects) emit(r, y, nounText(r, obj.np), s, 'of', 'prop.one-of');
    } else if (!obj.of && common(r, obj.np)) {
      for (const s of subjects) emit(r, s, 'is a', obj, 'isa', 'prop.one-of');
    }
    return;
  }
  if (copula && isArg(obj) && obj.via && LIGHT.has(lower(tokens[obj.via.to]))) {
    for (const s of subjects) for (const y of args.withCoordinatedAfter(obj)) emit(r, s, `${nounText(r, obj.via)} of`, y, 'prep', 'prop.part-of');
    return;
  }
  if (isArg(obj)) {
    const n0 = obj.np;
    const after = args.argAt(obj.to + 2);
    const forNames = lower(tokens[obj.to + 1]) === 'for' && subjects.every((x) => x.name || x.numeric) && after !== null && isArg(after) && after.name;
    // (not a measure: "X is N units in length")
    const inY =
      !obj.of && tokens[n0.from].pos !== 'NUM' && tokens[obj.to + 1]?.pos === 'ADP' && (['in', 'at'].includes(lower(tokens[obj.to + 1])) || forNames)
        ? args.argsFrom(obj.to + 2)
        : [];
    const ofY = obj.of ? args.withCoordinatedAfter(obj.of) : [];
    const owners = ofY.length ? ofY : inY;
    if (copula && owners.length && common(r, n0)) {
      const noun = nounText(r, n0);
      if (n0.from === n0.to && LIGHT.has(lower(tokens[n0.to]))) {
        for (const s of subjects)
          for (const y of owners) emit(r, s, `${noun} ${ofY.length ? 'of' : lower(tokens[obj.to + 1])}`, y, 'prep', 'prop.light-of-owner');
      } else {
        for (const y of owners) for (const s of subjects) emit(r, y, noun, s, 'of', 'prop.noun-of-owner');
      }
      predicateOf.set(n0.from, subjects);
      return;
    }
    if (have && ofY.length && common(r, n0) && !(n0.from === n0.to && LIGHT.has(lower(tokens[n0.to])))) {
      for (const s of subjects) for (const y of ofY) emit(r, s, nounText(r, n0), y, 'of', 'prop.have-attribute');
      return;
    }
    if (have && tokens[n0.from].pos === 'NUM' && n0.to > n0.from && !obj.of) {
      const value = phrase(tokens, text, n0.from, n0.from);
      const noun = phrase(tokens, text, n0.from + 1, n0.to);
      for (const s of subjects) emit(r, s, nounText(r, noun), { ...value, numeric: false } as Phrase, 'of', 'prop.have-count');
      return;
    }
    if (copula) {
      readClass(r, subjects, obj);
      return;
    }
    for (const s of subjects) for (const y of args.argsFrom(o)) emit(r, s, relation, y, 'svo', 'prop.have-object');
    return;
  }
  let p = o;
  let rel = '';
  if (copula && (tokens[p]?.pos === 'ADJ' || tokens[p]?.pos === 'ADV') && tokens[p + 1]?.pos === 'ADP') {
    rel = `${lower(tokens[p])} ${lower(tokens[p + 1])}`;
    p += 2;
  } else if (copula && tokens[p]?.pos === 'ADP' && lower(tokens[p]) !== 'of') {
    rel = `is ${lower(tokens[p])}`;
    p += 1;
  }
  const ys = rel ? args.argsFrom(p) : [];
  // ("the method is for X and Y to do Z": the noun phrase is the subject of an infinitive clause, not the
  // copula's complement)
  const end = ys.length ? ys[ys.length - 1].to : -1;
  const infinitive = lower(tokens[end + 1]) === 'to' || (tokens[end + 1]?.pos === 'ADV' && lower(tokens[end + 2]) === 'to');
  if (!infinitive) for (const s of subjects) for (const y of ys) emit(r, s, rel, y, 'prep', 'prop.copula-preposition');
}

/** "X is a N": a class (not between two names, not a comparative without its article). */
function readClass(r: Reading, subjects: Arg[], obj: Arg): void {
  const { tokens, args, predicateOf } = r;
  const det = lower(tokens[obj.lead]);
  const prep0 = tokens[obj.to + 1];
  if (obj.lead === obj.from && DEGREE.has(lower(tokens[obj.from])) && !obj.of && prep0?.pos === 'ADP' && !['of', 'that'].includes(lower(prep0))) {
    const rel = `${tokens
      .slice(obj.from, obj.to + 1)
      .map(lower)
      .join(' ')} ${lower(prep0)}`;
    for (const s of subjects) for (const y of args.argsFrom(obj.to + 2)) emit(r, s, rel, y, 'prep', 'prop.degree-passive');
    return;
  }
  // (a bare plural with a capitalised modifier is a class too; not a comparative or superlative without its article)
  if (
    (det === 'a' ||
      det === 'an' ||
      (/^\p{Ll}/u.test(tokens[obj.np.to].text) && !obj.numeric && obj.lead === obj.from && !DEGREE.has(lower(tokens[obj.from])))) &&
    tokens[obj.from].pos !== 'NUM'
  ) {
    for (const s of subjects) emit(r, s, 'is a', obj, 'isa', 'prop.is-a');
    predicateOf.set(obj.from, subjects);
    const prep = tokens[obj.to + 1];
    if (!obj.of && common(r, obj.np) && prep?.pos === 'ADP' && !['of', 'by', 'in', 'at'].includes(lower(prep))) {
      for (const s of subjects) for (const y of args.argsFrom(obj.to + 2)) emit(r, s, `is ${nounText(r, obj.np)} ${lower(prep)}`, y, 'prep', 'prop.is-a-for');
    }
  }
}

interface FullVerbReading {
  passive: boolean;
  main: { text: string } | undefined;
  relation: string;
  o: number;
}

/** A full verb: objects, "by" agents, prepositional objects. */
function readFullVerb(r: Reading, subjects: Arg[], v: FullVerbReading): void {
  const { tokens, n, args } = r;
  const { passive, main, relation } = v;
  let o = v.o;
  // "is owned and operated by X": coordinated participles share what follows the last one
  if (passive && COORD.has(lower(tokens[o])) && tokens[o + 1]?.pos === 'VERB' && /ed$|en$/.test(tokens[o + 1].text) && !/ing$/.test(tokens[o + 1].text)) {
    let p = o + 1;
    while (p + 1 < n && (tokens[p + 1].pos === 'VERB' || COORD.has(lower(tokens[p + 1])) || tokens[p + 1].text === ',')) p++;
    if (tokens[p].pos === 'VERB') o = p + 1;
  }
  const byAgent = passive && lower(tokens[o]) === 'by';
  let rel = byAgent ? `${relation} by` : relation;
  let at = byAgent ? o + 1 : o;
  let objects = args.argsFrom(at);
  let kind: SvoTriple['kind'] = 'svo';
  let rule = byAgent ? 'prop.passive-agent' : 'prop.object';
  // (a conjunction the tagger read as a preposition opens a clause, no prepositional object: "decides whether X is")
  if (!objects.length && (tokens[at]?.pos === 'ADP' || lower(tokens[at]) === 'to') && !UNASSERTED_OPENERS.has(lower(tokens[at])) && !opensClause(tokens, at)) {
    rel = `${relation} ${lower(tokens[at])}`;
    at += 1;
    objects = args.argsFrom(at);
    kind = 'prep';
    rule = 'prop.verb-preposition';
  }
  if (!objects.length) return;
  if (r.clause) objects = jointObjects(r, r.clause, objects, { main, passive, o: at, prepositional: kind === 'prep' });
  // prop.object-control
  const last = objects[objects.length - 1];
  if (
    kind === 'svo' &&
    !passive &&
    main &&
    objectControl(main.text) &&
    lower(tokens[last.to + 1]) === 'to' &&
    (tokens[last.to + 2]?.pos === 'VERB' || tokens[last.to + 2]?.pos === 'AUX' || verbInWordNet(tokens[last.to + 2]?.text ?? ''))
  )
    return;
  let j = args.afterApposition(objects[objects.length - 1].to + 1);
  // prop.object-phrase: a phrase the verb's frames do not take is the object's ("packets that include an
  // attribute with a value"), so neither "include with" nor a later phrase is the verb's ("as" and a
  // means "by doing" are the verb's whatever its frames: "treat X as Y"); the last object keeps it
  // (arg.trailing-phrase)
  const objectsPhrase =
    kind === 'svo' &&
    !passive &&
    main &&
    j === objects[objects.length - 1].to + 1 &&
    tokens[j]?.pos === 'ADP' &&
    !['as', 'by'].includes(lower(tokens[j])) &&
    !['which', 'whom', 'whose'].includes(lower(tokens[j + 1])) &&
    !UNASSERTED_OPENERS.has(lower(tokens[j])) &&
    !opensClause(tokens, j) &&
    !takesObjectPhrase(main.text, lower(tokens[j]));
  if (objectsPhrase) {
    const ends = [...objects.slice(0, -1), withTrailingPhrase(args, objects[objects.length - 1], j, true)];
    // attach.phrase-qualifier: a phrase the last end did not keep (a place or time, or too long)
    const kept = ends[ends.length - 1];
    const qualifier = droppedPhrase(args, kept, kept.to + 1) ?? undefined;
    for (const s of subjects) for (const y of ends) emit(r, s, rel, y, kind, rule, undefined, y === kept ? qualifier : undefined);
    return;
  }
  const only = objects.length === 1 ? objects[0] : null;
  // prop.object-specifier: a short common noun object, then a phrase the verb's frames take only as "something
  // PP" and no sense names by its preposition: the phrase says which of the noun is meant ("data from the
  // card"), and a relation "verb + preposition" would drop the noun the fact is about ("as" and a means "by
  // doing" are the verb's, a rate's "per" the count's; a light verb's act noun is the relation's verb: rel.light-verb)
  const preposition = lower(tokens[j]);
  const specifiable =
    kind === 'svo' &&
    !passive &&
    main &&
    only &&
    !only.name &&
    only.to - only.from < 3 &&
    tokens[j]?.pos === 'ADP' &&
    !['of', 'by', 'as', 'per', 'than'].includes(preposition) &&
    !['which', 'whom', 'whose'].includes(lower(tokens[j + 1])) &&
    !UNASSERTED_OPENERS.has(preposition) &&
    !opensClause(tokens, j);
  const verb = specifiable ? lemma(main.text.toLowerCase()) : '';
  if (specifiable && !frameNamesPreposition(verb, preposition) && !(verb in LIGHT_VERBS && verbOfActNoun(lower(tokens[only.np.to])) !== null)) {
    const specified = withTrailingPhrase(args, only, j);
    if (specified !== only) {
      for (const s of subjects) emit(r, s, rel, specified, kind, 'prop.object-specifier');
      return;
    }
  }
  let reverb = false; // the phrase after the object was read as "verb + object + preposition"
  // (and the means of an active verb: "generates summaries by selecting the most important sentences")
  const byMeans = lower(tokens[j]) === 'by' && tokens[j + 1]?.pos === 'VERB' && /\p{L}{2}ing$/u.test(tokens[j + 1].text);
  // (a preposition before "which" / "whom" opens a relative clause, no phrase of the verb's)
  // (and a conjunction the tagger read as a preposition opens a clause: "forwards the request unless X is")
  // (and a "than" completes a comparison inside the phrase before it, "a different network than X": no phrase of the verb's)
  const relativeAt = (x: number) =>
    ['which', 'whom', 'whose'].includes(lower(tokens[x + 1])) ||
    UNASSERTED_OPENERS.has(lower(tokens[x])) ||
    opensClause(tokens, x) ||
    lower(tokens[x]) === 'than';
  const reverbAt =
    kind === 'svo' &&
    !passive &&
    only &&
    only.to - only.from < 3 &&
    tokens[j]?.pos === 'ADP' &&
    !relativeAt(j) &&
    (byMeans || !['of', 'by'].includes(lower(tokens[j])));
  // attach.noun-modifier: a phrase between common nouns after the one object, no ReVerb reading, is the
  // noun's (the end keeps it) or, of place or time or too long, the triple's qualifier
  // (not after a passive's agent: a phrase after the doer is the act's, "used by the host on the link")
  const attached = only && !/ by$/.test(rel) && !reverbAt && !relativeAt(j) && args.argEndingAt(j - 1) ? nounModifier(args, only, j, main?.text) : null;
  for (const s of subjects)
    for (const y of objects)
      emit(r, s, rel, y === only && attached?.end ? attached.end : y, kind, rule, undefined, y === only ? attached?.qualifier : undefined);
  if (reverbAt && only) {
    const pobj = args.argsFrom(j + 1);
    // (the object's bounded count is its own triple's qualifier, emit.quantity: not part of the relation's object)
    const held = boundedCount(tokens, r.text, only, r.clause?.ve ?? -1)?.rest.text ?? only.text;
    for (const s of subjects) for (const y of pobj) emit(r, s, `${rel} ${held} ${lower(tokens[j])}`, y, 'prep', 'prop.reverb', held);
    if (pobj.length) {
      j = pobj[pobj.length - 1].to + 1;
      reverb = true;
    }
  }
  for (let guard = 0; guard < 3 && j < n; guard++) {
    if (tokens[j].pos !== 'ADP' || lower(tokens[j]) === 'of' || lower(tokens[j]) === 'by' || relativeAt(j)) break;
    const more = args.argsFrom(j + 1);
    if (!more.length) break;
    // after a common noun a phrase between common nouns modifies the noun; the verb takes it when a name or
    // a number stands on either side
    const before = args.argEndingAt(j - 1);
    const named = (a: Arg) => a.numeric || capitalised(tokens[a.to]) || tokens[a.to].pos === 'NUM';
    if (before && !named(before) && !more.some(named) && lower(tokens[j]) !== 'as' && !isComplexPreposition(tokens[j])) {
      if (guard === 0 && !reverb && !attached?.end && objects.length === 1 && before.np.to - before.np.from < 2 && !before.of) {
        const via = `${rel} ${nounText(r, before.np)} ${lower(tokens[j])}`;
        for (const s of subjects) for (const y of more) emit(r, s, via, y, 'prep', 'prop.noun-preposition', nounText(r, before.np));
      }
      break;
    }
    for (const s of subjects) for (const y of more) emit(r, s, `${relation} ${lower(tokens[j])}`, y, 'prep', 'prop.later-preposition');
    j = more[more.length - 1].to + 1;
  }
}
