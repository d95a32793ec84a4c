// Read a GGUF file's header, metadata and tensor directory without reading the tensor data.
// A 5 GB model is summarised from its first few MB. Errors are GgufError with a code the UI and
// CLI can show as is: not_gguf, truncated, unsupported_version, corrupt, io.
import fs from 'node:fs/promises';
import path from 'node:path';
import { EMBEDDING_ARCHITECTURES, FILE_TYPE_NAMES, GGML_TYPE_NAMES, GGML_TYPE_SIZES, GGUF_DEFAULT_ALIGNMENT, GGUF_MAGIC, VALUE_SIZE, ValueType } from './format';

export type GgufErrorCode = 'not_gguf' | 'truncated' | 'unsupported_version' | 'corrupt' | 'io';

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

export type GgufScalar = number | bigint | boolean | string;
/** Arrays longer than this are summarised (type and length) instead of kept: vocabularies run to 150k strings. */
const KEEP_ARRAY_ITEMS = 64;
export type GgufMetadataValue = GgufScalar | GgufScalar[] | { arrayType: number; length: number };

export interface GgufTensorEntry {
  name: string;
  dims: number[];
  type: number;
  offset: number;
}

export interface GgufInfo {
  path: string;
  sizeBytes: number;
  version: number;
  tensorCount: number;
  alignment: number;
  architecture: string;
  name: string | null;
  /** `general.file_type` (llama_ftype), when present. */
  fileType: number | null;
  /** Quantization name (Q4_K_M, F16, ...): from the file type, else the most common tensor type. */
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
  /** Where tensor data starts, and how many bytes of it the tensor directory promises. */
  dataOffset: number;
  tensorDataBytes: number;
  /** Every metadata key; arrays longer than 64 items become {arrayType, length}. */
  metadata: Record<string, GgufMetadataValue>;
  tensors: GgufTensorEntry[];
}

/** Buffered little-endian reader over a file handle; throws GgufError('truncated') at end of file. */
class FileReader {
  private buf = Buffer.alloc(0);
  private bufStart = 0; // file position of buf[0]
  pos = 0;

  constructor(
    private readonly fh: fs.FileHandle,
    readonly size: number,
    private readonly file: string,
  ) {}

  private async need(n: number): Promise<void> {
    const end = this.pos + n;
    if (end > this.size) {
      throw new GgufError('truncated', `${path.basename(this.file)} is truncated: the header needs byte ${end} but the file has ${this.size} bytes`, this.file);
    }
    if (this.pos >= this.bufStart && end <= this.bufStart + this.buf.length) return;
    const want = Math.min(Math.max(n, 1 << 20), this.size - this.pos);
    const next = Buffer.alloc(want);
    const { bytesRead } = await this.fh.read(next, 0, want, this.pos);
    if (bytesRead < n) throw new GgufError('truncated', `${path.basename(this.file)} is truncated at byte ${this.pos + bytesRead}`, this.file);
    this.buf = next.subarray(0, bytesRead);
    this.bufStart = this.pos;
  }

  private at(): number {
    return this.pos - this.bufStart;
  }

  async u8() {
    await this.need(1);
    const v = this.buf.readUInt8(this.at());
    this.pos += 1;
    return v;
  }
  async i8() {
    await this.need(1);
    const v = this.buf.readInt8(this.at());
    this.pos += 1;
    return v;
  }
  async u16() {
    await this.need(2);
    const v = this.buf.readUInt16LE(this.at());
    this.pos += 2;
    return v;
  }
  async i16() {
    await this.need(2);
    const v = this.buf.readInt16LE(this.at());
    this.pos += 2;
    return v;
  }
  async u32() {
    await this.need(4);
    const v = this.buf.readUInt32LE(this.at());
    this.pos += 4;
    return v;
  }
  async i32() {
    await this.need(4);
    const v = this.buf.readInt32LE(this.at());
    this.pos += 4;
    return v;
  }
  async f32() {
    await this.need(4);
    const v = this.buf.readFloatLE(this.at());
    this.pos += 4;
    return v;
  }
  async f64() {
    await this.need(8);
    const v = this.buf.readDoubleLE(this.at());
    this.pos += 8;
    return v;
  }
  async u64(): Promise<bigint> {
    await this.need(8);
    const v = this.buf.readBigUInt64LE(this.at());
    this.pos += 8;
    return v;
  }
  async i64(): Promise<bigint> {
    await this.need(8);
    const v = this.buf.readBigInt64LE(this.at());
    this.pos += 8;
    return v;
  }
  /** A u64 that must fit a JS number and what is left of the file (a count or a length). */
  async count(what: string, unit = 1): Promise<number> {
    const v = await this.u64();
    const left = this.size - this.pos;
    if (v > BigInt(Number.MAX_SAFE_INTEGER) || Number(v) * unit > left) {
      throw new GgufError(Number(v) * unit > left && v < 1n << 40n ? 'truncated' : 'corrupt', `${path.basename(this.file)}: ${what} of ${v} does not fit in the ${left} bytes left (truncated or corrupt file)`, this.file);
    }
    return Number(v);
  }
  async str(): Promise<string> {
    const n = await this.count('a string length');
    await this.need(n);
    const s = this.buf.toString('utf8', this.at(), this.at() + n);
    this.pos += n;
    return s;
  }
  async skip(n: number): Promise<void> {
    if (this.pos + n > this.size) await this.need(n);
    this.pos += n;
  }
}

