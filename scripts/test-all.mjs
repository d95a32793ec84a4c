#!/usr/bin/env node
// `npm test`: typecheck, lint, unit/integration tests (vitest), e2e (Playwright + Chromium).
// Prints each stage's counts and ends with one plain line: "N passed, N failed".
// Usage: npm test [-- --only typecheck,lint,unit,e2e]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1].split(',')) : null;
const want = (stage) => !only || only.has(stage);

let passed = 0;
let failed = 0;
const lines = [];

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function stage(name, fn) {
  const t0 = Date.now();
  const { p, f } = fn();
  passed += p;
  failed += f;
  lines.push(`${name.padEnd(10)} ${p} passed, ${f} failed (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

if (want('typecheck')) {
  stage('typecheck', () => {
    let p = 0;
    let f = 0;
    for (const project of ['tsconfig.node.json', 'tsconfig.web.json', 'tsconfig.shell.json', 'tsconfig.e2e.json']) {
      console.log(`\n> tsc -p ${project}`);
      if (run(bin('tsc'), ['-p', project, '--noEmit']) === 0) p++;
      else f++;
    }
    return { p, f };
  });
}

if (want('lint')) {
  stage('lint', () => {
    console.log('\n> eslint .');
    const eslint = run(bin('eslint'), ['.']) === 0;
    // (the formatting check is package.json's format:check, the one `npm run lint` runs)
    console.log('\n> npm run format:check');
    const prettier = run('npm', ['run', '-s', 'format:check']) === 0;
    return { p: Number(eslint) + Number(prettier), f: Number(!eslint) + Number(!prettier) };
  });
}

function countVitest(file) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  // Files that failed to load count as one failure each.
  const broken = (report.testResults ?? []).filter((r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0).length;
  return { p: report.numPassedTests ?? 0, f: (report.numFailedTests ?? 0) + broken };
}

if (want('unit')) {
  stage('unit', () => {
    const out = path.join(results, 'unit.json');
    fs.rmSync(out, { force: true });
    console.log('\n> vitest run');
    const code = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
    if (!fs.existsSync(out)) return { p: 0, f: 1 };
    const c = countVitest(out);
    if (code !== 0 && c.f === 0) c.f = 1;
    return c;
  });
}

function countPlaywright(file) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const s = report.stats ?? {};
  return { p: (s.expected ?? 0) + (s.flaky ?? 0), f: (s.unexpected ?? 0) + (report.errors?.length ?? 0) };
}

if (want('e2e')) {
  stage('e2e', () => {
    const out = path.join(results, 'e2e.json');
    fs.rmSync(out, { force: true });
    console.log('\n> playwright test');
    const code = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    if (!fs.existsSync(out)) return { p: 0, f: 1 };
    const c = countPlaywright(out);
    if (code !== 0 && c.f === 0) c.f = 1;
    return c;
  });
}

console.log('\n' + lines.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
