// The token repairs of pass 2, in the order they apply (repairs.ts applies them): each retags the
// token it is at, reading the repaired tokens before it and the tokens as tagged after it. Most are
// token patterns (nlp/matcher.ts); the ones that count agreement or look far are predicates in code.
import { ARTICLES, BARE_INFINITIVE_OBJECT_VERBS, BE, COMPOUND_ADJECTIVE_HEADS, LINKING_VERBS, POSSESSIVES, RELATIVE_PRONOUNS } from '../../nlp/lexicon';
import { singular } from '../../nlp/morphology';
import { isAdjectiveInWordNet as adjectiveInWordNet } from '../../nlp/senses';
import type { RepairContext, TagRepair } from './repair-rule';
import type { TokenPredicate } from '../../nlp/matcher';
import type { Token } from './tokens';
import { capitalised, lower, nounInWordNet, pluralNoun, verbInWordNet } from './words';

const MODALS = ['may', 'might', 'must', 'shall', 'should', 'can', 'could', 'will', 'would'];
/** A name written with hyphens, capital first ("Framed-Routing", "Foo-Bar-Address"). */
const HYPHENATED_NAME = '^\\p{Lu}[\\p{L}\\d]*(?:-[\\p{L}\\d]+)+$';
export const prev = (c: RepairContext, k = 1): Token | undefined => c.out[c.out.length - k];
export const next = (c: RepairContext, k = 1): Token | undefined => c.tokens[c.i + k];
/** A base form by its ending: no "-s" (but "-ss"), "-ed", "-en", "-ing". */
const baseForm = (w: string) => !/(?:[^s]s|ed|en|ing)$/.test(w);

/** Predicates the token patterns name in `_`. */
export const PREDICATES: Record<string, TokenPredicate<Token>> = {
  capitalised: (t) => capitalised(t),
  nounInWordNet: (t) => nounInWordNet(t.text),
  verbInWordNet: (t) => verbInWordNet(t.text),
  singularNoun: (t) => nounInWordNet(singular(t.text.toLowerCase())),
  adjectiveInWordNet: (t) => adjectiveInWordNet(t.text),
};

const tag = (c: RepairContext, k: number, pos: string, id: string) => {
  const x = c.out[c.out.length - k];
  c.out[c.out.length - k] = { ...x, pos, repairs: [...(x.repairs ?? []), id] };
};

