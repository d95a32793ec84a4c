// Pass 2, tag repairs: wink-nlp's tagger errs often on technical prose; these rules retag a token by
// its neighbours and general grammar (agreement, what WordNet lists a word as, the closed classes).
// Three kinds, applied in this order for each token, then the sentence-level ones:
//  - span repairs (SPAN_REPAIRS) join or drop tokens: a bracketed year or reference number, a complex
//    preposition, a date, a demonstrative before its noun, a relative pronoun before its verb;
//  - token repairs (TOKEN_REPAIRS), a table in order: each may change the tag the ones before it left,
//    reading the repaired tokens before it and the tokens as tagged after it. Most are token patterns
//    (nlp/matcher.ts: `before`, `focus`, `after`); the rest a predicate in code;
//  - sentence repairs (SENTENCE_REPAIRS): a sentence without a finite verb gets one, plural nouns
//    read as verbs inside an object become nouns.
// A repaired token lists the ids of the rules that retagged it (`repairs`), for the trace.
import { contextMatches } from '../../nlp/matcher';
import { ARTICLES, RELATIVE_PRONOUNS } from '../../nlp/lexicon';
import { next, PREDICATES, prev } from './repair-rule';
import { TOKEN_REPAIRS } from './tag-rules';
import { isMonthWord } from '../../nlp/months';
import { singular } from '../../nlp/morphology';
import { capitalised, complexPreposition, finiteVerb, lower, nounInWordNet, pluralNoun, verbInWordNet } from './words';
import type { Token } from './tokens';
import type { RepairContext, TagRepair } from './repair-rule';

interface SpanRepair {
  id: string;
  statement: string;
  /** Pushes what the tokens from i become onto out and answers how many it read, or 0 when it does not apply. */
  apply: (c: RepairContext) => number;
}

/** What the sentence repairs share: the sentence had no verb before them, and none of the verbless repairs found one. */
interface SentenceState {
  verbless: boolean;
  /** A bulleted item with no finite verb, or a numbered one not ending as a sentence: a noun phrase, for which no repair finds a verb (tag.list-bullet, tag.list-number). */
  nounItem?: boolean;
}

interface SentenceRepair {
  id: string;
  statement: string;
  /** Retags tokens of the repaired sentence in place, recording its id on each. */
  apply: (out: Token[], id: string, sentence: SentenceState) => void;
}

const DAY = /^(?:[12]?\d|3[01])(?:st|nd|rd|th)?$/i;
const YEAR = /^\d{4}$/;

/** A list bullet typed as a letter or symbol ("o", "*", "-", "•"), opening a sentence before a capitalised word. */
const isBullet = (tokens: Token[]) => ['o', '*', '-', '•'].includes(tokens[0]?.text ?? '') && capitalised(tokens[1]);

/**
 * How many tokens a list item's number opening the sentence takes before the item's first word: a number,
 * a letter or a roman numeral in brackets ("(2)", "(b)", "(iv)"), or a number or letter and a closing
 * bracket ("2)", "b)"), or a number and a full stop ("3."); 0 when the sentence opens with none.
 */
function listNumber(tokens: Token[]): number {
  const at = (k: number) => tokens[k]?.text ?? '';
  const word = (k: number) => /^\p{L}/u.test(at(k));
  if (at(0) === '(' && /^(?:\d{1,2}|[a-z]|[ivx]{1,4})$/i.test(at(1)) && at(2) === ')' && word(3)) return 3;
  if (/^\d{1,2}$/.test(at(0)) && (at(1) === ')' || at(1) === '.') && word(2)) return 2;
  if (/^[a-z]$/i.test(at(0)) && at(1) === ')' && word(2)) return 2;
  return 0;
}

