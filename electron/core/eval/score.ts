// Scores of an extraction run against its gold: entity mentions (exact / head word / overlap), triples
// and entity pairs, per type and per relation, a precision–recall curve over the confidence threshold
// and the list of errors. The rules are written out in docs/evaluation.md; every function is pure.
import type { EvalError, EvalMention, EvalTriple, ExtractionScores, GoldItem, LabelScore, MentionMode, PrPoint, Prf } from '../../../shared/contract/eval';
import { contentStems, headWord, normLabel, stemSetsMatch } from './text';
import { mulberry32 } from '../learn/random';

export interface Prediction {
  mentions: EvalMention[];
  triples: EvalTriple[];
}

/** A user type (schema_types): its name and example phrases. */
export interface TypeHint {
  name: string;
  examples: string[];
}

interface ScoreOptions {
  mentionMode?: MentionMode;
  /** The user's relation types: two relations that name the same type match. */
  relationTypes?: TypeHint[];
  /** The user's entity types: two type names that name the same schema type match. */
  entityTypes?: TypeHint[];
  /** Resamples of the bootstrap interval of F1 (default 300). */
  resamples?: number;
  /** Most errors kept in the result (default 5000). */
  maxErrors?: number;
}

const hasSpan = (m: EvalMention) => m.start !== null && m.end !== null;

// ---- matching rules

/** How strongly a predicted mention matches a gold one under `mode`: 3 same span/label, 2 same head word, 1 overlap, 0 no match. */
export function mentionStrength(p: EvalMention, g: EvalMention, mode: MentionMode): number {
  let strength: number;
  if (hasSpan(p) && hasSpan(g)) {
    const overlap = p.start! < g.end! && g.start! < p.end!;
    if (!overlap) return 0;
    if (p.start === g.start && p.end === g.end) strength = 3;
    else {
      const h = headWord(p.text);
      strength = h && h === headWord(g.text) ? 2 : 1;
    }
  } else {
    const a = normLabel(p.text);
    const b = normLabel(g.text);
    if (a && a === b) strength = 3;
    else {
      const h = headWord(p.text);
      if (h && h === headWord(g.text)) strength = 2;
      else {
        const B = new Set(contentStems(g.text));
        strength = contentStems(p.text).some((w) => B.has(w)) ? 1 : 0;
      }
    }
  }
  const need = mode === 'exact' ? 3 : mode === 'head' ? 2 : 1;
  return strength >= need ? strength : 0;
}

/** Types of a label: the schema types it names (by name or example), matched through content-word stems. */
function typesOf(label: string, hints: TypeHint[]): Set<string> {
  const w = contentStems(label);
  const n = normLabel(label);
  const same = (x: string) => (n !== '' && normLabel(x) === n) || stemSetsMatch(w, contentStems(x));
  const out = new Set<string>();
  for (const h of hints) if (same(h.name) || h.examples.some(same)) out.add(h.name.toLowerCase());
  return out;
}

/**
 * Whether two relation (or type) labels mean the same: their content-word stems are the same set or
 * one holds the other ("leaderName" ~ "leader", "is located in" ~ "location"), or both name one of
 * the user's types.
 */
export function labelsMatch(a: string, b: string, hints: TypeHint[] = []): boolean {
  if (normLabel(a) === normLabel(b) && normLabel(a)) return true;
  if (stemSetsMatch(contentStems(a), contentStems(b))) return true;
  if (!hints.length) return false;
  const A = typesOf(a, hints);
  if (!A.size) return false;
  for (const t of typesOf(b, hints)) if (A.has(t)) return true;
  return false;
}

// ---- intervals