async function readScalar(r: FileReader, type: number, key: string): Promise<GgufScalar> {
  switch (type) {
    case ValueType.UINT8:
      return r.u8();
    case ValueType.INT8:
      return r.i8();
    case ValueType.UINT16:
      return r.u16();
    case ValueType.INT16:
      return r.i16();
    case ValueType.UINT32:
      return r.u32();
    case ValueType.INT32:
      return r.i32();
    case ValueType.FLOAT32:
      return r.f32();
    case ValueType.BOOL:
      return (await r.u8()) !== 0;
    case ValueType.STRING:
      return r.str();
    case ValueType.UINT64: {
      const v = await r.u64();
      return v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
    }
    case ValueType.INT64: {
      const v = await r.i64();
      return v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
    }
    case ValueType.FLOAT64:
      return r.f64();
    default:
      throw new GgufError('corrupt', `metadata ${key} has unknown value type ${type}`);
  }
}

async function readValue(r: FileReader, type: number, key: string): Promise<GgufMetadataValue> {
  if (type !== ValueType.ARRAY) return readScalar(r, type, key);
  const itemType = await r.u32();
  if (itemType === ValueType.ARRAY) throw new GgufError('corrupt', `metadata ${key}: nested arrays are not supported`);
  const itemSize = VALUE_SIZE[itemType];
  if (itemSize === undefined && itemType !== ValueType.STRING) throw new GgufError('corrupt', `metadata ${key} has unknown array item type ${itemType}`);
  const length = await r.count(`${key}'s length`, itemSize ?? 8);
  if (length > KEEP_ARRAY_ITEMS) {
    if (itemSize !== undefined) await r.skip(length * itemSize);
    else for (let i = 0; i < length; i++) await r.skip(await r.count('a string length'));
    return { arrayType: itemType, length };
  }
  const items: GgufScalar[] = [];
  for (let i = 0; i < length; i++) items.push(await readScalar(r, itemType, key));
  return items;
}

const num = (v: GgufMetadataValue | undefined): number | null => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : null);
const str = (v: GgufMetadataValue | undefined): string | null => (typeof v === 'string' ? v : null);

