// Jobs have an owner: the runner that queued or runs them. Two cores on one database (here in one
// process; test/jobs/processes.test.ts does it with real processes) never run a job twice; a job
// whose owner is gone is shown as interrupted and taken over by the next runner that starts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { Core } from '../../electron/core/core';
import { defineJob } from '../../electron/core/jobs/runner';
import { ownerStatus, thisProcess } from '../../electron/core/jobs/owner';
import { countJob } from '../fixtures/count-job';
import { tmpDir } from '../helpers/tmp';
import { deadOwner, remoteOwner } from '../helpers/owners';

const t = tmpDir();
beforeAll(() => vi.stubEnv('GRAPHWRIGHT_JOB_HEARTBEAT_MS', '100'));
afterAll(() => {
  vi.unstubAllEnvs();
  t.cleanup();
});

/** A job that runs until the test releases it, counting its starts. */
function gate() {
  const gates = new Map<string, { release: () => void; released: Promise<void> }>();
  const starts: string[] = [];
  const started: ((name: string) => void)[] = [];
  const kind = defineJob<{ name: string }, null, { name: string }>({
    kind: 'test.gate',
    params: z.object({ name: z.string() }),
    title: (p) => `gate ${p.name}`,
    async run(ctx) {
      starts.push(ctx.params.name);
      for (const s of started.splice(0)) s(ctx.params.name);
      const g = gates.get(ctx.params.name) ?? open(ctx.params.name);
      await Promise.race([g.released, new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('aborted'))))]);
      return { name: ctx.params.name };
    },
  });
  function open(name: string) {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const g = { release, released };
    gates.set(name, g);
    return g;
  }
  return {
    kind,
    starts,
    release: (name: string) => (gates.get(name) ?? open(name)).release(),
    nextStart: () => new Promise<string>((r) => started.push(r)),
  };
}

const core = (file: string, kinds: Parameters<typeof defineJob>[0][] = []) =>
  new Core({ dbPath: path.join(t.dir, file), jobKinds: [countJob, ...(kinds as never[])] });

