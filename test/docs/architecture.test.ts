// The reference docs stay true to the code: docs/ARCHITECTURE.md's floors table is the one the boundary
// lint declares (scripts/docs/core-floors.ts), its folder map names everything directly under
// electron/core/, and every source file a reference doc names in backticks exists.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { ARCHITECTURE_DOC, withFloorsTable } from '../../scripts/docs/core-floors';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SKIP = new Set(['node_modules', '.git', 'dist', 'dist-electron', 'release', 'test-results', 'playwright-report']);

/** Every file of the repository, as paths relative to its root. */
function repoFiles(dir = ROOT, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) repoFiles(full, out);
    else out.push(path.relative(ROOT, full).split(path.sep).join('/'));
  }
  return out;
}

/** Names a doc may give that are not files of the repository: build outputs and files the app writes at run time. */
const NOT_IN_REPO = new Set([
  'core-process.js',
  'main.js',
  'dist-electron/ingest-worker.js',
  'dist-electron/import-worker.js',
  'bench-results.json',
  'host-ports.json',
  'sparql-secrets.json',
]);

/** Source paths named in backticks: `a/b.ts`, `x.json` … (no placeholders, no absolute or kit paths). */
function namedFiles(doc: string): string[] {
  const names = new Set<string>();
  for (const m of doc.matchAll(/`([A-Za-z0-9_\-./]+\.(?:ts|tsx|json|jsonl|mjs|js|sh|yml))`/g)) {
    if (m[1].startsWith('/') || m[1].startsWith('../')) continue;
    names.add(m[1]);
  }
  return [...names];
}

const referenceDocs = () => [
  'README.md',
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md') && f !== 'CHANGELOG.md')
    .map((f) => `docs/${f}`),
  ...fs.readdirSync(path.join(ROOT, 'docs', 'decisions')).map((f) => `docs/decisions/${f}`),
];

describe('docs/ARCHITECTURE.md', () => {
  const doc = fs.readFileSync(ARCHITECTURE_DOC, 'utf8');

  it("the floors table is the boundary lint's (run `npx tsx scripts/docs/core-floors.ts` after changing CORE_FLOORS)", async () => {
    expect(await withFloorsTable(doc)).toBe(doc);
  });

  it('the folder map names every folder and file directly under electron/core/', () => {
    const map = doc.slice(doc.indexOf('```'), doc.indexOf('```', doc.indexOf('```') + 3));
    const entries = fs
      .readdirSync(path.join(ROOT, 'electron', 'core'), { withFileTypes: true })
      .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
      .filter((e) => e.endsWith('/') || e.endsWith('.ts'));
    const missing = entries.filter((e) => !new RegExp(`(^|[\\s/])${e.replace(/[.]/g, '\\.')}`, 'm').test(map));
    expect(missing, 'entries of electron/core/ missing from the folder map').toEqual([]);
  });
});

describe('the reference docs name files that exist', () => {
  const files = repoFiles();
  const exists = (name: string) => NOT_IN_REPO.has(name) || files.some((f) => f === name || f.endsWith(`/${name}`));

  it('finds named files (the check reads something)', () => {
    expect(namedFiles(fs.readFileSync(ARCHITECTURE_DOC, 'utf8')).length).toBeGreaterThan(30);
    expect(exists('extract/rules.ts')).toBe(true);
    expect(exists('extract/classic/svo.ts')).toBe(false);
  });

  for (const doc of referenceDocs()) {
    it(doc, () => {
      const stale = namedFiles(fs.readFileSync(path.join(ROOT, doc), 'utf8')).filter((n) => !exists(n));
      expect(stale, `${doc} names files that are not in the repository`).toEqual([]);
    });
  }
});
