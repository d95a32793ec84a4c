// The answer ranker's folds refitted from a dump of the training questions' candidate vectors, for feature
// audits (scripts/answers/audit-features.ts): a fit spends most of its time retrieving and reading candidates,
// and the candidate weights are fitted on the feature vectors alone. `dumpExamples` writes, once, every
// question's candidates as chat/features.ts reads them (before merging), with what merging and ranking need
// (the answer key, the text, the source, the path score, whether the grader takes it), the null alternative's
// inputs and the question inputs of the calibration that do not depend on the ranking. `vectorFolds` then
// repeats chat/fit-model.ts's folds by document for one listwise setting with the null fitted jointly (the
// shipped command's `--setting listwise:L2 --null joint`): the first fit over every candidate, the second over
// the answers merged as the ranker merges them, each fold ranked by weights fitted on the others; a left-out
// feature reads 0, as with `--without`. Its top-1 is the full fit's for the same examples and seed; its
// calibration is the shipped one's inputs (consistentShare, missingNoun, formMargin, passageMargin, chosen
// forward, at most four, with an intercept per kind asked), nested by folds as fit-model.ts nests it.
import { answerKey, type Candidate } from '../../electron/core/chat/candidates';
import { CANDIDATE_FEATURES, consistentAnswers } from '../../electron/core/chat/features';
import type { FitExample } from '../../electron/core/chat/fit-model';
import { featuresOf } from '../../electron/core/chat/ranker';
import {
  ASKED_KIND_FEATURES,
  askedKindValues,
  evidenceKind,
  NULL_FEATURES,
  nullFeatures,
  QUESTION_FEATURES,
  questionFeatures,
  type EvidenceKind,
} from '../../electron/core/chat/question-features';
import { answerCorrect } from '../../electron/core/text/answer-match';
import { dampedStep, foldsByGroup, linear, sigmoid, solve } from '../../electron/core/learn/logistic';
import { fitCalibration, type CalibrationOptions } from '../../electron/core/learn/calibrate';
import { CALIBRATION_GAIN, CALIBRATION_L2 } from '../../electron/core/chat/fit-model';
import { expectedCalibrationError, precisionAt } from '../../electron/core/eval/calibration';

/** One candidate as dumped: its feature vector sparse (indices into the dump's `features`, values). */
export interface DumpedCandidate {
  key: string;
  text: string;
  source: string;
  right: boolean;
  pathScore: number;
  at: number[];
  values: number[];
}

export interface DumpedQuestion {
  id: string;
  /** The fold group (the question's document). */
  group: string;
  kind: EvidenceKind;
  answerable: boolean;
  /** The kinds asked (ASKED_KIND_FEATURES, 0 / 1). */
  asked: number[];
  /** The null alternative's inputs (NULL_FEATURES). */
  null: number[];
  /** The calibration inputs read off the question and its retrieval alone. */
  missingNoun: number;
  passageMargin: number;
  /** The other question inputs of the calibration read off the question and its retrieval alone (QUESTION_INPUTS; absent in older dumps). */
  question?: Record<string, number>;
  candidates: DumpedCandidate[];
}

export interface VectorDump {
  version: 1;
  features: string[];
  nullFeatures: string[];
  questions: DumpedQuestion[];
}

/**
 * The question features read off the question and its retrieval alone (no ranking): how well the documents ground
 * what is asked, dumped for the calibration audit (scripts/answers/audit-calibration.ts).
 */
export const QUESTION_INPUTS = [
  'grounding',
  'missingNoun',
  'rareNoun',
  'passageHolds',
  'namesTogether',
  'headMet',
  'bestSentence',
  'passageMargin',
  'missingName',
] as const;

