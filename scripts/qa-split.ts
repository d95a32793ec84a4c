// The project's question sets and the database they are asked of (not product code).
//  - `splitDatabase()`: every document of data/split.json (training and validation) ingested into one
//    database and extracted once with the classic engine; cached in $TMPDIR/graphwright-eval under a
//    key made of the split and the sources of the stages that build it (ingest, chunk, extract,
//    document, store, nlp), so a change to the extractor builds it again and nothing else does.
//  - `splitQuestions(part)`: the editor questions of data/qa/<part>.jsonl (the kit's rfc-qa shape).
//   npx tsx scripts/qa-split.ts            build (or find) the database and print its path
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Core } from '../electron/core/core';
import { prepareFile, storePrepared } from '../electron/core/ingest/pipeline';
import { readQuestionFile } from '../electron/core/eval/gold';

const ROOT = path.resolve(import.meta.dirname, '..');
export const KIT = path.resolve(ROOT, '..', 'shared');

export interface Split {
  training: string[];
  validation: string[];
}

export function readSplit(): Split {
  const split = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'split.json'), 'utf8')) as Split;
  return { training: split.training, validation: split.validation };
}

/** A question of the project's sets (the kit's rfc-qa shape); off-topic ones have type "off-topic" and no answers. */
export interface SplitQuestion {
  id: string;
  question: string;
  answers: string[];
  file: string | null;
  quote?: string;
  quotes?: string[];
  files?: string[];
  type: string;
  hops?: number;
}

/** The questions of one part (data/qa/<part>.jsonl), or of any file of the same shape, read by eval's one question reader (a bad line names the file and line). */
export function readQuestionSet(file: string): SplitQuestion[] {
  return readQuestionFile(file).map((q) => ({
    id: q.key,
    question: q.question,
    answers: q.answers,
    file: q.file,
    quotes: q.quotes,
    type: q.type ?? '',
  }));
}

export function splitQuestionsFile(part: 'training' | 'validation' | 'validation-b'): string {
  return path.join(ROOT, 'data', 'qa', `${part}.jsonl`);
}

/** The held-out question files (the validation set and the second, independent one written over the same documents): aggregates only. */
export const HELD_OUT_SETS = ['validation', 'validation-b'] as const;

/** Whether a question file is a held-out set, named by `--set` or given by its path. */
export function isHeldOutFile(file: string): boolean {
  return HELD_OUT_SETS.some((part) => path.resolve(file) === splitQuestionsFile(part));
}

/** The kit's 40 rfc-qa questions (over training documents: a third check). */
export const KIT_QUESTIONS = path.join(KIT, 'data', 'rfc-qa', 'questions.jsonl');

/** Hash of the sources that decide what the database holds. */
function buildKey(split: Split): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(split));
  const dirs = ['ingest', 'chunk', 'extract', 'document', 'store', 'nlp', 'text'].map((d) => path.join(ROOT, 'electron', 'core', d));
  const files: string[] = [path.join(ROOT, 'electron', 'core', 'retrieve', 'text.ts'), path.join(ROOT, 'electron', 'core', 'retrieve', 'wordnet.ts')];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(?:ts|sql|json|txt)$/.test(e.name)) files.push(p);
    }
  };
  dirs.forEach(walk);
  for (const f of files.filter((x) => fs.existsSync(x)).sort()) {
    h.update(path.relative(ROOT, f));
    h.update(fs.readFileSync(f));
  }
  return h.digest('hex').slice(0, 12);
}

/** The database of every split document, classically extracted; built once per key. */
export async function splitDatabase(options: { log?: (s: string) => void } = {}): Promise<string> {
  const log = options.log ?? ((s: string) => process.stderr.write(`${s}\n`));
  const split = readSplit();
  const dir = path.join(process.env.TMPDIR ?? '/tmp', 'graphwright-eval');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `split-${buildKey(split)}.db`);
  if (fs.existsSync(file)) return file;
  const partial = `${file}.building`;
  for (const f of [partial, `${partial}-wal`, `${partial}-shm`]) fs.rmSync(f, { force: true });
  const t0 = performance.now();
  const core = new Core({ dbPath: partial, startJobs: false });
  try {
    const ids: number[] = [];
    for (const rel of [...split.training, ...split.validation]) {
      const out = storePrepared(core.store, await prepareFile(path.join(KIT, rel)));
      if (out.status === 'imported') ids.push(...out.ids);
      else log(`${rel}: ${out.reason}`);
    }
    log(`ingested ${ids.length} documents in ${((performance.now() - t0) / 1000).toFixed(0)} s; classic extraction ...`);
    const job = core.jobs.enqueue('extract', { documents: ids, engine: 'classic' });
    core.jobs.start();
    const done = await core.jobs.wait(job.id);
    if (done.state !== 'done') throw new Error(`classic extraction ${done.state}: ${done.error}`);
  } finally {
    await core.close();
  }
  fs.renameSync(partial, file);
  for (const f of [`${partial}-wal`, `${partial}-shm`]) fs.rmSync(f, { force: true });
  log(`built ${file} in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return file;
}

/** The project's questions over a graph imported as triples, without text (data/qa/graph/). */
export const GRAPH_QUESTIONS = path.join(ROOT, 'data', 'qa', 'graph', 'webnlg-training.jsonl');

/**
 * A graph without passages for the graph questions: the kit's WebNLG slice's triples (another domain than
 * MetaQA's, so the MetaQA figures stay a held-out check) imported with `graph.import` as head|relation|tail
 * lines, the DBpedia underscores read as spaces and quoted literals unquoted; built once.
 */
export async function graphDatabase(options: { log?: (s: string) => void } = {}): Promise<string> {
  const log = options.log ?? ((s: string) => process.stderr.write(`${s}\n`));
  const dir = path.join(process.env.TMPDIR ?? '/tmp', 'graphwright-eval');
  fs.mkdirSync(dir, { recursive: true });
  const source = path.join(KIT, 'data', 'webnlg', 'webnlg_v1.6_en_dev_every4th.jsonl');
  const file = path.join(dir, `webnlg-graph-${createHash('sha256').update(fs.readFileSync(source)).digest('hex').slice(0, 12)}.db`);
  // (the import writes through its own connection: the database is complete once the marker is written)
  if (fs.existsSync(`${file}.done`)) return file;
  const label = (s: string) =>
    s
      .trim()
      .replace(/_/g, ' ')
      .replace(/^"(.*)"$/, '$1')
      .replace(/\|/g, '/');
  const lines = new Set<string>();
  for (const line of fs.readFileSync(source, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    for (const t of (JSON.parse(line) as { triples: string[] }).triples) {
      const parts = t.split(' | ');
      if (parts.length === 3) lines.add(parts.map(label).join('|'));
    }
  }
  const tsv = path.join(dir, 'webnlg-triples.txt');
  fs.writeFileSync(tsv, [...lines].join('\n'));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  const core = new Core({ dbPath: file, startJobs: false });
  try {
    const r = await core.call('graph.import', { format: 'tsv', path: tsv });
    if (!r.ok) throw new Error(`graph.import ${tsv}: ${r.error.message}`);
  } finally {
    await core.close();
  }
  fs.writeFileSync(`${file}.done`, '');
  log(`built ${file} (${lines.size} triples)`);
  return file;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await splitDatabase());
}
