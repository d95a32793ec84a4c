// Publish the graph to a named graph of a SPARQL 1.1 store, read a named graph back, and check
// that the two agree.
//
// Incremental by difference: the database keeps, per target, the exact set of triples the remote
// graph holds from us (publish_triples). A publish computes the local set (the Turtle export's
// mapping), sends what is missing remotely and deletes what is no longer local, in batches of
// DELETE DATA / INSERT DATA; each batch the store accepted is recorded in one transaction. A
// publish that fails or is cancelled half-way leaves the remote graph at its last complete batch
// (and the record saying so); the next publish computes the difference again and continues.
// Both operations are idempotent, so a batch that reached the store but not the record is harmless.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Quad } from 'n3';
import type { Db } from '../store/db';
import type { Store } from '../store';
import type { PublishProtocol, PublishRunRow, PublishTargetRow } from '../store/publish';
import type { ImportProgress, ImportTallies } from '../import';
import { importGraphOffThread } from '../import/import-thread';
import { PublishError, SparqlClient, type AuthKind } from './sparql';
import { canonicalKey, localTriples, parseTriples, tripleText, unskolemize, type PublishOptions } from './triples';
import type { PublishResult } from '../../../shared/contract/publish';

export { PublishError, SparqlClient } from './sparql';
export { localTriples, canonicalKey, type PublishOptions } from './triples';

export interface TargetSpec {
  endpoint: string;
  graph: string;
  auth?: AuthKind;
  username?: string | null;
  /** From the keychain or GRAPHWRIGHT_SPARQL_PASSWORD; never written to the database. */
  password?: string | null;
  /**
   * How loads go: SPARQL 1.1 Update (the default) or the Graph Store HTTP Protocol (a full load
   * by PUT then POST of N-Triples, pull by GET; removals always by SPARQL Update). Unset: the
   * target's recorded setting.
   */
  protocol?: PublishProtocol;
  /** The Graph Store URL (unset: the target's, else derived from the endpoint: see graphStoreUrl). */
  graphStore?: string | null;
}

interface PublishRunOptions {
  /** Triples per request (default 1000). */
  batchSize?: number;
  /** Forget what the target holds, clear the remote graph and load everything again. */
  full?: boolean;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, message: string) => void;
  /** Called after each recorded batch (1-based). */
  onBatch?: (batch: number, total: number) => void;
  /** Continue this run row (a resumed job) instead of starting a new one. */
  runId?: number;
  onRun?: (run: PublishRunRow) => void;
}

/** A publish run's result: the contract's type (shared/contract/publish.ts). */
export type { PublishResult };

const DEFAULT_BATCH = 1000;

export function clientFor(t: TargetSpec): SparqlClient {
  return new SparqlClient({ url: t.endpoint, auth: t.auth ?? (t.username ? 'digest' : 'none'), username: t.username ?? null, password: t.password ?? null });
}

/**
 * The Graph Store HTTP Protocol URL of a target: the one given, else derived for the layout this
 * is known for (Virtuoso: /sparql → /sparql-graph-crud, /sparql-auth → /sparql-graph-crud-auth).
 */
export function graphStoreUrl(endpoint: string, given?: string | null): string {
  if (given) {
    if (!/^https?:\/\/\S+$/i.test(given)) throw new PublishError(`the Graph Store URL must be an http(s) URL, got ${JSON.stringify(given)}`, given);
    return given;
  }
  const u = new URL(endpoint);
  const m = /\/sparql(-auth)?\/?$/.exec(u.pathname);
  if (!m)
    throw new PublishError(
      `the Graph Store HTTP Protocol needs its URL for ${endpoint} (--graph-store URL): it is derived only from a Virtuoso-style .../sparql endpoint`,
      endpoint,
    );
  u.pathname = u.pathname.slice(0, m.index) + `/sparql-graph-crud${m[1] ?? ''}`;
  u.search = '';
  return u.toString();
}

/** The Graph Store client of a target using that protocol (same login as the SPARQL endpoint). */
function graphStoreFor(t: TargetSpec, given?: string | null): SparqlClient {
  const url = graphStoreUrl(t.endpoint, given ?? t.graphStore);
  return new SparqlClient({
    url,
    kind: 'graph-store',
    auth: t.auth ?? (t.username ? 'digest' : 'none'),
    username: t.username ?? null,
    password: t.password ?? null,
  });
}

