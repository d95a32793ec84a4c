// A pull imports what it fetched the way graph.import does: in the import thread, so the core's event
// loop keeps turning and answering while the triples are written, with progress as it goes; the
// rows are those of the same import on the calling thread. (The fetch itself is tested against a
// real Virtuoso in publish.test.ts and graph-store.test.ts; here the fetched graph is given.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import N3 from 'n3';
import { Core } from '../../electron/core/core';
import { Store } from '../../electron/core/store';
import { IMPORT_PROGRESS_EVERY } from '../../electron/core/import/sink';
import { importFetched, type FetchedGraph } from '../../electron/core/publish';
import { tmpDir } from '../helpers/tmp';

const { namedNode, literal, quad } = N3.DataFactory;
const t = tmpDir('gw-pull-thread-');
const TRIPLES = 2 * IMPORT_PROGRESS_EVERY + 5;
const spec = { endpoint: 'http://127.0.0.1:1/sparql', graph: 'http://example.org/g' };
let fetched: FetchedGraph;

beforeAll(() => {
  const ex = (s: string) => namedNode(`http://example.org/${s}`);
  const quads = [];
  for (let i = 0; i < TRIPLES; i++) quads.push(quad(ex(`e${i}`), ex(`r${i % 7}`), i % 3 ? ex(`e${(i * 13 + 1) % (TRIPLES / 5)}`) : literal(`value ${i}`)));
  fetched = { quads, read: 'sparql' };
});
afterAll(() => t.cleanup());

const rows = (store: Store) => ({
  nodes: store.db.prepare('SELECT id, kind, label, norm, type, aliases, meta FROM nodes ORDER BY id').all(),
  edges: store.db.prepare('SELECT id, subject_id, relation, object_id, stage, status, confidence, engine, model, edited, meta FROM edges ORDER BY id').all(),
});

describe('pull off the event loop', () => {
  it('keeps the event loop turning and answering, reports progress, and writes what the inline import writes', async () => {
    const core = new Core({ dbPath: path.join(t.dir, 'pulled.db'), startJobs: false });
    const inline = Store.open(':memory:'); // in memory: imported on the calling thread
    try {
      const progress: number[] = [];
      let ticks = 0;
      const timer = setInterval(() => ticks++, 1);
      let answered = false;
      const pulling = importFetched(core.store, spec, fetched, { onProgress: (p) => progress.push(p.triples) });
      const status = core.call('app.status', {}).then((r) => ((answered = true), r));
      const r = await pulling;
      const ticksAtEnd = ticks;
      clearInterval(timer);
      expect(answered).toBe(true);
      expect((await status).ok).toBe(true);
      expect(ticksAtEnd).toBeGreaterThan(0);
      expect(progress).toEqual([IMPORT_PROGRESS_EVERY, 2 * IMPORT_PROGRESS_EVERY]);
      expect(r).toMatchObject({ graph: spec.graph, endpoint: spec.endpoint, triples: TRIPLES, read: 'sparql', edges: { created: TRIPLES, existing: 0 } });
      // the core's own connection sees the committed import, the same rows as an import on the calling thread
      const same = await importFetched(inline, spec, fetched);
      expect(same.edges).toEqual(r.edges);
      expect(same.nodes).toEqual(r.nodes);
      expect(rows(core.store)).toEqual(rows(inline));
    } finally {
      await core.close();
      inline.close();
    }
  });
});
