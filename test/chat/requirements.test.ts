// Yes or no from a requirement's modality and polarity (chat/candidates/requirements.ts, the question
// read by retrieve/analysis.ts), and "which document" questions told from others, on hand-made sentences.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../electron/core/retrieve/analysis';
import {
  answerYesNo,
  askedParty,
  askedRequirement,
  candidateParty,
  requirementCandidates,
  requirementClauses,
  requirementOf,
} from '../../electron/core/chat/candidates/requirements';
import { answerContext } from '../../electron/core/chat/candidates/context';
import { retrievalOf } from './retrieval-fixture';

const yesNo = (question: string, sentence: string) => {
  const q = analyze(question);
  expect(q.yesNo, question).toBe(true);
  return answerYesNo(q, requirementOf(sentence)) ? 'Yes' : 'No';
};
/** Yes or no as the answers read it: the question's own condition and subordinate clauses set apart (askedRequirement). */
const yesNoAsked = (question: string, sentence: string) => {
  const q = analyze(question);
  expect(q.yesNo, question).toBe(true);
  return answerYesNo(askedRequirement(q), requirementOf(sentence)) ? 'Yes' : 'No';
};

describe('a requirement read off a sentence', () => {
  it('modality and polarity of capitalised keywords and of plain modals', () => {
    expect(requirementOf('The client MUST NOT send the key in clear.')).toMatchObject({ modality: 'must', negated: true, keyword: true });
    expect(requirementOf('Servers SHOULD log every failure.')).toMatchObject({ modality: 'should', negated: false, keyword: true });
    expect(requirementOf('A proxy MAY cache the reply.')).toMatchObject({ modality: 'may', negated: false });
    expect(requirementOf('This option is NOT RECOMMENDED.')).toMatchObject({ modality: 'should', negated: true });
    expect(requirementOf('The relay cannot forward such packets.')).toMatchObject({ modality: 'may', negated: true, keyword: false });
    // no modal: a plain statement, negated or not
    expect(requirementOf('The counter is never reset.')).toMatchObject({ modality: null, negated: true });
    expect(requirementOf('The counter is reset on restart.')).toMatchObject({ modality: null, negated: false });
  });

  it('a condition the requirement states is kept ("only when", "if", "unless")', () => {
    expect(requirementOf('A server MAY close the connection only when no request is pending.').condition).toBe('only when no request is pending');
    expect(requirementOf('The peer MUST retry if the timer expires, and log it.').condition).toBe('if the timer expires');
    expect(requirementOf('Keys MUST NOT be reused unless the session is renewed.').condition).toBe('unless the session is renewed');
    expect(requirementOf('Keys MUST be fresh.').condition).toBeNull();
  });
});

