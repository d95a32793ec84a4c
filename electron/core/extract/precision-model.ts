// A triple's precision beyond its rule: a logistic model over the rule's fitted precision and the
// triple's shape (a general end, how many content words each end has, the relation's length, a
// condition opener in its sentence, a claim made under a condition, a reduced relative), fitted on the TRAINING editor judgments by
// scripts/judgments/fit-precision.ts into precision-model.json. It replaced per-rule precision because
// it ranked the validation judgments better (docs/extraction.md, "Rules and precision").
import fitted from './precision-model.json' with { type: 'json' };
import { DEMONSTRATIVES, FUNCTION_WORDS, LIGHT_NOUNS, UNASSERTED_OPENERS } from '../nlp/lexicon';
import { RULE_PRECISION, triplePrecision, type PrecisionTable } from './precision';

/** What the model reads of a triple besides its rules. */
interface TripleShape {
  subject: string;
  relation: string;
  object: string;
  /** The evidence sentence. */
  sentence: string;
  /** The rule ids that made and shaped it (its first decides the rule precision). */
  rules?: readonly string[];
  /** It is claimed under a condition (its meta.condition qualifier). */
  conditional?: boolean;
}

export const FEATURES = [
  'rule precision (logit)',
  'subject general',
  'object general',
  'subject content words (log)',
  'object content words (log)',
  'relation words (log)',
  'sentence has a condition opener',
  'claim under a condition (meta.condition)',
  'reduced relative (emit.reduced-relative)',
] as const;

const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
const contentWords = (s: string) => words(s).filter((w) => !FUNCTION_WORDS.has(w) && !DEMONSTRATIVES.has(w));
const logit = (p: number) => Math.log(p / (1 - p));

/** An end that names nothing precise: no content word (a pronoun), or one lower-case or light noun alone. */
export function generalEnd(end: string): boolean {
  const content = contentWords(end);
  if (content.length === 0) return true;
  return content.length === 1 && (LIGHT_NOUNS.has(content[0]) || end.trim() === end.trim().toLowerCase());
}

/** The model's inputs, in the order of FEATURES. */
export function tripleFeatures(shape: TripleShape, rulePrecision: number): number[] {
  return [
    logit(Math.min(0.99, Math.max(0.01, rulePrecision))),
    generalEnd(shape.subject) ? 1 : 0,
    generalEnd(shape.object) ? 1 : 0,
    Math.log1p(contentWords(shape.subject).length),
    Math.log1p(contentWords(shape.object).length),
    Math.log1p(words(shape.relation).length),
    words(shape.sentence).some((w) => UNASSERTED_OPENERS.has(w)) ? 1 : 0,
    shape.conditional ? 1 : 0,
    shape.rules?.includes('emit.reduced-relative') ? 1 : 0,
  ];
}

interface LogisticModel {
  features: string[];
  /** Each feature is standardised by the training mean and standard deviation. */
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
}

/** L2-regularised logistic regression by batch gradient descent on standardised features. */
export function fitLogistic(xs: number[][], ys: number[], features: readonly string[], l2 = 1, steps = 4000, rate = 0.1): LogisticModel {
  const d = features.length;
  const mean = Array.from({ length: d }, (_, j) => xs.reduce((s, x) => s + x[j], 0) / xs.length);
  const scale = Array.from({ length: d }, (_, j) => Math.sqrt(xs.reduce((s, x) => s + (x[j] - mean[j]) ** 2, 0) / xs.length) || 1);
  const z = xs.map((x) => x.map((v, j) => (v - mean[j]) / scale[j]));
  const weights = new Array<number>(d).fill(0);
  let bias = 0;
  for (let step = 0; step < steps; step++) {
    const gw = weights.map((w) => (l2 * w) / xs.length);
    let gb = 0;
    z.forEach((x, i) => {
      const p = 1 / (1 + Math.exp(-(bias + x.reduce((s, v, j) => s + v * weights[j], 0))));
      const e = (p - ys[i]) / xs.length;
      gb += e;
      x.forEach((v, j) => (gw[j] += e * v));
    });
    bias -= rate * gb;
    for (let j = 0; j < d; j++) weights[j] -= rate * gw[j];
  }
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  return { features: [...features], mean: mean.map(round), scale: scale.map(round), weights: weights.map(round), bias: round(bias) };
}

export function predictLogistic(m: LogisticModel, x: number[]): number {
  const s = x.reduce((acc, v, j) => acc + ((v - m.mean[j]) / m.scale[j]) * m.weights[j], m.bias);
  return 1 / (1 + Math.exp(-s));
}

/** The committed model, with the default view's threshold chosen for it (chooseThreshold on the training section facts). */
export const PRECISION_MODEL = fitted as LogisticModel & { defaultThreshold: number };

/**
 * The estimated probability that an editor keeps this triple as it stands: the model over its rule's
 * precision and its shape; null when nothing judged speaks for its rule (a model's triple).
 */
export function estimatePrecision(
  rules: readonly string[],
  shape: TripleShape,
  table: PrecisionTable = RULE_PRECISION,
  model: LogisticModel = PRECISION_MODEL,
): number | null {
  const base = triplePrecision(rules, table);
  if (base === null) return null;
  return Math.round(predictLogistic(model, tripleFeatures({ ...shape, rules }, base)) * 1000) / 1000;
}
