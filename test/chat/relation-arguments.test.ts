// Candidates that answer the asked relation from the clause's syntax (chat/candidates/arguments.ts): the
// ends of the relations a sentence reads (extract/classic's parse) whose verb is the question's, the members
// of a coordinated end and the whole list; and the consequent of a result connective (candidates/clauses.ts),
// on invented sentences with known answers.
import { describe, expect, it } from 'vitest';
import { predicateArguments, questionPredicate } from '../../electron/core/chat/candidates/arguments';
import { purposeClauses } from '../../electron/core/chat/candidates/clauses';
import { gatherCandidates } from '../../electron/core/chat/candidates';
import { candidateFeatures, CANDIDATE_FEATURES } from '../../electron/core/chat/features';
import { analyze } from '../../electron/core/retrieve/analysis';
import { retrievalOf } from './retrieval-fixture';

const feature = (name: string, v: number[]) => v[(CANDIDATE_FEATURES as readonly string[]).indexOf(name)];

function argumentsFor(question: string, sentence: string) {
  const q = analyze(question);
  return predicateArguments(sentence, questionPredicate(q, new Set()));
}

describe("the question's predicate", () => {
  it('its content words outside the asked phrase, each with the preposition right after it', () => {
    const p = questionPredicate(analyze('What does the gadget reply with?'), new Set());
    expect([...p.values()]).toContain('with');
    expect(p.size).toBe(2);
    expect([...questionPredicate(analyze('What does the gadget send?'), new Set()).values()]).toEqual([null, null]);
  });
});

describe('the arguments a sentence gives the asked predicate', () => {
  it("a verb's object, its other end the question's subject", () => {
    const got = argumentsFor('What does the gadget send?', 'The gadget sends a Ping message when its timer expires.');
    const ping = got.find((a) => a.text === 'Ping message');
    expect(ping).toBeDefined();
    expect(ping!.other).toContain('gadget');
    // the subject is read too (the question says which end it names; the fit weighs how much)
    expect(got.some((a) => a.text === 'gadget' && a.other === 'Ping message')).toBe(true);
  });

  it("a verb + preposition predicate's object, and whether the preposition is the asked one", () => {
    const got = argumentsFor('What does the hub reply with?', 'The hub replies with a Pong message after a short delay.');
    const pong = got.find((a) => a.text.startsWith('Pong message'));
    expect(pong).toBeDefined();
    expect(pong!.prepositionAgrees).toBe(1);
    const other = argumentsFor('What does the hub reply to?', 'The hub replies with a Pong message after a short delay.');
    expect(other.find((a) => a.text.startsWith('Pong message'))?.prepositionAgrees).toBe(0);
  });

  it('each member of a coordinated object, and the whole list', () => {
    const got = argumentsFor('What does a Widget-Request contain?', 'A Widget-Request contains the session label, the nonce and an optional token.');
    const members = got.filter((a) => a.member).map((a) => a.text);
    expect(members).toEqual(expect.arrayContaining(['session label', 'nonce', 'optional token']));
    const whole = got.find((a) => a.whole);
    expect(whole?.text).toBe('session label, the nonce and an optional token');
    expect(whole?.member).toBe(false);
  });

  it('a verb the tagger reads as another word between two noun phrases, and a verb + preposition with a joined name', () => {
    const got = argumentsFor('Which frames does the relay forward?', 'Before a failover, the relay forwards Bar frames and Baz frames to the backup hub.');
    expect(got.filter((a) => a.member).map((a) => a.text)).toEqual(['Bar frames', 'Baz frames']);
    const on = argumentsFor('On what does the gadget rely?', 'The gadget relies on an implied trust between the Foo-Hub/Relay and the Bar-Node.');
    expect(on.find((a) => a.other === 'gadget')?.text).toBe('implied trust');
  });

  it("no argument of another verb's relation", () => {
    expect(argumentsFor('What does the gadget send?', 'The hub stores the session label.')).toEqual([]);
  });
});

describe('argument candidates and their features', () => {
  it('the object of the asked verb is a candidate whose other end the question names', () => {
    const question = 'Which frames does the relay send to the backup hub?';
    const passage = 'Before a failover, the relay sends Bar frames and Baz frames to the backup hub. The hub logs every frame.';
    const { ctx, candidates } = gatherCandidates(retrievalOf(question, [passage]));
    const got = candidates.filter((c) => c.source === 'argument');
    const bar = got.find((c) => c.text === 'Bar frames');
    expect(bar).toBeDefined();
    const v = candidateFeatures(bar!, ctx);
    expect(feature('source:argument', v)).toBe(1);
    // its other end ("relay") is the question's: the relay is named, the frames are asked
    expect(feature('argumentOther', v)).toBeGreaterThan(0);
    const relay = got.find((c) => c.text === 'relay');
    if (relay) expect(feature('argumentOther', candidateFeatures(relay, ctx))).toBeLessThan(feature('argumentOther', v));
  });

  it('a member where a list is asked, the whole list where one thing is', () => {
    const sentence = 'A Widget-Request carries the session label, the nonce and an optional token.';
    const several = gatherCandidates(retrievalOf('Which fields does a Widget-Request carry?', [sentence]));
    const member = several.candidates.find((c) => c.source === 'argument' && c.text === 'nonce');
    expect(member).toBeDefined();
    expect(feature('memberWhereListAsked', candidateFeatures(member!, several.ctx))).toBe(1);
    const one = gatherCandidates(retrievalOf('What does a Widget-Request carry?', [sentence]));
    const whole = one.candidates.find((c) => c.source === 'argument' && c.text === 'session label, the nonce and an optional token');
    expect(whole).toBeDefined();
    expect(feature('listWhereOneAsked', candidateFeatures(whole!, one.ctx))).toBe(1);
    expect(feature('memberWhereListAsked', candidateFeatures(whole!, one.ctx))).toBe(0);
  });
});

describe('the consequent of a result connective', () => {
  const of = (s: string) => purposeClauses(s).map((c) => [c.kind, c.text]);

  it('"X, and therefore Y" and "X, so Y" give Y as a result', () => {
    expect(of('The token is bound to the session key and, therefore, a stolen token cannot be reused.')).toContainEqual([
      'result',
      'a stolen token cannot be reused',
    ]);
    expect(of('The hub drops stale frames, so the gadget must resend them.')).toContainEqual(['result', 'the gadget must resend them']);
  });

  it('"so that" is a purpose and "as a result of" a reason, not a result', () => {
    expect(of('The hub drops stale frames, so that the queue stays short.').filter(([k]) => k === 'result')).toEqual([]);
    expect(of('The hub resets its table as a result of a power loss.')).toContainEqual(['reason', 'as a result of a power loss']);
    expect(of('The hub resets its table as a result of a power loss.').filter(([k]) => k === 'result')).toEqual([]);
  });
});
