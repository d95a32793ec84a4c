// The question's phrases as a passage feature: the share of its adjacent content-word pairs that stand
// next to each other in a passage, and the passage holding the phrase ranked first by a table that
// weighs it, over a real store (SQLite, FTS5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { tmpDir } from '../helpers/tmp';
import { Core } from '../../electron/core/core';
import { Retriever } from '../../electron/core/retrieve/retriever';
import { analyze } from '../../electron/core/retrieve/analysis';
import { pairCoverage, splitSentences } from '../../electron/core/retrieve/sentences';
import { PASSAGE_FEATURES, PassageRanker } from '../../electron/core/retrieve/passage-ranker';
import { stem } from '../../electron/core/nlp/morphology';
import { insertParagraphs } from './fixture';

const stemsOf = (question: string) => analyze(question).content.map((t) => stem(t.text));

describe('the question phrases a passage holds', () => {
  const question = stemsOf('Which transport address does the relay agent use for replies?');

  it('counts a pair of the question words standing together, stopwords skipped and in either order', () => {
    // transport address, relay agent, replies (agent use / use replies do not stand together)
    const together = pairCoverage(question, splitSentences('The relay agent sends its replies from the transport address of the request.'));
    const apart = pairCoverage(question, splitSentences('The agent keeps an address; a relay uses the transport of its choice for replies.'));
    expect(together).toBeGreaterThan(apart);
    expect(together).toBeCloseTo(2 / 5);
    expect(pairCoverage(question, splitSentences('An address of the transport is kept by every agent of the relay.'))).toBeCloseTo(2 / 5);
  });

  it('reads across a sentence end and gives nothing to a one-word question', () => {
    expect(pairCoverage(stemsOf('Which relay agent?'), splitSentences('It is a relay. Agent names follow.'))).toBe(1);
    expect(pairCoverage(stemsOf('What is a relay?'), splitSentences('A relay forwards frames.'))).toBe(0);
  });
});

const PARAGRAPHS = [
  'A relay forwards each reply to the agent it came from; the transport is chosen per hop and the address is logged.',
  'Replies are sent from the transport address the request was received on, by the relay agent itself.',
  'Each relay keeps a table of agents, each with an address, and may change the transport when a route moves.',
];

describe('the word-pairs feature over a store', () => {
  const t = tmpDir('gw-word-pairs-');
  let core: Core;
  let retriever: Retriever;

  beforeAll(() => {
    core = new Core({ dbPath: path.join(t.dir, 'g.db'), startJobs: false });
    insertParagraphs(core.store, 'Relay operation', PARAGRAPHS);
    retriever = new Retriever(core.store);
  });
  afterAll(async () => {
    await core.close();
    t.cleanup();
  });

  it('is a pooled feature, and a table weighing it alone puts the passage holding the phrases first', async () => {
    const question = 'Which transport address does the relay agent use for replies?';
    const pool = (await retriever.retrieve(question, { passagePool: true, noRetry: true })).passagePool ?? [];
    const phrased = pool.find((p) => p.text.startsWith('Replies are sent'));
    expect(phrased?.features.wordPairs).toBeGreaterThan(0);
    expect(Math.max(...pool.filter((p) => p !== phrased).map((p) => p.features.wordPairs))).toBeLessThan(phrased!.features.wordPairs);
    const weights = PASSAGE_FEATURES.map((f) => (f === 'wordPairs' ? 10 : 0));
    retriever.passageRanker = new PassageRanker({ version: 1, features: [...PASSAGE_FEATURES], weights, bias: 0, fitted: {} });
    const r = await retriever.retrieve(question, { noRetry: true });
    expect(r.passages[0].text).toContain('Replies are sent');
    retriever.passageRanker = new PassageRanker();
  });
});
