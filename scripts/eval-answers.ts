// Answers without a model on the project's question sets (not a test): aggregates only.
//   npx tsx scripts/eval-answers.ts [--set training|validation|validation-b|kit|FILE] [--db FILE] [--misses] [--ranks] [--json]
// Over the database of every split document (scripts/qa-split.ts builds it once), for each question:
//  - answer accuracy: eval's grader (eval/qa.ts answerCorrect) on the first short answer;
//  - passage recall@5: every gold quote inside one of the five passages, ours next to plain BM25 (FTS5) over the same chunks,
//    overall and per question type (multi-hop questions need both their passages);
//  - calibration: ECE over the answerable questions, precision and coverage at confidence thresholds;
//  - off-topic questions (type "off-topic"): how many are refused (not_in_graph).
// --misses lists the wrong answers of a training set; it is refused for validation (its misses are never read), and
// for validation-b (data/qa/validation-b.jsonl, a second set over the validation documents), by name or by path.
// --ranks prints, per question type, where the gold passages of the recall@5 misses rank in each ranking
// (BM25, dense, the graph's, the second hop, the fitted table's); training only, like --misses.
// --parts prints the figures of the training set's READ documents and CHECK documents (answers/vector-folds.ts) apart.
// --hops prints, per multi-hop question with two quotes (the describing passage first), whether each passage is
// among the five, the second passage's rank in the pool (and whether the second hop found it), whether its
// document is one the first passage's document cites, and the count of each failure class; training only.
import { calibrationErrorFloor } from '../electron/core/learn/calibrate';
import path from 'node:path';
import { Core } from '../electron/core/core';
import type { Store } from '../electron/core/store';
import { Retriever, type PooledPassage } from '../electron/core/retrieve/retriever';
import { extractiveAnswer } from '../electron/core/chat/answer';
import { expectedCalibrationError, precisionAt, reliability, type ConfidencePoint } from '../electron/core/eval/calibration';
import { answerCorrect, quoteInPassage } from '../electron/core/eval/qa';
import { designationKey, designationsIn } from '../electron/core/retrieve/second-hop';
import { CHECK_DOCUMENTS, inDocuments } from './answers/vector-folds';
import { isHeldOutFile, KIT_QUESTIONS, readQuestionSet, splitDatabase, splitQuestionsFile, type SplitQuestion } from './qa-split';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

export interface AnswerFigures {
  set: string;
  answerable: number;
  accuracy: number;
  recall5: number;
  bm25Recall5: number;
  withQuote: number;
  ece: number;
  /** The ECE a perfectly calibrated confidence would read on the same answers (learn/calibrate.ts calibrationErrorFloor): an ECE over few answers reads high by chance. */
  eceFloor: number;
  /** The answerable questions' reliability bins (five, equal width): mean confidence against the share right. */
  reliability: ReturnType<typeof reliability>;
  precisionAt: ReturnType<typeof precisionAt>;
  offTopic: number;
  offTopicRefused: number;
  unsure: number;
  refusedAnswerable: number;
  perType: Record<string, { n: number; accuracy: number }>;
  /** Passage recall@5 (ours and plain BM25's) per question type, over the questions with a quote. */
  recallByType: Record<string, { n: number; recall5: number; bm25Recall5: number }>;
}

/** Where a recall@5 miss's gold passage ranks in one ranking (1-based; null: not in it). */
export interface MissRanks {
  type: string;
  ranks: Record<'bm25' | 'dense' | 'graph' | 'secondHop' | 'table', number | null>;
}

export interface AnsweredQuestion {
  item: SplitQuestion;
  first: string;
  answers: string[];
  outcome: string;
  confidence: number;
  correct: boolean;
  recalled: boolean | null;
  bm25: boolean | null;
  /** With --ranks: the ranks of each gold passage of a recall@5 miss. */
  missRanks?: MissRanks[];
  /** With --hops, a multi-hop question with two quotes: where its two passages are. */
  hop?: HopPlaces;
}

/** Where a multi-hop question's two passages are (`quotes[0]` the passage that names the bridge, `quotes[1]` the one asked about). */
export interface HopPlaces {
  /** The question took a second hop (two-passage shape). */
  twoHop: boolean;
  bridgeIn5: boolean;
  /** 1-based rank of the describing passage in the pool; null: not in the pool. */
  bridgeRank: number | null;
  secondIn5: boolean;
  /** 1-based rank of the second passage in the pool (the fitted table's order); null: not in the pool. */
  secondRank: number | null;
  /** The second hop found the second passage. */
  secondFromHop: boolean;
  /** The second passage is in another document than the first. */
  otherDocument: boolean;
  /** The first passage's document cites the second's (its designation occurs in the first document's text). */
  cited: boolean;
  /** The bridges the second hop followed. */
  bridges: string[];
}

