// A stale triple (its evidence gone in a newer edition) found again by extraction in the current
// version gets back the status it had before it went stale; evidence found in a superseded version
// does not bring it back. Real SQLite, the extraction writer extraction uses.
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Store } from '../../electron/core/store';
import { ExtractionGraphWriter } from '../../electron/core/store/extraction';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-stale-');
afterAll(() => t.cleanup());

describe('a stale triple found again', () => {
  it('goes back to its status before (else proposed) on evidence in the current version only', () => {
    const store = Store.open(path.join(t.dir, 's.db'));
    try {
      const db = store.db;
      const doc = db.prepare("INSERT INTO documents (title, format, content_hash, text, version, previous_id) VALUES (?, 'text', ?, ?, ?, ?)");
      const v1 = Number(doc.run('Notes', 'h1', 'The agent sends the key.', 1, null).lastInsertRowid);
      const v2 = Number(doc.run('Notes', 'h2', 'The agent now sends the key.', 2, v1).lastInsertRowid);
      const w = new ExtractionGraphWriter(db);
      const [agent, key, nonce] = ['agent', 'key', 'nonce'].map((label) => w.upsertNode({ kind: 'entity', label }));
      const wasAccepted = w.upsertEdge({ subjectId: agent, relation: 'sends', objectId: key, stage: 'EE', engine: 'classic' }).id;
      const wasProposed = w.upsertEdge({ subjectId: agent, relation: 'sends', objectId: nonce, stage: 'EE', engine: 'classic' }).id;
      db.prepare("UPDATE edges SET status = 'stale'").run();
      db.prepare("INSERT INTO edition_changes (document_id, previous_id, edge_id, kind, status_before) VALUES (?, ?, ?, 'stale', 'accepted')").run(
        v2,
        v1,
        wasAccepted,
      );
      const status = (id: number) => (db.prepare('SELECT status FROM edges WHERE id = ?').get(id) as { status: string }).status;

      const again = new ExtractionGraphWriter(db);
      again.batch(() => {
        for (const objectId of [key, nonce]) {
          const { id, created } = again.upsertEdge({ subjectId: agent, relation: 'sends', objectId, stage: 'EE', engine: 'classic' });
          expect(created).toBe(false);
          // the old version is superseded: evidence there changes nothing
          again.addEdgeProvenance(id, { documentId: v1, chunkId: null, start: 0, end: 24, quote: 'The agent sends the key.' });
        }
      });
      expect([status(wasAccepted), status(wasProposed)]).toEqual(['stale', 'stale']);
      again.batch(() => {
        for (const objectId of [key, nonce]) {
          const { id } = again.upsertEdge({ subjectId: agent, relation: 'sends', objectId, stage: 'EE', engine: 'classic' });
          again.addEdgeProvenance(id, { documentId: v2, chunkId: null, start: 0, end: 28, quote: 'The agent now sends the key.' });
        }
      });
      expect([status(wasAccepted), status(wasProposed)]).toEqual(['accepted', 'proposed']);
    } finally {
      store.close();
    }
  });
});
