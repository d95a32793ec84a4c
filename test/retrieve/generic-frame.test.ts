// Questions that name no relation of the graph, only a generic frame ("which topics is X about",
// "what terms are applicable to X", "X appears in which albums"): the graph's own structure reads
// them (the seed's only relation, else the one holding the most values), with a low confidence; a
// question that names what it asks for ("who is X married to", "what is the budget of X") is still
// refused. And a title of function words written exactly as its label ("Show Me") links firmly.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmpDir } from '../helpers/tmp';
import { loadTriples } from './fixture';
import { Core } from '../../electron/core/core';
import { Retriever } from '../../electron/core/retrieve/retriever';
import { linkEntities } from '../../electron/core/retrieve/link';
import {
  analyzeQuestion,
  GENERIC_FRAME,
  isGenericFrame,
  predictPaths,
  RelationLexicon,
  STRUCTURAL_EVIDENCE,
  structuralSteps,
} from '../../electron/core/retrieve/paths';
import { answerTypeOf } from '../../electron/core/retrieve/question';
import { tokenize } from '../../electron/core/retrieve/text';
import { extractiveAnswer } from '../../electron/core/chat/answer';
import { AnswerRanker, defaultRanker } from '../../electron/core/chat/ranker';

const TRIPLES: [string, string, string][] = [
  ['Post A', 'has_keywords', 'sqlite'],
  ['Post A', 'has_keywords', 'vectors'],
  ['Post A', 'has_keywords', 'search'],
  ['Post A', 'authored_by', 'Ann Lee'],
  ['Post A', 'published_in', '2021'],
  ['Post B', 'has_keywords', 'sqlite'],
  ['Post B', 'authored_by', 'Bob Stone'],
  ['Kind of Blue', 'lineup', 'Miles Davis'],
  ['Kind of Blue', 'lineup', 'Bill Evans'],
  ['Sketches of Spain', 'lineup', 'Miles Davis'],
  ['Kind of Blue', 'recorded_in', '1959'],
  ['Show Me', 'has_keywords', 'pop'],
  ['Show Me', 'published_in', '2004'],
];

