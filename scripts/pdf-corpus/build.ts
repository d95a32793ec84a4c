// Builds the test PDFs of the corpus: the kit's RFC texts typeset by real typesetters (pandoc +
// pdflatex with fancyhdr running heads and "Page N" footers; a two-column LaTeX article with
// table/tabular floats; LibreOffice from a DOCX with a running head, footnote and tables), and
// writes beside each what a reader of the PDF must find (sections, table cells, the running-head
// text that must stay out of chunks, title and designation).
//
//   npx tsx scripts/pdf-corpus/build.ts [--out DIR] [--only NAME] [--write-expected] [--source FILE --name NAME --typesetter T]
//
// PDFs go to a cache folder (never committed); expectations to scripts/pdf-corpus/expected/.
// Any RFC text can be typeset the same way (--source), to check a reader on standards it was not
// built on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readRfc, type DocModel } from './rfc-model';
import { captionOf, pandocArgs, pandocHeader, paperSections, toMarkdown, toTwoColumn, type LatexOptions } from './latex';
import { toDocx } from './docx';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const KIT = path.resolve(HERE, '../../../shared');
export const EXPECTED_DIR = path.join(HERE, 'expected');

export type Typesetter = 'pandoc' | 'latex-twocolumn' | 'libreoffice';

export interface CorpusEntry {
  name: string;
  /** The RFC text, relative to the kit (or absolute). */
  source: string;
  typesetter: Typesetter;
  /** pandoc: outline, metadata title, table of contents. */
  latex?: LatexOptions;
  /** Bookmarks in the PDF (two-column LaTeX, LibreOffice). */
  outline?: boolean;
  /** LibreOffice: text columns. */
  columns?: 1 | 2;
}

/** The corpus: training documents of data/split.json only. */
export const CORPUS: CorpusEntry[] = [
  { name: 'pandoc-rfc2867', source: 'data/rfc-radius-eap/rfc2867.txt', typesetter: 'pandoc', latex: { outline: true, metadataTitle: true, toc: false } },
  { name: 'pandoc-rfc3580-plain', source: 'data/rfc-radius-eap/rfc3580.txt', typesetter: 'pandoc', latex: { outline: false, metadataTitle: false, toc: true } },
  {
    name: 'pandoc-rfc2607-plain',
    source: 'data/rfc-radius-eap/rfc2607.txt',
    typesetter: 'pandoc',
    latex: { outline: false, metadataTitle: false, toc: false },
  },
  { name: 'twocolumn-rfc2867', source: 'data/rfc-radius-eap/rfc2867.txt', typesetter: 'latex-twocolumn', outline: false },
  { name: 'twocolumn-rfc2809', source: 'data/rfc-train/rfc2809.txt', typesetter: 'latex-twocolumn', outline: true },
  { name: 'libreoffice-rfc3580', source: 'data/rfc-radius-eap/rfc3580.txt', typesetter: 'libreoffice', outline: true, columns: 1 },
  { name: 'libreoffice-rfc2867-plain', source: 'data/rfc-radius-eap/rfc2867.txt', typesetter: 'libreoffice', outline: false, columns: 1 },
  { name: 'libreoffice-rfc2618-twocolumn', source: 'data/rfc-train/rfc2618.txt', typesetter: 'libreoffice', outline: false, columns: 2 },
];

export interface Expected {
  name: string;
  typesetter: Typesetter;
  title: string;
  designation: string;
  /** Every heading the typesetter printed, in order. */
  sections: { number: string | null; heading: string; level: number }[];
  tables: { caption: string; header: string[]; rows: string[][] }[];
  /** Running-head and footer text found nowhere in the document's own text: never inside a chunk. */
  runningHeads: string[];
  /** A "Page N" footer is printed (and no "Page N" occurs in the text). */
  pageFooter: boolean;
}

