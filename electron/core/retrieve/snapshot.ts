// An in-memory, typed-array copy of the graph for retrieval: vertices (entity, event, concept and
// passage nodes; chunks that carry evidence become passage vertices even without a passage node),
// edges with interned relations, CSR adjacency by direction for relation-path search, and an
// undirected weighted CSR for personalized PageRank (triples, concept links, passage links).
// Refreshed lazily: appended rows are loaded incrementally; edits and deletions rebuild it.
import type { GraphFingerprint, RetrievalRepository } from '../store/retrieval';
import { parseJson } from '../store/db';
import { normalizeLabel } from '../store/normalize';

export const KIND_CODES = { entity: 0, event: 1, concept: 2, passage: 3 } as const;
export const KIND_NAMES = ['entity', 'event', 'concept', 'passage'] as const;
export type KindName = (typeof KIND_NAMES)[number];

/** Weights of the PPR graph by link type. */
const W_TRIPLE_ACCEPTED = 1;
const W_TRIPLE_PROPOSED = 0.8;
const W_PASSAGE = 0.5;
const W_CONCEPT = 0.5;
/** A passage and the entity its document's title names. */
const W_TITLE = 1;

/** The names a document title gives its subject: the title, and without a trailing "(qualifier)". */
function titleNames(title: string): string[] {
  const full = normalizeLabel(title);
  if (!full) return [];
  const bare = normalizeLabel(title.replace(/\s*\([^()]*\)\s*$/, ''));
  return bare && bare !== full ? [full, bare] : [full];
}