describe('yes or no from modality and polarity', () => {
  it('a permission asked over a prohibition is "No"; over an obligation or a permission "Yes"', () => {
    expect(yesNo('Can the protocol be used without encryption?', 'The protocol MUST NOT be used without encryption.')).toBe('No');
    expect(yesNo('Can the protocol be used over plain TCP?', 'The protocol MUST NOT be used over plain TCP.')).toBe('No');
    expect(yesNo('May a proxy cache the reply?', 'A proxy MAY cache the reply.')).toBe('Yes');
    expect(yesNo('May a proxy cache the reply?', 'A proxy MUST cache the reply.')).toBe('Yes');
  });

  it('a negating word on one side only flips the answer; shared, it cancels out', () => {
    // "used without TLS" asked, "MUST be used with TLS" stated: it may not be used without
    expect(yesNo('Can the transport be used without TLS?', 'The transport MUST be used with TLS.')).toBe('No');
    expect(yesNo('Can the transport be used without TLS?', 'The transport MAY be used without TLS.')).toBe('Yes');
  });

  it('an obligation asked holds only over an obligation; a recommendation over either', () => {
    expect(yesNo('Must the server log every failure?', 'The server MUST log every failure.')).toBe('Yes');
    expect(yesNo('Must the server log every failure?', 'The server MAY log every failure.')).toBe('No');
    expect(yesNo('Should the server log every failure?', 'The server MUST log every failure.')).toBe('Yes');
    expect(yesNo('Should the server log every failure?', 'The server MAY log every failure.')).toBe('No');
  });

  it('a negated question asks the opposite: "must X not" is "Yes" over a prohibition', () => {
    expect(analyze('Must the client not send the key in clear?')).toMatchObject({ modality: 'must', negated: true });
    expect(yesNo('Must the client not send the key in clear?', 'The client MUST NOT send the key in clear.')).toBe('Yes');
    expect(yesNo('Must the client not send the key in clear?', 'The client MAY send the key in clear.')).toBe('No');
  });

  it('the modality a question asks, by a modal or a passive ("is X required to")', () => {
    expect(analyze('Is a server required to answer every request?')).toMatchObject({ yesNo: true, modality: 'must', negated: false });
    expect(analyze('Can a client send two requests at once?')).toMatchObject({ yesNo: true, modality: 'may' });
    expect(analyze('What must a client send first?').yesNo).toBe(false);
  });

  it("the modal of a condition opening the question is the condition's, not the one asked", () => {
    expect(analyze('When the widget link must be reset, may the relay keep its cache?')).toMatchObject({ yesNo: true, modality: 'may' });
    expect(analyze('If the server must restart, can the client keep its session?')).toMatchObject({ yesNo: true, modality: 'may' });
    expect(analyze('If the link is idle, must the relay close it?')).toMatchObject({ yesNo: true, modality: 'must' });
  });
});

describe('which document a question asks for', () => {
  it('"which RFC / specification / document" asks for a document; a definition or a value does not', () => {
    expect(analyze('Which RFC defines the transport over TCP?').whichDocument).toBe(true);
    expect(analyze('Which specification describes the accounting attributes?').whichDocument).toBe(true);
    expect(analyze('Which document updates the key hierarchy?').whichDocument).toBe(true);
    expect(analyze('What is a document identifier?').whichDocument).toBe(false);
    expect(analyze('Which port does the server listen on?').whichDocument).toBe(false);
  });
});

describe('how the read requirements vote', () => {
  it('each yes/no candidate carries the share of the match of the sentences that give its word', () => {
    const question = 'Can the protocol be used without encryption?';
    const passages = [
      'The protocol MUST NOT be used without encryption.',
      'Implementations MUST NOT run the protocol without encryption.',
      'The protocol may be used without encryption in a test network.',
    ];
    const retrieval = retrievalOf(question, passages);
    const candidates = requirementCandidates(answerContext(retrieval));
    const share = (word: string) => candidates.find((c) => c.text.startsWith(word))?.measures.polarityShare ?? 0;
    expect(candidates.map((c) => c.text.split(',')[0]).sort()).toEqual(['No', 'No', 'Yes']);
    expect(share('No')).toBeGreaterThan(0.5);
    expect(share('No') + share('Yes')).toBeCloseTo(1);
  });
});

describe('a requirement stated, or a plain statement', () => {
  it('marks the sentences that state a modality or a negation; a heading or a plain statement states none', () => {
    const question = 'Must the server log every failure?';
    const passages = [
      '4.2.  Logging of failures',
      'The server MUST log every failure.',
      'A server acts as a relay when it logs a failure.',
      'The server never logs a failure twice.',
    ];
    const candidates = requirementCandidates(answerContext(retrievalOf(question, passages)));
    const stated = (sentence: string) => candidates.find((c) => c.sentence === sentence)?.measures.requirementStated;
    expect(stated('The server MUST log every failure.')).toBe(1);
    expect(stated('The server never logs a failure twice.')).toBe(1);
    expect(stated('A server acts as a relay when it logs a failure.')).toBe(0);
  });
});

