// DOCX through mammoth (Word heading styles become <h1>..<h6>), then the HTML path. Before mammoth
// inflates anything, the zip's parts are checked against a size budget (declared sizes first,
// then each part inflated with a hard output cap), so a zip bomb is refused, not expanded.
import path from 'node:path';
import zlib from 'node:zlib';
import { IngestError } from '../errors';
import type { ParsedFile } from '../types';
import { parseHtml } from './html';

/** Most bytes a DOCX may inflate to by default, all parts together. */
export const MAX_DOCX_BYTES = 256 * 1024 * 1024;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

const mbText = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/** The entries of a zip's central directory (throws IngestError on a damaged archive). */
function zipEntries(buf: Buffer): ZipEntry[] {
  // End of central directory: 22 bytes plus a comment of up to 65,535 bytes, at the end.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new IngestError('not a valid DOCX file (broken zip archive: no end of central directory)');
  let count = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  if (offset === 0xffffffff || count === 0xffff) {
    // ZIP64: the locator sits just before the end record.
    const loc = eocd - 20;
    if (loc < 0 || buf.readUInt32LE(loc) !== 0x07064b50) throw new IngestError('not a valid DOCX file (broken zip64 archive)');
    const rec = Number(buf.readBigUInt64LE(loc + 8));
    if (rec + 56 > buf.length || buf.readUInt32LE(rec) !== 0x06064b50) throw new IngestError('not a valid DOCX file (broken zip64 archive)');
    count = Number(buf.readBigUInt64LE(rec + 32));
    offset = Number(buf.readBigUInt64LE(rec + 48));
  }
  const entries: ZipEntry[] = [];
  let p = offset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50)
      throw new IngestError(`not a valid DOCX file (broken zip archive: central directory entry ${n + 1} is damaged)`);
    const method = buf.readUInt16LE(p + 10);
    let compressedSize = buf.readUInt32LE(p + 20);
    let uncompressedSize = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    let localOffset = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    // ZIP64 extra field: the 64-bit values of the fields set to 0xffffffff, in order.
    let e = p + 46 + nameLen;
    const extraEnd = e + extraLen;
    while (e + 4 <= extraEnd) {
      const id = buf.readUInt16LE(e);
      const size = buf.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        if (uncompressedSize === 0xffffffff && q + 8 <= e + 4 + size) {
          uncompressedSize = Number(buf.readBigUInt64LE(q));
          q += 8;
        }
        if (compressedSize === 0xffffffff && q + 8 <= e + 4 + size) {
          compressedSize = Number(buf.readBigUInt64LE(q));
          q += 8;
        }
        if (localOffset === 0xffffffff && q + 8 <= e + 4 + size) localOffset = Number(buf.readBigUInt64LE(q));
      }
      e += 4 + size;
    }
    entries.push({ name, method, compressedSize, uncompressedSize, localOffset });
    p = extraEnd + commentLen;
  }
  return entries;
}

/**
 * Refuse a DOCX whose parts would inflate past `maxBytes`: the declared sizes are summed first,
 * then every deflated part is inflated with an output cap (a lying header cannot get past it).
 */
function checkDocxSize(file: string, buf: Buffer, maxBytes: number, signal?: AbortSignal): void {
  const entries = zipEntries(buf);
  const declared = entries.reduce((n, e) => n + e.uncompressedSize, 0);
  const name = path.basename(file);
  const tooBig = (bytes: string, part?: string) =>
    new IngestError(
      `DOCX too large when unpacked: ${bytes}${part ? ` (${part})` : ''} from a ${mbText(buf.length)} file; the limit is ${mbText(maxBytes)} (${name} may be a zip bomb)`,
    );
  if (declared > maxBytes) {
    const biggest = entries.reduce((a, b) => (b.uncompressedSize > a.uncompressedSize ? b : a));
    throw tooBig(`${mbText(declared)} declared`, `${biggest.name}: ${mbText(biggest.uncompressedSize)}`);
  }
  let budget = maxBytes;
  for (const e of entries) {
    if (signal?.aborted) throw new IngestError('cancelled');
    if (e.localOffset + 30 > buf.length || buf.readUInt32LE(e.localOffset) !== 0x04034b50)
      throw new IngestError(`not a valid DOCX file (broken zip archive: ${e.name} is damaged)`);
    const start = e.localOffset + 30 + buf.readUInt16LE(e.localOffset + 26) + buf.readUInt16LE(e.localOffset + 28);
    const data = buf.subarray(start, start + e.compressedSize);
    let size: number;
    if (e.method === 0) size = data.length;
    else if (e.method === 8) {
      try {
        size = zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).length;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) throw tooBig(`more than ${mbText(maxBytes)}`, e.name);
        throw new IngestError(`not a valid DOCX file (broken zip archive: ${e.name}: ${(err as Error).message})`);
      }
    } else throw new IngestError(`not a valid DOCX file (${e.name} uses zip compression method ${e.method}, which Word does not write)`);
    budget -= size;
    if (budget < 0) throw tooBig(`more than ${mbText(maxBytes)}`, e.name);
  }
}

export async function parseDocx(file: string, buf: Buffer, options: { signal?: AbortSignal; maxBytes?: number; maxDepth?: number } = {}): Promise<ParsedFile> {
  if (!(buf[0] === 0x50 && buf[1] === 0x4b)) throw new IngestError('not a valid DOCX file (not a zip archive)');
  checkDocxSize(file, buf, options.maxBytes ?? MAX_DOCX_BYTES, options.signal);
  let html: string;
  try {
    // loaded on the first DOCX: the ingest thread of a text or PDF import never holds it (~12 MB)
    const { default: mammoth } = await import('mammoth');
    const result = await mammoth.convertToHtml({ buffer: buf });
    html = result.value;
  } catch (err) {
    const msg = (err as Error).message ?? String(err);
    if (/central directory|zip|end of data|corrupt/i.test(msg)) throw new IngestError(`not a valid DOCX file (broken zip archive: ${msg})`);
    if (/word\/document\.xml|could not find/i.test(msg)) throw new IngestError('not a valid DOCX file (no word/document.xml in the archive)');
    throw new IngestError(`cannot read DOCX: ${msg}`);
  }
  if (options.signal?.aborted) throw new IngestError('cancelled');
  if (!html.replace(/<[^>]+>/g, '').trim()) throw new IngestError('no text in the document');
  return parseHtml(file, html, 'docx', path.basename(file), { maxDepth: options.maxDepth });
}