const SPAN_REPAIRS: SpanRepair[] = [
  {
    id: 'tag.list-bullet',
    statement:
      'A bullet ("o", "*", "-") opening a sentence before a capitalised word is left out, and an item with no finite verb is a noun phrase: no verb is found for it.',
    apply: (c) => (c.i === 0 && isBullet(c.tokens) ? 1 : 0),
  },
  {
    id: 'tag.list-number',
    statement:
      'A list item\'s number opening a sentence ("(2)", "b)", "3.") is left out; an item with no finite verb is no sentence missing its verb, and one not ending on a full stop is a noun phrase of a list: no verb is found for it.',
    apply: (c) => (c.i === 0 ? listNumber(c.tokens) : 0),
  },
  {
    id: 'tag.aside-number',
    statement: 'A bracketed year or reference number after a word is an aside, left out of the sentence.',
    apply: (c) =>
      (c.t.text === '(' || c.t.text === '[') &&
      c.i > 0 &&
      next(c, 2)?.text === (c.t.text === '(' ? ')' : ']') &&
      /^(?:1[5-9]|20)\d\d[a-z]?$|^\d{1,3}$/.test(next(c)!.text)
        ? 3
        : 0,
  },
  {
    id: 'tag.complex-preposition',
    statement: 'The words of a complex preposition ("by means of", "with respect to") are one preposition.',
    apply: (c) => {
      const cp = complexPreposition(c.tokens, c.i);
      if (!cp) return 0;
      const e = c.tokens[c.i + cp - 1];
      c.out.push({ text: c.text.slice(c.t.start, e.end), pos: 'ADP', start: c.t.start, end: e.end, repairs: ['tag.complex-preposition'] });
      return cp;
    },
  },
  {
    id: 'tag.date',
    statement: 'A capitalised month with a day, a year or both is one number (a date).',
    apply: (c) => {
      if (!isMonthWord(c.t.text) || !capitalised(c.t)) return 0;
      let j = c.i;
      const at = (k: number) => c.tokens[k]?.text ?? '';
      if (DAY.test(at(j + 1))) j++;
      if (at(j + 1) === ',' && YEAR.test(at(j + 2)) && j > c.i) j += 2;
      else if (YEAR.test(at(j + 1))) j++;
      if (j === c.i) return 0;
      c.out.push({ text: c.text.slice(c.t.start, c.tokens[j].end), pos: 'NUM', start: c.t.start, end: c.tokens[j].end, repairs: ['tag.date'] });
      return j - c.i + 1;
    },
  },
];

/** Span repairs after the name repairs: they read the token's tag as the tagger gave it. */
const LATE_SPAN_REPAIRS: SpanRepair[] = [
  {
    id: 'tag.demonstrative-determiner',
    statement:
      'A demonstrative pronoun before a word read as a verb, which a finite verb agreeing with it as a noun follows, is a determiner and that word its noun.',
    apply: (c) => {
      const { t } = c;
      if (!/^(?:this|that|these|those)$/i.test(t.text) || t.pos !== 'PRON' || next(c)?.pos !== 'VERB' || !next(c, 2)) return 0;
      const noun = next(c)!;
      const verb = next(c, 2)!;
      const plural = /^th[eo]se$/i.test(t.text);
      const finite = (s: boolean) => verb.pos === 'AUX' || (verb.pos === 'VERB' && !/(?:ing|ed)$/.test(verb.text) && /[^s]s$/.test(verb.text) === s);
      const agrees = plural ? pluralNoun(noun) && finite(false) : !/s$|ing$|ed$/.test(noun.text) && finite(true);
      if (!agrees || !nounInWordNet(singular(noun.text.toLowerCase()))) return 0;
      const id = 'tag.demonstrative-determiner';
      c.out.push({ ...t, pos: 'DET', repairs: [id] }, { ...noun, pos: 'NOUN', repairs: [id] });
      return 2;
    },
  },
  {
    id: 'tag.that-relative',
    statement: '"That" after a noun, before a lower-case noun and a determiner, opens a relative clause: the noun is its verb.',
    apply: (c) => {
      if (
        lower(c.t) !== 'that' ||
        c.t.pos !== 'DET' ||
        !['NOUN', 'PROPN'].includes(prev(c)?.pos ?? '') ||
        next(c)?.pos !== 'NOUN' ||
        capitalised(next(c)) ||
        next(c, 2)?.pos !== 'DET'
      )
        return 0;
      const id = 'tag.that-relative';
      c.out.push({ ...c.t, pos: 'PRON', repairs: [id] }, { ...next(c)!, pos: 'VERB', repairs: [id] });
      return 2;
    },
  },
  {
    id: 'tag.relative-agreeing-verb',
    statement:
      'After a noun, "that/which/who" and a word read as a noun that agrees with that noun as its verb would, before a noun phrase, open a relative clause.',
    apply: (c) => {
      const { t } = c;
      const n1 = next(c);
      const n2 = next(c, 2);
      const p = prev(c);
      if (
        !/^(?:that|which|who)$/i.test(t.text) ||
        (t.pos === 'PRON' && lower(t) === 'that') ||
        !p ||
        !['NOUN', 'PROPN'].includes(p.pos) ||
        n1?.pos !== 'NOUN' ||
        capitalised(n1) ||
        /(?:ing|ed)$/.test(n1.text) ||
        // (an "-s" word before a noun may be the plural subject of an object relative)
        !(['DET', 'ADJ', 'PROPN'].includes(n2?.pos ?? '') || (n2?.pos === 'NOUN' && !/[^s]s$/.test(n1.text))) ||
        pluralNoun(p) !== !/[^s]s$/.test(n1.text)
      )
        return 0;
      const id = 'tag.relative-agreeing-verb';
      c.out.push({ ...t, pos: 'PRON', repairs: [id] }, { ...n1, pos: 'VERB', repairs: [id] });
      return 2;
    },
  },
];

