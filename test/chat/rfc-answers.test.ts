// Extractive answers and abstention on a real graph: the kit's 7 RFCs, ingested and extracted with
// the classic engine (real SQLite, no model). Off-topic questions must be refused (not_in_graph,
// no answers); questions the RFCs answer get a short cited span with its sentence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { getRetriever } from '../../electron/core/retrieve';
import { extractiveAnswer, NOT_SURE } from '../../electron/core/chat/answer';
import { tmpDir } from '../helpers/tmp';
import { buildRfcGraph } from '../helpers/rfc-graph';
import { OFF_TOPIC } from './off-topic';
import { gatherCandidates } from '../../electron/core/chat/candidates';
import { defaultRanker } from '../../electron/core/chat/ranker';
import { answerYesNo, requirementOf } from '../../electron/core/chat/candidates/requirements';
import { analyze } from '../../electron/core/retrieve/analysis';

const t = tmpDir('gw-rfc-answers-');
let core: Core;

beforeAll(async () => {
  core = new Core({ dbPath: path.join(t.dir, 'rfc.db'), startJobs: false });
  const done = await buildRfcGraph(core);
  expect(done.state).toBe('done');
}, 180_000);
afterAll(async () => {
  await core.close();
  t.cleanup();
});

async function ask(question: string) {
  const retrieval = await getRetriever(core).retrieve(question);
  return { retrieval, answer: extractiveAnswer(retrieval) };
}

/**
 * These questions check that the candidate sources read the answer (a span, a field, a cell, a header):
 * it is among the five answers offered. Which of them comes first is the fitted table's choice
 * (chat/answer-model.json), measured on the held-apart question set (docs/RETRIEVAL.md), not here.
 */
function expectOffered(answers: string[], gold: string | RegExp, exact = false): void {
  const hit = answers.some((a) => (gold instanceof RegExp ? gold.test(a) : exact ? a === gold : a.toLowerCase().includes(gold.toLowerCase())));
  expect(hit, `${String(gold)} is not among ${JSON.stringify(answers)}`).toBe(true);
}

describe('abstention on the RFC graph', () => {
  it(`refuses at least ${OFF_TOPIC.length - 1} of ${OFF_TOPIC.length} off-topic questions, with no answers`, async () => {
    expect(OFF_TOPIC.length).toBeGreaterThanOrEqual(20);
    const answered: string[] = [];
    for (const q of OFF_TOPIC) {
      const { answer } = await ask(q);
      if (answer.outcome === 'not_in_graph') {
        expect(answer.answers).toEqual([]);
        expect(answer.content).toMatch(/^The graph holds nothing about this/);
      } else answered.push(`${q} -> ${answer.answers[0]} (${answer.confidence})`);
    }
    expect(answered.length, answered.join('\n')).toBeLessThanOrEqual(1);
  }, 120_000);
});

describe('short extractive answers on the RFC graph', () => {
  it.each([
    ['Which type number does the Acct-Tunnel-Packets-Lost attribute have?', '86'],
    ['Which port does RADIUS over TLS use by default?', '2083'],
    // a field list ("Length" on its own line, then "6")
    ['What is the Length of the Acct-Tunnel-Packets-Lost attribute?', '6'],
    // "port 161 ... for all messages except for those which report traps": the except clause
    ['On which UDP port should SNMP messages that report traps be received?', '162'],
    // "radius-acct 1813/tcp": an abbreviation of the question's word
    ['Which TCP port is assigned to RADIUS accounting over TCP?', '1813'],
    // "3.10. Framed-MTU ... This attribute indicates ...": the section heading names the term
    ['What does the Framed-MTU attribute indicate for 802.1X?', 'maximum size of an IP packet'],
    // a MIB object's DESCRIPTION field
    ['What does the radiusAccServTotalInvalidRequests counter measure?', 'received from unknown addresses'],
    // "<definition> is called <term>"
    ['What is an SNMP community profile?', 'pairing of a SNMP access mode'],
  ])(
    '%s -> %s, cited with its passage',
    async (q, gold) => {
      const { answer, retrieval } = await ask(q);
      expect(answer.outcome).not.toBe('not_in_graph');
      expectOffered(answer.answers, gold);
      expect(answer.confidence).toBeGreaterThan(0);
      const passages = new Set(retrieval.passages.map((p) => p.id));
      const cited = answer.citations.filter((c) => c.kind === 'passage');
      expect(cited.length).toBeGreaterThan(0);
      for (const c of cited) expect(passages.has(c.id)).toBe(true);
      expect(answer.content).toContain(`[${cited[0].marker}]`);
    },
    60_000,
  );
});

