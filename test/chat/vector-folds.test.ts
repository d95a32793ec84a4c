// The answer ranker's folds refitted from dumped candidate vectors (scripts/answers/vector-folds.ts): the same
// held-out rankings as chat/fit-model.ts on the same examples, with every feature and with features left out,
// and the READ / CHECK figures of a hand-made dump whose right answers are known. Hand-made retrievals
// (invented sentences); no engine is involved.
import { afterEach, describe, expect, it } from 'vitest';
import { fitAnswerModel, type FitExample } from '../../electron/core/chat/fit-model';
import { ablateFeatures, CANDIDATE_FEATURES } from '../../electron/core/chat/features';
import { gatherCandidates } from '../../electron/core/chat/candidates';
import { dumpExamples, foldFigures, inDocuments, vectorFolds, type DumpedQuestion, type VectorDump } from '../../scripts/answers/vector-folds';
import { backward, type VariantFigures } from '../../scripts/answers/audit-features';
import { retrievalOf, retryExample } from './retrieval-fixture';

const QUESTION = 'How many retries does the client make before it gives up?';
const DF = { retry: 10, client: 20, give: 30 };
/** A passage writing the asked count and another number (a wait, a limit), in some order. */
const twoNumbers = (i: number): FitExample => {
  const n = 3 + (i % 7);
  const m = 20 + i;
  const texts = [
    `The client makes ${n} retries and waits ${m} seconds before it gives up.`,
    `After ${m} seconds without a reply, the client makes ${n} retries before it gives up.`,
    `The server allows ${m} sessions; the client makes ${n} retries before it gives up.`,
    `The client gives up after ${n} retries, each at most ${m} octets long.`,
  ];
  const { ctx, candidates } = gatherCandidates(retrievalOf(QUESTION, [texts[i % texts.length]], DF));
  return { id: `t${i}`, group: `doc${i % 6}.txt`, gold: [String(n)], ctx, candidates };
};
const examples: FitExample[] = [
  ...Array.from({ length: 16 }, (_, i) => twoNumbers(i)),
  ...Array.from({ length: 4 }, (_, i) => retryExample(i, i % 2 === 0, `doc${i % 6}.txt`)),
  { ...retryExample(40, false, 'off-topic:o1'), gold: [] },
];
const options = { folds: 3, seed: 2, objectives: ['listwise' as const], l2Grid: [0.1], nullMode: 'joint' as const };
const roundTrip = (d: VectorDump): VectorDump => JSON.parse(JSON.stringify(d)) as VectorDump;

afterEach(() => ablateFeatures([]));

describe('the folds refitted from dumped vectors', () => {
  it('rank every held-out question as the full fit does', () => {
    const full = fitAnswerModel(examples, options).report.heldOut;
    const points = vectorFolds(roundTrip(dumpExamples(examples)), { folds: 3, seed: 2, l2: 0.1 });
    expect(points.map((p) => p.rightRank)).toEqual(full.map((p) => p.rightRank));
    expect(points.map((p) => p.correct)).toEqual(full.map((p) => p.correct));
    // some questions are ranked wrong and some right: the comparison is not trivial
    expect(new Set(points.filter((p) => p.answerable).map((p) => p.correct)).size).toBe(2);
  }, 300_000);

  it('leave features out as --without does (read as 0)', () => {
    const dump = roundTrip(dumpExamples(examples));
    const without = ['near', 'local', 'match', 'headAdjacent'];
    ablateFeatures(without);
    const full = fitAnswerModel(examples, options).report.heldOut;
    ablateFeatures([]);
    const points = vectorFolds(dump, { folds: 3, seed: 2, l2: 0.1, without });
    expect(points.map((p) => p.rightRank)).toEqual(full.map((p) => p.rightRank));
  }, 300_000);
});

/** A hand-made question: candidates whose one feature 'specific' marks the right one, and 'loose' noise. */
function made(i: number, group: string, marked: boolean): DumpedQuestion {
  const specific = CANDIDATE_FEATURES.indexOf('specific');
  const loose = CANDIDATE_FEATURES.indexOf('loose');
  const right = i % 3;
  return {
    id: `q${i}`,
    group,
    kind: 'text',
    answerable: true,
    asked: [1, 0, 0, 0, 0],
    null: [1, 1, 0, 0, 0, 0, 0.5, 0.5, 0.5],
    missingNoun: 0,
    passageMargin: 1,
    candidates: [0, 1, 2].map((c) => ({
      key: `answer ${i} ${c}`,
      text: `answer ${i} ${c}`,
      source: 'span',
      right: c === right,
      pathScore: 0,
      at: [specific, loose],
      values: [c === right && marked ? 1 : 0, (c * 7 + i) % 3 === 0 ? 1 : 0],
    })),
  };
}

describe('a hand-made dump with known answers', () => {
  const questions = Array.from({ length: 60 }, (_, i) => made(i, `rfc${100 + (i % 10)}.txt`, i % 10 < 5 || i % 2 === 0));
  const dump: VectorDump = { version: 1, features: [...CANDIDATE_FEATURES], nullFeatures: ['null', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], questions };
  const check = ['rfc105', 'rfc106', 'rfc107', 'rfc108', 'rfc109'];

  it('reads the marking feature and loses it when left out', () => {
    const all = foldFigures(vectorFolds(dump, { folds: 5, seed: 1, l2: 0.1 }), check);
    // READ documents: every question marked; CHECK documents: half of them
    expect(all.read).toBe(1);
    expect(all.check).toBeGreaterThanOrEqual(0.5);
    expect(all.check).toBeLessThan(1);
    const without = foldFigures(vectorFolds(dump, { folds: 5, seed: 1, l2: 0.1, without: ['specific'] }), check);
    expect(without.read).toBeLessThan(0.7);
    expect(all.answerable).toBe(60);
  });

  it('tells CHECK documents by their file name', () => {
    expect(inDocuments('data/rfc/rfc105.txt', check)).toBe(true);
    expect(inDocuments('rfc1050.txt', check)).toBe(false);
    expect(inDocuments('off-topic:q1', check)).toBe(false);
  });
});

describe('backward elimination on READ (audit-features.ts backward)', () => {
  const figures = (label: string, read: number, check = 0.5): VariantFigures => ({
    label,
    without: label ? label.split('+') : [],
    l2: 0.03,
    runs: [{ top1: read, read, check, ece: 0, precision: 0, coverage: 0, answerable: 1 }],
  });
  it('removes what READ pays for, most helpful first, and puts back a removal that lowers the set so far', () => {
    const base = figures('', 0.5);
    const singles = [figures('a', 0.52), figures('b', 0.51), figures('c', 0.49)];
    // a and b each help alone, together less than a alone: b is put back; c is never tried
    const sets: Record<string, number> = { 'a+b': 0.515 };
    const tried: string[] = [];
    const { removed } = backward(singles, base, (without) => {
      tried.push(without.join('+'));
      return figures(without.join('+'), sets[without.join('+')]);
    });
    expect(removed).toEqual(['a']);
    expect(tried).toEqual(['a+b']);
  });
});
