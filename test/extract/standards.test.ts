// The standards patterns on real sentences of the kit's RFCs (repaired by the real ingest pipeline,
// structure from the real analyzer), and through the extraction job with a real store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { prepareFile, storePrepared } from '../../electron/core/ingest/pipeline';
import { analyzeStructure, isBoilerplate, type DocumentStructure } from '../../electron/core/document/structure';
import { findAcronymDefinitions } from '../../electron/core/nlp/acronyms';
import { standardsExtract, evidenceFactor } from '../../electron/core/extract/standards';
import type { CandidateTriple } from '../../electron/core/extract/types';
import { Core } from '../../electron/core/core';
import { unwrap } from '../../shared/dispatch';
import { ExtractSummary } from '../../shared/contract/extract';
import { NO_CLASSIC_MESSAGE } from '../../electron/core/extract/job';
import { chineseExtract, loadChineseSegmenter } from '../../electron/core/extract/standards';
import { data, seed, tmpDir } from '../helpers/tmp';
import { insertText } from './fixtures';

interface Doc {
  text: string;
  structure: DocumentStructure;
  triples: CandidateTriple[];
}

const docs = new Map<string, Doc>();

/** A kit RFC through ingest (repair, chunks, structure), every chunk through the standards patterns. */
async function rfc(file: string): Promise<Doc> {
  const hit = docs.get(file);
  if (hit) return hit;
  const d = (await prepareFile(data('rfc-radius-eap', file))).docs[0];
  const structure = analyzeStructure(d.text);
  const acronyms = findAcronymDefinitions(d.text);
  const triples = d.chunks.flatMap((c) => standardsExtract(d.text, { start: c.start, end: c.end }, { acronyms, structure }).triples);
  const doc = { text: d.text, structure, triples };
  docs.set(file, doc);
  return doc;
}

const flat = (t: CandidateTriple) => `${t.head.text} | ${t.relation} | ${t.tail.text}`;
const quote = (d: Doc, t: CandidateTriple) => d.text.slice(t.evidence!.start, t.evidence!.end).replace(/\s+/g, ' ');
const find = (d: Doc, s: string) => d.triples.filter((t) => flat(t) === s);

