// Definitions. In a terminology section: the indented term list ("Term\n      Its definition ...")
// and "Term: definition" lines; anywhere: "X is defined as Y", "the term X refers to / means Y";
// in a terminology section also "X means / refers to Y". The definition is kept as written: a
// literal node of type 'definition' whose label is the defining sentence.
import { matchInitials } from '../../nlp/acronyms';
import { isPronoun } from '../labels';
import type { Span } from '../sentences';
import { inTerminologySection, isSkipped, type ChunkContext } from './context';
import { entity, flat, literal, phraseLabel, trimSpan, type Draft } from './make';
import { figureLegendLine } from '../classic/figures';

const MAX_TERM_WORDS = 7;
const MAX_DEFINITION_WORDS = 45;

interface Line extends Span {
  /** Columns before the body on its line in the document. */
  indent: number;
  /** Where the body (the line without its indent) starts in the document. */
  bodyStart: number;
  body: string;
}

function linesOf(text: string, from: number, to: number): Line[] {
  const out: Line[] = [];
  let at = from;
  while (at < to) {
    let nl = text.indexOf('\n', at);
    if (nl < 0 || nl > to) nl = to;
    const raw = text.slice(at, nl);
    let indent = /^[ \t]*/.exec(raw)![0].length;
    // A chunk may begin after its first line's indent: that line is indented as the document has it.
    if (at === from) {
      const lineStart = text.lastIndexOf('\n', from - 1) + 1;
      if (/^[ \t]*$/.test(text.slice(lineStart, from))) indent += from - lineStart;
    }
    const lead = /^[ \t]*/.exec(raw)![0].length;
    out.push({ start: at, end: nl, indent, bodyStart: at + lead, body: raw.slice(lead).trimEnd() });
    at = nl + 1;
  }
  return out;
}

