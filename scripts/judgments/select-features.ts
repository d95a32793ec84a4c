// Which features the precision model uses: each candidate of extract/precision-model.ts is tried on the
// TRAINING judgments by cross-validation by document (each fold's per-rule table and model fitted on the
// other folds' documents only, so that a fold is measured on documents its model never saw), and kept
// when it lowers the folds' mean log loss without lowering their mean AUC; then the L2 penalty is
// chosen on the same folds. An example's `weight` (its draw's, scripts/judgments/draws.ts) weights its
// fit and its fold score. Validation is never read here.
import {
  chooseThresholdBy,
  factsHeld,
  fitPrecision,
  PRIOR_STRENGTH,
  ruleFamily,
  THRESHOLD_RULE,
  THRESHOLD_RULES,
  triplePrecision,
  type PrecisionTable,
  type ThresholdRuleName,
  type Verdict,
} from '../../electron/core/extract/precision';
import { predictLogistic, tripleFeatures, type LogisticModel, type TripleShape } from '../../electron/core/extract/precision-model';
import { fitLogistic as fitLinear, foldsByGroup, logit, sigmoid } from '../../electron/core/learn/logistic';

export interface Example {
  /** The document. */
  group: string;
  /**
   * Its family of documents (editions and companions sharing much of their text: documentFamilies in
   * scripts/judgments/families.ts); a fold holds whole families, so that a sentence a sibling document
   * repeats is not judged on one side of a fold and scored on the other. Absent: the document alone.
   */
  family?: string;
  verdict: Verdict;
  rules: string[];
  shape: TripleShape;
  /** The inverse of its draw's inclusion rate, scaled to a mean of 1 (scripts/judgments/draws.ts); 1 when absent. */
  weight?: number;
  /** Its weight in the fit (the table and the model), when not `weight` (1: the model fitted as drawn, scored as weighted). */
  fitWeight?: number;
}

export interface FoldScore {
  auc: number;
  logLoss: number;
}

export interface Trial extends FoldScore {
  features: string[];
  l2: number;
}

/** Folds by document. */
const FOLDS = 5;
/** The least mean log loss a feature must save to be kept (below it, the folds' noise). */
const MIN_GAIN = 0.002;
/** The L2 penalties tried on standardised features. */
export const L2_GRID = [0.3, 1, 3, 10, 30];

/** AUC: the chance a kept triple outranks one that is not (ties count half); each pair weighted by its two weights `w` (1 when absent). */
export function rankingAuc(scored: { p: number; keep: boolean; w?: number }[]): number {
  const keeps = scored.filter((s) => s.keep);
  const others = scored.filter((s) => !s.keep);
  let wins = 0;
  let pairs = 0;
  for (const a of keeps)
    for (const b of others) {
      const w = (a.w ?? 1) * (b.w ?? 1);
      pairs += w;
      wins += w * (a.p > b.p ? 1 : a.p === b.p ? 0.5 : 0);
    }
  return pairs > 0 ? wins / pairs : NaN;
}

/** The mean log loss, each item weighted by its `w` (1 when absent). */
export const logLoss = (scored: { p: number; keep: boolean; w?: number }[]) => {
  const total = scored.reduce((s, x) => s + (x.w ?? 1), 0);
  return scored.reduce((s, x) => s - (x.w ?? 1) * Math.log(Math.max(1e-9, x.keep ? x.p : 1 - x.p)), 0) / Math.max(1e-9, total);
};

/**
 * L2-regularised logistic regression on standardised features (learn/logistic.ts, Newton's method), in
 * the form extract/precision-model.ts predicts with; an unknown value sits at the mean. `weights` (one
 * per row, a mean of 1) weight each row's log loss, its feature mean and its spread.
 */
