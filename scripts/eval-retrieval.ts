// Retrieval evaluation on the dev slices (not a test: numbers go in the closing note).
//
//   npx tsx scripts/eval-retrieval.ts [--metaqa] [--2wiki] [--max-triples 60] [--db-dir DIR] [--verbose]
//
// MetaQA: imports kb_subset.txt (head|relation|tail) into a fresh database (cached in --db-dir),
// strips the brackets from the questions and reports, per hop count and per question type, the
// answer-in-context rate (any gold answer is the subject or object of a returned triple) and the
// answer recall (share of gold answers that are), next to a BM25-over-triples baseline with the
// same budget computed in the same run.
// 2WikiMultihopQA: needs ingestion and classic extraction; see evalTwoWiki below.
import fs from 'node:fs';
import path from 'node:path';
import { Store, normalizeLabel } from '../electron/core/store';
import { Core } from '../electron/core/core';
import { Retriever } from '../electron/core/retrieve/retriever';
import { tokenize } from '../electron/core/retrieve/text';
import { STOPWORDS } from '../electron/core/nlp/stopwords';
import { extractiveAnswer } from '../electron/core/chat/answer';

const KIT = path.resolve(import.meta.dirname, '..', '..', 'shared');
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const maxTriples = Number(opt('max-triples', '60'));
const dbDir = path.resolve(opt('db-dir', path.join(process.env.TMPDIR ?? '/tmp', 'graphwright-eval')));
const verbose = flag('verbose');
const limit = Number(opt('limit', '0'));
const only = opt('only', '');
/** --tune '{"damping":0.7}': ranking knobs for a sweep (see RetrievalTuning). */
const tuning = JSON.parse(opt('tune', '{}')) as Record<string, number>;

// ---------------------------------------------------------------- BM25 over short texts

class Bm25 {
  private readonly postings = new Map<string, { doc: number; tf: number }[]>();
  private readonly lengths: number[] = [];
  private avg = 0;
  constructor(
    docs: string[],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    docs.forEach((d, i) => {
      const toks = terms(d);
      this.lengths.push(toks.length);
      const tf = new Map<string, number>();
      for (const t of toks) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const [t, n] of tf) {
        const list = this.postings.get(t) ?? [];
        list.push({ doc: i, tf: n });
        this.postings.set(t, list);
      }
    });
    this.avg = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, this.lengths.length);
  }
  search(query: string, k: number): { doc: number; score: number }[] {
    const scores = new Map<number, number>();
    const N = this.lengths.length;
    for (const t of new Set(terms(query))) {
      const list = this.postings.get(t);
      if (!list) continue;
      const idf = Math.log(1 + (N - list.length + 0.5) / (list.length + 0.5));
      for (const { doc, tf } of list) {
        const s = (idf * tf * (this.k1 + 1)) / (tf + this.k1 * (1 - this.b + (this.b * this.lengths[doc]) / this.avg));
        scores.set(doc, (scores.get(doc) ?? 0) + s);
      }
    }
    return [...scores]
      .map(([doc, score]) => ({ doc, score }))
      .sort((a, b) => b.score - a.score || a.doc - b.doc)
      .slice(0, k);
  }
}

function terms(text: string): string[] {
  return tokenize(text.replace(/_/g, ' ')).map((t) => t.text);
}

// ---------------------------------------------------------------- MetaQA

interface Score {
  n: number;
  inContext: number;
  recall: number;
}

/** The ranked short answers of the extractive (no-model) answer: its `answers` list, else the "From the graph:" line. */
function firstAnswers(res: Awaited<ReturnType<Retriever['retrieve']>>): string[] {
  const a = extractiveAnswer(res) as { content: string; answers?: string[] };
  if (Array.isArray(a.answers)) return a.answers;
  const m = /^From the graph: (.*?)(?:, and \d+ more)?\.$/m.exec(a.content);
  return m ? m[1].split(', ') : [];
}
const add = (s: Score, hit: boolean, recall: number) => {
  s.n++;
  s.inContext += hit ? 1 : 0;
  s.recall += recall;
};
const fmt = (s: Score) => (s.n ? `${(s.inContext / s.n).toFixed(3)} / ${(s.recall / s.n).toFixed(3)}` : '-');

