// Per-rule precision from the editor judgments: each judged triple (data/judgments/triples.jsonl,
// judged before rule ids were recorded) is joined to today's classic extraction of its document to
// get its rule ids, then the keep share per rule is fitted on the TRAINING documents only
// (electron/core/extract/precision.ts fitPrecision) and written to electron/core/extract/rule-precision.json.
// A feature model (extract/precision-model.ts: a logistic model over the rule's precision and the
// triple's shape) is fitted on the same training judgments into precision-model.json; it is the
// precision the product stores. Both are reported.
// The default view's threshold is chosen on the TRAINING folds, held out (each judged triple and each fact
// of data/judgments/section-facts.jsonl scored by the model fitted without its document): the one at
// which the smaller of two lower 90 % Wilson bounds is highest, the keep rate of the judged triples it
// shows and the share of the facts (held fully by the full graph) it still holds: both targets are
// 70 % (extract/precision.ts chooseBalancedThreshold); it is written to precision-model.json. The
// trade-off curve (threshold -> keep rate, facts held, share hidden) is printed for the training folds
// and for validation. Validation figures (calibration, ranking, what the threshold hides, the facts it
// keeps) are printed, never fitted on.
//
// Each judgment is weighted by how it was drawn (its `draw`; scripts/judgments/draws.ts): the inverse of
// its stratum's inclusion rate, so that the keep rates, the table, the model and the threshold's keep rate
// estimate those of all the triples of the training documents, not of the pools some draws preferred
// (data/judgments/README.md, "How the fit weights the draws").
//
//   npx tsx scripts/judgments/fit-precision.ts [--db FILE] [--threshold T (print the figures at T instead)]
//     [--unweighted (every judgment 1)] [--fit-as-drawn (fit unweighted, score weighted)]
//     [--uncalibrated (the draws' weights alone, not calibrated to today's extraction by document: draws.ts calibratedWeights)]
//     [--strata document (strata per document, not per side)] [--no-clusters (the keep bound without the spread between documents)]
//     [--reasons (also print the TRAINING judgments' edit and wrong reasons on today's extraction, by first rule)]
//     [--base (fit the nine features of before at L2 1, no selection, and write nothing: a comparison)]
//     [--diagnose (also print, on TRAINING only, the chosen model in-sample against held out by the folds and one
//      document at a time, cross-fitted and at other table strengths, and its held-out figures by document, draw and family)]
//     [--dump FILE (write the training judgments and the training facts' triples as the fit reads them, and stop)]
//     [--nested (also print the nested estimate: the selection, fit and threshold rule run without each outer fold of
//      families, the fold scored by that fit at that threshold; about five selections more)]
//     [--by-document (folds of documents, each its own family: the folds before precision12, a comparison)]
//     [--nested-dump FILE (with --nested: write the outer folds, each rule's threshold and the scored judgments and facts, as JSON)]
//     [--facts-independent (the facts' bound as if each fact were apart: the plain Wilson bound of their count, the rule before facts16)]
//     [--without-candidates "NAME|NAME" (select the features without these candidates: a comparison)]
//     [--document-triples (the selection may also take the features read over all of a document's triples, which the product
//      cannot read: a comparison, nothing written)]
//     [--facts (also print each TRAINING section fact the full graph holds: held or hidden at the chosen threshold, by the
//      fold fitted without its document, with its holding triples, their rules and held-out precisions)]
//     [--check-documents "A|B" (also print the training folds' figures on these documents and on the rest apart)]
//     [--draws "SEED|SEED" (also print the training folds' figures on the judgments of these draws, by band of held-out precision)]
//     [--changed FILE (write the TRAINING judgments whose triple reads differently today, or is gone, with today's triple, and stop:
//      the list to judge again; data/judgments/README.md, "Re-judged on today's extraction")]
//     [--skew (print, by side, extractor and join, the committed model's mean estimate of the joined judgments as the database
//      stored it, as the fit reads the judged triple and as it reads today's stored triple, and stop: a gap between the
//      stored precision and the fitted one)]
//
// The folds hold whole families of documents (scripts/judgments/families.ts: editions and companions written
// from one template, found by the text they share), so that a sentence a sibling repeats is not fitted on one
// side of a fold and scored on the other.
//
// --db: a database with every document of data/split.json ingested and extracted with the classic
// engine (data/judgments/README.md has the two commands); a --db not there yet is built there, and
// without --db one is built in a temporary folder.
// Join, in order: the same document and subject | relation | object (case and spaces ignored); else a
// triple of the same document and relation whose evidence overlaps the judged span; else one with the same two
// ends whose evidence overlaps it (a relation judged as written, stored in its lemma form since); else unjoined.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { prepareFile, storePrepared } from '../../electron/core/ingest/pipeline';
import { callCore } from '../../electron/cli/open';
import {
  chooseThresholdBy,
  FACTS_KEPT_TARGET,
  factsHeld,
  fitPrecision,
  KEEP_RATE_TARGET,
  type ListedFact,
  THRESHOLD_RULE,
  THRESHOLD_RULES,
  type ThresholdRuleName,
  PRIOR_STRENGTH,
  ruleFamily,
  tradeOffCurve,
  triplePrecision,
  type Verdict,
} from '../../electron/core/extract/precision';
import type { TripleListItem } from '../../shared/contract/graph';
import { DEFAULT_PRECISION_THRESHOLD } from '../../shared/contract/review';
import {
  BASE_FEATURES,
  CANDIDATE_FEATURES,
  DOCUMENT_PASS_FEATURES,
  estimatePrecision,
  PRECISION_MODEL,
  predictLogistic,
  qualifierFlags,
  relationQualifierFlags,
  tripleFeatures,
  type TripleQualifierFlags,
  type RelationQualifierFlags,
} from '../../electron/core/extract/precision-model';
import {
  documentSalience,
  documentTriples,
  documentTripleUses,
  tripleContext,
  type DocumentSalience,
  type DocumentTriples,
  type TripleContext,
} from '../../electron/core/extract/precision-context';
import {
  chooseStrength,
  crossValidate,
  documentDiagnostics,
  fitFeatureModel,
  foldFits,
  groupFigures,
  rankingAuc,
  selectFeatures,
  type Example,
  type FoldFit,
  nestedEstimate,
  preferredRule,
  type RuleOnFolds,
  type Trial,
} from './select-features';
import { documentFamilies } from './families';
import { currentJudgments, mostAlike, ROOT, readSplit, splitDocuments, type Split } from './kit';
import { calibratedWeights, calibrationCell, CALIBRATION_CELLS, drawKey, inclusionWeights, readDrawModels, stratumOf, type Draw } from './draws';

interface Judgment {
  id: string;
  file: string;
  split: Split;
  start: number;
  end: number;
  subject: string;
  relation: string;
  object: string;
  quote: string;
  verdict: Verdict;
  reason?: string;
  edit?: { subject: string; relation: string; object: string };
  note?: string;
  draw: Draw;
  rejudges?: string;
}

/**
 * Calibration, ranking and what a threshold keeps, for scored judgments: plain, then weighted by each
 * judgment's draw (`w`: what the figures would be on a uniform draw of the side's triples).
 */
