// Hop and relation-path prediction (the kit's sample paper ../shared/samples/seeds/000_*.txt):
// relations are scored against the question's words (relation labels and the labels of their
// concepts, matched lexically; embeddings or the LLM when available), the number of hops gets a
// prior from the relation words the question uses, and a beam search over relation paths from each
// linked entity keeps the top-K paths, each scored by the product of its per-step relation
// probabilities (times the hop prior).
import type { GraphSnapshot } from './snapshot';
import type { LinkedEntity } from './link';
import {
  BRIDGE_CUES,
  relatedWords,
  relationStems,
  wordnetRelatedness,
  relationWords,
  stemMatch,
  WH_HINTS,
  WORDNET_MIN,
  WORDNET_WEIGHT,
  wordnetPos,
  type Token,
} from './text';
import type { WnPos } from '../nlp/wordnet';
import { lemma, stem } from '../nlp/morphology';
import { STOPWORDS } from '../nlp/stopwords';
import { analyzed, type QuestionInput } from './analysis';

interface PathStep {
  relation: string;
  /** True when the step walks the relation backwards (object -> subject). */
  inverse: boolean;
}

export interface RelationPath {
  /** Seed vertex and node. */
  seed: number;
  seedId: number;
  seedLabel: string;
  steps: PathStep[];
  /** Product of per-step relation probabilities, times the hop prior and the seed's link score. */
  score: number;
  /** Per-step probabilities. */
  probabilities: number[];
  /** Vertices reached after the last step (capped). */
  reached: number;
  /**
   * Evidence for the first step that the graph's own structure gave, when the question named none of
   * the seed's relations (see STRUCTURAL_EVIDENCE); 0 when the question's words chose it.
   */
  assumed?: number;
}

export interface Mention {
  pos: number;
  word: string;
  /** Weak evidence (when/where/about): it sways relation choice but is not a hop. */
  weak: boolean;
  /** Relation id -> match strength in (0, 1]. */
  relations: Map<number, number>;
  /** Relation id -> the relation stem the word matched. */
  stems: Map<number, string>;
  /** The word next to the question word (who/what/which...): it names the answer, so the last hop. */
  focus: boolean;
}

export interface QuestionAnalysis {
  tokens: Token[];
  mentions: Mention[];
  /** Prior over 1, 2, 3 hops (index 0 = 1 hop). */
  hopPrior: number[];
  predictedHops: number;
  bridgeCue: boolean;
  /**
   * The question relates the answer to the entity only through a generic frame (see GENERIC_FRAME):
   * every other content word outside the entities belongs to the answer's noun phrase.
   */
  generic: boolean;
}

interface PathOptions {
  maxHops?: number;
  beamWidth?: number;
  topK?: number;
  /** Softmax sharpness for relation probabilities. */
  beta?: number;
  /** Extra relation evidence (embedding similarity, LLM choice): relation name -> [0, 1]. */
  relationHints?: Map<string, number>;
  /** Cap on frontier size while walking a path. */
  maxFrontier?: number;
  /** Values per entity of each relation and direction (RelationLexicon.fanout): lets the graph read a generic frame. */
  fanout?: (rel: number, inverse: boolean) => number;
}

/**
 * The evidence a first step gets from the graph's structure alone (a generic frame naming no
 * relation): WORDNET_MIN, the least WordNet relatedness that counts, well below a word naming the
 * relation (1), so the answer's confidence stays low (0.6 squared times the link score: about 0.3).
 */
export const STRUCTURAL_EVIDENCE = WORDNET_MIN;

/** Concept labels count this much of a relation's own label. */
const CONCEPT_WEIGHT = 0.9;

/** Per-relation content stems and words (label + concept labels), cached per snapshot version. */
export class RelationLexicon {
  private version = -1;
  stems: { own: string[]; concept: string[] }[] = [];
  all = new Set<string>();
  /** Dictionary form of a label word -> the relations whose own label (or a concept label) holds it. */
  private ownByWord = new Map<string, { r: number; pos: WnPos | undefined }[]>();
  private conceptByWord = new Map<string, { r: number; pos: WnPos | undefined }[]>();

  private fanoutOf: { version: number; forward: Float64Array; inverse: Float64Array } | null = null;

  constructor(private readonly snapshot: GraphSnapshot) {}

