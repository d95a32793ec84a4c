// Where a document's stored tables lie among its chunks, for the viewer (ChunkTables.tsx shows them).
import type { Chunk } from '../../../../shared/schemas';
import type { DocumentStructureInfo } from '../../../../shared/contract/documents';

type StoredTable = DocumentStructureInfo['tables'][number];

/** A table's place in a chunk: the span it covers there, and whether the chunk shows it or it began earlier. */
export interface TableInChunk {
  table: StoredTable;
  /** Document offsets: the table's span, with a caption printed just above it. */
  start: number;
  end: number;
  /** The chunk where the table begins (the one that shows it), by ordinal. */
  shownIn: number;
}

/**
 * Each chunk's tables, by chunk id. A caption block that ends just before a table (HTML keeps it out
 * of the table's span) is taken into the table, so its line is not printed twice.
 */
export function tablesByChunk(structure: DocumentStructureInfo | undefined, chunks: Chunk[]): Map<number, TableInChunk[]> {
  const out = new Map<number, TableInChunk[]>();
  if (!structure?.tables.length || !chunks.length) return out;
  // the text of [from, to), read from the chunks that hold it
  const textOf = (from: number, to: number) =>
    chunks
      .filter((c) => c.start < to && c.end > from)
      .map((c) => c.text.slice(Math.max(0, from - c.start), to - c.start))
      .join('');
  for (const table of structure.tables) {
    const before = structure.blocks.filter((b) => b.kind === 'table-caption' && b.end <= table.start);
    const last = before.reduce<(typeof before)[number] | undefined>((a, b) => (!a || b.end > a.end ? b : a), undefined);
    const caption = last && !textOf(last.end, table.start).trim() ? last : undefined;
    const start = caption?.start ?? table.start;
    const within = chunks.filter((c) => c.start < table.end && c.end > start);
    if (!within.length) continue;
    for (const c of within) {
      const list = out.get(c.id) ?? [];
      list.push({ table, start, end: table.end, shownIn: within[0].ordinal });
      out.set(c.id, list);
    }
  }
  return out;
}
