// A triple's modality as an editor reads it: the keyword as the document wrote it, with its negation
// ("MUST NOT", "can not"); the extractor keeps the modal out of the relation's lemma form (pass 7).
import type { TripleQualifiers } from '../../../../shared/schemas';

/** "MUST NOT" for a negated MUST, "must" for a lower-case must, "NOT" alone for a negation without a modal; '' when neither. */
export function modalityText(q: TripleQualifiers | undefined): string {
  if (!q) return '';
  const modal = q.modality ?? '';
  if (!q.negated || /\bnot\b/i.test(modal)) return modal; // (a requirement pattern writes its keyword whole: "MUST NOT")
  const not = modal && modal === modal.toUpperCase() ? 'NOT' : 'not';
  return [modal, modal ? not : 'not'].filter(Boolean).join(' ');
}