  /**
   * How many values one entity holds on average over relation r: edges per distinct subject (forward)
   * or per distinct object (inverse). A tag-like or membership relation holds several, a date or a
   * place of origin one. Computed once per snapshot version in O(edges).
   */
  fanout(r: number, inverse: boolean): number {
    const s = this.snapshot;
    if (!this.fanoutOf || this.fanoutOf.version !== s.version || this.fanoutOf.forward.length !== s.relations.length) {
      const n = s.relations.length;
      const edges = new Float64Array(n);
      for (let e = 0; e < s.edgeCount; e++) edges[s.rel.data[e]]++;
      const distinct = (csr: ReturnType<GraphSnapshot['out']>) => {
        const ends = new Float64Array(n);
        const seen = new Int32Array(n).fill(-1);
        for (let v = 0; v < s.vertexCount; v++) {
          for (let k = csr.ptr[v]; k < csr.ptr[v + 1]; k++) {
            const rel = s.rel.data[csr.idx[k]];
            if (seen[rel] === v) continue;
            seen[rel] = v;
            ends[rel]++;
          }
        }
        return edges.map((m, i) => (ends[i] ? m / ends[i] : 0));
      };
      this.fanoutOf = { version: s.version, forward: distinct(s.out()), inverse: distinct(s.in()) };
    }
    return (inverse ? this.fanoutOf.inverse : this.fanoutOf.forward)[r] ?? 0;
  }

  sync(): this {
    if (this.version === this.snapshot.version && this.stems.length === this.snapshot.relations.length) return this;
    this.stems = this.snapshot.relations.map((r, i) => ({
      own: relationStems(r),
      concept: [...new Set((this.snapshot.relationConcepts.get(i) ?? []).flatMap(relationStems))],
    }));
    this.all = new Set(this.stems.flatMap((s) => [...s.own, ...s.concept]));
    this.ownByWord = new Map();
    this.conceptByWord = new Map();
    const index = (map: Map<string, { r: number; pos: WnPos | undefined }[]>, w: { word: string; pos: WnPos | undefined }, r: number) => {
      const list = map.get(w.word) ?? [];
      if (!list.some((x) => x.r === r && x.pos === w.pos)) list.push({ r, pos: w.pos });
      map.set(w.word, list);
    };
    this.snapshot.relations.forEach((label, r) => {
      for (const w of relationWords(label)) index(this.ownByWord, w, r);
      for (const c of this.snapshot.relationConcepts.get(r) ?? []) for (const w of relationWords(c)) index(this.conceptByWord, w, r);
    });
    this.version = this.snapshot.version;
    return this;
  }

  /**
   * Relations a question word evokes through WordNet (a synonym, derivation, hypernym, hyponym or
   * sister term of a word of the relation's label or of its concepts' labels): relation -> score
   * (WORDNET_WEIGHT times the relatedness, concepts CONCEPT_WEIGHT of that) and the label word hit.
   */
  related(word: string, pos?: WnPos): Map<number, { score: number; word: string }> {
    const out = new Map<number, { score: number; word: string }>();
    if (!this.ownByWord.size && !this.conceptByWord.size) return out;
    for (const [x, n] of relatedWords(word, pos)) {
      // a copula phrase names its state ("be born" -> born); other phrases ("write up") are not their head
      const parts = x.split(' ');
      if (parts.length > 1 && !(parts.length === 2 && parts[0] === 'be')) continue;
      const key = parts[parts.length - 1];
      for (const [map, f] of [
        [this.ownByWord, 1],
        [this.conceptByWord, CONCEPT_WEIGHT],
      ] as const) {
        for (const { r, pos: p } of map.get(key) ?? []) {
          // the label's word as the part of speech it has in the label (any, without WordNet's
          // forms); a phrase by how common its own sense is
          const weight = parts.length > 1 ? wordnetRelatedness(n, x) : wordnetRelatedness(n, x, p);
          if (!weight) continue;
          const score = WORDNET_WEIGHT * weight * f;
          if (score > (out.get(r)?.score ?? 0)) out.set(r, { score, word: key });
        }
      }
    }
    return out;
  }

  /** How strongly a question word (stemmed) evokes relation r. */
  match(wordStem: string, r: number): number {
    return this.matchStem(wordStem, r).score;
  }

