import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import type { CallInput, CallName, CallOutput } from '../../shared/contract';
import { tmpDir } from '../helpers/tmp';
import { seedReviewGraph, snapshotGraph, type SeedIds } from './seed';

const open: { core: Core; cleanup: () => void }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.core.close();
    o.cleanup();
  }
});

function setup(): { core: Core; ids: SeedIds; dbPath: string; dir: string } {
  const t = tmpDir('gw-review-');
  const dbPath = path.join(t.dir, 'review.db');
  const core = new Core({ dbPath, startJobs: false });
  open.push({ core, cleanup: t.cleanup });
  return { core, ids: seedReviewGraph(core.store), dbPath, dir: t.dir };
}

async function call<N extends CallName>(core: Core, name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const r = await core.call(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.code}: ${r.error.message}`);
  return r.value as CallOutput<N>;
}

async function fails(core: Core, name: CallName, input: unknown): Promise<string> {
  const r = await core.call(name, input);
  expect(r.ok, `${name} should fail`).toBe(false);
  return r.ok ? '' : r.error.code;
}

const node = (core: Core, id: number) => core.store.graph.getNode(id);
const edge = (core: Core, id: number) => core.store.db.prepare('SELECT * FROM edges WHERE id = ?').get(id) as Record<string, unknown> | undefined;

describe('review commands', () => {
  it('merge re-points edges, collapses duplicates, keeps aliases and evidence; undo restores every row exactly; redo again', async () => {
    const { core, ids } = setup();
    const { nodes, edges } = ids;
    // A concept link on the node that goes away, to see it re-pointed and restored.
    const concept = core.store.graph.upsertNode({ kind: 'concept', label: 'network service' });
    core.store.db.prepare('INSERT INTO concept_links (concept_id, node_id) VALUES (?, ?)').run(concept, nodes.server);
    const before = snapshotGraph(core.store);
    const events: string[] = [];
    core.bus.on('graph.changed', (p) => events.push(p.reason));

    const r = await call(core, 'entities.merge', { ids: [nodes.radius, nodes.server, nodes.rauth], survivor: nodes.radius });
    expect(r.nodeIds).toEqual([nodes.radius]);
    expect(r.changes).toBeGreaterThan(5);
    expect(events).toEqual(['entities.merge']);
    expect(node(core, nodes.server)).toBeUndefined();
    expect(node(core, nodes.rauth)).toBeUndefined();
    const survivor = node(core, nodes.radius)!;
    expect(survivor.label).toBe('RADIUS');
    expect(survivor.aliases).toEqual(
      expect.arrayContaining(['Remote Authentication Dial-In', 'RADIUS server', 'Remote Authentication Dial In User Service', 'RADIUS protocol']),
    );
    expect(survivor.type).toBe('protocol');
    // Re-pointed: NAS -> RADIUS, RADIUS uses UDP.
    expect(edge(core, edges.forwards)).toMatchObject({ object_id: nodes.radius, edited: 1 });
    expect(edge(core, edges.usesUdp)).toMatchObject({ subject_id: nodes.radius });
    // Duplicate collapsed: 'RADIUS server carries authentication' folded into 'RADIUS carries authentication' with its evidence.
    expect(edge(core, edges.serverCarries)).toBeUndefined();
    const prov = core.store.graph.edgeProvenance([edges.carries]).get(edges.carries)!;
    expect(prov.map((p) => p.quote)).toEqual(['RADIUS carries authentication for network access.', 'A RADIUS server stores user credentials.']);
    // Node evidence moved to the survivor; merge candidates inside the group gone, the outside one re-pointed.
    expect(core.store.db.prepare('SELECT COUNT(*) AS n FROM provenance WHERE node_id = ?').get(nodes.radius)).toEqual({ n: 2 });
    const cands = core.store.db.prepare('SELECT a_id, b_id FROM merge_candidates ORDER BY id').all();
    expect(cands).toEqual([{ a_id: Math.min(nodes.radius, nodes.eap), b_id: Math.max(nodes.radius, nodes.eap) }]);
    expect(core.store.db.prepare('SELECT node_id FROM concept_links').all()).toEqual([{ node_id: nodes.radius }]);
    const merged = snapshotGraph(core.store);

    const u = await call(core, 'history.undo', {});
    expect(u.group).toMatchObject({ command: 'entities.merge', state: 'undone' });
    expect(u).toMatchObject({ canUndo: false, canRedo: true });
    expect(snapshotGraph(core.store)).toEqual(before);

    const re = await call(core, 'history.redo', {});
    expect(re.group).toMatchObject({ command: 'entities.merge', state: 'done' });
    expect(snapshotGraph(core.store)).toEqual(merged);
    await call(core, 'history.undo', {});
    expect(snapshotGraph(core.store)).toEqual(before);
    expect(events).toEqual(['entities.merge', 'history.undo', 'history.redo', 'history.undo']);
  });

  it('rename relation touches every edge with it (collapsing duplicates); undo restores them', async () => {
    const { core, ids } = setup();
    const concept = core.store.graph.upsertNode({ kind: 'concept', label: 'conveying' });
    core.store.db.prepare('INSERT INTO concept_links (concept_id, relation) VALUES (?, ?)').run(concept, 'carries');
    const before = snapshotGraph(core.store);
    // 'carries' is on three triples.
    const r = await call(core, 'relations.rename', { from: 'carries', to: 'transports' });
    expect(r.tripleIds.sort()).toEqual([ids.edges.carries, ids.edges.serverCarries, ids.edges.carriesTrip].sort());
    const rel = (id: number) => edge(core, id)!.relation;
    expect([rel(ids.edges.carries), rel(ids.edges.serverCarries), rel(ids.edges.carriesTrip)]).toEqual(['transports', 'transports', 'transports']);
    expect(core.store.db.prepare("SELECT COUNT(*) AS n FROM edges WHERE relation = 'carries'").get()).toEqual({ n: 0 });
    expect(edge(core, ids.edges.carries)!.edited).toBe(1);
    expect(core.store.db.prepare('SELECT relation FROM concept_links').all()).toEqual([{ relation: 'transports' }]);

    // Renaming onto an existing relation collapses identical triples.
    await call(core, 'relations.rename', { from: 'stores', to: 'transports' });
    await call(core, 'triples.edit', { id: ids.edges.stores, object: { id: ids.nodes.auth } });
    expect(edge(core, ids.edges.stores)).toBeUndefined(); // folded into serverCarries ('RADIUS server transports authentication')
    expect(core.store.graph.edgeProvenance([ids.edges.serverCarries]).get(ids.edges.serverCarries)!.length).toBe(2);

    for (let i = 0; i < 3; i++) await call(core, 'history.undo', {});
    expect(snapshotGraph(core.store)).toEqual(before);
    expect((await call(core, 'history.undo', {})).group).toBeNull();
  });

  it('undo and redo work across a reopened core; a new edit drops the redo stack', async () => {
    const { core, ids, dbPath } = setup();
    const original = snapshotGraph(core.store);
    await call(core, 'triples.accept', { ids: [ids.edges.carries] });
    await call(core, 'triples.edit', { id: ids.edges.runsOver, relation: 'is carried by' });
    const edited = snapshotGraph(core.store);
    await core.close();
    open.splice(0, 1, { core: new Core({ dbPath, startJobs: false }), cleanup: open[0].cleanup });
    const c2 = open[0].core;

    expect(edge(c2, ids.edges.carries)).toMatchObject({ status: 'accepted', edited: 1 });
    const h = await call(c2, 'history.list', { limit: 10 });
    expect(h.items.map((g) => g.command)).toEqual(['triples.edit', 'triples.accept']);
    expect(h.items[0].summary).toContain('is carried by');
    expect(h.canUndo).toBe(true);

    await call(c2, 'history.undo', {});
    expect(edge(c2, ids.edges.runsOver)!.relation).toBe('runs over');
    await c2.close();
    open.splice(0, 1, { core: new Core({ dbPath, startJobs: false }), cleanup: open[0].cleanup });
    const c3 = open[0].core;
    expect((await call(c3, 'history.list', { limit: 1 })).canRedo).toBe(true);
    await call(c3, 'history.redo', {});
    expect(snapshotGraph(c3.store)).toEqual(edited);
    await call(c3, 'history.undo', {});
    await call(c3, 'history.undo', {});
    expect(snapshotGraph(c3.store)).toEqual(original);

    // Redo the accept, then a new edit: the edit's redo is gone.
    await call(c3, 'history.redo', {});
    await call(c3, 'triples.reject', { ids: [ids.edges.between] });
    const after = await call(c3, 'history.redo', {});
    expect(after.group).toBeNull();
    expect(after.canRedo).toBe(false);
    expect((await call(c3, 'history.list', { limit: 10 })).items.map((g) => [g.command, g.state])).toEqual([
      ['triples.reject', 'done'],
      ['triples.edit', 'discarded'],
      ['triples.accept', 'done'],
    ]);
  });

  it('bad inputs give typed errors and change nothing', async () => {
    const { core, ids } = setup();
    const before = snapshotGraph(core.store);
    const revisions = () => core.store.db.prepare('SELECT COUNT(*) AS n FROM revisions').get();
    expect(await fails(core, 'triples.accept', { ids: [ids.edges.carries, 99999] })).toBe('not_found');
    expect(await fails(core, 'triples.accept', { ids: [] })).toBe('bad_request');
    expect(await fails(core, 'triples.accept', { ids: ['1'] })).toBe('bad_request');
    expect(await fails(core, 'triples.edit', { id: ids.edges.carries })).toBe('bad_request');
    expect(await fails(core, 'triples.edit', { id: ids.edges.carries, relation: '   ' })).toBe('bad_request');
    expect(await fails(core, 'triples.edit', { id: ids.edges.carries, subject: { label: 'authentication' } })).toBe('bad_request');
    expect(await fails(core, 'triples.edit', { id: ids.edges.carries, subject: { id: 99999 } })).toBe('not_found');
    // A new node named in a failing command is not left behind.
    expect(await fails(core, 'triples.add', { subject: { label: 'Brand new thing' }, relation: 'carries', object: { id: 99999 } })).toBe('not_found');
    expect(await fails(core, 'triples.add', { subject: { id: ids.nodes.radius }, relation: 'carries', object: { id: ids.nodes.auth } })).toBe('conflict');
    expect(
      await fails(core, 'triples.add', {
        subject: { id: ids.nodes.radius },
        relation: 'x',
        object: { id: ids.nodes.auth },
        evidence: { document: ids.doc, start: 5, end: 100000 },
      }),
    ).toBe('bad_request');
    expect(await fails(core, 'entities.merge', { ids: [ids.nodes.radius], survivor: ids.nodes.radius })).toBe('bad_request');
    expect(await fails(core, 'entities.merge', { ids: [ids.nodes.radius, ids.nodes.eap], survivor: ids.nodes.udp })).toBe('bad_request');
    expect(await fails(core, 'entities.merge', { ids: [ids.nodes.radius, ids.nodes.eap], survivor: ids.nodes.radius, label: 'UDP' })).toBe('conflict');
    expect(await fails(core, 'entities.merge', { ids: [ids.nodes.radius, 99999], survivor: ids.nodes.radius })).toBe('not_found');
    expect(await fails(core, 'entities.split', { id: ids.nodes.radius, alias: 'not an alias' })).toBe('bad_request');
    expect(await fails(core, 'entities.split', { id: ids.nodes.rauth, alias: 'RADIUS protocol', edgeIds: [ids.edges.defines] })).toBe('bad_request');
    expect(await fails(core, 'relations.rename', { from: 'no such relation', to: 'x' })).toBe('not_found');
    expect(await fails(core, 'relations.rename', { from: 'carries', to: 'carries' })).toBe('bad_request');
    expect(await fails(core, 'merge.accept', { id: 99999 })).toBe('not_found');
    expect(await fails(core, 'merge.accept', { id: 1, survivor: ids.nodes.udp })).toBe('bad_request');
    expect(await fails(core, 'entities.setType', { ids: [99999], type: 'x' })).toBe('not_found');
    expect(await fails(core, 'history.forTriple', { id: 99999 })).toBe('not_found');
    expect(snapshotGraph(core.store)).toEqual(before);
    expect(revisions()).toEqual({ n: 0 });
    expect((await call(core, 'history.undo', {})).group).toBeNull();
  });

  it('add, set type, split an alias out, merge candidates; per-triple history names editor and engine', async () => {
    const { core, ids } = setup();
    const added = await call(core, 'triples.add', {
      subject: { label: 'NAS' },
      relation: 'authenticates via',
      object: { label: 'RADIUS', kind: 'entity' },
      evidence: { document: ids.doc, start: 0, end: 6 },
    });
    const t = edge(core, added.tripleIds[0])!;
    expect(t).toMatchObject({ subject_id: ids.nodes.nas, object_id: ids.nodes.radius, stage: 'manual', status: 'accepted', engine: 'editor', edited: 1 });
    expect(core.store.graph.edgeProvenance([t.id as number]).get(t.id as number)![0]).toMatchObject({ quote: 'RADIUS', chunk: ids.chunk });

    await call(core, 'entities.setType', { ids: [ids.nodes.nas], type: 'device' });
    expect(node(core, ids.nodes.nas)!.type).toBe('device');

    // The usesUdp evidence names 'Remote Authentication Dial In User Service' only; split its alias 'RADIUS protocol' with no evidence -> no edges move.
    const split = await call(core, 'entities.split', { id: ids.nodes.rauth, alias: 'RADIUS protocol' });
    expect(node(core, split.nodeIds[0])).toMatchObject({ label: 'RADIUS protocol', aliases: [] });
    expect(node(core, ids.nodes.rauth)!.aliases).toEqual([]);
    expect(split.tripleIds).toEqual([]);

    // Merge candidates: skip one, accept another (survivor: the better connected node).
    const open1 = await call(core, 'merge.candidates', { status: 'open', limit: 10, offset: 0 });
    expect(open1.total).toBe(3);
    await call(core, 'merge.skip', { ids: [open1.items.find((c) => c.reason === 'test')!.id] });
    const acc = await call(core, 'merge.accept', { id: open1.items.find((c) => c.reason === 'head word')!.id });
    expect(acc.nodeIds).toEqual([ids.nodes.radius]);
    expect(node(core, ids.nodes.server)).toBeUndefined();

    await call(core, 'triples.accept', { ids: [ids.edges.forwards] });
    const hist = await call(core, 'history.forTriple', { id: ids.edges.forwards });
    expect(hist.map((h) => [h.actor, h.summary])).toEqual([
      ['engine:classic', 'proposed by classic with confidence 0.50'],
      ['editor', 'object "RADIUS server" → "RADIUS"'],
      ['editor', 'status proposed → accepted'],
    ]);
    const addedHist = await call(core, 'history.forTriple', { id: t.id as number });
    expect(addedHist).toHaveLength(1);
    expect(addedHist[0].summary).toMatch(/^created: "NAS" authenticates via "RADIUS"/);
  });

  it("a Graph edge carries a passive's words as written and its voice; triples.list its qualifiers; an edit drops both", async () => {
    const { core, ids } = setup();
    // (as the extractor writes a passive in its lemma form, rel.voice: the words as written and the voice in meta)
    core.store.db
      .prepare('UPDATE edges SET meta = ? WHERE id = ?')
      .run(JSON.stringify({ surface: 'are carried between', voice: 'passive' }), ids.edges.between);
    const hood = await call(core, 'graph.neighbourhood', { nodeIds: [ids.nodes.goose], depth: 2 });
    const between = hood.edges.find((e) => e.id === ids.edges.between);
    expect(between).toMatchObject({ label: 'are carried between', voice: 'passive' });
    // an edge the extractor kept no words for has neither
    const other = hood.edges.find((e) => e.id !== ids.edges.between);
    expect(other?.label).toBeUndefined();
    expect(other?.voice).toBeUndefined();
    const row = (await call(core, 'triples.list', { ids: [ids.edges.between] })).items[0];
    expect(row.qualifiers).toMatchObject({ surface: 'are carried between', voice: 'passive' });
    // the editor's words are the relation: no words as written, no voice
    await call(core, 'triples.edit', { id: ids.edges.between, relation: 'links' });
    const edited = (await call(core, 'graph.neighbourhood', { nodeIds: [ids.nodes.goose], depth: 2 })).edges.find((e) => e.id === ids.edges.between);
    expect(edited).toMatchObject({ relation: 'links', edited: true });
    expect(edited?.label).toBeUndefined();
    expect(edited?.voice).toBeUndefined();
    expect((await call(core, 'triples.list', { ids: [ids.edges.between] })).items[0].qualifiers.voice).toBeUndefined();
  });

  it('triples.list sorts by each column and filters; evidence, neighbourhood and search feed the views', async () => {
    const { core, ids } = setup();
    const list = (q: CallInput<'triples.list'>) => call(core, 'triples.list', q);
    const all = await list({});
    expect(all.total).toBe(9);
    expect(all.items[0]).toMatchObject({ documentTitle: 'RADIUS and IEC 61850 notes', edited: false });
    for (const sort of ['subject', 'relation', 'object', 'stage', 'status', 'confidence', 'document', 'engine', 'id'] as const) {
      const asc = await list({ sort });
      const desc = await list({ sort, desc: true });
      expect(asc.items.map((t) => t.id)).toHaveLength(9);
      expect(desc.items.map((t) => t.id)).toEqual(sort === 'id' ? [...asc.items.map((t) => t.id)].reverse() : expect.any(Array));
    }
    expect((await list({ sort: 'confidence', desc: true })).items[0].id).toBe(ids.edges.defines);
    expect((await list({ sort: 'subject' })).items[0].subject).toBe('EAP');
    expect((await list({ minConfidence: 0.6, maxConfidence: 0.7 })).total).toBe(3);
    expect((await list({ relation: 'carries' })).total).toBe(3);
    expect((await list({ engine: 'classic', status: 'proposed', stage: 'EE', document: ids.doc })).total).toBe(9);
    expect((await list({ search: 'goose trip' })).items.map((t) => t.id)).toEqual([ids.edges.carriesTrip]);
    expect((await list({ search: 'RADIUS protocol' })).items.map((t) => t.id)).toEqual([ids.edges.usesUdp]); // alias match
    expect((await list({ node: ids.nodes.goose })).total).toBe(2);
    expect((await list({ limit: 2, offset: 8 })).items).toHaveLength(1);

    const ev = await call(core, 'triples.evidence', { tripleId: ids.edges.carriesTrip });
    expect(ev.triple.id).toBe(ids.edges.carriesTrip);
    expect(ev.items).toHaveLength(1);
    const item = ev.items[0];
    expect(item).toMatchObject({
      document: { id: ids.doc, title: 'RADIUS and IEC 61850 notes' },
      page: 1,
      quote: 'GOOSE messages carry trip signals between IEDs.',
    });
    expect(item.context.text.slice(item.start - item.context.start, item.end - item.context.start)).toBe(item.quote);
    expect(item.context.text.slice(item.sentence.start - item.context.start, item.sentence.end - item.context.start)).toBe(
      'GOOSE messages carry trip signals between IEDs.',
    );
    expect(item.others.map((o) => o.id)).toEqual([ids.edges.between]);

    const hood = await call(core, 'graph.neighbourhood', { nodeIds: [ids.nodes.goose], depth: 1 });
    expect(hood.nodes.map((n) => n.label).sort()).toEqual(['GOOSE', 'IEC 61850', 'trip signals']);
    expect(hood.edges).toHaveLength(2);
    const deeper = await call(core, 'graph.neighbourhood', { nodeIds: [ids.nodes.goose], depth: 2 });
    expect(deeper.nodes.map((n) => n.label)).toContain('IEDs');
    const capped = await call(core, 'graph.neighbourhood', { nodeIds: [ids.nodes.goose], depth: 2, limit: 2 });
    expect(capped).toMatchObject({ truncated: true });
    expect(capped.nodes).toHaveLength(2);
    await call(core, 'triples.reject', { ids: [ids.edges.defines] });
    expect((await call(core, 'graph.neighbourhood', { nodeIds: [ids.nodes.goose] })).edges).toHaveLength(1);
    expect(
      (await call(core, 'graph.neighbourhood', { nodeIds: [ids.nodes.goose], filters: { statuses: ['proposed', 'accepted', 'rejected'] } })).edges,
    ).toHaveLength(2);
    const overview = await call(core, 'graph.neighbourhood', { limit: 3 });
    expect(overview.nodes).toHaveLength(3);
    expect(overview.truncated).toBe(true);

    const found = await call(core, 'nodes.search', { query: 'radius' });
    expect(found[0].label).toBe('RADIUS');
    expect(found.map((n) => n.label)).toEqual(expect.arrayContaining(['RADIUS server', 'Remote Authentication Dial In User Service']));
    expect((await call(core, 'relations.list', {}))[0]).toEqual({ relation: 'carries', count: 3 });
    expect(await call(core, 'entities.get', { id: ids.nodes.radius })).toMatchObject({ label: 'RADIUS', degree: 2, mentions: 1 });
  });
});
