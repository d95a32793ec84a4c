// Ingest one file: read, detect, parse, repair, detect language, chunk (pure, nothing stored);
// then store its documents in one transaction with content-hash dedupe and path versioning.
import { documentTitle } from './title';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { isMainThread } from 'node:worker_threads';
import type { Store } from '../store';
import type { NewDocument } from '../store/documents';
import { chunkText, detectHeadings, type ChunkerName, type EmbedFn, type Heading } from '../chunk';
import { IngestError } from './errors';
import { KNOWN_EXTENSIONS } from './detect';
import { detectLanguage, releaseLanguageDetector } from './language';
import { parseFile, type ParseLimits } from './parse';
import { repair } from './repair';
import { applyCuts, findInlineRunningHeaders } from './repair/boilerplate';
import { analyzeStructure, type DocumentStructure } from '../document/structure';
import { layoutStructure } from '../document/layout-structure';
import { withBlocks } from '../document/blocks';
import { locateTables } from '../document/tables';
import type { PdfLayout } from './pdf/types';
import type { ParsedDoc } from './types';
import { decodeFilePieces, type DecodedText, type TextEncoding } from './encoding';
import { parseTextInPieces, type TextInPieces } from './text-in-pieces';
import type { IngestResult } from '../../../shared/contract/ingest';
import type { editionsOf as EditionsOf } from '../editions/apply';

/**
 * Largest file read. A text takes a few times its size in memory while it is prepared and stored
 * (its raw and repaired pages while they are joined, the garbage of each step until collected:
 * `npm run bench -- large-text`), so this bounds what one file can ask of the machine.
 */
export const MAX_FILE_BYTES = 512 * 1024 * 1024;

export interface IngestOptions {
  chunker?: ChunkerName;
  chunkSize?: number;
  overlap?: number;
  embed?: EmbedFn;
  signal?: AbortSignal;
  /** Import a corpus's good records and report the bad ones (PreparedFile.skippedRecords) instead of failing the file. */
  skipBadRecords?: boolean;
  /** Resource limits of the parsers (pages, uncompressed size, nesting depth); see parse.ts. */
  limits?: ParseLimits;
  /** Told when a file is parsed and its documents are being repaired and chunked (the job's per-file rows). */
  onChunking?: () => void;
  /** A text file's original at least this long is read again from the file when stored (default ORIGINAL_FROM_FILE_CHARS). */
  originalFromFileChars?: number;
  /** A file this large (bytes) is parsed from pieces if it is a plain text or Markdown (text-in-pieces.ts; default READ_IN_PIECES_BYTES). */
  readInPiecesBytes?: number;
  /**
   * A full garbage collection (the ingest worker's, ingest/worker.ts): run between the steps of a large
   * text, whose each step leaves garbage of about the text's size that V8 would otherwise keep until
   * its heap had grown several times larger. Never the core's thread (a collection holds its thread).
   */
  collectGarbage?: () => void;
}

/**
 * A plain text or Markdown file whose text is this long keeps no copy of its original (the file's
 * text before repair) in memory: the raw text is let go as its pages are repaired, and the original
 * is read again from the file, in pieces, when the document is stored (originalPieces).
 */
const ORIGINAL_FROM_FILE_CHARS = 4_000_000;

/** A document this long is a large text: collections between its steps (IngestOptions.collectGarbage). */
const LARGE_TEXT_CHARS = 4_000_000;

/** A file this large is parsed from pieces when it is a plain text or Markdown (text-in-pieces.ts). */
const READ_IN_PIECES_BYTES = 4_000_000;

/**
 * A file this large is prepared without the language model resident (language.ts): it lets the
 * language thread go before it is read, and again once its documents' languages are known. Past
 * this size the model (~50 MB) is a fair part of what the file needs; below it, keeping the thread
 * saves reloading the model for the next file.
 */
const RELEASE_LANGUAGE_BYTES = 16 * 1024 * 1024;

export interface PreparedFile {
  path: string;
  fileHash: string;
  bytes: number;
  format: string;
  multi: boolean;
  docs: NewDocument[];
  /** Bad records left out with skipBadRecords: where ("record 17", "line 40") and why. */
  skippedRecords?: { index: string; error: string }[];
  /** A text file's encoding, and the bytes that were no character in it (kept as U+FFFD). */
  decoding?: Pick<DecodedText, 'encoding' | 'invalidBytes'>;
  /** Its document's original is the file's text, read again in this encoding when stored (its originalText is null meanwhile). */
  originalFromFile?: { encoding: TextEncoding };
}

