// npm run bench [-- NAME ...] [-- --json[=FILE]]: run every bench/*.ts except this one (or only the
// named ones), one process each, in turn. Each bench prints its own report, its figures against a
// baseline measured in the same run; the exit code is non-zero if any failed.
// --json (default file bench-results.json) also writes every bench's figures (what it writes to
// GRAPHWRIGHT_BENCH_JSON), its exit code and seconds, and the machine, to one file.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = import.meta.dirname;
const all = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .map((f) => f.slice(0, -3))
  .sort();
const args = process.argv.slice(2);
const jsonArg = args.find((a) => a === '--json' || a.startsWith('--json='));
const jsonFile = jsonArg ? path.resolve(jsonArg.includes('=') ? jsonArg.slice('--json='.length) : 'bench-results.json') : null;
const wanted = args.filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !all.includes(w));
if (unknown.length) {
  console.error(`bench: unknown ${unknown.join(', ')}; available: ${all.join(', ')}`);
  process.exit(2);
}
const tmp = jsonFile ? fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-json-')) : null;
const results: Record<string, { exitCode: number | null; seconds: number; figures: unknown }> = {};
let failed = 0;
for (const name of wanted.length ? wanted : all) {
  console.log(`\n== bench ${name}`);
  const out = tmp ? path.join(tmp, `${name}.json`) : null;
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, `${name}.ts`)], {
    stdio: 'inherit',
    env: out ? { ...process.env, GRAPHWRIGHT_BENCH_JSON: out } : process.env,
  });
  if (r.status !== 0) {
    failed++;
    console.error(`bench ${name} failed (exit ${r.status ?? r.signal})`);
  }
  if (out) {
    let figures: unknown = null;
    try {
      figures = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : null;
    } catch (err) {
      figures = { error: `unreadable figures: ${(err as Error).message}` };
    }
    results[name] = { exitCode: r.status, seconds: Math.round(performance.now() - t0) / 1000, figures };
  }
}
if (jsonFile && tmp) {
  const machine = {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? null,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadavg: os.loadavg(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
  };
  fs.writeFileSync(jsonFile, JSON.stringify({ at: new Date().toISOString(), machine, benches: results }, null, 2));
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log(`\nbench: figures written to ${jsonFile}`);
}
process.exitCode = failed ? 1 : 0;
