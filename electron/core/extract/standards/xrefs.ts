// Cross-references: the header's "Updates:" / "Obsoletes:" lines, the reference list, citations in
// the text ("[RFC2865]", "[3]" through the reference list, "RFC 2865", "IEC 61850-7-4"), section
// references ("see Section 7.2", "Section 3.1 of [RFC3748]") and "X is defined in [RFC2865]". A
// cited document is the node labelled with its designation: the same node as that document's own
// (its extraction names itself so), so a citation meets the ingested document when it is there and
// is a placeholder until then.
import { findStandards } from '../classic/mentions';
import type { Span } from '../sentences';
import type { NodeMention } from '../types';
import { sectionAt } from '../../document/structure';
import { canonicalDesignation, citedDocumentBeside, clauseOf, inReferencesSection, isSkipped, ownPart, tagDesignation, type ChunkContext } from './context';
import { entity, phraseLabel, trimSpan, type Draft } from './make';
import { subjectBefore } from './requirements';

const standard = (id: string, span: Span | null) => entity(id, span, 'standard');
const clause = (label: string, span: Span | null) => entity(label, span, 'clause');

/** Words after a designation that keep it a citation ("RFC 2865 section 4", "RFC 2865 and RFC 2866", "RFC 2865 defines"). */
const CITING_NEXT =
  /^(?:and|or|as|in|for|to|with|is|are|was|were|has|have|defines?|specifies|specify|describes?|describing|updates?|obsoletes?|section|sections|appendix|annex|clause|requires?|provides?|notes?|states?|says|also|which|that|but|then|where|when|via|by|from|on|at|of)$/i;

const HEADER = /^[ \t]*(Updates|Obsoletes):[ \t]*((?:(?:RFC|BCP|STD)?[ \t]*\d{1,5})(?:[ \t]*,[ \t]*(?:(?:RFC|BCP|STD)?[ \t]*\d{1,5}))*)/gm;
const SELF = /^[ \t]*Request for Comments:[ \t]*\d{1,5}/m;
const FRONT = 4000;

/** A citation tag's designation: from the document's reference list, else from the tag itself. */
function resolveTag(ctx: ChunkContext, tag: string): string | null {
  return ctx.doc.references.get(tag)?.id ?? tagDesignation(tag);
}

const citedCache = new WeakMap<object, Set<string>>();

/** Every document the text cites outside boilerplate and the reference list ("[RFC2865]", "[3]", "RFC 2865"). */
function bodyCitations(ctx: ChunkContext): Set<string> {
  const hit = citedCache.get(ctx.doc);
  if (hit) return hit;
  const { text } = ctx.doc;
  const out = new Set<string>();
  const outside = (at: number, end: number) => !inReferencesSection(ctx.doc, at) && !isSkipped(ctx, { start: at, end });
  for (const m of text.matchAll(/\[([^\]\n]{1,40})\]/g)) {
    if (!outside(m.index!, m.index! + m[0].length)) continue;
    for (const part of m[1].split(/\s*,\s*/)) {
      const id = resolveTag(ctx, part.trim());
      if (id) out.add(id);
    }
  }
  for (const m of findStandards(text)) if (outside(m.start, m.end)) out.add(canonicalDesignation(m.label));
  citedCache.set(ctx.doc, out);
  return out;
}

