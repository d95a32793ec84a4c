// Questions asking why, what for or what happens (retrieve/question.ts purposeAsked), the clauses of purpose,
// reason and result a sentence writes (chat/candidates/clauses.ts), the candidates read from them and the
// features that weigh them (clauseAsked, hostMatch, restates), on invented sentences with known answers.
import { describe, expect, it } from 'vitest';
import { purposeAsked } from '../../electron/core/retrieve/question';
import { followingClause, purposeClauses } from '../../electron/core/chat/candidates/clauses';
import { gatherCandidates } from '../../electron/core/chat/candidates';
import { candidateFeatures, CANDIDATE_FEATURES } from '../../electron/core/chat/features';
import { retrievalOf } from './retrieval-fixture';

describe('what a question asks of a predicate: purpose, reason or result', () => {
  it.each([
    ['Why does the relay drop late frames?', 'reason'],
    ['For what reason is the gadget reset?', 'reason'],
    ['What is the rationale for the short timer?', 'reason'],
    ['What is the Foo attribute used for?', 'purpose'],
    ['For what purpose does the gadget send a Ping?', 'purpose'],
    ['What is the purpose of the Foo attribute?', 'purpose'],
    ['To what end is the token cached?', 'purpose'],
    ['What is a token for?', 'purpose'],
    ['What happens if a Bar frame is lost?', 'result'],
    ['What is the effect of a stale token?', 'result'],
    ['What can a forged Bar frame lead to?', 'result'],
    ['What does a forged Bar frame cause?', 'result'],
  ])('%s -> %s', (q, asked) => {
    expect(purposeAsked(q)).toBe(asked);
  });

  it.each([
    'Which port does the relay use?',
    'What is used for framing?',
    'What is a gadget relay?',
    'Must the relay drop late frames?',
    'How many retries are made?',
    'What does the termination cause indicate?',
  ])('asks none: %s', (q) => {
    expect(purposeAsked(q)).toBeNull();
  });
});

describe('the clauses of purpose, reason and result of a sentence', () => {
  const of = (s: string) => purposeClauses(s).map((c) => [c.kind, c.text]);

  it('a fronted reason ends at its comma; its host is the main clause', () => {
    const [c] = purposeClauses('Because widget frames are self-delimiting when encoded, no framing layer is required.');
    expect([c.kind, c.text]).toEqual(['reason', 'Because widget frames are self-delimiting when encoded']);
    expect(c.host).toContain('no framing layer is required');
    expect(c.host).not.toContain('self-delimiting');
  });

  it('a purpose after "in order to", "is used to" and an infinitive of purpose after a clause', () => {
    expect(of('The gadget sends a Ping message to the hub in order to keep the binding alive.')).toContainEqual([
      'purpose',
      'in order to keep the binding alive',
    ]);
    expect(of('The Foo attribute is used to carry the session label between peers.')).toContainEqual(['purpose', 'to carry the session label between peers']);
    expect(of('The server retransmits the request to recover from a loss.')).toContainEqual(['purpose', 'to recover from a loss']);
  });

  it('what a thing is useful in, and what a state suffers from', () => {
    expect(of('The address is useful in mounting an attack on the hub.')).toContainEqual(['purpose', 'in mounting an attack on the hub']);
    expect(of('As a format, binary schemes suffer from being hard to read.')).toContainEqual(['reason', 'from being hard to read']);
  });

  it('a reason inside the sentence runs to its end', () => {
    expect(of('Caching is not useful since each relay along the path can read the token.')).toContainEqual([
      'reason',
      'since each relay along the path can read the token',
    ]);
  });

  it("a conditional's consequent is a result, whichever side the condition stands", () => {
    expect(of('If the Bar frame is lost, the exchange will fail.')).toContainEqual(['result', 'the exchange will fail']);
    expect(of('The relay discards the frame if the checksum does not match.')).toContainEqual(['result', 'The relay discards the frame']);
  });

  it('a sentence without such a clause gives none; "has to" and "able to" are no purpose', () => {
    expect(of('The relay has a table of peers.')).toEqual([]);
    expect(of('The relay has to answer every peer.')).toEqual([]);
    expect(of('The hub is able to store ten frames.')).toEqual([]);
  });

  it('a sentence giving the reason or the result of the one before it', () => {
    expect(followingClause('This is because the relay cannot tell the two frames apart.')).toEqual({
      kind: 'reason',
      text: 'because the relay cannot tell the two frames apart',
    });
    expect(followingClause('As a result, the hub reloads its table.')).toEqual({ kind: 'result', text: 'the hub reloads its table' });
    expect(followingClause('The hub reloads its table.')).toBeNull();
  });
});

