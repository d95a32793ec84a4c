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
