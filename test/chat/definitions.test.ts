// Definition candidates read from a document's layout (chat/candidates/definitions.ts), on hand-made passages:
// a description field describes the entry its naming line opens, not every name listed above it. And the clause
// that defines the asked term (definingClauses, termFit, sentence-spans.ts): of several sentences mentioning a
// term, the one defining it gives its clause whole; a sentence defining another term is marked so.
import { describe, expect, it } from 'vitest';
import { definingClauses, descriptionCandidates, namesFirst, termFit } from '../../electron/core/chat/candidates/definitions';
import { sentenceSpanCandidates } from '../../electron/core/chat/candidates/sentence-spans';
import { candidateFeatures, CANDIDATE_FEATURES } from '../../electron/core/chat/features';
import { answerContext } from '../../electron/core/chat/candidates/context';
import { contentStems } from '../../electron/core/retrieve/text';
import { retrievalOf } from './retrieval-fixture';

describe('a description field and the term its naming line names', () => {
  it('a line opening with the term names it; a member of a list names another entry', () => {
    const term = contentStems('widgetPacketsLost');
    expect(namesFirst('widgetPacketsLost OBJECT-TYPE', term)).toBe(true);
    expect(namesFirst('widgetPacketsLost: the packets lost', term)).toBe(true);
    expect(namesFirst('widgetPacketsLost,', term)).toBe(false);
    expect(namesFirst('OBJECTS { widgetPacketsLost,', term)).toBe(false);
    expect(namesFirst('widgetPacketsLost }', term)).toBe(false);
    expect(namesFirst('widgetGroup OBJECT-GROUP', term)).toBe(false);
  });

  it("marks the entry's own description as naming the term first (subjectFirst), a group listing it as not", () => {
    const passage = [
      'widgetGroup OBJECT-GROUP',
      '    OBJECTS { widgetPacketsSent,',
      '              widgetPacketsLost }',
      '    STATUS current',
      '    DESCRIPTION',
      '        "The objects that manage a widget."',
      '',
      'widgetPacketsLost OBJECT-TYPE',
      '    SYNTAX Counter32',
      '    DESCRIPTION',
      '        "The number of packets the widget lost."',
    ].join('\n');
    const candidates = descriptionCandidates(answerContext(retrievalOf('What does widgetPacketsLost count?', [passage])));
    const first = (text: string) => candidates.find((c) => c.text === text)?.measures.subjectFirst;
    expect(first('The number of packets the widget lost')).toBe(1);
    expect(first('The objects that manage a widget')).toBe(0);
  });
});

describe('the clauses of a sentence that say what a term is', () => {
  const clauses = (sentence: string) => definingClauses(sentence).map((c) => ({ term: c.term, how: c.how, text: sentence.slice(c.start, c.end) }));

  it('reads the subject of a copula or another verb, after a list mark or an opening frame', () => {
    expect(clauses('A widget relay is an entity that forwards frames between two gadgets.')).toEqual([
      { term: 'A widget relay', how: 'subject', text: 'A widget relay is an entity that forwards frames between two gadgets.' },
    ]);
    expect(clauses('The push model simply propagates every frame it receives to the collector.')[0]).toMatchObject({ term: 'The push model', how: 'subject' });
    expect(clauses('(2)  Gadget profiles are used when describing what a gadget may send.')[0]).toMatchObject({ term: 'Gadget profiles', how: 'subject' });
    expect(clauses('In the case of the serial line, a gadget address consists of a port number and a line number.')[0]).toMatchObject({
      term: 'a gadget address',
      text: 'a gadget address consists of a port number and a line number.',
    });
    // a clause after a semicolon has a subject of its own; the clause ends at the next semicolon
    expect(clauses('Frames are short; a gadget relay is a bridge of frames.').map((c) => c.term)).toEqual(['Frames', 'a gadget relay']);
    expect(clauses('A gadget relay is a bridge; it keeps no state.')[0].text).toBe('A gadget relay is a bridge');
  });

  it('reads no definition in a requirement, a negated predicate or a clause opening otherwise', () => {
    expect(definingClauses('The gadget relay MUST NOT forward frames.')).toEqual([]);
    expect(definingClauses('The gadget relay does not keep state.')).toEqual([]);
    expect(definingClauses('It forwards frames.')).toEqual([]);
  });

  it('reads the name a naming verb gives, the head of a relative clause after a comma, a list entry', () => {
    expect(clauses('A pairing of a gadget with a view is called a gadget profile.')[0]).toMatchObject({ term: 'gadget profile', how: 'naming' });
    expect(clauses('When a process, termed a gadget peer, opens a link, it registers.')[0]).toMatchObject({ term: 'gadget peer', how: 'naming' });
    expect(
      clauses('The relay supports both single mode, where one gadget is heard, or dual mode, where two gadgets are heard.').filter(
        (c) => c.how === 'apposition',
      ),
    ).toEqual([
      { term: 'single mode', how: 'apposition', text: 'single mode, where one gadget is heard' },
      { term: 'dual mode', how: 'apposition', text: 'dual mode, where two gadgets are heard.' },
    ]);
    expect(clauses('Gadget Relay: An entity that forwards frames.')[0]).toMatchObject({ term: 'Gadget Relay', how: 'entry' });
  });

  it('fits a written term to the asked one: by lemma, an acronym and its expansion, a longer term', () => {
    const fit = (written: string, asked: string) => termFit(written, contentStems(asked), asked);
    expect(fit('The gadget relays', 'gadget relay')).toBe(1);
    expect(fit('Widget Transport Protocol (WTP)', 'WTP')).toBe(1);
    expect(fit('WTP', 'Widget Transport Protocol')).toBe(1);
    expect(fit('an SNMP gadget profile', 'gadget profile')).toBe(0.5);
    expect(fit('a gadget peer', 'gadget relay')).toBe(0);
  });
});

