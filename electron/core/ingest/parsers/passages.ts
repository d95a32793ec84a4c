// Passage corpora: a JSON array, or JSON lines, of {title, text} records (2wikimultihopqa,
// hotpotqa, musique corpus.json). Every record becomes a passage document of its own.
import path from 'node:path';
import { IngestError } from '../errors';
import { normalizeText, tidyText } from '../repair';
import type { ExactDoc, ParsedFile } from '../types';

export function parsePassages(file: string, text: string): ParsedFile {
  let records: unknown;
  try {
    records = JSON.parse(text);
  } catch {
    records = text
      .split('\n')
      .filter((l) => l.trim())
      .map((l, i) => {
        try {
          return JSON.parse(l);
        } catch {
          throw new IngestError(`malformed JSON on line ${i + 1}`);
        }
      });
  }
  if (!Array.isArray(records)) throw new IngestError('expected an array of {title, text} records');
  const base = path.basename(file);
  const docs: ExactDoc[] = [];
  records.forEach((r, i) => {
    if (!r || typeof r !== 'object' || typeof (r as { text?: unknown }).text !== 'string') {
      throw new IngestError(`record ${i + 1} has no text`);
    }
    const rec = r as { title?: unknown; text: string; id?: unknown; idx?: unknown };
    const body = tidyText(normalizeText(rec.text).replace(/[ \t]+/g, ' '));
    if (!body) return;
    const title = typeof rec.title === 'string' && rec.title.trim() ? normalizeText(rec.title).trim() : `${base} #${i + 1}`;
    docs.push({
      kind: 'exact',
      title,
      format: 'passage',
      text: body,
      original: rec.text,
      meta: { corpus: base, index: i, ...(rec.id !== undefined ? { sourceId: rec.id } : rec.idx !== undefined ? { sourceId: rec.idx } : {}) },
    });
  });
  if (!docs.length) throw new IngestError('corpus has no passages with text');
  return { docs, multi: true };
}
