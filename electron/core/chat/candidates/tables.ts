// Candidates from plain-text tables: the cell in the column the question names, on the row whose key
// it names ("What Framed-MTU ... for IEEE 802.11 media": 2304); retrieve/tables.ts reads the tables.
import { askedCells } from '../../retrieve/tables';
import type { AnswerContext } from './context';
import { measureUnit, unitKindOf } from '../../retrieve/quantities';
import type { Candidate } from './types';

export function tableCandidates(ctx: AnswerContext): Candidate[] {
  if (!ctx.numeric && ctx.type.type !== 'name') return [];
  const out: Candidate[] = [];
  ctx.passages.forEach((p, rank) => {
    for (const { cell, match } of askedCells(ctx.q, p.text)) {
      if (ctx.numeric && !/\d/.test(cell.value)) continue;
      out.push({
        text: cell.value,
        source: 'table',
        passageId: p.id,
        passageRank: rank,
        sentence: cell.quote,
        offset: cell.offset,
        triples: [],
        measures: {
          match,
          passageMatch: ctx.passageCover.get(p.id) ?? 0,
          labelled: 1,
          novel: 1,
          // a cell measures its row's key
          measured: cell.row,
          ...(unitKindOf(measureUnit(cell.value)) ? { unitKind: unitKindOf(measureUnit(cell.value))! } : {}),
        },
      });
    }
  });
  return out;
}