function validTerm(t: string): boolean {
  const words = t.split(/\s+/);
  if (!t || words.length > MAX_TERM_WORDS || !/^[\p{L}\p{N}"“]/u.test(t)) return false;
  if (/[.;,:]$/.test(t) || /\b(?:is|are|the|of this)\s*$/i.test(t)) return false;
  if (/ {2,}/.test(t) || /[{}=|]|::=/.test(t)) return false; // table rows, ASN.1
  if (/^[\p{Ll}]/u.test(t) && words.length > 3) return false; // a sentence fragment
  return !isPronoun(t);
}

/** The first sentence of a definition paragraph, with "A Term is" / "The term X refers to" taken off. */
function definitionText(text: string, term: string, start: number, end: number): Span | null {
  const para = text.slice(start, end);
  // first sentence: up to ". " + capital, or the paragraph's end
  const stop = /\.(?=\s+[\p{Lu}\p{N}"“(])|\.\s*$/u.exec(para);
  let e = start + (stop ? stop.index : para.length);
  let s = start;
  const lead = new RegExp(
    String.raw`^(?:(?:an?|the)\s+)?(?:term\s+)?["“]?${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+')}s?["”]?(?:\s*\([^)]{1,20}\))?\s+(?:(?:is|are)(?:\s+defined\s+as)?|refers\s+to|means|denotes)\s+`,
    'i',
  ).exec(para);
  if (lead) s += lead[0].length;
  else {
    const pointer = /^(?:this|it)\s+(?:is|refers\s+to|means)\s+/i.exec(para); // "This is a server which ..."
    if (pointer) s += pointer[0].length;
  }
  const words = [...text.slice(s, e).matchAll(/\S+/g)];
  if (words.length > MAX_DEFINITION_WORDS) e = s + words[MAX_DEFINITION_WORDS - 1].index! + words[MAX_DEFINITION_WORDS - 1][0].length;
  if (words.length < 2) return null;
  const span = trimSpan(text, s, e);
  return span.end > span.start ? span : null;
}

/** "AAA  Authentication, Authorization, and Accounting": a term whose text begins with its expansion. */
function expansionOf(term: string, body: string): string | null {
  if (!/^[\p{Lu}\p{N}-]{2,10}$/u.test(term)) return null;
  const words = body.split(/\s+/).slice(0, term.replace(/[^\p{L}]/gu, '').length + 3);
  for (let n = 1; n <= words.length; n++) {
    const cand = words.slice(0, n);
    if (matchInitials(term, cand) === 0 && /^[\p{Lu}]/u.test(cand[0])) return cand.join(' ').replace(/[,;:.]$/, '');
  }
  return null;
}

export function definitions(ctx: ChunkContext): Draft[] {
  const { text } = ctx.doc;
  const out: Draft[] = [];
  const lines = linesOf(text, ctx.chunk.start, ctx.chunk.end);
  const seen = new Set<number>();
  const push = (term: string, termSpan: Span, def: Span, list: boolean, evidence?: Span) => {
    if (seen.has(def.start)) return;
    seen.add(def.start);
    const label = phraseLabel(term);
    if (!label || !validTerm(label)) return;
    out.push({
      pattern: list ? 'definition.list' : 'definition.sentence',
      head: entity(label, termSpan, 'term'),
      relation: 'is defined as',
      tail: literal(flat(text.slice(def.start, def.end)), def, 'definition'),
      evidence: evidence ?? { start: Math.min(termSpan.start, def.start), end: Math.max(def.end, termSpan.end) },
      inExpectedSection: inTerminologySection(ctx.doc, termSpan.start),
    });
  };

  // term lists and "Term: definition" lines, in terminology sections only
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (!l.body || !inTerminologySection(ctx.doc, l.start) || isSkipped(ctx, l)) continue;
    const next = lines[i + 1];
    // "Term\n      definition": the definition is indented deeper, right below
    if (next && next.body && next.indent > l.indent && l.indent <= 8) {
      const two = / {2,}/.exec(l.body);
      const term = two ? l.body.slice(0, two.index) : l.body;
      if (!validTerm(term)) continue;
      // a same-line expansion ("AAA  Authentication, ...") is an acronym, read by the acronym pattern
      if (two && expansionOf(term, l.body.slice(two.index).trim())) continue;
      const termSpan = { start: l.bodyStart, end: l.bodyStart + term.length };
      // a paragraph that opens with a clause ("In order to ...", "If ...") discusses the term rather than defining it
      if (/^(?:In order to|If|When|Since|As|For example|Although|While|Unless|Note)\b/.test(next.body)) continue;
      const def = definitionText(text, term, next.bodyStart, next.end);
      if (def && /\p{Ll}/u.test(text.slice(def.start, def.end)) && text.slice(def.start, def.end).split(/\s+/).length >= 3) push(term, termSpan, def, true);
      continue;
    }
    // "Term: definition" and "Term - definition"
    const colon = /^([^:\n]{2,60}?)\s*(?::|\s-{1,2})\s+(\S.*)$/.exec(l.body);
    if (colon && validTerm(colon[1]) && colon[2].split(/\s+/).length >= 3 && !/^(?:note|example|e\.g|see)\b/i.test(colon[1])) {
      if (figureLegendLine(text, l.start)) continue; // doc.figure-legend: the labels of a figure's boxes, no terms
      const termSpan = { start: l.bodyStart, end: l.bodyStart + colon[1].length };
      const defStart = l.bodyStart + l.body.indexOf(colon[2], colon[1].length);
      const def = definitionText(text, colon[1], defStart, l.end);
      if (def) push(colon[1], termSpan, def, true);
    }
  }

  // sentence forms
  for (const s of ctx.sentences) {
    if (isSkipped(ctx, s)) continue;
    const sentence = text.slice(s.start, s.end);
    const inTerms = inTerminologySection(ctx.doc, s.start);
    const forms = [
      // "The term "X" refers to Y", "the word X means Y": anywhere
      /(?:^|[,;]\s+|\b(?:[Tt]he|[Tt]his)\s+)(?:term|word|phrase|expression)\s+["“]([^"”]{1,60})["”]\s*(?:,\s*)?(?:as used (?:here|in this document),?\s+)?(?:refers\s+to|means|denotes|is\s+defined\s+as|is\s+used\s+to\s+(?:mean|refer\s+to|denote))\s+/g,
      /(?:^|[,;]\s+|\b(?:[Tt]he|[Tt]his)\s+)(?:term|word)\s+([\p{L}\p{N}][\p{L}\p{N}/-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}/-]*){0,3}?)\s+(?:refers\s+to|means|denotes|is\s+defined\s+as)\s+/gu,
      // "X is defined as Y": anywhere (not "defined in": that is a cross-reference)
      /^(?:(?:[Aa]n?|[Tt]he)\s+)?["“]?([\p{L}\p{N}][^,;:()"”]{0,60}?)["”]?\s+(?:is|are)\s+defined\s+as\s+/gu,
      ...(inTerms ? [/^(?:(?:[Aa]n?|[Tt]he)\s+)?["“]?([\p{L}\p{N}][^,;:()"”]{0,60}?)["”]?\s+(?:means|refers\s+to|denotes)\s+/gu] : []),
    ];
    for (const re of forms) {
      for (const m of sentence.matchAll(re)) {
        const term = m[1].trim();
        if (!validTerm(term) || /^(?:this|that|it|which|what)\b/i.test(term)) continue;
        const termAt = s.start + m.index! + m[0].indexOf(m[1]);
        const defStart = s.start + m.index! + m[0].length;
        const def = definitionText(text, term, defStart, s.end);
        if (!def) continue;
        const defText = text.slice(def.start, def.end);
        if (/^that\b/i.test(defText) && !inTerms) continue; // "X means that ...": a consequence, not a definition
        push(term, { start: termAt, end: termAt + term.length }, def, false, s);
      }
    }
  }
  return out;
}
