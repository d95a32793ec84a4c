// publish.citations (the chat trace's "SPARQL" per cited fact) against a real Virtuoso: nothing
// before a publish; after one, the query for each triple in the graph last published to, with that
// target's own base IRI, saying whether the graph holds it; run at the store, it selects exactly it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { unwrap } from '../../shared/dispatch';
import { ReviewCommands } from '../../electron/core/review/commands';
import { clientFor } from '../../electron/core/publish';
import { cli } from '../helpers/cli';
import { tmpDir } from '../helpers/tmp';
import { startVirtuoso, type Virtuoso } from '../helpers/virtuoso';

const t = tmpDir('gw-cite-');
const db = path.join(t.dir, 'kb.db');
let v: Virtuoso;

describe('publish.citations against a real Virtuoso', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    const started = startVirtuoso();
    const kb = path.join(t.dir, 'kb.txt');
    fs.writeFileSync(kb, ['EAP|carried_by|RADIUS', 'RADIUS|defined_in|RFC 2865', 'Diameter|replaces|RADIUS'].join('\n'));
    const r = cli(['import', '--db', db, '--format', 'tsv', kb]);
    expect(r.code, r.stderr).toBe(0);
    v = await started;
  }, 120_000);
  afterAll(async () => {
    await v?.stop();
    t.cleanup();
  });

  it('nothing before a publish; then the graph last published to, its base IRI, which triples it holds, and queries that select them there', async () => {
    // as a browser: the store is an endpoint the user granted (serve --grant-endpoint)
    const core = new Core({ dbPath: db, progressIntervalMs: 0, endpoints: [v.sparql] });
    try {
      const ids = (core.store.db.prepare('SELECT id FROM edges ORDER BY id').all() as { id: number }[]).map((x) => x.id);
      expect(ids).toHaveLength(3);
      expect(unwrap('publish.citations', await core.call('publish.citations', { triples: ids }, 'renderer'))).toEqual({ target: null, queries: [] });

      const review = new ReviewCommands(core.store);
      review.setStatus([ids[0]], 'accepted');
      review.setStatus([ids[1], ids[2]], 'rejected');
      const base = 'https://kb.example.org/';
      const accepted = 'https://example.org/graphs/accepted';
      const { job } = unwrap(
        'publish.start',
        await core.call('publish.start', { endpoint: v.sparql, graph: accepted, options: { acceptedOnly: true, base } }, 'renderer'),
      );
      expect((await core.jobs.wait(job.id)).state).toBe('done');

      const c = unwrap('publish.citations', await core.call('publish.citations', { triples: [...ids, 999_999] }, 'renderer'));
      expect(c.target).toMatchObject({ endpoint: v.sparql, graph: accepted });
      expect(c.queries.map((q) => q.triple)).toEqual(ids); // an unknown id is left out
      expect(c.queries.map((q) => q.published)).toEqual([true, false, false]);
      for (const q of c.queries) {
        expect(q.sparql).toContain(`GRAPH <${accepted}>`);
        expect(q.edge.startsWith(base)).toBe(true);
      }
      const client = clientFor({ endpoint: v.sparql, graph: accepted });
      const rows = await client.select(c.queries[0].sparql);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows[0].status.value).toBe('accepted');
      expect(rows[0].asserted.value).toMatch(/^(1|true)$/);
      expect(await client.select(c.queries[1].sparql)).toEqual([]); // rejected: not in an accepted-only graph

      // a later publish elsewhere becomes the one the trace follows
      const all = 'https://example.org/graphs/all';
      const second = unwrap('publish.start', await core.call('publish.start', { endpoint: v.sparql, graph: all, options: {} }, 'renderer'));
      expect((await core.jobs.wait(second.job.id)).state).toBe('done');
      const c2 = unwrap('publish.citations', await core.call('publish.citations', { triples: ids }, 'renderer'));
      expect(c2.target?.graph).toBe(all);
      expect(c2.queries.map((q) => q.published)).toEqual([true, true, true]);
      for (const q of c2.queries) expect((await clientFor({ endpoint: v.sparql, graph: all }).select(q.sparql)).length).toBeGreaterThan(0);
    } finally {
      await core.close();
    }
  });
});
