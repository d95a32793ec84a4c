// Yes or no, read off a requirement: a question asking whether something may, must or should be done
// (or simply whether it is so) is answered from the sentences that hold it, by their modality (MUST,
// SHOULD, MAY and their lower-case forms) and polarity: "Can X be used without TLS?" over "X MUST NOT be
// used without TLS" is "No". Negating words other than the modal's own ("without", "unless") that the
// question and the sentence share cancel out; one on one side only flips the answer. A condition the
// requirement states ("only when", "if", "unless") is part of the answer; a sentence that states no
// requirement (no modal, no negation: a plain statement, a heading) gives the bare word, its "when" no
// requirement's condition.
import type { Modality } from '../../retrieve/analysis';
import { requirementOf, type Requirement } from '../../retrieve/requirement';
import type { AnswerContext } from './context';
import type { Candidate } from './types';

// (the requirement a sentence states is read by retrieve/requirement.ts, which the passage ranker reads too)
export { requirementOf, statedModalities, type Requirement } from '../../retrieve/requirement';

/** How many of the best sentences are read. */
const SENTENCES_READ = 10;

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
