// The Graph view's overview: communities of the filtered graph, named by their most central nodes.
import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import type { CallInput, CallName, CallOutput } from '../../shared/contract';
import { graphCommunities, type CommunityInput } from '../../electron/core/graph/communities';
import { tmpDir } from '../helpers/tmp';
import { seedReviewGraph } from '../review/seed';

/** Two groups of densely linked nodes, one hub in each, joined by a single triple; plus a lone pair. */
function twoGroups(): CommunityInput {
  const node = (id: number) => ({ id, kind: 'entity' as const, label: `n${id}`, type: id < 10 ? 'protocol' : null });
  const nodes = [1, 2, 3, 4, 5, 11, 12, 13, 14, 15, 21, 22].map(node);
  const edges: CommunityInput['edges'] = [];
  const group = (hub: number, others: number[]) => {
    for (const o of others) edges.push({ source: hub, target: o });
    for (let i = 0; i < others.length; i++) edges.push({ source: others[i], target: others[(i + 1) % others.length] });
  };
  group(1, [2, 3, 4, 5]);
  group(11, [12, 13, 14, 15]);
  edges.push({ source: 5, target: 15 }); // the one triple between the groups
  edges.push({ source: 1, target: 2 }); // a parallel triple (another relation between the same two nodes)
  edges.push({ source: 21, target: 22 });
  return { nodes, edges };
}

describe('graphCommunities', () => {
  it('finds the two groups, names each by its hub, counts triples inside and between, and the lone pair apart', () => {
    const r = graphCommunities(twoGroups(), { limit: 10, top: 2 });
    expect(r.nodes).toBe(12);
    expect(r.triples).toBe(19);
    expect(r.communities.map((c) => c.nodeIds)).toEqual([
      [1, 2, 3, 4, 5],
      [11, 12, 13, 14, 15],
      [21, 22],
    ]);
    // the first group holds the parallel triple: 9 triples inside against 8
    expect(r.communities.map((c) => c.triples)).toEqual([9, 8, 1]);
    expect(r.communities[0].top[0]).toMatchObject({ id: 1, label: 'n1', degree: 5 });
    expect(r.communities[1].top[0]).toMatchObject({ id: 11, degree: 4 });
    expect(r.communities[0]).toMatchObject({ kind: 'entity', type: 'protocol' });
    expect(r.communities[1].type).toBeNull();
    expect(r.links).toEqual([{ source: 0, target: 1, triples: 1 }]);
    expect(r.modularity).toBeGreaterThan(0.3);
  });

  it('gives the same communities on every call, whatever the order of the input', () => {
    const a = graphCommunities(twoGroups(), { limit: 10, top: 3 });
    const shuffled = twoGroups();
    shuffled.nodes.reverse();
    shuffled.edges.reverse();
    expect(graphCommunities(shuffled, { limit: 10, top: 3 }).communities.map((c) => c.nodeIds)).toEqual(a.communities.map((c) => c.nodeIds));
  });

  it('lists the largest up to the limit and counts the rest; no triples, no communities', () => {
    const r = graphCommunities(twoGroups(), { limit: 1, top: 1 });
    expect(r.communities).toHaveLength(1);
    expect(r.more).toEqual({ communities: 2, nodes: 7 });
    expect(r.links).toEqual([]); // the other end is not listed
    expect(graphCommunities({ nodes: [], edges: [] }, { limit: 5, top: 1 })).toMatchObject({ communities: [], nodes: 0, triples: 0 });
  });
});

async function call<N extends CallName>(core: Core, name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const r = await core.call(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.code}: ${r.error.message}`);
  return r.value as CallOutput<N>;
}

describe('graph.communities', () => {
  const open: { core: Core; cleanup: () => void }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0)) {
      await o.core.close();
      o.cleanup();
    }
  });

  it('runs over the triples the filters leave', async () => {
    const t = tmpDir('gw-communities-');
    const core = new Core({ dbPath: path.join(t.dir, 'c.db'), startJobs: false });
    open.push({ core, cleanup: t.cleanup });
    const { nodes, edges } = seedReviewGraph(core.store);
    const all = await call(core, 'graph.communities', { filters: {} });
    expect(all.triples).toBe(Object.keys(edges).length);
    // the RADIUS triples and the IEC 61850 triples share no node: never one community
    const holding = (id: number) => all.communities.find((c) => c.nodeIds.includes(id))!;
    expect(holding(nodes.radius).id).not.toBe(holding(nodes.iec).id);
    expect(holding(nodes.goose).id).toBe(holding(nodes.iec).id);

    // only accepted triples: those two, so only their three nodes
    await core.call('triples.accept', { ids: [edges.defines, edges.carriesTrip] });
    const accepted = await call(core, 'graph.communities', { filters: { statuses: ['accepted'] } });
    expect(accepted).toMatchObject({ nodes: 3, triples: 2 });
    expect(accepted.communities.flatMap((c) => c.nodeIds).sort((a, b) => a - b)).toEqual([nodes.iec, nodes.goose, nodes.trip].sort((a, b) => a - b));
    // a type filter keeps the nodes of that type and the triples between them
    const typed = await call(core, 'graph.communities', { filters: { types: ['protocol'] } });
    expect(typed.triples).toBe(1); // EAP runs over RADIUS
  });
});
