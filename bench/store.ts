// Store benchmark (not a test): bulk writes of a generated graph and graph imports, each against a
// baseline measured in the same run, so the figures mean something on a shared machine:
//   raw      plain better-sqlite3 inserts of (subject, relation, object) rows into an unindexed table
//   read     reading the import file and splitting it into lines, nothing else
//   npm run bench -- store                                   1 M triples (N), TSV and N-Triples of N lines, MetaQA kb
//   GRAPHWRIGHT_BENCH_EDGES=200000 npm run bench -- store    fewer
//   GRAPHWRIGHT_BENCH_JSON=FILE ...                          also write the figures as JSON
// `ratio` is seconds / baseline seconds (lower is better); wall-clock and CPU seconds of this process are both given.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Store } from '../electron/core/store';
import { BulkGraphWriter } from '../electron/core/store/bulk';
import { importGraph } from '../electron/core/import';
import { Core } from '../electron/core/core';

const N = Number(process.env.GRAPHWRIGHT_BENCH_EDGES ?? 1_000_000);
/** The row-by-row (indexed as written) writer is slow: it runs on a tenth of N, compared per row. */
const ROW_BY_ROW = Math.max(1000, Math.floor(N / 10));
const METAQA = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data', 'metaqa', 'kb_subset.txt');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-store-'));

interface Timing {
  seconds: number;
  cpuSeconds: number;
}

function time(fn: () => void): Timing {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  fn();
  const c = process.cpuUsage(c0);
  return { seconds: (performance.now() - t0) / 1000, cpuSeconds: (c.user + c.system) / 1e6 };
}

async function timeAsync(fn: () => Promise<unknown>): Promise<Timing> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const c = process.cpuUsage(c0);
  return { seconds: (performance.now() - t0) / 1000, cpuSeconds: (c.user + c.system) / 1e6 };
}

let dbNo = 0;
const freshDb = () => path.join(tmp, `b${++dbNo}.db`);

/** The deterministic triples of the generated graph: `rows` triples over rows/4 entities, 40 relations. */
function* triples(rows: number): Generator<[number, string, number]> {
  const nodes = Math.max(2, Math.floor(rows / 4));
  let made = 0;
  for (let k = 1; made < rows; k++)
    for (let i = 0; i < nodes && made < rows; i++) {
      const o = (i * 7 + k * 13) % nodes;
      if (o === i) continue;
      made++;
      yield [i, `relation ${(i + k) % 40}`, o];
    }
}

function rawInsert(rows: number): Timing {
  const db = new Database(freshDb());
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, s INTEGER, r TEXT, o INTEGER)');
  const ins = db.prepare('INSERT INTO t (s, r, o) VALUES (?, ?, ?)');
  const t = time(() =>
    db.transaction(() => {
      for (const [s, r, o] of triples(rows)) ins.run(s, r, o);
    })(),
  );
  db.close();
  return t;
}

function writeGraph(store: Store, bulk: BulkGraphWriter, rows: number): void {
  const nodes = Math.max(2, Math.floor(rows / 4));
  const ids: number[] = [];
  for (let i = 0; i < nodes; i++) ids.push(bulk.node({ kind: 'entity', label: `Node ${i}` }).id);
  for (const [s, relation, o] of triples(rows))
    bulk.edge({ subjectId: ids[s], relation, objectId: ids[o], stage: 'EE', status: 'accepted', confidence: 0.5, engine: 'classic' });
  bulk.finish();
}

function bulkLoad(rows: number): Timing {
  const store = Store.open(freshDb());
  const t = time(() => BulkGraphWriter.load(store.db, (bulk) => writeGraph(store, bulk, rows)));
  store.close();
  return t;
}

function rowByRow(rows: number): Timing {
  const store = Store.open(freshDb());
  const t = time(() => store.transaction(() => writeGraph(store, new BulkGraphWriter(store.db), rows)));
  store.close();
  return t;
}

function readLines(file: string): Timing {
  return time(() => {
    let n = 0;
    const text = fs.readFileSync(file, 'utf8');
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
    if (n < 0) throw new Error('unreachable');
  });
}

function writeTsv(file: string, rows: number): void {
  const out: string[] = [];
  for (const [s, r, o] of triples(rows)) out.push(`Entity ${s}|${r}|Entity ${o}\n`);
  fs.writeFileSync(file, out.join(''));
}

function writeNt(file: string, rows: number): void {
  const out: string[] = [];
  const iri = (x: string) => `<http://example.org/${x.replace(/ /g, '_')}>`;
  for (const [s, r, o] of triples(rows)) out.push(`${iri(`e${s}`)} ${iri(r)} ${iri(`e${o}`)} .\n`);
  fs.writeFileSync(file, out.join(''));
}

