// Classic extraction, the whole job against the extractor alone, in CPU seconds (process.cpuUsage:
// on shared cores wall seconds swing, CPU seconds less), on the kit's dev RFCs. Each process runs
// the extractor over every chunk, then the job on a fresh database, ROUNDS times: round 1 is what
// `bench extract` measures (both cold, the job's own code compiled as it goes), the last round the
// steady state of a process that has extracted before. Not a test.
//
// In that order the job of round 1 also pays for V8's optimizing compiler finishing the extractor's
// own largest functions (the classic passes, `readClause`, `repairTags`: hot only after most of a pass), so
// GRAPHWRIGHT_BENCH_SEPARATE=1 measures each side alone in a fresh process instead: one process runs
// the extractor pass, another the job, on the same chunks, each until its threads are idle again
// (the compiles it started included); the ratio is of each such pair.
//   npx tsx bench/extract-cpu.ts
//   GRAPHWRIGHT_BENCH_EXTRACT_BASE=/tmp/old GRAPHWRIGHT_BENCH_PROCESSES=5 npx tsx bench/extract-cpu.ts   # and another tree, alternating
// GRAPHWRIGHT_BENCH_ROUNDS (default 3), GRAPHWRIGHT_BENCH_JSON=FILE writes the figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { threadCpuMs } from '../electron/core/extract/batches';

const HERE = path.resolve(import.meta.dirname, '..');
const RFC_DIR = path.resolve(HERE, '..', 'shared', 'data', 'rfc-radius-eap');
const ROUNDS = Number(process.env.GRAPHWRIGHT_BENCH_ROUNDS) || 3;

interface Round {
  extractor: number;
  job: number;
  ratio: number;
  /** The same on the main thread alone (Linux): what the job's caller waits on, without V8's compiler threads, whose share swings most with the load. */
  main?: { extractor: number; job: number; ratio: number };
}
interface Run {
  root: string;
  mode?: 'extractor' | 'job';
  rounds: Round[];
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const r3 = (x: number) => Math.round(x * 1000) / 1000;
/** CPU seconds of the calling thread, or NaN where only the process's can be read. */
const mainCpu = () => threadCpuMs(false) / 1000;
/** Min, median and max of a list of ratios, or undefined when there are none. */
const spread = (xs: number[]) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return s.length ? { min: s[0], median: s[Math.floor(s.length / 2)], max: s[s.length - 1] } : undefined;
};
const fmt = (s: { min: number; median: number; max: number }) => `x${s.min.toFixed(2)}–${s.max.toFixed(2)} (median ${s.median.toFixed(2)})`;
const mainOf = (extractor: number, job: number) =>
  Number.isNaN(extractor) ? undefined : { extractor: r3(extractor), job: r3(job), ratio: r3(job / extractor) };

/** Wait until this process's threads are idle (100 ms with under 3 ms of CPU): the compiles a phase started, done. */
async function settle(): Promise<void> {
  for (let last = cpu(); ;) {
    await new Promise((r) => setTimeout(r, 100));
    const now = cpu();
    if (now - last < 0.003) return;
    last = now;
  }
}

