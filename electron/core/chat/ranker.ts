// The fitted answer model: one table (chat/answer-model.json, written by scripts/fit-answers.ts) of
// weights over the named candidate features (chat/features.ts), a calibration over question features
// (so that `confidence` is the probability that the first answer is right), a groundedness model (does
// the question ask about something the documents hold at all) and the default threshold under which an
// answer is only offered as "unsure". Weights are looked up by feature name: a feature the table lacks
// weighs 0, a name the code no longer has is ignored. Optionally a few small boosted trees
// (learn/boost.ts) added to the linear score: they weigh one feature by another (by the kind of answer
// asked), which the linear table cannot.
import defaultModel from './answer-model.json' with { type: 'json' };
import { candidateFeatures, CANDIDATE_FEATURES, featureGeneration } from './features';
import {
  ASKED_KIND_FEATURES,
  askedKindValues,
  evidenceKind,
  NULL_FEATURES,
  nullFeatures,
  PASSAGE_INPUTS,
  questionFeatures,
  QUESTION_FEATURES,
  TREE_FEATURES,
  treeFeatures,
  type RankingViews,
} from './question-features';
import { answerKey, type Candidate } from './candidates';
import type { AnswerContext } from './candidates/context';
import { linear, sigmoid, type LinearModel } from '../learn/logistic';
import { forestValue, type TreeNode } from '../learn/boost';

export interface NamedModel {
  features: string[];
  weights: number[];
  bias: number;
}

export interface AnswerModel {
  version: 1;
  /** Log-odds that a candidate is a right answer, from its features. */
  candidate: NamedModel;
  /**
   * The score of "none of these" (answers read from passages), over the question's NULL_FEATURES, on the
   * candidates' scale (fitted with the candidate weights): the first answer's share is taken over the
   * candidates and it (absent: over the candidates alone).
   */
  null?: NamedModel;
  /**
   * Per kind of answer asked (ASKED_KIND_FEATURES), weights added to `candidate`'s when the question asks that
   * kind (absent: the shared weights alone): what a feature is worth for one kind and not another, fitted on top
   * of the shared weights with a heavier L2, so that a kind's weight stays at the shared one unless its own
   * questions say otherwise (fit-model.ts kindWeights).
   */
  kindWeights?: (NamedModel & { kind: string })[];
  /** Boosted trees added to a merged candidate's linear score, over the named inputs (features.ts TREE_FEATURES; absent: none). */
  trees?: { features: string[]; trees: TreeNode[] };
  /** Calibrated probability that the first answer is right, from the question features (answers read from passages). */
  confidence: NamedModel;
  /**
   * Boosted trees added to `confidence`'s log-odds, over the named question features (features.ts
   * CONFIDENCE_TREE_FEATURES; answers read from passages; absent: the linear calibration alone).
   */
  confidenceTrees?: { features: string[]; trees: TreeNode[] };
  /** The same for a question no passage was retrieved for (a graph imported without text); absent: `confidence`. */
  graphConfidence?: NamedModel;
  /** Probability that the documents hold the answer at all (below `groundedThreshold`: not in the graph). */
  grounded: NamedModel;
  groundedThreshold: number;
  /** Confidence below which the outcome is "unsure" (the setting chat.confidenceThreshold overrides it). */
  threshold: number;
  /** How and on what it was fitted. */
  fitted: Record<string, unknown>;
}

interface RankedCandidate extends Candidate {
  /** Log-odds from the candidate weights (with the support of the same answer from other places). */
  score: number;
}

export interface Ranking {
  ctx: AnswerContext;
  candidates: RankedCandidate[];
  /** Probability that the first candidate is right. */
  confidence: number;
  /** Probability that the documents hold what the question asks about. */
  grounded: number;
  /** The null alternative's score (null: the model has none, or the evidence is the graph's triples alone). */
  nullScore: number | null;
  /** The question features (QUESTION_FEATURES) the confidence and groundedness were read from. */
  features: number[];
}

/** A named model's weights in the order of `names` (absent names weigh 0). */
export function aligned(model: NamedModel, names: readonly string[]): LinearModel {
  const byName = new Map(model.features.map((f, i) => [f, model.weights[i]]));
  return { weights: names.map((n) => byName.get(n) ?? 0), bias: model.bias };
}

const cached = new WeakMap<Candidate, Map<string, number[]>>();
/**
 * A candidate's feature vector (candidateFeatures), kept with the candidate: a fit ranks the same
 * candidates many times (folds, settings), and the features depend on the candidate and its question only.
 */
export function featuresOf(c: Candidate, ctx: AnswerContext, support = 0, alsoPath = false): number[] {
  let byKey = cached.get(c);
  if (!byKey) cached.set(c, (byKey = new Map()));
  const key = `${featureGeneration()}|${support}|${alsoPath}`;
  let got = byKey.get(key);
  if (!got) byKey.set(key, (got = candidateFeatures(c, ctx, support, alsoPath)));
  return got;
}