export function fitFeatureModel(rows: (number | null)[][], ys: number[], features: readonly string[], l2 = 1, weights?: readonly number[]): LogisticModel {
  const d = features.length;
  const w = (i: number) => weights?.[i] ?? 1;
  const mean = Array.from({ length: d }, (_, j) => {
    let sum = 0;
    let total = 0;
    rows.forEach((x, i) => {
      if (x[j] === null) return;
      sum += w(i) * x[j]!;
      total += w(i);
    });
    return total > 0 ? sum / total : 0;
  });
  // an unknown value sits at the feature's mean: it says nothing either way
  const xs = rows.map((x) => x.map((v, j) => v ?? mean[j]));
  const totalWeight = xs.reduce((s, _, i) => s + w(i), 0);
  // (a constant column has no spread: a scale of 1 keeps it at 0 rather than dividing by a rounding error)
  const spread = (j: number) => Math.sqrt(xs.reduce((s, x, i) => s + w(i) * (x[j] - mean[j]) ** 2, 0) / Math.max(1e-9, totalWeight));
  const scale = Array.from({ length: d }, (_, j) => (spread(j) > 1e-9 ? spread(j) : 1));
  const m = fitLinear(
    xs.map((x) => x.map((v, j) => (v - mean[j]) / scale[j])),
    ys,
    { l2, ...(weights ? { sampleWeights: [...weights] } : {}) },
  );
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  return { features: [...features], mean: mean.map(round), scale: scale.map(round), weights: m.weights.map(round), bias: round(m.bias) };
}

/**
 * How the per-rule table under the model is fitted: `strength`, the pseudo-judgments of a rule's beta
 * prior at its family's share (extract/precision.ts fitPrecision; chosen on the folds by
 * chooseStrength); `crossFitted`, each training row's rule precision read from a table fitted without
 * its own document (so that a rule judged on few documents does not carry those documents' verdicts
 * into the model's weight for it; the model then predicts with the full table).
 */
export interface TableOptions {
  strength?: number;
  /** Within one rule, the judgments of one document weigh at most this many in the table (precision.ts fitPrecision). */
  documentCap?: number;
  crossFitted?: boolean;
}

/** The table and model fitted on these examples (the fit of one fold, or the full fit). */
export function fitExamples(train: readonly Example[], features: readonly string[], l2: number, options: TableOptions = {}): FoldFit {
  const table = fitPrecision(
    train.map((e) => ({ ...e, weight: fitWeightOf(e) })),
    options.strength,
    options.documentCap,
  );
  const own = new Map<string, PrecisionTable>();
  if (options.crossFitted)
    for (const g of new Set(train.map(familyOf)))
      own.set(
        g,
        fitPrecision(
          train.filter((e) => familyOf(e) !== g).map((e) => ({ ...e, weight: fitWeightOf(e) })),
          options.strength,
          options.documentCap,
        ),
      );
  const model = fitFeatureModel(
    train.map((e) => exampleRow(e, own.get(familyOf(e)) ?? table, features)),
    train.map((e) => (e.verdict === 'keep' ? 1 : 0)),
    features,
    l2,
    train.map(fitWeightOf),
  );
  return { table, model };
}

/** One fold's fit: the per-rule table and the model fitted on the other folds' documents. */
export interface FoldFit {
  table: PrecisionTable;
  model: LogisticModel;
}

/**
 * The model with these features fitted once per fold by document, each on the other folds' documents,
 * and the fold of each document: a triple of a document is scored held out by its fold's fit (a
 * document never judged by any, the caller's full fit being held out for it already).
 */
export function foldFits(
  examples: readonly Example[],
  features: readonly string[],
  l2: number,
  options: TableOptions & { folds?: number; seed?: number } = {},
): { foldOf: Map<string, number>; fits: (FoldFit | null)[] } {
  const k = options.folds ?? FOLDS;
  // (a fold holds whole families; foldOf is read by document, every document of a family in its fold)
  const folds = foldsByGroup(examples.map(familyOf), k, options.seed);
  const foldOf = new Map(examples.map((e, i) => [e.group, folds[i]]));
  const fits = Array.from({ length: k }, (_, f) => {
    const train = examples.filter((_, i) => folds[i] !== f);
    if (!train.length || train.length === examples.length) return null;
    return fitExamples(train, features, l2, options);
  });
  return { foldOf, fits };
}

