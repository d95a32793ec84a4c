// Resource limits by design, each with a clear message naming the file: PDF pages, DOCX unpacked
// size (a zip bomb, refused before mammoth inflates it), HTML nesting depth; and cancel / SIGTERM
// stop a parse. Every hostile file is made here, at test time.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseFile } from '../../electron/core/ingest/parse';
import { htmlDepth } from '../../electron/core/ingest/parsers/html';
import { Core } from '../../electron/core/core';
import { makeDocx, makePdf } from './fixtures';
import { tmpDir } from '../helpers/tmp';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function dir(): string {
  const t = tmpDir('gw-limits-');
  cleanups.push(t.cleanup);
  return t.dir;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

interface ZipPart {
  name: string;
  /** Deflated data and the sizes to declare (a lying header declares less than it holds). */
  deflated: Buffer;
  size: number;
  crc: number;
}

/** A zip written by hand: local headers, deflated data, central directory, end record. */
function makeZip(parts: ZipPart[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.deflated.length, 18);
    local.writeUInt32LE(p.size, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(p.crc, 16);
    cd.writeUInt32LE(p.deflated.length, 20);
    cd.writeUInt32LE(p.size, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    chunks.push(local, name, p.deflated);
    central.push(cd, name);
    offset += local.length + name.length + p.deflated.length;
  }
  const cdBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cdBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, cdBuf, end]);
}

const part = (name: string, text: string): ZipPart => {
  const raw = Buffer.from(text);
  return { name, deflated: zlib.deflateRawSync(raw), size: raw.length, crc: crc32(raw) };
};

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const DOC_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Bomb</w:t></w:r></w:p>';
const DOC_TAIL = '</w:body></w:document>';

/** A DOCX whose document.xml inflates to `mb` MB of whitespace (about 1 KB of zip per MB); `declare` lies about its size. */
function zipBombDocx(mb: number, declare?: number): Buffer {
  const head = Buffer.from(DOC_HEAD);
  const tail = Buffer.from(DOC_TAIL);
  const block = Buffer.alloc(1024 * 1024, 0x20);
  // Sync-flushed deflate segments concatenate into one stream; only the last one is final.
  const sync = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const spaces = zlib.deflateRawSync(block, sync);
  const chunks = [zlib.deflateRawSync(head, sync), ...Array.from({ length: mb }, () => spaces), zlib.deflateRawSync(tail)];
  // The CRC only where a reader gets to check it (bombs are refused before any inflating).
  let crc = 0xffffffff;
  const step = (x: number) => (crc = CRC_TABLE[(crc ^ x) & 0xff] ^ (crc >>> 8));
  if (mb <= 16) {
    for (const x of head) step(x);
    for (let i = 0; i < mb * block.length; i++) step(0x20);
    for (const x of tail) step(x);
  }
  const total = head.length + mb * block.length + tail.length;
  const doc: ZipPart = { name: 'word/document.xml', deflated: Buffer.concat(chunks), size: declare ?? total, crc: (crc ^ 0xffffffff) >>> 0 };
  return makeZip([part('[Content_Types].xml', CONTENT_TYPES), part('_rels/.rels', RELS), doc]);
}

