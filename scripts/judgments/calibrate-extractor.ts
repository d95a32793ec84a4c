// Does a calibration layer per extractor (the sentence extractor against the standards patterns) undo the model's
// overrating of the sentence extractor's triples on documents it never saw (issue 32; TRAINING only)? Read from
// fit-precision.ts --dump FILE (the training judgments and facts as the folds read them); every figure held out by the
// folds of families of documents: each judgment and fact is scored by the fit without its fold, and the layer applied
// to a fold is fitted on the other folds' held-out scores only.
//
//   npx tsx scripts/judgments/calibrate-extractor.ts --dump FILE --draws "SEED|SEED" [--check-documents "A|B"]
//     [--features "NAME|NAME" (default: the committed model's)] [--l2 L (10)] [--strength S (16)]
//     [--document-cap N (within one rule, one document's judgments weigh at most N in the per-rule table: precision.ts fitPrecision)]
//     [--fold-seed N (the folds' seed, 1)] [--by-document (each document its own family)] [--no-layers (the model alone)]
//
// For each layer (none; per extractor, shift and slope or shift only, fitted on all the training judgments weighted or on
// the draws alone) it prints the threshold the balanced rule chooses on the held-out scores, the training folds' keep rate
// and facts held fully there, and on the draws (drawn at random from a default view) by extractor and by READ / CHECK
// documents: AUC, mean estimate against kept, all and shown; for the model alone also the sentence extractor's spread
// between documents beyond chance, and the draws' mean estimate against kept by document, draw and fold.
import fs from 'node:fs';
import { chooseThresholdBy, ruleFamily, triplePrecision, type ListedFact } from '../../electron/core/extract/precision';
import { PRECISION_MODEL, predictLogistic, tripleFeatures, type TripleShape } from '../../electron/core/extract/precision-model';
import {
  applyExtractorCalibration,
  crossValidate,
  familyOf,
  fitExtractorCalibration,
  foldFits,
  rankingAuc,
  type Example,
  type ExtractorCalibration,
  type FoldFit,
} from './select-features';

interface DumpFact {
  file: string;
  coverage: 'full' | 'partial';
  holding: { rules: string[]; shape: TripleShape }[];
}

const drawOf = (e: Example) => (e.shape as { draw?: { seed?: number; pool?: string } }).draw;
const sentenceRules = (rules: readonly string[]) => ruleFamily(rules[0] ?? 'none') !== 'pattern';

