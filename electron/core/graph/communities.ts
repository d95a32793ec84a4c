// The graph's communities for the Graph view's overview: Louvain (graphology-communities-louvain)
// over the triples the filters leave, parallel triples summed as the weight of one link. Each
// community is named by its most central nodes (most triples inside it) and measured in triples;
// the links between communities are the triples that cross. Seeded, so the same graph gives the same
// communities on every call (the overview does not reshuffle after an edit elsewhere).
import { createRequire } from 'node:module';
import type { UndirectedGraph as UndirectedGraphClass } from 'graphology';
import type louvainModule from 'graphology-communities-louvain';

// Required at the first overview, not imported with the core (a process that never draws one skips them).
const require = createRequire(import.meta.url);
import type { CommunityOverview, GraphCommunity } from '../../../shared/contract/review';
import type { NodeKind } from '../../../shared/schemas';
import { mulberry32 } from '../learn/random';

export interface CommunityInput {
  nodes: { id: number; kind: NodeKind; label: string; type: string | null }[];
  edges: { source: number; target: number }[];
}

/** The value most items have (ties: the first seen). */
function mostCommon<T>(items: T[]): T {
  const counts = new Map<T, number>();
  let best = items[0];
  for (const x of items) {
    const c = (counts.get(x) ?? 0) + 1;
    counts.set(x, c);
    if (c > counts.get(best)!) best = x;
  }
  return best;
}

export function graphCommunities(input: CommunityInput, options: { limit: number; top: number }): CommunityOverview {
  const empty: CommunityOverview = {
    communities: [],
    links: [],
    nodes: input.nodes.length,
    triples: input.edges.length,
    more: { communities: 0, nodes: 0 },
    modularity: 0,
  };
  if (!input.nodes.length) return empty;
  const { UndirectedGraph } = require('graphology') as { UndirectedGraph: typeof UndirectedGraphClass };
  const louvain = require('graphology-communities-louvain') as typeof louvainModule;
  const graph = new UndirectedGraph({ allowSelfLoops: false });
  const byId = new Map(input.nodes.map((n) => [n.id, n]));
  for (const n of [...input.nodes].sort((a, b) => a.id - b.id)) graph.addNode(String(n.id));
  for (const e of input.edges) {
    if (e.source === e.target) continue;
    const [a, b] = [String(e.source), String(e.target)];
    if (graph.hasEdge(a, b)) graph.updateEdgeAttribute(a, b, 'weight', (w: number | undefined) => (w ?? 0) + 1);
    else graph.addEdge(a, b, { weight: 1 });
  }
  let membership: Record<string, number>;
  let modularity = 0;
  if (graph.size === 0) {
    // no links at all (only self-references): every node is its own community
    membership = Object.fromEntries(graph.nodes().map((n, i) => [n, i]));
  } else {
    const out = louvain.detailed(graph, { getEdgeWeight: 'weight', rng: mulberry32(0x9e3779b9) });
    membership = out.communities;
    modularity = out.modularity;
  }

  // per community: its nodes, the triples inside, each node's triples inside
  const members = new Map<number, number[]>();
  for (const [node, c] of Object.entries(membership)) {
    let list = members.get(c);
    if (!list) members.set(c, (list = []));
    list.push(Number(node));
  }
  const inside = new Map<number, number>();
  const innerDegree = new Map<number, number>();
  const between = new Map<string, number>();
  for (const e of input.edges) {
    const a = membership[String(e.source)];
    const b = membership[String(e.target)];
    if (a === b) {
      inside.set(a, (inside.get(a) ?? 0) + 1);
      innerDegree.set(e.source, (innerDegree.get(e.source) ?? 0) + 1);
      if (e.target !== e.source) innerDegree.set(e.target, (innerDegree.get(e.target) ?? 0) + 1);
    } else {
      const key = a < b ? `${a} ${b}` : `${b} ${a}`;
      between.set(key, (between.get(key) ?? 0) + 1);
    }
  }

  // the largest first (triples, then nodes, then the smallest node id, so the order is stable)
  const ranked = [...members.entries()]
    .map(([c, ids]) => ({ c, ids: ids.sort((x, y) => x - y), triples: inside.get(c) ?? 0 }))
    .sort((x, y) => y.triples - x.triples || y.ids.length - x.ids.length || x.ids[0] - y.ids[0]);
  const listed = ranked.slice(0, options.limit);
  const index = new Map(listed.map((r, i) => [r.c, i]));
  const communities: GraphCommunity[] = listed.map((r, i) => {
    const central = [...r.ids].sort((x, y) => (innerDegree.get(y) ?? 0) - (innerDegree.get(x) ?? 0) || x - y);
    const nodes = r.ids.map((id) => byId.get(id)!);
    return {
      id: i,
      top: central.slice(0, options.top).map((id) => {
        const n = byId.get(id)!;
        return { id, label: n.label, kind: n.kind, type: n.type, degree: innerDegree.get(id) ?? 0 };
      }),
      nodeIds: r.ids,
      triples: r.triples,
      kind: mostCommon(nodes.map((n) => n.kind)),
      type: mostCommon(nodes.map((n) => n.type)),
    };
  });
  const links: CommunityOverview['links'] = [];
  for (const [key, triples] of between) {
    const [a, b] = key.split(' ').map(Number);
    const x = index.get(a);
    const y = index.get(b);
    if (x === undefined || y === undefined) continue;
    links.push({ source: Math.min(x, y), target: Math.max(x, y), triples });
  }
  links.sort((p, q) => p.source - q.source || p.target - q.target);
  const rest = ranked.slice(options.limit);
  return {
    communities,
    links,
    nodes: input.nodes.length,
    triples: input.edges.length,
    more: { communities: rest.length, nodes: rest.reduce((s, r) => s + r.ids.length, 0) },
    modularity,
  };
}