describe('answers read off answer types and document structure', () => {
  it.each([
    // a field list: the "Value" field of the record whose Description holds the question's words
    ['Which Acct-Status-Type value marks the destruction of a tunnel link?', '13'],
    // an acronym's expansion, "Transient Session Keys (TSKs)", before its definition
    ['What does the acronym TSK stand for?', 'Transient Session Keys'],
    ['What does PMK stand for?', 'Pairwise Master Key'],
    // a unit asked for: "(in hundredths of a second)"
    ['In what unit does radiusAccServResetTime express the time since the server was reset?', 'hundredths of a second'],
    // "where is X defined": the document that does it
    ['Where are the RADIUS tunnel attributes used for authentication and authorization defined?', 'RFC2868'],
    // "has to" asks for the requirement: "the invalid packet MUST be silently discarded"
    ['What has to happen to the packet when a RADIUS/TCP packet has an invalid code field?', 'silently discarded'],
    // the title names the document; "[RFC2868] defines ... authorization, and [RFC2867] defines ... accounting"
    ['According to the 802.1X RADIUS usage guidelines, which RFC defines the tunnel attributes used for authentication and authorization?', 'RFC2868'],
    // a formula line under the sentence introducing it
    ['How is the EAP-SIM Session-Id constructed?', '0x12 || RAND || NONCE_MT'],
    // glossary entries: the term line alone ("Peer and authenticator authorization" is another entry), "X in Y" asks about X
    ['What is the Lower Layer in EAP key management?', 'responsible for carrying EAP frames between the peer and authenticator'],
    // a question asking what must not be done wants the negated clause: "The "radius" port (1812/tcp) SHOULD NOT be used for RADIUS/TLS"
    ['Which port should not be used for RADIUS/TLS?', '1812'],
    // a range asked for: "Valid values for this field are 0x01 through 0x1F"
    ['What range of values is valid for the Tag field?', '0x01 through 0x1F'],
    // "signify" asks what something means: "A coldStart(0) trap signifies that ..."
    ['What does a coldStart trap signify?', "reinitializing itself such that the agent's configuration"],
    // a MIB object named in the question is matched by its own name only (no sentence holding "RADIUS" stands for it)
    ['What does the radiusAccServTotalDupRequests counter count?', 'duplicate RADIUS Accounting-Request packets'],
    // "... is called an SNMP community profile": the name a definition gives
    ['What name is given to a pairing of an SNMP access mode with an SNMP MIB view?', 'SNMP community profile'],
    // a count written in words
    ['How many columns does each entry in the RADIUS Accounting Client Table include?', 'twelve'],
    // "which packet type": a type of packet, "The Status-Server packet ..." names one
    ['Which packet type does the watchdog use?', 'Status-Server'],
    // "which entity": a noun phrase whose head is a kind of entity (WordNet), lower-case as the text writes it
    ['Which entity acts as an intermediary between the peer and the backend authentication server?', 'authenticator'],
    // what X is for: "The Class attribute can be used to match ..."
    ['What is the purpose of the Class attribute?', 'match Accounting Requests with prior Access Requests'],
    ['What is the Acct-Tunnel-Packets-Lost attribute used for?', 'number of packets lost'],
    // a table's cell: the column the question names, on the row it names
    ['What Maximum Frame Length goes with FDDI media?', '4500'],
    // (a row key with words and brackets)
    ['What Framed-MTU applies to 802.5 (16 Mbps) media?', '18173'],
    ['Which RADIUS Acct-Terminate-Cause value corresponds to the 802.1X portFailure cause?', 'Lost Carrier (2)'],
    // "what counts as X": a glossary entry
    ['In 5247, what counts as an EAP server?', 'terminates the EAP authentication method'],
    // an enumeration of coded values ("Ethernet (15) Wireless - IEEE 802.11 (19), Token Ring (20) and FDDI (21)"):
    // the item holding the question's other words, whole, not the first item next to "values of"
    ['Which NAS-Port-Type value stands for IEEE 802.11 wireless ports?', 'Wireless - IEEE 802.11 (19)'],
    ['Which NAS-Port-Type value is used for Token Ring?', '(20)'],
    // what X is for, asked in other words: "what role does X play", "what are X used for <when>", "define the X role"
    ['How does RFC 3580 define the Supplicant role?', 'entity that is being authenticated by an Authenticator'],
    // a field label is a bare word on its line ("Type" over "68 for X"), not the "INTEGER {" of an ASN.1 listing
    ['What integer code does SNMPv1 assign to the readOnly error status?', 'readOnly(4)'],
    // a listing's line is read with the lines it is indented under ("error-status ... INTEGER {" over "genErr(5),")
    ['What integer code does SNMPv1 give to the genErr error status?', 'genErr(5)'],
    ['What integer code does SNMPv1 give to the noSuchName error status?', 'noSuchName(2)'],
    // a sentence is about what its block names: "radiusAccServUpTime OBJECT-TYPE" over its DESCRIPTION
    // (the object was cut by a page break, its name in one chunk and its DESCRIPTION in the next)
    ['In what unit does radiusAccServUpTime express how long the server process has been running?', 'hundredths of a second'],
    // "numeric" asks for a number: "RADIUS-Request (1)", not the name alone
    ['Which numeric Termination-Action value asks for reauthentication when the Session-Timeout expires?', 'RADIUS-Request (1)'],
    // the role or use a sentence states for the thing asked, under its own clause (known misses until the tenth
    // round's refit: 499 training questions, the "none of these" alternative fitted with the candidates)
    ['What role does the lower layer play in EAP key management?', 'responsible for carrying EAP frames'],
    // "what are X prohibited from doing": the requirement whose subject is X (a known miss from the tenth round's
    // refit until the twelfth's, with the type clash among the candidate inputs)
    ['What are lower layers forbidden from doing with keys passed down to them by EAP methods?', /^export keys/],
  ])(
    '%s -> %s',
    async (q, gold) => {
      const { answer } = await ask(q);
      expect(answer.outcome).not.toBe('not_in_graph');
      // graded as the benchmarks grade: case aside ("Authenticator" opening its glossary line is "authenticator")
      expectOffered(answer.answers, gold);
      expect(answer.citations.some((c) => c.kind === 'passage')).toBe(true);
    },
    60_000,
  );
});