/**
 * A calibration layer over the model's estimate, one per extractor (the sentence extractor's triples, the standards
 * patterns'): p' = sigmoid(a · logit(p) + b). Tried by calibrate-extractor.ts on the training folds (prec23: it does not
 * pay, and the product has none).
 */
export interface ExtractorCalibration {
  sentence: { a: number; b: number };
  pattern: { a: number; b: number };
}

/** The estimate `p` of a triple made by these rules through its extractor's layer (`p` itself without a layer). */
export function applyExtractorCalibration(calibration: ExtractorCalibration | null | undefined, p: number, rules: readonly string[]): number {
  if (!calibration) return p;
  const { a, b } = ruleFamily(rules[0] ?? 'none') === 'pattern' ? calibration.pattern : calibration.sentence;
  return sigmoid(a * logit(p) + b);
}

/**
 * A calibration layer per extractor fitted on held-out estimates:
 * for each extractor apart, a logistic regression of the verdict on the estimate's logit (`slope`: its weight fitted,
 * else held at 1 and only the shift fitted), each estimate weighted by its `w`. An extractor with no estimate keeps
 * the identity.
 */
export function fitExtractorCalibration(
  scored: readonly { p: number; keep: boolean; sentence: boolean; w?: number }[],
  options: { slope?: boolean } = {},
): ExtractorCalibration {
  const side = (sentence: boolean) => {
    const of = scored.filter((s) => s.sentence === sentence);
    if (!of.length) return { a: 1, b: 0 };
    const ys = of.map((s) => (s.keep ? 1 : 0));
    const sampleWeights = of.map((s) => s.w ?? 1);
    const round = (x: number) => Math.round(x * 1e6) / 1e6;
    if (options.slope === false) {
      const m = fitLinear(
        of.map(() => []),
        ys,
        { l2: 0, sampleWeights, offsets: of.map((s) => logit(s.p)) },
      );
      return { a: 1, b: round(m.bias) };
    }
    const m = fitLinear(
      of.map((s) => [logit(s.p)]),
      ys,
      { l2: 1e-3, sampleWeights },
    );
    return { a: round(m.weights[0]), b: round(m.bias) };
  };
  return { sentence: side(true), pattern: side(false) };
}

const fitWeightOf = (e: Example) => e.fitWeight ?? e.weight ?? 1;
/** What a fold holds whole: the example's family of documents, else its document. */
export const familyOf = (e: Example) => e.family ?? e.group;

const exampleRow = (e: Example, table: PrecisionTable, features: readonly string[]) =>
  tripleFeatures({ ...e.shape, rules: e.rules }, triplePrecision(e.rules, table) ?? table.prior, features);

/** Each example's estimate by the fit of its own fold (held out: its document was not fitted on), with its weight. */
export function heldOutEstimates(
  examples: readonly Example[],
  features: readonly string[],
  l2: number,
  options: TableOptions & { folds?: number } = {},
): { p: number; keep: boolean; w: number }[] {
  const { foldOf, fits } = foldFits(examples, features, l2, options);
  return examples.map((e) => {
    const fit = fits[foldOf.get(e.group)!]!;
    return { p: predictLogistic(fit.model, exampleRow(e, fit.table, features)), keep: e.verdict === 'keep', w: e.weight ?? 1 };
  });
}

/** The mean over folds by document of the held-out AUC and log loss of a model with these features. */
export function crossValidate(examples: readonly Example[], features: readonly string[], l2: number, options: TableOptions = {}): FoldScore {
  const { foldOf, fits } = foldFits(examples, features, l2, options);
  const scores: FoldScore[] = [];
  fits.forEach((fit, f) => {
    const test = examples.filter((e) => foldOf.get(e.group) === f);
    if (!fit || !test.length) return;
    const scored = test.map((e) => ({ p: predictLogistic(fit.model, exampleRow(e, fit.table, features)), keep: e.verdict === 'keep', w: e.weight ?? 1 }));
    scores.push({ auc: rankingAuc(scored), logLoss: logLoss(scored) });
  });
  const mean = (xs: number[]) => xs.filter((x) => !Number.isNaN(x)).reduce((a, b) => a + b, 0) / Math.max(1, xs.filter((x) => !Number.isNaN(x)).length);
  return { auc: mean(scores.map((s) => s.auc)), logLoss: mean(scores.map((s) => s.logLoss)) };
}

