// A small graph of entities, events and relations for the concept tests (no evidence needed).
import type { Store } from '../../electron/core/store';

export interface ConceptSeed {
  nodes: Record<string, number>;
  relations: string[];
}

/** Entities with multi-word and one-word labels, two events, relations with and without a main verb. */
export function seedConceptGraph(store: Store, extra = 0): ConceptSeed {
  return store.transaction(() => {
    const g = store.graph;
    const n = (label: string, kind: 'entity' | 'event' = 'entity', type: string | null = null) => g.upsertNode({ kind, label, type });
    const nodes: Record<string, number> = {
      servers: n('RADIUS servers'),
      doe: n('Department of Energy'),
      college: n('Black Mountain College'),
      eap: n('EAP', 'entity', 'protocol'),
      rfc: n('RFC 2865', 'entity', 'standard'),
      send: n('The NAS sends an Access-Request', 'event'),
      play: n('Sam playing with his dog', 'event'),
    };
    for (let i = 0; i < extra; i++) nodes[`extra${i}`] = n(`backup link ${i + 1}`);
    const e = (s: number, relation: string, o: number, stage: 'EE' | 'EV' = 'EE') =>
      g.upsertEdge({ subjectId: s, relation, objectId: o, stage, engine: 'classic', confidence: 0.5 });
    e(nodes.eap, 'is defined in', nodes.rfc);
    e(nodes.servers, 'sends', nodes.eap);
    e(nodes.college, 'participated in', nodes.doe);
    e(nodes.send, 'is performed by', nodes.servers, 'EV');
    for (let i = 0; i < extra; i++) e(nodes[`extra${i}`], 'connects', nodes.servers);
    const relations = ['is defined in', 'sends', 'participated in', 'is performed by', ...(extra ? ['connects'] : [])];
    return { nodes, relations };
  });
}
