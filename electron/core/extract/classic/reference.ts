// Pass 5, reference: what an end that names no one thing points at. A demonstrative end ("this
// value", "these attributes", "such an attack", "the following table") is named by, in order: the
// document ("this memo"), the clause it stands in ("this section"), the named subject of its section
// (a one-name heading under a parent heading that lists the class), the nearest earlier noun phrase
// with the same head and number that says more, what the authors just presented; else the triple is
// not made (a name outside WordNet, "this MIB", stays). A subject "it"/"they" before a full verb
// stands for the previous subject agreeing in number (propositions.ts reads it through the context).
import { ARTICLES, CATAPHORIC, DEMONSTRATIVES, DOCUMENT_NOUNS, SECTION_NOUNS } from '../../nlp/lexicon';
import { singular } from '../../nlp/morphology';
import type { Span } from '../sentences';
import type { Arg, Arguments } from './arguments';
import type { Phrase } from './tokens';
import { capitalised, lower, nounInWordNet, pluralNoun } from './words';

/** What a demonstrative end stands for, by the document's structure: the label of its node. */
export interface Referent {
  text: string;
}

/** The document's own structure, for the demonstratives that point at it or at a section's subject. */
export interface DocumentReferents {
  /** "this memo", "this document", "this specification": the document's designation. */
  self(): Referent | null;
  /** "this section": the clause holding offset. */
  section(offset: number): Referent | null;
  /**
   * The named thing the section at offset is about, when the heading says it is a `noun` (singular,
   * lower case): a one-name heading under a parent heading that lists that class, or "Name Noun".
   */
  subject(offset: number, noun: string, plural: boolean): Referent | null;
  /** Where the section holding offset starts (a demonstrative's antecedent lies after it). */
  sectionStart(offset: number): number;
}

/** A noun phrase a later demonstrative may point back at ("the Name field" ... "this field"). */
interface Antecedent extends Span {
  text: string;
  /** Its head noun, singular, lower case. */
  head: string;
  /** Its words, lower case (modifiers a demonstrative repeats must be among them). */
  words: string[];
  /** Says more than its head alone: modifiers, a name, an "of" complement. */
  specific: boolean;
  /** Its head is plural ("these packets" points back at a plural, "this field" at a singular). */
  plural: boolean;
  sentence: number;
}

/** What one sentence leaves the next: the subject a pronoun "it"/"they" opening it points back at. */
export interface SentenceContext {
  antecedent?: { start: number; end: number; text: string; plural: boolean; name: boolean } | null;
  /** The noun phrases of the sentences read before, for demonstratives ("this field"). */
  recent?: Antecedent[];
  /** Sentences read so far. */
  sentence?: number;
  /** The document's structure (its designation, sections); without it only antecedents resolve demonstratives. */
  document?: DocumentReferents | null;
  /** What the authors last said they present ("we propose a two-step approach"): "this method" after it. */
  topic?: Antecedent | null;
}

export const REFERENCE_RULES = [
  { id: 'ref.document', statement: '"This memo/document/specification" is the document\'s designation (none in a text that names none).' },
  { id: 'ref.section', statement: '"This section/appendix" is the clause it stands in.' },
  {
    id: 'ref.section-subject',
    statement: "A demonstrative is the named subject of its section when the heading says it is one of the demonstrative's class.",
  },
  {
    id: 'ref.antecedent',
    statement: 'A demonstrative is the nearest earlier noun phrase (this sentence or the three before, same section) with its head and number that says more.',
  },
  { id: 'ref.author-topic', statement: 'After the authors present something ("we propose an approach"), "this method" is what they presented.' },
  {
    id: 'ref.sentence-head',
    statement:
      'A bare common noun after "the", "every" or "each" stands for the one earlier noun phrase of its sentence with the same head that says more ("SNMP messages ... every message" is an SNMP message).',
  },
  {
    id: 'ref.generic-end',
    statement:
      'A bare common noun end whose sentence names a thing of the same head more precisely, which no rule could pick, is marked (meta.genericEnd) for the precision model.',
  },
  { id: 'ref.name', statement: 'A demonstrative before a name outside WordNet ("this MIB") keeps the name.' },
  { id: 'ref.unresolved', statement: 'A demonstrative end that points at nothing found gives no triple.' },
  {
    id: 'ref.pronoun',
    statement:
      'A subject "it"/"they" before a full verb stands for the previous subject agreeing in number (not before a copula, "have" or an expletive verb).',
  },
  { id: 'ref.possessive', statement: '"Its N is Y" after a named subject in the same sentence is an attribute of that subject.' },
];