/**
 * Of the trials that add one feature to `current`, the one that saves the most log loss among those
 * that save at least MIN_GAIN without lowering the AUC (null when none does): a candidate that saves
 * more but lowers the AUC does not stop the search for one that meets both.
 */
export function bestStep(tries: readonly Trial[], current: FoldScore): Trial | null {
  return tries
    .filter((t) => current.logLoss - t.logLoss >= MIN_GAIN && t.auc >= current.auc)
    .reduce<Trial | null>((a, b) => (!a || b.logLoss < a.logLoss ? b : a), null);
}

/**
 * The base features, each candidate tried alone on top of them, then forward selection among the
 * candidates that helped alone (of those that save MIN_GAIN and keep the AUC, the one saving the most
 * first, while one does: bestStep), then backward: a feature (the rule's precision aside) whose removal lowers the folds'
 * log loss is noise on documents not seen and goes (the one whose removal saves most first); then the
 * L2 penalty of the chosen set; then forward again over every candidate left, on the chosen set at its
 * penalty. With `committed` (the features of the model in use), the same second pass also runs from that
 * set at its best penalty, and the end with the lower folds' log loss is chosen.
 */
export function selectFeatures(
  examples: readonly Example[],
  base: readonly string[],
  candidates: readonly string[],
  committed?: readonly string[],
): {
  chosen: Trial;
  base: Trial;
  alone: Trial[];
  steps: Trial[];
  dropped: { feature: string; trial: Trial }[];
  grid: Trial[];
  /** Each candidate left tried alone on the chosen set at its penalty, and those the second forward pass kept. */
  onChosenAlone: Trial[];
  onChosen: Trial[];
  /**
   * With `committed` (the features of the model in use): that set at its best penalty, the same second
   * forward pass from it, and whether it was chosen (its result's folds' log loss lower than the path's from the base).
   */
  fromCommitted?: { start: Trial; onChosen: Trial[]; chosen: boolean };
} {
  const trial = (features: string[], l2 = 1): Trial => ({ features, l2, ...crossValidate(examples, features, l2) });
  const baseTrial = trial([...base]);
  const alone = candidates.filter((c) => !base.includes(c)).map((c) => trial([...base, c]));
  let current = baseTrial;
  let pool = alone.filter((t) => baseTrial.logLoss - t.logLoss > 0).map((t) => t.features[t.features.length - 1]);
  const steps: Trial[] = [];
  while (pool.length) {
    const best = bestStep(
      pool.map((c) => trial([...current.features, c])),
      current,
    );
    if (!best) break;
    steps.push(best);
    current = best;
    pool = pool.filter((c) => !best.features.includes(c));
  }
  const dropped: { feature: string; trial: Trial }[] = [];
  for (;;) {
    const tries = current.features.slice(1).map((f) => ({ feature: f, trial: trial(current.features.filter((g) => g !== f)) }));
    const best = tries.reduce<(typeof tries)[number] | null>((a, b) => (!a || b.trial.logLoss < a.trial.logLoss ? b : a), null);
    if (!best || best.trial.logLoss >= current.logLoss) break;
    dropped.push(best);
    current = best.trial;
  }
  const tried = L2_GRID.map((l2) => trial(current.features, l2));
  const atBest = (trials: Trial[]) => trials.reduce((a, b) => (b.logLoss < a.logLoss ? b : a));
  // Forward again from the chosen set at its penalty: a candidate masked by the noise features dropped
  // above, or by the weaker penalty of the first pass, is tried on what ships (same gain and AUC rule).
  const forwardFrom = (start: Trial) => {
    let chosen = start;
    const onChosen: Trial[] = [];
    let rest = candidates.filter((c) => !chosen.features.includes(c));
    const onChosenAlone = rest.map((c) => trial([...chosen.features, c], chosen.l2));
    for (;;) {
      const tries = onChosen.length ? rest.map((c) => trial([...chosen.features, c], chosen.l2)) : onChosenAlone;
      const best = bestStep(tries, chosen);
      if (!best) break;
      onChosen.push(best);
      chosen = best;
      rest = rest.filter((c) => !best.features.includes(c));
    }
    return { chosen, onChosen, onChosenAlone };
  };
  const fromBase = forwardFrom(atBest(tried));
  // The forward path is greedy, so where it ends depends on where it starts: the committed model's
  // features (chosen on earlier folds) are a second start, through the same second pass, and the result
  // with the lower folds' log loss is chosen (never validation's).
  const known = committed?.filter((f) => f === base[0] || candidates.includes(f) || base.includes(f));
  if (known?.length && known[0] === base[0]) {
    const start = atBest(L2_GRID.map((l2) => trial([...known], l2)));
    const other = forwardFrom(start);
    const better = other.chosen.logLoss < fromBase.chosen.logLoss;
    const shipped = better ? other : fromBase;
    return {
      chosen: shipped.chosen,
      base: baseTrial,
      alone,
      steps,
      dropped,
      grid: tried,
      onChosenAlone: fromBase.onChosenAlone,
      onChosen: fromBase.onChosen,
      fromCommitted: { start, onChosen: other.onChosen, chosen: better },
    };
  }
  return { chosen: fromBase.chosen, base: baseTrial, alone, steps, dropped, grid: tried, onChosenAlone: fromBase.onChosenAlone, onChosen: fromBase.onChosen };
}

