// Entity linking from plain text: longest matches of node labels and aliases through a token trie
// built once per snapshot (extended when rows are appended); fuzzy matching for typos (label words
// sharing character bigrams within a small edit distance, then FTS5 over labels for partial
// mentions); embedding similarity when an embedder is given.
import type { GraphSnapshot } from './snapshot';
import { KIND_CODES, KIND_NAMES, type KindName } from './snapshot';
import type { RetrievalRepository } from '../store/retrieval';
import { normalizeLabel } from '../store/normalize';
import { editDistance, labelTokens, tokenVariants, type Token } from './text';
import { stem } from '../nlp/morphology';
import { STOPWORDS } from '../nlp/stopwords';
import { analyzed, type QuestionInput } from './analysis';
import { nearestLabelVertices, type DenseIndex } from './dense';
import type { EmbeddingTask } from '../llm/embedding-tasks';
import { bigramList, dot, unitVector } from '../text/similarity';

export interface LinkedEntity {
  /** Node id in the store (0 for a passage linked by its document title without a passage node). */
  id: number;
  /** Vertex in the snapshot. */
  vertex: number;
  label: string;
  kind: KindName;
  /** The words of the question it was linked from. */
  mention: string;
  start: number;
  end: number;
  score: number;
  method: 'exact' | 'fuzzy' | 'partial' | 'embedding';
}

interface LinkOptions {
  fuzzy?: boolean;
  /** Embeds texts: labels near the question in embedding space are linked too. */
  embed?: (texts: string[], task?: EmbeddingTask) => Promise<number[][]>;
  /** Relation stems of the graph: a lone, lower-case word naming a relation is a weak entity mention. */
  relationStems?: Set<string>;
  maxEntities?: number;
  /** The store's vector index for the embedder (retrieve/dense.ts): label similarity for any number of labels. */
  dense?: DenseIndex | null;
}

const MAX_LABEL_TOKENS = 16;

interface Candidate {
  vertices: number[];
  i: number;
  j: number;
  corrected: number;
  method: LinkedEntity['method'];
  overlap?: number;
}

/** Token trie over normalised labels and aliases of entity, event and concept vertices. */
export class LinkIndex {
  private readonly vocab = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly children = new Map<string, number>();
  private readonly ends = new Map<number, number[]>();
  private nextNode = 1;
  private indexedUpTo = 0;
  private version = -1;
  private readonly passageTitles = new Set<string>();
  private bigramIndex: Map<string, number[]> | null = null;
  private bigramsUpTo = 0;
  private labelVectors: { vertices: number[]; vectors: Float32Array[]; version: number } | null = null;

  constructor(private readonly snapshot: GraphSnapshot) {}

  /** Index vertices added since the last call; start over when the snapshot was rebuilt. */
  sync(rebuilt: boolean): void {
    if (rebuilt || this.snapshot.vertexCount < this.indexedUpTo) {
      this.vocab.clear();
      this.words.length = 0;
      this.children.clear();
      this.ends.clear();
      this.nextNode = 1;
      this.indexedUpTo = 0;
      this.bigramIndex = null;
      this.bigramsUpTo = 0;
      this.passageTitles.clear();
      this.labelVectors = null;
    }
    const s = this.snapshot;
    for (let v = this.indexedUpTo; v < s.vertexCount; v++) {
      if (s.kind.data[v] === KIND_CODES.passage) {
        // a passage is linkable by its document's title (the first chunk of each title stands for it)
        const title = s.labels[v];
        const key = title.toLowerCase();
        if (!title || this.passageTitles.has(key)) continue;
        this.passageTitles.add(key);
        this.add(labelTokens(title), v);
        continue;
      }
      const names = new Set([s.labels[v], ...s.aliases[v]]);
      for (const name of names) this.add(labelTokens(name), v);
    }
    this.indexedUpTo = s.vertexCount;
    this.version = s.version;
  }

  get syncedVersion(): number {
    return this.version;
  }

