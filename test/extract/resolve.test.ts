import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { DocumentResolver, distinguishingDifference, proposeMergeCandidates, sameWord, versionsOf } from '../../electron/core/extract/resolve';
import { singularPhrase } from '../../electron/core/nlp/morphology';
import { diceSimilarity, jaroWinkler } from '../../electron/core/text/similarity';
import { foldText } from '../../electron/core/extract/sentences';
import { ExtractionRepository } from '../../electron/core/store/extraction';
import { unwrap } from '../../shared/dispatch';
import { tmpDir } from '../helpers/tmp';
import { insertText } from './fixtures';

describe('canonical labels within a document', () => {
  const doc =
    'This memo describes Remote Authentication Dial In User Service (RADIUS) servers and the\n   Extensible Authentication Protocol (EAP). RADIUS servers relay EAP packets.';
  const r = new DocumentResolver(doc);

  it('maps an acronym and the expansion the document defines to one label with the expansion as alias', () => {
    expect(r.canonical('Remote Authentication Dial In User Service', 'entity')).toEqual({
      label: 'RADIUS',
      aliases: ['Remote Authentication Dial In User Service'],
      type: 'term',
    });
    expect(r.canonical('RADIUS', 'entity')?.label).toBe('RADIUS');
    expect(r.canonical('the  remote authentication dial in user service', 'entity')?.label).toBe('RADIUS');
    expect(r.canonical('Extensible Authentication Protocol', 'entity')?.label).toBe('EAP');
  });

  it('normalises case, whitespace, determiners and plural head nouns; drops pronouns', () => {
    expect(r.canonical('the RADIUS  servers', 'entity')).toEqual({ label: 'RADIUS server', aliases: ['RADIUS servers'] });
    // a capitalised head is a name and keeps its form, unless the document writes it as a common noun
    expect(r.canonical('Mars', 'entity')?.label).toBe('Mars');
    expect(r.canonical('the United States', 'entity')?.label).toBe('United States');
    // (a capital only a sentence's start gave, where the document writes the words in lower case: "RADIUS servers relay")
    expect(r.canonical('Servers', 'entity')?.label).toBe('server');
    expect(r.canonical('Relay agents', 'entity')?.label).toBe('Relay agent');
    expect(r.canonical('policies', 'entity')?.label).toBe('policy');
    expect(r.canonical('it', 'entity')).toBeNull();
    expect(r.canonical('"EAP packets".', 'entity')?.label).toBe('EAP packet');
    expect(singularPhrase('access points')).toBe('access point');
    expect(singularPhrase('addresses')).toBe('address');
    expect(singularPhrase('status')).toBe('status');
    expect(singularPhrase('RADIUS')).toBe('RADIUS');
    // events keep their clause as written
    expect(r.canonical('the NAS sends packets', 'event')?.label).toBe('the NAS sends packets');
    // an event keeps a closing bracket or quote it opened; one it did not open goes, as an apostrophe does
    expect(r.canonical('send a packet with the code set to 4 (Failure).', 'event')?.label).toBe('send a packet with the code set to 4 (Failure)');
    expect(r.canonical('be changed to "deprecated"', 'event')?.label).toBe('be changed to "deprecated"');
    expect(r.canonical("be used if the option is 'auth-int'", 'event')?.label).toBe("be used if the option is 'auth-int'");
    expect(r.canonical('send it (see above', 'event')?.label).toBe('send it (see above');
    expect(r.canonical('send it).', 'event')?.label).toBe('send it');
    expect(r.canonical("accept the servers'", 'event')?.label).toBe('accept the servers');
  });

  it('keeps a capital the document writes inside a sentence as part of the name', () => {
    const named = new DocumentResolver('The NAS sends the Class attribute. Class attributes carry state. A class of service is chosen.');
    expect(named.canonical('Class attributes', 'entity')?.label).toBe('Class attribute');
  });

  it('scores string similarity', () => {
    expect(diceSimilarity('access point', 'access points')).toBeGreaterThan(0.85);
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 2);
  });
});

