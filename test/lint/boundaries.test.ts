// The import boundaries of docs/ARCHITECTURE.md, checked through ESLint's API on in-memory code
// with fake file paths, so a broken or loosened rule set fails here.
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import fs from 'node:fs';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
let eslint: ESLint;
/** The core's floors and tops as eslint.config.js declares them (plain JS: read with their type). */
let CORE_FLOORS: { floor: string; mayImport: string[]; why: string }[];
let CORE_TOPS: string[];

beforeAll(async () => {
  ({ CORE_FLOORS, CORE_TOPS } = (await import(path.join(ROOT, 'eslint.config.js'))) as { CORE_FLOORS: typeof CORE_FLOORS; CORE_TOPS: string[] });
  // The fake files exist only in memory, so no TypeScript program holds them: the typed rules of
  // electron/ are turned off here (typed-rules.test.ts proves those on a real path).
  eslint = new ESLint({ cwd: ROOT, overrideConfig: { files: ['electron/**/*.ts'], ...tseslint.configs.disableTypeChecked } });
});

async function lint(file: string, code: string): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  expect(result, `${file} is linted (not ignored)`).toBeDefined();
  return result.messages.filter((m) => m.severity === 2).map((m) => ({ rule: m.ruleId, message: m.message }));
}

const BOUNDARY_RULES = new Set(['no-restricted-imports', 'boundaries/layers']);
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  return (await lint(file, code)).filter((m) => m.rule && BOUNDARY_RULES.has(m.rule)).map((m) => m.message);
}