describe("a named standard's header", () => {
  it.each([
    ['Which documents does RFC 2867 update?', 'RFC 2866'],
    ['When was RFC 3580 published?', 'September 2003'],
  ])(
    '%s -> %s',
    async (q, gold) => {
      const { answer, retrieval } = await ask(q);
      expect(retrieval.standards?.map((s) => s.id)).toContain(q.match(/RFC \d+/)![0]);
      expectOffered(answer.answers, gold);
      // stated from the header when sure; else the header's passage is among those quoted
      expect(answer.content).toContain(answer.outcome === 'found' ? "From the document's header:" : NOT_SURE);
    },
    60_000,
  );

  it('answers from the header only what the question asks of it ("when discussing ..." asks no date)', async () => {
    const { answer } = await ask(
      'RFC 5247 discusses key lifetimes. If Session-Timeout is sent in an Access-Challenge, when discussing lifetimes, which IEEE 802.1X constant does it load?',
    );
    expectOffered(answer.answers, 'suppTimeout', true);
    expect(answer.content).not.toContain("From the document's header:");
  }, 60_000);

  it('a designation not ingested names nothing ("RFC 9999", "RFC 15" is not RFC 1157)', async () => {
    expect((await ask('What does RFC 9999 obsolete?')).retrieval.standards).toEqual([]);
    expect((await ask('What does RFC 15 obsolete?')).retrieval.standards).toEqual([]);
  }, 60_000);
});

