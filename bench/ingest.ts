// Ingest benchmark (not a test): throughput of read + detect + repair + chunk (prepareFile) in MB/s
// of text over the 7 dev RFCs and a generated text (100 MB by default, BENCH_INGEST_MB to change),
// the seconds of one pass, chunks/s written to SQLite with FTS5 (storePrepared), and each next to
// simply reading the same files in the same run (x N read: ingest takes N times as long).
//   npm run bench -- ingest          (through bench/run.ts)
//   npx tsx bench/ingest.ts          (alone)
//   GRAPHWRIGHT_BENCH_INGEST_BASE=/tmp/old-tree npm run bench -- ingest
//                                    (also runs that tree's pipeline on the same files, alternating
//                                     with this one: before and after from the same run)
//   GRAPHWRIGHT_BENCH_JSON=FILE      (the rows as JSON)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Store } from '../electron/core/store';
import * as pipeline from '../electron/core/ingest/pipeline';
import type { PreparedFile } from '../electron/core/ingest/pipeline';
import { mulberry32 } from '../electron/core/learn/random';

const RFC_DIR = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data', 'rfc-radius-eap');

type Pipeline = Pick<typeof pipeline, 'prepareFile' | 'storePrepared'> & { Store: typeof Store };

export interface IngestBenchResult {
  corpus: string;
  /** Whose pipeline: 'this tree', or the base tree's path. */
  code: string;
  files: number;
  megabytes: number;
  readMBps: number;
  ingestMBps: number;
  /** Ingest MB per CPU second of this process (steadier than wall time on a busy machine). */
  ingestCpuMBps: number;
  /** ingest throughput / plain read throughput */
  ratioToRead: number;
  /** Seconds of one pass over the corpus: prepare alone, and read alone in the same run. */
  prepareSeconds: number;
  readSeconds: number;
  /** prepareSeconds / readSeconds (the inverse of ratioToRead). */
  timesRead: number;
  chunks: number;
  storeChunksPerSec: number;
  /** Seconds to store one pass's documents (one transaction per file), into a new database. */
  storeSeconds: number;
  totalSeconds: number;
}

const mb = (bytes: number) => bytes / 1e6;
const now = () => performance.now() / 1000;

/** Write a deterministic RFC-like text: wrapped lines, paragraphs, headings, page headers and footers, hyphenation. */
export function generateText(file: string, megabytes: number): void {
  const words = (
    'the peer authenticator server key session method protocol network access request response message attribute ' +
    'value length type identifier security association keying material derivation lower layer exchange credential ' +
    'confidentiality integrity replay protection binding channel transport encryption algorithm negotiation state ' +
    'is are must should may be of to and for with in on by from that which this as an a each when if not'
  ).split(' ');
  const rand = mulberry32(42);
  const fd = fs.openSync(file, 'w');
  let written = 0;
  let page = 1;
  let lineOnPage = 0;
  let section = 1;
  const buf: string[] = [];
  const flush = () => {
    const s = buf.join('');
    fs.writeSync(fd, s);
    written += Buffer.byteLength(s);
    buf.length = 0;
  };
  const emit = (line: string) => {
    if (lineOnPage === 0) buf.push('RFC 9999              Generated Benchmark Text              December 2026\n\n');
    buf.push(`${line}\n`);
    if (++lineOnPage >= 52) {
      buf.push(`\nBench, et al.               Informational                    [Page ${page}]\n\f`);
      page++;
      lineOnPage = 0;
    }
  };
  const target = megabytes * 1e6;
  while (written < target) {
    if (rand() < 0.05) {
      emit('');
      const title = [words[Math.floor(rand() * 40)], words[Math.floor(rand() * 40)]].map((w) => w[0].toUpperCase() + w.slice(1));
      emit(`${section}.  ${title.join(' ')} Considerations`);
      section++;
    }
    emit('');
    const sentences = 3 + Math.floor(rand() * 6);
    let para = '';
    for (let s = 0; s < sentences; s++) {
      const n = 8 + Math.floor(rand() * 14);
      const ws = Array.from({ length: n }, () => words[Math.floor(rand() * words.length)]);
      ws[0] = ws[0][0].toUpperCase() + ws[0].slice(1);
      para += `${ws.join(' ')}. `;
    }
    // Wrap at 72 columns with a 3-space indent; hyphenate some long words at line ends.
    let line = '  ';
    for (const w of para.trim().split(' ')) {
      if (line.length + w.length + 1 > 72) {
        if (w.length > 8 && rand() < 0.3) {
          const cut = 4 + Math.floor(rand() * (w.length - 6));
          emit(`${line} ${w.slice(0, cut)}-`);
          line = `   ${w.slice(cut)}`;
          continue;
        }
        emit(line);
        line = '  ';
      }
      line += ` ${w}`;
    }
    emit(line);
    if (buf.length > 20_000) flush();
  }
  flush();
  fs.closeSync(fd);
}

function timeRead(files: string[]): { seconds: number; bytes: number } {
  const t = now();
  let bytes = 0;
  for (const f of files) bytes += fs.readFileSync(f).length;
  return { seconds: now() - t, bytes };
}

