// Dead exports: an exported declaration (const, function, class, interface, type, enum) of the
// product code that no file names — not another module, a test, a script, nor its own file — is
// dead code and fails here. Read from the source text (names as words), so a name mentioned
// anywhere else counts as used: the check can miss a dead export, never call a used one dead.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const PRODUCT = ['electron', 'shared', 'renderer/src'];
const READERS = [...PRODUCT, 'test', 'e2e', 'scripts', 'bench'];

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.name === 'node_modules' || e.name.startsWith('.')) return [];
    return e.isDirectory() ? sources(p) : /\.(tsx?|m?js)$/.test(e.name) ? [p] : [];
  });
}

const EXPORTED = /^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function\*?|class|interface|type|enum|abstract class)\s+([A-Za-z_$][\w$]*)/gm;

/** `file: name` of each exported declaration no file names but its own declaration. */
function deadExports(texts: Map<string, string>, product: (file: string) => boolean): string[] {
  const filesOf = new Map<string, Set<string>>();
  const count = new Map<string, number>();
  for (const [file, text] of texts)
    for (const [word] of text.matchAll(/[A-Za-z_$][\w$]*/g)) {
      (filesOf.get(word) ?? filesOf.set(word, new Set()).get(word)!).add(file);
      count.set(`${file}\0${word}`, (count.get(`${file}\0${word}`) ?? 0) + 1);
    }
  const dead: string[] = [];
  for (const [file, text] of texts) {
    if (!product(file)) continue;
    for (const [, name] of text.matchAll(EXPORTED)) if (filesOf.get(name)!.size === 1 && count.get(`${file}\0${name}`) === 1) dead.push(`${file}: ${name}`);
  }
  return dead.sort();
}

describe('no dead exports in the product code', () => {
  it('every exported declaration is named somewhere besides its declaration', () => {
    const texts = new Map(READERS.flatMap((d) => sources(path.join(ROOT, d))).map((f) => [path.relative(ROOT, f), fs.readFileSync(f, 'utf8')]));
    expect(texts.size).toBeGreaterThan(300);
    const product = (f: string) => PRODUCT.some((d) => f.startsWith(`${d}/`));
    expect(deadExports(texts, product)).toEqual([]);
  });

  it('finds one when there is one, and counts a use in another file or its own', () => {
    const texts = new Map([
      ['a.ts', 'export const used = 1;\nexport function dead() {}\nexport const local = 2;\nconsole.log(local);\n'],
      ['b.ts', "import { used } from './a';\n"],
    ]);
    expect(deadExports(texts, () => true)).toEqual(['a.ts: dead']);
  });
});