describe('which document, yes or no', () => {
  it('"which RFC" is answered by a retrieved passage\'s own document, never by a document a passage only cites', async () => {
    const { retrieval } = await ask('Which RFC specifies how RADIUS is carried over TCP?');
    const { ctx, candidates } = gatherCandidates(retrieval);
    const documents = candidates.filter((c) => c.source === 'document');
    expect(documents.length).toBeGreaterThan(0);
    const own = new Set(retrieval.passages.map((p) => p.document));
    for (const c of documents) expect(own.has(c.text), c.text).toBe(true);
    // the document that says it is offered (which candidate comes first is the fitted table's choice)
    expect(documents.some((c) => /6613/.test(c.text))).toBe(true);
    expect(defaultRanker().rank(ctx, candidates).candidates.length).toBeGreaterThan(0);
  }, 60_000);

  it('a yes/no question about a requirement is answered from its modality and polarity, the requirement quoted', async () => {
    const { retrieval } = await ask('Can RADIUS over TCP be used without TLS?');
    const { ctx, candidates } = gatherCandidates(retrieval);
    const ranked = defaultRanker().rank(ctx, candidates).candidates;
    const requirements = ranked.filter((c) => c.source === 'requirement');
    expect(requirements.some((c) => /\b(MUST|SHOULD|MAY)\b/.test(c.sentence ?? ''))).toBe(true);
    // every yes/no candidate agrees with the requirement it quotes, its condition kept
    const q = analyze('Can RADIUS over TCP be used without TLS?');
    for (const c of requirements) {
      const req = requirementOf(c.sentence!);
      expect(c.text).toMatch(answerYesNo(q, req) ? /^Yes\b/ : /^No\b/);
      if (req.condition) expect(c.text).toContain(req.condition);
    }
  }, 60_000);
});

describe('glossary entries', () => {
  it('quotes the term line with its body, and offers no table rows as other candidates', async () => {
    const { answer } = await ask('What is the MSK?');
    expectOffered(answer.answers, /^Keying material that is derived between the EAP peer and server/);
    expect(answer.content).toContain('"Master Session Key (MSK): Keying material');
    for (const a of answer.answers) expect(a).not.toMatch(/\|.*\|.*\|/);
  }, 60_000);

  it('a term the question quotes brings its glossary entry, whatever the question asks of it', async () => {
    const { retrieval } = await ask("The RADIUS over TCP memo speaks of a 'RADIUS response packet'. Who originates it?");
    expect(retrieval.passages.some((p) => /RADIUS response packet\s+A packet sent by a RADIUS server/.test(p.text))).toBe(true);
  }, 60_000);
});

describe('clauses', () => {
  it('an answer quotes its sentence under the clause it stands in', async () => {
    const { answer, retrieval } = await ask('What does the Framed-MTU attribute indicate for 802.1X?');
    const p = retrieval.passages.find((x) => x.text.includes('This attribute indicates the maximum size'))!;
    expect(p.sections?.map((x) => x.clause)).toContain('RFC 3580 §3.10 Framed-MTU');
    // stated or offered as unsure (which sentence comes first is the fitted ranking's), a sentence of that
    // passage is quoted under its clause, and the answer is offered
    expect(answer.content).toContain('RFC 3580 §3.10 Framed-MTU: "');
    expectOffered(answer.answers, /maximum size of an IP packet/);
  }, 60_000);
});

describe('boilerplate', () => {
  it('front matter, copyright notices and tables of contents are never retrieved as passages', async () => {
    const front = /^\s*(?:\d+\.\s+)?(?:Status of this Memo|Copyright Notice|Full Copyright Statement|Table of Contents)/i;
    for (const q of [
      'What is the status of this memo and its copyright notice?',
      'Which table of contents sections cover RADIUS over TCP?',
      'Which port does RADIUS over TLS use by default?',
    ]) {
      const { retrieval } = await ask(q);
      for (const p of retrieval.passages) expect(p.text, q).not.toMatch(front);
    }
  }, 60_000);
});