export const TOKEN_REPAIRS: TagRepair[] = [
  {
    id: 'tag.quantity-bound',
    statement: '"at most", "at least" before a number or determiner bound a count: adverbs, no preposition opening a phrase.',
    patterns: [
      { focus: { LOWER: 'at' }, after: [{ LOWER: { IN: ['most', 'least'] } }, { POS: { IN: ['NUM', 'DET'] } }] },
      { before: [{ LOWER: 'at' }], focus: { LOWER: { IN: ['most', 'least'] } }, after: [{ POS: { IN: ['NUM', 'DET'] } }] },
    ],
    to: 'ADV',
  },
  {
    id: 'tag.list-item',
    statement: 'A base-form verb between a noun\'s comma and a conjunction is an item of the list ("precision, recall and F-measure").',
    patterns: [
      {
        before: [{ POS: { IN: ['NOUN', 'PROPN'] } }, { TEXT: ',' }],
        focus: { POS: 'VERB', TEXT: { REGEX: '^(?!.*(?:[^s]s|ed|ing)$)' } },
        after: [{ LOWER: { IN: ['and', 'or'] } }],
      },
    ],
    to: 'NOUN',
  },
  {
    id: 'tag.adverb-before-participle',
    statement: 'A word read as an adverb (no -ly) before a participle and a noun is their adjective.',
    patterns: [{ focus: { POS: 'ADV', TEXT: { REGEX: '^(?!.*ly$)' } }, after: [{ POS: 'VERB', TEXT: { REGEX: '\\p{L}{2}ed$' } }, { POS: 'NOUN' }] }],
    to: 'ADJ',
  },
  {
    id: 'tag.participle-before-article',
    statement:
      "An -ing noun before an article is a participle taking its object (no noun phrase runs on into an article); an adjective after a noun before it, when WordNet lists it as a noun, is the phrase's head.",
    when: (c) => c.pos === 'NOUN' && /\p{L}{2}ing$/u.test(c.t.text) && ARTICLES.has(lower(next(c))) && !capitalised(c.t),
    to: 'VERB',
    also: (c) => {
      const b = prev(c);
      // (a postposed adjective that is no noun, "-able" or "-ible", stays: "the rate achievable using the")
      if (b?.pos === 'ADJ' && !capitalised(b) && ['NOUN', 'PROPN'].includes(prev(c, 2)?.pos ?? '') && nounInWordNet(b.text))
        tag(c, 1, 'NOUN', 'tag.participle-before-article');
    },
  },
  {
    id: 'tag.noun-after-hyphenated-name',
    statement:
      'A base form after a determiner and a hyphenated name, before a preposition, punctuation, auxiliary, conjunction or an -s verb, is the noun the name modifies (a singular subject takes an -s verb).',
    when: (c) =>
      c.pos === 'VERB' &&
      baseForm(c.t.text) &&
      !capitalised(c.t) &&
      ['PROPN', 'NOUN'].includes(prev(c)?.pos ?? '') &&
      new RegExp(HYPHENATED_NAME, 'u').test(prev(c)!.text) &&
      prev(c, 2)?.pos === 'DET' &&
      (['ADP', 'PUNCT', 'AUX', 'CCONJ'].includes(next(c)?.pos ?? 'PUNCT') || (next(c)!.pos === 'VERB' && /[^s]s$/.test(next(c)!.text))) &&
      nounInWordNet(c.t.text),
    to: 'NOUN',
  },
  {
    id: 'tag.prefixed-infinitive',
    statement: 'After "to", a prefixed word (re-, pre-, co-, de-, un-) whose stem is a verb and no noun is an infinitive, and "to" its particle.',
    when: (c) =>
      c.pos === 'NOUN' &&
      lower(prev(c)) === 'to' &&
      /^(?:re|pre|co|de|un)-\p{Ll}+$/u.test(c.t.text) &&
      !['NOUN', 'PROPN', 'ADJ'].includes(next(c)?.pos ?? '') &&
      verbInWordNet(c.t.text.replace(/^\p{Ll}+-/u, '')) &&
      !nounInWordNet(c.t.text.replace(/^\p{Ll}+-/u, '')),
    to: 'VERB',
    also: (c) => tag(c, 1, 'PART', 'tag.prefixed-infinitive'),
  },
  {
    id: 'tag.hyphenated-adjective',
    statement: 'A hyphenated compound adjective ("implementation-specific", "rule-based") is an adjective.',
    patterns: [
      {
        focus: {
          POS: { IN: ['NOUN', 'VERB'] },
          TEXT: { REGEX: '^\\p{Ll}[\\p{L}\\d]*-(?:based|driven|oriented|related|dependent|independent|specific|aware|enabled|centric|free|like|wide)$' },
        },
      },
    ],
    to: 'ADJ',
  },
  {
    id: 'tag.hyphenated-name-after-article',
    statement: 'A capitalised hyphenated word after an article is a name.',
    patterns: [{ before: [{ LOWER: { IN: [...ARTICLES] } }], focus: { POS: 'VERB', TEXT: { REGEX: HYPHENATED_NAME } } }],
    to: 'PROPN',
  },
  {
    id: 'tag.plural-before-modal',
    statement: "An -s verb right before a modal, after a noun or adjective, is the subject's plural noun.",
    patterns: [
      {
        before: [{ POS: { IN: ['NOUN', 'PROPN', 'ADJ'] } }],
        focus: { POS: 'VERB', TEXT: { REGEX: '[^s]s$' }, _: { capitalised: false } },
        after: [{ TEXT: { IN: [...MODALS, 'cannot', 'MAY', 'MUST', 'SHALL', 'SHOULD'] } }],
      },
    ],
    to: 'NOUN',
  },
  {
    id: 'tag.cannot',
    statement: '"Cannot" is a modal with its negation.',
    patterns: [{ focus: { LOWER: 'cannot' } }],
    to: 'AUX',
  },
  {
    id: 'tag.base-form-after-preposition',
    statement: 'After a preposition (not "to") no finite verb comes: a base form before a noun modifies it.',
    patterns: [
      {
        before: [{ POS: 'ADP', LOWER: { NOT_IN: ['to'] } }],
        focus: { POS: 'VERB', TEXT: { REGEX: '^(?!.*(?:[^s]s|ed|en|ing)$)' }, _: { capitalised: false, nounInWordNet: true } },
        after: [{ POS: 'NOUN' }],
      },
    ],
    to: 'NOUN',
  },
  {
    id: 'tag.compound-head-at-clause-end',
    statement: "A base form after a determiner and a singular noun, at the clause's end, is the compound's head (a singular subject takes no base form).",
    when: (c) => {
      const p = prev(c);
      const n = next(c);
      return (
        c.pos === 'VERB' &&
        baseForm(c.t.text) &&
        !capitalised(c.t) &&
        p?.pos === 'NOUN' &&
        !pluralNoun(p) &&
        !/[^aeiou]a$/.test(p.text) &&
        prev(c, 2)?.pos === 'DET' &&
        // (before a preposition it may be a participle: "a tool found in")
        (!n || (n.pos === 'PUNCT' && n.text !== '(')) &&
        nounInWordNet(c.t.text)
      );
    },
    to: 'NOUN',
  },
  {
    id: 'tag.then-adverb',
    statement: '"Then" is an adverb, no adjective of the noun phrase after it (but after a determiner).',
    patterns: [{ before: [{ POS: 'DET', OP: '!' }], focus: { LOWER: 'then', POS: 'ADJ' } }],
    to: 'ADV',
  },
  {
    id: 'tag.participle-opening-subject',
    statement:
      "A participle opening a noun phrase that is the next verb's subject (at a clause's start: the sentence's, or after \"then\", a comma, a subordinator or a determiner) modifies the noun.",
    when: (c) => {
      const p = c.tokens[c.i - 1];
      const n2 = next(c, 2);
      return (
        c.pos === 'VERB' &&
        /\p{L}{3}(?:ed|en)$/u.test(c.t.text) &&
        (c.i === 0 || ['then', ',', ';', 'the', 'a', 'an', 'these', 'those', 'all', 'some'].includes(lower(p)) || p.pos === 'SCONJ') &&
        next(c)?.pos === 'NOUN' &&
        (n2?.pos === 'AUX' || (n2?.pos === 'VERB' && !/ing$/.test(n2.text)))
      );
    },
    to: 'ADJ',
  },
  {
    id: 'tag.gerund-compound-head',
    statement: 'A gerund after a bare singular noun, with no object, is the head of their compound ("question answering", "machine learning").',
    when: (c) => {
      const p = prev(c);
      const n = next(c);
      return (
        c.pos === 'VERB' &&
        /\p{L}{3}ing$/u.test(c.t.text) &&
        p?.pos === 'NOUN' &&
        !capitalised(p) &&
        !pluralNoun(p) &&
        ['ADJ', 'NOUN', 'ADP', 'DET'].includes(prev(c, 2)?.pos ?? '') &&
        (!n || (n.pos === 'PUNCT' && n.text !== '(') || n.pos === 'CCONJ')
      );
    },
    to: 'NOUN',
  },
  {
    id: 'tag.ing-adjective-compound-head',
    statement:
      'An -ing adjective after a bare singular noun, closing the phrase (not before a preposition: a participle there), is the head of their compound.',
    when: (c) => {
      const p = prev(c);
      const n = next(c);
      return (
        c.pos === 'ADJ' &&
        /\p{L}{3}ing$/u.test(c.t.text) &&
        p?.pos === 'NOUN' &&
        !capitalised(p) &&
        !pluralNoun(p) &&
        (!n || ['PUNCT', 'CCONJ', 'AUX', 'VERB'].includes(n.pos))
      );
    },
    to: 'NOUN',
  },
  {
    id: 'tag.noun-before-agreeing-verb',
    statement: 'A base form read as a verb between a noun and an agreeing -s verb is the noun that verb agrees with (a noun in WordNet).',
    when: (c) => {
      const n = next(c);
      return (
        c.pos === 'VERB' &&
        !capitalised(c.t) &&
        !/(?:s|ing|ed)$/.test(c.t.text) &&
        ['NOUN', 'ADJ'].includes(prev(c)?.pos ?? '') &&
        n?.pos === 'VERB' &&
        /[^s]s$/.test(n.text) &&
        !/(?:ing|ed)$/.test(n.text) &&
        nounInWordNet(c.t.text)
      );
    },
    to: 'NOUN',
  },
  {
    id: 'tag.for-preposition',
    statement: '"For" before a noun phrase is a preposition (not before a pronoun or punctuation).',
    patterns: [{ focus: { LOWER: 'for', POS: 'SCONJ' }, after: [{ POS: { NOT_IN: ['PRON', 'PUNCT'] } }] }],
    to: 'ADP',
  },
  {
    id: 'tag.plural-object-of-infinitive',
    statement: 'An -s verb right after "to" and a base-form verb, before a preposition, punctuation or a conjunction, is its object, a plural noun.',
    patterns: [
      {
        before: [{ LOWER: 'to' }, { POS: 'VERB', TEXT: { REGEX: '^(?!.*(?:[^s]s|ed|en|ing)$)' } }],
        focus: { POS: 'VERB', TEXT: { REGEX: '[^s]s$' }, _: { capitalised: false } },
        after: [{ POS: { NOT_IN: ['ADP', 'PUNCT', 'CCONJ'] }, OP: '!' }],
      },
    ],
    to: 'NOUN',
  },
  {
    id: 'tag.preposition-before-gerund',
    statement: 'A preposition the tagger read as a subordinator, before a gerund, is a preposition ("a method for finding expressions").',
    patterns: [
      {
        focus: { POS: 'SCONJ', LOWER: { IN: ['for', 'by', 'with', 'without', 'after', 'before', 'in', 'on', 'of'] } },
        after: [{ POS: 'VERB', TEXT: { REGEX: '\\p{L}{2}ing$' } }],
      },
    ],
    to: 'ADP',
  },
  {
    id: 'tag.noun-after-article',
    statement:
      'An adjective after an article or possessive (and its adjectives), before a preposition other than "of", punctuation, a conjunction, an auxiliary or a relative pronoun, is a noun.',
    when: (c) => {
      let art = c.out.length - 1;
      while (art > 0 && c.out[art].pos === 'ADJ' && !capitalised(c.out[art])) art--;
      const n = next(c);
      return (
        c.pos === 'ADJ' &&
        (ARTICLES.has(lower(c.out[art])) || POSSESSIVES.has(lower(c.out[art]))) &&
        (['ADP', 'PUNCT', 'CCONJ', 'AUX'].includes(n?.pos ?? 'PUNCT') || RELATIVE_PRONOUNS.has(lower(n))) &&
        lower(n) !== 'of' &&
        !/(?:est|most|er)$/.test(c.t.text) &&
        !capitalised(c.t) &&
        // (but coordinate adjectives before their noun: "a small, rule-based tool")
        !(n?.text === ',' && ['ADJ', 'NOUN'].includes(next(c, 2)?.pos ?? '') && ['ADJ', 'NOUN'].includes(next(c, 3)?.pos ?? ''))
      );
    },
    to: 'NOUN',
  },
  {
    id: 'tag.s-adverb-verb',
    statement: 'An -s word read as an adverb after the subject\'s noun and before an article is the verb (not an adverb in -s such as "always").',
    patterns: [
      {
        before: [{ POS: { IN: ['NOUN', 'PROPN'] } }],
        focus: {
          POS: 'ADV',
          TEXT: { REGEX: '[^s]s$' },
          LOWER: {
            NOT_IN: [
              'towards',
              'afterwards',
              'backwards',
              'upwards',
              'downwards',
              'onwards',
              'always',
              'sometimes',
              'unless',
              'thus',
              'perhaps',
              'besides',
              'nevertheless',
              'nonetheless',
              'regardless',
            ],
          },
        },
        after: [{ LOWER: { IN: [...ARTICLES] } }],
      },
    ],
    to: 'VERB',
  },
  {
    id: 'tag.noun-before-participle',
    statement: 'No adjective follows a noun before an auxiliary or an -ed participle: it is a noun ("the key chosen by").',
    patterns: [
      { before: [{ POS: 'NOUN' }], focus: { POS: 'ADJ', _: { capitalised: false } }, after: [{ POS: 'AUX' }] },
      { before: [{ POS: 'NOUN' }], focus: { POS: 'ADJ', _: { capitalised: false } }, after: [{ POS: 'VERB', TEXT: { REGEX: '\\p{L}{2}ed$' } }] },
    ],
    to: 'NOUN',
  },
  {
    id: 'tag.plural-after-coordinated-nouns',
    statement: 'An -s verb after a coordination of two nouns would not agree with them: it is the plural noun they modify.',
    patterns: [
      {
        before: [{ POS: { IN: ['NOUN', 'PROPN'] } }, { LOWER: 'and' }, { POS: { IN: ['NOUN', 'PROPN'] } }],
        focus: { POS: 'VERB', TEXT: { REGEX: '[^s]s$' }, _: { capitalised: false } },
        after: [{ POS: { NOT_IN: ['ADP', 'PUNCT', 'AUX', 'VERB'] }, OP: '!' }],
      },
    ],
    to: 'NOUN',
  },
  {
    id: 'tag.plural-ends-bare-object',
    statement:
      "An -s verb right after a finite verb's bare object words (only adjectives and nouns between, no article), before a conjunction or punctuation, is the plural noun that ends the object (a capitalised one too).",
    when: (c) => {
      if (c.pos !== 'VERB' || !/\p{L}[^s]s$/u.test(c.t.text) || !nounInWordNet(singular(c.t.text.toLowerCase()))) return false;
      if (!['CCONJ', 'PUNCT'].includes(next(c)?.pos ?? 'PUNCT') || !['NOUN', 'PROPN'].includes(prev(c)?.pos ?? '')) return false;
      // (a bare plural phrase: no article, which a clause's own subject after the verb would have)
      let k = 1;
      while (['ADJ', 'NOUN', 'PROPN', 'NUM'].includes(prev(c, k)?.pos ?? '')) k++;
      const v = prev(c, k);
      return v?.pos === 'VERB' && k > 2 && /\p{L}[^s]s$/u.test(v.text);
    },
    to: 'NOUN',
  },
  {
    id: 'tag.noun-after-acronym',
    statement: 'A base form after a singular acronym would not agree with it (no modal between): a noun of their compound ("a MAC address").',
    patterns: [
      {
        before: [{ TEXT: { REGEX: '^\\p{Lu}{2,}\\d*$' } }],
        focus: { POS: 'VERB', TEXT: { REGEX: '^(?!.*(?:[^s]s|ed|ing)$)' }, _: { capitalised: false } },
        after: [{ POS: { NOT_IN: ['NOUN', 'PUNCT', 'ADP', 'AUX', 'CCONJ'] }, OP: '!' }],
      },
    ],
    to: 'NOUN',
  },
  {
    id: 'tag.verb-after-pronoun',
    statement: 'After a subject pronoun comes a verb, not a noun.',
    patterns: [
      {
        before: [{ LOWER: { IN: ['it', 'he', 'she', 'they', 'we', 'i', 'you'] }, POS: 'PRON' }],
        focus: { POS: 'NOUN', _: { capitalised: false } },
        after: [{ POS: { IN: ['DET', 'ADJ', 'NOUN', 'PROPN', 'ADP', 'NUM', 'PRON'] } }],
      },
    ],
    to: 'VERB',
  },
  {
    id: 'tag.according-to',
    statement: '"According to" and "owing to" are prepositions.',
    patterns: [{ focus: { LOWER: { IN: ['according', 'owing'] } }, after: [{ LOWER: 'to' }] }],
    to: 'ADP',
  },
  {
    id: 'tag.letter-ends-name',
    statement: 'A capital letter after a name, before no noun, ends the name ("Appendix B").',
    patterns: [
      {
        before: [{ POS: 'PROPN' }],
        focus: { POS: 'DET', TEXT: { REGEX: '^\\p{Lu}$' } },
        after: [{ POS: { IN: ['NOUN', 'PROPN', 'ADJ', 'NUM'] }, OP: '!' }],
      },
    ],
    to: 'PROPN',
  },
  {
    id: 'tag.verb-after-modal',
    statement: 'After a modal comes a verb ("MAY reply").',
    patterns: [
      {
        before: [{ LOWER: { IN: MODALS }, POS: 'AUX' }],
        focus: { POS: { IN: ['NOUN', 'ADJ'] }, _: { capitalised: false } },
        after: [{ POS: { IN: ['ADV', 'DET', 'ADP', 'PRON', 'NOUN', 'PROPN', 'PART'] } }],
      },
    ],
    to: 'VERB',
  },
  {
    id: 'tag.verb-read-as-adverb-after-modal',
    statement:
      'A word read as an adverb (no -ly) right after a modal, that can be a verb, before the noun phrase it takes, is the verb ("MUST forward the packet").',
    patterns: [
      {
        before: [{ LOWER: { IN: MODALS }, POS: 'AUX' }],
        focus: { POS: 'ADV', TEXT: { REGEX: '^(?!.*ly$)\\p{Ll}+$' }, _: { verbInWordNet: true } },
        after: [{ POS: { IN: ['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM'] } }],
      },
      {
        // (its object read as a verb before a preposition or the clause's end: "can forward traffic to")
        before: [{ LOWER: { IN: MODALS }, POS: 'AUX' }],
        focus: { POS: 'ADV', TEXT: { REGEX: '^(?!.*ly$)\\p{Ll}+$' }, _: { verbInWordNet: true } },
        after: [{ POS: 'VERB', _: { nounInWordNet: true } }, { POS: { IN: ['ADP', 'PUNCT'] } }],
      },
    ],
    to: 'VERB',
  },
  {
    id: 'tag.object-after-modal-verb',
    statement: 'A word read as a verb right after the verb that rule retagged, before a preposition or punctuation, is its object noun.',
    when: (c) =>
      c.pos === 'VERB' &&
      (prev(c)?.repairs ?? []).includes('tag.verb-read-as-adverb-after-modal') &&
      ['ADP', 'PUNCT'].includes(next(c)?.pos ?? 'PUNCT') &&
      nounInWordNet(c.t.text),
    to: 'NOUN',
  },
  {
    id: 'tag.object-head-at-clause-end',
    statement:
      "A base form at the clause's end after a verb's object (a determiner, its modifiers and a singular noun) is the object's head: an object takes no verb after it.",
    when: (c) => {
      if (c.pos !== 'VERB' || !baseForm(c.t.text) || capitalised(c.t) || !nounInWordNet(c.t.text)) return false;
      const n = next(c);
      if (n && !(n.pos === 'PUNCT' && n.text !== '(')) return false;
      const p = prev(c);
      if (!p || !['NOUN', 'PROPN'].includes(p.pos) || pluralNoun(p)) return false;
      let k = 2;
      while (['NOUN', 'PROPN', 'ADJ'].includes(prev(c, k)?.pos ?? '')) k++;
      return prev(c, k)?.pos === 'DET' && prev(c, k + 1)?.pos === 'VERB';
    },
    to: 'NOUN',
  },
  {
    id: 'tag.noun-inside-phrase',
    statement: 'A base form after a determiner and a noun, before "of", or after a noun before a form of "be", is a noun of the phrase.',
    patterns: [
      {
        before: [{ POS: 'DET' }, {}, { POS: { IN: ['NOUN', 'PROPN'] } }],
        focus: { POS: 'VERB', TEXT: { REGEX: '^(?!.*(?:[^s]s|ed|ing)$)' } },
        after: [{ LOWER: 'of' }],
      },
      {
        before: [{ POS: 'DET' }, { POS: { IN: ['NOUN', 'PROPN'] } }],
        focus: { POS: 'VERB', TEXT: { REGEX: '^(?!.*(?:[^s]s|ed|ing)$)' } },
        after: [{ LOWER: 'of' }],
      },
      {
        before: [{ POS: { IN: ['NOUN', 'PROPN'] } }],
        focus: { POS: 'VERB', TEXT: { REGEX: '^(?!.*(?:[^s]s|ed|ing)$)' } },
        after: [{ LOWER: { IN: ['is', 'are', 'was', 'were'] } }],
      },
    ],
    to: 'NOUN',
  },
  {
    id: 'tag.noun-between-be-and-of',
    statement: 'After a form of "be" and before "of", a word read as a verb is a noun (but a participle: "made of").',
    patterns: [{ before: [{ LOWER: { IN: [...BE] } }], focus: { POS: 'VERB', LOWER: { REGEX: '^(?!.*(?:ed|en)$)' } }, after: [{ LOWER: 'of' }] }],
    to: 'NOUN',
  },
  {
    id: 'tag.gerund-after-preposition',
    statement: 'A gerund after a preposition, before a determiner, takes its object like a verb ("without sending the reply").',
    patterns: [{ before: [{ POS: 'ADP' }], focus: { POS: 'NOUN', TEXT: { REGEX: '\\p{L}{3}ing$' } }, after: [{ POS: 'DET' }] }],
    to: 'VERB',
  },
  {
    id: 'tag.noun-before-of',
    statement: 'What an article opens and "of" follows is a noun ("the chief of"), not a superlative.',
    patterns: [{ before: [{ LOWER: { IN: [...ARTICLES] } }], focus: { POS: 'ADJ', TEXT: { REGEX: '^(?!.*(?:est|most)$)' } }, after: [{ LOWER: 'of' }] }],
    to: 'NOUN',
  },
  {
    id: 'tag.gerund-noun-after-preposition',
    statement: 'A gerund with no object after a preposition is a noun ("the cost of sorting.").',
    patterns: [
      { before: [{ POS: 'ADP' }], focus: { POS: 'VERB', TEXT: { REGEX: '\\p{L}{3}ing$' } }, after: [{ POS: { NOT_IN: ['PUNCT', 'CCONJ'] }, OP: '!' }] },
    ],
    to: 'NOUN',
  },
  {
    id: 'tag.compound-adjective',
    statement: 'A noun and the head of a compound adjective written without its hyphen ("rule set based tool") modify the noun after them.',
    patterns: [
      {
        before: [{ POS: { IN: ['NOUN', 'PROPN'] } }],
        focus: { LOWER: { IN: [...COMPOUND_ADJECTIVE_HEADS] }, _: { capitalised: false } },
        after: [{ POS: { IN: ['NOUN', 'PROPN'] } }],
      },
    ],
    to: 'ADJ',
  },
  {
    id: 'tag.irregular-participle-modifier',
    statement: 'An irregular participle (-en) before a noun, after a determiner, adjective or preposition, modifies it ("a written request").',
    patterns: [{ before: [{ POS: { IN: ['DET', 'ADJ', 'ADP'] } }], focus: { POS: 'VERB', TEXT: { REGEX: '\\p{L}{3}en$' } }, after: [{ POS: 'NOUN' }] }],
    to: 'ADJ',
  },
  {
    id: 'tag.gerund-before-of',
    statement: 'A gerund before "of" is a noun ("the caching of keys").',
    patterns: [{ focus: { POS: 'VERB', TEXT: { REGEX: '\\p{L}{3}ing$' } }, after: [{ LOWER: 'of' }] }],
    to: 'NOUN',
  },
  {
    id: 'tag.participle-after-coordinator',
    statement:
      'In a subject (no verb before it), a participle after a coordinator and a noun, before a noun phrase a verb follows, modifies that noun phrase ("X and associated Y is ...").',
    when: (c) => {
      if (c.pos !== 'VERB' || !/\p{L}{3}ed$/u.test(c.t.text) || !['and', 'or'].includes(lower(prev(c)))) return false;
      if (!['NOUN', 'PROPN'].includes(prev(c, 2)?.pos ?? '') || c.out.some((x) => x.pos === 'VERB' || x.pos === 'AUX')) return false;
      let k = c.i + 1;
      if (!['NOUN', 'PROPN'].includes(c.tokens[k]?.pos ?? '')) return false;
      while (['NOUN', 'PROPN', 'ADJ'].includes(c.tokens[k]?.pos ?? '')) k++;
      return c.tokens[k]?.pos === 'AUX' || c.tokens[k]?.pos === 'VERB';
    },
    to: 'ADJ',
  },
  {
    id: 'tag.participle-modifier',
    statement:
      'A participle before a noun (or before a gerund compound after an article) modifies it, unless it takes that noun as its object after a noun subject; an -ing word inside a noun compound ("the X keying scheme") stays in it.',
    when: participleModifier,
    to: 'ADJ',
  },
  {
    id: 'tag.after-article',
    statement:
      'After an article (and its adjectives) comes no finite verb and no adverb: an adjective before a noun phrase, else a noun (an adverb before a participle stays).',
    when: (c) => {
      const p = prev(c);
      const afterArticle = p && (ARTICLES.has(lower(p)) || (p.pos === 'ADJ' && c.out.length > 1 && ARTICLES.has(lower(prev(c, 2)))));
      const adverbBeforeParticiple = c.pos === 'ADV' && /ly$/.test(c.t.text) && next(c)?.pos === 'VERB' && /\p{L}{2}(?:ed|ing)$/u.test(next(c)!.text);
      return Boolean(afterArticle && (c.pos === 'VERB' || c.pos === 'ADV') && !capitalised(c.t) && !adverbBeforeParticiple);
    },
    to: (c) => {
      const n = next(c);
      return n && (n.pos === 'NOUN' || n.pos === 'PROPN' || (n.pos === 'VERB' && lower(next(c, 2)) === 'of') || n.pos === 'ADJ') ? 'ADJ' : 'NOUN';
    },
  },
  {
    id: 'tag.passive-participle',
    statement: 'A participle after a form of "be", before "by", is the passive verb.',
    patterns: [{ before: [{ LOWER: { IN: [...BE] } }, { OP: '?' }], focus: { POS: 'ADJ', TEXT: { REGEX: 'ed$' } }, after: [{ LOWER: 'by' }] }],
    to: 'VERB',
  },
  {
    id: 'tag.plural-subject-of-for-infinitive',
    statement: 'An -s word read as a verb after "for" and a bare noun, before "to" and a verb, is the plural noun "for" opens ("for the nodes to agree").',
    patterns: [
      {
        before: [{ LOWER: 'for' }, { POS: { IN: ['DET', 'ADJ'] }, OP: '*' }, { POS: { IN: ['NOUN', 'PROPN'] } }],
        focus: { POS: 'VERB', TEXT: { REGEX: '^\\p{Ll}+[^s]s$' }, _: { singularNoun: true } },
        after: [{ LOWER: 'to' }, { POS: 'VERB' }],
      },
    ],
    to: 'NOUN',
  },
  {
    id: 'tag.compound-participle-in-coordination',
    statement:
      'A noun between a conjunction and a participle, after a coordinated participle, is the first part of a compound participle ("signed and time stamped"): a modifier, no subject.',
    patterns: [
      {
        before: [{ TEXT: { REGEX: '\\p{Ll}{2}ed$' }, POS: { IN: ['VERB', 'ADJ'] } }, { TEXT: ',', OP: '?' }, { LOWER: { IN: ['and', 'or'] } }],
        focus: { POS: 'NOUN', _: { capitalised: false } },
        after: [{ POS: 'VERB', TEXT: { REGEX: '\\p{Ll}{2}ed$' } }],
      },
    ],
    to: 'ADJ',
  },
  {
    id: 'tag.base-form-in-object-compound',
    statement:
      'A base form read as a verb after a verb or preposition and a singular name, before a noun, is a noun of the compound the name opens (no clause starts inside an object; but after "let", "make", "help").',
    when: (c) => {
      const p = prev(c);
      const p2 = prev(c, 2);
      return (
        c.pos === 'VERB' &&
        /^\p{Ll}+$/u.test(c.t.text) &&
        baseForm(c.t.text) &&
        p?.pos === 'PROPN' &&
        !pluralNoun(p) &&
        ['VERB', 'ADP'].includes(p2?.pos ?? '') &&
        lower(p2) !== 'to' &&
        !BARE_INFINITIVE_OBJECT_VERBS.has(lower(p2)) &&
        ['NOUN', 'PROPN'].includes(next(c)?.pos ?? '') &&
        nounInWordNet(c.t.text)
      );
    },
    to: 'NOUN',
  },
  {
    id: 'tag.plural-before-participle',
    statement:
      'An -s word read as a verb after a noun, right before a participle and its preposition, is the plural noun the participle modifies (not a linking verb).',
    patterns: [
      {
        before: [{ POS: { IN: ['NOUN', 'PROPN'] } }],
        focus: { POS: 'VERB', TEXT: { REGEX: '^\\p{Ll}+[^s]s$' }, LOWER: { NOT_IN: [...LINKING_VERBS] }, _: { singularNoun: true } },
        after: [{ POS: 'VERB', TEXT: { REGEX: '\\p{L}{2}(?:ed|en)$' } }, { POS: 'ADP' }],
      },
    ],
    to: 'NOUN',
  },
  {
    id: 'tag.gerund-subject-head',
    statement: "A gerund after a bare noun opening the clause, right before a modal or an -s verb, is the head of the subject's compound.",
    when: (c) => {
      const p = prev(c);
      const n = next(c);
      const opening = c.out.length === 1 || ['DET', 'PUNCT', 'SCONJ'].includes(prev(c, 2)?.pos ?? '');
      return (
        c.pos === 'VERB' &&
        /\p{Ll}{3}ing$/u.test(c.t.text) &&
        ['NOUN', 'PROPN'].includes(p?.pos ?? '') &&
        !pluralNoun(p!) &&
        opening &&
        Boolean(n) &&
        ((n!.pos === 'AUX' && MODALS.includes(lower(n))) || (n!.pos === 'VERB' && /\p{Ll}[^s]s$/u.test(n!.text)))
      );
    },
    to: 'NOUN',
  },
  {
    id: 'tag.modal-before-verb',
    statement: 'A modal read as a noun or verb, before "be", "have", "not" or a base-form verb, is the modal.',
    patterns: [
      {
        focus: { LOWER: { IN: MODALS }, POS: { IN: ['NOUN', 'VERB', 'PROPN'] }, _: { capitalised: false } },
        after: [{ LOWER: { IN: ['be', 'have', 'not', 'also', 'only'] } }],
      },
      {
        focus: { LOWER: { IN: MODALS }, POS: { IN: ['NOUN', 'VERB', 'PROPN'] }, _: { capitalised: false } },
        after: [{ POS: 'VERB', TEXT: { REGEX: '^\\p{Ll}+$' }, LOWER: { REGEX: '^(?!.*(?:[^s]s|ed|ing)$)' } }],
      },
    ],
    to: 'AUX',
  },
  {
    id: 'tag.participle-before-finite-verb',
    statement:
      'A participle after a noun (and an adverb), right before a form of "be" or "have" or an -s verb before its determiner, is a reduced relative modifying the noun, stepped over like an adverb: not the verb.',
    patterns: [
      {
        before: [{ POS: { IN: ['NOUN', 'PROPN'] } }, { POS: 'ADV', OP: '?' }],
        focus: { POS: 'VERB', TEXT: { REGEX: '\\p{Ll}{2}ed$' } },
        after: [{ LOWER: { IN: ['is', 'are', 'was', 'were', 'has', 'have'] } }],
      },
      {
        before: [{ POS: { IN: ['NOUN', 'PROPN'] } }, { POS: 'ADV', OP: '?' }],
        focus: { POS: 'VERB', TEXT: { REGEX: '\\p{Ll}{2}ed$' } },
        after: [{ POS: 'VERB', TEXT: { REGEX: '\\p{Ll}[^s]s$' } }, { POS: 'DET' }],
      },
    ],
    to: 'ADV',
  },
  {
    id: 'tag.slashed-modifier',
    statement: 'Words joined by a slash ("read/write") read as a verb before a noun modify it.',
    patterns: [{ focus: { POS: 'VERB', TEXT: { REGEX: '^\\p{Ll}+/\\p{Ll}+$' } }, after: [{ POS: { IN: ['NOUN', 'PROPN'] } }] }],
    to: 'ADJ',
  },
  {
    id: 'tag.adjective-coordinated-with-adjective',
    statement:
      'A word read as a noun after a determiner, coordinated with an adjective before a noun ("a short or long form"), is an adjective when WordNet lists it as one.',
    patterns: [
      {
        before: [{ POS: 'DET' }],
        focus: { POS: 'NOUN', _: { capitalised: false, adjectiveInWordNet: true } },
        after: [{ LOWER: { IN: ['and', 'or'] } }, { POS: 'ADJ' }, { POS: 'NOUN' }],
      },
    ],
    to: 'ADJ',
  },
];