export type { IngestResult };

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The error text for a failed file: names the file, then why. */
export function fileError(file: string, err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return `${path.basename(file)}: ${message}`;
}

/** The file's size, or an IngestError saying why it cannot be read (missing, a folder, too large). */
async function sourceSize(file: string): Promise<number> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new IngestError(`file not found: ${file}`);
    if (code === 'EACCES' || code === 'EPERM') throw new IngestError(`permission denied: ${file}`);
    throw new IngestError(`cannot read ${file}: ${(err as Error).message}`);
  }
  if (stat.isDirectory()) throw new IngestError('is a folder, not a file');
  if (!stat.isFile()) throw new IngestError('not a regular file');
  if (stat.size > MAX_FILE_BYTES)
    throw new IngestError(
      `file too large (${Math.round(stat.size / 1024 / 1024)} MB; the limit is ${MAX_FILE_BYTES / 1024 / 1024} MB per file: a text needs several times its size in memory while it is imported)`,
    );
  return stat.size;
}

async function readSource(file: string): Promise<Buffer> {
  try {
    return await fs.promises.readFile(file);
  } catch (err) {
    throw new IngestError(`cannot read ${file}: ${(err as Error).message}`);
  }
}

async function buildDocument(
  file: string,
  doc: ParsedDoc,
  fileHash: string,
  bytes: number,
  multi: boolean,
  options: IngestOptions,
  languageHint?: string | null,
  originalFromFile?: { encoding: TextEncoding },
  inPieces?: Pick<TextInPieces, 'chars' | 'formFeed'>,
): Promise<NewDocument> {
  // a large text: a collection between steps (IngestOptions.collectGarbage)
  const large = !multi && (inPieces?.chars ?? (doc.kind === 'raw' ? doc.original.length : doc.text.length)) >= LARGE_TEXT_CHARS;
  const collect = () => {
    if (large) options.collectGarbage?.();
  };
  let text: string;
  let pages: { number: number; start: number; end: number }[] = [];
  let headings: Heading[];
  let repairs: string[] = [];
  let original: string | null;
  if (doc.kind === 'raw') {
    // the raw pages are repair's (it lets each go once repaired); an original read again from the
    // file when stored is held by nothing meanwhile, so a large raw text is gone once repaired
    original = originalFromFile ? null : doc.original;
    if (originalFromFile) doc.original = '';
    // A large text with form feeds: its pages read again from the file (pagesFromFile), the text
    // parsed let go first, so the raw text is never one string next to its repaired pages.
    const cut =
      !!originalFromFile && doc.mode !== 'markdown' && !doc.paged && (inPieces ? inPieces.formFeed : doc.pages.length === 1 && doc.pages[0].includes('\f'));
    let raw = doc.pages.splice(0);
    // a text parsed from pieces without pages to cut: its text read whole now
    if (inPieces && originalFromFile && !cut) raw = [textFromFile({ path: file, fileHash, bytes }, originalFromFile.encoding)];
    if (cut) {
      raw = [];
      // (V8 keeps the subject of the last regular expression run, here the parsed text: a match on
      // a short string lets it go)
      /\f/.test('\f');
      collect();
      raw = pagesFromFile({ path: file, fileHash, bytes }, originalFromFile.encoding);
      collect();
    }
    const r = repair(raw, { mode: doc.mode, paged: doc.paged, cutAtFormFeeds: cut, betweenSteps: large ? options.collectGarbage : undefined });
    text = r.text;
    pages = r.pages;
    repairs = r.repairs;
    // (the repaired pages, joined into the text, are garbage of its size)
    collect();
    headings = detectHeadings(text, { markdown: doc.mode === 'markdown' });
  } else if (doc.kind === 'layout') {
    text = doc.text;
    pages = doc.pages;
    headings = [];
    original = doc.original;
    repairs = layoutRepairs(doc.layout);
  } else {
    text = doc.text;
    headings = doc.headings ?? [];
    original = doc.original && doc.original !== doc.text ? doc.original : null;
  }
  let annotations = doc.kind === 'exact' ? doc.annotations : undefined;
  if (doc.kind === 'exact' && !multi) {
    // Running headers a token table ran into the prose ("... journal vol. 6, no. 2, 2025 434 ...").
    const cuts = findInlineRunningHeaders(text);
    if (cuts.length) {
      const cut = applyCuts(text, cuts);
      const inCut = (a: { start: number; end: number }) => cuts.some((c) => a.start < c.end && a.end > c.start);
      text = cut.text;
      headings = headings.filter((h) => !inCut(h)).map((h) => ({ ...h, start: cut.map(h.start), end: cut.map(h.end) }));
      annotations = annotations?.filter((a) => !inCut(a)).map((a) => ({ ...a, start: cut.map(a.start), end: cut.map(a.end) }));
      original ??= doc.text;
      repairs = [`${cuts.length} running headers removed from the text`];
    }
  }
  if (!text.trim()) throw new IngestError('no text in the document');
  collect();
  // The structure (standard, sections, boilerplate) of a whole document; a corpus's many small
  // passages have none worth storing (it is computed on read if asked for).
  const found: DocumentStructure | undefined = multi
    ? undefined
    : doc.kind === 'layout'
      ? layoutStructure(text, { ...doc.layout, tables: doc.layout.tables })
      : analyzeStructure(text);
  collect();
  // notes, examples, captions, annexes; the tables HTML and DOCX gave, found in the text
  const structure = found && withBlocks(text, found, doc.kind === 'raw' && doc.tables ? locateTables(text, doc.tables) : found.tables);
  if (structure && doc.kind === 'raw' && doc.mode !== 'markdown') headings = withSections(text, headings, structure);
  // a laid-out PDF: the chunks split at its sections, whichever way they were found
  if (structure && doc.kind === 'layout') headings = withSections(text, [], structure);
  // The language before the chunks: a large file lets the language model go before its chunks are
  // made, so the model and the chunks are never resident at once (nor through the store).
  const language = await detectLanguage(text, languageHint);
  if (!multi && bytes >= RELEASE_LANGUAGE_BYTES) await releaseLanguageDetector();
  const chunkSize = options.chunkSize ?? 1000;
  const chunks = await chunkText(text, {
    chunker: options.chunker,
    size: chunkSize,
    overlap: options.overlap,
    headings,
    pages,
    embed: options.embed,
    signal: options.signal,
  });
  const contentHash = multi ? sha256(`${doc.title}\n${text}`) : fileHash;
  return {
    // A standard's own title ("RFC 3580: IEEE 802.1X ...") rather than its file name; the title its
    // text opens with when the file name is no name (a hash, a number, "document1").
    title: structure?.title ?? (multi ? doc.title : documentTitle(doc.title, text)),
    sourcePath: file,
    format: doc.format,
    language,
    pages,
    contentHash,
    text,
    originalText: original,
    meta: {
      ...doc.meta,
      fileHash,
      bytes,
      repairs,
      headings: headings.map((h) => ({ start: h.start, end: h.end, level: h.level, title: h.title })),
      chunker: options.chunker ?? 'recursive',
      chunkSize,
      overlap: options.overlap ?? null,
    },
    chunks,
    annotations,
    structure,
    ...(doc.kind === 'layout' ? { pageBoxes: doc.layout.pages } : {}),
  };
}

