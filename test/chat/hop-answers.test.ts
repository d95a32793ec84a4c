// Answers to questions that need two passages and to "which earlier document" questions: the features
// that say where a candidate stands in the chain (chat/features.ts hopFeatures, citedFeatures). A store of
// two hand-made documents (SQLite, FTS5, the real retriever): the first says which message a beacon
// sends, only the second says which interval that message uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { tmpDir } from '../helpers/tmp';
import { Core } from '../../electron/core/core';
import { Retriever } from '../../electron/core/retrieve/retriever';
import { gatherCandidates, type Candidate } from '../../electron/core/chat/candidates';
import { answerContext } from '../../electron/core/chat/candidates/context';
import { asksCitedDocument, candidateFeatures, CANDIDATE_FEATURES } from '../../electron/core/chat/features';
import { insertParagraphs } from '../retrieve/fixture';
import { contextOfDocuments as retrieval } from './retrieval-fixture';

type Ctx = ReturnType<typeof answerContext>;
type HopFeature = (typeof CANDIDATE_FEATURES)[number];
const feature = (name: HopFeature, c: Candidate, ctx: Ctx) => candidateFeatures(c, ctx)[CANDIDATE_FEATURES.indexOf(name)];

const BEACON = [
  'A beacon announces itself to nearby listeners. For this purpose the Hello-Burst message is broadcast by the beacon whenever it wakes.',
  'The beacon records each listener that answers, with the time of its answer and the channel it used.',
];
const BURST = [
  'A Hello-Burst is repeated every 250 milliseconds until a listener replies.',
  'Echo-Reply frames are sent once. They carry the listener identifier.',
  'Listeners keep no state between bursts.',
];
const FILLER = Array.from({ length: 12 }, (_, i) => `Remark ${i}: a listener may sleep between channels, waking when a timer fires.`);

describe("where a two-passage question's candidate stands in the chain", () => {
  const t = tmpDir('gw-hop-answers-');
  let core: Core;
  let retriever: Retriever;
  const question = 'A beacon broadcasts a message to announce itself to listeners. How often is that message repeated?';

  beforeAll(() => {
    core = new Core({ dbPath: path.join(t.dir, 'h.db'), startJobs: false });
    insertParagraphs(core.store, 'Beacon operation', BEACON);
    insertParagraphs(core.store, 'Burst timing', BURST);
    insertParagraphs(core.store, 'Listener remarks', FILLER);
    retriever = new Retriever(core.store);
  });
  afterAll(async () => {
    await core.close();
    t.cleanup();
  });

  it('marks a candidate of the passage the second hop found in another document, which names the thing reached and holds the asked words', async () => {
    const { ctx, candidates } = gatherCandidates(await retriever.retrieve(question, { noRetry: true }));
    expect(ctx.hop?.bridges.map((b) => b.term)).toContain('Hello-Burst');
    const answer = candidates.find((c) => /250 milliseconds/.test(c.text) && c.sentence?.includes('repeated'));
    expect(answer).toBeDefined();
    expect(feature('hopPassage', answer!, ctx)).toBeGreaterThan(0);
    expect(feature('hopElsewhere', answer!, ctx)).toBe(1);
    expect(feature('bridgeSource', answer!, ctx)).toBe(0);
    expect(feature('namesBridge', answer!, ctx)).toBe(1);
    expect(feature('isBridge', answer!, ctx)).toBe(0);
    expect(feature('askingMatch', answer!, ctx)).toBeGreaterThan(feature('describingMatch', answer!, ctx));
  });

  it('marks a candidate of the describing passage as the first link, holding more of the describing words and fewer of the asked ones', async () => {
    const { ctx, candidates } = gatherCandidates(await retriever.retrieve(question, { noRetry: true }));
    const first = candidates.find((c) => c.sentence?.includes('broadcast by the beacon'));
    const answer = candidates.find((c) => /250 milliseconds/.test(c.text) && c.sentence?.includes('repeated'));
    expect(first).toBeDefined();
    expect(feature('bridgeSource', first!, ctx)).toBe(1);
    expect(feature('hopElsewhere', first!, ctx)).toBe(0);
    expect(feature('describingMatch', first!, ctx)).toBeGreaterThan(feature('describingMatch', answer!, ctx));
    expect(feature('askingMatch', first!, ctx)).toBeLessThan(feature('askingMatch', answer!, ctx));
    // the thing reached is not the attribute asked of it
    const bridge = candidates.find((c) => c.text === 'Hello-Burst');
    if (bridge) expect(feature('isBridge', bridge, ctx)).toBe(1);
  });

  it('reads nothing of the chain for a question of one passage', async () => {
    const { ctx, candidates } = gatherCandidates(await retriever.retrieve('How often is the Hello-Burst message repeated?', { noRetry: true }));
    expect(ctx.hop).toBeNull();
    const hop: HopFeature[] = ['hopPassage', 'hopElsewhere', 'bridgeSource', 'namesBridge', 'isBridge', 'askingMatch', 'describingMatch'];
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) for (const f of hop) expect(feature(f, c, ctx)).toBe(0);
  });
});

