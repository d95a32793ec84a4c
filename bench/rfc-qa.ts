// Standards questions as the yardstick (not a test): the 40 editor questions of
// ../shared/data/rfc-qa/ over the 7 RFCs of ../shared/data/rfc-radius-eap/, no model.
//  - passage recall@5: the question's quote (whitespace-normalised) lies inside one of the 5 passages
//    retrieved, ours next to plain BM25 (FTS5, porter) over the same chunks;
//  - answer accuracy: eval's grader (eval/qa.ts answerCorrect) on the first short answer of `ask`;
//  - refusals: how many questions came back not_in_graph.
// The first 20 questions are the development half, the last 20 the check half (never tuned on).
//   npm run bench -- rfc-qa
//   npx tsx bench/rfc-qa.ts [--db FILE] [--questions FILE.jsonl] [--verbose]   (--db: keep / reuse the ingested, extracted graph;
//   --questions: another question set of the same shape over the same RFCs)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Core } from '../electron/core/core';
import { Retriever } from '../electron/core/retrieve/retriever';
import { extractiveAnswer } from '../electron/core/chat/answer';
import { answerCorrect } from '../electron/core/eval/qa';
import { buildRfcGraph } from '../test/helpers/rfc-graph';
import { OFF_TOPIC } from '../test/chat/off-topic';

const KIT = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data');
const QA_FILE = path.resolve(
  process.argv.includes('--questions') ? process.argv[process.argv.indexOf('--questions') + 1] : path.join(KIT, 'rfc-qa', 'questions.jsonl'),
);
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const verbose = args.includes('--verbose');

interface Item {
  id: string;
  question: string;
  answers: string[];
  quote: string;
  quotes?: string[];
  type: string;
}

const ws = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

async function buildDb(file: string): Promise<void> {
  const core = new Core({ dbPath: file, startJobs: false });
  try {
    const done = await buildRfcGraph(core);
    if (done.state !== 'done') throw new Error(`classic extraction ${done.state}: ${done.error}`);
  } finally {
    await core.close();
  }
}

interface Tally {
  n: number;
  ours: number;
  bm25: number;
  accuracy: number;
  refused: number;
}
const tally = (): Tally => ({ n: 0, ours: 0, bm25: 0, accuracy: 0, refused: 0 });
const f3 = (x: number, n: number) => (n ? (x / n).toFixed(3) : '-');

async function main(): Promise<void> {
  if (!fs.existsSync(QA_FILE)) {
    console.log(`rfc-qa: ${QA_FILE} not found, skipped`);
    return;
  }
  const items = fs
    .readFileSync(QA_FILE, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Item);
  const keep = opt('db');
  const tmp = keep ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-rfcqa-'));
  const dbFile = keep ? path.resolve(keep) : path.join(tmp!, 'rfc.db');
  try {
    if (!fs.existsSync(dbFile)) await buildDb(dbFile);
    const core = new Core({ dbPath: dbFile, startJobs: false });
    const retriever = new Retriever(core.store);
    const halves = { dev: tally(), check: tally(), all: tally() };
    const byType = new Map<string, Tally>();
    for (const [i, item] of items.entries()) {
      const res = await retriever.retrieve(item.question);
      const quote = ws(item.quote);
      const ours = res.passages.some((p) => ws(p.text).includes(quote));
      const bmRows = retriever.repo.passages(retriever.repo.searchPassages(item.question, 5).map((h) => h.id));
      const bm = bmRows.some((p) => ws(p.text).includes(quote));
      const answer = extractiveAnswer(res) as { content: string; answers?: string[]; outcome?: string; confidence?: number; answerType?: string };
      const first = (answer.answers ?? [])[0] ?? '';
      const correct = answerCorrect(item.answers, first);
      const refused = (answer.outcome ?? res.outcome) === 'not_in_graph';
      const type = byType.get(item.type) ?? tally();
      byType.set(item.type, type);
      for (const t of [i < 20 ? halves.dev : halves.check, halves.all, type]) {
        t.n++;
        t.ours += ours ? 1 : 0;
        t.bm25 += bm ? 1 : 0;
        t.accuracy += correct ? 1 : 0;
        t.refused += refused ? 1 : 0;
      }
      if (verbose) {
        console.log(
          `${item.id} ${ours ? 'R' : '-'}${bm ? 'B' : '-'}${correct ? 'A' : '-'} ${item.question}\n     gold ${JSON.stringify(item.answers)} | ${answer.answerType} ${answer.confidence} | first ${JSON.stringify(first)} | more ${JSON.stringify((answer.answers ?? []).slice(1, 4))}`,
        );
      }
    }
    // off-topic questions (nothing the RFCs discuss): how many are refused, and the confidence of those that are not
    let offRefused = 0;
    const offAnswered: string[] = [];
    for (const q of OFF_TOPIC) {
      const a = extractiveAnswer(await retriever.retrieve(q)) as { outcome?: string; confidence?: number; answers?: string[] };
      if (a.outcome === 'not_in_graph') offRefused++;
      else offAnswered.push(`${q} -> ${JSON.stringify(a.answers?.[0])} (${a.confidence})`);
    }
    await core.close();
    const line = (name: string, t: Tally) =>
      `${name.padEnd(12)} n=${String(t.n).padStart(2)}  recall@5 ours ${f3(t.ours, t.n)}  bm25 ${f3(t.bm25, t.n)}  answer accuracy ${f3(t.accuracy, t.n)}  refused ${t.refused}`;
    console.log('rfc-qa (no model; classic extraction over the 7 RFCs)');
    console.log(line('dev 1-20', halves.dev));
    console.log(line('check 21-40', halves.check));
    console.log(line('all', halves.all));
    for (const [type, t] of [...byType].sort()) console.log(`  ${line(type, t)}`);
    console.log(`off-topic    n=${OFF_TOPIC.length}  refused ${offRefused}`);
    for (const a of offAnswered) console.log(`  answered: ${a}`);
  } finally {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