  private tokenId(t: string, create: boolean): number | undefined {
    let id = this.vocab.get(t);
    if (id === undefined && create) {
      id = this.words.length;
      this.words.push(t);
      this.vocab.set(t, id);
    }
    return id;
  }

  private add(tokens: string[], v: number): void {
    if (!tokens.length || tokens.length > MAX_LABEL_TOKENS) return;
    let node = 0;
    for (const t of tokens) {
      const key = `${node}:${this.tokenId(t, true)}`;
      let next = this.children.get(key);
      if (next === undefined) {
        next = this.nextNode++;
        this.children.set(key, next);
      }
      node = next;
    }
    const list = this.ends.get(node);
    if (!list) this.ends.set(node, [v]);
    else if (!list.includes(v)) list.push(v);
  }

  private child(node: number, token: string): number | undefined {
    const id = this.vocab.get(token);
    return id === undefined ? undefined : this.children.get(`${node}:${id}`);
  }

  /** Spans of the question that are exactly (after normalisation) a label or alias. */
  exactCandidates(tokens: Token[], alternatives?: Map<number, string[]>): Candidate[] {
    const out: Candidate[] = [];
    const walk = (node: number, i: number, j: number, corrected: number) => {
      if (j >= tokens.length || j - i >= MAX_LABEL_TOKENS) return;
      const options = [{ t: tokens[j].text, c: 0 }, ...(alternatives?.get(j) ?? []).map((t) => ({ t, c: 1 }))];
      for (const { t, c } of options) {
        for (const variant of tokenVariants(t)) {
          const next = this.child(node, variant);
          if (next === undefined) continue;
          const vs = this.ends.get(next);
          if (vs) out.push({ vertices: vs, i, j: j + 1, corrected: corrected + c, method: corrected + c ? 'fuzzy' : 'exact' });
          if (variant === t) walk(next, i, j + 1, corrected + c);
        }
      }
    };
    for (let i = 0; i < tokens.length; i++) walk(0, i, i, 0);
    return out;
  }