const candidate = (text: string, sentence: string, source: Candidate['source'] = 'span'): Candidate => ({
  text,
  source,
  passageId: 1,
  passageRank: 0,
  sentence,
  triples: [],
  measures: {},
});

describe('a question asking for the document another one cites, updates or obsoletes', () => {
  const own = 'RFC 4321: Widget Transport over Sockets';
  const asks = (question: string) => asksCitedDocument(retrieval(question, [{ text: 'Widget transport over sockets.', document: own }]));

  it('is read off the asked phrase: the object of its verb, the subject of a passive, a participle with "by", an earlier document', () => {
    expect(asks('Which RFC does the widget transport over sockets update?')).toBe(true);
    expect(asks('Which RFC is obsoleted by the widget transport over sockets?')).toBe(true);
    expect(asks('Which RFC, cited by the widget transport over sockets, defines framing?')).toBe(true);
    expect(asks('Which earlier RFC did widget transport over sockets replace?')).toBe(true);
  });

  it('is not a question asking for the document that does the citing, nor one asking for no document', () => {
    expect(asks('Which RFC obsoletes RFC 1111?')).toBe(false);
    expect(asks('Which RFC defines widget transport over sockets?')).toBe(false);
    expect(asks('What does the widget transport over sockets update?')).toBe(false);
  });

  it("marks the named document's own identity against a designation its passage cites, and a number its header lists", () => {
    const header = 'Request for Comments: 4321    Widget Labs\nUpdates: 2222, 3333    May 2001\nCategory: Standards Track';
    const sentence = 'Widget framing follows [RFC1234].';
    const ctx = retrieval('Which RFC does the Widget Transport over Sockets specification update?', [{ text: `${header}\n\n${sentence}`, document: own }]);
    expect(asksCitedDocument(ctx)).toBe(true);
    expect(feature('citedAskedNamed', candidate(own, sentence, 'document'), ctx)).toBe(1);
    expect(feature('citedAskedCited', candidate(own, sentence, 'document'), ctx)).toBe(0);
    expect(feature('citedAskedCited', candidate('RFC1234', sentence), ctx)).toBe(1);
    expect(feature('citedAskedCited', candidate('3333', header), ctx)).toBe(1);
    // a number the header gives in another field is no document updated
    expect(feature('citedAskedCited', candidate('4321', header), ctx)).toBe(0);
    // asked for the document that does the updating, neither is marked
    const citing = retrieval('Which RFC updates RFC 2222?', [{ text: `${header}\n\n${sentence}`, document: own }]);
    expect(feature('citedAskedCited', candidate('RFC1234', sentence), citing)).toBe(0);
    expect(feature('citedAskedNamed', candidate(own, sentence, 'document'), citing)).toBe(0);
  });
});
