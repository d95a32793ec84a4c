// Publishing to, and pulling from, a real Virtuoso (test/helpers/virtuoso.ts): a kit RFC's graph
// from the real ingest and classic extraction, published through the CLI, edited through the
// review commands, cancelled and killed half-way, pulled back, and refused by a wrong password or a
// dead endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Store } from '../../electron/core/store';
import { Core } from '../../electron/core/core';
import { setPublishSecretResolver } from '../../electron/core/api/publish';
import { unwrap } from '../../shared/dispatch';
import { ReviewCommands } from '../../electron/core/review/commands';
import { PublishRepository } from '../../electron/core/store/publish';
import { canonicalSet, check, clientFor, localTriples, publish, remoteCount, remoteTriples } from '../../electron/core/publish';
import { parseTriples } from '../../electron/core/publish/triples';
import { runExport } from '../../electron/core/export';
import { importGraph } from '../../electron/core/import';
import { FileTarget } from '../../electron/core/export/out';
import { Iris } from '../../electron/core/export/vocab';
import { cli } from '../helpers/cli';
import { data, tmpDir } from '../helpers/tmp';
import { startVirtuoso, type Virtuoso } from '../helpers/virtuoso';
import { describe as describeGraph } from '../export/graph';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const t = tmpDir('gw-publish-');
const src = path.join(t.dir, 'src.db');
let v: Virtuoso;

/** The local selection as canonical keys (numbers by value), to compare with what the store holds. */
async function localKeys(db: string, options = {}): Promise<Set<string>> {
  const s = Store.open(db, { readonly: true });
  try {
    const lines = [...(await localTriples(s.db, options)).values()].map((l) => `${l} .\n`).join('');
    return canonicalSet(parseTriples(lines, 'application/n-triples', 'local'));
  } finally {
    s.close();
  }
}

async function remoteKeys(graph: string): Promise<Set<string>> {
  return canonicalSet(await remoteTriples(clientFor({ endpoint: v.sparql, graph }), graph));
}

const diff = (a: Set<string>, b: Set<string>) => [...a].filter((x) => !b.has(x));

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Everything a failed publish or pull must leave alone: the graph and the publish state. */
function localState(db: string) {
  const s = Store.open(db, { readonly: true });
  try {
    const q = (sql: string) => s.db.prepare(sql).all();
    return JSON.stringify([
      describeGraph(s),
      q('SELECT * FROM publish_targets'),
      q('SELECT COUNT(*) AS n FROM publish_triples'),
      q('SELECT * FROM publish_runs'),
    ]);
  } finally {
    s.close();
  }
}

