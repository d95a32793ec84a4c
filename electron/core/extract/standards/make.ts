// Building candidate triples for the standards patterns: nodes, literals, evidence and confidence.
import type { Span } from '../sentences';
import type { CandidateTriple, ExtractStage, Mention } from '../types';
import { confidenceOf, patternPrior, wordCount, type EvidenceFeatures, type PatternId } from './confidence';

export const entity = (text: string, span: Span | null, type?: string): Mention => ({ text, kind: 'entity', span, ...(type ? { type } : {}) });
export const literal = (text: string, span: Span | null, type: string): Mention => ({ text, kind: 'entity', span, type, literal: true });
export const event = (text: string, span: Span | null, type?: string): Mention => ({ text, kind: 'event', span, ...(type ? { type } : {}) });

export interface Draft {
  pattern: PatternId;
  head: Mention;
  relation: string;
  tail: Mention;
  evidence: Span;
  meta?: Record<string, unknown>;
  /** For the evidence features. */
  inExpectedSection?: boolean | null;
  modal?: boolean;
  /** Rules that shaped the triple after its pattern (recorded after `pattern:<name>`). */
  rules?: string[];
}

/** Finish drafts: the evidence features count candidates per (pattern, sentence). */
export function finish(drafts: Draft[], text: string): CandidateTriple[] {
  const perSentence = new Map<string, number>();
  const key = (d: Draft) => `${d.pattern.split('.')[0]}:${d.evidence.start}`;
  for (const d of drafts) perSentence.set(key(d), (perSentence.get(key(d)) ?? 0) + 1);
  return drafts.map((d) => {
    const f: EvidenceFeatures = {
      sentenceWords: wordCount(text.slice(d.evidence.start, d.evidence.end)),
      candidates: perSentence.get(key(d)) ?? 1,
      headWords: d.head.literal ? 1 : wordCount(d.head.text),
      tailWords: d.tail.literal ? 1 : wordCount(d.tail.text),
      inExpectedSection: d.inExpectedSection,
      modal: d.modal,
    };
    const stage: ExtractStage = d.head.kind === 'event' && d.tail.kind === 'event' ? 'VV' : d.head.kind === 'event' || d.tail.kind === 'event' ? 'EV' : 'EE';
    return {
      stage,
      head: d.head,
      relation: d.relation,
      tail: d.tail,
      evidence: d.evidence,
      confidence: confidenceOf(patternPrior(d.pattern), f),
      meta: { pattern: d.pattern, ...(d.meta ?? {}) },
      rules: [`pattern:${d.pattern}`, ...(d.rules ?? [])],
    };
  });
}

/** Text of a span with runs of whitespace collapsed. */
export const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Trim a span of text[start, end) to its non-space, non-punctuation content. */
export function trimSpan(text: string, start: number, end: number): Span {
  while (start < end && /[\s,;:"'“”‘’]/.test(text[start])) start++;
  while (end > start && /[\s,;:."'“”‘’]/.test(text[end - 1])) end--;
  return { start, end };
}

const LEAD = /^(?:the|a|an|all|any|each|every|such|this|these|those|both|some|its|their|his|her|our)\s+/i;

/** A noun phrase label from raw text: brackets (citations, parentheticals) and quotes out, determiners off. */
export function phraseLabel(raw: string): string {
  let s = flat(
    raw
      .replace(/\[[^\]]*\]/g, ' ')
      .replace(/\([^)]*\)/g, ' ')
      .replace(/["“”]/g, ''),
  );
  let prev = '';
  while (prev !== s) {
    prev = s;
    s = s.replace(LEAD, '');
  }
  return s.replace(/[\s,;:.]+$/, '').trim();
}