/** Wilson score interval (95%) of k successes in n trials; [0, 1] when n = 0. */
export function wilson(k: number, n: number, z = 1.96): [number, number] {
  if (n <= 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return [round(Math.max(0, centre - half)), round(Math.min(1, centre + half))];
}

const f1Of = (tp: number, pred: number, gold: number) => (pred + gold > 0 ? (2 * tp) / (pred + gold) : 0);
const round = (x: number) => Math.round(x * 10000) / 10000;

/** Bootstrap (95%, items resampled with replacement, fixed seed) interval of micro F1. */
function bootstrapF1(perItem: { tp: number; pred: number; gold: number }[], resamples = 300, seed = 1): [number, number] {
  if (!perItem.length) return [0, 0];
  const rand = mulberry32(seed);
  const values: number[] = [];
  for (let r = 0; r < resamples; r++) {
    let tp = 0;
    let pred = 0;
    let gold = 0;
    for (let i = 0; i < perItem.length; i++) {
      const x = perItem[Math.floor(rand() * perItem.length)];
      tp += x.tp;
      pred += x.pred;
      gold += x.gold;
    }
    values.push(f1Of(tp, pred, gold));
  }
  values.sort((a, b) => a - b);
  const at = (q: number) => values[Math.min(values.length - 1, Math.max(0, Math.floor(q * values.length)))];
  return [round(at(0.025)), round(at(0.975))];
}

function prf(perItem: { tp: number; pred: number; gold: number }[], resamples = 300): Prf {
  const tp = perItem.reduce((s, x) => s + x.tp, 0);
  const predicted = perItem.reduce((s, x) => s + x.pred, 0);
  const gold = perItem.reduce((s, x) => s + x.gold, 0);
  return {
    tp,
    predicted,
    gold,
    precision: predicted ? round(tp / predicted) : 0,
    recall: gold ? round(tp / gold) : 0,
    f1: round(f1Of(tp, predicted, gold)),
    ci: { precision: wilson(tp, predicted), recall: wilson(tp, gold), f1: bootstrapF1(perItem, resamples) },
  };
}

// ---- preparing both sides

/** The gold mentions of an item: its annotated mentions, else the distinct heads and tails of its triples. */
export function goldMentions(item: GoldItem): EvalMention[] {
  if (item.mentions.length) return item.mentions;
  return dedupeMentions(item.triples.flatMap((t) => [t.subject, t.object]));
}

const mentionKey = (m: EvalMention) => (hasSpan(m) ? `${m.start}:${m.end}` : `~${normLabel(m.text)}`);

function dedupeMentions(ms: EvalMention[]): EvalMention[] {
  const seen = new Map<string, EvalMention>();
  for (const m of ms) {
    const k = mentionKey(m);
    const had = seen.get(k);
    if (!had || (!had.type && m.type)) seen.set(k, m);
  }
  return [...seen.values()];
}

interface Ranked<T> {
  value: T;
  confidence: number;
}

/** Predicted mentions: the typed mentions and every head and tail, one per span (label when spanless), most confident first. */
function predictedMentions(p: Prediction): Ranked<EvalMention>[] {
  const best = new Map<string, Ranked<EvalMention>>();
  const add = (m: EvalMention, confidence: number) => {
    const k = mentionKey(m);
    const had = best.get(k);
    if (!had) best.set(k, { value: m, confidence });
    else {
      if (confidence > had.confidence) had.confidence = confidence;
      if (!had.value.type && m.type) had.value = m;
    }
  };
  for (const m of p.mentions) add(m, 1);
  for (const t of p.triples) {
    add(t.subject, t.confidence ?? 0.5);
    add(t.object, t.confidence ?? 0.5);
  }
  return [...best.values()].sort((a, b) => b.confidence - a.confidence);
}

/** Predicted triples, one per (head, relation words, tail), at their best confidence, most confident first. */
function predictedTriples(p: Prediction): Ranked<EvalTriple>[] {
  const best = new Map<string, Ranked<EvalTriple>>();
  for (const t of p.triples) {
    const k = `${mentionKey(t.subject)}|${contentStems(t.relation).join(' ') || normLabel(t.relation)}|${mentionKey(t.object)}`;
    const c = t.confidence ?? 0.5;
    const had = best.get(k);
    if (!had || c > had.confidence) best.set(k, { value: t, confidence: c });
  }
  return [...best.values()].sort((a, b) => b.confidence - a.confidence);
}

/** Greedy one-to-one matching, predictions in the order given: each takes the strongest unmatched gold. Returns gold index per prediction (-1: none). */
function greedy<P, G>(preds: P[], gold: G[], strength: (p: P, g: G) => number): number[] {
  const taken = new Array<boolean>(gold.length).fill(false);
  return preds.map((p) => {
    let best = -1;
    let bestS = 0;
    for (let j = 0; j < gold.length; j++) {
      if (taken[j]) continue;
      const s = strength(p, gold[j]);
      if (s > bestS) {
        best = j;
        bestS = s;
      }
    }
    if (best >= 0) taken[best] = true;
    return best;
  });
}

const spansOf = (...ms: EvalMention[]) => ms.filter(hasSpan).map((m) => ({ start: m.start!, end: m.end! }));
const tripleText = (t: EvalTriple) => `${t.subject.text} | ${t.relation} | ${t.object.text}`;

// ---- the scores

/** The errors a scoring run lists: the first `max` kept, the rest only counted. */
export function errorList(max: number): { errors: EvalError[]; more: () => number; add: (e: EvalError) => void } {
  const errors: EvalError[] = [];
  let more = 0;
  return {
    errors,
    more: () => more,
    add: (e) => {
      if (errors.length < max) errors.push(e);
      else more++;
    },
  };
}

export function scoreExtraction(items: GoldItem[], predictions: (Prediction | null | undefined)[], options: ScoreOptions = {}): ExtractionScores {
  const mode = options.mentionMode ?? 'head';
  const relHints = options.relationTypes ?? [];
  const typeHints = options.entityTypes ?? [];
  const resamples = options.resamples ?? 300;
  const { errors, more: moreErrors, add: error } = errorList(options.maxErrors ?? 5000);

  const perMode: Record<MentionMode, { tp: number; pred: number; gold: number }[]> = { exact: [], head: [], overlap: [] };
  const typed: { tp: number; pred: number; gold: number }[] = [];
  const tripleItems: { tp: number; pred: number; gold: number }[] = [];
  const pairItems: { tp: number; pred: number; gold: number }[] = [];
  const ranked: { confidence: number; tp: boolean }[] = [];
  let goldTriplesTotal = 0;
  let anyGoldType = false;

  const typeRows = new Map<string, { gold: number; matched: number; predicted: number; typedMatched: number }>();
  const relRows = new Map<string, { gold: number; matched: number; predicted: number }>();
  const spuriousRel = new Map<string, number>();
  for (const item of items) {
    for (const g of goldMentions(item)) if (g.type && !typeRows.has(g.type)) typeRows.set(g.type, { gold: 0, matched: 0, predicted: 0, typedMatched: 0 });
    for (const g of item.triples) if (!relRows.has(g.relation)) relRows.set(g.relation, { gold: 0, matched: 0, predicted: 0 });
  }

  items.forEach((item, idx) => {
    const pred: Prediction = predictions[idx] ?? { mentions: [], triples: [] };
    // mentions
    const gm = goldMentions(item);
    const pm = predictedMentions(pred);
    for (const m of ['exact', 'head', 'overlap'] as MentionMode[]) {
      const match = greedy(pm, gm, (p, g) => mentionStrength(p.value, g, m));
      perMode[m].push({ tp: match.filter((j) => j >= 0).length, pred: pm.length, gold: gm.length });
      if (m !== mode) continue;
      const matchedGold = new Set(match.filter((j) => j >= 0));
      gm.forEach((g, j) => {
        if (g.type) {
          anyGoldType = true;
          const row = typeRows.get(g.type)!;
          row.gold++;
          if (matchedGold.has(j)) row.matched++;
        }
        if (!matchedGold.has(j))
          error({
            kind: 'missed',
            unit: 'mention',
            item: item.key,
            gold: g.type ? `${g.text} (${g.type})` : g.text,
            predicted: null,
            spans: spansOf(g),
            confidence: null,
          });
      });
      match.forEach((j, i) => {
        if (j < 0) {
          const p = pm[i].value;
          error({
            kind: 'spurious',
            unit: 'mention',
            item: item.key,
            gold: null,
            predicted: p.type ? `${p.text} (${p.type})` : p.text,
            spans: spansOf(p),
            confidence: pm[i].confidence,
          });
        }
      });
      // typed: the span rule and the type
      const typedPm = pm.filter((p) => p.value.type);
      const typedMatch = greedy(typedPm, gm, (p, g) => (g.type && labelsMatch(p.value.type!, g.type, typeHints) ? mentionStrength(p.value, g, m) : 0));
      typed.push({ tp: typedMatch.filter((j) => j >= 0).length, pred: typedPm.length, gold: gm.length });
      for (const [t, row] of typeRows) {
        typedPm.forEach((p, i) => {
          if (!labelsMatch(p.value.type!, t, typeHints)) return;
          row.predicted++;
          const j = typedMatch[i];
          if (j >= 0 && gm[j].type === t) row.typedMatched++;
        });
      }
    }

    // triples
    const gt = item.triples;
    goldTriplesTotal += gt.length;
    const pt = predictedTriples(pred);
    const entity = (p: EvalMention, g: EvalMention) => mentionStrength(p, g, mode);
    const tripleStrength = (p: EvalTriple, g: EvalTriple) => {
      if (!labelsMatch(p.relation, g.relation, relHints)) return 0;
      const s = entity(p.subject, g.subject);
      const o = s ? entity(p.object, g.object) : 0;
      return s && o ? s + o : 0;
    };
    const tm = greedy(pt, gt, (p, g) => tripleStrength(p.value, g));
    tripleItems.push({ tp: tm.filter((j) => j >= 0).length, pred: pt.length, gold: gt.length });
    pt.forEach((p, i) => ranked.push({ confidence: p.confidence, tp: tm[i] >= 0 }));
    const matchedGold = new Set(tm.filter((j) => j >= 0));
    gt.forEach((g, j) => {
      const row = relRows.get(g.relation)!;
      row.gold++;
      if (matchedGold.has(j)) {
        row.matched++;
        row.predicted++;
      }
      if (!matchedGold.has(j))
        error({ kind: 'missed', unit: 'triple', item: item.key, gold: tripleText(g), predicted: null, spans: spansOf(g.subject, g.object), confidence: null });
    });
    pt.forEach((p, i) => {
      if (tm[i] >= 0) return;
      const t = p.value;
      let counted = false;
      for (const [rel, row] of relRows) {
        if (labelsMatch(t.relation, rel, relHints)) {
          row.predicted++;
          counted = true;
        }
      }
      if (!counted) {
        const k = normLabel(t.relation) || t.relation;
        spuriousRel.set(k, (spuriousRel.get(k) ?? 0) + 1);
      }
      const samePair = gt.find(
        (g) => (entity(t.subject, g.subject) && entity(t.object, g.object)) || (entity(t.subject, g.object) && entity(t.object, g.subject)),
      );
      error({
        kind: samePair ? 'wrong_relation' : 'spurious',
        unit: 'triple',
        item: item.key,
        gold: samePair ? tripleText(samePair) : null,
        predicted: tripleText(t),
        spans: spansOf(t.subject, t.object),
        confidence: p.confidence,
      });
    });

    // entity pairs: unordered, relation ignored, one per pair
    const pairKey = (t: EvalTriple) => [mentionKey(t.subject), mentionKey(t.object)].sort().join('|');
    const uniq = <T extends EvalTriple>(ts: T[]) => [...new Map(ts.map((t) => [pairKey(t), t])).values()];
    const gp = uniq(gt);
    const pp = uniq(pt.map((p) => p.value));
    const pairStrength = (p: EvalTriple, g: EvalTriple) => {
      const a = entity(p.subject, g.subject) && entity(p.object, g.object) ? entity(p.subject, g.subject) + entity(p.object, g.object) : 0;
      const b = entity(p.subject, g.object) && entity(p.object, g.subject) ? entity(p.subject, g.object) + entity(p.object, g.subject) : 0;
      return Math.max(a, b);
    };
    const pm2 = greedy(pp, gp, pairStrength);
    pairItems.push({ tp: pm2.filter((j) => j >= 0).length, pred: pp.length, gold: gp.length });
  });

  // the precision–recall curve over the confidence threshold
  ranked.sort((a, b) => b.confidence - a.confidence);
  const pr: PrPoint[] = [];
  let tp = 0;
  for (let i = 0; i < ranked.length; i++) {
    if (ranked[i].tp) tp++;
    if (i + 1 < ranked.length && ranked[i + 1].confidence === ranked[i].confidence) continue;
    const predicted = i + 1;
    const precision = tp / predicted;
    const recall = goldTriplesTotal ? tp / goldTriplesTotal : 0;
    pr.push({
      threshold: ranked[i].confidence,
      predicted,
      tp,
      precision: round(precision),
      recall: round(recall),
      f1: round(f1Of(tp, predicted, goldTriplesTotal)),
    });
  }
  const best = pr.reduce<PrPoint | null>((b, p) => (!b || p.f1 > b.f1 ? p : b), null);

  const row = (label: string, gold: number, predicted: number, matchedForRecall: number, matchedForPrecision: number): LabelScore => {
    const precision = predicted ? round(matchedForPrecision / predicted) : null;
    const recall = gold ? round(matchedForRecall / gold) : null;
    const f1 =
      precision !== null && recall !== null && precision + recall > 0
        ? round((2 * precision * recall) / (precision + recall))
        : precision !== null && recall !== null
          ? 0
          : null;
    return { label, gold, predicted, matched: matchedForRecall, precision, recall, f1 };
  };
  const perType = [...typeRows]
    .map(([t, r]) => row(t, r.gold, r.predicted, r.matched, r.typedMatched))
    .sort((a, b) => b.gold - a.gold || a.label.localeCompare(b.label));
  const perRelation = [
    ...[...relRows].map(([rel, r]) => row(rel, r.gold, r.predicted, r.matched, r.matched)).sort((a, b) => b.gold - a.gold || a.label.localeCompare(b.label)),
    ...[...spuriousRel]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([rel, n]) => row(rel, 0, n, 0, 0)),
  ];

  return {
    kind: 'extraction',
    items: items.length,
    mentionMode: mode,
    mentions: { exact: prf(perMode.exact, resamples), head: prf(perMode.head, resamples), overlap: prf(perMode.overlap, resamples) },
    typedMentions: anyGoldType ? prf(typed, resamples) : null,
    triples: prf(tripleItems, resamples),
    pairs: prf(pairItems, resamples),
    perType,
    perRelation,
    pr,
    bestThreshold: best ? { threshold: best.threshold, f1: best.f1 } : null,
    errors,
    moreErrors: moreErrors(),
  };
}