  /**
   * Label words close to unknown question words (typos): candidates share character bigrams (Dice
   * coefficient), then must be within a small edit distance (1 for short words, 2 from 5 letters, 3 from 9).
   */
  corrections(tokens: Token[]): Map<number, string[]> {
    this.buildBigrams();
    const out = new Map<number, string[]>();
    tokens.forEach((tok, j) => {
      const t = tok.text;
      if (t.length < 4 || /^\d+$/.test(t) || this.vocab.has(t) || STOPWORDS.has(t)) return;
      const max = t.length >= 9 ? 3 : t.length >= 5 ? 2 : 1;
      const grams = bigramList(t);
      const shared = new Map<number, number>();
      for (const g of grams) for (const id of this.bigramIndex!.get(g) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
      const found: { w: string; dice: number; d: number }[] = [];
      for (const [id, n] of shared) {
        const w = this.words[id];
        const dice = (2 * n) / (grams.length + w.length + 1);
        if (dice < 0.5 || Math.abs(w.length - t.length) > max) continue;
        const d = editDistance(t, w, max);
        if (d <= max) found.push({ w, dice, d });
      }
      found.sort((a, b) => a.d - b.d || b.dice - a.dice);
      if (found.length)
        out.set(
          j,
          found.slice(0, 5).map((f) => f.w),
        );
    });
    return out;
  }

  private buildBigrams(): void {
    if (!this.bigramIndex) this.bigramIndex = new Map();
    for (let id = this.bigramsUpTo; id < this.words.length; id++) {
      const w = this.words[id];
      if (w.length < 3) continue;
      for (const g of new Set(bigramList(w))) {
        const list = this.bigramIndex.get(g);
        if (!list) this.bigramIndex.set(g, [id]);
        else list.push(id);
      }
    }
    this.bigramsUpTo = this.words.length;
  }

  /** Cached label embeddings of every linkable vertex (only for graphs small enough to embed at once). */
  async labelEmbeddings(embed: (texts: string[]) => Promise<number[][]>, limit: number): Promise<{ vertices: number[]; vectors: Float32Array[] } | null> {
    if (this.labelVectors && this.labelVectors.version === this.version) return this.labelVectors;
    const s = this.snapshot;
    const vertices: number[] = [];
    for (let v = 0; v < s.vertexCount; v++) if (s.kind.data[v] !== KIND_CODES.passage) vertices.push(v);
    if (vertices.length > limit) return null;
    const vectors: Float32Array[] = [];
    for (let k = 0; k < vertices.length; k += 64) {
      const batch = await embed(vertices.slice(k, k + 64).map((v) => s.labels[v]));
      for (const vec of batch) vectors.push(unitVector(vec));
    }
    this.labelVectors = { vertices, vectors, version: this.version };
    return this.labelVectors;
  }
}

/** Character bigrams of a word padded at both ends ("efron" -> _e ef fr ro on n_). */
/** Link the entities a question mentions. Exact longest matches first; fuzzy ones on request. */
export async function linkEntities(
  input: QuestionInput,
  snapshot: GraphSnapshot,
  index: LinkIndex,
  repo: RetrievalRepository,
  options: LinkOptions = {},
): Promise<LinkedEntity[]> {
  const { text: question, tokens } = analyzed(input);
  if (!tokens.length) return [];
  const mixedCase = /\p{Lu}/u.test(question) && /\p{Ll}/u.test(question);
  const candidates = index.exactCandidates(tokens);

  if (options.fuzzy) {
    const alt = index.corrections(tokens);
    if (alt.size) candidates.push(...index.exactCandidates(tokens, alt).filter((c) => c.corrected > 0));
    candidates.push(...partialCandidates(question, tokens, snapshot, repo));
  }

  const scored: { c: Candidate; v: number; score: number }[] = [];
  for (const c of candidates) {
    const base = spanScore(tokens, c, mixedCase, options.relationStems);
    if (base <= 0) continue;
    const surface = normalizeLabel(question.normalize('NFKC').slice(tokens[c.i].start, tokens[c.j - 1].end));
    const after = question.normalize('NFKC').slice(tokens[c.i].start, tokens[c.j - 1].end + 1);
    const raw = question.normalize('NFKC').slice(tokens[c.i].start, tokens[c.j - 1].end);
    for (const v of c.vertices) {
      const k = snapshot.kind.data[v];
      const kindFactor = k === KIND_CODES.concept ? 0.8 : k === KIND_CODES.passage ? 0.9 : 1;
      // the same characters as the label (punctuation included) beat a label that only shares the words
      const norm = normalizeLabel(snapshot.labels[v]);
      const exactFactor = norm === surface || norm === normalizeLabel(after) ? 1.05 : 1;
      // a title written exactly as the label, every word capitalised inside mixed-case text ("the
      // album Show Me"): its function words are the name's words, not noise
      const title = mixedCase && c.method === 'exact' && snapshot.labels[v].normalize('NFKC') === raw && isTitleSpan(tokens, c) ? titleScore(tokens, c) : 0;
      scored.push({ c, v, score: Math.min(1.05, Math.max(base, title) * kindFactor * exactFactor) });
    }
  }

  if (options.embed) {
    try {
      scored.push(...(await embeddingCandidates(question, tokens, snapshot, index, options.embed, options.dense)));
    } catch {
      // an embedder that fails leaves lexical links as they are
    }
  }

  // Longest, best-scored spans first; a span inside an accepted one is dropped.
  scored.sort((a, b) => b.score - a.score || b.c.j - b.c.i - (a.c.j - a.c.i) || snapshot.degree(b.v) - snapshot.degree(a.v));
  const taken: { i: number; j: number }[] = [];
  const out: LinkedEntity[] = [];
  const seen = new Set<number>();
  for (const { c, v, score } of scored) {
    if (seen.has(v)) continue;
    const whole = c.method === 'embedding';
    // a longer span containing this one and nearly as good wins (longest match)
    if (
      !whole &&
      scored.some(
        (o) => o.c.i <= c.i && o.c.j >= c.j && o.c.j - o.c.i > c.j - c.i && o.score >= score * 0.8 && !seen.has(o.v) && addsWords(tokens, o.c, c, mixedCase),
      )
    )
      continue;
    const overlaps = !whole && taken.some((t) => c.i < t.j && t.i < c.j && !(t.i === c.i && t.j === c.j));
    if (overlaps) continue;
    seen.add(v);
    if (!whole && !taken.some((t) => t.i === c.i && t.j === c.j)) taken.push({ i: c.i, j: c.j });
    const start = tokens[c.i].start;
    const end = tokens[c.j - 1].end;
    out.push({
      id: snapshot.nodeId.data[v],
      vertex: v,
      label: snapshot.labels[v],
      kind: KIND_NAMES[snapshot.kind.data[v]],
      mention: whole ? snapshot.labels[v] : question.normalize('NFKC').slice(start, end),
      start,
      end,
      score: Math.min(1, Math.round(score * 1000) / 1000),
      method: c.method,
    });
  }
  // apposition: in "the protocol RADIUS" or "the standard IEEE 802.1X" the lone lower-case noun before a
  // capitalised mention names the mention's class, not an entity of its own
  for (let k = out.length - 1; k >= 0; k--) {
    const e = out[k];
    if (e.method === 'embedding' || /\s/.test(e.mention) || e.mention !== e.mention.toLowerCase()) continue;
    const rest = question.normalize('NFKC').slice(e.end);
    const before = question.normalize('NFKC').slice(0, e.start);
    if (!/^\s+\p{Lu}/u.test(rest) || !/\b(?:the|a|an)\s+$/i.test(before)) continue;
    const next = rest.length - rest.trimStart().length + e.end;
    if (out.some((o) => o !== e && o.start === next && o.mention !== o.mention.toLowerCase())) out.splice(k, 1);
  }
  if (!out.length) return out;
  const best = out[0].score;
  return out.filter((e) => e.score >= best * 0.35).slice(0, options.maxEntities ?? 8);
}

/** Whether the longer span `o` adds a real word to `c`: a content word, or a capitalised one in mixed-case text. */
function addsWords(tokens: Token[], o: Candidate, c: Candidate, mixedCase: boolean): boolean {
  for (let k = o.i; k < o.j; k++) {
    if (k >= c.i && k < c.j) continue;
    const t = tokens[k];
    if (mixedCase ? /^[\p{Lu}\p{N}]/u.test(t.raw) && k > 0 : !STOPWORDS.has(t.text)) return true;
  }
  return false;
}

/** Two words or more, none the question's first, each capitalised (or a number). */
function isTitleSpan(tokens: Token[], c: Candidate): boolean {
  return c.j - c.i >= 2 && c.i > 0 && tokens.slice(c.i, c.j).every((t) => /^[\p{Lu}\p{N}]/u.test(t.raw));
}

/** The span score of a title-cased span, every word counted as a content word. */
function titleScore(tokens: Token[], c: Candidate): number {
  const span = tokens.slice(c.i, c.j);
  const chars = span.reduce((n, t) => n + t.text.length, 0);
  return Math.min(1, 0.3 + 0.22 * span.length + 0.015 * chars);
}

/** How likely a span names an entity: length, content words, capitalisation, relation words. */
function spanScore(tokens: Token[], c: Candidate, mixedCase: boolean, relationStems?: Set<string>): number {
  const span = tokens.slice(c.i, c.j);
  const content = span.filter((t) => !STOPWORDS.has(t.text));
  const chars = span.reduce((n, t) => n + t.text.length, 0);
  // capitalised (or numeric) words, not counting the first word of the question; lower-case small
  // words inside a title ("Out in the Dark") neither count for nor against it
  const isCap = (t: Token, k: number) => (c.i + k > 0 && /^[\p{Lu}\p{N}]/u.test(t.raw)) || /\p{N}/u.test(t.raw);
  const capped = span.filter(isCap).length;
  const counted = span.filter((t, k) => isCap(t, k) || !(STOPWORDS.has(t.text) && t.raw === t.text && k > 0 && k < span.length - 1)).length;
  let score = Math.min(1, 0.3 + 0.22 * content.length + 0.015 * chars);
  if (!content.length) score *= capped ? 0.5 : 0.15;
  if (mixedCase) score *= 0.55 + 0.45 * (capped / Math.max(1, counted));
  if (span.length === 1 && relationStems && !capped && relationStems.has(stem(span[0].text))) score *= 0.4;
  if (c.corrected) score *= Math.pow(0.85, c.corrected);
  if (c.method === 'partial') score *= 0.75 * (c.overlap ?? 1);
  return score;
}

/** Labels sharing most of their words with the question (FTS5 over labels): partial mentions. */
function partialCandidates(question: string, tokens: Token[], snapshot: GraphSnapshot, repo: RetrievalRepository): Candidate[] {
  const content = tokens.filter((t) => !STOPWORDS.has(t.text) && t.text.length > 1);
  if (!content.length) return [];
  const out: Candidate[] = [];
  const qIndex = new Map<string, number[]>();
  tokens.forEach((t, j) => {
    for (const v of tokenVariants(t.text)) qIndex.set(v, [...(qIndex.get(v) ?? []), j]);
  });
  for (const { id } of repo.searchNodes(content.map((t) => t.text).join(' '), 60)) {
    const v = snapshot.vertexOfNode.get(id);
    if (v === undefined || snapshot.kind.data[v] === KIND_CODES.passage) continue;
    const lt = labelTokens(snapshot.labels[v]);
    if (!lt.length || lt.length > MAX_LABEL_TOKENS) continue;
    const hits = lt.map((t) => qIndex.get(t)?.[0]).filter((j): j is number => j !== undefined);
    const contentHits = lt.filter((t) => qIndex.has(t) && !STOPWORDS.has(t)).length;
    const overlap = hits.length / lt.length;
    if (!contentHits || overlap < 0.5) continue;
    out.push({ vertices: [v], i: Math.min(...hits), j: Math.max(...hits) + 1, corrected: 0, method: 'partial', overlap });
  }
  return out;
}

async function embeddingCandidates(
  question: string,
  tokens: Token[],
  snapshot: GraphSnapshot,
  index: LinkIndex,
  embed: (texts: string[], task?: EmbeddingTask) => Promise<number[][]>,
  dense?: DenseIndex | null,
): Promise<{ c: Candidate; v: number; score: number }[]> {
  // the store's vector index, when one is built for this embedder, answers for any number of labels
  const indexed = await nearestLabelVertices(dense, question, snapshot, 3);
  if (indexed)
    return indexed
      .filter((b) => b.sim > 0.5)
      .map((b) => ({ c: { vertices: [b.v], i: 0, j: tokens.length, corrected: 0, method: 'embedding' as const }, v: b.v, score: 0.5 * b.sim }));
  const table = await index.labelEmbeddings(embed, 5000);
  if (!table) return [];
  const [qv] = await embed([question], 'query');
  const q = unitVector(qv);
  const best: { v: number; sim: number }[] = [];
  table.vectors.forEach((vec, k) => best.push({ v: table.vertices[k], sim: dot(q, vec) }));
  best.sort((a, b) => b.sim - a.sim);
  return best
    .slice(0, 3)
    .filter((b) => b.sim > 0.5)
    .map((b) => ({ c: { vertices: [b.v], i: 0, j: tokens.length, corrected: 0, method: 'embedding' as const }, v: b.v, score: 0.5 * b.sim }));
}
