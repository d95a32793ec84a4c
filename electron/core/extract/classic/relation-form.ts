// Pass 7, relation form: one relation string per notion. What a reading or a pattern wrote as its
// relation is brought to a lemma form (nlp/relation-lemma.ts): the modal goes to the triple's
// modality (meta.modality, as requirements keep theirs), tense and aspect go, the words as written
// stay as the triple's label (meta.surface). A measurement word is never the relation ("X | has length
// | 16 octets"), and every notion of a numeric type code is one relation, "has code".
import { CHAIN_PREPOSITIONS, CODE_NOUNS, MEASUREMENT_NOUNS, PREPOSITION_VARIANTS, UNIT_DIMENSIONS } from '../../nlp/lexicon';
import { singular } from '../../nlp/morphology';
import { isVerbInWordNet, phrasalVerb } from '../../nlp/senses';
import { verbGroupForm } from '../../nlp/relation-lemma';
import type { CandidateTriple } from '../types';
import type { SvoTriple } from './reading';

export const RELATION_RULES = [
  { id: 'rel.modality', statement: 'A modal before the verb ("can", "MUST", "need to") leaves the relation and is kept as the triple\'s modality.' },
  {
    id: 'rel.lemma',
    statement:
      'A verb relation is written in its lemma form: tense and aspect auxiliaries dropped, an active verb as its lemma, a passive as its participle; the words as written kept as its label.',
  },
  {
    id: 'rel.embedded-object',
    statement:
      'A noun the relation holds between its verb and preposition ("sends Access-Request to") leaves it as the triple\'s object qualifier: (X, send to, Y).',
  },
  { id: 'rel.code', statement: 'A numeric code of a thing (its "type", "code", "value", "type value" ... as a number) is one relation: "has code".' },
  { id: 'rel.measure', statement: 'A measurement noun or unit is no relation: (X, <length>, V) is (X, has length, V), a unit named by its dimension.' },
  {
    id: 'rel.skipped-preposition',
    statement:
      'Two prepositions ending a relation (its noun between them gone to meta.object: "provided by [server] via") relate the tail by the last: (X, provided via, Y).',
  },
  {
    id: 'rel.synonym',
    statement: 'An active verb written for the notion of a commoner verb of the same first sense ("utilize", "employ") is named by that verb ("use").',
  },
  {
    id: 'rel.instrument',
    statement: 'A thing "used to" do something does it: (X, used to identify, Y) is (X, identify, Y), the words as written kept as its label.',
  },
  {
    id: 'rel.preposition-variant',
    statement:
      'A verb relation ending in a preposition with a commoner one of the same role ("within" -> "in", "through" -> "via") takes that one, unless WordNet has the verb and preposition as one verb ("go through").',
  },
  {
    id: 'rel.measure-subject',
    statement: 'A quantity read as the relation of a measurement noun ((length, 4 octets, X)) is the value: (X, has length, 4 octets).',
  },
];

/** A number written alone: a code, not a quantity ("26", "0x1F"). */
const BARE_CODE = /^(?:\d{1,10}|0x[0-9a-f]{1,8})$/i;
/** A quantity: a number and its unit ("4 octets", "1.5 seconds"). */
const QUANTITY = /^(\d[\d.,]*)\s*(\p{L}+)$/u;

/** The measured dimension a word names: itself for a measurement noun, its dimension for a unit; null otherwise. */
function dimensionOf(word: string): string | null {
  const w = singular(word.toLowerCase());
  if (!MEASUREMENT_NOUNS.has(w)) return null;
  return UNIT_DIMENSIONS[w] ?? w;
}

/** A relation written as a noun phrase (or "has" + one): its words, lower-cased; null for a verb relation. */
function nounWords(relation: string): string[] | null {
  const words = relation
    .toLowerCase()
    .replace(/^has\s+/, '')
    .split(/\s+/);
  return words.length <= 4 && words.every((w) => /^[\p{Ll}\d][\p{Ll}\d-]*$/u.test(w)) ? words : null;
}

/**
 * The triple with its relation in lemma form. `verbal`: the relation was read off a verb group (a
 * sentence reading's verb or preposition relation); pattern relations and noun relations keep their
 * words, only measurement and code nouns are rewritten.
 */
