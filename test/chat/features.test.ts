// The candidate and question features the fitted ranker reads (chat/features.ts), on small hand-made
// retrievals with known answers: the candidate's own clause, agreement across passages, and how the
// documents ground the question's nouns (document frequency), the first answer's share within the kind asked.
import { describe, expect, it } from 'vitest';
import { answerContext } from '../../electron/core/chat/candidates/context';
import type { Candidate } from '../../electron/core/chat/candidates';
import { candidateFeatures, CANDIDATE_FEATURES } from '../../electron/core/chat/features';
import { grounding, questionFeatures, QUESTION_FEATURES } from '../../electron/core/chat/question-features';
import { retrievalOf } from './retrieval-fixture';
import { AnswerRanker, type AnswerModel } from '../../electron/core/chat/ranker';

const span = (text: string, sentence: string, passageId = 1): Candidate => ({
  text,
  source: 'span',
  passageId,
  passageRank: passageId - 1,
  sentence,
  triples: [],
  measures: {},
});

const feature = (name: (typeof CANDIDATE_FEATURES)[number], c: Candidate, ctx: ReturnType<typeof answerContext>) =>
  candidateFeatures(c, ctx)[CANDIDATE_FEATURES.indexOf(name)];

describe('the clause a candidate stands in', () => {
  const question = 'Which port does the server listen on for accounting?';
  const sentence = 'The client sends requests to port 1812, and the server listens on port 1813 for accounting.';
  const ctx = answerContext(retrievalOf(question, [sentence], { port: 20, server: 30, listen: 5, accounting: 8, client: 40 }));

  it("holds the question's other words for the right value, not for the value of the clause beside it", () => {
    expect(feature('clauseMatch', span('1813', sentence), ctx)).toBeCloseTo(1, 5);
    expect(feature('clauseMatch', span('1812', sentence), ctx)).toBe(0);
  });

  it("holds the question's verb (its predicate) only in the right clause", () => {
    expect(feature('clausePredicate', span('1813', sentence), ctx)).toBe(1);
    expect(feature('clausePredicate', span('1812', sentence), ctx)).toBe(0);
  });

  it('is nothing for a candidate its sentence does not write as read', () => {
    expect(feature('clauseMatch', span('1645', sentence), ctx)).toBe(0);
    expect(feature('clausePredicate', span('1645', sentence), ctx)).toBe(0);
  });
});

describe("the candidate's role in its sentence", () => {
  const sentence = 'RFC 6613 defines RADIUS over TCP.';
  it('agrees when it stands where the wh-word stands: the doer before the verb, what is done after it', () => {
    const doer = answerContext(retrievalOf('Which RFC defines RADIUS over TCP?', [sentence], { rfc: 10, defines: 5, radius: 30, tcp: 8 }));
    expect(feature('roleAgrees', span('RFC 6613', sentence), doer)).toBe(1);
    expect(feature('roleAgrees', span('RADIUS over TCP', sentence), doer)).toBe(0);
    const done = answerContext(retrievalOf('What does RFC 6613 define?', [sentence], { rfc: 10, define: 5 }));
    expect(feature('roleAgrees', span('RADIUS over TCP', sentence), done)).toBe(1);
    expect(feature('roleAgrees', span('RFC 6613', sentence), done)).toBe(0);
  });

  it('says nothing when the question does not place its wh-word (a copula, a passive)', () => {
    const passive = answerContext(retrievalOf('Which protocol is carried over TCP?', [sentence], { protocol: 10, tcp: 8 }));
    expect(feature('roleAgrees', span('RFC 6613', sentence), passive)).toBe(0);
    expect(feature('roleAgrees', span('RADIUS over TCP', sentence), passive)).toBe(0);
  });
});

