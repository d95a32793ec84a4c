// Fit the answer model (electron/core/chat/answer-model.json) on the training questions, in one command:
//   npx tsx scripts/fit-answers.ts [--training FILE]... [--validation FILE] [--db FILE] [--out FILE] [--passages-out FILE] [--folds 5] [--seed 1] [--dry] [--training-only]
//                                  [--graph FILE --graph-db FILE | --no-graph] [--keep-passages] [--passages-without F1,F2] [--passages-criterion recall|first] [--setting listwise:0.3] [--held-out FILE]
//                                  [--boost ROUNDS:DEPTH[:RATE[:LAMBDA[:MINLEAF]]]] [--kind-weights SCALE] [--passages-only] [--calibration-gain G] [--calibration-l2 1,3,10] [--nested none|calibration|rankers]
//                                  [--calibration-max N] [--calibration-kinds] [--calibration-bags N] [--calibration-shrink] [--calibration-trees ROUNDS:DEPTH[:RATE[:LAMBDA[:MINLEAF]]]] [--null none|joint|after] [--identity-l2 SCALE] [--seeds 1,2,3 [--without F1,F2]... [--without-only] [--null MODE]...]
//                                  [--without F1,F2 (no --seeds: the table fitted with them read as 0)] [--dump-vectors FILE [--dump-only]]
// 1. the database of every split document (scripts/qa-split.ts: built once, cached);
// 2. the passage table (retrieve/passage-model.json): every training question retrieved with its
//    re-ranking pool, each pooled passage labelled by whether it holds a gold quote; retrieve/fit-passages.ts
//    (logistic regression, L2 chosen by recall@5 on folds by document);
// 3. with that table, every training question (data/qa/training.jsonl, or --training files) retrieved
//    again, its candidates gathered and labelled by its gold answers (off-topic questions: none right,
//    and not grounded); chat/fit-model.ts: candidate weights (logistic regression, L2 chosen on folds by
//    document), calibration and groundedness on held-apart folds, the unsure threshold for 0.85 precision;
//    the held-out confidences by nested folds by document (--nested: 'calibration', the default, fits the
//    calibration without the fold it judges; 'rankers' also re-ranks the other folds without it, slow; 'none'
//    the calibration's own folds, optimistic; the nested and the own folds' ECE are both printed);
//    --identity-l2 holds the candidate inputs of a document's identity (features.ts IDENTITY_FEATURES) to SCALE
//    times the chosen L2 (listwise; fit-model.ts groupL2);
//    --boost adds small boosted trees on top of the linear scores (learn/boost.ts), judged with them on the folds
//    --kind-weights adds per-kind candidate weights (each kind asked: deviations from the shared weights, L2 SCALE
//    times the chosen one); with --seeds, each --boost and --kind-weights setting is compared ('none': without);
//    --calibration-trees adds small boosted trees on top of the calibration's log-odds (answers read from passages,
//    over features.ts CONFIDENCE_TREE_FEATURES), nested as the calibration;
//    Questions over a graph without text (data/qa/graph/, asked of the kit's WebNLG triples imported
//    alone, or --graph FILE over --graph-db FILE) fit the calibration of answers read off triples alone;
//    --seeds compares instead: the training folds' held-out top-1 for each fold seed, with all features and
//    with each --without list of features read as 0, and per question type where the first right answer ranked
//    (nothing written, validation not read);
// 4. both tables written (unless --dry), then the held-out training figures and the validation figures
//    (data/qa/validation.jsonl) and the kit's 40: aggregates only, validation misses are never printed.
import fs from 'node:fs';
import path from 'node:path';
import { Core } from '../electron/core/core';
import { Retriever } from '../electron/core/retrieve/retriever';
import { gatherCandidates } from '../electron/core/chat/candidates';
import { fitAnswerModel, type FitExample, type Nesting, type NullMode } from '../electron/core/chat/fit-model';
import { parseBoost, type BoostOptions } from '../electron/core/learn/boost';
import { AnswerRanker } from '../electron/core/chat/ranker';
import { ablateFeatures, IDENTITY_FEATURES } from '../electron/core/chat/features';
import { QUESTION_FEATURES } from '../electron/core/chat/question-features';
import { PassageRanker } from '../electron/core/retrieve/passage-ranker';
import { fitPassageModel, recallAt, type PassageExample } from '../electron/core/retrieve/fit-passages';
import { extractiveAnswer } from '../electron/core/chat/answer';
import { expectedCalibrationError, precisionAt } from '../electron/core/eval/calibration';
import { calibrationErrorFloor } from '../electron/core/learn/calibrate';
import { quoteInPassage } from '../electron/core/eval/qa';
import { graphDatabase, readQuestionSet, splitDatabase, splitQuestionsFile, GRAPH_QUESTIONS, KIT_QUESTIONS, type SplitQuestion } from './qa-split';
import { figuresOf, firstCorrect, printFigures, type AnsweredQuestion } from './eval-answers';
import { dumpExamples } from './answers/vector-folds';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const all = (name: string) => args.flatMap((a, i) => (a === `--${name}` && args[i + 1] ? [args[i + 1]] : []));
const opt = (name: string) => all(name)[0];