  /** The match and which of the relation's stems it hit (own stems first, then concept stems). */
  matchStem(wordStem: string, r: number): { score: number; stem: string } {
    const s = this.stems[r];
    if (!s) return { score: 0, stem: '' };
    let best = 0;
    let which = '';
    for (const x of s.own) {
      const m = stemMatch(wordStem, x);
      if (m > best) [best, which] = [m, x];
    }
    for (const x of s.concept) {
      const m = CONCEPT_WEIGHT * stemMatch(wordStem, x);
      if (m > best) [best, which] = [m, x];
    }
    return { score: best, stem: which };
  }
}

/**
 * Closed-class English that relates two things without saying how: aboutness ("a report about X",
 * "which topics is X about"), relevance ("terms applicable / relevant / related to X"), participation
 * ("X appears / features / takes part in Y", "which events involve X"). Dictionary forms.
 */
export const GENERIC_FRAME = new Set([
  'about',
  'concerning',
  'regarding',
  'applicable',
  'relevant',
  'pertinent',
  'related',
  'pertain',
  'associated',
  'connected',
  'appear',
  'feature',
  'figure',
  'occur',
  'participate',
  'involve',
]);

/**
 * Whether the question relates its answer to the entities only through a generic frame word: one of
 * GENERIC_FRAME is there, and every other content word outside the entities is a word of the answer's
 * noun phrase ("which [topics] is X about"), a bridge cue or the class a bridge names ("the same
 * [band]"). "Who is X married to" or "what is the budget of X" name what they ask for, so are not generic.
 */
export function isGenericFrame(tokens: Token[], entities: LinkedEntity[], answerPhrase: string[]): boolean {
  const inEntity = (t: Token) => entities.some((e) => e.method !== 'embedding' && t.start >= e.start && t.end <= e.end);
  const phrase = new Set(answerPhrase);
  let frame = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (inEntity(t) || QUESTION_WORDS.has(t.text)) continue;
    if (GENERIC_FRAME.has(t.text) || GENERIC_FRAME.has(lemma(t.text))) {
      frame = true;
      continue;
    }
    if (STOPWORDS.has(t.text) || BRIDGE_CUES.has(t.text) || phrase.has(t.text)) continue;
    // the class a bridge names: "the same band", "other members"
    const prev = tokens[i - 1]?.text;
    if (prev && (BRIDGE_CUES.has(prev) || prev === 'other')) continue;
    return false;
  }
  return frame;
}