const origins = new WeakMap<Candidate, Candidate>();
/** The candidate a ranked (merged) answer was read from, whose features it shares (itself when it is no ranked answer). */
export const originOf = (c: Candidate): Candidate => origins.get(c) ?? c;

/** Candidate weights without the passage inputs (PASSAGE_INPUTS), the view plainAgrees reads. */
const withoutPassageInputs = (m: LinearModel): LinearModel => ({
  weights: m.weights.map((w, j) => (PASSAGE_INPUTS.includes(CANDIDATE_FEATURES[j]) ? 0 : w)),
  bias: m.bias,
});

export class AnswerRanker {
  readonly candidate: LinearModel;
  readonly confidence: LinearModel;
  readonly graphConfidence: LinearModel;
  readonly grounded: LinearModel;
  readonly nullModel: LinearModel | null;
  /** The candidate weights without the passage inputs (PASSAGE_INPUTS): the simpler view the agreement feature plainAgrees reads. */
  readonly plain: LinearModel;
  /** The per-kind weights (AnswerModel.kindWeights), each with where its kind stands in ASKED_KIND_FEATURES. */
  private readonly kindModels: { at: number; model: LinearModel }[];
  /** Where each input the trees were fitted on stands in TREE_FEATURES (-1: a name the code no longer has, read as 0). */
  private readonly treeInputs: number[];
  /** Where each input of the calibration's trees stands in QUESTION_FEATURES (-1: a name the code no longer has, read as 0). */
  private readonly confidenceTreeInputs: number[];

  constructor(readonly model: AnswerModel = defaultModel as AnswerModel) {
    this.candidate = aligned(model.candidate, CANDIDATE_FEATURES);
    this.plain = withoutPassageInputs(this.candidate);
    this.kindModels = (model.kindWeights ?? [])
      .map((k) => ({ at: (ASKED_KIND_FEATURES as readonly string[]).indexOf(k.kind), model: aligned(k, CANDIDATE_FEATURES) }))
      .filter((k) => k.at >= 0);
    this.treeInputs = (model.trees?.features ?? []).map((f) => (TREE_FEATURES as readonly string[]).indexOf(f));
    this.confidenceTreeInputs = (model.confidenceTrees?.features ?? []).map((f) => (QUESTION_FEATURES as readonly string[]).indexOf(f));
    // (a question model names the features it was fitted on; the others weigh 0)
    this.confidence = aligned(model.confidence, QUESTION_FEATURES);
    this.graphConfidence = model.graphConfidence ? aligned(model.graphConfidence, QUESTION_FEATURES) : this.confidence;
    this.grounded = aligned(model.grounded, QUESTION_FEATURES);
    this.nullModel = model.null ? aligned(model.null, NULL_FEATURES) : null;
  }

  /** The null alternative's score for a question (null: no null model, or a graph without passages, whose path ends the walk orders). */
  nullScore(ctx: AnswerContext): number | null {
    return this.nullModel && evidenceKind(ctx) === 'text' ? linear(this.nullModel, nullFeatures(ctx)) : null;
  }

  /** What the calibration's trees add to the confidence's log-odds for a question's features (0 without trees). */
  confidenceTreeValue(q: number[]): number {
    const trees = this.model.confidenceTrees?.trees;
    return trees?.length
      ? forestValue(
          trees,
          this.confidenceTreeInputs.map((i) => (i < 0 ? 0 : q[i])),
        )
      : 0;
  }

  /** The candidate weights for a question: the shared ones, plus the per-kind weights of each kind it asks. */
  weightsFor(ctx: AnswerContext): LinearModel {
    if (!this.kindModels.length) return this.candidate;
    const asked = askedKindValues(ctx);
    const on = this.kindModels.filter((k) => asked[k.at]);
    if (!on.length) return this.candidate;
    return {
      weights: this.candidate.weights.map((w, j) => on.reduce((a, k) => a + k.model.weights[j], w)),
      bias: on.reduce((a, k) => a + k.model.bias, this.candidate.bias),
    };
  }

  /** A merged candidate's score: the linear table's log-odds, plus the trees' values when the model has trees. */
  score(c: Candidate, ctx: AnswerContext, support: number, alsoPath: boolean, weights: LinearModel = this.weightsFor(ctx)): number {
    const features = featuresOf(c, ctx, support, alsoPath);
    const base = linear(weights, features);
    const trees = this.model.trees?.trees;
    if (!trees?.length) return base;
    const all = treeFeatures(features, ctx, base);
    return (
      base +
      forestValue(
        trees,
        this.treeInputs.map((i) => (i < 0 ? 0 : all[i])),
      )
    );
  }