/** Determiners of a distributive singular: "every message" may stand for the members of a plural ("messages"). */
const EVERY_EACH = new Set(['every', 'each']);

/** The demonstrative an end opens with: its noun (singular), number, kind and the noun's modifiers. */
interface Deixis {
  noun: string;
  plural: boolean;
  kind: 'anaphor' | 'such' | 'cataphor';
  words: string[];
  np: Phrase;
}

/** The reference pass of one sentence: demonstratives resolved, and its noun phrases left for the next sentences. */
export class References {
  private readonly sentenceIndex: number;
  private readonly documentRefs: DocumentReferents | null;
  private here: Antecedent[] | null = null;
  private readonly resolved = new Map<string, Phrase | null>();

  constructor(
    private readonly args: Arguments,
    private readonly context?: SentenceContext,
  ) {
    this.sentenceIndex = context?.sentence ?? 0;
    this.documentRefs = context?.document ?? null;
  }

  get documentSelf(): Referent | null {
    return this.documentRefs?.self() ?? null;
  }

  /** The demonstrative an end opens with; null when none. */
  deixisOf(p: Phrase): Deixis | null {
    const { tokens } = this.args;
    const a = p as Arg;
    // (only an end that is the noun phrase itself: not a gerund's object, not a resolved pronoun; and
    // one an "of" complement does not pin down: "this lack of feedback" says what it is)
    if (!a.np || a.start !== a.np.start || a.of) return null;
    const head = tokens[a.np.to];
    if (!head || head.pos === 'PRON' || head.pos === 'NUM') return null;
    let j = a.np.from - 1;
    if (j >= 1 && ARTICLES.has(lower(tokens[j])) && lower(tokens[j - 1]) === 'such') j--; // "such an attack"
    const d = lower(tokens[j]);
    const plural = pluralNoun(head);
    let kind: Deixis['kind'] | null = null;
    if (DEMONSTRATIVES.has(d) && tokens[j].pos !== 'SCONJ') {
      // (a determiner agrees with its noun: "that keys are kept" opens a clause)
      if ((d === 'this' || d === 'that') === plural) return null;
      kind = 'anaphor';
    } else if (d === 'such') kind = 'such';
    else if (CATAPHORIC.has(d) && lower(tokens[j - 1]) === 'the') kind = 'cataphor';
    if (!kind) return null;
    const words = tokens
      .slice(a.np.from, a.np.to)
      .filter((t) => t.pos !== 'NUM')
      .map(lower);
    return { noun: singular(head.text.toLowerCase()), plural, kind, words, np: a.np };
  }

  /** A noun phrase as a later demonstrative's antecedent (not a number, a light noun or a demonstrative itself). */
  asAntecedent(a: Arg): Antecedent | null {
    const { tokens } = this.args;
    const head = tokens[a.np.to];
    if (a.numeric || a.light || !head || head.pos === 'PRON' || head.pos === 'NUM' || this.deixisOf(a)) return null;
    const words = tokens.slice(a.from, a.to + 1).map(lower);
    return {
      start: a.start,
      end: a.end,
      text: a.text,
      head: singular(head.text.toLowerCase()),
      words,
      specific: words.length > 1,
      plural: pluralNoun(head),
      sentence: this.sentenceIndex,
    };
  }

  /** This sentence's noun phrases as antecedents. */
  private antecedentsHere(): Antecedent[] {
    this.here ??= this.args.nps
      .map((np) => this.args.argStartingAt(np.from))
      .flatMap((a) => (a ? [this.asAntecedent(a)] : []))
      .filter((a): a is Antecedent => a !== null);
    return this.here;
  }

  /** The nearest noun phrase before `p` (this sentence, or the three before it in the same section) with the demonstrative's noun and more to say. */
  private antecedentOf(p: Phrase, d: Deixis): Antecedent | null {
    const here = this.antecedentsHere();
    const from = this.documentRefs ? this.documentRefs.sectionStart(p.start) : 0;
    const candidates = [...(this.context?.recent ?? []), ...here].filter(
      (a) =>
        a.end <= p.start &&
        a.start >= from &&
        a.sentence >= this.sentenceIndex - 3 &&
        a.head === d.noun &&
        a.plural === d.plural &&
        a.specific &&
        a.words.length > d.words.length + 1 &&
        d.words.every((w) => a.words.includes(w)),
    );
    return candidates.length ? candidates.reduce((x, y) => (y.start > x.start ? y : x)) : null;
  }