/** The examples a fit gathered, as vectors (every feature read: none left out while dumping). */
export function dumpExamples(examples: FitExample[]): VectorDump {
  const missing = QUESTION_FEATURES.indexOf('missingNoun');
  const margin = QUESTION_FEATURES.indexOf('passageMargin');
  return {
    version: 1,
    features: [...CANDIDATE_FEATURES],
    nullFeatures: [...NULL_FEATURES],
    questions: examples.map((e, i) => {
      const q = questionFeatures(e.ctx, [], null);
      return {
        id: e.id ?? String(i),
        group: e.group,
        kind: evidenceKind(e.ctx),
        answerable: e.gold.length > 0,
        asked: askedKindValues(e.ctx),
        null: nullFeatures(e.ctx),
        missingNoun: q[missing],
        passageMargin: q[margin],
        question: Object.fromEntries(QUESTION_INPUTS.map((name) => [name, q[QUESTION_FEATURES.indexOf(name)]])),
        candidates: e.candidates.map((c) => sparse(c, featuresOf(c, e.ctx), answerCorrect(e.gold, c.text))),
      };
    }),
  };
}

/** A row of a softmax group, sparse: the columns it has non-zero and their values. */
interface SparseRow {
  at: number[];
  values: number[];
}

const sparseOf = (x: number[]): SparseRow => {
  const at: number[] = [];
  const values: number[] = [];
  x.forEach((v, j) => {
    if (v) {
      at.push(j);
      values.push(v);
    }
  });
  return { at, values };
};

function sparse(c: Candidate, x: number[], right: boolean): DumpedCandidate {
  const { at, values } = sparseOf(x);
  return { key: answerKey(c.text), text: c.text, source: c.source, right, pathScore: c.measures.pathScore ?? 0, at, values };
}

export interface VectorFoldOptions {
  folds?: number;
  seed?: number;
  l2?: number;
  /** Candidate features read as 0. */
  without?: readonly string[];
  /** At most how many of the calibration inputs (the shipped four) are chosen. */
  calibrationMax?: number;
}

export interface VectorPoint {
  id: string;
  group: string;
  kind: EvidenceKind;
  answerable: boolean;
  correct: boolean;
  reachable: boolean;
  rightRank: number;
  confidence: number;
}

/** A merged answer: its dumped origin, its vector with support, its score. */
interface Merged {
  c: DumpedCandidate;
  x: number[];
  score: number;
  sources: string[];
}

/** The fitted weights over the kept columns, and the null's over NULL_FEATURES. */
interface Weights {
  w: number[];
  nullW: number[];
}

/** The calibration inputs of a ranking (the shipped table's four) after the kinds asked. */
export const CALIBRATION_INPUTS = ['consistentShare', 'missingNoun', 'formMargin', 'passageMargin'] as const;
const MARGIN_CAP = 5;
const LOG_ODDS_CAP = 6;

/** The folds' held-out rankings of the dumped questions, before any calibration. */
export interface VectorRankings {
  /** Each question's held-out point (confidence 0 until calibrated). */
  points: VectorPoint[];
  /** Each question's calibration inputs by name (RANKING_INPUTS and the dumped question inputs). */
  inputs: Record<string, number>[];
  /** Whether the question had no candidate (its confidence is 0). */
  none: boolean[];
  folds: number[];
  k: number;
}