  /**
   * Second views of a ranking (features.ts RankingViews): the first of the merged answers under the weights
   * without the passage inputs, and the best-scored candidate read outside the first answer's passage.
   */
  private views(ctx: AnswerContext, ranked: RankedCandidate[], raw: { c: Candidate; s: number }[], weights: LinearModel): RankingViews {
    const top = ranked[0];
    if (!top) return { plainTop: null, otherPassageTop: null };
    const plain = weights === this.candidate ? this.plain : withoutPassageInputs(weights);
    let plainTop: RankedCandidate | null = null;
    let plainScore = -Infinity;
    for (const c of ranked) {
      const s = linear(plain, featuresOf(originOf(c), ctx, c.support ?? 0, (c.sources ?? []).includes('path')));
      if (s > plainScore) [plainTop, plainScore] = [c, s];
    }
    let other: { c: Candidate; s: number } | null = null;
    for (const x of raw) if (x.c.passageId !== top.passageId && (!other || x.s > other.s)) other = x;
    return { plainTop: plainTop?.text ?? null, otherPassageTop: other?.c.text ?? null };
  }

  /**
   * Candidates scored, the same answer from several places merged (the best-scored one kept, the
   * others counted as its support), best first; with the calibrated confidence of the first.
   */
  rank(ctx: AnswerContext, candidates: Candidate[]): Ranking {
    const weights = this.weightsFor(ctx);
    const raw = candidates.map((c) => ({ c, s: linear(weights, featuresOf(c, ctx)) }));
    const groups = new Map<string, { c: Candidate; s: number }[]>();
    for (const x of raw) {
      const k = answerKey(x.c.text);
      if (!k) continue;
      const g = groups.get(k);
      if (g) g.push(x);
      else groups.set(k, [x]);
    }
    const ranked: RankedCandidate[] = [];
    for (const group of groups.values()) {
      group.sort((a, b) => b.s - a.s);
      const best = group[0].c;
      const sources = [...new Set(group.map((x) => x.c.source))];
      const alsoPath = sources.includes('path');
      const score = this.score(best, ctx, group.length - 1, alsoPath, weights);
      // a path end's chain of facts goes with the answer wherever it was read
      const triples = best.triples.length ? best.triples : (group.find((x) => x.c.triples.length)?.c.triples ?? []);
      const merged = { ...best, triples, score, support: group.length - 1, sources };
      origins.set(merged, best);
      ranked.push(merged);
    }
    ranked.sort((a, b) => b.score - a.score || a.text.localeCompare(b.text));
    // path ends among themselves keep the order of the walk (retrieve/answers.ts scores the relation paths):
    // the table's scores of the path ends are dealt out in that order, so the table weighs the graph's
    // answers against the other sources' and the walk says which end of its paths is the answer
    const paths = ranked.filter((c) => c.source === 'path');
    if (paths.length > 1) {
      const scores = paths.map((c) => c.score);
      [...paths].sort((a, b) => (b.measures.pathScore ?? 0) - (a.measures.pathScore ?? 0)).forEach((c, i) => (c.score = scores[i]));
      ranked.sort((a, b) => b.score - a.score || a.text.localeCompare(b.text));
    }
    const nullScore = this.nullScore(ctx);
    const q = questionFeatures(ctx, ranked, nullScore, this.views(ctx, ranked, raw, weights));
    return {
      ctx,
      candidates: ranked,
      nullScore,
      features: q,
      // each kind of evidence has its own calibration (answers read off triples alone are right at other rates)
      confidence: ranked.length
        ? sigmoid(evidenceKind(ctx) === 'graph' ? linear(this.graphConfidence, q) : linear(this.confidence, q) + this.confidenceTreeValue(q))
        : 0,
      grounded: sigmoid(linear(this.grounded, q)),
    };
  }
}

let shared: AnswerRanker | null = null;
/** The ranker of the shipped model. */
export function defaultRanker(): AnswerRanker {
  return (shared ??= new AnswerRanker());
}

/** Setting: an answer model fitted on the user's own questions (`graphwright eval fit`); absent: the shipped one. */
export const SETTING_ANSWER_MODEL = 'chat.answerModel';

/** Whether a value has the shape of an answer model (a stored setting is checked before it is used). */
export function isAnswerModel(value: unknown): value is AnswerModel {
  const m = value as AnswerModel | null;
  const named = (x: NamedModel | undefined) =>
    !!x && Array.isArray(x.features) && Array.isArray(x.weights) && x.features.length === x.weights.length && typeof x.bias === 'number';
  return (
    !!m &&
    m.version === 1 &&
    named(m.candidate) &&
    named(m.confidence) &&
    named(m.grounded) &&
    (m.null === undefined || named(m.null)) &&
    (m.kindWeights === undefined || (Array.isArray(m.kindWeights) && m.kindWeights.every((k) => named(k) && typeof k.kind === 'string'))) &&
    typeof m.threshold === 'number'
  );
}

/** The ranker of the model a setting holds, else the shipped one's. */
export function rankerFromSetting(value: unknown): AnswerRanker {
  return isAnswerModel(value) ? new AnswerRanker(value) : defaultRanker();
}
