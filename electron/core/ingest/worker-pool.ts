// Runs prepareFile (read, parse, repair, chunk) in a worker thread, so the core's event loop keeps
// answering calls while a big file is processed. A pool of one kept warm (a second request at the
// same time gets a thread of its own); the documents come back in slices the core asks for, so it
// never deserialises a whole corpus in one go. A cancel terminates the thread (any parse stops at
// once, even inside a library's synchronous code); a crashed thread fails only its file.
//
// Where the worker code is: under tsx, vitest or the CLI, ./worker.ts, loaded through tsx's ESM
// hooks in the thread; in the packaged app, dist-electron/ingest-worker.js (vite.electron.config.ts
// defines __GRAPHWRIGHT_INGEST_WORKER__ there). GRAPHWRIGHT_INGEST_INLINE=1 runs prepareFile on the
// core's own thread instead (for comparison in bench/responsiveness.ts).
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Worker, threadId as mainThreadId } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { NewDocument } from '../store/documents';
import { IngestError } from './errors';
import { NoEmbedderError, type EmbedFn } from '../chunk';
import { prepareFile, type IngestOptions, type StoreOutcome } from './pipeline';
import type { Db } from '../store/db';
import { holdForImport } from '../store/import-gate';
import type { FromWorker, PreparedHeader, ToWorker, WorkerError } from './worker-protocol';

declare const __GRAPHWRIGHT_INGEST_WORKER__: string | undefined;

export type { PreparedHeader } from './worker-protocol';

/** A prepared file whose documents are taken in slices (from the worker, or from memory when inline). */
export interface PreparedSource {
  readonly header: PreparedHeader;
  /** The next `count` documents ([] once all are taken). */
  take(count: number): Promise<NewDocument[]>;
  /** Done with it (stored, or given up): the worker frees what is left. */
  release(): void;
  /**
   * Present when the worker stores the file itself (a large transaction, `storeIn`): store it there,
   * in one transaction, while the core's own writes wait off its event loop; `take` gives nothing then.
   */
  storeInWorker?(jobId?: number): Promise<StoreOutcome>;
}

/** Where a large file may be stored by the worker itself: the core's connection (its file, its write gate). */
interface StoreInWorker {
  db: Db;
  /** Sizes from which a file counts as large (default pipeline.ts LARGE_TRANSACTION). */
  large?: { chars: number; chunks: number };
}

const inlineIngest = () => process.env.GRAPHWRIGHT_INGEST_INLINE === '1';

function workerUrl(): URL {
  if (typeof __GRAPHWRIGHT_INGEST_WORKER__ === 'string') {
    // Bundled: import.meta.url names this source file's place in the app (electron/core/ingest/),
    // and the worker bundle sits in dist-electron/ at the app root.
    return new URL(`../../../dist-electron/${__GRAPHWRIGHT_INGEST_WORKER__}`, import.meta.url);
  }
  return new URL('./worker.ts', import.meta.url);
}

/**
 * A large file's thread: its young generation capped (MB; V8's default grows to ~48 MB). Preparing a
 * large text allocates its size many times over in short-lived strings, so the young generation runs at
 * its largest throughout and adds to the text's peak: capped, a 100 MB text's peak RSS was ~45 MB lower
 * at the same speed (docs/PERFORMANCE.md, "Where a large text's peak is"). A small file pays for the
 * cap in collections (the kit's PDFs ~1.15x slower), so only a file of `fromBytes` or more gets such a
 * thread, of its own, ended when it is done; the others share the warm thread with V8's defaults.
 */
export const LARGE_FILE_THREAD = { youngGenerationMb: 3, fromBytes: 16 * 1024 * 1024 };

const threadOptions = (capped: boolean) => ({
  execArgv: [],
  ...(capped ? { resourceLimits: { maxYoungGenerationSizeMb: LARGE_FILE_THREAD.youngGenerationMb } } : {}),
});

/**
 * The thread's entry: the bundled worker as it is; run from source, a large file's thread the worker
 * bundled for this process (sourceBundle), the others the TypeScript after registering tsx's hooks.
 */
function spawn(capped: boolean, bundled?: URL | null): Worker {
  const url = bundled ?? workerUrl();
  if (!url.pathname.endsWith('.ts')) return new Worker(url, threadOptions(capped));
  const tsxApi = pathToFileURL(tsxApiPath()).href.replace(/\.cjs$/, '.mjs');
  const boot = `import { register } from ${JSON.stringify(tsxApi)};\nregister();\nawait import(${JSON.stringify(url.href)});\n`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), threadOptions(capped));
}

const tsxApiPath = () => createRequire(import.meta.url).resolve('tsx/esm/api');

/** The worker bundled from source in this process, once (null where it could not be: the thread then runs through tsx). */
let sourceBundle: Promise<URL | null> | undefined;

