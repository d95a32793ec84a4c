// A check written after the generic-frame rule (retrieve/paths.ts, isGenericFrame / structuralSteps)
// was fixed, not tuned on (not a test: numbers go in docs/RETRIEVAL.md). Over the MetaQA KB subset
// database that `scripts/eval-retrieval.ts --metaqa --db-dir DIR` builds (DIR/metaqa.db):
//  - 16 answerable questions in generic frames the dev slice does not use ("what is X about",
//    "which movies are related to T", "what films did A appear in", "A featured in which movies"),
//    over entities picked by line number from kb_subset.txt, gold read off the KB: Hits@1 and refusals;
//  - 44 questions asking for facts the KB does not hold (agents, birthplaces, budgets, spouses...),
//    over the same kind of entities: how many are refused (not_in_graph), and what the others answer.
//   npx tsx scripts/eval-metaqa-frames.ts --db-dir DIR [--verbose]
import fs from 'node:fs';
import path from 'node:path';
import { Store, normalizeLabel } from '../electron/core/store';
import { Retriever } from '../electron/core/retrieve/retriever';
import { extractiveAnswer } from '../electron/core/chat/answer';

const KIT = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data', 'metaqa');
const args = process.argv.slice(2);
const at = args.indexOf('--db-dir');
const dbDir = path.resolve(at >= 0 && args[at + 1] ? args[at + 1] : path.join(process.env.TMPDIR ?? '/tmp', 'graphwright-eval'));
const verbose = args.includes('--verbose');
const dbFile = path.join(dbDir, 'metaqa.db');
if (!fs.existsSync(dbFile)) {
  console.log(`no database at ${dbFile}: run scripts/eval-retrieval.ts --metaqa --db-dir ${dbDir} first`);
  process.exit(0);
}

const kb = fs
  .readFileSync(path.join(KIT, 'kb_subset.txt'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => l.split('|'));
const by = (rel: string) => kb.filter((t) => t[1] === rel);
const objects = (h: string, rel: string) => kb.filter((t) => t[0] === h && t[1] === rel).map((t) => t[2]);
const subjects = (o: string, rel: string) => kb.filter((t) => t[2] === o && t[1] === rel).map((t) => t[0]);
const pick = <T>(xs: T[], n: number, step: number) => Array.from({ length: n }, (_, i) => xs[(i * step + 13) % xs.length]);

const answerable: { q: string; gold: string[] }[] = [];
const tags = pick(by('has_tags'), 8, 977);
for (const [h] of tags.slice(0, 4)) answerable.push({ q: `what is ${h} about`, gold: objects(h, 'has_tags') });
for (const [, , o] of tags.slice(4)) answerable.push({ q: `which movies are related to ${o}`, gold: subjects(o, 'has_tags') });
const acts = pick(by('starred_actors'), 8, 1283);
for (const [, , o] of acts.slice(0, 4)) answerable.push({ q: `what films did ${o} appear in`, gold: subjects(o, 'starred_actors') });
for (const [, , o] of acts.slice(4)) answerable.push({ q: `${o} featured in which movies`, gold: subjects(o, 'starred_actors') });

const unanswerable: string[] = [];
for (const [, , o] of pick(by('starred_actors'), 5, 1777)) unanswerable.push(`who is the agent of ${o}`, `which hospital was ${o} born in`);
for (const [h] of pick(by('directed_by'), 5, 911)) unanswerable.push(`which songs are on the soundtrack of ${h}`, `how much money did ${h} make`);
// written before the rule was made (over entities of the dev misses), then kept unchanged
unanswerable.push(
  'who is Luke Bracey married to',
  'where was Joy Bryant born',
  'how tall is Mari Natsuki',
  'what is the budget of Operation Crossbow',
  'who produced Rikyu',
  'what awards did Tampopo win',
  'which company distributed Mammoth',
  'what is the nationality of Luke Bracey',
  'when did Larry Peerce die',
  'who composed the music for Boyhood',
  'what is the capital of France',
  'what is the recommended dosage of ibuprofen for children',
  'how much did The Public Enemy earn at the box office',
  'which school did Joy Bryant attend',
  'what instruments does Luke Bracey play',
  'who are the parents of Mari Natsuki',
  'what is spaghetti made of',
  'which studio made Show Me',
  'what political party does Larry Peerce belong to',
  'how long is Tampopo',
  'which siblings does Joy Bryant have',
  'which cities has Luke Bracey lived in',
  'what hobbies does Mari Natsuki have',
  'which prizes has Larry Peerce won',
);

const store = Store.open(dbFile);
const retriever = new Retriever(store);
retriever.refresh();
let hits = 0;
let refusedAnswerable = 0;
for (const item of answerable) {
  const a = extractiveAnswer(await retriever.retrieve(item.q));
  const first = a.answers[0];
  const ok = first !== undefined && item.gold.map(normalizeLabel).includes(normalizeLabel(first));
  hits += ok ? 1 : 0;
  refusedAnswerable += a.outcome === 'not_in_graph' ? 1 : 0;
  if (verbose) console.log(`${ok ? 'HIT ' : 'MISS'} ${item.q} -> ${first ?? '-'} (${a.confidence}) | gold ${item.gold.slice(0, 3).join('|')}`);
}
let refused = 0;
for (const q of unanswerable) {
  const a = extractiveAnswer(await retriever.retrieve(q));
  if (a.outcome === 'not_in_graph') refused++;
  else console.log(`  answered, not in the KB: ${q} -> ${a.answers[0]} (${a.confidence})`);
}
console.log(
  `MetaQA generic frames: answerable Hits@1 ${hits}/${answerable.length} (refused ${refusedAnswerable}); not in the KB: refused ${refused}/${unanswerable.length}`,
);
store.close();