/** The held-out rankings of the folds by document, fitted on the dumped vectors (graph questions keep their fold places and are not ranked). */
export function vectorRankings(dump: VectorDump, options: VectorFoldOptions = {}): VectorRankings {
  const left = new Set(options.without ?? []);
  // the columns read: those not left out that some candidate has non-zero (a column that is 0 throughout keeps a
  // weight of 0 under L2, so leaving it out of the fit changes nothing)
  const used = new Set<number>();
  for (const q of dump.questions) for (const c of q.candidates) for (const j of c.at) used.add(j);
  const supportAt = dump.features.indexOf('support');
  const alsoPathAt = dump.features.indexOf('alsoPath');
  for (const j of [supportAt, alsoPathAt]) if (j >= 0) used.add(j);
  const cols = [...used].filter((j) => !left.has(dump.features[j])).sort((a, b) => a - b);
  const colOf = new Map(cols.map((j, i) => [j, i]));
  const d = cols.length;
  const nullWidth = dump.nullFeatures.length;
  const dense = (c: DumpedCandidate) => {
    const x = new Array<number>(d).fill(0);
    c.at.forEach((j, i) => {
      const k = colOf.get(j);
      if (k !== undefined) x[k] = c.values[i];
    });
    return x;
  };
  // (the first fit reads every candidate; ranking merges those with an answer key)
  const all = dump.questions.map((q) => q.candidates.map((c) => ({ c, x: dense(c) })));
  const raw = all.map((cs) => cs.filter((r) => r.c.key));
  const supportCol = colOf.get(supportAt);
  const alsoPathCol = colOf.get(alsoPathAt);

  /** A question's answers merged and ranked by `w` (chat/ranker.ts rank). */
  const rank = (qi: number, w: number[]): Merged[] => {
    const scored = raw[qi].map((r) => ({ ...r, s: dot(w, r.x) }));
    const groups = new Map<string, typeof scored>();
    for (const x of scored) {
      const g = groups.get(x.c.key);
      if (g) g.push(x);
      else groups.set(x.c.key, [x]);
    }
    const ranked: Merged[] = [];
    for (const group of groups.values()) {
      group.sort((a, b) => b.s - a.s);
      const best = group[0];
      const sources = [...new Set(group.map((x) => x.c.source))];
      const x = [...best.x];
      if (supportCol !== undefined) x[supportCol] = Math.log1p(group.length - 1);
      if (alsoPathCol !== undefined) x[alsoPathCol] = sources.includes('path') && best.c.source !== 'path' ? 1 : 0;
      ranked.push({ c: best.c, x, score: dot(w, x), sources });
    }
    ranked.sort((a, b) => b.score - a.score || a.c.text.localeCompare(b.c.text));
    const paths = ranked.filter((m) => m.c.source === 'path');
    if (paths.length > 1) {
      const scores = paths.map((m) => m.score);
      [...paths].sort((a, b) => b.c.pathScore - a.c.pathScore).forEach((m, i) => (m.score = scores[i]));
      ranked.sort((a, b) => b.score - a.score || a.c.text.localeCompare(b.c.text));
    }
    return ranked;
  };

  const zeros = new Array<number>(nullWidth).fill(0);
  const nullRow = (qi: number) => [...new Array<number>(d).fill(0), ...dump.questions[qi].null];
  const softmaxGroup = (qi: number, xs: number[][], right: boolean[]) => ({
    x: [...xs.map((x) => [...x, ...zeros]), nullRow(qi)],
    right: [...right, !right.some(Boolean)],
  });
  const l2 = options.l2 ?? 0.03;
  const fitOn = (groups: { x: number[][]; right: boolean[] }[]) => fitSparseConditionalLogit(groups, d + nullWidth, l2);
  const fit = (train: number[]): Weights => {
    const text = train.filter((qi) => dump.questions[qi].kind === 'text');
    const split = (v: number[]): Weights => ({ w: v.slice(0, d), nullW: v.slice(d) });
    const first = split(
      fitOn(
        text.map((qi) =>
          softmaxGroup(
            qi,
            all[qi].map((r) => r.x),
            all[qi].map((r) => r.c.right),
          ),
        ),
      ),
    );
    const merged = text.map((qi) => ({ qi, ranked: rank(qi, first.w) }));
    if (!merged.some((m) => m.ranked.length)) return first;
    return split(
      fitOn(
        merged.map(({ qi, ranked }) =>
          softmaxGroup(
            qi,
            ranked.map((m) => m.x),
            ranked.map((m) => m.c.right),
          ),
        ),
      ),
    );
  };

  const n = dump.questions.length;
  const k = Math.max(2, Math.min(options.folds ?? 5, new Set(dump.questions.map((q) => q.group)).size));
  const folds = foldsByGroup(
    dump.questions.map((q) => q.group),
    k,
    options.seed ?? 1,
  );
  const points: VectorPoint[] = new Array(n);
  const inputs: Record<string, number>[] = new Array(n);
  const none: boolean[] = new Array(n).fill(true);
  const clauseMatchCol = colOf.get(dump.features.indexOf('clauseMatch'));
  for (let f = 0; f < k; f++) {
    const train = dump.questions.map((_, i) => i).filter((i) => folds[i] !== f);
    const weights = fit(train);
    for (let qi = 0; qi < n; qi++) {
      if (folds[qi] !== f) continue;
      const q = dump.questions[qi];
      const ranked = q.kind === 'text' ? rank(qi, weights.w) : [];
      const rightRank = q.answerable ? ranked.findIndex((m) => m.c.right) : -1;
      none[qi] = !ranked.length;
      inputs[qi] = calibrationInputs(q, ranked, dot(weights.nullW, q.null), clauseMatchCol);
      points[qi] = {
        id: q.id,
        group: q.group,
        kind: q.kind,
        answerable: q.answerable,
        correct: rightRank === 0,
        reachable: rightRank >= 0,
        rightRank,
        confidence: 0,
      };
    }
  }
  return { points, inputs, none, folds, k };
}

