// Storing what a chunk yielded: resolve both ends to nodes, add the triple as 'proposed' (an existing
// one keeps its status and edits), and record the evidence span, whose quote is the document text there.
import type { ExtractionGraphWriter } from '../store/extraction';
import { normalizeLabel } from '../store/normalize';
import type { DocumentResolver } from './resolve';
import { locateEvidence, splitSentences, type Span } from './sentences';
import { CHUNK_FALLBACK_FACTOR, DEFAULT_CONFIDENCE, UNSUPPORTED_FACTOR, type ChunkExtraction, type EngineName, type ExtractStage } from './types';
import { llmRule } from './rules';
import { estimatePrecision, qualifierFlags, relationQualifierFlags } from './precision-model';
import { tripleContext, type DocumentSalience } from './precision-context';

interface ChunkRef extends Span {
  id: number;
  documentId: number;
}

interface PersistContext {
  graph: ExtractionGraphWriter;
  resolver: DocumentResolver;
  docText: string;
  /** The document as the precision model reads it (absent: its context features sit at their mean). */
  salience?: DocumentSalience;
  chunk: ChunkRef;
  engine: EngineName;
  model: string | null;
}

interface PersistResult {
  /** New triples per stage. */
  created: Record<ExtractStage, number>;
  /** Triples that already existed (their evidence was added). */
  existing: number;
  /** Triples left alone because the editor edited one between the same nodes from this chunk. */
  protected: number;
  /** Proposed triples dropped (pronoun, empty or self-referring ends). */
  dropped: number;
}

const MAX_RELATION = 80;

function cleanRelation(r: string): string {
  return r.replace(/\s+/g, ' ').trim().slice(0, MAX_RELATION).trim();
}

/** A literal (a definition's text, a value with its unit) is stored as written, whitespace collapsed. */
function literalLabel(raw: string): { label: string; aliases: string[]; type?: string } | null {
  const label = raw.normalize('NFKC').replace(/\s+/g, ' ').trim();
  return label && /[\p{L}\p{N}]/u.test(label) ? { label, aliases: [] } : null;
}

/** Store one chunk's extraction. Call inside a transaction with the chunk's bookkeeping. */
export function persistChunk(ctx: PersistContext, ex: ChunkExtraction): PersistResult {
  const { graph, resolver, docText, chunk } = ctx;
  const result: PersistResult = { created: { EE: 0, EV: 0, VV: 0 }, existing: 0, protected: 0, dropped: 0 };
  let sentences: Span[] | undefined;
  const quoteAt = (s: Span) => ({ documentId: chunk.documentId, chunkId: chunk.id, start: s.start, end: s.end, quote: docText.slice(s.start, s.end) });
  // how many triples each evidence span gave (a sentence read into many triples is often read badly)
  const spanKey = (s: Span) => `${s.start}-${s.end}`;
  const perSpan = new Map<string, number>();
  for (const t of ex.triples) if (t.evidence) perSpan.set(spanKey(t.evidence), (perSpan.get(spanKey(t.evidence)) ?? 0) + 1);
  // the relations each evidence span gave between the same two ends (a fact read by more than one rule)
  const endsKey = (s: Span, head: string, tail: string) => `${spanKey(s)}|${normalizeLabel(head)}|${normalizeLabel(tail)}`;
  const relationsBetween = new Map<string, Set<string>>();
  for (const t of ex.triples) {
    if (!t.evidence) continue;
    const k = endsKey(t.evidence, t.head.text, t.tail.text);
    relationsBetween.set(k, (relationsBetween.get(k) ?? new Set()).add(cleanRelation(t.relation).toLowerCase()));
  }

  for (const m of ex.mentions) {
    const c = resolver.canonical(m.text, 'entity');
    if (!c) continue;
    const id = graph.upsertNode({ kind: 'entity', label: c.label, type: m.type ?? c.type ?? null, aliases: [...c.aliases, ...(m.aliases ?? [])] });
    graph.addNodeProvenance(id, quoteAt(m.span));
  }

  for (const t of ex.triples) {
    const head = t.head.literal ? literalLabel(t.head.text) : resolver.canonical(t.head.text, t.head.kind);
    const tail = t.tail.literal ? literalLabel(t.tail.text) : resolver.canonical(t.tail.text, t.tail.kind);
    const relation = cleanRelation(t.relation);
    if (!head || !tail || !relation || (t.head.kind === t.tail.kind && normalizeLabel(head.label) === normalizeLabel(tail.label))) {
      result.dropped++;
      continue;
    }
    let evidence: Span & { basis: 'sentence' | 'chunk'; mentions: (Span | null)[] };
    if (t.evidence) {
      evidence = { ...t.evidence, basis: 'sentence', mentions: [t.head.span ?? null, t.tail.span ?? null] };
    } else {
      sentences ??= splitSentences(docText, chunk.start, chunk.end);
      evidence = locateEvidence(docText, chunk, [t.head.text, t.tail.text], sentences);
    }
    const headId = graph.upsertNode({ kind: t.head.kind, label: head.label, type: t.head.type ?? head.type ?? null, aliases: head.aliases });
    const tailId = graph.upsertNode({ kind: t.tail.kind, label: tail.label, type: t.tail.type ?? tail.type ?? null, aliases: tail.aliases });
    if (graph.editedEdgeFromChunk(headId, tailId, chunk.id)) {
      result.protected++;
      continue;
    }
    let confidence = t.confidence ?? DEFAULT_CONFIDENCE[ctx.engine][t.stage];
    if (evidence.basis === 'chunk') confidence *= CHUNK_FALLBACK_FACTOR;
    if (t.unsupported) confidence *= UNSUPPORTED_FACTOR;
    confidence = Math.round(Math.min(1, Math.max(0, confidence)) * 1000) / 1000;
    // the rules that read it: the extractor's, or a model's stage and prompt version
    const rules = t.rules ?? (ctx.engine === 'classic' ? [] : [llmRule(t.stage)]);
    const edge = graph.upsertEdge({
      subjectId: headId,
      relation,
      objectId: tailId,
      stage: t.stage,
      confidence,
      engine: ctx.engine,
      model: ctx.model,
      meta: { ...(t.meta ?? {}), evidence: evidence.basis },
      precision: estimatePrecision(rules, {
        subject: head.label,
        relation,
        object: tail.label,
        sentence: docText.slice(evidence.start, evidence.end),
        conditional: typeof t.meta?.condition === 'string',
        qualifiers: qualifierFlags(t.meta),
        relationQualifiers: relationQualifierFlags(t.meta),
        context:
          ctx.salience &&
          tripleContext(
            ctx.salience,
            evidence,
            { subject: head.label, object: tail.label, relation },
            perSpan.get(spanKey(evidence)) ?? 1,
            (relationsBetween.get(endsKey(evidence, t.head.text, t.tail.text))?.size ?? 1) - 1,
          ),
      }),
      unsupported: Boolean(t.unsupported),
    });
    graph.addEdgeProvenance(edge.id, { ...quoteAt(evidence), rules });
    const [hs, ts] = evidence.mentions;
    if (hs) graph.addNodeProvenance(headId, quoteAt(hs));
    if (ts) graph.addNodeProvenance(tailId, quoteAt(ts));
    if (edge.created) result.created[t.stage]++;
    else result.existing++;
  }
  return result;
}
