// Draw triples for editors to judge: a seeded random sample of a database's triples, stratified by
// kit document (proportional to each document's triple count, at least 4 a document), uniform
// within a document, skipping triples already judged. Prints JSONL items ready to judge.
//
//   npx tsx scripts/judgments/sample.ts --db /tmp/judge.db --seed 20261205 --training 230 --validation 100 \
//     [--judged data/judgments/triples.jsonl] [--shown 0.75] > /tmp/sample.jsonl
//
// --shown S: stratified toward the default view (the triples an editor sees): of each document's quota,
// the share S is drawn among its triples the default view shows (stored precision at or above the
// contract's threshold), the rest among the hidden ones (either pool filling in when the other runs
// short). Without it the draw is uniform, as the first draws were. A side given 0 draws nothing.
// --band LO,HI (with --shown): the preferred pool is the triples whose stored precision is in [LO, HI]
// (where the model is unsure and the threshold decides) instead of the default view.
// --sentence-only: draw only among the sentence extractor's triples (those whose first rule is of no
// pattern family; draws.ts bySentenceExtractor), each document's quota proportional to its count of them.
// Its lines' `draw` carries `population: "sentence"`, so the weights count that population alone.
// --fewest N: draw only from the N documents of each side that the judgments (--judged, the standing
// lines) hold fewest of, ties by file name; their files are printed to stderr, and the lines' `draw`
// carries them as `documents`, so the weights count those documents' triples alone (a side given 0 draws
// nothing then).
// --min M: each document's minimum share (default 4; a smaller one lets a side's total be below 4 per
// document, the rest still proportional to the documents' counts).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Store, openDb } from '../../electron/core/store';
import { splitSentences, type Span } from '../../electron/core/chunk/sentences';
import type { TripleListItem } from '../../shared/contract/graph';
import { DEFAULT_PRECISION_THRESHOLD } from '../../shared/contract/review';
import { bySentenceExtractor } from './draws';
import { currentJudgments, ROOT, readSplit, seededRandom, shuffled, splitDocuments, type KitDocument, type Split } from './kit';

export interface SampleItem {
  id: string;
  file: string;
  split: Split;
  start: number;
  end: number;
  quote: string;
  subject: string;
  relation: string;
  object: string;
  stage: string;
  confidence: number;
  /** The stored precision (not written to the judgments file). */
  precision?: number | null;
}

const norm = (label: string) => label.toLowerCase().replace(/\s+/g, ' ').trim();

/** What makes a judgment the judgment of a triple: the file, the evidence span and the labels. */
export function judgmentKey(j: Pick<SampleItem, 'file' | 'start' | 'end' | 'subject' | 'relation' | 'object'>): string {
  return [j.file, j.start, j.end, norm(j.subject), norm(j.relation), norm(j.object)].join('|');
}

/**
 * How many to draw from each document: proportional to its triple count, at least `min` (or all it
 * has), the shares rounded by largest remainder so they add up to `total`.
 */
export function allocate(counts: Map<string, number>, total: number, min = 4): Map<string, number> {
  const quota = new Map<string, number>();
  for (;;) {
    const rest = [...counts].filter(([file]) => !quota.has(file));
    const left = total - [...quota.values()].reduce((a, b) => a + b, 0);
    const sum = rest.reduce((a, [, n]) => a + n, 0);
    const small = rest.filter(([, n]) => (left * n) / sum < Math.min(min, n));
    if (!small.length) {
      const shares = rest.map(([file, n]) => ({ file, share: sum ? (left * n) / sum : 0 }));
      for (const s of shares) quota.set(s.file, Math.floor(s.share));
      let leftover = left - shares.reduce((a, s) => a + Math.floor(s.share), 0);
      for (const s of [...shares].sort((a, b) => (b.share % 1) - (a.share % 1))) if (leftover-- > 0) quota.set(s.file, (quota.get(s.file) ?? 0) + 1);
      return quota;
    }
    for (const [file, n] of small) quota.set(file, Math.min(min, n));
  }
}

/** The `n` files of `files` that `judged` (the standing judgments' files, one per line) holds fewest of, ties by file name. */
export function fewestJudged(files: readonly string[], judged: readonly string[], n: number): string[] {
  const counts = new Map<string, number>();
  for (const f of judged) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...files].sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0) || a.localeCompare(b)).slice(0, n);
}

const lineStart = (text: string, i: number) => /^[ \t]*$/.test(text.slice(text.lastIndexOf('\n', i - 1) + 1, i));
const lineEnd = (text: string, i: number) => /^[ \t]*(\n|$)/.test(text.slice(i, i + 200));

/**
 * The evidence as an editor reads it: the stored span, widened to its whole sentence when it is a
 * fragment of one. Whole lines (a table row, a list entry, a header line) are evidence as they stand.
 */
export function evidenceQuote(text: string, sentences: Span[], start: number, end: number): string {
  let from = start;
  let to = end;
  if (!(lineStart(text, start) && lineEnd(text, end))) {
    const s = sentences.find((x) => x.start <= start && end <= x.end);
    if (s) [from, to] = [s.start, s.end];
  }
  return text.slice(from, to).replace(/\s+/g, ' ').trim();
}

function documentTriples(store: Store, document: number): TripleListItem[] {
  const all: TripleListItem[] = [];
  for (let offset = 0; ; offset += 5000) {
    const page = store.graph.listTriples({ document, limit: 5000, offset });
    all.push(...page.items);
    if (offset + 5000 >= page.total) return all;
  }
}

/** Whether the default view shows a triple of this stored precision. */
const shownByDefault = (p: number | null | undefined) => p === null || p === undefined || p >= DEFAULT_PRECISION_THRESHOLD;

