// Candidates that define the asked term from the document's layout rather than one sentence: a
// description field under a line naming the term (document/layout.ts), a formula line whose left side
// is the term ("Session-Id = Type-Code || Method-Id", read with the sentence introducing it), and an
// acronym's expansion where the text introduces it ("Transient EAP Keys (TEKs)").
import { coverage, scoreSentences } from '../../retrieve/sentences';
import { contentStems } from '../../retrieve/text';
import { descriptionFields } from '../../document/layout';
import { clip, type AnswerContext } from './context';
import { expansions } from './spans';
import type { Candidate } from './types';

/** Description fields of the asked term: `match` is the IDF-weighted share of the term's words its naming line holds. */
export function descriptionCandidates(ctx: AnswerContext): Candidate[] {
  const subject = ctx.subjectStems;
  if (ctx.type.type !== 'definition' || !subject.length) return [];
  const idf = new Map(ctx.terms.map((t) => [t.stem, t.idf]));
  const total = subject.reduce((a, x) => a + (idf.get(x) ?? 1), 0);
  const out: Candidate[] = [];
  ctx.passages.forEach((p, rank) => {
    for (const d of descriptionFields(p.text)) {
      // the naming line nearest the field that holds most of the term (and little else); whether that line
      // opens with the term (the entry's own name: "<term> OBJECT-TYPE", "<term>:") or holds it among others (a
      // list of members inside another entry, "OBJECTS { <other>, <term>,"): the field describes the first
      let match = 0;
      let opens = false;
      for (const name of d.names) {
        const own = contentStems(name);
        if (!own.length || own.length > subject.length + 4) continue;
        const m = subject.filter((x) => own.includes(x)).reduce((a, x) => a + (idf.get(x) ?? 1), 0) / total;
        if (m > match) [match, opens] = [m, namesFirst(name, subject)];
      }
      if (match < 0.6) continue;
      const body = clip(d.body);
      out.push({
        text: body,
        source: 'description',
        passageId: p.id,
        passageRank: rank,
        sentence: body,
        offset: d.offset,
        triples: [],
        measures: { match, passageMatch: ctx.passageCover.get(p.id) ?? 0, subjectFirst: opens ? 1 : 0, novel: 1 },
      });
    }
  });
  return out;
}

/** A naming line opens with the term and is no item of a list (it does not end with a comma, it opens no braces before the term). */
export function namesFirst(line: string, subject: string[]): boolean {
  if (/[,}]\s*$/.test(line) || /^[^{]*\{/.test(line.split(/\s+/).slice(0, 2).join(' '))) return false;
  const own = contentStems(line);
  return subject.length > 0 && subject.every((x) => own.slice(0, subject.length).includes(x));
}

/** "how is the Session-Id constructed": a formula line naming the term, read with the sentence introducing it. */
export function formulaCandidates(ctx: AnswerContext): Candidate[] {
  const subject = ctx.subjectStems;
  if (ctx.type.type !== 'definition' || !subject.length) return [];
  const out: Candidate[] = [];
  ctx.passages.forEach((p, rank) => {
    const all = scoreSentences(p.text, ctx.terms).map((x) => x.sentence);
    all.forEach((x, i) => {
      const m = /^([A-Za-z][\w.-]*(?: [\w.-]+){0,3})\s*:?=\s*(\S.{0,120})$/.exec(x.text);
      if (!m || /^(?:if|when|where|while)\b/i.test(m[1])) return;
      const lhs = contentStems(m[1]);
      if (!lhs.length || !lhs.every((y) => subject.includes(y))) return;
      const intro = all[i - 1] && /:\s*$/.test(all[i - 1].text) ? all[i - 1] : null;
      out.push({
        text: m[2].trim(),
        source: 'formula',
        passageId: p.id,
        passageRank: rank,
        sentence: intro ? `${intro.text} ${x.text}` : x.text,
        offset: intro?.start ?? x.start,
        triples: [],
        measures: {
          match: coverage(ctx.terms, [...x.stems, ...(intro?.stems ?? [])]),
          passageMatch: ctx.passageCover.get(p.id) ?? 0,
          subjectFirst: 1,
          novel: 1,
        },
      });
    });
  });
  return out;
}

/** "what does TEK stand for": the expansion where a passage introduces the acronym. */
export function expansionCandidates(ctx: AnswerContext): Candidate[] {
  const { type } = ctx;
  const acronym = type.type === 'definition' && type.subject && /^[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*$/.test(type.subject.trim()) ? type.subject.trim() : null;
  if (!acronym) return [];
  const asked = type.frame.some((w) => /^(?:stand|acronyms?|abbreviations?|initialisms?)$/.test(w));
  const out: Candidate[] = [];
  ctx.passages.forEach((p, rank) => {
    for (const e of expansions(p.text, acronym)) {
      out.push({
        text: e.text,
        source: 'expansion',
        passageId: p.id,
        passageRank: rank,
        sentence: e.sentence,
        offset: e.offset,
        triples: [],
        measures: {
          passageMatch: ctx.passageCover.get(p.id) ?? 0,
          expansionAsked: asked ? 1 : 0,
          namedDocument: ctx.namedDocuments.has(p.documentId) ? 1 : 0,
          novel: 1,
        },
      });
    }
  });
  return out;
}