describe('the condition of a requirement, not of a plain statement', () => {
  it('keeps the condition a stated requirement carries and gives the bare word for a plain statement', () => {
    const question = 'Must the server log every failure?';
    const passages = ['The server MUST log every failure if the log is enabled.', 'A server acts as a relay when it logs a failure.'];
    const candidates = requirementCandidates(answerContext(retrievalOf(question, passages)));
    const text = (sentence: string) => candidates.find((c) => c.sentence === sentence)?.text;
    expect(text('The server MUST log every failure if the log is enabled.')).toBe('Yes, if the log is enabled');
    expect(text('A server acts as a relay when it logs a failure.')).toBe('No');
  });
});

describe('a sentence stating several requirements: each in its own clause', () => {
  it('splits at a clause break or a coordinating word between two modals, each with its party, polarity and condition', () => {
    const clauses = requirementClauses('The client MAY cache the reply, but it MUST NOT forward it.');
    expect(clauses.map((c) => [c.modality, c.negated, c.subject, c.predicate])).toEqual([
      ['may', false, 'The client', 'cache the reply'],
      ['must', true, 'it', 'forward it.'],
    ]);
    const coordinated = requirementClauses('A relay MUST drop the packet and the server SHOULD log it.');
    expect(coordinated.map((c) => [c.subject, c.predicate])).toEqual([
      ['A relay', 'drop the packet'],
      ['the server', 'log it.'],
    ]);
  });

  it('a condition opening the sentence holds for every clause; one inside a clause only for it', () => {
    const opening = requirementClauses('If the key is stale, the peer MUST drop it; the server SHOULD log it.');
    expect(opening.map((c) => c.condition)).toEqual(['if the key is stale', 'if the key is stale']);
    const inside = requirementClauses('A NAS MUST send the reply; it MAY resend it when asked.');
    expect(inside.map((c) => c.condition)).toEqual([null, 'when asked']);
  });

  it('a sentence without a modal is one clause, read as a plain statement', () => {
    expect(requirementClauses('The counter is never reset.')).toMatchObject([{ modality: null, negated: true, subject: '' }]);
  });
});

describe('the requirement that answers: the clause the question asks about', () => {
  it("answers from the clause holding the question's words, not the sentence's first modal", () => {
    const question = 'May a proxy forward the reply?';
    const passages = ['A proxy MAY cache the reply, but it MUST NOT forward it to another realm.'];
    const [c] = requirementCandidates(answerContext(retrievalOf(question, passages)));
    expect(c.text).toBe('No');
    expect(c.measures.requirementVerb).toBe(1);
  });

  it('marks whether the party the requirement binds is the one asked about', () => {
    const question = 'Must the client resend the request?';
    const passages = ['The client MUST resend the request.', 'The server MUST resend the request.', 'It MUST resend the request.'];
    const candidates = requirementCandidates(answerContext(retrievalOf(question, passages)));
    const actor = (sentence: string) => candidates.find((c) => c.sentence === sentence)?.measures.requirementActor;
    expect(actor('The client MUST resend the request.')).toBe(1);
    expect(actor('The server MUST resend the request.')).toBe(0);
    expect(actor('It MUST resend the request.')).toBe(0.5);
  });

  it('carries the condition of the clause answered, with the requirement quoted', () => {
    const question = 'Can keys be reused?';
    const passages = ['Keys MUST NOT be reused unless the session is renewed.'];
    const [c] = requirementCandidates(answerContext(retrievalOf(question, passages)));
    expect(c.text).toBe('No, unless the session is renewed');
    expect(c.sentence).toBe(passages[0]);
  });
});