/** Whether a stored precision is in [lo, hi] (a model's triple, with none, is not). */
const inBand = (band: [number, number]) => (p: number | null | undefined) => p !== null && p !== undefined && p >= band[0] && p <= band[1];

/**
 * `n` of the candidates, the share `shown` of them (rounded) among the preferred ones when given: those
 * the default view shows, or those in the precision band.
 */
function draw(candidates: SampleItem[], n: number, random: () => number, shown?: number, band?: [number, number]): SampleItem[] {
  const order = shuffled(candidates, random);
  if (shown === undefined) return order.slice(0, n);
  const preferred = band ? inBand(band) : shownByDefault;
  const seen = order.filter((c) => preferred(c.precision));
  const hidden = order.filter((c) => !preferred(c.precision));
  const fromSeen = Math.min(seen.length, Math.max(Math.round(n * shown), n - hidden.length));
  return [...seen.slice(0, fromSeen), ...hidden.slice(0, n - fromSeen)];
}

export function sample(
  store: Store,
  opts: {
    seed: number;
    totals: Record<Split, number>;
    judged: Set<string>;
    shown?: number;
    band?: [number, number];
    sentenceOnly?: boolean;
    /** Draw only from these kit files (--fewest). */
    documents?: readonly string[];
    /** Each document's minimum share (allocate's `min`; 4 unless given). */
    min?: number;
  },
): SampleItem[] {
  const random = seededRandom(opts.seed);
  const docs = splitDocuments(store, readSplit()).filter((d) => !opts.documents || opts.documents.includes(d.file));
  const items: SampleItem[] = [];
  const seen = new Set<string>(opts.judged);
  for (const side of ['training', 'validation'] as const) {
    if (opts.shown !== undefined && !opts.totals[side]) continue; // (the first draws gave each document its minimum even then)
    const pools = new Map<string, { doc: KitDocument; candidates: SampleItem[]; text: string; sentences: Span[] }>();
    for (const doc of docs.filter((d) => d.split === side)) {
      const text = store.documents.text(doc.id) ?? '';
      const candidates = documentTriples(store, doc.id).flatMap((t) => {
        if (opts.sentenceOnly && !bySentenceExtractor(t.rules)) return [];
        const spans = t.provenance.filter((p) => p.document === doc.id);
        const p = spans[Math.floor(random() * spans.length)];
        const key = judgmentKey({ file: doc.file, start: p.start, end: p.end, subject: t.subject, relation: t.relation, object: t.object });
        if (seen.has(key)) return [];
        const id = `t${createHash('sha1').update(key).digest('hex').slice(0, 10)}`;
        const { subject, relation, object, stage, confidence } = t;
        const precision = opts.shown === undefined ? {} : { precision: t.precision };
        return [{ id, file: doc.file, split: side, start: p.start, end: p.end, quote: '', subject, relation, object, stage, confidence, ...precision }];
      });
      pools.set(doc.file, { doc, candidates, text, sentences: [] });
    }
    const quota = allocate(new Map([...pools].map(([file, p]) => [file, p.candidates.length])), opts.totals[side], opts.min);
    for (const [file, pool] of pools) {
      const drawn = draw(pool.candidates, quota.get(file) ?? 0, random, opts.shown, opts.band);
      if (drawn.length && !pool.sentences.length) pool.sentences = splitSentences(pool.text);
      for (const item of drawn) {
        seen.add(judgmentKey(item));
        items.push({ ...item, quote: evidenceQuote(pool.text, pool.sentences, item.start, item.end) });
      }
    }
  }
  return items;
}

function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      seed: { type: 'string', default: '20261205' },
      training: { type: 'string', default: '230' },
      validation: { type: 'string', default: '100' },
      judged: { type: 'string', default: path.join(ROOT, 'data', 'judgments', 'triples.jsonl') },
      shown: { type: 'string' },
      band: { type: 'string' },
      'sentence-only': { type: 'boolean', default: false },
      fewest: { type: 'string' },
      min: { type: 'string', default: '4' },
    },
  });
  if (!values.db) throw new Error('sample: give --db FILE (a database with the split documents ingested and extracted)');
  const lines = fs.existsSync(values.judged)
    ? fs
        .readFileSync(values.judged, 'utf8')
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as SampleItem & { rejudges?: string })
    : [];
  const judged = new Set(lines.map((line) => judgmentKey(line)));
  const store = new Store(openDb(values.db, { readonly: true, migrate: false }));
  let documents: string[] | undefined;
  if (values.fewest !== undefined) {
    const standing = currentJudgments(lines);
    const files = splitDocuments(store, readSplit());
    // (a side given 0 draws is left out: its documents are named by no draw)
    documents = (['training', 'validation'] as const)
      .filter((side) => Number(values[side]) > 0)
      .flatMap((side) =>
        fewestJudged(
          files.filter((d) => d.split === side).map((d) => d.file),
          standing.filter((j) => j.split === side).map((j) => j.file),
          Number(values.fewest),
        ),
      );
    process.stderr.write(`sample: --fewest ${values.fewest}: ${JSON.stringify(documents)}\n`);
  }
  const shown = values.shown === undefined ? undefined : Number(values.shown);
  const band = values.band?.split(',').map(Number);
  if (band && (band.length !== 2 || band.some((x) => !Number.isFinite(x)) || shown === undefined))
    throw new Error(`sample: --band takes LO,HI (two numbers) with --shown; got "${values.band}"`);
  const items = sample(store, {
    seed: Number(values.seed),
    totals: { training: Number(values.training), validation: Number(values.validation) },
    judged,
    shown,
    band: band as [number, number] | undefined,
    sentenceOnly: values['sentence-only'],
    documents,
    min: Number(values.min),
  });
  for (const item of items) process.stdout.write(`${JSON.stringify(item)}\n`);
  store.db.close();
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