function main(): void {
  const args = process.argv.slice(2);
  const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const file = opt('--dump');
  if (!file) throw new Error('calibrate-extractor: --dump FILE (written by fit-precision.ts --dump) is needed');
  const dump = JSON.parse(fs.readFileSync(file, 'utf8')) as { examples: Example[]; facts: DumpFact[] };
  // (--by-document: each document its own family, its siblings fitted on: as a validation document with a training sibling is)
  const examples = args.includes('--by-document') ? dump.examples.map((e) => ({ ...e, family: e.group })) : dump.examples;
  const draws = opt('--draws')?.split('|') ?? [];
  const check = opt('--check-documents')?.split('|') ?? [];
  const features = opt('--features')?.split('|') ?? PRECISION_MODEL.features;
  const l2 = Number(opt('--l2') ?? 10);
  const strength = Number(opt('--strength') ?? 16);
  const documentCap = opt('--document-cap') ? Number(opt('--document-cap')) : undefined;
  const only = args.includes('--no-layers');
  const seed = Number(opt('--fold-seed') ?? 1);
  const inDraws = (e: Example) => draws.includes(String(drawOf(e)?.seed));
  const inCheck = (file: string) => check.some((d) => file.includes(d));

  const { foldOf, fits } = foldFits(examples, features, l2, { strength, documentCap, seed });
  const score = (fit: FoldFit, rules: readonly string[], shape: TripleShape): number | null => {
    const base = triplePrecision(rules, fit.table);
    if (base === null) return null;
    return predictLogistic(fit.model, tripleFeatures({ ...shape, rules: [...rules] }, base, features));
  };
  const fitOfFile = (f: string): FoldFit | null => {
    const k = foldOf.get(f);
    return k === undefined ? null : fits[k];
  };
  const cv = crossValidate(examples, features, l2, { strength, documentCap });
  console.log(
    `${features.length} features, L2 ${l2}, strength ${strength}, document cap ${documentCap ?? '-'}: folds' AUC ${cv.auc.toFixed(3)}, log loss ${cv.logLoss.toFixed(4)}`,
  );
  const held = examples.map((e) => score(fitOfFile(e.group)!, e.rules, e.shape) ?? 0.5);
  const foldOfExample = examples.map((e) => foldOf.get(e.group)!);
  const facts = dump.facts.filter((f) => f.coverage === 'full' && foldOf.has(f.file));

  type Layer = { name: string; fit: (train: number[]) => ExtractorCalibration | null };
  const layer = (train: number[], weighted: boolean, slope: boolean): ExtractorCalibration =>
    fitExtractorCalibration(
      train.map((i) => ({
        p: held[i],
        keep: examples[i].verdict === 'keep',
        sentence: sentenceRules(examples[i].rules),
        w: weighted ? (examples[i].weight ?? 1) : 1,
      })),
      { slope },
    );
  const all = examples.map((_, i) => i);
  const layers: Layer[] = [
    { name: 'none', fit: () => null },
    { name: 'per extractor, all training judgments (weighted), shift and slope', fit: (t) => layer(t, true, true) },
    { name: 'per extractor, all training judgments (weighted), shift only', fit: (t) => layer(t, true, false) },
    {
      name: 'per extractor, the draws alone, shift and slope',
      fit: (t) =>
        layer(
          t.filter((i) => inDraws(examples[i])),
          false,
          true,
        ),
    },
    {
      name: 'per extractor, the draws alone, shift only',
      fit: (t) =>
        layer(
          t.filter((i) => inDraws(examples[i])),
          false,
          false,
        ),
    },
  ];
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  for (const { name, fit } of only ? layers.slice(0, 1) : layers) {
    // the layer applied to fold k: fitted on the other folds' held-out scores
    const byFold = fits.map((_, k) => fit(all.filter((i) => foldOfExample[i] !== k)));
    const p = examples.map((e, i) => applyExtractorCalibration(byFold[foldOfExample[i]], held[i], e.rules));
    const factPs: ListedFact[] = facts.map((f) => ({
      group: f.file,
      precisions: f.holding.map((h) => {
        const s = score(fitOfFile(f.file)!, h.rules, h.shape);
        return s === null ? null : applyExtractorCalibration(byFold[foldOf.get(f.file)!], s, h.rules);
      }),
    }));
    const judged = examples.map((e, i) => ({ p: p[i], keep: e.verdict === 'keep', w: e.weight ?? 1, group: e.group, family: familyOf(e) }));
    const chosen = chooseThresholdBy(judged, factPs);
    const at = chosen.threshold;
    console.log(`${name}:`);
    if (byFold[0]) console.log(`  layer of fold 0: ${JSON.stringify(byFold[0])}`);
    console.log(
      `  threshold ${at}: training folds shown ${chosen.shown}, kept ${chosen.kept} (weighted keep ${pct(chosen.keepRate)}, lower ${pct(chosen.keepLower)}), facts held fully ${chosen.factsHeld}/${chosen.facts} (lower ${pct(chosen.factsLower)}); AUC all ${rankingAuc(judged).toFixed(3)}`,
    );
    const line = (title: string, of: (e: Example) => boolean) => {
      const idx = all.filter((i) => of(examples[i]));
      const shown = idx.filter((i) => p[i] >= at);
      const mean = (xs: number[]) => xs.reduce((a, i) => a + p[i], 0) / Math.max(1, xs.length);
      const kept = (xs: number[]) => xs.filter((i) => examples[i].verdict === 'keep').length;
      const auc = rankingAuc(idx.map((i) => ({ p: p[i], keep: examples[i].verdict === 'keep' })));
      return (
        `  ${title}: n ${idx.length}, AUC ${auc.toFixed(3)}, mean estimate ${pct(mean(idx))} vs kept ${pct(kept(idx) / Math.max(1, idx.length))}; ` +
        `shown ${shown.length}, mean estimate ${pct(mean(shown))} vs kept ${kept(shown)} (${pct(kept(shown) / Math.max(1, shown.length))})`
      );
    };
    const sentence = (e: Example) => sentenceRules(e.rules);
    console.log(line('draws, all', inDraws));
    console.log(line('draws, sentence extractor', (e) => inDraws(e) && sentence(e)));
    console.log(line('draws, patterns', (e) => inDraws(e) && !sentence(e)));
    if (check.length) {
      console.log(line('draws, READ, sentence extractor', (e) => inDraws(e) && sentence(e) && !inCheck(e.group)));
      console.log(line('draws, CHECK, all', (e) => inDraws(e) && inCheck(e.group)));
      console.log(line('draws, CHECK, sentence extractor', (e) => inDraws(e) && sentence(e) && inCheck(e.group)));
      console.log(line('CHECK, all judgments', (e) => inCheck(e.group)));
      console.log(line('CHECK, sentence extractor', (e) => sentence(e) && inCheck(e.group)));
    }
    console.log(line('other judgments, sentence extractor', (e) => !inDraws(e) && sentence(e)));
    if (name !== 'none') continue;
    // How far documents part from the estimate beyond chance: over the documents with at least 10 of the sentence
    // extractor's judgments (all draws, as judged), the spread of (kept share - mean estimate) against the binomial's.
    {
      const rows = [...new Set(examples.map((e) => e.group))]
        .map((g) => all.filter((i) => examples[i].group === g && sentence(examples[i])))
        .filter((idx) => idx.length >= 10)
        .map((idx) => {
          const est = idx.reduce((a, i) => a + p[i], 0) / idx.length;
          const kept = idx.filter((i) => examples[i].verdict === 'keep').length / idx.length;
          return { gap: kept - est, chance: idx.reduce((a, i) => a + p[i] * (1 - p[i]), 0) / idx.length ** 2 };
        });
      const meanGap = rows.reduce((a, r) => a + r.gap, 0) / rows.length;
      const variance = rows.reduce((a, r) => a + (r.gap - meanGap) ** 2, 0) / Math.max(1, rows.length - 1);
      const chance = rows.reduce((a, r) => a + r.chance, 0) / rows.length;
      console.log(
        `  the sentence extractor by document (${rows.length} documents with >= 10 judgments): kept - estimate mean ${(100 * meanGap).toFixed(1)} points, ` +
          `spread (SD) ${(100 * Math.sqrt(variance)).toFixed(1)}, by chance alone ${(100 * Math.sqrt(chance)).toFixed(1)}, beyond chance ${(100 * Math.sqrt(Math.max(0, variance - chance))).toFixed(1)}`,
      );
    }
    // the spread between documents and between draws of what the sentence extractor's triples keep against their estimate
    for (const [by, keyOf] of [
      ['document', (e: Example) => e.group],
      ['draw', (e: Example) => String(drawOf(e)?.seed ?? '-')],
      ['fold', (e: Example) => `fold ${foldOf.get(e.group)}`],
    ] as const) {
      const groups = [...new Set(all.filter((i) => inDraws(examples[i])).map((i) => keyOf(examples[i])))].sort();
      console.log(`  the draws' sentence extractor by ${by} (n, mean estimate, kept):`);
      for (const g of groups) {
        const idx = all.filter((i) => inDraws(examples[i]) && sentence(examples[i]) && keyOf(examples[i]) === g);
        if (!idx.length) continue;
        const mean = idx.reduce((a, i) => a + p[i], 0) / idx.length;
        const kept = idx.filter((i) => examples[i].verdict === 'keep').length;
        console.log(`    ${g}${inCheck(g) ? ' (CHECK)' : ''}: ${idx.length}, ${pct(mean)}, ${kept} (${pct(kept / idx.length)})`);
      }
    }
  }
}

if (process.argv[1]?.endsWith('calibrate-extractor.ts')) main();