/** The first short answer graded by eval's one grader (eval/qa.ts answerCorrect). */
export const firstCorrect = (gold: string[], first: string): boolean => answerCorrect(gold, first);

/** Ask every question of a set; the per-question rows (for training only) and the aggregates. */
export async function answerSet(
  retriever: Retriever,
  items: SplitQuestion[],
  set: string,
  options: { ranks?: boolean; hops?: Store } = {},
): Promise<{ rows: AnsweredQuestion[]; figures: AnswerFigures }> {
  const rows: AnsweredQuestion[] = [];
  for (const item of items) {
    const res = await retriever.retrieve(item.question, { passagePool: options.ranks || !!options.hops });
    const answer = extractiveAnswer(res) as { answers: string[]; outcome: string; confidence: number };
    const quotes = item.quotes?.length ? item.quotes : item.quote ? [item.quote] : [];
    const inTop = (texts: string[]) => quotes.every((q) => texts.some((t) => quoteInPassage(q, t)));
    const bm = quotes.length ? retriever.repo.passages(retriever.repo.searchPassages(item.question, 5).map((h) => h.id)).map((p) => p.text) : [];
    const first = answer.answers[0] ?? '';
    rows.push({
      item,
      first,
      answers: answer.answers.slice(0, 5),
      outcome: answer.outcome,
      confidence: answer.confidence,
      correct: item.answers.length > 0 && firstCorrect(item.answers, first),
      recalled: quotes.length ? inTop(res.passages.map((p) => p.text)) : null,
      bm25: quotes.length ? inTop(bm) : null,
      ...(options.ranks && quotes.length && !inTop(res.passages.map((p) => p.text))
        ? { missRanks: missRanks(retriever, item, quotes, res.passagePool ?? []) }
        : {}),
      ...(options.hops && item.type === 'multi-hop' && quotes.length === 2 ? { hop: hopPlaces(retriever, options.hops, quotes, res) } : {}),
    });
  }
  return { rows, figures: figuresOf(rows, set) };
}