describe("'electron' only under electron/shell/", () => {
  it('is allowed in the shell', async () => {
    expect(await boundaryErrors('electron/shell/fake.ts', "import { app } from 'electron';\nexport const a = app;\n")).toEqual([]);
  });

  it.each([
    'electron/core/fake.ts',
    'electron/core/store/fake.ts',
    'electron/cli/fake.ts',
    'electron/cli.ts',
    'shared/fake.ts',
    'renderer/src/fake.tsx',
    'test/fake.test.ts',
    'scripts/fake.ts',
  ])('is refused in %s', async (file) => {
    const errors = await boundaryErrors(file, "import { app } from 'electron';\nexport const a = app;\n");
    expect(errors.join('\n')).toMatch(/electron\/shell/);
  });

  it('catches subpaths, dynamic import() and require()', async () => {
    expect(await boundaryErrors('electron/core/fake.ts', "import { ipcMain } from 'electron/main';\nexport const i = ipcMain;\n")).toHaveLength(1);
    expect(await boundaryErrors('electron/core/fake.ts', "export const e = await import('electron');\n")).toHaveLength(1);
    expect(
      await boundaryErrors('electron/core/fake.ts', "declare const require: (m: string) => unknown;\nexport const e = require('electron');\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors('electron/core/fake.ts', "export { app } from 'electron';\n")).toHaveLength(1);
  });

  it('does not confuse packages whose names start with electron', async () => {
    expect(await boundaryErrors('scripts/fake.ts', "import b from 'electron-builder';\nexport const x = b;\n")).toEqual([]);
  });
});

describe('the renderer', () => {
  it.each([
    "import fs from 'node:fs';",
    "import path from 'path';",
    "import { readFile } from 'fs/promises';",
    "import { spawn } from 'child_process';",
    "import os from 'node:os';",
  ])('may not import Node built-ins: %s', async (line) => {
    const errors = await boundaryErrors('renderer/src/features/fake.tsx', `${line}\nexport {};\n`);
    expect(errors.join('\n')).toMatch(/Node built-ins/);
  });

  it.each(['../../../electron/core/core', '../../../electron/shell/bridge', '../../../electron/cli/main', '../../../electron/core/store'])(
    'may not import %s',
    async (spec) => {
      const errors = await boundaryErrors('renderer/src/features/fake.ts', `import * as m from '${spec}';\nexport const x = m;\n`);
      expect(errors.join('\n')).toMatch(/renderer may not import electron/);
    },
  );

  it('may import shared/, its own files and browser packages', async () => {
    const code =
      "import { calls } from '../../../shared/contract';\nimport { x } from '../../api/client';\nimport { useState } from 'react';\nexport const y = [calls, x, useState];\n";
    expect(await boundaryErrors('renderer/src/features/fake.ts', code)).toEqual([]);
  });

  it('dynamic import of a built-in is caught too', async () => {
    expect(await boundaryErrors('renderer/src/fake.ts', "export const m = import('node:fs');\n")).toHaveLength(1);
  });
});

describe('electron/core', () => {
  it.each([
    ['electron/core/api/fake.ts', '../../shell/main'],
    ['electron/core/fake.ts', '../shell/ipc'],
    ['electron/core/api/fake.ts', '../../cli/main'],
    ['electron/core/fake.ts', '../cli'],
    ['electron/core/api/fake.ts', '../../../renderer/src/App'],
  ])('%s may not import %s', async (file, spec) => {
    const errors = await boundaryErrors(file, `import * as m from '${spec}';\nexport const x = m;\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/crosses a boundary/);
  });

  it('may import itself, shared/ and packages', async () => {
    const code =
      "import { Store } from '../store';\nimport { calls } from '../../../shared/contract';\nimport Database from 'better-sqlite3';\nimport fs from 'node:fs';\nexport const x = [Store, calls, Database, fs];\n";
    expect(await boundaryErrors('electron/core/api/fake.ts', code)).toEqual([]);
  });
});

describe("the core's inner floors", () => {
  const importing = (spec: string) => `import * as m from '${spec}';\nexport const x = m;\n`;

  it.each([
    ['electron/core/text/fake.ts', '../store'],
    ['electron/core/text/fake.ts', '../log'],
    ['electron/core/nlp/fake.ts', '../retrieve/text'],
    ['electron/core/nlp/fake.ts', '../store/db'],
    ['electron/core/log.ts', './store'],
    ['electron/core/store/fake.ts', '../ingest/job'],
    ['electron/core/store/fake.ts', '../jobs/runner'],
    ['electron/core/store/sub/fake.ts', '../../chat/answer'],
    ['electron/core/store/fake.ts', '../core'],
    ['electron/core/chunk/fake.ts', '../extract/job'],
    ['electron/core/document/fake.ts', '../store'],
    ['electron/core/document/fake.ts', '../chunk/headings'],
    ['electron/core/store/fake.ts', '../chunk'],
    ['electron/core/review/fake.ts', '../extract/resolve'],
    ['electron/core/jobs/fake.ts', '../extract/job'],
    ['electron/core/jobs/fake.ts', '../llm/models'],
    ['electron/core/llm/fake.ts', '../extract/pipeline'],
    ['electron/core/llm/fake.ts', '../services'],
    ['electron/core/services.ts', '../core/extract/job'],
    ['electron/core/events.ts', './store'],
    ['electron/core/ingest/fake.ts', '../import/errors'],
    ['electron/core/export/fake.ts', '../import/sink'],
    ['electron/core/import/fake.ts', '../ingest/job'],
    ['electron/core/ingest/parsers/fake.ts', '../../retrieve/text'],
    ['electron/core/export/fake.ts', '../ingest/job'],
    ['electron/core/publish/fake.ts', '../ingest/pipeline'],
    ['electron/core/retrieve/fake.ts', '../chat/answer'],
    ['electron/core/extract/fake.ts', '../retrieve/text'],
    ['electron/core/concepts/fake.ts', '../extract/job'],
    ['electron/core/chat/fake.ts', '../extract/job'],
    ['electron/core/eval/fake.ts', '../api/eval'],
  ])('%s may not import %s', async (file, spec) => {
    const errors = await boundaryErrors(file, importing(spec));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/crosses a boundary: electron\/core\/\S+ may import only/);
  });

  it('a type-only import is refused as well (a type imported back up ties the floors together too)', async () => {
    expect(await boundaryErrors('electron/core/store/fake.ts', "import type { JobKind } from '../jobs/runner';\nexport type K = JobKind;\n")).toHaveLength(1);
  });

  it.each([
    ['electron/core/text/fake.ts', './similarity'],
    ['electron/core/nlp/fake.ts', '../log'],
    ['electron/core/nlp/fake.ts', '../text/similarity'],
    ['electron/core/store/fake.ts', './db'],
    ['electron/core/store/fake.ts', '../document/structure'],
    ['electron/core/chunk/fake.ts', '../store/documents'],
    ['electron/core/review/fake.ts', '../store'],
    ['electron/core/document/fake.ts', '../../../shared/contract'],
    ['electron/core/document/fake.ts', '../text/spans'],
    ['electron/core/jobs/fake.ts', '../store/jobs'],
    ['electron/core/llm/fake.ts', '../jobs/runner'],
    ['electron/core/ingest/parsers/fake.ts', '../../text/position'],
    ['electron/core/ingest/fake.ts', '../editions/apply'],
    ['electron/core/publish/fake.ts', '../export/write-rdf'],
    ['electron/core/publish/fake.ts', '../import/import-thread'],
    ['electron/core/import/fake.ts', '../export/vocab'],
    ['electron/core/import/fake.ts', '../store/bulk'],
    ['electron/core/chat/fake.ts', '../retrieve/retriever'],
    ['electron/core/extract/fake.ts', '../concepts/types'],
    ['electron/core/eval/fake.ts', '../extract/job'],
    ['electron/core/eval/fake.ts', '../chat/answer'],
    ['electron/core/api/fake.ts', '../ingest/job'],
    ['electron/core/host/fake.ts', '../core'],
  ])('%s may import %s', async (file, spec) => {
    expect(await boundaryErrors(file, importing(spec))).toEqual([]);
  });

  it('every entry of the core is a floor or a top, so a new folder is placed in the order before it is used', () => {
    const entries = fs
      .readdirSync(path.join(ROOT, 'electron', 'core'), { withFileTypes: true })
      .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
      .filter((e) => e.endsWith('/') || e.endsWith('.ts'));
    const placed = new Set([...CORE_FLOORS.map((f) => f.floor), ...CORE_TOPS]);
    expect(entries.filter((e) => !placed.has(e))).toEqual([]);
    // and a floor names only entries that exist
    expect(CORE_FLOORS.flatMap((f) => [f.floor, ...f.mayImport]).filter((e) => !entries.includes(e))).toEqual([]);
  });

  it('no floor lets a stage be imported by another stage beyond the seams each names', () => {
    const stages = ['ingest/', 'extract/', 'concepts/', 'retrieve/', 'chat/', 'export/', 'import/', 'publish/', 'editions/'];
    const seams = CORE_FLOORS.flatMap((f) => f.mayImport.filter((m) => stages.includes(m)).map((m) => `${f.floor} -> ${m}`));
    expect(seams.sort()).toEqual([
      'chat/ -> retrieve/',
      'eval/ -> chat/',
      'eval/ -> extract/',
      'eval/ -> retrieve/',
      'extract/ -> concepts/',
      'import/ -> export/',
      'ingest/ -> editions/',
      'publish/ -> export/',
      'publish/ -> import/',
    ]);
  });

  it("a floor keeps the core's outer boundaries", async () => {
    const errors = await boundaryErrors('electron/core/store/fake.ts', importing('../../shell/main'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/may not import the Electron shell/);
    expect(await boundaryErrors('electron/core/nlp/fake.ts', "import { app } from 'electron';\nexport const a = app;\n")).toHaveLength(1);
  });

  it('a stage above the floors may import them', async () => {
    const code = "import { Store } from '../store';\nimport { englishNlp } from '../nlp/english';\nexport const x = [Store, englishNlp];\n";
    expect(await boundaryErrors('electron/core/ingest/fake.ts', code)).toEqual([]);
  });
});

describe('shared/', () => {
  it('may import zod and shared/', async () => {
    const code =
      "import { z } from 'zod';\nimport { calls } from './contract';\nimport { ApiError } from '../errors';\nexport const x = [z, calls, ApiError];\n";
    expect(await boundaryErrors('shared/contract/fake.ts', code)).toEqual([]);
  });

  it.each([
    "import fs from 'node:fs';",
    "import React from 'react';",
    "import { Core } from '../electron/core/core';",
    "import { App } from '../renderer/src/App';",
  ])('may not: %s', async (line) => {
    expect(await boundaryErrors('shared/fake.ts', `${line}\nexport {};\n`)).toHaveLength(1);
  });
});

describe('the CLI and the shell', () => {
  it('the CLI may not import the shell', async () => {
    expect(await boundaryErrors('electron/cli/commands/fake.ts', "import { x } from '../../shell/router';\nexport const y = x;\n")).toHaveLength(1);
  });
  it('the shell may import the core but not the CLI', async () => {
    expect(await boundaryErrors('electron/shell/fake.ts', "import { Core } from '../core/core';\nexport const c = Core;\n")).toEqual([]);
    expect(await boundaryErrors('electron/shell/fake.ts', "import { main } from '../cli/main';\nexport const m = main;\n")).toHaveLength(1);
  });
});

describe('general rules', () => {
  it('unused variables are errors, _-prefixed arguments are not; any is only a warning', async () => {
    const [result] = await eslint.lintText('export function f(_a: number, b: number): any {\n  const unused = 1;\n  return b;\n}\n', {
      filePath: path.join(ROOT, 'electron/core/fake.ts'),
    });
    const byRule = result.messages.map((m) => `${m.ruleId}:${m.severity}`);
    expect(byRule).toContain('@typescript-eslint/no-unused-vars:2');
    expect(result.messages.filter((m) => m.ruleId === '@typescript-eslint/no-unused-vars')).toHaveLength(1);
    expect(byRule).toContain('@typescript-eslint/no-explicit-any:1');
  });
});

describe('only electron/core/store/ writes SQL', () => {
  const code = [
    'export function f(db: { prepare(s: string): unknown; exec(s: string): void }, core: { store: { db: { exec(s: string): void } } }) {',
    "  db.prepare('SELECT 1');",
    "  db.exec('DELETE FROM x');",
    '  core.store.db.exec(`VACUUM`);',
    "  return /a/.exec('abc');",
    '}',
    '',
  ].join('\n');
  const sqlErrors = async (file: string) => (await lint(file, code)).filter((m) => m.rule === 'no-restricted-syntax').map((m) => m.message);

  it('SQL prepared or executed outside the store is an error (RegExp#exec is not SQL)', async () => {
    const errors = await sqlErrors('electron/core/retrieve/fake.ts');
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/Only electron\/core\/store\/ prepares SQL/);
  });
  it('the store may', async () => {
    expect(await sqlErrors('electron/core/store/fake.ts')).toEqual([]);
  });
});

describe('the core logs through core/log.ts, not console', () => {
  const code = "export function f(): void {\n  console.error('x');\n}\n";
  const consoleErrors = async (file: string) => (await lint(file, code)).filter((m) => m.rule === 'no-console');
  it('console in the core is an error; the CLI may print', async () => {
    expect(await consoleErrors('electron/core/export/fake.ts')).toHaveLength(1);
    expect(await consoleErrors('electron/cli/fake.ts')).toEqual([]);
  });
});
