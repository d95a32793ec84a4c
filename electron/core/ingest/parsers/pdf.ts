// PDF through pdfjs-dist's legacy build (Node 20): the text laid out from item positions (rows,
// columns, running heads left out, tables, headings from the outline or the fonts; see ../pdf/),
// with page numbers and each line's box on its page kept.
import path from 'node:path';
import { createRequire } from 'node:module';
import { IngestError } from '../errors';
import type { ParsedFile } from '../types';
import { commonGutter, findGutter, monospaceFonts, rowsOf, runsOf, linesOf, type Row, type TextItemLike } from '../pdf/rows';
import { findFurniture, rowText } from '../pdf/furniture';
import { CAPTION, findTables, joinRuns, type OpenTable, type TableRegion } from '../pdf/tables';
import { fontHeadings, outlineHeadings, type HeadingMark, type OutlineEntry } from '../pdf/headings';
import { assemble } from '../pdf/assemble';
import type { Line, PageLines, PdfLayout } from '../pdf/types';

const require = createRequire(import.meta.url);

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;

// Loaded for its side effect (globalThis.pdfjsWorker); a string, as pdfjs-dist ships no types for it.
const PDFJS_WORKER: string = 'pdfjs-dist/legacy/build/pdf.worker.mjs';

// The engine's own built-ins, taken before pdf.js is loaded.
const nativePush = Array.prototype.push;
const nativeParse = JSON.parse;
const nativeStringify = JSON.stringify;

/**
 * pdf.js's legacy build, loaded once, with its worker code (which pdf.js then finds on globalThis
 * instead of importing it at the first getDocument). Both carry core-js polyfills that replace
 * Array.prototype.push, JSON.parse and JSON.stringify for the whole process with versions several
 * times slower (push: x5.5 on Node 20), though Node's own are complete for every use here; they
 * are put back once both are loaded.
 */
export function loadPdfjs(): Promise<PdfJs> {
  pdfjs ??= Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import(PDFJS_WORKER)]).then(([lib]) => {
    Array.prototype.push = nativePush;
    JSON.parse = nativeParse;
    JSON.stringify = nativeStringify;
    return lib;
  });
  return pdfjs;
}

function standardFontsDir(): string | undefined {
  try {
    return path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;
  } catch {
    // no bundled fonts: pdf.js still extracts text, it only lacks font metrics
    return undefined;
  }
}

/** The outline's entries in order, each with its depth and the page and height its destination points at. */
async function readOutline(doc: {
  getOutline(): Promise<unknown>;
  getDestination(id: string): Promise<unknown>;
  getPageIndex(ref: unknown): Promise<number>;
}): Promise<OutlineEntry[]> {
  type Item = { title?: string; dest?: unknown; items?: Item[] };
  let items: Item[] | null;
  try {
    items = (await doc.getOutline()) as Item[] | null;
  } catch {
    // a damaged outline is read as none: the headings come from the fonts
    return [];
  }
  const out: OutlineEntry[] = [];
  const walk = async (list: Item[], depth: number): Promise<void> => {
    for (const it of list) {
      if (out.length >= 10_000) return;
      let page: number | null = null;
      let y: number | null = null;
      try {
        const dest = typeof it.dest === 'string' ? await doc.getDestination(it.dest) : it.dest;
        if (Array.isArray(dest) && dest[0] != null) {
          page = (typeof dest[0] === 'number' ? dest[0] : await doc.getPageIndex(dest[0])) + 1;
          const kind = (dest[1] as { name?: string } | undefined)?.name;
          const v = kind === 'XYZ' ? dest[3] : kind === 'FitH' || kind === 'FitBH' ? dest[2] : null;
          y = typeof v === 'number' ? v : null;
        }
      } catch {
        // a destination that does not resolve: the entry has no page and is not matched
        page = null;
      }
      out.push({ title: String(it.title ?? ''), depth, page, y });
      if (it.items?.length) await walk(it.items, depth + 1);
    }
  };
  await walk(items ?? [], 0);
  return out;
}

/** Most pages read from one PDF by default. */
export const MAX_PDF_PAGES = 5_000;

