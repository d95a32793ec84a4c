// The vector index of an embedding model (chunks and node labels, in SQLite through sqlite-vec):
// hybrid passage retrieval and entity linking use it when retrieve.useEmbeddings is on.
import { z } from 'zod';
import { defineCall, defineJobKind } from './define';

const VectorIndexStatus = z.object({
  /** Whether sqlite-vec loads on this machine. */
  available: z.boolean(),
  /** The index built, or null: model identity, dimension, vectors held and when it last changed. */
  index: z.object({ model: z.string(), dimension: z.number().int(), chunks: z.number().int(), labels: z.number().int(), updatedAt: z.string() }).nullable(),
  /** What the store holds now: chunks, and nodes with labels to link (entities, events, concepts). */
  chunks: z.number().int(),
  labels: z.number().int(),
});
type VectorIndexStatus = z.infer<typeof VectorIndexStatus>;

/** The result of an 'embeddings.index' job. */
export const EmbeddingsJobResult = z.object({
  /** Vectors in the index after the job. */
  chunks: z.number().int(),
  labels: z.number().int(),
  model: z.string(),
  dimension: z.number().int(),
  /** Embedded by this run (all its attempts), removed as stale, and whether it started a new index. */
  added: z.number().int(),
  removed: z.number().int(),
  rebuilt: z.boolean(),
});
export type EmbeddingsJobResult = z.infer<typeof EmbeddingsJobResult>;

/** The params of an 'embeddings.index' job; retrieve.index.start takes its batch size. */
export const EmbeddingsJobParams = z.object({
  /** A local .gguf to embed with; absent: the model chosen for the embedding role. */
  model: z.string().min(1).optional(),
  /** Texts per embed call and transaction (default 32). */
  batchSize: z.number().int().min(1).max(1024).optional(),
});
export type EmbeddingsJobParams = z.input<typeof EmbeddingsJobParams>;

/** The 'embeddings.index' job kind; its JobInfo is what retrieve.index.start answers and the jobs calls give. */
export const embeddingsJob = defineJobKind('embeddings.index', { params: EmbeddingsJobParams, result: EmbeddingsJobResult });
const EmbeddingsJobInfo = embeddingsJob.info;

export const vectorCalls = {
  'retrieve.index.start': defineCall({
    input: EmbeddingsJobParams.pick({ batchSize: true }),
    output: EmbeddingsJobInfo,
    summary:
      "Build or update the vector index with the embedding role's model (an 'embeddings.index' job: new and changed chunks and labels; another model rebuilds); progress arrives as job.progress",
  }),
  'retrieve.index.status': defineCall({
    input: z.object({}),
    output: VectorIndexStatus,
    summary: 'The vector index: its model and dimension, vectors of chunks and labels, next to what the store holds',
  }),
};
