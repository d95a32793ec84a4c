// The requirement a sentence states, read from its modal (a capitalised keyword: MUST, SHOULD, MAY and
// their kin; or a lower-case modal: must, can, is required to ...), its polarity ("MUST NOT", "cannot", "is
// never"), the sentence's other negating words and the condition it states ("only if", "when", "unless").
// Read by the passage ranker (a question about a requirement wants a passage stating one) and by the yes/no
// answers (chat/candidates/requirements.ts).
import type { Modality } from './analysis';

export interface Requirement {
  modality: Modality | null;
  /** The requirement is negated ("MUST NOT", "cannot", "is never"). */
  negated: boolean;
  /** Negating words of the sentence other than the requirement's own. */
  negations: number;
  /** A condition it states ("only if the key is fresh"), or null. */
  condition: string | null;
  /** Written with a capitalised keyword (RFC 2119). */
  keyword: boolean;
}

const KEYWORD = /\b(MUST|SHALL|SHOULD|MAY|REQUIRED|RECOMMENDED|OPTIONAL)(\s+NOT)?\b|\bNOT\s+(REQUIRED|RECOMMENDED)\b/;
const LOWER_MODAL =
  /\b(must|shall|should|may|can|cannot|could|is required to|are required to|is allowed to|are allowed to|is permitted to|are permitted to|need)(\s+not|n't)?\b/i;
const MODALITY: Record<string, Modality> = {
  must: 'must',
  shall: 'must',
  required: 'must',
  'is required to': 'must',
  'are required to': 'must',
  need: 'must',
  should: 'should',
  recommended: 'should',
  may: 'may',
  can: 'may',
  cannot: 'may',
  could: 'may',
  optional: 'may',
  'is allowed to': 'may',
  'are allowed to': 'may',
  'is permitted to': 'may',
  'are permitted to': 'may',
};
const NEGATING = /\b(?:not|never|no|none|without|unless|except|cannot)\b|n't\b/gi;
/** A statement's own negating words: "not", "never", "no longer" (each "not" of a coordination: "is not sent and not stored"). */
const STATEMENT_NOT = /\b(?:not|never|no longer)\b/gi;
/** A finite auxiliary (not a modal) with its negation: beside a requirement's modal, the verb of a subordinate clause ("a peer that does not ..."). */
const SUBORDINATE_NOT = /\b(?:is|are|was|were|do|does|did|has|have|had)\s+(?:not|never)\b|\b(?:isn|aren|wasn|weren|doesn|don|didn|hasn|haven|hadn)'t\b/gi;
/** A relative clause's negation: its pronoun, at most two words, an auxiliary and "not" ("packets that are not signed"). */
const RELATIVE_NOT = /\b(?:that|which|who|whose\s+\w+)\s+(?:\w+\s+){0,2}?(?:is|are|was|were|do|does|did|has|have|had)\s+(?:not|never)\b/gi;
const CONDITION =
  /\b(only\s+(?:if|when|after|once)|except\s+(?:when|if|where|for|that)|if|when|unless|until|provided that|as long as|in cases? where)\s+([^,;:.()]{3,}?)(?=\s*(?:[,;:.()]|$))/i;

/**
 * A requirement written with a noun or an adjective instead of a modal: "there is no requirement that ...",
 * "it is not necessary to ...", "it is perfectly acceptable for X to ...". Group 1: a negation; group 2: the word.
 */
const NOMINAL_MODAL =
  /\b(?:(no|not\s+an?|nor\s+any|not(?:\s+be)?)\s+)?(requirement|obligation|necessary|mandatory|obligatory|acceptable|permissible)\b(?=\s+(?:that|to|for|if|when|unless|in)\b|\s*[.;,]|$)/i;
const NOMINAL_MODALITY: Record<string, Modality> = {
  requirement: 'must',
  obligation: 'must',
  necessary: 'must',
  mandatory: 'must',
  obligatory: 'must',
  acceptable: 'may',
  permissible: 'may',
};
/**
 * A phrase of purpose or reason opening a sentence up to its comma ("In order to ensure that X arrives without
 * change, ..."): it says why, not what is required; its negating words are not the requirement's.
 */
export const LEADING_FRAME = /^\s*(?:in order (?:to|that)|so that|to|since|because|as|although|though|given that|in the interest of)\b[^,;:]*,/i;

/** A condition match as it is carried with an answer: its opening words in lower case and its body ("only if the key is stale"). */
const conditionText = (c: RegExpExecArray): string => `${c[1].toLowerCase()} ${c[2].trim()}`;
/** Every capitalised keyword, every lower-case modal of a text (for matchAll). */
const KEYWORDS = new RegExp(KEYWORD.source, 'g');
const LOWER_MODALS = new RegExp(LOWER_MODAL.source, 'gi');

/**
 * The condition a text states ("if the key is stale", "when no response has arrived") and how many negating
 * words it holds (`negations`; `cannot`: a negated modal among them): a condition is carried with the answer, its negations are its own and flip nothing.
 */
export function conditionOf(text: string): { condition: string; body: string; negations: number; cannot: boolean } | null {
  const c = CONDITION.exec(text);
  if (!c) return null;
  const words = c[0].match(NEGATING) ?? [];
  const modal = words.filter((w) => /^cannot$|n't$/i.test(w)).length;
  return { condition: conditionText(c), body: c[2].trim(), negations: words.length - modal, cannot: modal > 0 };
}

/** The requirement a sentence states: its modality, polarity, other negations and condition. */
export function requirementOf(sentence: string): Requirement {
  const k = KEYWORD.exec(sentence);
  const l = k ? null : LOWER_MODAL.exec(sentence);
  let modality: Modality | null = null;
  let negated = false;
  let at = -1;
  let length = 0;
  if (k) {
    modality = MODALITY[(k[1] ?? k[3]).toLowerCase()];
    negated = !!k[2] || !!k[3];
    [at, length] = [k.index, k[0].length];
  } else if (l) {
    modality = MODALITY[l[1].toLowerCase()] ?? null;
    negated = !!l[2] || /^cannot$/i.test(l[1]);
    [at, length] = [l.index, l[0].length];
  } else {
    const n = NOMINAL_MODAL.exec(sentence);
    if (n) {
      modality = NOMINAL_MODALITY[n[2].toLowerCase()];
      negated = !!n[1];
      [at, length] = [n.index, n[0].length];
    }
  }
  // (a phrase of purpose or reason opening the sentence before its modal is set apart)
  const frame = LEADING_FRAME.exec(sentence);
  // a statement without a modal: "is never sent", "is not used"
  // (a condition's own words, "unless" or "except", are the condition's, carried with the answer: they do not negate)
  const c = CONDITION.exec(sentence);
  const spans = [
    [at, at + length],
    ...(c ? [[c.index, c.index + c[0].length]] : []),
    ...(frame && (at < 0 || frame[0].length <= at) ? [[0, frame[0].length]] : []),
  ]
    .filter(([from]) => from >= 0)
    .sort((a, b) => a[0] - b[0]);
  let own = '';
  let from = 0;
  for (const [a, b] of spans) {
    own += ` ${sentence.slice(from, Math.max(from, a))}`;
    from = Math.max(from, b);
  }
  own += ` ${sentence.slice(from)}`;
  // (a negation in a subordinate clause describes a thing, it does not negate the requirement: with a modal, any other
  // finite auxiliary's "not" stands in one; without, one opening with a relative pronoun)
  const described = (own.match(at >= 0 ? SUBORDINATE_NOT : RELATIVE_NOT) ?? []).length;
  let negations = (own.match(NEGATING) ?? []).length - described;
  // a statement without a modal: its "not"s and "never"s (coordinated: "is not sent and not stored") are its one negation
  const nots = at < 0 ? (own.match(STATEMENT_NOT) ?? []).length - described : 0;
  if (nots > 0) {
    negated = true;
    negations -= nots;
  }
  return { modality, negated, negations: Math.max(0, negations), condition: c ? conditionText(c) : null, keyword: !!k };
}

/** One requirement of a sentence, with the clause that states it. */
export interface RequirementClause extends Requirement {
  /** The clause's place in the sentence: [start, end). */
  start: number;
  end: number;
  /** Its words before the modal: who or what the requirement binds ("the client", "keys"). */
  subject: string;
  /** Its words after the modal: what is required ("send the key in clear"). */
  predicate: string;
}

/** Where one clause of a sentence ends and another begins: a semicolon, a colon, a full stop, a comma before a conjunction. */
const CLAUSE_BREAK = /;|:\s|\.\s+(?=[A-Z])|,\s*(?:and|but|or|while|whereas|however|so|although|though)\b|\s(?:but|whereas|while|although|though)\s/g;
/** A coordinating word that may open the next requirement's clause between two modals ("X MUST A and Y MUST B"). */
const COORDINATION = /\s(?:and|or)\s/g;

/**
 * Every requirement a sentence states, each read in its own clause: "The client MAY cache the reply, but
 * it MUST NOT forward it" states a permission (to cache) and a prohibition (to forward). A clause runs from
 * the clause break before its modal (or a coordinating word after the previous modal) to the break after
 * it; its negations and condition are its own, a condition that opens the sentence ("If X, ...") holds for
 * every clause. A sentence without a modal is one clause, read as requirementOf reads it.
 */
export function requirementClauses(sentence: string): RequirementClause[] {
  const keywords = [...sentence.matchAll(KEYWORDS)];
  const modals = keywords.length ? keywords : [...sentence.matchAll(LOWER_MODALS)];
  if (!modals.length) return [{ ...requirementOf(sentence), start: 0, end: sentence.length, subject: '', predicate: sentence }];
  const breaks = [...sentence.matchAll(CLAUSE_BREAK)].map((m) => ({ at: m.index!, end: m.index! + m[0].length }));
  const opening = CONDITION.exec(sentence);
  const leading = opening && opening.index < modals[0].index! ? opening : null;
  const starts = modals.map((m, i) => {
    const at = m.index!;
    const previous = i > 0 ? modals[i - 1].index! + modals[i - 1][0].length : 0;
    const broken = breaks.filter((b) => b.end <= at && b.at >= previous).map((b) => b.end);
    if (broken.length) return Math.max(...broken);
    if (i === 0) return 0;
    const joins = [...sentence.slice(previous, at).matchAll(COORDINATION)];
    return joins.length ? previous + joins.at(-1)!.index! + joins.at(-1)![0].length : previous;
  });
  const out: RequirementClause[] = [];
  modals.forEach((m, i) => {
    const at = m.index!;
    const after = at + m[0].length;
    const next = i + 1 < modals.length ? starts[i + 1] : sentence.length;
    const stop = breaks.find((b) => b.at >= after && b.at < next);
    const [start, end] = [starts[i], stop ? stop.at : next];
    const own = requirementOf(sentence.slice(start, end));
    const condition = own.condition ?? (leading && i > 0 ? conditionText(leading) : null);
    out.push({
      ...own,
      condition,
      start,
      end,
      subject: sentence.slice(start, at).trim(),
      predicate: sentence
        .slice(after, end)
        .replace(/\s+(?:and|or)\s*$/, '')
        .trim(),
    });
  });
  return out;
}

const modalitiesBySentence = new Map<string, Set<Modality>>();
/** Every modality a sentence states, by a capitalised keyword or a plain modal ("MAY ...; ... SHOULD ..."), cached by sentence. */
export function statedModalities(sentence: string): Set<Modality> {
  let got = modalitiesBySentence.get(sentence);
  if (!got) {
    got = new Set<Modality>();
    for (const m of sentence.matchAll(KEYWORDS)) got.add(MODALITY[(m[1] ?? m[3]).toLowerCase()]);
    for (const m of sentence.matchAll(LOWER_MODALS)) {
      const modality = MODALITY[m[1].toLowerCase()];
      if (modality) got.add(modality);
    }
    if (modalitiesBySentence.size > 50_000) modalitiesBySentence.clear();
    modalitiesBySentence.set(sentence, got);
  }
  return got;
}