async function benchCorpus(name: string, files: string[], dir: string, rounds: number, code: Pipeline, codeName: string): Promise<IngestBenchResult> {
  const start = now();
  let read = { seconds: 0, bytes: 0 };
  for (let r = 0; r < rounds; r++) {
    const x = timeRead(files);
    read = { seconds: read.seconds + x.seconds, bytes: read.bytes + x.bytes };
  }
  let prepared: PreparedFile[] = [];
  const cpu0 = process.cpuUsage();
  const t0 = now();
  for (let r = 0; r < rounds; r++) {
    prepared = [];
    for (const f of files) prepared.push(await code.prepareFile(f));
  }
  const ingestSeconds = now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const ingestCpuSeconds = (cpu.user + cpu.system) / 1e6;
  const textBytes = prepared.reduce((n, p) => n + p.bytes, 0) * rounds;
  const dbFile = path.join(dir, `${name}-${Math.random().toString(36).slice(2)}.db`);
  const store = code.Store.open(dbFile);
  let chunks = 0;
  const t1 = now();
  for (const p of prepared) {
    code.storePrepared(store, p);
    chunks += p.docs.reduce((n, d) => n + d.chunks.length, 0);
  }
  const storeSeconds = now() - t1;
  store.close();
  fs.rmSync(dbFile, { force: true });
  const readMBps = mb(read.bytes) / Math.max(read.seconds, 1e-9);
  const ingestMBps = mb(textBytes) / Math.max(ingestSeconds, 1e-9);
  return {
    corpus: name,
    code: codeName,
    files: files.length,
    megabytes: Number(mb(textBytes / rounds).toFixed(2)),
    readMBps: Number(readMBps.toFixed(1)),
    ingestMBps: Number(ingestMBps.toFixed(2)),
    ingestCpuMBps: Number((mb(textBytes) / Math.max(ingestCpuSeconds, 1e-9)).toFixed(2)),
    ratioToRead: Number((ingestMBps / readMBps).toFixed(5)),
    prepareSeconds: Number((ingestSeconds / rounds).toFixed(3)),
    readSeconds: Number((read.seconds / rounds).toFixed(4)),
    timesRead: Number((ingestSeconds / Math.max(read.seconds, 1e-9)).toFixed(1)),
    chunks,
    storeChunksPerSec: Math.round(chunks / Math.max(storeSeconds, 1e-9)),
    storeSeconds: Number(storeSeconds.toFixed(3)),
    totalSeconds: Number((now() - start).toFixed(1)),
  };
}

/** Run the benchmark; prints a table and returns the rows. */
export async function benchIngest(options: { megabytes?: number; log?: (line: string) => void } = {}): Promise<IngestBenchResult[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const megabytes = options.megabytes ?? Number(process.env.BENCH_INGEST_MB ?? 100);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-ingest-'));
  try {
    const base = process.env.GRAPHWRIGHT_BENCH_INGEST_BASE;
    const codes: { name: string; code: Pipeline }[] = [{ name: 'this tree', code: { ...pipeline, Store } }];
    if (base) {
      // The base tree's pipeline stores through the base tree's Store (its own documents.ts).
      const basePipeline = (await import(path.resolve(base, 'electron/core/ingest/pipeline.ts'))) as typeof pipeline;
      const baseStore = (await import(path.resolve(base, 'electron/core/store/index.ts'))) as { Store: typeof Store };
      codes.push({ name: base, code: { prepareFile: basePipeline.prepareFile, storePrepared: basePipeline.storePrepared, Store: baseStore.Store } });
    }
    const results: IngestBenchResult[] = [];
    // Each corpus by each pipeline, alternating (this tree, the base, this tree, ...), so a change of
    // load on the machine falls on both; the rows of one corpus share their read baseline's run.
    const passes = base ? 2 : 1;
    if (fs.existsSync(RFC_DIR)) {
      const rfcs = fs
        .readdirSync(RFC_DIR)
        .filter((f) => f.endsWith('.txt'))
        .map((f) => path.join(RFC_DIR, f));
      for (const c of codes) await c.code.prepareFile(rfcs[0]); // warm up: lexicon, modules
      for (let pass = 0; pass < passes; pass++) for (const c of codes) results.push(await benchCorpus('rfc-radius-eap', rfcs, dir, 3, c.code, c.name));
    } else log(`(skipped: ${RFC_DIR} not found)`);
    const big = path.join(dir, `generated-${megabytes}mb.txt`);
    generateText(big, megabytes);
    for (let pass = 0; pass < passes; pass++)
      for (const c of codes) results.push(await benchCorpus(`generated ${megabytes} MB`, [big], dir, 1, c.code, c.name));
    log('ingest = prepareFile (read + detect + repair + language + structure + chunk); store = storePrepared (SQLite + FTS5)');
    log(['corpus', 'code', 'files', 'MB', 'read MB/s', 'ingest MB/s', 'ingest MB/cpu-s', 'ingest/read', 'chunks', 'store chunks/s', 'seconds'].join('\t'));
    for (const r of results) {
      log(
        [r.corpus, r.code, r.files, r.megabytes, r.readMBps, r.ingestMBps, r.ingestCpuMBps, r.ratioToRead, r.chunks, r.storeChunksPerSec, r.totalSeconds].join(
          '\t',
        ),
      );
    }
    log('');
    for (const r of results) {
      log(
        `${r.corpus} (${r.code}): one pass ${r.prepareSeconds.toFixed(3)} s to prepare, ${r.ingestMBps.toFixed(1)} MB/s, x${r.timesRead} read (${r.readSeconds.toFixed(4)} s, same run); ` +
          `store ${r.storeSeconds.toFixed(3)} s, ${r.storeChunksPerSec.toLocaleString('en')} chunks/s; prepare + store ${(r.prepareSeconds + r.storeSeconds).toFixed(3)} s`,
      );
    }
    if (process.env.GRAPHWRIGHT_BENCH_JSON) fs.writeFileSync(process.env.GRAPHWRIGHT_BENCH_JSON, JSON.stringify({ ingest: results }, null, 2));
    return results;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export default benchIngest;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchIngest().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
