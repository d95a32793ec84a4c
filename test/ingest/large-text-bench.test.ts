// `npm run bench -- large-text` reports, for a generated text ingested through the core (worker
// thread, SQLite) in a process of its own, the process's peak memory per byte of the file and the
// longest the core's event loop was held (issue 33: "a 200 MB text's peak memory and longest block
// reported by npm run bench"). The bench's figures are measured at 200 MB (docs/PERFORMANCE.md); this
// runs it on a small text and checks what it reports, never the figures themselves.
import { afterEach, describe, expect, it } from 'vitest';
import benchLargeText from '../../bench/large-text';

const saved = { mb: process.env.GRAPHWRIGHT_BENCH_LARGE_MB, runs: process.env.GRAPHWRIGHT_BENCH_LARGE_RUNS };
afterEach(() => {
  for (const [key, value] of [
    ['GRAPHWRIGHT_BENCH_LARGE_MB', saved.mb],
    ['GRAPHWRIGHT_BENCH_LARGE_RUNS', saved.runs],
  ] as const)
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
});

describe('the large-text bench', () => {
  it("reports each run's peak memory per byte of the file and the core's longest block", async () => {
    process.env.GRAPHWRIGHT_BENCH_LARGE_MB = '1';
    process.env.GRAPHWRIGHT_BENCH_LARGE_RUNS = '1';
    const lines: string[] = [];
    const rows = await benchLargeText({ log: (line) => lines.push(line) });
    expect(rows).toHaveLength(1);
    for (const r of rows) {
      expect(r.state).toBe('done');
      expect(r.megabytes).toBe(1);
      // the peak is the whole process's (Node, the core, the ingest thread): far more than a 1 MB file
      expect(r.peakMB).toBeGreaterThan(1);
      expect(r.peakRatio).toBeGreaterThan(1);
      expect(Number.isFinite(r.addedRatio)).toBe(true);
      for (const ms of [r.longestBlockMs, r.longestHoldMs, r.idleBlockMs, r.blockCpuMs, r.blockWaitMs]) {
        expect(Number.isFinite(ms)).toBe(true);
        expect(ms).toBeGreaterThanOrEqual(0);
      }
    }
    const text = lines.join('\n');
    expect(text).toContain('peak/file');
    expect(text).toContain('longest block ms');
  }, 300_000);
});