describe("the question's verb, found through names and mis-tagged verbs", () => {
  it('reads a wh-phrase with a hyphenated or dotted name, and a verb tagged as a plural noun, as the subject asked', () => {
    const sentence = 'A gadget macro, WIDGET-RULES, is used to convey the session requirements.';
    for (const question of ['Which Gadget-Set macro conveys the session requirements?', 'Which G.7 macro conveys the session requirements?']) {
      const ctx = answerContext(retrievalOf(question, [sentence]));
      expect(feature('fillsRole', span('WIDGET-RULES', sentence), ctx)).toBe(1);
      expect(feature('roleAgrees', span('WIDGET-RULES', sentence), ctx)).toBe(1);
      expect(feature('fillsRole', span('the session requirements', sentence), ctx)).toBe(0);
    }
  });

  it('reads a passive with an adverb or "not" between its auxiliaries and its verb (and ends: a form of "be" once seen)', () => {
    const sentence = 'The relay uses the Quartz channel for retries.';
    for (const question of ['Which channel is not always used by the relay?', 'Which channel is also used by the relay?']) {
      const ctx = answerContext(retrievalOf(question, [sentence]));
      expect(feature('fillsRole', span('the Quartz channel', sentence), ctx)).toBe(1);
      expect(feature('fillsRole', span('The relay', sentence), ctx)).toBe(0);
    }
  });

  it('reads an inverted modal before a subject as the object asked', () => {
    const sentence = 'The relay should use the Quartz channel for retries.';
    const ctx = answerContext(retrievalOf('Which channel should the relay use for retries?', [sentence]));
    expect(feature('fillsRole', span('the Quartz channel', sentence), ctx)).toBe(1);
    expect(feature('fillsRole', span('The relay', sentence), ctx)).toBe(0);
  });

  it('places the subject of a passive question after the verb of an active sentence, and before that of a passive one', () => {
    const question = 'Which frame is sent by the hub to the relay?';
    const active = 'The hub sends a Rollback frame to the relay.';
    const passive = 'A Rollback frame is sent by the hub to the relay.';
    expect(feature('fillsRole', span('a Rollback frame', active), answerContext(retrievalOf(question, [active])))).toBe(1);
    expect(feature('fillsRole', span('A Rollback frame', passive), answerContext(retrievalOf(question, [passive])))).toBe(1);
    // (roleAgrees keeps saying nothing of a passive question)
    expect(feature('roleAgrees', span('a Rollback frame', active), answerContext(retrievalOf(question, [active])))).toBe(0);
  });
});

describe('agreement across passages', () => {
  const question = 'Which port does the server listen on for accounting?';
  const passages = [
    'The server listens on port 1813 for accounting.',
    'Accounting requests go to UDP port 1813.',
    'Port 18130 is used by another service.',
    'An accounting server MAY listen on 1813 as well.',
  ];
  const ctx = answerContext(retrievalOf(question, passages, { port: 20, server: 30, listen: 5, accounting: 8 }));

  it('counts the other retrieved passages that write the same answer as whole words', () => {
    // passages 2 and 4 write "1813"; "18130" is another number
    expect(feature('passageAgreement', span('1813', passages[0]), ctx)).toBeCloseTo(Math.log1p(2), 10);
    expect(feature('passageAgreement', span('18130', passages[2], 3), ctx)).toBe(0);
  });

  it('is left out for a long clause (a sentence repeated is no agreement on a short answer)', () => {
    const long = 'The server listens on port 1813 for accounting and on port 1812 for authentication';
    expect(feature('passageAgreement', span(long, `${long}.`), answerContext(retrievalOf(question, [`${long}.`, `${long}.`], {})))).toBe(0);
  });
});

describe('grounding by document frequency', () => {
  it("a question whose nouns only a chunk or two hold is grounded weakly (rareNoun); one about the documents' subjects is not", () => {
    const passages = ['The server listens on port 1813 for accounting.'];
    const offTopic = answerContext(retrievalOf('What is the currency of Japan?', passages, { currency: 1, japan: 2 }));
    const onTopic = answerContext(
      retrievalOf('Which port does the server listen on for accounting?', passages, { port: 20, server: 30, listen: 5, accounting: 8 }),
    );
    const missing = answerContext(retrievalOf('What is the currency of Japan?', passages, {}));
    expect(grounding(offTopic).rareNoun).toBeCloseTo(1, 5);
    expect(grounding(offTopic).missingNoun).toBe(0);
    expect(grounding(onTopic).rareNoun).toBe(0);
    // a noun no chunk holds is missing, not rare
    expect(grounding(missing)).toMatchObject({ rareNoun: 0, missingNoun: 1 });
  });

  it('the names a question writes, held by one passage together or only apart (namesTogether)', () => {
    const df = { port: 20, zeta: 3, gateway: 10, omega: 4, tunnel: 6, use: 40 };
    const q = 'Which port does the Zeta gateway use for Omega tunnels?';
    const apart = answerContext(retrievalOf(q, ['The Zeta gateway keeps a log of its peers.', 'Omega tunnels carry frames between sites.'], df));
    const together = answerContext(retrievalOf(q, ['The Zeta gateway opens Omega tunnels on port 4100.'], df));
    expect(grounding(apart).namesTogether).toBeGreaterThan(0);
    expect(grounding(apart).namesTogether).toBeLessThan(1);
    expect(grounding(together).namesTogether).toBe(1);
    // a question that names nothing misses no name
    expect(grounding(answerContext(retrievalOf('Which port does the gateway use?', ['The gateway keeps a log.'], df))).namesTogether).toBe(1);
  });

  it('the asked head noun met with the most specific word of the question in one passage (headMet)', () => {
    const df = { port: 20, zeta: 3, gateway: 10, use: 40 };
    const q = 'Which port does the Zeta gateway use?';
    expect(grounding(answerContext(retrievalOf(q, ['The Zeta gateway keeps a log of its peers.', 'Each port is a number.'], df))).headMet).toBe(false);
    expect(grounding(answerContext(retrievalOf(q, ['The Zeta gateway listens on port 4100.'], df))).headMet).toBe(true);
  });
});