  /**
   * The end itself, or what its demonstrative points at (see the file's header); null when it points at
   * nothing found. A resolved end keeps the demonstrative's span and lists the rule in `rules`.
   */
  resolve(p: Phrase): Phrase | null {
    const d = this.deixisOf(p);
    if (!d) return p;
    const key = `${p.start}:${p.end}`;
    if (this.resolved.has(key)) return this.resolved.get(key)!;
    const documentRefs = this.documentRefs;
    const bare = d.kind === 'anaphor' && !d.plural && !d.words.length;
    let r: Referent | null = null;
    let rule = '';
    if (bare && DOCUMENT_NOUNS.has(d.noun)) [r, rule] = [documentRefs?.self() ?? null, 'ref.document'];
    else if (bare && SECTION_NOUNS.has(d.noun)) [r, rule] = [documentRefs?.section(p.start) ?? null, 'ref.section'];
    else {
      [r, rule] = [documentRefs?.subject(p.start, d.noun, d.plural) ?? null, 'ref.section-subject'];
      if (!r && d.kind !== 'cataphor') [r, rule] = [this.antecedentOf(p, d), 'ref.antecedent'];
      const topic = this.context?.topic;
      if (!r && d.kind === 'anaphor' && topic && topic.sentence >= this.sentenceIndex - 2 && topic.sentence < this.sentenceIndex && topic.plural === d.plural)
        [r, rule] = [topic, 'ref.author-topic'];
    }
    // (the end keeps the demonstrative's span, where the sentence mentions it; its text is what it names)
    const out: Phrase | null = r
      ? { from: p.from, to: p.to, start: p.start, end: p.end, text: r.text, rules: [rule] }
      : capitalised(this.args.tokens[d.np.to]) && !nounInWordNet(d.noun) // a name ("this MIB"), not a capitalised common noun ("this Attribute")
        ? p // ref.name
        : null; // ref.unresolved
    this.resolved.set(key, out);
    return out;
  }

  /**
   * ref.sentence-head: the fuller noun phrase of this sentence a bare common noun end stands for, with
   * the end's own head word ("every message" after "SNMP messages": "SNMP message"); `fuller: false`
   * when the sentence names more than one such thing or names it only later (ref.generic-end); null when
   * the end is no bare common noun or nothing in the sentence says more.
   */
  fullerInSentence(p: Phrase): { phrase: Phrase; fuller: true } | { fuller: false } | null {
    const { tokens, text } = this.args;
    const a = p as Arg;
    if (!a.np || a.start !== a.np.start || a.of || a.np.from !== a.np.to || a.name || a.numeric) return null;
    const head = tokens[a.np.to];
    if (head.pos !== 'NOUN' || capitalised(head)) return null;
    const noun = singular(head.text.toLowerCase());
    const plural = pluralNoun(head);
    const determiner = lower(tokens[a.np.from - 1] ?? head);
    // (a noun phrase with this head and words before it, no complement: the head word is its last)
    const same = this.args.nps
      .filter((np) => np.from < np.to && np.to !== a.np.to && singular(tokens[np.to].text.toLowerCase()) === noun)
      .map((np) => ({ np, plural: pluralNoun(tokens[np.to]) }));
    if (!same.length) return null;
    const before = same.filter((x) => x.np.end <= p.start);
    const named = new Set(same.map((x) => text.slice(x.np.start, tokens[x.np.to].start).replace(/\s+/g, ' ').toLowerCase()));
    const agrees = (x: { plural: boolean }) => x.plural === plural || (EVERY_EACH.has(determiner) && x.plural && !plural);
    const only = before.length && named.size === 1 && agrees(before[before.length - 1]) ? before[before.length - 1].np : null;
    if (!only || !(determiner === 'the' || EVERY_EACH.has(determiner))) return { fuller: false };
    const phraseText = `${text.slice(only.start, tokens[only.to].start)}${head.text}`.replace(/\s+/g, ' ');
    return { fuller: true, phrase: { from: p.from, to: p.to, start: p.start, end: p.end, text: phraseText, rules: ['ref.sentence-head'] } };
  }

  /** Hands this sentence's noun phrases and first subject on to the next sentence. */
  finish(antecedent: SentenceContext['antecedent']): void {
    const context = this.context;
    if (!context) return;
    context.antecedent = antecedent;
    const here = this.antecedentsHere();
    context.recent = [...(context.recent ?? []).filter((a) => a.sentence >= this.sentenceIndex - 3), ...here];
    context.sentence = this.sentenceIndex + 1;
  }

  /** Sets what the authors present, once per sentence ("we propose a two-step approach"). */
  private topicSet = false;
  setTopic(a: Arg): void {
    if (!this.context || this.topicSet) return;
    const t = this.asAntecedent(a);
    if (t) {
      this.context.topic = t;
      this.topicSet = true;
    }
  }
}
