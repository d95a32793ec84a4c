// Retrieval latency per question: on the MetaQA KB subset (the dev questions, brackets stripped) and
// on a generated graph of 1 M edges. Reports snapshot build, linking, path search, PPR and total
// time per question (median / p95), and an incremental refresh after appending triples.
//   npm run bench -- retrieve
//   GRAPHWRIGHT_BENCH_EDGES=200000 GRAPHWRIGHT_BENCH_QUESTIONS=50 npm run bench -- retrieve
//   GRAPHWRIGHT_BENCH_DB=/tmp/g.db npm run bench -- retrieve      (keep / reuse the generated graph)
//   GRAPHWRIGHT_BENCH_SKIP_METAQA=1 ...                              (only the generated graph)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Store } from '../electron/core/store';
import { BulkGraphWriter } from '../electron/core/store/bulk';
import { importGraph } from '../electron/core/import';
import { Retriever } from '../electron/core/retrieve/retriever';

const EDGES = Number(process.env.GRAPHWRIGHT_BENCH_EDGES ?? 1_000_000);
const QUESTIONS = Number(process.env.GRAPHWRIGHT_BENCH_QUESTIONS ?? 100);
const KIT = path.resolve(import.meta.dirname, '..', '..', 'shared');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-retrieve-'));

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * p))] : 0;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

async function measure(label: string, retriever: Retriever, questions: string[]): Promise<void> {
  let t = performance.now();
  const first = retriever.refresh();
  const build = performance.now() - t;
  t = performance.now();
  retriever.snapshot.out();
  retriever.snapshot.in();
  retriever.snapshot.pprGraph();
  const csr = performance.now() - t;
  console.log(
    `${label}: ${retriever.snapshot.vertexCount} vertices, ${retriever.snapshot.edgeCount} edges; snapshot + link index ${ms(build)} (${first}), CSR + PPR graph ${ms(csr)}, rss ${rssMb()} MB`,
  );
  const rows: { total: number; link: number; path: number; ppr: number; sample: number; triples: number }[] = [];
  for (const question of questions) {
    const r = await retriever.retrieve(question, { maxTriples: 60 });
    rows.push({
      total: r.timings.totalMs,
      link: r.timings.linkMs,
      path: r.timings.pathMs,
      ppr: r.timings.pprMs,
      sample: r.timings.sampleMs,
      triples: r.triples.length,
    });
  }
  const col = (k: keyof (typeof rows)[number]) => rows.map((r) => r[k]);
  for (const k of ['total', 'link', 'path', 'ppr', 'sample'] as const) {
    console.log(
      `  ${k.padEnd(6)} median ${ms(q(col(k), 0.5)).padStart(9)}   p95 ${ms(q(col(k), 0.95)).padStart(9)}   max ${ms(Math.max(...col(k))).padStart(9)}`,
    );
  }
  console.log(`  ${questions.length} questions, ${(col('triples').reduce((a, b) => a + b, 0) / rows.length).toFixed(1)} triples on average`);
}

async function metaqa(): Promise<void> {
  const dir = path.join(KIT, 'data', 'metaqa');
  if (!fs.existsSync(path.join(dir, 'kb_subset.txt'))) {
    console.log('MetaQA: kb_subset.txt not found, skipped');
    return;
  }
  const store = Store.open(path.join(tmp, 'metaqa.db'));
  const t = performance.now();
  await importGraph(store.db, 'tsv', path.join(dir, 'kb_subset.txt'));
  console.log(`MetaQA KB imported in ${ms(performance.now() - t)}`);
  const questions: string[] = [];
  for (const hop of [1, 2, 3]) {
    const lines = fs
      .readFileSync(path.join(dir, `qa_${hop}hop_dev.tsv`), 'utf8')
      .split('\n')
      .filter(Boolean);
    questions.push(...lines.slice(0, QUESTIONS).map((l) => l.split('\t')[0].replace(/[[\]]/g, '')));
  }
  await measure('MetaQA KB subset', new Retriever(store), questions);
  store.close();
}

