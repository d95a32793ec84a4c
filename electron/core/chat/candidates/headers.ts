// Candidates from a named standard's own header (document/structure.ts reads it; document/layout.ts
// names the fields and the words that ask for each): its title, category, date, edition, the documents
// it updates or obsoletes, when the question names the standard by its designation and asks for one.
import { DOCUMENT_NOUNS } from '../../retrieve/analysis';
import { HEADER_FIELDS } from '../../document/layout';
import type { AnswerContext } from './context';
import type { Candidate } from './types';

export function headerCandidates(ctx: AnswerContext): Candidate[] {
  const { type, q } = ctx;
  // a date when the question asks "when" (not "when discussing key lifetimes, which constant ..."), the others
  // when the asked noun is the field's or a document's
  const askedWords = [type.head ?? '', ...type.phrase].join(' ');
  const asks = (field: (typeof HEADER_FIELDS)[number]) =>
    field.key === 'date'
      ? type.type === 'date' || field.asks.test(askedWords)
      : field.asks.test(q.text) && (!type.head || DOCUMENT_NOUNS.has(type.head) || field.asks.test(askedWords));
  const out: Candidate[] = [];
  for (const st of ctx.retrieval.standards ?? []) {
    for (const field of HEADER_FIELDS) {
      const value = st[field.key];
      if (!value || (Array.isArray(value) && !value.length) || !asks(field)) continue;
      const text = Array.isArray(value) ? value.join(', ') : value;
      out.push({
        text,
        source: 'header',
        passageId: st.chunkId,
        passageRank: null,
        sentence: `${st.id} ${field.label}: ${text}`,
        triples: [],
        measures: { labelled: 1, namedDocument: 1, novel: 1 },
      });
    }
  }
  return out;
}
