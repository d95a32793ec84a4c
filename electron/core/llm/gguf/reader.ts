// A GGUF file's header, metadata and tensor directory, read by node-llama-cpp (readGgufFileInfo)
// without the tensor data, with GgufInsights for what the tensors weigh and what loading them takes
// (models.ts estimateFit). What is ours: the checks that turn a bad file into a GgufError the UI and
// CLI show as is (not_gguf, truncated, unsupported_version, corrupt, io): node-llama-cpp reads past
// the end of a cut file and takes any version number.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { GgufFileInfo, GgufInsights } from 'node-llama-cpp';
import { nodeLlamaCpp } from '../runtime';
import { EMBEDDING_ARCHITECTURES, GGUF_MAGIC } from './format';

type GgufErrorCode = 'not_gguf' | 'truncated' | 'unsupported_version' | 'corrupt' | 'io';

export class GgufError extends Error {
  constructor(
    readonly code: GgufErrorCode,
    message: string,
    readonly file?: string,
  ) {
    super(message);
    this.name = 'GgufError';
  }
}

type GgufScalar = number | bigint | boolean | string;
/** Arrays longer than this are summarised (their length) instead of kept: vocabularies run to 150k strings. */
const KEEP_ARRAY_ITEMS = 64;
type GgufMetadataValue = GgufScalar | GgufScalar[] | { length: number };

interface GgufTensorEntry {
  name: string;
  dims: number[];
  /** ggml type id (node-llama-cpp's GgmlType). */
  type: number;
  offset: number;
}