/** Token repairs before the late span repairs: names. */
const NAME_REPAIRS: TagRepair[] = [
  {
    id: 'tag.name-first-word',
    statement: "A sentence's capitalised first word read as a verb or adjective (no -ing, -ed) before a capitalised name is part of the name.",
    when: (c) =>
      c.i === 0 &&
      capitalised(c.t) &&
      (c.pos === 'VERB' || c.pos === 'ADJ') &&
      !/(?:ing|ed)$/.test(c.t.text) &&
      c.tokens[1]?.pos === 'PROPN' &&
      capitalised(c.tokens[1]),
    to: 'PROPN',
  },
  {
    id: 'tag.name-inner-word',
    statement: 'A capitalised word between capitalised nouns (or after a name) is part of the name, whatever its tag.',
    when: (c) => {
      if (c.i === 0 || !capitalised(c.t) || !['VERB', 'ADJ', 'ADV', 'NOUN'].includes(c.pos)) return false;
      const near = (x: Token | undefined) => Boolean(x && capitalised(x) && (x.pos === 'PROPN' || x.pos === 'NOUN'));
      return near(c.tokens[c.i - 1]) && (near(next(c)) || c.tokens[c.i - 1].pos === 'PROPN');
    },
    to: 'PROPN',
  },
];

function applies(r: TagRepair, c: RepairContext): boolean {
  if (r.when) return r.when(c);
  const focus = c.pos === c.t.pos ? c.t : { ...c.t, pos: c.pos };
  const after = c.tokens.slice(c.i + 1);
  return (r.patterns ?? []).some((p) => contextMatches(c.out, focus, after, p, PREDICATES));
}

function retag(rules: TagRepair[], c: RepairContext, fired: string[]): void {
  for (const r of rules) {
    if (!applies(r, c)) continue;
    c.pos = typeof r.to === 'string' ? r.to : r.to(c);
    r.also?.(c);
    fired.push(r.id);
  }
}

/** Every tag repair, in the order they apply. */
export function repairRules(): { id: string; statement: string; kind: 'span' | 'token' | 'sentence'; pattern: boolean }[] {
  return [
    ...SPAN_REPAIRS.map((r) => ({ id: r.id, statement: r.statement, kind: 'span' as const, pattern: false })),
    ...NAME_REPAIRS.map((r) => ({ id: r.id, statement: r.statement, kind: 'token' as const, pattern: Boolean(r.patterns) })),
    ...LATE_SPAN_REPAIRS.map((r) => ({ id: r.id, statement: r.statement, kind: 'span' as const, pattern: false })),
    ...TOKEN_REPAIRS.map((r) => ({ id: r.id, statement: r.statement, kind: 'token' as const, pattern: Boolean(r.patterns) })),
    ...SENTENCE_REPAIRS.map((r) => ({ id: r.id, statement: r.statement, kind: 'sentence' as const, pattern: false })),
  ];
}

/** The sentence's tokens with their tags repaired (and dates, complex prepositions joined, asides dropped). */
export function repairTags(tokens: Token[], text: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const c: RepairContext = { tokens, out, i, t, pos: t.pos, text };
    const span = (rules: SpanRepair[]) => {
      for (const r of rules) {
        const read = r.apply(c);
        if (read) return read;
      }
      return 0;
    };
    let read = span(SPAN_REPAIRS);
    if (read) {
      i += read - 1;
      continue;
    }
    const fired: string[] = [];
    retag(NAME_REPAIRS, c, fired);
    read = span(LATE_SPAN_REPAIRS);
    if (read) {
      i += read - 1;
      continue;
    }
    retag(TOKEN_REPAIRS, c, fired);
    out.push(fired.length ? { ...t, pos: c.pos, repairs: fired } : t);
  }
  // (tag.list-bullet, tag.list-number: a bulleted or numbered item without a verb is a noun phrase, not a clause whose
  // verb the tagger missed)
  // (an item that does not end as a sentence does, on a full stop, question or exclamation mark, is a piece of a list
  // the sentence around it runs on: no repair finds it a verb)
  const bullet = isBullet(tokens);
  const numbered = listNumber(tokens) > 0;
  const runsOn = numbered && !['.', '?', '!'].includes(out[out.length - 1]?.text ?? '');
  const sentence = {
    verbless: !bullet && !numbered && !out.some((x) => x.pos === 'VERB' || x.pos === 'AUX'),
    nounItem: (bullet || runsOn) && !out.some(finiteVerb),
  };
  for (const r of SENTENCE_REPAIRS) r.apply(out, r.id, sentence);
  return out;
}