/** Everything the model prints as text (cover, headings, blocks): running heads are checked against it. */
function modelText(model: DocModel): string {
  const parts: string[] = [model.title, model.designation, model.category, model.date, ...model.authors, ...model.headerLines.flat()];
  for (const s of model.sections) {
    parts.push(s.heading);
    for (const b of s.blocks) {
      if (b.kind === 'paragraph') parts.push(b.text);
      else if (b.kind === 'list') parts.push(...b.items);
      else if (b.kind === 'code') parts.push(...b.lines);
      else parts.push(...b.table.header, ...b.table.rows.flat());
    }
  }
  return parts.join('\n').replace(/\s+/g, ' ');
}

export function expectedOf(entry: CorpusEntry, model: DocModel): Expected {
  const sections: Expected['sections'] = [];
  const tables: Expected['tables'] = [];
  let tableNumber = 0;
  const addTables = (s: DocModel['sections'][number]) => {
    let n = 0;
    for (const b of s.blocks) {
      if (b.kind !== 'table') continue;
      tableNumber++;
      const caption = captionOf(s, b.table, n++);
      tables.push({ caption, header: b.table.header, rows: b.table.rows });
    }
  };
  if (entry.typesetter === 'latex-twocolumn') {
    // the article's abstract has its own (unnumbered) heading, which the outline leaves out
    if (!entry.outline && model.sections.some((s) => /^abstract$/i.test(s.heading))) sections.push({ number: null, heading: 'Abstract', level: 1 });
    for (const { section, number } of paperSections(model)) {
      sections.push({ number, heading: section.heading, level: section.level });
      addTables(section);
    }
  } else {
    for (const s of model.sections) {
      sections.push({ number: s.number, heading: s.heading, level: s.level });
      addTables(s);
    }
    if (entry.latex?.toc) sections.unshift({ number: null, heading: 'Contents', level: 1 });
  }
  const text = modelText(model);
  const heads =
    entry.typesetter === 'libreoffice'
      ? [`${model.designation} — ${model.shortTitle}`]
      : [model.shortTitle, `${model.authors[0] ?? ''}${model.authors.length > 1 ? ', et al.' : ''}`];
  void tableNumber;
  return {
    name: entry.name,
    typesetter: entry.typesetter,
    title: model.title,
    designation: model.designation,
    sections,
    tables,
    runningHeads: heads.filter((h) => h.trim() && !text.includes(h)),
    pageFooter: !/\bPage \d/.test(text),
  };
}

function run(cmd: string, args: string[], cwd: string): void {
  try {
    execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 });
  } catch (err) {
    const e = err as { stderr?: Buffer; stdout?: Buffer; message: string };
    throw new Error(`${cmd} failed in ${cwd}: ${e.message}\n${e.stderr?.toString().slice(-2000) ?? ''}${e.stdout?.toString().slice(-2000) ?? ''}`);
  }
}

/** Is every typesetter the corpus needs installed? (the reason when not) */
export function typesettersMissing(): string | null {
  for (const tool of ['pandoc', 'pdflatex', 'soffice']) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    } catch {
      // not on PATH
      return `${tool} is not installed (apt-get install pandoc texlive-latex-recommended texlive-latex-extra texlive-fonts-recommended lmodern libreoffice-writer-nogui)`;
    }
  }
  return null;
}

const sourcePath = (entry: CorpusEntry) => (path.isAbsolute(entry.source) ? entry.source : path.join(KIT, entry.source));

/**
 * The cache key of an entry: its settings, its source text, the model read from it (the structure
 * analysis decides which lines are typeset as headings) and this folder's code.
 */
function cacheKey(entry: CorpusEntry): string {
  const source = fs.readFileSync(sourcePath(entry));
  const h = createHash('sha256')
    .update(JSON.stringify(entry))
    .update(source)
    .update(JSON.stringify(readRfc(source.toString('utf8'))));
  for (const f of fs.readdirSync(HERE).sort()) if (f.endsWith('.ts')) h.update(fs.readFileSync(path.join(HERE, f)));
  return h.digest('hex').slice(0, 16);
}