export interface GgufInfo {
  path: string;
  sizeBytes: number;
  version: number;
  tensorCount: number;
  architecture: string;
  name: string | null;
  /** `general.file_type` (llama_ftype), when present. */
  fileType: number | null;
  /** Quantization name (Q4_K_M, F16, ...): from the file type, else the type of most tensor elements. */
  quantization: string;
  /** Sum of all tensor element counts. */
  parameterCount: number;
  contextLength: number | null;
  embeddingLength: number | null;
  blockCount: number | null;
  headCount: number | null;
  headCountKv: number | null;
  feedForwardLength: number | null;
  vocabSize: number | null;
  tokenizerModel: string | null;
  chatTemplate: string | null;
  /** An embedding-only model (BERT-like architecture or a pooling type), not for text generation. */
  isEmbedding: boolean;
  /** Where tensor data starts, and how many bytes the tensors take (GgufInsights.modelSize). */
  dataOffset: number;
  tensorDataBytes: number;
  /** Every metadata key, flattened ('llama.context_length'); arrays longer than 64 items become {length}. */
  metadata: Record<string, GgufMetadataValue>;
  tensors: GgufTensorEntry[];
  /** node-llama-cpp's view of the file: layer count, memory estimates (models.ts estimateFit). */
  insights: GgufInsights;
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
/** Per-layer arrays (some architectures vary heads by layer): the first. */
const first = (v: unknown): number | null => num(Array.isArray(v) ? v[0] : v);

/** 64-bit integers stay bigint only where a number would lose precision. */
const scalar = (v: unknown): GgufScalar =>
  typeof v === 'bigint' && v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : (v as GgufScalar);

function flatten(value: unknown, prefix: string, out: Record<string, GgufMetadataValue>): void {
  if (Array.isArray(value)) out[prefix] = value.length > KEEP_ARRAY_ITEMS ? { length: value.length } : value.map(scalar);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  else if (value !== undefined && value !== null) out[prefix] = scalar(value);
}

/** Magic, version and the two counts, checked before node-llama-cpp reads the rest. */
async function checkHeader(fh: fs.FileHandle, size: number, file: string): Promise<number> {
  const base = path.basename(file);
  if (size < 4) throw new GgufError(size === 0 ? 'not_gguf' : 'truncated', `${base} is not a GGUF model (${size} bytes)`, file);
  const head = Buffer.alloc(Math.min(24, size));
  await fh.read(head, 0, head.length, 0);
  if (head.readUInt32LE(0) !== GGUF_MAGIC) throw new GgufError('not_gguf', `${base} is not a GGUF model (it does not start with "GGUF")`, file);
  if (head.length < 24) throw new GgufError('truncated', `${base} is truncated: the header needs 24 bytes but the file has ${size}`, file);
  const version = head.readUInt32LE(4);
  if (version < 2 || version > 3) throw new GgufError('unsupported_version', `${base} is GGUF version ${version}; only versions 2 and 3 are supported`, file);
  // Each tensor entry takes at least 24 bytes and each metadata entry 12: larger counts cannot be right.
  for (const [at, what, unit] of [
    [8, 'the tensor count', 24],
    [16, 'the metadata count', 12],
  ] as const) {
    const v = head.readBigUInt64LE(at);
    if (v * BigInt(unit) > BigInt(size)) {
      throw new GgufError(
        v < 1n << 40n ? 'truncated' : 'corrupt',
        `${base}: ${what} of ${v} does not fit in the file's ${size} bytes (truncated or corrupt file)`,
        file,
      );
    }
  }
  return version;
}

/** Read a GGUF file's metadata and tensor directory. Never reads tensor data. */
export async function readGgufInfo(file: string): Promise<GgufInfo> {
  const resolved = path.resolve(file);
  const base = path.basename(resolved);
  let fh: fs.FileHandle;
  try {
    fh = await fs.open(resolved, 'r');
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new GgufError(
      'io',
      e.code === 'ENOENT'
        ? `file not found: ${resolved}`
        : e.code === 'EISDIR'
          ? `${resolved} is a folder, not a GGUF file`
          : `cannot read ${resolved}: ${e.message}`,
      resolved,
    );
  }
  let size: number;
  let version: number;
  try {
    const stat = await fh.stat();
    if (!stat.isFile()) throw new GgufError('io', `${resolved} is not a regular file`, resolved);
    size = stat.size;
    version = await checkHeader(fh, size, resolved);
  } catch (err) {
    if (err instanceof GgufError) throw err;
    throw new GgufError('io', `cannot read ${resolved}: ${(err as Error).message}`, resolved);
  } finally {
    await fh.close();
  }

  const llamaCpp = await nodeLlamaCpp();
  let info: GgufFileInfo;
  try {
    info = await llamaCpp.readGgufFileInfo(resolved, { sourceType: 'filesystem', logWarnings: false, spliceSplitFiles: false });
  } catch (err) {
    throw new GgufError('corrupt', `${base} is not a readable GGUF file: ${(err as Error).message}`, resolved);
  }
  const dataOffset = info.infoEndOffset ?? 0;
  if (dataOffset > size) throw new GgufError('truncated', `${base} is truncated: its header needs ${dataOffset} bytes but the file has ${size}`, resolved);
  const metadata: Record<string, GgufMetadataValue> = {};
  flatten(info.metadata, '', metadata);
  const architecture = str(metadata['general.architecture']);
  if (!architecture) throw new GgufError('corrupt', `${base} has no general.architecture`, resolved);

  const insights = await llamaCpp.GgufInsights.from(info);
  const tensorDataBytes = insights.modelSize;
  if (info.tensorInfo?.length && dataOffset + tensorDataBytes > size) {
    throw new GgufError(
      'truncated',
      `${base} is truncated: its tensors need ${dataOffset + tensorDataBytes} bytes but the file has ${size} (an interrupted download?)`,
      resolved,
    );
  }
  const tensors: GgufTensorEntry[] = (info.tensorInfo ?? []).map((t) => ({
    name: t.name,
    dims: t.dimensions.map(Number),
    type: t.ggmlType,
    offset: Number(t.offset),
  }));
  const elements = (t: GgufTensorEntry) => t.dims.reduce((a, b) => a * b, 1);
  const parameterCount = tensors.reduce((a, t) => a + elements(t), 0);

  const fileType = num(metadata['general.file_type']);
  let quantization = fileType !== null ? llamaCpp.GgufFileType[fileType]?.replace(/^(ALL|MOSTLY)_/, '') : undefined;
  if (!quantization) {
    const byType = new Map<number, number>();
    for (const t of tensors) byType.set(t.type, (byType.get(t.type) ?? 0) + elements(t));
    const top = [...byType].sort((x, y) => y[1] - x[1])[0];
    quantization = top ? (llamaCpp.GgmlType[top[0]] ?? `type ${top[0]}`) : 'unknown';
  }
  const a = (k: string) => metadata[`${architecture}.${k}`];
  const tokens = metadata['tokenizer.ggml.tokens'];
  const vocabSize = num(a('vocab_size')) ?? (Array.isArray(tokens) ? tokens.length : tokens && typeof tokens === 'object' ? tokens.length : null);
  return {
    path: resolved,
    sizeBytes: size,
    version,
    tensorCount: Number(info.tensorCount),
    architecture,
    name: str(metadata['general.name']),
    fileType,
    quantization,
    parameterCount,
    contextLength: num(a('context_length')),
    embeddingLength: num(a('embedding_length')),
    blockCount: num(a('block_count')),
    headCount: first(a('attention.head_count')),
    headCountKv: first(a('attention.head_count_kv')),
    feedForwardLength: first(a('feed_forward_length')),
    vocabSize,
    tokenizerModel: str(metadata['tokenizer.ggml.model']),
    chatTemplate: str(metadata['tokenizer.chat_template']),
    isEmbedding: EMBEDDING_ARCHITECTURES.has(architecture) || (a('pooling_type') !== undefined && !metadata['tokenizer.chat_template']),
    dataOffset,
    tensorDataBytes,
    metadata,
    tensors,
    insights,
  };
}

/** True when the bytes start with the GGUF magic. */
export function hasGgufMagic(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x47 && bytes[1] === 0x47 && bytes[2] === 0x55 && bytes[3] === 0x46;
}

/** "1.5B", "7.2B", "108K": a parameter count the way model cards write it. */
export function formatParameterCount(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(n >= 1e10 ? 0 : 1)}B`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(n >= 1e7 ? 0 : 1)}M`;
  if (n >= 1e3) return `${Math.round(n / 1e3)}K`;
  return String(n);
}
