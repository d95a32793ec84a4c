// Two dumps of the candidate vectors (scripts/fit-answers.ts --dump-vectors FILE --dump-only: a baseline and a branch)
// refitted over the same fold seeds (vector-folds.ts, the shipped setting), their held-out top-1 side by side per
// question type, READ documents apart from CHECK documents (never read), with the right answer among the candidates:
//   npx tsx scripts/answers/compare-dumps.ts --base FILE [--dump FILE] [--seeds 1,2,3,4] [--questions FILE]...
//       [--without F1,F2] [--base-without F1,F2] [--cache DIR] [--changed TYPE]
// --without leaves features out of the branch's fit (and of the base's, unless --base-without is given). --cache DIR
// keeps each fit's held-out points (by dump, features left out and seed) to be read again: fits run in separate
// processes side by side (one dump, or a few seeds, each) are then compared by one run that fits nothing. Without
// --dump the base is fitted (and cached) alone.
// A question's type comes from the question files (--questions, data/qa/training.jsonl unless given). --changed TYPE
// lists the READ documents' questions of that type whose first answer changed on most seeds (their ids, never a CHECK
// document's), to be read with eval-answers.ts.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CHECK_DOCUMENTS, inDocuments, vectorFolds, type VectorDump, type VectorPoint } from './vector-folds';
import { readQuestionSet } from '../qa-split';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const opts = (name: string) => args.flatMap((a, i) => (a === `--${name}` ? [args[i + 1]] : []));

/** Per type and part (READ / CHECK): the mean over seeds of top-1 and of the right answer among the candidates. */
export interface TypeFigures {
  type: string;
  part: 'READ' | 'CHECK';
  n: number;
  top1: number[];
  reachable: number;
}

/** The held-out points of one dump per seed, grouped by question type and part. */
export function figuresByType(runs: VectorPoint[][], typeOf: Map<string, string>, check: readonly string[] = CHECK_DOCUMENTS): TypeFigures[] {
  const out = new Map<string, TypeFigures>();
  runs.forEach((points, s) => {
    for (const p of points.filter((x) => x.kind === 'text' && x.answerable)) {
      const part = inDocuments(p.group, check) ? 'CHECK' : 'READ';
      for (const type of ['all', typeOf.get(p.id) ?? 'unknown']) {
        const key = `${type}/${part}`;
        const f = out.get(key) ?? { type, part, n: 0, top1: runs.map(() => 0), reachable: 0 };
        if (s === 0) {
          f.n++;
          if (p.reachable) f.reachable++;
        }
        if (p.correct) f.top1[s]++;
        out.set(key, f);
      }
    }
  });
  return [...out.values()].sort((a, b) => (a.type === 'all' ? -1 : b.type === 'all' ? 1 : a.type.localeCompare(b.type)) || a.part.localeCompare(b.part));
}

async function main() {
  const seeds = (opt('seeds') ?? '1,2,3,4').split(',').map(Number);
  const without = (opt('without') ?? '').split(',').filter(Boolean);
  const baseWithout = opt('base-without') !== undefined ? opt('base-without')!.split(',').filter(Boolean) : without;
  const files = opts('questions').length ? opts('questions') : ['data/qa/training.jsonl'];
  const typeOf = new Map(files.flatMap((f) => readQuestionSet(path.resolve(f)).map((q) => [q.id, q.type] as const)));
  const cache = opt('cache');
  const fit = (file: string, left: string[]) => {
    let dump: VectorDump | undefined;
    return seeds.map((seed) => {
      const stat = fs.statSync(path.resolve(file));
      const key = createHash('sha256')
        .update(JSON.stringify([path.resolve(file), stat.size, stat.mtimeMs, [...left].sort(), seed]))
        .digest('hex')
        .slice(0, 16);
      const at = cache ? path.join(cache, `${key}.json`) : undefined;
      if (at && fs.existsSync(at)) return JSON.parse(fs.readFileSync(at, 'utf8')) as VectorPoint[];
      dump ??= JSON.parse(fs.readFileSync(path.resolve(file), 'utf8')) as VectorDump;
      const points = vectorFolds(dump, { seed, without: left });
      if (at) {
        fs.mkdirSync(cache!, { recursive: true });
        fs.writeFileSync(at, JSON.stringify(points));
      }
      return points;
    });
  };
  const baseRuns = fit(opt('base')!, baseWithout);
  if (!opt('dump')) return;
  const dumpRuns = fit(opt('dump')!, without);
  const a = figuresByType(baseRuns, typeOf);
  const b = new Map(figuresByType(dumpRuns, typeOf).map((f) => [`${f.type}/${f.part}`, f]));
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;
  console.log(
    `seeds ${seeds.join(',')}${without.length ? `, without ${without.join(',')}` : ''}: top-1 base -> branch (mean; per-seed change), right among the candidates`,
  );
  for (const f of a) {
    const g = b.get(`${f.type}/${f.part}`);
    if (!g) continue;
    const ra = f.top1.map((x) => x / f.n);
    const rb = g.top1.map((x) => x / g.n);
    console.log(
      `${f.type.padEnd(12)} ${f.part.padEnd(5)} n ${String(f.n).padStart(3)}  ${mean(ra).toFixed(3)} -> ${mean(rb).toFixed(3)} (${signed(mean(rb) - mean(ra))}; ${rb
        .map((x, i) => signed(x - ra[i]))
        .join(
          ' ',
        )})  first ${mean(f.top1).toFixed(1)} -> ${mean(g.top1).toFixed(1)}  among ${(f.reachable / f.n).toFixed(3)} -> ${(g.reachable / g.n).toFixed(3)}`,
    );
  }
  const changed = opt('changed');
  if (changed) {
    const byId = (runs: VectorPoint[][]) => runs.map((ps) => new Map(ps.map((p) => [p.id, p])));
    const [ba, bb] = [byId(baseRuns), byId(dumpRuns)];
    const ids = [...ba[0].values()].filter((p) => p.answerable && typeOf.get(p.id) === changed && !inDocuments(p.group, CHECK_DOCUMENTS)).map((p) => p.id);
    for (const id of ids) {
      const before = ba.filter((m) => m.get(id)?.correct).length;
      const after = bb.filter((m) => m.get(id)?.correct).length;
      const reach = `${ba[0].get(id)?.reachable ? 'r' : '-'}${bb[0].get(id)?.reachable ? 'r' : '-'}`;
      if (before !== after || !after) console.log(`  ${id} right on ${before} -> ${after} of ${seeds.length} seeds, among candidates ${reach}`);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) void main();