/** A random graph: EDGES triples over EDGES/4 named entities, 40 relations, evidence on 1 triple in 20. */
function generate(file: string): void {
  const store = Store.open(file);
  const chunkCount = 2000;
  const texts = Array.from({ length: chunkCount }, (_, i) => `Passage ${i} about graph retrieval and entity ${i * 37}.`);
  const text = texts.join('\n');
  let pos = 0;
  const docId = store.documents.insert({
    title: 'Generated corpus',
    sourcePath: null,
    format: 'text',
    language: 'en',
    pages: [],
    contentHash: 'bench-retrieve-corpus',
    text,
    originalText: null,
    chunks: texts.map((c, i) => {
      const chunk = { ordinal: i, start: pos, end: pos + c.length, page: null, headingPath: [], text: c, hash: `r${i}` };
      pos += c.length + 1;
      return chunk;
    }),
  });
  const chunkIds = store.documents.chunks(docId).map((c) => c.id);
  const bulk = new BulkGraphWriter(store.db);
  const n = Math.max(2, Math.floor(EDGES / 4));
  const syll = ['ka', 'lo', 'mi', 'ren', 'tu', 'sa', 'vo', 'del', 'an', 'qui', 'bor', 'esh'];
  const name = (i: number) => {
    let s = '';
    for (let x = i, k = 0; k < 3; k++, x = Math.floor(x / syll.length)) s += syll[x % syll.length];
    return `${s[0].toUpperCase()}${s.slice(1)} ${i}`;
  };
  let seed = 42;
  const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
  store.transaction(() => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push(bulk.node({ kind: 'entity', label: name(i) }).id);
    let made = 0;
    for (let tries = 0; made < EDGES && tries < EDGES * 4; tries++) {
      // preferential-ish: a few hubs, a long tail
      const a = Math.floor(n * rand() ** 2);
      const b = Math.floor(n * rand());
      if (a === b) continue;
      const r = bulk.edge({
        subjectId: ids[a],
        relation: `relation ${made % 40}`,
        objectId: ids[b],
        stage: 'EE',
        status: made % 5 ? 'accepted' : 'proposed',
        confidence: 0.8,
        engine: 'classic',
      });
      if (!r.created) continue;
      if (made % 20 === 0) {
        const c = made % chunkCount;
        bulk.provenance({ edgeId: r.id, documentId: docId, chunkId: chunkIds[c], start: 0, end: 7, quote: texts[c].slice(0, 7) });
      }
      made++;
    }
  });
  store.close();
}

async function generated(): Promise<void> {
  // GRAPHWRIGHT_BENCH_DB: keep the generated graph there (and reuse it when it exists)
  const keep = process.env.GRAPHWRIGHT_BENCH_DB;
  const file = keep ? path.resolve(keep) : path.join(tmp, 'generated.db');
  let t = performance.now();
  if (!keep || !fs.existsSync(file)) {
    generate(file);
    console.log(`\ngenerated ${EDGES} edges in ${ms(performance.now() - t)}`);
  } else console.log(`\nreusing ${file}`);
  const store = Store.open(file);
  const retriever = new Retriever(store);
  const labels = store.db.prepare('SELECT label FROM nodes WHERE kind = ? ORDER BY id LIMIT 5000').all('entity') as { label: string }[];
  const questions = Array.from({ length: QUESTIONS }, (_, i) => {
    const l = labels[(i * 97) % labels.length].label;
    return i % 3 === 0
      ? `what is ${l} related to`
      : i % 3 === 1
        ? `which nodes have relation 7 with ${l}`
        : `what do the neighbours of ${l} connect to by relation 12`;
  });
  await measure(`generated graph`, retriever, questions);
  // incremental: append 1,000 triples, then one question
  const bulk = new BulkGraphWriter(store.db);
  const ids = (store.db.prepare('SELECT id FROM nodes ORDER BY id LIMIT 2000').all() as { id: number }[]).map((r) => r.id);
  store.transaction(() => {
    for (let i = 0; i < 1000; i++)
      bulk.edge({
        subjectId: ids[i],
        relation: 'relation appended',
        objectId: ids[i + 1000],
        stage: 'manual',
        status: 'accepted',
        confidence: 1,
        engine: 'editor',
      });
  });
  t = performance.now();
  const what = retriever.refresh();
  console.log(`  refresh after appending 1,000 triples: ${ms(performance.now() - t)} (${what})`);
  store.close();
}

try {
  if (!process.env.GRAPHWRIGHT_BENCH_SKIP_METAQA) await metaqa();
  await generated();
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
