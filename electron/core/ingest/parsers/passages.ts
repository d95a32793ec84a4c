// Passage corpora: a JSON array, or JSON lines, of {title, text} records (2wikimultihopqa,
// hotpotqa, musique corpus.json). Every record becomes a passage document of its own. A broken
// record is reported with its number, line and column; with skipBadRecords it is left out and
// reported instead of failing the file.
import path from 'node:path';
import { IngestError } from '../errors';
import { normalizeText, tidyText } from '../repair';
import type { ExactDoc, ParsedFile } from '../types';
import { readJsonRecords, type BadRecord, type JsonRecord } from './json-records';

interface PassageOptions {
  skipBadRecords?: boolean;
  signal?: AbortSignal;
  /** The whole file already parsed (format detection did it): not parsed twice. */
  json?: unknown;
}

const hint = ' (--skip-bad-records imports the other records and reports this one)';

export async function parsePassages(file: string, text: string, options: PassageOptions = {}): Promise<ParsedFile> {
  let records: JsonRecord[];
  let bad: BadRecord[] = [];
  let whole: unknown;
  let parsed = false;
  if (options.json !== undefined) {
    whole = options.json;
    parsed = true;
  } else {
    try {
      whole = JSON.parse(text);
      parsed = true;
    } catch {
      // not one JSON document: read as JSON lines below
      parsed = false;
    }
  }
  if (parsed) {
    if (!Array.isArray(whole)) throw new IngestError('expected an array of {title, text} records');
    records = whole.map((value, i) => ({ index: i + 1, line: 0, value }));
  } else {
    const read = readJsonRecords(text);
    records = read.records;
    bad = read.bad;
    if (bad.length && !options.skipBadRecords)
      throw new IngestError(
        `malformed JSON in ${read.kind === 'lines' ? 'JSON lines' : 'the corpus'}: ${bad[0].error}${bad.length > 1 ? ` (and ${bad.length - 1} more bad records)` : ''}${hint}`,
      );
  }
  const base = path.basename(file);
  const docs: ExactDoc[] = [];
  const skipped = bad.map((b) => ({ index: `record ${b.index}`, error: b.error }));
  let turn = Date.now();
  for (const { index, line, value: r } of records) {
    if (index % 500 === 0) {
      if (options.signal?.aborted) throw new IngestError('cancelled');
      // A big corpus: the event loop gets a turn every few ms.
      if (Date.now() - turn > 20) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        turn = Date.now();
      }
    }
    const where = `record ${index}${line ? ` (line ${line})` : ''}`;
    if (!r || typeof r !== 'object' || Array.isArray(r) || typeof (r as { text?: unknown }).text !== 'string') {
      const what =
        !r || typeof r !== 'object' || Array.isArray(r)
          ? `is ${Array.isArray(r) ? 'an array' : r === null ? 'null' : typeof r}, not a {title, text} object`
          : 'has no "text" string';
      if (!options.skipBadRecords) throw new IngestError(`${where} ${what}${hint}`);
      skipped.push({ index: `record ${index}`, error: `${where} ${what}` });
      continue;
    }
    const rec = r as { title?: unknown; text: string; id?: unknown; idx?: unknown };
    const body = tidyText(normalizeText(rec.text).replace(/[ \t]+/g, ' '));
    if (!body) continue;
    const i = index - 1;
    const title = typeof rec.title === 'string' && rec.title.trim() ? normalizeText(rec.title).trim() : `${base} #${index}`;
    docs.push({
      kind: 'exact',
      title,
      format: 'passage',
      text: body,
      original: rec.text,
      meta: { corpus: base, index: i, ...(rec.id !== undefined ? { sourceId: rec.id } : rec.idx !== undefined ? { sourceId: rec.idx } : {}) },
    });
  }
  if (!docs.length)
    throw new IngestError(
      skipped.length ? `corpus has no passages with text (${skipped.length} bad records: ${skipped[0].error})` : 'corpus has no passages with text',
    );
  skipped.sort((a, b) => Number(a.index.slice(7)) - Number(b.index.slice(7)));
  return { docs, multi: true, ...(skipped.length ? { skippedRecords: skipped } : {}) };
}
