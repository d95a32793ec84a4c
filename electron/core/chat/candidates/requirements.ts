// Yes or no, read off a requirement: a question asking whether something may, must or should be done
// (or simply whether it is so) is answered from the sentences that hold it, by their modality (MUST,
// SHOULD, MAY and their lower-case forms) and polarity: "Can X be used without TLS?" over "X MUST NOT be
// used without TLS" is "No". Negating words other than the modal's own ("without", "unless") that the
// question and the sentence share cancel out; one on one side only flips the answer. A condition the
// requirement states ("only when", "if", "unless") is part of the answer; a sentence that states no
// requirement (no modal, no negation: a plain statement, a heading) gives the bare word, its "when" no
// requirement's condition.
import type { Modality } from '../../retrieve/analysis';
import type { AnswerContext } from './context';
import type { Candidate } from './types';

/** How many of the best sentences are read. */
const SENTENCES_READ = 10;

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
const CONDITION = /\b(only\s+(?:if|when|after|once)|if|when|unless|until|provided that|as long as)\s+([^,;:.()]{3,}?)(?=\s*(?:[,;:.()]|$))/i;

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
  }
  // a statement without a modal: "is never sent", "is not used"
  const own = at >= 0 ? sentence.slice(0, at) + sentence.slice(at + length) : sentence;
  let negations = (own.match(NEGATING) ?? []).length;
  if (at < 0 && /\b(?:not|never|no longer)\b/i.test(sentence)) {
    negated = true;
    negations--;
  }
  const c = CONDITION.exec(sentence);
  return { modality, negated, negations: Math.max(0, negations), condition: c ? `${c[1].toLowerCase()} ${c[2].trim()}` : null, keyword: !!k };
}

const modalitiesBySentence = new Map<string, Set<Modality>>();
/** Every modality a sentence states, by a capitalised keyword or a plain modal ("MAY ...; ... SHOULD ..."), cached by sentence. */
export function statedModalities(sentence: string): Set<Modality> {
  let got = modalitiesBySentence.get(sentence);
  if (!got) {
    got = new Set<Modality>();
    for (const m of sentence.matchAll(new RegExp(KEYWORD.source, 'g'))) got.add(MODALITY[(m[1] ?? m[3]).toLowerCase()]);
    for (const m of sentence.matchAll(new RegExp(LOWER_MODAL.source, 'gi'))) {
      const modality = MODALITY[m[1].toLowerCase()];
      if (modality) got.add(modality);
    }
    if (modalitiesBySentence.size > 50_000) modalitiesBySentence.clear();
    modalitiesBySentence.set(sentence, got);
  }
  return got;
}

/**
 * Yes or no for a question against one requirement. A permission asked ("may / can X ...") holds when the
 * sentence does not forbid it; an obligation asked ("must X ...") holds only when the sentence obliges
 * it; a recommendation asked holds when it obliges or recommends it; without a modality, when it is not
 * negated. A negated question ("must X not ...") asks the opposite; unshared negating words flip it.
 */
export function answerYesNo(asked: { modality: Modality | null; negated: boolean; negations: number }, req: Requirement): boolean {
  let holds: boolean;
  if (asked.negated) {
    // "must X not ...", "is X forbidden to ...": yes when the sentence forbids it
    holds = req.negated && (req.modality === 'must' || req.modality === 'should' || req.modality === null);
  } else if (asked.modality === 'must') holds = !req.negated && req.modality === 'must';
  else if (asked.modality === 'should') holds = !req.negated && (req.modality === 'must' || req.modality === 'should');
  else if (asked.modality === 'may') holds = !req.negated;
  else holds = !req.negated;
  if ((asked.negations + req.negations) % 2 === 1) holds = !holds;
  return holds;
}

export function requirementCandidates(ctx: AnswerContext): Candidate[] {
  const { q } = ctx;
  if (!q.yesNo) return [];
  const out: Candidate[] = [];
  for (const x of ctx.sentences.slice(0, SENTENCES_READ)) {
    const req = requirementOf(x.s.text);
    const yes = answerYesNo(q, req);
    const word = yes ? 'Yes' : 'No';
    // (a condition is the requirement's: a sentence stating none, a plain statement or a heading, gives the bare word)
    const stated = req.modality !== null || req.negated;
    const text = req.condition && stated ? `${word}, ${req.condition}` : word;
    out.push({
      text,
      source: 'requirement',
      passageId: x.passage,
      passageRank: x.rank,
      sentence: x.s.text,
      offset: x.s.start,
      triples: [],
      measures: {
        match: x.score,
        passageMatch: ctx.passageCover.get(x.passage) ?? 0,
        modalityMatch: q.modality && req.modality === q.modality ? 1 : 0,
        keyword: req.keyword ? 1 : 0,
        requirementStated: stated ? 1 : 0,
        novel: 1,
      },
    });
  }
  // how the read sentences vote: the share of their match (coverage of the question) that gives the same word
  const total = out.reduce((a, c) => a + (c.measures.match ?? 0), 0);
  const share = (word: string) => out.reduce((a, c) => a + (c.text.startsWith(word) ? (c.measures.match ?? 0) : 0), 0) / (total || 1);
  for (const c of out) c.measures.polarityShare = share(c.text.startsWith('Yes') ? 'Yes' : 'No');
  return out;
}