export function crossReferences(ctx: ChunkContext): { drafts: Draft[]; mentions: NodeMention[] } {
  const { text, self } = ctx.doc;
  const drafts: Draft[] = [];
  const mentions: NodeMention[] = [];
  const { chunk } = ctx;

  // the header block: this document, what it updates and obsoletes
  if (chunk.start < FRONT) {
    const front = text.slice(0, Math.min(FRONT, text.length));
    const me = SELF.exec(front);
    let selfSpan: Span | null = null;
    if (self && me && me.index >= chunk.start && me.index < chunk.end) {
      selfSpan = trimSpan(text, me.index, me.index + me[0].length);
      const title = ctx.doc.structure.standard?.title;
      mentions.push({ text: self, type: 'standard', span: selfSpan, ...(title ? { aliases: [title] } : {}) });
    }
    for (const m of front.matchAll(HEADER)) {
      if (!self || m.index! < chunk.start || m.index! >= chunk.end) continue;
      const relation = m[1] === 'Updates' ? 'updates' : 'obsoletes';
      const span = trimSpan(text, m.index!, m.index! + m[0].length);
      for (const n of m[2].matchAll(/(RFC|BCP|STD)?[ \t]*(\d{1,5})/g)) {
        const target = `${n[1] ?? 'RFC'} ${n[2]}`;
        if (target === self) continue;
        const at = m.index! + m[0].indexOf(n[0], m[0].indexOf(':'));
        drafts.push({
          pattern: 'xref.header',
          head: standard(self, selfSpan),
          relation,
          tail: standard(target, { start: at, end: at + n[0].length }),
          evidence: span,
        });
      }
    }
  }
  if (!self) return { drafts, mentions };

  // the reference list: one citation per entry the text does not already cite (the reference list is
  // boilerplate: an entry is evidence only for a document cited nowhere else)
  const cited = bodyCitations(ctx);
  const entry = /^[ \t]*\[([^\]\n]{1,40})\][ \t]+(\S[\s\S]*?)(?=\n[ \t]*\[[^\]\n]{1,40}\][ \t]|\n[ \t]*\n|(?![\s\S]))/gm;
  const chunkText = text.slice(chunk.start, chunk.end);
  for (const m of chunkText.matchAll(entry)) {
    const at = chunk.start + m.index!;
    const refs = inReferencesSection(ctx.doc, at);
    if (!refs || isSkipped(ctx, { start: at, end: at + m[0].length }, ['references'])) continue;
    const target = resolveTag(ctx, m[1].trim());
    if (!target || target === self || cited.has(target)) continue;
    const title = ctx.doc.references.get(m[1].trim())?.title;
    const evidence = trimSpan(text, at, at + m[0].length);
    const tagSpan = { start: at + m[0].indexOf('['), end: at + m[0].indexOf(']') + 1 };
    drafts.push({
      pattern: 'xref.reference',
      head: standard(self, null),
      relation: 'cites',
      tail: standard(target, tagSpan),
      evidence,
      meta: refs.normative === null ? {} : { normative: refs.normative },
    });
    if (title) mentions.push({ text: target, type: 'standard', aliases: [title], span: tagSpan });
  }

  // citations and section references in sentences
  for (const s of ctx.sentences) {
    if (isSkipped(ctx, s) || inReferencesSection(ctx.doc, s.start)) continue;
    const sentence = text.slice(s.start, s.end);
    const here = sectionAt(ctx.doc.structure, s.start);
    const from = clauseOf(ctx.doc, here);
    const seen = new Set<string>();
    const cite = (target: string | null, span: Span) => {
      if (!target || target === self || seen.has(target)) return;
      seen.add(target);
      drafts.push({ pattern: 'xref.cite', head: standard(self, null), relation: 'cites', tail: standard(target, span), evidence: s });
    };
    const tags: { at: number; end: number; id: string }[] = [];
    for (const m of sentence.matchAll(/\[([^\]\n]{1,40})\]/g)) {
      const inner = m[1];
      // "[RFC2865]", "[3]", "[RFC2865, RFC2866]", "[1,2]"
      let off = 1;
      for (const part of inner.split(/\s*,\s*/)) {
        const id = resolveTag(ctx, part.trim());
        const at = s.start + m.index! + off + inner.slice(off - 1).indexOf(part);
        off += part.length + 1;
        if (id) {
          tags.push({ at: s.start + m.index!, end: s.start + m.index! + m[0].length, id });
          cite(id, { start: at, end: at + part.length });
        }
      }
    }
    for (const m of findStandards(text, s.start, s.end)) {
      const inTag = tags.some((t) => m.start >= t.at && m.end <= t.end);
      if (inTag) continue;
      // "IEEE 802.1X Authenticators": the designation names a kind of thing here, it cites nothing
      const next = /^\s+([\p{L}][\p{L}-]*)/u.exec(text.slice(m.end, Math.min(s.end, m.end + 40)))?.[1];
      if (next && !CITING_NEXT.test(next) && !tags.some((t) => t.at >= m.end && t.at <= m.end + 2)) {
        const target = canonicalDesignation(m.label);
        if (target !== self && !seen.has(`mention:${target}`)) {
          seen.add(`mention:${target}`);
          drafts.push({ pattern: 'xref.mention', head: standard(self, null), relation: 'mentions', tail: standard(target, m), evidence: s });
        }
        continue;
      }
      cite(canonicalDesignation(m.label), m);
    }

    // "Section 7.2", "Sections 2.1 and 2.3 of [RFC3748]", "[RFC3748], Section 2.4", "RFC 2866 section 4.1"
    const sec =
      /\b(?:[Ss]ub-?)?(?:[Ss]ections?|[Cc]lauses?|[Aa]ppendix|[Aa]nnex)\s+((?:\d+|[A-Z])(?:\.\d+)*(?![\w-])(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|through|to)\s+)(?:\d+|[A-Z])(?:\.\d+)*(?![\w-]))*)(?:\s+(?:of|in)\s+(?:\[([^\]\n]{1,40})\]|((?:RFC|BCP|STD)\s?\d{1,5})))?/g;
    for (const m of sentence.matchAll(sec)) {
      const at = s.start + m.index!;
      // (the document named beside the part, "clause 14.6.2.2 of IEEE 802.1D", "[RFC3748], Section 2.4"; else the citing one)
      const beside = m[2] ? resolveTag(ctx, m[2]) : m[3] ? canonicalDesignation(m[3].replace(/^(RFC|BCP|STD)\s?/, '$1 ')) : null;
      const doc: string | null = m[2] || m[3] ? beside : (citedDocumentBeside(ctx.doc, s, at, at + m[0].length) ?? self);
      if (!doc) continue;
      const head = from ? clause(from, null) : standard(self, null);
      for (const n of m[1].split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|through|to)\s+/)) {
        const target = `${doc} §${n}`;
        // (a part the citing document does not have is another document's: no clause of its own)
        if (target === from || (doc === self && !ownPart(ctx.doc, n))) continue;
        drafts.push({ pattern: 'xref.section', head, relation: 'refers to', tail: clause(target, { start: at, end: at + m[0].length }), evidence: s });
      }
    }

    // "X is defined in [RFC2865]" / "X are described in RFC 3579"
    for (const m of sentence.matchAll(
      /\s(?:is|are)\s+(?:also\s+)?(?:defined|specified|described)\s+in\s+(?:\[([^\]\n]{1,40})\]|((?:RFC|BCP|STD)\s?\d{1,5}))/g,
    )) {
      const verbAt = s.start + m.index!;
      const doc = m[1] ? resolveTag(ctx, m[1]) : canonicalDesignation(m[2].replace(/^(RFC|BCP|STD)\s?/, '$1 '));
      if (!doc) continue;
      const subj = subjectBefore(text, s, verbAt);
      if (!subj) continue;
      const label = phraseLabel(text.slice(subj.start, subj.end));
      if (
        !label ||
        label.split(/\s+/).length > 8 ||
        /^(?:it|this|they|these|those|which|that|there)\b/i.test(label) ||
        /\b(?:is|are|MUST|SHOULD|MAY)\b/.test(label)
      )
        continue;
      drafts.push({ pattern: 'xref.defined-in', head: entity(label, subj), relation: 'defined in', tail: standard(doc, null), evidence: s });
    }
  }
  return { drafts, mentions };
}
