// A document the classic extractor has no patterns for (the kit's Korean seed) says so on its row and
// in the job's result, as the CLI does, instead of a plain "extracted · 0 triples"; and the seeds,
// named by hashes, take the titles their texts open with. Real SQLite, the real ingest and extraction.
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { unwrap } from '../../shared/dispatch';
import { NO_CLASSIC_MESSAGE } from '../../electron/core/extract/job';
import { seed, tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-langnote-');
afterAll(() => t.cleanup());

describe('a document with no classic extractor for its language', () => {
  it('shows why it got nothing on its row and in the job summary; hash-named seeds get the titles their texts open with', async () => {
    const core = new Core({ dbPath: path.join(t.dir, 'l.db') });
    try {
      const files = [seed('001_68a6067ece94435d.txt'), seed('002_cd2ac7c5e1ba1e29.txt')];
      const ingest = unwrap('documents.ingest', await core.call('documents.ingest', { paths: files }));
      expect((await core.jobs.wait(ingest.id)).state).toBe('done');
      const job = unwrap('extract.start', await core.call('extract.start', { engine: 'classic' }));
      const done = await core.jobs.wait(job.id);
      expect(done.state).toBe('done');
      const docs = unwrap('documents.list', await core.call('documents.list', {}));
      const korean = docs.find((d) => d.language === 'ko')!;
      const english = docs.find((d) => d.language === 'en')!;
      expect((done.result as { notes?: unknown[] }).notes).toEqual([{ document: korean.id, language: 'ko', message: NO_CLASSIC_MESSAGE }]);
      expect(korean.extraction).toMatchObject({ status: 'extracted', triples: 0, reason: NO_CLASSIC_MESSAGE });
      expect(english.extraction.status).toBe('extracted');
      expect(english.extraction.reason).toBeNull();
      expect(english.extraction.triples).toBeGreaterThan(0);

      // titles: not the hash file names
      expect(docs.map((d) => d.title)).not.toContain(path.basename(files[0]));
      expect(docs.map((d) => d.title)).not.toContain(path.basename(files[1]));
      expect(korean.title).toMatch(/^본 논문은 /);
      expect(english.title).toMatch(/^Evaluating document chunking approaches for retrieval-augmented generation/);
    } finally {
      await core.close();
    }
  }, 300_000);
});
