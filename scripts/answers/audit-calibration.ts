// An audit of the answer confidence's calibration on the training folds, from a dump of the candidate vectors
// (scripts/fit-answers.ts --dump-vectors FILE --dump-only):
//   npx tsx scripts/answers/audit-calibration.ts --dump FILE [--seeds 1,2,3,4] [--l2 0.03] [--folds 5] [--size 143]
//       [--check D1,D2] [--variants base,no-kinds,...] [--out FILE.json] [--cache DIR]
// Per fold seed the ranking folds are refitted as audit-features.ts refits them (vector-folds.ts), then each
// calibration variant twice:
//  - nested by document as chat/fit-model.ts nests it (the calibration that judges a fold never saw it), printed
//    for the READ documents and the CHECK documents apart: ECE, log loss, precision / coverage at >= 0.8 and >= 0.7;
//  - a shift test: the calibration fitted on the READ documents' held-out rankings alone and scored on the CHECK
//    documents (and the reverse): the ECE on the documents it was fitted on (its own folds) against the ECE on the
//    others. Their gap estimates what a new family of documents does to the confidence.
// And, once per seed, how far one set of `--size` answers (the validation set's) scatters: the ECE a perfectly
// calibrated confidence reads on that many answers (learn/calibrate.ts calibrationErrorFloor, drawn from the
// nested confidences) and the spread of the nested ECE over sets of that many answers drawn by document.
import fs from 'node:fs';
import path from 'node:path';
import { calibrationError, calibrationErrorFloor, fitCalibration } from '../../electron/core/learn/calibrate';
import { fitPlatt, linear, sigmoid } from '../../electron/core/learn/logistic';
import { mulberry32 } from '../../electron/core/learn/random';
import {
  CALIBRATION_INPUTS,
  CHECK_DOCUMENTS,
  calibrationOptionsOf,
  calibrationRows,
  inDocuments,
  nestedCalibration,
  vectorRankings,
  type VectorCalibration,
  type VectorDump,
  type VectorPoint,
  type VectorRankings,
} from './vector-folds';

/** The calibration variants the audit knows (the shipped one is `base`). */
export const CALIBRATION_VARIANTS: Record<string, VectorCalibration> = {
  base: {},
  'no-kinds': { kinds: false },
  'max-2': { maxFeatures: 2 },
  'max-1': { maxFeatures: 1 },
  'max-2-no-kinds': { maxFeatures: 2, kinds: false },
  'l2-strong': { l2Grid: [10, 30, 100, 300] },
  bagged: { bags: 16 },
  shrink: { shrink: true },
  'bagged-shrink': { bags: 16, shrink: true },
  'bagged-32': { bags: 32 },
  'bagged-max-2': { bags: 16, maxFeatures: 2 },
  'bagged-no-kinds': { bags: 16, kinds: false },
  'more-inputs': { inputs: [...CALIBRATION_INPUTS, 'topClauseMatch', 'topLogOdds', 'nullShare', 'topOverNull', 'rivalShare'] },
  grounded: { inputs: [...CALIBRATION_INPUTS, 'grounding', 'rareNoun', 'passageHolds', 'namesTogether', 'headMet', 'bestSentence'] },
};