async function main(): Promise<void> {
  const trainingFiles = all('training').length ? all('training').map((f) => path.resolve(f)) : [splitQuestionsFile('training')];
  const validationFile = opt('validation') ? path.resolve(opt('validation')!) : splitQuestionsFile('validation');
  const out = path.resolve(opt('out') ?? path.join(ROOT, 'electron', 'core', 'chat', 'answer-model.json'));
  const passagesOut = path.resolve(opt('passages-out') ?? path.join(ROOT, 'electron', 'core', 'retrieve', 'passage-model.json'));
  const folds = Number(opt('folds') ?? 5);
  const seed = Number(opt('seed') ?? 1);
  const training = trainingFiles.flatMap((f) => readQuestionSet(f));
  const db = opt('db') ?? (await splitDatabase());
  const core = new Core({ dbPath: db, startJobs: false });
  try {
    const retriever = new Retriever(core.store);
    const t0 = performance.now();
    // 2. passages
    const pools: PassageExample[] = [];
    // (--keep-passages: the shipped passage table is kept, e.g. while only the answer model changes)
    for (const q of args.includes('--keep-passages') ? [] : training) {
      const quotes = q.quotes?.length ? q.quotes : q.quote ? [q.quote] : [];
      if (q.type === 'off-topic' || !quotes.length) continue;
      const retrieval = await retriever.retrieve(q.question, { passagePool: true });
      pools.push({ group: q.file ?? q.id, quotes, pool: retrieval.passagePool ?? [] });
    }
    const current = retriever.passageRanker;
    if (pools.length) {
      const before = recallAt(pools, (x) => current.scoreVector(x), 5);
      const beforeFirst = recallAt(pools, (x) => current.scoreVector(x), 1);
      const passages = fitPassageModel(pools, {
        folds,
        seed,
        without: opt('passages-without')?.split(','),
        ...(opt('passages-criterion') ? { criterion: opt('passages-criterion') as 'recall' | 'first' } : {}),
      });
      passages.model.fitted = {
        by: 'scripts/fit-answers.ts',
        training: trainingFiles.map((f) => path.relative(ROOT, f)),
        questions: pools.length,
        folds,
        seed,
        objective: passages.objective,
        l2: passages.l2,
        heldOutRecall: passages.l2Recall,
        ...(opt('passages-criterion') ? { criterion: opt('passages-criterion') } : {}),
      };
      retriever.passageRanker = new PassageRanker(passages.model);
      if (!args.includes('--dry')) fs.writeFileSync(passagesOut, `${JSON.stringify(passages.model, null, 2)}\n`);
      const inPool = pools.filter((e) => e.quotes.every((q) => e.pool.some((p) => quoteInPassage(q, p.text)))).length;
      console.log(
        `passages: ${pools.length} training questions with quotes; recall@5 with the table before ${before.toFixed(3)} (first passage ${beforeFirst.toFixed(3)}), held-out with the fitted one ${passages.heldOutRecall.toFixed(3)}, first passage ${passages.heldOutFirst.toFixed(3)} (${passages.objective}, L2 ${passages.l2}; the pool holds the quotes for ${(inPool / Math.max(1, pools.length)).toFixed(3)})`,
      );
      console.log(`  held out (recall@5 / first): ${passages.l2Recall.map((x) => `${x.objective} ${x.l2}: ${x.recall} / ${x.first}`).join(', ')}`);
      console.log(
        `  weights: ${passages.model.features.map((f, i) => `${f} ${passages.model.weights[i].toFixed(2)}`).join(', ')}; bias ${passages.model.bias.toFixed(2)}`,
      );
    }
    // (--passages-only: the answer table is kept, e.g. while only retrieval changes)
    if (args.includes('--passages-only')) return;
    // 3. answers
    const examples: FitExample[] = [];
    for (const q of training) {
      const retrieval = await retriever.retrieve(q.question);
      const { ctx, candidates } = gatherCandidates(retrieval);
      examples.push({ id: q.id, group: q.file ?? `off-topic:${q.id}`, gold: q.type === 'off-topic' ? [] : q.answers, ctx, candidates });
    }
    // questions over a graph without text: their own calibration
    let graphQuestions = 0;
    if (!args.includes('--no-graph')) {
      const graphCore = new Core({ dbPath: opt('graph-db') ?? (await graphDatabase()), startJobs: false });
      try {
        const graphRetriever = new Retriever(graphCore.store);
        for (const q of readQuestionSet(opt('graph') ? path.resolve(opt('graph')!) : GRAPH_QUESTIONS)) {
          const { ctx, candidates } = gatherCandidates(await graphRetriever.retrieve(q.question));
          examples.push({ id: q.id, group: `graph:${q.id}`, gold: q.type === 'off-topic' ? [] : q.answers, ctx, candidates });
          graphQuestions++;
        }
      } finally {
        await graphCore.close();
      }
    }
    console.error(
      `${examples.length} training questions (${graphQuestions} over a graph without text) retrieved in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
    // (--dump-vectors FILE: every question's candidate vectors, for refitting the folds in seconds with any feature
    // set, scripts/answers/audit-features.ts; with --dump-only nothing is fitted)
    if (opt('dump-vectors')) {
      fs.writeFileSync(path.resolve(opt('dump-vectors')!), JSON.stringify(dumpExamples(examples)));
      if (args.includes('--dump-only')) return;
    }
    const setting = opt('setting')?.split(':');
    const boost = opt('boost') ? boostOptions(opt('boost')!) : undefined;
    if (opt('seeds')) {
      const types = new Map(training.map((q) => [q.id, q.type ?? 'other']));
      compareOnFolds(examples, {
        folds,
        seeds: opt('seeds')!.split(',').map(Number),
        setting,
        // (--without-only: the --without variants alone, without the fit with all features)
        variants: [...(args.includes('--without-only') ? [] : ['']), ...all('without')],
        nulls: (all('null').length ? all('null') : ['none']) as NullMode[],
        heldOut: opt('held-out'),
        types,
        boosts: all('boost').length ? all('boost') : ['none'],
        kindScales: all('kind-weights').length ? all('kind-weights') : ['none'],
      });
      return;
    }
    // (--without F1,F2 without --seeds: the table is fitted with those candidate features read as 0, so their weights are 0)
    const without = opt('without')?.split(',') ?? [];
    ablateFeatures(without);
    const { model, report } = fitAnswerModel(examples, {
      folds,
      seed,
      nullMode: (opt('null') ?? 'none') as NullMode,
      ...(setting ? { objectives: [setting[0] as 'listwise' | 'pointwise'], l2Grid: [Number(setting[1])] } : {}),
      ...(boost ? { boost } : {}),
      ...(kindScale(opt('kind-weights')) ? { kindWeights: kindScale(opt('kind-weights')) } : {}),
      ...calibrationOptions(),
    });
    model.fitted = {
      by: 'scripts/fit-answers.ts',
      training: trainingFiles.map((f) => path.relative(ROOT, f)),
      questions: report.examples,
      offTopic: examples.filter((e) => !e.gold.length).length,
      graphQuestions,
      candidates: report.candidates,
      folds,
      seed,
      objective: report.objective,
      l2: report.l2,
      ...(opt('null') ? { null: opt('null') } : {}),
      ...(boost ? { boost: opt('boost') } : {}),
      ...(kindScale(opt('kind-weights')) ? { kindWeights: kindScale(opt('kind-weights')) } : {}),
      ...(opt('identity-l2') ? { identityL2: Number(opt('identity-l2')) } : {}),
      ...(opt('calibration-l2') ? { calibrationL2: opt('calibration-l2') } : {}),
      ...(opt('calibration-max') ? { calibrationMax: Number(opt('calibration-max')) } : {}),
      ...(args.includes('--calibration-kinds') ? { calibrationKinds: true } : {}),
      ...(opt('calibration-bags') ? { calibrationBags: Number(opt('calibration-bags')) } : {}),
      ...(args.includes('--calibration-shrink') ? { calibrationShrink: true } : {}),
      ...(opt('calibration-trees') ? { calibrationTrees: opt('calibration-trees') } : {}),
      ...(without.length ? { without } : {}),
      heldOutAccuracy: report.l2Accuracy,
    };
    if (!args.includes('--dry')) fs.writeFileSync(out, `${JSON.stringify(model, null, 2)}\n`);
    // (--held-out FILE: the training folds' held-out points with their question features, to study the calibration)
    if (opt('held-out'))
      fs.writeFileSync(
        path.resolve(opt('held-out')!),
        JSON.stringify({ features: QUESTION_FEATURES, points: report.heldOut.map((p, i) => ({ ...p, id: examples[i].id })) }),
      );

    // held-out training figures (each fold judged by the model fitted on the others)
    const held = report.heldOut.filter((p) => p.kind === 'text');
    const heldGraph = report.heldOut.filter((p) => p.kind === 'graph' && p.answerable);
    const answerable = held.filter((p) => p.answerable);
    const kept = (p: (typeof held)[number]) => p.grounded >= model.groundedThreshold;
    const points = held.map((p) => ({ confidence: kept(p) ? p.confidence : 0, correct: p.correct && kept(p), answerable: p.answerable }));
    console.log(
      `training, held-out folds: ${answerable.length} answerable, top-1 ${(answerable.filter((p) => p.correct).length / answerable.length).toFixed(3)} (right answer among the candidates ${(answerable.filter((p) => p.reachable).length / answerable.length).toFixed(3)}); ECE ${expectedCalibrationError(points.filter((p) => p.answerable)).toFixed(3)} (a calibrated confidence reads ${calibrationErrorFloor(points.filter((p) => p.answerable).map((p) => p.confidence)).toFixed(3)} on as many answers; on the calibration's own folds ${expectedCalibrationError(held.filter((p) => p.answerable).map((p) => ({ confidence: kept(p) ? p.selectedConfidence : 0, correct: p.correct && kept(p) }))).toFixed(3)}); off-topic refused ${held.filter((p) => !p.answerable && !kept(p)).length} / ${held.filter((p) => !p.answerable).length}, answerable refused ${answerable.filter((p) => !kept(p)).length}`,
    );
    console.log(
      `  precision / coverage: ${precisionAt(points, [0.5, 0.7, model.threshold, 0.8, 0.9])
        .map((p) => `>= ${p.threshold}: ${p.precision?.toFixed(3) ?? '-'} / ${p.coverage.toFixed(3)}`)
        .join(', ')}`,
    );
    console.log(
      `  ${report.objective}, L2 ${report.l2}${model.trees ? ` with ${model.trees.trees.length} boosted trees (--boost ${opt('boost')})` : ''} (${report.l2Accuracy.map((x) => `${x.objective} ${x.l2}: ${x.accuracy}`).join(', ')}); unsure below ${model.threshold}; not in the graph below groundedness ${model.groundedThreshold}`,
    );
    if (heldGraph.length)
      console.log(
        `  graph without text, held-out folds: ${heldGraph.length} answerable, top-1 ${(heldGraph.filter((p) => p.correct).length / heldGraph.length).toFixed(3)}; ECE ${expectedCalibrationError(heldGraph).toFixed(3)}; precision / coverage ${precisionAt(
          heldGraph,
          [model.threshold, 0.8, 0.9],
        )
          .map((p) => `>= ${p.threshold}: ${p.precision?.toFixed(3) ?? '-'} / ${p.coverage.toFixed(3)}`)
          .join(', ')}; calibration on ${model.graphConfidence?.features.join(', ') ?? '-'}`,
      );
    console.log(
      `  calibration (text) on ${model.confidence.features.map((f, i) => `${f} ${model.confidence.weights[i].toFixed(2)}`).join(', ')}${model.confidenceTrees ? `, with ${model.confidenceTrees.trees.length} boosted trees (--calibration-trees ${opt('calibration-trees')})` : ''}`,
    );
    const weights = model.candidate.features.map((f, i) => [f, model.candidate.weights[i]] as const).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
    console.log(`  weights: ${weights.map(([f, w]) => `${f} ${w.toFixed(2)}`).join(', ')}; bias ${model.candidate.bias.toFixed(2)}`);

    // validation and the kit's 40, with the model just fitted: aggregates only
    const ranker = new AnswerRanker(model);
    // (--training-only while developing: decisions are made on the training folds, validation is looked at rarely)
    for (const [set, file] of args.includes('--training-only')
      ? []
      : ([
          ['validation', validationFile],
          ['kit', KIT_QUESTIONS],
        ] as const)) {
      if (!fs.existsSync(file)) {
        console.log(`${set}: ${path.relative(ROOT, file)} not found, skipped`);
        continue;
      }
      const rows: AnsweredQuestion[] = [];
      for (const item of readQuestionSet(file) as SplitQuestion[]) {
        const res = await retriever.retrieve(item.question);
        const a = extractiveAnswer(res, { ranker });
        const quotes = item.quotes?.length ? item.quotes : item.quote ? [item.quote] : [];
        const inTop = (texts: string[]) => quotes.every((q) => texts.some((t) => quoteInPassage(q, t)));
        const bm = quotes.length ? retriever.repo.passages(retriever.repo.searchPassages(item.question, 5).map((h) => h.id)).map((p) => p.text) : [];
        rows.push({
          item,
          first: a.answers[0] ?? '',
          answers: a.answers.slice(0, 5),
          outcome: a.outcome,
          confidence: a.confidence,
          correct: item.answers.length > 0 && firstCorrect(item.answers, a.answers[0] ?? ''),
          recalled: quotes.length ? inTop(res.passages.map((p) => p.text)) : null,
          bm25: quotes.length ? inTop(bm) : null,
        });
      }
      printFigures(figuresOf(rows, set));
    }
  } finally {
    await core.close();
  }
}

/**
 * The calibration's options from the command line (--calibration-gain G, --calibration-l2 1,3,10, --nested MODE,
 * --calibration-max N: at most N inputs chosen, --calibration-kinds: an intercept per kind asked, --calibration-bags N: the
 * mean of N refits on documents drawn with replacement, --calibration-shrink: a log-odds shrink fitted across documents),
 * and --identity-l2 SCALE.
 */
const calibrationOptions = () => ({
  ...(opt('identity-l2') ? { groupL2: { features: IDENTITY_FEATURES, scale: Number(opt('identity-l2')) } } : {}),
  ...(opt('calibration-gain') ? { calibrationGain: Number(opt('calibration-gain')) } : {}),
  ...(opt('calibration-l2') ? { calibrationL2: opt('calibration-l2')!.split(',').map(Number) } : {}),
  ...(opt('nested') ? { nested: opt('nested') as Nesting } : {}),
  ...(opt('calibration-max') ? { calibrationMax: Number(opt('calibration-max')) } : {}),
  ...(args.includes('--calibration-kinds') ? { calibrationKinds: true } : {}),
  ...(opt('calibration-bags') ? { calibrationBags: Number(opt('calibration-bags')) } : {}),
  ...(args.includes('--calibration-shrink') ? { calibrationShrink: true } : {}),
  ...(opt('calibration-trees') ? { calibrationTrees: calibrationTrees(opt('calibration-trees')!) } : {}),
});

/** --calibration-trees ROUNDS:DEPTH[:RATE[:LAMBDA[:MINLEAF]]]: small boosted trees on the calibration's log-odds (fit-model.ts calibrationTrees). */
const calibrationTrees = (spec: string): BoostOptions => parseBoost(spec, { rate: 0.1, lambda: 5, minLeaf: 10 });

/**
 * --boost ROUNDS:DEPTH[:RATE[:LAMBDA[:MINLEAF]]]: boosted trees on the linear ranking (fit-model.ts boost; rate 0.1,
 * leaf penalty 1, least leaf weight 1 unless given); 'none' (with --seeds): the linear table alone.
 */
const boostOptions = (spec: string): BoostOptions | undefined => (spec === 'none' ? undefined : parseBoost(spec, { rate: 0.1, lambda: 1, minLeaf: 1 }));

/** --kind-weights SCALE: per-kind candidate weights, their L2 SCALE times the chosen L2 (fit-model.ts kindWeights); 'none' or absent: none. */
const kindScale = (spec: string | undefined) => (spec && spec !== 'none' ? Number(spec) : undefined);

/**
 * The training folds' held-out top-1 (text questions) per fold seed, with all features and with each variant's
 * features read as 0, for each null mode and each --boost setting ('none': the linear table alone).
 */
function compareOnFolds(
  examples: FitExample[],
  o: {
    folds: number;
    seeds: number[];
    setting?: string[];
    variants: string[];
    nulls: NullMode[];
    heldOut?: string;
    types: Map<string, string>;
    boosts: string[];
    kindScales: string[];
  },
): void {
  const dumped: { seed: number; variant: string; nullMode: NullMode; boost: string; kindWeights: string; points: unknown[] }[] = [];
  const ranks: Record<string, number[]> = {};
  const settings = o.variants.flatMap((v) => o.nulls.flatMap((n) => o.boosts.flatMap((b) => o.kindScales.map((k) => [v, n, b, k] as const))));
  for (const [variant, nullMode, boostSpec, kindSpec] of settings) {
    ablateFeatures(variant ? variant.split(',') : []);
    const boost = boostOptions(boostSpec);
    const kinds = kindScale(kindSpec);
    const label = `${variant}:${nullMode}:${boostSpec}:${kindSpec}`;
    const runs = o.seeds.map((seed) => {
      const { report, model } = fitAnswerModel(examples, {
        folds: o.folds,
        seed,
        nullMode,
        ...(o.setting ? { objectives: [o.setting[0] as 'listwise' | 'pointwise'], l2Grid: [Number(o.setting[1])] } : {}),
        ...(boost ? { boost } : {}),
        ...(kinds ? { kindWeights: kinds } : {}),
        ...calibrationOptions(),
      });
      if (o.heldOut) {
        dumped.push({ seed, variant, nullMode, boost: boostSpec, kindWeights: kindSpec, points: report.heldOut.map((p, i) => ({ ...p, id: examples[i].id })) });
        // (--held-out FILE: every seed's held-out points with their question features; written after every fit, so that a
        // long comparison stopped early keeps the runs it finished)
        fs.writeFileSync(path.resolve(o.heldOut), JSON.stringify({ features: QUESTION_FEATURES, runs: dumped }));
      }
      const answerable = report.heldOut.filter((p) => p.kind === 'text' && p.answerable);
      const at = precisionAt(answerable, [0.8])[0];
      // per question type: where the first right answer ranked (1 / 2 / 3-5 / 6+ / not a candidate)
      report.heldOut.forEach((p, i) => {
        if (p.kind !== 'text' || !p.answerable) return;
        const type = o.types.get(examples[i].id ?? '') ?? 'other';
        const row = (ranks[`${label}|${type}`] ??= [0, 0, 0, 0, 0]);
        row[p.rightRank < 0 ? 4 : p.rightRank === 0 ? 0 : p.rightRank === 1 ? 1 : p.rightRank < 5 ? 2 : 3] += 1 / o.seeds.length;
      });
      const atThreshold = precisionAt(answerable, [model.threshold])[0];
      const offTopic = report.heldOut.filter((p) => p.kind === 'text' && !p.answerable);
      return {
        top1: answerable.filter((p) => p.correct).length / answerable.length,
        logLoss: answerable.reduce((a, p) => a - Math.log(Math.max(1e-9, p.correct ? p.confidence : 1 - p.confidence)), 0) / answerable.length,
        ece: expectedCalibrationError(answerable),
        eceOwnFolds: expectedCalibrationError(answerable.map((p) => ({ confidence: p.selectedConfidence, correct: p.correct }))),
        precision: at.precision ?? 0,
        coverage: at.coverage,
        threshold: model.threshold,
        precisionAtThreshold: atThreshold.precision ?? 0,
        coverageAtThreshold: atThreshold.coverage,
        offTopicRefused: offTopic.filter((p) => p.grounded < model.groundedThreshold).length,
        answerableRefused: answerable.filter((p) => p.grounded < model.groundedThreshold).length,
      };
    });
    const summary = (name: keyof (typeof runs)[number]) => {
      const xs = runs.map((r) => r[name]);
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      return `${xs.map((x) => x.toFixed(3)).join(' / ')} (mean ${mean.toFixed(3)}, spread ${(Math.max(...xs) - Math.min(...xs)).toFixed(3)})`;
    };
    console.log(
      `${variant ? `without ${variant}` : 'all features'}, null ${nullMode}${boost ? `, trees ${boostSpec}` : ''}${kinds ? `, per-kind weights (L2 x ${kinds})` : ''} (seeds ${o.seeds.join(', ')}): top-1 ${summary('top1')}; log loss ${summary('logLoss')}; ECE ${summary('ece')} (on the calibration's own folds ${summary('eceOwnFolds')}); at confidence >= 0.8 precision ${summary('precision')}, coverage ${summary('coverage')}; unsure threshold ${summary('threshold')}, precision there ${summary('precisionAtThreshold')}, coverage ${summary('coverageAtThreshold')}; off-topic refused ${summary('offTopicRefused')}, answerable refused ${summary('answerableRefused')}`,
    );
    const byType = Object.entries(ranks).filter(([k]) => k.startsWith(`${label}|`));
    console.log(
      `  rank of the first right answer, mean over the seeds (1 / 2 / 3-5 / 6+ / not a candidate): ${byType
        .map(([k, r]) => `${k.split('|')[1]} ${r.map((x) => x.toFixed(1)).join(' / ')} (top-1 ${(r[0] / r.reduce((a, b) => a + b, 0)).toFixed(2)})`)
        .join('; ')}`,
    );
  }
  ablateFeatures([]);
}

await main();