/** Find relation mentions in the question (outside entity mentions) and a prior on the hop count. */
export function analyzeQuestion(
  input: QuestionInput,
  entities: LinkedEntity[],
  lexicon: RelationLexicon,
  maxHops = 3,
  answerPhrase: string[] = [],
): QuestionAnalysis {
  const question = analyzed(input);
  const tokens = question.tokens;
  const inEntity = (t: Token) => entities.some((e) => e.method !== 'embedding' && t.start >= e.start && t.end <= e.end);
  const nRel = lexicon.stems.length;
  const mentions: Mention[] = [];
  let bridgeCue = false;
  // parts of speech read the WordNet senses the question uses ("plant" the noun, "describe" the verb)
  const upos = new Map<string, string>();
  for (const t of question.tags) if (!upos.has(t.lower)) upos.set(t.lower, t.pos);
  tokens.forEach((t, pos) => {
    if (inEntity(t)) return;
    const w = t.text;
    if (BRIDGE_CUES.has(w) || w.startsWith('co-')) bridgeCue = true;
    const weak = w in WH_HINTS || w === 'about';
    if (STOPWORDS.has(w) && !weak) return;
    const stems = weak ? [stem(w), ...(WH_HINTS[w] ?? [])] : [stem(w)];
    const relations = new Map<number, number>();
    const matched = new Map<number, string>();
    for (let r = 0; r < nRel; r++) {
      let m = { score: 0, stem: '' };
      for (const s of stems) {
        const x = lexicon.matchStem(s, r);
        if (x.score > m.score) m = x;
      }
      if (m.score >= 0.7) {
        relations.set(r, m.score);
        matched.set(r, m.stem);
      }
    }
    // no relation word shares the word's stem: relations WordNet relates a content word (a common
    // noun, verb or adjective to the tagger; names and function words are left alone) to, weighted lower
    const wnPos = wordnetPos(upos.get(w));
    const content = upos.has(w) ? wnPos !== undefined && wnPos !== 'r' && upos.get(w) !== 'PROPN' : true;
    if (!weak && content && ![...relations.values()].some((v) => v >= 1)) {
      for (const [r, x] of lexicon.related(w, wnPos)) {
        if (x.score > (relations.get(r) ?? 0)) {
          relations.set(r, x.score);
          matched.set(r, stem(x.word));
        }
      }
    }
    if (relations.size) mentions.push({ pos, word: w, weak, relations, stems: matched, focus: false });
  });
  // The answer focus: the strong mention closest after a question word (or right before "who"/"what" at the end).
  // only a question word that opens or closes the question asks for the answer ("whose" inside is a relative)
  const wh = tokens.map((t, i) => (QUESTION_WORDS.has(t.text) && (i <= 1 || i >= tokens.length - 2) ? i : -1)).filter((i) => i >= 0);
  let focus: Mention | undefined;
  let focusDist = Infinity;
  for (const m of mentions) {
    if (m.weak) continue;
    for (const q of wh) {
      const d = m.pos > q ? m.pos - q : q - m.pos + 0.5;
      if (d <= 3 && d < focusDist) [focus, focusDist] = [m, d];
    }
  }
  if (focus) focus.focus = true;

  // Distinct relation ideas named (mentions whose best relations overlap are one idea), plus one
  // hop for a bridge back through a relation ("also wrote", "same author", a relation named twice).
  // Two words naming different parts of one relation label ("released ... date", "release date")
  // or one phrase ("language spoken", "the director that directed") are merged into one mention;
  // the same part named again further away ("written by the copywriter of") is a repeat.
  const merged: Mention[] = [];
  const clusters: { rels: Set<number>; stems: Set<string>; last: number; mention: Mention }[] = [];
  let repeated = false;
  for (const m of mentions) {
    if (m.weak) {
      merged.push(m);
      continue;
    }
    const best = bestRelations(m);
    const stemsOf = new Set([...best].map((r) => `${r}:${m.stems.get(r)}`));
    const c = clusters.find((x) => [...best].some((r) => x.rels.has(r)));
    const near = c ? Math.abs(m.pos - c.last) <= 2 : false;
    const repeat = c ? !near && [...stemsOf].some((k) => c.stems.has(k)) : false;
    if (c && !repeat) {
      // one mention: keep the stronger match per relation, the focus if either had it
      for (const [r, v] of m.relations) if (v > (c.mention.relations.get(r) ?? 0)) c.mention.relations.set(r, v);
      c.mention.focus ||= m.focus;
      c.last = m.pos;
      for (const r of best) c.rels.add(r);
      for (const k of stemsOf) c.stems.add(k);
      continue;
    }
    if (repeat) repeated = true;
    const copy: Mention = { ...m, relations: new Map(m.relations), stems: new Map(m.stems) };
    merged.push(copy);
    if (c && repeat) {
      c.last = m.pos;
      continue;
    }
    clusters.push({ rels: new Set(best), stems: stemsOf, last: m.pos, mention: copy });
  }
  // a bridge cue with no relation named ("who played in the same band as X") still asks to walk
  // out over one relation and back over it: two hops
  const bridged = clusters.length ? (repeated || bridgeCue ? 1 : 0) : bridgeCue ? 2 : 0;
  const predicted = Math.max(1, Math.min(maxHops, clusters.length + bridged));
  const hopPrior = [1, 2, 3].slice(0, maxHops).map((h) => (h === predicted ? 0.7 : Math.abs(h - predicted) === 1 ? 0.2 : 0.1));
  const z = hopPrior.reduce((a, b) => a + b, 0);
  return {
    tokens,
    mentions: merged,
    hopPrior: hopPrior.map((p) => p / z),
    predictedHops: predicted,
    bridgeCue,
    generic: isGenericFrame(tokens, entities, answerPhrase),
  };
}

function bestRelations(m: Mention): Set<number> {
  let best = 0;
  for (const v of m.relations.values()) best = Math.max(best, v);
  return new Set([...m.relations].filter(([, v]) => v >= best - 1e-9).map(([r]) => r));
}

const QUESTION_WORDS = new Set(['who', 'whom', 'what', 'which', 'when', 'where', 'how']);

interface BeamState {
  steps: { rel: number; inverse: boolean }[];
  probs: number[];
  frontier: Int32Array;
  consumed: Set<number>;
  /** The mention the last step consumed, if any. */
  lastConsumed: number | null;
  cueUsed: boolean;
  logScore: number;
  /** Structural evidence of the first step (RelationPath.assumed). */
  assumed: number;
}

