// Typed jobs: params checked on enqueue, a cap on the starts a crash may interrupt, lanes that run
// side by side (a model download does not wait behind an extraction).
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { z } from 'zod';
import { Core } from '../../electron/core/core';
import { Store } from '../../electron/core/store';
import { JobRepository } from '../../electron/core/store/jobs';
import { defineJob, DEFAULT_MAX_ATTEMPTS } from '../../electron/core/jobs/runner';
import { ApiError } from '../../shared/errors';
import { countJob } from '../fixtures/count-job';
import { tmpDir } from '../helpers/tmp';
import { deadOwner } from '../helpers/owners';

const t = tmpDir();
afterAll(() => t.cleanup());

/** A work-lane job that runs until the test releases it. */
function gate() {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let started!: () => void;
  const running = new Promise<void>((r) => (started = r));
  const kind = defineJob<{ name: string }, null, { released: true }>({
    kind: 'test.gate',
    params: z.object({ name: z.string() }),
    title: (p) => `gate ${p.name}`,
    async run() {
      started();
      await released;
      return { released: true };
    },
  });
  return { kind, release, running };
}

const download = defineJob<{ n: number }, null, { n: number }>({
  kind: 'test.download',
  lane: 'download',
  params: z.object({ n: z.number().int() }),
  result: z.object({ n: z.number() }),
  title: (p) => `download ${p.n}`,
  run: async (ctx) => ({ n: ctx.params.n }),
});

describe('typed jobs', () => {
  it('checks params on enqueue: a bad payload is a bad_request naming the kind and the field, and no job row', async () => {
    const core = new Core({ dbPath: path.join(t.dir, 'p.db'), jobKinds: [download] });
    const before = core.jobs.list().length;
    let err: unknown;
    try {
      // @ts-expect-error n is a number; params that come as JSON are not typed, so the runner checks them again
      core.jobs.enqueue(download, { n: 'three' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('bad_request');
    expect((err as ApiError).message).toMatch(/job test\.download: bad params: n:/);
    // the real kinds carry their schemas too; a rule no type can say (at least one path) only at run time
    expect(() => core.jobs.enqueue('ingest', { paths: [] })).toThrow(/job ingest: bad params: paths/);
    // @ts-expect-error url is a string, and dest is missing
    expect(() => core.jobs.enqueue('models.download', { url: 42 })).toThrow(/job models\.download: bad params/);
    expect(core.jobs.list().length).toBe(before);
    // by definition as well as by name; the result is checked by its schema
    const job = core.jobs.enqueue(download, { n: 3 });
    expect((await core.jobs.wait(job.id)).result).toEqual({ n: 3 });
    await core.close();
  });

  it('a stored job whose params no longer fit its schema (an older version wrote it) fails with the reason instead of running', async () => {
    const file = path.join(t.dir, 'old-params.db');
    const store = Store.open(file);
    const old = new JobRepository(store.db).create('test.download', 'old', { n: 'three' });
    store.close();
    const core = new Core({ dbPath: file, jobKinds: [download] });
    const done = await core.jobs.wait(old.id);
    expect(done.state).toBe('failed');
    expect(done.error).toMatch(/job test\.download: bad params: n:/);
    await core.close();
  });

  it('runs a download-lane job while a work-lane job is still running', async () => {
    const g = gate();
    const core = new Core({ dbPath: path.join(t.dir, 'l.db'), jobKinds: [g.kind, download, countJob] });
    const blocker = core.jobs.enqueue(g.kind, { name: 'extraction' });
    await g.running;
    const dl = core.jobs.enqueue(download, { n: 7 });
    const done = await core.jobs.wait(dl.id);
    expect(done.state).toBe('done');
    expect(core.jobs.get(blocker.id).state).toBe('running');
    // a second work-lane job waits for the first (one at a time per lane)
    const queued = core.jobs.enqueue(countJob, { steps: 1, delayMs: 0, log: path.join(t.dir, 'l.log') });
    expect(core.jobs.get(queued.id).state).toBe('queued');
    g.release();
    expect((await core.jobs.wait(blocker.id)).state).toBe('done');
    expect((await core.jobs.wait(queued.id)).state).toBe('done');
    await core.close();
  });

  it('a job interrupted maxAttempts times fails with the reason instead of being requeued; resume tries again', async () => {
    const file = path.join(t.dir, 'a.db');
    const log = path.join(t.dir, 'a.log');
    // Processes that died while running two jobs: one started once, one DEFAULT_MAX_ATTEMPTS times.
    const store = Store.open(file);
    const repo = new JobRepository(store.db);
    const dead = deadOwner();
    const once = repo.create('test.count', 'once', { steps: 2, delayMs: 0, log });
    repo.claim(once.id, dead, null);
    const crashy = repo.create('test.count', 'crashy', { steps: 2, delayMs: 0, log });
    for (let i = 0; i < DEFAULT_MAX_ATTEMPTS; i++) {
      repo.claim(crashy.id, dead, i === 0 ? null : dead.runner);
      if (i < DEFAULT_MAX_ATTEMPTS - 1) repo.setState(crashy.id, 'queued');
    }
    expect(repo.get(crashy.id)).toMatchObject({ state: 'running', attempts: DEFAULT_MAX_ATTEMPTS });
    store.close();

    const core = new Core({ dbPath: file, jobKinds: [countJob] });
    expect((await core.jobs.wait(once.id)).state).toBe('done');
    const failed = core.jobs.get(crashy.id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/interrupted 3 times/);
    core.jobs.resume(crashy.id);
    expect((await core.jobs.wait(crashy.id)).state).toBe('done');
    await core.close();
  });
});
