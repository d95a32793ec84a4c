// Acronyms and their expansions as triples: (RADIUS, stands for, Remote Authentication Dial In User
// Service). The definitions come from ../acronyms (running text "Long Form (LF)") and from glossary
// lines "AAA  Authentication, Authorization, and Accounting" in a terminology section.
import { matchInitials, type AcronymDefinition } from '../../nlp/acronyms';
import type { Span } from '../sentences';
import { inTerminologySection, isSkipped, sentenceAt, type ChunkContext } from './context';
import { entity, literal, type Draft } from './make';

export function acronymTriples(ctx: ChunkContext, acronyms: AcronymDefinition[]): Draft[] {
  const { text } = ctx.doc;
  const out: Draft[] = [];
  // in a standard (its glossary is part of what it specifies); elsewhere the expansion stays an alias of the acronym's node
  if (!ctx.doc.self) return out;
  const done = new Set<string>();
  const push = (short: string, shortSpan: Span, long: string, longSpan: Span, evidence: Span, glossary: boolean) => {
    const key = `${short}\u0000${long.toLowerCase()}`;
    if (done.has(key)) return;
    done.add(key);
    out.push({
      pattern: 'acronym',
      head: entity(short, shortSpan, 'term'),
      relation: 'stands for',
      tail: literal(long, longSpan, 'expansion'),
      evidence,
      inExpectedSection: glossary || inTerminologySection(ctx.doc, evidence.start) ? true : null,
    });
  };
  for (const a of acronyms) {
    if (a.span.start < ctx.chunk.start || a.span.end > ctx.chunk.end) continue;
    const ev = sentenceAt(ctx, a.span.start);
    if (isSkipped(ctx, ev)) continue;
    push(a.short, a.shortSpan, a.long, a.longSpan, ev, false);
  }
  // glossary lines: "ACR  Expansion words ..." (two spaces between)
  const slice = text.slice(ctx.chunk.start, ctx.chunk.end);
  for (const m of slice.matchAll(/^([ \t]*)([\p{Lu}][\p{Lu}\p{N}/-]{1,9})[ \t]{2,}(\S[^\n]*)$/gmu)) {
    const at = ctx.chunk.start + m.index! + m[1].length;
    if (!inTerminologySection(ctx.doc, at) || isSkipped(ctx, { start: at, end: at + m[0].length })) continue;
    const short = m[2];
    const words = m[3].split(/\s+/).slice(0, short.replace(/[^\p{L}]/gu, '').length + 3);
    // the longest run of leading words whose initials spell the short form ("... and Accounting", not "... and")
    let long: string | null = null;
    for (let n = 1; n <= words.length; n++) {
      const cand = words.slice(0, n);
      if (!/^\p{Lu}/u.test(cand[0]) || /^(?:and|or|of|for|the|in|on|to)$/i.test(cand[n - 1]) || matchInitials(short, cand) !== 0) continue;
      long = cand.join(' ').replace(/[,;:.]$/, '');
    }
    if (!long) continue;
    const longAt = at + m[0].length - m[1].length - m[3].length;
    push(short, { start: at, end: at + short.length }, long, { start: longAt, end: longAt + long.length }, { start: at, end: longAt + long.length }, true);
  }
  return out;
}