describe("the first answer's share and lead within the kind asked", () => {
  const passages = ['The client sends requests to port 1812, and the server listens on port 1813 for accounting.'];
  const ranked = (scores: number[]) => scores.map((score, i) => ({ ...span(['1813', '1812'][i], passages[0]), score }));
  const q = (ctx: ReturnType<typeof answerContext>, scores: number[]) => {
    const v = questionFeatures(ctx, ranked(scores));
    return (name: (typeof QUESTION_FEATURES)[number]) => v[QUESTION_FEATURES.indexOf(name)];
  };

  it('reads the share and the lead under the kind the question asks, 0 under the others', () => {
    const numeric = answerContext(retrievalOf('Which port does the server listen on for accounting?', passages, { port: 20, server: 30 }));
    const f = q(numeric, [2, 0]);
    expect(f('askedNumeric')).toBe(1);
    expect(f('askedNumericShare')).toBeCloseTo(f('topShare'), 9);
    expect(f('askedNumericShare')).toBeCloseTo(1 / (1 + Math.exp(-2)), 9);
    expect(f('askedNumericMargin')).toBeCloseTo(2, 9);
    expect(f('askedNameShare')).toBe(0);
    expect(f('askedDefinitionMargin')).toBe(0);
  });

  it('takes the share over the candidates and the null alternative when the model has one', () => {
    const numeric = answerContext(retrievalOf('Which port does the server listen on for accounting?', passages, { port: 20, server: 30 }));
    const v = questionFeatures(numeric, ranked([1]), 3);
    const f = (name: (typeof QUESTION_FEATURES)[number]) => v[QUESTION_FEATURES.indexOf(name)];
    // a lone candidate below the null: its share is far from 1
    expect(f('topShare')).toBeCloseTo(1 / (1 + Math.exp(2)), 9);
    expect(f('nullShare')).toBeCloseTo(1 - f('topShare'), 9);
    expect(f('topOverNull')).toBeCloseTo(-2, 9);
    expect(f('askedNumericShare')).toBeCloseTo(f('topShare'), 9);
    // without a null: a lone candidate has all the share, and the null's features are 0
    const w = q(numeric, [1]);
    expect(w('topShare')).toBe(1);
    expect(w('nullShare')).toBe(0);
    expect(w('topOverNull')).toBe(0);
  });

  it('caps the lead, so that one runaway ranking does not set the slope', () => {
    const numeric = answerContext(retrievalOf('Which port does the server listen on for accounting?', passages, { port: 20, server: 30 }));
    const f = q(numeric, [40, 0]);
    expect(f('margin')).toBeCloseTo(40, 9);
    expect(f('askedNumericMargin')).toBe(5);
  });
});