describe('of several sentences mentioning the asked term, the clause defining it is a candidate given whole', () => {
  const passage = [
    'Gadget relays were first deployed in small networks.',
    'Every frame a gadget relay forwards is counted by the collector.',
    'A gadget relay is an entity that forwards frames between two gadgets without keeping any state about the frames, the gadgets or the links that join them together.',
    'A gadget collector is a server that counts frames.',
    'The gadget relay MUST NOT forward frames to the collector.',
  ].join(' ');
  const ctx = answerContext(retrievalOf('What is a gadget relay?', [passage]));
  const candidates = sentenceSpanCandidates(ctx);
  const value = (c: (typeof candidates)[number], name: string) =>
    candidateFeatures(c, ctx)[CANDIDATE_FEATURES.indexOf(name as (typeof CANDIDATE_FEATURES)[number])];

  it('marks only the defining clause as defining the asked term, whole (past the 24 words a span is cut to)', () => {
    const defining = candidates.filter((c) => value(c, 'definesAsked') === 1);
    expect(defining.map((c) => c.text)).toEqual([
      'A gadget relay is an entity that forwards frames between two gadgets without keeping any state about the frames, the gadgets or the links that join them together',
    ]);
  });

  it("marks a sentence defining another term, and not the asked term's own", () => {
    const other = new Set(candidates.filter((c) => value(c, 'definesOther') === 1).map((c) => c.sentence));
    expect(other).toEqual(new Set(['A gadget collector is a server that counts frames.']));
  });

  it('reads a naming sentence that refers back with the sentence before it', () => {
    const text = 'Designers often need frames that carry no payload at all. These empty frames are termed gadget beacons, and are sent every second.';
    const c = sentenceSpanCandidates(answerContext(retrievalOf('What are gadget beacons?', [text])));
    expect(c.filter((x) => x.measures.definesAsked === 1).map((x) => x.text)).toContain(
      'Designers often need frames that carry no payload at all. These empty frames are termed gadget beacons, and are sent every second',
    );
  });
});

describe('asked what a term is, the clause saying what it is rather than what it does', () => {
  const passage = [
    'In the gadget suite, the gadget relay typically provides a link between two gadgets.',
    'A gadget relay is an entity that joins two gadget links without keeping any state.',
  ].join(' ');
  const defining = (question: string) => {
    const ctx = answerContext(retrievalOf(question, [passage]));
    const candidates = sentenceSpanCandidates(ctx);
    const value = (c: (typeof candidates)[number], name: string) =>
      candidateFeatures(c, ctx)[CANDIDATE_FEATURES.indexOf(name as (typeof CANDIDATE_FEATURES)[number])];
    return {
      asked: candidates.filter((c) => value(c, 'definesAsked') === 1).map((c) => c.text),
      what: candidates.filter((c) => value(c, 'definesWhat') === 1).map((c) => c.text),
    };
  };

  it('both clauses define the asked term; only the copular one says what it is', () => {
    const { asked, what } = defining('What is a gadget relay?');
    expect(asked).toEqual(
      expect.arrayContaining([
        'the gadget relay typically provides a link between two gadgets',
        'A gadget relay is an entity that joins two gadget links without keeping any state',
      ]),
    );
    expect(what).toEqual(['A gadget relay is an entity that joins two gadget links without keeping any state']);
  });

  it('a question asking what the term does marks no clause as saying what it is', () => {
    expect(defining('What does a gadget relay forward?').what).toEqual([]);
  });
});

describe('a name asked by its description: the term the matching definition defines', () => {
  const passage = [
    'A frame that carries no payload at all is called a gadget beacon.',
    'Gadget relay: An entity that forwards frames between two gadgets.',
    'A gadget collector is a server that counts frames.',
  ].join('\n');
  const described = (question: string) => {
    const c = sentenceSpanCandidates(answerContext(retrievalOf(question, [passage])));
    const best = Math.max(...c.map((x) => x.measures.describedBy ?? 0));
    return c.filter((x) => x.measures.describedBy === best).map((x) => x.text);
  };

  it('the name a naming clause gives, when the question describes what it names', () => {
    expect(described('What is a frame that carries no payload called?')).toEqual(['gadget beacon']);
  });

  it("a terminology entry's term, when the question describes it in its entry's words", () => {
    expect(described('What term is used for an entity that forwards frames between gadgets?')).toEqual(['Gadget relay']);
  });

  it('a question asking what a term is measures none', () => {
    const c = sentenceSpanCandidates(answerContext(retrievalOf('What is a gadget relay?', [passage])));
    expect(c.every((x) => x.measures.describedBy === undefined)).toBe(true);
  });
});