function importMetaQa(store: Store, file: string): number {
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  store.transaction(() => {
    for (const line of lines) {
      const [h, r, t] = line.split('|');
      if (!h || !r || !t || !normalizeLabel(h) || !normalizeLabel(t)) continue;
      const s = store.graph.upsertNode({ kind: 'entity', label: h });
      const o = store.graph.upsertNode({ kind: 'entity', label: t });
      store.graph.upsertEdge({ subjectId: s, relation: r, objectId: o, stage: 'import', status: 'accepted', confidence: 1, engine: 'import' });
    }
  });
  return lines.length;
}

async function evalMetaQa(): Promise<void> {
  const dir = path.join(KIT, 'data', 'metaqa');
  fs.mkdirSync(dbDir, { recursive: true });
  const dbFile = path.join(dbDir, 'metaqa.db');
  const fresh = !fs.existsSync(dbFile);
  if (fresh) {
    // the product's import (graphwright import --format tsv); the store-API loader is the fallback
    const t = performance.now();
    const core = new Core({ dbPath: dbFile, startJobs: false });
    const r = await core.call('graph.import', { format: 'tsv', path: path.join(dir, 'kb_subset.txt') });
    if (!r.ok) {
      console.error(`graph.import failed (${r.error.message}); loading through the store API`);
      importMetaQa(core.store, path.join(dir, 'kb_subset.txt'));
    }
    await core.close();
    console.error(`imported kb_subset.txt in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  const store = Store.open(dbFile);
  const retriever = new Retriever(store);
  let t = performance.now();
  retriever.refresh();
  console.error(`snapshot: ${retriever.snapshot.vertexCount} vertices, ${retriever.snapshot.edgeCount} edges in ${(performance.now() - t).toFixed(0)} ms`);

  // BM25 baseline over the same triples
  const s = retriever.snapshot;
  const docs: string[] = [];
  for (let e = 0; e < s.edgeCount; e++) docs.push(`${s.labels[s.src.data[e]]} ${s.relations[s.rel.data[e]]} ${s.labels[s.dst.data[e]]}`);
  const bm25 = new Bm25(docs);

  const pathTop1 = { n: 0, ok: 0 };
  const report: string[] = [];
  const totals: Record<string, { ours: Score; bm25: Score; ms: number[] }> = {};
  for (const hop of [1, 2, 3]) {
    if (only && only !== String(hop)) continue;
    let rows = fs
      .readFileSync(path.join(dir, `qa_${hop}hop_dev.tsv`), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('\t'));
    if (limit) rows = rows.slice(0, limit);
    const byType = new Map<string, { ours: Score; bm25: Score }>();
    const all = { ours: { n: 0, inContext: 0, recall: 0 }, bm25: { n: 0, inContext: 0, recall: 0 }, ms: [] as number[], hits1: 0 };
    for (const [q, answers, qtype] of rows) {
      const question = q.replace(/[[\]]/g, '');
      const gold = new Set(answers.split('|').map(normalizeLabel));
      t = performance.now();
      const res = await retriever.retrieve(question, { maxTriples, tuning });
      all.ms.push(performance.now() - t);
      const got = new Set(res.triples.flatMap((x) => [normalizeLabel(x.subject), normalizeLabel(x.object)]));
      const hits = [...gold].filter((g) => got.has(g)).length;
      const first = firstAnswers(res)[0];
      const hit1 = first !== undefined && gold.has(normalizeLabel(first));
      if (hit1) all.hits1++;
      else if (flag('misses')) console.error(`HITS@1 MISS ${hop}hop ${qtype}: ${question} | first=${first ?? '-'} | gold=${[...gold].slice(0, 3).join('|')}`);
      const bmGot = new Set(
        bm25.search(question, maxTriples).flatMap(({ doc }) => [normalizeLabel(s.labels[s.src.data[doc]]), normalizeLabel(s.labels[s.dst.data[doc]])]),
      );
      const bmHits = [...gold].filter((g) => bmGot.has(g)).length;
      const type = byType.get(qtype) ?? { ours: { n: 0, inContext: 0, recall: 0 }, bm25: { n: 0, inContext: 0, recall: 0 } };
      add(type.ours, hits > 0, hits / gold.size);
      add(type.bm25, bmHits > 0, bmHits / gold.size);
      byType.set(qtype, type);
      add(all.ours, hits > 0, hits / gold.size);
      add(all.bm25, bmHits > 0, bmHits / gold.size);
      const want = expectedPath(qtype);
      const top = res.paths[0];
      const topOk = !!top && top.steps.map((x) => (x.inverse ? '~' : '') + x.relation).join('/') === want;
      pathTop1.n++;
      pathTop1.ok += topOk ? 1 : 0;
      if (verbose && (hits === 0 || (flag('paths') && !topOk))) {
        const topic = /\[([^\]]+)\]/.exec(q)?.[1];
        console.error(
          `MISS ${hop}hop ${qtype}: ${question} | topic=${topic} | linked=${res.entities.map((e) => `${e.label}(${e.score})`).join(', ')} | paths=${res.paths
            .slice(0, 3)
            .map((p) => `${p.seed.label}:${p.steps.map((x) => (x.inverse ? '~' : '') + x.relation).join('/')}=${p.score.toExponential(2)}`)
            .join(' ; ')} | hops=${res.hops}`,
        );
      }
    }
    totals[`${hop}-hop`] = all;
    report.push(
      `${hop}-hop (${all.ours.n} q): ours ${fmt(all.ours)}   bm25 ${fmt(all.bm25)}   (answer-in-context / answer recall); extractive Hits@1 ${(all.hits1 / Math.max(1, all.ours.n)).toFixed(3)}`,
    );
    for (const [qtype, sc] of [...byType].sort())
      report.push(`    ${qtype.padEnd(40)} n=${String(sc.ours.n).padStart(3)}  ours ${fmt(sc.ours)}   bm25 ${fmt(sc.bm25)}`);
  }
  console.log(`MetaQA dev slice, ${maxTriples} triples; top-1 relation path = question type path: ${(pathTop1.ok / Math.max(1, pathTop1.n)).toFixed(3)}`);
  console.log(report.join('\n'));
  for (const [k, v] of Object.entries(totals)) {
    const ms = [...v.ms].sort((a, b) => a - b);
    console.log(`latency ${k}: median ${ms[Math.floor(ms.length / 2)].toFixed(1)} ms, p95 ${ms[Math.floor(ms.length * 0.95)].toFixed(1)} ms`);
  }
  store.close();
}

/** The relation path a MetaQA question type walks, for the path diagnostic ("~" = backwards). */
function expectedPath(qtype: string): string {
  const rel: Record<string, string> = {
    director: 'directed_by',
    writer: 'written_by',
    actor: 'starred_actors',
    year: 'release_year',
    language: 'in_language',
    genre: 'has_genre',
    tags: 'has_tags',
    tag: 'has_tags',
    imdbrating: 'has_imdb_rating',
    imdbvotes: 'has_imdb_votes',
  };
  const parts = qtype.split('_to_');
  const steps: string[] = [];
  for (let i = 0; i + 1 < parts.length; i++) {
    const [a, b] = [parts[i], parts[i + 1]];
    steps.push(a === 'movie' ? rel[b] : `~${rel[a]}`);
  }
  return steps.join('/');
}

// ---------------------------------------------------------------- 2WikiMultihopQA

/**
 * Recall@2/@5 of supporting passages (the passages titled by the gold evidence subjects) vs plain
 * BM25 over the same chunks. The graph comes from ingestion + classic extraction; the database must
 * already hold the corpus: give it with --2wiki-db FILE (built with `graphwright ingest` and
 * `graphwright extract --engine classic`). Chunk -> passage title is read from the document title
 * or the chunk's first line.
 */
async function evalTwoWiki(): Promise<void> {
  const dbFile = opt('2wiki-db', path.join(dbDir, '2wiki.db'));
  if (!fs.existsSync(dbFile)) {
    console.log(`2WikiMultihopQA: no database at ${dbFile} (ingest the corpus and run classic extraction first)`);
    return;
  }
  const questions = JSON.parse(fs.readFileSync(path.join(KIT, 'data', '2wikimultihopqa', 'questions.json'), 'utf8')) as {
    question: string;
    question_type: string;
    evidence: [string, string, string][];
  }[];
  const corpus = JSON.parse(fs.readFileSync(path.join(KIT, 'data', '2wikimultihopqa', 'corpus.json'), 'utf8')) as { title: string; text: string }[];
  const titleOfText = new Map(corpus.map((c) => [c.text.trim().slice(0, 200), c.title]));
  // gold passages: the corpus titles named by the evidence subjects (exactly, or unique once a
  // "(film)"-style qualifier is dropped); subjects with no passage are left out
  const titles = new Set(corpus.map((c) => normalizeLabel(c.title)));
  const byStripped = new Map<string, string[]>();
  for (const c of corpus) {
    const k = normalizeLabel(c.title.replace(/\s*\([^)]*\)\s*$/, ''));
    byStripped.set(k, [...(byStripped.get(k) ?? []), normalizeLabel(c.title)]);
  }
  const goldTitle = (subject: string): string | null => {
    const n = normalizeLabel(subject);
    if (titles.has(n)) return n;
    const m = byStripped.get(n);
    return m && m.length === 1 ? m[0] : null;
  };
  const store = Store.open(dbFile);
  const retriever = new Retriever(store);
  retriever.refresh();
  const titleOf = (p: { document: string; text: string }) => titleOfText.get(p.text.trim().slice(0, 200)) ?? p.document;
  const ours = { r2: 0, r5: 0 };
  const bm = { r2: 0, r5: 0 };
  let n = 0;
  const byType = new Map<string, { n: number; o2: number; o5: number; b2: number; b5: number }>();
  const rows = limit ? questions.slice(0, limit) : questions;
  for (const q of rows) {
    const gold = new Set(q.evidence.map((e) => goldTitle(e[0])).filter((x): x is string => !!x));
    if (!gold.size) continue;
    const res = await retriever.retrieve(q.question, { maxTriples, maxPassages: 5, tuning });
    const got = res.passages.map((p) => normalizeLabel(titleOf(p)));
    const hits = retriever.repo.searchPassages(q.question, 5);
    const bmGot = retriever.repo.passages(hits.map((h) => h.id)).map((p) => normalizeLabel(titleOf(p)));
    const rec = (list: string[], k: number) => [...gold].filter((g) => list.slice(0, k).includes(g)).length / gold.size;
    ours.r2 += rec(got, 2);
    ours.r5 += rec(got, 5);
    bm.r2 += rec(bmGot, 2);
    bm.r5 += rec(bmGot, 5);
    n++;
    const tp = byType.get(q.question_type) ?? { n: 0, o2: 0, o5: 0, b2: 0, b5: 0 };
    tp.n++;
    tp.o2 += rec(got, 2);
    tp.o5 += rec(got, 5);
    tp.b2 += rec(bmGot, 2);
    tp.b5 += rec(bmGot, 5);
    byType.set(q.question_type, tp);
  }
  console.log(
    `2WikiMultihopQA dev slice (${n} q): recall@2 / recall@5  ours ${(ours.r2 / n).toFixed(3)} / ${(ours.r5 / n).toFixed(3)}   bm25 ${(bm.r2 / n).toFixed(3)} / ${(bm.r5 / n).toFixed(3)}`,
  );
  for (const [type, x] of [...byType].sort()) {
    const f = (v: number) => (v / x.n).toFixed(3);
    console.log(`    ${type.padEnd(20)} n=${String(x.n).padStart(3)}  ours ${f(x.o2)} / ${f(x.o5)}   bm25 ${f(x.b2)} / ${f(x.b5)}`);
  }
  store.close();
}

const runAll = !flag('metaqa') && !flag('2wiki');
if (runAll || flag('metaqa')) await evalMetaQa();
if (runAll || flag('2wiki')) await evalTwoWiki();
void STOPWORDS;
