// An audit of the answer ranker's candidate features on the training folds, from a dump of the candidate vectors
// (scripts/fit-answers.ts --dump-vectors FILE --dump-only; the folds refitted in seconds by vector-folds.ts):
//   npx tsx scripts/answers/audit-features.ts --dump FILE [--seeds 1,2,3] [--l2 0.03] [--folds 5] [--out FILE.json]
//       [--without F1,F2]... [--groups [--only-groups G1,G2]] [--each] [--l2-path 0.01,0.03,0.1] [--backward [--tolerance 0]] [--check D1,D2]
// Every variant is fitted with each fold seed and printed with its top-1 on the READ documents (those whose misses
// may be read) and on the CHECK documents (never read: CHECK_DOCUMENTS, or --check), the change from all features
// (mean over the seeds, and the spread of the per-seed changes), the ECE and precision / coverage at confidence 0.8.
// --groups leaves out each group of features (FEATURE_GROUPS: what a feature reads), --each each feature alone.
// --l2-path refits with each L2 and names the one the READ documents choose. --backward chooses a smaller set on
// the READ documents alone: the features whose removal alone does not lower READ's mean top-1 (by more than
// --tolerance), removed one at a time from the most helpful removal on, each kept out while READ's mean top-1 does not
// fall below that of the set before it (less the tolerance); --backward-groups the same with whole groups; the chosen
// set is then read on CHECK. --no-base: the --without variants alone (after an audit, one more set).
import fs from 'node:fs';
import path from 'node:path';
import { CHECK_DOCUMENTS, foldFigures, vectorFolds, type FoldFigures, type VectorDump } from './vector-folds';

/** The candidate features by what they read (a feature not listed is 'other'). */
export const FEATURE_GROUPS: Record<string, readonly string[]> = {
  lexical: ['match', 'near', 'local', 'novel', 'clauseMatch'],
  'passage/rank': ['passageMatch', 'passageRank', 'sentenceRank', 'passageAgreement', 'support'],
  'type/form': ['typeAgrees', 'typeClash', 'specific', 'loose', 'shapeFit', 'words'],
  'slots/roles': [
    'headAdjacent',
    'phraseAdjacent',
    'labelled',
    'excluded',
    'glued',
    'inList',
    'itemShare',
    'bracketAsked',
    'bracketOther',
    'place',
    'roleAgrees',
    'fillsRole',
    'conjunctCut',
    'clauseAsked',
    'hostMatch',
    'headIsQuestionNoun',
    'inQuestion',
    'restates',
    'clausePredicate',
  ],
  'document identity': [
    'titleMatch',
    'citedReference',
    'namedDocument',
    'ownDocument',
    'designationAsked',
    'ownDesignation',
    'designatesNamed',
    'documentTitleMatch',
    'citationClauseMatch',
    'citedTitleMatch',
    'citedAskedNamed',
    'citedAskedCited',
  ],
  requirements: [
    'doer',
    'polarityMismatch',
    'modalityMatch',
    'keyword',
    'polarityShare',
    'requirementStated',
    'modalityAsked',
    'requirementMatch',
    'requirementActor',
    'requirementVerb',
    'actorAsked',
    'actorOther',
    'conditionAsked',
  ],
  'values/units': [
    'quantityFit',
    'unitNamed',
    'abbreviated',
    'measuresNamed',
    'measuresOther',
    'unitKindClash',
    'boundAsked',
    'boundOther',
    'limitAgrees',
    'limitOther',
    'valueWords',
    'valueClause',
    'unitWritten',
    'passageRepeats',
  ],
  definitions: [
    'subjectFirst',
    'subjectShare',
    'namingMatch',
    'expansionAsked',
    'termIsHeading',
    'opensWithFrame',
    'definitionPhrase',
    'definedTerm',
    'definesAsked',
    'definesOther',
    'definesWhat',
    'describedBy',
  ],
  graph: ['graphLabel', 'pathScore', 'alsoPath'],
  'two passages': ['hopPassage', 'hopElsewhere', 'bridgeSource', 'namesBridge', 'isBridge', 'askingMatch', 'describingMatch'],
};

