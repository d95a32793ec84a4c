// The list-relative candidate features (chat/features-relative.ts): the transform on a hand-made list with
// known maxima, ranks and ties, and the same vectors whether a question's candidates are read by the ranker
// (chat/ranker.ts rank) or by the fit (chat/fit-model.ts, candidates gathered and read one by one).
import { describe, expect, it } from 'vitest';
import { answerContext } from '../../electron/core/chat/candidates/context';
import { gatherCandidates, type Candidate } from '../../electron/core/chat/candidates';
import { candidateFeatures, CANDIDATE_FEATURES } from '../../electron/core/chat/features';
import { RELATIVE_BASES, RELATIVE_FEATURES, registerList, relativeTransform } from '../../electron/core/chat/features-relative';
import { AnswerRanker, featuresOf, originOf, type AnswerModel } from '../../electron/core/chat/ranker';
import { retrievalOf } from './retrieval-fixture';

const col = (name: string) => RELATIVE_FEATURES.indexOf(name as (typeof RELATIVE_FEATURES)[number]);

describe('the transform over one list', () => {
  // four candidates; the first two bases given, the others 0
  const row = (a: number, b: number) => [a, b, ...new Array<number>(RELATIVE_BASES.length - 2).fill(0)];
  const out = relativeTransform([row(0.5, 0), row(0.9, 0.2), row(0.9, 0), row(0.3, 0.2)]);
  const [a, b] = RELATIVE_BASES;

  it('marks the holders of the maximum, ties shared', () => {
    expect(out.map((r) => r[col(`${a}:best`)])).toEqual([0, 1, 1, 0]);
    expect(out.map((r) => r[col(`${b}:best`)])).toEqual([0, 1, 0, 1]);
  });

  it('ranks by distinct values, highest first, as 1 / (1 + places above)', () => {
    expect(out.map((r) => r[col(`${a}:rank`)])).toEqual([1 / 2, 1, 1, 1 / 3]);
  });

  it('gives nothing to a value of 0, nor to a column that is 0 throughout', () => {
    expect(out.map((r) => r[col(`${b}:rank`)])).toEqual([0, 1, 0, 1]);
    const c = RELATIVE_BASES[2];
    expect(out.every((r) => r[col(`${c}:best`)] === 0 && r[col(`${c}:rank`)] === 0)).toBe(true);
  });

  it('makes a lone candidate with a value the best of its list', () => {
    const [only] = relativeTransform([row(0.1, 0)]);
    expect(only[col(`${a}:best`)]).toBe(1);
    expect(only[col(`${a}:rank`)]).toBe(1);
  });
});

const question = 'Which port does the server listen on for accounting?';
const passages = ['The client sends requests to port 1812, and the server listens on port 1813 for accounting.', 'Port 1645 was used before.'];
const df = { port: 20, server: 30, listen: 5, accounting: 8, client: 40 };
const span = (text: string, sentence: string, passageId: number): Candidate => ({
  text,
  source: 'span',
  passageId,
  passageRank: passageId - 1,
  sentence,
  triples: [],
  measures: {},
});
const feature = (name: string, v: number[]) => v[CANDIDATE_FEATURES.indexOf(name as (typeof CANDIDATE_FEATURES)[number])];

describe('candidate vectors', () => {
  it("read a candidate's standing in its own list", () => {
    const ctx = answerContext(retrievalOf(question, passages, df));
    const list = [span('1812', passages[0], 1), span('1813', passages[0], 1), span('1645', passages[1], 2)];
    registerList(list);
    const v = list.map((c) => candidateFeatures(c, ctx));
    // the clause that holds the question's words is the right value's alone
    expect(v.map((x) => feature('clauseMatch:best', x))).toEqual([0, 1, 0]);
    // the first passage is shared by two candidates; the second passage ranks second
    expect(v.map((x) => feature('passageRank:best', x))).toEqual([1, 1, 0]);
    expect(v.map((x) => feature('passageRank:rank', x))).toEqual([1, 1, 1 / 2]);
  });

  it('compare a candidate with its own list only', () => {
    const ctx = answerContext(retrievalOf(question, passages, df));
    const alone = span('1645', passages[1], 2);
    registerList([alone]);
    // (in a list of its own the second passage's candidate holds the maximum)
    expect(feature('passageRank:best', candidateFeatures(alone, ctx))).toBe(1);
  });

  it('are the same through the ranker and through the fit', () => {
    const model: AnswerModel = {
      version: 1,
      candidate: { features: ['clauseMatch:best', 'passageRank:rank'], weights: [2, 1], bias: 0 },
      confidence: { features: [], weights: [], bias: 0 },
      grounded: { features: [], weights: [], bias: 0 },
      groundedThreshold: 0,
      threshold: 0.5,
      fitted: {},
    };
    // the fit: gathered candidates read one by one (chat/fit-model.ts fitCandidates)
    const fit = gatherCandidates(retrievalOf(question, passages, df));
    expect(fit.candidates.length).toBeGreaterThan(2);
    const fitted = fit.candidates.map((c) => featuresOf(c, fit.ctx));
    // the ranker: the same retrieval gathered again and ranked; each merged answer's vector is its origin's
    const asked = gatherCandidates(retrievalOf(question, passages, df));
    const ranking = new AnswerRanker(model).rank(asked.ctx, asked.candidates);
    for (const r of ranking.candidates) {
      const origin = originOf(r);
      const i = asked.candidates.indexOf(origin);
      expect(i).toBeGreaterThanOrEqual(0);
      expect(featuresOf(origin, asked.ctx)).toEqual(fitted[i]);
    }
    // and the relative features are read at all: some candidate holds the list's best clause
    expect(fitted.some((v) => feature('clauseMatch:best', v) === 1)).toBe(true);
    expect(ranking.candidates[0].text).toContain('1813');
  });

  it('of candidates made by hand are read against the list the ranker is given', () => {
    const ctx = answerContext(retrievalOf(question, passages, df));
    const list = [span('1812', passages[0], 1), span('1813', passages[0], 1)];
    new AnswerRanker().rank(ctx, list);
    expect(list.map((c) => feature('clauseMatch:best', featuresOf(c, ctx)))).toEqual([0, 1]);
  });
});