/**
 * The held-out points of the folds by document, fitted on the dumped vectors: top-1, where the first right answer
 * ranked, and the nested calibration's confidence of each question answered from passages (graph questions keep
 * their fold places and are not ranked: the shipped fit ranks them by the walk's order).
 */
export function vectorFolds(dump: VectorDump, options: VectorFoldOptions = {}): VectorPoint[] {
  const r = vectorRankings(dump, options);
  nestedCalibration(dump, r, { maxFeatures: options.calibrationMax ?? 4 });
  return r.points;
}

/** How the audit calibrates a ranking's held-out points (the shipped calibration by default). */
export interface VectorCalibration {
  /** The ranking and question inputs offered (CALIBRATION_INPUTS). */
  inputs?: readonly string[];
  /** At most how many are chosen forward (4). */
  maxFeatures?: number;
  /** An intercept per kind asked (true). */
  kinds?: boolean;
  /** The calibration's L2 grid (CALIBRATION_L2). */
  l2Grid?: number[];
  /** Bagging (learn/calibrate.ts fitCalibration `bags`) and the log-odds shrink fitted across documents (`shrink`). */
  bags?: number;
  shrink?: boolean;
}

/** The rows of the calibration (questions answered from passages) as its inputs: the kinds asked, then `inputs`. */
export function calibrationRows(dump: VectorDump, r: VectorRankings, at: number[], c: VectorCalibration = {}): number[][] {
  const names = c.inputs ?? CALIBRATION_INPUTS;
  return at.map((i) => [...(c.kinds === false ? [] : dump.questions[i].asked), ...names.map((n) => r.inputs[i][n] ?? 0)]);
}

/** The calibration's options for `fitCalibration` (its fixed per-kind columns first). */
export function calibrationOptionsOf(dump: VectorDump, c: VectorCalibration = {}): CalibrationOptions {
  const kinds = c.kinds === false ? [] : ASKED_KIND_FEATURES.map((_, j) => j);
  return {
    l2Grid: c.l2Grid ?? CALIBRATION_L2,
    minGain: CALIBRATION_GAIN,
    maxFeatures: c.maxFeatures ?? 4,
    fixed: kinds,
    ...(c.bags ? { bags: c.bags } : {}),
    ...(c.shrink ? { shrink: true } : {}),
  };
}

/**
 * The calibration (questions answered from passages) nested by the folds of the ranking: the one that judges a fold
 * is fitted on the others alone (fit-model.ts's 'calibration' nesting); sets each point's confidence (0 without a
 * candidate).
 */