function figures(scored: { p: number; keep: boolean; w: number }[], threshold: number): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  const keeps = scored.filter((s) => s.keep);
  const auc = rankingAuc(scored.map(({ p, keep }) => ({ p, keep })));
  const brier = scored.reduce((s, x) => s + (x.p - (x.keep ? 1 : 0)) ** 2, 0) / scored.length;
  const mean = scored.reduce((s, x) => s + x.p, 0) / scored.length;
  const shown = scored.filter((s) => s.p >= threshold);
  const hidden = scored.filter((s) => s.p < threshold);
  const rate = (xs: typeof scored) => (xs.length ? pct(xs.filter((s) => s.keep).length / xs.length) : '-');
  const total = (xs: typeof scored) => xs.reduce((a, x) => a + x.w, 0);
  const weightedRate = (xs: typeof scored) => (xs.length ? pct(total(xs.filter((s) => s.keep)) / total(xs)) : '-');
  return (
    `n ${scored.length}, keep ${pct(keeps.length / scored.length)}, mean precision ${pct(mean)}, Brier ${brier.toFixed(3)}, AUC ${auc.toFixed(3)}; ` +
    `threshold ${threshold.toFixed(3)}: shown ${shown.length} (keep ${rate(shown)}), hidden ${hidden.length} = ${pct(hidden.length / scored.length)} (keep ${rate(hidden)}); ` +
    `weighted by draw: keep ${weightedRate(scored)}, AUC ${rankingAuc(scored).toFixed(3)}, shown ${pct(total(shown) / total(scored))} (keep ${weightedRate(shown)}), hidden keep ${weightedRate(hidden)}`
  );
}

/**
 * The reasons of the training judgments an editor did not keep as they stand, counted on today's
 * extraction (only those still joined to a triple), overall and by the rule that made the triple: the
 * error classes to attack next. Training only: validation misses are never read to write rules.
 */
function printReasons(training: (Judgment & { rules: string[] })[]): void {
  const missed = training.filter((j) => j.verdict !== 'keep');
  const count = (keys: string[]) => {
    const n = new Map<string, number>();
    for (const k of keys) n.set(k, (n.get(k) ?? 0) + 1);
    return [...n].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  };
  console.log(`training judgments joined ${training.length}: not kept ${missed.length}; reasons (edit and wrong):`);
  for (const [reason, n] of count(missed.map((j) => j.reason ?? 'none'))) console.log(`  ${reason} ${n}`);
  console.log('by first rule (keep / not kept: reasons):');
  const rules = count(training.map((j) => j.rules[0] ?? 'none'));
  for (const [rule, n] of rules) {
    const of = training.filter((j) => (j.rules[0] ?? 'none') === rule);
    const reasons = count(of.filter((j) => j.verdict !== 'keep').map((j) => j.reason ?? 'none'));
    console.log(`  ${rule} ${n}: keep ${of.filter((j) => j.verdict === 'keep').length}; ${reasons.map(([r, k]) => `${r} ${k}`).join(', ')}`);
  }
}

/**
 * Where the gap between training and new documents comes from, on TRAINING only (--diagnose): the chosen
 * model in-sample, held out by the folds and one document at a time, with the rule's precision read from
 * a table fitted without the row's own document (cross-fitted) and at other prior strengths; then the
 * one-document-out estimates by document, by draw and by the first rule's family, at the threshold.
 */
function diagnose(examples: Example[], features: readonly string[], l2: number, strength: number, threshold: number): void {
  const line = (x: { auc: number; logLoss: number }) => `AUC ${x.auc.toFixed(3)}, log loss ${x.logLoss.toFixed(4)}`;
  const variants: [string, { strength: number; crossFitted?: boolean }][] = [
    [`table strength ${strength}`, { strength }],
    [`table strength ${strength}, cross-fitted by document`, { strength, crossFitted: true }],
    ...[1, 4, 16, 64].filter((s) => s !== strength).map((s): [string, { strength: number }] => [`table strength ${s}`, { strength: s }]),
  ];
  console.log(`diagnosis, training only (${examples.length} judgments, ${new Set(examples.map((e) => e.group)).size} documents), L2 ${l2}:`);
  let heldOut: number[] = [];
  for (const [name, options] of variants) {
    const d = documentDiagnostics(examples, features, l2, options);
    if (!heldOut.length) heldOut = d.heldOut;
    console.log(`  ${name}: in-sample ${line(d.inSample)}; folds ${line(d.folds)}; one document out ${line(d.leaveOneOut)}`);
  }
  for (const [name, key] of [
    ['document', (e: Example) => e.group],
    ['draw', (e: Example) => String((e.shape as { draw?: Draw }).draw?.seed ?? '-')],
    ['first rule family', (e: Example) => ruleFamily(e.rules[0] ?? 'none')],
  ] as const) {
    console.log(`  one document out, by ${name} (n, keep weighted, mean estimate, AUC, log loss, shown at ${threshold} and kept):`);
    for (const g of groupFigures(
      examples.map((e, i) => ({ p: heldOut[i], keep: e.verdict === 'keep', w: e.weight ?? 1, group: key(e) })),
      threshold,
    ))
      console.log(
        `    ${g.group} ${g.n}: keep ${(100 * g.keep).toFixed(0)} %, estimate ${(100 * g.meanP).toFixed(0)} %, AUC ${g.auc.toFixed(2)}, log loss ${g.logLoss.toFixed(3)}; shown ${g.shown}, kept ${g.kept}${g.shown ? ` (${((100 * g.kept) / g.shown).toFixed(0)} %)` : ''}`,
      );
  }
}

interface Section {
  id: string;
  file: string;
  split: Split;
  start: number;
  end: number;
  baseline: { fact: number; coverage: 'full' | 'partial' | 'missing'; triple: string | null }[];
}

type Estimator = 'per rule' | 'feature model';

interface HeldFact {
  /** The document it was listed in (the facts' bound reads the spread between documents: precision.ts factsShareLower). */
  file: string;
  split: Split;
  coverage: 'full' | 'partial';
  /** The precision of each triple holding it (null: not estimated), by each estimator. */
  precisions: Record<Estimator, (number | null)[]>;
  /** The same, each estimator fitted without the fact's document (held out: training folds). */
  heldOut: Record<Estimator, (number | null)[]>;
}

