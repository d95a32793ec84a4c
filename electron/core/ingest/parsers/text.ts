// Plain text and Markdown: the text itself, repaired by the pipeline.
import path from 'node:path';
import { IngestError } from '../errors';
import type { ParsedFile } from '../types';

/** Longest line a text document may have; past it the file is not prose (minified data, a dump). */
export const MAX_LINE = 1_000_000;

function checkLines(text: string): void {
  let from = 0;
  for (;;) {
    const nl = text.indexOf('\n', from);
    const end = nl === -1 ? text.length : nl;
    if (end - from > MAX_LINE) {
      const mb = (Buffer.byteLength(text.slice(from, Math.min(end, from + 64 * 1024 * 1024))) / 1e6).toFixed(1);
      throw new IngestError(
        `no line break in ${nl === -1 && from === 0 ? `the whole file (${mb} MB)` : `${mb} MB`}: not a readable text document (lines are limited to ${MAX_LINE.toLocaleString('en')} characters)`,
      );
    }
    if (nl === -1) return;
    from = nl + 1;
  }
}

export function parseText(file: string, text: string, markdown: boolean): ParsedFile {
  checkLines(text);
  return {
    multi: false,
    docs: [
      {
        kind: 'raw',
        title: markdownTitle(text, markdown) ?? path.basename(file),
        format: markdown ? 'markdown' : 'text',
        pages: [text],
        paged: false,
        mode: markdown ? 'markdown' : 'text',
        original: text,
      },
    ],
  };
}

function markdownTitle(text: string, markdown: boolean): string | undefined {
  if (!markdown) return undefined;
  const m = /^# +(.+?)\s*#*\s*$/m.exec(text.slice(0, 4096));
  return m ? m[1].trim().slice(0, 200) : undefined;
}