/** Vertices reached from `frontier` over relation `rel` in one direction (deduplicated, capped). */
export function walk(snapshot: GraphSnapshot, frontier: Int32Array, rel: number, inverse: boolean, cap: number): Int32Array {
  const csr = inverse ? snapshot.in() : snapshot.out();
  const ends = inverse ? snapshot.src.data : snapshot.dst.data;
  const rels = snapshot.rel.data;
  const seen = new Set<number>();
  const out: number[] = [];
  for (const v of frontier) {
    for (let k = csr.ptr[v]; k < csr.ptr[v + 1]; k++) {
      const e = csr.idx[k];
      if (rels[e] !== rel) continue;
      const u = ends[e];
      if (seen.has(u)) continue;
      seen.add(u);
      out.push(u);
      if (out.length >= cap) return Int32Array.from(out);
    }
  }
  return Int32Array.from(out);
}

/** (relation, direction) options leaving a frontier, with how many edges each has. */
function options(snapshot: GraphSnapshot, frontier: Int32Array, scanCap = 3000): Map<number, number> {
  const out = new Map<number, number>();
  const rels = snapshot.rel.data;
  const o = snapshot.out();
  const i = snapshot.in();
  let scanned = 0;
  for (const v of frontier) {
    if (scanned++ >= scanCap) break;
    for (let k = o.ptr[v]; k < o.ptr[v + 1]; k++) {
      const key = rels[o.idx[k]] * 2;
      out.set(key, (out.get(key) ?? 0) + 1);
    }
    for (let k = i.ptr[v]; k < i.ptr[v + 1]; k++) {
      const key = rels[i.idx[k]] * 2 + 1;
      out.set(key, (out.get(key) ?? 0) + 1);
    }
  }
  return out;
}

/**
 * A generic frame names no relation, so the graph's structure reads it: an entity with one kind of
 * fact ("X appears in which books" over a graph holding one relation for X) is asked about that
 * fact; with several, "about" / "applicable to" / "appears in" asks for what characterises the
 * entity: the seed's relation holding the most values (edges at the seed times the relation's values
 * per entity, RelationLexicon.fanout), as a subject's topics, tags or members outnumber its single
 * date or author. Option key -> evidence in (0, STRUCTURAL_EVIDENCE].
 */
export function structuralSteps(opts: Map<number, number>, fanout?: (rel: number, inverse: boolean) => number): Map<number, number> {
  const out = new Map<number, number>();
  if (opts.size === 1) {
    for (const key of opts.keys()) out.set(key, STRUCTURAL_EVIDENCE);
    return out;
  }
  if (!fanout || !opts.size) return out;
  const value = new Map([...opts].map(([key, n]) => [key, n * fanout(key >> 1, (key & 1) === 1)]));
  const max = Math.max(...value.values());
  if (!(max > 0)) return out;
  for (const [key, v] of value) out.set(key, (STRUCTURAL_EVIDENCE * v) / max);
  return out;
}