async function importFile(format: 'tsv' | 'nt', file: string): Promise<{ t: Timing; edges: number }> {
  const store = Store.open(freshDb());
  let edges = 0;
  const t = await timeAsync(async () => {
    edges = (await importGraph(store.db, format, file)).edges.created;
  });
  store.close();
  return { t, edges };
}

interface Row {
  what: string;
  rows: number;
  seconds: number;
  cpuSeconds: number;
  baseline: string;
  baselineSeconds: number;
  ratio: number;
  maxEventLoopGapMs?: number;
  progressEvents?: number;
}

const rows: Row[] = [];
function add(what: string, n: number, t: Timing, baseline: string, b: Timing, scale = 1): void {
  const row = {
    what,
    rows: n,
    seconds: +t.seconds.toFixed(3),
    cpuSeconds: +t.cpuSeconds.toFixed(3),
    baseline,
    baselineSeconds: +(b.seconds * scale).toFixed(3),
    ratio: +(t.seconds / (b.seconds * scale)).toFixed(2),
  };
  rows.push(row);
  console.log(
    `${what.padEnd(34)} ${String(n).padStart(8)} ${row.seconds.toFixed(2).padStart(8)} s ${row.cpuSeconds.toFixed(2).padStart(8)} s  ${Math.round(n / t.seconds)
      .toLocaleString('en')
      .padStart(9)}/s   x${row.ratio.toFixed(2).padStart(6)} ${baseline} (${row.baselineSeconds.toFixed(2)} s)`,
  );
}

async function main(): Promise<void> {
  console.log(`store bench, N = ${N.toLocaleString('en')} (${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)})`);
  console.log(`${'what'.padEnd(34)} ${'rows'.padStart(8)} ${'wall'.padStart(10)} ${'cpu'.padStart(10)} ${'rate'.padStart(11)}   ratio to the baseline`);
  const raw = rawInsert(N);
  add('raw better-sqlite3 inserts', N, raw, 'itself', raw);
  add('bulk writer, load (1 transaction)', N, bulkLoad(N), 'raw', raw);
  const rawSmall = rawInsert(ROW_BY_ROW);
  add('bulk writer, row by row indexed', ROW_BY_ROW, rowByRow(ROW_BY_ROW), 'raw, same rows', rawSmall);

  const tsv = path.join(tmp, 'kb.tsv');
  writeTsv(tsv, N);
  const tsvRead = readLines(tsv);
  const ti = await importFile('tsv', tsv);
  add('import TSV', ti.edges, ti.t, 'raw', raw);
  add('import TSV', ti.edges, ti.t, 'read', tsvRead);
  // the same file through the core's graph.import (a worker thread): how long its event loop was held
  const core = new Core({ dbPath: freshDb(), startJobs: false });
  let progress = 0;
  const off = core.bus.on('graph.import.progress', () => progress++);
  let last = performance.now();
  let maxGap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
  }, 10);
  const t0 = performance.now();
  const r = await core.call('graph.import', { format: 'tsv', path: tsv });
  const coreSeconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  off();
  await core.close();
  if (!r.ok) throw new Error(`graph.import: ${r.error.message}`);
  console.log(
    `${'graph.import TSV (worker thread)'.padEnd(34)} ${String(N).padStart(8)} ${coreSeconds.toFixed(2).padStart(8)} s   event loop held at most ${Math.round(maxGap)} ms, ${progress} progress events (x${(coreSeconds / ti.t.seconds).toFixed(2)} the inline import)`,
  );
  rows.push({
    what: 'graph.import TSV (worker thread)',
    rows: N,
    seconds: +coreSeconds.toFixed(3),
    cpuSeconds: NaN,
    baseline: 'import TSV inline',
    baselineSeconds: +ti.t.seconds.toFixed(3),
    ratio: +(coreSeconds / ti.t.seconds).toFixed(2),
    maxEventLoopGapMs: Math.round(maxGap),
    progressEvents: progress,
  } as Row);
  fs.rmSync(tsv);

  const nt = path.join(tmp, 'kb.nt');
  writeNt(nt, N);
  const ntRead = readLines(nt);
  const ni = await importFile('nt', nt);
  add('import N-Triples', ni.edges, ni.t, 'raw', raw);
  add('import N-Triples', ni.edges, ni.t, 'read', ntRead);
  fs.rmSync(nt);

  if (fs.existsSync(METAQA)) {
    const mi = await importFile('tsv', METAQA);
    const lines = fs
      .readFileSync(METAQA, 'utf8')
      .split('\n')
      .filter((l) => l.trim()).length;
    const rawKb = rawInsert(lines);
    add('import MetaQA kb_subset', mi.edges, mi.t, 'raw, same rows', rawKb);
  } else console.log(`(no ${METAQA}: MetaQA import skipped)`);

  const out = process.env.GRAPHWRIGHT_BENCH_JSON;
  if (out) fs.writeFileSync(out, JSON.stringify({ n: N, cores: os.cpus().length, load: os.loadavg()[0], rows }, null, 2));
}

try {
  await main();
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
