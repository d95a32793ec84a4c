// No import cycles in the core: between its files, and between its folders (stages). A folder cycle
// (store -> ingest -> store) is how a layer stops being one. Type-only imports count too: erased at
// runtime, but a type imported back up ties the layers together all the same (the job kinds' circle
// through jobs/kinds.ts was one until the kinds were declared in the contract, issue 36).
// Imports are read from the source text (static `import`/`export ... from`).
// None in shared/ either: there a cycle between modules of schemas breaks at load time (a schema
// read before its module ran), as typing the start calls by job kind would (contract/jobs.ts
// gathers the areas' job kinds; no area imports it).
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

const CORE = path.resolve(import.meta.dirname, '..', '..', 'electron', 'core');
const SHARED = path.resolve(import.meta.dirname, '..', '..', 'shared');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((c) => fs.existsSync(c)) ?? null;
}

/** Imports of each file under root (relative, inside root); type-only ones left out unless `types`. */
function importGraph(root = CORE, { types = false } = {}): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const deps = new Set<string>();
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s+(type\s+)?([^'"]*?)from\s+'(\.[^']+)'/gm)) {
      // `import { type A, type B } from` is type-only too
      const names = /^\{([^}]*)\}\s*$/.exec(m[2].trim());
      const typeOnly = Boolean(m[1]) || Boolean(names && names[1].split(',').every((n) => !n.trim() || n.trim().startsWith('type ')));
      if (typeOnly && !types) continue;
      const target = resolve(file, m[3]);
      if (target?.startsWith(root + path.sep)) deps.add(target);
    }
    graph.set(file, [...deps]);
  }
  return graph;
}

/** Strongly connected components with more than one node (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

const folderOf = (file: string) =>
  path
    .relative(CORE, file)
    .split(path.sep)[0]
    .replace(/\.tsx?$/, '');

/** The folder graph of a file graph (an edge between two folders when a file of one imports a file of the other). */
function foldersOf(graph: Map<string, string[]>): Map<string, string[]> {
  const folders = new Map<string, string[]>();
  for (const [file, deps] of graph) {
    const from = folderOf(file);
    const set = new Set(folders.get(from) ?? []);
    for (const d of deps) if (folderOf(d) !== from) set.add(folderOf(d));
    folders.set(from, [...set]);
  }
  return folders;
}

describe('the core has no import cycles', () => {
  const graph = importGraph(CORE, { types: true });
  const runtime = importGraph();

  it('reads the import graph (the check would find edges), type-only imports as edges', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get(path.join(CORE, 'core.ts'))).toContain(path.join(CORE, 'store', 'index.ts'));
    // jobs/runner.ts imports only types of ./kinds
    expect(runtime.get(path.join(CORE, 'jobs', 'runner.ts'))).not.toContain(path.join(CORE, 'jobs', 'kinds.ts'));
    expect(graph.get(path.join(CORE, 'jobs', 'runner.ts'))).toContain(path.join(CORE, 'jobs', 'kinds.ts'));
  });

  it('between files, type-only imports included', () => {
    expect(cycles(graph).map((c) => c.map((f) => path.relative(CORE, f)))).toEqual([]);
  });

  it('between folders (stages), type-only imports included', () => {
    expect(cycles(foldersOf(graph))).toEqual([]);
  });

  it('between the modules of shared/ (the contract)', () => {
    const shared = importGraph(SHARED);
    expect(shared.get(path.join(SHARED, 'contract', 'jobs.ts'))).toContain(path.join(SHARED, 'contract', 'extract.ts'));
    expect(shared.get(path.join(SHARED, 'contract', 'extract.ts'))).toContain(path.join(SHARED, 'contract', 'define.ts'));
    expect(cycles(shared).map((c) => c.map((f) => path.relative(SHARED, f)))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(g)).toEqual([['a', 'b', 'c']]);
  });
});