describe('names that look alike but name different things', () => {
  const differ = (a: string, b: string) => distinguishingDifference(foldText(a), foldText(b), versionsOf(a), versionsOf(b));

  it('tells apart differing versions, distinguishing words and opposite affixes', () => {
    expect(differ('EAP re-authentication', 'EAP pre-authentication')).toMatch(/distinguishing words/);
    expect(differ('IEEE 802.11', '802.11i standard')).toMatch(/versions/);
    expect(differ('RFC 2865', 'RFC 2866')).toMatch(/versions/);
    expect(differ('SNMPv1', 'SNMPv2')).toMatch(/versions/);
    expect(differ('Phase II', 'Phase III')).toMatch(/versions/);
    expect(differ('Access-Request packet', 'Access-Reject packet')).toMatch(/distinguishing words/);
    expect(differ('reauthentication', 'preauthentication')).toMatch(/affixes/);
    expect(differ('stateful firewall', 'stateless firewall')).toMatch(/affixes/);
    expect(differ('inbound traffic', 'outbound traffic')).toMatch(/affixes/);
  });

  it('does not count typos, plurals, spelling variants or words run together as differences', () => {
    expect(differ('wireless access point', 'wireless acess point')).toBeNull();
    expect(differ('RADIUS servers', 'RADIUS server')).toBeNull();
    expect(differ('user name attribute', 'username attribute')).toBeNull();
    expect(differ('authentication server', 'authentification server')).toBeNull();
    expect(differ('colour', 'color')).toBeNull();
    expect(differ('tunnel protocol', 'tunneling protocol')).toBeNull();
    expect(differ('transported key material', 'transported keying material')).toBeNull();
    // a label that is only a Roman-numeral-looking acronym is no version
    expect(versionsOf('IV')).toBe('');
    expect(differ('Type IV', 'Type V')).toMatch(/versions/);
    expect(sameWord('encryption', 'decryption')).toBe(false);
  });
});

