// Candidates from the graph: the ends of the best relation paths (retrieve/answers.ts walked them),
// each with the path's evidence and the chain of triples that reaches it.
import { tokenize } from '../../retrieve/text';
import { stem } from '../../nlp/morphology';
import type { AnswerContext } from './context';
import type { Candidate } from './types';

/** How many path ends are read. */
const PATH_ENDS = 20;

export function pathCandidates(ctx: AnswerContext): Candidate[] {
  const qLower = ctx.q.text.toLowerCase();
  return (ctx.retrieval.answers ?? []).slice(0, PATH_ENDS).map((a) => {
    const stems = tokenize(a.label).map((t) => stem(t.text));
    return {
      text: a.label,
      source: 'path' as const,
      passageId: null,
      passageRank: null,
      sentence: null,
      triples: a.triples,
      measures: {
        pathScore: a.score,
        novel: stems.length ? stems.filter((x) => !ctx.qStems.has(x)).length / stems.length : 1,
        inQuestion: a.label.length > 2 && qLower.includes(a.label.toLowerCase()) ? 1 : 0,
        graphLabel: 1,
      },
    };
  });
}