describe('how sure a ranking is: the first answer as odds, its other forms, its lead over a distinct answer', () => {
  const question = 'Which port does the server listen on for accounting?';
  const passages = ['The server listens on port 1813 for accounting.', 'Accounting uses port 1813; the old port was 1646.'];
  const ctx = answerContext(retrievalOf(question, passages, { port: 20, server: 30 }));
  const q = (texts: string[], scores: number[], nullScore: number | null = null) => {
    const v = questionFeatures(
      ctx,
      texts.map((t, i) => ({ ...span(t, passages[0]), score: scores[i] })),
      nullScore,
    );
    return (name: (typeof QUESTION_FEATURES)[number]) => v[QUESTION_FEATURES.indexOf(name)];
  };

  it('reads the first share as log-odds, bounded for a share of 1', () => {
    const f = q(['1813', '1646'], [2, 0]);
    expect(f('topLogOdds')).toBeCloseTo(2, 9);
    expect(q(['1813'], [1])('topLogOdds')).toBe(6);
    expect(q(['1813'], [1], 3)('topLogOdds')).toBeCloseTo(-2, 9);
  });

  it("counts the first answer's other forms as its share, and leads over the first distinct answer", () => {
    // "port 1813" is the first answer in another form; "1646" is another answer
    const f = q(['1813', 'port 1813', '1646'], [2, 1.5, 0]);
    const z = Math.exp(2) + Math.exp(1.5) + 1;
    expect(f('topShare')).toBeCloseTo(Math.exp(2) / z, 9);
    expect(f('consistentShare')).toBeCloseTo((Math.exp(2) + Math.exp(1.5)) / z, 9);
    expect(f('margin')).toBeCloseTo(0.5, 9);
    expect(f('distinctMargin')).toBeCloseTo(2, 9);
  });

  it('does not read a word inside another as the same answer', () => {
    const f = q(['181', '1813'], [1, 0]);
    expect(f('consistentShare')).toBeCloseTo(f('topShare'), 9);
    expect(f('distinctMargin')).toBeCloseTo(1, 9);
    // with no distinct answer the lead is the cap
    expect(q(['Yes', 'Yes, if the server is a proxy'], [1, 0])('distinctMargin')).toBe(5);
  });

  it('reads the share of the best rival answer (not a form of the first), 0 with none', () => {
    const f = q(['1813', 'port 1813', '1646'], [2, 1.5, 0]);
    expect(f('rivalShare')).toBeCloseTo(1 / (Math.exp(2) + Math.exp(1.5) + 1), 9);
    expect(q(['1813', 'port 1813'], [2, 1])('rivalShare')).toBe(0);
    expect(q(['1813'], [1])('rivalShare')).toBe(0);
  });

  it("reads the first answer's sentence measures, bounded as the candidate source measured them", () => {
    const v = questionFeatures(ctx, [{ ...span('1813', passages[0]), measures: { match: 0.8, sentenceRank: 0.5, near: 0.6 }, score: 1 }]);
    const f = (name: (typeof QUESTION_FEATURES)[number]) => v[QUESTION_FEATURES.indexOf(name)];
    expect([f('topMatch'), f('topSentenceRank'), f('topNear')]).toEqual([0.8, 0.5, 0.6]);
    expect(questionFeatures(ctx, [])[QUESTION_FEATURES.indexOf('topMatch')]).toBe(0);
  });

  it("reads the passage ranker's lead of the first passage and whether the first answer stands in it", () => {
    const f = q(['1813'], [1]);
    // (the fixture scores its passages 1, 0.9, ...)
    expect(f('passageMargin')).toBeCloseTo(0.1, 9);
    expect(f('topFirstPassage')).toBe(1);
    const second = questionFeatures(ctx, [{ ...span('1646', passages[1], 2), score: 1 }]);
    expect(second[QUESTION_FEATURES.indexOf('topFirstPassage')]).toBe(0);
    const alone = answerContext(retrievalOf(question, passages.slice(0, 1), { port: 20, server: 30 }));
    expect(questionFeatures(alone, [{ ...span('1813', passages[0]), score: 1 }])[QUESTION_FEATURES.indexOf('passageMargin')]).toBe(5);
  });
});

describe('agreement of independent evidence for the first answer', () => {
  const question = 'Which port does the server listen on for accounting?';
  const passages = ['The server listens on port 1813 for accounting.', 'Accounting uses port 1813; the old port was 1646.', 'The client sends requests.'];
  const ctx = answerContext(retrievalOf(question, passages, { port: 20, server: 30 }));
  const q = (texts: string[], scores: number[], views: { plainTop: string | null; otherPassageTop: string | null } | null = null) => {
    const v = questionFeatures(
      ctx,
      texts.map((t, i) => ({ ...span(t, passages[0]), score: scores[i] })),
      null,
      views,
    );
    return (name: (typeof QUESTION_FEATURES)[number]) => v[QUESTION_FEATURES.indexOf(name)];
  };

  it('the simpler view and the best candidate of another passage agree when they give the first answer or a form of it', () => {
    const f = q(['1813', '1646'], [2, 1], { plainTop: 'port 1813', otherPassageTop: '1813' });
    expect(f('plainAgrees')).toBe(1);
    expect(f('otherPassageAgrees')).toBe(1);
    const g = q(['1813', '1646'], [2, 1], { plainTop: '1646', otherPassageTop: '1646' });
    expect(g('plainAgrees')).toBe(0);
    expect(g('otherPassageAgrees')).toBe(0);
    // without the views (or without another passage's candidate) nothing agrees
    expect(q(['1813'], [1])('plainAgrees')).toBe(0);
    expect(q(['1813'], [1], { plainTop: '1813', otherPassageTop: null })('otherPassageAgrees')).toBe(0);
  });

  it('reads the share of the retrieved passages that write the first answer', () => {
    expect(q(['1813'], [1])('topPassageShare')).toBeCloseTo(2 / 3, 9);
    expect(q(['1646'], [1])('topPassageShare')).toBeCloseTo(2 / 3, 9);
    // (its own passage counts; a word inside another is not the answer)
    expect(q(['181'], [1])('topPassageShare')).toBeCloseTo(1 / 3, 9);
  });

  it("reads the first answer's share against the best distinct answer alone, 1 without one", () => {
    const f = q(['1813', 'port 1813', '1646'], [2, 1.5, 0]);
    expect(f('pairShare')).toBeCloseTo(1 / (1 + Math.exp(-2)), 9);
    expect(q(['1813', 'port 1813'], [2, 1])('pairShare')).toBe(1);
    expect(questionFeatures(ctx, [])[QUESTION_FEATURES.indexOf('pairShare')]).toBe(0);
  });
});