/** What laying out a PDF did, for the document's meta. */
function layoutRepairs(layout: PdfLayout): string[] {
  const out = ['laid out from page positions (columns, tables, headings)', 'unicode NFKC'];
  if (layout.furniture) out.push(`${layout.furniture} running header and footer lines left out`);
  if (layout.tables.length) out.push(`${layout.tables.length} tables rebuilt`);
  out.push(layout.fromOutline ? 'sections from the outline' : layout.headings.length ? 'sections from the fonts' : 'sections from the text');
  return out;
}

/**
 * The headings chunks split at and take their heading path from: the line headings found in the
 * text, less those inside a table of contents (its entries), plus the sections the structure
 * found that the line rules miss (a term entry's number on its own line, "Annex A" over its title).
 */
export function withSections(text: string, headings: Heading[], structure: DocumentStructure): Heading[] {
  const tocs = structure.boilerplate.filter((r) => r.kind === 'toc');
  const inToc = (pos: number) => tocs.some((r) => pos > r.start && pos < r.end);
  const out = headings.filter((h) => !inToc(h.start));
  const lineStart = (pos: number) => text.lastIndexOf('\n', pos - 1) + 1;
  const have = new Set(out.map((h) => lineStart(h.start)));
  for (const s of structure.sections) {
    if (have.has(lineStart(s.start))) continue;
    const title = text
      .slice(s.start, s.headingEnd)
      .trim()
      .replace(/\s*\n\s*/g, ' ');
    out.push({ start: s.start, end: s.headingEnd, level: s.level, title });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Read and process one file into documents ready to store. Throws IngestError (without the file name). */
export async function prepareFile(file: string, options: IngestOptions = {}): Promise<PreparedFile> {
  const size = await sourceSize(file);
  if (size >= RELEASE_LANGUAGE_BYTES) await releaseLanguageDetector();
  // a large plain text or Markdown: parsed from pieces, never read whole (text-in-pieces.ts)
  const inPieces =
    size >= (options.readInPiecesBytes ?? READ_IN_PIECES_BYTES) ? parseTextInPieces(file, options.originalFromFileChars ?? ORIGINAL_FROM_FILE_CHARS) : null;
  let fileHash: string;
  let bytes: number;
  let parsed: Awaited<ReturnType<typeof parseFile>>;
  if (inPieces) {
    ({ parsed, fileHash, bytes } = inPieces);
  } else {
    let buf: Buffer | null = await readSource(file);
    bytes = buf.length;
    fileHash = sha256(buf);
    parsed = await parseFile(file, buf, { signal: options.signal, skipBadRecords: options.skipBadRecords, limits: options.limits });
    // the bytes are text now (or pages): let them go before repair and chunking make more of it
    buf = null;
  }
  if (bytes >= LARGE_TEXT_CHARS) options.collectGarbage?.();
  options.onChunking?.();
  const docs: NewDocument[] = [];
  // Many small documents from one file (a passage corpus): detect the language once, on a sample.
  let hint: string | null | undefined;
  if (parsed.docs.length > 20) {
    const sample = parsed.docs
      .slice(0, 200)
      .map((d) => (d.kind === 'exact' ? d.text : d.pages.join('\n')))
      .join('\n')
      .slice(0, 24_000);
    hint = await detectLanguage(sample);
  }
  // A plain text or Markdown file of one large document: its original is read again when stored.
  const only = parsed.docs.length === 1 ? parsed.docs[0] : undefined;
  const originalFromFile =
    !!inPieces ||
    (!parsed.multi &&
      (parsed.detected === 'text' || parsed.detected === 'markdown') &&
      parsed.decoding !== undefined &&
      only?.kind === 'raw' &&
      only.original.length >= (options.originalFromFileChars ?? ORIGINAL_FROM_FILE_CHARS));
  // A corpus is many documents: give the event loop a turn every few ms, so the host keeps answering.
  let turn = Date.now();
  for (const d of parsed.docs) {
    if (options.signal?.aborted) throw new IngestError('cancelled');
    if (Date.now() - turn > 20) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      turn = Date.now();
    }
    docs.push(
      await buildDocument(
        file,
        d,
        fileHash,
        bytes,
        parsed.multi,
        options,
        hint,
        originalFromFile && parsed.decoding ? { encoding: parsed.decoding.encoding } : undefined,
        inPieces ?? undefined,
      ),
    );
  }
  // a document read from anything but clean UTF-8 says so in its meta
  if (parsed.decoding && (parsed.decoding.encoding !== 'utf-8' || parsed.decoding.invalidBytes))
    for (const d of docs) d.meta = { ...d.meta, encoding: parsed.decoding.encoding, invalidBytes: parsed.decoding.invalidBytes };
  return {
    path: file,
    fileHash,
    bytes,
    format: parsed.detected,
    multi: parsed.multi,
    docs,
    ...(parsed.skippedRecords?.length ? { skippedRecords: parsed.skippedRecords } : {}),
    ...(parsed.decoding ? { decoding: parsed.decoding } : {}),
    ...(originalFromFile && parsed.decoding ? { originalFromFile: { encoding: parsed.decoding.encoding } } : {}),
  };
}

/**
 * The original of a prepared file's document (originalFromFile): the file's text read again in
 * pieces; throws when the file is no longer the one prepared (its bytes' hash), so the transaction
 * storing it stores nothing.
 */
function* originalPieces(prepared: Pick<PreparedFile, 'path' | 'fileHash' | 'bytes'>, encoding: TextEncoding, pieceBytes?: number): Generator<string> {
  const hash = createHash('sha256');
  let bytes = 0;
  yield* decodeFilePieces(
    prepared.path,
    encoding,
    (b) => {
      hash.update(b);
      bytes += b.length;
    },
    pieceBytes,
  );
  if (bytes !== prepared.bytes || hash.digest('hex') !== prepared.fileHash)
    throw new IngestError('the file changed while it was imported (its original text is read again when stored): import it again');
}

/** Bytes read at a time by pagesFromFile. */
const PAGE_PIECE_BYTES = 256 * 1024;

/**
 * A text file's pages (its text cut at its form feeds, as repair's splitPages cuts it) read again
 * from the file in pieces, decoded as first read: the text is never one string. Throws when the file
 * is no longer the one prepared.
 */
function pagesFromFile(source: Pick<PreparedFile, 'path' | 'fileHash' | 'bytes'>, encoding: TextEncoding): string[] {
  const pages: string[] = [];
  let open: string[] = [];
  // (pieces under Node's 1 MB external-string size: kept on V8's heap, whose space the repaired
  // pages then reuse; an external piece's memory, once freed, stays with the process)
  for (const piece of originalPieces(source, encoding, PAGE_PIECE_BYTES)) {
    let from = 0;
    for (let ff = piece.indexOf('\f'); ff !== -1; ff = piece.indexOf('\f', from)) {
      open.push(piece.slice(from, ff));
      pages.push(open.join(''));
      open = [];
      from = ff + 1;
    }
    open.push(piece.slice(from));
  }
  pages.push(open.join(''));
  return pages;
}

/** A text file's whole text read again from the file in pieces (a text parsed from pieces that has no pages to cut). */
function textFromFile(source: Pick<PreparedFile, 'path' | 'fileHash' | 'bytes'>, encoding: TextEncoding): string {
  const pieces = [...originalPieces(source, encoding, PAGE_PIECE_BYTES)];
  return pieces.join('');
}

/**
 * What storePrepared applies a new edition with (editions/apply.ts). That module brings the whole
 * store with it (its repositories, the contract's schemas: ~20 MB resident in a thread), which
 * preparing a file never needs: loaded with this module on the core's thread; the ingest worker, which
 * stores only a large file and only once it is prepared, loads it then (loadStoring), so a large
 * file's thread does not hold it while the text is read, repaired and decoded.
 */
let editions: typeof EditionsOf | undefined;

/** Loads what storePrepared needs (done on import on the main thread; a worker thread calls it before storing). */
export async function loadStoring(): Promise<void> {
  editions ??= (await import('../editions/apply')).editionsOf;
}

if (isMainThread) await loadStoring();

function editionsOf(store: Store): ReturnType<typeof EditionsOf> {
  if (!editions) throw new Error('storePrepared in a worker thread: await loadStoring() first');
  return editions(store);
}

export type StoreOutcome = { status: 'imported'; ids: number[]; duplicates: number } | { status: 'skipped'; reason: string };

/** Documents of a corpus stored per transaction: short write locks, and the event loop gets a turn between them. */
export const STORE_SLICE = 50;

/**
 * A file stored in one transaction (one document, or a corpus of at most STORE_SLICE) that holds this
 * much is stored by the ingest worker through its own connection (ingest/worker.ts): storing it on the
 * core's thread would hold its event loop for longer than a quarter of a second (about 2,000 chunks
 * on two shared cores), and sending it to the core would copy it once more.
 */
export const LARGE_TRANSACTION = { chars: 4_000_000, chunks: 2_000 };

/** Whether a prepared file's documents go to the database in one transaction that is large (LARGE_TRANSACTION). */
export function isLargeTransaction(prepared: Pick<PreparedFile, 'multi' | 'docs' | 'originalFromFile' | 'bytes'>, large = LARGE_TRANSACTION): boolean {
  if (prepared.multi && prepared.docs.length > STORE_SLICE) return false;
  let chars = 0;
  let chunks = 0;
  for (const d of prepared.docs) {
    // (an original read again from the file is as long as the file's text)
    chars += d.text.length + (d.originalText?.length ?? (prepared.originalFromFile ? prepared.bytes : 0));
    chunks += d.chunks.length;
  }
  return chars >= large.chars || chunks >= large.chunks;
}

/**
 * Store a prepared file: all its documents in one transaction, or nothing. A file whose content
 * is already stored is skipped as a duplicate; a changed file at a stored path (or of the same
 * standard) becomes a new version of it (previous_id), the old one kept, and is applied to the graph
 * (editions/apply.ts). `jobId` marks documents of a resumed job as its own.
 */
export function storePrepared(store: Store, prepared: PreparedFile, jobId?: number): StoreOutcome {
  return store.transaction(() => {
    if (!prepared.multi) {
      const doc = prepared.docs[0];
      const existing = store.documents.findByHash(doc.contentHash);
      if (existing) {
        if (jobId !== undefined && existing.meta.jobId === jobId && existing.path === prepared.path)
          return { status: 'imported', ids: [existing.id], duplicates: 0 };
        return { status: 'skipped', reason: `duplicate of document ${existing.id} (${existing.title})` };
      }
      // The same path, or the same standard (identifier and title): a new edition (editions/apply.ts).
      const previous = editionsOf(store).previous({ ...doc, sourcePath: prepared.path });
      const from = prepared.originalFromFile;
      const id = store.documents.insert({
        ...doc,
        ...(from ? { originalPieces: () => originalPieces(prepared, from.encoding) } : {}),
        previousId: previous?.id ?? null,
        meta: { ...doc.meta, ...(jobId !== undefined ? { jobId } : {}) },
      });
      if (previous) editionsOf(store).apply(id);
      return { status: 'imported', ids: [id], duplicates: 0 };
    }
    const ids: number[] = [];
    let duplicates = 0;
    for (const doc of prepared.docs) {
      const existing = store.documents.findByHash(doc.contentHash);
      if (existing) {
        if (jobId !== undefined && existing.meta.jobId === jobId) ids.push(existing.id);
        else duplicates++;
        continue;
      }
      ids.push(store.documents.insert({ ...doc, previousId: null, meta: { ...doc.meta, ...(jobId !== undefined ? { jobId } : {}) } }));
    }
    if (!ids.length) return { status: 'skipped', reason: `duplicate: all ${prepared.docs.length} documents are already imported` };
    return { status: 'imported', ids, duplicates };
  });
}

/** Expand the given paths: files as given, folders walked (hidden entries and unknown extensions skipped). */
export function expandPaths(paths: string[]): { files: string[]; skipped: IngestResult['skipped']; failed: IngestResult['failed'] } {
  const files: string[] = [];
  const skipped: IngestResult['skipped'] = [];
  const failed: IngestResult['failed'] = [];
  const seen = new Set<string>();
  const addFile = (f: string) => {
    if (!seen.has(f)) {
      seen.add(f);
      files.push(f);
    }
  };
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      failed.push({ path: dir, error: fileError(dir, new Error(`cannot read folder: ${(err as Error).message}`)) });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const full = path.join(dir, e.name);
      // Everything a folder walk leaves out is reported in `skipped`, with why.
      if (e.name.startsWith('.'))
        skipped.push({ path: full, reason: e.isDirectory() ? 'hidden folder (name starts with a dot), not walked' : 'hidden file (name starts with a dot)' });
      else if (e.isSymbolicLink()) skipped.push({ path: full, reason: 'symbolic link, not followed in a folder (give its target to import it)' });
      else if (e.isDirectory()) walk(full);
      else if (e.isFile()) {
        const ext = path.extname(e.name).toLowerCase();
        if (KNOWN_EXTENSIONS.has(ext)) addFile(full);
        else skipped.push({ path: full, reason: `unsupported format: ${ext}` });
      } else skipped.push({ path: full, reason: 'not a regular file (a device, socket or pipe)' });
    }
  };
  for (const p of paths) {
    const full = path.resolve(p);
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(full);
    } catch {
      // missing: added as a file, which fails when read, naming it
      stat = undefined;
    }
    if (stat?.isDirectory()) walk(full);
    else addFile(full); // missing files fail when read, with the reason
  }
  return { files, skipped, failed };
}