export interface SideFigures {
  n: number;
  top1: number;
  ece: number;
  logLoss: number;
  p80: number;
  c80: number;
  p70: number;
  c70: number;
  /** Mean confidence less the share right (> 0: sure beyond the accuracy). */
  overconfidence: number;
  /** The ECE a perfectly calibrated confidence would read on these answers (calibrationErrorFloor). */
  floor: number;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const clampLog = (p: number) => Math.log(Math.min(1 - 1e-9, Math.max(1e-9, p)));

/** The figures of confidences `p` of answers right or not (`y`). */
export function sideFigures(p: number[], y: boolean[]): SideFigures {
  const at = (t: number) => {
    const kept = p.map((c, i) => ({ c, r: y[i] })).filter((x) => x.c >= t);
    const right = kept.filter((x) => x.r).length;
    return { precision: kept.length ? right / kept.length : 0, coverage: p.length ? right / p.length : 0 };
  };
  const yn = y.map((r) => (r ? 1 : 0));
  return {
    n: p.length,
    top1: mean(yn),
    ece: calibrationError(p, yn),
    logLoss: -mean(p.map((c, i) => clampLog(y[i] ? c : 1 - c))),
    p80: at(0.8).precision,
    c80: at(0.8).coverage,
    p70: at(0.7).precision,
    c70: at(0.7).coverage,
    overconfidence: mean(p) - mean(yn),
    floor: calibrationErrorFloor(p, 200),
  };
}

const answerable = (ps: VectorPoint[]) => ps.filter((p) => p.kind === 'text' && p.answerable);

/** READ and CHECK figures of the points' confidences (answerable questions answered from passages). */
export function splitFigures(points: VectorPoint[], check: readonly string[]): { read: SideFigures; check: SideFigures; all: SideFigures } {
  const of = (ps: VectorPoint[]) =>
    sideFigures(
      ps.map((p) => p.confidence),
      ps.map((p) => p.correct),
    );
  const a = answerable(points);
  return { read: of(a.filter((p) => !inDocuments(p.group, check))), check: of(a.filter((p) => inDocuments(p.group, check))), all: of(a) };
}

export interface ShiftFigures {
  /** ECE on the documents fitted on (the calibration's own folds), and on the others. */
  fittedEce: number;
  scoredEce: number;
  scored: SideFigures;
  /** The log-odds scale and offset that would calibrate the fitted calibration on the others (a diagnostic, fitted on them). */
  scale: number;
  offset: number;
}

/** The calibration fitted on the rows of documents `from` (text questions) and scored on the rest. */
export function shiftTest(dump: VectorDump, r: VectorRankings, c: VectorCalibration, inFrom: (group: string) => boolean): ShiftFigures {
  const rows = dump.questions.map((_, i) => i).filter((i) => dump.questions[i].kind === 'text');
  const from = rows.filter((i) => inFrom(dump.questions[i].group));
  const to = rows.filter((i) => !inFrom(dump.questions[i].group));
  const cal = fitCalibration(
    calibrationRows(dump, r, from, c),
    from.map((i) => (r.points[i].correct ? 1 : 0)),
    from.map((i) => r.folds[i]),
    { ...calibrationOptionsOf(dump, c), groups: from.map((i) => dump.questions[i].group) },
  );
  const fitted = from.map((i, j) => ({ i, p: r.none[i] ? 0 : cal.heldOut[j] })).filter(({ i }) => dump.questions[i].answerable);
  const scoredAll = calibrationRows(dump, r, to, c).map((x, j) => ({ i: to[j], z: linear(cal.model, x) }));
  const scored = scoredAll.filter(({ i }) => dump.questions[i].answerable);
  const scoredP = scored.map(({ i, z }) => (r.none[i] ? 0 : sigmoid(z)));
  const platt = fitPlatt(
    scoredAll.filter(({ i }) => !r.none[i]).map(({ z }) => z),
    scoredAll.filter(({ i }) => !r.none[i]).map(({ i }) => r.points[i].correct),
  );
  return {
    fittedEce: calibrationError(
      fitted.map((x) => x.p),
      fitted.map((x) => (r.points[x.i].correct ? 1 : 0)),
    ),
    scoredEce: calibrationError(
      scoredP,
      scored.map(({ i }) => (r.points[i].correct ? 1 : 0)),
    ),
    scored: sideFigures(
      scoredP,
      scored.map(({ i }) => r.points[i].correct),
    ),
    scale: platt.a,
    offset: platt.b,
  };
}

/**
 * How one set of `size` answers scatters: the ECE floor (a perfectly calibrated confidence on `size` answers drawn
 * from these), and the ECE of these confidences over sets of about `size` answers drawn by whole document.
 */
export function smallSetNoise(points: VectorPoint[], size: number, draws = 400, seed = 1): { floor: number; mean: number; sd: number; p90: number } {
  const a = answerable(points);
  const rnd = mulberry32(seed);
  const floors: number[] = [];
  for (let t = 0; t < 40; t++)
    floors.push(
      calibrationErrorFloor(
        Array.from({ length: size }, () => a[Math.floor(rnd() * a.length)].confidence),
        50,
        seed + t,
      ),
    );
  const docs = [...new Set(a.map((p) => p.group))];
  const byDoc = new Map(docs.map((d) => [d, a.filter((p) => p.group === d)]));
  const eces: number[] = [];
  for (let t = 0; t < draws; t++) {
    const set: VectorPoint[] = [];
    while (set.length < size) set.push(...byDoc.get(docs[Math.floor(rnd() * docs.length)])!);
    eces.push(
      calibrationError(
        set.map((p) => p.confidence),
        set.map((p) => (p.correct ? 1 : 0)),
      ),
    );
  }
  eces.sort((x, y) => x - y);
  const m = mean(eces);
  return { floor: mean(floors), mean: m, sd: Math.sqrt(mean(eces.map((e) => (e - m) ** 2))), p90: eces[Math.floor(0.9 * eces.length)] };
}

interface SeedRow {
  seed: number;
  nested: ReturnType<typeof splitFigures>;
  readToCheck: ShiftFigures;
  checkToRead: ShiftFigures;
  noise: ReturnType<typeof smallSetNoise> | null;
}

const f3 = (x: number) => x.toFixed(3);
const side = (s: SideFigures) =>
  `top-1 ${f3(s.top1)} ECE ${f3(s.ece)} (floor ${f3(s.floor)}, ${s.n}) LL ${f3(s.logLoss)} over ${s.overconfidence >= 0 ? '+' : ''}${f3(s.overconfidence)} >=0.8 ${f3(s.p80)}/${f3(s.c80)} >=0.7 ${f3(s.p70)}/${f3(s.c70)}`;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => args.find((_, i) => args[i - 1] === `--${name}`);
  const dumpFile = opt('dump');
  if (!dumpFile) throw new Error('--dump FILE (scripts/fit-answers.ts --dump-vectors FILE --dump-only)');
  const dump = JSON.parse(fs.readFileSync(path.resolve(dumpFile), 'utf8')) as VectorDump;
  const seeds = (opt('seeds') ?? '1,2,3,4').split(',').map(Number);
  const check = opt('check')?.split(',') ?? CHECK_DOCUMENTS;
  const size = Number(opt('size') ?? 143);
  const names = opt('variants')?.split(',') ?? Object.keys(CALIBRATION_VARIANTS);
  const isCheck = (g: string) => inDocuments(g, check);
  const out: Record<string, SeedRow[]> = {};
  for (const seed of seeds) {
    const t0 = performance.now();
    // (--cache DIR: each seed's held-out rankings kept, so that another set of variants skips refitting them)
    const cached = opt('cache')
      ? path.join(path.resolve(opt('cache')!), `rankings-${path.basename(dumpFile)}-s${seed}-k${opt('folds') ?? 5}-l${opt('l2') ?? 0.03}.json`)
      : null;
    const r =
      cached && fs.existsSync(cached)
        ? (JSON.parse(fs.readFileSync(cached, 'utf8')) as VectorRankings)
        : vectorRankings(dump, { seed, folds: Number(opt('folds') ?? 5), l2: Number(opt('l2') ?? 0.03) });
    if (cached && !fs.existsSync(cached)) fs.writeFileSync(cached, JSON.stringify(r));
    console.log(`seed ${seed}: rankings in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    for (const name of names) {
      const c = CALIBRATION_VARIANTS[name];
      if (!c) throw new Error(`unknown variant ${name} (${Object.keys(CALIBRATION_VARIANTS).join(', ')})`);
      nestedCalibration(dump, r, c);
      const nested = splitFigures(r.points, check);
      const readToCheck = shiftTest(dump, r, c, (g) => !isCheck(g));
      const checkToRead = shiftTest(dump, r, c, isCheck);
      const noise = name === 'base' ? smallSetNoise(r.points, size) : null;
      (out[name] ??= []).push({ seed, nested, readToCheck, checkToRead, noise });
      console.log(`  ${name.padEnd(15)} nested READ  ${side(nested.read)}`);
      console.log(`  ${''.padEnd(15)} nested CHECK ${side(nested.check)}`);
      console.log(
        `  ${''.padEnd(15)} shift READ->CHECK ECE ${f3(readToCheck.fittedEce)} -> ${f3(readToCheck.scoredEce)} (scale ${f3(readToCheck.scale)}, offset ${f3(readToCheck.offset)}; >=0.8 ${f3(readToCheck.scored.p80)}/${f3(readToCheck.scored.c80)}); CHECK->READ ${f3(checkToRead.fittedEce)} -> ${f3(checkToRead.scoredEce)} (scale ${f3(checkToRead.scale)})`,
      );
      if (noise)
        console.log(
          `  ${''.padEnd(15)} one set of ${size}: calibrated floor ${f3(noise.floor)}; nested ECE over sets drawn by document ${f3(noise.mean)} ± ${f3(noise.sd)} (90th percentile ${f3(noise.p90)})`,
        );
    }
  }
  console.log(`\nmean over seeds ${seeds.join(', ')} (CHECK ${check.join(', ')}):`);
  const avg = <T>(xs: T[], get: (x: T) => number) => f3(mean(xs.map(get)));
  for (const name of names) {
    const xs = out[name];
    console.log(
      `${name.padEnd(15)} READ ECE ${avg(xs, (x) => x.nested.read.ece)} (floor ${avg(xs, (x) => x.nested.read.floor)}) LL ${avg(xs, (x) => x.nested.read.logLoss)} >=0.8 ${avg(xs, (x) => x.nested.read.p80)}/${avg(xs, (x) => x.nested.read.c80)} | CHECK ECE ${avg(xs, (x) => x.nested.check.ece)} (floor ${avg(xs, (x) => x.nested.check.floor)}) LL ${avg(xs, (x) => x.nested.check.logLoss)} >=0.8 ${avg(xs, (x) => x.nested.check.p80)}/${avg(xs, (x) => x.nested.check.c80)} >=0.7 ${avg(xs, (x) => x.nested.check.p70)}/${avg(xs, (x) => x.nested.check.c70)} | shift R->C ${avg(xs, (x) => x.readToCheck.fittedEce)} -> ${avg(xs, (x) => x.readToCheck.scoredEce)} C->R ${avg(xs, (x) => x.checkToRead.fittedEce)} -> ${avg(xs, (x) => x.checkToRead.scoredEce)} | all ECE ${avg(xs, (x) => x.nested.all.ece)} >=0.8 ${avg(xs, (x) => x.nested.all.p80)}/${avg(xs, (x) => x.nested.all.c80)}`,
    );
  }
  const noise = (out.base ?? []).flatMap((x) => (x.noise ? [x.noise] : []));
  if (noise.length)
    console.log(
      `one set of ${size} answers: calibrated floor ${avg(noise, (x) => x.floor)}; nested ECE by document ${avg(noise, (x) => x.mean)} ± ${avg(noise, (x) => x.sd)} (90th percentile ${avg(noise, (x) => x.p90)})`,
    );
  if (opt('out')) fs.writeFileSync(path.resolve(opt('out')!), JSON.stringify(out, null, 1));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