describe("the ranker's second views of its ranking", () => {
  const question = 'Which port does the server listen on for accounting?';
  const passages = ['The server listens on port 1813 for accounting.', 'Accounting uses port 1646 at the server.'];
  const ctx = answerContext(retrievalOf(question, passages, { port: 20, server: 30 }));
  // the first passage's value is first by its passage's rank; the second's words stand nearer the question's
  const candidates = [
    { ...span('1813', passages[0], 1), measures: { near: 0 } },
    { ...span('1646', passages[1], 2), measures: { near: 1 } },
  ];
  const model = (weights: Record<string, number>): AnswerModel => ({
    version: 1,
    candidate: { features: Object.keys(weights), weights: Object.values(weights), bias: 0 },
    confidence: { features: [], weights: [], bias: 0 },
    grounded: { features: [], weights: [], bias: 0 },
    groundedThreshold: 0,
    threshold: 0,
    fitted: {},
  });
  const rank = (weights: Record<string, number>) => {
    const r = new AnswerRanker(model(weights)).rank(ctx, candidates);
    return { top: r.candidates[0].text, f: (name: (typeof QUESTION_FEATURES)[number]) => r.features[QUESTION_FEATURES.indexOf(name)] };
  };

  it('finds another first answer without the passage inputs, and another passage giving another answer', () => {
    const r = rank({ passageRank: 5, near: 1 });
    expect(r.top).toBe('1813');
    expect(r.f('plainAgrees')).toBe(0);
    expect(r.f('otherPassageAgrees')).toBe(0);
  });

  it('agrees where the first answer stands first without the passage inputs too', () => {
    const r = rank({ passageRank: 5, near: -1 });
    expect(r.top).toBe('1813');
    expect(r.f('plainAgrees')).toBe(1);
  });
});

describe('what a definition candidate opens with, and where its term line stands', () => {
  const question = 'What is a relay agent?';
  const entry = 'Relay Agent: A node that forwards messages between a client and a server.';
  const section = '4.1.  Relay Agents: Where the lower layer supports it, agents MAY cache the forwarded messages.';
  const ctx = answerContext(retrievalOf(question, [entry, section], { relay: 20, agent: 15 }));
  const glossary = (text: string, sentence: string, passageId: number): Candidate => ({ ...span(text, sentence, passageId), source: 'glossary' });

  it('marks a term line that is a numbered section heading, not an entry of a list of terms', () => {
    expect(feature('termIsHeading', glossary('A node that forwards messages between a client and a server', entry, 1), ctx)).toBe(0);
    expect(feature('termIsHeading', glossary('Where the lower layer supports it, agents MAY cache the forwarded messages', section, 2), ctx)).toBe(1);
    // a span is never a term line's body
    expect(feature('termIsHeading', span('agents MAY cache the forwarded messages', section, 2), ctx)).toBe(0);
  });

  it('marks a body that opens with a subordinating word, a preposition or a pronoun, not one that names what the term is', () => {
    expect(feature('opensWithFrame', glossary('A node that forwards messages between a client and a server', entry, 1), ctx)).toBe(0);
    expect(feature('opensWithFrame', glossary('Where the lower layer supports it, agents MAY cache the forwarded messages', section, 2), ctx)).toBe(1);
    expect(feature('opensWithFrame', span('In this scheme, the agent forwards every message', section, 2), ctx)).toBe(1);
    expect(feature('opensWithFrame', span('It forwards every message', section, 2), ctx)).toBe(1);
  });

  it('says nothing about the opening when the question asks for no definition', () => {
    const other = answerContext(retrievalOf('Which node forwards messages?', [entry], { node: 10, forward: 5 }));
    expect(feature('opensWithFrame', span('In this scheme, the agent forwards every message', entry), other)).toBe(0);
  });
});

