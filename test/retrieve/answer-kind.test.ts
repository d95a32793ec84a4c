// The answer kind as a passage feature: a value question wants a sentence writing a value of the asked
// kind, a question about a requirement a sentence stating one (with the asked modality, or forbidding);
// and the passage holding that sentence ranked first by a table that weighs it, over a real store (SQLite, FTS5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { tmpDir } from '../helpers/tmp';
import { Core } from '../../electron/core/core';
import { Retriever } from '../../electron/core/retrieve/retriever';
import { analyze } from '../../electron/core/retrieve/analysis';
import { splitSentences } from '../../electron/core/retrieve/sentences';
import { kindFeatures, numberNear, PASSAGE_FEATURES, PassageRanker, statesRequirement, writesAskedValue } from '../../electron/core/retrieve/passage-ranker';
import { insertParagraphs } from './fixture';

const scored = (text: string, score = 1) => splitSentences(text).map((sentence) => ({ sentence, score }));

describe('a sentence of the asked kind', () => {
  it('writes a value of the asked kind: a number with its unit for a magnitude, a typed value otherwise', () => {
    const howLong = analyze('How long does the relay wait before it retries?');
    expect(writesAskedValue(howLong, 'The relay waits 30 seconds before retrying.')).toBe(true);
    expect(writesAskedValue(howLong, 'The relay retries as section 4 describes.')).toBe(false);
    const which = analyze('Which value of the Mode field marks a relay?');
    expect(writesAskedValue(which, 'The Mode field is set to 2 for a relay.')).toBe(true);
    expect(writesAskedValue(which, 'A relay forwards the requests it receives.')).toBe(false);
    // a question asking no value reads none
    expect(writesAskedValue(analyze('What is a relay?'), 'The Mode field is set to 2 for a relay.')).toBe(false);
  });

  it('writes a number beside a word the question names, not a section number nor a part of a name', () => {
    const named = new Set(['relay', 'mode']);
    expect(numberNear(splitSentences('12  Relay-Mode   Integer')[0], named)).toBe(true);
    expect(numberNear(splitSentences('2 for Relay-Mode')[0], named)).toBe(true);
    expect(numberNear(splitSentences('3.1. Relay Mode')[0], named)).toBe(false);
    expect(numberNear(splitSentences('The relay-2 mode is kept.')[0], named)).toBe(false);
    expect(numberNear(splitSentences('The relay keeps its state for every peer it serves in 12 tables.')[0], named)).toBe(false);
  });

  it('states a requirement, with the asked modality or forbidding it', () => {
    const may = analyze('May a relay forward a request without a hop count?');
    expect(statesRequirement(may, 'A relay MUST NOT forward a request without a hop count.')).toEqual({ requirement: true, agrees: true });
    expect(statesRequirement(may, 'A relay may forward any request it receives.')).toEqual({ requirement: true, agrees: true });
    expect(statesRequirement(may, 'A relay SHOULD log each request.')).toEqual({ requirement: true, agrees: false });
    expect(statesRequirement(may, 'A relay forwards each request.')).toEqual({ requirement: false, agrees: false });
    // a question asking no requirement reads none
    expect(statesRequirement(analyze('What does a relay forward?'), 'A relay MUST forward each request.').requirement).toBe(false);
  });

  it('gives a passage the best match among its sentences of that kind', () => {
    const asked = analyze('How long does the relay wait before it retries?');
    const sentences = [
      { sentence: splitSentences('The relay waits before it retries.')[0], score: 0.9 },
      { sentence: splitSentences('The wait is 30 seconds.')[0], score: 0.4 },
    ];
    expect(kindFeatures(asked, sentences)).toEqual({ valueSentence: 0.4, valueNear: 0.4, requirementSentence: 0, modalityAgrees: 0 });
    const must = analyze('Must a relay keep a hop count?');
    expect(kindFeatures(must, scored('A relay MUST keep a hop count. It MAY log it.', 0.7))).toEqual({
      valueSentence: 0,
      valueNear: 0,
      requirementSentence: 0.7,
      modalityAgrees: 0.7,
    });
  });
});

const PARAGRAPHS = [
  'The relay retransmission timer governs how the relay waits before it retries a request; the timer is described in the next section.',
  'A relay that has sent a request waits 30 seconds for a reply, then retries it.',
  'The relay counts every request it retries and every reply it waits for, in the statistics table.',
  'A server answers each query from its cache when the entry is fresh.',
  'Clients choose a server from the list they were configured with.',
  'The log names the client, the server and the outcome of each exchange.',
];

describe('the answer-kind features over a store', () => {
  const t = tmpDir('gw-answer-kind-');
  let core: Core;
  let retriever: Retriever;

  beforeAll(() => {
    core = new Core({ dbPath: path.join(t.dir, 'g.db'), startJobs: false });
    insertParagraphs(core.store, 'Relay timers', PARAGRAPHS);
    retriever = new Retriever(core.store);
  });
  afterAll(async () => {
    await core.close();
    t.cleanup();
  });

  it('is a pooled feature, and a table weighing it alone puts the passage writing the value first', async () => {
    const question = 'How long does a relay wait before it retries a request?';
    const pool = (await retriever.retrieve(question, { passagePool: true, noRetry: true })).passagePool ?? [];
    const valued = pool.find((p) => p.text.startsWith('A relay that has sent'));
    expect(valued?.features.valueSentence).toBeGreaterThan(0);
    for (const p of pool.filter((x) => x !== valued)) expect(p.features.valueSentence).toBe(0);
    const weights = PASSAGE_FEATURES.map((f) => (f === 'valueSentence' ? 10 : 0));
    retriever.passageRanker = new PassageRanker({ version: 1, features: [...PASSAGE_FEATURES], weights, bias: 0, fitted: {} });
    const r = await retriever.retrieve(question, { noRetry: true });
    expect(r.passages[0]?.text).toBe(valued!.text);
  });
});