describe('clause candidates and their features', () => {
  const feature = (name: (typeof CANDIDATE_FEATURES)[number], v: number[]) => v[CANDIDATE_FEATURES.indexOf(name)];

  it('a why question gets the reason clause as a candidate, of the kind asked, its host holding the question', () => {
    const question = 'Why does the widget relay need no framing layer?';
    const passage =
      'The widget relay carries frames over a stream. Because widget frames are self-delimiting when encoded, the widget relay needs no framing layer.';
    const { ctx, candidates } = gatherCandidates(retrievalOf(question, [passage]));
    const clause = candidates.find((c) => c.source === 'clause' && c.text === 'Because widget frames are self-delimiting when encoded');
    expect(clause).toBeDefined();
    const v = candidateFeatures(clause!, ctx);
    expect(feature('clauseAsked', v)).toBe(1);
    expect(feature('hostMatch', v)).toBeGreaterThan(0.5);
    expect(feature('source:clause', v)).toBe(1);
    // the clause states what the question does not: it restates little of it
    expect(feature('restates', v)).toBeLessThan(0.5);
  });

  it('a clause of another kind than the one asked is read but not marked as asked', () => {
    const question = 'Why does the hub reload its table?';
    const passage = 'If the hub loses power, it reloads its table. The hub reloads its table because old entries may point to departed peers.';
    const { ctx, candidates } = gatherCandidates(retrievalOf(question, [passage]));
    const reason = candidates.find((c) => c.source === 'clause' && c.text.startsWith('because old entries may point'));
    const result = candidates.find((c) => c.source === 'clause' && c.text === 'it reloads its table');
    expect(reason).toBeDefined();
    expect(feature('clauseAsked', candidateFeatures(reason!, ctx))).toBe(1);
    if (result) expect(feature('clauseAsked', candidateFeatures(result, ctx))).toBe(0);
  });

  it('a candidate restating the question is measured as such; no clause candidates for other questions', () => {
    const question = 'Which table does the hub reload after a power loss?';
    const passage = 'The hub reloads the peer table after a power loss in order to forget departed peers.';
    const { ctx, candidates } = gatherCandidates(retrievalOf(question, [passage]));
    expect(candidates.some((c) => c.source === 'clause')).toBe(false);
    const restating = { ...candidates[0], text: 'the hub reloads its table after a power loss', source: 'span' as const };
    expect(feature('restates', candidateFeatures(restating, ctx))).toBeGreaterThan(0.8);
  });
});

describe("the role a candidate fills of the question's verb", () => {
  const feature = (name: (typeof CANDIDATE_FEATURES)[number], v: number[]) => v[CANDIDATE_FEATURES.indexOf(name)];
  const candidate = (text: string, sentence: string) => ({ text, source: 'span' as const, passageId: 1, passageRank: 0, sentence, triples: [], measures: {} });

  it('the subject asked: before the verb, through an apposition, not after it', () => {
    const question = 'Which gadget macro conveys the session requirements?';
    const sentence = 'A gadget macro, WIDGET-RULES, is used to convey the session requirements of a relay.';
    const { ctx } = gatherCandidates(retrievalOf(question, [sentence]));
    expect(feature('fillsRole', candidateFeatures(candidate('WIDGET-RULES', sentence), ctx))).toBe(1);
    expect(feature('fillsRole', candidateFeatures(candidate('relay', sentence), ctx))).toBe(0);
  });

  it('the object asked: after the verb in its clause, not in another clause', () => {
    const question = 'What does the hub send to every relay after a refusal?';
    const sentence = 'After a refusal, the hub sends a Rollback frame to every relay, and the relay frees its Lock table.';
    const { ctx } = gatherCandidates(retrievalOf(question, [sentence]));
    expect(feature('fillsRole', candidateFeatures(candidate('a Rollback frame', sentence), ctx))).toBe(1);
    expect(feature('fillsRole', candidateFeatures(candidate('Lock table', sentence), ctx))).toBe(0);
    expect(feature('fillsRole', candidateFeatures(candidate('the hub', sentence), ctx))).toBe(0);
  });
});
