// Large-text benchmark (not a test): one ingest job of a generated 100 MB and 200 MB text through the
// core (worker thread, SQLite), each in a process of its own: the process's peak resident memory as a
// ratio to the file's size (peak RSS / bytes, and what the job added to the warmed-up process, also
// per byte), and the longest the core's event loop was held while the job ran, next to the longest
// hold while another thread of the same process only computed for 3 s just before (the noise of two
// threads on a shared machine, same run).
//   npm run bench -- large-text
//   GRAPHWRIGHT_BENCH_LARGE_MB=50,100 npm run bench -- large-text     (other sizes)
//   GRAPHWRIGHT_BENCH_INGEST_BASE=/tmp/old-tree npm run bench -- large-text
//                                    (also that tree's pipeline on the same files, alternating: before and after)
//   GRAPHWRIGHT_BENCH_LARGE_RUNS=3   (each tree run that many times on the same file, the trees' order
//                                    alternated run by run; a summary per size and tree: median and range)
//   GRAPHWRIGHT_BENCH_JSON=FILE      (the rows as JSON)
// Run it at a fixed priority on a shared machine (nice -n 10 npm run bench -- large-text): a peak moves
// by ±0.2x between single runs with the load and V8's collection timing, so a change of that size
// needs several alternated runs of both trees, read as medians.
// The texts are written to a temporary folder and removed at the end (never committed).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

export interface LargeTextRow {
  megabytes: number;
  code: string;
  /** Which run (1-based) of GRAPHWRIGHT_BENCH_LARGE_RUNS. */
  run: number;
  state: string;
  seconds: number;
  /** Peak RSS of the process / the file's bytes. */
  peakRatio: number;
  /** (Peak RSS - RSS of the process after a small ingest warmed it up) / the file's bytes. */
  addedRatio: number;
  peakMB: number;
  /** Longest the event loop did not come round (ms) while the job ran, and while another thread of the process only computed (the noise floor). */
  longestBlockMs: number;
  idleBlockMs: number;
  /** Of the longest block: the core's thread running (its own work) and waiting for a CPU (the machine's load), ms (Linux). */
  blockCpuMs: number;
  blockWaitMs: number;
  /** The longest the core's thread ran between two turns of its loop while the job ran (ms, Linux): its longest synchronous work. */
  longestHoldMs: number;
}

/** The longest time the event loop did not come round, and what its thread did meanwhile. */
interface Block {
  ms: number;
  /** Of it, the core's thread ran (on a CPU): its own synchronous work. */
  cpuMs: number;
  /** Of it, the thread was ready but waited for a CPU (the machine's load, not the core's work). */
  waitMs: number;
}

/**
 * The core's thread's time on a CPU and waiting for one so far (Linux: /proc's schedstat of the main
 * thread, whose id is the process's), in ns; null where there is none.
 */
function threadSchedule(): { cpuNs: number; waitNs: number } | null {
  try {
    const [cpu, wait] = fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ').map(Number);
    return Number.isFinite(cpu) && Number.isFinite(wait) ? { cpuNs: cpu, waitNs: wait } : null;
  } catch {
    return null;
  }
}