export const DEFAULT_OUT = path.join(os.tmpdir(), 'graphwright-pdf-corpus');

/** Typeset one entry (cached by content): the PDF's path. */
export async function buildPdf(entry: CorpusEntry, outDir = DEFAULT_OUT): Promise<string> {
  const dir = path.join(outDir, `${entry.name}-${cacheKey(entry)}`);
  const pdf = path.join(dir, `${entry.name}.pdf`);
  if (fs.existsSync(pdf)) return pdf;
  fs.mkdirSync(outDir, { recursive: true });
  const work = fs.mkdtempSync(path.join(outDir.endsWith(path.sep) ? outDir : outDir + path.sep, '.work-'));
  try {
    const model = readRfc(fs.readFileSync(sourcePath(entry), 'utf8'));
    const out = path.join(work, `${entry.name}.pdf`);
    if (entry.typesetter === 'pandoc') {
      const options = entry.latex ?? { outline: true, metadataTitle: true, toc: false };
      fs.writeFileSync(path.join(work, 'header.tex'), pandocHeader(model, options));
      fs.writeFileSync(path.join(work, 'doc.md'), toMarkdown(model, options));
      run('pandoc', ['doc.md', '-o', out, ...pandocArgs(model, options, 'header.tex')], work);
    } else if (entry.typesetter === 'latex-twocolumn') {
      fs.writeFileSync(path.join(work, 'doc.tex'), toTwoColumn(model, { outline: entry.outline ?? true }));
      // twice: floats and references settle on the second run
      for (let i = 0; i < 2; i++) run('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'doc.tex'], work);
      fs.renameSync(path.join(work, 'doc.pdf'), out);
    } else {
      fs.writeFileSync(path.join(work, `${entry.name}.docx`), await toDocx(model, { columns: entry.columns ?? 1 }));
      // its own profile: another soffice running on the machine does not block this one
      const profile = `file://${path.join(work, 'profile')}`;
      const filter = entry.outline === false ? 'pdf:writer_pdf_Export:{"ExportBookmarks":{"type":"boolean","value":"false"}}' : 'pdf';
      run('soffice', [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', filter, '--outdir', work, `${entry.name}.docx`], work);
    }
    if (!fs.existsSync(out)) throw new Error(`${entry.typesetter} wrote no PDF for ${entry.name}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(out, pdf);
    return pdf;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export function readExpected(name: string): Expected {
  return JSON.parse(fs.readFileSync(path.join(EXPECTED_DIR, `${name}.json`), 'utf8')) as Expected;
}

export function expectedFor(entry: CorpusEntry): Expected {
  return expectedOf(entry, readRfc(fs.readFileSync(sourcePath(entry), 'utf8')));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const out = path.resolve(opt('--out') ?? DEFAULT_OUT);
  fs.mkdirSync(out, { recursive: true });
  const missing = typesettersMissing();
  if (missing) throw new Error(missing);
  let entries = CORPUS;
  const source = opt('--source');
  if (source) {
    entries = [
      {
        name: opt('--name') ?? path.basename(source, path.extname(source)),
        source: path.resolve(source),
        typesetter: (opt('--typesetter') ?? 'pandoc') as Typesetter,
      },
    ];
  }
  const only = opt('--only');
  if (only) entries = entries.filter((e) => e.name === only);
  for (const entry of entries) {
    const pdf = await buildPdf(entry, out);
    const expected = expectedFor(entry);
    const target = args.includes('--write-expected')
      ? path.join(EXPECTED_DIR, `${entry.name}.json`)
      : path.join(path.dirname(pdf), `${entry.name}.expected.json`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, `${JSON.stringify(expected, null, 1)}\n`);
    process.stdout.write(`${pdf}\n  ${expected.sections.length} sections, ${expected.tables.length} tables -> ${target}\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