describe('publish to a real Virtuoso', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    const started = startVirtuoso();
    const ing = cli(['ingest', data('rfc-radius-eap', 'rfc6613.txt'), '--db', src, '--json', '--quiet']);
    expect(ing.code, ing.stderr).toBe(0);
    const ex = cli(['extract', '--db', src, '--engine', 'classic', '--json']);
    expect(ex.code, ex.stderr).toBe(0);
    v = await started;
  }, 240_000);
  afterAll(async () => {
    await v?.stop();
    t.cleanup();
  });

  const GRAPH = 'https://example.org/graphs/rfc6613';

  it('a full publish puts every exported triple into the named graph', async () => {
    const r = cli(['publish', '--db', src, '--endpoint', v.sparql, '--graph', GRAPH, '--batch-size', '500', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = r.json();
    const local = await localKeys(src);
    expect(local.size).toBeGreaterThan(1000);
    expect(out).toMatchObject({ pushed: local.size, removed: 0, graph: GRAPH, batches: Math.ceil(local.size / 500) });
    // counted by the store itself
    const rows = await clientFor({ endpoint: v.sparql, graph: GRAPH }).select(`SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${GRAPH}> { ?s ?p ?o } }`);
    expect(Number(rows[0].n.value)).toBe(local.size);
    expect(await remoteKeys(GRAPH)).toEqual(local);
    // reified triples with PROV-O evidence went too
    const prov = await clientFor({ endpoint: v.sparql, graph: GRAPH }).select(
      `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${GRAPH}> { ?e a <http://www.w3.org/1999/02/22-rdf-syntax-ns#Statement> ; <http://www.w3.org/ns/prov#qualifiedDerivation> ?d . ?d <https://w3id.org/graphwright/ns#quote> ?q } }`,
    );
    expect(Number(prov[0].n.value)).toBeGreaterThan(0);
    const c = cli(['publish', '--check', '--db', src, '--endpoint', v.sparql, '--graph', GRAPH, '--json']);
    expect(c.code, c.stdout + c.stderr).toBe(0);
    expect(c.json()).toMatchObject({ local: local.size, remote: local.size, pending: { add: 0, remove: 0 }, missing: [], equal: true });
    // a second publish with nothing changed sends nothing
    const again = cli(['publish', '--db', src, '--endpoint', v.sparql, '--graph', GRAPH, '--json']);
    expect(again.json()).toMatchObject({ pushed: 0, removed: 0, batches: 0 });
  });

  it('the SPARQL for a cited triple selects it, with its evidence, in the published graph', async () => {
    const s = Store.open(src, { readonly: true });
    const row = s.db.prepare('SELECT e.id, e.status, p.quote FROM edges e JOIN provenance p ON p.edge_id = e.id ORDER BY e.id LIMIT 1').get() as {
      id: number;
      status: string;
      quote: string;
    };
    s.close();
    const r = cli(['publish', '--db', src, '--sparql-for', String(row.id), '--graph', GRAPH, '--endpoint', v.sparql, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = r.json() as { sparql: string; rows: Record<string, { value: string }>[] };
    expect(out.sparql).toContain(`GRAPH <${GRAPH}>`);
    expect(out.rows.length).toBeGreaterThan(0);
    expect(out.rows[0].status.value).toBe(row.status);
    expect(out.rows.map((x) => x.quote?.value)).toContain(row.quote);
    const missing = cli(['publish', '--db', src, '--sparql-for', '999999', '--graph', GRAPH]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no triple 999999');
  });

  it('three triples edited through the review commands: only those three change remotely', async () => {
    const before = await remoteKeys(GRAPH);
    const store = Store.open(src);
    let edited: { s: string; r: string; o: string; kind: [string, string] }[];
    try {
      const rows = store.db
        .prepare(
          `SELECT e.id, e.relation AS r, a.label AS s, a.kind AS sk, b.label AS o, b.kind AS ok, e.status FROM edges e JOIN nodes a ON a.id = e.subject_id JOIN nodes b ON b.id = e.object_id
           WHERE e.status <> 'rejected' ORDER BY e.id LIMIT 3`,
        )
        .all() as { id: number; r: string; s: string; sk: string; o: string; ok: string; status: string }[];
      expect(rows).toHaveLength(3);
      const review = new ReviewCommands(store);
      // one accepted, one rejected, one confidence change: three kinds of edit
      review.setStatus([rows[0].id], rows[0].status === 'accepted' ? 'rejected' : 'accepted');
      review.setStatus([rows[1].id], rows[1].status === 'accepted' ? 'rejected' : 'accepted');
      review.edit({ id: rows[2].id, confidence: 0.123 });
      edited = rows.map((x) => ({ s: x.s, r: x.r, o: x.o, kind: [x.sk, x.ok] }));
    } finally {
      store.close();
    }
    const r = cli(['publish', '--db', src, '--endpoint', v.sparql, '--graph', GRAPH, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = r.json();
    expect(out.pushed).toBeGreaterThan(0);
    expect(out.pushed + out.removed).toBeLessThan(20);
    const after = await remoteKeys(GRAPH);
    expect(after).toEqual(await localKeys(src));
    // every remote change is a statement of the three edited triples or its asserted triple
    const iris = new Iris();
    const edges = edited.map((e) => {
      const s = iris.node(e.kind[0], e.s);
      const rel = iris.relation(e.r);
      const o = iris.node(e.kind[1], e.o);
      return { id: iris.edge(s, rel, o), asserted: `<${s}> <${rel}> <${o}>` };
    });
    const changed = [...diff(before, after), ...diff(after, before)];
    expect(changed.length).toBe(out.pushed + out.removed);
    for (const line of changed)
      expect(
        edges.some((e) => line.startsWith(`<${e.id}> `) || line === e.asserted),
        line,
      ).toBe(true);
    for (const e of edges)
      expect(
        changed.some((l) => l.startsWith(`<${e.id}> `)),
        e.id,
      ).toBe(true);
  });

  it('a publish cancelled half-way leaves the remote graph at its last complete batch; the next one continues', async () => {
    const graph = 'https://example.org/graphs/cancelled';
    const store = Store.open(src);
    try {
      const controller = new AbortController();
      const err = await publish(
        store,
        { endpoint: v.sparql, graph },
        {},
        { batchSize: 300, signal: controller.signal, onBatch: (b) => b === 2 && controller.abort() },
      ).catch((e) => e as Error);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toMatch(new RegExp(`stopped after batch 2 of \\d+ \\(600 triples pushed.*The next publish continues`));
      const client = clientFor({ endpoint: v.sparql, graph });
      expect(await remoteCount(client, graph)).toBe(600);
      const repo = new PublishRepository(store.db);
      const target = repo.findTarget(v.sparql, graph)!;
      expect(repo.publishedCount(target.id)).toBe(600);
      expect(repo.lastRun(target.id)).toMatchObject({ state: 'cancelled', batches: 2, pushed: 600 });
      const done = await publish(store, { endpoint: v.sparql, graph }, {}, { batchSize: 300 });
      const local = await localTriples(store.db, {});
      expect(done.pushed).toBe(local.size - 600);
      expect((await check(store, { endpoint: v.sparql, graph }, null)).equal).toBe(true);
    } finally {
      store.close();
    }
  });

  it('through the contract: publish.start as a job (progress, cancel, resume), publish.targets, publish.check; the password from the resolver', async () => {
    const graph = 'https://example.org/graphs/job';
    // as a browser: the store is an endpoint the user granted (serve --grant-endpoint)
    const core = new Core({ dbPath: src, progressIntervalMs: 0, endpoints: [v.sparqlAuth] });
    const asked: (string | null)[] = [];
    setPublishSecretResolver(core, (t) => (asked.push(t.username), 'dba'));
    try {
      const { job } = unwrap('publish.start', await core.call('publish.start', { endpoint: v.sparqlAuth, graph, username: 'dba', batchSize: 200 }, 'renderer'));
      expect(job.title).toContain(graph);
      await new Promise<void>((resolve) => {
        const off = core.bus.on('job.progress', (j) => {
          if (j.id === job.id && j.state === 'running' && j.progress.done >= 2 && /batch/.test(j.progress.message ?? '')) {
            off();
            core.jobs.cancel(job.id);
            resolve();
          }
        });
      });
      const cancelled = await core.jobs.wait(job.id);
      expect(cancelled.state).toBe('cancelled');
      const targets = unwrap('publish.targets', await core.call('publish.targets', {}));
      const target = targets.find((x) => x.graph === graph)!;
      expect(target).toMatchObject({ endpoint: v.sparqlAuth, auth: 'digest', username: 'dba', lastRun: { state: 'cancelled' } });
      const held = target.published;
      expect(held % 200).toBe(0);
      expect(held).toBeGreaterThanOrEqual(400);
      expect(await remoteCount(clientFor({ endpoint: v.sparql, graph }), graph)).toBe(held);
      const pending = unwrap('publish.check', await core.call('publish.check', { endpoint: v.sparqlAuth, graph, username: 'dba' }));
      expect(pending).toMatchObject({ remote: held, published: held, equal: false });
      expect(pending.pending.add).toBe(pending.local - held);
      core.jobs.resume(job.id);
      const done = await core.jobs.wait(job.id);
      expect(done.state, done.error ?? '').toBe('done');
      const local = await localKeys(src);
      expect((done.result as { pushed: number }).pushed).toBe(local.size - held);
      expect(await remoteKeys(graph)).toEqual(local);
      expect(unwrap('publish.check', await core.call('publish.check', { endpoint: v.sparqlAuth, graph, username: 'dba' })).equal).toBe(true);
      expect(asked.length).toBeGreaterThanOrEqual(3);
      expect(asked.every((u) => u === 'dba')).toBe(true);
      // a dead endpoint through the contract: a 'failed' error naming it
      const dead = `http://127.0.0.1:${await closedPort()}/sparql`;
      const r = await core.call('publish.pull', { endpoint: dead, graph });
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error).toMatchObject({ code: 'failed', message: expect.stringContaining(dead) });
    } finally {
      await core.close();
    }
  });

  it('a publish killed mid-way resumes: the remote graph ends equal to the local one', async () => {
    const graph = 'https://example.org/graphs/killed';
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(ROOT, 'electron/cli.ts'),
        'publish',
        '--db',
        src,
        '--endpoint',
        v.sparql,
        '--graph',
        graph,
        '--batch-size',
        '100',
        '--json',
      ],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let err = '';
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (b: Buffer) => {
        err += b.toString();
        if (/batch 3 of/.test(err)) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.once('exit', () => reject(new Error(`publish ended before it was killed: ${err}`)));
    });
    await new Promise((r) => child.once('exit', r));
    const local = await localKeys(src);
    const client = clientFor({ endpoint: v.sparql, graph });
    const partial = await remoteCount(client, graph);
    expect(partial).toBeGreaterThanOrEqual(300);
    expect(partial).toBeLessThan(local.size);
    const r = cli(['publish', '--db', src, '--endpoint', v.sparql, '--graph', graph, '--batch-size', '1000', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().pushed).toBeLessThanOrEqual(local.size - 300);
    expect(await remoteKeys(graph)).toEqual(local);
  });

  it('pull into a fresh database equals the Turtle export round trip', async () => {
    const pulled = path.join(t.dir, 'pulled.db');
    const r = cli(['pull', '--db', pulled, '--endpoint', v.sparql, '--graph', GRAPH, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().triples).toBe((await localKeys(src)).size);
    const ttl = path.join(t.dir, 'rt.ttl');
    const s = Store.open(src, { readonly: true });
    const rt = Store.open(path.join(t.dir, 'roundtrip.db'));
    const p = Store.open(pulled, { readonly: true });
    try {
      await runExport(s.db, 'ttl', {}, new FileTarget(ttl, false));
      await importGraph(rt.db, 'ttl', ttl);
      const want = describeGraph(rt);
      expect(want.edges.length).toBeGreaterThan(100);
      expect(describeGraph(p)).toEqual(want);
    } finally {
      s.close();
      rt.close();
      p.close();
    }
  });

  it('a wrong password or an unreachable endpoint is a clear error naming the endpoint, and changes nothing locally', async () => {
    const before = localState(src);
    const wrong = cli(['publish', '--db', src, '--endpoint', v.sparqlAuth, '--graph', GRAPH, '--user', 'dba'], {
      env: { GRAPHWRIGHT_SPARQL_PASSWORD: 'not-the-password' },
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(v.sparqlAuth);
    expect(wrong.stderr).toMatch(/wrong user name or password/);
    const dead = `http://127.0.0.1:${await closedPort()}/sparql`;
    const unreachable = cli(['publish', '--db', src, '--endpoint', dead, '--graph', GRAPH]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(new RegExp(`cannot reach SPARQL endpoint ${dead.replace(/[.]/g, '\\.')}`));
    expect(localState(src)).toBe(before);
    const fresh = path.join(t.dir, 'never.db');
    const pull = cli(['pull', '--db', fresh, '--endpoint', dead, '--graph', GRAPH]);
    expect(pull.code).toBe(1);
    expect(pull.stderr).toContain(dead);
    expect(fs.existsSync(fresh)).toBe(false);
    const noPass = cli(['publish', '--db', src, '--endpoint', v.sparqlAuth, '--graph', GRAPH, '--user', 'dba'], { env: { GRAPHWRIGHT_SPARQL_PASSWORD: '' } });
    expect(noPass.code).not.toBe(0);
    expect(localState(src)).toBe(before);
  });

  it('digest auth with the right password publishes (accepted triples only) through the authenticated endpoint', async () => {
    const graph = 'https://example.org/graphs/accepted';
    const r = cli(['publish', '--db', src, '--endpoint', v.sparqlAuth, '--graph', graph, '--user', 'dba', '--accepted-only', '--json'], {
      env: { GRAPHWRIGHT_SPARQL_PASSWORD: 'dba' },
    });
    expect(r.code, r.stderr).toBe(0);
    const local = await localKeys(src, { acceptedOnly: true });
    expect(r.json().pushed).toBe(local.size);
    expect(await remoteKeys(graph)).toEqual(local);
    // rejected/proposed statements stayed home
    const statuses = [...local].filter((l) => l.includes('<https://w3id.org/graphwright/ns#status>'));
    expect(statuses.length).toBeGreaterThan(0); // the triples the edit test accepted
    expect(statuses.every((l) => l.endsWith('"accepted"'))).toBe(true);
  });
});
