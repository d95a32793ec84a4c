// Review work survives re-extraction: triples edited through the command layer (edited = 1) keep their
// wording, status and evidence when the classic engine reads the same document again.
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { unwrap } from '../../shared/dispatch';
import { tmpDir } from '../helpers/tmp';
import { snapshotGraph } from './seed';

const t = tmpDir('gw-review-reextract-');
afterAll(() => t.cleanup());

describe('review edits and re-extraction', () => {
  it('a forced classic re-run neither overwrites edited triples nor brings back the wording the editor replaced', async () => {
    const core = new Core({ dbPath: path.join(t.dir, 'r.db') });
    try {
      const sample = path.resolve(import.meta.dirname, '../../assets/samples/radius-authentication-overview.txt');
      const ingest = unwrap('documents.ingest', await core.call('documents.ingest', { paths: [sample] }));
      expect((await core.jobs.wait(ingest.id)).state).toBe('done');
      const extract = async () => {
        const job = unwrap('extract.start', await core.call('extract.start', { engine: 'classic', force: true }));
        expect((await core.jobs.wait(job.id)).state).toBe('done');
      };
      await extract();
      const [first, second, third] = core.store.graph.listTriples({ limit: 3, offset: 0 }).items;
      unwrap('triples.accept', await core.call('triples.accept', { ids: [first.id] }));
      unwrap('triples.edit', await core.call('triples.edit', { id: second.id, relation: 'is checked against' }));
      unwrap('triples.reject', await core.call('triples.reject', { ids: [third.id] }));
      const reviewed = snapshotGraph(core.store);
      const edges = () =>
        (reviewed.edges as { id: number; status: string; relation: string; edited: number; confidence: number }[]).filter((e) =>
          [first.id, second.id, third.id].includes(e.id),
        );

      await extract();
      const after = snapshotGraph(core.store).edges as typeof reviewed.edges;
      for (const e of edges()) expect(after).toContainEqual(e);
      const wordings = core.store.graph
        .listTriples({ limit: 1000, offset: 0 })
        .items.filter((x) => x.subjectId === second.subjectId && x.objectId === second.objectId);
      expect(wordings.map((x) => x.relation)).toEqual(['is checked against']);
      // Undo still walks back the editor's three steps.
      for (let i = 0; i < 3; i++) expect(unwrap('history.undo', await core.call('history.undo', {})).group).not.toBeNull();
      expect(core.store.graph.listTriples({ ids: [second.id], limit: 1, offset: 0 }).items[0].relation).toBe(second.relation);
    } finally {
      await core.close();
    }
  });
});
