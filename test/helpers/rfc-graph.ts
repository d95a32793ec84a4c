// The kit's 7 RFCs ingested into a core and extracted with the classic engine (real SQLite, no
// model): the graph test/chat/rfc-answers.test.ts and bench/rfc-qa.ts ask their questions of.
import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '../../electron/core/core';
import { prepareFile, storePrepared } from '../../electron/core/ingest/pipeline';
import { data } from './tmp';

export const RFC_DIR = data('rfc-radius-eap');

/** Ingest every RFC of the kit into `core`, run classic extraction over them; the finished job. */
export async function buildRfcGraph(core: Core) {
  const ids: number[] = [];
  for (const f of fs
    .readdirSync(RFC_DIR)
    .filter((x) => x.endsWith('.txt'))
    .sort()) {
    const out = storePrepared(core.store, await prepareFile(path.join(RFC_DIR, f)));
    if (out.status === 'imported') ids.push(...out.ids);
  }
  const job = core.jobs.enqueue('extract', { documents: ids, engine: 'classic' });
  core.jobs.start();
  return core.jobs.wait(job.id);
}