describe('standards patterns on the dev RFCs', () => {
  it('definitions: the term list of a terminology section, the definition kept as a literal', async () => {
    const d = await rfc('rfc3580.txt');
    const [t] = find(d, 'Supplicant | is defined as | an entity that is being authenticated by an Authenticator');
    expect(t).toBeDefined();
    expect(t.tail).toMatchObject({ literal: true, type: 'definition' });
    expect(t.meta?.pattern).toBe('definition.list');
    expect(quote(d, t)).toContain('A Supplicant is an entity that is being authenticated by an Authenticator');
    // the term's span is the term as written
    expect(d.text.slice(t.head.span!.start, t.head.span!.end)).toBe('Supplicant');
    const e = await rfc('rfc5247.txt');
    expect(find(e, 'keying material | is defined as | EAP keying material as well as derived keying material')).toHaveLength(1);
    // a MIB module under a "Definitions" heading is not a glossary
    const mib = await rfc('rfc4671.txt');
    expect(mib.triples.filter((x) => x.relation === 'is defined as' && /OBJECT-TYPE|::=/.test(x.head.text + x.tail.text))).toEqual([]);
  });

  it('definitions: a "Label: text" list keeps one definition per line, also where a chunk starts after the indent', () => {
    const text =
      '2.  Definitions\n\n   The roles of this document are as follows.\n\n   Gateway:  a host that relays requests between two networks\n   Broker:  a server that holds the keys of every zone\n   Steward:  the operator who answers for one zone\n';
    const structure = analyzeStructure(text);
    const start = text.indexOf('Gateway'); // the chunk starts after the line's indent
    const defs = standardsExtract(text, { start, end: text.length }, { structure }).triples.filter((t) => t.relation === 'is defined as');
    expect(defs.map(flat).sort()).toEqual([
      'Broker | is defined as | a server that holds the keys of every zone',
      'Gateway | is defined as | a host that relays requests between two networks',
      'Steward | is defined as | the operator who answers for one zone',
    ]);
    const [t] = defs.filter((x) => x.head.text === 'Gateway');
    expect(text.slice(t.head.span!.start, t.head.span!.end)).toBe('Gateway');
    expect(text.slice(t.tail.span!.start, t.tail.span!.end)).toBe('a host that relays requests between two networks');
  });

  it('definitions: the "Label: text" legend under a figure names its boxes, no terms (doc.figure-legend)', async () => {
    // RFC 1157 §3.2.5: "Domain:  ... / PCommunity:  ... / DCommunity:  ..." right below the boxes of Figure 1
    const d = await rfc('rfc1157.txt');
    expect(d.triples.filter((t) => t.relation === 'is defined as' && /Community$|^Domain$/.test(t.head.text)).map(flat)).toEqual([]);
  });

  it('requirements: subject, modality and the action as an event; MUST NOT stays its own modality', async () => {
    const d = await rfc('rfc6613.txt');
    const [t] = find(d, 'Implementations using RADIUS/TCP | MUST NOT | use TCP ports 1645 or 1646 as the default ports for this specification');
    expect(t).toBeDefined();
    expect(t.tail).toMatchObject({ kind: 'event', type: 'requirement' });
    expect(t.stage).toBe('EV');
    expect(t.meta).toMatchObject({ pattern: 'requirement', modality: 'MUST NOT', negated: true });
    // negation: no positive MUST from a MUST NOT sentence
    const bare = d.triples.filter((x) => quote(d, x).includes('"bare" TCP transport MUST NOT be used without TLS'));
    expect(bare.map(flat)).toContain('bare TCP transport | MUST NOT | be used without TLS, IPsec, or another secure upper layer');
    expect(bare.filter((x) => x.relation === 'MUST')).toEqual([]);
    expect(find(d, 'radsec port | SHOULD | be used as the default port for RADIUS/TLS')).toHaveLength(1);
    expect(find(d, 'radius port | SHOULD NOT | be used for RADIUS/TLS')).toHaveLength(1);
    // "Clients and servers MUST ...": one requirement each
    expect(find(d, 'Clients | SHOULD | implement configurable limits on connection lifetime and idle timeouts')).toHaveLength(1);
    expect(find(d, 'servers | SHOULD | implement configurable limits on connection lifetime and idle timeouts')).toHaveLength(1);
    // the sentence stating the keyword convention is no requirement
    expect(d.triples.filter((x) => String(x.meta?.pattern).startsWith('requirement') && quote(d, x).includes('The key words "MUST"'))).toEqual([]);
  });

  it('requirements: serial lists stay whole, a subordinate clause ends at its comma, a term over its body is no part of the subject', async () => {
    const e = await rfc('rfc5247.txt');
    const req = (x: CandidateTriple) => String(x.meta?.pattern).startsWith('requirement');
    const about = (needle: string) => e.triples.filter((x) => req(x) && quote(e, x).includes(needle)).map(flat);
    // "between the peer, NAS, and backend authentication server": the list's last item is kept
    expect(about('Authorizations SHOULD be synchronized')).toEqual([
      'Authorizations | SHOULD | be synchronized between the peer, NAS, and backend authentication server',
    ]);
    // "since the EAP authenticator and AAA client MUST be co-resident, this mechanism is applicable ...": the main clause is not required
    expect(about('MUST be co-resident')).toEqual(['EAP authenticator and AAA client | MUST | be co-resident']);
    // "Theft of service\n      Bypassing the AAA exchange (phase 1b) SHOULD NOT ...": the term above is not in the subject
    expect(about('Bypassing the AAA exchange (phase 1b) SHOULD NOT')).toEqual([
      'Bypassing the AAA exchange | SHOULD NOT | enable a user to extend their network access or gain access to services they are not entitled to',
    ]);
    // "specifications developed after the publication of this document MUST": after a participle "after" opens no clause
    expect(about('developed after the publication of this document MUST')).toEqual([
      'EAP method specifications developed after the publication of this document | MUST | define the Peer-Id, Server-Id, and Session-Id',
    ]);
    // a bracketed "(e.g., ...)" still ends the action, its commas do not
    expect(about('MUST demonstrate possession of the keying material')[0]).toMatch(/and authenticator$/);
  });

  it('values with units: lengths, codes, ports and numbered fields as literals with their unit', async () => {
    const e = await rfc('rfc5247.txt');
    const [len] = find(e, 'MSK | has length | at least 64 octets');
    expect(len).toBeDefined();
    expect(len.tail).toMatchObject({ literal: true, type: 'quantity' });
    expect(len.meta).toMatchObject({ value: 64, unit: 'octets', qualifier: 'at least' });
    const r = await rfc('rfc3580.txt');
    expect(find(r, 'Tunnel-Type | has value | VLAN (13)')[0]?.meta).toMatchObject({ code: '13' });
    expect(find(r, 'Reauthentication Failure | has code | 20').length).toBeGreaterThanOrEqual(1);
    const tcp = await rfc('rfc6613.txt');
    expect(find(tcp, 'radsec port | has port number | 2083/tcp')[0]?.meta).toMatchObject({ value: 2083, unit: 'tcp' });
    // "3.1.  Tunnel-Start ... Value\n\n 9": the field under the heading that names the value
    const acct = await rfc('rfc2867.txt');
    expect(find(acct, 'Tunnel-Start | has value | 9')).toHaveLength(1);
    expect(find(acct, 'Tunnel-Link-Reject | has value | 14')).toHaveLength(1);
  });

  it('tables: the IANA attribute table and the Framed-MTU table, one triple per cell', async () => {
    const r = await rfc('rfc3580.txt');
    // a header of a plural noun and a participle ("Values Required") names the cells by the noun (table.qualified-header)
    expect(find(r, 'NAS-Port-Type | has value | Token-Ring (20)')).toHaveLength(1);
    expect(find(r, 'NAS-Port-Type | has value | FDDI (21)')).toHaveLength(1);
    expect(r.triples.filter((t) => t.relation === 'values required')).toEqual([]);
    // a continuation row belongs to the key above it
    expect(find(r, 'Acct-Terminate-Cause | has value | Port Administratively Disabled (22)')).toHaveLength(1);
    // two columns of the same kind of value, each of its own scheme: the row maps one onto the other (table.mapping)
    expect(find(r, 'portFailure(2) | corresponds to | Lost Carrier (2)')).toHaveLength(1);
    expect(find(r, '802.11 | framed-mtu | 2304')).toHaveLength(1);
    expect(find(r, '802.11 | maximum frame length | 2346')).toHaveLength(1);
    expect(find(r, '802.5 (16 Mbps) | framed-mtu | 18173')).toHaveLength(1);
  });

  it('tables: steps laid out under columns (a message sequence) are no table rows (table.sequence); a table is', () => {
    const read = (text: string) =>
      standardsExtract(text, { start: 0, end: text.length }, { structure: analyzeStructure(text) })
        .triples.filter((t) => t.meta?.pattern === 'table.row')
        .map(flat);
    const sequence = [
      '   The exchange is summarized below.',
      '',
      '   Client                         Relay               Server',
      '   ------                         -----               ------',
      '   Link opened',
      '   Send Hello',
      '    with options',
      '                                                      IF options',
      '                                                      accepted',
      '                                                       Send Welcome',
      '   Start session',
      '                                  Forward Welcome',
      '                                  to Client',
      '   ENDIF',
      '',
    ].join('\n');
    expect(read(sequence)).toEqual([]);
    const table = [
      '   The codes are listed below.',
      '',
      '   Code     Name               Meaning',
      '   ----     ----               -------',
      '   1        Hello              Opens a session',
      '   2        Welcome            Accepts a session',
      '   3        Goodbye            Closes a session',
      '                               with a reason',
      '',
    ].join('\n');
    expect(read(table)).toEqual(expect.arrayContaining(['1 | name | Hello', '2 | meaning | Accepts a session', '3 | meaning | Closes a session']));
  });

  it('acronyms: (ACR, stands for, expansion) from running text and from glossary lines', async () => {
    const e = await rfc('rfc5247.txt');
    const [aaa] = find(e, 'AAA | stands for | Authentication, Authorization, and Accounting');
    expect(aaa?.tail).toMatchObject({ literal: true, type: 'expansion' });
    expect(find(e, 'MSK | stands for | Master Session Key')).toHaveLength(1);
    const r = await rfc('rfc2607.txt');
    expect(find(r, 'NAS | stands for | Network Access Server')).toHaveLength(1);
    // "authentication, authorization, and/or accounting (AAA)": "and/or" is a minor word
    const tcp = await rfc('rfc6613.txt');
    expect(find(tcp, 'AAA | stands for | authentication, authorization, and/or accounting')).toHaveLength(1);
  });

  it('cross-references: Updates/Obsoletes headers, citations through the reference list, section references', async () => {
    expect(find(await rfc('rfc2867.txt'), 'RFC 2867 | updates | RFC 2866')).toHaveLength(1);
    expect(find(await rfc('rfc4671.txt'), 'RFC 4671 | obsoletes | RFC 2621')).toHaveLength(1);
    expect(find(await rfc('rfc1157.txt'), 'RFC 1157 | obsoletes | RFC 1098')).toHaveLength(1);
    const r = await rfc('rfc3580.txt');
    expect(find(r, 'RFC 3580 | cites | RFC 2866').length).toBeGreaterThanOrEqual(2);
    // the reference list gives an edge only for what the text cites nowhere (its entries are boilerplate)
    expect(r.triples.filter((t) => flat(t) === 'RFC 3580 | cites | RFC 2866' && t.meta?.pattern === 'xref.reference')).toEqual([]);
    const entry = r.triples.find((t) => flat(t) === 'RFC 3580 | cites | RFC 2434');
    expect(entry?.meta).toMatchObject({ pattern: 'xref.reference', normative: false });
    expect(quote(r, entry!)).toContain('"Guidelines for Writing an IANA Considerations Section in RFCs"');
    // "[6]" resolved through the numbered reference list
    const p = await rfc('rfc2607.txt');
    expect(find(p, 'NAI | defined in | RFC 2486')).toHaveLength(1);
    expect(find(p, 'RFC 2607 | cites | RFC 2486').length).toBeGreaterThanOrEqual(1);
    // "[RFC2865], Section 2.4" from clause 1.1
    const tcp = await rfc('rfc6613.txt');
    const sec = find(tcp, 'RFC 6613 §1.1 | refers to | RFC 2865 §2.4').find((x) =>
      quote(tcp, x).includes('the objections to reliable transport indicated in [RFC2865], Section 2.4'),
    );
    expect(sec?.head.type).toBe('clause');
    expect(sec?.tail.type).toBe('clause');
    // "discussed in Sections 1.4, 2.4, and 2.5 as well as in Appendix A": one edge per section
    const e = await rfc('rfc5247.txt');
    const listed = e.triples.filter(
      (x) => x.meta?.pattern === 'xref.section' && quote(e, x).startsWith('The Peer-Id and Server-Id are discussed in Sections 1.4, 2.4, and 2.5'),
    );
    expect(listed.map((x) => x.tail.text)).toEqual(expect.arrayContaining(['RFC 5247 §1.4', 'RFC 5247 §2.4', 'RFC 5247 §2.5', 'RFC 5247 §A']));
    // "As noted in Section 2.1, EAP lower layers ...": the E of EAP is no appendix
    expect(e.triples.filter((x) => x.tail.text === 'RFC 5247 §E')).toEqual([]);
  });

  it('nothing from boilerplate: only the cross-reference pattern reads the reference list and the header lines', async () => {
    for (const f of ['rfc1157.txt', 'rfc2607.txt', 'rfc2867.txt', 'rfc3580.txt', 'rfc4671.txt', 'rfc5247.txt', 'rfc6613.txt']) {
      const d = await rfc(f);
      expect(d.triples.length).toBeGreaterThan(10);
      for (const t of d.triples) {
        const kind = isBoilerplate(d.structure, t.evidence!.start, t.evidence!.end);
        if (!kind) continue;
        // the only triples from boilerplate: header lines (front matter) and reference entries
        expect([`${t.meta?.pattern}:${kind}`, f]).toEqual([expect.stringMatching(/^(?:xref\.header:front-matter|xref\.reference:references)$/), f]);
      }
    }
    // RFC 6613's Status of This Memo says "see Section 2 of RFC 5741": no triple comes of it
    const tcp = await rfc('rfc6613.txt');
    expect(tcp.triples.filter((t) => t.tail.text.startsWith('RFC 5741'))).toEqual([]);
  });

  it('confidence: from the pattern prior, lower for long sentences and many candidates', async () => {
    expect(evidenceFactor({ sentenceWords: 60, candidates: 1 })).toBeLessThan(evidenceFactor({ sentenceWords: 15, candidates: 1 }));
    expect(evidenceFactor({ sentenceWords: 15, candidates: 6 })).toBeLessThan(evidenceFactor({ sentenceWords: 15, candidates: 1 }));
    const d = await rfc('rfc5247.txt');
    // not a handful of values: the evidence moves them
    expect(new Set(d.triples.map((t) => t.confidence)).size).toBeGreaterThan(20);
    for (const t of d.triples) expect(t.confidence!).toBeGreaterThan(0);
  });
});

