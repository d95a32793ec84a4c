// Errors that say where: malformed JSON, corpus and BIO files report the record and the line and
// column of the error; one bad record in a 20,000-record corpus can be skipped and reported
// instead of failing the file. Every broken file is made here.
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { parseFile } from '../../electron/core/ingest/parse';
import { Core } from '../../electron/core/core';
import { tmpDir } from '../helpers/tmp';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A corpus of `n` {title, text} records, pretty-printed like 2Wiki's corpus.json; `broken` loses a comma. */
function corpus(n: number, broken?: number): string {
  const records = Array.from({ length: n }, (_, i) => {
    const title = `"title": "Substation ${i + 1}"`;
    const text = `"text": "Substation ${i + 1} feeds the ${i % 2 ? 'northern' : 'southern'} grid through two transformers."`;
    return ` {\n  ${title}${i + 1 === broken ? '' : ','}\n  ${text}\n }`;
  });
  return `[\n${records.join(',\n')}\n]\n`;
}

const parse = (name: string, text: string, options: Parameters<typeof parseFile>[2] = {}) => parseFile(name, Buffer.from(text), options);

describe('errors that say where', () => {
  it('one bad record in a 20,000-record corpus: the error names the record, line and column; --skip-bad-records imports the other 19,999 and reports it', async () => {
    const text = corpus(20_000, 12_345);
    // Record 12,345 starts on line 2 + 4 * 12,344; its title line lacks the comma, the error is on the next line.
    const line = 2 + 4 * 12_344 + 2;
    await expect(parse('corpus.json', text)).rejects.toThrow(
      `malformed JSON in the corpus: record 12345 (line ${line}, column 3): expected ',' or '}' after a property value, found '"' (--skip-bad-records imports the other records and reports this one)`,
    );
    const parsed = await parse('corpus.json', text, { skipBadRecords: true });
    expect(parsed.detected).toBe('passages');
    expect(parsed.docs).toHaveLength(19_999);
    expect(parsed.skippedRecords).toEqual([
      { index: 'record 12345', error: `record 12345 (line ${line}, column 3): expected ',' or '}' after a property value, found '"'` },
    ]);
    expect(parsed.docs[12_344].title).toBe('Substation 12346');
  }, 120_000);

  it('JSON lines: the bad line by number and column; a record without text by number', async () => {
    const lines = [
      '{"title": "A", "text": "The relay trips."}',
      '{"title": "B", "text": "The breaker opens."}',
      '{"title": "C", "text": "The bus \u0001 is dead."}',
      '{"title": "D" "text": "x"}',
      '{"title": "E", "text": "The feeder recloses."}',
    ];
    const text = lines.join('\n').replace('\u0001', '').replace('"The bus  is dead."', '"The bus is dead."');
    await expect(parse('c.jsonl', text)).rejects.toThrow(
      "malformed JSON in JSON lines: record 4 (line 4, column 15): expected ',' or '}' after a property value, found '\"'",
    );
    const ok = await parse('c.jsonl', text, { skipBadRecords: true });
    expect(ok.docs.map((d) => d.title)).toEqual(['A', 'B', 'C', 'E']);
    expect(ok.skippedRecords).toEqual([{ index: 'record 4', error: expect.stringMatching(/^record 4 \(line 4, column 15\)/) }]);
    const noText = JSON.stringify([
      { title: 'A', text: 'The relay trips.' },
      { title: 'B', body: 'no text field' },
      { title: 'C', text: 'The breaker opens.' },
    ]);
    await expect(parse('n.json', noText)).rejects.toThrow('record 2 has no "text" string (--skip-bad-records imports the other records and reports this one)');
    expect((await parse('n.json', noText, { skipBadRecords: true })).skippedRecords).toEqual([{ index: 'record 2', error: 'record 2 has no "text" string' }]);
  });

  it('malformed JSON that is no corpus: the line and column of the error', async () => {
    await expect(parse('settings.json', '{\n  "relay": {\n    "pickup": 1.2,,\n    "delay": 0.3\n  }\n}\n')).rejects.toThrow(
      "malformed JSON at line 3, column 19: expected a property name in double quotes after ',', found ','",
    );
    await expect(parse('cut.json', '[{"title": "A", "text": "The relay')).rejects.toThrow('malformed JSON at line 1, column 35: unterminated string');
  });

  it('a BIO file with one broken token array: its line and column', async () => {
    const good = (i: number) => `[ "The", "relay", "${i}", "trips" ]\n\n[ "O", "B-DEVICE", "O", "O" ]\n`;
    const lines = [...Array.from({ length: 30 }, (_, i) => good(i)), '[ "The", "breaker" "opens" ]\n', good(99)].join('\n');
    const line = lines.split('\n').findIndex((l) => l.includes('"breaker" "opens"')) + 1;
    await expect(parse('tags.txt', lines)).rejects.toThrow(
      `malformed token array on line ${line}, column 20: expected ',' or ']' after an array element, found '"' ([ "The", "breaker" "opens" ])`,
    );
  });

  it('SciERC JSON lines: the bad record by number, line and column', async () => {
    const rec = (i: number) => JSON.stringify({ doc_key: `P${i}`, sentences: [['The', 'relay', 'trips', '.']], ner: [[[1, 1, 'Device']]], relations: [[]] });
    const text = [rec(1), rec(2), rec(3).replace('"sentences":', '"sentences"'), rec(4)].join('\n');
    await expect(parse('scierc.json', text)).rejects.toThrow(
      /^malformed JSON lines: record 3 \(line 3, column 28\): expected ':' after a property name, found '\['/,
    );
  });

  it('the ingest job: skipBadRecords imports the corpus and lists the bad record in skipped (FILE#record N); without it the file fails naming it', async () => {
    const t = tmpDir('gw-errors-');
    cleanups.push(t.cleanup);
    const file = path.join(t.dir, 'corpus.json');
    fs.writeFileSync(file, corpus(120, 7));
    const core = new Core({ dbPath: path.join(t.dir, 'e.db'), progressIntervalMs: 0 });
    cleanups.push(() => core.close());
    const strict = await core.jobs.wait(core.jobs.enqueue('ingest', { paths: [file] }).id);
    expect(strict.result).toMatchObject({
      imported: [],
      failed: [{ path: file, error: expect.stringMatching(/^corpus\.json: malformed JSON in the corpus: record 7 \(line 28, column 3\)/) }],
    });
    const r = await core.call('documents.ingest', { paths: [file], skipBadRecords: true });
    expect(r.ok).toBe(true);
    const done = await core.jobs.wait((r as { value: { id: number } }).value.id);
    const result = done.result as { imported: unknown[]; skipped: { path: string; reason: string }[]; failed: unknown[] };
    expect(result.imported).toHaveLength(119);
    expect(result.failed).toEqual([]);
    expect(result.skipped).toEqual([{ path: `${file}#record 7`, reason: expect.stringMatching(/^record 7 \(line 28, column 3\): expected ',' or '}'/) }]);
  }, 120_000);
});
