// Retrieval for one question: link entities -> predict hops and relation paths -> personalized
// PageRank -> sample triples into the budget -> rank passages. When nothing links or nothing is
// found: relink fuzzily, then (with a model loaded) let the LLM rewrite the question once; if still
// empty, the outcome is "not in the graph".
import type { Store } from '../store';
import type { RetrievalRepository } from '../store/retrieval';
import type { LlmEngine } from '../llm/engine';
import type { EmbeddingTask } from '../llm/embedding-tasks';
import { GraphSnapshot, KIND_CODES } from './snapshot';
import { LinkIndex, linkEntities } from './link';
import { analyzeQuestion, predictPaths, RelationLexicon, type RelationPath } from './paths';
import { personalizedPageRank } from './ppr';
import { DEFAULT_PASSAGE_WEIGHTS, rankPassages, sampleTriples, type PassageWeights } from './sample';
import { verbalizeTriple } from './verbalize';
import { contentStems } from './text';
import { stem } from '../nlp/morphology';
import { STOPWORDS } from '../nlp/stopwords';
import { pathAnswers } from './answers';
import { askedCells } from './tables';
import { contentTokens, coverage, documentTermLine, pairCoverage, passageMatch, questionTerms, splitSentences, type QuestionTerm } from './sentences';
import { analyze, type AnalyzedQuestion } from './analysis';
import { resolveBridge, type BridgeDocument, type DocumentIdentity } from './bridge';
import { kindFeatures, PassageRanker, type PassageFeature } from './passage-ranker';
import {
  bridgesOf,
  BRIDGE_SOURCES,
  citingPassage,
  CITING_DEPTH,
  describingText,
  designationKey,
  designationsIn,
  hopQuery,
  HOP_HITS,
  keepBridge,
  keepDescribing,
  keepSecondHop,
  twoHopShape,
  type Bridge,
  type DescribedPassage,
} from './second-hop';
import { analyzeStructure, isBoilerplate } from '../document/structure';
import type { ClauseLookup } from '../store/clauses';
import { cosineSimilarity } from '../text/similarity';
import type { VectorRepository } from '../store/vectors';
import { DenseIndex, reciprocalRankFusion } from './dense';
import type {
  NamedStandard,
  RetrievalAttempt,
  RetrievalResult as ContractRetrievalResult,
  RetrievedAnswer,
  RetrievedTriple,
} from '../../../shared/contract/chat';
import { log } from '../log';

export const DEFAULT_MAX_TRIPLES = 60;
export const DEFAULT_MAX_PASSAGES = 5;

export interface RetrieveOptions {
  maxTriples?: number;
  maxPassages?: number;
  /** A loaded chat model: rewrites the question once when nothing is found. */
  engine?: LlmEngine | null;
  /**
   * An embedding model: entity linking by label similarity and relation scoring by embeddings; with a
   * vector index built for it (the 'embeddings.index' job), hybrid passages and linking over any number of labels.
   */
  embedder?: LlmEngine | null;
  /** Skip the retries (fuzzy relink, LLM rewrite). */
  noRetry?: boolean;
  signal?: AbortSignal;
  /** Ranking knobs (defaults tuned on the dev slices; for evaluation). */
  tuning?: Partial<RetrievalTuning>;
  /** Return every pooled passage with its features (`passagePool`), for fitting the passage table. */
  passagePool?: boolean;
}

export interface RetrievalTuning extends PassageWeights {
  /** PPR damping (probability of following a link). */
  damping: number;
  /** Seed weight of a passage, times its BM25 match (best = 1). */
  bm25Seed: number;
  /** Seeds are divided by (number of passages they occur in) ** specificity. */
  specificity: number;
  /** Forward-push threshold of PPR (residual per link left unpushed). */
  epsilon: number;
  /** With a vector index: weight of a passage's dense rank in the re-ranking (weight / (1 + rank)). */
  denseWeight: number;
  /** With a vector index and nothing linked: least cosine similarity of a passage found by dense search alone. */
  denseMinAlone: number;
}

const DEFAULT_TUNING: RetrievalTuning = {
  ...DEFAULT_PASSAGE_WEIGHTS,
  damping: 0.5,
  bm25Seed: 0,
  specificity: 1,
  epsilon: 1e-6,
  denseWeight: 0.25,
  denseMinAlone: 0.75,
};

// The result's parts are the contract's schemas (shared/contract/chat.ts): what retrieve.query returns.
export type {
  RetrievedEntity,
  RetrievedPath,
  RetrievedTriple,
  RetrievedPassage,
  RetrievedAnswer,
  NamedStandard,
  RetrievalAttempt,
} from '../../../shared/contract/chat';

/**
 * The contract's result, with what the retriever always fills in required (stored traces may lack them),
 * and the analysed question (in memory only: the answerer reads it, it is not part of the contract).
 */
export type RetrievalResult = Omit<ContractRetrievalResult, 'answers' | 'terms'> & {
  answers: RetrievedAnswer[];
  terms: QuestionTerm[];
  analysis?: AnalyzedQuestion;
  /** With the `passagePool` option: the re-ranking pool with each passage's features. */
  passagePool?: PooledPassage[];
  /** A question of two-passage shape: what its second hop read and found (absent: no second hop was taken). */
  secondHop?: SecondHopRead;
  /** A question naming two documents: the one it asks about (retrieve/bridge.ts; absent when none resolved). */
  bridge?: BridgeDocument;
};

