// The token repairs of pass 2, in the order they apply (repairs.ts applies them): each retags the
// token it is at, reading the repaired tokens before it and the tokens as tagged after it. Most are
// token patterns (nlp/matcher.ts); the ones that count agreement or look far are predicates in code.
// The table runs on in tag-rules-verbs.ts (modal groups, gerunds and participles), whose rules
// apply after these; the helpers they share are in repair-rule.ts.
import { ARTICLES, POSSESSIVES, RELATIVE_PRONOUNS } from '../../nlp/lexicon';
import { singular } from '../../nlp/morphology';
import { baseForm, HYPHENATED_NAME, MODALS, next, prev, tag } from './repair-rule';
import type { TagRepair } from './repair-rule';
import { capitalised, lower, nounInWordNet, pluralNoun, verbInWordNet } from './words';
import { VERB_GROUP_REPAIRS } from './tag-rules-verbs';

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
    statement:
      'A base form read as a verb between a noun and an agreeing -s verb is the noun that verb agrees with (a noun in WordNet); after a singular noun or name, before a modal, "is", "was", "has" or "does" too ("the link address holds", "the reply attribute can be"): a singular subject takes no base-form verb.',
    when: (c) => {
      const n = next(c);
      const p = prev(c);
      if (c.pos !== 'VERB' || capitalised(c.t) || !nounInWordNet(c.t.text) || !n) return false;
      const agreeing = n.pos === 'VERB' && /[^s]s$/.test(n.text) && !/(?:ing|ed)$/.test(n.text);
      if (!/(?:s|ing|ed)$/.test(c.t.text) && ['NOUN', 'ADJ'].includes(p?.pos ?? '') && agreeing) return true;
      // (a base form ending in "-ss", "address", and a name before it, "Foo attribute"; a modal or a singular auxiliary after it)
      const singularBefore = Boolean(p) && ['NOUN', 'PROPN'].includes(p!.pos) && !pluralNoun(p!);
      const finite = agreeing || (MODALS.includes(lower(n)) && ['AUX', 'VERB'].includes(n.pos)) || ['is', 'was', 'has', 'does'].includes(lower(n));
      return singularBefore && baseForm(c.t.text) && /^\p{Ll}+$/u.test(c.t.text) && finite;
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
  ...VERB_GROUP_REPAIRS,
];
