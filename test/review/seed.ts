// A small graph with evidence for the review tests (and the e2e seed when extraction is not run).
import type { Store } from '../../electron/core/store';

export const SEED_TEXT = [
  'RADIUS carries authentication for network access. EAP runs over RADIUS in most deployments.',
  'The Remote Authentication Dial In User Service protocol uses UDP.',
  'A RADIUS server stores user credentials. The NAS forwards requests to the RADIUS server.',
  'IEC 61850 defines GOOSE messaging. GOOSE messages carry trip signals between IEDs.',
].join(' ');

export interface SeedIds {
  doc: number;
  chunk: number;
  nodes: Record<string, number>;
  edges: Record<string, number>;
}

/** Two documents' worth of triples with duplicates waiting to be merged ('RADIUS server' vs 'RADIUS', 'Remote Auth...' vs 'RADIUS'). */
export function seedReviewGraph(store: Store): SeedIds {
  return store.transaction(() => {
    const text = SEED_TEXT;
    const doc = store.documents.insert({
      title: 'RADIUS and IEC 61850 notes',
      sourcePath: '/tmp/radius-notes.txt',
      format: 'text',
      language: 'en',
      pages: [{ number: 1, start: 0, end: text.length }],
      contentHash: 'seed-review',
      text,
      originalText: text,
      chunks: [{ ordinal: 0, start: 0, end: text.length, page: 1, headingPath: ['Notes'], text, hash: 'seed-review-c0' }],
    });
    const chunk = store.documents.chunks(doc)[0].id;
    const g = store.graph;
    const n = (label: string, aliases: string[] = [], kind: 'entity' | 'event' = 'entity', type: string | null = null) =>
      g.upsertNode({ kind, label, aliases, type });
    const nodes = {
      radius: n('RADIUS', ['Remote Authentication Dial-In'], 'entity', 'protocol'),
      rauth: n('Remote Authentication Dial In User Service', ['RADIUS protocol']),
      eap: n('EAP', [], 'entity', 'protocol'),
      auth: n('authentication'),
      udp: n('UDP', [], 'entity', 'protocol'),
      server: n('RADIUS server'),
      creds: n('user credentials'),
      nas: n('NAS'),
      iec: n('IEC 61850', [], 'entity', 'standard'),
      goose: n('GOOSE'),
      trip: n('trip signals'),
      ieds: n('IEDs'),
    };
    const span = (needle: string) => {
      const start = text.indexOf(needle);
      if (start < 0) throw new Error(`seed: ${needle} not in text`);
      return { documentId: doc, chunkId: chunk, start, end: start + needle.length, quote: needle };
    };
    const e = (s: number, relation: string, o: number, evidence: string, confidence: number, stage: 'EE' | 'EV' | 'VV' = 'EE') => {
      const { id } = g.upsertEdge({ subjectId: s, relation, objectId: o, stage, engine: 'classic', confidence });
      g.addEdgeProvenance(id, span(evidence));
      return id;
    };
    const edges = {
      carries: e(nodes.radius, 'carries', nodes.auth, 'RADIUS carries authentication for network access.', 0.7),
      runsOver: e(nodes.eap, 'runs over', nodes.radius, 'EAP runs over RADIUS in most deployments.', 0.65),
      usesUdp: e(nodes.rauth, 'uses', nodes.udp, 'The Remote Authentication Dial In User Service protocol uses UDP.', 0.6),
      stores: e(nodes.server, 'stores', nodes.creds, 'A RADIUS server stores user credentials.', 0.55),
      forwards: e(nodes.nas, 'forwards requests to', nodes.server, 'The NAS forwards requests to the RADIUS server.', 0.5),
      // A duplicate-to-be: once 'RADIUS server' merges into 'RADIUS', this collapses with 'carries' above.
      serverCarries: e(nodes.server, 'carries', nodes.auth, 'A RADIUS server stores user credentials.', 0.4),
      defines: e(nodes.iec, 'defines', nodes.goose, 'IEC 61850 defines GOOSE messaging.', 0.8),
      carriesTrip: e(nodes.goose, 'carries', nodes.trip, 'GOOSE messages carry trip signals between IEDs.', 0.75),
      between: e(nodes.trip, 'sent between', nodes.ieds, 'GOOSE messages carry trip signals between IEDs.', 0.3),
    };
    g.addNodeProvenance(nodes.server, span('RADIUS server'));
    g.addNodeProvenance(nodes.radius, span('RADIUS'));
    store.db.prepare('INSERT INTO merge_candidates (a_id, b_id, score, reason) VALUES (?, ?, ?, ?)').run(nodes.radius, nodes.rauth, 0.91, 'acronym');
    store.db.prepare('INSERT INTO merge_candidates (a_id, b_id, score, reason) VALUES (?, ?, ?, ?)').run(nodes.radius, nodes.server, 0.85, 'head word');
    store.db.prepare('INSERT INTO merge_candidates (a_id, b_id, score, reason) VALUES (?, ?, ?, ?)').run(nodes.eap, nodes.server, 0.2, 'test');
    return { doc, chunk, nodes, edges };
  });
}

/** Every row of the tables the command layer edits, ordered: equal snapshots mean an exact restore. */
export function snapshotGraph(store: Store): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const t of ['nodes', 'edges', 'provenance', 'merge_candidates', 'concept_links']) {
    out[t] = store.db.prepare(`SELECT * FROM ${t} ORDER BY id`).all();
  }
  out.nodes_fts = store.db.prepare("SELECT rowid, label FROM nodes_fts WHERE nodes_fts MATCH 'radius' ORDER BY rowid").all();
  return out;
}
