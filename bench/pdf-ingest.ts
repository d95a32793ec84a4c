// PDF ingest benchmark (not a test): the time to ingest PDFs (prepareFile: the layout reader with
// rows, columns, running heads, tables and headings, then repair, structure and chunking) and to read
// their layout alone (parsePdf), each as a ratio to pdf.js's own text extraction of the same files
// (getDocument, then getTextContent on every page, the strings joined) measured in the same run.
// The files: the typeset corpus (scripts/pdf-corpus, built into its cache when pandoc, pdflatex and
// soffice are installed) and the kit's sample PDFs (../shared/samples/pdf, the encrypted one left out).
// Rounds alternate (pdf.js, layout, ingest, pdf.js, ...) so a change of load on the machine falls on all;
// the ratios are of this process's CPU seconds (pdf.js works on this thread in Node), wall time beside.
//   npm run bench -- pdf-ingest       (through bench/run.ts)
//   BENCH_PDF_ROUNDS=5                (rounds; 3 by default)
//   GRAPHWRIGHT_BENCH_JSON=FILE       (the figures as JSON)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { prepareFile } from '../electron/core/ingest/pipeline';
import { loadPdfjs, parsePdf } from '../electron/core/ingest/parsers/pdf';
import { CORPUS, buildPdf, typesettersMissing } from '../scripts/pdf-corpus/build';

const SAMPLES = path.resolve(import.meta.dirname, '..', '..', 'shared', 'samples', 'pdf');
const ENCRYPTED = 'libreoffice-writer-password.pdf';
const FONTS = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;
const ROUNDS = Number(process.env.BENCH_PDF_ROUNDS ?? 3);

export interface PdfBenchResult {
  files: number;
  pages: number;
  rounds: number;
  /** CPU seconds of this process for one pass over the files (the median round). */
  pdfjsCpuSeconds: number;
  layoutCpuSeconds: number;
  ingestCpuSeconds: number;
  /** layout / pdf.js CPU: the layout reader's cost over pdf.js's plain text extraction. */
  layoutRatio: number;
  /** ingest / pdf.js CPU (the goal: at most 1.5). */
  ingestRatio: number;
  /** The same from wall-clock seconds (noisier on a shared machine). */
  pdfjsWallSeconds: number;
  ingestWallSeconds: number;
  ingestWallRatio: number;
}

/** pdf.js's own text extraction: every page's text items joined, nothing laid out. */
async function pdfjsText(file: string): Promise<{ pages: number; chars: number }> {
  const lib = await loadPdfjs();
  // the options the ingest parser gives pdf.js (parsers/pdf.ts), so only the work after it differs
  const doc = await lib.getDocument({
    data: new Uint8Array(fs.readFileSync(file)),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
    standardFontDataUrl: FONTS,
  }).promise;
  let chars = 0;
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      chars += content.items.map((i) => ('str' in i ? i.str : '')).join(' ').length;
      page.cleanup();
    }
    return { pages: doc.numPages, chars };
  } finally {
    await doc.destroy();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Wall and CPU seconds of one pass (pdf.js runs on this thread in Node, so its work is in the CPU time). */
async function measure(files: string[], read: (file: string) => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const t = performance.now();
  const c0 = process.cpuUsage();
  for (const f of files) await read(f);
  const c = process.cpuUsage(c0);
  return { wall: (performance.now() - t) / 1000, cpu: (c.user + c.system) / 1e6 };
}

export async function benchPdfIngest(log: (line: string) => void = (l) => console.log(l)): Promise<PdfBenchResult> {
  const files: string[] = [];
  const missing = typesettersMissing();
  if (missing) log(`(typeset corpus left out: ${missing})`);
  else for (const entry of CORPUS) files.push(await buildPdf(entry));
  if (fs.existsSync(SAMPLES)) {
    for (const f of fs.readdirSync(SAMPLES).sort()) if (f.endsWith('.pdf') && f !== ENCRYPTED) files.push(path.join(SAMPLES, f));
  } else log(`(samples left out: ${SAMPLES} not found)`);
  if (!files.length) throw new Error('no PDF to read: neither the typeset corpus nor the kit samples are here');

  // warm up: modules, pdf.js's worker code, fonts, the lexicon
  let pages = 0;
  for (const f of files) pages += (await pdfjsText(f)).pages;
  await prepareFile(files[0]);

  const pdfjs: { wall: number; cpu: number }[] = [];
  const layout: { wall: number; cpu: number }[] = [];
  const ingest: { wall: number; cpu: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    pdfjs.push(await measure(files, pdfjsText));
    layout.push(await measure(files, (f) => parsePdf(f, fs.readFileSync(f))));
    ingest.push(await measure(files, prepareFile));
  }
  const cpu = (xs: { cpu: number }[]) => median(xs.map((x) => x.cpu));
  const wall = (xs: { wall: number }[]) => median(xs.map((x) => x.wall));
  const [p, l, i] = [cpu(pdfjs), cpu(layout), cpu(ingest)];
  const result: PdfBenchResult = {
    files: files.length,
    pages,
    rounds: ROUNDS,
    pdfjsCpuSeconds: Number(p.toFixed(3)),
    layoutCpuSeconds: Number(l.toFixed(3)),
    ingestCpuSeconds: Number(i.toFixed(3)),
    layoutRatio: Number((l / p).toFixed(2)),
    ingestRatio: Number((i / p).toFixed(2)),
    pdfjsWallSeconds: Number(wall(pdfjs).toFixed(3)),
    ingestWallSeconds: Number(wall(ingest).toFixed(3)),
    ingestWallRatio: Number((wall(ingest) / wall(pdfjs)).toFixed(2)),
  };
  log(`${files.length} PDFs, ${pages} pages; CPU seconds of one pass, median of ${ROUNDS} rounds in this run:`);
  log(`  pdf.js text extraction   ${p.toFixed(3)} s   ${Math.round(pages / p)} pages/cpu-s   x1`);
  log(`  layout (parsePdf)        ${l.toFixed(3)} s   x${result.layoutRatio} pdf.js`);
  log(`  ingest (prepareFile)     ${i.toFixed(3)} s   ${Math.round(pages / i)} pages/cpu-s   x${result.ingestRatio} pdf.js (goal <= x1.5)`);
  log(`  wall clock: pdf.js ${result.pdfjsWallSeconds} s, ingest ${result.ingestWallSeconds} s, x${result.ingestWallRatio}`);
  if (process.env.GRAPHWRIGHT_BENCH_JSON) fs.writeFileSync(process.env.GRAPHWRIGHT_BENCH_JSON, JSON.stringify({ pdfIngest: result }, null, 2));
  return result;
}

export default benchPdfIngest;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchPdfIngest().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
