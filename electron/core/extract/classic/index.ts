// The classic extractor: no model, fast, the baseline a fresh install builds its first graph with.
import { foldWithMap, splitSentences, type Span } from '../sentences';
import type { AcronymDefinition } from '../acronyms';
import type { CandidateTriple, ChunkExtraction, NodeMention } from '../types';
import { DEFAULT_CONFIDENCE } from '../types';
import { findTypedMentions } from './mentions';
import { mergeSpans, sentenceRelations, tokenize, type SentenceContext, type Token } from './svo';
import { confidenceOf, standardsExtract, type StructureLike } from '../standards';
import { wordCount } from '../standards/confidence';

export { englishNlp } from './svo';
export { findStandards, findQuantities, findTypedMentions } from './mentions';

const KIND_CONFIDENCE = { svo: 1, prep: 0.9, isa: 1.1, of: 0.8 } as const;

export interface ClassicOptions {
  /** Acronyms defined anywhere in the document (for the definition mentions inside this chunk). */
  acronyms?: AcronymDefinition[];
  /** The document's structure (document/structure.ts analyzeStructure): sections, boilerplate, standard id. */
  structure?: StructureLike | null;
}

/** Triples and typed mentions from chunk [start, end) of the document text. */
export function classicExtract(docText: string, chunk: Span, options: ClassicOptions = {}): ChunkExtraction & { sentences: number } {
  const sentences = splitSentences(docText, chunk.start, chunk.end);
  const typed = findTypedMentions(docText, chunk.start, chunk.end);
  const names = [...typed, ...longFormOccurrences(docText, chunk, options.acronyms ?? [])];
  const tokens = sentences.length ? mergeSpans(tokenize(docText, chunk.start, chunk.end), names, docText) : [];
  const triples: CandidateTriple[] = [];
  const base = DEFAULT_CONFIDENCE.classic.EE;
  let t = 0;
  const context: SentenceContext = {};
  for (const whole of sentences) {
    const s = afterTermLine(docText, whole);
    const inSentence: Token[] = [];
    while (t < tokens.length && tokens[t].start < s.start) t++;
    while (t < tokens.length && tokens[t].end <= s.end) inSentence.push(tokens[t++]);
    if (inSentence.length < 3 || !mostlyLatin(docText, s)) continue; // the English model reads English only
    if (codeLike(docText.slice(s.start, s.end))) continue; // a MIB or ASN.1 listing is no English sentence
    const rels = sentenceRelations(inSentence, docText, context);
    const sentenceWords = wordCount(docText.slice(s.start, s.end));
    for (const r of rels) {
      triples.push({
        stage: 'EE',
        head: { text: r.head.text, kind: 'entity', span: { start: r.head.start, end: r.head.end } },
        relation: r.relation,
        tail: { text: r.tail.text, kind: 'entity', span: { start: r.tail.start, end: r.tail.end } },
        // the reading's prior moved by its evidence (sentence length, candidates, label lengths): see ../standards/confidence
        confidence: confidenceOf(base * KIND_CONFIDENCE[r.kind], {
          sentenceWords,
          candidates: rels.length,
          headWords: wordCount(r.head.text),
          tailWords: wordCount(r.tail.text),
        }),
        evidence: { start: s.start, end: s.end },
      });
    }
  }
  const mentions: NodeMention[] = typed.map((m) => ({
    text: m.label,
    type: m.type,
    span: { start: m.start, end: m.end },
  }));
  for (const a of options.acronyms ?? []) {
    if (a.span.start >= chunk.start && a.span.end <= chunk.end) {
      mentions.push({ text: a.short, type: 'term', aliases: [a.long], span: a.span });
    }
  }
  // the standards patterns (definitions, requirements, values, tables, acronyms, cross-references)
  const std = standardsExtract(docText, chunk, { acronyms: options.acronyms, structure: options.structure, sentences });
  triples.push(...std.triples);
  mentions.push(...std.mentions);
  return { triples, mentions, failures: 0, tokens: 0, stages: { EE: { triples: triples.length, failed: false, tokens: 0 } }, sentences: sentences.length };
}

/**
 * A definition list's term line is no part of its body's first sentence: "Key caching\n      Caching of
 * EAP keying material enables ..." reads from "Caching". The term is a short line without closing
 * punctuation and the next line is indented deeper (the layout of RFC and standards glossaries).
 */
export function afterTermLine(text: string, s: Span): Span {
  const nl = text.indexOf('\n', s.start);
  if (nl < 0 || nl >= s.end) return s;
  const first = text.slice(s.start, nl).trim();
  if (!first || /[.:;!?,]$/.test(first) || first.split(/\s+/).length > 8) return s;
  const lineStart = text.lastIndexOf('\n', s.start - 1) + 1;
  if (text.slice(lineStart, s.start).trim()) return s; // the sentence starts inside a line
  const indent = s.start - lineStart;
  const next = /^[ \t]*/.exec(text.slice(nl + 1, s.end))![0].length;
  if (next <= indent || nl + 1 + next >= s.end) return s;
  return { start: nl + 1 + next, end: s.end };
}

/** Every place in the chunk where a defined acronym's long form is written (any case or spacing). */
export function longFormOccurrences(docText: string, chunk: Span, acronyms: AcronymDefinition[]): Span[] {
  if (!acronyms.length) return [];
  const { folded, map } = foldWithMap(docText, chunk.start, chunk.end);
  const out: Span[] = [];
  for (const a of acronyms) {
    const needle = a.long.toLowerCase().replace(/\s+/g, ' ');
    if (needle.length < 4) continue;
    for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + needle.length)) {
      const before = folded[at - 1];
      const after = folded[at + needle.length];
      if ((before && /[\p{L}\p{N}]/u.test(before)) || (after && /[\p{L}\p{N}]/u.test(after))) continue;
      out.push({ start: map[at], end: map[at + needle.length - 1] + 1 });
    }
  }
  return out;
}

/**
 * A listing, not prose: "SYNTAX Counter32 MAX-ACCESS read-only STATUS current DESCRIPTION ..." -- at least
 * three words in capitals of four or more letters (RFC 2119 keywords aside) making a quarter of its words,
 * or an ASN.1 assignment "::=".
 */
export function codeLike(sentence: string): boolean {
  if (sentence.includes('::=')) return true;
  const words = sentence.match(/[\p{L}\p{N}][\p{L}\p{N}-]*/gu) ?? [];
  const caps = words.filter((w) => /^\p{Lu}[\p{Lu}\d-]{3,}$/u.test(w) && !/^(?:MUST|SHALL|SHOULD|REQUIRED|RECOMMENDED|OPTIONAL|NOT)$/.test(w));
  return caps.length >= 3 && caps.length * 4 >= words.length;
}

/** At least 70% of the sentence's letters are Latin: other scripts (Hangul, CJK) get typed mentions only. */
export function mostlyLatin(text: string, s: Span): boolean {
  let letters = 0;
  let latin = 0;
  for (let i = s.start; i < s.end; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
        letters++;
        latin++;
      }
    } else if (/\p{L}/u.test(text[i])) {
      letters++;
      if (/\p{Script=Latin}/u.test(text[i])) latin++;
    }
  }
  return letters === 0 || latin / letters >= 0.7;
}