describe('a definition that is a noun phrase, not a clause saying something else of the term', () => {
  const question = 'What is a relay agent?';
  const entry = 'Relay Agent: A node that forwards messages between a client and a server.';
  const ctx = answerContext(retrievalOf(question, [entry], { relay: 20, agent: 15 }));

  it("a noun phrase whose first verb is a participle, an infinitive or a relative clause's", () => {
    expect(feature('definitionPhrase', span('A node that forwards messages between a client and a server', entry), ctx)).toBe(1);
    expect(feature('definitionPhrase', span('The end of the link requiring the authentication', entry), ctx)).toBe(1);
    expect(feature('definitionPhrase', span('Keys used to protect the data exchanged', entry), ctx)).toBe(1);
    expect(feature('definitionPhrase', span('The use of a cache to forward messages', entry), ctx)).toBe(1);
    expect(feature('definitionPhrase', span('The parties to whom a key is available', entry), ctx)).toBe(1);
  });

  it('a clause with a verb of its own, or a framing opening, is not', () => {
    expect(feature('definitionPhrase', span('A critical difference between the agents is their capability to cache', entry), ctx)).toBe(0);
    expect(feature('definitionPhrase', span('Relay agents differ from proxies in their caching', entry), ctx)).toBe(0);
    expect(feature('definitionPhrase', span('In this scheme, the agent forwards every message', entry), ctx)).toBe(0);
  });

  it('says nothing when the question asks for no definition', () => {
    const other = answerContext(retrievalOf('Which node forwards messages?', [entry], { node: 10, forward: 5 }));
    expect(feature('definitionPhrase', span('A node that forwards messages between a client and a server', entry), other)).toBe(0);
  });
});

describe('a requirement of the modality a question asks', () => {
  const question = 'Which transport should a client keep?';
  const stated = 'Clients MAY open several connections; they SHOULD keep the datagram transport.';
  const plain = 'The stream transport is a poor fit for clients.';
  const ctx = answerContext(retrievalOf(question, [stated, plain], { transport: 10, client: 5 }));

  it('marks a candidate whose sentence states the asked modality, wherever in the sentence', () => {
    expect(feature('modalityAsked', span('the datagram transport', stated), ctx)).toBe(1);
    expect(feature('modalityAsked', span('The stream transport', plain), ctx)).toBe(0);
  });

  it('says nothing for a yes/no question (its own features read the modality) or one asking without a modal', () => {
    const yesNo = answerContext(retrievalOf('Should a client keep the datagram transport?', [stated], { transport: 10, client: 5 }));
    expect(feature('modalityAsked', span('the datagram transport', stated), yesNo)).toBe(0);
    const none = answerContext(retrievalOf('Which transport does a client keep?', [stated], { transport: 10, client: 5 }));
    expect(feature('modalityAsked', span('the datagram transport', stated), none)).toBe(0);
  });
});

describe('a number with its unit, for a question asking a magnitude', () => {
  const sentence = 'If a nonce is used, it is RECOMMENDED that it be at least 128 bits.';
  it('fits a question asking how long or what size, not a count nor a code', () => {
    const long = answerContext(retrievalOf('How long should a nonce be?', [sentence]));
    expect(feature('quantityFit', span('128 bits', sentence), long)).toBe(1);
    expect(feature('quantityFit', span('128', sentence), long)).toBe(0);
    const size = answerContext(retrievalOf('What is the minimum size of a nonce?', [sentence]));
    expect(feature('quantityFit', span('at least 128 bits', sentence), size)).toBe(1);
    const count = answerContext(retrievalOf('How many nonces are used?', [sentence]));
    expect(feature('quantityFit', span('128 bits', sentence), count)).toBe(0);
  });

  it('names the unit the question asks in, said in words or digits', () => {
    const octets = 'The header holds an authenticator of sixteen octets and a length of 2 octets.';
    const ctx = answerContext(retrievalOf('How many octets long is the authenticator?', [octets]));
    expect(feature('unitNamed', span('sixteen octets', octets), ctx)).toBe(1);
    expect(feature('unitNamed', span('2 octets', octets), ctx)).toBe(1);
    const seconds = answerContext(retrievalOf('How many seconds does a client wait?', [octets]));
    expect(feature('unitNamed', span('sixteen octets', octets), seconds)).toBe(0);
  });
});

