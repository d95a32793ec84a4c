// Candidates from field lists (a "Value" line, its number, a "Description" line, then its sentence): the field the question's asked noun labels, in the record whose other
// fields and heading hold the question's other words (document/layout.ts reads the records).
import { scoreSentences } from '../../retrieve/sentences';
import { stem } from '../../nlp/morphology';
import { fieldRecords } from '../../document/layout';
import { clip, type AnswerContext } from './context';
import { LEVEL, typedSpans } from './spans';
import { measureUnit, unitKindOf } from '../../retrieve/quantities';
import type { Candidate } from './types';

export function fieldCandidates(ctx: AnswerContext): Candidate[] {
  const { type } = ctx;
  if (!type.head || !ctx.numeric) return [];
  const asked = new Set([stem(type.head), ...type.phrase.map((w) => stem(w))]);
  const out: Candidate[] = [];
  ctx.passages.forEach((p, rank) => {
    for (const rec of fieldRecords(p.text)) {
      const field = rec.fields.find((f) => asked.has(stem(f.label.toLowerCase())));
      if (!field || rec.fields.length < 2) continue;
      // the record's best sentence (with its heading) holds the question's other words
      const context = [rec.heading, ...rec.fields.filter((f) => f !== field).map((f) => f.body)].join('\n');
      const match = Math.max(0, ...scoreSentences(context, ctx.distinctive).map((x) => x.score));
      if (match < 0.5) continue;
      const spans = typedSpans(field.body, type.type, type.head).sort((a, b) => LEVEL[b.level] - LEVEL[a.level] || a.start - b.start);
      const text = spans[0]?.text ?? clip(field.body);
      if (!/\d/.test(text) && !ctx.unitAsked) continue;
      out.push({
        text,
        source: 'field',
        passageId: p.id,
        passageRank: rank,
        sentence: `${rec.heading ? `${rec.heading}: ` : ''}${field.label} ${field.body}`.replace(/\s+/g, ' '),
        offset: field.offset,
        triples: [],
        measures: {
          match,
          passageMatch: ctx.passageCover.get(p.id) ?? 0,
          labelled: 1,
          specificity: spans[0]?.level ?? 'loose',
          novel: 1,
          // the record's value measures what its heading names
          ...(rec.heading ? { measured: rec.heading } : {}),
          ...(unitKindOf(measureUnit(text)) ? { unitKind: unitKindOf(measureUnit(text))! } : {}),
        },
      });
    }
  });
  return out;
}
