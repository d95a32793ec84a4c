// How each judgment was drawn (the `draw` field of data/judgments/triples.jsonl) and the weight that
// makes the judged triples stand for all the triples of their documents. A uniform draw takes each
// document's share uniformly among its triples; a stratified draw (sample.ts --shown S [--band LO,HI])
// takes the share S of a document's quota from a preferred pool (the triples the default view showed
// then, or those whose stored precision was in the band) and the rest from the other triples, so the
// preferred pool is over-represented and a keep rate read off the draw as it is describes that pool
// more than all triples. Each judgment is weighted by the inverse of its stratum's inclusion rate in its
// document (post-stratified: the stratum's triples over the judgments drawn from it), the weights of a
// draw scaled to a mean of 1 so that every draw counts by its size.
import fs from 'node:fs';
import path from 'node:path';
import type { LogisticModel } from '../../electron/core/extract/precision-model';
import type { PrecisionTable } from '../../electron/core/extract/precision';
import { ROOT } from './kit';

/** A judgment's draw, as triples.jsonl records it. */
export interface Draw {
  seed: number;
  /** The day it was drawn (UTC). */
  date: string;
  /** The commit whose extractor made the triples drawn from. */
  extractor: string;
  /** uniform: among all a document's triples; shown: the share `share` among those the default view showed; band: among those whose stored precision was in `band`. */
  pool: 'uniform' | 'shown' | 'band';
  share?: number;
  band?: [number, number];
  /** The commit whose precision model and rule table gave the stored precision the pools were read by (data/judgments/draw-models.json). */
  model?: string;
  /** sentence: drawn only among the sentence extractor's triples (the first rule of a pattern family excluded; sample.ts --sentence-only). */
  population?: 'sentence';
  /** The kit files it drew from, when not every document of its side (sample.ts --fewest N: those the judgments held fewest of). */
  documents?: string[];
}

/** A draw's identity: judgments of one draw share it. */
export const drawKey = (d: Draw) => `${d.seed}`;

/** The precision model and rule table a stratified draw read its pools with (data/judgments/draw-models.json). */
export interface DrawModel {
  model: LogisticModel & { defaultThreshold: number };
  table: PrecisionTable;
}

export function readDrawModels(file = path.join(ROOT, 'data', 'judgments', 'draw-models.json')): Record<string, DrawModel> {
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { models: Record<string, DrawModel> }).models;
}

/** Whether a triple of these rules is the sentence extractor's: its first rule is of no pattern family. */
export const bySentenceExtractor = (rules: readonly string[]): boolean => !/^pattern[:.]/.test(rules[0] ?? '');

/**
 * Which stratum of a draw a triple of this stored precision (then) was in: `preferred` or `other`; `all`
 * for a uniform draw; `outside` for a triple of a population the draw did not draw from (given its rules).
 */
export function stratumOf(draw: Draw, precisionThen: number | null, threshold: number, rules?: readonly string[]): 'all' | 'preferred' | 'other' | 'outside' {
  if (draw.population === 'sentence' && rules && !bySentenceExtractor(rules)) return 'outside';
  if (draw.pool === 'uniform') return 'all';
  // (a draw of the preferred pool alone took nothing else, whatever today's reading of its pool says)
  if (draw.share === 1) return 'preferred';
  if (draw.pool === 'band') {
    const [lo, hi] = draw.band ?? [0, 1];
    return precisionThen !== null && precisionThen >= lo && precisionThen <= hi ? 'preferred' : 'other';
  }
  // (the default view shows a triple not estimated)
  return precisionThen === null || precisionThen >= threshold ? 'preferred' : 'other';
}

/**
 * The weight of each judged item: its stratum's size in its group (`poolSize`) over the number of the
 * draw's items from that stratum and group, then scaled so that each draw's weights have a mean of 1;
 * with `total` (the triples of the sides a draw covers), scaled by the draw's size over it instead,
 * which is the same for a draw that reached every stratum and gives a draw that took only its
 * preferred pool (`--shown 1`) the weight of that pool's share of the triples, not of all of them.
 */