/** One process: the extractor and the job ROUNDS times, with the code of the tree at `root`; or one side once (`only`). */
async function child(root: string, only?: 'extractor' | 'job'): Promise<Run> {
  const { Core } = await import(path.join(root, 'electron/core/core'));
  const { prepareFile, storePrepared } = await import(path.join(root, 'electron/core/ingest/pipeline'));
  const { classicExtract } = await import(path.join(root, 'electron/core/extract/classic'));
  const { DocumentResolver } = await import(path.join(root, 'electron/core/extract/resolve'));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-xcpu-'));
  const files = fs
    .readdirSync(RFC_DIR)
    .filter((f) => f.endsWith('.txt'))
    .sort();
  const prepared: unknown[] = [];
  for (const f of files) prepared.push(await prepareFile(path.join(RFC_DIR, f)));
  let n = 0;
  const fresh = () => {
    const core = new Core({ dbPath: path.join(tmp, `x${n++}.db`), startJobs: false });
    const docs: number[] = [];
    for (const p of prepared) {
      const out = storePrepared(core.store, p);
      if (out.status === 'imported') docs.push(...out.ids);
    }
    return { core, docs };
  };
  const first = fresh();
  const chunks = first.core.store.extraction.chunksFor(first.docs);
  const texts = new Map(first.docs.map((id) => [id, first.core.store.documents.text(id)!]));
  const acronyms = new Map(first.docs.map((id) => [id, new DocumentResolver(texts.get(id)!).acronyms]));
  // the document structure too, as the job gives it
  const structures = new Map(first.docs.map((id) => [id, first.core.store.documents.structure(id) ?? undefined]));
  const rounds: Run['rounds'] = [];
  try {
    if (only) {
      await settle();
      const t = cpu();
      const tm = mainCpu();
      if (only === 'extractor')
        for (const c of chunks) classicExtract(texts.get(c.documentId)!, c, { acronyms: acronyms.get(c.documentId)!, structure: structures.get(c.documentId) });
      else {
        const job = first.core.jobs.enqueue('extract', { documents: first.docs, engine: 'classic' });
        first.core.jobs.start();
        const done = await first.core.jobs.wait(job.id);
        if (done.state !== 'done') throw new Error(`classic job ${done.state}: ${done.error}`);
      }
      await settle();
      const seconds = r3(cpu() - t);
      const main = mainCpu() - tm;
      rounds.push({
        extractor: only === 'extractor' ? seconds : 0,
        job: only === 'job' ? seconds : 0,
        ratio: 0,
        main: mainOf(only === 'extractor' ? main : 0, only === 'job' ? main : 0),
      });
      return { root, mode: only, rounds };
    }
    for (let r = 0; r < ROUNDS; r++) {
      let t = cpu();
      let tm = mainCpu();
      for (const c of chunks) classicExtract(texts.get(c.documentId)!, c, { acronyms: acronyms.get(c.documentId)!, structure: structures.get(c.documentId) });
      const extractor = cpu() - t;
      const extractorMain = mainCpu() - tm;
      const f = r === 0 ? first : fresh();
      t = cpu();
      tm = mainCpu();
      const job = f.core.jobs.enqueue('extract', { documents: f.docs, engine: 'classic' });
      f.core.jobs.start();
      const done = await f.core.jobs.wait(job.id);
      if (done.state !== 'done') throw new Error(`classic job ${done.state}: ${done.error}`);
      const jobSeconds = cpu() - t;
      rounds.push({ extractor: r3(extractor), job: r3(jobSeconds), ratio: r3(jobSeconds / extractor), main: mainOf(extractorMain, mainCpu() - tm) });
      if (f !== first) await f.core.close();
    }
  } finally {
    await first.core.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return { root, rounds };
}

async function main() {
  if (process.env.GRAPHWRIGHT_BENCH_XCPU_CHILD) {
    const only = process.env.GRAPHWRIGHT_BENCH_XCPU_ONLY as 'extractor' | 'job' | undefined;
    process.stdout.write(JSON.stringify(await child(process.env.GRAPHWRIGHT_BENCH_XCPU_CHILD, only || undefined)));
    return;
  }
  if (process.env.GRAPHWRIGHT_BENCH_SEPARATE === '1') return separate();
  const base = process.env.GRAPHWRIGHT_BENCH_EXTRACT_BASE;
  const trees = base ? [HERE, path.resolve(base)] : [HERE];
  const processes = Number(process.env.GRAPHWRIGHT_BENCH_PROCESSES) || 1;
  const runs: Run[] = [];
  for (let p = 0; p < processes; p++)
    for (const root of trees) {
      const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(HERE, 'bench', 'extract-cpu.ts')], {
        cwd: HERE,
        env: { ...process.env, GRAPHWRIGHT_BENCH_XCPU_CHILD: root },
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      });
      const run = JSON.parse(out) as Run;
      runs.push(run);
      console.log(
        `${root === HERE ? 'this tree' : 'base     '}  ${run.rounds.map((r, i) => `round ${i + 1}: extractor ${r.extractor.toFixed(2)} s, job ${r.job.toFixed(2)} s, x${r.ratio.toFixed(2)}${r.main ? ` (main thread x${r.main.ratio.toFixed(2)})` : ''}`).join(';  ')}`,
      );
    }
  const summary = trees.map((root) => {
    const mine = runs.filter((r) => r.root === root);
    return {
      root,
      perRound: Array.from({ length: ROUNDS }, (_, i) => ({
        round: i + 1,
        ...spread(mine.map((r) => r.rounds[i].ratio))!,
        main: spread(mine.map((r) => r.rounds[i].main?.ratio ?? NaN)),
      })),
    };
  });
  for (const s of summary) {
    const who = s.root === HERE ? 'this tree' : 'base     ';
    console.log(`${who}  job / extractor (CPU): ${s.perRound.map((r) => `round ${r.round} ${fmt(r)}`).join(', ')}`);
    if (s.perRound.every((r) => r.main))
      console.log(`${who}  the same, main thread only: ${s.perRound.map((r) => `round ${r.round} ${fmt(r.main!)}`).join(', ')}`);
  }
  if (process.env.GRAPHWRIGHT_BENCH_JSON) fs.writeFileSync(process.env.GRAPHWRIGHT_BENCH_JSON, JSON.stringify({ rounds: ROUNDS, runs, summary }, null, 2));
}