describe('lead passage of a document named by its title', () => {
  it.fails(
    'a question naming part of an RFC title ("the RADIUS accounting server MIB") retrieves that RFC\'s abstract',
    async () => {
      // rfc-qa d040: the first hop is what the MIB is, stated in RFC 4671's abstract
      const { retrieval } = await ask(
        'An operator polls the RADIUS accounting server MIB objects with SNMPv1. To which UDP port on the server are these requests sent?',
      );
      const lead = retrieval.passages.find((p) => /^\s*Abstract\b/.test(p.text) && /Management Information Base \(MIB\)/.test(p.text.replace(/\s+/g, ' ')));
      expect(lead, retrieval.passages.map((p) => p.text.slice(0, 60)).join('\n')).toBeDefined();
      expect(lead!.document).toMatch(/RADIUS Accounting Server MIB/);
    },
    60_000,
  );

  it('a question naming a section heading reads that section: its fields come after its description', async () => {
    // RFC 2867 §4.1 "Acct-Tunnel-Connection": the description is one chunk, the "Type  68 for Acct-Tunnel-Connection" field the next
    const { answer, retrieval } = await ask('What attribute type number does Acct-Tunnel-Connection have?');
    const section = retrieval.passages.filter((p) => (p.sections ?? []).some((x) => /§4\.1 Acct-Tunnel-Connection/.test(x.clause)));
    expect(section.length).toBeGreaterThanOrEqual(2);
    expectOffered(answer.answers, '68', true);
  }, 60_000);

  it('a question naming no title phrase keeps its own answer passage', async () => {
    // rfc-qa d031: the attribute's own definition answers; the RFC's abstract is not pushed in
    const { retrieval } = await ask('What attribute type number does Acct-Tunnel-Connection have?');
    expect(retrieval.passages.some((p) => /68 for Acct-Tunnel-Connection/.test(p.text))).toBe(true);
  }, 60_000);
});

describe('definition and condition questions in other forms', () => {
  it('"When may X ...": the condition clause, read through "MUST NOT ... until"', async () => {
    const { answer } = await ask('When may a RADIUS/TCP client consider a RADIUS server unresponsive?');
    expect(answer.outcome).not.toBe('not_in_graph');
    expectOffered(answer.answers, /marked DOWN/);
  }, 60_000);
});

