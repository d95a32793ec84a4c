// The Graph Store HTTP Protocol against a real Virtuoso (test/helpers/virtuoso.ts): a full load by
// PUT then POST of N-Triples, incremental removals by SPARQL Update, pull by GET, digest auth on
// /sparql-graph-crud-auth. A forwarding recorder in front of the real server (every request goes
// to Virtuoso and back unchanged) shows which protocol each step used.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { Store } from '../../electron/core/store';
import { Core } from '../../electron/core/core';
import { setPublishSecretResolver } from '../../electron/core/api/publish';
import { unwrap } from '../../shared/dispatch';
import { ReviewCommands } from '../../electron/core/review/commands';
import { PublishRepository } from '../../electron/core/store/publish';
import { canonicalSet, check, clientFor, graphStoreUrl, localTriples, publish, remoteCount, remoteTriples } from '../../electron/core/publish';
import { parseTriples } from '../../electron/core/publish/triples';
import { cli as cliSync } from '../helpers/cli';
import { data, tmpDir } from '../helpers/tmp';
import { startVirtuoso, type Virtuoso } from '../helpers/virtuoso';
import { describe as describeGraph } from '../export/graph';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const t = tmpDir('gw-gsp-');

/** The real CLI in a child process, awaited (not spawnSync: the recorder below answers in this process). */
function cli(
  args: string[],
  opts: { env?: Record<string, string> } = {},
): Promise<{ code: number | null; stdout: string; stderr: string; json: () => ReturnType<typeof JSON.parse> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr, json: () => JSON.parse(stdout) }));
  });
}
const src = path.join(t.dir, 'src.db');
let v: Virtuoso;

interface Seen {
  method: string;
  path: string;
  /** 'update' or 'query' for a SPARQL Protocol form POST. */
  form?: string;
}

