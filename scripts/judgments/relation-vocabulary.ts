// The relation vocabulary of the classic extraction of the kit's split documents: distinct relation
// strings per 1,000 triples over the whole graph and the default view (stored precision at or above the
// default threshold), for training and validation; and, for TRAINING only (validation is never read to
// write rules), the strings by frequency and by what makes them distinct: each class is a feature of
// the string (a modal or adverb inside it, a preposition tail, a passive with "by" ...) and its
// contribution is how many distinct strings would go if that feature were taken out of every string.
//
//   npx tsx scripts/judgments/relation-vocabulary.ts --db FILE [--top N] [--all (every training string and its count)]
//
// --db: a database with every document of data/split.json ingested and extracted with the classic
// engine, as scripts/judgments/fit-precision.ts builds it (its --db).
import fs from 'node:fs';
import { Core } from '../../electron/core/core';
import { callCore } from '../../electron/cli/open';
import type { TripleListItem } from '../../shared/contract/graph';
import { DEFAULT_PRECISION_THRESHOLD } from '../../shared/contract/review';
import { ADJUNCT_PREPOSITIONS, BE, CHAIN_PREPOSITIONS, LIGHT_VERBS, MEASUREMENT_NOUNS, MODAL_VERBS, NEGATION } from '../../electron/core/nlp/lexicon';
import { verbLemma } from '../../electron/core/nlp/derivations';
import { isVerbInWordNet } from '../../electron/core/nlp/senses';
import { readSplit, splitDocuments, type Split } from './kit';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const db = opt('--db');
if (!db || !fs.existsSync(db)) throw new Error(`--db FILE: a database built by scripts/judgments/fit-precision.ts --db (${db ?? 'none given'})`);
const top = Number(opt('--top') ?? 40);

const key = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const perThousand = (relations: string[]) => ((1000 * new Set(relations.map(key)).size) / Math.max(1, relations.length)).toFixed(1);

/** What can make a relation string distinct: each class names a feature and how to take it out of the string. */
const words = (r: string) => key(r).split(' ');
const PREPOSITIONS = new Set([...CHAIN_PREPOSITIONS, 'upon', 'onto', 'toward', 'towards', 'beyond', 'throughout', 'until', 'since', 'inside', 'than', 'like']);
// (the one-word modals: a multi-word one, "need to", shares its words with verbs and prepositions)
const MODALS = new Set([...MODAL_VERBS].filter((m) => !m.includes(' ')));
const ADVERB = /^\p{Ll}{3,}ly$|^(?:also|only|then|still|already|just|even|often|never|always|again|thus|therefore|instead|together|first|now|however|so)$/u;
const lastIs = (set: ReadonlySet<string> | Record<string, string>) => (w: string[]) =>
  w.length >= 2 && (set instanceof Set ? set.has(w.at(-1)!) : Object.hasOwn(set, w.at(-1)!));
const adjunctTail = lastIs(ADJUNCT_PREPOSITIONS);
const argumentTail = (w: string[]) => lastIs(PREPOSITIONS)(w) && !adjunctTail(w);
const CLASSES: { name: string; has: (w: string[]) => boolean; strip: (w: string[]) => string[] }[] = [
  { name: 'modal inside', has: (w) => w.some((x) => MODALS.has(x)), strip: (w) => w.filter((x) => !MODALS.has(x)) },
  { name: 'negation inside', has: (w) => w.some((x) => NEGATION.has(x)), strip: (w) => w.filter((x) => !NEGATION.has(x)) },
  { name: 'adverb inside', has: (w) => w.some((x) => ADVERB.test(x)), strip: (w) => w.filter((x) => !ADVERB.test(x)) },
  { name: 'be/copula inside', has: (w) => w.some((x) => BE.has(x)), strip: (w) => w.filter((x) => !BE.has(x)) },
  { name: 'passive "X-ed by"', has: (w) => w.length >= 2 && w.at(-1) === 'by', strip: (w) => w.slice(0, -1) },
  { name: 'place/time/manner preposition tail', has: adjunctTail, strip: (w) => w.slice(0, -1) },
  { name: 'other preposition tail (to, from, for, as, of ...)', has: argumentTail, strip: (w) => w.slice(0, -1) },
  {
    name: 'adjective + preposition ("applicable to")',
    has: (w) => w.length === 2 && PREPOSITIONS.has(w[1]) && !isVerbInWordNet(w[0]) && !verbLemma(w[0]),
    strip: (w) => w.slice(0, 1),
  },
  {
    name: 'light verb + noun ("have access to")',
    has: (w) => w.length >= 3 && w[0] in LIGHT_VERBS && !PREPOSITIONS.has(w[1]),
    strip: (w) => [w[0], ...w.slice(2)],
  },
  { name: 'to-infinitive chain ("attempt to send")', has: (w) => w.length >= 3 && w[1] === 'to' && isVerbInWordNet(w[2]), strip: (w) => w.slice(2) },
  { name: 'number or measurement word', has: (w) => w.some((x) => /\d/.test(x) || MEASUREMENT_NOUNS.has(x)), strip: (w) => w.filter((x) => !/\d/.test(x)) },
  { name: 'five words or more', has: (w) => w.length >= 5, strip: (w) => w.slice(0, 2) },
];