/** The prior strengths (pseudo-judgments) of the per-rule table tried on the folds. */
export const STRENGTH_GRID = [1, 2, 4, 8, 16, 32];

/**
 * The per-rule table's prior strength chosen on the folds by document for this model: how far a rule
 * judged a few times leans on its family's share is judged on documents the table never saw. The one
 * with the lowest folds' mean log loss, if it saves MIN_GAIN on `current` (the strength in use);
 * else `current` stays (a smaller saving is the folds' noise, as for a feature).
 */
export function chooseStrength(
  examples: readonly Example[],
  features: readonly string[],
  l2: number,
  grid: readonly number[] = STRENGTH_GRID,
  current = PRIOR_STRENGTH,
): { strength: number; tried: (FoldScore & { strength: number })[] } {
  const tried = [...new Set([...grid, current])]
    .sort((a, b) => a - b)
    .map((strength) => ({ strength, ...crossValidate(examples, features, l2, { strength }) }));
  const best = tried.reduce((a, b) => (b.logLoss < a.logLoss ? b : a));
  const now = tried.find((t) => t.strength === current)!;
  return { strength: now.logLoss - best.logLoss >= MIN_GAIN ? best.strength : current, tried };
}

/** The ranking and calibration of held-out estimates in one group of judgments (a document, a draw, a rule family). */
export interface GroupFigures {
  group: string;
  n: number;
  /** The weighted keep share, and the weighted mean estimate (their gap: the model's error of level for the group). */
  keep: number;
  meanP: number;
  auc: number;
  logLoss: number;
  /** Judgments at or above the threshold, and how many of them an editor kept. */
  shown: number;
  kept: number;
}

export function groupFigures(scored: readonly { p: number; keep: boolean; w?: number; group: string }[], threshold: number): GroupFigures[] {
  const groups = [...new Set(scored.map((s) => s.group))].sort((a, b) => a.localeCompare(b));
  return groups.map((group) => {
    const of = scored.filter((s) => s.group === group);
    const total = of.reduce((a, s) => a + (s.w ?? 1), 0);
    const shown = of.filter((s) => s.p >= threshold);
    return {
      group,
      n: of.length,
      keep: of.reduce((a, s) => a + (s.keep ? (s.w ?? 1) : 0), 0) / total,
      meanP: of.reduce((a, s) => a + (s.w ?? 1) * s.p, 0) / total,
      auc: rankingAuc(of),
      logLoss: logLoss(of),
      shown: shown.length,
      kept: shown.filter((s) => s.keep).length,
    };
  });
}

