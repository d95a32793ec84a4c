// Dense retrieval over the store's vector index (store/vectors.ts, sqlite-vec): the question's
// embedding against chunk vectors (hybrid passage retrieval, fused with the graph's ranking and BM25
// by reciprocal rank in retriever.ts) and against node-label vectors (entity linking for any number
// of labels, called from link.ts). An index answers only for the model it was built with: another
// model, another dimension or no index at all gives null, and retrieval goes on without it.
import type { LlmEngine } from '../llm/engine';
import { modelIdentity } from '../llm/identity';
import type { VectorIndexInfo, VectorRepository } from '../store/vectors';
import { KIND_CODES, type GraphSnapshot } from './snapshot';
import { log } from '../log';

/** Setting: use the embedding model for retrieval (linking, hybrid passages) and index new chunks and labels after extraction. */
export const SETTING_USE_EMBEDDINGS = 'retrieve.useEmbeddings';

/**
 * Who made a vector: the model (llm/identity.ts), and the family whose task prefixes it was made
 * with. Vectors of one identity are comparable.
 */
export function embeddingModelIdentity(engine: LlmEngine): string {
  const family = engine.info().embeddingFamily;
  // vectors made with a family's task prefixes do not mix with vectors made without them
  return family ? `${modelIdentity(engine)}+${family}` : modelIdentity(engine);
}

/** Texts are embedded with their model family's task prefix (a question as a query, a chunk or label as a document); very long chunks are cut (the engine truncates to its context too). */
export const MAX_EMBED_CHARS = 4000;

const queryCache = new WeakMap<LlmEngine, Map<string, number[]>>();

/** The question's vector, remembered for a few questions (linking and passages embed it once). */
async function embedQuery(engine: LlmEngine, text: string): Promise<number[]> {
  let cache = queryCache.get(engine);
  if (!cache) queryCache.set(engine, (cache = new Map()));
  const hit = cache.get(text);
  if (hit) return hit;
  const [v] = await engine.embed([text.slice(0, MAX_EMBED_CHARS)], { task: 'query' });
  if (cache.size >= 32) cache.delete(cache.keys().next().value as string);
  cache.set(text, v);
  return v;
}

/** The vector index seen through one embedder: only when it was built with that embedder's model. */
export class DenseIndex {
  private constructor(
    private readonly vectors: VectorRepository,
    readonly index: VectorIndexInfo,
    private readonly embedder: LlmEngine,
  ) {}

  /** The index built for this embedder's model, or null (none built, another model, no sqlite-vec). */
  static open(vectors: VectorRepository, embedder: LlmEngine | null | undefined): DenseIndex | null {
    if (!embedder) return null;
    let index: VectorIndexInfo | null;
    try {
      index = vectors.current();
    } catch (err) {
      log.warn('retrieve', 'the vector index could not be read; retrieving without dense passages', err);
      return null;
    }
    if (!index || index.model !== embeddingModelIdentity(embedder) || !vectors.available()) return null;
    return new DenseIndex(vectors, index, embedder);
  }

  /** The question's vector, or null when the embedder fails or gives another dimension than the index. */
  async query(text: string): Promise<number[] | null> {
    try {
      const v = await embedQuery(this.embedder, text);
      return v.length === this.index.dimension && v.every(Number.isFinite) ? v : null;
    } catch (err) {
      log.warn('retrieve', 'the embedder failed on the question; it is answered without dense passages', err);
      return null;
    }
  }

  /** The k chunks nearest to the question, nearest first, with cosine similarity. */
  async passages(question: string, k: number): Promise<{ chunk: number; similarity: number }[]> {
    if (!this.index.chunks) return [];
    const q = await this.query(question);
    if (!q) return [];
    return this.vectors.nearest(this.index.id, 'chunk', q, k).map((r) => ({ chunk: r.id, similarity: r.similarity }));
  }

  /** The k node labels nearest to the question (node ids), nearest first. */
  async labels(question: string, k: number): Promise<{ nodeId: number; similarity: number }[]> {
    if (!this.index.labels) return [];
    const q = await this.query(question);
    if (!q) return [];
    return this.vectors.nearest(this.index.id, 'label', q, k).map((r) => ({ nodeId: r.id, similarity: r.similarity }));
  }
}

/**
 * Entity linking through the label index (link.ts's hook): the k labels nearest to the question as
 * snapshot vertices with their cosine similarity, whatever the number of labels. Null when there is
 * no index for the embedder: link.ts then embeds the labels itself (small graphs only).
 */
export async function nearestLabelVertices(
  dense: DenseIndex | null | undefined,
  question: string,
  snapshot: GraphSnapshot,
  k: number,
): Promise<{ v: number; sim: number }[] | null> {
  if (!dense || !dense.index.labels) return null;
  const out: { v: number; sim: number }[] = [];
  for (const r of await dense.labels(question, k * 2)) {
    const v = snapshot.vertexOfNode.get(r.nodeId);
    if (v === undefined || snapshot.kind.data[v] === KIND_CODES.passage) continue;
    out.push({ v, sim: r.similarity });
    if (out.length >= k) break;
  }
  return out;
}

/**
 * Reciprocal rank fusion (Cormack et al. 2009): each ranking adds weight / (k + rank) to the items it
 * ranks. Scale-free, so graph scores, BM25 and cosine similarities need no common scale.
 */
export function reciprocalRankFusion(rankings: { ids: number[]; weight?: number }[], k = 60): { id: number; score: number }[] {
  const score = new Map<number, number>();
  for (const r of rankings) r.ids.forEach((id, rank) => score.set(id, (score.get(id) ?? 0) + (r.weight ?? 1) / (k + rank)));
  return [...score].map(([id, s]) => ({ id, score: s })).sort((a, b) => b.score - a.score || a.id - b.id);
}
