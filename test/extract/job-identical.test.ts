// The classic job's performance work leaves the same rows (issue 16):
//  - the extraction writer's batch (node lookups remembered, a chunk's edited triples read once, no
//    evidence lookup for what the batch created) answers every call as the writer does one query per
//    lookup: the job's calls on the kit's RFCs are recorded and replayed into a second database
//    without batches, for a first run and for a forced re-run after review work, and every answer and
//    row compared;
//  - the merge candidates equal a straightforward computation of the same rules (blocking on each
//    key's two rarest words and on acronym initials, every pair of keys scored in full with the
//    Dice and Jaro-Winkler scores of text/similarity).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../../electron/core/core';
import { prepareFile, storePrepared } from '../../electron/core/ingest/pipeline';
import { distinguishingDifference, proposeMergeCandidates, versionsOf } from '../../electron/core/extract/resolve';
import { foldText } from '../../electron/core/extract/sentences';
import { LITERAL_TYPES } from '../../electron/core/extract/types';
import { ExtractionGraphWriter, ExtractionRepository, type ResolvableNode } from '../../electron/core/store/extraction';
import type { NewEdge, NewNode, NewProvenance } from '../../electron/core/store/graph';
import { diceSimilarity, jaroWinkler } from '../../electron/core/text/similarity';
import { FUNCTION_WORDS } from '../../electron/core/nlp/stopwords';
import { data, tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-job-identical-');
afterAll(() => t.cleanup());

const RFCS = fs
  .readdirSync(data('rfc-radius-eap'))
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .map((f) => data('rfc-radius-eap', f));

async function coreWithRfcs(name: string): Promise<Core> {
  const core = new Core({ dbPath: path.join(t.dir, name), startJobs: false });
  for (const f of RFCS) expect(storePrepared(core.store, await prepareFile(f)).status).toBe('imported');
  return core;
}

async function runJob(core: Core, params: Record<string, unknown>): Promise<void> {
  const job = core.jobs.enqueue('extract', { engine: 'classic', ...params });
  core.jobs.start();
  const done = await core.jobs.wait(job.id);
  expect(done.error).toBeNull();
  expect(done.state).toBe('done');
}

type Call =
  | { batch: Call[] }
  | { upsertNode: NewNode; id: number }
  | { upsertEdge: NewEdge; out: { id: number; created: boolean } }
  | { addEdgeProvenance: [number, NewProvenance] }
  | { addNodeProvenance: [number, NewProvenance] }
  | { edited: [number, number, number]; out: boolean };

/** The job's writer, recording every call with its answer. */
class RecordingWriter extends ExtractionGraphWriter {
  calls: Call[] = [];
  private into = this.calls;
  override batch<T>(fn: () => T): T {
    const inner: Call[] = [];
    this.calls.push({ batch: inner });
    this.into = inner;
    try {
      return super.batch(fn);
    } finally {
      this.into = this.calls;
    }
  }
  override upsertNode(n: NewNode): number {
    const id = super.upsertNode(n);
    this.into.push({ upsertNode: structuredClone(n), id });
    return id;
  }
  override upsertEdge(e: NewEdge): { id: number; created: boolean } {
    const out = super.upsertEdge(e);
    this.into.push({ upsertEdge: structuredClone(e), out });
    return out;
  }
  override addEdgeProvenance(edgeId: number, p: NewProvenance): void {
    super.addEdgeProvenance(edgeId, p);
    this.into.push({ addEdgeProvenance: [edgeId, { ...p }] });
  }
  override addNodeProvenance(nodeId: number, p: NewProvenance): void {
    super.addNodeProvenance(nodeId, p);
    this.into.push({ addNodeProvenance: [nodeId, { ...p }] });
  }
  override editedEdgeFromChunk(subjectId: number, objectId: number, chunkId: number): boolean {
    const out = super.editedEdgeFromChunk(subjectId, objectId, chunkId);
    this.into.push({ edited: [subjectId, objectId, chunkId], out });
    return out;
  }
}

/** Replay recorded calls through a writer outside any batch (one query per lookup), each batch one transaction; the answers it gives. */
function replay(core: Core, calls: Call[]): unknown[] {
  const w = new ExtractionGraphWriter(core.store.db);
  const answers: unknown[] = [];
  const one = (c: Call) => {
    if ('upsertNode' in c) answers.push(w.upsertNode(c.upsertNode));
    else if ('upsertEdge' in c) answers.push(w.upsertEdge(c.upsertEdge));
    else if ('addEdgeProvenance' in c) w.addEdgeProvenance(...c.addEdgeProvenance);
    else if ('addNodeProvenance' in c) w.addNodeProvenance(...c.addNodeProvenance);
    else if ('edited' in c) answers.push(w.editedEdgeFromChunk(...c.edited));
  };
  for (const c of calls) {
    if ('batch' in c) core.store.transaction(() => c.batch.forEach(one));
    else one(c);
  }
  return answers;
}

const recordedAnswers = (calls: Call[]): unknown[] =>
  calls.flatMap((c) => ('batch' in c ? recordedAnswers(c.batch) : 'id' in c ? [c.id] : 'out' in c ? [c.out] : []));

function graphRows(core: Core) {
  const q = (sql: string) => core.store.db.prepare(sql).all();
  return {
    nodes: q('SELECT id, kind, label, norm, type, aliases, chunk_id, meta FROM nodes ORDER BY id'),
    edges: q('SELECT id, subject_id, relation, object_id, stage, status, confidence, engine, model, edited, meta FROM edges ORDER BY id'),
    provenance: q('SELECT * FROM provenance ORDER BY id'),
    fts: ['radius', 'server', 'eap', 'access request', 'key'].map((w) => q(`SELECT rowid FROM nodes_fts WHERE nodes_fts MATCH '${w}' ORDER BY rowid`)),
  };
}

/** Review work between runs: edited, accepted and rejected triples, evidence removed, aliases and types cleared. */
function reviewWork(core: Core): void {
  const db = core.store.db;
  // edited wording, and edited triples whose evidence was removed (a re-run finds them again and gives them evidence)
  db.exec(`UPDATE edges SET edited = 1, relation = relation || ' (edited)' WHERE id % 17 = 1;
    UPDATE edges SET edited = 1 WHERE id % 5 = 2;
    DELETE FROM provenance WHERE edge_id IN (SELECT id FROM edges WHERE id % 10 = 2);
    UPDATE edges SET status = 'accepted' WHERE id % 13 = 0;
    UPDATE edges SET status = 'rejected' WHERE id % 11 = 0;
    UPDATE edges SET confidence = 0.01 WHERE id % 7 = 0;
    DELETE FROM provenance WHERE id % 19 = 0;
    UPDATE nodes SET aliases = '[]' WHERE id % 23 = 0;
    UPDATE nodes SET type = NULL WHERE id % 29 = 0;`);
}

describe('the classic job on the kit RFCs', () => {
  let job: Core;
  let plain: Core;
  beforeAll(async () => {
    job = await coreWithRfcs('job.db');
    plain = await coreWithRfcs('plain.db');
  });
  afterAll(async () => {
    await job.close();
    await plain.close();
  });

  it('writes what one query per lookup writes: the same answers and rows, on a first run and forced re-runs after review work', async () => {
    const protectedCalls = (calls: Call[]): number => calls.reduce((n, c) => n + ('batch' in c ? protectedCalls(c.batch) : 'edited' in c && c.out ? 1 : 0), 0);
    let protectedSeen = 0;
    for (const run of [{}, { force: true }, { force: true, batchSize: 3 }]) {
      if ('force' in run) {
        // the re-runs meet edited triples with evidence in the chunks they read, and evidence removed
        reviewWork(job);
        reviewWork(plain);
      }
      const rec = new RecordingWriter(job.store.db);
      job.store.extractionGraphWriter = () => rec;
      await runJob(job, { ...run, mergeCandidates: false });
      expect(rec.calls.some((c) => 'batch' in c && c.batch.length > 0)).toBe(true);
      expect(replay(plain, rec.calls)).toEqual(recordedAnswers(rec.calls));
      expect(graphRows(plain)).toEqual(graphRows(job));
      protectedSeen += protectedCalls(rec.calls);
    }
    expect(protectedSeen).toBeGreaterThan(0);
  }, 120_000);

  it('proposes the merge candidates a straightforward computation of the rules gives', async () => {
    const repo = new ExtractionRepository(job.store.db);
    const g = job.store.graph;
    // look-alikes of every kind besides the RFCs' own: acronym and initials, aliases, versions, numbers, literals
    const extra = [
      g.upsertNode({ kind: 'entity', label: 'NAS' }),
      g.upsertNode({ kind: 'entity', label: 'network access server', aliases: ['Network-Access Server'] }),
      g.upsertNode({ kind: 'entity', label: 'Network Access Servers', aliases: ['network access server farm'] }),
      g.upsertNode({ kind: 'entity', label: 'IEEE 802.11', aliases: ['802.11'] }),
      g.upsertNode({ kind: 'entity', label: 'IEEE 802.11i' }),
      g.upsertNode({ kind: 'entity', label: 'Phase II protocol' }),
      g.upsertNode({ kind: 'entity', label: 'Phase III protocol' }),
      g.upsertNode({ kind: 'entity', label: 'authentification server' }),
      g.upsertNode({ kind: 'entity', label: 'Ünïcode  Séssion Kéy', aliases: ['unicode session key'] }),
      g.upsertNode({ kind: 'entity', label: 'Session-Timeout value', type: 'quantity' }),
    ];
    const docs = job.store.documents.list().map((d) => d.id);
    const inDocs = repo.nodeIdsInDocuments(docs);
    const firstDoc = repo.nodeIdsInDocuments(docs.slice(0, 1));
    // all nodes; the RFCs' nodes with the extras (one given twice); one document's nodes (their look-alikes elsewhere are no focus)
    for (const nodeIds of [undefined, [...inDocs, ...extra, extra[1], inDocs[0]], firstDoc]) {
      job.store.db.exec('DELETE FROM merge_candidates');
      const expected = referenceCandidates(repo.nodesForResolution(['entity']), nodeIds);
      const added = await proposeMergeCandidates(repo, { nodeIds });
      const rows = job.store.db.prepare('SELECT a_id AS aId, b_id AS bId, score, reason FROM merge_candidates ORDER BY id').all();
      expect(rows).toEqual(expected);
      expect(added).toBe(expected.length);
    }
    expect(referenceCandidates(repo.nodesForResolution(['entity']), undefined).length).toBeGreaterThan(50);
  }, 60_000);
});

// ---- the reference: the merge-candidate rules, written plainly

const wordsOf = (key: string) => key.split(/[^\p{L}\p{N}]+/u).filter((w) => w && !FUNCTION_WORDS.has(w));

interface RefNode {
  node: ResolvableNode;
  keys: string[];
  acronym: string | null;
  initials: string[];
  digits: string;
  versions: string;
}

function refNode(n: ResolvableNode): RefNode {
  const keys = [...new Set([n.label, ...n.aliases].map(foldText).filter(Boolean))];
  const acronym = /^[\p{Lu}\p{N}&/-]{2,10}$/u.test(n.label.trim()) && /\p{Lu}/u.test(n.label) ? n.label.trim().toLowerCase() : null;
  const initials = keys
    .filter((k) => k.split(/\s+/).length >= 2)
    .map((k) =>
      k
        .split(/[\s-]+/)
        .filter((w) => w && !FUNCTION_WORDS.has(w.toLowerCase()))
        .map((w) => w[0])
        .join('')
        .toLowerCase(),
    );
  return { node: n, keys, acronym, initials, digits: (n.label.match(/\d+(?:\.\d+)*/g) ?? []).join(' '), versions: versionsOf(n.label) };
}

function refScore(a: RefNode, b: RefNode, minScore: number): { score: number; reason: string } | null {
  if ((a.digits || b.digits) && a.digits !== b.digits) return null;
  if (a.keys.some((k) => b.keys.includes(k))) return { score: 0.97, reason: 'same alias' };
  if (a.versions !== b.versions) return null;
  if (a.acronym && b.initials.includes(a.acronym)) return { score: 0.88, reason: `acronym: ${a.node.label} = initials of ${b.node.label}` };
  if (b.acronym && a.initials.includes(b.acronym)) return { score: 0.88, reason: `acronym: ${b.node.label} = initials of ${a.node.label}` };
  const subset = (x: string[], y: string[]) => x.length < y.length && x.every((w) => y.includes(w));
  let best = 0;
  for (const ka of a.keys)
    for (const kb of b.keys) {
      if (Math.min(ka.length, kb.length) < 4 || Math.min(ka.length, kb.length) / Math.max(ka.length, kb.length) < 0.6) continue;
      const s = 0.5 * diceSimilarity(ka, kb) + 0.5 * jaroWinkler(ka, kb);
      if (s < minScore) continue;
      const ta = wordsOf(ka);
      const tb = wordsOf(kb);
      if (subset(ta, tb) || subset(tb, ta) || distinguishingDifference(ka, kb, a.versions, b.versions)) continue;
      best = Math.max(best, s);
    }
  return best >= minScore ? { score: Math.round(best * 1000) / 1000, reason: `similar label (${best.toFixed(2)})` } : null;
}

function referenceCandidates(nodes: ResolvableNode[], nodeIds: number[] | undefined) {
  const all = nodes.filter((n) => !LITERAL_TYPES.has(n.type ?? '')).map(refNode);
  const byId = new Map(all.map((k) => [k.node.id, k]));
  const focus = nodeIds ? nodeIds.flatMap((id) => byId.get(id) ?? []) : all;
  const index = new Map<string, number[]>();
  const add = (key: string, id: number) => index.set(key, [...(index.get(key) ?? []), id]);
  for (const k of all) {
    for (const w of new Set(k.keys.flatMap(wordsOf).filter((x) => x.length >= 2))) add(`t:${w}`, k.node.id);
    if (k.acronym) add(`i:${k.acronym}`, k.node.id);
    for (const x of k.initials) if (x.length >= 2) add(`i:${x}`, k.node.id);
  }
  const df = (key: string) => index.get(key)?.length ?? 0;
  const out: { aId: number; bId: number; score: number; reason: string }[] = [];
  const done = new Set<string>();
  for (const a of focus) {
    const blocks: string[] = [];
    for (const key of a.keys) {
      const rarest = [...new Set(wordsOf(key).filter((w) => w.length >= 2))].map((w) => `t:${w}`).sort((x, y) => df(x) - df(y));
      for (const b of rarest.slice(0, 2)) if (!blocks.includes(b)) blocks.push(b);
    }
    if (a.acronym) blocks.push(`i:${a.acronym}`);
    for (const x of a.initials) blocks.push(`i:${x}`);
    const cands = new Set<number>();
    for (const b of blocks) {
      const list = index.get(b);
      if (list && list.length <= 100) for (const id of list) if (id !== a.node.id) cands.add(id);
    }
    for (const id of cands) {
      const pair = `${Math.min(a.node.id, id)}:${Math.max(a.node.id, id)}`;
      if (done.has(pair)) continue;
      done.add(pair);
      const s = refScore(a, byId.get(id)!, 0.9);
      if (s) out.push({ aId: Math.min(a.node.id, id), bId: Math.max(a.node.id, id), ...s });
    }
  }
  return out;
}
