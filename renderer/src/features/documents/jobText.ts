// What the Documents view says about jobs and documents: pure functions of the contract's shapes.
import type { DocumentExtraction } from '../../../../shared/contract/documents';
import type { ExtractSummary } from '../../../../shared/contract/extract';
import type { JobItemState } from '../../../../shared/schemas';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** One line at the end of an extraction job: what it added and what it skipped, in words. */
export function extractSummaryText(s: ExtractSummary, titleOf: (id: number) => string | undefined = () => undefined): string {
  const added = s.triples.EE + s.triples.EV + s.triples.VV;
  if (s.chunks === 0) return '0 new: no chunks to read (import documents first)';
  if (s.processed === 0 && s.skipped === s.chunks)
    return `0 new: all ${plural(s.chunks, 'chunk')} already extracted by this engine (tick “Re-read all” to read them again)`;
  // documents that got nothing, with the reason the CLI prints ("no classic extractor for this language: load a model")
  const notes = new Map<string, string[]>();
  for (const n of s.notes ?? []) notes.set(n.message, [...(notes.get(n.message) ?? []), `${titleOf(n.document) ?? `document ${n.document}`} (${n.language})`]);
  const parts = [`${plural(added, 'new triple')} from ${plural(s.processed, 'chunk')} read`];
  if (added) parts[0] += ` (EE ${s.triples.EE}, EV ${s.triples.EV}, VV ${s.triples.VV})`;
  if (s.existing) parts.push(`${plural(s.existing, 'triple')} found again`);
  if (s.skipped) parts.push(`${plural(s.skipped, 'chunk')} already extracted`);
  if (s.failedChunks) parts.push(`${plural(s.failedChunks, 'chunk')} with failed answers`);
  if (s.mergeCandidates) parts.push(`${plural(s.mergeCandidates, 'merge candidate')}`);
  if (s.engine !== 'classic' && s.tokens) parts.push(`${s.tokens} tokens at ${s.tokensPerSecond} tok/s`);
  if (s.loadSeconds) parts.push(`model loaded in ${s.loadSeconds.toFixed(1)} s`);
  for (const [message, docs] of notes) parts.push(`${message}: ${docs.join(', ')}`);
  return parts.join(' · ');
}

/** A file's row in an ingest: the word shown for its state. */
export const ITEM_STATE_LABEL: Record<JobItemState, string> = {
  queued: 'queued',
  parsing: 'parsing',
  chunking: 'chunking',
  done: 'done',
  skipped: 'skipped',
  failed: 'failed',
};

/** A path's last part (a file name), for rows where the whole path is in the tooltip. */
export const baseName = (p: string) => p.split(/[\\/]/).pop() || p;

/** The tooltip of a document's extraction status: the reason, else what the status means. */
export function extractionTitle(e: DocumentExtraction): string {
  if (e.reason) return e.reason;
  switch (e.status) {
    case 'ingested':
      return 'Imported and chunked; no extraction has read it yet';
    case 'extracting':
      return 'An extraction job is reading it now';
    case 'extracted':
      return `Every chunk (${e.chunks}) read by ${e.engine ?? 'an engine'}`;
    default:
      return e.status;
  }
}

/** "3 Dec 06:15" for a stored ISO time, in the user's locale and time zone. */
export function shortTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}