describe('what picks the answer out of its sentence', () => {
  it('"which X are ...": the asked noun restated is taken with the modifier that restricts it', async () => {
    const { answer } = await ask('Which Accounting-Request packets does radiusAccServTotalInvalidRequests count?');
    expectOffered(answer.answers, /received from unknown addresses/);
  }, 60_000);

  it('a bracketed reference belongs to the word before it: "SNMP (RFC-1157) or CMOT (RFC-1095)"', async () => {
    const scenario = 'SNMP and CMOT are the two recommended management protocols.';
    expectOffered((await ask(`${scenario} In which RFC is CMOT defined?`)).answer.answers, 'RFC-1095', true);
    expectOffered((await ask(`${scenario} Which RFC specifies SNMP?`)).answer.answers, 'RFC-1157', true);
  }, 60_000);

  it('"how many X": the number that counts X, not another number of the passage', async () => {
    const { answer } = await ask('How many RADIUS packets may be in flight on one RADIUS/TCP connection?');
    expectOffered(answer.answers, '256', true);
  }, 60_000);

  it('"what must X be": what a sentence says X must be, a value in words ("the Peer-Id MUST be the null string")', async () => {
    expectOffered((await ask('In EAP methods that generate no keys, what must the Peer-Id be?')).answer.answers, 'the null string', true);
  }, 60_000);

  it('"what <property> should X have": what a sentence says X should be ("... SHOULD be globally and temporally unique")', async () => {
    const { answer } = await ask('For 802.1X authenticators, what kind of uniqueness should an Acct-Session-Id have?');
    expectOffered(answer.answers, 'globally and temporally unique', true);
  }, 60_000);

  it('"what information does X convey" asks what X is, like "what does X convey"', async () => {
    const { answer } = await ask('Which information does the Acct-Tunnel-Packets-Lost attribute carry?');
    expectOffered(answer.answers, /number of packets lost/);
  }, 60_000);

  it('"what is the Network Access Identifier (NAI)": the acronym after its words is the same term, found under its glossary line', async () => {
    const { answer } = await ask('What is the Network Access Identifier (NAI) in RADIUS proxy chaining?');
    expectOffered(answer.answers, /userID field used in PPP/);
  }, 60_000);

  it('a term whose definition the question mentions brings its glossary entry ("RADIUS/TLS  RADIUS over TLS, as defined in [RFC6614]")', async () => {
    const { answer } = await ask('The RADIUS/TCP document lists terms. Which RFC does it give as the definition of RADIUS/TLS?');
    expectOffered(answer.answers, 'RFC6614', true);
  }, 60_000);

  it("plain BM25's best passage stays among the five, whatever the graph walk from the named things ranks", async () => {
    // the header block of RFC 2607 ("Category: Informational") is BM25's first; the walk from "proxy chaining" and
    // "roaming" ranked five passages of the body above it
    const question = 'What is the publication category of RFC 2607 on proxy chaining and policy in roaming?';
    const { retrieval } = await ask(question);
    const retriever = getRetriever(core);
    const [best] = retriever.repo.searchPassages(question, 1);
    expect(retrieval.passages.map((p) => p.id)).toContain(best.id);
    expect(retrieval.passages.some((p) => /Category:\s+Informational/.test(p.text))).toBe(true);
  }, 60_000);

  it('"what does Y call X" and "what is X called in Y" ask the name a sentence gives ("... is known as the Supplicant")', async () => {
    // the glossary: "peer  The entity that responds to the authenticator.  In [IEEE-802.1X], this entity is known as the Supplicant."
    expectOffered((await ask('What does IEEE 802.1X call the entity that responds to the authenticator?')).answer.answers, 'Supplicant', true);
    expectOffered((await ask('What is the entity that responds to the authenticator called in IEEE 802.1X?')).answer.answers, 'Supplicant', true);
    // the name a naming sentence gives is labelled by its description, over a name another sentence merely uses
    expectOffered(
      (await ask('What name does RFC 1157 give to the pairing of an access mode (READ-ONLY or READ-WRITE) with a MIB view?')).answer.answers,
      'SNMP community profile',
      true,
    );
  }, 60_000);
});

describe('generic frames on a standards graph', () => {
  it('"What is RFC 2865 about?" is answered from the standard itself, not by a relation the structure would pick', async () => {
    const { answer } = await ask('What is RFC 2865 about?');
    expect(answer.outcome).not.toBe('not_in_graph');
    expectOffered(answer.answers, 'Remote Authentication Dial In User Service');
  }, 60_000);
});

// Known misses under the fitted tables (chat/answer-model.json, retrieve/passage-model.json), fitted on the
// training questions only: the hand-set answerer they replace was grown on questions like these. Kept as
// expected failures so that a re-fit that fixes them shows.
describe('known misses of the fitted tables', () => {
  it.fails.each([
    ['In the EAP key management framework, what is a Peer?', 'entity that responds to the authenticator'],
    // "Explain what X is in <document>", where the glossary drops the qualifier the title says (RFC 5247 defines
    // "Peer", not "EAP peer"): the glossary passage ranks sixth under the passage table with word pairs (hop8)
    ['Explain what the EAP peer is in the EAP key management framework.', 'responds to the authenticator'],
    ['What is the title of RFC 6613?', 'RADIUS over TCP'],
    // "what is X used for" asks a purpose: the purpose clause of the sentence that names X (candidates/clauses.ts),
    // ranked first; refused again on the eighteenth round's graph (rel.voice with sent18's rules together): its
    // groundedness 0.839 sits just under the fitted threshold 0.845 (0.859 before); a known miss from the fifteenth
    // round's refit until the sixteenth's
    ['What are Transient Session Keys used for once the handshake has finished?', 'protect data exchanged after EAP authentication'],
  ])(
    '%s -> %s',
    async (q, gold) => {
      const { answer } = await ask(q);
      expect(answer.outcome).not.toBe('not_in_graph');
      expectOffered(answer.answers, gold);
    },
    60_000,
  );
});