/**
 * Where a model's figures on documents it never saw come from (issue 32: a model that ranks training
 * documents' triples better than new documents'): the same model scored in-sample, held out by the
 * selection's folds by document and held out one document at a time (pooled AUC and log loss), and
 * the one-document-out estimates by document. A fit that memorises its documents (a rule's share from
 * a handful of judgments of one document) scores much better in-sample than held out; a gap between
 * the folds and a new set of documents that the folds do not show is a difference between documents.
 */
export function documentDiagnostics(
  examples: readonly Example[],
  features: readonly string[],
  l2: number,
  options: TableOptions = {},
): {
  inSample: FoldScore;
  folds: FoldScore;
  leaveOneOut: FoldScore;
  /** Each example's estimate fitted without its document, in the order given. */
  heldOut: number[];
} {
  const pooled = (ps: readonly number[]): FoldScore => {
    const scored = examples.map((e, i) => ({ p: ps[i], keep: e.verdict === 'keep', w: e.weight ?? 1 }));
    return { auc: rankingAuc(scored), logLoss: logLoss(scored) };
  };
  const full = fitExamples(examples, features, l2, options);
  const inSample = pooled(examples.map((e) => predictLogistic(full.model, exampleRow(e, full.table, features))));
  const folds = pooled(heldOutEstimates(examples, features, l2, options).map((s) => s.p));
  // (one family at a time: a document's siblings are held out with it)
  const families = new Set(examples.map(familyOf)).size;
  const heldOut = heldOutEstimates(examples, features, l2, { ...options, folds: families }).map((s) => s.p);
  return { inSample, folds, leaveOneOut: pooled(heldOut), heldOut };
}

/** A fact an editor listed for a section, with the triples of the full graph that hold it (held when one of them is shown). */
export interface FactExample {
  group: string;
  holding: { rules: readonly string[]; shape: TripleShape }[];
}

/** A fact's holding triples' estimates by one fit (null: not estimated, as estimatePrecision). */
const factEstimates = (fact: FactExample, fit: FoldFit, features: readonly string[]) =>
  fact.holding.map((h) => {
    const base = triplePrecision(h.rules, fit.table);
    return base === null ? null : predictLogistic(fit.model, tripleFeatures({ ...h.shape, rules: h.rules }, base, features));
  });

/** What the nested estimate gives for the documents of one outer fold. */
export interface NestedFold {
  fold: number;
  features: string[];
  l2: number;
  /** The threshold chosen on the inner folds (the other documents only), by THRESHOLD_RULE. */
  threshold: number;
  /** The threshold each rule of THRESHOLD_RULES chooses on the same inner folds. */
  thresholds: Record<ThresholdRuleName, number>;
  /** The fold's facts (held fully by the full graph): the precisions of the triples holding each, by that fit. */
  factEstimates: (number | null)[][];
  /** What the rules read: the other documents' judgments and facts, held out by their inner folds. */
  innerJudged: { p: number; keep: boolean; w: number; group: string; family: string }[];
  innerFacts: (number | null)[][];
  /** Its judged triples scored by the fit of the other documents, at that threshold. */
  scored: { p: number; keep: boolean; w: number; group: string; rules: readonly string[] }[];
  facts: number;
  factsHeld: number;
}

/**
 * The whole procedure, nested: for each outer fold by document, the feature selection, the L2 penalty
 * and the threshold rule run on the other documents alone (their own inner folds), and the fold's
 * judgments and facts are scored by that fit at that threshold. The folds of the selection itself have
 * chosen the features and the threshold they report, so they are optimistic; the nested figures are
 * what a document the whole procedure never saw gets (issue 32: the folds promised more than new
 * documents gave). Costs one selection per outer fold.
 */
