// A document's original file for the page view: the PDF it was imported from, read again from where
// it was imported and handed out only when its bytes are the ones imported (the stored hash), so a
// caller names a document, never a path, and learns nothing the store does not already hold.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { ApiError } from '../../../shared/errors';

/** The largest PDF handed to the page view (its bytes cross the contract as base64). */
const MAX_PAGE_VIEW_BYTES = 128 * 1024 * 1024;

interface OriginalOf {
  id: number;
  format: string;
  path: string | null;
  meta: Record<string, unknown>;
}

export async function originalPdf(doc: OriginalOf): Promise<{ name: string; mime: string; bytes: number; data: string }> {
  if (doc.format !== 'pdf') throw new ApiError('unsupported', `document ${doc.id} is ${doc.format}, not a PDF: it has no pages to show`);
  if (!doc.path) throw new ApiError('not_found', `document ${doc.id} has no file it was imported from`);
  const name = path.basename(doc.path);
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(doc.path);
  } catch {
    // moved or deleted since the import
    throw new ApiError('not_found', `${name}: the file this document was imported from is gone (${doc.path}); import it again to see its pages`);
  }
  if (stat.size > MAX_PAGE_VIEW_BYTES)
    throw new ApiError(
      'too_large',
      `${name}: ${(stat.size / 1024 / 1024).toFixed(0)} MB is more than the page view shows (${MAX_PAGE_VIEW_BYTES / 1024 / 1024} MB)`,
    );
  const buf = await fs.promises.readFile(doc.path);
  const hash = createHash('sha256').update(buf).digest('hex');
  if (typeof doc.meta.fileHash !== 'string' || hash !== doc.meta.fileHash)
    throw new ApiError('conflict', `${name}: the file has changed since it was imported; import it again to see its pages`);
  return { name, mime: 'application/pdf', bytes: buf.length, data: buf.toString('base64') };
}