/** Beam search over relation paths (1..maxHops) from every linked entity; the top-K paths overall. */
export function predictPaths(snapshot: GraphSnapshot, entities: LinkedEntity[], analysis: QuestionAnalysis, options_: PathOptions = {}): RelationPath[] {
  const maxHops = options_.maxHops ?? 3;
  const beamWidth = options_.beamWidth ?? 6;
  const topK = options_.topK ?? 8;
  const beta = options_.beta ?? 4;
  const cap = options_.maxFrontier ?? 5000;
  const hints = options_.relationHints;
  const hintById = new Map<number, number>();
  if (hints) for (const [name, v] of hints) if (snapshot.relationIndex.has(name)) hintById.set(snapshot.relationIndex.get(name)!, v);
  const bestLink = Math.max(...entities.map((e) => e.score), 1e-9);
  const strong = analysis.mentions.map((m, k) => ({ m, k })).filter(({ m }) => !m.weak);
  const weak = analysis.mentions.filter((m) => m.weak);
  const focusK = strong.find(({ m }) => m.focus)?.k ?? -1;
  const finished: RelationPath[] = [];
  // a generic frame naming no relation of the graph: the seed's own relations decide its first step
  const unnamed = analysis.generic && !analysis.mentions.length && !hintById.size;

  for (const entity of entities) {
    const seedPos = analysis.tokens.findIndex((t) => t.start >= entity.start);
    const seedEnd = analysis.tokens.findIndex((t) => t.start >= entity.end);
    const distance = (pos: number) => (pos < seedPos ? seedPos - pos : pos - (seedEnd < 0 ? analysis.tokens.length : seedEnd) + 1);
    let beam: BeamState[] = [
      {
        steps: [],
        probs: [],
        frontier: Int32Array.of(entity.vertex),
        consumed: new Set(),
        lastConsumed: null,
        cueUsed: false,
        logScore: 0,
        assumed: 0,
      },
    ];
    const linkFactor = Math.pow(entity.score / bestLink, 2);

    for (let depth = 1; depth <= maxHops && beam.length; depth++) {
      const next: BeamState[] = [];
      for (const state of beam) {
        const opts = options(snapshot, state.frontier);
        if (!opts.size) continue;
        // the unconsumed strong mentions, nearest to the entity first
        const open = strong
          .filter(({ k }) => !state.consumed.has(k))
          .sort((a, b) => Number(a.m.focus) - Number(b.m.focus) || distance(a.m.pos) - distance(b.m.pos));
        const last = state.steps[state.steps.length - 1];
        const scored: { key: number; a: number; consume: number | null; cue: boolean }[] = [];
        for (const key of opts.keys()) {
          const rel = key >> 1;
          const inverse = (key & 1) === 1;
          let a = 0;
          let consume: number | null = null;
          open.forEach(({ m, k }, rank) => {
            const s = (m.relations.get(rel) ?? 0) * Math.pow(0.75, rank);
            if (s > a) {
              a = s;
              consume = k;
            }
          });
          for (const m of weak) a = Math.max(a, 0.5 * (m.relations.get(rel) ?? 0));
          if (hintById.has(rel)) a = Math.max(a, hintById.get(rel)!);
          let cue = false;
          if (last && last.rel === rel && last.inverse !== inverse) {
            // walking straight back: a bridge ("also wrote", "same author", the relation named twice)
            const repeat = open.find(({ m }) => (m.relations.get(rel) ?? 0) > 0);
            if (repeat) {
              a = 1;
              consume = repeat.k;
            } else if (analysis.bridgeCue && !state.cueUsed) {
              a = 0.9;
              consume = null;
              cue = true;
            } else a *= 0.3;
          }
          scored.push({ key, a, consume, cue });
        }
        const assumed = depth === 1 && unnamed ? structuralSteps(opts, options_.fanout) : new Map<number, number>();
        for (const s of scored) if (assumed.has(s.key)) s.a = Math.max(s.a, assumed.get(s.key)!);
        let z = 0;
        for (const s of scored) z += Math.exp(beta * s.a);
        scored.sort((x, y) => y.a - x.a);
        for (const s of scored.slice(0, beamWidth)) {
          const p = Math.exp(beta * s.a) / z;
          const rel = s.key >> 1;
          const inverse = (s.key & 1) === 1;
          const frontier = walk(snapshot, state.frontier, rel, inverse, cap);
          if (!frontier.length) continue;
          const consumed = new Set(state.consumed);
          if (s.consume !== null) consumed.add(s.consume);
          next.push({
            steps: [...state.steps, { rel, inverse }],
            probs: [...state.probs, p],
            frontier,
            consumed,
            lastConsumed: s.consume,
            cueUsed: state.cueUsed || s.cue,
            logScore: state.logScore + Math.log(p),
            assumed: depth === 1 ? (assumed.get(s.key) ?? 0) : state.assumed,
          });
        }
      }
      next.sort((a, b) => b.logScore - a.logScore);
      beam = next.slice(0, beamWidth);
      for (const st of beam) {
        const unconsumed = strong.filter(({ k }) => !st.consumed.has(k)).length;
        let coverage = Math.pow(0.5, unconsumed);
        // the answer focus should be named by the last hop
        if (focusK >= 0 && st.consumed.has(focusK) && st.lastConsumed !== focusK && st.steps.length > 1) coverage *= 0.4;
        if (focusK >= 0 && !st.consumed.has(focusK)) coverage *= 0.4;
        const score = Math.exp(st.logScore) * analysis.hopPrior[depth - 1] * coverage * linkFactor;
        finished.push({
          seed: entity.vertex,
          seedId: entity.id,
          seedLabel: entity.label,
          steps: st.steps.map((s) => ({ relation: snapshot.relations[s.rel], inverse: s.inverse })),
          score,
          probabilities: st.probs.map((p) => Math.round(p * 1e4) / 1e4),
          reached: st.frontier.length,
          assumed: st.assumed,
        });
      }
    }
  }
  finished.sort((a, b) => b.score - a.score);
  return finished.slice(0, topK);
}