/**
 * What the second hop of a two-passage question read and found (second-hop.ts): the bridges it followed
 * that found something, and the kept passages it found with their `secondHop` and `secondHopMatch` values
 * (passage features of the same names), for the answer side to tell a passage the hop found from the
 * first ranking's.
 */
export interface SecondHopRead {
  bridges: { term: string; reference: boolean; chunk: number }[];
  passages: { id: number; secondHop: number; match: number }[];
}

const round = (x: number, d = 6) => Math.round(x * 10 ** d) / 10 ** d;

/** A chunk opening with the heading of front or back matter (standards' boilerplate sections). */
const FRONT_MATTER =
  /^\s*(?:[\dA-Z]+(?:\.\d+)*\.?\s+)?(?:Status of this Memo|Copyright Notice|(?:Full )?Copyright Statement|Intellectual Property(?: Statement| Rights)?|Table of Contents|Acknowledge?ments?|Authors?'? Addresses?)[ \t]*(?:\n|$)/i;

/** The heading a document's summary section opens with (standards: Abstract, Scope, Introduction, Overview). */
const LEAD_HEADING = /^\s*(?:[\dA-Z]+(?:\.\d+)*\.?\s+)?(?:Abstract|Summary|Scope|Introduction|Overview)[ \t]*(?:\n|$)/i;

export class Retriever {
  readonly repo: RetrievalRepository;
  readonly snapshot: GraphSnapshot;
  readonly linkIndex: LinkIndex;
  readonly lexicon: RelationLexicon;
  private readonly clauses: ClauseLookup;
  /** The vector index (sqlite-vec): used only with an embedder whose model it was built with. */
  readonly vectors: VectorRepository;
  /** The fitted passage table (replaceable: the fitting script ranks with the table it is fitting). */
  passageRanker = new PassageRanker();

  constructor(store: Store) {
    this.vectors = store.vectors;
    this.clauses = store.clauseLookup();
    this.repo = store.retrieval;
    this.snapshot = new GraphSnapshot(this.repo);
    this.linkIndex = new LinkIndex(this.snapshot);
    this.lexicon = new RelationLexicon(this.snapshot);
  }

  /** Bring the snapshot and the indexes up to date; cheap when nothing changed. */
  refresh(): 'unchanged' | 'appended' | 'rebuilt' {
    const what = this.snapshot.refresh();
    if (what !== 'unchanged' || this.linkIndex.syncedVersion !== this.snapshot.version) this.linkIndex.sync(what === 'rebuilt');
    this.lexicon.sync();
    return what;
  }

  /** 'graph.changed': look again before the next question. */
  markStale(): void {
    this.snapshot.markStale();
  }

  async retrieve(question: string, options: RetrieveOptions = {}): Promise<RetrievalResult> {
    const t0 = performance.now();
    const maxTriples = options.maxTriples ?? DEFAULT_MAX_TRIPLES;
    const maxPassages = options.maxPassages ?? DEFAULT_MAX_PASSAGES;
    this.refresh();
    const timings = { refreshMs: performance.now() - t0, linkMs: 0, pathMs: 0, pprMs: 0, sampleMs: 0, totalMs: 0 };
    const attempts: RetrievalAttempt[] = [];
    const embedder = options.embedder;
    const embed = embedder ? (texts: string[], task?: EmbeddingTask) => embedder.embed(texts, { task }) : undefined;
    // hybrid retrieval only when an index exists for this embedder's model; otherwise exactly as without it
    const dense = DenseIndex.open(this.vectors, embedder);

    let found = await this.attempt(question, { ...options, maxTriples, maxPassages, fuzzy: false, embed, dense }, timings);
    attempts.push({ method: 'exact', query: question, entities: found.entities.length, triples: found.triples.length });
    if (!options.noRetry && !found.triples.length) {
      const fuzzy = await this.attempt(question, { ...options, maxTriples, maxPassages, fuzzy: true, embed, dense }, timings);
      attempts.push({ method: 'fuzzy', query: question, entities: fuzzy.entities.length, triples: fuzzy.triples.length });
      if (fuzzy.triples.length || (!found.passages.length && fuzzy.passages.length)) found = fuzzy;
      if (!found.triples.length && options.engine) {
        const rewritten = await rewriteQuery(options.engine, question, options.signal);
        if (rewritten && rewritten.toLowerCase() !== question.toLowerCase()) {
          const again = await this.attempt(rewritten, { ...options, maxTriples, maxPassages, fuzzy: true, embed, dense }, timings);
          attempts.push({ method: 'rewrite', query: rewritten, entities: again.entities.length, triples: again.triples.length });
          if (again.triples.length) found = again;
        }
      }
    }
    timings.totalMs = performance.now() - t0;
    for (const k of Object.keys(timings) as (keyof typeof timings)[]) timings[k] = Math.round(timings[k] * 100) / 100;
    return {
      question,
      outcome: found.triples.length || found.passages.length ? 'found' : 'not_in_graph',
      hops: found.hops,
      entities: found.entities,
      paths: found.paths,
      triples: found.triples,
      passages: found.passages,
      answers: found.answers,
      terms: found.terms,
      analysis: found.analysis,
      ...(found.passagePool ? { passagePool: found.passagePool } : {}),
      ...(found.secondHop ? { secondHop: found.secondHop } : {}),
      ...(found.bridge ? { bridge: found.bridge } : {}),
      standards: this.namedStandards(question),
      attempts,
      timings,
    };
  }

  private async attempt(
    question: string,
    o: RetrieveOptions & {
      maxTriples: number;
      maxPassages: number;
      fuzzy: boolean;
      embed?: (t: string[], task?: EmbeddingTask) => Promise<number[][]>;
      dense?: DenseIndex | null;
      /** The describing sentences of a two-passage question asked alone: one hop, no describing passage of its own. */
      describing?: boolean;
    },
    timings: RetrievalResult['timings'],
  ): Promise<
    Pick<RetrievalResult, 'entities' | 'paths' | 'triples' | 'passages' | 'hops' | 'answers' | 'terms' | 'analysis' | 'passagePool' | 'secondHop' | 'bridge'>
  > {
    const s = this.snapshot;
    const tuning: RetrievalTuning = { ...DEFAULT_TUNING, ...o.tuning };
    let t = performance.now();
    // the question read once: every stage below reads this value
    const asked = analyze(question);
    const links = await linkEntities(asked, s, this.linkIndex, this.repo, {
      fuzzy: o.fuzzy,
      embed: o.embed,
      relationStems: this.lexicon.all,
      dense: o.dense,
    });
    // passages linked by their document's title seed the walk; they are not entities
    const linked = links.filter((e) => e.kind !== 'passage');
    timings.linkMs += performance.now() - t;

    t = performance.now();
    const analysis = analyzeQuestion(asked, links, this.lexicon, 3, asked.type.phrase);
    let hints: Map<string, number> | undefined;
    if (o.embed && s.relations.length && s.relations.length <= 2000) hints = await relationHints(o.embed, question, s.relations);
    const paths = linked.length ? predictPaths(s, linked, analysis, { relationHints: hints, fanout: (r, inverse) => this.lexicon.fanout(r, inverse) }) : [];
    timings.pathMs += performance.now() - t;

    t = performance.now();
    const seeds = new Map<number, number>();
    // node specificity (HippoRAG): a seed found in many passages says less about where to look
    for (const e of links) {
      const spread = tuning.specificity ? Math.max(1, s.passageDegree(e.vertex)) ** tuning.specificity : 1;
      seeds.set(e.vertex, (seeds.get(e.vertex) ?? 0) + e.score / spread);
    }
    // passages that match the words of the question seed the walk a little (HippoRAG 2's passage weight)
    const bm25 = new Map<number, number>();
    if ((s.fingerprint?.chunkCount ?? 0) > 0) {
      const content = contentWords(asked);
      const hits = this.repo.searchPassages(content.join(' ') || question, 10);
      const best = hits.length ? hits[0].score : 0;
      for (const h of hits) {
        const rel = best < 0 ? h.score / best : 0;
        bm25.set(h.id, rel);
        const v = s.vertexOfChunk.get(h.id);
        if (v !== undefined && links.length) seeds.set(v, (seeds.get(v) ?? 0) + tuning.bm25Seed * rel);
      }
      if (!links.length) {
        // nothing linked: keep only passages that cover most of the question's content words
        const texts = new Map(this.repo.passages([...bm25.keys()]).map((p) => [p.id, p.text.toLowerCase()]));
        for (const id of [...bm25.keys()]) {
          const text = texts.get(id) ?? '';
          const covered = content.filter((w) => text.includes(w)).length;
          if (!content.length || covered / content.length < 0.6) bm25.delete(id);
        }
      }
    }
    const ppr = seeds.size && s.vertexCount ? personalizedPageRank(s.pprGraph(), seeds, { damping: tuning.damping, epsilon: tuning.epsilon }).scores : null;
    timings.pprMs += performance.now() - t;

    t = performance.now();
    const sampled = linked.length ? sampleTriples(s, paths, ppr, { maxTriples: o.maxTriples }) : [];
    const chunks = s.fingerprint?.chunkCount ?? 0;
    const terms = questionTerms(asked, (w) => this.repo.chunkFrequencies(w), chunks, asked.type.frame);
    const pool = Math.max(o.maxPassages * 3, 20);
    const fused = rankPassages(s, ppr, sampled, bm25, pool, tuning, (c) => this.repo.documentOfChunk(c));
    const hybrid = o.dense ? await this.densePassages(o.dense, question, fused, pool, links.length > 0, tuning) : null;
    const named = linked.filter((e) => e.method !== 'embedding').map((e) => e.label);
    const leads = new Set([...this.leadPassages(named), ...this.sectionPassages(named)]);
    const passagePool: PooledPassage[] | undefined = o.passagePool ? [] : undefined;
    // a question naming two documents asks about one of them: the bridge document, searched with the asking sentence
    const bridge = !o.describing ? resolveBridge(asked, this.documentIdentities()) : null;
    const twoHop = !o.describing && (twoHopShape(asked) || !!bridge);
    // a two-passage question's describing sentences asked alone: their best passage names what it describes
    const describing = twoHop ? describingText(asked) : '';
    const describedRanking = describing
      ? (await this.attempt(describing, { ...o, passagePool: false, maxPassages: CITING_DEPTH, describing: true }, timings)).passages
      : [];
    // reached through a citation: the citing passage is the first link, the cited document holds the second
    const citing = describedRanking.length ? this.citingPassage(describedRanking, describing) : undefined;
    const described = citing?.chunk ?? describedRanking[0]?.id;
    const {
      rows: passageRows,
      scores: passageScore,
      hop,
    } = this.rerankPassages(
      asked,
      terms,
      hybrid?.fused ?? fused,
      links.length > 0,
      o.maxPassages,
      hybrid?.dense,
      links.some((e) => e.kind === 'passage'),
      leads,
      passagePool,
      bm25,
      twoHop,
      described,
      citing?.cited,
      bridge?.documentId,
    );
    // answers read off the paths (end nodes, wherever they lie on the chain); their chains join the triples
    // an exact match of a label is trusted more than its span score says (short titles score low)
    const linkOf = new Map(linked.map((e) => [e.vertex, e.method === 'exact' ? 0.5 + 0.5 * e.score : e.score]));
    const answers = paths.length ? pathAnswers(s, paths, analysis, (v) => Math.min(1, linkOf.get(v) ?? 0)) : [];
    const have = new Set(sampled.map((x) => x.edge));
    const extra: typeof sampled = [];
    for (const a of answers.slice(0, 5)) {
      a.chain.forEach((e, hop) => {
        if (have.has(e)) return;
        have.add(e);
        extra.push({ edge: e, score: a.score, path: a.path, hop: hop + 1 });
      });
    }
    if (extra.length) {
      // make room by dropping neighbourhood context (path -1) from the end of the budget
      for (let k = sampled.length - 1; k >= 0 && sampled.length + extra.length > o.maxTriples; k--) if (sampled[k].path < 0) sampled.splice(k, 1);
      for (let k = sampled.length - 1; k >= 0 && sampled.length + extra.length > o.maxTriples; k--) if (sampled[k].path > 0) sampled.splice(k, 1);
      sampled.push(...extra.slice(0, Math.max(0, o.maxTriples - sampled.length)));
    }
    timings.sampleMs += performance.now() - t;

    const triples: RetrievedTriple[] = sampled.map((x) => {
      const subject = s.labels[s.src.data[x.edge]];
      const object = s.labels[s.dst.data[x.edge]];
      const relation = s.relations[s.rel.data[x.edge]];
      // (a passive written as its lemma is told in its words as written: "send to" alone would make the patient the doer)
      const label = s.wording.get(x.edge);
      return {
        id: s.edgeId.data[x.edge],
        subject,
        relation,
        ...(label ? { label } : {}),
        object,
        subjectId: s.nodeId.data[s.src.data[x.edge]],
        objectId: s.nodeId.data[s.dst.data[x.edge]],
        score: round(x.score),
        hop: x.hop,
        path: x.path,
        text: verbalizeTriple({ subject, relation, label, object }),
      };
    });
    return {
      hops: analysis.predictedHops,
      entities: linked.map((e) => ({ id: e.id, label: e.label, kind: e.kind, mention: e.mention, score: e.score, method: e.method })),
      paths: paths.map((p: RelationPath) => ({
        seed: { id: p.seedId, label: p.seedLabel },
        steps: p.steps,
        score: round(p.score),
        probabilities: p.probabilities,
        reached: p.reached,
      })),
      triples,
      passages: passageRows.map((p) => ({
        id: p.id,
        documentId: p.documentId,
        document: p.document,
        text: p.text,
        score: round(passageScore.get(p.id) ?? 0),
        sections: this.clauses.within(p.documentId, p.start, p.start + p.text.length),
      })),
      answers: answers.map((a) => ({ nodeId: a.nodeId, label: a.label, score: a.score, support: a.support, triples: a.chain.map((e) => s.edgeId.data[e]) })),
      terms,
      analysis: asked,
      passagePool,
      ...(hop ? { secondHop: hop } : {}),
      ...(bridge ? { bridge } : {}),
    };
  }

  /** The standards each document cites, read once per version of the graph (they are its edges), not per question. */
  private citations: { version: number; byDocument: Map<number, string[]> } | null = null;

  private documentCitations(): Map<number, string[]> {
    if (this.citations?.version !== this.snapshot.version) {
      const byDocument = new Map<number, string[]>();
      for (const c of this.repo.documentCitations()) {
        const list = byDocument.get(c.documentId);
        if (list) list.push(c.designation);
        else byDocument.set(c.documentId, [c.designation]);
      }
      this.citations = { version: this.snapshot.version, byDocument };
    }
    return this.citations.byDocument;
  }

  /** The stored documents' identities (title, designation, date, the standards it cites) that a question's bridge is resolved against. */
  private documentIdentities(): DocumentIdentity[] {
    const standards = new Map(this.clauses.standards().map((s) => [s.documentId, s.standard]));
    const cites = this.documentCitations();
    return this.repo.documentTitles().map((d) => ({
      ...d,
      designation: standards.get(d.documentId)?.id ?? null,
      date: standards.get(d.documentId)?.date ?? null,
      cites: cites.get(d.documentId) ?? [],
    }));
  }

  /**
   * Hybrid passages: the chunks nearest to the question in the vector index join the graph's ranking
   * (itself PPR, triple evidence and BM25 fused by reciprocal rank) by reciprocal rank fusion. With
   * nothing linked, only near ones (cosine >= denseMinAlone) count: a far neighbour is no evidence.
   */
  private async densePassages(
    dense: DenseIndex,
    question: string,
    fused: { chunk: number; score: number }[],
    pool: number,
    linked: boolean,
    tuning: RetrievalTuning,
  ): Promise<{ fused: { chunk: number; score: number }[]; dense: { rank: Map<number, number>; weight: number } } | null> {
    const hits = (await dense.passages(question, pool)).filter((h) => linked || h.similarity >= tuning.denseMinAlone);
    if (!hits.length) return null;
    const merged = reciprocalRankFusion([{ ids: fused.map((p) => p.chunk) }, { ids: hits.map((h) => h.chunk) }], tuning.rrfK);
    return {
      fused: merged.slice(0, pool + hits.length).map((r) => ({ chunk: r.id, score: r.score })),
      dense: { rank: new Map(hits.map((h, i) => [h.chunk, i])), weight: tuning.denseWeight },
    };
  }

  /** The ingested standards whose designation the question uses ("RFC 1157", "rfc1157", "IEC 61850-7-4"). */
  private namedStandards(question: string): NamedStandard[] {
    if (!/\d/.test(question)) return [];
    const out: NamedStandard[] = [];
    for (const { documentId, chunkId, standard: st } of this.clauses.standards()) {
      const pattern = st.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/(?:\\-|\s)+/g, '[\\s-]*');
      if (!new RegExp(String.raw`(?<![\w-])${pattern}(?![\d])`, 'i').test(question)) continue;
      out.push({
        documentId,
        chunkId,
        id: st.id,
        title: st.title,
        category: st.category,
        date: st.date,
        edition: st.edition,
        updates: st.updates,
        obsoletes: st.obsoletes,
      });
    }
    return out;
  }

  /**
   * Lead passages (the first chunk opening with a summary heading: Abstract, Introduction, Scope) of the ingested standards whose title
   * holds one of the labels as a whole phrase of two words or more, and is longer than it (a label
   * equal to the title is a title link already).
   */
  private leadPassages(labels: string[]): Set<number> {
    const out = new Set<number>();
    const norm = (x: string) =>
      ` ${x
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim()} `;
    const phrases = [...new Set(labels.map(norm))].filter((l) => l.trim().split(' ').length >= 2);
    if (!phrases.length) return out;
    for (const { documentId, standard } of this.clauses.standards()) {
      const title = norm(standard.title ?? '');
      if (!phrases.some((p) => title.includes(p) && title !== p)) continue;
      const lead = this.repo.firstChunks(documentId).find((c) => LEAD_HEADING.test(c.text) && !this.boilerplate(c.id, c.text));
      if (lead) out.add(lead.id);
    }
    return out;
  }

  /**
   * The passages of each section whose heading is one of the labels ("4.1. Widget-Tunnel-Link" for a question
   * naming Widget-Tunnel-Link): a section headed by a thing is where the document says what it is. Labels of one
   * short word and summary or boilerplate headings are left out (a "Security Considerations" section is not about "security").
   */
  private sectionPassages(labels: string[]): Set<number> {
    const out = new Set<number>();
    const wanted = labels.filter((l) => l.trim().length >= 4 && (/\s|[-_/.]|\p{N}/u.test(l.trim()) || /\p{Lu}.*\p{Lu}/u.test(l)));
    for (const sec of this.clauses.headed(wanted)) {
      if (LEAD_HEADING.test(sec.heading)) continue;
      // the section's passages (a long one is cut into several: its fields come after its description)
      for (const chunk of this.repo.chunksIn(sec.documentId, sec.start, sec.end, 3)) if (!this.boilerplate(chunk.id, chunk.text)) out.add(chunk.id);
      if (out.size >= 6) break;
    }
    return out;
  }

  private readonly boilerplateCache = new Map<string, boolean>();

  /** Whether a chunk is mostly boilerplate (status of the memo, copyright, table of contents), cached. */
  private boilerplate(id: number, text: string): boolean {
    const key = `${id}:${text.length}`;
    let b = this.boilerplateCache.get(key);
    if (b === undefined) {
      try {
        // a chunk read alone can miss its section's heading context: its own heading line decides too
        b = FRONT_MATTER.test(text) || isBoilerplate(analyzeStructure(text), 0, text.length) !== null;
      } catch (err) {
        log.debug('retrieve', 'structure analysis failed on a chunk; it counts as body text', err);
        b = false;
      }
      if (this.boilerplateCache.size > 100_000) this.boilerplateCache.clear();
      this.boilerplateCache.set(key, b);
    }
    return b;
  }

  /**
   * Re-rank a pool of passages (the graph's fused ranking, plain BM25's best for the question as written,
   * glossary entries of the asked term, leads and sections of named things) by the fitted passage table
   * (passage-ranker.ts) over each one's named features; the best `limit` are kept. `pool` receives every
   * pooled passage's features (for fitting the table).
   */
  private rerankPassages(
    asked: AnalyzedQuestion,
    terms: QuestionTerm[],
    fused: { chunk: number; score: number }[],
    linked: boolean,
    limit: number,
    dense?: { rank: Map<number, number>; weight: number },
    titled = false,
    leads: Set<number> = new Set(),
    pool?: PooledPassage[],
    bm25Words: Map<number, number> = new Map(),
    twoHop = false,
    described?: number,
    cited?: number,
    bridgeDocument?: number,
  ): { rows: ReturnType<RetrievalRepository['passages']>; scores: Map<number, number>; hop?: SecondHopRead } {
    if (!limit) return { rows: [], scores: new Map() };
    const ids = fused.map((p) => p.chunk);
    const plain = terms.length ? this.repo.searchPassages(asked.text, 20) : [];
    const bm25Rank = new Map(plain.map((h, i) => [h.id, i]));
    for (const h of plain) if (!ids.includes(h.id)) ids.push(h.id);
    const fusedRank = new Map(fused.map((p, i) => [p.chunk, i]));
    // a definition question: the passage holding the term's glossary entry (term line, then its body)
    // (or a term the question quotes, whatever it asks of it; or the term whose definition the question mentions)
    const glossed = asked.type.type === 'definition' && asked.type.subject ? asked.type.subject : (asked.quoted ?? asked.defined);
    const subjectTokens = terms.length && glossed ? contentTokens(glossed) : [];
    const subject = subjectTokens.map((t) => stem(t.text));
    if (subject.length) {
      const hits = this.repo.searchPassages(subjectTokens.map((t) => t.text).join(' '), 400);
      for (const h of hits.slice(0, 30)) if (!ids.includes(h.id)) ids.push(h.id);
      // a frequent word's glossary entry ranks low for the word alone: the further chunks holding its term line
      const further = hits.slice(30).filter((h) => !ids.includes(h.id));
      for (const row of this.repo.passages(further.map((h) => h.id)))
        if (documentTermLine(splitSentences(row.text), subject, row.document) >= 0) ids.push(row.id);
    }
    for (const id of leads) if (!ids.includes(id)) ids.push(id);
    if (described !== undefined && !ids.includes(described)) ids.push(described);
    // front matter, copyright notices and tables of contents are not passages to answer from
    const rows = this.repo.passages(ids).filter((r) => !this.boilerplate(r.id, r.text));
    // how many better-ranked (by the graph) pool passages share each passage's document
    const byGraph = [...rows].sort((x, y) => (fusedRank.get(x.id) ?? Infinity) - (fusedRank.get(y.id) ?? Infinity));
    const before = new Map<number, number>();
    const seen = new Map<number, number>();
    for (const r of byGraph) {
      before.set(r.id, seen.get(r.documentId) ?? 0);
      seen.set(r.documentId, (seen.get(r.documentId) ?? 0) + 1);
    }
    const titles = new Map<string, number>();
    const titleCover = (title: string) => {
      let got = titles.get(title);
      if (got === undefined) titles.set(title, (got = coverage(terms, contentStems(title))));
      return got;
    };
    const questionStems = asked.content.map((t) => stem(t.text));
    const score = (row: (typeof rows)[number]) => {
      const m = terms.length ? passageMatch(row.text, terms) : { best: 0, all: 0, sentences: [] };
      // the sentences passageMatch split are the ones a glossary term line is looked for in
      const glossary =
        subject.length > 0 &&
        documentTermLine(
          m.sentences.map((x) => x.sentence),
          subject,
          row.document,
        ) >= 0;
      const rank = fusedRank.get(row.id);
      const fusedPrior = rank === undefined ? 0 : 1 / (1 + rank);
      const features: Record<PassageFeature, number> = {
        best: m.best,
        all: m.all,
        fused: fusedPrior,
        bm25: bm25Rank.has(row.id) ? 1 / (1 + bm25Rank.get(row.id)!) : 0,
        titledFused: titled ? fusedPrior : 0,
        lead: leads.has(row.id) ? 1 : 0,
        glossary: glossary ? 1 : 0,
        // a table cell the question asks for (its column and its row's key named): rows are no sentences
        tableCell: askedCells(asked, row.text).length ? 1 : 0,
        dense: dense?.rank.has(row.id) ? 1 / (1 + dense.rank.get(row.id)!) : 0,
        sameDocument: 1 / (1 + (before.get(row.id) ?? 0)),
        titleMatch: titleCover(row.document),
        bm25Words: bm25Words.get(row.id) ?? 0,
        secondHop: 0,
        secondHopMatch: 0,
        bridgeSource: 0,
        wordPairs: pairCoverage(
          questionStems,
          m.sentences.map((x) => x.sentence),
        ),
        ...kindFeatures(asked, m.sentences),
      };
      // the best sentences first: where a bridge to a second passage is read from
      const best = [...m.sentences]
        .sort((x, y) => y.score - x.score || x.index - y.index)
        .slice(0, 2)
        .map((x) => x.sentence.text);
      return { row, features, score: this.passageRanker.score(features), match: Math.max(m.best, features.glossary, features.tableCell), best };
    };
    const scored = rows.map(score);
    // nothing linked: a passage must hold most of the question's words to be offered at all (or be found by
    // the second hop through a bridge read off such a passage)
    const offered = (x: (typeof scored)[number]) => linked || !terms.length || x.match >= 0.5 || !!dense?.rank.has(x.row.id) || x.features.secondHop > 0;
    const byScore = (x: (typeof scored)[number], y: (typeof scored)[number]) => y.score - x.score || x.row.id - y.row.id;
    let bridges: SecondHopRead['bridges'] | undefined;
    let bridgeHits: number[] = [];
    if (terms.length && twoHop) {
      // the second hop: bridges read off the first ranking, passages found again with them, scored by the same table
      // the describing sentences' best passage names the bridge: it is read first
      const ranked = scored.filter(offered).sort(byScore);
      const describedFirst = scored.find((x) => x.row.id === described);
      const first = describedFirst ? [describedFirst, ...ranked.filter((x) => x !== describedFirst)] : ranked;
      const hop = this.secondHop(
        asked,
        first.map((x) => ({ chunk: x.row.id, documentId: x.row.documentId, sentences: x.best })),
        this.snapshot.fingerprint?.chunkCount ?? 0,
        describedFirst && cited !== undefined ? this.citedBridge(cited, describedFirst.row.id) : undefined,
        bridgeDocument,
      );
      const fresh = [...hop.found.keys()].filter((id) => !rows.some((r) => r.id === id));
      for (const row of this.repo.passages(fresh)) if (!this.boilerplate(row.id, row.text)) scored.push(score(row));
      for (const x of scored) {
        const found = hop.found.get(x.row.id) ?? 0;
        const source = hop.sources.has(x.row.id) ? 1 : 0;
        if (!found && !source) continue;
        x.features.secondHop = found;
        x.features.secondHopMatch = hop.match.get(x.row.id) ?? 0;
        x.features.bridgeSource = source;
        x.score = this.passageRanker.score(x.features);
      }
      bridges = hop.bridges;
      bridgeHits = hop.bridgeHits;
    }
    const kept = scored.filter(offered).sort(byScore);
    if (pool) for (const x of kept) pool.push({ id: x.row.id, documentId: x.row.documentId, text: x.row.text, features: x.features });
    // a two-passage question keeps places for the best passages its second hop found in another document,
    // and one for the best passage of its describing sentences
    const entry = (x: (typeof scored)[number]) => ({ x, id: x.row.id, documentId: x.row.documentId, secondHop: x.features.secondHop });
    const describedEntry = scored.find((x) => x.row.id === described);
    // and, for a question naming the document it asks about, places for that document's best passages for the asking sentence
    const bridgeEntries = bridgeHits.map((id) => scored.find((x) => x.row.id === id && offered(x))).filter((x) => x !== undefined);
    const top = keepBridge(
      keepDescribing(
        keepSecondHop(kept.map(entry), limit, terms.length > 0 && twoHop),
        terms.length > 0 && twoHop && describedEntry ? entry(describedEntry) : undefined,
        limit,
      ),
      terms.length > 0 ? bridgeEntries.map(entry) : [],
      limit,
      describedEntry?.row.id,
    ).map((k) => k.x);
    const hop: SecondHopRead | undefined = bridges && {
      bridges,
      passages: top.filter((x) => x.features.secondHop > 0).map((x) => ({ id: x.row.id, secondHop: x.features.secondHop, match: x.features.secondHopMatch })),
    };
    return { rows: top.map((x) => x.row), scores: new Map(top.map((x) => [x.row.id, x.score])), ...(hop ? { hop } : {}) };
  }
  /**
   * The second hop (second-hop.ts): bridges read off the best sentences of the first ranking's top passages,
   * each looked for again with the asking sentence's words: a name among the passages that hold it,
   * a designation within the document it designates. `found` is each hit's best reciprocal rank over
   * 1 + its bridge's source rank; `sources` the first-hop passages whose bridge found something.
   */
  private secondHop(
    asked: AnalyzedQuestion,
    first: { chunk: number; documentId: number; sentences: string[] }[],
    chunks: number,
    cited?: Bridge,
    bridgeDocument?: number,
  ): { found: Map<number, number>; match: Map<number, number>; sources: Set<number>; bridges: SecondHopRead['bridges']; bridgeHits: number[] } {
    const found = new Map<number, number>();
    const match = new Map<number, number>();
    const sources = new Set<number>();
    const followed: SecondHopRead['bridges'] = [];
    const query = hopQuery(asked);
    // passages a hop found: each by its rank in the search (and the rank of the bridge that led to it), judged by
    // how well it matches `judgedBy` (the asking sentence, with the bridge's term when one stands for what it describes)
    const take = (hits: number[], judgedBy: string, source = 0) => {
      hits.forEach((id, rank) => found.set(id, Math.max(found.get(id) ?? 0, 1 / (1 + rank) / (1 + source))));
      const terms = questionTerms(analyze(judgedBy), (w) => this.repo.chunkFrequencies(w), chunks);
      for (const row of this.repo.passages(hits)) match.set(row.id, Math.max(match.get(row.id) ?? 0, passageMatch(row.text, terms).best));
    };
    // the document the question names and asks about (retrieve/bridge.ts): its passages for the asking sentence
    const bridgeHits = bridgeDocument !== undefined ? this.repo.searchPassagesIn(bridgeDocument, query, HOP_HITS).map((h) => h.id) : [];
    if (bridgeHits.length) take(bridgeHits, asked.asking);
    // a name's chunk frequency (FTS5 reads it as a phrase of its words): the rarer, the more it says
    const spaced = (t: string) => t.replace(/[-/]+/g, ' ');
    // the standards the first passages cite as extraction resolved them (a reference-list tag too: "specified in [12]")
    const readFrom = first.slice(0, BRIDGE_SOURCES);
    const cites = this.repo.citedStandards(readFrom.map((x) => x.chunk));
    const withCited = readFrom.map((x) => ({ ...x, cited: cites.filter((c) => c.chunk === x.chunk) }));
    const read = bridgesOf(asked, withCited, (terms) => {
      const df = this.repo.chunkFrequencies(terms.map(spaced));
      return new Map(terms.map((t) => [t, df.get(spaced(t)) ?? 0]));
    });
    // the document a citing passage cites is followed first, even when the question designates it
    const bridges = cited ? [cited, ...read.filter((b) => !(b.reference && designationKey(b.term) === designationKey(cited.term)))] : read;
    if (!bridges.length) return { found, match, sources, bridges: followed, bridgeHits };
    const documentOf = bridges.some((b) => b.reference) ? this.designatedDocuments() : new Map<string, number>();
    const own = new Map(first.map((x) => [x.chunk, x.documentId]));
    for (const bridge of bridges) {
      let hits: number[];
      if (bridge.reference) {
        const doc = documentOf.get(designationKey(bridge.term));
        // a document citing itself leads nowhere new
        if (doc === undefined || doc === own.get(bridge.chunk)) continue;
        hits = this.repo.searchPassagesIn(doc, query, HOP_HITS).map((h) => h.id);
      } else {
        // a second-hop passage names the bridge; the asking sentence's words rank those that do
        hits = this.repo
          .searchPassagesHolding(bridge.term, query, HOP_HITS + 1)
          .map((h) => h.id)
          .filter((id) => id !== bridge.chunk)
          .slice(0, HOP_HITS);
      }
      // what a second-hop passage is judged by: the asking sentence with the bridge in place of what it describes
      take(hits, `${asked.asking} ${bridge.term}`, bridge.source);
      if (hits.length) {
        sources.add(bridge.chunk);
        followed.push({ term: bridge.term, reference: bridge.reference, chunk: bridge.chunk });
      }
    }
    return { found, match, sources, bridges: followed, bridgeHits };
  }

  /**
   * The citing passage of describing sentences that reach what they describe through a citation
   * (second-hop.ts citingPassage): the passages of a document that cite a designation, in either spelling
   * ("RFC 9999", "[RFC9999]"), ranked by the describing words.
   */
  private citingPassage(ranked: DescribedPassage[], describing: string): { chunk: number; cited: number } | undefined {
    const standards = this.clauses.standards();
    const designationOf = new Map(standards.map((s) => [s.documentId, s.standard.id]));
    const documentOf = this.designatedDocuments(standards);
    // a passage cites the documents it designates; a standard's header also those it updates or obsoletes,
    // when the describing sentences name that relation (the header is then the passage they describe)
    const stems = new Set(contentStems(describing));
    const related = (relation: 'updates' | 'obsoletes', s: (typeof standards)[number]) =>
      contentStems(relation).some((x) => stems.has(x)) ? (s.standard[relation] ?? []) : [];
    const header = new Map(standards.map((s) => [s.chunkId, [...related('updates', s), ...related('obsoletes', s)].map(designationKey)]));
    const citations = (p: DescribedPassage) =>
      [...designationsIn(p.text).map(designationKey), ...(header.get(p.id) ?? [])]
        .map((key) => documentOf.get(key))
        .filter((doc): doc is number => doc !== undefined && doc !== p.documentId);
    return citingPassage(ranked, describing, designationOf, documentOf, citations, (designation) => {
      const hits = [designation, designationKey(designation)].flatMap((d) => this.repo.searchPassagesHolding(d, describing, 200));
      hits.sort((a, b) => a.score - b.score);
      return this.repo.passages([...new Set(hits.map((h) => h.id))]).filter((p) => !this.boilerplate(p.id, p.text));
    });
  }

  /** The bridge to a document a citing passage cites: its designation, read off that passage. */
  private citedBridge(documentId: number, chunk: number): Bridge | undefined {
    const standard = this.clauses.standards().find((s) => s.documentId === documentId);
    return standard ? { term: standard.standard.id, reference: true, source: 0, chunk } : undefined;
  }

  /** The ingested standards by designation key ("RFC9999" -> its document). */
  private designatedDocuments(standards = this.clauses.standards()): Map<string, number> {
    return new Map(standards.map((s) => [designationKey(s.standard.id), s.documentId]));
  }
}

