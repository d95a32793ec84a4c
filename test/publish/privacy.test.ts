// What a publish sends: like an export without `paths`, document identities (title, hash, file name),
// never the local path of a document (no store needed: the triples are built locally).
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Store } from '../../electron/core/store';
import { localTriples } from '../../electron/core/publish/triples';
import { buildGraph } from '../export/graph';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-publish-privacy-');
afterAll(() => t.cleanup());

describe('publish privacy', () => {
  it('sends no absolute document path, only the file name', async () => {
    const store = Store.open(path.join(t.dir, 'g.db'));
    try {
      buildGraph(store);
      const paths = (store.db.prepare('SELECT source_path AS p FROM documents').all() as { p: string }[]).map((r) => r.p).filter(Boolean);
      expect(paths.length).toBeGreaterThan(0);
      const lines = [...(await localTriples(store.db, { acceptedOnly: false, concepts: true, provenance: true })).values()];
      expect(lines.length).toBeGreaterThan(0);
      for (const p of paths) {
        const dir = path.dirname(p);
        if (dir && dir !== '.') for (const l of lines) expect(l).not.toContain(dir);
        expect(lines.some((l) => l.includes(path.basename(p)))).toBe(true);
      }
    } finally {
      store.close();
    }
  });
});