/** In the child: warm up, measure idle, ingest the file, print one JSON line. */
async function child(root: string, file: string, dir: string): Promise<void> {
  const { Core } = (await import(path.join(root, 'electron/core/core.ts'))) as typeof import('../electron/core/core');
  const core = new Core({ dbPath: path.join(dir, `bench-${process.pid}.db`), startJobs: false });
  const ingest = async (paths: string[]) => {
    const job = core.jobs.enqueue('ingest', { paths });
    core.jobs.start();
    return core.jobs.wait(job.id);
  };
  // the worker thread's start (its modules) is no part of the file's cost
  const small = path.join(dir, `warm-${process.pid}.txt`);
  fs.writeFileSync(small, 'A small text.\n\nIt starts the ingest thread.\n');
  await ingest([small]);
  const monitor = () => {
    const h = monitorEventLoopDelay({ resolution: 10 });
    let longest: Block = { ms: 0, cpuMs: 0, waitMs: 0 };
    let longestHold = 0;
    let last = performance.now();
    let lastSched = threadSchedule();
    const timer = setInterval(() => {
      const now = performance.now();
      const sched = threadSchedule();
      const ms = now - last - 10;
      // what the core's thread did meanwhile: ran (its own work holding the loop), or waited for a CPU
      const cpuMs = sched && lastSched ? (sched.cpuNs - lastSched.cpuNs) / 1e6 : 0;
      const waitMs = sched && lastSched ? (sched.waitNs - lastSched.waitNs) / 1e6 : 0;
      if (ms > longest.ms) longest = { ms, cpuMs, waitMs };
      longestHold = Math.max(longestHold, cpuMs);
      last = now;
      lastSched = sched;
    }, 10);
    h.enable();
    return async () => {
      // (a hold at the job's very end shows only once the loop runs again)
      await new Promise((r) => setTimeout(r, 300));
      clearInterval(timer);
      h.disable();
      return { ...longest, ms: Math.max(longest.ms, h.max / 1e6), longestHold };
    };
  };
  // the noise floor: the same process while one other thread of it computes for 3 s (as the ingest
  // worker does), on the same machine, now: how long the scheduler alone holds the event loop
  const idle = monitor();
  await new Promise<void>((resolve, reject) => {
    const spin = new Worker('const t = Date.now(); let x = 0; while (Date.now() - t < 3000) x += Math.sqrt(x + 1);', { eval: true });
    spin.once('exit', () => resolve());
    spin.once('error', reject);
  });
  const idleBlockMs = (await idle()).ms;
  const rss0 = process.memoryUsage().rss;
  const bytes = fs.statSync(file).size;
  const busy = monitor();
  const t0 = performance.now();
  const done = await ingest([file]);
  const seconds = (performance.now() - t0) / 1000;
  const block = await busy();
  const peak = process.resourceUsage().maxRSS * 1024;
  await core.close();
  process.stdout.write(
    `${JSON.stringify({ state: done.state === 'done' && (done.result as { imported?: unknown[] })?.imported?.length ? 'done' : `${done.state}: ${done.error ?? JSON.stringify(done.result)}`, seconds, peak, rss0, bytes, longestBlockMs: block.ms, blockCpuMs: block.cpuMs, blockWaitMs: block.waitMs, longestHoldMs: block.longestHold, idleBlockMs })}\n`,
  );
}