/** Forwards every request to the real Virtuoso, unchanged, and notes method and path. /query is /sparql under another name (a layout with no derivable Graph Store URL). */
async function recorder(target: string) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const url = new URL(req.url!, target);
        if (url.pathname === '/query') url.pathname = '/sparql';
        const form =
          req.method === 'POST' && /form-urlencoded/.test(req.headers['content-type'] ?? '') ? [...new URLSearchParams(body.toString()).keys()][0] : undefined;
        seen.push({ method: req.method!, path: url.pathname, form });
        const headers: Record<string, string> = {};
        for (const h of ['content-type', 'accept', 'authorization']) if (req.headers[h]) headers[h] = String(req.headers[h]);
        const r = await fetch(url, { method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body });
        const out: Record<string, string> = {};
        for (const h of ['content-type', 'www-authenticate']) {
          const x = r.headers.get(h);
          if (x) out[h] = x;
        }
        res.writeHead(r.status, out);
        res.end(Buffer.from(await r.arrayBuffer()));
      })().catch((err: Error) => {
        res.writeHead(502);
        res.end(err.message);
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    base,
    seen,
    take() {
      return seen.splice(0, seen.length);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
let rec: Awaited<ReturnType<typeof recorder>>;

async function localKeys(db: string, options = {}): Promise<Set<string>> {
  const s = Store.open(db, { readonly: true });
  try {
    const lines = [...(await localTriples(s.db, options)).values()].map((l) => `${l} .\n`).join('');
    return canonicalSet(parseTriples(lines, 'application/n-triples', 'local'));
  } finally {
    s.close();
  }
}
const remoteKeys = async (graph: string) => canonicalSet(await remoteTriples(clientFor({ endpoint: v.sparql, graph }), graph));
const methods = (seen: Seen[], p: string) => seen.filter((s) => s.path === p).map((s) => s.method);

describe('the Graph Store HTTP Protocol against a real Virtuoso', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    const started = startVirtuoso();
    const ing = cliSync(['ingest', data('rfc-radius-eap', 'rfc6613.txt'), '--db', src, '--json', '--quiet']);
    expect(ing.code, ing.stderr).toBe(0);
    const ex = cliSync(['extract', '--db', src, '--engine', 'classic', '--json']);
    expect(ex.code, ex.stderr).toBe(0);
    v = await started;
    rec = await recorder(`http://127.0.0.1:${v.httpPort}`);
  }, 240_000);
  afterAll(async () => {
    await rec?.close();
    await v?.stop();
    t.cleanup();
  });

  const GRAPH = 'https://example.org/graphs/gsp';

  it('derives the Graph Store URL of a Virtuoso-style endpoint, and says when it cannot', () => {
    expect(graphStoreUrl('http://h:8890/sparql')).toBe('http://h:8890/sparql-graph-crud');
    expect(graphStoreUrl('http://h:8890/sparql-auth')).toBe('http://h:8890/sparql-graph-crud-auth');
    expect(graphStoreUrl('http://h:8890/sparql', 'http://h:3030/ds/data')).toBe('http://h:3030/ds/data');
    expect(() => graphStoreUrl('http://h:3030/ds/query')).toThrow(/--graph-store URL/);
  });

  it('a full load goes by PUT then POST, an edit by SPARQL Update; the remote graph equals the local one each time', async () => {
    const endpoint = `${rec.base}/sparql`;
    // Something foreign in the graph beforehand: the PUT of the full load replaces it.
    await clientFor({ endpoint: v.sparql, graph: GRAPH }).update(
      `INSERT DATA { GRAPH <${GRAPH}> { <https://example.org/foreign> <https://example.org/p> "left over" } }`,
    );
    rec.take();
    const r = await cli(['publish', '--db', src, '--endpoint', endpoint, '--graph', GRAPH, '--protocol', 'graph-store', '--batch-size', '1000', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const local = await localKeys(src);
    expect(local.size).toBeGreaterThan(1000);
    const batches = Math.ceil(local.size / 1000);
    expect(r.json()).toMatchObject({ pushed: local.size, removed: 0, batches, graph: GRAPH, protocol: 'graph-store' });
    const seen = rec.take();
    // one probe GET, one PUT, then POSTs: no SPARQL Update at all
    expect(methods(seen, '/sparql-graph-crud')).toEqual(['GET', 'PUT', ...Array<string>(batches - 1).fill('POST')]);
    expect(seen.filter((s) => s.form === 'update')).toEqual([]);
    expect(await remoteKeys(GRAPH)).toEqual(local);

    // the target records its protocol: the next publish (no --protocol) uses it
    const s = Store.open(src);
    try {
      const target = new PublishRepository(s.db).findTarget(endpoint, GRAPH)!;
      expect(target).toMatchObject({ protocol: 'graph-store', graphStore: null });
      const rows = s.db.prepare(`SELECT id, status FROM edges WHERE status <> 'rejected' ORDER BY id LIMIT 3`).all() as { id: number; status: string }[];
      const review = new ReviewCommands(s);
      review.setStatus([rows[0].id], rows[0].status === 'accepted' ? 'rejected' : 'accepted');
      review.setStatus([rows[1].id], rows[1].status === 'accepted' ? 'rejected' : 'accepted');
      review.edit({ id: rows[2].id, confidence: 0.321 });
    } finally {
      s.close();
    }
    const again = await cli(['publish', '--db', src, '--endpoint', endpoint, '--graph', GRAPH, '--json']);
    expect(again.code, again.stderr).toBe(0);
    const out = again.json();
    expect(out.removed).toBeGreaterThan(0);
    expect(out.pushed + out.removed).toBeLessThan(20);
    const inc = rec.take();
    expect(inc.filter((x) => x.form === 'update')).toHaveLength(1); // one batch: removals and additions in one SPARQL Update
    expect(methods(inc, '/sparql-graph-crud')).toEqual(['GET']); // the probe only
    expect(await remoteKeys(GRAPH)).toEqual(await localKeys(src));

    // --full replaces the graph by PUT again
    await clientFor({ endpoint: v.sparql, graph: GRAPH }).update(
      `INSERT DATA { GRAPH <${GRAPH}> { <https://example.org/foreign> <https://example.org/p> "again" } }`,
    );
    const full = await cli(['publish', '--db', src, '--endpoint', endpoint, '--graph', GRAPH, '--full', '--json']);
    expect(full.code, full.stderr).toBe(0);
    expect(methods(rec.take(), '/sparql-graph-crud')[1]).toBe('PUT');
    expect(await remoteKeys(GRAPH)).toEqual(await localKeys(src));
    const c = await cli(['publish', '--check', '--db', src, '--endpoint', endpoint, '--graph', GRAPH, '--json']);
    expect(c.json()).toMatchObject({ equal: true });
  });

  it('pull by Graph Store GET gives the same database as pull by SPARQL; a GET the store capped falls back to the paged read', async () => {
    const small = 'https://example.org/graphs/gsp-small';
    const p = await cli(['publish', '--db', src, '--endpoint', v.sparql, '--graph', small, '--protocol', 'graph-store', '--accepted-only', '--json']);
    expect(p.code, p.stderr).toBe(0);
    const pairs: [string, string, number][] = [];
    for (const [graph, name, expected] of [
      [small, 'small', 0],
      [GRAPH, 'big', 0],
    ] as const) {
      const byGet = path.join(t.dir, `get-${name}.db`);
      const bySparql = path.join(t.dir, `sparql-${name}.db`);
      rec.take();
      const a = await cli(['pull', '--db', byGet, '--endpoint', `${rec.base}/sparql`, '--graph', graph, '--protocol', 'graph-store', '--json']);
      expect(a.code, a.stderr).toBe(expected);
      const seen = rec.take();
      expect(methods(seen, '/sparql-graph-crud')).toEqual(['GET']);
      const b = await cli(['pull', '--db', bySparql, '--endpoint', v.sparql, '--graph', graph, '--json']);
      expect(b.code, b.stderr).toBe(0);
      expect(a.json().triples).toBe(b.json().triples);
      expect(b.json().read).toBe('sparql');
      if (name === 'small') {
        // under the store's row cap: the GET is the read, checked by one COUNT
        expect(a.json().read).toBe('graph-store');
        expect(seen.filter((s) => s.form === 'query')).toHaveLength(1);
      } else {
        // Virtuoso caps the GET at its ResultSetMaxRows (10000): short, so read again by SPARQL
        expect(a.json().triples).toBeGreaterThan(10_001);
        expect(a.json().read).toBe('sparql');
      }
      pairs.push([byGet, bySparql, a.json().triples]);
    }
    for (const [x, y] of pairs) {
      const dx = Store.open(x, { readonly: true });
      const dy = Store.open(y, { readonly: true });
      try {
        expect(describeGraph(dx).edges.length).toBeGreaterThan(0);
        expect(describeGraph(dx)).toEqual(describeGraph(dy));
      } finally {
        dx.close();
        dy.close();
      }
    }
    // a graph that does not exist: a clear error
    const none = await cli([
      'pull',
      '--db',
      path.join(t.dir, 'none.db'),
      '--endpoint',
      v.sparql,
      '--graph',
      'https://example.org/graphs/none',
      '--protocol',
      'graph-store',
    ]);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/is empty \(or does not exist\)/);
  });

  it('a Graph Store load cancelled half-way resumes by POST; the remote graph ends equal to the local one', async () => {
    const graph = 'https://example.org/graphs/gsp-cancelled';
    const store = Store.open(src);
    try {
      const spec = { endpoint: v.sparql, graph, protocol: 'graph-store' as const };
      const controller = new AbortController();
      const err = await publish(store, spec, {}, { batchSize: 300, signal: controller.signal, onBatch: (b) => b === 2 && controller.abort() }).catch(
        (e) => e as Error,
      );
      expect((err as Error).message).toMatch(/stopped after batch 2 of \d+ \(600 triples pushed/);
      expect(await remoteCount(clientFor(spec), graph)).toBe(600);
      const target = new PublishRepository(store.db).findTarget(v.sparql, graph)!;
      expect(target.clearedAt).not.toBeNull(); // the PUT happened and was recorded with its batch
      const done = await publish(store, { endpoint: v.sparql, graph }, {}, { batchSize: 300 });
      expect(done.protocol).toBe('graph-store');
      expect(done.pushed).toBe((await localTriples(store.db, {})).size - 600);
      expect((await check(store, { endpoint: v.sparql, graph }, null)).equal).toBe(true);
    } finally {
      store.close();
    }
  });

  it('digest auth on /sparql-graph-crud-auth; a wrong password changes nothing; an underivable Graph Store URL is a clear error unless given', async () => {
    const graph = 'https://example.org/graphs/gsp-auth';
    const before = await cli(['publish', '--db', src, '--endpoint', v.sparqlAuth, '--graph', graph, '--user', 'dba', '--protocol', 'graph-store'], {
      env: { GRAPHWRIGHT_SPARQL_PASSWORD: 'wrong' },
    });
    expect(before.code).toBe(1);
    expect(before.stderr).toMatch(/wrong user name or password/);
    const s0 = Store.open(src, { readonly: true });
    expect(new PublishRepository(s0.db).findTarget(v.sparqlAuth, graph)).toBeNull();
    s0.close();
    rec.take();
    const ok = await cli(
      ['publish', '--db', src, '--endpoint', `${rec.base}/sparql-auth`, '--graph', graph, '--user', 'dba', '--protocol', 'graph-store', '--json'],
      { env: { GRAPHWRIGHT_SPARQL_PASSWORD: 'dba' } },
    );
    expect(ok.code, ok.stderr).toBe(0);
    expect(methods(rec.take(), '/sparql-graph-crud-auth')).toEqual(expect.arrayContaining(['PUT']));
    expect(await remoteKeys(graph)).toEqual(await localKeys(src));

    const odd = `${rec.base}/query`;
    const refused = await cli(['publish', '--db', src, '--endpoint', odd, '--graph', 'https://example.org/graphs/gsp-odd', '--protocol', 'graph-store']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--graph-store URL');
    const given = await cli([
      'publish',
      '--db',
      src,
      '--endpoint',
      odd,
      '--graph',
      'https://example.org/graphs/gsp-odd',
      '--graph-store',
      `${rec.base}/sparql-graph-crud`,
      '--json',
    ]);
    expect(given.code, given.stderr).toBe(0);
    expect(given.json()).toMatchObject({ protocol: 'graph-store' });
  });

  it('through the contract: publish.start with the protocol, publish.targets shows it, publish.pull uses the recorded one', async () => {
    const graph = 'https://example.org/graphs/gsp-job';
    // as a browser: the store is an endpoint the user granted (serve --grant-endpoint)
    const core = new Core({ dbPath: src, progressIntervalMs: 0, endpoints: [v.sparqlAuth] });
    setPublishSecretResolver(core, () => 'dba');
    try {
      const { job } = unwrap(
        'publish.start',
        await core.call('publish.start', { endpoint: v.sparqlAuth, graph, username: 'dba', protocol: 'graph-store', batchSize: 5000 }, 'renderer'),
      );
      const done = await core.jobs.wait(job.id);
      expect(done.state, done.error ?? '').toBe('done');
      const target = unwrap('publish.targets', await core.call('publish.targets', {})).find((x) => x.graph === graph)!;
      expect(target).toMatchObject({ protocol: 'graph-store', graphStore: null, lastRun: { state: 'done' } });
      expect(await remoteKeys(graph)).toEqual(await localKeys(src));
    } finally {
      await core.close();
    }
    const fresh = new Core({ dbPath: path.join(t.dir, 'contract-pull.db'), progressIntervalMs: 0 });
    try {
      const r = unwrap('publish.pull', await fresh.call('publish.pull', { endpoint: v.sparql, graph, protocol: 'graph-store' }));
      expect(r.triples).toBe((await localKeys(src)).size);
      expect(r.read).toBe('sparql'); // over the store's GET cap
    } finally {
      await fresh.close();
    }
  });
});