describe('resource limits', () => {
  it('a 20,000-page PDF is refused at once with the page count and the limit; a lower limit applies to smaller files', async () => {
    const d = dir();
    const file = path.join(d, 'huge.pdf');
    fs.writeFileSync(file, makePdf(Array.from({ length: 20_000 }, () => [])));
    await expect(parseFile(file, fs.readFileSync(file))).rejects.toThrow(
      'too many pages: the PDF has 20,000 pages; the limit is 5,000 (split it into smaller files)',
    );
    const small = makePdf(Array.from({ length: 12 }, (_, i) => [`Page ${i + 1} of the protection relay manual.`]));
    await expect(parseFile('manual.pdf', small, { limits: { maxPdfPages: 10 } })).rejects.toThrow('the PDF has 12 pages; the limit is 10');
    const ok = await parseFile('manual.pdf', small);
    expect(ok.docs).toHaveLength(1);
  }, 120_000);

  it('a zip-bomb DOCX is refused before it is inflated: declared sizes over the limit, and a lying header caught by the inflate cap', async () => {
    const bomb = zipBombDocx(300); // 300 MB of document.xml in a small file
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    await expect(parseFile('bomb.docx', bomb)).rejects.toThrow(
      /^DOCX too large when unpacked: 300 MB declared \(word\/document\.xml: 300 MB\) from a [\d.]+ MB file; the limit is 256 MB \(bomb\.docx may be a zip bomb\)/,
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    // The header says 1 KB; the data inflates to 8 MB, over a 4 MB limit.
    const liar = zipBombDocx(8, 1024);
    await expect(parseFile('liar.docx', liar, { limits: { maxDocxBytes: 4 * 1024 * 1024 } })).rejects.toThrow(
      /^DOCX too large when unpacked: more than 4\.0 MB \(word\/document\.xml\)/,
    );
    // Under the limit it is a document like any other.
    const fine = await parseFile('small-bomb.docx', zipBombDocx(1));
    expect(fine.docs).toHaveLength(1);
    expect((await parseFile('framework.docx', await makeDocx())).docs).toHaveLength(1);
  }, 120_000);

  it('100,000 nested <div> give a clear error, not "Maximum call stack size exceeded"; sloppy ordinary HTML is not mistaken for deep nesting', async () => {
    const deep = `<html><body>${'<div>'.repeat(100_000)}deep text${'</div>'.repeat(100_000)}</body></html>`;
    await expect(parseFile('deep.html', Buffer.from(deep))).rejects.toThrow(
      'HTML nested too deeply: more than 1,000 levels of elements (at character 5,002); the limit is 1,000',
    );
    const unclosed = `<html><body><h1>Manual</h1>${Array.from({ length: 3000 }, (_, i) => `<p>Paragraph ${i} of the manual<ul><li>item one<li>item two</ul><table><tr><td>a<td>b<tr><td>c</table><br><img src="x.png">`).join('\n')}</body></html>`;
    expect(htmlDepth(unclosed).depth).toBeLessThan(10);
    const parsed = await parseFile('sloppy.html', Buffer.from(unclosed));
    expect(parsed.docs).toHaveLength(1);
    // A deep but legal document below the limit still converts.
    const nested = `<html><body>${'<div>'.repeat(900)}inner text${'</div>'.repeat(900)}</body></html>`;
    expect((await parseFile('nested.html', Buffer.from(nested))).docs).toHaveLength(1);
  }, 120_000);

  it('the ingest job fails each hostile file with its name and the limit, and imports the good one', async () => {
    const d = dir();
    fs.writeFileSync(path.join(d, 'huge.pdf'), makePdf(Array.from({ length: 20_000 }, () => [])));
    fs.writeFileSync(path.join(d, 'bomb.docx'), zipBombDocx(300));
    fs.writeFileSync(path.join(d, 'deep.html'), `<html><body>${'<div>'.repeat(100_000)}x${'</div>'.repeat(100_000)}</body></html>`);
    fs.writeFileSync(path.join(d, 'good.txt'), 'The relay trips the breaker when the current exceeds the setting.\n');
    const core = new Core({ dbPath: path.join(d, 'l.db'), progressIntervalMs: 0 });
    cleanups.push(() => core.close());
    const job = core.jobs.enqueue('ingest', { paths: [d] });
    const done = await core.jobs.wait(job.id);
    expect(done.state).toBe('done');
    const result = done.result as { imported: { path: string }[]; failed: { path: string; error: string }[] };
    expect(result.imported.map((r) => path.basename(r.path))).toEqual(['good.txt']);
    expect(result.failed.map((f) => f.error).sort()).toEqual([
      expect.stringMatching(/^bomb\.docx: DOCX too large when unpacked/),
      expect.stringMatching(/^deep\.html: HTML nested too deeply/),
      expect.stringMatching(/^huge\.pdf: too many pages: the PDF has 20,000 pages/),
    ]);
  }, 120_000);

  it('cancel stops a long PDF parse between pages', async () => {
    const pdf = makePdf(Array.from({ length: 3000 }, (_, i) => [`Page ${i + 1}: the protection relay compares the measured current with its setting.`]));
    const controller = new AbortController();
    const parse = parseFile('long.pdf', pdf, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(parse).rejects.toThrow('cancelled');
    const aborted = new AbortController();
    aborted.abort();
    await expect(parseFile('long.pdf', pdf, { signal: aborted.signal })).rejects.toThrow('cancelled');
  }, 120_000);

  it('SIGTERM stops a CLI ingest in the middle of a parse: exit 130, the job stays queued to resume', async () => {
    const d = dir();
    const file = path.join(d, 'long.pdf');
    fs.writeFileSync(file, makePdf(Array.from({ length: 4000 }, (_, i) => [`Page ${i + 1}: the breaker opens when the relay trips.`])));
    const dbPath = path.join(d, 'term.db');
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), 'ingest', file, '--db', dbPath], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let sent = false;
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    cleanups.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
      if (!sent && stderr.includes('1/1 long.pdf')) {
        sent = true;
        child.kill('SIGTERM');
      }
    });
    const code = await exited;
    expect(sent).toBe(true);
    expect(code, stderr).toBe(130);
    expect(stderr).toContain('stopping: the job stays queued');
    const core = new Core({ dbPath, startJobs: false });
    cleanups.push(() => core.close());
    expect(core.jobs.list().map((j) => j.state)).toEqual(['queued']);
    expect(core.store.documents.list()).toHaveLength(0);
  }, 180_000);
});