export async function benchLargeText(options: { log?: (line: string) => void } = {}): Promise<LargeTextRow[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const sizes = (process.env.GRAPHWRIGHT_BENCH_LARGE_MB ?? '100,200')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const here = path.resolve(import.meta.dirname, '..');
  const base = process.env.GRAPHWRIGHT_BENCH_INGEST_BASE;
  const runs = Math.max(1, Number(process.env.GRAPHWRIGHT_BENCH_LARGE_RUNS ?? 1) || 1);
  const codes = [{ name: 'this tree', root: here }, ...(base ? [{ name: base, root: path.resolve(base) }] : [])];
  // (imported here, in the parent only: the child measured must hold only the tree it measures; a
  // static import loaded this tree's store and pipeline into every child, the other tree's too)
  const { generateText } = await import('./ingest');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-large-'));
  const rows: LargeTextRow[] = [];
  try {
    for (const mb of sizes) {
      const file = path.join(dir, `generated-${mb}mb.txt`);
      generateText(file, mb);
      // (the trees' order alternated run by run: neither always runs first, on a cooler machine)
      const order = Array.from({ length: runs }, (_, i) => ({ run: i + 1, codes: i % 2 ? [...codes].reverse() : codes }));
      for (const { run, codes: ordered } of order)
        for (const c of ordered) {
          const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', c.root, file, dir], {
            encoding: 'utf8',
            maxBuffer: 16 * 1024 * 1024,
          });
          const line = r.stdout.trim().split('\n').at(-1) ?? '';
          if (r.status !== 0 || !line.startsWith('{')) {
            log(`${mb} MB (${c.name}): the child failed (exit ${r.status ?? r.signal}): ${r.stderr.slice(-2000)}`);
            continue;
          }
          const m = JSON.parse(line) as {
            state: string;
            seconds: number;
            peak: number;
            rss0: number;
            bytes: number;
            longestBlockMs: number;
            blockCpuMs: number;
            blockWaitMs: number;
            longestHoldMs: number;
            idleBlockMs: number;
          };
          rows.push({
            megabytes: mb,
            code: c.name,
            run,
            state: m.state,
            seconds: Number(m.seconds.toFixed(1)),
            peakRatio: Number((m.peak / m.bytes).toFixed(2)),
            addedRatio: Number(((m.peak - m.rss0) / m.bytes).toFixed(2)),
            peakMB: Math.round(m.peak / 1e6),
            longestBlockMs: Math.round(m.longestBlockMs),
            idleBlockMs: Math.round(m.idleBlockMs),
            blockCpuMs: Math.round(m.blockCpuMs),
            blockWaitMs: Math.round(m.blockWaitMs),
            longestHoldMs: Math.round(m.longestHoldMs),
          });
          for (const f of fs.readdirSync(dir)) if (f.startsWith('bench-')) fs.rmSync(path.join(dir, f), { force: true });
        }
      fs.rmSync(file, { force: true });
    }
    log('one ingest job per process; peak = the process peak RSS; added = peak - RSS after a small ingest warmed it up; both per byte of the file');
    log(
      "longest block = the longest the core's event loop did not come round; of it, cpu = its thread ran (its own work), wait = it waited for a CPU (load); hold = the longest its thread ran between two turns",
    );
    log(
      [
        'MB',
        'code',
        'run',
        'state',
        'seconds',
        'peak MB',
        'peak/file',
        'added/file',
        'longest block ms',
        '(cpu',
        'wait)',
        'longest hold ms',
        'noise floor ms',
      ].join('\t'),
    );
    for (const r of rows)
      log(
        [
          r.megabytes,
          r.code,
          r.run,
          r.state,
          r.seconds,
          r.peakMB,
          r.peakRatio,
          r.addedRatio,
          r.longestBlockMs,
          r.blockCpuMs,
          r.blockWaitMs,
          r.longestHoldMs,
          r.idleBlockMs,
        ].join('\t'),
      );
    if (runs > 1) {
      log('');
      log(`median (min-max) over ${runs} runs of each tree`);
      log(['MB', 'code', 'runs', 'peak/file', 'added/file', 'peak MB', 'longest hold ms', 'seconds'].join('\t'));
      const median = (xs: number[]) => {
        const s = [...xs].sort((a, b) => a - b);
        return s.length % 2 ? s[(s.length - 1) / 2] : Number(((s[s.length / 2 - 1] + s[s.length / 2]) / 2).toFixed(2));
      };
      const spread = (xs: number[]) => `${median(xs)} (${Math.min(...xs)}-${Math.max(...xs)})`;
      for (const mb of sizes)
        for (const c of codes) {
          const of = rows.filter((r) => r.megabytes === mb && r.code === c.name && r.state === 'done');
          if (!of.length) continue;
          log(
            [
              mb,
              c.name,
              of.length,
              spread(of.map((r) => r.peakRatio)),
              spread(of.map((r) => r.addedRatio)),
              spread(of.map((r) => r.peakMB)),
              spread(of.map((r) => r.longestHoldMs)),
              spread(of.map((r) => r.seconds)),
            ].join('\t'),
          );
        }
    }
    if (process.env.GRAPHWRIGHT_BENCH_JSON) fs.writeFileSync(process.env.GRAPHWRIGHT_BENCH_JSON, JSON.stringify({ largeText: rows }, null, 2));
    return rows;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export default benchLargeText;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--child');
  const run = at >= 0 ? child(process.argv[at + 1], process.argv[at + 2], process.argv[at + 3]) : benchLargeText().then(() => undefined);
  run.catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