describe('job owners', () => {
  it("a second core neither takes over nor reruns another live core's job; it shows its owner and waits for it", async () => {
    const g = gate();
    const a = core('two.db', [g.kind]);
    const job = a.jobs.enqueue(g.kind, { name: 'one' });
    await g.nextStart();
    const b = core('two.db', [g.kind]);
    const seen = b.jobs.get(job.id);
    expect(seen).toMatchObject({ state: 'running', owner: { pid: process.pid, alive: true, here: true } });
    const waited = b.jobs.wait(job.id);
    g.release('one');
    expect(await waited).toMatchObject({ state: 'done', result: { name: 'one' } });
    expect(g.starts).toEqual(['one']);
    await a.close();
    await b.close();
  });

  it('a job queued by another live core is left to it; once that core stops, the next one runs it', async () => {
    const g = gate();
    const a = core('queued.db', [g.kind]);
    const first = a.jobs.enqueue(g.kind, { name: 'first' });
    await g.nextStart();
    const second = a.jobs.enqueue(g.kind, { name: 'second' }); // queued behind the first, in a's lane
    const b = core('queued.db', [g.kind]);
    b.jobs.enqueue(countJob, { steps: 1, delayMs: 0, log: path.join(t.dir, 'queued.log') }); // b pumps its queue
    expect(b.jobs.get(second.id)).toMatchObject({ state: 'queued', owner: { alive: true } });
    await a.close(); // stops the first (queued again) and hands back both
    expect(b.jobs.get(first.id)).toMatchObject({ state: 'queued', owner: null });
    const c = core('queued.db', [g.kind]);
    g.release('first');
    g.release('second');
    expect((await c.jobs.wait(first.id)).state).toBe('done');
    expect((await c.jobs.wait(second.id)).state).toBe('done');
    await b.close();
    await c.close();
  });

  it('a job whose process died shows as interrupted with its owner, and the next core to start resumes it from its checkpoint', async () => {
    const log = path.join(t.dir, 'dead.log');
    const a = core('dead.db');
    await a.close();
    const b = new Core({ dbPath: path.join(t.dir, 'dead.db'), jobKinds: [countJob], startJobs: false });
    const job = b.store.jobs.create('test.count', 'Count to 3', { steps: 3, delayMs: 0, log });
    const dead = deadOwner();
    expect(b.store.jobs.claim(job.id, dead, null)).toBe(true);
    b.store.jobs.setCheckpoint(job.id, { next: 2 }, { done: 2, total: 3 });
    const listed = b.jobs.list();
    expect(listed[0]).toMatchObject({ id: job.id, state: 'interrupted', owner: { pid: dead.pid, alive: false, here: false } });
    expect(b.jobs.list(['interrupted']).map((j) => j.id)).toEqual([job.id]);
    expect(b.jobs.list(['running'])).toEqual([]);
    b.jobs.start();
    const done = await b.jobs.wait(job.id);
    expect(done).toMatchObject({ state: 'done', owner: { pid: process.pid, here: true } });
    expect(b.store.jobs.get(job.id)!.attempts).toBe(2);
    expect(fs.readFileSync(log, 'utf8')).toBe('2\n'); // from its checkpoint: only the last step
    await b.close();
  });

  it("another machine's job: left alone while its heartbeat is fresh, gone once it is older than a few beats", async () => {
    const c = new Core({ dbPath: path.join(t.dir, 'remote.db'), jobKinds: [countJob], startJobs: false });
    const job = c.store.jobs.create('test.count', 'Count to 1', { steps: 1, delayMs: 0, log: path.join(t.dir, 'remote.log') });
    const remote = remoteOwner();
    c.store.jobs.claim(job.id, remote, null);
    c.jobs.start();
    expect(c.jobs.get(job.id)).toMatchObject({ state: 'running', owner: { host: 'another-machine', alive: true, here: false } });
    await c.close();
    const owner = { ...remote, heartbeatAt: new Date(Date.parse('2030-01-01T00:00:00Z')).toISOString() };
    const opts = { runner: 'me', staleMs: 600 };
    expect(ownerStatus(owner, { ...opts, now: Date.parse('2030-01-01T00:00:00.500Z') })).toBe('alive');
    expect(ownerStatus(owner, { ...opts, now: Date.parse('2030-01-01T00:00:01Z') })).toBe('gone');
    // the same machine: the pid decides, whatever the heartbeat
    const me = thisProcess();
    expect(ownerStatus({ ...me, runner: 'a runner of a process that reused this pid', start: '0', heartbeatAt: null }, opts)).toBe('gone');
    expect(ownerStatus({ ...deadOwner(), heartbeatAt: new Date().toISOString() }, opts)).toBe('gone');
    expect(ownerStatus(null, opts)).toBe('gone');
  });

  it('cancel and resume across cores: a cancel reaches the owner at its next heartbeat; resuming a job another core runs is a conflict', async () => {
    const g = gate();
    const a = core('cancel.db', [g.kind]);
    const job = a.jobs.enqueue(g.kind, { name: 'long' });
    await g.nextStart();
    const b = core('cancel.db', [g.kind]);
    expect(() => b.jobs.resume(job.id)).toThrow(/job \d+ is running in process \d+ on .*; it is not run twice/);
    expect(b.jobs.cancel(job.id).state).toBe('running'); // asked; the owner cancels it
    expect((await b.jobs.wait(job.id)).state).toBe('cancelled');
    expect(b.jobs.resume(job.id)).toMatchObject({ state: 'queued', owner: { here: true } });
    g.release('long');
    expect((await b.jobs.wait(job.id)).state).toBe('done');
    expect(g.starts).toEqual(['long', 'long']);
    await a.close();
    await b.close();
  });

  it('a job waits while another core runs a job of its kind, then runs', async () => {
    const g = gate();
    const a = core('kind.db', [g.kind]);
    const first = a.jobs.enqueue(g.kind, { name: 'a' });
    await g.nextStart();
    const b = core('kind.db', [g.kind]);
    const second = b.jobs.enqueue(g.kind, { name: 'b' });
    const other = b.jobs.enqueue(countJob, { steps: 1, delayMs: 0, log: path.join(t.dir, 'kind.log') });
    expect((await b.jobs.wait(other.id)).state).toBe('done'); // another kind runs beside it
    expect(b.jobs.get(second.id).state).toBe('queued');
    const started = g.nextStart();
    g.release('a');
    expect(await started).toBe('b');
    g.release('b');
    expect((await b.jobs.wait(second.id)).state).toBe('done');
    expect((await a.jobs.wait(first.id)).state).toBe('done');
    expect(g.starts).toEqual(['a', 'b']);
    await a.close();
    await b.close();
  });
});
