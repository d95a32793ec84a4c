// The classic extractor: no model, fast, the baseline a fresh install builds its first graph with.
import { splitSentences, type Span } from '../sentences';
import type { AcronymDefinition } from '../acronyms';
import type { CandidateTriple, ChunkExtraction, NodeMention } from '../types';
import { DEFAULT_CONFIDENCE } from '../types';
import { findTypedMentions } from './mentions';
import { sentenceRelations, tokenize, type Token } from './svo';

export { englishNlp } from './svo';
export { findStandards, findQuantities, findTypedMentions } from './mentions';

const KIND_CONFIDENCE = { svo: 1, prep: 0.9, isa: 1.1, of: 0.8 } as const;

export interface ClassicOptions {
  /** Acronyms defined anywhere in the document (for the definition mentions inside this chunk). */
  acronyms?: AcronymDefinition[];
}

/** Triples and typed mentions from chunk [start, end) of the document text. */
export function classicExtract(docText: string, chunk: Span, options: ClassicOptions = {}): ChunkExtraction & { sentences: number } {
  const sentences = splitSentences(docText, chunk.start, chunk.end);
  const tokens = sentences.length ? tokenize(docText, chunk.start, chunk.end) : [];
  const triples: CandidateTriple[] = [];
  const base = DEFAULT_CONFIDENCE.classic.EE;
  let t = 0;
  for (const s of sentences) {
    const inSentence: Token[] = [];
    while (t < tokens.length && tokens[t].start < s.start) t++;
    while (t < tokens.length && tokens[t].end <= s.end) inSentence.push(tokens[t++]);
    if (inSentence.length < 3) continue;
    for (const r of sentenceRelations(inSentence, docText)) {
      triples.push({
        stage: 'EE',
        head: { text: r.head.text, kind: 'entity', span: { start: r.head.start, end: r.head.end } },
        relation: r.relation,
        tail: { text: r.tail.text, kind: 'entity', span: { start: r.tail.start, end: r.tail.end } },
        confidence: Math.round(base * KIND_CONFIDENCE[r.kind] * 100) / 100,
        evidence: { start: s.start, end: s.end },
      });
    }
  }
  const mentions: NodeMention[] = findTypedMentions(docText, chunk.start, chunk.end).map((m) => ({
    text: m.label,
    type: m.type,
    span: { start: m.start, end: m.end },
  }));
  for (const a of options.acronyms ?? []) {
    if (a.span.start >= chunk.start && a.span.end <= chunk.end) {
      mentions.push({ text: a.short, type: 'term', aliases: [a.long], span: a.span });
    }
  }
  return { triples, mentions, failures: 0, tokens: 0, stages: { EE: { triples: triples.length, failed: false, tokens: 0 } }, sentences: sentences.length };
}