export function nestedCalibration(dump: VectorDump, r: VectorRankings, c: VectorCalibration = {}): void {
  const rows = dump.questions.map((_, i) => i).filter((i) => dump.questions[i].kind === 'text');
  const options = calibrationOptionsOf(dump, c);
  const y = (at: number[]) => at.map((i) => (r.points[i].correct ? 1 : 0));
  for (let f = 0; f < r.k; f++) {
    const test = rows.filter((i) => r.folds[i] === f);
    const train = rows.filter((i) => r.folds[i] !== f);
    if (!test.length || train.length < 10) continue;
    const cal = fitCalibration(
      calibrationRows(dump, r, train, c),
      y(train),
      train.map((i) => r.folds[i]),
      options,
    );
    calibrationRows(dump, r, test, c).forEach((x, j) => (r.points[test[j]].confidence = r.none[test[j]] ? 0 : sigmoid(linear(cal.model, x))));
  }
}

/**
 * The calibration inputs of a ranking, by name: question-features.ts's consistentShare, formMargin, topShare,
 * topLogOdds, nullShare, topOverNull, rivalShare and topClauseMatch, computed the same way from the merged ranking
 * and the null's score, and the question's own inputs (missingNoun, passageMargin and those dumped in `question`).
 */
function calibrationInputs(q: DumpedQuestion, ranked: Merged[], nullScore: number, clauseMatchCol: number | undefined): Record<string, number> {
  const own: Record<string, number> = { ...(q.question ?? {}), missingNoun: q.missingNoun, passageMargin: q.passageMargin };
  const top = ranked[0];
  if (!top) return own;
  const max = Math.max(top.score, nullScore);
  const z = ranked.reduce((a, m) => a + Math.exp(m.score - max), 0) + Math.exp(nullScore - max);
  let mass = 0;
  for (const m of ranked) if (m === top || consistentAnswers(top.c.text, m.c.text)) mass += Math.exp(m.score - max);
  const sources = new Set([top.c.source, ...top.sources]);
  const rival = ranked.find((m) => m !== top && !m.sources.some((s) => sources.has(s)) && !consistentAnswers(top.c.text, m.c.text));
  const distinct = ranked.find((m) => m !== top && !consistentAnswers(top.c.text, m.c.text));
  const topShare = Math.exp(top.score - max) / z;
  return {
    ...own,
    consistentShare: mass / z,
    formMargin: rival ? Math.min(MARGIN_CAP, Math.max(0, top.score - rival.score)) : MARGIN_CAP,
    topShare,
    topLogOdds: Math.max(-LOG_ODDS_CAP, Math.min(LOG_ODDS_CAP, Math.log(topShare / Math.max(1e-12, 1 - topShare)))),
    nullShare: Math.exp(nullScore - max) / z,
    topOverNull: Math.max(-MARGIN_CAP, Math.min(MARGIN_CAP, top.score - nullScore)),
    rivalShare: distinct ? Math.exp(distinct.score - max) / z : 0,
    topClauseMatch: clauseMatchCol === undefined ? 0 : top.x[clauseMatchCol],
  };
}

const dot = (w: number[], x: number[]) => {
  let s = 0;
  for (let j = 0; j < x.length; j++) if (x[j]) s += w[j] * x[j];
  return s;
};

/** The documents of the training split whose questions are only read as a check (never their misses). */
export const CHECK_DOCUMENTS = ['rfc1227', 'rfc2620', 'rfc4670', 'rfc5247', 'rfc2924'];

/** Whether a fold group (a question's file) is one of `documents` (by the file's name without its extension). */
export const inDocuments = (group: string, documents: readonly string[]) => documents.includes((group.split('/').pop() ?? group).replace(/\.[^.]*$/, ''));

export interface FoldFigures {
  top1: number;
  read: number;
  check: number;
  ece: number;
  precision: number;
  coverage: number;
  answerable: number;
}

