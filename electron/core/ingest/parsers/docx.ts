// DOCX through mammoth (Word heading styles become <h1>..<h6>), then the HTML path.
import path from 'node:path';
import mammoth from 'mammoth';
import { IngestError } from '../errors';
import type { ParsedFile } from '../types';
import { parseHtml } from './html';

export async function parseDocx(file: string, buf: Buffer): Promise<ParsedFile> {
  if (!(buf[0] === 0x50 && buf[1] === 0x4b)) throw new IngestError('not a valid DOCX file (not a zip archive)');
  let html: string;
  try {
    const result = await mammoth.convertToHtml({ buffer: buf });
    html = result.value;
  } catch (err) {
    const msg = (err as Error).message ?? String(err);
    if (/central directory|zip|end of data|corrupt/i.test(msg)) throw new IngestError(`not a valid DOCX file (broken zip archive: ${msg})`);
    if (/word\/document\.xml|could not find/i.test(msg)) throw new IngestError('not a valid DOCX file (no word/document.xml in the archive)');
    throw new IngestError(`cannot read DOCX: ${msg}`);
  }
  if (!html.replace(/<[^>]+>/g, '').trim()) throw new IngestError('no text in the document');
  return parseHtml(file, html, 'docx', path.basename(file));
}
