// The question features the calibration of confidence reads (chat/question-features.ts): which of them it may
// read (CONFIDENCE_FEATURES, derived from the list's own marks), and the ranking's agreement across readers,
// the competition of answers of the asked kind and the first passage's hold of the asked term, on hand-made
// rankings of invented sentences with known values.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { answerContext } from '../../electron/core/chat/candidates/context';
import type { Candidate, CandidateSource } from '../../electron/core/chat/candidates';
import {
  ASKED_KIND_FEATURES,
  CONFIDENCE_FEATURES,
  CONFIDENCE_TREE_FEATURES,
  GRAPH_CONFIDENCE_FEATURES,
  questionFeatures,
  QUESTION_FEATURES,
  type QuestionFeature,
} from '../../electron/core/chat/question-features';
import { retrievalOf } from './retrieval-fixture';

describe('the question features a calibration of answers read from passages may read', () => {
  it('are the marked ones of the question features, in their order', () => {
    const at = CONFIDENCE_FEATURES.map((f) => QUESTION_FEATURES.indexOf(f));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(new Set(CONFIDENCE_FEATURES).size).toBe(CONFIDENCE_FEATURES.length);
  });

  it("leave out the candidate table's raw scores, groundedness's own inputs and the graph's path measures", () => {
    for (const f of [
      'topScore',
      'margin',
      'single',
      'noCandidate',
      'graphOnly',
      'topPathScore',
      'pathSupport',
      'pathEnds',
      'linked',
      'headMet',
    ] as QuestionFeature[])
      expect(CONFIDENCE_FEATURES).not.toContain(f);
    // the kinds asked (a calibration's per-kind intercepts) and their shares and margins are in
    for (const k of ASKED_KIND_FEATURES) expect(CONFIDENCE_FEATURES).toEqual(expect.arrayContaining([k, `${k}Share`, `${k}Margin`]));
  });

  it('hold every input of the calibration trees and of the shipped calibration', () => {
    expect(CONFIDENCE_FEATURES).toEqual(expect.arrayContaining([...CONFIDENCE_TREE_FEATURES]));
    const shipped = JSON.parse(fs.readFileSync(path.join(__dirname, '../../electron/core/chat/answer-model.json'), 'utf8'));
    expect(CONFIDENCE_FEATURES).toEqual(expect.arrayContaining(shipped.confidence.features));
  });

  it('are as many as the hand-written list they replace, with the features of agreement across readers added', () => {
    const added = ['topForms', 'formMargin', 'typedAlone', 'firstPassageAsked'];
    expect(CONFIDENCE_FEATURES.filter((f) => !added.includes(f))).toHaveLength(44);
    expect(CONFIDENCE_FEATURES).toEqual(expect.arrayContaining(added));
    // (the graph's calibration keeps its own list: raw scores are its inputs)
    expect(GRAPH_CONFIDENCE_FEATURES).toContain('topScore');
  });
});

const question = 'Which port does the server listen on for accounting?';
const passages = [
  'The server listens on port 1813 for accounting.',
  'Accounting messages go to port 1646 on older servers.',
  'The server keeps a table of clients.',
];
const ctx = answerContext(retrievalOf(question, passages, { port: 20, server: 30, accounting: 8 }));

const cand = (text: string, score: number, o: { source?: CandidateSource; sources?: CandidateSource[]; passage?: number; typeAgrees?: number } = {}) => {
  const passage = o.passage ?? 1;
  const c: Candidate & { score: number } = {
    text,
    source: o.source ?? 'span',
    passageId: passage,
    passageRank: passage - 1,
    sentence: passages[passage - 1],
    triples: [],
    measures: o.typeAgrees === undefined ? {} : { typeAgrees: o.typeAgrees },
    score,
  };
  if (o.sources) c.sources = o.sources;
  return c;
};
const features = (ranked: (Candidate & { score: number })[], c = ctx) => {
  const v = questionFeatures(c, ranked);
  return (name: QuestionFeature) => v[QUESTION_FEATURES.indexOf(name)];
};

