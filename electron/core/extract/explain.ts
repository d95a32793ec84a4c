// Why a triple was read: the sentence of its first evidence span, read again in its chunk with every
// pass of the classic extractor kept (classic/explain.ts), and the rule table's entries for its rules.
// A text is read on its own, as one chunk of a document that holds nothing else.
import type { ExplainResult, RuleEntry } from '../../../shared/contract/extract';
import { ApiError } from '../../../shared/errors';
import type { Store } from '../store';
import { explainChunk } from './classic/explain';
import { DocumentResolver } from './resolve';
import { ruleInfo } from './rules';

/** The table's entries for these ids, in order, once each (an id the table lacks keeps its id). */
function ruleEntries(ids: Iterable<string>): RuleEntry[] {
  const out: RuleEntry[] = [];
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ruleInfo(id);
    out.push({ id, statement: info?.statement ?? '(not in the rule table)', pass: info?.pass ?? 'unknown' });
  }
  return out;
}

/** Each pass's output for every sentence of a text read alone. */
export function explainText(text: string): ExplainResult {
  const sentences = explainChunk(text, { start: 0, end: text.length }, { acronyms: new DocumentResolver(text).acronyms });
  const rules = ruleEntries(sentences.flatMap((s) => s.passes?.triples.flatMap((t) => t.rules) ?? []));
  return { sentences, rules };
}

/** Each pass's output for the sentence of a stored triple's first evidence span, read in its chunk. */
export function explainTriple(store: Store, id: number): ExplainResult {
  const triple = store.graph.listTriples({ ids: [id], limit: 1, offset: 0 }).items[0];
  if (!triple) throw new ApiError('not_found', `no triple ${id}`);
  const evidence = triple.provenance[0];
  if (!evidence) throw new ApiError('not_found', `triple ${id} has no evidence span to explain`);
  const text = store.documents.text(evidence.document);
  if (text === undefined) throw new ApiError('not_found', `the document of triple ${id}'s evidence (${evidence.document}) is gone`);
  // the chunk the span was read in (a span stored without one: the chunk that holds it)
  const stored = evidence.chunk !== null ? store.documents.chunk(evidence.chunk) : undefined;
  const chunk = stored ??
    store.documents.chunks(evidence.document).find((c) => c.start <= evidence.start && evidence.end <= c.end) ?? { start: 0, end: text.length };
  const structure = store.documents.structure(evidence.document) ?? null;
  const sentences = explainChunk(text, { start: chunk.start, end: chunk.end }, { acronyms: new DocumentResolver(text).acronyms, structure }, evidence);
  return {
    triple: {
      id: triple.id,
      subject: triple.subject,
      relation: triple.relation,
      object: triple.object,
      stage: triple.stage,
      engine: triple.engine,
      rules: triple.rules,
      document: evidence.document,
      start: evidence.start,
      end: evidence.end,
    },
    sentences,
    rules: ruleEntries(triple.rules),
  };
}
