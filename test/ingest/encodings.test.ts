// Text files in legacy encodings are read with the right characters (Windows-1252 with curly quotes
// and dashes, ISO 8859-1, UTF-16 LE/BE with and without a byte order mark); a UTF-8 file with a few
// damaged bytes keeps them as U+FFFD and the count is in the ingest result and the job's per-file
// row; only real binary data is refused, with a message naming the file. Generated files, the real
// ingest job (worker thread, SQLite).
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Core } from '../../electron/core/core';
import { IngestResult } from '../../shared/contract/ingest';
import { decodeText } from '../../electron/core/ingest/encoding';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-ingest-encodings-');
afterAll(() => t.cleanup());

const write = (name: string, content: Buffer) => {
  const file = path.join(t.dir, 'files', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
};

/** Windows-1252 bytes of a string of its repertoire (curly quotes, dashes, euro sign, Latin-1 letters). */
function cp1252(text: string): Buffer {
  const high: Record<string, number> = { '€': 0x80, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '™': 0x99 };
  return Buffer.from(
    [...text].map((ch) => {
      const c = high[ch] ?? ch.charCodeAt(0);
      if (c > 0xff) throw new Error(`not in Windows-1252: ${ch}`);
      return c;
    }),
  );
}

const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
const BOM_LE = Buffer.from([0xff, 0xfe]);
const BOM_BE = Buffer.from([0xfe, 0xff]);

const PROSE =
  'Section 1.  Introduction\n\nThe server sends an “Access-Challenge” — the peer answers with the ‘response’ – nothing else.\n' +
  'A fee of 5 € is charged; the café’s naïve résumé is read by the peer.\n';
const LATIN1 = 'Größe und Maße: der Straßenname enthält Umlaute (ä, ö, ü) und das Zeichen ß.\nDie Übertragung endet hier.\n';
const UNICODE = 'Curly “quotes” and dashes — in UTF-16, with Greek αβγ and a euro sign €.\nThe second line of the text.\n';

async function ingest(core: Core, paths: string[]) {
  const started = await core.call('documents.ingest', { paths });
  if (!started.ok) throw new Error(started.error.message);
  const done = await core.jobs.wait((started.value as { id: number }).id);
  expect(done.state).toBe('done');
  return { job: done, result: IngestResult.parse(done.result) };
}

describe('text encodings', () => {
  it('reads Windows-1252, ISO 8859-1 and UTF-16 (LE/BE, with and without BOM) with the right characters', async () => {
    const files = {
      cp1252: write('memo-1252.txt', cp1252(PROSE)),
      latin1: write('latin1.txt', Buffer.from(LATIN1, 'latin1')),
      le: write('utf16le-bom.txt', Buffer.concat([BOM_LE, Buffer.from(UNICODE, 'utf16le')])),
      be: write('utf16be-bom.txt', Buffer.concat([BOM_BE, utf16be(UNICODE)])),
      leBare: write('utf16le.txt', Buffer.from(UNICODE.replace('text', 'text without a BOM'), 'utf16le')),
      beBare: write('utf16be.txt', utf16be(UNICODE.replace('text', 'text without a BOM, big endian'))),
    };
    const core = new Core({ dbPath: path.join(t.dir, 'enc.db') });
    try {
      const { job, result } = await ingest(core, Object.values(files));
      expect(result.failed).toEqual([]);
      expect(result.imported).toHaveLength(6);
      const textOf = (file: string) => core.store.documents.text(result.imported.find((d) => d.path === file)!.id)!;
      expect(textOf(files.cp1252)).toContain('an “Access-Challenge” — the peer answers with the ‘response’ – nothing else.');
      expect(textOf(files.cp1252)).toContain('A fee of 5 € is charged; the café’s naïve résumé');
      expect(textOf(files.latin1)).toContain('Größe und Maße: der Straßenname enthält Umlaute (ä, ö, ü)');
      for (const f of [files.le, files.be]) expect(textOf(f)).toContain('Curly “quotes” and dashes — in UTF-16, with Greek αβγ and a euro sign €.');
      expect(textOf(files.leBare)).toContain('The second line of the text without a BOM.');
      expect(textOf(files.beBare)).toContain('The second line of the text without a BOM, big endian.');
      for (const f of Object.values(files)) expect(textOf(f)).not.toContain('\uFFFD');
      // the result lists each file's encoding; the job's per-file row says it
      const decoded = Object.fromEntries((result.decoded ?? []).map((d) => [path.basename(d.path), [d.encoding, d.invalidBytes]]));
      expect(decoded).toEqual({
        'memo-1252.txt': ['windows-1252', 0],
        'latin1.txt': ['iso-8859-1', 0],
        'utf16le-bom.txt': ['utf-16le', 0],
        'utf16be-bom.txt': ['utf-16be', 0],
        'utf16le.txt': ['utf-16le', 0],
        'utf16be.txt': ['utf-16be', 0],
      });
      const rows = Object.fromEntries((job.progress.items ?? []).map((r) => [path.basename(r.name), r]));
      expect(rows['memo-1252.txt']).toMatchObject({ state: 'done', detail: 'Windows-1252' });
      expect(rows['utf16be.txt']).toMatchObject({ state: 'done', detail: 'UTF-16 BE' });
      expect(core.store.documents.get(result.imported[0].id)!.meta).toMatchObject({ encoding: 'windows-1252', invalidBytes: 0 });
    } finally {
      await core.close();
    }
  });

  it('keeps invalid UTF-8 bytes as U+FFFD and counts them; refuses real binary data naming the file', async () => {
    // valid UTF-8 around: a stray 0xFF, a lead byte before an ASCII letter, a three-byte sequence cut after two bytes
    const damaged = Buffer.concat([
      Buffer.from('The “peer” sends its naïve request ', 'utf8'),
      Buffer.from([0xff]),
      Buffer.from(' to the server; ', 'utf8'),
      Buffer.from([0xc3]),
      Buffer.from('(the answer) is cut ', 'utf8'),
      Buffer.from([0xe2, 0x82]),
      Buffer.from('x and goes on — in UTF-8.\n', 'utf8'),
    ]);
    const gzip = zlib.gzipSync(Buffer.from(PROSE.repeat(200)));
    const files = {
      damaged: write('damaged.txt', damaged),
      gzip: write('archive.txt', gzip),
      program: write('program.txt', fs.readFileSync(process.execPath).subarray(0, 256 * 1024)),
      image: write('picture.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), gzip])),
    };
    const core = new Core({ dbPath: path.join(t.dir, 'bad.db') });
    try {
      const { job, result } = await ingest(core, Object.values(files));
      expect(result.imported.map((d) => d.path)).toEqual([files.damaged]);
      const text = core.store.documents.text(result.imported[0].id)!;
      expect(text).toBe('The “peer” sends its naïve request \uFFFD to the server; \uFFFD(the answer) is cut \uFFFDx and goes on — in UTF-8.');
      expect(result.decoded).toEqual([{ path: files.damaged, encoding: 'utf-8', invalidBytes: 4 }]);
      const row = (job.progress.items ?? []).find((r) => r.name === files.damaged);
      expect(row?.detail).toBe('UTF-8, 4 invalid bytes kept as U+FFFD');
      const errors = Object.fromEntries(result.failed.map((f) => [path.basename(f.path), f.error]));
      expect(errors['archive.txt']).toMatch(/^archive\.txt: binary data, not text \(the file is named \.txt but holds no readable text\)/);
      expect(errors['program.txt']).toMatch(/^program\.txt: binary data, not text/);
      expect(errors['picture.png']).toMatch(/^picture\.png: unsupported format: \.png/);
      expect(result.failed).toHaveLength(3);
    } finally {
      await core.close();
    }
  });

  it('tells a UTF-8 text with a few damaged bytes from a Windows-1252 one', () => {
    // mostly well-formed multi-byte characters: UTF-8 with replacements
    const utf8 = Buffer.concat([Buffer.from('“a” — ‘b’ é ', 'utf8'), Buffer.from([0x93]), Buffer.from(' end', 'utf8')]);
    expect(decodeText(utf8, 'a.txt')).toMatchObject({ encoding: 'utf-8', invalidBytes: 1 });
    // single bytes only, one of them by chance a well-formed pair ("Ã©" is C3 A9): Windows-1252
    const legacy = cp1252('“a” — ‘b’ – “c” and Ã© once');
    expect(decodeText(legacy, 'b.txt')).toEqual({ text: '“a” — ‘b’ – “c” and Ã© once', encoding: 'windows-1252', invalidBytes: 0 });
    // bytes Windows-1252 leaves undefined are kept as U+FFFD
    expect(decodeText(Buffer.from([0x93, 0x61, 0x94, 0x20, 0x81, 0x62]), 'c.txt')).toEqual({ text: '“a” \uFFFDb', encoding: 'windows-1252', invalidBytes: 1 });
    // a UTF-16 text with an unpaired surrogate keeps it as U+FFFD
    const lone = Buffer.concat([BOM_LE, Buffer.from('ab', 'utf16le'), Buffer.from([0x00, 0xd8]), Buffer.from('cd', 'utf16le')]);
    expect(decodeText(lone, 'd.txt')).toEqual({ text: 'ab\uFFFDcd', encoding: 'utf-16le', invalidBytes: 2 });
    // a file that really holds U+FFFD is clean UTF-8
    expect(decodeText(Buffer.from('a \uFFFD b', 'utf8'), 'e.txt')).toEqual({ text: 'a \uFFFD b', encoding: 'utf-8', invalidBytes: 0 });
  });
});