/** Each feature's group: FEATURE_GROUPS, the sources' one-hot inputs as 'source', the rest 'other'. */
export function groupOf(feature: string): string {
  if (feature.startsWith('source:')) return 'source';
  return Object.entries(FEATURE_GROUPS).find(([, fs]) => fs.includes(feature))?.[0] ?? 'other';
}

export interface Variant {
  label: string;
  without: string[];
  l2?: number;
}

export interface VariantFigures {
  label: string;
  without: string[];
  l2: number;
  /** Per seed. */
  runs: FoldFigures[];
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** The variant's figures with each seed. */
export function runVariant(dump: VectorDump, v: Variant, o: { seeds: number[]; folds: number; l2: number; check: readonly string[] }): VariantFigures {
  const l2 = v.l2 ?? o.l2;
  return {
    label: v.label,
    without: v.without,
    l2,
    runs: o.seeds.map((seed) => foldFigures(vectorFolds(dump, { folds: o.folds, seed, l2, without: v.without }), o.check)),
  };
}

/** A variant's figures against the base (same seeds): mean and the spread of the per-seed changes. */
export function describe(v: VariantFigures, base: VariantFigures | null): string {
  const part = (name: 'read' | 'check' | 'top1') => {
    const xs = v.runs.map((r) => r[name]);
    if (!base) return `${mean(xs).toFixed(3)} [${xs.map((x) => x.toFixed(3)).join(' ')}]`;
    const ds = xs.map((x, i) => x - base.runs[i][name]);
    return `${mean(xs).toFixed(3)} (${signed(mean(ds))}, ${signed(Math.min(...ds))}..${signed(Math.max(...ds))})`;
  };
  return `${v.label.padEnd(28)} READ ${part('read')}  CHECK ${part('check')}  all ${part('top1')}  ECE ${mean(v.runs.map((r) => r.ece)).toFixed(3)}  >=0.8 ${mean(
    v.runs.map((r) => r.precision),
  ).toFixed(3)} / ${mean(v.runs.map((r) => r.coverage)).toFixed(3)}`;
}

const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;
const readMean = (v: VariantFigures) => mean(v.runs.map((r) => r.read));

/**
 * Backward elimination on the READ documents alone: the candidates (units whose removal alone kept READ's mean top-1
 * within `tolerance` of the base), most helpful removal first, each removed while READ's mean top-1 of the set stays at
 * or above that of the set before it less `tolerance` (a removal that READ does not pay for is put back). Returns the
 * removed units and the figures of each set kept.
 */
export function backward(
  singles: VariantFigures[],
  base: VariantFigures,
  fitWithout: (without: string[]) => VariantFigures,
  tolerance = 0,
): { removed: string[]; steps: VariantFigures[] } {
  const order = singles
    .filter((s) => s.without.length === 1 && readMean(s) >= readMean(base) - tolerance - 1e-9)
    .sort((a, b) => readMean(b) - readMean(a) || a.without[0].localeCompare(b.without[0]));
  const removed: string[] = [];
  const steps: VariantFigures[] = [];
  let current = base;
  for (const s of order) {
    const tried = removed.length ? fitWithout([...removed, s.without[0]]) : s;
    if (readMean(tried) < readMean(current) - tolerance - 1e-9) continue;
    removed.push(s.without[0]);
    steps.push(tried);
    current = tried;
  }
  return { removed, steps };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const all = (name: string) => args.flatMap((a, i) => (a === `--${name}` && args[i + 1] ? [args[i + 1]] : []));
  const opt = (name: string) => all(name)[0];
  const dumpFile = opt('dump');
  if (!dumpFile) throw new Error('--dump FILE (scripts/fit-answers.ts --dump-vectors FILE --dump-only)');
  const dump = JSON.parse(fs.readFileSync(path.resolve(dumpFile), 'utf8')) as VectorDump;
  const o = {
    seeds: (opt('seeds') ?? '1').split(',').map(Number),
    folds: Number(opt('folds') ?? 5),
    l2: Number(opt('l2') ?? 0.03),
    check: opt('check')?.split(',') ?? CHECK_DOCUMENTS,
  };
  const results: VariantFigures[] = [];
  const run = (v: Variant, against: VariantFigures | null) => {
    const t0 = performance.now();
    const r = runVariant(dump, v, o);
    results.push(r);
    console.log(`${describe(r, against)}  ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    if (opt('out')) fs.writeFileSync(path.resolve(opt('out')!), JSON.stringify({ seeds: o.seeds, folds: o.folds, l2: o.l2, check: o.check, results }, null, 1));
    return r;
  };
  const text = dump.questions.filter((q) => q.kind === 'text' && q.answerable);
  console.log(
    `${dump.questions.length} questions (${text.length} answerable from passages), ${dump.features.length} candidate features; seeds ${o.seeds.join(', ')}, L2 ${o.l2}, CHECK ${o.check.join(', ')}`,
  );
  // (--no-base: the variants alone, printed without their change, e.g. one more set after an audit)
  const base = args.includes('--no-base') ? null : run({ label: 'all features', without: [] }, null);
  for (const w of all('without')) run({ label: `without ${w}`, without: w.split(',') }, base);
  const groups = new Map<string, string[]>();
  for (const f of dump.features) groups.set(groupOf(f), [...(groups.get(groupOf(f)) ?? []), f]);
  const groupRuns: VariantFigures[] = [];
  if (args.includes('--groups') || args.includes('--backward-groups'))
    for (const [g, fs] of groups)
      if (!opt('only-groups') || opt('only-groups')!.split(',').includes(g)) groupRuns.push(run({ label: `group ${g} (${fs.length})`, without: fs }, base));
  if (args.includes('--backward-groups') && base) {
    // the same elimination with whole groups as its units (each unit named by its group)
    const tolerance = Number(opt('tolerance') ?? 0);
    const byLabel = new Map(groupRuns.map((r) => [r.without.join(','), r.label]));
    const units = groupRuns.map((r) => ({ ...r, without: [r.without.join(',')] }));
    console.log(`backward elimination of groups on READ (tolerance ${tolerance}):`);
    const { removed, steps } = backward(
      units,
      base,
      (without) => run({ label: `  less ${without.map((w) => byLabel.get(w)).join(' + ')}`, without: without.flatMap((w) => w.split(',')) }, base),
      tolerance,
    );
    console.log(`groups removed: ${removed.map((w) => byLabel.get(w)).join(', ') || 'none'}`);
    if (steps.length) console.log(`chosen set, read once on CHECK: ${describe(steps.at(-1)!, base)}`);
  }
  if (opt('l2-path')) {
    const path = opt('l2-path')!.split(',').map(Number);
    const fits = path.map((l2) => run({ label: `L2 ${l2}`, without: [], l2 }, base));
    const chosen = fits.reduce((a, b) => (readMean(b) > readMean(a) ? b : a));
    console.log(`L2 chosen on READ: ${chosen.l2} (READ ${readMean(chosen).toFixed(3)}); on CHECK it reads ${mean(chosen.runs.map((r) => r.check)).toFixed(3)}`);
  }
  const singles: VariantFigures[] = [];
  if (args.includes('--each') || args.includes('--backward'))
    for (const f of dump.features) singles.push(run({ label: `- ${f} [${groupOf(f)}]`, without: [f] }, base));
  if (args.includes('--backward') && base) {
    const tolerance = Number(opt('tolerance') ?? 0);
    console.log(`backward elimination on READ (tolerance ${tolerance}):`);
    const { removed, steps } = backward(singles, base, (without) => run({ label: `  set less ${without.length}`, without }, base), tolerance);
    const last = steps.at(-1);
    console.log(`removed ${removed.length} of ${dump.features.length}: ${removed.join(',')}`);
    if (last) console.log(`chosen set, read once on CHECK: ${describe(last, base)}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
