// The token repairs of pass 2 that follow tag-rules.ts's, in the order they apply: modal groups,
// objects and heads at a clause's end, gerunds and participles before and after nouns.
import { ARTICLES, BARE_INFINITIVE_OBJECT_VERBS, BE, COMPOUND_ADJECTIVE_HEADS, COORDINATORS, LINKING_VERBS, RELATIVE_PRONOUNS } from '../../nlp/lexicon';
import { baseForm, MODALS, next, prev } from './repair-rule';
import type { RepairContext, TagRepair } from './repair-rule';
import type { Token } from './tokens';
import { capitalised, finiteVerb, lower, nounInWordNet, pluralNoun, verbInWordNet } from './words';

export const VERB_GROUP_REPAIRS: TagRepair[] = [
  {
    id: 'tag.verb-after-modal',
    statement: 'After a modal (and "not") comes a verb ("MAY reply", "MUST NOT cache").',
    patterns: [
      {
        before: [
          { LOWER: { IN: MODALS }, POS: 'AUX' },
          { LOWER: 'not', OP: '?' },
        ],
        focus: { POS: { IN: ['NOUN', 'ADJ'] }, _: { capitalised: false } },
        after: [{ POS: { IN: ['ADV', 'DET', 'ADP', 'PRON', 'NOUN', 'PROPN', 'PART', 'ADJ', 'NUM'] } }],
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
      'A base form read as a verb after a verb or preposition and a singular name (or a coordination of names ending in one, "supports A and B address formats"), before a noun, is a noun of the compound the name opens (no clause starts inside an object; but after "let", "make", "help").',
    when: (c) => {
      const p = prev(c);
      // (names coordinated before the one opening the compound, with "both"/"either": stepped over to the verb)
      let k = 2;
      while (k < 12 && (['PROPN', 'CCONJ'].includes(prev(c, k)?.pos ?? '') || [',', 'both', 'either'].includes(lower(prev(c, k))))) k++;
      const p2 = prev(c, k > 2 && COORDINATORS.has(lower(prev(c, 2))) ? k : 2);
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
    id: 'tag.base-form-inside-compound',
    statement:
      'A lower-case base form read as a verb between a lower-case singular noun and a plural noun, after a finite verb of its clause (no comma, conjunction, relative or subordinator between; not a verb whose object takes a bare infinitive, "let", "help"), is a noun of the compound in that verb\'s object or complement.',
    when: (c) => {
      const p = prev(c);
      const n = next(c);
      if (c.pos !== 'VERB' || !/^\p{Ll}+$/u.test(c.t.text) || !baseForm(c.t.text) || !nounInWordNet(c.t.text)) return false;
      if (p?.pos !== 'NOUN' || capitalised(p) || pluralNoun(p) || n?.pos !== 'NOUN' || capitalised(n) || !pluralNoun(n)) return false;
      for (let k = c.out.length - 2; k >= 0; k--) {
        const x = c.out[k];
        // (a verb whose object takes a bare infinitive, "helps the detector handle objects", makes the base form that verb)
        if (
          [',', ';', ':'].includes(x.text) ||
          ['CCONJ', 'SCONJ'].includes(x.pos) ||
          (x.pos === 'PRON' && RELATIVE_PRONOUNS.has(lower(x))) ||
          BARE_INFINITIVE_OBJECT_VERBS.has(lower(x))
        )
          return false;
        if (finiteVerb(x)) return true;
      }
      return false;
    },
    to: 'NOUN',
  },
  {
    id: 'tag.verb-of-coordinated-clause',
    statement:
      'A lower-case base form read as a noun right after a plural common noun that opens a clause after a comma and a coordinator (", and hosts reply with X"), before a preposition or a determiner, is that clause\'s verb: a plural noun modifies no compound\'s head there.',
    when: (c) => {
      const w = c.t.text;
      if (c.pos !== 'NOUN' || !/^\p{Ll}+$/u.test(w) || !baseForm(w) || !verbInWordNet(w)) return false;
      const n = next(c);
      if (!n || !((n.pos === 'ADP' && lower(n) !== 'of') || n.pos === 'DET')) return false;
      const p = prev(c);
      if (p?.pos !== 'NOUN' || capitalised(p) || !pluralNoun(p)) return false;
      let k = c.out.length - 2;
      while (k >= 0 && (['DET', 'ADJ'].includes(c.out[k].pos) || (c.out[k].pos === 'NOUN' && !pluralNoun(c.out[k])))) k--;
      return k >= 1 && COORDINATORS.has(lower(c.out[k])) && c.out[k - 1].text === ',';
    },
    to: 'VERB',
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
