// A minimal GGUF v3 writer: metadata of any type, tensors in F32 only. Enough for the tiny test model.
import { GGUF_DEFAULT_ALIGNMENT, GGUF_MAGIC_BYTES, ValueType } from './format';

type Scalar =
  | typeof ValueType.UINT8
  | typeof ValueType.INT8
  | typeof ValueType.UINT16
  | typeof ValueType.INT16
  | typeof ValueType.UINT32
  | typeof ValueType.INT32
  | typeof ValueType.FLOAT32
  | typeof ValueType.BOOL
  | typeof ValueType.STRING
  | typeof ValueType.UINT64
  | typeof ValueType.INT64
  | typeof ValueType.FLOAT64;

export type GgufKv =
  | { key: string; type: Scalar; value: number | bigint | boolean | string }
  | { key: string; type: typeof ValueType.ARRAY; itemType: Scalar; items: (number | bigint | boolean | string)[] };

export interface GgufTensor {
  name: string;
  /** ggml order: row length first. */
  dims: number[];
  data: Float32Array;
}

/** Grows a byte buffer; everything little-endian. */
class ByteSink {
  private buf = Buffer.alloc(1 << 16);
  length = 0;

  private ensure(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = Buffer.alloc(size);
    this.buf.copy(next, 0, 0, this.length);
    this.buf = next;
  }

  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }

  u8(v: number): void {
    this.ensure(1);
    this.buf.writeUInt8(v, this.length);
    this.length += 1;
  }
  i8(v: number): void {
    this.ensure(1);
    this.buf.writeInt8(v, this.length);
    this.length += 1;
  }
  u16(v: number): void {
    this.ensure(2);
    this.buf.writeUInt16LE(v, this.length);
    this.length += 2;
  }
  i16(v: number): void {
    this.ensure(2);
    this.buf.writeInt16LE(v, this.length);
    this.length += 2;
  }
  u32(v: number): void {
    this.ensure(4);
    this.buf.writeUInt32LE(v, this.length);
    this.length += 4;
  }
  i32(v: number): void {
    this.ensure(4);
    this.buf.writeInt32LE(v, this.length);
    this.length += 4;
  }
  f32(v: number): void {
    this.ensure(4);
    this.buf.writeFloatLE(v, this.length);
    this.length += 4;
  }
  f64(v: number): void {
    this.ensure(8);
    this.buf.writeDoubleLE(v, this.length);
    this.length += 8;
  }
  u64(v: number | bigint): void {
    this.ensure(8);
    this.buf.writeBigUInt64LE(BigInt(v), this.length);
    this.length += 8;
  }
  i64(v: number | bigint): void {
    this.ensure(8);
    this.buf.writeBigInt64LE(BigInt(v), this.length);
    this.length += 8;
  }
  str(s: string): void {
    const b = Buffer.from(s, 'utf8');
    this.u64(b.length);
    this.bytes(b);
  }
  pad(alignment: number): void {
    const rest = this.length % alignment;
    if (rest) this.bytes(new Uint8Array(alignment - rest));
  }
  result(): Buffer {
    return Buffer.from(this.buf.subarray(0, this.length));
  }
}

function writeScalar(out: ByteSink, type: Scalar, value: number | bigint | boolean | string): void {
  switch (type) {
    case ValueType.UINT8:
      return out.u8(Number(value));
    case ValueType.INT8:
      return out.i8(Number(value));
    case ValueType.UINT16:
      return out.u16(Number(value));
    case ValueType.INT16:
      return out.i16(Number(value));
    case ValueType.UINT32:
      return out.u32(Number(value));
    case ValueType.INT32:
      return out.i32(Number(value));
    case ValueType.FLOAT32:
      return out.f32(Number(value));
    case ValueType.BOOL:
      return out.u8(value ? 1 : 0);
    case ValueType.STRING:
      return out.str(String(value));
    case ValueType.UINT64:
      return out.u64(value as number | bigint);
    case ValueType.INT64:
      return out.i64(value as number | bigint);
    case ValueType.FLOAT64:
      return out.f64(Number(value));
  }
}

/** Serialize a GGUF v3 file: header, KVs, tensor infos, padding, F32 tensor data aligned to 32. */
export function writeGguf(kvs: GgufKv[], tensors: GgufTensor[], alignment = GGUF_DEFAULT_ALIGNMENT): Buffer {
  const out = new ByteSink();
  out.bytes(GGUF_MAGIC_BYTES);
  out.u32(3);
  out.u64(tensors.length);
  out.u64(kvs.length);
  for (const kv of kvs) {
    out.str(kv.key);
    out.u32(kv.type);
    if (kv.type === ValueType.ARRAY) {
      out.u32(kv.itemType);
      out.u64(kv.items.length);
      for (const item of kv.items) writeScalar(out, kv.itemType, item);
    } else {
      writeScalar(out, kv.type, kv.value);
    }
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const t of tensors) {
    const count = t.dims.reduce((a, b) => a * b, 1);
    if (count !== t.data.length) throw new Error(`tensor ${t.name}: dims ${t.dims.join('x')} need ${count} values, got ${t.data.length}`);
    out.str(t.name);
    out.u32(t.dims.length);
    for (const d of t.dims) out.u64(d);
    out.u32(0); // GGML_TYPE_F32
    out.u64(offset);
    offsets.push(offset);
    offset += t.data.length * 4;
    offset = Math.ceil(offset / alignment) * alignment;
  }
  out.pad(alignment);
  const dataStart = out.length;
  for (let i = 0; i < tensors.length; i++) {
    const t = tensors[i];
    const target = dataStart + offsets[i];
    if (out.length < target) out.bytes(new Uint8Array(target - out.length));
    const bytes = Buffer.alloc(t.data.length * 4);
    for (let j = 0; j < t.data.length; j++) bytes.writeFloatLE(t.data[j], j * 4);
    out.bytes(bytes);
  }
  out.pad(alignment);
  return out.result();
}