export function inclusionWeights(
  items: readonly { draw: string; group: string; stratum: string }[],
  poolSize: (draw: string, group: string, stratum: string) => number,
  total?: (draw: string) => number,
): number[] {
  const cell = (i: (typeof items)[number]) => `${i.draw}\u0000${i.group}\u0000${i.stratum}`;
  const drawn = new Map<string, number>();
  for (const i of items) drawn.set(cell(i), (drawn.get(cell(i)) ?? 0) + 1);
  // (a stratum holds at least the triple drawn from it)
  const raw = items.map((i) => Math.max(drawn.get(cell(i))!, poolSize(i.draw, i.group, i.stratum)) / drawn.get(cell(i))!);
  const sums = new Map<string, { sum: number; n: number }>();
  items.forEach((i, k) => {
    const s = sums.get(i.draw) ?? { sum: 0, n: 0 };
    sums.set(i.draw, { sum: s.sum + raw[k], n: s.n + 1 });
  });
  return items.map((i, k) => {
    const s = sums.get(i.draw)!;
    return (raw[k] * s.n) / (total ? Math.max(s.sum, total(i.draw)) : s.sum);
  });
}

/**
 * The weights calibrated to today's extraction (post-stratification): within each document (`group`), each
 * cell (what today's extraction says of the joined triple: shown or hidden by the default view today, by the
 * sentence extractor or a pattern) gets the mass of today's triples of that cell, its judgments keeping their
 * relative weights. The draws' weights alone leave two things as drawn: a side's strata pool all its
 * documents, so a small document that a draw's minimum quota gave as many judgments as a large one counts
 * as much; and a triple judged long ago stands for the triples its draw saw then, not for what the
 * extractor makes now. A document's triples of a cell no judgment of it falls in are spread over its judged
 * cells in proportion; a document with no judgment counts for nothing. The result is scaled to a mean of 1.
 */
export function calibratedWeights(
  items: readonly { group: string; cell: string; weight: number }[],
  population: (group: string, cell: string) => number,
  cells: readonly string[],
): number[] {
  const key = (group: string, cell: string) => `${group}\u0000${cell}`;
  const mass = new Map<string, number>();
  for (const i of items) mass.set(key(i.group, i.cell), (mass.get(key(i.group, i.cell)) ?? 0) + i.weight);
  const target = new Map<string, number>();
  for (const group of new Set(items.map((i) => i.group))) {
    const judged = cells.filter((c) => mass.has(key(group, c)));
    const sizes = judged.map((c) => population(group, c));
    const unjudged = cells.filter((c) => !mass.has(key(group, c))).reduce((a, c) => a + population(group, c), 0);
    const sum = sizes.reduce((a, b) => a + b, 0);
    // (a judged cell holds at least its judgments' triples, however today's counts read it)
    judged.forEach((c, k) => target.set(key(group, c), Math.max(1, sizes[k] + (sum > 0 ? (unjudged * sizes[k]) / sum : unjudged / judged.length))));
  }
  const raw = items.map((i) => (i.weight * target.get(key(i.group, i.cell))!) / Math.max(1e-12, mass.get(key(i.group, i.cell))!));
  const mean = raw.reduce((a, b) => a + b, 0) / Math.max(1, raw.length);
  return raw.map((w) => (mean > 0 ? w / mean : 1));
}

/** The cells calibratedWeights reads a triple by: today's default view (shown or hidden) and its first rule's extractor. */
export const CALIBRATION_CELLS = ['shown sentence', 'shown pattern', 'hidden sentence', 'hidden pattern'] as const;

/** A triple's cell (CALIBRATION_CELLS): shown when its stored precision is at or above the threshold, or not estimated. */
export const calibrationCell = (precision: number | null, threshold: number, rules: readonly string[]): (typeof CALIBRATION_CELLS)[number] =>
  `${precision === null || precision >= threshold ? 'shown' : 'hidden'} ${bySentenceExtractor(rules) ? 'sentence' : 'pattern'}`;