/** Each side alone in a fresh process, pairs alternating between the trees. */
async function separate(): Promise<void> {
  const base = process.env.GRAPHWRIGHT_BENCH_EXTRACT_BASE;
  const trees = base ? [HERE, path.resolve(base)] : [HERE];
  const processes = Number(process.env.GRAPHWRIGHT_BENCH_PROCESSES) || 1;
  const one = (root: string, only: 'extractor' | 'job') =>
    (
      JSON.parse(
        execFileSync(process.execPath, ['--import', 'tsx', path.join(HERE, 'bench', 'extract-cpu.ts')], {
          cwd: HERE,
          env: { ...process.env, GRAPHWRIGHT_BENCH_XCPU_CHILD: root, GRAPHWRIGHT_BENCH_XCPU_ONLY: only },
          encoding: 'utf8',
          maxBuffer: 1 << 20,
        }),
      ) as Run
    ).rounds[0];
  const pairs: { root: string; extractor: number; job: number; ratio: number; main?: Round['main'] }[] = [];
  for (let p = 0; p < processes; p++)
    for (const root of trees) {
      // which side goes first alternates too, so neither always runs on the busier minute
      const [a, b] = p % 2 ? (['job', 'extractor'] as const) : (['extractor', 'job'] as const);
      const ra = one(root, a);
      const rb = one(root, b);
      const extractor = a === 'extractor' ? ra.extractor : rb.extractor;
      const job = a === 'job' ? ra.job : rb.job;
      const [re, rj] = a === 'extractor' ? [ra, rb] : [rb, ra];
      const main = re.main && rj.main ? mainOf(re.main.extractor, rj.main.job) : undefined;
      pairs.push({ root, extractor, job, ratio: r3(job / extractor), main });
      console.log(
        `${root === HERE ? 'this tree' : 'base     '}  extractor alone ${extractor.toFixed(2)} s, job alone ${job.toFixed(2)} s, x${(job / extractor).toFixed(2)}${main ? ` (main thread x${main.ratio.toFixed(2)})` : ''}`,
      );
    }
  const summary = trees.map((root) => {
    const mine = pairs.filter((x) => x.root === root);
    return { root, ...spread(mine.map((x) => x.ratio))!, main: spread(mine.map((x) => x.main?.ratio ?? NaN)) };
  });
  for (const s of summary) {
    const who = s.root === HERE ? 'this tree' : 'base     ';
    console.log(`${who}  job / extractor, each alone in a fresh process (CPU, settled): ${fmt(s)}`);
    if (s.main) console.log(`${who}  the same, main thread only: ${fmt(s.main)}`);
  }
  if (process.env.GRAPHWRIGHT_BENCH_JSON) fs.writeFileSync(process.env.GRAPHWRIGHT_BENCH_JSON, JSON.stringify({ separate: true, pairs, summary }, null, 2));
}

await main();