describe('where a candidate stands in a requirement (not yes/no questions)', () => {
  it('the party the requirement binds is the one asked about, or another written out', () => {
    const question = 'What must the relay do when the server ends the session?';
    const sentences = ['The server MUST send a close message to the relay.', 'The relay MUST answer with a notice and end the link.'];
    const ctx = answerContext(retrievalOf(question, sentences));
    const own = span('answer with a notice and end the link', sentences[1], 2);
    const other = span('send a close message to the relay', sentences[0]);
    expect(feature('actorAsked', own, ctx)).toBe(1);
    expect(feature('actorOther', own, ctx)).toBe(0);
    expect(feature('actorAsked', other, ctx)).toBe(0);
    expect(feature('actorOther', other, ctx)).toBe(1);
    // in the requirement's subject the candidate may be the party asked for: neither
    expect(feature('actorOther', span('The server', sentences[0]), ctx)).toBe(0);
  });

  it('a pronoun binds the party of the clause before it; a sentence without a modal gives neither', () => {
    const question = 'What may the relay keep?';
    const sentence = 'The relay MAY keep the key, but it MUST NOT forward it.';
    const ctx = answerContext(retrievalOf(question, [sentence, 'The relay keeps the key.']));
    expect(feature('actorAsked', span('forward it', sentence), ctx)).toBe(1);
    expect(feature('actorAsked', span('the key', 'The relay keeps the key.', 2), ctx)).toBe(0);
    expect(feature('actorOther', span('the key', 'The relay keeps the key.', 2), ctx)).toBe(0);
  });

  it('one member of a coordination is cut; the coordination whole is not', () => {
    const question = 'In which messages may the option appear?';
    const sentence = 'It MAY appear in both Request and Report messages.';
    const ctx = answerContext(retrievalOf(question, [sentence]));
    expect(feature('conjunctCut', span('Report messages', sentence), ctx)).toBe(1);
    expect(feature('conjunctCut', span('Request', sentence), ctx)).toBe(1);
    expect(feature('conjunctCut', span('both Request and Report messages', sentence), ctx)).toBe(0);
    const act = 'The relay MUST send a notice and close the link.';
    expect(feature('conjunctCut', span('send a notice', act), answerContext(retrievalOf('What must the relay do?', [act])))).toBe(1);
    // a coordinating word that opens another requirement joins clauses, not a phrase's members
    const two = 'The relay MUST send a notice, and the server MUST close the link.';
    expect(feature('conjunctCut', span('send a notice', two), answerContext(retrievalOf('What must the relay do?', [two])))).toBe(0);
  });

  it('a condition asked: the candidate that lies in the condition its sentence states', () => {
    const question = 'Under what condition may a client resend a request over a new connection?';
    const sentence = 'A client MAY resend a request over a new connection only if the old connection is closed.';
    const ctx = answerContext(retrievalOf(question, [sentence]));
    expect(feature('conditionAsked', span('the old connection is closed', sentence), ctx)).toBe(1);
    expect(feature('conditionAsked', span('resend a request over a new connection', sentence), ctx)).toBe(0);
    const plain = answerContext(retrievalOf('What may a client resend over a new connection?', [sentence]));
    expect(feature('conditionAsked', span('the old connection is closed', sentence), plain)).toBe(0);
  });
});

describe('a value of the named thing, in the unit kind asked', () => {
  const listing = 'The widget attributes are numbered as follows:\n137 (0x89) for Minimum-Widget-Rate-Low-Power\n131 (0x83) for Minimum-Widget-Rate';
  it('measures how much of the named thing the value is bound to, and how much of another', () => {
    const ctx = answerContext(retrievalOf('Which widget type number identifies Minimum-Widget-Rate?', [listing]));
    const right = { ...span('131', '131 (0x83) for Minimum-Widget-Rate'), measures: { measured: 'Minimum-Widget-Rate' } };
    const other = { ...span('137', '137 (0x89) for Minimum-Widget-Rate-Low-Power'), measures: { measured: 'Minimum-Widget-Rate-Low-Power' } };
    expect(feature('measuresNamed', right, ctx)).toBeGreaterThan(0.5);
    expect(feature('measuresOther', right, ctx)).toBe(0);
    expect(feature('measuresOther', other, ctx)).toBeGreaterThan(0);
    expect(feature('measuresNamed', span('131', listing), ctx)).toBe(0);
  });

  it("clashes a size with a constant's value, and a size with a duration asked; not a size with a length asked", () => {
    const sentence = 'The Widget-Reset constant has the value 7; its field is three bytes long and times out after 30 seconds.';
    const constant = answerContext(retrievalOf('What is the value of the Widget-Reset constant?', [sentence]));
    expect(feature('unitKindClash', span('three bytes', sentence), constant)).toBe(1);
    expect(feature('unitKindClash', span('7', sentence), constant)).toBe(0);
    const timeout = answerContext(retrievalOf('What is the widget timeout?', [sentence]));
    expect(feature('unitKindClash', span('three bytes', sentence), timeout)).toBe(1);
    expect(feature('unitKindClash', span('30 seconds', sentence), timeout)).toBe(0);
    const length = answerContext(retrievalOf('What is the length of the widget field?', [sentence]));
    expect(feature('unitKindClash', span('three bytes', sentence), length)).toBe(0);
    expect(feature('unitKindClash', span('three bytes', sentence), answerContext(retrievalOf('Who resets the widget?', [sentence])))).toBe(0);
  });
});

