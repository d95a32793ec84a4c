// "Which RFC / document / specification ...": the documents of the retrieved passages themselves, by
// their own identity (the title, which opens with the designation: "RFC 6613: RADIUS over TCP"), not a
// document a passage cites. Each document counts its best passage: how much of the question it holds
// and how high it ranks. A document the question itself names is measured as such (a question naming
// one document asks about another).
import type { AnswerContext } from './context';
import type { Candidate } from './types';

export function documentCandidates(ctx: AnswerContext): Candidate[] {
  if (!ctx.q.whichDocument) return [];
  const best = new Map<number, { match: number; rank: number; passage: number; sentence: string | null; offset: number; passages: number }>();
  ctx.passages.forEach((p, rank) => {
    const top = ctx.sentences.find((x) => x.passage === p.id);
    const got = best.get(p.documentId);
    const match = top?.score ?? 0;
    if (!got) best.set(p.documentId, { match, rank, passage: p.id, sentence: top?.s.text ?? null, offset: top?.s.start ?? 0, passages: 1 });
    else {
      got.passages++;
      if (match > got.match) Object.assign(got, { match, passage: p.id, sentence: top?.s.text ?? null, offset: top?.s.start ?? 0 });
    }
  });
  const out: Candidate[] = [];
  for (const [documentId, b] of best) {
    const passage = ctx.passageById.get(b.passage)!;
    out.push({
      text: passage.document,
      source: 'document',
      passageId: b.passage,
      passageRank: b.rank,
      sentence: b.sentence,
      offset: b.offset,
      triples: [],
      measures: {
        match: b.match,
        passageMatch: ctx.passageCover.get(b.passage) ?? 0,
        ownDocument: 1,
        namedDocument: ctx.namedDocuments.has(documentId) ? 1 : 0,
        novel: 1,
      },
    });
  }
  return out;
}