/** The figures of held-out points: top-1 over answerable questions (all, READ documents, CHECK documents), ECE, precision and coverage at 0.8. */
export function foldFigures(points: VectorPoint[], check: readonly string[] = CHECK_DOCUMENTS): FoldFigures {
  const answerable = points.filter((p) => p.kind === 'text' && p.answerable);
  const top1 = (ps: VectorPoint[]) => (ps.length ? ps.filter((p) => p.correct).length / ps.length : 0);
  const at = precisionAt(answerable, [0.8])[0];
  return {
    top1: top1(answerable),
    read: top1(answerable.filter((p) => !inDocuments(p.group, check))),
    check: top1(answerable.filter((p) => inDocuments(p.group, check))),
    ece: expectedCalibrationError(answerable),
    precision: at.precision ?? 0,
    coverage: at.coverage,
    answerable: answerable.length,
  };
}

const sparseDot = (w: ArrayLike<number>, r: SparseRow) => {
  let s = 0;
  for (let i = 0; i < r.at.length; i++) s += w[r.at[i]] * r.values[i];
  return s;
};

/**
 * learn/logistic.ts fitConditionalLogit over sparse rows (the same loss, the same damped Newton steps from 0 and
 * the same stopping), its Hessian summed as Σ p·x·xᵀ − μ·μᵀ per group, so that a candidate costs the square of its
 * non-zero inputs rather than of every input: the candidate vectors hold few.
 */
export function fitSparseConditionalLogit(groups: { x: number[][]; right: boolean[] }[], d: number, l2: number, iterations = 50): number[] {
  const used = groups.filter((g) => g.right.some(Boolean) && g.x.length > 1).map((g) => ({ rows: g.x.map(sparseOf), right: g.right }));
  let w = new Array<number>(d).fill(0);
  const loss = (v: number[]) => {
    let total = v.reduce((a, t) => a + (l2 / 2) * t * t, 0);
    for (const g of used) {
      const s = g.rows.map((r) => sparseDot(v, r));
      const max = Math.max(...s);
      let z = 0;
      let zr = 0;
      s.forEach((si, i) => {
        const e = Math.exp(si - max);
        z += e;
        if (g.right[i]) zr += e;
      });
      total -= Math.log(zr / z);
    }
    return total;
  };
  let current = loss(w);
  const mean = new Float64Array(d);
  const touched = new Uint8Array(d);
  for (let it = 0; it < iterations; it++) {
    const grad = w.map((t) => l2 * t);
    const H = new Float64Array(d * d);
    for (let i = 0; i < d; i++) H[i * d + i] = l2;
    for (const g of used) {
      const s = g.rows.map((r) => sparseDot(w, r));
      const max = Math.max(...s);
      const e = s.map((si) => Math.exp(si - max));
      const z = e.reduce((a, b) => a + b, 0);
      const zr = e.reduce((a, ei, i) => a + (g.right[i] ? ei : 0), 0);
      const cols: number[] = [];
      g.rows.forEach((r, i) => {
        const p = e[i] / z;
        const c = p - (g.right[i] ? e[i] / zr : 0);
        for (let a = 0; a < r.at.length; a++) {
          const j = r.at[a];
          const xj = r.values[a];
          grad[j] += c * xj;
          if (!touched[j]) {
            touched[j] = 1;
            cols.push(j);
          }
          mean[j] += p * xj;
          const px = p * xj;
          for (let b = 0; b < r.at.length; b++) H[j * d + r.at[b]] += px * r.values[b];
        }
      });
      for (const j of cols) for (const k of cols) H[j * d + k] -= mean[j] * mean[k];
      for (const j of cols) {
        mean[j] = 0;
        touched[j] = 0;
      }
    }
    const step = solve(
      Array.from({ length: d }, (_, i) => Array.from(H.subarray(i * d, (i + 1) * d))),
      grad,
    );
    const taken = dampedStep(w, step, loss, current);
    if (!taken) break;
    w = taken.w;
    current = taken.value;
    if (taken.moved < 1e-7) break;
  }
  return w;
}
