// npm run bench [-- NAME ...]: run every bench/*.ts except this one (or only the named ones), one
// process each, in turn. Each bench prints its own report; the exit code is non-zero if any failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const all = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .map((f) => f.slice(0, -3))
  .sort();
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !all.includes(w));
if (unknown.length) {
  console.error(`bench: unknown ${unknown.join(', ')}; available: ${all.join(', ')}`);
  process.exit(2);
}
let failed = 0;
for (const name of wanted.length ? wanted : all) {
  console.log(`\n== bench ${name}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, `${name}.ts`)], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.error(`bench ${name} failed (exit ${r.status ?? r.signal})`);
  }
}
process.exitCode = failed ? 1 : 0;