function classTable(relations: string[]): void {
  const distinct = [...new Set(relations.map(key))];
  const count = new Map<string, number>();
  for (const r of relations.map(key)) count.set(r, (count.get(r) ?? 0) + 1);
  console.log(`class (training, whole graph)              strings  used once  triples  strings gone if taken out`);
  for (const c of CLASSES) {
    const inClass = distinct.filter((d) => c.has(words(d)));
    const once = inClass.filter((d) => count.get(d) === 1).length;
    const triples = inClass.reduce((s, d) => s + count.get(d)!, 0);
    const after = new Set(distinct.map((d) => (c.has(words(d)) ? c.strip(words(d)).join(' ') : d))).size;
    console.log(
      `${c.name.padEnd(42)} ${String(inClass.length).padStart(7)} ${String(once).padStart(10)} ${String(triples).padStart(8)} ${String(distinct.length - after).padStart(10)}`,
    );
  }
  const byLength = new Map<number, number>();
  for (const d of distinct) byLength.set(words(d).length, (byLength.get(words(d).length) ?? 0) + 1);
  console.log(
    `distinct strings by word count: ${[...byLength]
      .sort((a, b) => a[0] - b[0])
      .map(([n, k]) => `${n}: ${k}`)
      .join(', ')}`,
  );
}

const split = readSplit();
const core = new Core({ dbPath: db, startJobs: false });
try {
  const docs = splitDocuments(core.store, split);
  const bySide = new Map<Split, TripleListItem[]>([
    ['training', []],
    ['validation', []],
  ]);
  for (const d of docs) {
    for (let offset = 0; ; offset += 5000) {
      const page = await callCore(core, 'triples.list', { document: d.id, limit: 5000, offset });
      bySide.get(d.split)!.push(...page.items);
      if (page.items.length < 5000) break;
    }
  }
  for (const [side, all] of bySide) {
    const shown = all.filter((t) => t.precision === null || t.precision >= DEFAULT_PRECISION_THRESHOLD);
    console.log(
      `${side}: triples ${all.length}, distinct relations ${new Set(all.map((t) => key(t.relation))).size}, per 1000 ${perThousand(all.map((t) => t.relation))}; ` +
        `default view ${shown.length}, per 1000 ${perThousand(shown.map((t) => t.relation))}`,
    );
  }
  const training = bySide.get('training')!;
  const relations = training.map((t) => t.relation);
  classTable(relations);
  const count = new Map<string, number>();
  for (const r of relations.map(key)) count.set(r, (count.get(r) ?? 0) + 1);
  const ranked = [...count].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  console.log(`training: ${ranked.filter(([, n]) => n === 1).length} strings used once; the ${top} commonest:`);
  console.log(
    ranked
      .slice(0, top)
      .map(([r, n]) => `${n} ${r}`)
      .join('; '),
  );
  if (args.includes('--all')) for (const [r, n] of ranked) console.log(`${n}\t${r}`);
} finally {
  core.close();
}
