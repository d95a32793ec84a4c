// A verb group's dictionary form, for relation names: one string per notion whatever the tense,
// aspect, person or modal it was written in. The modal leaves the string (it is the relation's
// modality); auxiliaries of tense and aspect go; an active verb becomes its lemma ("sends", "has sent",
// "sending" -> "send"); a passive keeps its participle ("is sent to", "can be sent to" -> "sent to"),
// since "X sent to Y" and "X send to Y" say opposite things of X. An active verb written for the
// notion of a commoner one is named by it ("utilizes" -> "use"; lexicon/verb-synonyms.json). A verb WordNet
// lacks, written with a hyphenated prefix ("re-encrypts"), is read by its stem, the prefix kept.
import { BE, DO, HAVE, INVARIANT_PARTICIPLES, MODAL_VERBS, NEGATION, VERB_SYNONYMS } from './lexicon';
import { isVerbInWordNet, phrasalVerb } from './senses';
import { wordNet } from './wordnet';
import { lemma, singular } from './morphology';
import { verbLemma } from './derivations';

interface VerbGroupForm {
  /** The relation in its dictionary form. */
  relation: string;
  /** The modal the group was written with, as written ("MUST", "can", "need to"); absent when none. */
  modality?: string;
  /** The group was a passive (a form of "be" before a participle). */
  passive: boolean;
  /** Its verb was named by the commoner verb of the same notion ("utilize" -> "use"). */
  synonym?: boolean;
}

/** Longest modal entries first, so "need to" is read before "need" would be. */
const MODALS = [...MODAL_VERBS].map((m) => m.split(' ')).sort((a, b) => b.length - a.length);

const lowerWord = (w: string) => w.toLowerCase();

/** The words open with the modal and go on after it. */
const opens = (words: string[], modal: string[]) => words.length > modal.length && modal.every((x, i) => lowerWord(words[i]) === x);

/** A word written with a hyphenated prefix of repetition, order, joint action or reversal ("re-encrypted", "pre-loaded"): the prefix and the stem. */
const PREFIXED = /^((?:re|pre|co|de|un)-)(\p{Ll}{3,})$/u;

/** A verb WordNet lacks, written with a hyphenated prefix ("pre-loaded", "re-encrypt"), and its stem, which WordNet has as a verb; null otherwise. */
export function prefixedVerb(word: string | undefined): { prefix: string; stem: string } | null {
  const m = PREFIXED.exec(word ?? '');
  return m && !isVerbInWordNet(m[0]) && verbLemma(m[2]) ? { prefix: m[1], stem: m[2] } : null;
}

/** A participle or a past: the word is not its own lemma and ends neither in -s nor -ing ("sent", "derived", "known"). */
export function participle(word: string): boolean {
  const w = word.toLowerCase();
  // (a hyphenated prefix, "re-encrypted": its stem's)
  const stem = PREFIXED.exec(w)?.[2];
  return /\p{L}{2}(?:ed|en)$/u.test(w) || (lemma(w) !== w && !/(?:s|ing)$/.test(w)) || (stem !== undefined && participle(stem));
}

/** A participle after a form of "be": a participle, or a verb whose participle is its base form ("is set to"). */
const beParticiple = (word: string) => participle(word) || INVARIANT_PARTICIPLES.has(word.toLowerCase());

/** A verb form that is not its own lemma: a third person, a past, a participle, a gerund. */
const inflectedVerb = (word: string) => /^\p{Ll}+$/u.test(word) && lemma(word) !== word.toLowerCase();

/**
 * The dictionary form of a relation that starts with a verb group. `verbal` says the relation was
 * read off a verb (a noun relation, "part of", "is a", keeps its words); words after the group
 * (its preposition, a ReVerb object) stay as written, a plural common noun among them singular.
 * `active`: the verb group as written held no "be" (a past form in it is no passive participle).
 */