describe('entity resolution in the store', () => {
  const t = tmpDir();
  let core: Core;
  beforeAll(() => {
    core = new Core({ dbPath: path.join(t.dir, 'r.db'), startJobs: true });
  });
  afterAll(async () => {
    await core.close();
    t.cleanup();
  });

  it('merges "Remote Authentication Dial In User Service" and "RADIUS" into one node when the document defines the acronym', async () => {
    const text = [
      'Remote Authentication Dial In User Service (RADIUS) is a protocol for carrying authentication data.',
      'The NAS sends an Access-Request to the RADIUS server.',
      'The Remote Authentication Dial In User Service supports accounting.',
      'The RADIUS protocol uses UDP port 1812 (see RFC 2865).',
    ].join('\n\n');
    const id = insertText(core, 'radius', text, { size: 120 });
    const job = unwrap('extract.start', await core.call('extract.start', { documents: [id], engine: 'classic' }));
    const done = await core.jobs.wait(job.id);
    expect(done.state).toBe('done');
    // (the expansion is also kept as a literal value of (RADIUS, stands for, ...): a value, not a second entity)
    const nodes = core.store.graph
      .listNodes({ kind: 'entity', search: 'Remote Authentication', limit: 50, offset: 0 })
      .items.filter((n) => n.type !== 'expansion');
    expect(nodes).toHaveLength(1);
    expect(nodes[0].label).toBe('RADIUS');
    expect(nodes[0].aliases).toContain('Remote Authentication Dial In User Service');
    expect(core.store.graph.findNode('entity', 'RADIUS')!.id).toBe(nodes[0].id);
    // the triple read from sentence 3 lands on the same node as the one from sentence 1
    const triples = core.store.graph.listTriples({ document: id, limit: 100, offset: 0 }).items;
    const onRadius = triples.filter((x) => x.subjectId === nodes[0].id || x.objectId === nodes[0].id);
    expect(onRadius.map((x) => x.relation)).toEqual(expect.arrayContaining(['is a', 'support']));
    // the standard identifier became a typed node
    expect(core.store.graph.findNode('entity', 'RFC 2865')?.type).toBe('standard');
  });

  it('proposes ranked merge candidates for review and merges nothing beyond exact normalised matches', async () => {
    const g = core.store.graph;
    const eap = g.upsertNode({ kind: 'entity', label: 'EAP' });
    const eapLong = g.upsertNode({ kind: 'entity', label: 'Extensible Authentication Protocol' });
    const ap = g.upsertNode({ kind: 'entity', label: 'wireless access point' });
    const ap2 = g.upsertNode({ kind: 'entity', label: 'wireless acess point' });
    const r2865 = g.upsertNode({ kind: 'entity', label: 'RFC 2865' });
    const r2866 = g.upsertNode({ kind: 'entity', label: 'RFC 2866' });
    expect(g.upsertNode({ kind: 'entity', label: '  extensible  authentication protocol ' })).toBe(eapLong); // exact normalised match
    const repo = new ExtractionRepository(core.store.db);
    const added = await proposeMergeCandidates(repo, { nodeIds: [eap, eapLong, ap, ap2, r2865, r2866] });
    expect(added).toBeGreaterThanOrEqual(2);
    const list = unwrap('merge.candidates', await core.call('merge.candidates', {}));
    const pairs = list.items.map((c) => [c.a.id, c.b.id].sort((x, y) => x - y).join('-'));
    expect(pairs).toContain([eap, eapLong].sort((x, y) => x - y).join('-'));
    expect(pairs).toContain([ap, ap2].sort((x, y) => x - y).join('-'));
    expect(pairs).not.toContain([r2865, r2866].join('-'));
    const scores = list.items.map((c) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(list.items.every((c) => c.status === 'open')).toBe(true);
    // nothing was merged: all six nodes are still there
    for (const id of [eap, eapLong, ap, ap2, r2865, r2866]) expect(g.getNode(id)).toBeDefined();
    // proposing again adds nothing new
    expect(await proposeMergeCandidates(repo, { nodeIds: [eap, eapLong, ap, ap2] })).toBe(0);
  });

  it('never proposes names that differ in a distinguishing word or a version', async () => {
    const g = core.store.graph;
    const pairs = [
      ['EAP re-authentication', 'EAP pre-authentication'],
      ['IEEE 802.11', '802.11i standard'],
      ['RFC 2865', 'RFC 2866'],
      ['SNMPv1', 'SNMPv2'],
      ['Access-Request packet', 'Access-Reject packet'],
      ['primary accounting server', 'secondary accounting server'],
    ].map(([x, y]) => [g.upsertNode({ kind: 'entity', label: x }), g.upsertNode({ kind: 'entity', label: y })]);
    const typo = [g.upsertNode({ kind: 'entity', label: 'authentication server' }), g.upsertNode({ kind: 'entity', label: 'authentification server' })];
    const repo = new ExtractionRepository(core.store.db);
    // an embedder that calls every pair the same thing: the rules still hold
    const embedder = { embed: async (texts: string[]) => texts.map(() => [1, 0, 0]) };
    await proposeMergeCandidates(repo, { nodeIds: [...pairs.flat(), ...typo], embedder });
    const list = unwrap('merge.candidates', await core.call('merge.candidates', { limit: 500 }));
    const key = (x: number, y: number) => [x, y].sort((p, q) => p - q).join('-');
    const proposed = new Set(list.items.map((c) => key(c.a.id, c.b.id)));
    for (const [x, y] of pairs) expect(proposed.has(key(x, y)), `${g.getNode(x)?.label} / ${g.getNode(y)?.label}`).toBe(false);
    expect(proposed.has(key(typo[0], typo[1]))).toBe(true);
  });

  it('adds embedding-similarity candidates when an embedder is given', async () => {
    const g = core.store.graph;
    const a = g.upsertNode({ kind: 'entity', label: 'authenticator' });
    const b = g.upsertNode({ kind: 'entity', label: 'port access entity' });
    const vec = (label: string) => (label === 'authenticator' || label === 'port access entity' ? [1, 0.05, 0] : [0, 0, 1]);
    const repo = new ExtractionRepository(core.store.db);
    const added = await proposeMergeCandidates(repo, { nodeIds: [a, b], embedder: { embed: async (texts) => texts.map(vec) } });
    expect(added).toBeGreaterThanOrEqual(1);
    const list = unwrap('merge.candidates', await core.call('merge.candidates', { node: a }));
    expect(list.items[0].reason).toMatch(/embedding/);
    expect([list.items[0].a.id, list.items[0].b.id].sort()).toEqual([a, b].sort());
  });
});
