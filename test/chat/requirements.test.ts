// Yes or no from a requirement's modality and polarity (chat/candidates/requirements.ts, the question
// read by retrieve/analysis.ts), and "which document" questions told from others, on hand-made sentences.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../electron/core/retrieve/analysis';
import { answerYesNo, requirementCandidates, requirementOf } from '../../electron/core/chat/candidates/requirements';
import { answerContext } from '../../electron/core/chat/candidates/context';
import { retrievalOf } from './retrieval-fixture';

const yesNo = (question: string, sentence: string) => {
  const q = analyze(question);
  expect(q.yesNo, question).toBe(true);
  return answerYesNo(q, requirementOf(sentence)) ? 'Yes' : 'No';
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
