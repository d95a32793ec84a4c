// Documents for extraction tests, stored directly (hand-made chunks with exact spans).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Core } from '../../electron/core/core';
import { classicExtract } from '../../electron/core/extract/classic';
import { DocumentResolver } from '../../electron/core/extract/resolve';
import { data } from '../helpers/tmp';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** Chunks of up to `size` chars cut at paragraph breaks; every chunk is text.slice(start, end). */
export function paragraphChunks(text: string, size = 1200) {
  const chunks: { ordinal: number; start: number; end: number; page: null; headingPath: string[]; text: string; hash: string }[] = [];
  const paras = [...text.matchAll(/\S[\s\S]*?(?=\n\s*\n|$)/g)].map((m) => ({ start: m.index!, end: m.index! + m[0].length }));
  let cur: { start: number; end: number } | null = null;
  const flush = () => {
    if (!cur) return;
    const t = text.slice(cur.start, cur.end);
    chunks.push({ ordinal: chunks.length, start: cur.start, end: cur.end, page: null, headingPath: [], text: t, hash: sha(t) });
    cur = null;
  };
  for (const p of paras) {
    if (cur && p.end - cur.start > size) flush();
    cur = cur ? { start: cur.start, end: p.end } : { ...p };
  }
  flush();
  return chunks;
}

export function insertText(core: Core, title: string, text: string, opts: { size?: number; language?: string } = {}): number {
  return core.store.documents.insert({
    title,
    sourcePath: null,
    format: 'txt',
    language: opts.language ?? 'en',
    pages: [],
    contentHash: sha(text),
    text,
    originalText: null,
    chunks: paragraphChunks(text, opts.size),
  });
}

/** A passage of a real RFC from the dev set (Latin-1 text, page furniture and all). */
export function rfcPassage(file: string, from: string, to: string): string {
  const text = fs.readFileSync(data('rfc-radius-eap', file), 'latin1');
  const s = text.indexOf(from);
  const e = text.indexOf(to, s + from.length);
  if (s < 0 || e < 0) throw new Error(`passage not found in ${file}`);
  return text.slice(s, e);
}

export function rfcText(file: string): string {
  return fs.readFileSync(data('rfc-radius-eap', file), 'latin1');
}

/** Every provenance row of every edge, with the document text it must quote. */
export function allEdgeProvenance(core: Core) {
  return core.store.db
    .prepare(
      'SELECT p.edge_id, p.document_id, p.start, p.end, p.quote, d.text FROM provenance p JOIN documents d ON d.id = p.document_id WHERE p.edge_id IS NOT NULL',
    )
    .all() as { edge_id: number; document_id: number; start: number; end: number; quote: string; text: string }[];
}

/** A triple's relation as the text wrote it (its label): what the grammar tests compare; the lemma form has tests of its own. */
export const surfaceOf = (t: { relation: string; meta?: Record<string, unknown> }): string =>
  typeof t.meta?.surface === 'string' ? t.meta.surface : t.relation;

/** The classic extractor's sentence triples of a text as "head | relation | tail" labels, as they land in the graph. */
export function sentenceTriples(text: string): string[] {
  const resolver = new DocumentResolver(text);
  const r = classicExtract(text, { start: 0, end: text.length }, { acronyms: resolver.acronyms });
  return r.triples
    .filter((t) => !t.meta?.pattern)
    .map((t) => [resolver.canonical(t.head.text, 'entity')?.label, surfaceOf(t), resolver.canonical(t.tail.text, 'entity')?.label].join(' | '));
}