describe('a value bound to the asked name, or to another named thing (value14)', () => {
  const bound = (text: string, sentence: string, measured: string): Candidate => ({ ...span(text, sentence), measures: { measured } });

  it('is 1 for the joined name the question writes, not for a longer name holding its words', () => {
    const listing = 'Widget attributes:\n85      Widget-Idle-Interval\n86      Widget-Packets-Lost';
    const ctx = answerContext(retrievalOf('What attribute type number is assigned to Widget-Packets-Lost?', [listing]));
    expect(feature('boundAsked', bound('86', listing, 'Widget-Packets-Lost'), ctx)).toBe(1);
    expect(feature('boundAsked', bound('85', listing, 'Widget-Idle-Interval'), ctx)).toBeLessThan(0.5);
    expect(feature('boundOther', bound('85', listing, 'Widget-Idle-Interval'), ctx)).toBe(0);
    expect(feature('boundAsked', span('86', listing), ctx)).toBe(0);
  });

  it('reads an acronym and its expansion as the same name', () => {
    const sentence = 'The MGU is 1500 octets and the header is 20 octets.';
    const ctx = answerContext(retrievalOf('What is the maximum gadget unit of the link?', [sentence]));
    expect(feature('boundAsked', bound('1500 octets', sentence, 'MGU'), ctx)).toBe(1);
    const short = answerContext(retrievalOf('How large is the MGU?', ['The maximum gadget unit is 1500 octets.']));
    expect(feature('boundAsked', bound('1500 octets', 'The maximum gadget unit is 1500 octets.', 'maximum gadget unit'), short)).toBe(1);
  });

  it('does not mark a named constant by its own name', () => {
    const sentence = 'Widget-Status values: Running (7), Halted (8).';
    const ctx = answerContext(retrievalOf('Which Widget-Status value is sent when the gadget shuts down?', [sentence]));
    expect(feature('boundOther', bound('Halted (8)', sentence, 'Halted'), ctx)).toBe(0);
    expect(feature('boundOther', bound('8', sentence, 'Halted'), ctx)).toBe(1);
  });

  it('marks a value bound to a name none of whose words the question writes', () => {
    const sentence = 'The header is 20 octets and the gadget body is 1500 octets.';
    const ctx = answerContext(retrievalOf('How long is the gadget body?', [sentence]));
    expect(feature('boundOther', bound('20 octets', sentence, 'header'), ctx)).toBe(1);
    expect(feature('boundOther', bound('1500 octets', sentence, 'gadget body'), ctx)).toBe(0);
    expect(feature('boundAsked', bound('1500 octets', sentence, 'gadget body'), ctx)).toBeGreaterThan(
      feature('boundAsked', bound('20 octets', sentence, 'header'), ctx),
    );
    expect(feature('boundOther', bound('20 octets', sentence, 'header'), answerContext(retrievalOf('Who sends the gadget body?', [sentence])))).toBe(0);
  });
});

describe('a unit asked, and a term its passage repeats (rank21)', () => {
  it('marks a candidate writing a unit of measure only where a unit is asked', () => {
    const sentence = 'WIDGET-TIMER  OBJECT-TYPE  SYNTAX Gauge  UNITS "tenths of a minute"  DESCRIPTION "The time the widget waits."';
    const unit = answerContext(retrievalOf('In what units is the widget timer given?', [sentence]));
    expect(feature('unitWritten', span('tenths of a minute', sentence), unit)).toBe(1);
    expect(feature('unitWritten', span('OBJECT-TYPE', sentence), unit)).toBe(0);
    expect(feature('unitWritten', span('Gauge', sentence), unit)).toBe(0);
    // the "s" of a possessive is no unit
    expect(feature('unitWritten', span("the widget's timer", sentence), unit)).toBe(0);
    const plain = answerContext(retrievalOf('How long does the widget wait?', [sentence]));
    expect(feature('unitWritten', span('tenths of a minute', sentence), plain)).toBe(0);
  });

  it('counts how many more times a short candidate is written in its own passage, for values and definitions', () => {
    const passage =
      'GADGET-A  OBJECT-TYPE  SYNTAX Integer  ::= { gadget 4 }\nGADGET-B  OBJECT-TYPE  SYNTAX Integer  ::= { gadget 9 }\nGADGET-C  OBJECT-TYPE  MAX 12';
    const value = answerContext(retrievalOf('What is the largest value of GADGET-C?', [passage]));
    expect(feature('passageRepeats', span('OBJECT-TYPE', passage), value)).toBeCloseTo(Math.log(3), 5);
    expect(feature('passageRepeats', span('12', passage), value)).toBe(0);
    // a longer candidate is a phrase, not a term
    expect(feature('passageRepeats', span('OBJECT-TYPE SYNTAX Integer ::=', passage), value)).toBe(0);
    const who = answerContext(retrievalOf('Who assigns GADGET-C?', [passage]));
    expect(feature('passageRepeats', span('OBJECT-TYPE', passage), who)).toBe(0);
  });
});
