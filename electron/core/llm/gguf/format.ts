// GGUF constants shared by the reader and the writer.
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

/** Byte size of the fixed-size value types (strings and arrays are variable). */
export const VALUE_SIZE: Record<number, number> = {
  0: 1,
  1: 1,
  2: 2,
  3: 2,
  4: 4,
  5: 4,
  6: 4,
  7: 1,
  10: 8,
  11: 8,
  12: 8,
};

/** ggml tensor types by id (only the names; sizes are not needed to read metadata). */
export const GGML_TYPE_NAMES: Record<number, string> = {
  0: 'F32',
  1: 'F16',
  2: 'Q4_0',
  3: 'Q4_1',
  6: 'Q5_0',
  7: 'Q5_1',
  8: 'Q8_0',
  9: 'Q8_1',
  10: 'Q2_K',
  11: 'Q3_K',
  12: 'Q4_K',
  13: 'Q5_K',
  14: 'Q6_K',
  15: 'Q8_K',
  16: 'IQ2_XXS',
  17: 'IQ2_XS',
  18: 'IQ3_XXS',
  19: 'IQ1_S',
  20: 'IQ4_NL',
  21: 'IQ3_S',
  22: 'IQ2_S',
  23: 'IQ4_XS',
  24: 'I8',
  25: 'I16',
  26: 'I32',
  27: 'I64',
  28: 'F64',
  29: 'IQ1_M',
  30: 'BF16',
  34: 'TQ1_0',
  35: 'TQ2_0',
  39: 'MXFP4',
};

/** `general.file_type` (llama_ftype) to the quantization name users know. */
export const FILE_TYPE_NAMES: Record<number, string> = {
  0: 'F32',
  1: 'F16',
  2: 'Q4_0',
  3: 'Q4_1',
  4: 'Q4_1_SOME_F16',
  7: 'Q8_0',
  8: 'Q5_0',
  9: 'Q5_1',
  10: 'Q2_K',
  11: 'Q3_K_S',
  12: 'Q3_K_M',
  13: 'Q3_K_L',
  14: 'Q4_K_S',
  15: 'Q4_K_M',
  16: 'Q5_K_S',
  17: 'Q5_K_M',
  18: 'Q6_K',
  19: 'IQ2_XXS',
  20: 'IQ2_XS',
  21: 'Q2_K_S',
  22: 'IQ3_XS',
  23: 'IQ3_XXS',
  24: 'IQ1_S',
  25: 'IQ4_NL',
  26: 'IQ3_S',
  27: 'IQ3_M',
  28: 'IQ2_S',
  29: 'IQ2_M',
  30: 'IQ4_XS',
  31: 'IQ1_M',
  32: 'BF16',
  36: 'TQ1_0',
  37: 'TQ2_0',
  38: 'MXFP4_MOE',
};

/** Architectures that only produce embeddings (no text generation). */
export const EMBEDDING_ARCHITECTURES = new Set(['bert', 'nomic-bert', 'nomic-bert-moe', 'jina-bert-v2', 'jina-bert-v3', 'neo-bert', 'modern-bert', 't5encoder']);

/** ggml tensor types: [elements per block, bytes per block]. Used to check that a file holds all its tensor data. */
export const GGML_TYPE_SIZES: Record<number, [number, number]> = {
  0: [1, 4],
  1: [1, 2],
  2: [32, 18],
  3: [32, 20],
  6: [32, 22],
  7: [32, 24],
  8: [32, 34],
  9: [32, 36],
  10: [256, 84],
  11: [256, 110],
  12: [256, 144],
  13: [256, 176],
  14: [256, 210],
  15: [256, 292],
  16: [256, 66],
  17: [256, 74],
  18: [256, 98],
  19: [256, 50],
  20: [32, 18],
  21: [256, 110],
  22: [256, 82],
  23: [256, 136],
  24: [1, 1],
  25: [1, 2],
  26: [1, 4],
  27: [1, 8],
  28: [1, 8],
  29: [256, 56],
  30: [1, 2],
  34: [256, 54],
  35: [256, 66],
  39: [32, 17],
  40: [64, 36],
  41: [128, 18],
};
