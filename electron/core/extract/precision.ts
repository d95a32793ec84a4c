// A triple's precision: the estimated probability that an editor keeps it as it stands, from the
// editor judgments of data/judgments/ fitted per rule (scripts/judgments/fit-precision.ts writes
// rule-precision.json from the training documents only). A triple counts for the rule that made it
// (its first rule id); a rule with few judgments leans on its family's share (`prop`, `pattern`,
// ...), a family with few on the share of all judged triples: each level is a beta prior of
// PRIOR_STRENGTH pseudo-judgments at the level above's share (fit-precision.ts tries other strengths on
// the folds by document and moves only for a saving above the folds' noise).
import fitted from './rule-precision.json' with { type: 'json' };

export type Verdict = 'keep' | 'edit' | 'wrong';

interface RuleTally {
  n: number;
  keep: number;
  edit: number;
  wrong: number;
  /** The smoothed keep share. */
  precision: number;
}

export interface PrecisionTable {
  /** The keep share of all judged triples (add-one smoothed). */
  prior: number;
  strength: number;
  families: Record<string, RuleTally>;
  rules: Record<string, RuleTally>;
}

/** Pseudo-judgments a rule's (a family's) share starts from: the family's (all triples') share. */
export const PRIOR_STRENGTH = 4;

/** The family of a rule id: `prop.object` -> `prop`, `pattern:xref.cite` -> `pattern`, `llm:EE@1` -> `llm`. */
export function ruleFamily(id: string): string {
  return /^[a-z]+(?=[:.])/.exec(id)?.[0] ?? id;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

function tally(items: { verdict: Verdict }[]): Omit<RuleTally, 'precision'> {
  const t = { n: items.length, keep: 0, edit: 0, wrong: 0 };
  for (const i of items) t[i.verdict]++;
  return t;
}

function groupBy<T>(items: T[], key: (x: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of items) {
    const k = key(x);
    const list = out.get(k);
    if (list) list.push(x);
    else out.set(k, [x]);
  }
  return out;
}

/** The weighted count of kept judgments and of all (a judgment without a weight counts 1). */
function weighed(items: { verdict: Verdict; weight?: number }[]): { keep: number; n: number } {
  let keep = 0;
  let n = 0;
  for (const i of items) {
    n += i.weight ?? 1;
    if (i.verdict === 'keep') keep += i.weight ?? 1;
  }
  return { keep, n };
}

/**
 * Per-rule precision from judged triples (each with the rule ids that made it, the deciding one
 * first). A judgment's `weight` (the inverse of its draw's inclusion rate, scripts/judgments/draws.ts,
 * scaled to a mean of 1) makes the shares estimate those of all triples rather than of a draw that
 * preferred some; the tallies count judgments as they are.
 */
export function fitPrecision(
  judged: { rules: string[]; verdict: Verdict; weight?: number; group?: string }[],
  strength = PRIOR_STRENGTH,
  documentCap?: number,
): PrecisionTable {
  const usable = judged.filter((j) => j.rules.length > 0);
  // (documentCap: within one rule, the judgments of one document together weigh at most this many, so that a rule
  // judged on few documents leans on its family's share as one judged on few triples does)
  const capped = (items: typeof usable) => {
    if (!documentCap) return items;
    const byDocument = groupBy(items, (j) => j.group ?? '');
    return items.map((j) => {
      const total = weighed(byDocument.get(j.group ?? '')!).n;
      return total > documentCap ? { ...j, weight: ((j.weight ?? 1) * documentCap) / total } : j;
    });
  };
  const all = weighed(usable);
  const prior = (all.keep + 1) / (all.n + 2);
  const families: Record<string, RuleTally> = {};
  for (const [family, items] of [...groupBy(usable, (j) => ruleFamily(j.rules[0]))].sort(([a], [b]) => a.localeCompare(b))) {
    const w = weighed(items);
    families[family] = { ...tally(items), precision: round((w.keep + strength * prior) / (w.n + strength)) };
  }
  const rules: Record<string, RuleTally> = {};
  for (const [rule, items] of [...groupBy(usable, (j) => j.rules[0])].sort(([a], [b]) => a.localeCompare(b))) {
    const w = weighed(capped(items));
    rules[rule] = { ...tally(items), precision: round((w.keep + strength * families[ruleFamily(rule)].precision) / (w.n + strength)) };
  }
  return { prior: round(prior), strength, families, rules };
}

export const RULE_PRECISION: PrecisionTable = fitted as PrecisionTable;

/** The share of the facts a full graph holds that the default view must still hold at the chosen threshold. */
export const FACTS_KEPT_TARGET = 0.7;
/**
 * The judged triples and facts are few (tens to hundreds): a share is read as the lower bound of its
 * one-sided 90 % Wilson interval, not as the share seen, so that the target holds on documents not
 * judged too.
 */
export const FACTS_KEPT_Z = 1.2816;

/** The lower bound of the Wilson score interval of `k` successes in `n` trials (z: its normal quantile). */
export function wilsonLower(k: number, n: number, z: number): number {
  if (n === 0) return 0;
  const p = k / n;
  const z2 = z * z;
  return (p + z2 / (2 * n) - z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
}

/**
 * A fact an editor listed, as the threshold rules read it: the precisions of the triples holding it (null: not
 * estimated), alone or with the `group` it was listed in (its document): the facts of one document are
 * listed by one reading of one text and held by one extraction of it, so they stand or fall together more
 * than independent facts would (factsShareLower).
 */
export type ListedFact = readonly (number | null)[] | { precisions: readonly (number | null)[]; group?: string };

const precisionsOf = (f: ListedFact): readonly (number | null)[] => (Array.isArray(f) ? f : (f as { precisions: readonly (number | null)[] }).precisions);
const groupOf = (f: ListedFact): string | undefined => (Array.isArray(f) ? undefined : (f as { group?: string }).group);
const heldAt = (f: ListedFact, t: number) => precisionsOf(f).some((p) => p === null || p >= t);

/** How many of these facts the default view holds at threshold `t` (a fact stays when one of its triples is at or above it, or not estimated). */
export function factsHeld(facts: readonly ListedFact[], t: number): number {
  return facts.filter((f) => heldAt(f, t)).length;
}

/**
 * The lower bound (at `z`) of the share of these facts the default view holds at threshold `t`: the Wilson
 * bound of the share seen, read at an effective size no larger than the spread of the share between the
 * facts' groups allows when they name one (weightedKeepLower's cluster-robust size: a view that holds all
 * of some documents' facts and few of others' is known less well than its count of facts says); the plain
 * Wilson bound of the count when none does.
 */
export function factsShareLower(facts: readonly ListedFact[], t: number, z: number): number {
  if (!facts.some((f) => groupOf(f) !== undefined)) return wilsonLower(factsHeld(facts, t), facts.length, z);
  return weightedKeepLower(
    facts.map((f) => ({ keep: heldAt(f, t), group: groupOf(f) })),
    z,
  ).lower;
}

/**
 * The highest threshold (on a 0.01 grid) at which the default view still holds at least `target` of
 * the given facts, each held by triples of these precisions; with `z` > 0, the lower bound of the
 * share's Wilson interval must reach the target. 0 when no threshold does. (The rule before
 * precision8; `chooseBalancedThreshold` is the default view's now.)
 */
export function chooseThreshold(facts: readonly ListedFact[], target = FACTS_KEPT_TARGET, z = 0): number {
  for (let step = 100; step > 0; step--) {
    const t = step / 100;
    if (facts.length > 0 && wilsonLower(factsHeld(facts, t), facts.length, z) >= target - 1e-12) return t;
  }
  return 0;
}

/**
 * The keep share of weighted judgments and its lower Wilson bound, read at an effective sample size:
 * the weights' (Kish: (sum w)^2 / sum w^2, so that a few heavy judgments do not pass for many), and,
 * when the judgments name their `group` (the document), at most the size whose binomial variance equals
 * the share's variance between documents (the cluster-robust variance of a ratio, with the small-sample
 * factor G / (G - 1)): the default view is checked on documents not judged, and the documents judged
 * differ more from one another than their judgments' count says.
 */
export function weightedKeepLower(
  judged: readonly { keep: boolean; w?: number; group?: string }[],
  z: number,
): { share: number; lower: number; effective: number } {
  let sum = 0;
  let squares = 0;
  let kept = 0;
  for (const j of judged) {
    const w = j.w ?? 1;
    sum += w;
    squares += w * w;
    if (j.keep) kept += w;
  }
  if (sum <= 0) return { share: 0, lower: 0, effective: 0 };
  let effective = (sum * sum) / squares;
  const share = kept / sum;
  const residuals = new Map<string, number>();
  for (const j of judged) if (j.group !== undefined) residuals.set(j.group, (residuals.get(j.group) ?? 0) + (j.w ?? 1) * ((j.keep ? 1 : 0) - share));
  const groups = residuals.size;
  if (groups > 1) {
    const variance = ((groups / (groups - 1)) * [...residuals.values()].reduce((a, r) => a + r * r, 0)) / (sum * sum);
    if (variance > 0) effective = Math.min(effective, (share * (1 - share)) / variance);
  }
  return { share, lower: wilsonLower(share * effective, effective, z), effective };
}

/** What the default view shows at one threshold, on judged triples and listed facts. */
export interface TradeOffPoint {
  threshold: number;
  /** Judged triples at or above it, and how many of them an editor kept. */
  shown: number;
  kept: number;
  /** The keep rate of the shown triples, each weighted by its `w` (the plain share without weights). */
  keepRate: number;
  /** The facts it still holds, of `facts`. */
  factsHeld: number;
  facts: number;
  /** The lower Wilson bounds (at `z`) of the keep rate of the shown triples and of the share of facts held. */
  keepLower: number;
  factsLower: number;
}

/** The default view at each threshold of a 0.01 grid from 0 to 1 (a judged triple's `w` weights it: inclusionWeights). */
export function tradeOffCurve(
  judged: readonly { p: number; keep: boolean; w?: number; group?: string }[],
  facts: readonly ListedFact[],
  z = FACTS_KEPT_Z,
): TradeOffPoint[] {
  return Array.from({ length: 101 }, (_, step) => {
    const threshold = step / 100;
    const shownSet = judged.filter((j) => j.p >= threshold);
    const kept = shownSet.filter((j) => j.keep).length;
    const held = factsHeld(facts, threshold);
    const keep = weightedKeepLower(shownSet, z);
    return {
      threshold,
      shown: shownSet.length,
      kept,
      keepRate: keep.share,
      factsHeld: held,
      facts: facts.length,
      keepLower: keep.lower,
      factsLower: factsShareLower(facts, threshold, z),
    };
  });
}

/**
 * The default view's threshold, aimed at its two targets together: an editor keeps at least 70 % of
 * what it shows, while it still holds at least 70 % of the facts editors list. Each share is taken
 * as the lower bound of its one-sided Wilson interval (`z`: the judged triples and facts are few), and
 * the threshold is the one whose smaller bound is highest: raising it buys keep rate with facts, so
 * the best point is where neither can gain without the other falling below it. The estimates given
 * should be held out (each judged triple and fact scored by a model fitted without its document), or
 * the keep rate is flattered. A judged triple's `w` weights it (the inverse of its draw's inclusion
 * rate) and its `group` (its document) lets the keep rate's bound read the spread between documents
 * (weightedKeepLower). Ties go to the lower threshold (the view that hides less).
 */
export function chooseBalancedThreshold(
  judged: readonly { p: number; keep: boolean; w?: number; group?: string }[],
  facts: readonly ListedFact[],
  z = FACTS_KEPT_Z,
): TradeOffPoint {
  const curve = tradeOffCurve(judged, facts, z);
  const worse = (x: TradeOffPoint) => Math.min(x.keepLower, x.factsLower);
  return curve.reduce((best, x) => (worse(x) > worse(best) + 1e-12 ? x : best));
}

/**
 * The estimated probability that an editor keeps a triple made by these rules, or null when nothing
 * judged speaks for it (no rules recorded, or a family never judged, such as a model's triples).
 */
export function triplePrecision(rules: readonly string[], table: PrecisionTable = RULE_PRECISION): number | null {
  const id = rules[0];
  if (!id) return null;
  return table.rules[id]?.precision ?? table.families[ruleFamily(id)]?.precision ?? null;
}

/**
 * The rules the default view's threshold can be chosen by, each from the held-out curve (tradeOffCurve) of
 * judged triples and listed facts. Which one the fit uses (THRESHOLD_RULE) is itself chosen on training: the
 * nested estimate (scripts/judgments/select-features.ts nestedEstimate) runs each without every outer fold
 * of document families and counts the folds where the view it chose meets both targets on the documents
 * it never saw.
 *
 * - `balanced`: the smaller of the two lower bounds at its highest (chooseBalancedThreshold).
 * - `balanced, point`: the smaller of the two shares seen at its highest (no bounds).
 * - `balanced, keep z 1.96`: as `balanced`, the keep rate read at a two-sided 95 % bound: the keep rate of new
 *   documents spreads more than the facts they hold.
 * - `facts bound first`: the highest threshold whose facts' lower bound still reaches the target (the keep
 *   rate as high as the facts allow); `balanced` when none does.
 * - `keep bound first`: the lowest threshold whose keep rate's lower bound reaches the target (the facts as
 *   many as the keep rate allows); `balanced` when none does.
 * - `balanced, by family`: as `balanced`, the keep rate's bound reading the spread between families of documents
 *   (editions and companions of one template, scripts/judgments/families.ts) instead of between documents: the
 *   view is checked on new families.
 * - `new family`: the smaller of the facts' lower bound and the keep rate a new family of documents would see
 *   (the share less `z` times the spread of the families' keep rates) at its highest.
 */
export const THRESHOLD_RULES = {
  balanced: (judged: readonly ThresholdJudged[], facts: readonly ListedFact[]) => chooseBalancedThreshold(judged, facts),
  'balanced, point': (judged: readonly ThresholdJudged[], facts: readonly ListedFact[]) => chooseBalancedThreshold(judged, facts, 0),
  'balanced, keep z 1.96': (judged: readonly ThresholdJudged[], facts: readonly ListedFact[]) => {
    const keepCurve = tradeOffCurve(judged, facts, 1.96);
    const curve = tradeOffCurve(judged, facts).map((x, i) => ({ ...x, keepLower: keepCurve[i].keepLower }));
    return curve.reduce((best, x) => (Math.min(x.keepLower, x.factsLower) > Math.min(best.keepLower, best.factsLower) + 1e-12 ? x : best));
  },
  'facts bound first': (judged: readonly ThresholdJudged[], facts: readonly ListedFact[]) => {
    const curve = tradeOffCurve(judged, facts);
    const reaching = curve.filter((x) => x.facts > 0 && x.factsLower >= FACTS_KEPT_TARGET - 1e-12);
    return reaching.length ? reaching[reaching.length - 1] : chooseBalancedThreshold(judged, facts);
  },
  'keep bound first': (judged: readonly ThresholdJudged[], facts: readonly ListedFact[]) => {
    const curve = tradeOffCurve(judged, facts);
    return curve.find((x) => x.shown > 0 && x.keepLower >= KEEP_RATE_TARGET - 1e-12) ?? chooseBalancedThreshold(judged, facts);
  },
  'balanced, by family': (judged: readonly ThresholdJudged[], facts: readonly ListedFact[]) =>
    chooseBalancedThreshold(
      judged.map((j) => ({ ...j, group: j.family ?? j.group })),
      facts,
    ),
  'new family': (judged: readonly ThresholdJudged[], facts: readonly ListedFact[]) => {
    const curve = tradeOffCurve(judged, facts).map((x) => ({
      ...x,
      keepLower: newFamilyKeep(
        judged.filter((j) => j.p >= x.threshold),
        FACTS_KEPT_Z,
      ),
    }));
    return curve.reduce((best, x) => (Math.min(x.keepLower, x.factsLower) > Math.min(best.keepLower, best.factsLower) + 1e-12 ? x : best));
  },
  'middle of the band': (judged: readonly ThresholdJudged[], facts: readonly ListedFact[]) =>
    middleOfBand(tradeOffCurve(judged, facts), true) ?? chooseBalancedThreshold(judged, facts),
  'middle of the band, point': (judged: readonly ThresholdJudged[], facts: readonly ListedFact[]) =>
    middleOfBand(tradeOffCurve(judged, facts), false) ?? chooseBalancedThreshold(judged, facts),
} satisfies Record<string, (judged: readonly ThresholdJudged[], facts: readonly ListedFact[]) => TradeOffPoint>;

/**
 * The threshold in the middle of the band where both targets are met (both lower bounds, or with `bounds`
 * false both shares seen, at or above 70 %): on new documents the curve shifts one way or the other, and the
 * middle leaves the most room for either. The band is from the lowest to the highest threshold meeting both
 * (rounded down to the grid); undefined when none does.
 */
function middleOfBand(curve: readonly TradeOffPoint[], bounds: boolean): TradeOffPoint | undefined {
  const meets = curve.filter((x) =>
    bounds
      ? x.keepLower >= KEEP_RATE_TARGET - 1e-12 && x.factsLower >= FACTS_KEPT_TARGET - 1e-12
      : x.shown > 0 && x.keepRate >= KEEP_RATE_TARGET - 1e-12 && x.facts > 0 && x.factsHeld / x.facts >= FACTS_KEPT_TARGET - 1e-12,
  );
  if (!meets.length) return undefined;
  const middle = Math.floor((Math.round(100 * meets[0].threshold) + Math.round(100 * meets[meets.length - 1].threshold)) / 2);
  return curve.find((x) => Math.round(100 * x.threshold) === middle);
}

/**
 * The keep rate a new family of documents would see in the view: the weighted share of these judged triples
 * less `z` times the spread (weighted standard deviation, with the small-sample factor G / (G - 1)) of the
 * families' own shares, each family weighted by its shown weight. 0 with fewer than two families.
 */
export function newFamilyKeep(judged: readonly ThresholdJudged[], z: number): number {
  const byFamily = new Map<string, { w: number; kept: number }>();
  let sum = 0;
  let kept = 0;
  for (const j of judged) {
    const key = j.family ?? j.group ?? '';
    const f = byFamily.get(key) ?? { w: 0, kept: 0 };
    const w = j.w ?? 1;
    f.w += w;
    if (j.keep) f.kept += w;
    byFamily.set(key, f);
    sum += w;
    if (j.keep) kept += w;
  }
  const groups = byFamily.size;
  if (groups < 2 || sum <= 0) return 0;
  const share = kept / sum;
  const variance = ((groups / (groups - 1)) * [...byFamily.values()].reduce((a, f) => a + f.w * (f.kept / f.w - share) ** 2, 0)) / sum;
  return share - z * Math.sqrt(variance);
}

export type ThresholdRuleName = keyof typeof THRESHOLD_RULES;

/** A judged triple as the threshold rules read it: its held-out precision, the verdict, its weight and document. */
export interface ThresholdJudged {
  p: number;
  keep: boolean;
  w?: number;
  group?: string;
  /** The family of documents of its document (scripts/judgments/families.ts), when known. */
  family?: string;
}

/** The keep rate an editor should find in the default view (issue 32: 28 of 40). */
export const KEEP_RATE_TARGET = 0.7;

/** The rule the fit chooses the default view's threshold by (chosen on the nested estimate, docs/extraction.md). */
export const THRESHOLD_RULE: ThresholdRuleName = 'balanced';

/** The default view's threshold by a rule of THRESHOLD_RULES (THRESHOLD_RULE unless named). */
export function chooseThresholdBy(judged: readonly ThresholdJudged[], facts: readonly ListedFact[], rule: ThresholdRuleName = THRESHOLD_RULE): TradeOffPoint {
  return THRESHOLD_RULES[rule](judged, facts);
}
