// The answer type of a question from general English question syntax: the wh-word, the head noun of
// the phrase after it (part-of-speech tags), the verb ("what is X" -> a definition of X, "which port" ->
// a port, "how many" -> a number, "what must X do" -> an action). Used by retrieval (a definition
// question looks for the term's glossary entry) and by extractive answers (which spans to read).
import { posTags, tokenize } from './text';
import { STOPWORDS } from '../nlp/stopwords';
import { wordNet } from '../nlp/wordnet';
import { lemma } from '../nlp/morphology';
import { CLAUSE_QUESTION_WORDS, DESCRIBING_QUESTION_VERBS, type DescribingReading } from '../nlp/lexicon';

export type AnswerType = 'number' | 'port' | 'code' | 'value' | 'date' | 'condition' | 'name' | 'definition' | 'action' | 'yesno' | 'list' | 'other';

export interface QuestionType {
  type: AnswerType;
  /** The question word (what, which, how many...) or the auxiliary of a yes/no question. */
  wh: string | null;
  /** The head noun after the question word ("port" in "which TCP port"). */
  head: string | null;
  /** The words of the noun phrase after the question word. */
  phrase: string[];
  /** The term a definition question asks about ("a RADIUS proxy"). */
  subject: string | null;
  plural: boolean;
  /** Words that only frame the question ("meant" in "what is meant by X", "measure" in "what does X measure"): not content to look for. */
  frame: string[];
}

/** Nouns that name a document: "which RFC", "which specification", "in which standard". */
export const DOCUMENT_NOUNS = new Set([
  'rfc',
  'rfcs',
  'document',
  'documents',
  'specification',
  'specifications',
  'standard',
  'standards',
  'memo',
  'reference',
  'references',
]);

