// A document's identity as "which document" answers read it (chat/candidates/identity.ts), and the
// features that say what a candidate's evidence is (chat/features.ts): a designation while a document is
// asked for, the passage's own designation, the document the question names, the clause citing it, and
// a definition whose defined term is the asked one. Hand-made passages with known answers.
import { describe, expect, it } from 'vitest';
import { answerContext } from '../../electron/core/chat/candidates/context';
import type { Candidate } from '../../electron/core/chat/candidates';
import { candidateFeatures, CANDIDATE_FEATURES } from '../../electron/core/chat/features';
import { questionFeatures, QUESTION_FEATURES } from '../../electron/core/chat/question-features';
import { citedDesignation, ownDesignation, titleWords } from '../../electron/core/chat/candidates/identity';
import { designationKey } from '../../electron/core/retrieve/second-hop';
import { contextOfDocuments as retrieval } from './retrieval-fixture';

const candidate = (text: string, sentence: string, source: Candidate['source'] = 'span', passageId = 1): Candidate => ({
  text,
  source,
  passageId,
  passageRank: passageId - 1,
  sentence,
  triples: [],
  measures: {},
});

type Ctx = ReturnType<typeof answerContext>;
const feature = (name: (typeof CANDIDATE_FEATURES)[number], c: Candidate, ctx: Ctx) => candidateFeatures(c, ctx)[CANDIDATE_FEATURES.indexOf(name)];

describe('designations', () => {
  it('reads a whole text as a designation however the citation writes it', () => {
    expect(citedDesignation('RFC 2865')).toBe('RFC2865');
    expect(citedDesignation('[RFC2865]')).toBe('RFC2865');
    expect(citedDesignation('RFC-2865')).toBe('RFC2865');
    expect(citedDesignation('BCP 86')).toBe('BCP86');
    expect(citedDesignation('ITU-T Recommendation Q.825')).toBe(citedDesignation('ITU-T Q.825'));
  });

  it('reads no designation in a bare number, a section of one, or a name', () => {
    expect(citedDesignation('1661')).toBeNull();
    expect(citedDesignation('RFC 2865 section 3')).toBeNull();
    expect(citedDesignation('PPP')).toBeNull();
  });

  it("reads a document's own designation off its title, with the same key as a citation of it", () => {
    expect(ownDesignation('RFC 6613: RADIUS over TCP')).toBe(designationKey('RFC 6613'));
    expect(ownDesignation('RFC 6613: RADIUS over TCP')).toBe(citedDesignation('[RFC6613]'));
    expect(ownDesignation('Meeting notes')).toBeNull();
    expect(titleWords('RFC 6613: RADIUS over TCP')).toBe('RADIUS over TCP');
  });
});

describe('which-document candidates carry their evidence', () => {
  const own = 'RFC 4321: Widget Transport over Sockets';
  const sentence = 'Widget framing follows [RFC1234], and the transport guidelines of RFC 5678 apply.';
  const ctx = retrieval('Which RFC specifies widget transport over sockets?', [{ text: `${sentence} This memo was published in RFC 4321.`, document: own }]);

  it("marks a designation, or the passage's own document, when a document is asked for; not a bare number or a name", () => {
    expect(feature('designationAsked', candidate('RFC1234', sentence), ctx)).toBe(1);
    expect(feature('designationAsked', candidate(own, sentence, 'document'), ctx)).toBe(1);
    expect(feature('designationAsked', candidate('1234', sentence), ctx)).toBe(0);
    expect(feature('designationAsked', candidate('Widget', sentence), ctx)).toBe(0);
  });

  it("marks a designation of the passage's own document, not a document it cites", () => {
    expect(feature('ownDesignation', candidate('RFC 4321', 'This memo was published in RFC 4321.'), ctx)).toBe(1);
    expect(feature('ownDesignation', candidate('RFC1234', sentence), ctx)).toBe(0);
  });

  it("measures how much of the question the own document's title holds", () => {
    expect(feature('documentTitleMatch', candidate(own, sentence, 'document'), ctx)).toBeGreaterThan(0.6);
    expect(feature('documentTitleMatch', candidate('RFC1234', sentence), ctx)).toBe(0);
  });

  it('says nothing of designations when the question asks for no document', () => {
    const other = retrieval('What does widget framing follow?', [{ text: sentence, document: own }]);
    expect(feature('designationAsked', candidate('RFC1234', sentence), other)).toBe(0);
  });
});

describe('the document a question names', () => {
  it('marks a designation of a document the question names by its designation, not another', () => {
    const sentence = 'RFC 4321 obsoletes RFC 1111 and updates RFC 2222.';
    const ctx = retrieval('Which RFC does RFC 4321 obsolete?', [{ text: sentence, document: 'RFC 4321: Widget Transport over Sockets' }]);
    expect(feature('designatesNamed', candidate('RFC 4321', sentence), ctx)).toBe(1);
    expect(feature('designatesNamed', candidate('RFC 1111', sentence), ctx)).toBe(0);
  });
});

