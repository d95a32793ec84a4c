import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { countJob } from '../fixtures/count-job';
import { tmpDir } from '../helpers/tmp';
import { nextEvent } from '../helpers/events';
import type { JobInfo } from '../../shared/schemas';

const t = tmpDir();
afterAll(() => t.cleanup());

const steps = (log: string) => fs.readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map(Number);

describe('job runner', () => {
  it('runs a job to the end, persisting progress and emitting events', async () => {
    const core = new Core({ dbPath: path.join(t.dir, 'a.db'), jobKinds: [countJob] });
    const seen: JobInfo[] = [];
    core.bus.on('job.progress', (j) => seen.push(j));
    const log = path.join(t.dir, 'a.log');
    const job = core.jobs.enqueue(countJob, { steps: 5, delayMs: 1, log });
    const done = await core.jobs.wait(job.id);
    expect(done.state).toBe('done');
    expect(done.progress).toMatchObject({ done: 5, total: 5 });
    expect(done.result).toEqual({ counted: 5 });
    expect(steps(log)).toEqual([0, 1, 2, 3, 4]);
    expect(seen.map((j) => j.state)).toContain('running');
    expect(seen.at(-1)?.state).toBe('done');
    await core.close();
  });

  it('cancels a running job and resumes it from its checkpoint', async () => {
    const core = new Core({ dbPath: path.join(t.dir, 'b.db'), jobKinds: [countJob], progressIntervalMs: 0 });
    const log = path.join(t.dir, 'b.log');
    const job = core.jobs.enqueue(countJob, { steps: 30, delayMs: 10, log });
    await new Promise<void>((resolve) => {
      const off = core.bus.on('job.progress', (j) => {
        if (j.id === job.id && j.progress.done >= 5) {
          off();
          resolve();
        }
      });
    });
    core.jobs.cancel(job.id);
    const cancelled = await core.jobs.wait(job.id);
    expect(cancelled.state).toBe('cancelled');
    const before = steps(log).length;
    expect(before).toBeLessThan(30);
    core.jobs.resume(job.id);
    const done = await core.jobs.wait(job.id);
    expect(done.state).toBe('done');
    // Every step ran exactly once: the resumed run started at the checkpoint.
    expect(steps(log)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    await core.close();
  });

  it('records a failure with its message and can resume after it', async () => {
    const core = new Core({ dbPath: path.join(t.dir, 'c.db'), jobKinds: [countJob] });
    const log = path.join(t.dir, 'c.log');
    const job = core.jobs.enqueue(countJob, { steps: 4, delayMs: 1, log, failAt: 2 });
    const failed = await core.jobs.wait(job.id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toBe('step 2 failed on purpose');
    expect(steps(log)).toEqual([0, 1]);
    expect(() => core.jobs.resume(9999)).toThrow(/no job 9999/);
    await core.close();
  });

  it('requeues a job left running by a dead process and finishes it on the next start', async () => {
    const file = path.join(t.dir, 'd.db');
    const log = path.join(t.dir, 'd.log');
    const first = new Core({ dbPath: file, jobKinds: [countJob] });
    const saved = nextEvent(first.bus, 'job.progress', (j) => j.progress.done >= 1);
    const job = first.jobs.enqueue(countJob, { steps: 12, delayMs: 15, log });
    await saved; // its first checkpoint
    await first.close(); // the runner stops mid-job: the job stays resumable
    const mid = steps(log).length;
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(12);
    const second = new Core({ dbPath: file, jobKinds: [countJob] });
    const done = await second.jobs.wait(job.id);
    expect(done.state).toBe('done');
    expect(steps(log)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    await second.close();
  });

  it('rejects unknown job kinds with a typed error', async () => {
    const core = new Core({ dbPath: path.join(t.dir, 'e.db') });
    // @ts-expect-error not a job kind: a type error, and at run time (a name from JSON) an 'unsupported' ApiError
    expect(() => core.jobs.enqueue('nope', {})).toThrow(/unknown job kind: nope/);
    // a test's kind not registered on this core, passed by its definition
    expect(() => core.jobs.enqueue(countJob, { steps: 1, delayMs: 0, log: path.join(t.dir, 'e.log') })).toThrow(/unknown job kind: test\.count/);
    await core.close();
  });
});