/**
 * Run from source (tsx, vitest, the CLI), the worker bundled into one ES module by esbuild (tsx's own
 * dependency), as the packaged app's dist-electron/ingest-worker.js is by vite: a large file's thread
 * then runs plain JavaScript. Through tsx, a thread registers its hooks, which start a thread of
 * their own and keep the transformed sources: ~40 MB resident beside a large text's peak (the bundled
 * thread ~5 MB). Packages stay imports (resolved from the repository's node_modules, where the
 * bundle is written), and each source's import.meta names the source file, as vite's build does.
 */
function bundledWorker(): Promise<URL | null> {
  sourceBundle ??= (async () => {
    const entry = workerUrl();
    if (!entry.pathname.endsWith('.ts')) return null;
    const entryFile = fileURLToPath(entry);
    const root = path.resolve(path.dirname(entryFile), '../../..');
    const esbuild = createRequire(tsxApiPath())('esbuild') as typeof import('esbuild');
    const sourceImportMeta: import('esbuild').Plugin = {
      name: 'source-import-meta',
      setup(build) {
        build.onLoad({ filter: /\.ts$/ }, async (args) => {
          const code = await fs.promises.readFile(args.path, 'utf8');
          if (args.path.includes(`${path.sep}node_modules${path.sep}`) || !/import\.meta\.(url|dirname|filename)/.test(code))
            return { contents: code, loader: 'ts' };
          const names = { url: pathToFileURL(args.path).href, dirname: path.dirname(args.path), filename: args.path } as const;
          return {
            contents: code.replace(/import\.meta\.(url|dirname|filename)\b/g, (_m, what: keyof typeof names) => JSON.stringify(names[what])),
            loader: 'ts',
          };
        });
      },
    };
    const out = await esbuild.build({
      entryPoints: [entryFile],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node.split('.')[0]}`,
      packages: 'external',
      write: false,
      logLevel: 'silent',
      plugins: [sourceImportMeta],
    });
    const dir = path.join(root, 'node_modules', '.cache', 'graphwright');
    await fs.promises.mkdir(dir, { recursive: true });
    // named by its content: processes of the same sources share one file (written whole, then renamed
    // into place); others older than a day are removed (a thread that finds its file gone runs
    // through tsx: acquire)
    const bytes = out.outputFiles[0].contents;
    const file = path.join(dir, `ingest-worker-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.mjs`);
    if (!fs.existsSync(file)) {
      const partial = `${file}.${process.pid}-${mainThreadId}.tmp`;
      await fs.promises.writeFile(partial, bytes);
      await fs.promises.rename(partial, file);
    }
    const now = Date.now();
    for (const name of await fs.promises.readdir(dir)) {
      const other = path.join(dir, name);
      if (other === file || !name.startsWith('ingest-worker-')) continue;
      const stat = await fs.promises.stat(other).catch(() => null);
      if (stat && now - stat.mtimeMs > 24 * 3600 * 1000) await fs.promises.rm(other, { force: true });
    }
    return pathToFileURL(file);
  })().catch(() => null);
  return sourceBundle;
}

interface Pending {
  resolve: (m: FromWorker) => void;
  reject: (e: Error) => void;
}

/** One worker thread and the request it serves (one at a time). */
class IngestThread {
  readonly worker: Worker;
  readonly ready: Promise<number>;
  private waiting: Pending | null = null;
  private embed: EmbedFn | undefined;
  private onChunking: (() => void) | undefined;
  private requestId = 0;
  dead: Error | null = null;

  /** A large file's thread (young generation capped), ended when its file is done. */
  readonly capped: boolean;

  /** What it runs (lastIngestThreadEntry). */
  readonly entry: 'built' | 'bundled' | 'tsx';

  constructor(capped = false, bundled?: URL | null) {
    this.capped = capped;
    this.entry = bundled ? 'bundled' : workerUrl().pathname.endsWith('.ts') ? 'tsx' : 'built';
    this.worker = spawn(capped, bundled);
    live.add(this);
    this.ready = new Promise<number>((resolve, reject) => {
      this.waiting = { resolve: (m) => (m.type === 'ready' ? resolve(m.threadId) : reject(new Error(`ingest worker: unexpected ${m.type}`))), reject };
    });
    this.ready.catch(() => undefined);
    this.worker.on('message', (m: FromWorker) => this.onMessage(m));
    this.worker.on('error', (err) => this.die(err));
    this.worker.on('exit', (code) => {
      live.delete(this);
      this.die(new Error(`the ingest worker stopped (exit code ${code})`));
    });
  }

  private onMessage(m: FromWorker): void {
    if (m.type === 'embed') {
      void this.answerEmbed(m.req, m.texts);
      return;
    }
    if (m.type === 'chunking') {
      this.onChunking?.();
      return;
    }
    const w = this.waiting;
    this.waiting = null;
    w?.resolve(m);
  }

  private async answerEmbed(req: number, texts: string[]): Promise<void> {
    const reply = (msg: ToWorker) => {
      if (!this.dead) this.worker.postMessage(msg);
    };
    try {
      if (!this.embed) throw new NoEmbedderError();
      reply({ type: 'embedded', req, vectors: await this.embed(texts) });
    } catch (err) {
      reply({ type: 'embedded', req, error: { name: (err as Error).name ?? 'Error', message: (err as Error).message ?? String(err) } });
    }
  }

  private die(err: Error): void {
    if (this.dead) return;
    const e = err as Error & { code?: string };
    this.dead = e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new IngestError('out of memory while parsing (the file is too large or malformed)') : err;
    const w = this.waiting;
    this.waiting = null;
    w?.reject(this.dead);
  }

  /** Send a message and wait for the worker's answer to it. */
  request(message: ToWorker): Promise<FromWorker> {
    if (this.dead) return Promise.reject(this.dead);
    return new Promise<FromWorker>((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.worker.postMessage(message);
    });
  }

  nextId(): number {
    return ++this.requestId;
  }

  /** A file is being prepared on it (from its request until it is given back). */
  busy = false;

  /** What the request being served needs from the core: embeddings, the chunking phase's notice. */
  serve(embed: EmbedFn | undefined, onChunking: (() => void) | undefined): void {
    this.embed = embed;
    this.onChunking = onChunking;
  }

  terminate(): void {
    this.die(new IngestError('cancelled'));
    void this.worker.terminate();
  }
}

/** Threads not yet exited. */
const live = new Set<IngestThread>();
/** The idle thread kept for the next file (at most one). */
let idle: IngestThread | null = null;
let started = 0;
let failedToStart: Error | null = null;

/** What the thread that took the last file runs (tests). */
let lastEntry: IngestThread['entry'] | undefined;

/** What the thread that took the last file runs: the app's built worker, the worker bundled from source in this process, or the source through tsx's hooks (tests). */
export function lastIngestThreadEntry(): 'built' | 'bundled' | 'tsx' | undefined {
  return lastEntry;
}

/** The resource limits of the thread that took the last file (tests: which kind of thread it was). */
let lastLimits: Worker['resourceLimits'] | undefined;

async function acquire(large: boolean): Promise<IngestThread> {
  // (a large file never takes the warm thread, nor leaves its own behind: giveBack ends it)
  if (idle?.dead) idle = null;
  if (large && idle) {
    // A large file ends the idle warm thread before its own starts: an idle thread still holds its
    // isolate, its modules and its heap (tens of MB), resident beside the large file's peak for
    // nothing. The next small file starts a warm thread again (a fraction of a second, against a
    // large file's tens of seconds).
    void idle.worker.terminate();
    idle = null;
  }
  const bundled = large ? await bundledWorker() : undefined;
  let t = !large && idle ? idle : new IngestThread(large, bundled);
  if (t === idle) idle = null;
  else started++;
  t.worker.ref();
  try {
    await t.ready;
  } catch (err) {
    void t.worker.terminate();
    if (!bundled) throw err;
    // the bundle did not start (a module it could not load): this process's large files go through tsx
    sourceBundle = Promise.resolve(null);
    t = new IngestThread(large);
    t.worker.ref();
    try {
      await t.ready;
    } catch (again) {
      void t.worker.terminate();
      throw again;
    }
  }
  lastLimits = t.worker.resourceLimits;
  lastEntry = t.entry;
  return t;
}

function giveBack(t: IngestThread): void {
  t.serve(undefined, undefined);
  t.busy = false;
  if (t.dead) return;
  if (t.capped || (idle && idle !== t)) {
    void t.worker.terminate();
    return;
  }
  idle = t;
  // An idle thread never keeps the process alive (the CLI exits when its job is done).
  t.worker.unref();
}

/** Stand another module in for the worker bundled from source (tests: a bundle that cannot start falls back to tsx). */
export function useSourceBundleForTests(url: URL | null): void {
  sourceBundle = Promise.resolve(url);
}

/** Threads started so far in this process (tests: the pool reuses its thread). */
export function ingestThreadsStarted(): number {
  return started;
}

/** The resource limits V8 applied to the thread that took the last file (tests: a large file's young generation is capped). */
export function lastIngestThreadLimits(): Worker['resourceLimits'] | undefined {
  return lastLimits;
}

/** Threads running now, busy or idle (tests: a cancel ends its thread). */
export function liveIngestThreads(): number {
  return live.size;
}

/** Threads preparing a file now (tests: a cancel from then on ends the thread rather than giving it back idle). */
export function busyIngestThreads(): number {
  return [...live].filter((t) => t.busy).length;
}

const rebuild = (e: WorkerError): Error => {
  if (e.name === 'IngestError') return new IngestError(e.message);
  const err = new Error(e.message);
  err.name = e.name;
  // (a SQLite code keeps a storage failure one: the job describes it and stops, resumable)
  if (e.code) (err as Error & { code?: string }).code = e.code;
  return err;
};

function inlineSource(file: string, options: IngestOptions): Promise<PreparedSource> {
  return prepareFile(file, options).then(({ docs, ...rest }) => {
    let next = 0;
    return {
      header: { ...rest, count: docs.length, threadId: mainThreadId },
      take: async (count: number) => docs.slice(next, (next += count)),
      release: () => undefined,
    };
  });
}

/**
 * Prepare a file off the core's thread. Rejects with the file's IngestError (without the file
 * name, as prepareFile does), or IngestError('cancelled') when `options.signal` aborts.
 */
export async function prepareSource(file: string, options: IngestOptions & { storeIn?: StoreInWorker } = {}): Promise<PreparedSource> {
  const { signal, embed, onChunking, storeIn, ...rest } = options;
  if (signal?.aborted) throw new IngestError('cancelled');
  if (inlineIngest() || failedToStart) return inlineSource(file, options);
  const bytes = await fs.promises.stat(file).then(
    (st) => st.size,
    () => 0, // (prepareFile names a missing or unreadable file)
  );
  let t: IngestThread;
  try {
    t = await acquire(bytes >= LARGE_FILE_THREAD.fromBytes);
  } catch (err) {
    // No worker here (a build without its bundle): parse on this thread rather than not at all.
    failedToStart = err as Error;
    process.stderr.write(`graphwright: the ingest worker could not start (${failedToStart.message}); parsing on the core's thread\n`);
    return inlineSource(file, options);
  }
  if (signal?.aborted) {
    giveBack(t);
    throw new IngestError('cancelled');
  }
  const onAbort = () => t.terminate();
  signal?.addEventListener('abort', onAbort, { once: true });
  const fail = (err: unknown): never => {
    signal?.removeEventListener('abort', onAbort);
    if (signal?.aborted) throw new IngestError('cancelled');
    throw err;
  };
  const id = t.nextId();
  t.serve(embed, onChunking);
  t.busy = true;
  let answer: FromWorker;
  try {
    answer = await t.request({
      type: 'prepare',
      id,
      file,
      options: { chunker: rest.chunker, chunkSize: rest.chunkSize, overlap: rest.overlap, skipBadRecords: rest.skipBadRecords, limits: rest.limits },
      semantic: embed !== undefined,
      // an in-memory database has no file a second connection could open
      ...(storeIn && !storeIn.db.memory && storeIn.db.name && storeIn.db.name !== ':memory:'
        ? { storeAt: { dbPath: storeIn.db.name, ...(storeIn.large ? { large: storeIn.large } : {}) } }
        : {}),
    });
  } catch (err) {
    return fail(err);
  }
  if (answer.type === 'failed') {
    signal?.removeEventListener('abort', onAbort);
    giveBack(t);
    throw rebuild(answer.error);
  }
  if (answer.type !== 'prepared') return fail(new Error(`ingest worker: unexpected ${answer.type}`));
  const header = answer.header;
  let taken = 0;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    signal?.removeEventListener('abort', onAbort);
    if (taken < header.count && !t.dead) t.worker.postMessage({ type: 'release', id } satisfies ToWorker);
    giveBack(t);
  };
  const storeInWorker = async (jobId?: number): Promise<StoreOutcome> => {
    if (released || taken) throw new Error('ingest worker: the file was already taken or released');
    taken = header.count;
    // the core's writes wait (off its event loop) while the worker's connection holds the lock
    const m = await holdForImport(storeIn!.db, () => t.request({ type: 'store', id, jobId }).catch(fail), { pauseJobs: false });
    if (m.type === 'failed') throw rebuild(m.error);
    if (m.type !== 'stored') throw new Error(`ingest worker: unexpected ${m.type}`);
    return m.outcome;
  };
  return {
    header,
    release,
    ...(header.storesItself && storeIn ? { storeInWorker } : {}),
    async take(count: number): Promise<NewDocument[]> {
      if (taken >= header.count || released) return [];
      let m: FromWorker;
      try {
        m = await t.request({ type: 'next', id, count });
      } catch (err) {
        released = true;
        return fail(err);
      }
      if (m.type === 'failed') throw rebuild(m.error);
      if (m.type !== 'docs') throw new Error(`ingest worker: unexpected ${m.type}`);
      taken += m.docs.length;
      if (m.last) taken = header.count;
      return m.docs;
    },
  };
}