export function verbGroupForm(relation: string, verbal = true, active = false): VerbGroupForm {
  let words = relation.split(/\s+/).filter(Boolean);
  let modality: string | undefined;
  // (modals in a row are one modality: "will need to", "would be expected to")
  for (let m = MODALS.find((x) => opens(words, x)); m; m = MODALS.find((x) => opens(words, x))) {
    modality = [modality, words.slice(0, m.length).join(' ')].filter(Boolean).join(' ');
    words = words.slice(m.length);
  }
  // (a requirement keyword that is the whole relation, "MUST" or "MUST NOT", is the relation itself: a
  // modal leaves only a verb group it stands before)
  if (modality && words.every((w) => NEGATION.has(lowerWord(w)))) return { relation, passive: false };
  if (!verbal) return { relation: words.join(' '), ...(modality ? { modality } : {}), passive: false };
  // tense and aspect: forms of be, have, do before the main verb (and an infinitive's "to")
  let be = false;
  let have = false;
  let k = 0;
  while (k < words.length - 1) {
    const w = lowerWord(words[k]);
    const next = words[k + 1];
    const beforeVerb = inflectedVerb(next) || beParticiple(next) || BE.has(lowerWord(next)) || HAVE.has(lowerWord(next));
    if (w === 'to' && k === 0 && /^\p{Ll}/u.test(next)) k++;
    else if (BE.has(w) && beforeVerb) {
      be = true;
      k++;
    } else if (HAVE.has(w) && beforeVerb && !/^\p{Ll}+ing$/u.test(next)) {
      have = true;
      k++;
    } else if (DO.has(w) && /^\p{Ll}+$/u.test(next) && !NEGATION.has(lowerWord(next)) && !participle(next)) k++;
    else break;
  }
  words = words.slice(k);
  const head = words[0];
  const passive = Boolean(head) && be && beParticiple(head) && !/ing$/i.test(head);
  let synonym = false;
  if (head && /^\p{Ll}[\p{Ll}-]*$/u.test(head) && !passive) {
    // an active verb: its lemma; a bare participle with no auxiliary read is taken as written (a passive whose
    // "be" the reading left out, or a participle modifying its subject: "X used for Y")
    // ("active": the reading saw the clause's group with no "be", so a past form is the active past: "sent" -> "send")
    // (a participle before an agent's "by" is a passive whatever the clause's group, "packets sent by the server")
    const bare = (!active || lowerWord(words[1] ?? '') === 'by') && !be && !have && participle(head) && !/s$/.test(head);
    // (a third person or a gerund the lemmatizer keeps as written, "defining", "forwards": WordNet's verb morphology)
    const written = lemma(head);
    const base = written === head && /(?:s|ing)$/.test(head) ? (verbLemma(head) ?? written) : written;
    // (a verb WordNet lacks, written with a hyphenated prefix, "re-encrypts": its stem's lemma, the prefix kept)
    const prefixed = PREFIXED.exec(head);
    const stem = prefixed && !isVerbInWordNet(base) ? verbLemma(prefixed[2]) : null;
    if (!bare && isVerbInWordNet(base)) {
      const verb = VERB_SYNONYMS[base] ?? base;
      synonym = verb !== base;
      words = [verb, ...words.slice(1)];
    } else if (!bare && prefixed && stem) words = [`${prefixed[1]}${stem}`, ...words.slice(1)];
  }
  // (a ReVerb object or the noun of a prepositional verb, written plural: singular)
  words = words.map((w, i) =>
    i > 0 && /^\p{Ll}{3,}s$/u.test(w) && !/ss$/.test(w) && singular(w) !== w && !inflectedVerbOnly(w) && lemma(w) === singular(w) ? singular(w) : w,
  );
  return {
    relation: words.join(' '),
    ...(modality ? { modality } : {}),
    passive,
    ...(synonym ? { synonym } : {}),
  };
}

/** A word read as a verb's third person only: "is", "has", "does" and their like are no plural nouns. */
const inflectedVerbOnly = (w: string) => BE.has(w) || HAVE.has(w) || DO.has(w);

/**
 * WordNet's verb frames (wninput(5WN)) in which a prepositional phrase is the verb's own complement, by the
 * preposition they name (null: any): 4 "Something is ----ing PP", 22 "Somebody ----s PP", 12 and 27 "----s
 * to somebody", 13 "----s on something", 15 "something to somebody", 16 "from", 17 and 31 "with", 18 "of",
 * 19 "on". Not 20 and 21 ("----s somebody/something PP"), which any verb with an object and an adjunct fits.
 */
const COMPLEMENT_FRAMES = new Map<number, string | null>([
  [4, null],
  [22, null],
  [12, 'to'],
  [27, 'to'],
  [13, 'on'],
  [15, 'to'],
  [16, 'from'],
  [17, 'with'],
  [31, 'with'],
  [18, 'of'],
  [19, 'on'],
]);

/**
 * Frames 20 and 21 ("Somebody ----s somebody/something PP"): a verb that moves or transfers its object
 * takes the phrase of the goal or the source as its own ("transport X to Y", "copy X from Y"); the goal
 * and the source say opposite things, so neither leaves the relation.
 */
const PATH_FRAMES = new Set([20, 21]);
const PATH_PREPOSITIONS = new Set(['to', 'from']);

const complementCache = new Map<string, boolean>();

/**
 * The preposition marks the verb's own argument, so it belongs in the relation ("refer to", "act as",
 * "send X to Y", "derive X from Y"): WordNet lists the verb and preposition as one verb, or a frame of one
 * of the verb's three commonest senses takes a phrase of this preposition (named) or a prepositional
 * phrase as its complement with no object before it ("Somebody ----s PP"), or, for the goal's "to" and the
 * source's "from", a phrase after its object ("Somebody ----s something PP"). Otherwise the phrase is an
 * adjunct or names a role (purpose "for", role "as", goal "to" of a transitive verb) and can travel as
 * the triple's preposition qualifier. True without WordNet or for a verb it does not list.
 */
export function selectsPreposition(verb: string, preposition: string): boolean {
  const v = verb.toLowerCase();
  const p = preposition.toLowerCase();
  const at = `${v}:${p}`;
  let hit = complementCache.get(at);
  if (hit === undefined) {
    const wn = wordNet();
    const base = verbLemma(v);
    hit =
      !wn ||
      !base ||
      phrasalVerb(v, p) ||
      wn.senses(base, { pos: ['v'], maxSenses: 3 }).some((s) => {
        const own = s.words.indexOf(base) + 1;
        return s.frames.some(
          (f) =>
            (f.word === 0 || f.word === own) &&
            ((COMPLEMENT_FRAMES.has(f.frame) && [null, p].includes(COMPLEMENT_FRAMES.get(f.frame)!)) || (PATH_FRAMES.has(f.frame) && PATH_PREPOSITIONS.has(p))),
        );
      });
    complementCache.set(at, hit);
  }
  return hit;
}