describe("a condition's negating words flip nothing", () => {
  it('"unless" opens the exception the answer carries: the prohibition still reads "No"', () => {
    expect(yesNo('Can keys be reused?', 'Keys MUST NOT be reused unless the session is renewed.')).toBe('No');
  });

  it("the question's own condition is set apart: its negations neither negate it nor flip the answer", () => {
    const question = 'Is a client allowed to resend a request over the same connection when no reply has arrived?';
    const passages = ['Clients MUST NOT resend a request over the same connection.'];
    const [c] = requirementCandidates(answerContext(retrievalOf(question, passages)));
    expect(c.text).toBe('No');
    const conditioned = requirementCandidates(
      answerContext(retrievalOf(question, ['If no reply has arrived over one connection, clients MUST NOT resend the request over the same connection.'])),
    );
    expect(conditioned[0].text.split(',')[0]).toBe('No');
  });

  it('a "cannot" inside the question\'s condition does not make it a negated question', () => {
    const question = 'If a relay receives a service it cannot offer, must the request fail?';
    const [c] = requirementCandidates(answerContext(retrievalOf(question, ['The request MUST fail.'])));
    expect(c.text).toBe('Yes');
  });
});

describe('clauses joined by "although"', () => {
  it('reads the prohibition of the first clause and the permission of the second apart', () => {
    const question = 'May the derivation of session keys depend on the method?';
    const passages = ['The derivation of session keys MUST NOT depend on the method, although the derivation of transient keys MAY be specific to it.'];
    const [c] = requirementCandidates(answerContext(retrievalOf(question, passages)));
    expect(c.text).toBe('No');
  });
});

describe('a requirement written with a noun or an adjective', () => {
  it('"there is no requirement that" is a negated obligation; "it is acceptable for" a permission', () => {
    expect(requirementOf('There is no requirement that replies be sent in order.')).toMatchObject({ modality: 'must', negated: true, negations: 0 });
    expect(requirementOf('It is not necessary for the relay to keep the key.')).toMatchObject({ modality: 'must', negated: true, negations: 0 });
    expect(requirementOf('It is perfectly acceptable for a relay to keep the key.')).toMatchObject({ modality: 'may', negated: false });
    expect(yesNo('Must replies be sent in order?', 'There is no requirement that replies be sent in order.')).toBe('No');
    expect(yesNo('Must a relay drop the key?', 'It is perfectly acceptable for a relay to keep the key.')).toBe('No');
    expect(yesNo('May a relay keep the key?', 'It is perfectly acceptable for a relay to keep the key.')).toBe('Yes');
  });

  it('an adjective that qualifies a noun states no requirement', () => {
    expect(requirementOf('An acceptable value is sent.').modality).toBeNull();
  });
});

describe('a phrase of purpose opening the sentence', () => {
  it('its negating words are not the requirement\'s: the prohibition still reads "No"', () => {
    const sentence = 'In order to ensure that options arrive without change, relays that forward a reply MUST NOT alter its options.';
    expect(requirementOf(sentence)).toMatchObject({ modality: 'must', negated: true, negations: 0 });
    expect(yesNo('Are relays that forward a reply allowed to alter its options?', sentence)).toBe('No');
    // a negating word of the requirement's own clause still counts
    expect(yesNo('Can options be sent without a checksum?', 'Options MUST NOT be sent without a checksum.')).toBe('No');
  });

  it('is not the party the requirement binds', () => {
    const question = 'May relays alter the options?';
    const passages = ['To keep the options intact, relays MUST NOT alter the options.'];
    const [c] = requirementCandidates(answerContext(retrievalOf(question, passages)));
    expect(c.text).toBe('No');
    expect(c.measures.requirementActor).toBe(1);
  });
});

describe('a condition asked', () => {
  it('"under what condition", "in which cases", "when may ..." ask a condition; "what must" does not', () => {
    expect(analyze('Under what condition may a client resend a request?').asksCondition).toBe(true);
    expect(analyze('In which cases should the relay drop the key?').asksCondition).toBe(true);
    expect(analyze('When may a client resend a request?').asksCondition).toBe(true);
    expect(analyze('What must a client resend?').asksCondition).toBe(false);
    expect(analyze('When a request is resent, what must the client recompute?').asksCondition).toBe(false);
  });
});

