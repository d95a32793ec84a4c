// A chunk's text with the document's stored tables shown as tables: the lines a table was written
// as ("| cell | cell |") give way to a <table> with its caption and header, in the chunk where the
// table begins (a table running on into later chunks is shown once); "Text" shows the lines again.
import type { ReactNode } from 'react';
import type { Chunk } from '../../../../shared/schemas';
import { MarkedText, type TextMark } from '../../components/MarkedText';
import type { TableInChunk } from './tablesInChunks';

type StoredTable = TableInChunk['table'];

function TableView({ table }: { table: StoredTable }) {
  return (
    // (a wide table scrolls inside its own box, not the text's)
    <div className="doc-table-box">
      <table className="doc-table" data-testid="doc-table">
        {table.caption && <caption>{table.caption}</caption>}
        <thead>
          <tr>
            {table.header.map((cell, i) => (
              <th key={i} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Shows a table as its lines in the text, or as a table again (pressed: shown as lines). */
function TextToggle({ pressed, onToggle }: { pressed: boolean; onToggle: (asText: boolean) => void }) {
  return (
    <button
      type="button"
      className="link table-text-toggle"
      aria-pressed={pressed}
      title={pressed ? 'Show the table as a table' : "Show the table's lines as they are in the text"}
      onClick={() => onToggle(!pressed)}
    >
      Text
    </button>
  );
}

/**
 * The chunk's text with its tables shown as tables (their lines left out, with the blank lines around
 * them), or as lines where `asText` says so (by the table's start; a table holding the cited sentence
 * shows its lines unless told otherwise, so the mark is seen). `marks` are in chunk offsets.
 */
export function ChunkText({
  chunk,
  tables,
  markdown,
  marks,
  asText,
  onToggle,
}: {
  chunk: Chunk;
  tables: TableInChunk[];
  markdown: boolean;
  marks: TextMark[];
  asText: ReadonlyMap<number, boolean>;
  onToggle: (tableStart: number, asText: boolean) => void;
}) {
  const t = chunk.text;
  const parts: ReactNode[] = [];
  let at = 0;
  const textUpTo = (upTo: number) => {
    if (upTo > at) parts.push(<MarkedText key={`t${at}`} text={t.slice(0, upTo)} from={at} markdown={markdown} marks={marks} />);
  };
  for (const shown of [...tables].sort((a, b) => a.start - b.start)) {
    const from = shown.start - chunk.start;
    const to = Math.min(t.length, shown.end - chunk.start);
    const cited = marks.some((m) => m.start < to && m.end > from);
    const lines = asText.get(shown.start) ?? cited;
    const here = shown.shownIn === chunk.ordinal;
    const toggle = here && <TextToggle key={`toggle${shown.start}`} pressed={lines} onToggle={(v) => onToggle(shown.start, v)} />;
    if (lines) {
      // the lines stay in the text; the toggle goes where the table begins
      textUpTo(Math.max(at, from));
      at = Math.max(at, from);
      if (toggle) parts.push(toggle);
      continue;
    }
    let upTo = Math.max(at, from);
    while (upTo > at && /\s/.test(t[upTo - 1])) upTo--;
    textUpTo(upTo);
    parts.push(
      here ? (
        <div key={`table${shown.start}`}>
          {toggle}
          <TableView table={shown.table} />
        </div>
      ) : (
        <p key={`table${shown.start}`} className="table-continued muted">
          (the table shown in chunk {shown.shownIn + 1} goes on here)
        </p>
      ),
    );
    at = Math.max(at, to);
    while (at < t.length && t[at] === '\n') at++;
  }
  textUpTo(t.length);
  return <div className="chunk-text">{parts}</div>;
}