/** A passage of the re-ranking pool with its features (retrieve option `passagePool`, for fitting the passage table). */
export interface PooledPassage {
  id: number;
  /** The passage's document (which passages the second hop keeps places for: second-hop.ts keepSecondHop). */
  documentId: number;
  text: string;
  features: Record<PassageFeature, number>;
}

export { quotedTerm, definedTerm } from './analysis';

function contentWords(question: AnalyzedQuestion): string[] {
  return [...new Set(question.tokens.map((t) => t.text).filter((w) => !STOPWORDS.has(w) && w.length > 1))];
}

/** Cosine similarity of the question to each relation label, rescaled to [0, 0.8]. */
async function relationHints(
  embed: (t: string[], task?: EmbeddingTask) => Promise<number[][]>,
  question: string,
  relations: string[],
): Promise<Map<string, number> | undefined> {
  try {
    // the question is a query, the relation labels what it looks for (models with task prefixes tell them apart)
    const vecs = [...(await embed([question], 'query')), ...(await embed(relations.map((r) => r.replace(/[_-]+/g, ' '))))];
    const sims = relations.map((_, i) => cosineSimilarity(vecs[0], vecs[i + 1]));
    const max = Math.max(...sims);
    const min = Math.min(...sims);
    if (!(max > min)) return undefined;
    return new Map(relations.map((r, i) => [r, 0.8 * ((sims[i] - min) / (max - min)) ** 2]));
  } catch (err) {
    log.debug('retrieve', 'relation similarity by embedding failed; relations are ranked lexically', err);
    return undefined;
  }
}

/** Ask the model once for a cleaner search query naming the entities (grammar-bounded). */
async function rewriteQuery(engine: LlmEngine, question: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const res = await engine.generate<{ query: string }>(
      [
        {
          role: 'system',
          content:
            'Rewrite the user question as a short search query for a knowledge graph: name the entities exactly as they are usually written, fix typos, drop filler words.',
        },
        { role: 'user', content: question },
      ],
      { type: 'object', properties: { query: { type: 'string', minLength: 1, maxLength: 200 } }, required: ['query'], additionalProperties: false },
      { maxTokens: 120, temperature: 0, signal },
    );
    const q = typeof res.value?.query === 'string' ? res.value.query.trim() : '';
    return q || null;
  } catch (err) {
    log.debug('retrieve', 'the model gave no rewritten query; the question is used as asked', err);
    return null;
  }
}

export { KIND_CODES };