describe('the party a question asks about', () => {
  it('is the subject after its auxiliary, not another party it names', () => {
    const question = 'Must the client send the key to the server?';
    const passages = ['The server MUST send the key to the client.', 'The client MUST send the key to the server.'];
    const candidates = requirementCandidates(answerContext(retrievalOf(question, passages)));
    const actor = (sentence: string) => candidates.find((c) => c.sentence === sentence)?.measures.requirementActor;
    expect(actor(passages[0])).toBe(0);
    expect(actor(passages[1])).toBe(1);
  });
});

describe('a negation in a subordinate clause describes a thing: it neither negates nor flips', () => {
  it('the question\'s: past its opening auxiliary, a relative or a reduced relative clause\'s "is not", "does not"', () => {
    expect(
      yesNoAsked(
        'Should a relay create an entry for a peer whose address is not local?',
        'Relays SHOULD NOT create entries when the peer address is not local.',
      ),
    ).toBe('No');
    expect(yesNoAsked('May a relay drop options it does not know?', 'If a relay receives unknown options, these options MAY be dropped.')).toBe('Yes');
    expect(yesNoAsked('Can a peer that cannot sign send the report?', 'A peer MAY send the report.')).toBe('Yes');
  });

  it("the requirement's: beside its modal, another auxiliary's negation stands in a subordinate clause", () => {
    expect(requirementOf('Clients that do not support paging MUST send the whole list.').negations).toBe(0);
    expect(yesNoAsked('Must clients lacking paging send the whole list?', 'Clients that do not support paging MUST send the whole list.')).toBe('Yes');
    expect(yesNoAsked('Must clients that do not support paging send the whole list?', 'Clients that do not support paging MUST send the whole list.')).toBe(
      'Yes',
    );
  });

  it("a statement without a modal: a relative clause's negation is not the statement's", () => {
    expect(requirementOf('Packets that are not signed are discarded.')).toMatchObject({ negated: false, negations: 0 });
    expect(yesNoAsked('Are unsigned packets discarded?', 'Packets that are not signed are discarded.')).toBe('Yes');
  });

  it('the question\'s own negation and its "without" still count', () => {
    expect(yesNoAsked('Can a token be used without a signature?', 'A token MUST NOT be used without a signature.')).toBe('No');
    expect(yesNoAsked('Must the relay not forward the token?', 'The relay MUST NOT forward the token.')).toBe('Yes');
  });
});

describe('coordinated negations of a statement without a modal', () => {
  it('are its one negation: "is not padded and not terminated" is negated, nothing flips', () => {
    expect(requirementOf('The field is not padded and not null terminated.')).toMatchObject({ modality: null, negated: true, negations: 0 });
    expect(yesNoAsked('Is the field null terminated?', 'The field is not padded and not null terminated.')).toBe('No');
  });
});

describe("a passive's agent is the party the requirement binds", () => {
  const sentence = 'The report MUST be sent by the relay to the server.';
  it('a candidate in the subject of "X MUST be sent by Y" is what Y must do, not another party\'s', () => {
    const asked = answerContext(retrievalOf('What must the relay send?', [sentence]));
    expect(candidateParty(asked, sentence, 0)).toEqual({ actorAsked: 1, actorOther: 0 });
    const other = answerContext(retrievalOf('What must the server send?', [sentence]));
    expect(candidateParty(other, sentence, 0)).toEqual({ actorAsked: 0, actorOther: 1 });
  });

  it('in a yes/no question the agent, not the subject, is the party compared', () => {
    const candidates = requirementCandidates(answerContext(retrievalOf('Must the relay send the report?', [sentence])));
    expect(candidates[0].measures.requirementActor).toBe(1);
  });

  it('a passive question names its party by its agent', () => {
    expect([...askedParty(answerContext(retrievalOf('What must be sent by the relay when the key expires?', [sentence])))]).toEqual(['relay']);
  });
});
