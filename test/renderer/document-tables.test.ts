// Which chunk of the viewer shows a stored table: the one where the table (or the caption printed
// just above it) begins; every chunk its lines run on into holds a part of it.
import { describe, expect, it } from 'vitest';
import { tablesByChunk } from '../../renderer/src/features/documents/tablesInChunks';
import type { Chunk } from '../../shared/schemas';
import type { DocumentStructureInfo } from '../../shared/contract/documents';

const TEXT = 'Intro line.\n\nTable 1 – Units\n\n| Unit | Symbol |\n| metre | m |\n| second | s |\n\nAfter it.';
const at = (s: string) => TEXT.indexOf(s);

/** The text cut into chunks at the given offsets. */
function chunksAt(cuts: number[]): Chunk[] {
  const edges = [0, ...cuts, TEXT.length];
  return edges.slice(1).map((end, i) => ({ id: 100 + i, ordinal: i, start: edges[i], end, page: null, headingPath: [], text: TEXT.slice(edges[i], end) }));
}

function structure(captionBlock: boolean): DocumentStructureInfo {
  const start = at('| Unit');
  const end = at('| second | s |') + '| second | s |'.length;
  return {
    standard: null,
    title: null,
    sections: [],
    boilerplate: [],
    tables: [
      {
        page: null,
        caption: 'Table 1 – Units',
        header: ['Unit', 'Symbol'],
        rows: [
          ['metre', 'm'],
          ['second', 's'],
        ],
        start,
        end,
        rowSpans: [],
      },
    ],
    blocks: captionBlock ? [{ kind: 'table-caption', label: 'Table 1', start: at('Table 1'), end: at('Table 1') + 'Table 1 – Units'.length }] : [],
  };
}

describe('tablesByChunk', () => {
  it('takes the caption printed just above a table into it, and shows the table in the chunk where that begins', () => {
    const chunks = chunksAt([at('| Unit'), at('| metre')]);
    const got = tablesByChunk(structure(true), chunks);
    expect([...got.keys()]).toEqual([100, 101, 102]);
    for (const parts of got.values()) expect(parts.map((p) => [p.start, p.end, p.shownIn])).toEqual([[at('Table 1'), structure(true).tables[0].end, 0]]);
  });

  it('without a caption block the table begins at its header row; chunks outside it hold none', () => {
    const chunks = chunksAt([at('Table 1'), at('| metre'), at('After it.')]);
    const got = tablesByChunk(structure(false), chunks);
    expect([...got.keys()]).toEqual([101, 102]);
    expect(got.get(102)![0]).toMatchObject({ start: at('| Unit'), shownIn: 1 });
  });

  it('a caption block with text between it and the table is not taken in', () => {
    const s = structure(true);
    s.blocks[0] = { ...s.blocks[0], start: 0, end: at('Intro line.') + 'Intro line.'.length };
    expect(tablesByChunk(s, chunksAt([])).get(100)![0].start).toBe(at('| Unit'));
  });
});