function checkGraphIri(graph: string): void {
  if (!/^[a-z][a-z0-9+.-]*:[^\s<>"{}|\\^`]*$/i.test(graph)) throw new PublishError(`--graph must be an absolute IRI, got ${JSON.stringify(graph)}`, '');
}

const dataBlock = (graph: string, lines: string[]) => `GRAPH <${graph}> {\n${lines.join(' .\n')} .\n}`;

/** The SPARQL Update of one batch: deletions, then insertions, into the named graph. */
function batchUpdate(graph: string, remove: string[], add: string[]): string {
  const parts: string[] = [];
  if (remove.length) parts.push(`DELETE DATA {\n${dataBlock(graph, remove)}\n}`);
  if (add.length) parts.push(`INSERT DATA {\n${dataBlock(graph, add)}\n}`);
  return parts.join(' ;\n');
}

const stoppedMessage = (t: TargetSpec, run: PublishRunRow, cause: string) =>
  `publish to graph <${t.graph}> at ${t.endpoint} stopped after batch ${run.batches} of ${run.totalBatches} (${run.pushed} triples pushed, ${run.removed} removed; the remote graph holds every complete batch): ${cause}. The next publish continues from there.`;

/**
 * Publish the selection into the target's named graph. `readDb` is what the graph is read from
 * (a snapshot connection for consistency; default the store's own); `store` keeps the publish state.
 */
export async function publish(
  store: Store,
  spec: TargetSpec,
  options: PublishOptions,
  run: PublishRunOptions = {},
  readDb: Db = store.db,
): Promise<PublishResult> {
  checkGraphIri(spec.graph);
  const client = clientFor(spec);
  const repo = store.publishing;
  const known = repo.findTarget(spec.endpoint, spec.graph);
  const protocol: PublishProtocol = spec.protocol ?? known?.protocol ?? 'update';
  const givenStore = spec.graphStore !== undefined ? spec.graphStore : (known?.graphStore ?? null);
  /** The Graph Store Protocol client, when the target loads by it. */
  const gsp = protocol === 'graph-store' ? graphStoreFor(spec, givenStore) : null;
  // Reach the remote store before anything is written locally: a wrong password or a dead endpoint changes nothing.
  await client.ask('ASK { }', run.signal);
  // The Graph Store too: a GET of a graph that does not exist (404) proves the URL and the login.
  if (gsp) await gsp.getGraph(`${spec.graph}#graphwright-probe`, run.signal);
  const target = repo.upsertTarget({
    endpoint: spec.endpoint,
    graph: spec.graph,
    auth: client.endpoint.auth,
    username: client.endpoint.username ?? null,
    options: { ...options },
    protocol,
    graphStore: givenStore,
  });
  // The first load (or a forced full one) replaces the remote graph: forget what it held first, so
  // a load stopped before the replacement starts over as a full one.
  const full = Boolean(run.full || !target.clearedAt);
  if (full) {
    repo.forget(target.id);
    if (!gsp) {
      await client.update(`CLEAR SILENT GRAPH <${spec.graph}>`, run.signal);
      repo.markCleared(target.id);
    }
  }
  // Graph Store: the first batch of a full load is a PUT (the graph becomes exactly it).
  let replace = full && gsp !== null;
  run.onProgress?.(0, 0, 'reading the local graph');
  const local = await localTriples(readDb, options, undefined, run.signal);
  const published = repo.published(target.id);
  const add: [string, string][] = [];
  const remove: [string, string][] = [];
  for (const [h, nt] of local) if (!published.has(h)) add.push([h, nt]);
  for (const [h, nt] of published) if (!local.has(h)) remove.push([h, nt]);
  const size = Math.max(1, run.batchSize ?? DEFAULT_BATCH);
  const total = Math.ceil((add.length + remove.length) / size);
  const existing = run.runId ? repo.getRun(run.runId) : null;
  let row = existing && existing.targetId === target.id && existing.state === 'running' ? existing : repo.startRun(target.id, add.length, remove.length, total);
  if (row === existing) repo.addBatches(row.id, total);
  row = repo.getRun(row.id)!;
  run.onRun?.(row);
  const firstBatch = row.batches;
  const work = [...remove.map((r) => ['-', ...r] as const), ...add.map((a) => ['+', ...a] as const)];
  try {
    if (replace && total === 0) {
      // A full load of nothing: the remote graph goes.
      await gsp!.deleteGraph(spec.graph, run.signal);
      repo.markCleared(target.id);
      replace = false;
    }
    for (let b = 0; b < total; b++) {
      if (run.signal?.aborted) throw new Error('cancelled');
      const slice = work.slice(b * size, (b + 1) * size);
      const rm = slice.filter((w) => w[0] === '-');
      const ad = slice.filter((w) => w[0] === '+');
      if (gsp && !rm.length) {
        // Graph Store: additions as one N-Triples body; the first of a full load replaces the graph.
        const body = ad.map((w) => `${w[2]} .\n`).join('');
        if (replace) await gsp.putGraph(spec.graph, body, run.signal);
        else await gsp.postGraph(spec.graph, body, run.signal);
      } else
        await client.update(
          batchUpdate(
            spec.graph,
            rm.map((w) => w[2]),
            ad.map((w) => w[2]),
          ),
          run.signal,
        );
      const cleared = replace;
      store.transaction(() => {
        repo.recordBatch(
          row.id,
          target.id,
          ad.map((w) => [w[1], w[2]]),
          rm.map((w) => w[1]),
        );
        if (cleared) repo.markCleared(target.id);
      });
      replace = false;
      run.onProgress?.(b + 1, total, `batch ${firstBatch + b + 1} of ${firstBatch + total}`);
      run.onBatch?.(b + 1, total);
    }
  } catch (err) {
    const cancelled = run.signal?.aborted ?? false;
    const done = repo.finishRun(row.id, cancelled ? 'cancelled' : 'failed', cancelled ? 'cancelled' : (err as Error).message);
    const message = stoppedMessage(spec, done, cancelled ? 'cancelled' : (err as Error).message);
    if (cancelled) throw Object.assign(new Error(message), { name: 'PublishCancelled', run: done });
    throw Object.assign(new PublishError(message, spec.endpoint, err instanceof PublishError ? err.status : undefined), { run: done });
  }
  const done = repo.finishRun(row.id, 'done');
  return {
    pushed: done.pushed,
    removed: done.removed,
    batches: done.batches,
    graph: spec.graph,
    endpoint: spec.endpoint,
    target: target.id,
    run: done.id,
    published: repo.publishedCount(target.id),
    unchanged: local.size - add.length,
    protocol,
  };
}

/**
 * Every triple of the remote named graph. Stores cap result rows and sorted offsets (Virtuoso:
 * 10000), so the read pages by subject: a sorted page of subjects after the last one seen (keyset,
 * no offset), then their triples by CONSTRUCT; the total is checked against the store's count.
 */
export async function remoteTriples(client: SparqlClient, graph: string, signal?: AbortSignal, subjectsPerPage = 200) {
  checkGraphIri(graph);
  const count = await remoteCount(client, graph, signal);
  const quads: Quad[] = [];
  let after: string | null = null;
  while (quads.length < count) {
    const filter: string = after === null ? '' : `FILTER (STR(?s) > ${JSON.stringify(after)})`;
    const rows = await client.select(
      `SELECT DISTINCT ?s WHERE { GRAPH <${graph}> { ?s ?p ?o } FILTER (isIRI(?s)) ${filter} } ORDER BY STR(?s) LIMIT ${subjectsPerPage}`,
      signal,
    );
    const subjects = rows.map((r) => r.s?.value).filter((x): x is string => typeof x === 'string');
    if (!subjects.length) break;
    after = subjects[subjects.length - 1];
    const { text, mediaType } = await client.construct(
      `CONSTRUCT { ?s ?p ?o } WHERE { VALUES ?s { ${subjects.map((x) => `<${x}>`).join(' ')} } GRAPH <${graph}> { ?s ?p ?o } }`,
      signal,
    );
    quads.push(...parseTriples(text, mediaType, client.url));
  }
  if (quads.length !== count)
    throw new PublishError(
      `SPARQL endpoint ${client.url} gave ${quads.length} triples of graph <${graph}>, which counts ${count}: the read was cut short (blank-node subjects, or a result-row limit)`,
      client.url,
    );
  return quads;
}

export async function remoteCount(client: SparqlClient, graph: string, signal?: AbortSignal): Promise<number> {
  const rows = await client.select(`SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${graph}> { ?s ?p ?o } }`, signal);
  return Number(rows[0]?.n?.value ?? 0);
}

export interface PullResult extends ImportTallies {
  graph: string;
  endpoint: string;
  triples: number;
  seconds: number;
  read: FetchedGraph['read'];
}

export interface FetchedGraph {
  quads: Quad[];
  /** How it was read: one Graph Store GET, or paged SPARQL (also when a capped GET came back short). */
  read: 'graph-store' | 'sparql';
}

/**
 * Read a remote named graph whole (nothing local is touched): by SPARQL (paged CONSTRUCTs) or, for
 * a Graph Store target, one GET checked against the store's own count. Stores cap that GET too
 * (Virtuoso: its ResultSetMaxRows, 10000 by default); a short GET falls back to the paged read.
 */
export async function fetchGraph(spec: TargetSpec, signal?: AbortSignal): Promise<FetchedGraph> {
  checkGraphIri(spec.graph);
  let quads: Quad[] | null = null;
  let read: FetchedGraph['read'] = 'sparql';
  if (spec.protocol === 'graph-store') {
    const store = graphStoreFor(spec);
    const got = await store.getGraph(spec.graph, signal);
    const fetched = got ? parseTriples(got.text, got.mediaType, store.url) : [];
    const count = fetched.length ? await remoteCount(clientFor(spec), spec.graph, signal) : 0;
    if (fetched.length === count) {
      quads = fetched;
      read = 'graph-store';
    }
  }
  quads ??= await remoteTriples(clientFor(spec), spec.graph, signal);
  if (!quads.length) throw new PublishError(`graph <${spec.graph}> at ${spec.endpoint} is empty (or does not exist): nothing to pull`, spec.endpoint);
  return { quads, read };
}

/**
 * Import fetched triples through the all-or-nothing N-Triples import (blank nodes restored), as
 * graph.import does: in a worker thread with its own connection, so the core's event loop keeps
 * answering; `onProgress` every IMPORT_PROGRESS_EVERY triples.
 */
export async function importFetched(
  store: Store,
  spec: TargetSpec,
  { quads, read }: FetchedGraph,
  options: { onProgress?: (p: ImportProgress) => void } = {},
): Promise<PullResult> {
  const t0 = performance.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-pull-'));
  const file = path.join(dir, 'graph.nt');
  try {
    fs.writeFileSync(file, quads.map((q) => `${tripleText(unskolemize(q.subject), q.predicate, unskolemize(q.object))} .\n`).join(''));
    // the import thread opens its own connection by the database's path (an in-memory database is imported in place)
    const r = await importGraphOffThread(store.db, 'nt', file, options);
    return { ...r, graph: spec.graph, endpoint: spec.endpoint, triples: quads.length, read, seconds: (performance.now() - t0) / 1000 };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Import a remote named graph: read it whole first, so an unreachable store changes nothing. */
export async function pull(
  store: Store,
  spec: TargetSpec,
  signal?: AbortSignal,
  options: { onProgress?: (p: ImportProgress) => void; onFetched?: (triples: number) => void } = {},
): Promise<PullResult> {
  const t0 = performance.now();
  const fetched = await fetchGraph(spec, signal);
  options.onFetched?.(fetched.quads.length);
  const r = await importFetched(store, spec, fetched, options);
  return { ...r, seconds: (performance.now() - t0) / 1000 };
}

interface CheckResult {
  graph: string;
  endpoint: string;
  local: number;
  remote: number;
  /** Triples the database records as published to this target. */
  published: number;
  /** Local triples not yet published, and published ones no longer local. */
  pending: { add: number; remove: number };
  sample: number;
  missing: string[];
  equal: boolean;
}

/** Compare the local graph with the remote one: counts, the pending difference and a sample of triples asked one by one. */
export async function check(store: Store, spec: TargetSpec, options: PublishOptions | null, sampleSize = 20, signal?: AbortSignal): Promise<CheckResult> {
  checkGraphIri(spec.graph);
  const client = clientFor(spec);
  const repo = store.publishing;
  const target: PublishTargetRow | null = repo.findTarget(spec.endpoint, spec.graph);
  const opts = options ?? ((target?.options ?? {}) as PublishOptions);
  const local = await localTriples(store.db, opts, undefined, signal);
  const remote = await remoteCount(client, spec.graph, signal);
  const published = target ? repo.published(target.id) : new Map<string, string>();
  let add = 0;
  for (const h of local.keys()) if (!published.has(h)) add++;
  let remove = 0;
  for (const h of published.keys()) if (!local.has(h)) remove++;
  const keys = [...local.keys()].sort();
  const step = Math.max(1, Math.floor(keys.length / Math.max(1, sampleSize)));
  const missing: string[] = [];
  let sample = 0;
  for (let i = 0; i < keys.length && sample < sampleSize; i += step, sample++) {
    const line = local.get(keys[i])!;
    if (!(await client.ask(`ASK { GRAPH <${spec.graph}> { ${line} } }`, signal))) missing.push(line);
  }
  return {
    graph: spec.graph,
    endpoint: spec.endpoint,
    local: local.size,
    remote,
    published: published.size,
    pending: { add, remove },
    sample,
    missing,
    equal: local.size === remote && !missing.length && add === 0 && remove === 0,
  };
}

/** Canonical keys of a list of quads (for comparing a remote graph with a local set). */
export function canonicalSet(quads: { subject: import('n3').Term; predicate: import('n3').Term; object: import('n3').Term }[]): Set<string> {
  return new Set(quads.map((q) => canonicalKey(q.subject, q.predicate, q.object)));
}
