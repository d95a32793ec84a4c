// GGUF constants of the tiny writer (and the reader's magic check); node-llama-cpp knows the
// quantization and tensor types.
// Spec: https://github.com/ggml-org/ggml/blob/master/docs/gguf.md

/** "GGUF" as the first four bytes of every file. */
export const GGUF_MAGIC = 0x46554747; // little-endian u32 of the bytes 'G' 'G' 'U' 'F'
export const GGUF_MAGIC_BYTES = Buffer.from('GGUF', 'latin1');
export const GGUF_DEFAULT_ALIGNMENT = 32;

/** Metadata value types. */
export const ValueType = {
  UINT8: 0,
  INT8: 1,
  UINT16: 2,
  INT16: 3,
  UINT32: 4,
  INT32: 5,
  FLOAT32: 6,
  BOOL: 7,
  STRING: 8,
  ARRAY: 9,
  UINT64: 10,
  INT64: 11,
  FLOAT64: 12,
} as const;
export type ValueType = (typeof ValueType)[keyof typeof ValueType];

/** Architectures that only produce embeddings (no text generation). */
export const EMBEDDING_ARCHITECTURES = new Set([
  'bert',
  'nomic-bert',
  'nomic-bert-moe',
  'jina-bert-v2',
  'jina-bert-v3',
  'neo-bert',
  'modern-bert',
  't5encoder',
]);