/** Read a GGUF file's metadata and tensor directory. Never reads tensor data. */
export async function readGgufInfo(file: string): Promise<GgufInfo> {
  const resolved = path.resolve(file);
  let fh: fs.FileHandle;
  try {
    fh = await fs.open(resolved, 'r');
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new GgufError('io', e.code === 'ENOENT' ? `file not found: ${resolved}` : e.code === 'EISDIR' ? `${resolved} is a folder, not a GGUF file` : `cannot read ${resolved}: ${e.message}`, resolved);
  }
  try {
    const stat = await fh.stat();
    if (!stat.isFile()) throw new GgufError('io', `${resolved} is not a regular file`, resolved);
    const r = new FileReader(fh, stat.size, resolved);
    const base = path.basename(resolved);
    if (stat.size < 4) throw new GgufError(stat.size === 0 ? 'not_gguf' : 'truncated', `${base} is not a GGUF model (${stat.size} bytes)`, resolved);
    const magic = await r.u32();
    if (magic !== GGUF_MAGIC) throw new GgufError('not_gguf', `${base} is not a GGUF model (it does not start with "GGUF")`, resolved);
    const version = await r.u32();
    if (version < 2 || version > 3) throw new GgufError('unsupported_version', `${base} is GGUF version ${version}; only versions 2 and 3 are supported`, resolved);
    const tensorCount = await r.count('the tensor count', 24);
    const kvCount = await r.count('the metadata count', 12);

    const metadata: Record<string, GgufMetadataValue> = {};
    for (let i = 0; i < kvCount; i++) {
      const key = await r.str();
      const type = await r.u32();
      metadata[key] = await readValue(r, type, key);
    }

    const tensors: GgufTensorEntry[] = [];
    let parameterCount = 0;
    const bytesByType = new Map<number, number>();
    let tensorDataBytes = 0;
    for (let i = 0; i < tensorCount; i++) {
      const name = await r.str();
      const nDims = await r.u32();
      if (nDims < 1 || nDims > 4) throw new GgufError('corrupt', `${base}: tensor ${name} has ${nDims} dimensions`, resolved);
      const dims: number[] = [];
      for (let d = 0; d < nDims; d++) dims.push(Number(await r.u64()));
      const type = await r.u32();
      const offset = Number(await r.u64());
      const elements = dims.reduce((a, b) => a * b, 1);
      parameterCount += elements;
      const size = GGML_TYPE_SIZES[type];
      const bytes = size ? Math.ceil(elements / size[0]) * size[1] : 0;
      bytesByType.set(type, (bytesByType.get(type) ?? 0) + bytes);
      tensorDataBytes = Math.max(tensorDataBytes, offset + bytes);
      tensors.push({ name, dims, type, offset });
    }
    const alignment = num(metadata['general.alignment']) || GGUF_DEFAULT_ALIGNMENT;
    const dataOffset = Math.ceil(r.pos / alignment) * alignment;
    if (tensorCount > 0 && dataOffset + tensorDataBytes > stat.size) {
      throw new GgufError(
        'truncated',
        `${base} is truncated: its tensors need ${dataOffset + tensorDataBytes} bytes but the file has ${stat.size} (an interrupted download?)`,
        resolved,
      );
    }

    const architecture = str(metadata['general.architecture']);
    if (!architecture) throw new GgufError('corrupt', `${base} has no general.architecture`, resolved);
    const a = (k: string) => metadata[`${architecture}.${k}`];
    const fileType = num(metadata['general.file_type']);
    let quantization = fileType !== null ? FILE_TYPE_NAMES[fileType] : undefined;
    if (!quantization) {
      const top = [...bytesByType.entries()].sort((x, y) => y[1] - x[1])[0];
      quantization = top ? (GGML_TYPE_NAMES[top[0]] ?? `type ${top[0]}`) : 'unknown';
    }
    const tokens = metadata['tokenizer.ggml.tokens'];
    const vocabSize = num(a('vocab_size')) ?? (Array.isArray(tokens) ? tokens.length : tokens && typeof tokens === 'object' ? tokens.length : null);
    const headCount = a('attention.head_count');
    const headCountKv = a('attention.head_count_kv');
    const feedForward = a('feed_forward_length');
    return {
      path: resolved,
      sizeBytes: stat.size,
      version,
      tensorCount,
      alignment,
      architecture,
      name: str(metadata['general.name']),
      fileType,
      quantization,
      parameterCount,
      contextLength: num(a('context_length')),
      embeddingLength: num(a('embedding_length')),
      blockCount: num(a('block_count')),
      // Per-layer arrays (some architectures vary heads by layer): report the first.
      headCount: num(Array.isArray(headCount) ? headCount[0] : headCount),
      headCountKv: num(Array.isArray(headCountKv) ? headCountKv[0] : headCountKv),
      feedForwardLength: num(Array.isArray(feedForward) ? feedForward[0] : feedForward),
      vocabSize,
      tokenizerModel: str(metadata['tokenizer.ggml.model']),
      chatTemplate: str(metadata['tokenizer.chat_template']),
      isEmbedding: EMBEDDING_ARCHITECTURES.has(architecture) || (a('pooling_type') !== undefined && !metadata['tokenizer.chat_template']),
      dataOffset,
      tensorDataBytes,
      metadata,
      tensors,
    };
  } catch (err) {
    if (err instanceof GgufError) throw err;
    throw new GgufError('io', `cannot read ${resolved}: ${(err as Error).message}`, resolved);
  } finally {
    await fh.close();
  }
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