export function relationForm(t: CandidateTriple, verbal: boolean): CandidateTriple {
  const surface = t.relation;
  const rules: string[] = [];
  const meta: Record<string, unknown> = {};
  let relation = t.relation;
  let head = t.head;
  let tail = t.tail;
  // (a noun relation written by a pattern or an attribute reading: "has type", "maximum frame length")
  const noun = !verbal ? nounWords(relation) : null;
  const q = QUANTITY.exec(relation.trim());
  const measured = q && dimensionOf(q[2]) && head.text.trim().split(/\s+/).length === 1 ? dimensionOf(head.text.trim()) : null;
  if (measured) {
    // rel.measure-subject: the measured thing is the tail, the quantity the value
    head = tail;
    tail = { text: relation.trim(), kind: 'entity', literal: true, type: 'quantity', span: null };
    relation = `has ${measured}`;
    rules.push('rel.measure-subject');
  } else if (
    noun &&
    BARE_CODE.test(tail.text.trim()) &&
    (CODE_NOUNS.has(noun.join(' ')) || CODE_NOUNS.has(noun.slice(-2).join(' ')) || CODE_NOUNS.has(noun.at(-1)!))
  ) {
    relation = 'has code'; // rel.code
    rules.push('rel.code');
  } else if (noun && dimensionOf(noun.at(-1)!)) {
    relation = `has ${dimensionOf(noun.at(-1)!)}`; // rel.measure
    rules.push('rel.measure');
  } else {
    // rel.embedded-object: "sends Access-Request to" relates as "sends to", the noun kept in meta.object
    const embedded = typeof t.meta?.object === 'string' ? t.meta.object : null;
    const at = embedded ? relation.lastIndexOf(` ${embedded} `) : -1;
    if (embedded && at > 0) {
      relation = `${relation.slice(0, at)} ${relation.slice(at + embedded.length + 2)}`;
      rules.push('rel.embedded-object');
    }
    const form = verbGroupForm(relation, verbal);
    if (form.modality) {
      meta.modality = form.modality;
      rules.push('rel.modality');
    }
    if (form.synonym) rules.push('rel.synonym');
    if (form.relation && form.relation !== relation) {
      if (verbal) rules.push('rel.lemma');
      relation = form.relation;
    }
    // rel.skipped-preposition: "provided by via" (the tail is the object of "via"; "by" had its own object)
    let words = relation.split(' ');
    if (verbal && words.length >= 3 && CHAIN_PREPOSITIONS.has(words.at(-1)!) && CHAIN_PREPOSITIONS.has(words.at(-2)!)) {
      words = [...words.slice(0, -2), words.at(-1)!];
      rules.push('rel.skipped-preposition');
    }
    // rel.instrument: "used to identify" names what the thing does, "identify" (the infinitive in its lemma form)
    if (verbal && words.length >= 3 && words[0] === 'used' && words[1] === 'to' && isVerbInWordNet(words[2])) {
      words = verbGroupForm(words.slice(2).join(' ')).relation.split(' ');
      rules.push('rel.instrument');
    }
    // rel.preposition-variant: "received within" is "received in"; "go through" is a verb of its own
    const variant = PREPOSITION_VARIANTS[words.at(-1)!];
    if (verbal && words.length >= 2 && variant && !phrasalVerb(words[0], words.at(-1)!)) {
      words = [...words.slice(0, -1), variant];
      rules.push('rel.preposition-variant');
    }
    relation = words.join(' ');
  }
  if (!relation) return t;
  if (relation === surface) return rules.length ? { ...t, rules: [...(t.rules ?? []), ...rules] } : t;
  return {
    ...t,
    head,
    tail,
    relation,
    meta: { ...(t.meta ?? {}), ...meta, surface },
    rules: [...(t.rules ?? []), ...rules],
  };
}

/**
 * A sentence reading's triple in its relation form: a verb's or a preposition's relation is verbal
 * (nouns and "is a" keep their words), and the reading's qualifiers go to meta: the verb's own object
 * inside the relation's words, the sentence's condition, an "only" on the tail. The one way extraction
 * and `explain` form a reading, so both show the same relation.
 */
export function readingForm(t: CandidateTriple, r: Pick<SvoTriple, 'kind' | 'embedded' | 'condition' | 'only'>): CandidateTriple {
  const meta = { ...(r.embedded ? { object: r.embedded } : {}), ...(r.condition ? { condition: r.condition } : {}), ...(r.only ? { only: true } : {}) };
  const withMeta = Object.keys(meta).length ? { ...t, meta: { ...(t.meta ?? {}), ...meta } } : t;
  return relationForm(withMeta, r.kind === 'svo' || r.kind === 'prep');
}
