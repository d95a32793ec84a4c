// Editing a triple keeps its stage: an entity–event triple (a requirement: "X MUST <do something>")
// stays EV when its relation or its object is edited, because a typed label takes the kind of the
// end it replaces. Picking a node of another kind is a different triple, and its stage follows.
import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import type { CallInput, CallName, CallOutput } from '../../shared/contract';
import { tmpDir } from '../helpers/tmp';
import { seedReviewGraph, snapshotGraph } from './seed';

const open: { core: Core; cleanup: () => void }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.core.close();
    o.cleanup();
  }
});

async function call<N extends CallName>(core: Core, name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const r = await core.call(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.code}: ${r.error.message}`);
  return r.value as CallOutput<N>;
}

/** The seed graph plus one requirement triple: an entity (subject) and an event (object). */
function setup() {
  const t = tmpDir('gw-edit-stage-');
  const core = new Core({ dbPath: path.join(t.dir, 'review.db'), startJobs: false });
  open.push({ core, cleanup: t.cleanup });
  const ids = seedReviewGraph(core.store);
  const g = core.store.graph;
  const event = g.upsertNode({ kind: 'event', label: 'forward requests to the RADIUS server' });
  const { id } = g.upsertEdge({ subjectId: ids.nodes.nas, relation: 'MUST', objectId: event, stage: 'EV', engine: 'classic', confidence: 0.8 });
  return { core, ids, event, id };
}

const edge = (core: Core, id: number) =>
  core.store.db.prepare('SELECT stage, subject_id, object_id, relation FROM edges WHERE id = ?').get(id) as {
    stage: string;
    subject_id: number;
    object_id: number;
    relation: string;
  };
const kindOf = (core: Core, id: number) => core.store.graph.getNode(id)!.kind;

describe('triples.edit keeps the stage', () => {
  it('an EV triple stays EV when its relation is edited', async () => {
    const { core, id } = setup();
    await call(core, 'triples.edit', { id, relation: 'SHOULD' });
    expect(edge(core, id)).toMatchObject({ stage: 'EV', relation: 'SHOULD' });
  });

  it('an EV triple stays EV when its object is typed anew: the new node is an event, like the one it replaces', async () => {
    const { core, id, event } = setup();
    const before = snapshotGraph(core.store);
    const r = await call(core, 'triples.edit', { id, object: { label: 'forward every request to the RADIUS server' } });
    const e = edge(core, r.tripleIds[0]);
    expect(e.stage).toBe('EV');
    expect(e.object_id).not.toBe(event);
    expect(kindOf(core, e.object_id)).toBe('event');
    // ...with the relation edited in the same step too
    await call(core, 'triples.edit', { id, relation: 'MUST NOT', object: { label: 'drop requests' } });
    expect(edge(core, id).stage).toBe('EV');
    expect(kindOf(core, edge(core, id).object_id)).toBe('event');
    // undo restores the rows exactly (the created event nodes go again)
    await call(core, 'history.undo', {});
    await call(core, 'history.undo', {});
    expect(snapshotGraph(core.store)).toEqual(before);
  });

  it('a typed subject of an EV triple stays an entity; a label given with a kind, or a node of another kind picked, changes the stage', async () => {
    const { core, id, ids } = setup();
    await call(core, 'triples.edit', { id, subject: { label: 'access point' } });
    expect(edge(core, id).stage).toBe('EV');
    expect(kindOf(core, edge(core, id).subject_id)).toBe('entity');
    // asked for explicitly: the object becomes an entity, the triple EE
    await call(core, 'triples.edit', { id, object: { label: 'the RADIUS server', kind: 'entity' } });
    expect(edge(core, id).stage).toBe('EE');
    await call(core, 'history.undo', {});
    expect(edge(core, id).stage).toBe('EV');
    // an existing entity picked by id: the triple now joins two entities
    await call(core, 'triples.edit', { id, object: { id: ids.nodes.udp } });
    expect(edge(core, id)).toMatchObject({ stage: 'EE', object_id: ids.nodes.udp });
  });

  it('an EE triple whose object is typed anew stays EE (the label becomes an entity)', async () => {
    const { core, ids } = setup();
    await call(core, 'triples.edit', { id: ids.edges.usesUdp, object: { label: 'UDP port 1812' } });
    const e = edge(core, ids.edges.usesUdp);
    expect(e.stage).toBe('EE');
    expect(kindOf(core, e.object_id)).toBe('entity');
  });
});
