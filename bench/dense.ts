// The vector index and hybrid retrieval (not a test): build the index of an embedding model over the
// kit's 7 RFCs, time the job and KNN queries, and score rfc-qa passage recall@5 without and with the
// embedder (the quote inside one of the 5 passages, as bench/rfc-qa.ts does).
//   npm run bench -- dense
//   npx tsx bench/dense.ts [--db FILE] [--embedding-model FILE.gguf] [--threads N]
// Without --embedding-model it uses the tiny random-weight GGUF of the tests: its vectors carry no
// meaning, so that run measures costs, not quality. --db: an RFC graph to copy (bench/rfc-qa.ts --db
// keeps one); it is copied, never indexed in place.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Core } from '../electron/core/core';
import { Retriever } from '../electron/core/retrieve/retriever';
import { LlamaEngine } from '../electron/core/llm/llama';
import { EMBEDDINGS_JOB, type EmbeddingsJobResult } from '../electron/core/retrieve/embed-job';
import { VectorRepository } from '../electron/core/store/vectors';
import { buildRfcGraph } from '../test/helpers/rfc-graph';
import { tinyModelPath } from '../test/helpers/tiny-model';

const KIT = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data');
const QA_FILE = path.join(KIT, 'rfc-qa', 'questions.jsonl');
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const ws = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

async function main(): Promise<void> {
  if (!fs.existsSync(QA_FILE)) {
    console.log(`dense: ${QA_FILE} not found, skipped`);
    return;
  }
  const items = fs
    .readFileSync(QA_FILE, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { question: string; quote: string });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-dense-'));
  const dbFile = path.join(tmp, 'rfc.db');
  const model = path.resolve(opt('embedding-model') ?? tinyModelPath());
  const engine = await LlamaEngine.load({ modelPath: model, maxThreads: Number(opt('threads') ?? 1), gpu: false, sequences: 1 });
  try {
    const source = opt('db');
    if (source) fs.copyFileSync(path.resolve(source), dbFile);
    else {
      const core = new Core({ dbPath: dbFile, startJobs: false });
      const done = await buildRfcGraph(core);
      await core.close();
      if (done.state !== 'done') throw new Error(`classic extraction ${done.state}: ${done.error}`);
    }
    const core = new Core({ dbPath: dbFile, startJobs: false });
    core.engines.use('embedding', engine);
    core.jobs.start();
    let t = performance.now();
    const job = await core.jobs.wait(core.jobs.enqueue(EMBEDDINGS_JOB, {}).id);
    if (job.state !== 'done') throw new Error(`index job ${job.state}: ${job.error}`);
    const r = job.result as EmbeddingsJobResult;
    console.log(`dense (${path.basename(model)}${opt('embedding-model') ? '' : ', random weights: costs only'})`);
    console.log(`index        ${r.chunks} chunks, ${r.labels} labels, ${r.dimension} dimensions in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const vectors = new VectorRepository(core.store.db);
    const index = vectors.current()!;
    const [q] = await engine.embed(['What port does RADIUS use?']);
    for (const [kind, k] of [
      ['chunk', 20],
      ['label', 6],
    ] as const) {
      t = performance.now();
      for (let i = 0; i < 200; i++) vectors.nearest(index.id, kind, q, k);
      console.log(`knn ${kind.padEnd(8)} k=${String(k).padEnd(3)} ${((performance.now() - t) / 200).toFixed(2)} ms`);
    }
    const retriever = new Retriever(core.store);
    for (const mode of ['no embedder', 'hybrid'] as const) {
      let hits = 0;
      const ms: number[] = [];
      for (const it of items) {
        t = performance.now();
        const res = await retriever.retrieve(it.question, mode === 'hybrid' ? { embedder: engine } : {});
        ms.push(performance.now() - t);
        if (res.passages.some((p) => ws(p.text).includes(ws(it.quote)))) hits++;
      }
      ms.sort((a, b) => a - b);
      console.log(
        `${mode.padEnd(12)} recall@5 ${(hits / items.length).toFixed(3)}  median ${ms[Math.floor(ms.length / 2)].toFixed(0)} ms  p90 ${ms[Math.floor(ms.length * 0.9)].toFixed(0)} ms`,
      );
    }
    await core.close();
  } finally {
    await engine.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