// Provisions written as GB/T 1.1 has them (应 shall, 不得 must not, 不宜 should not); the kit holds no Chinese standard.
const CHINESE = [
  '3 术语和定义',
  '网络接入服务器是指为用户提供网络接入服务的设备。',
  '4 要求',
  '认证服务器应支持可扩展认证协议。客户端不得使用未加密的传输协议。共享密钥的长度不宜少于16个字符。如果连接中断，它应记录事件。',
].join('\n\n');

describe('Chinese standards text (jieba)', () => {
  it('reads requirements with their modality and definitions; pronoun subjects give nothing', async () => {
    const seg = await loadChineseSegmenter();
    expect(seg).not.toBeNull();
    const triples = chineseExtract(seg!, CHINESE, { start: 0, end: CHINESE.length });
    const flat3 = triples.map(flat);
    expect(flat3).toEqual(
      expect.arrayContaining([
        '认证服务器 | SHALL | 支持可扩展认证协议',
        '客户端 | MUST NOT | 使用未加密的传输协议',
        '共享密钥的长度 | SHOULD NOT | 少于16个字符',
        '网络接入服务器 | is defined as | 为用户提供网络接入服务的设备',
      ]),
    );
    expect(flat3.filter((t) => t.startsWith('它'))).toEqual([]);
    for (const t of triples) expect(CHINESE.slice(t.tail.span!.start, t.tail.span!.end)).toBe(t.tail.text);
    expect(triples.find((t) => t.relation === 'MUST NOT')?.meta).toMatchObject({ negated: true, keyword: '不得' });
  });
});

