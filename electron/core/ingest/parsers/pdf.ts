// PDF through pdfjs-dist's legacy build (Node 20): text per page, lines rebuilt from item
// positions, paragraph breaks from vertical gaps. Page numbers are kept.
import path from 'node:path';
import { createRequire } from 'node:module';
import { IngestError } from '../errors';
import type { ParsedFile } from '../types';

const require = createRequire(import.meta.url);

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;
const load = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

function standardFontsDir(): string | undefined {
  try {
    return path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;
  } catch {
    // no bundled fonts: pdf.js still extracts text, it only lacks font metrics
    return undefined;
  }
}

interface Line {
  text: string;
  y: number;
  height: number;
}

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL?: boolean;
}

/** Lines of one page in content order, with blank lines where the vertical gap says a paragraph ends. */
export function layoutLines(items: TextItemLike[]): string {
  const lines: Line[] = [];
  let cur: Line | null = null;
  let lastXEnd: number | null = null;
  for (const item of items) {
    const x = item.transform[4];
    const y = item.transform[5];
    const h = item.height || Math.abs(item.transform[3]) || 10;
    if (cur && Math.abs(y - cur.y) > h * 0.5) {
      lines.push(cur);
      cur = null;
    }
    if (!cur) {
      cur = { text: '', y, height: h };
      lastXEnd = null;
    }
    if (item.str) {
      if (cur.text && lastXEnd !== null && x - lastXEnd > h * 0.15 && !/\s$/.test(cur.text) && !/^\s/.test(item.str)) cur.text += ' ';
      cur.text += item.str;
      lastXEnd = x + item.width;
      cur.height = Math.max(cur.height, h);
    }
    if (item.hasEOL) {
      lines.push(cur);
      cur = null;
    }
  }
  if (cur) lines.push(cur);
  const real = lines.filter((l) => l.text.trim());
  const gaps: number[] = [];
  for (let i = 1; i < real.length; i++) {
    const g = real[i - 1].y - real[i].y;
    if (g > 0) gaps.push(g);
  }
  gaps.sort((a, b) => a - b);
  // Line spacing: the lower quartile of gaps (paragraph gaps are the wider ones).
  const typical = gaps.length ? gaps[Math.floor(gaps.length / 4)] : 0;
  const out: string[] = [];
  real.forEach((l, i) => {
    if (i > 0) {
      const g = real[i - 1].y - l.y;
      // A wide gap, or a jump back up (next column), ends a paragraph.
      if (g < 0 || (typical > 0 && g > typical * 1.45)) out.push('');
    }
    out.push(l.text.replace(/\s+$/, ''));
  });
  return out.join('\n');
}

/** Most pages read from one PDF by default. */
export const MAX_PDF_PAGES = 5_000;

export async function parsePdf(file: string, buf: Buffer, options: { signal?: AbortSignal; maxPages?: number } = {}): Promise<ParsedFile> {
  const { signal } = options;
  const maxPages = options.maxPages ?? MAX_PDF_PAGES;
  if (signal?.aborted) throw new IngestError('cancelled');
  const tail = buf.subarray(Math.max(0, buf.length - 4096)).toString('latin1');
  if (!tail.includes('%%EOF')) throw new IngestError('truncated or damaged PDF (no %%EOF marker at the end)');
  const lib = await load();
  const task = lib.getDocument({
    data: new Uint8Array(buf),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
    standardFontDataUrl: standardFontsDir(),
  });
  // Cancel and SIGTERM stop the parse: the loading task is destroyed, the page loop checks the signal.
  const onAbort = () => void task.destroy().catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (err) {
    signal?.removeEventListener('abort', onAbort);
    await task.destroy().catch(() => undefined);
    if (signal?.aborted) throw new IngestError('cancelled');
    const e = err as Error;
    if (e.name === 'PasswordException') throw new IngestError('encrypted PDF: it needs a password (remove the protection and try again)');
    if (e.name === 'InvalidPDFException') throw new IngestError(`corrupt PDF: ${e.message}`);
    throw new IngestError(`cannot read PDF: ${e.message}`);
  }
  try {
    if (doc.numPages > maxPages) {
      throw new IngestError(
        `too many pages: the PDF has ${doc.numPages.toLocaleString('en')} pages; the limit is ${maxPages.toLocaleString('en')} (split it into smaller files)`,
      );
    }
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      if (signal?.aborted) throw new IngestError('cancelled');
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(layoutLines(content.items.filter((i): i is TextItemLike & (typeof content.items)[number] => 'str' in i)));
      page.cleanup();
    }
    if (!pages.some((p) => p.trim())) throw new IngestError('the PDF has no text layer (a scan? OCR is not supported)');
    let title: string | undefined;
    try {
      const meta = await doc.getMetadata();
      const t = (meta.info as { Title?: unknown } | undefined)?.Title;
      if (typeof t === 'string' && t.trim()) title = t.trim().slice(0, 200);
    } catch {
      /* no metadata */
    }
    return {
      multi: false,
      docs: [
        {
          kind: 'raw',
          title: title ?? path.basename(file),
          format: 'pdf',
          pages,
          paged: true,
          mode: 'pdf',
          original: pages.join('\n\f'),
          meta: { pdfPages: doc.numPages },
        },
      ],
    };
  } catch (err) {
    if (err instanceof IngestError) throw err;
    if (signal?.aborted) throw new IngestError('cancelled');
    throw new IngestError(`cannot read PDF: ${(err as Error).message}`);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await doc.destroy().catch(() => undefined);
  }
}
