// A big corpus ingest leaves the event loop free between steps: calls answer while the job runs
// (during parsing and while the corpus is stored in short transactions), not only after it.
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { tmpDir } from '../helpers/tmp';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('ingest and the event loop', () => {
  it('app.status answers while a 3,000-passage corpus is parsed and stored; a part of the corpus is visible while it is stored', async () => {
    const t = tmpDir('gw-responsive-');
    cleanups.push(t.cleanup);
    const n = 3000;
    const file = path.join(t.dir, 'corpus.json');
    fs.writeFileSync(
      file,
      JSON.stringify(
        Array.from({ length: n }, (_, i) => ({
          title: `Line ${i + 1}`,
          text: `Transmission line ${i + 1} connects substation ${i} with substation ${i + 2} at 110 kV.`,
        })),
      ),
    );
    const core = new Core({ dbPath: path.join(t.dir, 'r.db') });
    cleanups.push(() => core.close());
    const job = core.jobs.enqueue('ingest', { paths: [file] });
    const seen: { state: string; documents: number }[] = [];
    const finished = core.jobs.wait(job.id);
    let done = false;
    void finished.then(() => (done = true));
    // Requests arriving every few ms, as a browser's would; each answered in turn.
    while (!done) {
      await new Promise((r) => setTimeout(r, 5));
      const r = await core.call('app.status', {});
      expect(r.ok).toBe(true);
      seen.push({ state: core.jobs.get(job.id).state, documents: (r as { value: { documents: number } }).value.documents });
    }
    expect((await finished).state).toBe('done');
    const during = seen.filter((s) => s.state === 'running');
    expect(during.length).toBeGreaterThan(3);
    expect(during.some((s) => s.documents > 0 && s.documents < n)).toBe(true);
    expect(core.store.documents.list().length).toBe(n);
  }, 180_000);
});
