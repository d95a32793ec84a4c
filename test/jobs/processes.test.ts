// Many processes, one database (real processes, real SQLite): a job runs once, in the process that
// owns it. A serve started during a CLI extraction leaves it alone; three CLIs at once each run
// their own job; a CLI killed with -9 leaves its job interrupted, and the next CLI resumes it; a
// CLI ingest during serve's extraction runs only its own job and shows whose the extraction is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { cli } from '../helpers/cli';
import { data, tmpDir } from '../helpers/tmp';
import { Store } from '../../electron/core/store';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const t = tmpDir('gw-processes-');
const procs: ChildProcess[] = [];
let base: string;

beforeAll(() => {
  base = path.join(t.dir, 'base.db');
  const r = cli(['ingest', data('rfc-radius-eap'), '--db', base, '--json', '-q']);
  expect(r.code, r.stderr).toBe(0);
}, 300_000);
afterAll(() => {
  for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  t.cleanup();
});

/** A copy of the ingested database (closed cleanly: no -wal to copy). */
function copyBase(name: string): string {
  const db = path.join(t.dir, name);
  fs.copyFileSync(base, db);
  return db;
}

/** A CLI process whose output the test follows. */
function spawnCli(args: string[]) {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  procs.push(proc);
  let stdout = '';
  let stderr = '';
  const watchers: { re: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  proc.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
    for (const w of [...watchers]) {
      const m = stderr.match(w.re);
      if (m) {
        watchers.splice(watchers.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    proc,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    /** The first stderr match of `re` (waits for it; fails when the process exits first). */
    waitFor: (re: RegExp) =>
      new Promise<RegExpMatchArray>((resolve, reject) => {
        const m = stderr.match(re);
        if (m) return resolve(m);
        watchers.push({ re, resolve });
        void exited.then(() => reject(new Error(`exited before ${re}: ${stderr}`)));
      }),
  };
}

/** `graphwright serve` on a database, with its URL and token. */
async function startServe(db: string, extra: string[] = []) {
  const p = spawnCli(['serve', '--db', db, '--port', '0', ...extra]);
  const url = await new Promise<URL>((resolve, reject) => {
    const check = () => {
      const m = p.stdout().match(/Open (\S+)/);
      if (m) resolve(new URL(m[1]));
    };
    p.proc.stdout!.on('data', check);
    void p.exited.then(() => reject(new Error(`serve exited: ${p.stdout()}${p.stderr()}`)));
  });
  const post = (name: string, input: unknown) =>
    fetch(`${url.origin}/api/call/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-graphwright-token': url.searchParams.get('token')! },
      body: JSON.stringify(input),
    });
  const call = async (name: string, input: unknown) => {
    // a kept-alive socket the host closed while idle fails once (undici's "other side closed"): ask again
    const res = await post(name, input).catch(() => post(name, input));
    const body = (await res.json()) as { ok: boolean; value: any; error?: { message: string } }; // eslint-disable-line @typescript-eslint/no-explicit-any
    if (!body.ok) throw new Error(`${name}: ${body.error?.message}`);
    return body.value;
  };
  const stop = async () => {
    if (p.proc.exitCode === null) p.proc.kill('SIGTERM');
    await p.exited;
  };
  return { ...p, call, stop };
}

/** The job rows as stored (attempts included), read by a read-only connection. */
function storedJobs(db: string) {
  const s = Store.open(db, { readonly: true });
  try {
    return s.jobs.list(undefined, 50).map((j) => ({ id: j.id, kind: j.kind, state: j.state, attempts: j.attempts, result: j.result, owner: j.owner }));
  } finally {
    s.close();
  }
}

function edgeCount(db: string): number {
  const s = Store.open(db, { readonly: true });
  try {
    const st = s.status().triples;
    return st.proposed + st.accepted + st.rejected;
  } finally {
    s.close();
  }
}

type Summary = { job: number; triples: { EE: number; EV: number; VV: number }; chunks: number; processed: number; skipped: number };
const newTriples = (s: Summary) => s.triples.EE + s.triples.EV + s.triples.VV;

describe('jobs across processes', () => {
  it('a serve started during a CLI extraction leaves its job to it (even while the CLI is stopped); the CLI prints the summary of the one run', async () => {
    const db = copyBase('serve-during-cli.db');
    const extract = spawnCli(['extract', '--db', db, '--json']);
    await extract.waitFor(/extract: running [1-9]\d*\/\d+ chunks/);
    // the CLI stalls (SIGSTOP): no heartbeat, but its process is there, with its start time
    extract.proc.kill('SIGSTOP');
    const serve = await startServe(db);
    try {
      const job = (await serve.call('jobs.list', { limit: 5 })).find((j: { kind: string }) => j.kind === 'extract');
      expect(job).toMatchObject({ state: 'running', owner: { pid: extract.proc.pid, alive: true, here: false } });
      extract.proc.kill('SIGCONT');
      expect((await extract.exited).code, extract.stderr()).toBe(0);
      const summary = JSON.parse(extract.stdout()) as Summary;
      const row = storedJobs(db).find((j) => j.id === summary.job)!;
      expect(row).toMatchObject({ state: 'done', attempts: 1 });
      expect(row.result).toMatchObject({ triples: summary.triples, chunks: summary.chunks, processed: summary.processed });
      expect(edgeCount(db)).toBe(newTriples(summary)); // a fresh graph: every triple is the one run's
      expect(summary.processed).toBe(summary.chunks);
      expect(await serve.call('jobs.get', { id: summary.job })).toMatchObject({ state: 'done', owner: { pid: extract.proc.pid, alive: false } });
    } finally {
      await serve.stop();
    }
  }, 300_000);

  it('three CLIs at once (two ingests and an extraction) each run their own job, once', async () => {
    const db = copyBase('three.db');
    const a = path.join(t.dir, 'a.md');
    const b = path.join(t.dir, 'b.md');
    fs.writeFileSync(a, '# Breaker\n\nThe breaker interrupts the fault current when the relay trips.\n');
    fs.writeFileSync(b, '# Feeder\n\nThe feeder supplies the substation through a transformer.\n');
    const runs = [spawnCli(['ingest', a, '--db', db, '--json']), spawnCli(['ingest', b, '--db', db, '--json']), spawnCli(['extract', '--db', db, '--json'])];
    const exits = await Promise.all(runs.map((r) => r.exited));
    exits.forEach((e, i) => expect(e.code, runs[i].stderr()).toBe(0));
    const [ia, ib, ex] = runs.map((r) => JSON.parse(r.stdout()) as Record<string, unknown>);
    expect(ia.imported).toHaveLength(1);
    expect(ib.imported).toHaveLength(1);
    const rows = storedJobs(db);
    expect(rows.map((r) => r.kind).sort()).toEqual(['extract', 'ingest', 'ingest', 'ingest']); // the base's ingest and the two new ones
    for (const r of rows) expect(r, `job ${r.id}`).toMatchObject({ state: 'done', attempts: 1 });
    const summary = ex as unknown as Summary;
    expect(rows.find((r) => r.id === summary.job)!.result).toMatchObject({ triples: summary.triples });
    expect(edgeCount(db)).toBe(newTriples(summary));
  }, 300_000);

  it('a CLI killed with -9: its job shows as interrupted with its dead owner, and the next CLI resumes it from its checkpoint', async () => {
    const db = copyBase('killed.db');
    const first = spawnCli(['extract', '--db', db, '--json']);
    const [, done] = await first.waitFor(/extract: running ([1-9]\d*)\/\d+ chunks/);
    first.proc.kill('SIGKILL');
    await first.exited;
    const listed = cli(['jobs', '--db', db, '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const killed = (listed.json() as { id: number; kind: string; state: string; owner: unknown }[]).find((j) => j.kind === 'extract')!;
    expect(killed).toMatchObject({ state: 'interrupted', owner: { pid: first.proc.pid, alive: false, here: false } });
    expect(Number(done)).toBeGreaterThan(0);

    const next = cli(['extract', '--db', db, '--json']);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toMatch(new RegExp(`resumed job ${killed.id} \\(.*\\): done`));
    const rows = storedJobs(db);
    expect(rows.find((r) => r.id === killed.id)).toMatchObject({ state: 'done', attempts: 2 });
    const own = next.json() as Summary;
    expect(own.processed).toBe(0); // the resumed job read every chunk; this one found them done
    expect(rows.find((r) => r.id === own.job)).toMatchObject({ state: 'done', attempts: 1 });
  }, 300_000);

  it("a CLI ingest during serve's extraction runs only its own job and says whose the extraction is; the extraction runs once", async () => {
    // the extraction's model endpoint: a local server that holds its first answer until the ingest is done
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let asked!: () => void;
    const firstAsk = new Promise<void>((r) => (asked = r));
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        asked();
        void released.then(() => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: '{"entities":[],"triples":[]}' } }], usage: { completion_tokens: 1 } }));
        });
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const db = copyBase('serve-extracts.db');
    // a one-chunk document: its extraction asks the endpoint a few times once released
    const note = path.join(t.dir, 'note.md');
    fs.writeFileSync(note, '# Fuse\n\nThe fuse protects the cable from overload.\n');
    const added = cli(['ingest', note, '--db', db, '--json', '-q']);
    expect(added.code, added.stderr).toBe(0);
    const small = (added.json() as { imported: { id: number }[] }).imported[0];
    const serve = await startServe(db, ['--grant-endpoint', endpoint]);
    try {
      const job = await serve.call('extract.start', { engine: 'openai', endpoint, model: 'm', documents: [small.id] });
      await firstAsk; // serve's extraction is running, waiting on its model
      const doc = path.join(t.dir, 'c.md');
      fs.writeFileSync(doc, '# Relay\n\nThe relay opens the breaker on overcurrent.\n');
      const ingest = cli(['ingest', doc, '--db', db, '--json']);
      expect(ingest.code, ingest.stderr).toBe(0);
      expect(ingest.stderr).toMatch(new RegExp(`job ${job.id} \\(.*\\) is running in process ${serve.proc.pid} on .*; it is left to it`));
      const jobs = cli(['jobs', '--db', db, '--json']).json() as { id: number; state: string; owner: { pid: number; alive: boolean } | null }[];
      expect(jobs.find((j) => j.id === job.id)).toMatchObject({ state: 'running', owner: { pid: serve.proc.pid, alive: true } });
      release();
      let final = await serve.call('jobs.get', { id: job.id });
      for (let i = 0; i < 600 && (final.state === 'running' || final.state === 'queued'); i++) {
        await new Promise((r) => setTimeout(r, 200));
        final = await serve.call('jobs.get', { id: job.id });
      }
      expect(final.state).toBe('done');
      expect(storedJobs(db).find((r) => r.id === job.id)).toMatchObject({ state: 'done', attempts: 1 });
    } finally {
      release();
      await serve.stop();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  }, 300_000);
});
