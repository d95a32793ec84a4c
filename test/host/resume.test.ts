import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tmpDir } from '../helpers/tmp';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const t = tmpDir();
const procs: ChildProcess[] = [];
afterAll(() => {
  for (const p of procs) if (p.exitCode === null) p.kill('SIGKILL');
  t.cleanup();
});

function launch(db: string, log: string, enqueue: boolean): Promise<{ proc: ChildProcess; url: URL }> {
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'test/fixtures/host-with-count-job.ts'), db, log, ...(enqueue ? ['--enqueue'] : [])],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  procs.push(proc);
  let out = '';
  return new Promise((resolve, reject) => {
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = out.match(/Open (\S+)/);
      if (m) resolve({ proc, url: new URL(m[1]) });
    });
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    proc.once('exit', (code) => reject(new Error(`host exited ${code}: ${out}`)));
  });
}

async function job(url: URL, id: number) {
  const res = await fetch(`${url.origin}/api/call/jobs.get`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-graphwright-token': url.searchParams.get('token')! },
    body: JSON.stringify({ id }),
  });
  return ((await res.json()) as { value: { state: string; progress: { done: number; total: number } } }).value;
}

describe('killing the host during a job', () => {
  it('resumes the job from its last checkpoint on the next start', async () => {
    const db = path.join(t.dir, 'kill.db');
    const log = path.join(t.dir, 'kill.log');
    const first = await launch(db, log, true);
    for (let i = 0; i < 200; i++) {
      const j = await job(first.url, 1);
      if (j.progress.done >= 8) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    first.proc.kill('SIGKILL');
    await new Promise((r) => first.proc.once('exit', r));
    const doneBeforeKill = fs.readFileSync(log, 'utf8').trim().split('\n').length;
    expect(doneBeforeKill).toBeGreaterThanOrEqual(8);
    expect(doneBeforeKill).toBeLessThan(40);

    const second = await launch(db, log, false);
    let final = await job(second.url, 1);
    for (let i = 0; i < 400 && final.state !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      final = await job(second.url, 1);
    }
    second.proc.kill('SIGTERM');
    expect(final.state).toBe('done');
    const steps = fs.readFileSync(log, 'utf8').trim().split('\n').map(Number);
    // Each step ran once, except at most the one in flight when the process died (its checkpoint was not saved yet).
    expect(new Set(steps).size).toBe(40);
    expect(steps.length - 40).toBeLessThanOrEqual(1);
  }, 60_000);
});