export async function parsePdf(file: string, buf: Buffer, options: { signal?: AbortSignal; maxPages?: number } = {}): Promise<ParsedFile> {
  const { signal } = options;
  const maxPages = options.maxPages ?? MAX_PDF_PAGES;
  if (signal?.aborted) throw new IngestError('cancelled');
  const tail = buf.subarray(Math.max(0, buf.length - 4096)).toString('latin1');
  if (!tail.includes('%%EOF')) throw new IngestError('truncated or damaged PDF (no %%EOF marker at the end)');
  const lib = await loadPdfjs();
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
    const read: { number: number; width: number; height: number; bottom: number; transform: number[]; rows: Row[] }[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      if (signal?.aborted) throw new IngestError('cancelled');
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const mono = new Set(
        Object.entries(content.styles)
          .filter(([, st]) => st.fontFamily === 'monospace')
          .map(([name]) => name),
      );
      const runs = runsOf(
        content.items.filter((i): i is TextItemLike & (typeof content.items)[number] => 'str' in i),
        mono,
      );
      const [, y0, , y1] = page.view;
      read.push({ number: n, width: viewport.width, height: viewport.height, bottom: Math.min(y0, y1), transform: viewport.transform, rows: rowsOf(runs) });
      page.cleanup();
    }
    if (!read.some((p) => p.rows.length)) throw new IngestError('the PDF has no text layer (a scan? OCR is not supported)');
    const allRuns = function* () {
      for (const p of read) for (const row of p.rows) yield* row.runs;
    };
    const mono = monospaceFonts(allRuns());
    if (mono.size) for (const r of allRuns()) if (mono.has(r.font)) r.mono = true;
    const original = read.map((p) => p.rows.map(rowText).join('\n')).join('\n\f');
    const furniture = findFurniture(read.map((p) => ({ rows: p.rows, height: Math.abs(p.height), bottom: p.bottom })));
    let furnitureLines = 0;
    const body = read.map((p, i) => p.rows.filter((r) => !furniture[i].has(r)));
    const gutters = body.map((rows) => findGutter(rows));
    const shared = commonGutter(gutters);
    const pages: PageLines[] = read.map((p, i) => {
      furnitureLines += p.rows.length - body[i].length;
      return { number: p.number, width: p.width, height: p.height, transform: p.transform, lines: linesOf(p.number, body[i], shared, gutters[i]) };
    });
    const tables = new Map<number, TableRegion[]>();
    const inTables = new Set<Line>();
    let open: OpenTable | null = null;
    let lastLine: Line | undefined;
    for (const p of pages) {
      const { tables: found, open: left } = findTables(p.lines, open);
      open = left;
      // a caption that ended the page before names the table this page opens with
      const first = found[0];
      if (first && !first.caption && !first.continues && first.from === 0 && lastLine && CAPTION.test(joinRuns(lastLine.runs).trim()))
        first.carriedCaption = joinRuns(lastLine.runs).trim();
      lastLine = p.lines[p.lines.length - 1];
      if (!found.length) continue;
      tables.set(p.number, found);
      for (const t of found)
        for (let k = Math.min(t.from, t.caption?.from ?? t.from); k <= Math.max(t.to, t.caption?.to ?? t.to); k++) inTables.add(p.lines[k]);
    }
    const outline = await readOutline(doc);
    let marks: Map<Line, HeadingMark> | null = outlineHeadings(pages, outline, inTables);
    const fromOutline = marks !== null;
    const byFont = fontHeadings(pages, inTables);
    // fewer than two headings set apart by their font: the text's own numbering decides (structure.ts)
    marks ??= byFont.marks.size >= 2 ? byFont.marks : new Map();
    const laid = assemble(pages, marks, tables, furnitureLines);
    if (!laid.text.trim()) throw new IngestError('the PDF has no text layer (a scan? OCR is not supported)');
    let title: string | undefined;
    try {
      const meta = await doc.getMetadata();
      const t = (meta.info as { Title?: unknown } | undefined)?.Title;
      if (typeof t === 'string' && t.trim()) title = t.trim().replace(/\s+/g, ' ').slice(0, 200);
    } catch {
      /* no metadata */
    }
    const layout: PdfLayout = {
      headings: laid.headings,
      tables: laid.tables,
      pages: laid.boxes,
      fromOutline,
      ...(title ? { metadataTitle: title } : {}),
      ...(byFont.coverTitle ? { coverTitle: byFont.coverTitle } : {}),
      furniture: laid.furniture,
    };
    return {
      multi: false,
      docs: [
        {
          kind: 'layout',
          title: title ?? path.basename(file),
          format: 'pdf',
          text: laid.text,
          pages: laid.pages,
          original,
          layout,
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