const retagged = (x: Token, pos: string, id: string): Token => ({ ...x, pos, repairs: [...(x.repairs ?? []), id] });

const SENTENCE_REPAIRS: SentenceRepair[] = [
  {
    id: 'tag.verbless-plural-subject-verb',
    statement:
      'In a sentence with no verb, a base-form noun after a plural noun (with a noun before it) and before its object is the verb of that plural subject.',
    apply: (out, id, sentence) => {
      if (!sentence.verbless) return;
      for (let i = 2; i + 1 < out.length; i++) {
        const x = out[i];
        if (
          x.pos === 'NOUN' &&
          !capitalised(x) &&
          !/s$/.test(x.text) &&
          out[i - 1].pos === 'NOUN' &&
          /(?:[^s]s|[^aeiou]a)$/.test(out[i - 1].text) &&
          ['DET', 'NOUN', 'ADJ', 'NUM'].includes(out[i + 1].pos) &&
          out.slice(0, i - 1).some((y) => y.pos === 'NOUN' || y.pos === 'PROPN')
        ) {
          out[i] = retagged(x, 'VERB', id);
          sentence.verbless = false;
          return;
        }
      }
    },
  },
  {
    id: 'tag.verbless-ed-verb',
    statement: "In a sentence with no verb, an -ed adjective after the subject's noun (or an adverb after it), before its object, is the verb.",
    apply: (out, id, sentence) => {
      if (!sentence.verbless) return;
      for (let i = 1; i + 1 < out.length; i++) {
        const x = out[i];
        const b = out[i - 1].pos === 'ADV' && i > 1 ? out[i - 2] : out[i - 1];
        if (x.pos === 'ADJ' && /\p{L}{3}ed$/u.test(x.text) && ['NOUN', 'PROPN'].includes(b.pos) && ['NOUN', 'DET', 'ADJ', 'PROPN'].includes(out[i + 1].pos)) {
          out[i] = retagged(x, 'VERB', id);
          sentence.verbless = false;
          return;
        }
      }
    },
  },
  {
    id: 'tag.main-verb-by-agreement',
    statement:
      'With no finite verb outside relative and subordinate clauses, a word read as a noun right after the subject\'s head (no object of a verb or of a preposition but "of") that agrees with it as a verb would (a verb in WordNet), before its object, is the main verb.',
    apply: (out, id, { nounItem }) => {
      if (nounItem) return;
      let sub = false;
      let main = false;
      const candidates: number[] = [];
      for (let i = 0; i < out.length && !main; i++) {
        const x = out[i];
        if (RELATIVE_PRONOUNS.has(lower(x)) && (x.pos === 'PRON' || lower(x) !== 'that')) sub = true;
        else if (x.pos === 'SCONJ') sub = true;
        else if ([',', ';', ':'].includes(x.text)) sub = false;
        else if (!sub && lower(out[i - 1]) !== 'to' && (x.pos === 'AUX' || (x.pos === 'VERB' && !/\p{L}{2}(?:ing|ed|en)$/u.test(x.text)))) main = true;
        else if (!sub && i >= 1 && x.pos === 'NOUN' && !capitalised(x)) candidates.push(i);
      }
      for (const i of main ? [] : candidates) {
        const x = out[i];
        const subj = out[i - 1];
        // (a sentence's first noun read as an adjective, between an article and a word before an article, is the subject's head)
        const adjectiveHead = subj.pos === 'ADJ' && i === 2 && ARTICLES.has(lower(out[0])) && ARTICLES.has(lower(out[i + 1]));
        if ((!['NOUN', 'PROPN'].includes(subj.pos) && !adjectiveHead) || !out[i + 1]) continue;
        // (a noun phrase a preposition other than "of" or a verb inside the sentence opens is their object, no subject;
        // an "of" phrase continues the subject, a participle opening the sentence modifies it)
        let k = i - 1;
        while (k >= 0 && ['NOUN', 'PROPN', 'ADJ', 'DET', 'NUM'].includes(out[k].pos)) k--;
        if (k >= 0 && ((out[k].pos === 'ADP' && lower(out[k]) !== 'of') || (out[k].pos === 'VERB' && k > 0))) continue;
        // (coordinated nouns are a plural subject)
        const plural = pluralNoun(subj) || /[^aeiou]a$/.test(subj.text) || out.slice(0, i - 1).some((y) => lower(y) === 'and');
        const agrees = /[^s]s$/.test(x.text) ? !plural : plural;
        const nx = out[i + 1];
        if (agrees && verbInWordNet(x.text) && (['DET', 'ADJ', 'NOUN', 'NUM', 'PROPN'].includes(nx.pos) || (nx.pos === 'ADP' && lower(nx) !== 'of'))) {
          out[i] = retagged(x, 'VERB', id);
          if (adjectiveHead) out[i - 1] = retagged(subj, 'NOUN', id);
          return;
        }
      }
    },
  },
  {
    id: 'tag.participles-only-verb',
    statement:
      'In a sentence with only participles, a plural noun after a noun and before a preposition (not "of") or an article, with a verb before it, is the finite verb.',
    apply: (out, id, { nounItem }) => {
      if (nounItem || out.some((x) => x.pos === 'AUX' || (x.pos === 'VERB' && !/(?:ing|ed|en)$/.test(x.text)))) return;
      for (let i = 2; i + 1 < out.length; i++) {
        const x = out[i];
        if (
          x.pos === 'NOUN' &&
          /[^s]s$/.test(x.text) &&
          !capitalised(x) &&
          out[i - 1].pos === 'NOUN' &&
          ((out[i + 1].pos === 'ADP' && lower(out[i + 1]) !== 'of') || ARTICLES.has(lower(out[i + 1]))) &&
          out.slice(0, i - 1).some((y) => y.pos === 'VERB')
        ) {
          out[i] = retagged(x, 'VERB', id);
          return;
        }
      }
    },
  },
  {
    id: 'tag.plural-inside-object',
    statement:
      "A plural noun read as a verb inside an earlier verb's object (only nominals, prepositions and conjunctions between), before a preposition or the sentence's end, with another finite verb in the sentence, is a noun.",
    apply: (out, id) => {
      for (let i = 0, verb = -1; i < out.length; i++) {
        const x = out[i];
        if (x.pos === 'VERB' || x.pos === 'AUX') {
          const inObject =
            verb >= 0 &&
            out.some((y, z) => z !== i && (y.pos === 'AUX' || (y.pos === 'VERB' && !/(?:ing|en)$/.test(y.text)))) &&
            x.pos === 'VERB' &&
            /[^s]s$/.test(x.text) &&
            !capitalised(x) &&
            ['ADJ', 'NOUN', 'PROPN'].includes(out[i - 1].pos) &&
            (!out[i + 1] || out[i + 1].pos === 'ADP' || (out[i + 1].pos === 'PUNCT' && out[i + 1].text !== '(')) &&
            out
              .slice(verb + 1, i)
              .every(
                (y, z, a) =>
                  ['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'CCONJ', 'ADP'].includes(y.pos) &&
                  !(y.pos === 'CCONJ' && ['DET', 'PRON'].includes(a[z + 1]?.pos ?? '')),
              );
          if (inObject) out[i] = retagged(x, 'NOUN', id);
          else verb = i;
        } else if (x.pos === 'PUNCT' && x.text !== ',') verb = -1;
      }
    },
  },
  {
    id: 'tag.first-verb',
    statement:
      "At the first verb: an -s verb after a noun, before a base-form verb, is the subject's plural noun; before any verb, an -s noun after a noun and before an article (or a preposition in a verbless sentence) is the verb (a word WordNet lists as no verb is not).",
    apply: (out, id, { verbless, nounItem }) => {
      for (let i = 1; i + 1 < out.length; i++) {
        const x = out[i];
        if (x.pos === 'VERB' || x.pos === 'AUX') {
          if (
            x.pos === 'VERB' &&
            /[^s]s$/.test(x.text) &&
            ['NOUN', 'PROPN'].includes(out[i - 1].pos) &&
            out[i + 1].pos === 'VERB' &&
            !/(?:ing|ed)$/.test(out[i + 1].text)
          )
            out[i] = retagged(x, 'NOUN', id);
          return;
        }
        if (
          !nounItem &&
          x.pos === 'NOUN' &&
          /[^s]s$/.test(x.text) &&
          (out[i - 1].pos === 'NOUN' || out[i - 1].pos === 'PROPN') &&
          (ARTICLES.has(lower(out[i + 1])) || (verbless && out[i + 1].pos === 'ADP')) &&
          verbInWordNet(x.text)
        ) {
          out[i] = retagged(x, 'VERB', id);
          return;
        }
      }
    },
  },
];
