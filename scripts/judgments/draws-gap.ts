// Where the precision model's ranking of the sentence extractor's triples on random draws of a default view falls
// short of its ranking on the training folds (issue 32; TRAINING only): read from fit-precision.ts --dump FILE
// (the training judgments as the folds read them), every figure held out by the folds of families of documents.
//
//   npx tsx scripts/judgments/draws-gap.ts --dump FILE --draws "SEED|SEED" [--check-documents "A|B"]
//     [--features "NAME|NAME" (default: the committed model's)] [--l2 L (10)] [--strength S (16)] [--threshold T (the committed one)]
//
// It prints: the held-out AUC of the sentence extractor's judgments on the read and check documents, on the draws and on
// the other judgments, and on the same range of both (the triples the model shows: a draw of a default view holds only
// what an earlier model showed, so the errors the features see most easily were hidden before it was drawn); each
// draw pool's; each feature's own separation (its AUC alone) on the other judgments against the draws, a flip marked;
// and the fit with the default-view pool's fit weight lowered (the pool most judged, and range-restricted), against the
// folds' log loss.
import fs from 'node:fs';
import { ruleFamily } from '../../electron/core/extract/precision';
import { CANDIDATE_FEATURES, DOCUMENT_PASS_FEATURES, PRECISION_MODEL, tripleFeatures } from '../../electron/core/extract/precision-model';
import { crossValidate, heldOutEstimates, rankingAuc, type Example } from './select-features';

/** A feature's own ranking of the judgments (keep against not), its value the score; judgments without a value are left out. */
export function featureAuc(examples: readonly Example[], feature: string): { auc: number; n: number } {
  const scored = examples
    .map((e) => ({ v: tripleFeatures({ ...e.shape, rules: e.rules }, 0.5, [feature])[0], keep: e.verdict === 'keep' }))
    .filter((x): x is { v: number; keep: boolean } => x.v !== null && !Number.isNaN(x.v));
  return { auc: rankingAuc(scored.map((x) => ({ p: x.v, keep: x.keep }))), n: scored.length };
}

/** The draw a judgment came from (fit-precision.ts --dump keeps each judgment's `draw`). */
const drawOf = (e: Example) => (e.shape as { draw?: { seed?: number; pool?: string } }).draw;

function main(): void {
  const args = process.argv.slice(2);
  const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const file = opt('--dump');
  if (!file) throw new Error('draws-gap: --dump FILE (written by fit-precision.ts --dump) is needed');
  const examples = (JSON.parse(fs.readFileSync(file, 'utf8')) as { examples: Example[] }).examples;
  const draws = opt('--draws')?.split('|') ?? [];
  const check = opt('--check-documents')?.split('|') ?? [];
  const features = opt('--features')?.split('|') ?? PRECISION_MODEL.features;
  const l2 = Number(opt('--l2') ?? 10);
  const strength = Number(opt('--strength') ?? 16);
  const at = Number(opt('--threshold') ?? PRECISION_MODEL.defaultThreshold);
  const sentence = (e: Example) => ruleFamily(e.rules[0] ?? 'none') !== 'pattern';
  const inDraws = (e: Example) => draws.includes(String(drawOf(e)?.seed));
  const inCheck = (e: Example) => check.some((d) => e.group.includes(d));
  const shownPool = (e: Example) => drawOf(e)?.pool === 'shown';

  const report = (title: string, fitWeight?: (e: Example) => number) => {
    const weighted = fitWeight ? examples.map((e) => ({ ...e, fitWeight: fitWeight(e) })) : examples;
    const held = heldOutEstimates(weighted, features, l2, { strength });
    const folds = crossValidate(weighted, features, l2, { strength });
    const line = (name: string, of: (e: Example, p: number) => boolean) => {
      const scored = held.filter((h, i) => of(examples[i], h.p));
      const shown = scored.filter((s) => s.p >= at);
      return `${name} n ${scored.length} AUC ${rankingAuc(scored.map(({ p, keep }) => ({ p, keep }))).toFixed(3)}, at ${at} shown ${shown.length} kept ${shown.filter((s) => s.keep).length}`;
    };
    console.log(`${title}: folds' AUC ${folds.auc.toFixed(3)}, log loss ${folds.logLoss.toFixed(4)}`);
    console.log(
      `  sentence extractor: ${line('all', sentence)}; ${line('read', (e) => sentence(e) && !inCheck(e))}; ${line('check', (e) => sentence(e) && inCheck(e))}`,
    );
    console.log(`  sentence extractor: ${line('draws', (e) => sentence(e) && inDraws(e))}; ${line('other judgments', (e) => sentence(e) && !inDraws(e))}`);
    console.log(
      `  sentence extractor shown at ${at}: ${line('draws', (e, p) => sentence(e) && inDraws(e) && p >= at)}; ${line('other judgments', (e, p) => sentence(e) && !inDraws(e) && p >= at)}`,
    );
    const pools = [...new Set(examples.map((e) => drawOf(e)?.pool ?? '-'))];
    console.log(`  sentence extractor by draw pool: ${pools.map((pool) => line(pool, (e) => sentence(e) && (drawOf(e)?.pool ?? '-') === pool)).join('; ')}`);
  };

  report(`${features.length} features, L2 ${l2}, table strength ${strength}`);
  console.log("each feature alone on the sentence extractor's judgments (AUC: the other judgments, the draws, the draws of the check documents):");
  const others = examples.filter((e) => sentence(e) && !inDraws(e));
  const ofDraws = examples.filter((e) => sentence(e) && inDraws(e));
  const rows = [...Object.keys(CANDIDATE_FEATURES).slice(1), ...Object.keys(DOCUMENT_PASS_FEATURES)].map((f) => ({
    f,
    a: featureAuc(others, f).auc,
    b: featureAuc(ofDraws, f).auc,
    c: featureAuc(
      ofDraws.filter((e) => inCheck(e)),
      f,
    ).auc,
  }));
  rows.sort((x, y) => Math.abs(y.a - 0.5) - Math.abs(x.a - 0.5));
  for (const r of rows)
    console.log(
      `  ${features.includes(r.f) ? '*' : ' '} ${r.a.toFixed(3)} ${r.b.toFixed(3)} ${r.c.toFixed(3)}${r.a > 0.5 !== r.b > 0.5 && Math.abs(r.a - 0.5) > 0.02 ? ' flips' : ''} ${r.f}`,
    );
  for (const k of [0.6, 0.3, 0.1]) report(`the default-view pool's fit weight x ${k}`, (e) => (e.weight ?? 1) * (shownPool(e) ? k : 1));
}

if (process.argv[1]?.endsWith('draws-gap.ts')) main();