const WH = new Set(['what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'how', 'why']);
const AUX = new Set([
  'is',
  'are',
  'was',
  'were',
  'do',
  'does',
  'did',
  'can',
  'could',
  'must',
  'should',
  'may',
  'might',
  'will',
  'would',
  'shall',
  'has',
  'have',
  'had',
]);
const MODALS = new Set(['must', 'should', 'shall', 'may', 'can', 'might', 'need', 'ought']);
const BE = new Set(['is', 'are', 'was', 'were', 'be']);
const PREP = new Set(['of', 'in', 'on', 'at', 'for', 'from', 'by', 'with', 'to', 'into', 'over', 'under', 'about', 'as', 'per', 'between', 'within', 'than']);
/** A noun naming information as such ("information", "details", "facts": WordNet's information or message among its kinds). */
function isInformationNoun(word: string): boolean {
  const wn = wordNet();
  const lemma = wn?.baseForms(word, 'n')[0];
  if (!wn || !lemma) return false;
  return lemma === 'information' || wn.hypernyms(lemma, { pos: ['n'], depth: 3, maxSenses: 2 }).some((h) => h === 'information' || h === 'message');
}

/** A noun naming a property ("uniqueness", "length", "size": WordNet's noun.attribute for its first sense). */
function isAttributeNoun(word: string): boolean {
  const wn = wordNet();
  const lemma = wn?.baseForms(word, 'n')[0];
  return !!wn && !!lemma && wn.senses(lemma, { pos: ['n'], maxSenses: 1 })[0]?.lexFile === NOUN_ATTRIBUTE;
}
/** WordNet's lexicographer file of attribute nouns (lexnames(5WN): 07 noun.attribute). */
const NOUN_ATTRIBUTE = 7;

/** Verbs that give a thing its name ("what does Y call X"), in the base form a question puts after "does". */
const NAMING_VERB = /^(?:call|name|term|dub|label)$/;
/** What may follow "called" in "what is X called ...": where, or by whom, the name is used. */
const NAMING_SCOPE = new Set(['in', 'by', 'within', 'under', 'according', 'when', 'for']);
/** Verbs that ask what something is or holds: "what does X mean / carry / measure". */
const DESCRIBE_VERBS = new Set([
  'mean',
  'means',
  'meant',
  'stand',
  'denote',
  'denotes',
  'carry',
  'carries',
  'measure',
  'measures',
  'contain',
  'contains',
  'hold',
  'holds',
  'represent',
  'represents',
  'indicate',
  'indicates',
  'describe',
  'describes',
  'do',
  'does',
  'specify',
  'specifies',
  'define',
  'defines',
  'identify',
  'identifies',
  'count',
  'counts',
  'signify',
  'signifies',
  'imply',
  'implies',
  'convey',
  'conveys',
  'refer',
  'refers',
]);
/** "what does X report / record / signal": what X tells, when the verb ends the question or only a scope follows it
 * ("... report in the 1999 MIB"); "what does X report for Y / when Y" asks for the value reported in that case. */
const REPORT_VERBS = /^(?:reports?|records?|signals?|announces?|returns?)$/;
/** What opens the case after a reporting verb: "what does X report for Y / when Y / if Y". */
const REPORT_CASE = /^(?:for|when|whenever|if|after|before|while|during|upon|once|until)$/;
/** "How is X constructed / defined / computed": a description. */
const HOW_DESCRIBE =
  /^(?:re)?(defin|construct|comput|deriv|form|calculat|generat|encod|represent|structur|compos|built|buil|mak|made|determin|creat|specif|characteri[sz]|describ|explain|interpret)/;
/** "is X required / expected / allowed to ...": a requirement asked with a passive modal. */
const PASSIVE_MODAL = /^(?:required|expected|supposed|obliged|obligated|allowed|permitted|mandated|recommended)$/;
/** "is X prohibited / forbidden from doing ...": a prohibition asked with a passive. */
const PASSIVE_BAR = /^(?:prohibited|forbidden|barred|precluded|prevented|banned|disallowed|restricted)$/;
/** "Define X", "Explain the term X", "Describe X": imperatives that ask what X is. */
const IMPERATIVE_DEFINE = /^(?:define|explain|describe)$/;
/** "Explain what X is / means / does ...": an imperative before an embedded question (wh-word, X, its verb, the rest). */
const EMBEDDED = /^(?:please\s+)?(?:explain|describe|define|tell(?:\s+me)?|state|say)\s+(what|who)\s+(.+?)\s+(is|are|means|mean|does|do)\b\s*(.*?)[.?!]*$/i;
/** "Describe what X calls Y": Y's meaning. */
const CALLS = /^(?:please\s+)?(?:explain|describe|define|tell(?:\s+me)?|state|say)\s+what\s+.+?\s+(?:calls|terms|names|means by)\s+(.+?)[.?!]*$/i;
/** Verbs and past auxiliaries that make a "when" ask for a date: "when was it published", "when did X appear". */
const DATE_VERB = /^(?:was|were|did|published|issued|released|approved|dated|written|introduced|adopted|standardi[sz]ed|founded|born|died)$/;
/** "the purpose / role / function of X": nouns that ask what X is for. */
const PURPOSE = /^(?:purpose|role|function|use|job|task|significance|meaning|intent)$/;
/** "Name an attribute that ...", "List the ...": imperatives that ask for something. */
const IMPERATIVE_ASK = /^(?:name|list|give|identify|state|cite)$/;
/** "what counts as X", "what qualifies as X": what X is. */
const COUNTS_AS = /^(?:counts?|qualif(?:y|ies)|serves?)$/;

// Head nouns by what kind of answer they ask for (general English and general technical nouns).
const HEAD_PORT = new Set(['port', 'ports']);
const HEAD_CODE = new Set([
  'code',
  'codes',
  'identifier',
  'identifiers',
  'id',
  'ids',
  'number',
  'numbers',
  'numeral',
  'index',
  'arc',
  'octet',
  'octets',
  'bit',
  'bits',
  'byte',
  'bytes',
  'digit',
  'digits',
  'tag',
  'tags',
]);
const HEAD_VALUE = new Set([
  'value',
  'values',
  'setting',
  'length',
  'size',
  'limit',
  'maximum',
  'minimum',
  'timeout',
  'timer',
  'duration',
  'period',
  'interval',
  'lifetime',
  'threshold',
  'rate',
  'amount',
  'count',
  'total',
  'level',
  'version',
  'range',
  'default',
  'unit',
  'units',
  'width',
  'height',
  'weight',
  'distance',
  'speed',
  'capacity',
]);
const HEAD_DATE = new Set(['year', 'years', 'date', 'dates', 'day', 'days', 'month', 'months', 'century', 'decade']);
/** "under what condition", "in which case", "in what circumstances": the condition under which something holds. */
const HEAD_CONDITION = new Set(['condition', 'conditions', 'circumstance', 'circumstances', 'case', 'cases', 'situation', 'situations']);
const HOW_VALUE = new Set(['long', 'often', 'large', 'big', 'far', 'old', 'fast', 'high', 'wide', 'deep', 'heavy', 'small', 'soon', 'frequently']);
/** Adjectives of measure, whose superlative before a noun asks for a quantity ("the largest packet", "the shortest delay"). */
const MEASURE_ADJECTIVES = new Set([...HOW_VALUE, 'short', 'low', 'narrow', 'slow', 'light', 'thin', 'great', 'few', 'early', 'late']);

/** Whether a word is the superlative of an adjective of measure: largest, biggest, earliest, shortest. */
function measureSuperlative(word: string): boolean {
  const m = /^(.+?)(e?)st$/.exec(word);
  if (!m) return false;
  const base = m[1];
  // large -> largest, big -> biggest, early -> earliest, long -> longest
  return [base, `${base}e`, base.replace(/(.)\1$/, '$1'), base.replace(/ie$/, 'y'), `${base}${m[2]}`.replace(/ie$/, 'y')].some((b) =>
    MEASURE_ADJECTIVES.has(b),
  );
}

/** The describing verbs (nlp/lexicon describing-question-verbs) as word sequences, the longest first. */
const DESCRIBING = Object.entries(DESCRIBING_QUESTION_VERBS)
  .map(([entry, reading]) => ({ words: entry.split(' '), reading }))
  .sort((a, b) => b.words.length - a.words.length);

/**
 * The describing verb written at word i (words lower-cased): its reading and how many words it takes. A participle
 * entry ("made of", "meant" with the "for" after it) matches as written; a verb by its dictionary form ("makes up",
 * "caused").
 */
export function describingVerbAt(words: readonly string[], i: number): { reading: DescribingReading; length: number } | null {
  const word = words[i];
  if (!word) return null;
  const base = lemma(word);
  for (const d of DESCRIBING) {
    const participle = d.reading === 'made' || d.reading === 'purpose';
    if ((participle ? word : base) !== d.words[0]) continue;
    // (a participle of purpose is read with the "for" after it)
    const more = d.reading === 'purpose' ? [...d.words.slice(1), 'for'] : d.words.slice(1);
    if (more.every((w, k) => words[i + 1 + k] === w)) return { reading: d.reading, length: more.length + 1 };
  }
  return null;
}

/**
 * Reading "what-subject": a bare "what" as the subject of a verb that asks what a thing is: the parts that make up
 * the object ("what makes up X", "what constitutes X"), what sets it apart ("what distinguishes X"), what brings it
 * about ("what causes X", "what makes X Y"). A definition of the object (what follows the verb, up to a comma). The
 * verb agrees with a singular "what" (an inflected form: "what causes X", not "what cause"), and no auxiliary
 * follows it ("what causes does X list" has "causes" as a noun).
 */
function whatSubjectReading(toks: ReturnType<typeof tokenize>, whAt: number, asking: string): { subject: string; frame: string[] } | null {
  const words = toks.map((t) => t.text);
  if (words[whAt] !== 'what') return null;
  const verb = describingVerbAt(words, whAt + 1);
  if (!verb || !['parts', 'character', 'cause'].includes(verb.reading)) return null;
  if (lemma(words[whAt + 1]) === words[whAt + 1]) return null;
  const from = whAt + 1 + verb.length;
  if (from >= toks.length || AUX.has(words[from]) || MODALS.has(words[from])) return null;
  const comma = toks.findIndex((t, k) => k > from && asking.slice(toks[k - 1].end, t.start).includes(','));
  const object = toks.slice(from, comma > 0 ? comma : toks.length);
  if (!object.some((t) => !STOPWORDS.has(t.text))) return null;
  return { subject: asking.slice(object[0].start, object[object.length - 1].end), frame: words.slice(whAt + 1, from) };
}

/** The answer type of a question from its syntax: the wh-word, the noun after it, the verb. */
export function answerTypeOf(question: string): QuestionType {
  let out = askedType(question);
  if (out.type !== 'definition' || !out.subject) return out;
  // "what does the acronym TEK stand for", "what is meant by the term X": the word naming the kind of
  // expression frames the question; the term is what follows it
  const named = /^(?:the\s+|an?\s+)?(acronyms?|abbreviations?|initialisms?|terms?|phrases?|words?|expressions?)\s+(\S.*)$/i.exec(out.subject);
  if (named) return { ...out, subject: named[2], frame: [...out.frame, named[1].toLowerCase()] };
  // "what is the Session Layer in widget management": the term, then where it is meant (a lower-case
  // "in" or "within"; "Sign In Service" keeps its capital); "the Relay role as used in the widget
  // guidelines": "as used / as defined" opens the same qualifier; "a view for a given element": so does
  // "for" before an indefinite
  const where = /^(.+?\S)\s+(?:as\s+[a-z]+\s+(?:in|within|by|for|under)|in|within|for\s+(?:a|an|any|each|every|some)\b)\s+\S.*$/.exec(out.subject);
  if (where && tokenize(where[1]).some((t) => !STOPWORDS.has(t.text))) out = { ...out, subject: where[1] };
  // "what is the Network Access Identifier (NAI)": an acronym after the words it stands for is the same term,
  // which a glossary lists under one of the two
  const acronym = /^(.*\S)\s+([A-Z][A-Z0-9]+s?)$/.exec(out.subject!);
  if (acronym) {
    const initials = acronym[1]
      .split(/\s+/)
      .filter((w) => !/^(?:the|a|an|of|and|for|in|on|to)$/i.test(w))
      .map((w) => w[0].toUpperCase())
      .join('');
    if (initials === acronym[2].replace(/s$/, '')) out = { ...out, subject: acronym[1] };
  }
  // "how do they define the Authenticator role": the role is the Authenticator's
  const role = /^(.*\S)\s+(role|function|job|task|purpose)$/i.exec(out.subject!);
  if (role && tokenize(role[1]).some((t) => !STOPWORDS.has(t.text))) out = { ...out, subject: role[1], frame: [...out.frame, role[2].toLowerCase()] };
  return out;
}

function askedType(question: string): QuestionType {
  // the last sentence that asks (a scenario may come first: "A NAS sends ... What value should ...?")
  const parts = question.split(/(?<=[.?!])\s+/).filter((p) => p.trim());
  const asking = [...parts].reverse().find((p) => tokenize(p).some((t) => WH.has(t.text))) ?? parts[parts.length - 1] ?? question;
  // "Explain what the EAP server is in ...", "Describe what X means": an embedded question after an imperative
  // keeps statement order; asked as the direct question it stands for
  const embedded = EMBEDDED.exec(asking.trim());
  if (embedded) {
    const [, wh, x, verb, rest] = embedded;
    const direct = /^(?:is|are)$/i.test(verb)
      ? `${wh} ${verb} ${x} ${rest}`
      : /^means?$/i.test(verb)
        ? `${wh} does ${x} mean ${rest}`
        : `${wh} does ${x} do ${rest}`;
    return askedType(`${direct.trim()}?`);
  }
  // "Describe what the SNMP architecture calls a MIB view": what the name stands for
  const calls = CALLS.exec(asking.trim());
  if (calls) return askedType(`What is ${calls[1]}?`);
  const toks = tokenize(asking);
  const words = toks.map((t) => t.text);
  const out: QuestionType = { type: 'other', wh: null, head: null, phrase: [], subject: null, plural: false, frame: [] };
  // "In community-based SNMPv2, must an agent ...?", "If X happens, must the handoff fail?", "When X moves, may Y be
  // sent ...?": a main clause opening with an auxiliary after a leading phrase or clause asks yes or no
  // (a question word inside the leading clause opens that clause, it asks nothing)
  const lastComma = asking.lastIndexOf(',');
  if (lastComma > 0) {
    const main = tokenize(asking.slice(lastComma + 1));
    const lead = tokenize(asking.slice(0, lastComma));
    const asksInMain = main.some((t) => WH.has(t.text));
    const leadAsks = lead.length > 0 && WH.has(lead[0].text) && !['when', 'where', 'if'].includes(lead[0].text);
    if (main.length > 1 && AUX.has(main[0].text) && !asksInMain && !leadAsks) return { ...out, type: 'yesno', wh: main[0].text };
  }
  // "Is X allowed to Y when Z?", "May X depend on which method was used?": a sentence opening with an auxiliary
  // (subject-auxiliary inversion) asks yes or no; a question word after its subject opens a subordinate clause,
  // unless it starts a second question after a comma or a conjunction ("Is X defined, and where?")
  if (words.length > 2 && AUX.has(words[0])) {
    const second = words.some(
      (w, i) => WH.has(w) && (i < 2 || ['and', 'or', 'but'].includes(words[i - 1]) || asking.slice(toks[i - 1].end, toks[i].start).includes(',')),
    );
    if (!second) return { ...out, type: 'yesno', wh: words[0] };
  }
  // "When X is sent, which constant does it load?": a clause opened by when/where/how is a condition
  // when another question word follows
  const whs = words.map((w, i) => (WH.has(w) ? i : -1)).filter((i) => i >= 0);
  const main = whs.filter((i) => !['when', 'where'].includes(words[i]));
  // a question word opening the sentence or a clause after a comma ("In the X framework, which RFC lays down
  // how ...") asks; one after a verb ("lays down how") opens an embedded clause
  const opensClause = (i: number) => {
    const k = i > 0 && PREP.has(words[i - 1]) ? i - 1 : i;
    return k === 0 || asking.slice(toks[k - 1].end, toks[k].start).includes(',');
  };
  const opening = main.filter(opensClause);
  const whAt = opening.length ? opening[0] : main.length ? main[main.length > 1 && main[0] === 0 ? 0 : main.length - 1] : whs.length ? whs[0] : -1;
  if (whAt < 0) {
    // "Name an attribute that ...", "List the entities ...": an imperative asks like "which"
    // (first, or after a comma: "Looking at the table, name an attribute ...")
    const opens = (t: (typeof toks)[number], k: number) => k === 0 || asking.slice(toks[k - 1].end, t.start).includes(',');
    // "Define compulsory tunneling.", "Explain the term 'cryptographic binding'": a definition of what follows
    const define = toks.findIndex((t, k) => IMPERATIVE_DEFINE.test(t.text) && opens(t, k));
    if (define >= 0 && define + 1 < toks.length)
      return {
        ...out,
        wh: words[define],
        type: 'definition',
        subject: toks
          .slice(define + 1)
          .map((t) => t.raw)
          .join(' ')
          .replace(/[.?!]+$/, ''),
        frame: [words[define]],
      };
    const ask = toks.findIndex((t, k) => IMPERATIVE_ASK.test(t.text) && opens(t, k));
    if (ask >= 0 && ask + 1 < toks.length) {
      const np = nounPhrase(toks, ask + 1, asking);
      return { ...out, wh: words[ask], type: typeOfHead(np.head, np.plural, asking), ...np };
    }
    if (words.length && AUX.has(words[0])) out.type = 'yesno';
    out.wh = words[0] ?? null;
    return out;
  }
  const wh = words[whAt];
  out.wh = wh;
  // "what else must they do": "else" adds nothing to what is asked
  if (words[whAt + 1] === 'else') {
    toks.splice(whAt + 1, 1);
    words.splice(whAt + 1, 1);
  }
  const next = words[whAt + 1];
  if (wh === 'how') {
    if (next === 'many') return { ...out, wh: 'how many', type: 'number', ...nounPhrase(toks, whAt + 2, asking) };
    if (next === 'much') return { ...out, wh: 'how much', type: 'value', ...nounPhrase(toks, whAt + 2, asking) };
    if (next && HOW_VALUE.has(next)) return { ...out, wh: `how ${next}`, type: 'value' };
    // "how should the two indexes relate", "how must a client react": what a requirement asks (not "how should X be encoded")
    if (next && MODALS.has(next) && !words.slice(whAt + 2).some((w) => HOW_DESCRIBE.test(w))) return { ...out, type: 'action' };
    // "how is X defined / constructed", and any other "how": a description of X
    const subject = subjectAfterAux(toks, whAt + 1);
    const verb = toks.slice(whAt + 1).find((t) => !AUX.has(t.text) && HOW_DESCRIBE.test(t.text) && !subject?.toLowerCase().split(/\s+/).includes(t.text));
    return { ...out, type: 'definition', subject, frame: verb ? [verb.text] : [] };
  }
  if (wh === 'who' || wh === 'whom' || wh === 'whose') return { ...out, type: 'name' };
  // "when was RFC 2865 published": a date; "when is a client allowed to conclude ...", "when must X be sent": the
  // condition under which something holds or happens
  if (wh === 'when') return { ...out, type: words.slice(whAt + 1).some((w) => DATE_VERB.test(w)) ? 'date' : 'condition' };
  // "where is X defined / specified / described": the document or section that does it
  if (wh === 'where' && words.slice(whAt + 1).some((w) => /^(?:defined|specified|described|documented|standardi[sz]ed|introduced)$/.test(w)))
    return { ...out, type: 'name', head: 'document', phrase: ['document'] };
  if (wh === 'where') return { ...out, type: 'name' };
  if (wh === 'why') return { ...out, type: 'definition' };
  // what / which
  // "what counts as a Station (STA)": what the term after "as" is
  if (next && COUNTS_AS.test(next) && words[whAt + 2] === 'as')
    return {
      ...out,
      type: 'definition',
      subject: toks
        .slice(whAt + 3)
        .map((t) => t.raw)
        .join(' '),
      frame: [next],
    };
  // "what makes up X", "what distinguishes X", "what causes X": a definition of X (reading what-subject)
  const bySubject = whatSubjectReading(toks, whAt, asking);
  if (bySubject) return { ...out, type: 'definition', ...bySubject };
  // "what is a AAA layer required to do with keys": a requirement with a passive modal
  const passive = words.findIndex((w, k) => k > whAt && PASSIVE_MODAL.test(w) && words[k + 1] === 'to');
  // (the one asked to act, X in "what is X required to do", is the requirement's subject)
  const doer = (from: number, to: number) =>
    to > from
      ? toks
          .slice(from, to)
          .map((t) => t.raw)
          .join(' ')
      : null;
  if (next && BE.has(next) && passive > whAt + 2 && words.slice(passive + 2).includes('do'))
    return { ...out, type: 'action', subject: doer(whAt + 2, passive) };
  // "what are lower layers prohibited / forbidden from doing with keys": a prohibition, asked like "what must X not do"
  const barred = words.findIndex((w, k) => k > whAt + 2 && PASSIVE_BAR.test(w) && words[k + 1] === 'from' && words[k + 2] === 'doing');
  if (next && BE.has(next) && barred > 0) return { ...out, type: 'action', subject: doer(whAt + 2, barred) };
  // "what has to / needs to / is required to happen": a requirement, asked like "what must"
  if (next && /^(?:has|have|had|needs?|ought) to$/.test(words.slice(whAt + 1, whAt + 3).join(' '))) return { ...out, type: 'action' };
  // "what job does the lower layer perform", "what role does X play": what X is for
  if (next && PURPOSE.test(next) && ['do', 'does', 'did'].includes(words[whAt + 2]) && toks.length > whAt + 4) {
    // X is what stands before the verb (the last of a run of verb tags: "the Class attribute serve")
    const rest = toks.slice(whAt + 3);
    const tags = posTags(rest.map((t) => t.raw).join(' ')).filter((t) => t.pos !== 'PUNCT');
    let verb = tags.findIndex((t, k) => k > 0 && t.pos === 'VERB');
    while (verb > 0 && tags[verb + 1]?.pos === 'VERB') verb++;
    const words = verb > 0 && tags.length === rest.length ? verb : rest.length - 1;
    return {
      ...out,
      type: 'definition',
      subject: rest
        .slice(0, words)
        .map((t) => t.raw)
        .join(' '),
      frame: [next],
    };
  }
  // "what name is given to the pairing of X with Y", "what term is used for X", "what name does RFC 1157 give to
  // X": the name a sentence gives, like "what is X called"
  if (
    next &&
    /^(?:name|term|designation)$/.test(next) &&
    ((BE.has(words[whAt + 2]) && /^(?:given|used|applied|assigned)$/.test(words[whAt + 3] ?? '') && ['to', 'for'].includes(words[whAt + 4] ?? '')) ||
      (['do', 'does', 'did'].includes(words[whAt + 2]) && words.slice(whAt + 3).some((w) => /^(?:give|use|assign|apply)$/.test(w))))
  )
    return { ...out, type: 'name', frame: ['called'] };
  // "what information does the X attribute convey", "which details does X carry": a noun that is a kind of
  // information adds nothing to "what does X convey", a description of X
  if (
    next &&
    ['do', 'does', 'did'].includes(words[whAt + 2]) &&
    DESCRIBE_VERBS.has(words[words.length - 1]) &&
    words.length > whAt + 4 &&
    isInformationNoun(next)
  )
    return askedType(
      `${toks[whAt].raw} ${toks
        .slice(whAt + 2)
        .map((t) => t.raw)
        .join(' ')}?`,
    );
  // "what uniqueness should the Widget-Session-Id have (when ...)": a property (a WordNet attribute noun) said of X,
  // read like "what should X be" ("... SHOULD be globally and temporally unique")
  // ("what kind / sort / degree of uniqueness should ...": the same)
  const propAt = /^(?:kind|sort|type|degree|level)$/.test(next ?? '') && words[whAt + 2] === 'of' ? whAt + 3 : whAt + 1;
  const property = words[propAt];
  const have = property && MODALS.has(words[propAt + 1]) ? words.findIndex((w, k) => k > propAt + 2 && w === 'have') : -1;
  if (have > 0 && isAttributeNoun(property)) return { ...out, type: 'value', head: property, phrase: [property], subject: doer(propAt + 2, have) };
  if (next && (MODALS.has(next) || next === 'do' || next === 'does' || next === 'did')) {
    const rest = words.slice(whAt + 2);
    const last = rest[rest.length - 1];
    // "what does IEEE 802.1X call the entity that ...", "what do the authors name X": the name one gives a thing,
    // not what the thing is (the verb right after a subject of one to four words, an object after it)
    const naming = next === 'do' || next === 'does' || next === 'did' ? rest.findIndex((w, k) => k >= 2 && k <= 5 && NAMING_VERB.test(w)) : -1;
    if (naming > 0 && naming < rest.length - 1) return { ...out, type: 'name', frame: ['called'] };
    // "what does an entity do with a message whose ...", "what must X do when ...": what X does, an action
    // ("what does X do?" alone asks what X is for)
    const doAt = next === 'does' || next === 'do' || next === 'did' ? rest.findIndex((w, k) => k > 0 && w === 'do') : -1;
    if (doAt > 0 && doAt < rest.length - 1 && /^(?:with|when|if|after|before|to|upon|on|once|whenever|about|in)$/.test(rest[doAt + 1]))
      return { ...out, type: 'action', subject: doer(whAt + 2, whAt + 2 + doAt) };
    // "what does X mean / carry / measure": what X is or holds
    const reportAt = next === 'does' || next === 'do' ? rest.findIndex((w, k) => k > 0 && REPORT_VERBS.test(w)) : -1;
    // a definition of the words between "does" and the verb that asks it (an adverb before the verb is no part of
    // the term: "what does X generally mean")
    const definitionOf = (to: number, verb: string): QuestionType => ({
      ...out,
      type: 'definition',
      subject: withoutAdverbs(toks.slice(whAt + 2, to)),
      frame: [verb],
    });
    // "what does it mean for a frame to be stale", "what does it mean to silently drop a frame": the term is the
    // infinitive's complement (after "to be"), or its verb with its adverbs (before the verb's object)
    if (rest[0] === 'it' && /^means?$/.test(rest[1] ?? '')) {
      const to = rest.indexOf('to', 2);
      if (to > 0 && to < rest.length - 1) {
        const from = whAt + 2 + to + (rest[to + 1] === 'be' ? 2 : 1);
        const object = toks.findIndex((t, k) => k > from && /^(?:a|an|the|this|that|its|their|any|every|each|some)$/.test(t.text));
        const term = toks.slice(from, object > 0 ? object : toks.length);
        if (term.length) return { ...out, type: 'definition', subject: term.map((t) => t.raw).join(' '), frame: ['mean'] };
      }
    }
    // "what does the printer MIB mean by a job": the term after "by"; the words before the verb name where it is meant
    const meanBy = next === 'does' || next === 'do' ? rest.findIndex((w, k) => k > 0 && /^means?$/.test(w) && rest[k + 1] === 'by') : -1;
    if (meanBy > 0 && meanBy + 2 < rest.length) return { ...definitionOf(whAt + 2, 'mean'), subject: withoutAdverbs(toks.slice(whAt + 2 + meanBy + 2)) };
    if (reportAt > 0 && (reportAt === rest.length - 1 || ['in', 'within', 'under'].includes(rest[reportAt + 1])))
      return definitionOf(whAt + 2 + reportAt, rest[reportAt]);
    // "what does X report for Y / when Y": the value X reports in that case
    if (reportAt > 0 && REPORT_CASE.test(rest[reportAt + 1] ?? '')) return { ...out, type: 'value', subject: doer(whAt + 2, whAt + 2 + reportAt) };
    // "what do X include / consist of", "what does X tell Y about Z": what X holds or tells, a definition of X (reading
    // what-object: the whole, or the teller, is the subject; "what" the parts or the message); "tell X to do" asks an action
    const holdsAt =
      next === 'does' || next === 'do' || next === 'did'
        ? rest.findIndex((w, k) => k > 0 && ['whole', 'telling'].includes(describingVerbAt(rest, k)?.reading ?? ''))
        : -1;
    if (holdsAt > 0 && !(describingVerbAt(rest, holdsAt)?.reading === 'telling' && rest.slice(holdsAt + 1).includes('to')))
      return { ...definitionOf(whAt + 2 + holdsAt, rest[holdsAt]), frame: rest.slice(holdsAt, holdsAt + describingVerbAt(rest, holdsAt)!.length) };
    if ((next === 'does' || next === 'do') && last && DESCRIBE_VERBS.has(last)) return definitionOf(toks.length - 1, last);
    // "what does the Widget-Size field indicate for gateways": the describing verb need not end the question
    const verbAt = next === 'does' || next === 'do' ? rest.findIndex((w, k) => k > 0 && w !== 'do' && DESCRIBE_VERBS.has(w)) : -1;
    if (verbAt > 0) return definitionOf(whAt + 2 + verbAt, rest[verbAt]);
    // "what should X be set to": a value; "what must accompany X", "what should an implementation do": an action
    if (MODALS.has(next) && /\b(?:be|set to|equal|contain|hold)$/.test(rest.join(' '))) {
      // "what must the Peer-Id be": the Peer-Id is what the value is said of
      const be = rest[rest.length - 1] === 'be' ? rest.length - 1 : -1;
      return { ...out, type: 'value', subject: be > 0 ? doer(whAt + 2, whAt + 2 + be) : null };
    }
    if (MODALS.has(next)) {
      // "what should an implementation do (when ...)": the implementation acts
      const doAt = words.findIndex((w, k) => k > whAt + 2 && w === 'do');
      return { ...out, type: 'action', subject: doAt > 0 ? doer(whAt + 2, doAt) : null };
    }
    return { ...out, type: 'name' };
  }
  // "what kind / type / sort of N is X": the class X belongs to, which X's defining sentence states
  if (next && /^(?:kind|type|sort|class)$/.test(next) && words[whAt + 2] === 'of') {
    // (the verb right after a noun of one or two words: "what kind of host may X be located on" asks for a host)
    const be = [whAt + 4, whAt + 5].find((k) => BE.has(words[k] ?? ''));
    if (be && be < words.length - 1 && !words.slice(be + 1).some((w) => PASSIVE_MODAL.test(w) || HOW_DESCRIBE.test(w)))
      return { ...out, type: 'definition', subject: doer(be + 1, toks.length), frame: [next] };
  }
  if (next && BE.has(next)) {
    const after = toks.slice(whAt + 2);
    const afterWords = after.map((t) => t.text);
    // "what is the weakness called 'X'": the quoted term named by the participle is what is asked about
    const namedQuote = /\b(?:called|named|termed|known\s+as)\s+(?:['"\u2018\u201c])([^'"\u2019\u201d]+)['"\u2019\u201d]/i.exec(asking);
    if (namedQuote) return { ...out, type: 'definition', subject: namedQuote[1], frame: ['called'] };
    // "what is X, the Y in Z": an apposition after the comma restates X; asked as "what is X"
    const comma = after.findIndex((t, k) => k > 0 && asking.slice(after[k - 1].end, t.start).includes(','));
    if (comma > 0 && /^(?:the|a|an)$/.test(afterWords[comma] ?? '') && after.slice(0, comma).some((t) => !STOPWORDS.has(t.text)))
      return askedType(`${toks[whAt].raw} ${toks[whAt + 1].raw} ${asking.slice(after[0].start, after[comma - 1].end)}?`);
    // "what is the Agent-Remote-Id": a term written as one hyphenated or camel-case compound is a name as a whole,
    // its last part ("Id", "Value") no head noun asking for a kind of value
    const bareAt = after.length && /^(?:the|a|an)$/.test(afterWords[0]) ? 1 : 0;
    const compound = after.length > bareAt ? asking.slice(after[bareAt].start, after[after.length - 1].end) : '';
    if (/^[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+$|^[a-z]+[A-Z][A-Za-z0-9]*$/.test(compound)) return { ...out, type: 'definition', subject: compound };
    // "what is the largest packet X may send", "what is the shortest delay": the superlative of an adjective of
    // measure before the noun asks for the quantity, whatever the noun
    if (afterWords[0] === 'the' && measureSuperlative(afterWords[1] ?? '') && after.length > 2)
      return { ...out, type: 'value', ...nounPhrase(toks, whAt + 3, asking) };
    // "what is counted / held / reported by X": what X counts, holds or reports (a describing verb in the passive)
    if (afterWords[1] === 'by' && after.length > 2 && describingParticiple(afterWords[0]))
      return askedType(
        `${toks[whAt].raw} does ${after
          .slice(2)
          .map((t) => t.raw)
          .join(' ')} ${describingParticiple(afterWords[0])}?`,
      );
    // "what is meant by X"
    if (afterWords[0] === 'meant' || (afterWords[0] === 'the' && afterWords[1] === 'meaning'))
      return {
        ...out,
        type: 'definition',
        subject: after
          .slice(afterWords[0] === 'meant' ? 2 : 3)
          .map((t) => t.raw)
          .join(' '),
        frame: [afterWords[0] === 'meant' ? 'meant' : 'meaning'],
      };
    // "what is the purpose / role / function of X": what X is for, read like a definition of X
    if (afterWords[0] === 'the' && PURPOSE.test(afterWords[1] ?? '') && afterWords[2] === 'of' && after.length > 3)
      return {
        ...out,
        type: 'definition',
        subject: after
          .slice(3)
          .map((t) => t.raw)
          .join(' '),
        frame: [afterWords[1]],
      };
    // "what is X made of / composed of", "what is X meant / intended for": the parts of X, what X is for; a definition
    // of X (reading what-participle: the participle's preposition ends the question or its clause)
    const participleAt = afterWords.findIndex((w, k) => k > 0 && ['made', 'purpose'].includes(describingVerbAt(afterWords, k)?.reading ?? ''));
    if (participleAt > 0) {
      const verb = describingVerbAt(afterWords, participleAt)!;
      const end = participleAt + verb.length;
      const closes = end === after.length || asking.slice(after[end - 1].end, after[end].start).includes(',');
      if ((closes || verb.reading === 'purpose') && after.slice(0, participleAt).some((t) => !STOPWORDS.has(t.text)))
        return {
          ...out,
          type: 'definition',
          subject: asking.slice(after[0].start, after[participleAt - 1].end),
          frame: afterWords.slice(participleAt, end),
        };
    }
    // "what is X used for", "what are TEKs used for while a method runs": likewise
    const usedFor = afterWords.findIndex((w, k) => k > 0 && w === 'used' && afterWords[k + 1] === 'for');
    if (usedFor > 0 && after.length > 3)
      return {
        ...out,
        type: 'definition',
        subject: after
          .slice(0, usedFor)
          .map((t) => t.raw)
          .join(' '),
        frame: ['used'],
      };
    // "what is X called / named", "what is X called in IEEE 802.1X": a name
    const calledAt = afterWords.findIndex(
      (w, k) => k > 0 && /^(?:called|named|termed)$/.test(w) && (k === afterWords.length - 1 || NAMING_SCOPE.has(afterWords[k + 1])),
    );
    if (calledAt > 0) return { ...out, type: 'name', frame: [afterWords[calledAt]] };
    // "what is the X of Y": the X (an attribute) of Y; "what is X synonymous with": a name
    const ofAt = afterWords.indexOf('of');
    const lastWord = afterWords[afterWords.length - 1];
    if (lastWord && PREP.has(lastWord)) return { ...out, type: 'name', ...nounPhrase(toks, whAt + 2, asking) };
    // "what is the default port for X", "what is the lifetime in Y": a typed noun before a preposition asks for that kind of value
    const prepAt = afterWords.findIndex((w, k) => k > 0 && PREP.has(w));
    if (prepAt > 0 && prepAt <= 4) {
      const np = nounPhrase(toks, whAt + 2, asking);
      // (a head written as a name asks for the thing named only as "the N of X": "what is a PDU in a bridge" asks what it is)
      const typed = typeOfHead(np.head, np.plural, afterWords[0] === 'the' && afterWords[prepAt] === 'of' ? asking : '');
      if (typed !== 'name' && typed !== 'list') return { ...out, type: typed, ...np };
    }
    // "what is the largest length allowed for X": a typed noun phrase, a participle, then a preposition
    const participle = afterWords.findIndex((w, k) => k > 1 && k <= 7 && /ed$/.test(w) && PREP.has(afterWords[k + 1] ?? ''));
    if (participle > 0) {
      const np = nounPhrase(toks, whAt + 2, asking);
      const typed = typeOfHead(np.head, np.plural, asking);
      if (typed !== 'name' && typed !== 'list' && np.head && afterWords.indexOf(np.head) === participle - 1) return { ...out, type: typed, ...np };
    }
    // "what is its Length value", "what is the default port": a noun phrase alone whose head asks for a kind of value
    const whole = nounPhrase(toks, whAt + 2, asking);
    // ("what is XDR", "what is an Endpoint": a name alone asks what it is)
    const wholeType = typeOfHead(whole.head, whole.plural);
    const bare = after.filter((t, k) => !(k === 0 && /^(?:the|a|an|its|their|this|that)$/.test(t.text)));
    if (wholeType !== 'name' && wholeType !== 'list' && whole.phrase.length === bare.length) return { ...out, type: wholeType, ...whole };
    // "what are the papers that cite X": a relative clause asks for the things it restricts, not a definition
    const relative = afterWords.findIndex((w) => ['that', 'which', 'who', 'whom', 'whose'].includes(w));
    if ((ofAt > 0 && ofAt <= 4) || relative > 0) {
      const np = nounPhrase(toks, whAt + 2, asking);
      return { ...out, type: typeOfHead(np.head, np.plural, asking), ...np };
    }
    return { ...out, type: 'definition', subject: after.map((t) => t.raw).join(' ') };
  }
  // "which TCP port", "what attribute type number", "which entities"
  const np = nounPhrase(toks, whAt + 1, asking);
  // "between which values must X lie": the two ends of a range
  if (words[whAt - 1] === 'between' && typeOfHead(np.head, np.plural, asking) === 'value') return { ...out, type: 'value', ...np, head: 'range' };
  // "what Framed-MTU should X report": a named attribute's value
  if (new RegExp(String.raw`\b${wh}\s+[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+\s+(?:${[...AUX].join('|')})\b`, 'i').test(asking))
    return { ...out, type: 'value', ...np };
  const type = typeOfHead(np.head, np.plural, asking);
  return { ...out, type, ...np };
}

/** The answer type a head noun asks for (source: the sentence it was read from, to see how the head is written). */
function typeOfHead(head: string | null, plural: boolean, source = ''): AnswerType {
  if (!head) return 'name';
  if (HEAD_CONDITION.has(head)) return 'condition';
  if (HEAD_PORT.has(head)) return 'port';
  if (HEAD_DATE.has(head)) return 'date';
  if (HEAD_VALUE.has(head)) return 'value';
  if (HEAD_CODE.has(head)) return 'code';
  // a head written as the name of a field or of a quantity ("which Option-Type identifies X", "what is the Type
  // of X", "to what link MTU"): the thing named, whose value may be a number or a word, not a name as such
  if (!plural && !DOCUMENT_NOUNS.has(head) && writtenAsName(head, source)) return 'value';
  return plural ? 'list' : 'name';
}

/**
 * Whether a head noun is written in the question as a proper name of a thing: the last part of a hyphenated
 * compound in capitals ("Option-Type"), a capitalised common noun inside the sentence ("the Type of"), or an
 * acronym in capitals of two to five letters ("MTU"). A name of a field or a quantity, read as the thing it names.
 */
function writtenAsName(head: string, source: string): boolean {
  const word = head.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // (the head's first occurrence, the one in the asking phrase: "which key serves as the X-Key" asks for a key)
  const m = new RegExp(String.raw`(^|[\s(\-/])(${word})(?![\p{L}\p{N}])`, 'iu').exec(source);
  if (!m) return false;
  const raw = m[2];
  const at = m.index + m[1].length;
  const opensSentence = !source.slice(0, at).trim() || /[.?!:]\s*$/.test(source.slice(0, at));
  if (m[1] === '-' && /^\p{Lu}/u.test(raw)) return true;
  if (/^\p{Lu}{2,5}$/u.test(raw) && raw.length === head.length) return true;
  // (a capitalised word after another is part of a longer proper name: "the Print Server")
  const before = /(\S+)\s*$/.exec(source.slice(0, at))?.[1] ?? '';
  return !opensSentence && /^\p{Lu}\p{Ll}+$/u.test(raw) && !/^\p{Lu}/u.test(before);
}

const NP_POS = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM', 'X']);

/** The noun phrase after token i (part-of-speech tags): "which [TCP port] is"; its head is its last noun (source: the text the tokens were read from). */
function nounPhrase(toks: ReturnType<typeof tokenize>, i: number, source = ''): { head: string | null; phrase: string[]; plural: boolean } {
  const rest = toks.slice(i);
  if (!rest.length) return { head: null, phrase: [], plural: false };
  const tags = posTags(rest.map((t) => t.raw).join(' '));
  // (the tags stand for the tokens one by one: what joined two tokens in the question can be read)
  const aligned = !!source && tags.length === rest.length;
  const phrase: string[] = [];
  let head: string | null = null;
  let headRaw = '';
  for (let k = 0; k < tags.length && phrase.length < 6; k++) {
    const t = tags[k];
    if (!phrase.length && (t.pos === 'DET' || /^(?:other|its|their|his|her|our|your|whose)$/.test(t.lower))) continue;
    // "which earlier RFC", "which later version": an adverb-tagged comparative before the noun belongs to the phrase
    if (!phrase.length && t.pos === 'ADV' && NP_POS.has(tags[k + 1]?.pos ?? '')) {
      phrase.push(t.lower);
      continue;
    }
    // "which Termination-Action value causes an ...": a word followed by a determiner is the verb, not the phrase's head
    // ("which X value marks that ...": a conjunction after it too)
    if (head && ['DET', 'PRON', 'SCONJ'].includes(tags[k + 1]?.pos ?? '') && /s$/.test(t.lower) && t.pos === 'NOUN') break;
    if (t.pos === 'PUNCT' && (t.text === '-' || t.text === '/') && phrase.length) continue;
    // a hyphen-joined compound is one name whatever its parts are tagged ("Widget-Reset-Cause value")
    const glued = aligned && k > 0 && /^[-/]$/.test(source.slice(rest[k - 1].end, rest[k].start));
    if (phrase.length && (glued || /^[-/]$/.test(tags[k - 1]?.text ?? '')) && /^[A-Za-z0-9]+$/.test(t.text)) {
      phrase.push(t.lower);
      head = t.lower;
      headRaw = t.text;
      continue;
    }
    // a tagger's slip: a verb-tagged word right before a noun is part of the phrase ("what attribute type number"),
    // and so is one right after the question word when a verb follows it ("which attribute holds", "what name is given":
    // a question word before a verb is a determiner, and a noun stands between them)
    const slip = t.pos === 'VERB' && !phrase.length && k === 0 && ['VERB', 'AUX'].includes(tags[k + 1]?.pos ?? '');
    // and a verb-tagged last word after the phrase's nouns is its head: a question does not end on a verb with
    // no object ("... holds the value of which RADIUS attribute?")
    const last = phrase.length > 0 && t.pos === 'VERB' && tags.slice(k + 1).every((x) => x.pos === 'PUNCT');
    // and so is a verb-tagged base form between a singular noun and a noun ("which WIDGET field number carries"):
    // a singular subject takes no base-form verb
    const inner =
      phrase.length > 0 &&
      t.pos === 'VERB' &&
      /^[a-z]+$/.test(t.lower) &&
      !/(?:[^s]s|ed|ing)$/.test(t.lower) &&
      ['NOUN', 'PROPN'].includes(tags[k - 1]?.pos ?? '') &&
      !looksPlural(tags[k - 1]?.text ?? '') &&
      ['NOUN', 'PROPN'].includes(tags[k + 1]?.pos ?? '');
    const ok =
      NP_POS.has(t.pos) || slip || last || inner || (t.pos === 'VERB' && !phrase.length && NP_POS.has(tags[k + 1]?.pos ?? '') && tags[k + 1]?.pos !== 'ADJ');
    if (!ok || STOPWORDS.has(t.lower)) break;
    phrase.push(t.lower);
    // an adjective-tagged last word before the verb is the head ("which state machine constant does"), and so is one
    // alone before a verb ("which key serves as ...": a question word's phrase does not end on an adjective)
    const beforeVerb = ['VERB', 'AUX'].includes(tags[k + 1]?.pos ?? '');
    if (t.pos !== 'ADJ' || ((head || beforeVerb) && !NP_POS.has(tags[k + 1]?.pos ?? '') && tags[k + 1]?.pos !== 'PUNCT')) {
      head = t.lower;
      headRaw = t.text;
    }
  }
  const plural = !!head && looksPlural(headRaw);
  return { head, phrase, plural };
}

/** Whether a noun as written looks plural: it ends in an "s" after another letter, but an acronym in capitals is
 * no plural ("GPS", "DNS"), nor a Latin singular in -us ("status", "campus"), nor a short word ("gas", "bus"). */
function looksPlural(raw: string): boolean {
  return /[^s]s$/i.test(raw) && !/[a-z]us$/.test(raw) && raw.length > 3 && raw !== raw.toUpperCase();
}

/** The subject after an auxiliary: "how does the spec define [a RADIUS proxy]", "how is [the Session-Id] constructed". */
function subjectAfterAux(toks: ReturnType<typeof tokenize>, i: number): string | null {
  // (a subordinate clause after the verb says when, not what: "how is X named when no rule applies")
  const clause = toks.findIndex((t, k) => k > i + 1 && SUBORDINATE.test(t.text));
  const rest = toks.slice(i, clause > 0 ? clause : toks.length).filter((t) => !AUX.has(t.text) && t.text !== 'be');
  const verbAt = rest.findLastIndex((t) => HOW_DESCRIBE.test(t.text));
  // "how does the spec define [a RADIUS proxy]": after the verb; "how is [the EAP Session-Id] constructed": before it
  // ("how is [the Session-Id] formed for EAP-PSK": a preposition after the verb opens a qualifier)
  const after = verbAt >= 0 && verbAt + 1 < rest.length && !PREP.has(rest[verbAt + 1].text);
  // (no describing verb: a participle ending the clause is its verb, "how is X named / packed")
  const participle = verbAt < 0 && rest.length > 1 && /[a-z]ed$/.test(rest[rest.length - 1].text);
  const tail =
    verbAt >= 0 ? (after ? rest.slice(verbAt + 1) : verbAt > 0 ? rest.slice(0, verbAt) : rest.slice(verbAt + 1)) : participle ? rest.slice(0, -1) : rest;
  // ("how may X be loosely defined": the adverb before the verb is no part of X)
  return tail.length ? withoutAdverbs(tail) || null : null;
}

/** Subordinating words that open a clause saying when or under what condition. */
const SUBORDINATE = /^(?:when|whenever|if|unless|while|once|after|before|until)$/;

/** The words of a term as written, less the adverbs that end it ("delivered reliably" -> "delivered"). */
function withoutAdverbs(toks: ReturnType<typeof tokenize>): string {
  let end = toks.length;
  while (end > 1 && /ly$/.test(toks[end - 1].text) && posTags(toks[end - 1].raw)[0]?.pos === 'ADV') end--;
  return toks
    .slice(0, end)
    .map((t) => t.raw)
    .join(' ');
}

/** A describing verb's past participle ("counted", "held", "reported"), as the base form a question puts after "does"; null for another word. */
function describingParticiple(word: string): string | null {
  const irregular: Record<string, string> = { held: 'hold' };
  if (irregular[word]) return irregular[word];
  if (!/ed$/.test(word)) return null;
  const bases = [word.slice(0, -2), word.slice(0, -1), word.slice(0, -3)];
  return bases.find((b) => DESCRIBE_VERBS.has(b) || REPORT_VERBS.test(b)) ?? null;
}

/**
 * What a question asks of a predicate beyond its arguments: the purpose it serves, the reason it holds, or
 * what results from it. Read from general English question syntax only; the answer type is unchanged
 * (answerTypeOf), this says which clause of the answering sentence holds the answer:
 * - `reason`: "why ...", "for what reason ...", "what is the reason / rationale / motivation for X";
 * - `purpose`: "for what purpose ...", "to what end ...", "what is X used / needed / meant for", "what is X
 *   for", "what is the purpose / aim / goal of X", "what does X serve to do", a question ending in "for";
 * - `result`: "what happens when / if / after ...", "what is the result / effect / consequence of X", "what
 *   does X cause / lead to / result in".
 * Null for any other question.
 */
export type PurposeAsked = 'purpose' | 'reason' | 'result';

// (the words of asking a reason, a purpose or a result: nlp/lexicon clause-question-words)
const REASON_NOUN = new Set(CLAUSE_QUESTION_WORDS['reason-nouns']);
const PURPOSE_NOUN = new Set(CLAUSE_QUESTION_WORDS['purpose-nouns']);
const RESULT_NOUN = new Set(CLAUSE_QUESTION_WORDS['result-nouns']);
const RESULT_VERB = new Set(CLAUSE_QUESTION_WORDS['result-verbs']);
const CAUSE_VERB = new Set(CLAUSE_QUESTION_WORDS['cause-verbs']);

export function purposeAsked(question: string): PurposeAsked | null {
  // the last sentence that asks (a scenario may come first)
  const parts = question.split(/(?<=[.?!])\s+/).filter((p) => p.trim());
  const asking = [...parts].reverse().find((p) => tokenize(p).some((t) => WH.has(t.text))) ?? parts[parts.length - 1] ?? question;
  const words = tokenize(asking).map((t) => t.text);
  const whAt = words.findIndex((w) => WH.has(w));
  if (whAt < 0) return null;
  const wh = words[whAt];
  const after = words.slice(whAt + 1);
  if (wh === 'why') return 'reason';
  // "for what reason / purpose", "to what end", "with what aim"
  const before = words[whAt - 1];
  if ((wh === 'what' || wh === 'which') && before && /^(?:for|to|with)$/.test(before)) {
    if (REASON_NOUN.has(after[0] ?? '')) return 'reason';
    if (PURPOSE_NOUN.has(after[0] ?? '') || (before === 'to' && after[0] === 'end')) return 'purpose';
  }
  if (wh !== 'what') return null;
  // "what happens when / if ...", "what occurs after ..."
  if (RESULT_VERB.has(after[0] ?? '') || (after[0] === 'will' && RESULT_VERB.has(after[1] ?? ''))) return 'result';
  // "what is the reason for X", "what is the purpose of X", "what is the effect of X"
  if (BE.has(after[0] ?? '')) {
    const noun = after[1] === 'the' || after[1] === 'a' || after[1] === 'an' || after[1] === 'its' ? after[2] : after[1];
    const prep = after[1] === 'the' || after[1] === 'a' || after[1] === 'an' || after[1] === 'its' ? after[3] : after[2];
    if (noun && prep && /^(?:of|for|behind)$/.test(prep)) {
      if (REASON_NOUN.has(noun)) return 'reason';
      if (PURPOSE_NOUN.has(noun)) return 'purpose';
      if (RESULT_NOUN.has(noun)) return 'result';
    }
  }
  // "what is X used / needed / meant / intended for", "what is X for", "what does X serve"
  const last = words[words.length - 1];
  if (last === 'for' && BE.has(after[0] ?? '')) return 'purpose';
  // ("what is used for X" asks what is used: the participle must follow a subject)
  if (words.some((w, k) => k > whAt + 2 && /^(?:used|needed|meant|intended|required|designed)$/.test(w) && words[k + 1] === 'for')) return 'purpose';
  if (/^(?:do|does|did)$/.test(after[0] ?? '') && words.some((w, k) => k > whAt + 1 && /^(?:serve|serves)$/.test(w))) return 'purpose';
  // "what does X cause / lead to / result in"
  // (the verb ends the question or takes its preposition: "the termination cause indicate" has no such verb)
  if (
    /^(?:do|does|did|can|could|may|might|will|would)$/.test(after[0] ?? '') &&
    words.some((w, k) => k > whAt + 2 && CAUSE_VERB.has(w) && (k === words.length - 1 || /^(?:to|in)$/.test(words[k + 1] ?? '')))
  )
    return 'result';
  return null;
}