describe('generic frames read by the graph structure', () => {
  const t = tmpDir('gw-generic-frame-');
  let core: Core;
  let retriever: Retriever;
  beforeAll(() => {
    core = new Core({ dbPath: path.join(t.dir, 'g.db'), startJobs: false });
    const store = core.store;
    loadTriples(store, TRIPLES);
    retriever = new Retriever(store);
    retriever.refresh();
  });
  afterAll(async () => {
    await core.close();
    t.cleanup();
  });

  const ask = async (q: string) => {
    const res = await retriever.retrieve(q, { maxTriples: 20 });
    const a = extractiveAnswer(res);
    return { res, a, path: res.paths[0]?.steps.map((s) => (s.inverse ? '~' : '') + s.relation).join('/') };
  };
  const analyze = async (q: string) => {
    const s = retriever.snapshot;
    const lexicon = new RelationLexicon(s).sync();
    const links = await linkEntities(q, s, retriever.linkIndex, retriever.repo, { relationStems: lexicon.all });
    return analyzeQuestion(q, links, lexicon, 3, answerTypeOf(q).phrase);
  };
  /** The best path's structural evidence for its first step (0: the question's words chose it). */
  const assumed = async (q: string) => {
    const s = retriever.snapshot;
    const lexicon = new RelationLexicon(s).sync();
    const links = await linkEntities(q, s, retriever.linkIndex, retriever.repo, { relationStems: lexicon.all });
    const a = analyzeQuestion(q, links, lexicon, 3, answerTypeOf(q).phrase);
    return predictPaths(s, links, a, { fanout: (r, inverse) => lexicon.fanout(r, inverse) })[0]?.assumed ?? 0;
  };

  it('"which topics is X about": no word names a relation, so the relation holding the most values at X answers', async () => {
    const a = await analyze('which topics is Post A about');
    expect(a.mentions).toEqual([]);
    expect(a.generic).toBe(true);
    for (const q of ['which topics is Post A about', 'what terms are applicable to Post A']) {
      const { a: ans, path: p } = await ask(q);
      expect(p).toBe('has_keywords');
      // a guess read off the structure: offered, not stated as fact (below the calibrated threshold)
      expect(ans.outcome).toBe('unsure');
      expect(['sqlite', 'vectors', 'search']).toContain(ans.answers[0]);
      expect(ans.confidence).toBeLessThan(0.5);
    }
    const named = await ask('who wrote Post A');
    expect(named.path).toBe('authored_by');
    expect(named.a.answers[0]).toBe('Ann Lee');
    // a graph without text has its own calibration (the model's graphConfidence), not the passages' one
    expect(named.res.passages).toEqual([]);
    const shipped = defaultRanker().model;
    const sure = new AnswerRanker({ ...shipped, confidence: { features: [], weights: [], bias: -5 }, graphConfidence: { features: [], weights: [], bias: 5 } });
    const stated = extractiveAnswer(named.res, { ranker: sure });
    expect(stated.outcome).toBe('found');
    expect(stated.confidence).toBeCloseTo(1 / (1 + Math.exp(-5)), 2);
    const textOnly = new AnswerRanker({
      ...shipped,
      confidence: { features: [], weights: [], bias: 5 },
      graphConfidence: { features: [], weights: [], bias: -5 },
    });
    expect(extractiveAnswer(named.res, { ranker: textOnly }).outcome).toBe('unsure');
    expect(await assumed('who wrote Post A')).toBe(0);
    expect(await assumed('which topics is Post A about')).toBe(STRUCTURAL_EVIDENCE);
  });

  it('"X appears in which albums", "which posts are about Y": the only relation the entity has', async () => {
    const evans = await ask('Bill Evans appears in which albums');
    expect(evans.path).toBe('~lineup');
    expect(await assumed('Bill Evans appears in which albums')).toBe(STRUCTURAL_EVIDENCE);
    expect(evans.a.answers[0]).toBe('Kind of Blue');
    const posts = await ask('which posts are about sqlite');
    expect(posts.path).toBe('~has_keywords');
    expect(posts.a.answers.slice(0, 2).sort()).toEqual(['Post A', 'Post B']);
  });

  it('a bridge cue with no relation named walks out and back: "who appeared on the same album as X"', async () => {
    const { a, path: p } = await ask('who appeared on the same album as Bill Evans');
    expect(p).toBe('~lineup/lineup');
    expect(a.answers[0]).toBe('Miles Davis');
  });

  it('refuses a question that names what it asks for, even over an entity with one relation', async () => {
    for (const q of [
      'who is Bill Evans married to',
      'what is the budget of Post A',
      'which hospital was Bill Evans born in',
      'what instruments does Bill Evans play',
    ]) {
      const { a } = await ask(q);
      expect(await assumed(q)).toBe(0);
      expect(a.outcome).toBe('not_in_graph');
    }
  });

  it('isGenericFrame: a frame word, and nothing else outside the entities but the answer noun phrase', () => {
    const entity = (q: string, label: string) => {
      const start = q.indexOf(label);
      return [{ id: 1, vertex: 0, label, kind: 'entity' as const, mention: label, start, end: start + label.length, score: 1, method: 'exact' as const }];
    };
    const check = (q: string, label: string) => isGenericFrame(tokenize(q), entity(q, label), answerTypeOf(q).phrase);
    expect(check('which topics is Post A about', 'Post A')).toBe(true);
    expect(check('what terms are applicable to Post A', 'Post A')).toBe(true);
    expect(check('Bill Evans appears in which albums', 'Bill Evans')).toBe(true);
    expect(check('which events involve Bill Evans', 'Bill Evans')).toBe(true);
    expect(check('who is Bill Evans married to', 'Bill Evans')).toBe(false);
    expect(check('what is the budget of Post A', 'Post A')).toBe(false);
    expect(check('which cities has Bill Evans lived in', 'Bill Evans')).toBe(false);
    // the frame word alone; no frame word at all
    expect(check('what about Post A', 'Post A')).toBe(true);
    expect(check('tell me Post A', 'Post A')).toBe(false);
    expect(GENERIC_FRAME.has('about')).toBe(true);
  });

  it('structuralSteps: one option decides alone; several are weighed by edges at the seed times values per entity', () => {
    // keys: relation * 2 (+1 inverse) -> edges at the seed
    expect(structuralSteps(new Map([[4, 1]]))).toEqual(new Map([[4, STRUCTURAL_EVIDENCE]]));
    const fanout = (r: number) => (r === 0 ? 3 : 1);
    const several = structuralSteps(
      new Map([
        [0, 2],
        [2, 1],
        [5, 1],
      ]),
      fanout,
    );
    expect(several.get(0)).toBe(STRUCTURAL_EVIDENCE);
    expect(several.get(2)).toBeCloseTo(STRUCTURAL_EVIDENCE / 6);
    expect(
      structuralSteps(
        new Map([
          [0, 1],
          [2, 1],
        ]),
      ),
    ).toEqual(new Map());
  });

  it('RelationLexicon.fanout: values per subject (forward) and per object (inverse)', () => {
    const s = retriever.snapshot;
    const lexicon = new RelationLexicon(s).sync();
    const r = (name: string) => s.relationIndex.get(name)!;
    // has_keywords: 5 edges over 3 posts, over 4 keywords
    expect(lexicon.fanout(r('has_keywords'), false)).toBeCloseTo(5 / 3);
    expect(lexicon.fanout(r('has_keywords'), true)).toBeCloseTo(5 / 4);
    expect(lexicon.fanout(r('published_in'), false)).toBe(1);
  });

  it('links a title of function words written exactly as its label ("Show Me") firmly, and not in lower case', async () => {
    const s = retriever.snapshot;
    const link = (q: string) => linkEntities(q, s, retriever.linkIndex, retriever.repo, {});
    const titled = (await link('what is Show Me about')).find((e) => e.label === 'Show Me');
    expect(titled?.score).toBeGreaterThan(0.8);
    const lower = (await link('which topics is show me about')).find((e) => e.label === 'Show Me');
    expect(lower?.score ?? 0).toBeLessThan(0.3);
    const { a } = await ask('what is Show Me about');
    expect(a.answers[0]).toBe('pop');
  });
});
