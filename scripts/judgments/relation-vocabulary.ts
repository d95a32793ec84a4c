// The relation vocabulary of the classic extraction of the kit's split documents: distinct relation
// strings per 1,000 triples over the whole graph and the default view (stored precision at or above the
// default threshold), for training and validation; and, for TRAINING only (validation is never read to
// write rules), the strings by frequency and by what makes them distinct: each class is a feature of
// the string (a modal or adverb inside it, a preposition tail, a passive with "by" ...) and its
// contribution is how many distinct strings would go if that feature were taken out of every string,
// and the size-matched figure the training graph would then have.
//
//   npx tsx scripts/judgments/relation-vocabulary.ts --db FILE [--top N] [--all (every training string and its count)]
//     [--sample N (size-matched figure: the mean over draws of N triples; 4300 unless given)]
//     [--dump FILE (the training triples, one JSON line each)] [--changed FILE (a --dump of an earlier build)]
//
// The ratio falls as a graph grows (a relation used once already is used again), so graphs of different
// sizes compare by the size-matched figure: distinct strings per 1,000 in a random draw of N triples,
// the mean over 50 seeded draws. --changed joins the training judgments (data/judgments/triples.jsonl,
// training lines only) to the earlier build's triples as fit-precision.ts does, finds each one's triple
// in this build (the same words as written, the same evidence, its two ends in either order) and prints
// those whose relation changed, by verdict: a keep of a relation that lost meaning is read as an edit.
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
import { participle } from '../../electron/core/nlp/relation-lemma';
import { readSplit, seededRandom, splitDocuments, type Split } from './kit';

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
const sampleSize = Number(opt('--sample') ?? 4300);

/** Distinct strings per 1,000 in a random draw of n of the relations, the mean over `draws` seeded draws; null when fewer than n. */
function sizeMatched(relations: string[], n: number, draws = 50): string | null {
  if (relations.length < n) return null;
  const random = seededRandom(32); // (seeded: a size-matched figure is the same on every run)
  let sum = 0;
  for (let d = 0; d < draws; d++) {
    const pool = relations.slice();
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(random() * (pool.length - i));
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    sum += (1000 * new Set(pool.slice(0, n).map(key)).size) / n;
  }
  return (sum / draws).toFixed(1);
}

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
  {
    // (what taking the voice out of the relation would merge: "described" with "describe"; the relation alone
    // would then read the patient as the doer, so it is measured, not done)
    name: 'passive participle ("sent to" beside "send to")',
    has: (w) => participle(w[0]) && verbLemma(w[0]) !== null && verbLemma(w[0]) !== w[0],
    strip: (w) => [verbLemma(w[0])!, ...w.slice(1)],
  },
];

