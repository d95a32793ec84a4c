// The typed lint of electron/ (no-floating-promises) and the React hooks rules of renderer/,
// through ESLint's API with the repo's config. The typed rule needs a file its TypeScript program
// holds, so the fixture's text is linted under the path of a real electron/core file.
import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'floating-promises.ts');
const CORE_FILE = path.join(ROOT, 'electron', 'core', 'log.ts');
let eslint: ESLint;

beforeAll(() => {
  // Under CI=true typescript-eslint infers a single run and builds its programs from the files on
  // disk, so the fixture's text given to lintText would be ignored (the real log.ts linted instead).
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: { files: ['electron/**/*.ts'], languageOptions: { parserOptions: { disallowAutomaticSingleRunInference: true } } },
  });
});

async function messages(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result.messages.map((m) => ({ rule: m.ruleId, severity: m.severity, line: m.line, message: m.message }));
}

describe('no-floating-promises in electron/', () => {
  it('reports each unhandled promise of the fixture as an error, and nothing else', async () => {
    const code = fs.readFileSync(FIXTURE, 'utf8');
    const expected = code
      .split('\n')
      .map((l, i) => (l.includes('// FLOATING') ? i + 1 : 0))
      .filter(Boolean);
    expect(expected).toHaveLength(2);
    const found = await messages(CORE_FILE, code);
    expect(
      found.filter((m) => m.severity === 2 && m.rule === null),
      'no parsing error (the file is in a TypeScript program)',
    ).toEqual([]);
    const floating = found.filter((m) => m.rule === '@typescript-eslint/no-floating-promises');
    expect(floating.map((m) => [m.line, m.severity])).toEqual(expected.map((l) => [l, 2]));
  }, 120_000);

  it('is not run outside electron/ (tests stay type-less)', async () => {
    const found = await messages(path.join(ROOT, 'test', 'lint', 'fake.test.ts'), fs.readFileSync(FIXTURE, 'utf8'));
    expect(found.filter((m) => m.rule === '@typescript-eslint/no-floating-promises')).toEqual([]);
  });
});

describe('React hooks in renderer/', () => {
  it('a hook called conditionally is an error; a missing effect dependency a warning', async () => {
    const code = [
      "import { useEffect, useState } from 'react';",
      'export function A({ on, id }: { on: boolean; id: string }) {',
      '  if (on) useState(0);',
      '  useEffect(() => {',
      '    document.title = id;',
      '  }, []);',
      '  return null;',
      '}',
      '',
    ].join('\n');
    const found = await messages(path.join(ROOT, 'renderer', 'src', 'features', 'fake.tsx'), code);
    expect(found.filter((m) => m.rule === 'react-hooks/rules-of-hooks').map((m) => [m.line, m.severity])).toEqual([[3, 2]]);
    expect(found.filter((m) => m.rule === 'react-hooks/exhaustive-deps').map((m) => [m.line, m.severity])).toEqual([[6, 1]]);
  });
});