/** tag.participle-modifier as code: which participles before a noun modify it. */
function participleModifier(c: RepairContext): boolean {
  const { t, tokens, i } = c;
  const gerundCompound =
    tokens[i + 1]?.pos === 'VERB' && /\p{L}{3}ing$/u.test(tokens[i + 1].text) && tokens[i + 2]?.pos === 'NOUN' && ARTICLES.has(lower(prev(c)));
  if (c.pos !== 'VERB' || !/\p{L}{3}(?:ing|ed)$/u.test(t.text) || !(tokens[i + 1]?.pos === 'NOUN' || gerundCompound)) return false;
  const before = prev(c);
  const adverbOpening = before?.pos === 'ADV' && (c.out.length === 1 || prev(c, 2)!.pos === 'DET'); // "Locally inferred", "a widely used"
  if (
    !before ||
    adverbOpening ||
    ['DET', 'ADJ', 'ADP', 'CCONJ', 'SCONJ', 'VERB', 'PUNCT', 'NUM'].includes(before.pos) ||
    (lower(before) === 'to' && /ed$/.test(t.text))
  )
    return true;
  // a noun compound with a gerund inside: the gerund's "object" is a bare singular count noun (no verb
  // takes one), or its "subject" a bare singular noun, neither of which a clause allows
  if (!/ing$/.test(t.text) || (before.pos !== 'NOUN' && before.pos !== 'PROPN')) return false;
  let h = i + 1;
  while (tokens[h + 1]?.pos === 'NOUN') h++;
  const singularToken = (x: Token) => !/[^s]s$|ss?es$/i.test(x.text) || /(?:ss|us|is)$/i.test(x.text);
  // (not before a preposition, unless an acronym modifies: "X keying material during")
  const objectSingular = singularToken(tokens[h]) && !capitalised(tokens[h]) && (tokens[h + 1]?.pos !== 'ADP' || /^\p{Lu}{2,}$/u.test(before.text));
  const b2 = prev(c, 2);
  const b3 = prev(c, 3);
  // (an adjective may open the bare phrase)
  const bareSubject =
    before.pos === 'NOUN' &&
    !capitalised(before) &&
    singularToken(before) &&
    (!b2 || ['ADP', 'PUNCT', 'VERB'].includes(b2.pos) || (b2.pos === 'ADJ' && (!b3 || ['ADP', 'PUNCT'].includes(b3.pos))));
  // (a compound's modifier is singular; an acronym opening a noun phrase modifies)
  const acronymModifier = /^\p{Lu}{2,}\d*$/u.test(before.text) && (!b2 || ['DET', 'ADP', 'PUNCT', 'CCONJ'].includes(b2.pos));
  return (objectSingular && singularToken(before)) || bareSubject || acronymModifier;
}
