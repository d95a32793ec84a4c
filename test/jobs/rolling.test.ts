// The rolling pool a job's model calls run in: N in flight at all times, each finished one
// committed at once (or in order, for a cursor checkpoint), no batch waiting for its slowest item.
import { describe, expect, it } from 'vitest';
import { runRolling } from '../../electron/core/jobs/rolling';

/** Items whose work finishes when the test says so. */
function controlled(n: number) {
  const gates = Array.from({ length: n }, () => {
    let open!: (v: string) => void;
    let fail!: (e: unknown) => void;
    const promise = new Promise<string>((resolve, reject) => ([open, fail] = [resolve, reject]));
    return { promise, open, fail };
  });
  const started: number[] = [];
  let running = 0;
  let maxRunning = 0;
  const work = async (i: number) => {
    started.push(i);
    running++;
    maxRunning = Math.max(maxRunning, running);
    try {
      return await gates[i].promise;
    } finally {
      running--;
    }
  };
  return {
    gates,
    started,
    work,
    get running() {
      return running;
    },
    get maxRunning() {
      return maxRunning;
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('runRolling', () => {
  it('keeps N in flight: a finished item is committed at once and the next one starts while the slow ones run', async () => {
    const c = controlled(6);
    const committed: number[] = [];
    const run = runRolling(
      [0, 1, 2, 3, 4, 5],
      { concurrency: 3 },
      (i) => c.work(i),
      (f) => committed.push(...f.map((x) => x.index)),
    );
    await tick();
    expect(c.started).toEqual([0, 1, 2]);
    c.gates[1].open('b'); // item 0, the slowest, still runs
    await tick();
    expect(committed).toEqual([1]);
    expect(c.started).toEqual([0, 1, 2, 3]);
    expect(c.running).toBe(3);
    c.gates[3].open('d');
    c.gates[2].open('c');
    await tick();
    expect(committed).toEqual([1, 3, 2]);
    expect(c.started).toEqual([0, 1, 2, 3, 4, 5]);
    for (const i of [0, 4, 5]) c.gates[i].open('x');
    await run;
    expect(committed.sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(c.maxRunning).toBe(3);
  });

  it('ordered: commits only the run of finished items from the start, while later items keep starting', async () => {
    const c = controlled(4);
    const commits: number[][] = [];
    const run = runRolling(
      [0, 1, 2, 3],
      { concurrency: 2, ordered: true },
      (i) => c.work(i),
      (f) => commits.push(f.map((x) => x.index)),
    );
    await tick();
    c.gates[1].open('b');
    await tick();
    expect(commits).toEqual([]); // item 0 is not done: 1 waits for it
    expect(c.started).toEqual([0, 1, 2]);
    c.gates[0].open('a');
    await tick();
    expect(commits).toEqual([[0, 1]]);
    c.gates[3].open('d');
    c.gates[2].open('c');
    await run;
    expect(commits).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('stops starting items after a failure, lets the running ones end, and throws the failure', async () => {
    const c = controlled(5);
    const committed: number[] = [];
    const run = runRolling(
      [0, 1, 2, 3, 4],
      { concurrency: 2 },
      (i) => c.work(i),
      (f) => committed.push(...f.map((x) => x.index)),
    );
    await tick();
    c.gates[0].fail(new Error('cancelled'));
    await tick();
    expect(c.started).toEqual([0, 1]);
    c.gates[1].open('b');
    await expect(run).rejects.toThrow('cancelled');
    expect(committed).toEqual([]); // nothing is committed after a failure
  });

  it('starts nothing new once its signal aborts', async () => {
    const c = controlled(3);
    const abort = new AbortController();
    const run = runRolling(
      [0, 1, 2],
      { concurrency: 1, signal: abort.signal },
      (i) => c.work(i),
      () => undefined,
    );
    await tick();
    abort.abort();
    c.gates[0].open('a');
    await run;
    expect(c.started).toEqual([0]);
  });
});