describe('standards patterns through the extraction job', () => {
  const t = tmpDir('gw-standards-');
  let core: Core;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    core = new Core({ dbPath: path.join(t.dir, 'std.db') });
    for (const f of ['rfc3580.txt', 'rfc2867.txt']) {
      const out = storePrepared(core.store, await prepareFile(data('rfc-radius-eap', f)));
      if (out.status !== 'imported') throw new Error(`${f} not imported`);
      ids[f] = out.ids[0];
    }
    const out = storePrepared(core.store, await prepareFile(seed('001_68a6067ece94435d.txt')));
    if (out.status !== 'imported') throw new Error('the Korean kit sample (samples/seeds/001_68a6067ece94435d.txt) was not imported');
    ids.korean = out.ids[0];
    ids.chinese = insertText(core, 'GB-style provisions', CHINESE, { language: 'zh' });
  });
  afterAll(async () => {
    await core.close();
    t.cleanup();
  });

  it('an RFC citing another gets a cross-reference edge to the ingested document; Korean gets nothing and a note', async () => {
    const job = unwrap('extract.start', await core.call('extract.start', { engine: 'classic' }));
    const done = await core.jobs.wait(job.id);
    expect(done.error).toBeNull();
    const summary = ExtractSummary.parse(done.result);
    const db = core.store.db;
    const edge = (s: string, r: string, o: string) =>
      db
        .prepare(
          'SELECT e.id, e.object_id AS objectId, e.meta FROM edges e JOIN nodes a ON a.id = e.subject_id JOIN nodes b ON b.id = e.object_id WHERE a.label = ? AND e.relation = ? AND b.label = ?',
        )
        .get(s, r, o) as { id: number; objectId: number; meta: string } | undefined;
    const cites = edge('RFC 3580', 'cites', 'RFC 2867');
    const updates = edge('RFC 2867', 'updates', 'RFC 2866');
    expect(cites).toBeDefined();
    expect(updates).toBeDefined();
    // the cited node is the ingested document's own node: it has evidence in RFC 2867's header
    const self = db.prepare("SELECT id FROM nodes WHERE label = 'RFC 2867' AND kind = 'entity'").get() as { id: number };
    expect(cites!.objectId).toBe(self.id);
    const prov = db.prepare('SELECT document_id AS doc, quote FROM provenance WHERE node_id = ?').all(self.id) as { doc: number; quote: string }[];
    expect(prov.some((p) => p.doc === ids['rfc2867.txt'] && /Request for Comments: 2867/.test(p.quote))).toBe(true);
    expect(JSON.parse(cites!.meta)).toMatchObject({ pattern: expect.stringMatching(/^xref\./) });
    // literals and requirement events are stored as written
    const req = db
      .prepare("SELECT b.kind, b.type, e.relation FROM edges e JOIN nodes b ON b.id = e.object_id WHERE b.label = 'be globally and temporally unique'")
      .get() as { kind: string; type: string; relation: string } | undefined;
    expect(req).toEqual({ kind: 'event', type: 'requirement', relation: 'SHOULD' });
    // Review sorted by confidence: the pattern triples come first
    const top = db.prepare('SELECT meta FROM edges ORDER BY confidence DESC LIMIT 100').all() as { meta: string }[];
    expect(top.filter((r) => !JSON.parse(r.meta).pattern)).toEqual([]);
    // an expansion literal is no merge candidate of its acronym
    const literalMerges = db
      .prepare(
        "SELECT COUNT(*) AS n FROM merge_candidates m JOIN nodes a ON a.id = m.a_id JOIN nodes b ON b.id = m.b_id WHERE a.type IN ('expansion', 'definition', 'code', 'port') OR b.type IN ('expansion', 'definition', 'code', 'port')",
      )
      .get() as { n: number };
    expect(literalMerges.n).toBe(0);
    expect(db.prepare("SELECT COUNT(*) AS n FROM nodes WHERE type = 'expansion'").get()).toMatchObject({ n: expect.any(Number) });
    // Korean: no triple, and the job says why
    const korean = db.prepare('SELECT COUNT(*) AS n FROM provenance WHERE document_id = ? AND edge_id IS NOT NULL').get(ids.korean) as { n: number };
    expect(korean.n).toBe(0);
    expect(summary.notes).toEqual([{ document: ids.korean, language: 'ko', message: NO_CLASSIC_MESSAGE }]);
    // Chinese: its own patterns, none of the English sentence extractor's
    const zh = db
      .prepare('SELECT e.relation, e.meta FROM edges e WHERE EXISTS (SELECT 1 FROM provenance p WHERE p.edge_id = e.id AND p.document_id = ?)')
      .all(ids.chinese) as { relation: string; meta: string }[];
    expect(zh.map((r) => r.relation)).toEqual(expect.arrayContaining(['SHALL', 'MUST NOT', 'is defined as']));
    for (const r of zh) expect(JSON.parse(r.meta).pattern).toMatch(/^zh\./);
  });
});