describe('agreement of the readers of the first answer', () => {
  it('topForms: the first answer was given by two sources or more', () => {
    expect(features([cand('1813', 2, { sources: ['span', 'table'] }), cand('1646', 1)])('topForms')).toBe(1);
    expect(features([cand('1813', 2, { sources: ['span'] }), cand('1646', 1, { source: 'table' })])('topForms')).toBe(0);
    expect(features([cand('1813', 2)])('topForms')).toBe(0);
    expect(features([])('topForms')).toBe(0);
  });

  it('formMargin: the lead over the best distinct answer no source of the first gave, capped', () => {
    // the span rival is the first's own reader; the table's is another's
    const f = features([
      cand('1813', 3, { sources: ['span'] }),
      cand('1646', 2.5, { sources: ['span'] }),
      cand('1700', 1, { source: 'table', sources: ['table'] }),
    ]);
    expect(f('formMargin')).toBeCloseTo(2, 9);
    // a form of the first answer read elsewhere is no rival
    expect(features([cand('1813', 3), cand('port 1813', 2.9, { source: 'table' })])('formMargin')).toBe(5);
    // a rival another source also gave counts as read by the first's source
    expect(features([cand('1813', 3), cand('1646', 2.9, { source: 'table', sources: ['table', 'span'] })])('formMargin')).toBe(5);
    expect(features([cand('1813', 9), cand('1646', 1, { source: 'field' })])('formMargin')).toBe(5);
    expect(features([cand('1813', 1), cand('1646', 2, { source: 'field' })])('formMargin')).toBe(0);
    expect(features([])('formMargin')).toBe(0);
  });
});

describe('typedAlone: how many answers of the asked kind compete', () => {
  it('is 1 / the distinct answers read as the asked kind, forms of the first counted once', () => {
    expect(features([cand('1813', 2), cand('1646', 1)])('typedAlone')).toBeCloseTo(1 / 2, 9);
    expect(features([cand('1813', 2), cand('port 1813', 1), cand('1646', 0.5), cand('1700', 0)])('typedAlone')).toBeCloseTo(1 / 3, 9);
    // a candidate of another shape (no digits for a port) or read as another kind is no rival
    expect(features([cand('1813', 2), cand('the server', 1), cand('1646', 0.5, { typeAgrees: 0 })])('typedAlone')).toBe(1);
  });

  it('is 0 when the first answer is not read as the asked kind', () => {
    expect(features([cand('the server', 2), cand('1813', 1)])('typedAlone')).toBe(0);
    expect(features([cand('1813', 2, { typeAgrees: 0 }), cand('1646', 1)])('typedAlone')).toBe(0);
    expect(features([])('typedAlone')).toBe(0);
  });
});

describe('firstPassageAsked: the first answer stands in the first passage, which holds the asked term', () => {
  it('holds for the first passage writing the asked noun, not for another passage', () => {
    expect(features([cand('1813', 2)])('firstPassageAsked')).toBe(1);
    expect(features([cand('1646', 2, { passage: 2 })])('firstPassageAsked')).toBe(0);
  });

  it('fails when the first passage does not write the asked noun', () => {
    const other = answerContext(retrievalOf(question, ['The server listens on 1813 for accounting.', passages[1]], { port: 20, server: 30 }));
    const f = features([{ ...cand('1813', 2), sentence: 'The server listens on 1813 for accounting.' }], other);
    expect(f('topFirstPassage')).toBe(1);
    expect(f('firstPassageAsked')).toBe(0);
  });

  it('is the first passage alone when the question names no asked noun or term', () => {
    const yesNo = answerContext(retrievalOf('Does the server listen for accounting?', passages, { server: 30, accounting: 8 }));
    expect(yesNo.headStems.size + yesNo.subjectStems.length).toBe(0);
    expect(features([cand('Yes', 2, { source: 'requirement' })], yesNo)('firstPassageAsked')).toBe(1);
    expect(features([cand('Yes', 2, { source: 'requirement', passage: 2 })], yesNo)('firstPassageAsked')).toBe(0);
  });
});