const args = process.argv.slice(2);
const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const split = readSplit();
// (the file is append-only: a line re-judging an earlier one replaces it, kit.ts currentJudgments)
const judgments = currentJudgments(
  fs
    .readFileSync(path.join(ROOT, 'data', 'judgments', 'triples.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Judgment),
);
for (const j of judgments)
  if (!j.draw) throw new Error(`data/judgments/triples.jsonl: ${j.id} has no draw (data/judgments/README.md, "How the sample was drawn")`);

const given = opt('--db');
const tmp = given ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'gw-fit-'));
// a --db that does not exist yet is built there (and kept, to fit again without extracting again)
const build = !given || !fs.existsSync(given);
const core = new Core({ dbPath: given ?? path.join(tmp!, 'fit.db'), startJobs: false });
try {
  if (build) {
    const kit = path.resolve(ROOT, split.kit);
    const ids: number[] = [];
    for (const f of [...split.training, ...split.validation]) {
      const stored = storePrepared(core.store, await prepareFile(path.join(kit, f)));
      if (stored.status !== 'imported') throw new Error(`${f}: ${stored.status}`);
      ids.push(...stored.ids);
    }
    const job = core.jobs.enqueue('extract', { documents: ids, engine: 'classic' });
    core.jobs.start();
    const done = await core.jobs.wait(job.id);
    if (done.state !== 'done') throw new Error(`classic extraction ${done.state}: ${done.error}`);
  }
  const docs = new Map(splitDocuments(core.store, split).map((d) => [d.file, d.id]));
  const byDoc = new Map<number, TripleListItem[]>();
  for (const id of new Set(docs.values())) {
    const items: TripleListItem[] = [];
    for (let offset = 0; ; offset += 5000) {
      const page = await callCore(core, 'triples.list', { document: id, limit: 5000, offset });
      items.push(...page.items);
      if (page.items.length < 5000) break;
    }
    byDoc.set(id, items);
  }
  // What the persist step reads of each document (extract/precision-context.ts): its salience, how
  // many triples each evidence span gave, and the relations each span gave between the same two ends.
  const key = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const salience = new Map<number, DocumentSalience>();
  const texts = new Map<number, string>();
  const spanTriples = new Map<number, Map<string, number>>();
  const spanEnds = new Map<number, Map<string, Set<string>>>();
  const endsAt = (at: string, t: { subject: string; object: string }) => `${at}|${key(t.subject)}|${key(t.object)}`;
  // (and, read over all its triples as the extraction's second pass reads them, how its triples use each relation string and end)
  const tripleCounts = new Map<number, DocumentTriples>();
  for (const [id, items] of byDoc) {
    tripleCounts.set(id, documentTriples(items));
    texts.set(id, core.store.documents.text(id) ?? '');
    salience.set(id, documentSalience(texts.get(id)!, core.store.documents.structure(id)));
    const counts = new Map<string, number>();
    const ends = new Map<string, Set<string>>();
    for (const t of items)
      for (const at of new Set(t.provenance.filter((p) => p.document === id).map((p) => `${p.start}-${p.end}`))) {
        counts.set(at, (counts.get(at) ?? 0) + 1);
        ends.set(endsAt(at, t), (ends.get(endsAt(at, t)) ?? new Set()).add(key(t.relation)));
      }
    spanTriples.set(id, counts);
    spanEnds.set(id, ends);
  }
  const contextOf = (doc: number, t: TripleListItem, span: { start: number; end: number } | undefined): TripleContext | undefined => {
    if (!span) return undefined;
    const at = `${span.start}-${span.end}`;
    return {
      ...tripleContext(salience.get(doc)!, span, t, spanTriples.get(doc)?.get(at) ?? 1, (spanEnds.get(doc)?.get(endsAt(at, t))?.size ?? 1) - 1),
      tripleUses: documentTripleUses(tripleCounts.get(doc)!, t),
    };
  };

  /** What the model reads of a stored triple, at its evidence span `at` (else its first in the document). */
  const shapeOfStored = (doc: number, t: TripleListItem, at?: { start: number; end: number }) => {
    const span = at ?? t.provenance.find((p) => p.document === doc);
    const text = texts.get(doc) ?? '';
    return {
      ...t,
      sentence: span ? text.slice(span.start, span.end) : '',
      conditional: Boolean(t.qualifiers?.condition),
      qualifiers: qualifierFlags(t.qualifiers),
      relationQualifiers: relationQualifierFlags(t.qualifiers),
      context: contextOf(doc, t, span),
    };
  };
  const joins = { triple: 0, span: 0, ends: 0, none: 0 };
  const skew: {
    split: Split;
    file: string;
    sentence: boolean;
    exact: boolean;
    stored: number | null;
    asFitted: number | null;
    asStoredShape: number | null;
  }[] = [];
  // (--changed FILE: the training judgments whose triple reads differently today or is gone, to be judged again;
  // --changed-split validation lists that side's instead)
  const changedSide = opt('--changed-split') ?? 'training';
  if (changedSide !== 'training' && changedSide !== 'validation') throw new Error(`--changed-split takes training or validation; got "${changedSide}"`);
  const changed: { judged: Judgment; now: (TripleListItem & { rules: string[] }) | null }[] = [];
  const joined: (Judgment & {
    rules: string[];
    conditional: boolean;
    qualifiers: TripleQualifierFlags;
    relationQualifiers: RelationQualifierFlags;
    context?: TripleContext;
    /** The stratum of its draw the joined triple was in (read with the draw's model, draws.ts). */
    stratum: string;
    /** What today's extraction says of the joined triple (draws.ts calibrationCell): the cell its weight is calibrated in. */
    cell: string;
    weight: number;
  })[] = [];
  // A stratified draw's pools, read again: each triple's stored precision as the draw's model (its commit's
  // precision-model.json and rule-precision.json, data/judgments/draw-models.json) gives it on today's
  // extraction, and how many triples of each document each stratum holds.
  const drawModels = readDrawModels();
  const precisionThen = (draw: Draw, doc: number, t: TripleListItem, span?: { start: number; end: number }): number | null => {
    if (draw.pool === 'uniform') return null;
    const then = drawModels[draw.model ?? ''];
    if (!then) throw new Error(`draw ${drawKey(draw)}: no model "${draw.model}" in data/judgments/draw-models.json`);
    return estimatePrecision(t.rules, shapeOfStored(doc, t, span), then.table, then.model);
  };
  const strataSizes = new Map<string, Map<string, number>>();
  const poolSize = (draw: Draw, doc: number, stratum: string): number => {
    const key = `${drawKey(draw)}|${doc}`;
    if (!strataSizes.has(key)) {
      const sizes = new Map<string, number>();
      for (const t of byDoc.get(doc) ?? []) {
        const s = stratumOf(draw, precisionThen(draw, doc, t), drawModels[draw.model ?? '']?.model.defaultThreshold ?? 0, t.rules);
        sizes.set(s, (sizes.get(s) ?? 0) + 1);
      }
      strataSizes.set(key, sizes);
    }
    return strataSizes.get(key)!.get(stratum) ?? 0;
  };
  for (const j of judgments) {
    const doc = docs.get(j.file);
    const triples = doc === undefined ? [] : (byDoc.get(doc) ?? []);
    const spansOf = (t: TripleListItem) => t.provenance.filter((p) => p.document === doc);
    const overlaps = (t: TripleListItem) => spansOf(t).find((p) => p.start < j.end && j.start < p.end);
    // (the relation judged as written: today's relation, or its surface form when it is stored as a lemma)
    const sameRelation = (t: TripleListItem) =>
      key(t.relation) === key(j.relation) || (t.qualifiers?.surface !== undefined && key(t.qualifiers.surface) === key(j.relation));
    const same = triples.filter((t) => key(t.subject) === key(j.subject) && sameRelation(t) && key(t.object) === key(j.object));
    // (of several evidence spans, the one the judged span overlaps gives the rules)
    const exact = same.find(overlaps) ?? same[0];
    // (of several triples of the span with that relation, the one whose ends share most words with the judged ends)
    const near = exact
      ? undefined
      : mostAlike(
          j,
          triples.filter((t) => sameRelation(t) && overlaps(t)),
        );
    // (the relation judged as written then, in its lemma form now: the same two ends read from the judged span)
    const ends = exact || near ? undefined : triples.find((t) => key(t.subject) === key(j.subject) && key(t.object) === key(j.object) && overlaps(t));
    const t = exact ?? near ?? ends;
    if (j.split === changedSide && !exact) changed.push({ judged: j, now: t ? { ...t, rules: (overlaps(t) ?? spansOf(t)[0])?.rules ?? t.rules } : null });
    if (!t) {
      joins.none++;
      continue;
    }
    joins[exact ? 'triple' : near ? 'span' : 'ends']++;
    const span = overlaps(t) ?? spansOf(t)[0];
    joined.push({
      ...j,
      rules: span?.rules?.length ? span.rules : t.rules,
      conditional: Boolean(t.qualifiers?.condition),
      qualifiers: qualifierFlags(t.qualifiers),
      relationQualifiers: relationQualifierFlags(t.qualifiers),
      context: contextOf(doc!, t, span),
      // (a judged line is in its draw's population, whatever today's rules say: it was drawn from it)
      stratum: stratumOf(j.draw, precisionThen(j.draw, doc!, t, span), drawModels[j.draw.model ?? '']?.model.defaultThreshold ?? 0),
      cell: calibrationCell(t.precision, DEFAULT_PRECISION_THRESHOLD, t.rules),
      weight: 1,
    });
    poolSize(j.draw, doc!, joined[joined.length - 1].stratum);
    if (args.includes('--skew'))
      skew.push({
        split: j.split,
        file: j.file,
        sentence: ruleFamily((span?.rules?.length ? span.rules : t.rules)[0] ?? 'none') !== 'pattern',
        exact: Boolean(exact),
        stored: t.precision,
        asFitted: estimatePrecision(span?.rules?.length ? span.rules : t.rules, { ...joined[joined.length - 1], sentence: j.quote }),
        asStoredShape: estimatePrecision(t.rules, shapeOfStored(doc!, t, span)),
      });
  }
  // (--skew: the committed model's estimate of each joined judgment as the product stored it, as the fit reads the judged
  // triple, and as the fit reads today's stored triple: where the stored precision and the fitted one part)
  if (args.includes('--skew')) {
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    for (const side of ['training', 'validation'] as const)
      for (const sentence of [true, false])
        for (const exact of [true, false]) {
          const of = skew.filter((x) => x.split === side && x.sentence === sentence && x.exact === exact && x.stored !== null && x.asFitted !== null);
          console.log(
            `skew ${side} ${sentence ? 'sentence extractor' : 'patterns'} ${exact ? 'joined by triple' : 'joined by span'}: n ${of.length}, stored ${mean(of.map((x) => x.stored!)).toFixed(3)}, ` +
              `as fitted ${mean(of.map((x) => x.asFitted!)).toFixed(3)}, today's shape ${mean(of.map((x) => x.asStoredShape ?? 0)).toFixed(3)}; ` +
              `|stored - as fitted| > 0.05: ${of.filter((x) => Math.abs(x.stored! - x.asFitted!) > 0.05).length}, mean |diff| ${mean(of.map((x) => Math.abs(x.stored! - x.asFitted!))).toFixed(3)}`,
          );
        }
    await core.close();
    process.exit(0);
  }
  if (opt('--changed')) {
    fs.writeFileSync(
      opt('--changed')!,
      changed
        .map(({ judged, now }) =>
          JSON.stringify({
            ...judged,
            now: now && {
              subject: now.subject,
              relation: now.relation,
              object: now.object,
              qualifiers: now.qualifiers,
              rules: now.rules,
              stage: now.stage,
              confidence: now.confidence,
            },
          }),
        )
        .join('\n') + '\n',
    );
    console.log(
      `${changed.length} ${changedSide} judgments read differently today: ${changed.filter((c) => c.now).length} joined by span, ${changed.filter((c) => !c.now).length} gone -> ${opt('--changed')}`,
    );
    await core.close();
    process.exit(0);
  }
  // (--unweighted: every judgment counts 1, as before the draws were recorded: a comparison)
  // The strata are a draw's pools over all the documents of its side (--strata document: per document,
  // whose few judgments a stratum give weights far apart).
  const byDocument = opt('--strata') === 'document';
  if (!args.includes('--unweighted')) {
    const sideDocs = (side: Split) => splitDocuments(core.store, split).filter((d) => d.split === side);
    // (a draw from named documents only, sample.ts --fewest: its strata are those documents' triples)
    const drawDocs = (d: Draw, side: Split) => sideDocs(side).filter((doc) => !d.documents || d.documents.includes(doc.file));
    const weights = inclusionWeights(
      joined.map((j) => ({ draw: drawKey(j.draw), group: byDocument ? j.file : j.split, stratum: j.stratum })),
      (draw, group, stratum) => {
        const d = joined.find((j) => drawKey(j.draw) === draw)!.draw;
        if (byDocument) return poolSize(d, docs.get(group)!, stratum);
        return drawDocs(d, group as Split).reduce((n, doc) => n + poolSize(d, doc.id, stratum), 0);
      },
      // (the triples of the sides a draw covers: a draw of the preferred pool alone stands for that pool's share)
      (draw) => {
        const d = joined.find((j) => drawKey(j.draw) === draw)!.draw;
        return [...new Set(joined.filter((j) => drawKey(j.draw) === draw).map((j) => j.split))]
          .flatMap((side) => drawDocs(d, side))
          .reduce((n, doc) => n + (byDoc.get(doc.id)?.length ?? 0), 0);
      },
    );
    joined.forEach((j, i) => (j.weight = weights[i]));
    // Then calibrated to today's extraction, each side apart (draws.ts calibratedWeights): within each document,
    // each cell of today's default view and extractor weighs what its triples are today (--uncalibrated: not).
    if (!args.includes('--uncalibrated')) {
      const cellSizes = new Map<string, number>();
      for (const [file, id] of docs)
        for (const t of byDoc.get(id) ?? []) {
          const k = `${file}\u0000${calibrationCell(t.precision, DEFAULT_PRECISION_THRESHOLD, t.rules)}`;
          cellSizes.set(k, (cellSizes.get(k) ?? 0) + 1);
        }
      for (const side of ['training', 'validation'] as const) {
        const of = joined.filter((j) => j.split === side);
        const calibrated = calibratedWeights(
          of.map((j) => ({ group: j.file, cell: j.cell, weight: j.weight })),
          (file, cell) => cellSizes.get(`${file}\u0000${cell}`) ?? 0,
          CALIBRATION_CELLS,
        );
        of.forEach((j, i) => (j.weight = calibrated[i]));
      }
    }
  }

  const training = joined.filter((j) => j.split === 'training');
  if (args.includes('--reasons')) printReasons(training);
  const validation = joined.filter((j) => j.split === 'validation');
  // (--fit-as-drawn: the table and the model fitted on the judgments as drawn, the folds and the threshold still read weighted)
  const fitAsDrawn = args.includes('--fit-as-drawn');

  // The feature model (extract/precision-model.ts) over the rule's precision, the triple's shape and
  // its context: its features and L2 penalty chosen by cross-validation by document on training.
  const shapeOf = (j: (typeof joined)[number]) => ({ ...j, sentence: j.quote });
  // (each training document's family, read from the texts: a fold holds whole families; --by-document: none)
  const families = args.includes('--by-document')
    ? new Map<string, string>()
    : documentFamilies(new Map([...docs].filter(([file]) => training.some((j) => j.file === file)).map(([file, id]) => [file, texts.get(id) ?? ''])));
  const examples = training.map((j) => ({
    group: j.file,
    family: families.get(j.file) ?? j.file,
    verdict: j.verdict,
    rules: j.rules,
    shape: shapeOf(j),
    weight: j.weight,
    ...(fitAsDrawn ? { fitWeight: 1 } : {}),
  }));
  // Each section fact the full graph holds (fully, or partly) -> the triples holding it (the baseline's
  // triple, matched by subject | relation | object in the section's document, its evidence in the section
  // when it has one there); their precisions are read below, per rule and by the feature model.
  const sections = fs
    .readFileSync(path.join(ROOT, 'data', 'judgments', 'section-facts.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Section);
  const factHolders: {
    section: string;
    fact: number;
    file: string;
    doc: number;
    split: Split;
    coverage: 'full' | 'partial';
    holding: { t: TripleListItem; at?: { start: number; end: number } }[];
  }[] = [];
  let unjoinedFacts = 0;
  for (const s of sections) {
    const doc = docs.get(s.file);
    const triples = doc === undefined ? [] : (byDoc.get(doc) ?? []);
    for (const b of s.baseline) {
      if (b.coverage === 'missing' || !b.triple) continue;
      const [subject, relation, object] = b.triple.split(' | ');
      const inSection = (t: TripleListItem) => t.provenance.find((p) => p.document === doc && p.start < s.end && s.start < p.end);
      const exactly = triples.filter((t) => key(t.subject) === key(subject) && key(t.relation) === key(relation) && key(t.object) === key(object));
      // (a relation listed as written then and in its lemma form now: the same two ends in the section)
      const same = exactly.length ? exactly : triples.filter((t) => key(t.subject) === key(subject) && key(t.object) === key(object) && inSection(t));
      const holding = same.some(inSection) ? same.filter(inSection) : same;
      if (!holding.length) {
        unjoinedFacts++;
        continue;
      }
      factHolders.push({
        section: s.id,
        fact: b.fact,
        file: s.file,
        doc: doc!,
        split: s.split,
        coverage: b.coverage,
        holding: holding.map((t) => ({ t, at: inSection(t) })),
      });
    }
  }
  // (--dump FILE: the training judgments as the folds read them and the training facts' holding triples, as JSON, for
  // trying candidate features and threshold rules without joining again; nothing else is fitted or written)
  if (opt('--dump')) {
    const factsOut = factHolders
      .filter((f) => f.split === 'training')
      .map((f) => ({
        section: f.section,
        fact: f.fact,
        file: f.file,
        coverage: f.coverage,
        holding: f.holding.map(({ t, at }) => ({ rules: t.rules, shape: shapeOfStored(f.doc, t, at) })),
      }));
    fs.writeFileSync(opt('--dump')!, JSON.stringify({ examples, facts: factsOut }));
    console.log(`dumped ${examples.length} training judgments and ${factsOut.length} training facts to ${opt('--dump')}`);
    await core.close();
    process.exit(0);
  }
  // (--without-candidates "A|B": the selection runs without these candidate features: a comparison with and without them)
  const withoutCandidates = opt('--without-candidates')?.split('|') ?? [];
  // (--document-triples: the selection may take the features read over all of a document's triples too, which the
  // product cannot read when it stores a triple's precision (precision-model.ts DOCUMENT_PASS_FEATURES): a comparison, nothing is written)
  const documentPass = args.includes('--document-triples');
  // (--base: the nine features of before at L2 1, no selection, to compare; nothing is written then)
  const fixed: Trial = { features: [...BASE_FEATURES], l2: 1, ...crossValidate(examples, BASE_FEATURES, 1) };
  const selection = args.includes('--base')
    ? { chosen: fixed, base: fixed, alone: [], steps: [], dropped: [], grid: [fixed], onChosenAlone: [], onChosen: [] }
    : selectFeatures(
        examples,
        BASE_FEATURES,
        [...Object.keys(CANDIDATE_FEATURES), ...(documentPass ? Object.keys(DOCUMENT_PASS_FEATURES) : [])].filter((f) => !withoutCandidates.includes(f)),
        PRECISION_MODEL.features,
      );
  const features = selection.chosen.features;
  // The per-rule table's prior strength (how far a rule judged a few times leans on its family's share),
  // chosen on the same folds by document for the chosen features and penalty.
  const strengths = args.includes('--base') ? { strength: PRIOR_STRENGTH, tried: [] } : chooseStrength(examples, features, selection.chosen.l2);
  const strength = strengths.strength;
  const table = fitPrecision(
    training.map((j) => ({ ...j, weight: fitAsDrawn ? 1 : j.weight })),
    strength,
  );
  const perRule = (j: (typeof joined)[number]) => triplePrecision(j.rules, table) ?? table.prior;
  const featuresOf = (j: (typeof joined)[number]) => tripleFeatures(shapeOf(j), perRule(j), features);
  const model = fitFeatureModel(
    training.map(featuresOf),
    training.map((j) => (j.verdict === 'keep' ? 1 : 0)),
    features,
    selection.chosen.l2,
    training.map((j) => (fitAsDrawn ? 1 : j.weight)),
  );
  /** A stored triple's precision by a model (the refitted one unless given), read at its evidence span `at` (else its first in the document). */
  const refitted = (doc: number, t: TripleListItem, at?: { start: number; end: number }, fit: FoldFit = { table, model }) =>
    estimatePrecision(t.rules, shapeOfStored(doc, t, at), fit.table, fit.model);
  // Held out on training: each judged triple and each fact scored by the fit of its document's fold
  // (fitted without that document), as the threshold rule asks; a document no judgment names is held out
  // from the full fit already.
  const folds = foldFits(examples, features, selection.chosen.l2, { strength });
  const heldOutFit = (file: string): FoldFit => {
    const f = folds.foldOf.get(file);
    return (f !== undefined && folds.fits[f]) || { table, model };
  };
  const heldOut = {
    'per rule': (j: (typeof joined)[number]) => triplePrecision(j.rules, heldOutFit(j.file).table) ?? heldOutFit(j.file).table.prior,
    'feature model': (j: (typeof joined)[number]) => {
      const fit = heldOutFit(j.file);
      return predictLogistic(fit.model, tripleFeatures(shapeOf(j), triplePrecision(j.rules, fit.table) ?? fit.table.prior, features));
    },
  };
  const estimators = {
    'per rule': (j: (typeof joined)[number]) => perRule(j),
    'feature model': (j: (typeof joined)[number]) => predictLogistic(model, featuresOf(j)),
  };

  const facts: HeldFact[] = factHolders.map((f) => {
    const fit = heldOutFit(f.file);
    return {
      file: f.file,
      split: f.split,
      coverage: f.coverage,
      precisions: {
        'per rule': f.holding.map(({ t }) => triplePrecision(t.rules, table)),
        'feature model': f.holding.map(({ t, at }) => refitted(f.doc, t, at)),
      },
      heldOut: {
        'per rule': f.holding.map(({ t }) => triplePrecision(t.rules, fit.table)),
        'feature model': f.holding.map(({ t, at }) => refitted(f.doc, t, at, fit)),
      },
    };
  });
  // The threshold (extract/precision.ts chooseBalancedThreshold): on the training folds, held out, the
  // one whose smaller lower bound (keep rate of the judged triples shown, share of the facts held fully) is highest.
  // (each judged triple and each fact names its document: the keep rate's and the facts' bounds read the spread
  // between documents; --no-clusters: neither does)
  const clustered = !args.includes('--no-clusters');
  const fullFacts = (side: Split, e: Estimator, held: boolean): ListedFact[] =>
    facts
      .filter((f) => f.split === side && f.coverage === 'full')
      .map((f) => {
        const precisions = held ? f.heldOut[e] : f.precisions[e];
        return clustered && !args.includes('--facts-independent') ? { precisions, group: f.file } : precisions;
      });
  const heldOutJudged = (e: Estimator) =>
    training.map((j) => ({
      p: heldOut[e](j),
      keep: j.verdict === 'keep',
      w: j.weight,
      ...(clustered ? { group: j.file, family: families.get(j.file) ?? j.file } : {}),
    }));
  const balanced = {
    'per rule': chooseThresholdBy(heldOutJudged('per rule'), fullFacts('training', 'per rule', true)),
    'feature model': chooseThresholdBy(heldOutJudged('feature model'), fullFacts('training', 'feature model', true)),
  };
  const chosen = { 'per rule': balanced['per rule'].threshold, 'feature model': balanced['feature model'].threshold };
  // (--facts: each training fact the full graph holds, held or hidden by the held-out fit at the chosen threshold)
  if (args.includes('--facts')) {
    const at = chosen['feature model'];
    console.log(`training section facts the full graph holds, at the chosen threshold ${at} (held out: each by the fit without its document's fold):`);
    factHolders.forEach((f, i) => {
      if (f.split !== 'training') return;
      const ps = facts[i].heldOut['feature model'];
      const held = ps.some((p) => p === null || p >= at);
      console.log(
        `  ${held ? 'held  ' : 'hidden'} ${f.coverage} ${f.section}#${f.fact}: ` +
          f.holding
            .map(({ t }, k) => `${t.subject} | ${t.relation} | ${t.object} [${t.rules.join(' ')}] ${ps[k] === null ? '-' : ps[k]!.toFixed(3)}`)
            .join(' ; '),
      );
    });
  }
  const asked = opt('--threshold');

  const about =
    'Written by scripts/judgments/fit-precision.ts from data/judgments/triples.jsonl and section-facts.jsonl, training documents only. Do not edit.';
  const out = path.join(ROOT, 'electron', 'core', 'extract', 'rule-precision.json');
  const modelOut = path.join(ROOT, 'electron', 'core', 'extract', 'precision-model.json');
  if (!args.includes('--base') && !documentPass) {
    fs.writeFileSync(out, `${JSON.stringify({ about, ...table }, null, 2)}\n`);
    fs.writeFileSync(modelOut, `${JSON.stringify({ about, defaultThreshold: chosen['feature model'], ...model }, null, 2)}\n`);
  }

  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  console.log(
    `judgments ${judgments.length}: joined ${joins.triple} by triple, ${joins.span} by span and relation, ${joins.ends} by span and ends, ${joins.none} not joined`,
  );
  // Each draw: its judgments joined, how many its model puts in the preferred pool (data/judgments/README.md
  // gives the counts seen when it was drawn), the keep rate as drawn and weighted, and the weights' spread.
  for (const key of [...new Set(joined.map((j) => drawKey(j.draw)))]) {
    const of = joined.filter((j) => drawKey(j.draw) === key);
    const d = of[0].draw;
    const keep = (xs: typeof of) => xs.filter((j) => j.verdict === 'keep');
    const sum = (xs: typeof of) => xs.reduce((a, j) => a + j.weight, 0);
    const preferred = of.filter((j) => j.stratum === 'preferred').length;
    console.log(
      `draw ${key} (${d.pool}${d.share === undefined ? '' : ` ${d.share}`}${d.band ? ` [${d.band.join(', ')}]` : ''}${d.population ? `, ${d.population} triples only` : ''}, ${[...new Set(of.map((j) => j.split))].join(' and ')}): ` +
        `${of.length} joined${d.pool === 'uniform' ? '' : `, ${preferred} in the preferred pool by its model`}; ` +
        `keep ${pct(keep(of).length / of.length)}, weighted ${pct(sum(keep(of)) / sum(of))}; weights ${Math.min(...of.map((j) => j.weight)).toFixed(2)}-${Math.max(...of.map((j) => j.weight)).toFixed(2)}, effective size ${(sum(of) ** 2 / of.reduce((a, j) => a + j.weight ** 2, 0)).toFixed(0)}`,
    );
  }
  console.log(
    `fitted on ${training.length} training judgments: ${Object.keys(table.rules).length} rules, ${Object.keys(table.families).length} families -> ${path.relative(ROOT, out)}`,
  );
  console.log(
    `feature model -> ${path.relative(ROOT, modelOut)} (logistic, L2 ${selection.chosen.l2}, standardised): ${features.map((f, i) => `${f} ${model.weights[i].toFixed(2)}`).join('; ')}`,
  );
  const trialLine = (t: Trial, than?: Trial) =>
    `AUC ${t.auc.toFixed(3)}, log loss ${t.logLoss.toFixed(4)}` +
    (than
      ? ` (${t.auc >= than.auc ? '+' : ''}${(t.auc - than.auc).toFixed(3)}, ${t.logLoss >= than.logLoss ? '+' : ''}${(t.logLoss - than.logLoss).toFixed(4)})`
      : '');
  const familySizes = [...new Set(examples.map((e) => e.family))].map((f) => examples.filter((e) => e.family === f).map((e) => e.group));
  const siblings = familySizes.filter((g) => new Set(g).size > 1).map((g) => `${[...new Set(g)].join(' ')} (${g.length} judgments)`);
  console.log(
    `folds hold whole families of documents: ${new Set(examples.map((e) => e.group)).size} training documents judged, ${familySizes.length} families` +
      (siblings.length ? `; of more than one document: ${siblings.join('; ')}` : ''),
  );
  console.log(`feature selection, training only, ${5} folds by family (mean over folds): base features, L2 1: ${trialLine(selection.base)}`);
  for (const t of selection.alone) console.log(`  + ${t.features[t.features.length - 1]}: ${trialLine(t, selection.base)}`);
  selection.steps.forEach((t, i) => console.log(`  kept ${i + 1}: ${t.features[t.features.length - 1]}: ${trialLine(t, selection.base)}`));
  for (const d of selection.dropped) console.log(`  dropped: ${d.feature}: ${trialLine(d.trial, selection.base)}`);
  console.log(
    `  L2 grid: ${selection.grid.map((t) => `${t.l2} ${t.logLoss.toFixed(4)}`).join(', ')} -> ${selection.grid.reduce((a, b) => (b.logLoss < a.logLoss ? b : a)).l2}`,
  );
  if (selection.fromCommitted) {
    const c = selection.fromCommitted;
    console.log(`  from the committed model's ${c.start.features.length} features instead, at L2 ${c.start.l2}: ${trialLine(c.start)}`);
    c.onChosen.forEach((t, i) => console.log(`    kept on it ${i + 1}: ${t.features[t.features.length - 1]}: ${trialLine(t, c.start)}`));
    console.log(
      `  -> ${c.chosen ? "the committed model's start is chosen" : 'the start from the base is chosen'} (lower folds' log loss): ${trialLine(selection.chosen)}, L2 ${selection.chosen.l2}`,
    );
  }
  if (strengths.tried.length)
    console.log(
      `  per-rule table's prior strength (pseudo-judgments at the family's share), folds' log loss / AUC: ${strengths.tried
        .map((t) => `${t.strength} ${t.logLoss.toFixed(4)} / ${t.auc.toFixed(3)}`)
        .join(', ')} -> ${strength}`,
    );
  if (args.includes('--diagnose')) diagnose(examples, features, selection.chosen.l2, strength, chosen['feature model']);
  const shipped = selection.grid.reduce((a, b) => (b.logLoss < a.logLoss ? b : a));
  console.log(`  (the path from the base) on the chosen set at L2 ${shipped.l2} (${trialLine(shipped)}), each candidate left:`);
  for (const t of selection.onChosenAlone) console.log(`    + ${t.features[t.features.length - 1]}: ${trialLine(t, shipped)}`);
  selection.onChosen.forEach((t, i) =>
    console.log(
      `  kept on the chosen set at L2 ${t.l2}, ${i + 1}: ${t.features[t.features.length - 1]}: ${trialLine(
        t,
        selection.grid.find((g) => g.l2 === t.l2),
      )}`,
    ),
  );
  console.log(`section facts held by the full graph: ${facts.length} joined to today's triples, ${unjoinedFacts} not joined`);
  // The relation vocabulary and what the default view hides, over every triple of each side (the
  // precision stored at extraction, against the threshold the committed model had then).
  const stored = DEFAULT_PRECISION_THRESHOLD;
  // every triple of each side as the refitted model stores it (null: not estimated)
  const refittedAll = new Map<Split, (number | null)[]>();
  for (const side of ['training', 'validation'] as const) {
    const sideDocs = splitDocuments(core.store, split).filter((d) => d.split === side);
    const all = sideDocs.flatMap((d) => byDoc.get(d.id) ?? []);
    const shown = all.filter((t) => t.precision === null || t.precision >= stored);
    const perThousand = (ts: TripleListItem[]) => ((1000 * new Set(ts.map((t) => key(t.relation))).size) / Math.max(1, ts.length)).toFixed(1);
    // (and as the refitted model will store it, at the threshold chosen for it)
    const threshold = chosen['feature model'];
    refittedAll.set(
      side,
      sideDocs.flatMap((d) => (byDoc.get(d.id) ?? []).map((t) => refitted(d.id, t))),
    );
    const hiddenNow = refittedAll.get(side)!.filter((p) => (p ?? 1) < threshold).length;
    console.log(
      `${side} triples ${all.length}: distinct relations per 1000 triples ${perThousand(all)}; default view (stored precision >= ${stored}) ${shown.length}, ` +
        `hidden ${pct((all.length - shown.length) / Math.max(1, all.length))}, its distinct relations per 1000 ${perThousand(shown)}; ` +
        `by the refitted model at ${threshold}: hidden ${pct(hiddenNow / Math.max(1, all.length))}`,
    );
  }
  for (const e of Object.keys(estimators) as Estimator[]) {
    const threshold = asked === undefined ? chosen[e] : Number(asked);
    console.log(
      `${e}: default threshold ${chosen[e]}, where the smaller of the lower bounds (held out on the training folds) is highest: ` +
        `keep rate ${pct(balanced[e].keepLower)} (${balanced[e].kept} of ${balanced[e].shown} shown), ` +
        `facts held fully ${pct(balanced[e].factsLower)} (${balanced[e].factsHeld} of ${balanced[e].facts})` +
        (asked === undefined ? '' : ` (figures below at --threshold ${threshold})`),
    );
    for (const [name, set] of [
      ['training', training],
      ['validation', validation],
    ] as const) {
      const scored = set.map((j) => ({ p: estimators[e](j), keep: j.verdict === 'keep', w: j.weight }));
      console.log(`  ${name}: ${figures(scored, threshold)}`);
      for (const coverage of ['full', 'partial'] as const) {
        const held = facts.filter((f) => f.split === name && f.coverage === coverage);
        const kept = held.filter((f) => f.precisions[e].some((p) => p === null || p >= threshold)).length;
        console.log(`    ${name} section facts held ${coverage === 'full' ? 'fully' : 'partly'}: default view keeps ${kept} of ${held.length}`);
      }
    }
  }
  // The training folds held out, by the extractor that made the triple (the sentence extractor's ranking is what the
  // model must separate beyond the pattern/sentence split) and, with --check-documents "A|B" (documents kept apart
  // from those read to find error classes), on those documents and on the rest apart.
  {
    const at = chosen['feature model'];
    const checkDocuments = opt('--check-documents')?.split('|') ?? [];
    const inCheck = (j: (typeof joined)[number]) => checkDocuments.some((d) => j.file.includes(d));
    const sentenceExtractor = (j: (typeof joined)[number]) => ruleFamily(j.rules[0] ?? 'none') !== 'pattern';
    const line = (name: string, of: (j: (typeof joined)[number]) => boolean) => {
      const scored = training.filter(of).map((j) => ({ p: heldOut['feature model'](j), keep: j.verdict === 'keep', w: j.weight }));
      if (!scored.length) return;
      const shown = scored.filter((x) => x.p >= at);
      const sum = (xs: typeof scored) => xs.reduce((a, x) => a + x.w, 0);
      console.log(
        `  ${name}: n ${scored.length}, AUC ${rankingAuc(scored.map(({ p, keep }) => ({ p, keep }))).toFixed(3)} (weighted ${rankingAuc(scored).toFixed(3)}); ` +
          `at ${at}: shown ${shown.length}, kept ${shown.filter((x) => x.keep).length} (${pct(shown.filter((x) => x.keep).length / Math.max(1, shown.length))}, weighted ${pct(sum(shown.filter((x) => x.keep)) / Math.max(1e-9, sum(shown)))})`,
      );
    };
    console.log('training folds held out, by extractor' + (checkDocuments.length ? ' and by read / check documents' : '') + ':');
    line('all', () => true);
    line('sentence extractor', sentenceExtractor);
    if (checkDocuments.length) {
      line('read documents', (j) => !inCheck(j));
      line('read documents, sentence extractor', (j) => !inCheck(j) && sentenceExtractor(j));
      line('check documents', inCheck);
      line('check documents, sentence extractor', (j) => inCheck(j) && sentenceExtractor(j));
    }
    // (--draws "SEED|SEED": the judgments of these draws, e.g. those drawn at random from a default view, at the
    // chosen threshold and by band of held-out precision above it: does the model's middle range keep what it says?)
    const draws = opt('--draws')?.split('|') ?? [];
    if (draws.length) {
      const ofDraws = (j: (typeof joined)[number]) => draws.includes(String(j.draw.seed));
      line(`draws ${draws.join(', ')}`, ofDraws);
      line(`draws ${draws.join(', ')}, sentence extractor`, (j) => ofDraws(j) && sentenceExtractor(j));
      // (the draws were drawn from a default view, which had hidden the errors the model sees already: their ranking is
      // compared with the other judgments' on the same range, the sentence extractor's triples the model shows)
      const shownHere = (j: (typeof joined)[number]) => sentenceExtractor(j) && heldOut['feature model'](j) >= at;
      line(`sentence extractor shown at ${at}, these draws`, (j) => ofDraws(j) && shownHere(j));
      line(`sentence extractor shown at ${at}, the other judgments`, (j) => !ofDraws(j) && shownHere(j));
      const bands: [number, number][] = [
        [at, 0.6],
        [0.6, 0.8],
        [0.8, 1.01],
      ];
      const scored = training.filter(ofDraws).map((j) => ({ p: heldOut['feature model'](j), keep: j.verdict === 'keep', sentence: sentenceExtractor(j) }));
      console.log(
        `  draws by held-out precision: ` +
          bands
            .map(([lo, hi]) => {
              const inBand = scored.filter((x) => x.p >= lo && x.p < hi);
              const sentence = inBand.filter((x) => x.sentence);
              return `${lo.toFixed(2)}-${Math.min(1, hi).toFixed(2)} kept ${inBand.filter((x) => x.keep).length}/${inBand.length} (sentence extractor ${sentence.filter((x) => x.keep).length}/${sentence.length})`;
            })
            .join('; ') +
          `; under ${at} ${scored.filter((x) => x.p < at && x.keep).length}/${scored.filter((x) => x.p < at).length}`,
      );
    }
  }
  // The trade-off of the feature model: training held out by fold (what the rule reads), validation by the refitted model.
  const curves = {
    training: tradeOffCurve(heldOutJudged('feature model'), fullFacts('training', 'feature model', true)),
    validation: tradeOffCurve(
      validation.map((j) => ({ p: estimators['feature model'](j), keep: j.verdict === 'keep', w: j.weight })),
      fullFacts('validation', 'feature model', false),
    ),
  };
  console.log("trade-off, feature model (threshold: judged shown, keep rate, facts held fully, share of all the side's triples hidden):");
  console.log('| threshold | training folds (held out) | validation |');
  console.log('| --- | --- | --- |');
  const steps = [...new Set([20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, Math.round(100 * chosen['feature model'])])].sort((x, y) => x - y);
  for (const step of steps) {
    const cell = (side: Split) => {
      const x = curves[side][step];
      const all = refittedAll.get(side)!;
      const hidden = all.filter((p) => p !== null && p < x.threshold).length / Math.max(1, all.length);
      return `${x.shown} shown, keep ${x.shown ? pct(x.kept / x.shown) : '-'} (weighted ${x.shown ? pct(x.keepRate) : '-'}), facts ${x.factsHeld}/${x.facts} (${pct(x.factsHeld / Math.max(1, x.facts))}), hidden ${pct(hidden)}`;
    };
    console.log(`| ${(step / 100).toFixed(2)}${step / 100 === chosen['feature model'] ? ' (chosen)' : ''} | ${cell('training')} | ${cell('validation')} |`);
  }
  // (--nested: the whole procedure without each outer fold of families; what a set of documents never seen gets)
  if (args.includes('--nested')) {
    const nestedFacts = factHolders
      .filter((f) => f.split === 'training' && f.coverage === 'full')
      .map((f) => ({ group: f.file, holding: f.holding.map(({ t, at }) => ({ rules: t.rules, shape: shapeOfStored(f.doc, t, at) })) }));
    const nested = nestedEstimate(examples, nestedFacts, BASE_FEATURES, Object.keys(CANDIDATE_FEATURES), PRECISION_MODEL.features, { strength });
    console.log('nested estimate, training only (selection, fit and threshold rule run without each outer fold of families):');
    for (const f of nested) {
      const shown = f.scored.filter((s) => s.p >= f.threshold);
      console.log(
        `  outer fold ${f.fold}: ${new Set(f.scored.map((s) => s.group)).size} documents, ${f.features.length} features, L2 ${f.l2}, threshold ${f.threshold}; ` +
          `judged ${f.scored.length}, shown ${shown.length}, kept ${shown.filter((s) => s.keep).length}; facts held fully ${f.factsHeld}/${f.facts}`,
      );
    }
    // Each threshold rule on the same outer folds: how often the view it chose on the other documents meets both
    // targets on the fold's own (the keep rate of its judged triples shown, weighted by draw, and the share of its
    // facts held fully), and the pooled figures. THRESHOLD_RULE is the rule that meets them most often.
    console.log(
      `  threshold rules (each outer fold: threshold, shown, keep rate weighted, facts held fully; folds meeting ${pct(KEEP_RATE_TARGET)} and ${pct(FACTS_KEPT_TARGET)}):`,
    );
    const onFolds: RuleOnFolds[] = [];
    for (const rule of Object.keys(THRESHOLD_RULES) as ThresholdRuleName[]) {
      const byFold = nested.map((f) => {
        const t = f.thresholds[rule];
        const shown = f.scored.filter((s) => s.p >= t);
        const w = shown.reduce((a, s) => a + s.w, 0);
        const keep = w > 0 ? shown.filter((s) => s.keep).reduce((a, s) => a + s.w, 0) / w : 0;
        const held = factsHeld(f.factEstimates, t);
        const meets = shown.length > 0 && keep >= KEEP_RATE_TARGET - 1e-12 && (f.facts === 0 || held / f.facts >= FACTS_KEPT_TARGET - 1e-12);
        return { t, shown: shown.length, kept: shown.filter((s) => s.keep).length, keep, held, facts: f.facts, meets };
      });
      const pooledShown = byFold.reduce((a, x) => a + x.shown, 0);
      onFolds.push({
        rule,
        meets: byFold.filter((x) => x.meets).length,
        keepRate: byFold.reduce((a, x) => a + x.kept, 0) / Math.max(1, pooledShown),
        factsShare:
          byFold.reduce((a, x) => a + x.held, 0) /
          Math.max(
            1,
            byFold.reduce((a, x) => a + x.facts, 0),
          ),
      });
      console.log(
        `    ${rule}${rule === THRESHOLD_RULE ? ' (the fit uses it)' : ''}: meets ${byFold.filter((x) => x.meets).length} of ${byFold.length}; ` +
          byFold.map((x) => `${x.t.toFixed(2)} ${x.shown} ${pct(x.keep)} ${x.held}/${x.facts}${x.meets ? ' ok' : ''}`).join('; ') +
          `; pooled shown ${pooledShown}, kept ${byFold.reduce((a, x) => a + x.kept, 0)}, facts ${byFold.reduce((a, x) => a + x.held, 0)}/${byFold.reduce((a, x) => a + x.facts, 0)}`,
      );
    }
    console.log(
      `  the rule the nested estimate prefers (most folds meeting both, then the higher smaller pooled share, then the rule in use): ${preferredRule(onFolds)}` +
        (preferredRule(onFolds) === THRESHOLD_RULE ? ' (in use)' : ` (THRESHOLD_RULE is ${THRESHOLD_RULE}: set it to this and refit)`),
    );
    if (opt('--nested-dump')) fs.writeFileSync(opt('--nested-dump')!, JSON.stringify(nested));
    const all = nested.flatMap((f) => f.scored.map((s) => ({ ...s, shown: s.p >= f.threshold })));
    const shown = all.filter((s) => s.shown);
    const sentence = shown.filter((s) => ruleFamily(s.rules[0] ?? 'none') !== 'pattern');
    const total = (xs: typeof all) => xs.reduce((a, s) => a + s.w, 0);
    console.log(
      `  pooled: AUC ${rankingAuc(all).toFixed(3)}; shown ${shown.length} of ${all.length}, kept ${pct(shown.filter((s) => s.keep).length / Math.max(1, shown.length))} ` +
        `(weighted ${pct(total(shown.filter((s) => s.keep)) / Math.max(1e-9, total(shown)))}); the sentence extractor's shown ${sentence.length}, kept ${pct(sentence.filter((s) => s.keep).length / Math.max(1, sentence.length))}; ` +
        `facts held fully ${nested.reduce((a, f) => a + f.factsHeld, 0)}/${nested.reduce((a, f) => a + f.facts, 0)}`,
    );
  }
} finally {
  await core.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
}