function classTable(relations: string[]): void {
  const distinct = [...new Set(relations.map(key))];
  const count = new Map<string, number>();
  for (const r of relations.map(key)) count.set(r, (count.get(r) ?? 0) + 1);
  console.log(
    `class (training, whole graph)              strings  used once  triples  strings gone if taken out  size-matched N=${sampleSize} if taken out (now ${sizeMatched(relations, sampleSize) ?? '-'})`,
  );
  const taken = (c: (typeof CLASSES)[number]) => (d: string) => (c.has(words(d)) ? c.strip(words(d)).join(' ') : d);
  for (const c of CLASSES) {
    const inClass = distinct.filter((d) => c.has(words(d)));
    const once = inClass.filter((d) => count.get(d) === 1).length;
    const triples = inClass.reduce((s, d) => s + count.get(d)!, 0);
    const after = new Set(distinct.map(taken(c))).size;
    const matched = sizeMatched(relations.map(key).map(taken(c)), sampleSize) ?? '-';
    console.log(
      `${c.name.padEnd(42)} ${String(inClass.length).padStart(7)} ${String(once).padStart(10)} ${String(triples).padStart(8)} ${String(distinct.length - after).padStart(10)} ${String(matched).padStart(27)}`,
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

/** A participle made by "-ed" on its verb's lemma ("described", "stopped", "carried"), not a strong one ("sent", "spoken"). */
function regularParticiple(word: string): boolean {
  const lemma = verbLemma(word);
  if (!lemma || lemma === word || !word.endsWith('ed')) return false;
  const stem = word.slice(0, -2);
  return stem === lemma || `${stem}e` === lemma || stem === lemma.replace(/y$/, 'i') || (stem.length === lemma.length + 1 && stem.startsWith(lemma));
}

/**
 * The voice (training): what the size-matched figure would be if passives were written as their verb's lemma,
 * for the passives whose reading stays true with the ends exchanged (an agent's "by" kept as the qualifier:
 * "X | sent | Y" with "by" is "Y | send | X") and for every passive participle beside its lemma (the voice then
 * only in a qualifier). The string is what is counted, so the exchanged ends do not change the figure.
 */
function voiceTable(rows: Row[]): void {
  const asLemma = (r: Row) => {
    const w = words(r.relation);
    const verb = verbLemma(w[0]);
    return participle(w[0]) && verb !== null && verb !== w[0] ? [verb, ...w.slice(1)].join(' ') : key(r.relation);
  };
  const options: [string, (r: Row) => string][] = [
    ['a passive with its agent\'s "by" as the active lemma, ends exchanged', (r) => (r.preposition === 'by' ? asLemma(r) : key(r.relation))],
    ['every passive participle as its lemma, the voice a qualifier', asLemma],
    // (the participles whose stem is their lemma's, "described" / "describe", apart from the strong ones, "spoken" / "speak":
    // the bench compares relation stems, so only the strong ones can cost it a match)
    [
      'every regular participle ("-ed" on its lemma) as its lemma, the strong ones kept',
      (r) => (regularParticiple(words(r.relation)[0]) ? asLemma(r) : key(r.relation)),
    ],
    ['every passive participle as its lemma where no preposition left for the qualifier', (r) => (r.preposition ? key(r.relation) : asLemma(r))],
  ];
  const distinct = new Set(rows.map((r) => key(r.relation))).size;
  for (const [name, map] of options) {
    const mapped = rows.map(map);
    const changed = rows.filter((r, i) => mapped[i] !== key(r.relation)).length;
    console.log(
      `voice (training): ${name}: ${changed} triples, ${distinct - new Set(mapped).size} strings gone, size-matched N=${sampleSize} ${sizeMatched(mapped, sampleSize) ?? '-'}`,
    );
  }
}

interface Row {
  file: string;
  spans: number[][];
  subject: string;
  relation: string;
  object: string;
  surface: string;
  preposition: string | null;
}

/** The training judgments whose triple's relation changed between an earlier build and this one, by verdict. */
function changedJudgments(now: Row[], before: Row[]): void {
  const judgments = fs
    .readFileSync(new URL('../../data/judgments/triples.jsonl', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map(
      (l) => JSON.parse(l) as { file: string; split: string; start: number; end: number; subject: string; relation: string; object: string; verdict: string },
    )
    .filter((j) => j.split === 'training');
  const overlaps = (r: Row, start: number, end: number) => r.spans.some(([s, e]) => s < end && start < e);
  const byFile = (rows: Row[]) => {
    const m = new Map<string, Row[]>();
    for (const r of rows) m.set(r.file, [...(m.get(r.file) ?? []), r]);
    return m;
  };
  const beforeBy = byFile(before);
  const nowBy = byFile(now);
  const verdicts = new Map<string, number>();
  const lines: string[] = [];
  let joined = 0;
  for (const j of judgments) {
    const rows = beforeBy.get(j.file) ?? [];
    const on = rows.filter((r) => overlaps(r, j.start, j.end));
    const same = (r: Row) => key(r.subject) === key(j.subject) && key(r.object) === key(j.object);
    const t = on.find((r) => same(r) && key(r.relation) === key(j.relation)) ?? on.find((r) => key(r.relation) === key(j.relation)) ?? on.find(same);
    if (!t) continue;
    joined++;
    const ends = (r: Row) => [key(r.subject), key(r.object)].sort().join('|');
    const u = (nowBy.get(j.file) ?? []).find((r) => key(r.surface) === key(t.surface) && ends(r) === ends(t) && t.spans.some(([s, e]) => overlaps(r, s, e)));
    if (!u || key(u.relation) === key(t.relation)) continue;
    verdicts.set(j.verdict, (verdicts.get(j.verdict) ?? 0) + 1);
    lines.push(
      `  ${j.verdict.padEnd(5)} ${t.subject} | ${t.relation} | ${t.object}  ->  ${u.subject} | ${u.relation} | ${u.object}${u.preposition ? ` [${u.preposition}]` : ''}`,
    );
  }
  console.log(
    `training judgments joined to the earlier build ${joined}; relation changed ${lines.length}: ${[...verdicts].map(([v, n]) => `${v} ${n}`).join(', ')}`,
  );
  console.log(lines.sort().join('\n'));
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
  const shownOf = (all: TripleListItem[]) => all.filter((t) => t.precision === null || t.precision >= DEFAULT_PRECISION_THRESHOLD);
  for (const [side, all] of bySide) {
    const shown = shownOf(all);
    console.log(
      `${side}: triples ${all.length}, distinct relations ${new Set(all.map((t) => key(t.relation))).size}, per 1000 ${perThousand(all.map((t) => t.relation))}; ` +
        `default view ${shown.length}, per 1000 ${perThousand(shown.map((t) => t.relation))}`,
    );
  }
  // size-matched: every side at N triples, and training at the size of each other side (its whole graph and default view)
  const sizes = [...new Set([sampleSize, ...[...bySide.values()].flatMap((all) => [all.length, shownOf(all).length])])].sort((a, b) => a - b);
  for (const [side, all] of bySide) {
    const figures = (items: TripleListItem[]) =>
      sizes
        .map(
          (n) =>
            [
              n,
              sizeMatched(
                items.map((t) => t.relation),
                n,
              ),
            ] as const,
        )
        .filter(([, f]) => f !== null)
        .map(([n, f]) => `N=${n} ${f}`)
        .join(', ');
    console.log(`${side} size-matched per 1000 (mean of 50 draws of N): whole graph ${figures(all)}; default view ${figures(shownOf(all))}`);
  }
  const training = bySide.get('training')!;
  const fileOf = new Map(docs.map((d) => [d.id, d.file]));
  const rows = training.map((t) => ({
    file: fileOf.get(t.provenance[0]?.document ?? -1) ?? '',
    spans: t.provenance.map((p) => [p.start, p.end]),
    subject: t.subject,
    relation: t.relation,
    object: t.object,
    surface: t.qualifiers?.surface ?? t.relation,
    preposition: t.qualifiers?.preposition ?? null,
  }));
  const dump = opt('--dump');
  if (dump) fs.writeFileSync(dump, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const earlier = opt('--changed');
  if (earlier)
    changedJudgments(
      rows,
      fs
        .readFileSync(earlier, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Row),
    );
  const relations = training.map((t) => t.relation);
  classTable(relations);
  voiceTable(rows);
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