export function nestedEstimate(
  examples: readonly Example[],
  facts: readonly FactExample[],
  base: readonly string[],
  candidates: readonly string[],
  committed?: readonly string[],
  options: { folds?: number; strength?: number } = {},
): NestedFold[] {
  const k = options.folds ?? FOLDS;
  // (a different seed from the inner folds', so that an outer fold is not an inner fold's documents again)
  const outer = foldsByGroup(examples.map(familyOf), k, 7);
  const foldOf = new Map(examples.map((e, i) => [e.group, outer[i]]));
  const out: NestedFold[] = [];
  for (let f = 0; f < k; f++) {
    const train = examples.filter((_, i) => outer[i] !== f);
    const test = examples.filter((_, i) => outer[i] === f);
    if (!test.length || !train.length) continue;
    const trainGroups = new Set(train.map((e) => e.group));
    const { chosen } = selectFeatures(train, base, candidates, committed);
    const table = { strength: options.strength ?? PRIOR_STRENGTH };
    const fit = fitExamples(train, chosen.features, chosen.l2, table);
    // the threshold by the rule the fit uses, on the other documents' inner folds, held out
    const inner = foldFits(train, chosen.features, chosen.l2, table);
    const innerFit = (g: string) => inner.fits[inner.foldOf.get(g) ?? -1] ?? fit;
    const innerJudged = train.map((e) => ({
      p: predictLogistic(innerFit(e.group).model, exampleRow(e, innerFit(e.group).table, chosen.features)),
      keep: e.verdict === 'keep',
      w: e.weight ?? 1,
      group: e.group,
      family: familyOf(e),
    }));
    const innerFacts = facts.filter((x) => trainGroups.has(x.group)).map((x) => factEstimates(x, innerFit(x.group), chosen.features));
    const thresholds = Object.fromEntries(
      (Object.keys(THRESHOLD_RULES) as ThresholdRuleName[]).map((rule) => [rule, chooseThresholdBy(innerJudged, innerFacts, rule).threshold]),
    ) as Record<ThresholdRuleName, number>;
    const threshold = thresholds[THRESHOLD_RULE];
    // (a fact of a document no judgment names sits in no outer fold's test: it is nobody's held-out fact)
    const testFacts = facts.filter((x) => foldOf.get(x.group) === f).map((x) => factEstimates(x, fit, chosen.features));
    out.push({
      fold: f,
      features: chosen.features,
      l2: chosen.l2,
      threshold,
      thresholds,
      factEstimates: testFacts,
      innerJudged,
      innerFacts,
      scored: test.map((e) => ({
        p: predictLogistic(fit.model, exampleRow(e, fit.table, chosen.features)),
        keep: e.verdict === 'keep',
        w: e.weight ?? 1,
        group: e.group,
        rules: e.rules,
      })),
      facts: testFacts.length,
      factsHeld: factsHeld(testFacts, threshold),
    });
  }
  return out;
}

/** How a threshold rule did on the outer folds of the nested estimate (fit-precision.ts --nested). */
export interface RuleOnFolds {
  rule: ThresholdRuleName;
  /** Outer folds where the view it chose meets both targets on the fold's own documents. */
  meets: number;
  /** Pooled over the folds: the keep rate of the judged triples shown and the share of the facts held fully. */
  keepRate: number;
  factsShare: number;
}

/**
 * The threshold rule the nested estimate prefers: the one meeting both targets on the most outer folds, then
 * the one whose smaller pooled share (kept, facts held) is highest, then THRESHOLD_RULE (the rule in use
 * moves only for a rule that does better).
 */
export function preferredRule(results: readonly RuleOnFolds[]): ThresholdRuleName {
  const worse = (r: RuleOnFolds) => Math.min(r.keepRate, r.factsShare);
  const current = results.find((r) => r.rule === THRESHOLD_RULE);
  let best = current ?? results[0];
  for (const r of results) if (r.meets > best.meets || (r.meets === best.meets && worse(r) > worse(best) + 1e-12)) best = r;
  return best.rule;
}