describe('the clause citing a designation', () => {
  const sentence = 'Reference [RFC1111] defines widget attributes used for authentication, and [RFC2222] defines widget attributes used for accounting.';
  const ctx = retrieval('Which RFC defines the widget attributes used for authentication?', [{ text: sentence, document: 'RFC 4321: Widget Transport' }]);

  it("reads the clause around the brackets: the words of the question stand in the right citation's clause", () => {
    const right = feature('citationClauseMatch', candidate('RFC1111', sentence), ctx);
    const wrong = feature('citationClauseMatch', candidate('RFC2222', sentence), ctx);
    expect(right).toBeGreaterThan(wrong);
    expect(right).toBeGreaterThan(0);
  });

  it('is nothing for a candidate that is no designation', () => {
    expect(feature('citationClauseMatch', candidate('widget attributes', sentence), ctx)).toBe(0);
  });
});

describe('a definition whose defined term is the asked one', () => {
  const definition = (question: string, text: string, sentence: string) =>
    feature('definedTerm', candidate(text, sentence), retrieval(question, [{ text: sentence, document: 'Notes on widgets' }]));

  it("is 1 for the asked term before the defining verb or a term line's colon, by lemma", () => {
    expect(definition('What is a widget relay?', 'a device forwarding widgets', 'A widget relay is a device forwarding widgets.')).toBe(1);
    expect(definition('What are widget relays?', 'A device forwarding widgets', 'Widget relay: A device forwarding widgets.')).toBe(1);
  });

  it('is 1 for an acronym asked and its expansion defined, or the other way round', () => {
    expect(definition('What is a WRP?', 'a protocol for relaying widgets', 'The Widget Relay Protocol (WRP) is a protocol for relaying widgets.')).toBe(1);
    expect(definition('What is the Widget Relay Protocol?', 'a protocol for relaying widgets', 'WRP: a protocol for relaying widgets.')).toBe(1);
  });

  it('is 0.5 for a longer term holding the asked one, 0 for another term or a sentence that merely mentions it', () => {
    expect(definition('What is a widget relay?', 'a relay of widgets', 'A secondary widget relay is a relay of widgets.')).toBe(0.5);
    expect(definition('What is a widget relay?', 'a gadget', 'A gadget hub is a gadget.')).toBe(0);
    expect(
      definition(
        'What is a widget relay?',
        'sent to each widget relay',
        'When all checks pass, a message is sent to each widget relay telling it to commit the change.',
      ),
    ).toBe(0);
  });

  it('says nothing when the question asks for no definition', () => {
    expect(definition('Which port does a widget relay use?', 'port 7', 'A widget relay is on port 7.')).toBe(0);
  });
});

describe('the title a reference-list entry cites', () => {
  const question = 'Which RFC defines the Widget Relay Protocol cited by the notes?';
  const entries = ['[6]  Smith, A., "The Widget Relay Protocol (WRP)", STD 99, RFC 1661, July 1994.', '[7]  Jones, B., "Gadget Framing", RFC 1662, July 1994.'];
  const ctx = retrieval(question, [{ text: entries.join('\n'), document: 'RFC 4321: Notes on Widgets' }]);

  it("measures the question's words in the title quoted before the designation, not another entry's", () => {
    expect(feature('citedTitleMatch', candidate('RFC 1661', entries[0]), ctx)).toBeGreaterThan(0.4);
    expect(feature('citedTitleMatch', candidate('RFC 1662', entries[1]), ctx)).toBe(0);
  });

  it('is nothing for a designation no quoted title precedes', () => {
    expect(feature('citedTitleMatch', candidate('RFC 1661', 'The Widget Relay Protocol is defined in RFC 1661.'), ctx)).toBe(0);
  });
});

describe("the first answer's evidence, for the confidence", () => {
  it("reads the first answer's defined term and how provably it is the asked document", () => {
    const sentence = 'A widget relay is a device forwarding widgets.';
    const definition = retrieval('What is a widget relay?', [{ text: sentence, document: 'Notes on widgets' }]);
    const top = { ...candidate('a device forwarding widgets', sentence), score: 2 };
    const q = questionFeatures(definition, [top]);
    expect(q[QUESTION_FEATURES.indexOf('topDefinedTerm')]).toBe(1);
    expect(q[QUESTION_FEATURES.indexOf('topDocumentEvidence')]).toBe(0);

    const own = 'RFC 4321: Widget Transport over Sockets';
    const which = retrieval('Which RFC specifies widget transport over sockets?', [{ text: 'This memo specifies widget transport.', document: own }]);
    const doc = { ...candidate(own, 'This memo specifies widget transport.', 'document'), score: 2 };
    expect(questionFeatures(which, [doc])[QUESTION_FEATURES.indexOf('topDocumentEvidence')]).toBeGreaterThan(0.6);
  });
});
