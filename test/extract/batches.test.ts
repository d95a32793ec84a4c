// The classic job's batches: sized by what the batches so far cost per character of text (CPU of
// the job's thread), not by a count of chunks; the first ones before anything is measured.
import { describe, expect, it } from 'vitest';
import { BatchPlanner, threadCpuMs } from '../../electron/core/extract/batches';

const chunks = (...lengths: number[]) => lengths.map((n) => ({ text: 'x'.repeat(n) }));

describe('classic batch planner', () => {
  it('starts with the first size, doubling while too little is measured for a rate', () => {
    const p = new BatchPlanner(40, 8, 256);
    const list = chunks(...Array<number>(100).fill(100));
    expect(p.next(list, 0)).toBe(8);
    p.record(5, 800); // under two clock ticks: no rate yet
    expect(p.next(list, 8)).toBe(16);
    expect(p.next(list, 95)).toBe(5); // never past the end
  });

  it('then takes as many characters as the target CPU time allows at the measured rate', () => {
    const p = new BatchPlanner(40, 8, 256);
    p.record(80, 8000); // 0.01 ms per character
    expect(p.next(chunks(1000, 1000, 1000, 1000, 1000, 1000), 0)).toBe(4); // 40 ms: four chunks of 1,000
    expect(p.next(chunks(100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 3000, 100), 0)).toBe(11); // short ones, then the long one that reaches 40 ms
    expect(p.next(chunks(20_000, 10), 0)).toBe(1); // one chunk over the target: alone
    expect(p.next(chunks(...Array<number>(1000).fill(1)), 0)).toBe(256); // never more than the cap
  });

  it('weighs the latest batches most: a slow (cold) start does not keep the batches small', () => {
    const p = new BatchPlanner(40, 8, 256);
    p.record(100, 2000); // 0.05 ms per character, cold
    const list = chunks(...Array<number>(200).fill(100));
    const cold = p.next(list, 0);
    for (let i = 0; i < 10; i++) p.record(40, 4000); // then 0.01
    expect(p.next(list, 0)).toBeGreaterThan(cold);
  });

  it("reads this thread's CPU time", () => {
    const a = threadCpuMs();
    let x = 0;
    for (let i = 0; i < 3e7; i++) x += i % 7;
    expect(x).toBeGreaterThan(0);
    expect(threadCpuMs()).toBeGreaterThanOrEqual(a);
  });
});