class GrowInt32 {
  data: Int32Array;
  length = 0;
  constructor(cap = 1024) {
    this.data = new Int32Array(cap);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  view(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}

class GrowFloat32 {
  data: Float32Array;
  length = 0;
  constructor(cap = 1024) {
    this.data = new Float32Array(cap);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Float32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  view(): Float32Array {
    return this.data.subarray(0, this.length);
  }
}

interface Csr {
  ptr: Int32Array;
  /** Edge index (for the directed CSRs) or neighbour vertex (for the PPR CSR). */
  idx: Int32Array;
}

export interface PprCsr {
  ptr: Int32Array;
  nbr: Int32Array;
  /** Transition probabilities: row-normalised weights. */
  prob: Float32Array;
  /** Vertices with no links. */
  dangling: Uint8Array;
}

export class GraphSnapshot {
  /** Vertex -> node id (0 for a chunk without a passage node). */
  readonly nodeId = new GrowInt32();
  /** Vertex -> chunk id for passage vertices, else 0. */
  readonly chunkId = new GrowInt32();
  readonly kind = new GrowInt32();
  readonly labels: string[] = [];
  readonly aliases: string[][] = [];
  readonly vertexOfNode = new Map<number, number>();
  readonly vertexOfChunk = new Map<number, number>();

  readonly relations: string[] = [];
  readonly relationIndex = new Map<string, number>();
  /** Edge -> its relation's words as written, where a reader shows them (a passive written as its lemma: shared/relation-label.ts). */
  readonly wording = new Map<number, string>();
  /** Concept labels linked to each relation (concept_links with a relation). */
  readonly relationConcepts = new Map<number, string[]>();

  // Edges (triples), rejected ones left out.
  readonly src = new GrowInt32();
  readonly dst = new GrowInt32();
  readonly rel = new GrowInt32();
  readonly edgeId = new GrowInt32();
  readonly edgeWeight = new GrowFloat32();
  readonly edgeOfId = new Map<number, number>();

  // Extra PPR links: passage <-> node, concept <-> node.
  private readonly linkA = new GrowInt32();
  private readonly linkB = new GrowInt32();
  private readonly linkW = new GrowFloat32();
  /** Edge index -> the passage vertices holding its evidence (sparse). */
  readonly edgePassages = new Map<number, number[]>();
  /** Normalised label -> entity/event vertex; normalised title -> passage vertices (title links). */
  private readonly entityByName = new Map<string, number>();
  private readonly passagesByTitle = new Map<string, number[]>();

  private outCsr: Csr | null = null;
  private inCsr: Csr | null = null;
  private ppr: PprCsr | null = null;
  /** Bumped on every change, so dependent indexes (linking) know to refresh. */
  version = 0;
  fingerprint: GraphFingerprint | null = null;
  private lastCounter = '';

  constructor(private readonly repo: RetrievalRepository) {}

  get vertexCount(): number {
    return this.nodeId.length;
  }
  get edgeCount(): number {
    return this.src.length;
  }

  /** Bring the snapshot up to date with the database. Returns what happened. */
  refresh(force = false): 'unchanged' | 'appended' | 'rebuilt' {
    const counter = this.repo.changeCounter();
    if (!force && this.fingerprint && counter === this.lastCounter) return 'unchanged';
    this.lastCounter = counter;
    const fp = this.repo.fingerprint();
    const prev = this.fingerprint;
    if (!force && prev && sameFingerprint(prev, fp)) return 'unchanged';
    if (!force && prev && sameFingerprint(prev, this.repo.fingerprintUpTo(prev))) {
      this.load(prev);
      this.fingerprint = fp;
      this.version++;
      return 'appended';
    }
    this.reset();
    this.load(null);
    this.fingerprint = fp;
    this.version++;
    return 'rebuilt';
  }

  /** Something changed ('graph.changed'): the next refresh compares fingerprints (and loads appended rows). */
  markStale(): void {
    this.lastCounter = '';
  }

  /** Forget everything (the next refresh reloads all rows). */
  invalidate(): void {
    this.lastCounter = '';
    this.fingerprint = null;
  }

  private reset(): void {
    for (const a of [this.nodeId, this.chunkId, this.kind, this.src, this.dst, this.rel, this.edgeId, this.linkA, this.linkB]) a.length = 0;
    this.edgeWeight.length = 0;
    this.linkW.length = 0;
    this.labels.length = 0;
    this.aliases.length = 0;
    this.vertexOfNode.clear();
    this.vertexOfChunk.clear();
    this.relations.length = 0;
    this.relationIndex.clear();
    this.wording.clear();
    this.relationConcepts.clear();
    this.edgeOfId.clear();
    this.edgePassages.clear();
    this.entityByName.clear();
    this.passagesByTitle.clear();
  }

  private addVertex(nodeId: number, chunkId: number, kind: number, label: string, aliases: string[]): number {
    const v = this.nodeId.length;
    this.nodeId.push(nodeId);
    this.chunkId.push(chunkId);
    this.kind.push(kind);
    this.labels.push(label);
    this.aliases.push(aliases);
    if (nodeId) this.vertexOfNode.set(nodeId, v);
    if (chunkId) this.vertexOfChunk.set(chunkId, v);
    return v;
  }

  /** The passage vertex of a chunk, created on first use. */
  passageVertex(chunkId: number): number {
    const v = this.vertexOfChunk.get(chunkId);
    if (v !== undefined) return v;
    return this.addVertex(0, chunkId, KIND_CODES.passage, '', []);
  }

  relationId(name: string): number {
    let r = this.relationIndex.get(name);
    if (r === undefined) {
      r = this.relations.length;
      this.relations.push(name);
      this.relationIndex.set(name, r);
    }
    return r;
  }

  private load(prev: GraphFingerprint | null): void {
    // every chunk is a passage vertex, labelled with its document's title
    const titleLinks: [number, string][] = [];
    for (const [chunk, title] of this.repo.chunksAfter(prev?.chunkMax ?? 0)) {
      const v = this.passageVertex(chunk);
      if (this.nodeId.data[v] === 0) this.labels[v] = title;
      titleLinks.push([v, title]);
    }
    for (const [id, kind, label, aliases, chunk] of this.repo.nodesAfter(prev?.nodeMax ?? 0)) {
      const k = KIND_CODES[kind as KindName] ?? 0;
      if (k === KIND_CODES.passage && chunk) {
        const existing = this.vertexOfChunk.get(chunk);
        if (existing !== undefined && this.nodeId.data[existing] === 0) {
          // a chunk's passage vertex gets its node (and keeps the document title as its label)
          this.nodeId.data[existing] = id;
          this.vertexOfNode.set(id, existing);
          continue;
        }
      }
      const v = this.addVertex(id, k === KIND_CODES.passage ? (chunk ?? 0) : 0, k, label, parseJson<string[]>(aliases, []));
      if (k === KIND_CODES.entity || k === KIND_CODES.event) {
        // an entity named like a document's title is what that document is about
        const name = normalizeLabel(label);
        if (!this.entityByName.has(name)) {
          this.entityByName.set(name, v);
          for (const p of this.passagesByTitle.get(name) ?? []) this.link(p, v, W_TITLE);
        }
      }
    }
    for (const [v, title] of titleLinks) {
      for (const name of titleNames(title)) {
        const list = this.passagesByTitle.get(name) ?? [];
        list.push(v);
        this.passagesByTitle.set(name, list);
        const e = this.entityByName.get(name);
        if (e !== undefined) this.link(v, e, W_TITLE);
      }
    }
    for (const [id, sid, oid, relation, status, confidence, wording] of this.repo.edgesAfter(prev?.edgeMax ?? 0)) {
      if (status === 'rejected') continue;
      const s = this.vertexOfNode.get(sid);
      const o = this.vertexOfNode.get(oid);
      if (s === undefined || o === undefined) continue;
      const e = this.src.length;
      this.src.push(s);
      this.dst.push(o);
      this.rel.push(this.relationId(relation));
      this.edgeId.push(id);
      this.edgeWeight.push((status === 'accepted' ? W_TRIPLE_ACCEPTED : W_TRIPLE_PROPOSED) * (0.5 + 0.5 * Math.min(1, Math.max(0, confidence))));
      this.edgeOfId.set(id, e);
      if (wording) this.wording.set(e, wording);
    }
    for (const [, edgeId, nodeId, chunk] of this.repo.provenanceLinksAfter(prev?.provMax ?? 0)) {
      const p = this.passageVertex(chunk);
      if (edgeId != null) {
        const e = this.edgeOfId.get(edgeId);
        if (e === undefined) continue;
        const list = this.edgePassages.get(e) ?? [];
        if (list.includes(p)) continue;
        list.push(p);
        this.edgePassages.set(e, list);
        this.link(p, this.src.data[e], W_PASSAGE);
        if (this.dst.data[e] !== this.src.data[e]) this.link(p, this.dst.data[e], W_PASSAGE);
      } else if (nodeId != null) {
        const v = this.vertexOfNode.get(nodeId);
        if (v !== undefined) this.link(p, v, W_PASSAGE);
      }
    }
    for (const [, conceptId, nodeId, relation] of this.repo.conceptLinksAfter(prev?.conceptMax ?? 0)) {
      const c = this.vertexOfNode.get(conceptId);
      if (c === undefined) continue;
      if (nodeId != null) {
        const v = this.vertexOfNode.get(nodeId);
        if (v !== undefined) this.link(c, v, W_CONCEPT);
      } else if (relation != null) {
        const r = this.relationId(relation);
        const list = this.relationConcepts.get(r) ?? [];
        if (!list.includes(this.labels[c])) list.push(this.labels[c]);
        this.relationConcepts.set(r, list);
      }
    }
    this.outCsr = null;
    this.inCsr = null;
    this.ppr = null;
  }

  private link(a: number, b: number, w: number): void {
    this.linkA.push(a);
    this.linkB.push(b);
    this.linkW.push(w);
  }

  /** Outgoing edges by subject vertex: edges of v are idx[ptr[v] .. ptr[v+1]). */
  out(): Csr {
    if (!this.outCsr) this.outCsr = buildCsr(this.vertexCount, this.src.view());
    return this.outCsr;
  }

  /** Incoming edges by object vertex. */
  in(): Csr {
    if (!this.inCsr) this.inCsr = buildCsr(this.vertexCount, this.dst.view());
    return this.inCsr;
  }

  /** Undirected weighted adjacency with row-normalised transition probabilities. */
  pprGraph(): PprCsr {
    if (this.ppr) return this.ppr;
    const n = this.vertexCount;
    const m = this.edgeCount;
    const l = this.linkA.length;
    const deg = new Int32Array(n + 1);
    const src = this.src.data;
    const dst = this.dst.data;
    const la = this.linkA.data;
    const lb = this.linkB.data;
    for (let e = 0; e < m; e++) {
      if (src[e] === dst[e]) continue;
      deg[src[e]]++;
      deg[dst[e]]++;
    }
    for (let i = 0; i < l; i++) {
      if (la[i] === lb[i]) continue;
      deg[la[i]]++;
      deg[lb[i]]++;
    }
    const ptr = new Int32Array(n + 1);
    for (let v = 0; v < n; v++) ptr[v + 1] = ptr[v] + deg[v];
    const fill = ptr.slice(0, n);
    const nbr = new Int32Array(ptr[n]);
    const w = new Float32Array(ptr[n]);
    const put = (a: number, b: number, weight: number) => {
      const k = fill[a]++;
      nbr[k] = b;
      w[k] = weight;
    };
    const ew = this.edgeWeight.data;
    for (let e = 0; e < m; e++) {
      if (src[e] === dst[e]) continue;
      put(src[e], dst[e], ew[e]);
      put(dst[e], src[e], ew[e]);
    }
    const lw = this.linkW.data;
    for (let i = 0; i < l; i++) {
      if (la[i] === lb[i]) continue;
      put(la[i], lb[i], lw[i]);
      put(lb[i], la[i], lw[i]);
    }
    const dangling = new Uint8Array(n);
    for (let v = 0; v < n; v++) {
      let sum = 0;
      for (let k = ptr[v]; k < ptr[v + 1]; k++) sum += w[k];
      if (sum <= 0) {
        dangling[v] = 1;
        continue;
      }
      for (let k = ptr[v]; k < ptr[v + 1]; k++) w[k] /= sum;
    }
    this.ppr = { ptr, nbr, prob: w, dangling };
    return this.ppr;
  }

  /** How many passages a vertex is linked to (its evidence). */
  passageDegree(v: number): number {
    const g = this.pprGraph();
    let n = 0;
    for (let k = g.ptr[v]; k < g.ptr[v + 1]; k++) if (this.kind.data[g.nbr[k]] === KIND_CODES.passage) n++;
    return n;
  }

  /** Degree (in + out triples) of a vertex. */
  degree(v: number): number {
    const o = this.out();
    const i = this.in();
    return o.ptr[v + 1] - o.ptr[v] + i.ptr[v + 1] - i.ptr[v];
  }
}

function buildCsr(n: number, key: Int32Array): Csr {
  const ptr = new Int32Array(n + 1);
  for (let e = 0; e < key.length; e++) ptr[key[e] + 1]++;
  for (let v = 0; v < n; v++) ptr[v + 1] += ptr[v];
  const fill = ptr.slice(0, n);
  const idx = new Int32Array(key.length);
  for (let e = 0; e < key.length; e++) idx[fill[key[e]]++] = e;
  return { ptr, idx };
}

function sameFingerprint(a: GraphFingerprint, b: GraphFingerprint): boolean {
  return (
    a.nodeCount === b.nodeCount &&
    a.nodeMax === b.nodeMax &&
    a.nodeSum === b.nodeSum &&
    a.edgeCount === b.edgeCount &&
    a.edgeMax === b.edgeMax &&
    a.edgeUpdated === b.edgeUpdated &&
    a.provCount === b.provCount &&
    a.provMax === b.provMax &&
    a.conceptCount === b.conceptCount &&
    a.conceptMax === b.conceptMax &&
    a.chunkCount === b.chunkCount &&
    a.chunkMax === b.chunkMax
  );
}
