// The cost of each document's extraction status in documents.list (derived from chunk_extractions,
// provenance and the jobs on every call): the kit's rfc-radius-eap folder, ingested and extracted
// with the classic engine, then documents.list timed with and without the status.
//   npm run bench -- documents-status
// Timings are wall-clock: on shared cores they measure the neighbours too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Core } from '../electron/core/core';
import { unwrap } from '../shared/dispatch';

const KIT = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data', 'rfc-radius-eap');

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-docstatus-'));
  const core = new Core({ dbPath: path.join(dir, 'graphwright.db') });
  try {
    await core.jobs.wait(unwrap('documents.ingest', await core.call('documents.ingest', { paths: [KIT] })).id);
    await core.jobs.wait(unwrap('extract.start', await core.call('extract.start', { engine: 'classic' })).id);
    const docs = core.store.documents.list();
    const provenance = (core.store.db.prepare('SELECT COUNT(*) AS n FROM provenance').get() as { n: number }).n;
    const time = (f: () => unknown, n = 200) => {
      f();
      const t0 = performance.now();
      for (let i = 0; i < n; i++) f();
      return (performance.now() - t0) / n;
    };
    const bare = time(() => core.store.documents.list());
    const status = time(() => core.store.documentExtractions(docs));
    let calls = 0;
    const t0 = performance.now();
    for (; calls < 50; calls++) unwrap('documents.list', await core.call('documents.list', {}));
    const call = (performance.now() - t0) / calls;
    console.log(`${docs.length} documents, ${docs.reduce((n, d) => n + d.chunks, 0)} chunks, ${provenance} provenance rows`);
    console.log(`bare document list     ${bare.toFixed(2)} ms`);
    console.log(`extraction status      ${status.toFixed(2)} ms`);
    console.log(`documents.list (call)  ${call.toFixed(2)} ms`);
  } finally {
    await core.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