export function figuresOf(rows: AnsweredQuestion[], set: string): AnswerFigures {
  const answerable = rows.filter((r) => r.item.type !== 'off-topic');
  const off = rows.filter((r) => r.item.type === 'off-topic');
  const quoted = answerable.filter((r) => r.recalled !== null);
  const points: ConfidencePoint[] = rows.map((r) => ({
    confidence: r.outcome === 'not_in_graph' ? 0 : r.confidence,
    correct: r.correct && r.outcome !== 'not_in_graph',
    answerable: r.item.type !== 'off-topic',
  }));
  const perType: Record<string, { n: number; accuracy: number }> = {};
  for (const r of answerable) {
    const t = (perType[r.item.type] ??= { n: 0, accuracy: 0 });
    t.n++;
    if (r.correct) t.accuracy++;
  }
  for (const t of Object.values(perType)) t.accuracy = round(t.accuracy / t.n);
  const recallByType: AnswerFigures['recallByType'] = {};
  for (const r of quoted) {
    const t = (recallByType[r.item.type] ??= { n: 0, recall5: 0, bm25Recall5: 0 });
    t.n++;
    if (r.recalled) t.recall5++;
    if (r.bm25) t.bm25Recall5++;
  }
  for (const t of Object.values(recallByType)) {
    t.recall5 = round(t.recall5 / t.n);
    t.bm25Recall5 = round(t.bm25Recall5 / t.n);
  }
  return {
    set,
    answerable: answerable.length,
    accuracy: round(answerable.filter((r) => r.correct).length / Math.max(1, answerable.length)),
    recall5: round(quoted.filter((r) => r.recalled).length / Math.max(1, quoted.length)),
    bm25Recall5: round(quoted.filter((r) => r.bm25).length / Math.max(1, quoted.length)),
    withQuote: quoted.length,
    ece: expectedCalibrationError(points.filter((p) => p.answerable)),
    eceFloor: round(calibrationErrorFloor(points.filter((p) => p.answerable).map((p) => p.confidence))),
    reliability: reliability(
      points.filter((p) => p.answerable),
      5,
    ),
    precisionAt: precisionAt(points, [0.5, 0.6, 0.7, 0.8, 0.9]),
    offTopic: off.length,
    offTopicRefused: off.filter((r) => r.outcome === 'not_in_graph').length,
    unsure: answerable.filter((r) => r.outcome === 'unsure').length,
    refusedAnswerable: answerable.filter((r) => r.outcome === 'not_in_graph').length,
    perType,
    recallByType,
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** Each gold passage's rank in plain BM25 (its 200 best), and in the pool's dense, graph, second-hop and fitted orders. */
function missRanks(retriever: Retriever, item: SplitQuestion, quotes: string[], pool: PooledPassage[]): MissRanks[] {
  const bm25 = retriever.repo.passages(retriever.repo.searchPassages(item.question, 200).map((h) => h.id));
  // a reciprocal-rank feature back to its 1-based rank
  const rankOf = (x: number) => (x > 0 ? Math.round(1 / x) : null);
  return quotes.map((q) => {
    const at = pool.findIndex((p) => quoteInPassage(q, p.text));
    const p = at >= 0 ? pool[at] : null;
    const b = bm25.findIndex((r) => quoteInPassage(q, r.text));
    // the second hop's feature is 1 / (1 + rank) / (1 + source): its rank among all the hits, by that value
    const hop = p && p.features.secondHop > 0 ? pool.filter((x) => x.features.secondHop > p.features.secondHop).length + 1 : null;
    return {
      type: item.type,
      ranks: {
        bm25: b >= 0 ? b + 1 : null,
        dense: p ? rankOf(p.features.dense) : null,
        graph: p ? rankOf(p.features.fused) : null,
        secondHop: hop,
        table: at >= 0 ? at + 1 : null,
      },
    };
  });
}

/** Where a two-quote multi-hop question's passages are: in the five, in the pool, found by the second hop, cited. */
function hopPlaces(retriever: Retriever, store: Store, quotes: string[], res: Awaited<ReturnType<Retriever['retrieve']>>): HopPlaces {
  const five = res.passages.map((p) => p.text);
  const pool = res.passagePool ?? [];
  const at = pool.findIndex((p) => quoteInPassage(quotes[1], p.text));
  const holding = (q: string) => retriever.repo.passages(retriever.repo.searchPassages(q, 20).map((h) => h.id)).find((p) => quoteInPassage(q, p.text));
  const first = holding(quotes[0]);
  const second = at >= 0 ? pool[at] : holding(quotes[1]);
  const docOf = (p: { id: number } | undefined) => (p ? retriever.repo.documentOfChunk(p.id) : undefined);
  const [d1, d2] = [docOf(first), docOf(second)];
  const designation =
    d2 === undefined
      ? undefined
      : store
          .clauseLookup()
          .standards()
          .find((s) => s.documentId === d2)?.standard.id;
  const firstText = d1 === undefined ? '' : (store.documents.text(d1) ?? '');
  return {
    twoHop: !!res.secondHop,
    bridgeIn5: five.some((t) => quoteInPassage(quotes[0], t)),
    bridgeRank: pool.findIndex((p) => quoteInPassage(quotes[0], p.text)) + 1 || null,
    secondIn5: five.some((t) => quoteInPassage(quotes[1], t)),
    secondRank: at >= 0 ? at + 1 : null,
    secondFromHop: at >= 0 && pool[at].features.secondHop > 0,
    otherDocument: d1 !== undefined && d2 !== undefined && d1 !== d2,
    cited: !!designation && d1 !== d2 && designationsIn(firstText).some((d) => designationKey(d) === designationKey(designation)),
    bridges: res.secondHop?.bridges.map((b) => b.term) ?? [],
  };
}

/** Per multi-hop question where its passages are, and the count of each failure class. */
export function printHops(rows: AnsweredQuestion[], out: (s: string) => void = console.log): void {
  const hops = rows.filter((r) => r.hop);
  const classOf = (h: HopPlaces) =>
    h.bridgeIn5 && h.secondIn5
      ? 'both in five'
      : !h.bridgeIn5 && !h.secondIn5
        ? 'neither in five'
        : !h.bridgeIn5
          ? 'describing passage not in five'
          : h.secondRank === null
            ? 'second passage not in pool'
            : 'second passage in pool, not in five';
  for (const r of hops) {
    const h = r.hop!;
    out(
      `${r.item.id} ${classOf(h)}; twoHop ${h.twoHop ? 1 : 0}, describing rank ${h.bridgeRank ?? '-'}, second rank ${h.secondRank ?? '-'}${h.secondFromHop ? ' (hop)' : ''}, other document ${h.otherDocument ? 1 : 0}, cited ${h.cited ? 1 : 0}; bridges ${JSON.stringify(h.bridges)}`,
    );
  }
  const counts = new Map<string, number>();
  for (const r of hops) counts.set(classOf(r.hop!), (counts.get(classOf(r.hop!)) ?? 0) + 1);
  out(`multi-hop (${hops.length}): ${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  out(
    `  second passage: in another document ${hops.filter((r) => r.hop!.otherDocument).length}, of them cited by the first's document ${hops.filter((r) => r.hop!.cited).length}; found by the second hop ${hops.filter((r) => r.hop!.secondFromHop).length}`,
  );
}

/** The rank table of the recall@5 misses: per type and ranking, how many gold passages rank 1-5, 6-10, 11-20, 21-200, nowhere. */
export function printMissRanks(rows: AnsweredQuestion[], out: (s: string) => void = console.log): void {
  const misses = rows.flatMap((r) => r.missRanks ?? []);
  const bins: [string, (r: number) => boolean][] = [
    ['1-5', (r) => r <= 5],
    ['6-10', (r) => r > 5 && r <= 10],
    ['11-20', (r) => r > 10 && r <= 20],
    ['21+', (r) => r > 20],
  ];
  out(`recall@5 misses: ${rows.filter((r) => r.missRanks).length} questions, ${misses.length} gold passages; ranks 1-5 / 6-10 / 11-20 / 21+ / none`);
  for (const type of [...new Set(misses.map((m) => m.type))].sort()) {
    const of = misses.filter((m) => m.type === type);
    const cells = (['bm25', 'dense', 'graph', 'secondHop', 'table'] as const).map((k) => {
      const ranks = of.map((m) => m.ranks[k]);
      return `${k} ${bins.map(([, f]) => ranks.filter((r) => r !== null && f(r)).length).join('/')}/${ranks.filter((r) => r === null).length}`;
    });
    out(`  ${type} (${of.length}): ${cells.join('; ')}`);
  }
}

export function printFigures(f: AnswerFigures, out: (s: string) => void = console.log): void {
  out(
    `${f.set}: ${f.answerable} answerable, accuracy ${f.accuracy.toFixed(3)}; recall@5 ${f.recall5.toFixed(3)} vs BM25 ${f.bm25Recall5.toFixed(3)} (${f.withQuote} with a quote); ECE ${f.ece.toFixed(3)} (a calibrated confidence reads ${f.eceFloor.toFixed(3)} on as many answers); unsure ${f.unsure}, refused ${f.refusedAnswerable}`,
  );
  out(
    `  precision / coverage at confidence >= ${f.precisionAt.map((p) => `${p.threshold}: ${p.precision === null ? '-' : p.precision.toFixed(3)} / ${p.coverage.toFixed(3)} (${p.answered})`).join(', ')}`,
  );
  out(
    `  reliability (answerable): ${f.reliability
      .map((b) => `[${b.from.toFixed(1)}, ${b.to.toFixed(1)}) ${b.count}${b.count ? ` at ${b.confidence!.toFixed(2)} right ${b.accuracy!.toFixed(2)}` : ''}`)
      .join('; ')}`,
  );
  if (f.offTopic) out(`  off-topic refused ${f.offTopicRefused} / ${f.offTopic}`);
  out(
    `  by type: ${Object.entries(f.perType)
      .map(([t, x]) => `${t} ${x.accuracy.toFixed(2)} (${x.n})`)
      .join(', ')}`,
  );
  out(
    `  recall@5 by type (BM25): ${Object.entries(f.recallByType)
      .map(([t, x]) => `${t} ${x.recall5.toFixed(2)} (${x.bm25Recall5.toFixed(2)}, ${x.n})`)
      .join(', ')}`,
  );
}

async function main(): Promise<void> {
  const set = opt('set') ?? 'training';
  const file =
    set === 'training' || set === 'validation' || set === 'validation-b' ? splitQuestionsFile(set) : set === 'kit' ? KIT_QUESTIONS : path.resolve(set);
  const items = readQuestionSet(file);
  if ((args.includes('--misses') || args.includes('--ranks') || args.includes('--hops')) && isHeldOutFile(file))
    throw new Error('validation misses are not read: aggregates only');
  const db = opt('db') ?? (await splitDatabase());
  const core = new Core({ dbPath: db, startJobs: false });
  try {
    const { rows, figures } = await answerSet(new Retriever(core.store), items, set, {
      ranks: args.includes('--ranks'),
      hops: args.includes('--hops') ? core.store : undefined,
    });
    if (args.includes('--json')) console.log(JSON.stringify(figures));
    else printFigures(figures);
    if (args.includes('--parts'))
      for (const [part, inCheck] of [
        ['READ', false],
        ['CHECK', true],
      ] as const)
        printFigures(
          figuresOf(
            rows.filter((r) => inDocuments(r.item.file ?? '', CHECK_DOCUMENTS) === inCheck),
            `${set} ${part} documents`,
          ),
        );
    if (args.includes('--ranks')) printMissRanks(rows);
    if (args.includes('--hops')) printHops(rows);
    if (args.includes('--misses'))
      for (const r of rows.filter((x) => !x.correct && x.item.type !== 'off-topic'))
        console.log(
          `${r.item.id} [${r.item.type}] ${r.item.question}\n   gold ${JSON.stringify(r.item.answers)} | ${r.outcome} ${r.confidence} | ${JSON.stringify(r.answers)}`,
        );
  } finally {
    await core.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
